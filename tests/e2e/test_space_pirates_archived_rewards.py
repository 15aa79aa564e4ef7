"""SP-I32: the raid report of an earlier turn reads the base's fall as it was, after the GM
changes the rewards. Vega (player1) destroys the pirate base at the end of turn 2."""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates_playthrough import base_destroyed_at_turn_2

pirates = base.pirates


async def test_an_earlier_base_assault_reads_as_it_was_after_the_gm_changes_its_rewards(
    pirates,
):
    """Vega destroys the pirate base at the end of turn 2 (+100 per planet through turn 5, no
    pirates until turn 12); the GM then sets the bonus to 250, its turns to 5 and the peace
    to 4: `/pirates report turn:2` still reads the rewards Vega got."""
    await base_destroyed_at_turn_2(pirates)
    expected = (
        "Vega destroyed the pirate base: +100 income per planet through turn 5, "
        "no pirates through turn 12"
    )
    report = await pirates.slash("/pirates report turn:2", as_="player1")
    assert report.embed.description.splitlines()[0] == expected
    for setting, value in (
        ("base_bonus_income_per_planet", 250),
        ("base_bonus_turns", 5),
        ("peace_turns", 4),
    ):
        changed = await pirates.slash(
            f"/campaign settings set setting:space_pirates.{setting} value:{value}", as_="gm"
        )
        assert not changed.ephemeral, changed.text()

    again = await pirates.slash("/pirates report turn:2", as_="player1")

    assert again.embed.description.splitlines()[0] == expected
