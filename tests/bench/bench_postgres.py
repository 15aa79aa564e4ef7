"""PostgreSQL storage benchmarks of issue 19 (prints figures, asserts nothing).

    .venv/bin/python tests/bench/bench_postgres.py                     # defaults, ~2-3 min
    .venv/bin/python tests/bench/bench_postgres.py --rows 10000000     # the issue's 10M log
    .venv/bin/python tests/bench/bench_postgres.py --url postgresql://bench@localhost/postgres
    .venv/bin/python tests/bench/bench_postgres.py --only insert,history
    .venv/bin/python tests/bench/bench_postgres.py --rows 10000000 --only history --keep DIR
    .venv/bin/python tests/bench/bench_postgres.py --reuse DIR         # seconds: history again

Without `--url` a throwaway cluster is started (tests/postgres.py: Unix socket, fsync and
synchronous_commit off) and stopped at the end; `--url` names a running server whose user may
create databases (the benchmark creates its own databases there and drops them after). The
server's durability settings are printed first: commit-bound figures depend on them.

1. Batched end-of-turn audit insert [target ≥ 100k rows/s]: `--insert-rows` roll rows written
   as turn-end entries of `--batch` rolls each, three ways: the whole unit of work
   (`uow.append`: hashing, the rolls (COPY from 100 rows), the entry row, commit);
   the rolls' executemany alone (append_entry's statement); and asyncpg's COPY
   (`copy_records_to_table`) of the same rows. Each timed to its commit. Beside them a COPY
   into a copy of `rolls` with the deferred foreign key to its entry that migration 010
   dropped on PostgreSQL (checked row by row at commit), and the unit of work again on a
   database given that key back: what keeping it would cost.
   SQLite's figures for the first two are printed for reference.
2. `/history list` at a large log [target p95 ≤ 2 ms]: `--rows` audit entries over
   `--campaigns` campaigns COPYed into a migrated database (rows of the shapes the bot
   writes, campaigns interleaved as a busy bot writes them, one roll row per roll entry;
   placeholder hashes), ANALYZE, then `history.page(…, HistoryFilter(), limit=11)` (what
   cogs/history.py asks for: PAGE_SIZE + 1) for `--queries` random campaigns, one at a time:
   the newest page, then a page deep in the log (before a random entry in its older half);
   beside them a `SELECT 1` round trip (the floor on this machine), the page with the undone
   marks the cog also reads, the same pages again (their rows now in the server's buffers:
   what the first pass spent reading the table from the operating system or the disk), and
   the server's own time for 100 of the same statements (EXPLAIN ANALYZE). `--rows 10000000`
   takes some 10 minutes and ~10 GB of disk.
   `--keep DIR` leaves that populated cluster in DIR (stopped); `--reuse DIR` starts it
   again, applies any newer migration and re-measures the pages in seconds (the figure for a
   quiet machine without the 10-minute load).
3. Mixed commands [throughput and p99, side by side]: `--load-campaigns` campaigns (the
   ottoman_piracy ruleset, production dice), each running `--commands` commands one after
   another (mostly `/roll`s through a unit of work as cogs/dice.py does, joins, `/history
   list` reads, a `/turn end` every `--turn-every` commands), every campaign in flight at once
   (no think time). PostgreSQL: two OS processes (this file with a hidden worker flag), each
   driving half the campaigns (`--split commands`: both drive every campaign, alternating
   commands, racing on the row lock); then one process with the same load; SQLite: one
   process. Before the clock starts each process warms up on a campaign of its own (its
   pool's connections open, statements prepared). A closed loop: a campaign's next command
   starts when its last ends, so latency ≈ commands in flight / throughput. Each campaign's
   chain is verified after (`AuditLog.verify`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from bot.bench.figures import cpu_reference  # noqa: E402
from bot.bench.seeding import GM  # noqa: E402
from bot.bench.seeding import bench_campaign  # noqa: E402
from bot.campaigns import Actor  # noqa: E402
from bot.campaigns import CampaignService  # noqa: E402
from bot.dice import RollRecord  # noqa: E402
from bot.errors import Conflict  # noqa: E402
from bot.storage import history  # noqa: E402
from bot.storage.audit import ACTION_COLUMNS  # noqa: E402
from bot.storage.audit import GENESIS  # noqa: E402
from bot.storage.audit import ROLL_COLUMNS  # noqa: E402
from bot.storage.database import Database  # noqa: E402
from bot.storage.database import utc_now  # noqa: E402
from bot.storage.log import AuditLog  # noqa: E402
from bot.storage.postgres import READ_POOL  # noqa: E402
from bot.storage.postgres import WRITE_POOL  # noqa: E402
from bot.storage.sql import Conn  # noqa: E402
from bot.storage.sql import insert_sql  # noqa: E402
from bot.storage.sql import inserted_id  # noqa: E402
from bot.storage.sql import to_postgresql  # noqa: E402
from cogs.history import PAGE_SIZE  # noqa: E402
from tests import postgres  # noqa: E402
from tests.test_postgres import roll  # noqa: E402 - what `/roll` stores, without Discord

INSERT_TARGET = 100_000  # rows/s
HISTORY_TARGET_MS = 2.0
KEPT_LOG = "history_log"  # the populated log's database in a --keep cluster
LOAD_DICE = ("1d20", "2d6+1", "3d6", "4d6kh3", "6d6>=5", "1d100", "2d10")


def pct(values: Sequence[float], q: float) -> float:
    """The nearest-rank q-quantile (0 < q ≤ 1)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))]


def spread(values: Sequence[float]) -> str:
    """p50/p95/p99/max of millisecond timings, as one line."""
    return (
        f"p50 {pct(values, 0.5):7.2f}  p95 {pct(values, 0.95):7.2f}  "
        f"p99 {pct(values, 0.99):7.2f}  max {max(values):7.2f} ms"
    )


def against(value: float, target: float, *, higher_is_better: bool) -> str:
    """'meets' or 'misses' the target."""
    ok = value >= target if higher_is_better else value <= target
    return "meets" if ok else "MISSES"


# -- 1. batched end-of-turn audit insert ------------------------------------------------------


def turn_end_rolls(count: int) -> list[RollRecord]:
    """`count` rolls of the kinds a large fleet turn end records (volleys, morale, damage)."""
    fields = ("purpose", "clause", "notation", "sides", "faces", "modifier", "total")
    kinds = [
        RollRecord(**dict(zip(fields, values, strict=False)), target=target, successes=hits)
        for *values, target, hits in (
            ("volley", "FC-5.10", "3d6", 6, (1, 4, 6), 0, 11, ">=5", 1),
            ("morale", "FC-7.2", "2d6", 6, (3, 5), 1, 9, None, None),
            ("damage", "FC-6.1", "1d10", 10, (7,), 0, 7, None, None),
            ("volley", "FC-5.10", "6d6", 6, (6, 2, 5, 5, 1, 3), 0, 22, ">=5", 3),
        )
    ]
    return [kinds[i % len(kinds)] for i in range(count)]


def roll_rows(action_id: int, rolls: Sequence[RollRecord]) -> list[tuple[Any, ...]]:
    """The `rolls` rows append_entry builds for one entry."""
    return [
        (
            action_id,
            i,
            r.purpose,
            r.clause,
            r.notation,
            r.sides,
            ",".join(map(str, r.faces)),
            r.modifier,
            r.total,
            r.target,
            r.successes,
        )
        for i, r in enumerate(rolls)
    ]


async def placeholder_action(conn: Conn, campaign_id: int, seq: int) -> int:
    """An entry row for the rolls to refer to (a placeholder; this campaign is never verified)."""
    cursor = await conn.execute(
        "INSERT INTO actions (campaign_id, seq, turn, ruleset, command, actor_id, options, "
        "outcome, created_at, prev_hash, hash) VALUES (?, ?, 1, 'core', 'turn end', 1, '{}', "
        "'{}', ?, ?, ?) RETURNING id",
        (campaign_id, seq, utc_now(), GENESIS, GENESIS),
    )
    return await inserted_id(cursor)


# (way, table, statement): how the raw ways write the rolls. `rolls_with_fk` is a copy of
# `rolls` with the deferred foreign key to `actions` that migration 010 dropped, to show what
# its row-by-row check at commit would cost.
RAW_WAYS = (
    ("executemany", "rolls", "executemany"),
    ("copy", "rolls", "copy"),
    ("copy_with_fk", "rolls_with_fk", "copy"),
)


async def insert_ways(
    db: Database, total: int, batch: int, repeat: int, *, raw_ways: bool = True
) -> dict[str, Any]:
    """Seconds per way of writing `total` roll rows in turn-end entries of `batch` rolls:
    to commit, and in the insert statement alone (`raw_ways=False`: the unit of work only)."""
    service = CampaignService(db)
    unit = await bench_campaign(service, 1, "uow")
    raw = await bench_campaign(service, 2, "raw")
    postgresql = db.dialect == "postgresql"
    if postgresql:
        async with db.transaction() as conn:
            await conn.execute("CREATE TABLE rolls_with_fk (LIKE rolls INCLUDING ALL)")
            await conn.execute(
                "ALTER TABLE rolls_with_fk ADD FOREIGN KEY (action_id) REFERENCES actions(id) "
                "DEFERRABLE INITIALLY DEFERRED"
            )
    sizes = [min(batch, total - done) for done in range(0, total, batch)]
    rolls = turn_end_rolls(batch)
    ways: dict[str, list[float]] = {}
    statement: dict[str, list[float]] = {}
    seq = 1_000_000  # past the campaign's own entries
    for _ in range(repeat):
        start = time.perf_counter()
        for size in sizes:
            async with service.work(unit.id, GM) as uow:
                await uow.append("turn end", outcome={"rolls": size}, rolls=rolls[:size])
        ways.setdefault("uow", []).append(time.perf_counter() - start)
        for way, table, how in (RAW_WAYS if postgresql else RAW_WAYS[:1]) if raw_ways else ():
            spent = 0.0
            start = time.perf_counter()
            for size in sizes:
                async with db.transaction() as conn:
                    seq += 1
                    rows = roll_rows(await placeholder_action(conn, raw.id, seq), rolls[:size])
                    began = time.perf_counter()
                    if how == "executemany":
                        await conn.executemany(insert_sql(table, ROLL_COLUMNS), rows)
                    else:
                        await conn.raw.copy_records_to_table(  # type: ignore[attr-defined]
                            table, records=rows, columns=ROLL_COLUMNS
                        )
                    spent += time.perf_counter() - began
            ways.setdefault(way, []).append(time.perf_counter() - start)
            statement.setdefault(way, []).append(spent)
    return {"ways": ways, "statement": statement}


async def bench_insert(server: postgres.Server, args: argparse.Namespace) -> None:
    total, batch = args.insert_rows, args.batch
    print(
        f"\n== 1. Batched end-of-turn audit insert: {total:,} roll rows as turn-end entries "
        f"of {batch:,} rolls, median of {args.repeat} (target ≥ {INSERT_TARGET:,} rows/s) =="
    )
    url = await postgres.fresh_database(server)
    try:
        db = await Database.open(url)
        try:
            pg = await insert_ways(db, total, batch, args.repeat)
        finally:
            await db.close()
    finally:
        await postgres.drop_database(server, url)
    url = await postgres.fresh_database(server)
    try:  # the unit of work again, on a database given back the key migration 010 dropped
        db = await Database.open(url)
        try:
            async with db.transaction() as conn:
                await conn.execute(
                    "ALTER TABLE rolls ADD FOREIGN KEY (action_id) REFERENCES actions(id) "
                    "DEFERRABLE INITIALLY DEFERRED"
                )
            keyed = await insert_ways(db, total, batch, args.repeat, raw_ways=False)
            pg["ways"]["uow_with_fk"] = keyed["ways"]["uow"]
        finally:
            await db.close()
    finally:
        await postgres.drop_database(server, url)
    with tempfile.TemporaryDirectory() as folder:
        lite = await Database.open(Path(folder) / "insert.db")
        try:
            sq = await insert_ways(lite, total, batch, args.repeat)
        finally:
            await lite.close()
    labels = {
        "uow": "unit of work: uow.append (append_entry)",
        "uow_with_fk": "unit of work, with the foreign key 010 dropped",
        "executemany": "rolls executemany (append_entry's statement)",
        "copy": "rolls COPY (copy_records_to_table)",
        "copy_with_fk": "COPY, with the foreign key 010 dropped",
    }
    print(f"{'':56s} {'to commit':>12s} {'statement alone':>17s}")
    rates: dict[str, float] = {}
    for engine, found in (("PostgreSQL", pg), ("SQLite", sq)):
        for way, label in labels.items():
            if way not in found["ways"]:
                continue
            rate = total / statistics.median(found["ways"][way])
            if engine == "PostgreSQL":
                rates[way] = rate
                mark = f"[{against(rate, INSERT_TARGET, higher_is_better=True)} ≥ 100k]"
            else:
                mark = "(reference)"
            alone = ""
            if way in found["statement"]:
                alone = f"{total / statistics.median(found['statement'][way]):,.0f}"
            print(f"{engine:10s} {label:45s} {rate:12,.0f} {alone:>17s} rows/s {mark}")
    print(
        f"-> the foreign key from a roll to its entry, checked row by row at commit, would "
        f"take the unit of work from {rates['uow']:,.0f} to {rates['uow_with_fk']:,.0f} and "
        f"COPY from {rates['copy']:,.0f} to {rates['copy_with_fk']:,.0f} rows/s: "
        "PostgreSQL has none since migration 010 (a deleted entry fails /history verify; a "
        "roll of no entry is named by `python -m bot verify --database`)."
    )


# -- 2. /history list at a large log ----------------------------------------------------------


class LogShapes:
    """Column texts of real entries (a roll, a join, a turn end), taken from a campaign the
    bot wrote (on SQLite: the texts are the same on both engines), reused with placeholder
    hashes."""

    def __init__(self, rows: dict[str, Any], roll: tuple[Any, ...]) -> None:
        self.rows = rows
        self.roll = roll


async def real_shapes(db: Database) -> LogShapes:
    service = CampaignService(db)
    campaign = await bench_campaign(service, 1, "shapes", ["ottoman_piracy"])
    await service.join(campaign.id, Actor(2), "Venice")
    await roll(service, campaign.id, Actor(2), "2d6+1", "morale")
    await service.end_turn(campaign.id, 1, GM)
    found = await db.fetchall(
        "SELECT * FROM actions WHERE campaign_id = ? ORDER BY seq", (campaign.id,)
    )
    rows = {str(r["command"]): {key: r[key] for key in r.keys()} for r in found}  # noqa: SIM118
    roll_row = await db.fetchone("SELECT * FROM rolls WHERE action_id = ?", (rows["roll"]["id"],))
    assert roll_row is not None
    return LogShapes(rows, tuple(roll_row))


def log_rows(
    shapes: LogShapes, counts: list[int], rng: random.Random, rows: int, first_id: int
) -> Iterator[tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]]:
    """Chunks of (actions rows, rolls rows): each entry goes to a random campaign (so the
    campaigns' rows interleave on disk as a busy bot writes them), two in three are rolls
    (one roll row each), the rest joins and turn ends."""
    kinds = [shapes.rows["roll"], shapes.rows["roll"], shapes.rows["campaign join"]]
    closing = shapes.rows["turn end"]  # the core entry that closes the turn
    roll = shapes.roll
    hashes = [f"{i:064x}" for i in range(16)]
    campaigns = len(counts)
    action_id = first_id
    actions: list[tuple[Any, ...]] = []
    rolls: list[tuple[Any, ...]] = []
    for n in range(rows):
        index = rng.randrange(campaigns)
        counts[index] += 1
        seq = counts[index]
        shape = closing if seq % 200 == 0 else kinds[n % 3]
        actions.append(
            (
                action_id,
                index + 1,
                seq,
                1 + seq // 200,
                shape["ruleset"],
                shape["command"],
                100 + n % 7,
                shape["faction"],
                shape["options"],
                shape["outcome"],
                shape["created_at"],
                hashes[seq % 16],
                hashes[(seq + 1) % 16],
                shape["dice"],
                shape["state"],
            )
        )
        if shape["command"] == "roll":
            rolls.append((action_id, *roll[1:]))
        action_id += 1
        if len(actions) == 50_000 or n == rows - 1:
            yield actions, rolls
            actions, rolls = [], []


async def load_log(url: str, shapes: LogShapes, args: argparse.Namespace) -> list[int]:
    """COPY the synthetic log into the database; returns each campaign's entry count."""
    conn = await asyncpg.connect(url)
    try:
        now = utc_now()
        await conn.executemany(
            "INSERT INTO campaigns (id, guild_id, channel_id, name, rulesets, created_by, "
            "log_head, created_at) VALUES ($1, 1, $2, $3, '[]', 1, $4, $5)",
            [(i, 1000 + i, f"c{i}", GENESIS, now) for i in range(1, args.campaigns + 1)],
        )
        # Load as a restore does: the secondary indexes built after, and (where the user may)
        # the foreign-key triggers off, the rows being valid by construction.
        with contextlib.suppress(asyncpg.InsufficientPrivilegeError):
            await conn.execute("SET session_replication_role = replica")
        indexes = await conn.fetch(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'actions' AND "
            "indexname NOT IN (SELECT conname FROM pg_constraint "
            "WHERE conrelid = 'actions'::regclass)"
        )
        for index in indexes:
            await conn.execute(f'DROP INDEX "{index["indexname"]}"')
        counts = [0] * args.campaigns
        rng = random.Random(args.seed)
        written = 0
        start = time.perf_counter()
        for actions, rolls in log_rows(shapes, counts, rng, args.rows, 1):
            async with conn.transaction():
                await conn.copy_records_to_table("actions", records=actions, columns=ACTION_COLUMNS)
                await conn.copy_records_to_table("rolls", records=rolls, columns=ROLL_COLUMNS)
            written += len(actions)
            if written % 1_000_000 < len(actions) and written < args.rows:
                elapsed = time.perf_counter() - start
                print(f"   … {written:,} entries in {elapsed:.0f} s", flush=True)
        loaded = time.perf_counter() - start
        start = time.perf_counter()
        await conn.execute("SET maintenance_work_mem = '256MB'")
        for index in indexes:
            await conn.execute(index["indexdef"])
        indexed = time.perf_counter() - start
        with contextlib.suppress(asyncpg.InsufficientPrivilegeError):
            await conn.execute("RESET session_replication_role")
        await conn.executemany(
            "UPDATE campaigns SET log_count = $1 WHERE id = $2",
            [(count, i + 1) for i, count in enumerate(counts)],
        )
        for table in ("actions", "campaigns"):
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                f"(SELECT MAX(id) FROM {table}))"
            )
        start = time.perf_counter()
        await conn.execute("ANALYZE campaigns; ANALYZE actions; ANALYZE rolls;")
        analyzed = time.perf_counter() - start
        size = await conn.fetchval(
            "SELECT pg_total_relation_size('actions') + pg_total_relation_size('rolls')"
        )
        roll_count = await conn.fetchval("SELECT COUNT(*) FROM rolls")
    finally:
        await conn.close()
    print(
        f"loaded {args.rows:,} entries ({roll_count:,} roll rows) over {args.campaigns:,} "
        f"campaigns by COPY in {loaded:.1f} s ({args.rows / loaded:,.0f} entries/s), "
        f"{len(indexes)} indexes rebuilt in {indexed:.1f} s, ANALYZE {analyzed:.1f} s; "
        f"actions + rolls with indexes {size / 2**20:,.0f} MiB"
    )
    return counts


async def bench_history(server: postgres.Server, args: argparse.Namespace) -> None:
    limit = PAGE_SIZE + 1
    if args.reuse:
        await remeasure_history(server, args, limit)
        return
    print(
        f"\n== 2. /history list at {args.rows:,} entries over {args.campaigns:,} campaigns "
        f"(page of limit={limit}, target p95 ≤ {HISTORY_TARGET_MS:g} ms) =="
    )
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "shapes.db")
        try:
            shapes = await real_shapes(db)
        finally:
            await db.close()
    if args.keep:  # the populated log gets a fixed name, for --reuse to find
        url = await postgres.create_database(server, KEPT_LOG)
    else:
        url = await postgres.fresh_database(server)
    try:
        counts = await load_log(url, shapes, args)
        db = await Database.open(url)
        try:
            await history_latency(db, counts, args, limit)
        finally:
            await db.close()
    finally:
        if not args.keep:
            await postgres.drop_database(server, url)
    if args.keep:
        print(
            f"(the populated log is kept in {args.keep}: re-measure it with "
            f"`.venv/bin/python tests/bench/bench_postgres.py --reuse {args.keep}`)"
        )


async def remeasure_history(server: postgres.Server, args: argparse.Namespace, limit: int) -> None:
    """The history part on the log a `--keep` run populated: migrated to this code's schema
    (a new migration applies there first), then measured; nothing is loaded or dropped."""
    url = server.url(KEPT_LOG)
    start = time.perf_counter()
    db = await Database.open(url)  # applies any migration newer than the kept log
    try:
        migrated = time.perf_counter() - start
        rows = await db.fetchall("SELECT id, log_count FROM campaigns ORDER BY id")
        counts = [int(r["log_count"]) for r in rows]
        assert [int(r["id"]) for r in rows] == list(range(1, len(rows) + 1)), "not a kept log"
        print(
            f"\n== 2. /history list at {sum(counts):,} entries over {len(counts):,} campaigns "
            f"(kept in {args.reuse}; page of limit={limit}, target p95 ≤ "
            f"{HISTORY_TARGET_MS:g} ms) =="
        )
        applied = ", ".join(f"{v:03d}" for v, _ in db.applied) or "none: up to date"
        print(f"opened in {migrated:.1f} s; migrations applied to the kept log: {applied}")
        await history_latency(db, counts, args, limit)
    finally:
        await db.close()


async def history_latency(
    db: Database, counts: list[int], args: argparse.Namespace, limit: int
) -> None:
    rng = random.Random(args.seed + 1)
    ids = list(range(1, len(counts) + 1))
    chosen = rng.sample(ids, min(args.queries, len(ids)))
    for cid in rng.sample(ids, min(20, len(ids))):  # warm the pool's prepared statements
        await history.page(db, cid, history.HistoryFilter(), before_seq=None, limit=limit)
    runs = {
        "newest page (before_seq=None)": [None] * len(chosen),
        "deep page (before a random entry in the older half)": [
            rng.randint(limit + 1, max(limit + 1, counts[cid - 1] // 2)) for cid in chosen
        ],
    }
    floor = []
    for _ in range(len(chosen)):
        start = time.perf_counter()
        await db.fetchall("SELECT 1")
        floor.append((time.perf_counter() - start) * 1000)
    print(f"round trip of SELECT 1 (the floor here)  {spread(floor)}")
    print(
        "(history.page = round trip + the server's part + the client's: pool, asyncpg "
        "decoding, entries built from rows)"
    )
    log = AuditLog(db)
    for label, befores in runs.items():
        timings, with_marks = [], []
        for cid, before in zip(chosen, befores, strict=True):
            start = time.perf_counter()
            entries = await history.page(
                db, cid, history.HistoryFilter(), before_seq=before, limit=limit
            )
            timings.append((time.perf_counter() - start) * 1000)
            await log.undone(cid, [e.seq for e in entries[:PAGE_SIZE]])
            with_marks.append((time.perf_counter() - start) * 1000)
            assert len(entries) == limit, (cid, before, len(entries))
        again = []  # the same pages once more: their rows now in the server's buffers
        for cid, before in zip(chosen, befores, strict=True):
            start = time.perf_counter()
            await history.page(db, cid, history.HistoryFilter(), before_seq=before, limit=limit)
            again.append((time.perf_counter() - start) * 1000)
        verdict = against(pct(timings, 0.95), HISTORY_TARGET_MS, higher_is_better=False)
        server = await server_times(db, list(zip(chosen, befores, strict=True))[:100], limit)
        print(f"{label}, {len(chosen)} campaigns:")
        print(f"   history.page          {spread(timings)}  [{verdict} p95 ≤ 2 ms]")
        print(f"   + undone marks (cog)  {spread(with_marks)}")
        print(f"   the same pages again  {spread(again)}  (their rows in the server's buffers)")
        print(f"   server side ({len(server)})     {spread(server)}  (EXPLAIN ANALYZE: plan + run)")


class _Statement:
    """Stands in for the database to catch the statement `history.page` sends."""

    dialect = "postgresql"

    def __init__(self) -> None:
        self.sent: tuple[str, list[Any]] = ("", [])

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        self.sent = (sql, list(params))
        return []


async def server_times(
    db: Database, pages: list[tuple[int, int | None]], limit: int
) -> list[float]:
    """The server's own milliseconds (planning + execution) for the same page statements."""
    conn = await asyncpg.connect(db.url)  # type: ignore[attr-defined]
    try:
        found = []
        for cid, before in pages:
            caught = _Statement()
            flt = history.HistoryFilter()
            await history.page(caught, cid, flt, before_seq=before, limit=limit)  # type: ignore[arg-type]
            sql, params = caught.sent
            text = await conn.fetchval(
                "EXPLAIN (ANALYZE, FORMAT JSON) " + to_postgresql(sql)[0], *params
            )
            plan = json.loads(text)[0]
            found.append(plan["Planning Time"] + plan["Execution Time"])
        return found
    finally:
        await conn.close()


# -- 3. mixed commands: two processes on PostgreSQL, one on SQLite ----------------------------


def plan(index: int, commands: int, turn_every: int, seed: int) -> list[list[Any]]:
    """One campaign's commands, the same on every backend: [kind, args…]."""
    rng = random.Random(f"{seed}:{index}")
    players = [2]
    steps: list[list[Any]] = []
    for j in range(commands):
        if j % turn_every == turn_every - 1:
            steps.append(["turn end"])
            continue
        draw = rng.random()
        if draw < 0.78:
            steps.append(["roll", rng.choice(players), rng.choice(LOAD_DICE), f"r{j}"])
        elif draw < 0.88:
            user = 10_000 + index * 1000 + j
            players.append(user)
            steps.append(["join", user, f"House {j}"])
        else:
            steps.append(["history"])
    return steps


async def run_step(service: CampaignService, cid: int, step: list[Any]) -> bool:
    """Run one command; False when it was refused as a conflict (a racing turn end)."""
    kind = step[0]
    if kind == "roll":
        await roll(service, cid, Actor(step[1]), step[2], step[3])
    elif kind == "join":
        await service.join(cid, Actor(step[1]), step[2])
    elif kind == "history":
        await service.log.page(cid, history.HistoryFilter(), before_seq=None, limit=PAGE_SIZE + 1)
    else:
        campaign = await service.get(cid)
        try:
            await service.end_turn(cid, campaign.turn, GM)
        except Conflict:
            return False
    return True


async def warm_up(service: CampaignService, cid: int, part: int) -> None:
    """Commands of every kind on a campaign of the worker's own, WRITE_POOL at once, before
    the timed load: the pool holds all its connections and each has prepared its statements
    (as in a bot that has been running a while)."""

    async def lane(i: int) -> None:
        actor = Actor(900_000 + part * 1000 + i)
        await service.join(cid, actor, f"Warm {part}-{i}")
        for j in range(3):
            await roll(service, cid, actor, LOAD_DICE[j], f"warm {j}")
        await service.log.page(cid, history.HistoryFilter(), before_seq=None, limit=PAGE_SIZE + 1)

    await asyncio.gather(*(lane(i) for i in range(WRITE_POOL)))
    await run_step(service, cid, ["turn end"])


async def worker(spec: dict[str, Any]) -> dict[str, Any]:
    """One process's share of the load (run with the hidden --worker flag): opens the
    database, says "ready", waits for "go" on stdin, then drives its campaigns."""
    db = await Database.open(spec["target"])
    service = CampaignService(db)
    part, parts = spec["part"], spec["parts"]
    work: list[tuple[int, list[list[Any]]]] = []
    for index, cid in spec["campaigns"]:
        steps = plan(index, spec["commands"], spec["turn_every"], spec["seed"])
        if spec["split"] == "commands":
            steps = steps[part::parts]
        work.append((cid, steps))
    latencies: dict[str, list[float]] = {}
    conflicts = 0

    async def drive(cid: int, steps: list[list[Any]]) -> None:
        nonlocal conflicts
        for step in steps:
            start = time.perf_counter()
            done = await run_step(service, cid, step)
            latencies.setdefault(step[0], []).append((time.perf_counter() - start) * 1000)
            conflicts += not done

    await warm_up(service, spec["warmup"], part)
    print("ready", flush=True)
    go = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    if go.strip() != "go":  # the parent went away
        raise SystemExit(1)
    began, cpu = time.time(), time.process_time()
    await asyncio.gather(*(drive(cid, steps) for cid, steps in work))
    ended, cpu = time.time(), time.process_time() - cpu
    await db.close()
    return {
        "began": began,
        "ended": ended,
        "cpu": cpu,
        "latencies": latencies,
        "conflicts": conflicts,
    }


async def run_workers(specs: list[dict[str, Any]]) -> dict[str, Any]:
    """Start one process per spec, release them together, and merge their figures."""
    procs = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--worker",
            json.dumps(spec),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            cwd=ROOT,
        )
        for spec in specs
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None
            line = await proc.stdout.readline()
            assert line.strip() == b"ready", f"a worker did not start: {line!r}"
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write(b"go\n")
            await proc.stdin.drain()
        results = []
        for proc in procs:
            out, _ = await proc.communicate()
            assert proc.returncode == 0, f"a worker failed ({proc.returncode})"
            results.append(json.loads(out.decode().strip().splitlines()[-1]))
    finally:
        for proc in procs:  # only ours, and only those still running after a failure
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    latencies: dict[str, list[float]] = {}
    for result in results:
        for kind, values in result["latencies"].items():
            latencies.setdefault(kind, []).extend(values)
    return {
        "wall": max(r["ended"] for r in results) - min(r["began"] for r in results),
        "latencies": latencies,
        "conflicts": sum(r["conflicts"] for r in results),
        "cpu": sum(r["cpu"] for r in results),
    }


async def create_campaigns(target: str, count: int) -> list[int]:
    db = await Database.open(target)
    try:
        service = CampaignService(db)
        ids = []
        for i in range(count):
            campaign = await bench_campaign(service, 50_000 + i, f"Load {i}", ["ottoman_piracy"])
            ids.append(campaign.id)
        return ids
    finally:
        await db.close()


async def verify_all(target: str, ids: list[int]) -> str:
    db = await Database.open(target)
    try:
        log = AuditLog(db)
        failed = []
        entries = 0
        for cid in ids:
            verdict = await log.verify(cid)
            entries += verdict.count
            if not verdict.ok:
                failed.append(f"{cid}: {getattr(verdict, 'problem', None)}")
    finally:
        await db.close()
    text = (
        f"verified {len(ids) - len(failed)} campaigns ({entries:,} entries; the load's and "
        "the warm-up campaigns)"
    )
    return text + (f"; FAILED {len(failed)}: {', '.join(failed[:5])}" if failed else "")


async def bench_load(server: postgres.Server, args: argparse.Namespace) -> None:
    n, per = args.load_campaigns, args.commands
    print(
        f"\n== 3. Mixed commands: {n} campaigns x {per} commands, all campaigns in flight "
        f"(turn end every {args.turn_every}; split: {args.split}) =="
    )
    base = {
        "commands": per,
        "turn_every": args.turn_every,
        "seed": args.seed,
        "split": args.split,
    }
    setups: list[tuple[str, str, int]] = []
    urls = []
    with tempfile.TemporaryDirectory() as folder:
        try:
            for processes in (2, 1):
                url = await postgres.fresh_database(server)
                urls.append(url)
                plural = "es" if processes > 1 else ""
                setups.append((f"PostgreSQL, {processes} process{plural}", url, processes))
            setups.append(("SQLite, 1 process", str(Path(folder) / "load.db"), 1))
            rows = []
            for label, target, processes in setups:
                ids = await create_campaigns(target, n + processes)  # + one warm-up each
                pairs = list(enumerate(ids[:n]))
                if processes == 1 or args.split == "commands":
                    shares = [pairs] * processes
                else:
                    shares = [pairs[k::processes] for k in range(processes)]
                specs = [
                    {
                        **base,
                        "target": target,
                        "campaigns": share,
                        "part": k,
                        "parts": processes,
                        "warmup": ids[n + k],
                    }
                    for k, share in enumerate(shares)
                ]
                result = await run_workers(specs)
                rows.append((label, result, await verify_all(target, ids)))
        finally:
            for url in urls:
                await postgres.drop_database(server, url)
    print(
        f"{'':22s} {'commands':>8s} {'wall s':>7s} {'cmd/s':>7s} {'p50 ms':>7s} {'p99 ms':>7s} "
        f"{'bot CPU ms/cmd':>15s}"
    )
    for label, result, _ in rows:
        every = [v for values in result["latencies"].values() for v in values]
        print(
            f"{label:22s} {len(every):8d} {result['wall']:7.1f} {len(every) / result['wall']:7.0f} "
            f"{pct(every, 0.5):7.1f} {pct(every, 0.99):7.1f} "
            f"{result['cpu'] * 1000 / len(every):15.2f}"
        )
    print(
        f"(closed loop, {n} campaigns in flight in all: latency ≈ {n} / throughput; PostgreSQL "
        f"reads have a pool of {READ_POOL} connections, the writes one of {WRITE_POOL})"
    )
    for label, result, verified in rows:
        kinds = ", ".join(
            f"{kind} {len(v)}: p50 {pct(v, 0.5):.1f} / p99 {pct(v, 0.99):.1f}"
            for kind, v in sorted(result["latencies"].items())
        )
        print(f"  {label}: {kinds} ms; conflicts {result['conflicts']}")
        print(f"  {label}: {verified}")


# -- the run ----------------------------------------------------------------------------------


async def describe(server: postgres.Server) -> None:
    conn = await asyncpg.connect(server.url("postgres"))
    try:
        names = ("server_version", "fsync", "synchronous_commit", "shared_buffers")
        shown = [f"{name}={await conn.fetchval(f'SHOW {name}')}" for name in names]
    finally:
        await conn.close()
    print(f"PostgreSQL: {', '.join(shown)}; asyncpg {asyncpg.__version__}")


async def run(args: argparse.Namespace) -> None:
    print(f"CPU reference: sum(range(100)) = {cpu_reference():.2f} µs (≈0.4 on a recent desktop)")
    started = time.perf_counter()
    if args.reuse:
        server = postgres.reopen(Path(args.reuse))
    elif args.keep:
        server = postgres.start(keep=Path(args.keep))
    else:
        server = postgres.Server(args.url) if args.url else postgres.start()
    try:
        await describe(server)
        await postgres.make_template(server)
        parts = {"insert": bench_insert, "history": bench_history, "load": bench_load}
        for name in args.only.split(","):
            await parts[name.strip()](server, args)
        admin = await asyncpg.connect(server.url("postgres"))
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {postgres.TEMPLATE} WITH (FORCE)")
        finally:
            await admin.close()
    finally:
        server.stop()
    print(f"\n(total {time.perf_counter() - started:.0f} s)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", help="a running server (user may create databases)")
    kept = parser.add_mutually_exclusive_group()
    kept.add_argument(
        "--keep",
        metavar="DIR",
        help="make the throwaway cluster in DIR (new or empty) and keep it, stopped, with the "
        "history part's populated log in it, for --reuse",
    )
    kept.add_argument(
        "--reuse",
        metavar="DIR",
        help="start the cluster a --keep run left in DIR and re-measure /history list on its "
        "log (migrated first, nothing loaded; --rows and --campaigns are the kept log's); "
        "only the history part unless --only says more",
    )
    parser.add_argument("--only", help="parts, comma-separated (default insert,history,load)")
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--insert-rows", type=int, default=100_000)
    parser.add_argument("--batch", type=int, default=25_000, help="rolls per turn-end entry")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--rows", type=int, default=1_000_000, help="audit entries (history)")
    parser.add_argument("--campaigns", type=int, default=1000)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--load-campaigns", type=int, default=100)
    parser.add_argument("--commands", type=int, default=30, help="commands per campaign")
    parser.add_argument("--turn-every", type=int, default=15)
    parser.add_argument("--split", choices=("campaigns", "commands"), default="campaigns")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if (args.keep or args.reuse) and args.url:
        parser.error("--keep and --reuse make or start their own cluster: leave out --url")
    if args.only is None:
        args.only = "history" if args.reuse else "insert,history,load"
    if args.worker is not None:
        print(json.dumps(asyncio.run(worker(json.loads(args.worker)))))
        return 0
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
