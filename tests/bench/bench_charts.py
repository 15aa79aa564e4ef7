"""Charts benchmark: render time of each chart of `/combat odds` and `/history stats` (target
≤ 300 ms each), with its size. Prints figures (median and worst of several runs); asserts
nothing.

Run: .venv/bin/python tests/bench/bench_charts.py [--quick]

Times are one render in one process (what a worker of the compute pool does), after a first
warm-up render that loads the fonts: wall time (the target's measure) and this process's CPU
time, which tells a slow chart from a busy shared machine.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from bot.chart_samples import sample_fleets
from bot.chart_samples import sample_odds
from bot.chart_samples import sample_players
from bot.charts import MAX_PLAYERS_PER_CHART
from bot.charts import luck_figure
from bot.charts import odds_figure
from bot.charts import png
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fleet_from_counts

TARGET_MS = 300.0


def odds_case(method: str) -> Callable[[], bytes]:
    if method == "exact":
        result = sample_odds()
        fleet_a, fleet_b = sample_fleets()
    else:
        fleet_a = fleet_from_counts(
            "A", {"fighter": 6, "destroyer": 5, "cruiser": 4, "dreadnought": 2, "war_sun": 1}
        )
        fleet_b = fleet_from_counts("B", {"fighter": 8, "destroyer": 4, "cruiser": 5, "carrier": 2})
        result = combat_odds(
            fleet_a, fleet_b, FleetCombatSettings(), method="monte_carlo", battles=20_000
        )
    return lambda: png(odds_figure(result, "Fleet A", "Fleet B", fleet_a, fleet_b, "en"))


def luck_case(sides: int, players: int) -> Callable[[], bytes]:
    rows = [(name, stats.by_sides[0]) for name, stats in sample_players(sides, players)]
    return lambda: png(luck_figure(sides, rows, "ru"))


def measure(render: Callable[[], bytes], runs: int) -> tuple[float, float, float, int]:
    """Median and worst wall time, median CPU time of this process (ms), and the PNG's size."""
    times, cpu = [], []
    size = 0
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        size = len(render())
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return statistics.median(times), max(times), statistics.median(cpu), size


def main() -> None:
    runs = 3 if "--quick" in sys.argv else 10
    cases = {
        "odds, exact, 2 sides × 2 classes": odds_case("exact"),
        "odds, Monte Carlo with error bars, 9 classes": odds_case("monte_carlo"),
        "stats d6, 1 player": luck_case(6, 1),
        "stats d6, 3 players": luck_case(6, 3),
        f"stats d20, {MAX_PLAYERS_PER_CHART} players (the most drawn)": luck_case(
            20, MAX_PLAYERS_PER_CHART
        ),
        f"stats d100, {MAX_PLAYERS_PER_CHART} players": luck_case(100, MAX_PLAYERS_PER_CHART),
    }
    next(iter(cases.values()))()  # warm-up: fonts and caches
    print(f"chart render time, {runs} runs each (target ≤ {TARGET_MS:.0f} ms)")
    for name, render in cases.items():
        median, worst, cpu, size = measure(render, runs)
        verdict = "ok" if median <= TARGET_MS else "OVER TARGET"
        print(
            f"  {name:52s} median {median:6.1f} ms  worst {worst:6.1f} ms  "
            f"cpu {cpu:6.1f} ms  {size / 1024:5.1f} KiB  {verdict}"
        )


if __name__ == "__main__":
    main()
