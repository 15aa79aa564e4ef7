"""The outbox table and the slow-write notice (Hardening, item 3), below Discord."""

from __future__ import annotations

import asyncio
import json

import pytest

from bot.storage import database
from bot.storage import outbox
from bot.storage.campaigns import CampaignWrites
from bot.storage.database import Database
from bot.storage.sql import inserted_id
from tests.storage_helpers import queue_post


@pytest.fixture
async def db(database_target):
    opened = await Database.open(database_target)
    yield opened
    await opened.close()


async def campaign_row(db: Database) -> int:
    async with db.transaction() as conn:
        cursor = await conn.execute(
            "INSERT INTO campaigns (guild_id, channel_id, name, rulesets, created_by, log_head, "
            "created_at) VALUES (1, 2, 'C', '[]', 3, '', '') RETURNING id"
        )
        return await inserted_id(cursor)


async def test_a_message_commits_with_its_change_or_not_at_all(db):
    """A row written in a transaction that fails is gone with it; one that commits waits
    unsent until the sender marks it, and is never listed again after that."""
    campaign = await campaign_row(db)
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await queue_post(conn, campaign, {"content": "lost"})
            raise RuntimeError("the command failed")
    assert await outbox.unsent(db) == []

    async with db.transaction() as conn:
        kept = await queue_post(conn, campaign, {"content": "kept"}, interaction_id=9)
    assert [m.payload for m in await outbox.unsent(db)] == [{"content": "kept"}]
    await outbox.mark_sent(db, kept, 555)
    assert await outbox.unsent(db) == []
    assert await outbox.sent_ids(db, campaign) == [(kept.id, 555)]


async def test_a_question_learns_where_it_was_posted_when_marked_sent(db):
    """The pending choice a message asks gets the channel and message id in its payload."""
    campaign = await campaign_row(db)
    async with db.transaction() as conn:
        cursor = await conn.execute(
            "INSERT INTO pending_choices (campaign_id, ruleset, kind, owner_id, payload, "
            "created_at) VALUES (?, 'r', 'k', NULL, '{\"hit\":1}', '') RETURNING id",
            (campaign,),
        )
        choice = await inserted_id(cursor)
        asked = await queue_post(conn, campaign, {}, choice_id=choice)
    await outbox.mark_sent(db, asked, 777)
    row = await db.fetchone("SELECT payload FROM pending_choices WHERE id = ?", (choice,))
    assert row is not None
    assert json.loads(row[0]) == {"hit": 1, "channel": 2, "message": 777}


async def test_a_write_waiting_for_the_lock_is_announced_once_and_still_commits(db, monkeypatch):
    """While another write holds the lock past the notice time, the waiting write's notice
    runs once (a failing notice does not stop it); the write commits when the lock frees."""
    monkeypatch.setattr(database, "WRITE_WAIT_NOTICE", 0.01)
    campaign = await campaign_row(db)
    noticed = asyncio.Event()
    holding = asyncio.Event()
    calls: list[int] = []

    async def notice() -> None:
        calls.append(1)
        noticed.set()
        raise ConnectionError("Discord did not take the defer")

    async def holder() -> None:
        async with db.transaction() as conn:
            # A command of the campaign holds it (on PostgreSQL its row lock; on SQLite the
            # one write lock).
            await CampaignWrites(conn).campaign(campaign)
            holding.set()
            await noticed.wait()

    async def waiter() -> None:
        async with db.transaction(on_wait=notice) as conn:
            await conn.execute("UPDATE campaigns SET name = 'renamed' WHERE id = ?", (campaign,))

    held = asyncio.ensure_future(holder())
    await holding.wait()  # the holder has the lock
    await asyncio.gather(held, waiter())
    assert calls == [1]
    row = await db.fetchone("SELECT name FROM campaigns WHERE id = ?", (campaign,))
    assert row is not None and row[0] == "renamed"


async def test_an_undo_reads_only_its_own_campaigns_posts(db, database_target):
    """Migration 011: the search for the questions an undo reopens goes through the campaign's
    own kept posts by an index, not through every campaign's (SQLite's query plan, or
    PostgreSQL's catalog)."""
    if isinstance(database_target, str):
        found = await db.fetchone(
            "SELECT indexdef FROM pg_indexes WHERE tablename = 'outbox' AND indexname = ?",
            ("outbox_by_campaign",),
        )
        assert found is not None and "(campaign_id, id)" in found[0]
        return
    plan = await db.fetchall(
        "EXPLAIN QUERY PLAN SELECT * FROM outbox WHERE campaign_id = ? AND sent_at IS NOT NULL "
        "AND message_id IS NOT NULL AND (payload LIKE ?) ORDER BY id DESC",
        (1, "%x:choice:1:%"),
    )
    assert any("outbox_by_campaign" in str(row[-1]) for row in plan), [tuple(r) for r in plan]
