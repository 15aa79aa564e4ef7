"""Space pirates end of turn for 200 players × 10 routes × 5 planets, with raids and battles.

Run: .venv/bin/python tests/bench/bench_space_pirates.py [--players N] [--repeat N]

Prints engine figures only (no database): the end-of-turn step, then answering every buy-off
offer it waits for (forced to the default, decline, so the battles are fought). A question
pauses the whole resolution (SP-I40, SP-I45), so they come one at a time, each answer carrying
the resolution on to the next player; then both together, as medians over the repetitions.
Target from the issue (for the record, not asserted): the whole `/turn end` in ≤ 2 s on a
2-core machine. Every player has a high streak and guarded routes, so most players are
raided and fight, and planet checks run.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.bench.figures import cpu_reference
from bot.dice import Dice
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates import SpacePiratesSettings
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.models import AttackRecord
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.registry import ShipSpec
from bot.rules.space_pirates.registry import register_planet
from bot.rules.space_pirates.registry import register_route
from bot.rules.space_pirates.turn import end_of_turn
from bot.rules.space_pirates.turn import force_choices
from bot.rulesets import TurnContext

TURN = 20


def build_state(players: int, combat: FleetCombatSettings) -> SpacePiratesState:
    """Each player: 10 routes (income 80…1500, half guarded), 5 planets, streak 12, history."""
    state = SpacePiratesState()
    for p in range(players):
        faction = f"Empire {p:03d}"
        for r in range(10):
            guards = [ShipSpec(owner=faction, ship_class="cruiser")] if r % 2 == 0 else []
            state, _ = register_route(
                state,
                combat,
                name=f"Route {p}-{r}",
                goods=80 + 160 * r,
                owners=[(faction, 100)],
                ships=guards,
            )
        for k in range(5):
            state, _ = register_planet(
                state,
                combat,
                owner=faction,
                name=f"Planet {p}-{k}",
                income=300 + 100 * k,
                population=1000,
                troops=k,
                buildings=3,
                cover_buildings=k % 2 == 0,
                orbital_ships=[ShipSpec(owner=faction, ship_class="destroyer")] if k > 2 else [],
            )
        record = state.player(faction)
        record.streak = 12
        record.history = [
            AttackRecord(
                turn=TURN - 1,
                kind="route",
                target=0,
                value=400,
                fleet=PirateFleet(raiders=4),
                outcome="successful",
            )
        ]
    return state


def one_turn(
    state: SpacePiratesState, settings: SpacePiratesSettings, seed: int
) -> tuple[float, float, int, int]:
    """Seconds for the end-of-turn step and for answering its offers; raids and battles."""
    dice = Dice.seeded(seed)
    start = time.perf_counter()
    result = end_of_turn(TurnContext(state, settings, TURN, dice))
    step = time.perf_counter() - start
    current = result.state
    assert isinstance(current, SpacePiratesState)
    offers = battles = 0
    start = time.perf_counter()
    while current.waiting:
        choices = [w.choice_id for w in current.waiting]
        answered = force_choices(current, settings, choices, dice)
        current = answered.state
        offers += len(choices)
        battles += sum(1 for r in answered.archive if r.key.endswith("/battle") and r.seq == 1)
    answers = time.perf_counter() - start
    return step, answers, offers, battles


def main() -> None:
    """Print the medians."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    combat = FleetCombatSettings()
    settings = SpacePiratesSettings()
    state = build_state(args.players, combat)
    runs = [one_turn(state, settings, seed) for seed in range(args.repeat)]
    steps = [r[0] for r in runs]
    answers = [r[1] for r in runs]
    totals = [r[0] + r[1] for r in runs]
    print(f"cpu reference: {cpu_reference():.3f} µs for sum(range(100))")
    print(f"players {args.players}, routes {args.players * 10}, planets {args.players * 5}")
    print(f"offers (raids) per turn: {statistics.median(r[2] for r in runs):.0f}")
    print(f"battles per turn: {statistics.median(r[3] for r in runs):.0f}")
    print(f"end-of-turn step median: {statistics.median(steps):.3f} s")
    print(f"answering the offers median: {statistics.median(answers):.3f} s")
    print(f"engine total median: {statistics.median(totals):.3f} s")


if __name__ == "__main__":
    main()
