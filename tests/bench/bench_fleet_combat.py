"""Fleet combat benchmark: exact odds, Monte Carlo odds and the round engine. Prints figures.

Run: .venv/bin/python tests/bench/bench_fleet_combat.py [--quick]

Targets (for the record, not asserted): exact odds for 24 v 24 of one class ≤ 10 ms and
48 v 48 ≤ 100 ms (median); mixed fleets of up to 12 ships a side with multi-life classes and
wounds ≤ 1 s, `auto` exact whenever exact is predicted within 1 s; Monte Carlo ≥ 500k
battles/s on six-class 24-ship fleets, the default simulation ±0.1 percentage point on
every chance within 1 s; exact odds of the largest fleet `auto` solves exactly under 200 MB.
The CPU reference line and the load average let figures from different machines and
moments be compared (the machine is shared).
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import time
import timeit
import tracemalloc

from bot.dice import Dice
from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RegisterFleet
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import fight_automatic
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat import register_fleet
from bot.rules.fleet_combat import resolve_round
from bot.rules.fleet_combat.odds import DEFAULT_BATTLES
from bot.rules.fleet_combat.odds import estimated_states
from bot.rules.fleet_combat.odds import predicted_exact_seconds
from bot.rules.fleet_combat.odds_model import Model

SETTINGS = FleetCombatSettings()

EXACT_SHAPES = [
    ("24 fighters v 24 fighters", {"fighter": 24}, {"fighter": 24}),
    ("24 destroyers v 24 destroyers", {"destroyer": 24}, {"destroyer": 24}),
    ("24 destroyers v 24 fighters", {"destroyer": 24}, {"fighter": 24}),
    ("24 cruisers v 24 cruisers", {"cruiser": 24}, {"cruiser": 24}),
    ("24 carriers v 24 carriers", {"carrier": 24}, {"carrier": 24}),
    ("24 dreadnoughts v 24 dreadnoughts", {"dreadnought": 24}, {"dreadnought": 24}),
    ("24 war suns v 24 war suns", {"war_sun": 24}, {"war_sun": 24}),
    ("48 fighters v 48 fighters", {"fighter": 48}, {"fighter": 48}),
    ("48 destroyers v 48 destroyers", {"destroyer": 48}, {"destroyer": 48}),
    ("48 cruisers v 48 destroyers", {"cruiser": 48}, {"destroyer": 48}),
    ("48 cruisers v 48 cruisers", {"cruiser": 48}, {"cruiser": 48}),
    ("48 dreadnoughts v 48 dreadnoughts", {"dreadnought": 48}, {"dreadnought": 48}),
    ("48 war suns v 48 war suns", {"war_sun": 48}, {"war_sun": 48}),
]

# The JavaScript exact calculator's figures for the shapes it also solves, measured on the
# benchmark machine (issue 16): the target is to be no slower.
JAVASCRIPT_MS = {
    "24 cruisers v 24 cruisers": 1.9,
    "24 dreadnoughts v 24 dreadnoughts": 7.9,
    "48 fighters v 48 fighters": 11.9,
    "48 cruisers v 48 destroyers": 12.2,
}

# Mixed fleets up to 12 a side, multi-life classes, some wounds: (label, A, B, wounds A, B)
MIXED_SHAPES = [
    (
        "8 cruisers + 4 dreadnoughts v 6 carriers + 6 cruisers",
        {"cruiser": 8, "dreadnought": 4},
        {"carrier": 6, "cruiser": 6},
        {"dreadnought": [1, 2]},
        {"carrier": [2]},
    ),
    (
        "6 fighters + 4 cruisers + 2 war suns v 8 destroyers + 4 dreadnoughts",
        {"fighter": 6, "cruiser": 4, "war_sun": 2},
        {"destroyer": 8, "dreadnought": 4},
        {"war_sun": [3]},
        {"dreadnought": [1]},
    ),
    (
        "4 destroyers + 4 cruisers + 4 dreadnoughts v 4 fighters + 4 carriers + 4 war suns",
        {"destroyer": 4, "cruiser": 4, "dreadnought": 4},
        {"fighter": 4, "carrier": 4, "war_sun": 4},
        {"cruiser": [1]},
        {"war_sun": [2, 1]},
    ),
    (
        "16 destroyers + 8 cruisers v 20 fighters + 4 dreadnoughts",
        {"destroyer": 16, "cruiser": 8},
        {"fighter": 20, "dreadnought": 4},
        {},
        {},
    ),
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


def warm_up() -> None:
    """The compiled loops' one-off cost (importing numba, then compiling them or loading
    them from the cache), paid by a bot's forkserver once: printed, kept out of the figures."""
    start = time.perf_counter()
    fleet_a = fleet_from_counts("A", {"cruiser": 2, "fighter": 1})
    fleet_b = fleet_from_counts("B", {"destroyer": 2})
    combat_odds(fleet_a, fleet_b, SETTINGS, method="exact")
    exact = time.perf_counter() - start
    combat_odds(fleet_a, fleet_b, SETTINGS, method="monte_carlo", battles=100, seed=1)
    simulation = time.perf_counter() - start - exact
    print(
        f"Compiled loops, once per process: numba and the exact loops {exact:.2f} s, "
        f"the simulation loop {simulation:.2f} s (compiled on a fresh machine, else cached)"
    )


def bench_exact(quick: bool) -> None:
    print("\n== Exact odds (dense solver with its compiled row loop, or pure Python; floats) ==")
    for label, a, b in EXACT_SHAPES:
        fleet_a, fleet_b = fleet_from_counts("A", a), fleet_from_counts("B", b)
        states = estimated_states(fleet_a, fleet_b, SETTINGS)
        if quick and states > 20_000:
            continue
        result = combat_odds(fleet_a, fleet_b, SETTINGS, method="exact")
        repeat = 5 if states > 20_000 else 15
        ms = median_ms(
            lambda a=fleet_a, b=fleet_b: combat_odds(a, b, SETTINGS, method="exact"), repeat
        )
        reference = JAVASCRIPT_MS.get(label)
        print(
            f"{label:58s} states {result.states:>7,}  median {ms:9.1f} ms   "
            f"A {result.a_wins:.4f} B {result.b_wins:.4f} draw {result.draw:.4f}"
            + (f"   (JavaScript calculator {reference} ms)" if reference else "")
        )


def bench_auto(quick: bool) -> None:
    print("\n== Mixed fleets: predicted and measured exact time, what `auto` picks ==")
    for label, a, b, wounds_a, wounds_b in MIXED_SHAPES:
        fleet_a = fleet_from_counts("A", a, wounds=wounds_a)
        fleet_b = fleet_from_counts("B", b, wounds=wounds_b)
        predicted = predicted_exact_seconds(Model(SETTINGS, fleet_a, fleet_b, 1e-12), 0)
        start = time.perf_counter()
        picked = combat_odds(fleet_a, fleet_b, SETTINGS).method
        auto_ms = (time.perf_counter() - start) * 1e3
        line = f"{label:82s} predicted {predicted * 1e3:8.0f} ms  auto: {picked} {auto_ms:6.0f} ms"
        if not quick or predicted < 2:
            start = time.perf_counter()
            exact = combat_odds(fleet_a, fleet_b, SETTINGS, method="exact")
            line += (
                f"  exact {(time.perf_counter() - start) * 1e3:7.0f} ms ({exact.states:,} states)"
            )
        print(line)


def bench_memory() -> None:
    print("\n== Peak memory of exact odds (tracemalloc) ==")
    shapes = [(label, a, b, {}, {}) for label, a, b in EXACT_SHAPES[-3:]] + MIXED_SHAPES[:3]
    for label, a, b, wounds_a, wounds_b in shapes:
        fleet_a = fleet_from_counts("A", a, wounds=wounds_a)
        fleet_b = fleet_from_counts("B", b, wounds=wounds_b)
        if predicted_exact_seconds(Model(SETTINGS, fleet_a, fleet_b, 1e-12), 0) > 1.0:
            continue
        tracemalloc.start()
        combat_odds(fleet_a, fleet_b, SETTINGS, method="exact")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{label:82s} peak {peak / 2**20:7.1f} MB")


def bench_monte_carlo(quick: bool) -> None:
    battles = 50_000 if quick else DEFAULT_BATTLES
    print(f"\n== Monte Carlo odds, compiled loop ({battles:,} battles, seed 1) ==")
    for label, a, b, compare in MONTE_CARLO_SHAPES:
        fleet_a, fleet_b = fleet_from_counts("A", a), fleet_from_counts("B", b)
        times = []
        for _ in range(3):
            start = time.perf_counter()
            sampled = combat_odds(
                fleet_a, fleet_b, SETTINGS, method="monte_carlo", battles=battles, seed=1
            )
            times.append(time.perf_counter() - start)
        elapsed = statistics.median(times)
        errors = sampled.standard_errors
        worst_chance = max(errors[k] for k in ("a_wins", "b_wins", "draw"))
        line = (
            f"{label:58s} {battles / elapsed:>9,.0f} battles/s ({elapsed:.2f} s)  "
            f"A {sampled.a_wins:.4f}; largest chance SE {100 * worst_chance:.3f} pp; "
            f"length {sampled.expected_rounds:.2f} ± {errors['expected_rounds']:.3f}"
        )
        if compare and not (quick and estimated_states(fleet_a, fleet_b, SETTINGS) > 10_000):
            exact = combat_odds(fleet_a, fleet_b, SETTINGS, method="exact")
            worst = max(
                abs(getattr(sampled, k) - getattr(exact, k)) / max(errors[k], 1e-12)
                for k in ("a_wins", "b_wins", "draw")
            )
            line += f"   exact A {exact.a_wins:.4f}; worst gap {worst:.2f} SE"
        print(line)
        start = time.perf_counter()
        default = combat_odds(fleet_a, fleet_b, SETTINGS, method="monte_carlo", seed=1)
        elapsed = time.perf_counter() - start
        worst_chance = max(default.standard_errors[k] for k in ("a_wins", "b_wins", "draw"))
        print(
            f"{'   default simulation':58s} {default.battles:>9,} battles in {elapsed:.2f} s; "
            f"largest chance SE {100 * worst_chance:.3f} pp"
        )


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
    print(f"Load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    # numpy's BLAS threads (the `bot` package pins one unless OPENBLAS_NUM_THREADS is
    # set before it loads): extra threads cost the exact method far more on a busy machine
    print(f"BLAS threads: {os.environ.get('OPENBLAS_NUM_THREADS', 'numpy default')}")
    warm_up()
    bench_exact(quick)
    bench_auto(quick)
    bench_memory()
    bench_monte_carlo(quick)
    bench_engine(quick)
    bench_agreement(quick)


if __name__ == "__main__":
    main()
