"""Naval orders `/turn end` through the real path for 50 players × 20 forces (1,000 forces, a
third of them raiding or cruising). Prints figures; asserts nothing (target ≤ 0.5 s).

Run: .venv/bin/python tests/bench/bench_naval_orders_stack.py [--players N] [--forces N]
     [--repeat N]

Each run ends turn 10 of its own copy of the same campaign (a temp-file SQLite database)
with `CampaignService.end_turn`: the ruleset's step, its raid rolls through the audited
roller, the archive of completed orders, the state saved and the audit entry written, in
one transaction. Then the summary is rendered as the cog sends it: lines in the reader's
language, spread over embeds. The forces are those of bench_naval_orders.py (`build_state`).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import statistics
import tempfile
import time
from pathlib import Path

from bench_naval_orders import TURN
from bench_naval_orders import build_state

from bot.bench.figures import cpu_reference
from bot.bench.fleet_turn import render_summary
from bot.bench.seeding import GM
from bot.bench.seeding import bench_campaign
from bot.bench.timing import timed_end_of_turn
from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.rules.naval_orders import SPEC
from bot.rules.naval_orders import NavalOrdersState
from bot.storage.database import Database


async def seed(
    db: Database, state: NavalOrdersState, owners: list[str], copies: int
) -> tuple[CampaignService, list[int]]:
    """`copies` campaigns at turn TURN holding the same naval register and factions."""
    service = CampaignService(db)
    ids = []
    for copy in range(copies):
        campaign = await bench_campaign(service, 20_000 + copy, f"naval turn {copy}", [SPEC.key])
        async with service.work(campaign.id, GM) as uow:
            await uow.conn.executemany(
                "INSERT INTO factions (campaign_id, name, user_id) VALUES (?,?,?)",
                [(campaign.id, owner, 100 + i) for i, owner in enumerate(owners)],
            )
            await uow.conn.execute(
                "UPDATE campaigns SET turn = ? WHERE id = ?", (TURN, campaign.id)
            )
            await uow.load(SPEC)
            await uow.record(SPEC.key, "bench setup", state)
        ids.append(campaign.id)
    return service, ids


async def measure(players: int, forces: int, repeat: int) -> None:
    state = build_state(players, forces)
    owners = sorted({f.owner for f in state.forces.values()})
    active = sum(
        1
        for f in state.forces.values()
        if f.order is not None and f.order.order.kind in ("cruise", "raid")
    )
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "naval_turn.db")
        service, ids = await seed(db, state, owners, repeat + 1)
        totals: list[float] = []
        steps: list[float] = []
        renders: dict[str, list[float]] = {"en": [], "ru": []}
        embeds = lines = rolls = 0
        for index, campaign_id in enumerate(ids):
            service.dice_factory = functools.partial(Dice.seeded, index + 1)
            step_seconds: list[float] = []
            with timed_end_of_turn(SPEC, "cogs.naval_orders", step_seconds.append):
                start = time.perf_counter()
                report = await service.end_turn(campaign_id, TURN, GM)
                total = time.perf_counter() - start
            rendered: dict[str, float] = {}
            for locale in renders:
                start = time.perf_counter()
                embeds = render_summary(report, locale)
                rendered[locale] = time.perf_counter() - start
            if index == 0:
                continue  # warm-up: imports, catalogs, pydantic schemas
            totals.append(total)
            steps.append(sum(step_seconds))
            for locale, seconds in rendered.items():
                renders[locale].append(seconds)
            lines = sum(len(s.lines) for s in report.summaries)
            rolls = sum(s.roll_count for s in report.summaries)
        await db.close()

    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:.1f} ms"

    full = [t + r for t, r in zip(totals, renders["en"], strict=True)]
    print(f"cpu reference: {cpu_reference():.3f} µs for sum(range(100))")
    print(
        f"forces: {len(state.forces)} ({players} players × {forces}); cruising or raiding: {active}"
    )
    print(f"summary lines: {lines}; embeds: {embeds}; dice rolled: {rolls}")
    print(f"end_turn (resolved, audited, saved; median of {repeat}): {ms(totals)}")
    print(f"  of which the naval orders step: {ms(steps)}")
    print(f"render summary: en {ms(renders['en'])}, ru {ms(renders['ru'])}")
    print(f"end of turn + summary (en), median: {ms(full)} (target ≤ 500 ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=50)
    parser.add_argument("--forces", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(measure(args.players, args.forces, args.repeat))


if __name__ == "__main__":
    main()
