"""Fleet combat end of turn with 1,000 active battles, resolved and audited (batched).

Run: .venv/bin/python tests/bench/bench_fleet_turn.py [--battles N] [--repeat N] [--profile]

Target from the fleet-combat brief (for the record, not asserted): ≤ 0.5 s for the whole
`/turn end` transaction. The scenario and the measurement live in bot/bench/fleet_turn.py
(`python -m bot bench` prints the same figures with fewer repetitions). `--profile` runs
one more end of turn (production dice) under cProfile and prints the top functions.
The last figure is one `/combat order`-like command on the same campaign: a unit of work that
loads the state, records one participant's fire orders and saves it with its audit entry.
The CPU reference line lets figures from different machines be compared.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import statistics
import tempfile
import time
from pathlib import Path

from bot.bench.figures import cpu_reference
from bot.bench.fleet_turn import TURN
from bot.bench.fleet_turn import build_state
from bot.bench.fleet_turn import measure
from bot.bench.fleet_turn import seed_campaigns
from bot.bench.seeding import GM
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import SetFireOrders
from bot.rules.fleet_combat import firing_groups
from bot.rules.fleet_combat import set_fire_orders
from bot.storage.database import Database


async def profile(folder: Path, battles: int) -> None:
    state, mix = build_state(battles, FleetCombatSettings())
    db = await Database.open(folder / "profile.db")
    service, ids = await seed_campaigns(db, state, 1, mix.log)
    service.dice_factory = None  # production dice, derived from the committed turn seed
    profiler = cProfile.Profile()
    profiler.enable()
    await service.end_turn(ids[0], TURN, GM)
    profiler.disable()
    await db.close()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(25)


async def order_command(folder: Path, battles: int, repeat: int) -> list[float]:
    """Seconds of `repeat` `/combat order`-like commands: work + load + set_fire_orders + record."""
    settings = FleetCombatSettings()
    state, mix = build_state(battles, settings)
    battle = next(b for b in state.active_battles() if not b.retreats)
    faction = battle.engaged()[0].faction
    orders = [
        FireOrder(
            ship_class=g.ship_class,
            targets=[FireTarget(opponent=t.opponent, target_class=t.target_class)],
        )
        for g in firing_groups(state, settings, battle.id, faction)
        for t in g.legal_targets[:1]
    ]
    command = SetFireOrders(battle_id=battle.id, faction=faction, orders=orders)
    db = await Database.open(folder / "order.db")
    service, ids = await seed_campaigns(db, state, 1, mix.log)
    del state
    seconds: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        async with service.work(ids[0], GM) as uow:
            loaded, loaded_settings = await uow.load(SPEC.key)
            outcome = set_fire_orders(loaded, loaded_settings, command)
            await uow.record(SPEC.key, "combat order", outcome.state, lines=outcome.lines)
        seconds.append(time.perf_counter() - start)
    await db.close()
    return seconds


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        figures, mix = await measure(Path(tmp), args.battles, args.repeat)
        print(
            f"Campaign: {mix.active_battles:,} active battles ({mix.large_battles} with 10–24 "
            f"ships a side, the rest 2–6; {mix.three_way} three-way), "
            f"{mix.ships_in_battles:,} ships in them; {mix.finished_battles} finished battles "
            f"and {mix.idle_fleets} idle fleets kept in the state "
            f"({figures['fleet_turn_state_kb']:,.0f} KB JSON)"
        )
        rounds = ", ".join(f"r{k}: {v}" for k, v in sorted(mix.by_next_round.items()))
        print(
            f"Next round by battle: {rounds}; {mix.orders} participants with fire orders, "
            f"{mix.retreats} retreats announced (build {figures['fleet_turn_build_s']:.1f} s)"
        )
        print(
            f"One end of turn: {figures['fleet_turn_rolls']:,.0f} audited rolls, "
            f"{figures['fleet_turn_lines']:,.0f} summary lines, "
            f"{figures['fleet_turn_embeds']:.0f} embeds"
        )
        print(f"\n== CampaignService.end_turn, median of {args.repeat} (target ≤ 500 ms) ==")
        print(
            f"total        {figures['fleet_turn_total_ms']:8.1f} ms "
            f"(best {figures['fleet_turn_total_min_ms']:.1f})"
        )
        for key, label in (
            ("step", "ruleset step (end_of_turn: rounds + lines + outcome)"),
            ("load", "storage: load state (JSON → models)"),
            ("save", "storage: save state (models → JSON, UPDATE)"),
            ("archive", "storage: round reports to the battle logs (JSON, batched INSERT)"),
            ("append", "storage: audit entries + rolls (hash, batched INSERT)"),
            ("other", "storage: rest of the transaction (BEGIN, campaign row, COMMIT)"),
        ):
            print(f"  {figures[f'fleet_turn_{key}_ms']:8.1f} ms  {label}")
        print(
            f"  {figures['fleet_turn_gc_after_ms']:8.1f} ms  after it: the garbage collection "
            "paused during the transaction (paid once, later)"
        )
        print("\n== Summary rendering (after the transaction, as the cog does) ==")
        print(f"  {figures['fleet_turn_render_en_ms']:8.1f} ms  English lines + embeds")
        print(f"  {figures['fleet_turn_render_ru_ms']:8.1f} ms  Russian lines + embeds")
        order = await order_command(Path(tmp), args.battles, args.repeat)
        print("\n== One /combat order on the same campaign (load, set_fire_orders, record) ==")
        print(
            f"  {statistics.median(order) * 1000:8.1f} ms  median of {args.repeat} "
            f"(best {min(order) * 1000:.1f}), collector running as usual"
        )
        if args.profile:
            await profile(Path(tmp), args.battles)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--battles", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    print(f"CPU reference: sum(range(100)) = {cpu_reference():.2f} µs (≈0.4 on a recent desktop)")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
