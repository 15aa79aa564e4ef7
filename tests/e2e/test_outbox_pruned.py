"""The turn scheduler's sweep prunes what the bot posted: a week later a roll's post is gone
from the outbox, but a question an undo can still reopen keeps its post, and the GM's undo
redraws it with working buttons as on the day it was asked. Once no undo can reach the
answer, the question's post goes too. Which answers an undo reaches is judged by entry
numbers, whatever the clocks of the hosts the bot runs on said when they were written."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest

from bot.standin import Reply
from bot.standin import Table
from bot.storage import undo as undo_storage
from bot.storage.outbox import sent_ids
from bot.turn_flow import TurnFlow
from tests.e2e.test_click_outbox import message
from tests.e2e.test_undo_reopens import answered_again
from tests.e2e.test_undo_reopens import bridge  # noqa: F401 - fixtures
from tests.e2e.test_undo_reopens import toll_bridge  # noqa: F401 - fixtures
from tests.e2e.test_undo_reopens import undo_question

A_WEEK_LATER = timedelta(days=7, hours=1)


async def kept_posts(table: Table) -> set[int | None]:
    """The Discord ids of the campaign's posts the outbox still keeps."""
    assert table.bot is not None
    campaign = await table.bot.service.db.fetchone("SELECT id FROM campaigns")
    assert campaign is not None
    return {message_id for _, message_id in await sent_ids(table.bot.service.db, campaign[0])}


async def sweep(table: Table, later: timedelta) -> int:
    """The scheduler's step `later` from now; how many posts it pruned."""
    assert table.bot is not None
    result = await TurnFlow(table.bot.service).sweep(datetime.now(UTC) + later)
    return result.pruned


async def test_a_week_later_a_roll_is_pruned_and_the_undo_still_redraws_the_question(
    bridge: Table,  # noqa: F811 - the fixture imported above
):
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    bridge.script_dice([4])
    rolled = await bridge.slash("/roll dice:1d6 reason:morale", as_="player1")
    paid = await bridge.click(asked, "Pay the toll", as_="player1")
    assert paid.embed.title == "Red pays the toll and crosses."

    assert await sweep(bridge, timedelta(days=6)) == 0  # within the week: everything stays
    assert rolled.message.id in await kept_posts(bridge)
    assert await sweep(bridge, A_WEEK_LATER) > 0
    kept = await kept_posts(bridge)
    assert rolled.message.id not in kept
    assert asked.message.id in kept  # the answer can still be undone

    done = await bridge.click(await undo_question(bridge), "Undo", as_="gm")
    assert "open again" not in done.embed.description  # redrawn, no question left unshown
    await answered_again(bridge, asked.message.id)


async def clock_said(table: Table, skew: timedelta, *, entry: int | None) -> None:
    """The answered question's closing time as written by a host whose clock is `skew` off
    the time of entry number `entry` (None: the newest)."""
    assert table.bot is not None
    db = table.bot.service.db
    row = await db.fetchone(
        "SELECT created_at FROM actions WHERE seq = COALESCE(?, (SELECT MAX(seq) FROM actions))",
        (entry,),
    )
    assert row is not None
    moment = datetime.fromisoformat(row[0]) + skew
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET resolved_at = ? WHERE status = 'done'",
            (moment.isoformat(timespec="microseconds"),),
        )


async def answered_out_of_reach(table: Table, monkeypatch: pytest.MonkeyPatch) -> Reply:
    """Red's toll question, answered; with room for one undo journal, two rolls after the
    answer put it out of the undo's reach. Returns the question's post."""
    monkeypatch.setattr(undo_storage, "UNDO_MAX", 1)
    asked = await table.slash("/toll reach faction:Red", as_="player1")
    await table.click(asked, "Pay the toll", as_="player1")
    table.script_dice([3, 2])
    await table.slash("/roll dice:1d6 reason:first", as_="player1")
    await table.slash("/roll dice:1d6 reason:second", as_="player1")
    return asked


async def test_an_answer_written_by_a_host_whose_clock_is_behind_is_still_undone_in_place(
    bridge: Table,  # noqa: F811 - the fixture imported above
):
    """The bot runs on two hosts; the one that took the answer has a clock an hour behind,
    so the answer's time is before the campaign's creation (the entry before the oldest
    command an undo reaches). The sweep a week later keeps the question's post all the same,
    and the GM's undo redraws the question there."""
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    await bridge.click(asked, "Pay the toll", as_="player1")
    await clock_said(bridge, -timedelta(hours=1), entry=1)

    await sweep(bridge, A_WEEK_LATER)
    assert asked.message.id in await kept_posts(bridge)
    done = await bridge.click(await undo_question(bridge), "Undo", as_="gm")
    assert "open again" not in done.embed.description  # redrawn, no question left unshown
    await answered_again(bridge, asked.message.id)


async def test_an_answer_out_of_reach_written_by_a_host_whose_clock_is_ahead_loses_its_post(
    bridge: Table,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
):
    """With room for one undo journal, two rolls after the answer put it out of reach; the
    host that took the answer has a clock an hour ahead, so its time is after both rolls'.
    The sweep prunes the question's post all the same."""
    asked = await answered_out_of_reach(bridge, monkeypatch)
    await clock_said(bridge, timedelta(hours=1), entry=None)

    assert await sweep(bridge, A_WEEK_LATER) > 0
    assert asked.message.id not in await kept_posts(bridge)


async def test_an_open_question_keeps_its_post_however_old(
    bridge: Table,  # noqa: F811 - the fixture imported above
):
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    await sweep(bridge, timedelta(days=60))
    assert asked.message.id in await kept_posts(bridge)
    paid = await bridge.click(message(bridge, asked.message.id), "Pay the toll", as_="player1")
    assert paid.embed.title == "Red pays the toll and crosses."


async def test_a_question_no_undo_can_reopen_any_more_loses_its_post(
    bridge: Table,  # noqa: F811 - the fixture imported above
    monkeypatch: pytest.MonkeyPatch,
):
    """With room for one undo journal, two rolls after the answer put it out of reach: the
    sweep prunes the question's post, and the GM's undo stops before the answer."""
    asked = await answered_out_of_reach(bridge, monkeypatch)

    assert await sweep(bridge, A_WEEK_LATER) > 0
    assert asked.message.id not in await kept_posts(bridge)
    done = await bridge.click(await undo_question(bridge), "Undo", as_="gm")  # the second roll
    assert done.embed.title.startswith("↩️ #")
    refused = await bridge.slash("/history undo reason:the toll", as_="gm")
    assert refused.ephemeral, refused.text()  # the first roll is out of reach
    assert message(bridge, asked.message.id).buttons == []  # the question stays answered
