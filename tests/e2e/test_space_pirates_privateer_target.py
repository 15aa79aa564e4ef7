"""SP-10.2: privateers are sent against another faction the owner has contact with; a
faction naming itself is told so, not that it has no contact with itself.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import refused_alone

pirates = base.pirates
after_a_raid = base.after_a_raid


async def test_privateers_against_ones_own_faction_are_refused_as_such(after_a_raid):
    """Orion, with the technology, names Orion as the target: the refusal says a faction
    cannot send privateers against itself."""
    table = after_a_raid
    await table.slash("/pirates tech faction:Orion researched:true", as_="gm")

    refused = await refused_alone(
        table, "/pirates privateers form target:Orion ships:1, 2", as_="player2"
    )

    assert "cannot send privateers against itself" in refused, refused
    assert "no contact" not in refused


async def test_the_refusal_reads_in_russian(after_a_raid):
    """Lyra reads Russian: the same refusal in Russian."""
    table = after_a_raid
    await table.slash("/pirates tech faction:Lyra researched:true", as_="gm")

    refused = await refused_alone(
        table, "/pirates privateers form target:Lyra ships:3", as_="player3"
    )

    assert "не может отправить каперов против самой себя" in refused, refused
