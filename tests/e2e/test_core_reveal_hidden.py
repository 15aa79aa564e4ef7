"""`/reveal` of a ruleset's hidden entry (a naval order hidden until the turn ends) speaks of
a hidden entry, not of a secret roll, when it refuses. Player1 plays Britain and gave the
order; player2 plays France; player3 reads Russian."""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders_secrecy import listed
from tests.e2e.test_naval_orders_secrecy import order_entry

navy = played.navy  # the fixtures: the campaign, and Britain's squadron with its order
ordered = played.ordered


async def test_another_players_reveal_of_a_hidden_order_is_refused_as_a_hidden_entry(ordered):
    seq = order_entry(await listed(ordered, "player2"))
    refused = await ordered.slash(f"/reveal entry:{seq}", as_="player2")
    assert refused.ephemeral
    said = refused.embed.description
    assert said == f"Only the player who made hidden entry #{seq} or a GM may reveal it.", said
    russian = await ordered.slash(f"/reveal entry:{seq}", as_="player3")
    assert russian.embed.description == (
        f"Раскрыть скрытую запись №{seq} может только тот, кто её сделал, или ведущий."
    )


async def test_a_hidden_order_revealed_at_the_turn_end_is_not_revealed_twice(ordered):
    seq = order_entry(await listed(ordered, "player2"))
    await end_turn(ordered, 1)
    refused = await ordered.slash(f"/reveal entry:{seq}", as_="player1")
    assert refused.ephemeral
    said = refused.embed.description
    assert said.startswith(f"Hidden entry #{seq} was already revealed in entry #"), said
    assert "secret roll" not in said.lower()
