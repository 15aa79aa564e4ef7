"""`/roll` full-stack latency while six heavy `/combat odds` run (prints figures, asserts nothing).

Six players in one campaign each ask for the odds of 300 war suns against 300 (20,000
simulated battles, seconds of CPU each); meanwhile the GM rolls in another campaign, one
`/roll` after another, until every odds request is answered. One sample is the time from
INTERACTION_CREATE to the roll's response at the stand-in: what the player waits for.

Three runs on the same bot and stand-in:

- `before`: odds in threads with no limit (`asyncio.to_thread`, as the cog did before
  `bot.compute`): the calculations hold the GIL and the event loop waits behind them;
- `after, default limits`: the bot's worker pool as configured (per-user 1, `workers` running,
  `waiting` queued; the rest refused at once with a message);
- `after, six admitted`: the same pool with room for all six, so six heavy requests are
  running or queued while the rolls are timed.

    .venv/bin/python tests/bench/bench_heavy_odds.py              # 300 war suns a side
    .venv/bin/python tests/bench/bench_heavy_odds.py --ships 120  # quicker
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from collections.abc import Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import ParamSpec
from typing import TypeVar

from bot.bench.standin import percentile
from bot.compute import ComputeLimits
from bot.compute import ComputePool
from bot.compute import HeavyJob
from bot.standin.faces import QueuedFaces
from bot.standin.fixture import GuildSpec
from bot.standin.fixture import MemberSpec
from bot.standin.fixture import demo_guild
from bot.standin.server import StandIn
from bot.standin.slash import SlashParser
from bot.standin.state import APPLICATION_COMMAND
from bot.standin.state import CHANNEL_MESSAGE
from bot.standin.state import InteractionRecord
from bot.standin.table import Table

P = ParamSpec("P")
T = TypeVar("T")

HEAVY_PLAYERS = tuple(f"player{i}" for i in range(1, 7))
ROLL_LINE = "/roll dice:2d6"


class ThreadedOdds(ComputePool):
    """The code before `bot.compute`: every calculation in a thread, no limits (baseline)."""

    @asynccontextmanager
    async def slot(self, user_id: int) -> AsyncIterator[HeavyJob]:
        """Always admitted."""
        yield ThreadJob(self, user_id)


class ThreadJob(HeavyJob):
    """Runs the calculation in a thread of this process."""

    async def run(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """`asyncio.to_thread`, as before."""
        return await asyncio.to_thread(fn, *args, **kwargs)


@dataclass(frozen=True)
class Figures:
    """One run's measurements."""

    rolls: int
    roll_p50_ms: float
    roll_p99_ms: float
    roll_max_ms: float
    odds_answered: int
    odds_refused: int
    odds_last_s: float


def bench_guild() -> GuildSpec:
    """The demo guild with six players (one per heavy request; one calculation per player)."""
    base = demo_guild()
    extra = tuple(MemberSpec(f"player{i}", f"Player {i}", roles=("Players",)) for i in range(4, 7))
    return GuildSpec(
        base.name,
        base.members + extra,
        base.channels,
        base.roles,
        base.owner,
        base.locale,
        base.bot_name,
    )


async def fire(table: Table, line: str, player: str, channel: str) -> InteractionRecord:
    """Send one slash command without waiting for the bot (several run at once)."""
    member = table.member(player)
    data = SlashParser(table.standin.guild, table.standin.commands).parse(line, member).data
    record = table.standin.new_interaction(
        APPLICATION_COMMAND, member, table.channel(channel), data
    )
    await table.standin.send_interaction(record)
    return record


def answered(standin: StandIn, record: InteractionRecord) -> bool:
    """The player has the answer: an immediate one, or the "thinking" message replaced."""
    if record.response_type == CHANNEL_MESSAGE or record.followup_ids:
        return True
    shown = standin.messages.get(record.response_message_id or 0)
    return shown is not None and not shown.loading


async def run_once(table: Table, pool: ComputePool, heavy_line: str) -> Figures:
    """Six odds requests at once, and rolls timed back to back until all six are answered."""
    assert table.bot is not None
    table.bot.compute = pool  # type: ignore[attr-defined]
    start = time.perf_counter()
    heavy = [await fire(table, heavy_line, player, "campaign") for player in HEAVY_PLAYERS]
    samples: list[float] = []
    done_at: dict[int, float] = {}
    while len(done_at) < len(heavy):
        began = time.perf_counter()
        roll = await fire(table, ROLL_LINE, "gm", "general")
        await roll.acknowledged.wait()
        samples.append((time.perf_counter() - began) * 1000)
        for record in heavy:
            if record.id not in done_at and answered(table.standin, record):
                done_at[record.id] = time.perf_counter() - start
    await table.slash("/campaign info", as_="gm", channel="general")  # every handler finished
    pool.close()
    refused = sum(1 for r in heavy if r.response_type == CHANNEL_MESSAGE)
    return Figures(
        rolls=len(samples),
        roll_p50_ms=statistics.median(samples),
        roll_p99_ms=percentile(samples, 0.99),
        roll_max_ms=max(samples),
        odds_answered=len(heavy) - refused,
        odds_refused=refused,
        odds_last_s=max(done_at.values()),
    )


async def measure(ships: int) -> dict[str, Figures]:
    """The three runs on one bot over a fresh database."""
    from bot.standin.privateer import privateer_factory

    heavy_line = f"/combat odds a:{ships} war sun b:{ships} war sun"
    with tempfile.TemporaryDirectory() as folder:
        standin = StandIn(bench_guild())
        faces = QueuedFaces(seed=7)
        factory = privateer_factory(
            database_path=Path(folder) / "bench.db", guild_id=standin.guild.id, faces=faces
        )
        async with standin, Table(factory, standin=standin, faces=faces) as table:
            table.settle_timeout = 600.0
            await table.slash("/campaign create name:Odds rulesets:fleet_combat", as_="gm")
            await table.slash("/campaign create name:Rolls", as_="gm", channel="general")
            for _ in range(20):  # warm-up
                await table.slash(ROLL_LINE, as_="gm", channel="general")
            assert table.bot is not None
            configured: ComputePool = table.bot.compute  # type: ignore[attr-defined]
            limits = configured.limits
            six = ComputeLimits(
                workers=limits.workers,
                waiting=len(HEAVY_PLAYERS) - limits.workers,
                per_user=1,
                budget_seconds=max(limits.budget_seconds, 120.0),
            )
            return {
                "before (threads, no limits)": await run_once(
                    table, ThreadedOdds(limits), heavy_line
                ),
                f"after (pool, default limits: {limits.workers} running, "
                f"{limits.waiting} waiting)": await run_once(
                    table, ComputePool(limits), heavy_line
                ),
                f"after (pool, six admitted: {six.workers} running)": await run_once(
                    table, ComputePool(six), heavy_line
                ),
            }


def main(argv: list[str]) -> int:
    """Command line: print the figures of each run."""
    parser = argparse.ArgumentParser(prog="bench_heavy_odds", description=__doc__)
    parser.add_argument("--ships", type=int, default=300, help="war suns a side (max 300)")
    args = parser.parse_args(argv)
    runs = asyncio.run(measure(args.ships))
    sys.stdout.write(
        f"/roll full-stack while six `/combat odds` of {args.ships} war suns a side run "
        f"(target: p99 <= 100 ms)\n"
    )
    for name, figures in runs.items():
        sys.stdout.write(f"\n== {name} ==\n")
        for key, value in figures.__dict__.items():
            sys.stdout.write(f"{key:16s} {value:10.2f}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
