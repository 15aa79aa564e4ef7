"""Which guilds a process's shards hold, in Python and in SQL, and the storage reads of
the background work filtered by them (several processes on one database)."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime

import pytest

from bot.campaigns import CampaignService
from bot.storage import outbox
from bot.storage.database import Database
from bot.storage.schedule import ScheduleWrites
from bot.storage.shards import Shards
from bot.storage.shards import holds
from bot.turn_flow import TurnFlow
from tests.storage_helpers import queue_post

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


def guild_on(shard: int, count: int = 3) -> int:
    """A guild id on `shard` of `count` (its high bits decide)."""
    return ((283_996_800_000 * count + shard) << 22) | 7


@pytest.fixture
async def db(tmp_path):
    opened = await Database.open(tmp_path / "shards.db")
    yield opened
    await opened.close()


async def campaign_in(db: Database, guild_id: int) -> int:
    async with db.transaction() as conn:
        cursor = await conn.execute(
            "INSERT INTO campaigns (guild_id, channel_id, name, rulesets, created_by, log_head, "
            "created_at) VALUES (?, (SELECT COUNT(*) + 1 FROM campaigns), 'C', '[]', 3, '', '')",
            (guild_id,),
        )
        assert cursor.lastrowid is not None
        return cursor.lastrowid


def test_no_shard_ids_or_every_shard_is_no_filter():
    assert Shards.of(None, None) is None
    assert Shards.of(3, None) is None
    assert Shards.of(3, [2, 0, 1]) is None
    assert Shards.of(3, [2, 0]) == Shards(3, frozenset({0, 2}))


def test_a_guild_is_on_the_shard_of_discords_formula():
    shards = Shards(3, frozenset({0, 2}))
    assert [shards.holds(guild_on(s)) for s in range(3)] == [True, False, True]
    assert holds(None, guild_on(1))
    assert not holds(shards, guild_on(1))


async def test_the_sql_condition_agrees_with_the_formula(db):
    guilds = [guild_on(s) for s in range(3)] + [2**62 + 5, 1, 0x7FFF_FFFF_FFFF_FFFF]
    for guild in guilds:
        await campaign_in(db, guild)
    for ids in ({0}, {1}, {0, 2}):
        shards = Shards(3, frozenset(ids))
        condition, params = shards.sql("guild_id")
        rows = await db.fetchall(f"SELECT guild_id FROM campaigns WHERE {condition}", params)
        assert sorted(r[0] for r in rows) == sorted(g for g in guilds if shards.holds(g))


async def test_unsent_messages_of_other_shards_guilds_are_left_to_them(db):
    mine, theirs = await campaign_in(db, guild_on(0)), await campaign_in(db, guild_on(1))
    async with db.transaction() as conn:
        for campaign in (theirs, mine, theirs, mine):
            await queue_post(conn, campaign, {"content": str(campaign)})
    shard_zero = Shards(3, frozenset({0}))
    assert [m.campaign_id for m in await outbox.unsent(db, shards=shard_zero)] == [mine, mine]
    assert [m.campaign_id for m in await outbox.unsent(db, limit=1, shards=shard_zero)] == [mine]
    assert [m.campaign_id for m in await outbox.unsent(db)] == [theirs, mine, theirs, mine]


async def test_a_sweep_claims_and_lists_only_its_shards_campaigns(db):
    """The limit counts this process's campaigns: others due earlier do not crowd them out."""
    theirs = [await campaign_in(db, guild_on(1)) for _ in range(3)]
    mine = await campaign_in(db, guild_on(0))
    moment = int(NOW.timestamp())
    async with db.transaction() as conn:
        writes = ScheduleWrites(conn)
        for campaign in theirs:
            await writes.add_post(campaign, "reminder", {"guild_id": guild_on(1)})
        await writes.add_post(mine, "reminder", {"guild_id": guild_on(0)})
        for i, campaign in enumerate([*theirs, mine]):
            await conn.execute(
                "INSERT INTO turn_schedules (campaign_id, turn, deadline_at, due_at) "
                "VALUES (?, 5, ?, ?)",
                (campaign, moment + 3600, moment - 100 + i),
            )
        shard_zero = Shards(3, frozenset({0}))
        due = await writes.due(moment, 1, shard_zero)
        assert [s.campaign_id for s in due] == [mine]
        assert [s.campaign_id for s in await writes.due(moment, 10)] == [*theirs, mine]
    flow = TurnFlow(CampaignService(db))
    assert [p.campaign_id for p in await flow.unposted(shard_zero)] == [mine]
    assert [p.campaign_id for p in await flow.unposted()] == [*theirs, mine]
    # A campaign's turn (1) is not the schedule's (5): the sweep clears the schedules it
    # claims, only this shard's.
    await flow.sweep(NOW, limit=10, shards=shard_zero)
    async with db.transaction() as conn:
        left = [s.campaign_id for s in await ScheduleWrites(conn).due(moment, 10)]
    assert left == theirs
