"""Full-stack latency through the stand-in: p50/p99 of slash commands, and how many request
bodies were checked against Discord's schema ("bodies validated / failed"). Prints, never
asserts.

One sample is one `table.slash(...)`: the INTERACTION_CREATE over the websocket, the bot's
handler (database included), its HTTP callback and follow-ups, the stand-in's checks.

    python -m bot.bench.standin -n 1000                      # /roll and /history list
    python -m bot.bench.standin --line "/campaign info" --bot pkg.module:factory
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from bot.standin.faces import QueuedFaces
from bot.standin.fixture import ChannelSpec
from bot.standin.fixture import GuildSpec
from bot.standin.fixture import MemberSpec
from bot.standin.fixture import demo_guild
from bot.standin.server import StandIn
from bot.standin.table import ClientFactory
from bot.standin.table import Table
from bot.standin.table import load_factory

DEFAULT_LINES = (("roll", "/roll dice:2d6"), ("history_list_cmd", "/history list"))
SETUP_LINES = ("/campaign create name:Bench",)
WARMUP = 20


def percentile(samples: Sequence[float], q: float) -> float:
    """The q-th quantile (nearest rank) of the samples."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def time_lines(
    table: Table, lines: Sequence[tuple[str, str]], n: int, *, as_: str = "gm"
) -> dict[str, float]:
    """Run each line `n` times (after a warm-up) and return `<key>_p50_ms` / `<key>_p99_ms`."""
    figures: dict[str, float] = {}
    for key, line in lines:
        for _ in range(min(WARMUP, n)):
            await table.slash(line, as_=as_)
        samples: list[float] = []
        for _ in range(n):
            start = time.perf_counter()
            await table.slash(line, as_=as_)
            samples.append((time.perf_counter() - start) * 1000)
        figures[f"{key}_p50_ms"] = statistics.median(samples)
        figures[f"{key}_p99_ms"] = percentile(samples, 0.99)
        figures[f"{key}_max_ms"] = max(samples)
    return figures


def bench_guild(channel_id: int, gm_id: int) -> GuildSpec:
    """The demo guild with fixed ids for #campaign and the GM (to match a pre-filled database)."""
    base = demo_guild()
    channels = tuple(
        ChannelSpec(
            c.name, c.kind, c.parent, c.topic, id=channel_id if c.name == "campaign" else None
        )
        for c in base.channels
    )
    members = tuple(
        MemberSpec(m.name, m.display_name, m.roles, m.locale, id=gm_id if m.name == "gm" else None)
        for m in base.members
    )
    return GuildSpec(
        base.name, members, channels, base.roles, base.owner, base.locale, base.bot_name
    )


async def measure(
    db_path: Path,
    commands: int = 1000,
    *,
    lines: Sequence[tuple[str, str]] = DEFAULT_LINES,
    channel_id: int = 1000,
    gm_id: int = 1,
) -> dict[str, float]:
    """The real bot over `db_path`, whose campaign lives in channel `channel_id`.

    Matches `bot.bench.fill_log` (the big campaign in channel 1000, created by user 1).
    Adds the process's resident memory with the bot running as `bot_rss_mb`.
    """
    from bot.bench.figures import rss_mb
    from bot.standin.privateer import privateer_factory

    standin = StandIn(bench_guild(channel_id, gm_id))
    # Production dice: derived from each turn's committed seed.
    factory = privateer_factory(database_path=db_path, guild_id=standin.guild.id)
    async with standin, Table(factory, standin=standin) as table:
        figures = await time_lines(table, lines, commands)
        figures["bot_rss_mb"] = rss_mb()
    return {**figures, **schema_figures(standin)}


async def run_async(
    n: int,
    lines: Sequence[tuple[str, str]] = DEFAULT_LINES,
    *,
    factory: ClientFactory | None = None,
    setup: Sequence[str] = SETUP_LINES,
    as_: str = "gm",
) -> dict[str, float]:
    """Time `lines` against `factory` (default: the real bot on a fresh temporary database)."""
    with tempfile.TemporaryDirectory() as folder:
        standin = StandIn()
        faces = QueuedFaces(seed=7)
        if factory is None:
            from bot.standin.privateer import privateer_factory

            factory = privateer_factory(
                database_path=Path(folder) / "bench.db", guild_id=standin.guild.id, faces=faces
            )
        async with standin, Table(factory, standin=standin, faces=faces) as table:
            for line in setup:
                await table.slash(line, as_=as_)
            figures = await time_lines(table, lines, n, as_=as_)
        return {**figures, **schema_figures(standin)}


def schema_figures(standin: StandIn) -> dict[str, float]:
    """How many request bodies the stand-in checked against Discord's schema, and failed."""
    return {
        "bodies_validated": float(standin.schema.validated),
        "bodies_failed": float(standin.schema.failed),
    }


def run(n: int = 1000, lines: Sequence[str] | None = None) -> dict[str, float]:
    """Time the given command lines (default /roll and /history list) n times each."""
    keyed = _keyed(lines) if lines else DEFAULT_LINES
    return asyncio.run(run_async(n, keyed))


def _keyed(lines: Sequence[str]) -> list[tuple[str, str]]:
    keys = []
    for line in lines:
        words = line.lstrip("/").split()
        head = [w for w in words if ":" not in w][:3]
        keys.append(("_".join(head) or "command", line))
    return keys


def main(argv: list[str]) -> int:
    """Command line: print one figure per line."""
    parser = argparse.ArgumentParser(prog="python -m bot.bench.standin", description=__doc__)
    parser.add_argument("-n", type=int, default=1000, help="samples per command (default 1000)")
    parser.add_argument("--line", action="append", help="a command line to time (repeatable)")
    parser.add_argument(
        "--setup",
        action="append",
        help="a line run once before timing (default: create a campaign)",
    )
    parser.add_argument("--bot", help="module:function building the bot (gets guild_id=...)")
    parser.add_argument("--as", dest="player", default="gm", help="who types (default gm)")
    args = parser.parse_args(argv)
    lines = _keyed(args.line) if args.line else DEFAULT_LINES
    setup = args.setup if args.setup is not None else ([] if args.bot else SETUP_LINES)

    async def go() -> dict[str, float]:
        factory = None
        if args.bot:
            guild_id = StandIn().guild.id
            factory = load_factory(args.bot, guild_id=guild_id)
        return await run_async(args.n, lines, factory=factory, setup=setup, as_=args.player)

    figures = asyncio.run(go())
    for name, value in figures.items():
        sys.stdout.write(f"{name:32s} {value:10.2f}\n")
    validated, failed = int(figures["bodies_validated"]), int(figures["bodies_failed"])
    sys.stdout.write(f"{'bodies validated / failed':32s} {validated:>6d} / {failed}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
