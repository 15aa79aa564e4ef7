"""The bot process of the soak (bot/bench/soak.py): the real Privateer bot talking to a
stand-in that another process runs, killed with SIGKILL at random points by the soak.

    python -m bot.bench.soak_bot --api URL --gateway URL --db PATH --guild ID \
        [--die-after-commit RATE --seed N]

With `--die-after-commit`, each time a committed command is about to post what it announced
(bot/announcements.py `deliver`, `post`), the process kills itself with SIGKILL at that rate:
the narrowest window of the transactional outbox, met far more often than timed kills hit it.
The draw comes from sha256 of the seed (the soak gives each start its own) and a counter
(no dice involved).

The soak starts the bot a dozen times and more, and importing it (discord.py, numpy,
matplotlib, every ruleset) is most of a start. So the soak runs this module once as a fork
server, `--serve`: it imports the bot, then forks one bot process per start it is asked for
(a JSON line on stdin: `db`, `log`, `die_after_commit`, `seed`), writes `started PID`, and
`exited PID STATUS` when that process ends. Each bot process is new from the fork on: its
own event loop, database connection and gateway session, killed with SIGKILL as before.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import importlib
import itertools
import json
import os
import select
import signal
import sys
import threading
import time
import traceback
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot import announcements
from bot.standin.privateer import STANDIN_TOKEN
from bot.standin.privateer import privateer_factory
from bot.standin.table import STARTUP_HINTS


def draw(seed: int, counter: int) -> float:
    """A uniform number in [0, 1) from the seed (one per start) and a counter."""
    digest = hashlib.sha256(f"{seed}:{counter}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def die_after_commit(rate: float, seed: int) -> None:
    """Make the outbox's senders kill this process at `rate` just before they post."""
    counter = itertools.count()

    def dying(send: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def maybe_die(*args: Any, **kwargs: Any) -> Any:
            if draw(seed, next(counter)) < rate:
                os.kill(os.getpid(), signal.SIGKILL)
            return await send(*args, **kwargs)

        return maybe_die

    announcements.deliver = dying(announcements.deliver)  # type: ignore[assignment]
    announcements.post = dying(announcements.post)  # type: ignore[assignment]


def exit_with_parent() -> None:
    """Exit when the soak that started this process is gone (it cannot kill us then)."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, daemon=True).start()


def run_bot(db: Path, guild: int, rate: float, seed: int) -> None:
    """Run the bot on `db` against the stand-in until killed (dying after commits at `rate`)."""
    exit_with_parent()
    if rate > 0:
        die_after_commit(rate, seed)
    factory = privateer_factory(database_path=db, guild_id=guild)
    bot = factory(**STARTUP_HINTS)
    asyncio.run(bot.start(STANDIN_TOKEN))


def serve(guild: int) -> int:
    """The fork server: one bot process per JSON line on stdin, forked from this process
    (which has imported the bot); `started PID` and `exited PID STATUS` on stdout. Ends at
    the end of stdin, killing the bot processes still running."""
    from bot import rulesets
    from bot.app import CORE_COGS

    # Imported once here, not again in every bot process (its cogs load afresh in each).
    for module in (*CORE_COGS, *(rulesets.cog_of(spec.key) for spec in rulesets.available())):
        importlib.import_module(module)
    running: set[int] = set()
    pending = b""
    while True:
        ready, _, _ = select.select([0], [], [], 0.05)
        while running:  # report the bot processes that ended
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                break
            running.discard(pid)
            _tell(f"exited {pid} {os.waitstatus_to_exitcode(status)}")
        if not ready:
            continue
        read = os.read(0, 65536)
        if not read:  # the soak is gone
            for pid in running:
                os.kill(pid, signal.SIGKILL)
            return 0
        *lines, pending = (pending + read).split(b"\n")
        for line in lines:
            pid = fork_bot(json.loads(line), guild)
            running.add(pid)
            _tell(f"started {pid}")


def _tell(line: str) -> None:
    """A line to the soak (stdout, unbuffered: a forked bot inherits no pending output)."""
    os.write(1, (line + "\n").encode())


def fork_bot(asked: dict[str, Any], guild: int) -> int:
    """A bot process forked from the server, its stderr appended to `asked["log"]`."""
    pid = os.fork()
    if pid:
        return pid
    status = 1
    try:
        log = os.open(asked["log"], os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        os.dup2(log, 2)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        os.dup2(null, 1)
        run_bot(Path(asked["db"]), guild, float(asked["die_after_commit"]), int(asked["seed"]))
        status = 0
    except BaseException:  # noqa: BLE001 - the traceback to the log, as an unforked bot's would be
        traceback.print_exc()
    finally:
        sys.stderr.flush()
        os._exit(status)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bot against the stand-in until killed (or, with `--serve`, the fork server)."""
    parser = argparse.ArgumentParser(prog="python -m bot.bench.soak_bot")
    parser.add_argument("--api", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--db", type=Path)
    parser.add_argument("--guild", required=True, type=int)
    parser.add_argument("--die-after-commit", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve", action="store_true", help="fork a bot per line on stdin")
    args = parser.parse_args(argv)
    Route.BASE = args.api
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    if args.serve:
        return serve(args.guild)
    if args.db is None:
        parser.error("--db is required without --serve")
    run_bot(args.db, args.guild, args.die_after_commit, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
