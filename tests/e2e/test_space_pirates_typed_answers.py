"""SP-I34, SP-I45: a question answered by a typed command says so where it was asked, as a
GM's force and the turn's end say how they settled theirs: who answered, with which
command. The log and `/history undo` name that command, not the question's button.

Player1 plays Vega; the GM plays no faction. Faces are scripted in the order the engine
rolls them."""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_review import _upkeep_waits as upkeep_waits

pirates = base.pirates
after_a_raid = base.after_a_raid


def description(shown) -> str:
    return "\n".join(e.get("description") or "" for e in shown.embeds)


async def offered(table) -> tuple[object, str]:
    """Vega's route is raided and the pirates offer a buy-off of 600: its message, number."""
    await table.slash("/pirates route add name:Rich goods:2350", as_="player1")
    table.script_dice([1, 4, 6])
    asked = question_of(await end_turn(table, 1), "Pay 600")
    return asked, asked.buttons[0].custom_id.split(":")[2]


async def test_an_offer_paid_by_command_says_its_player_answered_with_it(pirates):
    asked, number = await offered(pirates)
    await pirates.slash(f"/pirates offer number:{number} pay:true", as_="player1")

    settled = message(pirates, asked.id)
    assert labels(settled) == []
    text = description(settled)
    assert text.startswith("Vega answered with /pirates offer."), text


async def test_an_offer_a_gm_answers_by_command_says_a_gm_answered(pirates):
    asked, number = await offered(pirates)
    await pirates.slash(f"/pirates offer number:{number} pay:false faction:Vega", as_="gm")

    text = description(message(pirates, asked.id))
    assert text.startswith("A GM answered for Vega with /pirates offer."), text


async def test_undoing_a_typed_offer_names_the_command_as_typed(pirates):
    _, number = await offered(pirates)
    await pirates.slash(f"/pirates offer number:{number} pay:true", as_="player1")

    listed = (await pirates.slash("/history list", as_="gm")).embed.description
    assert "**pirates offer**" in listed.splitlines()[0], listed
    question = await pirates.slash("/history undo reason:typed the wrong number", as_="gm")
    assert "(pirates offer)" in question.embed.title, question.embed.title
    assert "a button" not in question.embed.title


async def test_an_upkeep_ended_by_dismissal_says_it_was_answered_with_that_command(after_a_raid):
    table = after_a_raid
    ended, contract, _ = await upkeep_waits(table)
    asked = question_of(ended, "Pay 200")

    await base.dismiss_confirmed(table, contract)

    text = description(message(table, asked.id))
    assert text.startswith("Vega answered with /pirates mercenaries dismiss."), text
