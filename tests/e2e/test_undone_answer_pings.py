"""An undone answer and the ping it had marked answered: the GM undoes Boris's answer, the
question is asked again with a fresh ping, and the old ping, struck "✅ Answered" when he
answered, now says the answer was undone and the question asked again (pinging nobody).

Company raids: Anna (player1) lands Broker in Boris's (player2) Steelworks; her capture
fails and the incident waits for Boris.
"""

from __future__ import annotations

import re

import tests.e2e.test_company_raids as raids
from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.test_answered_pings import boris_pinged
from tests.e2e.test_answered_pings import boris_pinged_ru
from tests.e2e.test_click_outbox import message
from tests.e2e.test_company_raids import FINE
from tests.e2e.test_undo import undo
from tests.e2e.test_undo import verified
from tests.e2e.test_undo_marks_questions import BORIS_ASKED
from tests.e2e.test_undo_marks_questions import new_messages
from tests.e2e.test_undo_marks_questions import seen_now

board = raids.board


def undo_seq(undone) -> int:
    """The log entry of the undo, as its confirmation names it."""
    return int(re.findall(r"[#№](\d+)", undone.embed.description)[-1])


async def test_an_undone_answer_says_so_on_the_ping_it_had_marked_answered(board: Table):
    """Boris collects the fine; his ping reads "✅ Answered". The GM undoes it: Boris is
    pinged anew by one message, and the old ping no longer says answered: it says the
    answer was undone (the undo's log entry) and the question was asked again."""
    failed, ping = await boris_pinged(board)
    await board.click(failed, FINE, as_="player2")
    assert message(board, ping.id).content.endswith("✅ Answered.")
    seen = seen_now(board)

    undone = await undo(board, "misclick")

    stale = message(board, ping.id)
    assert stale.content.startswith("~~") and BORIS_ASKED in stale.content
    assert "Answered" not in stale.content
    seq = undo_seq(undone)
    assert stale.content.endswith(f"↩️ The answer was undone (log entry #{seq}) — asked again.")
    (again,) = [m for m in new_messages(board, seen) if m.pings]
    assert again.id != ping.id and again.pings == {"player2"}
    assert again.content.endswith(BORIS_ASKED)
    shown = message(board, failed.message.id)
    assert FINE in labels(shown)
    assert (await verified(board)).startswith("✅ The log is intact")


async def test_answered_again_the_fresh_ping_is_marked_and_the_old_one_stays_undone(board: Table):
    """Boris answers the question asked again: the fresh ping is marked answered; the old
    one keeps saying its answer was undone."""
    failed, ping = await boris_pinged(board)
    await board.click(failed, FINE, as_="player2")
    seen = seen_now(board)
    await undo(board, "misclick")
    (again,) = [m for m in new_messages(board, seen) if m.pings]

    await board.click(message(board, failed.message.id), FINE, as_="player2")

    assert message(board, again.id).content.endswith("✅ Answered.")
    assert "asked again" in message(board, ping.id).content


async def test_an_undone_gm_force_marks_the_ping_in_russian(board: Table):
    """A Russian campaign: the GM forces Boris's answer, then undoes the force; the old ping
    says so in Russian."""
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    _, ping = await boris_pinged_ru(board)
    await confirmed(board, "/company force incident:1", as_="gm")
    assert message(board, ping.id).content.endswith("✅ Ответил ведущий.")

    undone = await undo(board, "ошибка", confirm="Отменить")

    seq = undo_seq(undone)
    stale = message(board, ping.id)
    assert stale.content.endswith(f"↩️ Ответ отменён (запись журнала №{seq}) — вопрос задан снова.")
    assert "Ответил ведущий" not in stale.content
