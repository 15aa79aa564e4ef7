"""What a buy-off offer and a bribe's quote say in plain words.

- A fleet valued below the cheapest pirate ship still sends one raider (SP-2.5), priced at
  what it costs (SP-I42): the offer says so plainly.
- A second bribed raid on a route whose income was already lost this turn loses nothing more
  (SP-I13): the summary and the report say why.
- The Russian bribe quote says the bot rolls the fleet's strength when the briber confirms.

Vega (player1), Orion (player2) and Lyra (player3, who reads Russian), with a GM; Vega and
Lyra are in contact with Orion.
"""

from __future__ import annotations

import pytest

from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of


@pytest.fixture
async def frontier(table):
    """Space pirates and fleet combat; Vega, Orion and Lyra joined; Vega and Lyra in
    contact with Orion."""
    await table.slash(
        "/campaign create name:Frontier rulesets:space_pirates, fleet_combat", as_="gm"
    )
    for player, faction in (("player1", "Vega"), ("player2", "Orion"), ("player3", "Lyra")):
        await table.slash(f"/campaign join faction:{faction}", as_=player)
    for player in ("player1", "player3"):
        await table.slash("/pirates contacts factions:Orion", as_=player)
    return table


async def bribe(table, dice: list[int], as_: str = "player1") -> None:
    quote = await table.slash("/pirates bribe victim:Orion", as_=as_)
    table.script_dice(dice)
    await table.click(quote, "Confirm", as_=as_)


async def test_a_fleet_below_the_cheapest_ship_is_told_plainly(frontier):
    """Orion's route Ice (goods 60) gives no strength die: value 0; the offer says the value
    is below the cheapest pirate ship, one raider comes anyway, priced at its cost 100."""
    table = frontier
    await table.slash("/pirates route add name:Ice goods:60", as_="player2")
    await bribe(table, [])
    table.script_dice([20])
    ended = await end_turn(table, 1)

    text = question_of(ended, "Refuse").embeds[0]["description"]
    assert (
        "Fleet value 0 is below the cost of the cheapest pirate ship, so it buys no ship; "
        "the pirates send 1 raider anyway, and payments are taken from what those ships "
        "cost: 100"
    ) in text, text
    assert "smallest fleet" not in text


async def test_a_second_bribed_raid_on_the_same_route_says_why_no_income_is_lost(frontier):
    """Vega bribes twice against Orion's one route Line; Orion refuses both offers: the
    first loses Line's 200, the second nothing more, and both the channel and the report say
    it was already lost this turn."""
    table = frontier
    await table.slash("/pirates route add name:Line goods:200", as_="player2")
    await bribe(table, [2, 3])
    await bribe(table, [4, 5])
    table.script_dice([20])
    ended = await end_turn(table, 1)

    first = await table.click(question_of(ended, "Refuse"), "Refuse", as_="player2")
    assert "Line raided (bribed): 200 income lost" in first.embed.description
    second = await table.click(question_of(first, "Refuse"), "Refuse", as_="player2")
    said = second.embed.description
    assert "Line raided (bribed): no more income lost (already lost this turn)" in said, said
    report = await table.slash("/pirates report turn:1", as_="player2")
    text = report.embed.description
    assert "income lost 200" in text
    assert (
        "no income lost: Line's income for this turn was already lost to an earlier raid"
    ) in text, text
    assert "income lost 0" not in text


async def test_the_russian_bribe_quote_says_the_strength_is_rolled(frontier):
    """Lyra reads the quote in Russian: the fleet's strength is rolled when she confirms,
    not a fleet the pirates «бросят» (abandon)."""
    table = frontier
    await table.slash("/pirates route add name:Line goods:200", as_="player2")
    quote = await table.slash("/pirates bribe victim:Orion", as_="player3")
    text = quote.embed.description
    assert "бросят" not in text
    assert (
        "стоит 50 % стоимости пиратского флота, силу которого бот определит броском "
        "кубиков, когда вы подтвердите"
    ) in text, text
