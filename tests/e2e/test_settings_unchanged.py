"""A GM setting a setting to the value it already has is told so, privately: nothing is
logged or announced, whichever kind of setting it is (core, schedule or a ruleset's), as a
settings import that changes nothing is refused."""

from __future__ import annotations

import pytest

from bot import settings_edit
from tests.e2e.play import refused_alone

SAME_AGAIN = [
    ("core.factions_per_player", "1", "`1`"),
    ("core.secret_rolls_for_players", "false", "`false`"),
    ("core.language", "en", "`en`"),
    ("core.time_zone", "Europe/Moscow", "`Europe/Moscow`"),
    ("core.reminders", "24h, 1h", "`24h, 1h`"),
    ("core.on_deadline", "end_turn", "`end_turn`"),
    ("fleet_combat.die_faces", "8", "`8`"),
    ("fleet_combat.allow_split_fire", "true", "`true`"),
    ("ottoman_piracy.require_corsairs", "true", "`true`"),
]


@pytest.mark.parametrize(("setting", "value", "shown"), SAME_AGAIN)
async def test_setting_a_value_it_already_has_changes_nothing(campaign, setting, value, shown):
    """The first time the value is set (or already is the default), the second time is
    refused to the GM alone: the log has no second entry."""
    line = f"/campaign settings set setting:{setting} value:{value}"
    await campaign.slash(line, as_="gm")
    before = (await campaign.slash("/history list", as_="gm")).embed.description

    said = await refused_alone(campaign, line, as_="gm")

    assert said == f"`{setting}` already has the value {shown}; nothing changed."
    assert (await campaign.slash("/history list", as_="gm")).embed.description == before


def test_in_russian_the_refusal_names_the_setting_and_its_value():
    """A GM reading in Russian (their Discord's language: the refusal is theirs alone)."""
    refused = settings_edit.unchanged("fleet_combat.non_combat_classes", ["transport"])

    assert refused.message("ru") == (
        "У `fleet_combat.non_combat_classes` уже значение `transport`; ничего не изменилось."
    )


async def test_a_new_value_is_still_set_and_announced(campaign):
    posted = len(campaign.channel_messages())

    changed = await campaign.slash(
        "/campaign settings set setting:core.factions_per_player value:2", as_="gm"
    )

    assert not changed.ephemeral
    assert len(campaign.channel_messages()) > posted
    assert "`core.factions_per_player` is now **2**" in changed.embed.title
