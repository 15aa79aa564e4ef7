"""Space pirates end of turn through `CampaignService.end_turn`: 200 players × 10 routes ×
5 planets in a temp-file SQLite campaign (space pirates and fleet combat enabled), resolved,
audited and summarised (the lines rendered into embeds in English and Russian); then the
GM forcing every buy-off in one unit of work, as `/pirates force rest:true` does, so the
battles are fought and archived. Prints medians; asserts nothing.

    .venv/bin/python tests/bench/bench_space_pirates_stack.py [--players 200] [--repeat 3]

Target from the issue (for the record): the end of turn in ≤ 2 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_space_pirates import TURN
from bench_space_pirates import build_state

from bot import fair_turns
from bot.bench.figures import cpu_reference
from bot.bench.fleet_turn import render_summary
from bot.bench.seeding import GM
from bot.bench.seeding import bench_campaign
from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates import SPEC
from bot.rules.space_pirates import force_choices
from bot.rules.space_pirates.models import SpacePiratesState
from bot.storage.database import Database


async def seed(service: CampaignService, state: SpacePiratesState, copy: int) -> int:
    """One campaign at turn `TURN` holding `state`, every empire a faction."""
    campaign = await bench_campaign(
        service, 20_000 + copy, f"pirates {copy}", [SPEC.key, "fleet_combat"]
    )
    owners = sorted({p.owner for p in state.planets})
    async with service.work(campaign.id, GM) as uow:
        for i, faction in enumerate(owners):
            await uow.writes.add_faction(campaign.id, faction, 1000 + i)
        await uow.writes.set_turn(campaign.id, TURN)
        await uow.load(SPEC.key)
        await uow.record(
            SPEC.key,
            "bench setup",
            state,
            outcome=await fair_turns.commit_turn(uow.conn, campaign.id, TURN),
        )
    return campaign.id


async def force_all(service: CampaignService, campaign_id: int, seed_n: int) -> tuple[int, int]:
    """The GM's `/pirates force rest:true`: every buy-off at its default, one after another
    as the resolution comes to them (SP-I40), battles fought."""
    async with service.work(campaign_id, GM) as uow:
        state, settings = await uow.load(SPEC)
        ids = [w.choice_id for w in state.waiting]
        if not ids:
            return 0, 0
        outcome = force_choices(
            state,
            settings,
            ids,
            Dice.seeded(seed_n),
            combat=FleetCombatSettings(),
            to_the_end=True,
        )
        await uow.archive(SPEC.key, outcome.archive)
        await uow.record(SPEC.key, "pirates force", outcome.state, lines=outcome.lines)
    battles = sum(1 for r in outcome.archive if r.key.endswith("/battle") and r.seq == 1)
    resolved = {"successful", "defender_victory", "stalemate", "failed", "bought_off"}
    attacks = sum(1 for r in outcome.outcome.get("raids", []) if r["outcome"] in resolved)
    return attacks, battles


async def run(players: int, repeat: int) -> None:
    """Build, seed `repeat` copies, time each end of turn and each force."""
    state = build_state(players, FleetCombatSettings())
    with tempfile.TemporaryDirectory() as folder:
        db = await Database.open(Path(folder) / "pirates.db")
        service = CampaignService(db)
        ids = [await seed(service, state, copy) for copy in range(repeat)]
        ends: list[float] = []
        forces: list[float] = []
        offers = battles = lines = 0
        for index, campaign_id in enumerate(ids):
            service.dice_factory = lambda index=index: Dice.seeded(index)  # type: ignore[misc]
            start = time.perf_counter()
            report = await service.end_turn(campaign_id, TURN, GM)
            render_summary(report, "en")
            render_summary(report, "ru")
            ends.append(time.perf_counter() - start)
            lines = sum(len(s.lines) for s in report.summaries)
            start = time.perf_counter()
            offers, battles = await force_all(service, campaign_id, index)
            forces.append(time.perf_counter() - start)
        await db.close()
    print(f"cpu reference: {cpu_reference():.3f} µs for sum(range(100))")
    print(f"players {players}, routes {players * 10}, planets {players * 5}")
    print(f"summary lines: {lines}; attacks answered by force: {offers}; battles fought: {battles}")
    print(f"/turn end (resolved, audited, summarised) median: {statistics.median(ends):.3f} s")
    print(f"/pirates force (every battle) median: {statistics.median(forces):.3f} s")
    totals = [a + b for a, b in zip(ends, forces, strict=True)]
    print(f"both median: {statistics.median(totals):.3f} s (target ≤ 2 s for the end of turn)")


def main() -> None:
    """Parse the options and print the figures."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    asyncio.run(run(args.players, args.repeat))


if __name__ == "__main__":
    main()
