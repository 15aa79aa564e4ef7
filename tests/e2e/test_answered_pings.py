"""A ping that no longer waits says so: once a question is answered (by its player, by the
GM's force, or settled by a turn's end), the message that pinged for it is edited to
say it was answered, and pings nobody; a GM's force that asks again pings whoever is asked
now, once, by a message of its own.

Company raids: Anna (player1) lands Broker in Boris's (player2) Steelworks. Ottoman piracy:
the Ottomans (player1) raid the Habsburgs (player2). Space pirates: Vega (player1) is raided.
"""

from __future__ import annotations

import tests.e2e.test_company_raids as raids
import tests.e2e.test_ottoman_piracy_forced as forced_piracy
import tests.e2e.test_space_pirates as space_pirates
from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.play import struck_answered
from tests.e2e.test_click_outbox import message
from tests.e2e.test_company_raids import CAPTURE
from tests.e2e.test_company_raids import FINE
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_review import _upkeep_waits as upkeep_waits
from tests.e2e.test_undo_marks_questions import BORIS_ASKED
from tests.e2e.test_undo_marks_questions import new_messages
from tests.e2e.test_undo_marks_questions import seen_now

board = raids.board
seated = forced_piracy.seated


async def boris_pinged(board: Table):
    """Anna's capture fails (BD 2): the question moves on to Boris, pinged by a message of
    its own. Returns the question as redrawn and that ping."""
    question = await board.slash(LAND, as_="player1")
    board.script_dice([2])
    failed = await board.click(question, CAPTURE, as_="player1")
    (ping,) = [m for m in failed.followups if m.pings]
    assert BORIS_ASKED in ping.content and ping.pings == {"player2"}
    return failed, ping


async def test_boris_answers_and_his_ping_says_it_was_answered(board: Table):
    """CR-3.3: Boris collects the fine. The message that pinged him no longer reads as if
    the incident still waited for him: struck through, marked answered, pinging nobody."""
    failed, ping = await boris_pinged(board)
    seen = seen_now(board)

    await board.click(failed, FINE, as_="player2")

    stale = message(board, ping.id)
    assert stale.content.startswith("~~") and BORIS_ASKED in stale.content
    assert stale.content.endswith("✅ Answered.")
    assert not [m for m in new_messages(board, seen) if m.pings]  # nobody pinged anew


async def test_a_gm_force_marks_the_ping_answered_too(board: Table):
    """CR-I19: the GM answers for Boris with `/company force`; Boris's ping is marked
    answered, by the GM."""
    _, ping = await boris_pinged(board)

    await confirmed(board, "/company force incident:1", as_="gm")

    stale = message(board, ping.id)
    assert stale.content.startswith("~~") and BORIS_ASKED in stale.content
    assert stale.content.endswith("✅ Answered by the GM.")


async def test_a_russian_campaign_marks_the_ping_in_russian(board: Table):
    """The mark reads in the language the ping was posted in."""
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    failed, ping = await boris_pinged_ru(board)

    await board.click(failed, "Взыскать штраф", as_="player2")

    assert message(board, ping.id).content.endswith("✅ Отвечено.")


async def boris_pinged_ru(board: Table):
    question = await board.slash(LAND, as_="player1")
    board.script_dice([2])
    failed = await board.click(question, "Попытаться захватить", as_="player1")
    (ping,) = [m for m in failed.followups if m.pings]
    return failed, ping


async def test_a_forced_piracy_asking_for_the_hand_pings_its_player_anew(seated: Table):
    """OP-I10: VP at 9, two hits; the GM's force gives hit 1 the VP and asks the Habsburgs
    for their hand for hit 2. The question's old ping line is struck, answered by the GM,
    and the Habsburg player is pinged once, by a message of its own (an edit notifies
    nobody)."""
    await seated.slash("/corsairs vp value:9", as_="gm")
    question = await forced_piracy.two_hits(seated)
    seen = seen_now(seated)

    await confirmed(seated, "/corsairs force", as_="gm")

    shown = message(seated, question.message.id)
    assert shown.selects  # the hand is asked there
    assert struck_answered(shown.content, "✅ Answered by the GM.")
    pings = [m for m in new_messages(seated, seen) if m.pings]
    assert [m.pings for m in pings] == [{"player2"}]
    assert pings[0].content.startswith(f"<@{seated.member('player2').id}>")

    await confirmed(seated, "/corsairs force hand:0", as_="gm")

    assert message(seated, pings[0].id).content.endswith("✅ Answered by the GM.")


# --- Space pirates: questions kept in the ruleset's state -----------------------------------

pirates = space_pirates.pirates
after_a_raid = space_pirates.after_a_raid
VEGA_ASKED = "the pirates wait for your answer."


async def test_an_upkeep_settled_by_dismissing_the_contract_says_it_was_answered(
    after_a_raid: Table,
):
    """SP-I35: Vega's upkeep question waits; she dismisses the contract instead of clicking.
    The question's ping no longer reads as waiting: struck through, marked answered."""
    ended, contract, _ = await upkeep_waits(after_a_raid)
    asked = question_of(ended, "Pay 200")
    assert VEGA_ASKED in asked.content

    await space_pirates.dismiss_confirmed(after_a_raid, contract)

    shown = message(after_a_raid, asked.id)
    assert shown.content.startswith("~~") and VEGA_ASKED in shown.content
    assert shown.content.endswith("✅ Answered.")


async def test_a_buy_off_left_open_is_settled_by_the_next_turn_end_and_says_so(pirates: Table):
    """SP-I45: Vega's buy-off offer waits through turn 2; its end takes the default. The
    offer's ping says the turn's end settled it."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    asked = question_of(await space_pirates.end_turn(pirates, 1), "Pay 15")

    pirates.script_dice([20, 20, 20, 20])
    await space_pirates.end_turn(pirates, 2)

    shown = message(pirates, asked.id)
    assert shown.content.startswith("~~") and VEGA_ASKED in shown.content
    assert shown.content.endswith("✅ Settled at the turn's end.")
