"""The real bot with its clock `AHEAD` of the time (for `--bot`): a bot started once its
campaign's deadline has passed, whose scheduler ends that turn as it starts."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path
from typing import Any

from bot.standin.privateer import privateer_factory

# Set by the test before the run: the database, and how far ahead the clock is.
DATABASE = Path("local.db")
AHEAD = timedelta(hours=2)


def clock() -> datetime:
    """The time `AHEAD` of now."""
    return datetime.now(UTC) + AHEAD


def make(guild_id: int, **client_kwargs: Any) -> Any:
    """The Privateer bot on `DATABASE`, reading `clock`."""
    return privateer_factory(database_path=DATABASE, guild_id=guild_id, clock=clock)(
        **client_kwargs
    )
