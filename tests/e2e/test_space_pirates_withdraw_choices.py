"""SP-I33 `bribe_withdraw_after_roll`: `/pirates withdraw` offers the bribes its reader may
withdraw as they type: the briber their own placed this turn, a GM every one. A bribe stays
the briber's and the GMs' secret until it happens: another player is offered none, and a
sealed bribe's payer is named to nobody else (`reveal_briber_to_victim` off).

Vega (player1) and Orion (player2), with a GM; Vega, in contact with Orion, bribes the pirates
to raid Orion's one route, Line (goods 200: 2d6 for the fleet's strength).
"""

from __future__ import annotations

from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates_sealed_briber import frontier as frontier  # a fixture
from tests.e2e.test_space_pirates_sealed_briber import vega_bribes

WITHDRAW = "/campaign settings set setting:space_pirates.bribe_withdraw_after_roll value:true"


async def test_the_briber_is_offered_her_bribe_and_withdraws_it(frontier):
    """Vega types `/pirates withdraw bribe:` and is offered her sealed bribe against Orion,
    by its number; picking it withdraws it."""
    table = frontier
    await table.slash(WITHDRAW, as_="gm")
    await vega_bribes(table)

    offered = await table.autocomplete("/pirates withdraw bribe:", as_="player1")

    assert len(offered) == 1, offered
    (bribe,) = offered
    assert bribe.name.startswith(f"#{bribe.value} ") and "Orion" in bribe.name, bribe.name
    withdrawn = await table.slash(f"/pirates withdraw bribe:{bribe.value}", as_="player1")
    assert withdrawn.ephemeral and "withdrawn" in withdrawn.text(), withdrawn.text()
    assert await table.autocomplete("/pirates withdraw bribe:", as_="player1") == []


async def test_another_player_is_offered_no_bribe_and_never_the_briber(frontier):
    """Orion, the victim, types the same: nothing is offered, not by number, not by
    typing the number, and Vega is named nowhere; the GM is offered it with its payer."""
    table = frontier
    await table.slash(WITHDRAW, as_="gm")
    await vega_bribes(table)
    (mine,) = await table.autocomplete("/pirates withdraw bribe:", as_="player1")

    assert await table.autocomplete("/pirates withdraw bribe:", as_="player2") == []
    typed = f"/pirates withdraw bribe:{mine.value}"
    assert await table.autocomplete(typed, as_="player2") == []
    (seen,) = await table.autocomplete("/pirates withdraw bribe:", as_="gm")
    assert seen.value == mine.value and "Vega" in seen.name and "Orion" in seen.name


async def test_a_bribe_of_an_earlier_turn_is_no_longer_offered(frontier):
    """A bribe binds once its turn is over (SP-I33): after turn 1's end it is not offered."""
    table = frontier
    await table.slash(WITHDRAW, as_="gm")
    await vega_bribes(table)
    table.script_dice([20, 20])
    await end_turn(table, 1)

    assert await table.autocomplete("/pirates withdraw bribe:", as_="player1") == []
    assert await table.autocomplete("/pirates withdraw bribe:", as_="gm") == []


async def test_nothing_is_offered_while_bribes_bind(frontier):
    """`bribe_withdraw_after_roll` off (the default): a bribe cannot be withdrawn, so none is
    offered."""
    table = frontier
    await vega_bribes(table)

    assert await table.autocomplete("/pirates withdraw bribe:", as_="player1") == []
