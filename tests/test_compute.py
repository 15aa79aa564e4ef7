"""Heavy work in worker processes: a per-user and a global limit, a time budget, clear refusals."""

from __future__ import annotations

import asyncio
import multiprocessing
import subprocess
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from bot.compute import ComputeBusy
from bot.compute import ComputeLimits
from bot.compute import ComputeOverBudget
from bot.compute import ComputePool
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fleet_from_counts

SETTINGS = FleetCombatSettings()


@pytest.fixture
async def pool():
    made = ComputePool(ComputeLimits(workers=1, waiting=1, per_user=1, budget_seconds=0.5))
    yield made
    made.close()


async def test_a_calculation_runs_in_a_worker_and_gives_the_same_result(pool):
    a, b = fleet_from_counts("A", {"cruiser": 2}), fleet_from_counts("B", {"destroyer": 3})
    async with pool.slot(1) as job:
        result = await job.run(combat_odds, a, b, SETTINGS)
    assert result == combat_odds(a, b, SETTINGS)
    assert pool.in_flight == 0


async def test_a_player_runs_one_heavy_calculation_at_a_time(pool):
    async with pool.slot(1):
        with pytest.raises(ComputeBusy) as refused:
            async with pool.slot(1):
                pass
        assert refused.value.message_key == "compute.busy_you"
        async with pool.slot(2):  # someone else still may
            pass
    async with pool.slot(1):  # and the player again once the first is done
        pass


async def test_past_the_global_limit_everyone_is_refused_at_once(pool):
    async with pool.slot(1), pool.slot(2):
        with pytest.raises(ComputeBusy) as refused:
            async with pool.slot(3):
                pass
    assert refused.value.message_key == "compute.busy"
    assert refused.value.params == {"limit": 2}
    assert "as many heavy calculations as it can (2)" in refused.value.message("en")


async def test_a_calculation_past_its_budget_is_stopped_and_the_worker_freed(pool):
    """A million simulated battles of six-class fleets take several seconds (the vectorised
    simulation runs about 100k-200k of them a second); the budget is half a second."""
    mix = {"fighter": 4, "destroyer": 4, "cruiser": 4, "carrier": 4, "dreadnought": 4, "war_sun": 4}
    huge = fleet_from_counts("A", mix), fleet_from_counts("B", mix)
    with pytest.raises(ComputeOverBudget) as stopped:
        async with pool.slot(1) as job:
            await job.run(combat_odds, *huge, SETTINGS, method="monte_carlo", battles=1_000_000)
    assert "more than 0.5 seconds" in stopped.value.message("en")
    assert pool.in_flight == 0
    small = fleet_from_counts("A", {"cruiser": 1}), fleet_from_counts("B", {"destroyer": 1})
    async with pool.slot(1) as job:  # the one worker is free again
        assert (await job.run(combat_odds, *small, SETTINGS)).method == "exact"


class _WaitsForOthers(ProcessPoolExecutor):
    """A pool whose first submit lasts until the event loop has served other commands, as
    starting the workers can take seconds on a fresh machine (the forkserver importing numba
    and compiling the odds loops). On the event loop itself it would wait in vain."""

    def __init__(self, served: threading.Event) -> None:
        super().__init__(max_workers=1, mp_context=multiprocessing.get_context("forkserver"))
        self.served = served
        self.others_served_meanwhile: bool | None = None

    def submit(self, fn, /, *args, **kwargs):
        if self.others_served_meanwhile is None:
            self.others_served_meanwhile = self.served.wait(timeout=5)
        return super().submit(fn, *args, **kwargs)


async def test_starting_the_workers_does_not_hold_up_other_commands(pool, monkeypatch):
    """The first heavy calculation starts the worker processes; meanwhile the event loop
    keeps answering everyone else's commands."""
    served = threading.Event()
    starting = _WaitsForOthers(served)
    monkeypatch.setattr(pool, "_executor", starting)

    async def other_commands() -> None:
        for _ in range(3):
            await asyncio.sleep(0)
        served.set()

    small = fleet_from_counts("A", {"cruiser": 1}), fleet_from_counts("B", {"destroyer": 1})
    async with pool.slot(1) as job:
        running = asyncio.ensure_future(job.run(combat_odds, *small, SETTINGS))
        await other_commands()
        assert (await running).method == "exact"
    assert starting.others_served_meanwhile is True
    assert pool.in_flight == 0


def has_module(name: str) -> bool:
    """In a worker: whether it has imported `name` (what its start preloads)."""
    return name in sys.modules


# A bot's pool at work, in a process of its own: its worker has the charts' matplotlib
# loaded before any chart asks for it, and the bot's process still has not imported it.
WORKER_START = """
import asyncio, sys
from bot.compute import ComputeLimits
from bot.compute import ComputePool
from tests.test_compute import has_module

async def main():
    pool = ComputePool(ComputeLimits(workers=1, waiting=0, per_user=1, budget_seconds=60))
    try:
        async with pool.slot(1) as job:
            print("worker:", await job.run(has_module, "matplotlib.figure"))
    finally:
        pool.close()
    print("bot:", "matplotlib" in sys.modules)

asyncio.run(main())
"""


def test_a_worker_starts_with_matplotlib_and_the_bot_never_imports_it():
    """The first chart a player asks for is not held up by matplotlib's import: each worker
    imports it as it starts, and the bot's own process does not (tests/test_charts.py: nor
    does its start)."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-c", WORKER_START],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        cwd=root,
    )
    assert done.stdout.split("\n")[:2] == ["worker: True", "bot: False"]
