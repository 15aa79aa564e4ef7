"""Copy every campaign from one database to another (SQLite ↔ PostgreSQL), then verify.

`python -m bot copy-db --from sqlite:PATH --to postgresql://…` moves a bot to PostgreSQL
(or back). The target must hold no campaign yet; both are migrated to this version first.
Rows are copied as stored, ids and hashes included, in one transaction on the target: either
the whole database arrives or nothing does. Afterwards each campaign's hash chain, fair dice
and state digests are verified on the target, as `/history verify` would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field

from bot.storage.audit import VerifyReport
from bot.storage.database import Database
from bot.storage.log import AuditLog
from bot.storage.sql import Row
from bot.storage.verify import orphan_rolls

# Every table the migrations create, parents before children, each with the columns that
# order it (a page of rows is read after the last key of the page before). All but `meta`:
# its rows record which commands a bot synced to its Discord, not campaigns; the target keeps
# its own, and a bot on a new database syncs its commands once at its first start.
TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("campaigns", ("id",)),
    ("campaign_gms", ("campaign_id", "kind", "target_id")),
    ("factions", ("id",)),
    ("actions", ("id",)),
    ("rolls", ("action_id", "idx")),
    ("turns", ("campaign_id", "number")),
    ("ruleset_state", ("campaign_id", "ruleset")),
    ("ruleset_archive", ("campaign_id", "ruleset", "key", "seq")),
    ("pending_choices", ("id",)),
    ("turn_seeds", ("campaign_id", "turn")),
    ("secret_rolls", ("campaign_id", "seq")),
    ("saved_rolls", ("campaign_id", "user_id", "name_key")),
    ("turn_schedules", ("campaign_id",)),
    ("reminder_mutes", ("campaign_id", "user_id")),
    ("turn_posts", ("id",)),
    ("undo_units", ("campaign_id", "last_seq")),
    ("undone_actions", ("campaign_id", "seq")),
    ("undone_choices", ("choice_id",)),
    ("outbox", ("id",)),
    ("undo_sizes", ("campaign_id", "last_seq")),
)
# Tables whose ids come from a sequence on PostgreSQL: set past the copied ids afterwards.
IDENTITIES = ("campaigns", "factions", "actions", "pending_choices", "turn_posts", "outbox")
PAGE = 5000


class CopyRefused(Exception):
    """The copy cannot start (the target already holds campaigns, or the source a roll of no
    entry); one sentence."""


@dataclass
class CopyReport:
    """What was copied and what verifying the target found."""

    rows: dict[str, int] = field(default_factory=dict)
    campaigns: int = 0
    problems: list[str] = field(default_factory=list)  # "campaign 3: entry 7 edited" …


async def copy_database(
    source: Database, target: Database, *, progress: Callable[[str], None] | None = None
) -> CopyReport:
    """Copy every row of `source` into the empty `target`, then verify each campaign there."""
    if await target.fetchone("SELECT 1 FROM campaigns LIMIT 1") is not None:
        raise CopyRefused(
            f"The database {target.label} already holds campaigns; copy-db copies into an "
            f"empty database only (create a new one, or drop its tables)."
        )
    orphans = await orphan_rolls(source, limit=1)
    if orphans:  # SQLite's foreign key would refuse it at the copy's commit
        orphan = orphans[0]
        raise CopyRefused(
            f"The database {source.label} holds a roll of no entry (internal entry id "
            f"{orphan.params['action']}, roll {orphan.params['roll']}; `python -m bot verify "
            f"--database` lists what else is wrong): remove that row, then copy."
        )
    report = CopyReport()
    async with target.transaction() as conn:
        for table, order in TABLES:
            count = 0
            async for rows in _pages(source, table, order):
                names = list(rows[0].keys())
                marks = ", ".join("?" for _ in names)
                await conn.executemany(
                    f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})",  # noqa: S608
                    [tuple(row) for row in rows],
                )
                count += len(rows)
            report.rows[table] = count
            if progress is not None:
                progress(f"{table}: {count} rows")
        if conn.dialect == "postgresql":
            for table in IDENTITIES:
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "  # noqa: S608
                    f"COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
                )
    log = AuditLog(target)
    for row in await target.fetchall("SELECT id FROM campaigns ORDER BY id"):
        report.campaigns += 1
        verdict = await log.verify(int(row[0]))
        if isinstance(verdict, VerifyReport):
            kind, seq = verdict.problem, verdict.seq
        else:
            kind = verdict.problem.kind if verdict.problem else None
            seq = verdict.problem.seq if verdict.problem else None
        if kind is not None:
            at = f" at entry {seq}" if seq is not None else ""
            report.problems.append(f"campaign {row[0]}: {kind}{at}")
    return report


async def _pages(db: Database, table: str, order: tuple[str, ...]) -> AsyncIterator[list[Row]]:
    """The table's rows, a page at a time, in key order."""
    keys = ", ".join(order)
    after: tuple[object, ...] | None = None
    while True:
        if after is None:
            sql = f"SELECT * FROM {table} ORDER BY {keys} LIMIT ?"  # noqa: S608
            params: tuple[object, ...] = (PAGE,)
        else:
            marks = ", ".join("?" for _ in order)
            sql = (
                f"SELECT * FROM {table} WHERE ({keys}) > ({marks}) "  # noqa: S608
                f"ORDER BY {keys} LIMIT ?"
            )
            params = (*after, PAGE)
        rows = await db.fetchall(sql, params)
        if not rows:
            return
        yield rows
        last = rows[-1]
        after = tuple(last[name] for name in order)
