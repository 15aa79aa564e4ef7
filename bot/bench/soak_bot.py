"""The bot process of the soak (bot/bench/soak.py): the real Privateer bot talking to a
stand-in that another process runs, killed with SIGKILL at random points by the soak.

    python -m bot.bench.soak_bot --api URL --gateway URL --db PATH --guild ID \
        [--die-after-commit RATE --seed N]

With `--die-after-commit`, each time a committed command is about to post what it announced
(bot/announcements.py `deliver`, `post`), the process kills itself with SIGKILL at that rate:
the narrowest window of the transactional outbox, met far more often than timed kills hit it.
The draw comes from sha256 of the seed (the soak gives each start its own) and a counter
(no dice involved).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import os
import signal
import sys
import threading
import time
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


def main(argv: Sequence[str] | None = None) -> int:
    """Run the bot against the stand-in until killed."""
    parser = argparse.ArgumentParser(prog="python -m bot.bench.soak_bot")
    parser.add_argument("--api", required=True)
    parser.add_argument("--gateway", required=True)
    parser.add_argument("--db", required=True, type=Path)
    parser.add_argument("--guild", required=True, type=int)
    parser.add_argument("--die-after-commit", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    exit_with_parent()
    Route.BASE = args.api
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(args.gateway)
    if args.die_after_commit > 0:
        die_after_commit(args.die_after_commit, args.seed)
    factory = privateer_factory(database_path=args.db, guild_id=args.guild)
    bot = factory(**STARTUP_HINTS)
    asyncio.run(bot.start(STANDIN_TOKEN))
    return 0


if __name__ == "__main__":
    sys.exit(main())
