"""The outbox's size after N turns with and without pruning, and how fast pruning goes.

Run: .venv/bin/python tests/bench/bench_outbox_prune.py [--campaigns N] [--turns T]
     [--posts P] [--postgresql] [--url postgresql://…]

Each campaign plays one turn a day for `turns` days; every turn the bot posts `posts`
messages in it (an embed of some 1 KB, as a roll or a report), one of them a question with
buttons whose choice the next turn answers. Two databases play the same days: one never
pruned, one pruned after each day as the scheduler's sweeps do (`outbox.prune` batches until
one comes back short; a day has 1,440 sweeps of `PRUNE_ROUNDS` batches, far more than it
needs). Printed, not asserted: rows and file size at the end in both, rows pruned per
second and the slowest batch. SQLite's file does not shrink (freed pages are reused, so it
stops growing): the space its pages in use take is printed beside it. With `--postgresql`
the same runs on PostgreSQL too, on a throwaway cluster (tests/postgres.py) or the server
`--url` names (whose user may create databases); its size is the table's with its indexes,
vacuumed after each day as autovacuum would (it lets later rows reuse what pruning freed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
import time
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import asyncpg  # noqa: E402

from bot.bench.figures import cpu_reference  # noqa: E402
from bot.bench.figures import rss_mb  # noqa: E402
from bot.storage import outbox  # noqa: E402
from bot.storage.database import Database  # noqa: E402
from bot.storage.sql import inserted_id  # noqa: E402
from tests import postgres  # noqa: E402

START = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)
TEXT = "The fleet sails past the cape; the wind holds and the watch sees no sail. " * 14


def body(choice: int | None) -> str:
    """A post as the outbox stores it: an embed, and the buttons of `choice` when given."""
    payload: dict[str, object] = {
        "locale": "en-US",
        "content": None,
        "embeds": [{"title": "Turn report", "description": TEXT, "color": 3447003}],
        "components": [],
        "allowed_mentions": {"parse": []},
    }
    if choice is not None:
        payload["components"] = [
            {
                "type": 1,
                "components": [
                    {"type": 2, "style": 1, "label": "Pay", "custom_id": f"x:choice:{choice}:pay"},
                    {"type": 2, "style": 2, "label": "Sneak", "custom_id": f"x:choice:{choice}:go"},
                ],
            }
        ]
    return json.dumps(payload, separators=(",", ":"))


async def campaigns_in(db: Database, count: int) -> list[int]:
    ids = []
    async with db.transaction() as conn:
        for i in range(count):
            cursor = await conn.execute(
                "INSERT INTO campaigns (guild_id, channel_id, name, rulesets, created_by, "
                "log_head, created_at) VALUES (?, ?, ?, '[]', 1, '', '') RETURNING id",
                (10 + i, 1000 + i, f"Bench {i}"),
            )
            ids.append(await inserted_id(cursor))
    return ids


async def play_day(db: Database, campaigns: list[int], day: int, posts: int) -> None:
    """One turn in every campaign: yesterday's question answered (by the day's entry number,
    as a command closes it), `posts` messages posted (the first asks today's question)."""
    sent = outbox.sent_before(START + timedelta(days=day))
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET status = 'done', resolved_at = ?, closed_seq = ? "
            "WHERE status = 'open'",
            (sent, day + 1),
        )
        rows = []
        for campaign in campaigns:
            cursor = await conn.execute(
                "INSERT INTO pending_choices (campaign_id, ruleset, kind, payload, created_at) "
                "VALUES (?, 'bench', 'toll', '{}', ?) RETURNING id",
                (campaign, sent),
            )
            choice = await inserted_id(cursor)
            rows.append((campaign, choice, body(choice), sent, sent, 1))
            plain = body(None)
            rows.extend((campaign, None, plain, sent, sent, 1) for _ in range(posts - 1))
        await conn.executemany(
            "INSERT INTO outbox (campaign_id, channel_id, choice_id, payload, created_at, "
            "sent_at, message_id) VALUES (?, 7, ?, ?, ?, ?, ?)",
            rows,
        )


async def size(db: Database) -> str:
    """Rows in the outbox and the space they take."""
    rows = await db.fetchone("SELECT count(*) FROM outbox")
    assert rows is not None
    if db.dialect == "postgresql":
        used = await db.fetchone("SELECT pg_total_relation_size('outbox')")
        assert used is not None
        return f"{rows[0]} rows kept, outbox table {int(used[0]) / 1e6:.1f} MB"
    pages = await db.fetchone(
        "SELECT page_count, freelist_count, page_size FROM pragma_page_count(), "
        "pragma_freelist_count(), pragma_page_size()"
    )
    assert pages is not None
    total, free, page = (int(v) for v in pages)
    return (
        f"{rows[0]} rows kept, file {total * page / 1e6:.1f} MB "
        f"({(total - free) * page / 1e6:.1f} MB in use)"
    )


async def run(target: Path | str, campaigns: int, turns: int, posts: int, prune: bool) -> None:
    db = await Database.open(target)
    ids = await campaigns_in(db, campaigns)
    pruned = batches = 0
    pruning = slowest = 0.0
    for day in range(turns):
        await play_day(db, ids, day, posts)
        if not prune:
            continue
        now = START + timedelta(days=day, hours=1)
        for _ in range(1440 * 4):
            began = time.perf_counter()
            batch = await outbox.prune(db, now)
            took = time.perf_counter() - began
            pruning += took
            slowest = max(slowest, took)
            pruned += batch
            batches += 1
            if batch < outbox.PRUNE_BATCH:
                break
        if isinstance(target, str):
            vacuum = await asyncpg.connect(target)
            try:
                await vacuum.execute("VACUUM outbox")
            finally:
                await vacuum.close()
    kept = await size(db)
    await db.close()
    print(f"{db.dialect}, {'pruned' if prune else 'never pruned'}: {kept}")
    if prune and pruning:
        print(
            f"  {pruned} rows pruned in {batches} batches: {pruned / pruning:,.0f} rows/s, "
            f"slowest batch {slowest * 1000:.1f} ms"
        )


async def on_postgresql(args: argparse.Namespace) -> None:
    server = postgres.Server(args.url) if args.url else postgres.start()
    try:
        for prune in (False, True):
            url = await postgres.fresh_database(server, template="template0")
            try:
                await run(url, args.campaigns, args.turns, args.posts, prune)
            finally:
                await postgres.drop_database(server, url)
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--campaigns", type=int, default=200)
    parser.add_argument("--turns", type=int, default=60)
    parser.add_argument("--posts", type=int, default=20)
    parser.add_argument("--postgresql", action="store_true")
    parser.add_argument("--url", default=None)
    args = parser.parse_args()
    print(
        f"campaigns: {args.campaigns}, turns (days): {args.turns}, posts a turn: {args.posts}, "
        f"kept for {outbox.KEEP_SENT.days} days"
    )
    with tempfile.TemporaryDirectory() as folder:
        for prune in (False, True):
            target = Path(folder) / f"outbox-{prune}.db"
            asyncio.run(run(target, args.campaigns, args.turns, args.posts, prune))
    if args.postgresql or args.url:
        asyncio.run(on_postgresql(args))
    print(f"RSS {rss_mb():.0f} MB · CPU reference {cpu_reference():.2f} µs")


if __name__ == "__main__":
    main()
