"""Ottoman piracy settings through Discord: what `/corsairs piracy` must let players register
for a setting to do what rules/ottoman-piracy.md says (OP-I4, OP-I7)."""

from __future__ import annotations

import pytest

from bot.standin import Table

from .play import seat_piracy


@pytest.fixture
async def seated(campaign: Table) -> Table:
    """Player1 plays the Ottomans, player2 the Habsburgs; Habsburgs and Venice at war."""
    await seat_piracy(campaign, at_war=("hapsburg", "venice"))
    return campaign


async def setting(table: Table, name: str, value: str) -> None:
    answer = await table.slash(
        f"/campaign settings set setting:ottoman_piracy.{name} value:{value}", as_="gm"
    )
    assert not answer.ephemeral, answer.text()


async def test_op_i7_extra_anti_piracy_hits_sink_the_ottoman_squadrons_registered(seated):
    """OP-I7 (alternative, `anti_piracy_hits_hit_squadrons = true`): the Ottoman player
    registers the Ottoman squadrons in the zone; hits beyond the corsairs sink them. A
    Habsburg squadron in the zone gives 2 dice (OP-2.2): `6, 6` sinks the single corsair and
    one of the two Ottoman squadrons, so the Ottomans do not roll (OP-4.1)."""
    await setting(seated, "anti_piracy_hits_hit_squadrons", "true")
    seated.script_dice([6, 6])

    reply = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 squadrons_in_zone:1 "
        "ottoman_squadrons:2 ports:2",
        as_="player1",
    )

    assert not reply.ephemeral, reply.text()
    dice = reply.embed.field("Dice against the pirates — Hapsburgs: 2 dice")
    assert "Sunk: 1 corsair; left: 0 corsairs." in dice
    assert "Hits beyond the corsairs sink Ottoman squadrons: 1 squadron" in dice
    assert "are lost" not in dice
    assert seated.faces is not None and seated.faces.pending == []


async def test_op_i7_by_default_ottoman_squadrons_are_untouched_and_the_hit_is_lost(seated):
    """OP-I7 (default): the same roll loses the second hit; the Ottoman squadrons stay."""
    seated.script_dice([6, 6])

    reply = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:1 squadrons_in_zone:1 "
        "ottoman_squadrons:2 ports:2",
        as_="player1",
    )

    dice = reply.embed.field("Dice against the pirates — Hapsburgs: 2 dice")
    assert "Hits beyond the corsairs are lost: 1 hit" in dice
    assert "sink Ottoman squadrons" not in dice
