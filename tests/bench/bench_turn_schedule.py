"""The turn scheduler's sweep over 10,000 campaigns with deadlines (issue 17).

Run: .venv/bin/python tests/bench/bench_turn_schedule.py [--campaigns N] [--hours H]

Deadlines are spread evenly over the next `hours` (default 48) with the default reminder
points (24 h and 1 h before); each campaign waits for one player's choice. The bot's step is
repeated for every minute of the schedule: claim what fell due (`TurnFlow.sweep`), render
each announcement and mark it posted (the Discord request itself is not timed). Printed:
event-loop time per minute of schedule (CPU time of the loop's thread: SQLite runs on its
own thread), mean and worst, and the wall time. Target (issue 17, not asserted): ≤ 200 ms
of event-loop time per minute.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.bench.figures import cpu_reference, rss_mb
from bot.campaigns import CampaignService
from bot.rules.fleet_combat import SPEC
from bot.storage.bulk import fill_deadlines
from bot.storage.database import Database
from bot.turn_flow import TurnFlow
from cogs.turn import announcement

START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


async def run(folder: Path, campaigns: int, hours: int) -> None:
    db = await Database.open(folder / "schedule.db")
    set_at = int(START.timestamp())
    span = hours * 3600
    deadlines = [set_at + 60 + (span * i) // campaigns for i in range(campaigns)]
    state = (
        SPEC.key,
        SPEC.schema_version,
        SPEC.state_model().model_dump_json(),
        SPEC.settings_model().model_dump_json(),
    )
    await fill_deadlines(db, deadlines, set_at=set_at, ruleset=state, player_id=42)
    flow = TurnFlow(CampaignService(db))
    loop_ms: list[float] = []
    wall_ms: list[float] = []
    posted = 0
    for minute in range(1, hours * 60 + 2):
        now = START + timedelta(minutes=minute)
        wall, cpu = time.perf_counter(), time.thread_time()
        result = await flow.sweep(now)
        for post in await flow.unposted():
            announcement(post, "en-US")
            await flow.mark_posted(post.id)
            posted += 1
        loop_ms.append((time.thread_time() - cpu) * 1000)
        wall_ms.append((time.perf_counter() - wall) * 1000)
        assert not result.ends
    await db.close()
    print(f"campaigns with deadlines: {campaigns}, schedule: {hours} h, posts: {posted}")
    print(
        f"event-loop time per minute of schedule: mean {statistics.mean(loop_ms):.2f} ms, "
        f"worst {max(loop_ms):.2f} ms (target ≤ 200 ms)"
    )
    print(
        f"wall time per minute of schedule: mean {statistics.mean(wall_ms):.2f} ms, "
        f"worst {max(wall_ms):.2f} ms"
    )
    print(f"RSS {rss_mb():.0f} MB · CPU reference {cpu_reference():.2f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--campaigns", type=int, default=10_000)
    parser.add_argument("--hours", type=int, default=48)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(Path(folder), args.campaigns, args.hours))


if __name__ == "__main__":
    main()
