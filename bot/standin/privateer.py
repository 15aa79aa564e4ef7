"""The real Privateer bot as a stand-in table's factory, with scriptable dice."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import SecretStr

from bot.dice import Dice
from bot.standin.faces import QueuedFaces

STANDIN_TOKEN = "standin-token"  # noqa: S105 - the stand-in's fake bot token


def privateer_factory(
    *,
    database_path: Path | str,
    guild_id: int | None,
    faces: QueuedFaces | None = None,
    token: str = STANDIN_TOKEN,
    clock: Callable[[], datetime] | None = None,
    shard_count: int | None = None,
    shard_ids: list[int] | None = None,
) -> Callable[..., Any]:
    """A factory building a fresh `PrivateerBot` for the stand-in's guild (its DEV_GUILD_ID;
    None syncs the commands globally, for every guild), on the SQLite file or the PostgreSQL
    URL `database_path` names.

    Every bot it builds rolls through `faces` (when given), so a test can script dice
    across restarts, and reads the time from `clock` (when given: deadlines and reminders).
    `shard_count` and `shard_ids` are SHARD_COUNT and SHARD_IDS (default: the stand-in's
    recommended count, every shard in this bot).
    Raises ImportError while `bot.app` is not there.
    """
    from bot.app import create_bot
    from bot.config import Settings
    from bot.config import is_postgres_url

    settings = Settings(
        discord_token=SecretStr(token),
        dev_guild_id=guild_id,
        shard_count=shard_count,
        shard_ids=shard_ids,
    )
    if is_postgres_url(database_path):
        settings.database_url = str(database_path)
    else:
        settings.database_path = Path(database_path)
    dice_factory = (lambda: Dice(faces)) if faces is not None else None

    def factory(**client_kwargs: Any) -> Any:
        return create_bot(settings, dice_factory=dice_factory, clock=clock, **client_kwargs)

    return factory
