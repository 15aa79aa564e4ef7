"""Whom a piracy's reward question pings, and for how long: the Habsburgs (player2) choose a
reward for each of the Ottomans' (player1) hits (OP-5.3); their ping waits until the last.
"""

from __future__ import annotations

from .play import struck_answered
from .test_click_outbox import message
from .test_undo_marks_questions import new_messages
from .test_undo_marks_questions import seen_now

VP = "+1 piracy VP"
THREE_HITS = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:3 ports:2 leaders:barbarossa"
)
ASKED = "the Ottomans hit Hapsburgs 3 times. Choose a reward for each hit."


async def test_a_ping_posted_again_after_an_undo_waits_for_every_hit(seated):
    """OP-5.3: the Habsburgs answer hit 1 of 3, a GM undoes it; the question is asked again
    with a ping of its own. Answering hit 1 again leaves hits 2 and 3 owed: that ping still
    reads as waiting (not struck, nobody pinged anew); only the last hit marks it answered."""
    seated.script_dice([6, 6, 6])
    asked = await seated.slash(THREE_HITS, as_="player1")
    await seated.click(asked, VP, as_="player2")
    seen = seen_now(seated)
    undo = await seated.slash("/history undo reason:wrong button", as_="gm")
    await seated.click(undo, "Undo", as_="gm")
    (ping,) = [m for m in new_messages(seated, seen) if m.pings]
    pinged = ping.content
    assert ASKED in pinged and ping.pings == {"player2"}

    seen = seen_now(seated)
    await seated.click(message(seated, asked.message.id), VP, as_="player2")

    assert message(seated, ping.id).content == pinged
    assert not [m for m in new_messages(seated, seen) if m.pings]
    status = await seated.slash("/turn status", as_="gm")
    owed = status.embed.field("Ottoman piracy")
    assert "Hapsburgs must choose the reward for hit 2 of 3." in owed

    await seated.click(message(seated, asked.message.id), VP, as_="player2")
    assert message(seated, ping.id).content == pinged
    done = await seated.click(message(seated, asked.message.id), VP, as_="player2")
    assert "Hit 3: +1 piracy VP, 2 → 3." in done.embed.field("Rewards")
    assert struck_answered(message(seated, ping.id).content)


async def test_a_question_nobody_plays_keeps_its_notice_until_its_last_hit(seated):
    """OP-5.3, OP-I10: nobody plays Venice, so a GM chooses its rewards. After hit 1 of 2
    the notice still reads as waiting (hit 2 is owed, its buttons are there); the GM's
    answer to the last hit strikes it."""
    notice = "Nobody plays Venice: a GM chooses the rewards."
    seated.script_dice([6, 6])
    asked = await seated.slash(
        "/corsairs piracy zone:Adriatic Sea target:venice corsairs:2 ports:2", as_="player1"
    )
    assert asked.content == notice, asked.content

    second = await seated.click(asked, VP, as_="gm")
    assert "choose the reward for hit 2 of 2" in second.embed.field("Rewards")
    assert message(seated, asked.message.id).content == notice

    done = await seated.click(message(seated, asked.message.id), VP, as_="gm")
    assert "Hit 2: +1 piracy VP, 1 → 2." in done.embed.field("Rewards")
    assert message(seated, asked.message.id).content == f"~~{notice}~~ ✅ Answered."
