"""The turn schedule repository: deadlines, reminder points, mutes and the scheduler's
outbox (`turn_posts`). Statements only; `bot.turn_flow` decides what is due."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.storage.audit import canonical
from bot.storage.database import Database
from bot.storage.database import utc_now
from bot.storage.shards import Shards
from bot.storage.sql import Conn
from bot.storage.sql import Row
from bot.storage.sql import inserted_id
from bot.storage.sql import row_record
from bot.storage.undo import UndoJournal
from bot.storage.undo import schedule_row

DEFAULT_REMINDER_MINUTES = (1440, 60)


@dataclass(frozen=True)
class Schedule:
    """A campaign's turn schedule: settings, the deadline of `turn` (epoch seconds, UTC), the
    time up to which reminders are done, and when the scheduler must look at it next."""

    campaign_id: int
    time_zone: str = "UTC"
    reminder_minutes: tuple[int, ...] = DEFAULT_REMINDER_MINUTES
    on_deadline: str = "ping_gms"
    turn: int | None = None
    deadline_at: int | None = None
    reminded_until: int | None = None
    due_at: int | None = None

    @classmethod
    def from_row(cls, row: Row) -> Schedule:
        """Build from a `turn_schedules` row."""
        return row_record(cls, row, reminder_minutes=tuple(json.loads(row["reminder_minutes"])))


@dataclass(frozen=True)
class TurnPost:
    """An announcement of the scheduler not yet marked posted."""

    id: int
    campaign_id: int
    kind: str
    payload: dict[str, Any]


class ScheduleReads:
    """Committed schedule data."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def schedule(self, campaign_id: int) -> Schedule:
        """The campaign's schedule (defaults when it never had one)."""
        row = await self.db.fetchone(
            "SELECT * FROM turn_schedules WHERE campaign_id = ?", (campaign_id,)
        )
        return Schedule(campaign_id) if row is None else Schedule.from_row(row)

    async def muted(self, campaign_id: int, user_id: int) -> bool:
        """Whether the player muted reminders in this campaign."""
        row = await self.db.fetchone(
            "SELECT 1 FROM reminder_mutes WHERE campaign_id = ? AND user_id = ?",
            (campaign_id, user_id),
        )
        return row is not None

    async def unposted(self, limit: int = 100, shards: Shards | None = None) -> list[TurnPost]:
        """Announcements written but not yet marked posted, oldest first (only those of
        campaigns whose guild is on `shards`, when given)."""
        if shards is None:
            rows = await self.db.fetchall(
                "SELECT id, campaign_id, kind, payload FROM turn_posts WHERE posted_at IS NULL "
                "ORDER BY id LIMIT ?",
                (limit,),
            )
        else:
            on_shards, params = shards.sql("c.guild_id")
            rows = await self.db.fetchall(
                "SELECT p.id, p.campaign_id, p.kind, p.payload FROM turn_posts p "  # noqa: S608
                "JOIN campaigns c ON c.id = p.campaign_id "
                f"WHERE p.posted_at IS NULL AND {on_shards} ORDER BY p.id LIMIT ?",
                (*params, limit),
            )
        return [row_record(TurnPost, r, payload=json.loads(r["payload"])) for r in rows]

    async def newest_post(self, campaign_id: int, kind: str) -> TurnPost | None:
        """The campaign's newest announcement of this kind, posted or not (read rarely: the
        newest rows come first)."""
        row = await self.db.fetchone(
            "SELECT id, campaign_id, kind, payload FROM turn_posts WHERE campaign_id = ? "
            "AND kind = ? ORDER BY id DESC LIMIT 1",
            (campaign_id, kind),
        )
        return (
            None if row is None else row_record(TurnPost, row, payload=json.loads(row["payload"]))
        )


class ScheduleWrites:
    """Schedule statements inside one transaction; with a `journal` (a command's unit of
    work), a schedule's change records its pre-image for a GM's undo."""

    def __init__(self, conn: Conn, journal: UndoJournal | None = None) -> None:
        self.conn = conn
        self.journal = journal

    async def schedule(self, campaign_id: int) -> Schedule:
        """The campaign's schedule as this transaction sees it."""
        async with self.conn.execute(
            "SELECT * FROM turn_schedules WHERE campaign_id = ?", (campaign_id,)
        ) as cur:
            row = await cur.fetchone()
        return Schedule(campaign_id) if row is None else Schedule.from_row(row)

    async def due(self, now: int, limit: int, shards: Shards | None = None) -> list[Schedule]:
        """Schedules with something due at or before `now`, earliest first (only those of
        campaigns whose guild is on `shards`, when given: the limit counts only those)."""
        if shards is None:
            sql = (
                "SELECT * FROM turn_schedules WHERE due_at IS NOT NULL AND due_at <= ? "
                "ORDER BY due_at LIMIT ?"
            )
            params: tuple[int, ...] = (now, limit)
        else:
            on_shards, shard_params = shards.sql("c.guild_id")
            sql = (
                "SELECT s.* FROM turn_schedules s JOIN campaigns c ON c.id = s.campaign_id "  # noqa: S608
                f"WHERE s.due_at IS NOT NULL AND s.due_at <= ? AND {on_shards} "
                "ORDER BY s.due_at LIMIT ?"
            )
            params = (now, *shard_params, limit)
        async with self.conn.execute(sql, params) as cur:
            return [Schedule.from_row(r) for r in await cur.fetchall()]

    async def save(self, schedule: Schedule) -> None:
        """Write the whole schedule row (a GM's command). Journaled, the row before and the
        row written: an undo puts back the columns the command changed, and keeps what the
        scheduler did since (`UndoWrites.restore`)."""
        before = None
        if self.journal is not None:
            before = await schedule_row(self.conn, schedule.campaign_id)
        await self.conn.execute(
            "INSERT INTO turn_schedules (campaign_id, time_zone, reminder_minutes, on_deadline, "
            "turn, deadline_at, reminded_until, due_at) VALUES (?,?,?,?,?,?,?,?) "
            "ON CONFLICT(campaign_id) DO UPDATE SET time_zone = excluded.time_zone, "
            "reminder_minutes = excluded.reminder_minutes, on_deadline = excluded.on_deadline, "
            "turn = excluded.turn, deadline_at = excluded.deadline_at, "
            "reminded_until = excluded.reminded_until, due_at = excluded.due_at",
            (
                schedule.campaign_id,
                schedule.time_zone,
                json.dumps(list(schedule.reminder_minutes)),
                schedule.on_deadline,
                schedule.turn,
                schedule.deadline_at,
                schedule.reminded_until,
                schedule.due_at,
            ),
        )
        if self.journal is not None:
            after = await schedule_row(self.conn, schedule.campaign_id)
            self.journal.add("schedule", row=before, after=after)

    async def claim(self, campaign_id: int, reminded_until: int | None, due_at: int | None) -> None:
        """Write only what the scheduler owns: the time up to which reminders are done and
        when it must look again. The GM's columns (settings, the deadline) are left as
        committed: a command of theirs is never undone by a sweep that read the row before."""
        await self.conn.execute(
            "UPDATE turn_schedules SET reminded_until = ?, due_at = ? WHERE campaign_id = ?",
            (reminded_until, due_at, campaign_id),
        )

    async def set_muted(self, campaign_id: int, user_id: int, muted: bool) -> bool:
        """Mute or unmute a player's reminders; False when nothing changed."""
        if muted:
            cur = await self.conn.execute(
                "INSERT INTO reminder_mutes VALUES (?, ?) ON CONFLICT DO NOTHING",
                (campaign_id, user_id),
            )
        else:
            cur = await self.conn.execute(
                "DELETE FROM reminder_mutes WHERE campaign_id = ? AND user_id = ?",
                (campaign_id, user_id),
            )
        return cur.rowcount == 1

    async def muted_users(self, campaign_id: int) -> set[int]:
        """The players of the campaign who muted reminders."""
        async with self.conn.execute(
            "SELECT user_id FROM reminder_mutes WHERE campaign_id = ?", (campaign_id,)
        ) as cur:
            return {int(r[0]) for r in await cur.fetchall()}

    async def add_post(self, campaign_id: int, kind: str, payload: dict[str, Any]) -> int:
        """Write an announcement to post (the outbox); returns its id."""
        cur = await self.conn.execute(
            "INSERT INTO turn_posts (campaign_id, kind, payload, created_at) VALUES (?,?,?,?) "
            "RETURNING id",
            (campaign_id, kind, canonical(payload), utc_now()),
        )
        return await inserted_id(cur)

    async def mark_posted(self, post_id: int) -> None:
        """The announcement reached the channel."""
        await self.conn.execute(
            "UPDATE turn_posts SET posted_at = ? WHERE id = ? AND posted_at IS NULL",
            (utc_now(), post_id),
        )
