"""FC-6.3 in Russian: Blue's player (player2, reading Russian here) is told to record the
retreat's move before recording ships at the point the fleet left."""

from __future__ import annotations

import dataclasses

import pytest

from bot.standin import GuildSpec
from bot.standin.fixture import demo_guild
from tests.e2e.play import refused_alone
from tests.e2e.test_fleet_combat_retreat_move import blue_retreats_in_round_2


@pytest.fixture
def standin_guild() -> GuildSpec:
    """The demo guild, player2 (Blue) reading Russian."""
    guild = demo_guild()
    members = tuple(
        dataclasses.replace(m, locale="ru") if m.name == "player2" else m for m in guild.members
    )
    return dataclasses.replace(guild, members=members)


async def test_ships_where_the_fleet_retreated_from_wait_for_its_move_in_russian(campaign):
    await blue_retreats_in_round_2(campaign)
    await campaign.slash("/combat fleet set point:Vega ships:2 cruiser", as_="player2")

    refusal = await refused_alone(campaign, "/combat fleet move point:Vega to:Mecatol", "player2")

    assert refusal == (
        "Фракция «Blue» отступила из точки Mecatol в бою №1 и ушла оттуда, но её отход ещё не"
        " отмечен: сначала отметьте его командой /бой флот переместить, а потом записывайте"
        " корабли фракции «Blue» в точке Mecatol (FC-6.3)."
    )
