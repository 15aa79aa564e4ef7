"""`python -m bot bench`: print speed and memory figures (no assertions; targets beside them).

Parts: audit append per command, batched end-of-turn insert, `/history list` at 1M rows,
a fleet combat end of turn with 1,000 active battles (bot/bench/fleet_turn.py), resident
memory of the running bot, and full-stack latency through the local stand-in.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from collections.abc import Callable
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

from bot.bench.figures import cpu_reference
from bot.bench.seeding import GM
from bot.bench.seeding import bench_campaign
from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.dice import RollRecord
from bot.storage import history
from bot.storage.bulk import fill_log
from bot.storage.database import Database


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def bench_append(folder: Path, commands: int) -> dict[str, float]:
    """Commands that each roll 2d6 (production dice, derived) and append one entry: entries/s."""
    db = await Database.open(folder / "append.db")
    service = CampaignService(db)
    campaign = await bench_campaign(service, 1, "bench")
    start = time.perf_counter()
    for _ in range(commands):
        async with service.work(campaign.id, GM) as uow:
            uow.dice.roll(2, 6, "bench")
            await uow.append("roll", options={"dice": "2d6"}, outcome={"summary": "bench"})
    elapsed = time.perf_counter() - start
    await db.close()
    return {"audit_append_entries_per_s": commands / elapsed}


async def bench_batched_insert(folder: Path, rows: int) -> dict[str, float]:
    """One end-of-turn entry carrying `rows` rolls, inserted in one transaction: rows/s."""
    db = await Database.open(folder / "batch.db")
    service = CampaignService(db, dice_factory=lambda: Dice.seeded(2))
    campaign = await bench_campaign(service, 1, "bench")
    records = [
        RollRecord(
            purpose="volley",
            clause="FC-5.10",
            notation="3d6",
            sides=6,
            faces=(1, 4, 6),
            total=11,
            target=">=5",
            successes=1,
        )
    ] * rows
    start = time.perf_counter()
    async with service.work(campaign.id, GM) as uow:
        await uow.append("turn end", outcome={"battles": rows}, rolls=records)
    elapsed = time.perf_counter() - start
    await db.close()
    return {"batched_insert_rows_per_s": rows / elapsed}


async def bench_history(db: Database, campaign_id: int, queries: int) -> dict[str, float]:
    """p50/p95 of one `/history list` page (11 rows with their rolls), with and without filters."""
    filters = [
        history.HistoryFilter(),
        history.HistoryFilter(actor_id=103),
        history.HistoryFilter(ruleset="core"),
        history.HistoryFilter(turn=300),
    ]
    timings: list[float] = []
    for i in range(queries):
        flt = filters[i % len(filters)]
        before = None if i % 2 else 400_000 - i
        start = time.perf_counter()
        await history.page(db, campaign_id, flt, before_seq=before, limit=11)
        timings.append((time.perf_counter() - start) * 1000)
    return {
        "history_list_p50_ms": statistics.median(timings),
        "history_list_p95_ms": _pct(timings, 0.95),
    }


async def run(args: argparse.Namespace) -> dict[str, float]:
    """Run the chosen parts; returns the figures."""
    figures: dict[str, float] = {"cpu_reference_us": cpu_reference()}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        figures |= await bench_append(folder, args.commands)
        figures |= await bench_batched_insert(folder, args.batch_rows)
        if args.fleet_battles:
            figures |= await bench_fleet_turn(folder, args.fleet_battles)
        db = await Database.open(folder / "history.db")
        start = time.perf_counter()
        await fill_log(db, 100, args.rows)
        figures["fill_seconds"] = time.perf_counter() - start
        figures |= await bench_history(db, 1, args.queries)
        await db.close()
        if not args.no_bot:
            figures |= await bench_running_bot(folder / "history.db", args.latency_commands)
    return figures


async def bench_fleet_turn(folder: Path, battles: int) -> dict[str, float]:
    """`/turn end` of a campaign with `battles` active fleet battles: median of 3, split."""
    from bot.bench.fleet_turn import measure

    figures, _ = await measure(folder, battles, repeat=3)
    keep = ("total", "step", "load", "save", "archive", "append", "other", "gc_after", "render_en")
    return {f"fleet_turn_{k}_ms": figures[f"fleet_turn_{k}_ms"] for k in keep} | {
        "fleet_turn_rolls": figures["fleet_turn_rolls"]
    }


async def bench_running_bot(db_path: Path, commands: int) -> dict[str, float]:
    """Start the real bot on the stand-in over the filled database; RSS and command latency."""
    from bot.bench.standin import measure

    return await measure(db_path, commands)


TARGETS = {
    "cpu_reference_us": "sum(range(100)); about 0.4 on a recent desktop",
    "fleet_turn_total_ms": "target <= 500 ms (1,000 battles, resolved and audited)",
    "fleet_turn_step_ms": "ruleset step",
    "fleet_turn_load_ms": "storage: load state",
    "fleet_turn_save_ms": "storage: save state",
    "fleet_turn_archive_ms": "storage: round reports to the battle logs",
    "fleet_turn_append_ms": "storage: audit entries and rolls",
    "fleet_turn_other_ms": "storage: rest of the transaction",
    "fleet_turn_gc_after_ms": "garbage collection deferred past the transaction",
    "fleet_turn_render_en_ms": "summary rendering (English lines + embeds)",
    "audit_append_entries_per_s": "",
    "batched_insert_rows_per_s": "target >= 150000",
    "history_list_p50_ms": "",
    "history_list_p95_ms": "target <= 1 ms",
    "bot_rss_mb": "target <= 150 MB",
    "roll_p99_ms": "target <= 50 ms",
    "history_list_cmd_p99_ms": "target <= 50 ms",
}


def main(argv: list[str]) -> int:
    """Parse options, run, print one line per figure."""
    parser = argparse.ArgumentParser(prog="python -m bot bench")
    parser.add_argument("--rows", type=int, default=1_000_000, help="audit rows for history")
    parser.add_argument("--commands", type=int, default=2000, help="commands for append")
    parser.add_argument("--batch-rows", type=int, default=200_000, help="rows in one batch")
    parser.add_argument("--queries", type=int, default=2000, help="history queries")
    parser.add_argument("--latency-commands", type=int, default=1000)
    parser.add_argument(
        "--fleet-battles", type=int, default=1000, help="active battles at end of turn (0: skip)"
    )
    parser.add_argument("--no-bot", action="store_true", help="skip the running-bot figures")
    args = parser.parse_args(argv)
    runner: Callable[[], Coroutine[Any, Any, dict[str, float]]] = lambda: run(args)  # noqa: E731
    figures = asyncio.run(runner())
    for name, value in figures.items():
        print(f"{name:32s} {value:14.3f}  {TARGETS.get(name, '')}")  # noqa: T201
    return 0
