"""CPU-heavy work (combat odds, large simulations) in worker processes, never on the event loop.

A pure-Python calculation in a thread holds the GIL and starves the event loop: every guild's
commands wait behind it. Here it runs in a `ProcessPoolExecutor` (forkserver workers, so none
inherits the bot's threads or sockets) with

- a per-user limit: one heavy calculation at a time per player;
- a global limit: `workers` running plus `waiting` queued, the rest refused at once;
- a time budget: the worker stops a calculation that runs longer (SIGALRM in the worker,
  so the process is free again), and the player is told so.

A worker imports matplotlib as it starts (`WORKER_PRELOAD`, in its initializer), so the
first chart a player asks for is drawn at once; the bot's own process never imports it
(bot/charts.py imports it at the first picture: only workers draw).

Refusals are `GameError`s with translated text, raised before the command defers, so the
player gets an ephemeral answer at once. `PrivateerBot.compute` holds the bot's pool.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import multiprocessing
import os
import signal
from collections import Counter
from collections.abc import AsyncIterator
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import ParamSpec
from typing import TypeVar

from bot.errors import GameError

P = ParamSpec("P")
T = TypeVar("T")

# Modules the forkserver imports once, so each new worker starts with them loaded (the
# odds simulation's compiled loop included: numba and its compiled code load once, here).
PRELOAD = ("bot.rules.fleet_combat", "bot.rules.fleet_combat.odds_kernel", "bot.charts")
# Modules each worker imports as it starts (`_start_worker`): what bot/charts.py draws with,
# which it imports only at the first picture so that the bot's start does not pay for it
# (about a second and 30 MB). The forkserver preloads them too, so a worker forked from it
# starts with them loaded; the initializer makes sure of it when the forkserver was started
# before with another preload list (it is one per process).
WORKER_PRELOAD = ("matplotlib.figure", "matplotlib.backends.backend_agg", "matplotlib.ticker")
# How long past its budget the caller waits for a worker that cannot be interrupted (C code).
GRACE_SECONDS = 10.0


def default_workers() -> int:
    """One worker per core but one: the event loop keeps a core to itself."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class ComputeLimits:
    """How much heavy work the bot takes on at once, and for how long."""

    workers: int = field(default_factory=default_workers)
    waiting: int = 2
    per_user: int = 1
    budget_seconds: float = 30.0

    @property
    def in_flight(self) -> int:
        """Calculations admitted at once: running plus queued."""
        return self.workers + self.waiting


class ComputeBusy(GameError):
    """Too many heavy calculations are running (everyone's, or this player's own)."""

    key = "compute.busy"


class ComputeOverBudget(GameError):
    """The calculation ran past its time budget and was stopped."""

    key = "compute.over_budget"


class BudgetExceeded(Exception):
    """Raised inside a worker when the calculation's time budget runs out."""


def _start_worker() -> None:
    """Worker initializer: Ctrl-C stops the bot, which shuts the pool down; the modules the
    charts draw with are imported now, not at the first chart (`WORKER_PRELOAD`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for module in WORKER_PRELOAD:
        importlib.import_module(module)


def _expire(signum: int, frame: object) -> None:
    raise BudgetExceeded


def _within_budget(
    budget: float, fn: Callable[..., T], args: tuple[Any, ...], kwargs: dict[str, Any]
) -> T:
    """In the worker: run `fn`, interrupted by SIGALRM after `budget` seconds."""
    previous = signal.signal(signal.SIGALRM, _expire)
    signal.setitimer(signal.ITIMER_REAL, budget)
    try:
        return fn(*args, **kwargs)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


async def _submitted(executor: ProcessPoolExecutor, call: Callable[[], T]) -> T:
    """`call` run in `executor`, submitted from a worker thread (see `HeavyJob.run`)."""
    submitted = await asyncio.to_thread(executor.submit, call)
    return await asyncio.wrap_future(submitted)


class HeavyJob:
    """An admitted slot: runs one calculation in the pool (see `ComputePool.slot`)."""

    def __init__(self, pool: ComputePool, user_id: int) -> None:
        self._pool = pool
        self.user_id = user_id
        self.future: asyncio.Future[Any] | None = None

    async def run(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """`fn(*args, **kwargs)` in a worker process; `fn` and its arguments must pickle."""
        if self.future is not None:
            msg = "one slot runs one calculation"
            raise RuntimeError(msg)
        budget = self._pool.limits.budget_seconds
        call = functools.partial(_within_budget, budget, fn, args, kwargs)
        # Submitted from a thread: the pool's first submit starts its worker processes and
        # waits for the forkserver's preload (numba and the compiled odds loops, about 2 s
        # on a fresh machine), which would otherwise hold up every guild's commands.
        self.future = asyncio.ensure_future(_submitted(self._pool.executor(), call))
        wait = budget * (1 + self._pool.limits.in_flight) + GRACE_SECONDS  # queue, then run
        try:
            result: T = await asyncio.wait_for(asyncio.shield(self.future), wait)
        except (BudgetExceeded, TimeoutError):
            raise ComputeOverBudget(seconds=f"{budget:g}") from None
        return result


class ComputePool:
    """The bot's worker processes with their limits; the executor starts at first use."""

    def __init__(self, limits: ComputeLimits | None = None) -> None:
        self.limits = limits or ComputeLimits()
        self._executor: ProcessPoolExecutor | None = None
        self._running = 0
        self._by_user: Counter[int] = Counter()

    @property
    def in_flight(self) -> int:
        """Calculations admitted and not finished."""
        return self._running

    def executor(self) -> ProcessPoolExecutor:
        """The process pool (forkserver workers with the rules engines and the charts'
        matplotlib preloaded)."""
        if self._executor is None:
            context = multiprocessing.get_context("forkserver")
            context.set_forkserver_preload([*PRELOAD, *WORKER_PRELOAD])
            self._executor = ProcessPoolExecutor(
                max_workers=self.limits.workers,
                mp_context=context,
                initializer=_start_worker,
            )
        return self._executor

    @asynccontextmanager
    async def slot(self, user_id: int) -> AsyncIterator[HeavyJob]:
        """Admit one calculation for `user_id`, or refuse at once (`ComputeBusy`).

        The slot is held until the worker is done, even if the caller stops waiting first.
        """
        if self._by_user[user_id] >= self.limits.per_user:
            raise ComputeBusy("compute.busy_you")
        if self._running >= self.limits.in_flight:
            raise ComputeBusy(limit=self.limits.in_flight)
        self._running += 1
        self._by_user[user_id] += 1
        job = HeavyJob(self, user_id)
        try:
            yield job
        finally:
            if job.future is None:
                self._release(user_id)
            elif job.future.done():
                self._finished(job.future, user_id)
            else:
                job.future.add_done_callback(lambda done: self._finished(done, user_id))

    def _finished(self, done: asyncio.Future[Any], user_id: int) -> None:
        if not done.cancelled():
            done.exception()  # retrieved here when the caller stopped waiting (no warning)
        self._release(user_id)

    def _release(self, user_id: int) -> None:
        self._running -= 1
        self._by_user[user_id] -= 1
        if self._by_user[user_id] <= 0:
            del self._by_user[user_id]

    def close(self) -> None:
        """Stop taking work: queued calculations are cancelled; the workers exit when the ones
        running are done (within their budget). A later `slot` starts a new pool."""
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


_FALLBACK: ComputePool | None = None


def pool_of(client: object) -> ComputePool:
    """The pool of a bot (`PrivateerBot.compute`), or one shared by clients without their own."""
    global _FALLBACK
    pool = getattr(client, "compute", None)
    if isinstance(pool, ComputePool):
        return pool
    if _FALLBACK is None:
        _FALLBACK = ComputePool()
    return _FALLBACK
