"""SP-I40, SP-I43: `/pirates turn-order` naming only some factions says where the others
come: after them, trade route owners in the order the routes were registered, then planet
owners; naming every faction says nothing more.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import set_up

pirates = base.pirates


async def test_the_factions_left_out_are_told_in_the_order_they_follow(pirates):
    """Vega registered a planet before Lyra registered a route: named alone, Orion comes
    first, then Lyra (a route owner), then Vega (a planet owner)."""
    await set_up(
        pirates,
        [
            ("/pirates planet add name:Home income:300", "player1"),
            ("/pirates route add name:Line goods:100", "player3"),
        ],
    )

    done = await pirates.slash("/pirates turn-order factions:Orion", as_="gm")

    text = done.embed.description
    assert "Players are resolved in this order: Orion" in text, text
    assert "Players not named follow them: owners of trade routes" in text, text
    assert text.rstrip().endswith("so far: Lyra, Vega"), text


async def test_naming_every_faction_says_nothing_of_the_rest(pirates):
    """Every faction named: the answer is the order alone."""
    done = await pirates.slash("/pirates turn-order factions:Orion, Lyra, Vega", as_="gm")

    assert "not named" not in done.embed.description, done.text()
