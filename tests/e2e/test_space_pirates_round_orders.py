"""SP-I11, FC-I17: a pirate battle takes no fire orders, so its round pages tell the volleys
without "had no orders … (automatic target)" under each; a fleet combat battle between
players, which takes orders, still tells it.

Player1 plays Vega.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

pirates = base.pirates


async def test_the_round_pages_say_nothing_of_orders(pirates):
    """Vega's two cruisers fight one raider on Line: round 1's page tells both volleys and
    nothing of orders or automatic targets."""
    await pirates.slash("/pirates route add name:Line goods:160 ships:2 cruiser", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    pirates.script_dice([6] * 10 + [1] * 10)
    await pirates.click(question_of(ended, "Refuse and fight"), "Refuse and fight", as_="player1")

    page = await pirates.slash("/pirates report turn:1 page:2", as_="player1")

    text = page.embed.description
    assert "Vega's 2 cruisers → the pirate fleet's raiders" in text, text
    assert "The pirate fleet's 1 raider → Vega's cruisers" in text, text
    assert "no orders" not in text and "automatic target" not in text, text
