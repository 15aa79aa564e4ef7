"""What a GM's undo needs: each command's undo journal (the pre-image of everything it
changed), the marks of undone entries and choices, and the statements that put a
campaign back.

The hash-chained `actions` are never updated: an undone entry stays as it was, its mark
lives in `undone_actions`, and the compensating entry (command `history undo`, outcome
`undid`) lists the entries it undid, so `verify` re-derives every mark from the chain.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bot.storage.audit import UNDO_COMMAND
from bot.storage.audit import AuditEntry
from bot.storage.audit import entry_from_row
from bot.storage.audit import stored_json
from bot.storage.database import Database
from bot.storage.database import utc_now
from bot.storage.sql import Conn
from bot.storage.sql import Row
from bot.storage.sql import row_record
from bot.verify_log import DEADLINE_END

Op = dict[str, Any]
# How far back a GM can undo: a campaign keeps the journals of its newest commands while they
# take at most UNDO_BUDGET bytes together (always the newest one, however large); older ones
# cannot be undone. Past the budget (or UNDO_MAX), the oldest go until three quarters of both
# are left, so the trimming query (2 ms over 1,000 journals) runs once in many commands, and
# each command only sums the sizes (0.08 ms). A journal holds whole ruleset states (a turn
# end: every ruleset's), from a few bytes (a roll) to megabytes (an order among a thousand
# fleet battles, 1.6 MB of state), so the bound is in bytes: a small campaign undoes far back,
# a huge one some twenty commands.
UNDO_BUDGET = 32 * 1024 * 1024
# At most this many journals, whatever their size: it bounds what keeping the budget reads
# per command (one small row per journal kept); nobody confirms a thousand undos one by one.
UNDO_MAX = 1000
# The columns of a turn schedule: a GM's settings, the deadline a GM sets (with the time up
# to which its reminders are done, which setting it resets), and what the scheduler owns.
SETTING_COLUMNS = ("time_zone", "reminder_minutes", "on_deadline")
DEADLINE_COLUMNS = ("turn", "deadline_at")
SCHEDULER_COLUMNS = ("reminded_until", "due_at")
# The choice that only confirms a turn end (cogs/turn.py's `TURN_END`): the turn end undone,
# it stays answered (its message's buttons were disabled when it was answered).
TURN_END_CONFIRMATION = "turn_end"
# A destructive command's confirmation (bot/rulesets.py's `CONFIRMATION`) too: the command
# undone, its player types it again to be asked anew about the record as it is then.
COMMAND_CONFIRMATION = "confirmation"


@dataclass
class UndoJournal:
    """The inverse of one unit of work's writes, in the order they happened: a ruleset's
    state and settings before its first write, archive records added, choices opened or
    closed, the turn closed, factions and GMs changed, the campaign's language and whether
    players roll in secret, the turn schedule before; and the messages it wrote to the
    outbox (`posted`), which its undo marks undone."""

    ops: list[Op] = field(default_factory=list)
    _rulesets: set[str] = field(default_factory=set)

    def ruleset_before(self, ruleset: str, state: str, settings: str) -> None:
        """A ruleset's stored state and settings before this unit first changed them."""
        if ruleset not in self._rulesets:
            self._rulesets.add(ruleset)
            self.ops.append(
                {"op": "ruleset", "ruleset": ruleset, "state": state, "settings": settings}
            )

    def has_ruleset(self, ruleset: str) -> bool:
        """Whether the ruleset's pre-image is already kept (later writes need no other)."""
        return ruleset in self._rulesets

    def add(self, op: str, **params: Any) -> None:
        """Any other change, with what it takes to reverse it."""
        self.ops.append({"op": op, **params})


@dataclass(frozen=True)
class UndoUnit:
    """One command's entries (first..last seq in the log) and its journal."""

    campaign_id: int
    first_seq: int
    last_seq: int
    ops: list[Op]


async def save_unit(
    conn: Conn,
    campaign_id: int,
    entries: Sequence[AuditEntry],
    journal: UndoJournal,
) -> None:
    """Keep a committed command's journal with the span of entries it appended, and drop
    the campaign's older journals beyond `UNDO_BUDGET` bytes or `UNDO_MAX` journals."""
    if not entries:
        return
    text = json.dumps(journal.ops)
    last = entries[-1].seq
    await conn.execute(
        "INSERT INTO undo_units (campaign_id, first_seq, last_seq, journal) VALUES (?,?,?,?)",
        (campaign_id, entries[0].seq, last, text),
    )
    await conn.execute(
        "INSERT INTO undo_sizes (campaign_id, last_seq, size) VALUES (?,?,?)",
        (campaign_id, last, len(text)),
    )
    async with conn.execute(
        "SELECT COUNT(*), CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM undo_sizes "
        "WHERE campaign_id = ?",
        (campaign_id,),
    ) as cur:
        kept = await cur.fetchone()
    if kept is not None and kept[0] <= UNDO_MAX and kept[1] <= UNDO_BUDGET:
        return
    # The oldest journal of the newest run within three quarters of the budget and count.
    async with conn.execute(
        "SELECT MIN(last_seq) FROM (SELECT last_seq, "
        "SUM(size) OVER (ORDER BY last_seq DESC) AS total, "
        "ROW_NUMBER() OVER (ORDER BY last_seq DESC) AS n "
        "FROM undo_sizes WHERE campaign_id = ?) AS kept WHERE total <= ? AND n <= ?",
        (campaign_id, UNDO_BUDGET * 3 // 4, UNDO_MAX * 3 // 4),
    ) as cur:
        row = await cur.fetchone()
    oldest = last if row is None or row[0] is None else int(row[0])
    await _forget(conn, campaign_id, oldest, before=True)


async def _forget(conn: Conn, campaign_id: int, last_seq: int, *, before: bool) -> None:
    """Drop the journal ending at `last_seq` (before: every journal older than it)."""
    where = "last_seq < ?" if before else "last_seq = ?"
    for table in ("undo_units", "undo_sizes"):
        await conn.execute(
            f"DELETE FROM {table} WHERE campaign_id = ? AND {where}",  # noqa: S608 - constants
            (campaign_id, last_seq),
        )


class UndoWrites:
    """Undo statements inside one transaction."""

    def __init__(self, conn: Conn) -> None:
        self.conn = conn

    async def _rows(self, sql: str, params: Sequence[Any]) -> list[Row]:
        async with self.conn.execute(sql, params) as cur:
            return list(await cur.fetchall())

    async def undone_by(self, campaign_id: int, seq: int) -> int | None:
        """The undo entry that undid entry `seq` (None while it stands)."""
        rows = await self._rows(
            "SELECT undone_by FROM undone_actions WHERE campaign_id = ? AND seq = ?",
            (campaign_id, seq),
        )
        return int(rows[0][0]) if rows else None

    async def newest_undoable(self, campaign_id: int) -> tuple[AuditEntry | None, UndoUnit | None]:
        """The newest entry that is neither undone nor an undo, and the command it belongs to
        (None when that entry cannot be undone: written before undo existed, or campaign
        creation). The start of a turn's end at its deadline (`DEADLINE_END`) is passed
        over: it changes nothing (it records the message the end's dice are drawn from), so
        after its end is undone, or when its end was given up, an undo goes to what did."""
        rows = await self._rows(
            "SELECT * FROM actions a WHERE a.campaign_id = ? AND a.command NOT IN (?, ?) "
            "AND NOT EXISTS (SELECT 1 FROM undone_actions u WHERE u.campaign_id = a.campaign_id "
            "AND u.seq = a.seq) ORDER BY a.seq DESC LIMIT 1",
            (campaign_id, UNDO_COMMAND, DEADLINE_END),
        )
        if not rows:
            return None, None
        entry = entry_from_row(rows[0])
        units = await self._rows(
            "SELECT * FROM undo_units WHERE campaign_id = ? AND last_seq = ?",
            (campaign_id, entry.seq),
        )
        if not units:
            return entry, None
        row = units[0]
        return entry, row_record(UndoUnit, row, ops=json.loads(row["journal"]))

    async def deadline_end_begun(self, campaign_id: int, turn: int) -> bool:
        """Whether the log's newest entry starts the end of turn `turn` at its deadline
        (`DEADLINE_END`), which has not committed since: it is under way, or was given up."""
        rows = await self._rows(
            "SELECT command, options FROM actions WHERE campaign_id = ? ORDER BY seq DESC LIMIT 1",
            (campaign_id,),
        )
        if not rows or rows[0]["command"] != DEADLINE_END:
            return False
        return bool(stored_json(rows[0]["options"]).get("turn") == turn)

    async def restore(self, unit: UndoUnit, by: int) -> list[int]:
        """Apply the journal's inverse, newest change first; returns the ids of the choices
        the command opened (now closed as undone, by the entry the undo appends next)."""
        cid = unit.campaign_id
        undone_choices: list[int] = []
        for op in reversed(unit.ops):
            kind = op["op"]
            if kind == "ruleset":
                await self.conn.execute(
                    "UPDATE ruleset_state SET state = ?, settings = ?, "
                    "row_version = row_version + 1 WHERE campaign_id = ? AND ruleset = ?",
                    (op["state"], op["settings"], cid, op["ruleset"]),
                )
            elif kind == "archive":
                await self.conn.execute(
                    "DELETE FROM ruleset_archive WHERE campaign_id = ? AND ruleset = ? AND key = ? "
                    "AND seq = ?",
                    (cid, op["ruleset"], op["key"], op["seq"]),
                )
            elif kind == "choice_opened":
                # Closed by the undo's own entry: the restore runs before the undo appends
                # it, so it is the campaign's next entry number.
                await self.conn.execute(
                    "UPDATE pending_choices SET status = 'cancelled', resolved_at = ?, "
                    "resolved_by = ?, closed_seq = (SELECT log_count + 1 FROM campaigns "
                    "WHERE id = ?) WHERE id = ?",
                    (utc_now(), by, cid, op["id"]),
                )
                undone_choices.append(int(op["id"]))
            elif kind == "choice_closed":
                await self.conn.execute(
                    "UPDATE pending_choices SET status = 'open', resolved_at = NULL, "
                    "resolved_by = NULL, closed_seq = NULL WHERE id = ? AND kind NOT IN (?, ?)",
                    (op["id"], TURN_END_CONFIRMATION, COMMAND_CONFIRMATION),
                )
            elif kind == "choice_payload":
                await self.conn.execute(
                    "UPDATE pending_choices SET payload = ? WHERE id = ?", (op["payload"], op["id"])
                )
            elif kind == "choice_owner":
                await self.conn.execute(
                    "UPDATE pending_choices SET owner_id = ? WHERE id = ?", (op["owner"], op["id"])
                )
            elif kind == "turn_closed":
                await self.conn.execute(
                    "DELETE FROM turns WHERE campaign_id = ? AND number = ?", (cid, op["turn"])
                )
                await self.conn.execute(
                    "UPDATE campaigns SET turn = ? WHERE id = ?", (op["turn"], cid)
                )
            elif kind == "faction_added":
                await self.conn.execute("DELETE FROM factions WHERE id = ?", (op["id"],))
            elif kind == "faction_claimed":
                await self.conn.execute(
                    "UPDATE factions SET user_id = ? WHERE id = ?", (op["user_id"], op["id"])
                )
            elif kind == "gm_added":
                await self.conn.execute(
                    "DELETE FROM campaign_gms WHERE campaign_id = ? AND kind = ? AND target_id = ?",
                    (cid, op["kind"], op["target"]),
                )
            elif kind == "gm_removed":
                await self.conn.execute(
                    "INSERT INTO campaign_gms VALUES (?,?,?) ON CONFLICT DO NOTHING",
                    (cid, op["kind"], op["target"]),
                )
            elif kind == "factions_per_player":
                await self.conn.execute(
                    "UPDATE campaigns SET factions_per_player = ? WHERE id = ?", (op["value"], cid)
                )
            elif kind == "player_secrets":
                await self.conn.execute(
                    "UPDATE campaigns SET secret_rolls_for_players = ? WHERE id = ?",
                    (int(op["value"]), cid),
                )
            elif kind == "language":
                await self.conn.execute(
                    "UPDATE campaigns SET language = ? WHERE id = ?", (op["value"], cid)
                )
            elif kind == "schedule":
                await self._restore_schedule(cid, op["row"], op.get("after"))
            elif kind in ("posted", "handed_over"):
                # A message it posted (marked undone), or a question's post it gave a new
                # player (shown as before): bot/undo.py redraws them.
                continue
            else:
                msg = f"unknown undo journal operation {kind!r}"
                raise ValueError(msg)
        return undone_choices

    async def reopened(self, unit: UndoUnit) -> list[tuple[int, str, str]]:
        """The choices the command closed that its restore left open again (a choice it
        also opened stays closed as undone; a turn end's confirmation stays answered): their
        ids, rulesets and kinds."""
        ids = sorted({int(op["id"]) for op in unit.ops if op["op"] == "choice_closed"})
        if not ids:
            return []
        marks = ",".join("?" * len(ids))
        rows = await self._rows(
            "SELECT id, ruleset, kind FROM pending_choices "  # noqa: S608 - placeholders
            f"WHERE status = 'open' AND id IN ({marks}) ORDER BY id",
            ids,
        )
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

    async def _restore_schedule(
        self, campaign_id: int, row: dict[str, Any] | None, after: dict[str, Any] | None
    ) -> None:
        """Put back the schedule's columns the command changed (`row` before it, `after` as
        it wrote them): a setting it set, or the deadline it set or cleared with the
        reminders done for it. What the scheduler did since (reminders sent, the deadline's
        ping: `reminded_until`, `due_at`) stays done, unless the command's deadline goes.
        A journal kept before `after` was (None): the command is told from the row as it
        is now, the scheduler's columns aside. bot/undo.py then tells what a deadline that
        comes back, or reminders put back, are due for (`resume_schedule`)."""
        current = await schedule_row(self.conn, campaign_id)
        if row is not None and current is not None:
            wrote = after or {**current, **{c: row[c] for c in SCHEDULER_COLUMNS}}
            merged = dict(current)
            for column in SETTING_COLUMNS:
                if row[column] != wrote[column]:
                    merged[column] = row[column]
            if any(row[c] != wrote[c] for c in DEADLINE_COLUMNS):
                merged.update({c: row[c] for c in (*DEADLINE_COLUMNS, *SCHEDULER_COLUMNS)})
            row = merged
        await self.conn.execute("DELETE FROM turn_schedules WHERE campaign_id = ?", (campaign_id,))
        if row is not None:
            names = sorted(row)
            await self.conn.execute(
                f"INSERT INTO turn_schedules ({', '.join(names)}) "  # noqa: S608 - stored names
                f"VALUES ({', '.join('?' * len(names))})",
                [row[n] for n in names],
            )

    async def mark(self, unit: UndoUnit, undone_by: int, choices: Sequence[int]) -> None:
        """Mark the command's entries and the choices it opened as undone by entry `undone_by`,
        and drop its journal (an undone command is never undone again)."""
        await _forget(self.conn, unit.campaign_id, unit.last_seq, before=False)
        await self.conn.executemany(
            "INSERT INTO undone_actions (campaign_id, seq, undone_by) VALUES (?,?,?)",
            [(unit.campaign_id, s, undone_by) for s in range(unit.first_seq, unit.last_seq + 1)],
        )
        await self.conn.executemany(
            "INSERT INTO undone_choices (choice_id, undone_by) VALUES (?,?)",
            [(c, undone_by) for c in choices],
        )


async def schedule_row(conn: Conn, campaign_id: int) -> dict[str, Any] | None:
    """A campaign's turn schedule row as stored (its pre-image for the journal)."""
    async with conn.execute(
        "SELECT * FROM turn_schedules WHERE campaign_id = ?", (campaign_id,)
    ) as cur:
        row = await cur.fetchone()
    return None if row is None else dict(zip(row.keys(), tuple(row), strict=True))


async def ruleset_row(conn: Conn, campaign_id: int, ruleset: str) -> tuple[str, str] | None:
    """A ruleset's stored state and settings (its pre-image for the journal)."""
    async with conn.execute(
        "SELECT state, settings FROM ruleset_state WHERE campaign_id = ? AND ruleset = ?",
        (campaign_id, ruleset),
    ) as cur:
        row = await cur.fetchone()
    return None if row is None else (row[0], row[1])


async def choice_payload(conn: Conn, choice_id: int) -> str | None:
    """A choice's stored payload (its pre-image for the journal)."""
    async with conn.execute(
        "SELECT payload FROM pending_choices WHERE id = ?", (choice_id,)
    ) as cur:
        row = await cur.fetchone()
    return None if row is None else str(row[0])


class UndoReads:
    """Committed undo marks."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def undone_seqs(self, campaign_id: int, seqs: Sequence[int]) -> set[int]:
        """Which of these entries are undone."""
        if not seqs:
            return set()
        marks = ",".join("?" * len(seqs))
        rows = await self.db.fetchall(
            f"SELECT seq FROM undone_actions WHERE campaign_id = ? AND seq IN ({marks})",  # noqa: S608
            (campaign_id, *seqs),
        )
        return {int(r[0]) for r in rows}

    async def undone_by(self, campaign_id: int, seq: int) -> int | None:
        """The undo entry that undid entry `seq` (None while it stands)."""
        row = await self.db.fetchone(
            "SELECT undone_by FROM undone_actions WHERE campaign_id = ? AND seq = ?",
            (campaign_id, seq),
        )
        return None if row is None else int(row[0])

    async def choice_undone(self, choice_id: int) -> bool:
        """Whether the command that opened this choice was undone."""
        row = await self.db.fetchone(
            "SELECT 1 FROM undone_choices WHERE choice_id = ?", (choice_id,)
        )
        return row is not None

    async def undone_in(self, campaign_id: int) -> dict[int, int]:
        """Every undone entry and the undo entry that undid it, as the chain's compensating
        entries list them (outcome `undid`)."""
        found: dict[int, int] = {}
        for row in await self.db.fetchall(
            "SELECT seq, outcome FROM actions WHERE campaign_id = ? AND command = ? ORDER BY seq",
            (campaign_id, UNDO_COMMAND),
        ):
            for undone in json.loads(row[1]).get("undid", ()):
                found[int(undone)] = int(row[0])
        return found

    async def marks_match_chain(self, campaign_id: int) -> bool:
        """The undo marks are exactly the entries the chain's compensating entries list (a
        mark added or removed by hand is caught by `verify`)."""
        listed = set(await self.undone_in(campaign_id))
        marked = {
            int(r[0])
            for r in await self.db.fetchall(
                "SELECT seq FROM undone_actions WHERE campaign_id = ?", (campaign_id,)
            )
        }
        return listed == marked


__all__ = [
    "TURN_END_CONFIRMATION",
    "UndoJournal",
    "UndoReads",
    "UndoUnit",
    "UndoWrites",
    "save_unit",
]
