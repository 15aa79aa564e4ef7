"""What a commit announces is durable (Hardening, item 3): messages written with the change,
posted after the commit, posted once after a restart when the process died in between.

A kill between commit and post is simulated by making the sender's post fail after the
commit (`dies_before_posting`); `table.restart()` then starts a fresh bot on the same
database and stand-in, as a restart after a crash would.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import asynccontextmanager
from contextlib import contextmanager

import asyncpg
import pytest

from bot import announcements
from bot.storage import database
from bot.storage.outbox import unsent
from tests.e2e.test_ottoman_piracy import OP_E1
from tests.e2e.test_ottoman_piracy import VP
from tests.e2e.test_ottoman_piracy import seated  # noqa: F401 - a fixture

RESTARTED = "(posted after a restart)"


@contextmanager
def dies_before_posting(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every post of the outbox's sender fails as if the process died right after the commit;
    yields the list the attempts are counted in."""
    attempts: list[int] = []

    async def killed(*args: object, **kwargs: object) -> None:
        attempts.append(1)
        raise ConnectionAbortedError("the process died between commit and post")

    with monkeypatch.context() as patched:
        patched.setattr(announcements, "reply", killed)
        yield attempts


def restart_posts(table) -> list:
    return [m for m in table.channel_messages() if m.content.startswith(RESTARTED)]


async def test_a_roll_committed_but_not_posted_is_posted_once_after_a_restart(
    campaign, monkeypatch
):
    """Two rolls commit, their posts die; after a restart each result is posted in the
    channel once, in log order, saying it comes after a restart; a second restart posts
    nothing again."""
    table = campaign
    table.script_dice([6, 6, 1, 2])
    with dies_before_posting(monkeypatch) as attempts:
        first = await table.slash("/roll dice:2d6 reason:Boarding", as_="player1")
        second = await table.slash("/roll dice:2d6 reason:Escape", as_="player2")
    assert len(attempts) == 2
    assert first.ephemeral and second.ephemeral  # the player saw an error, not the roll

    await table.restart()
    posted = restart_posts(table)
    assert [m.embed.title for m in posted] == ["🎲 Boarding: 12", "🎲 Escape: 3"]
    assert "Entry #2" in posted[0].embed.footer and "Entry #3" in posted[1].embed.footer
    assert await unsent(table.bot.service.db) == []

    await table.restart()
    assert len(restart_posts(table)) == 2


async def test_a_roll_answers_its_interaction_and_is_marked_sent(campaign):
    """The normal path: the result is the interaction's answer; nothing is left unsent."""
    table = campaign
    table.script_dice([4])
    rolled = await table.slash("/roll dice:1d6", as_="player1")
    assert rolled.embed.title == "🎲 4"
    assert await unsent(table.bot.service.db) == []
    await table.restart()
    assert restart_posts(table) == []


async def test_a_turn_end_whose_reports_were_never_posted_posts_them_after_a_restart(
    campaign, monkeypatch
):
    """The turn ends (committed), the reports' post dies; after the restart every
    ruleset's report and the revealed seed are in the channel, once, in the order the turn
    end wrote them."""
    table = campaign
    question = await table.slash("/turn end", as_="gm")
    with dies_before_posting(monkeypatch):
        await table.click(question, "End turn 1", as_="gm")
    status = await table.slash("/turn status", as_="gm")
    assert status.embed.title == "Test Campaign — turn 2"  # the turn end committed

    await table.restart()
    titles = [e["title"] for m in restart_posts(table) for e in m.embeds]
    assert titles == [  # neither ruleset had anything to do: one line says so
        "Nothing happened between turns",
        "🎲 Fair dice: turn 1 revealed",
    ]
    posted = len(restart_posts(table))
    await table.restart()
    assert len(restart_posts(table)) == posted


async def test_a_piracy_question_posted_after_a_restart_is_answered_by_its_target(
    seated,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """OP-5.3: the piracy commits with its open reward question; the post dies; after the
    restart the question is in the channel with its buttons, and the target's click on it
    answers the first hit."""
    table = seated
    table.script_dice([5, 2, 6, 5])
    with dies_before_posting(monkeypatch):
        await table.slash(OP_E1, as_="player1")

    await table.restart()
    (question,) = restart_posts(table)
    assert "hit 1 of 2" in question.embed.field("Rewards")
    assert question.pings == frozenset({"player2"})
    answered = await table.click(question, VP, as_="player2")
    assert "Hit 1: +1 piracy VP, 3 → 4." in answered.embed.field("Rewards")
    choices = await table.bot.service.open_choices(
        (await table.bot.service.by_channel(table.channel().id)).id
    )
    assert choices[-1].payload["message"] == question.id


@asynccontextmanager
async def hold_campaign(target, service, channel_id):
    """Another process's open write on the campaign: SQLite's write lock, or PostgreSQL's
    row lock on the campaign (what every unit of work takes)."""
    if isinstance(target, str):
        found = await service.by_channel(channel_id)
        other = await asyncpg.connect(target)
        try:
            async with other.transaction():
                await other.execute("SELECT 1 FROM campaigns WHERE id = $1 FOR UPDATE", found.id)
                yield
        finally:
            await other.close()
        return
    other = sqlite3.connect(target, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_a_write_waiting_for_another_process_acknowledges_in_time(
    campaign, database_target, monkeypatch
):
    """Another process holds the write lock (SQLite's, or on PostgreSQL the campaign's row
    lock): the roll defers its interaction before Discord's 3 s are up, then answers once
    the lock is free (the stand-in refuses an answer after 3 s, so an undeferred roll would
    fail here)."""
    table = campaign
    monkeypatch.setattr(database, "WRITE_WAIT_NOTICE", 0.05)
    async with hold_campaign(database_target, table.bot.service, table.channel().id):
        table.script_dice([3])
        rolling = asyncio.ensure_future(table.slash("/roll dice:1d6", as_="player1"))
        while not any(r.response_type == 5 for r in table.standin.interactions.values()):
            await table.standin.next_change()
        assert not rolling.done()
    rolled = await rolling
    assert rolled.deferred
    assert rolled.messages[-1].embed.title == "🎲 3"
