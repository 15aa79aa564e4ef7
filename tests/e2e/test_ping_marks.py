"""How a question's ping reads after answers, a GM's force and an undo: it stays a ping
while its player still owes an answer, is struck through (not emptied) once everything is
answered, and a player whose answer a GM undid is pinged anew, that fresh ping struck in
turn when they answer again.

Ottoman piracy: the Ottomans (player1) raid the Habsburgs (player2) with two hits (OP-6's
example: the Messina squadron, then the VP). Space pirates: Vega (player1) is offered a
buy-off (SP-I34) and pays it.
"""

from __future__ import annotations

import tests.e2e.test_ottoman_piracy as piracy
import tests.e2e.test_ottoman_piracy_forced as forced_piracy
import tests.e2e.test_space_pirates as space_pirates
from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.play import struck_answered
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_undo import undo
from tests.e2e.test_undo_marks_questions import new_messages
from tests.e2e.test_undo_marks_questions import seen_now

seated = piracy.seated
forced_seated = forced_piracy.seated
pirates = space_pirates.pirates

HABSBURGS_ASKED = "the Ottomans hit Hapsburgs 2 times. Choose a reward for each hit."


async def two_rewards_asked(table: Table):
    """OP-E1's piracy: two hits, the Habsburg player pinged in the question itself."""
    table.script_dice([5, 2, 6, 5])
    question = await table.slash(piracy.OP_E1, as_="player1")
    assert question.content.endswith(HABSBURGS_ASKED), question.text()
    assert question.message.pings == {"player2"}
    return question


async def test_the_ping_stays_a_ping_until_the_last_reward_is_chosen(seated: Table):
    """OP-5.3: after the first of two rewards the Habsburg player still owes the second:
    the ping line reads as it did, not "✅ Answered". After the second it is struck and
    says it was answered (not emptied)."""
    question = await two_rewards_asked(seated)

    first = await seated.click(question, piracy.SQUADRON_MESSINA, as_="player2")

    assert "choose the reward for hit 2 of 2" in first.embed.field("Rewards")
    assert first.content == question.content  # still asking, unmarked
    assert "Answered" not in first.content

    second = await seated.click(first, piracy.VP, as_="player2")

    assert HABSBURGS_ASKED in second.content
    assert struck_answered(second.content)


async def test_an_undone_second_reward_pings_the_player_anew(seated: Table):
    """The GM undoes the answer to hit 2 of 2: the question asks for hit 2 again in its
    message and the Habsburg player is pinged anew by a message of its own, as for a
    one-hit piracy. Their new answer marks that fresh ping answered."""
    question = await two_rewards_asked(seated)
    first = await seated.click(question, piracy.SQUADRON_MESSINA, as_="player2")
    await seated.click(first, piracy.VP, as_="player2")
    seen = seen_now(seated)

    await undo(seated, "misclick")

    (again,) = [m for m in new_messages(seated, seen) if m.pings]
    assert again.pings == {"player2"} and again.content.endswith(HABSBURGS_ASKED)
    asked = message(seated, question.message.id)
    assert "choose the reward for hit 2 of 2" in asked.embed.field("Rewards")
    assert piracy.VP in labels(asked)
    assert asked.content == ""  # the ping is the fresh message, not a second copy here

    await seated.click(asked, piracy.VP, as_="player2")

    assert struck_answered(message(seated, again.id).content)


async def test_a_forced_piracy_strikes_the_ping_answered_by_the_gm(forced_seated: Table):
    """OP-I10: the GM forces both hits. The question's ping is not emptied: it is struck,
    answered by the GM, and the question shows the settled piracy."""
    question = await forced_piracy.two_hits(forced_seated)

    await confirmed(forced_seated, "/corsairs force", as_="gm")

    settled = message(forced_seated, question.message.id)
    assert HABSBURGS_ASKED in settled.content
    assert struck_answered(settled.content, "✅ Answered by the GM.")
    assert "Hit 2: +1 piracy VP, 1 → 2, forced by the GM." in settled.embed.field("Rewards")


# --- Space pirates: a question kept in the ruleset's state ----------------------------------

VEGA_ASKED = "the pirates wait for your answer."


async def test_the_fresh_ping_after_an_undo_is_struck_when_answered(pirates: Table):
    """SP-I34, SP-I45: Vega pays the buy-off, the GM undoes it and she is pinged anew. She
    pays again: the fresh ping says it was answered. Undone once more, it says the answer
    was undone and the question asked again."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    asked = question_of(await end_turn(pirates, 1), "Pay 600")
    await pirates.click(asked, "Pay 600", as_="player1")
    seen = seen_now(pirates)
    await undo(pirates, "misclick")
    (again,) = [m for m in new_messages(pirates, seen) if m.pings]
    assert again.pings == {"player1"} and again.content.endswith(VEGA_ASKED)

    await pirates.click(message(pirates, asked.id), "Pay 600", as_="player1")

    assert struck_answered(message(pirates, again.id).content)

    await undo(pirates, "misclick again")

    assert message(pirates, again.id).content.endswith("— asked again.")


async def test_a_stated_hand_keeps_the_ping_and_an_undo_after_it_pings_anew(
    forced_seated: Table,
):
    """OP-I12: the Habsburg player states their hand while the question waits: it is
    redrawn for that hand, its ping still theirs (not marked answered). They give the VP
    for hit 1; the GM undoes that: they are pinged anew for hit 1."""
    question = await forced_piracy.two_hits(forced_seated)
    await forced_seated.slash("/corsairs hand cards:4", as_="player2")
    asked = message(forced_seated, question.message.id)
    assert asked.content == question.content  # still asking, unmarked
    await forced_seated.click(asked, piracy.VP, as_="player2")
    seen = seen_now(forced_seated)

    await undo(forced_seated, "misclick")

    (again,) = [m for m in new_messages(forced_seated, seen) if m.pings]
    assert again.pings == {"player2"} and again.content.endswith(HABSBURGS_ASKED)
