"""SP-I11, FC-I17: a pirate battle takes no fire orders, so its round pages tell the volleys
without "had no orders … (automatic target)" under each; a fleet combat battle between
players, which takes orders, still tells it.

Player1 plays Vega.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base

pirates = base.pirates


async def test_the_round_pages_say_nothing_of_orders(pirates):
    """Vega's two cruisers fight one raider on Line: round 1's page tells both volleys and
    nothing of orders or automatic targets."""
    await base.two_cruisers_fight_one_raider(pirates)

    page = await pirates.slash("/pirates report turn:1 page:2", as_="player1")

    text = page.embed.description
    assert "Vega's 2 cruisers → the pirate fleet's raider:" in text, text
    assert "The pirate fleet's 1 raider → Vega's cruisers" in text, text
    assert "no orders" not in text and "automatic target" not in text, text
