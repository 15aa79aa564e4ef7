"""Fleet combat benchmark: exact odds, Monte Carlo odds and the round engine. Prints figures.

Run: .venv/bin/python tests/bench/bench_fleet_combat.py [--quick]

Targets from the brief (for the record, not asserted): exact odds for up to 24 ships a side
in ≤ 10 ms and 48 in ≤ 100 ms (median); Monte Carlo ≥ 100k battles/s in pure Python.
The CPU reference line lets figures from different machines be compared.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
import timeit

from bot.dice import Dice
from bot.rules.fleet_combat import (
    DeclareAttack,
    FleetCombatSettings,
    FleetCombatState,
    RegisterFleet,
    combat_odds,
    declare_attack,
    fight_automatic,
    fleet_from_counts,
    register_fleet,
    resolve_round,
)
from bot.rules.fleet_combat.odds import estimated_states

SETTINGS = FleetCombatSettings()

EXACT_SHAPES = [
    ("24 fighters v 24 fighters", {"fighter": 24}, {"fighter": 24}),
    ("24 destroyers v 24 destroyers", {"destroyer": 24}, {"destroyer": 24}),
    ("24 destroyers v 24 fighters", {"destroyer": 24}, {"fighter": 24}),
    ("24 cruisers v 24 cruisers", {"cruiser": 24}, {"cruiser": 24}),
    ("24 dreadnoughts v 24 dreadnoughts", {"dreadnought": 24}, {"dreadnought": 24}),
    (
        "16 destroyers + 8 cruisers v 20 fighters + 4 dreadnoughts",
        {"destroyer": 16, "cruiser": 8},
        {"fighter": 20, "dreadnought": 4},
    ),
    ("48 fighters v 48 fighters", {"fighter": 48}, {"fighter": 48}),
    ("48 destroyers v 48 destroyers", {"destroyer": 48}, {"destroyer": 48}),
    ("48 cruisers v 48 destroyers", {"cruiser": 48}, {"destroyer": 48}),
]

MONTE_CARLO_SHAPES = [
    (
        "3 cruisers + 2 destroyers v dreadnought + 4 fighters",
        {"cruiser": 3, "destroyer": 2},
        {"dreadnought": 1, "fighter": 4},
        True,
    ),
    ("24 fighters v 24 fighters", {"fighter": 24}, {"fighter": 24}, True),
    (
        "16 destroyers + 8 cruisers v 20 fighters + 4 dreadnoughts",
        {"destroyer": 16, "cruiser": 8},
        {"fighter": 20, "dreadnought": 4},
        True,
    ),
    (
        "24 mixed v 24 mixed (6 classes)",
        {"fighter": 8, "destroyer": 6, "cruiser": 4, "carrier": 2, "dreadnought": 3, "war_sun": 1},
        {"fighter": 6, "destroyer": 8, "cruiser": 5, "carrier": 1, "dreadnought": 2, "war_sun": 2},
        False,
    ),
]


def cpu_reference() -> float:
    """Microseconds for sum(range(100)): about 0.4 on a recent desktop CPU."""
    return min(timeit.repeat("sum(range(100))", number=100_000, repeat=5)) / 100_000 * 1e6


def median_ms(run: object, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3


def bench_exact(quick: bool) -> None:
    print("\n== Exact odds (dynamic programming, floats) ==")
    for label, a, b in EXACT_SHAPES:
        fleet_a, fleet_b = fleet_from_counts("A", a), fleet_from_counts("B", b)
        states = estimated_states(fleet_a, fleet_b, SETTINGS)
        if quick and states > 10_000:
            continue
        result = combat_odds(fleet_a, fleet_b, SETTINGS, method="exact")
        repeat = 3 if states > 20_000 else 9
        ms = median_ms(
            lambda a=fleet_a, b=fleet_b: combat_odds(a, b, SETTINGS, method="exact"), repeat
        )
        print(
            f"{label:58s} states {result.states:>7,}  median {ms:9.1f} ms   "
            f"A {result.a_wins:.4f} B {result.b_wins:.4f} draw {result.draw:.4f}"
        )


def bench_monte_carlo(quick: bool) -> None:
    battles = 50_000 if quick else 200_000
    print(f"\n== Monte Carlo odds ({battles:,} battles, seed 1) ==")
    for label, a, b, compare in MONTE_CARLO_SHAPES:
        fleet_a, fleet_b = fleet_from_counts("A", a), fleet_from_counts("B", b)
        start = time.perf_counter()
        sampled = combat_odds(
            fleet_a, fleet_b, SETTINGS, method="monte_carlo", battles=battles, seed=1
        )
        elapsed = time.perf_counter() - start
        line = (
            f"{label:58s} {battles / elapsed:>9,.0f} battles/s  "
            f"A {sampled.a_wins:.4f} ± {sampled.standard_errors['a_wins']:.4f}"
        )
        if compare and not (quick and estimated_states(fleet_a, fleet_b, SETTINGS) > 10_000):
            exact = combat_odds(fleet_a, fleet_b, SETTINGS, method="exact")
            worst = max(
                abs(getattr(sampled, k) - getattr(exact, k))
                / max(sampled.standard_errors[k], 1e-12)
                for k in ("a_wins", "b_wins", "draw")
            )
            line += f"   exact A {exact.a_wins:.4f}; worst gap {worst:.2f} SE"
        print(line)


def bench_engine(quick: bool) -> None:
    print("\n== Round engine (real rules, audited dice) ==")
    fleet_a = fleet_from_counts("A", {"cruiser": 3, "destroyer": 2})
    fleet_b = fleet_from_counts("B", {"dreadnought": 1, "fighter": 4})
    battles = 300 if quick else 1000
    start = time.perf_counter()
    rounds = sum(
        fight_automatic(fleet_a, fleet_b, SETTINGS, Dice.seeded(seed)).rounds_fought
        for seed in range(battles)
    )
    elapsed = time.perf_counter() - start
    print(
        f"fight_automatic, 5 v 5 ships: {battles / elapsed:,.0f} battles/s, "
        f"{rounds / elapsed:,.0f} rounds/s"
    )
    state = FleetCombatState()
    for faction, ships in (
        ("A", {"cruiser": 12, "destroyer": 12}),
        ("B", {"fighter": 20, "dreadnought": 4}),
    ):
        state = register_fleet(
            state, SETTINGS, RegisterFleet(faction=faction, point="P", ships=ships)
        ).state
    state = declare_attack(
        state, SETTINGS, DeclareAttack(attacker="A", targets=["B"], point="P", turn=1)
    ).state
    dice = Dice.seeded(1)
    ms = median_ms(lambda: resolve_round(state, SETTINGS, 1, dice), 50)
    print(f"resolve_round, 24 v 24 ships (state copy included): median {ms:.2f} ms")


def bench_agreement(quick: bool) -> None:
    print("\n== Exact vs real engine (seeded dice) ==")
    fleet_a = fleet_from_counts("A", {"cruiser": 3, "destroyer": 2})
    fleet_b = fleet_from_counts("B", {"dreadnought": 1, "fighter": 4})
    exact = combat_odds(fleet_a, fleet_b, SETTINGS, method="exact")
    battles = 1000 if quick else 5000
    wins = sum(
        fight_automatic(fleet_a, fleet_b, SETTINGS, Dice.seeded(seed)).winning_side == "A"
        for seed in range(battles)
    )
    error = math.sqrt(exact.a_wins * (1 - exact.a_wins) / battles)
    print(
        f"P(A wins): exact {exact.a_wins:.4f}, engine {wins / battles:.4f} over {battles:,} "
        f"battles ({(wins / battles - exact.a_wins) / error:+.2f} SE)"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    print(f"CPU reference: sum(range(100)) = {cpu_reference():.2f} µs (≈0.4 on a recent desktop)")
    bench_exact(quick)
    bench_monte_carlo(quick)
    bench_engine(quick)
    bench_agreement(quick)


if __name__ == "__main__":
    main()
