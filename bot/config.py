"""Process settings, read from the environment and `.env` (pydantic-settings + python-dotenv)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated
from typing import Self

from pydantic import Field
from pydantic import SecretStr
from pydantic import ValidationError
from pydantic import field_validator
from pydantic import model_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings
from pydantic_settings import NoDecode
from pydantic_settings import SettingsConfigDict

from bot.compute import ComputeLimits
from bot.compute import default_workers
from bot.paths import data_dir

POSTGRES_URL = "postgresql://user:password@host:port/database"  # the shape told to operators


def is_postgres_url(target: str | Path) -> bool:
    """Whether a database target names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def url_scheme(text: str) -> str | None:
    """`mysql://` for `mysql://bot:secret@db/privateer`, None for what is no URL: a refused
    URL is told by its scheme alone, since the rest of it may hold a password."""
    return f"{text.partition('://')[0]}://" if "://" in text else None


class Settings(BaseSettings):
    """What a GM configures before the bot starts."""

    # An empty variable (`DEV_GUILD_ID=`, as `.env.example` suggests) means its default.
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = None
    database_path: Path = Field(default_factory=lambda: data_dir() / "privateer.db")
    # postgresql://user:password@host:port/database: PostgreSQL instead of the SQLite file.
    database_url: str | None = None
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    compute_workers: int | None = Field(default=None, ge=1)  # default: one per core but one
    compute_waiting: int = Field(default=2, ge=0)
    compute_budget_seconds: float = Field(default=30.0, gt=0)
    # Shards: the total across every process, and the ones this process runs ("0,1").
    shard_count: int | None = None  # default: the count Discord recommends, all in one process
    shard_ids: Annotated[list[int] | None, NoDecode] = None  # default: every shard

    @field_validator("database_url")
    @classmethod
    def _check_database_url(cls, value: str | None) -> str | None:
        if value is None or is_postgres_url(value):
            return value
        scheme = url_scheme(value)
        given = f"a {scheme} URL" if scheme is not None else repr(value)
        raise _error(f"DATABASE_URL must name a PostgreSQL database ({POSTGRES_URL}), not {given}")

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _split_shard_ids(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        parts = [part.strip() for part in value.split(",")] if value.strip() else []
        if not all(part.isdecimal() for part in parts):
            raise _error(f"SHARD_IDS must be shard numbers separated by commas, not {value!r}")
        return [int(part) for part in parts] or None

    @model_validator(mode="after")
    def _check_shards(self) -> Self:
        count, ids = self.shard_count, self.shard_ids
        if count is not None and count < 1:
            raise _error(f"SHARD_COUNT must be at least 1, not {count}")
        if ids is None:
            return self
        if count is None:
            raise _error(
                "SHARD_IDS needs SHARD_COUNT, the total number of shards across all processes"
            )
        wrong = [i for i in ids if not 0 <= i < count]
        if wrong:
            raise _error(
                f"SHARD_IDS holds {wrong[0]}, but shard ids run from 0 to {count - 1}"
                f" when SHARD_COUNT is {count}"
            )
        if len(set(ids)) < len(ids):
            raise _error(f"SHARD_IDS names a shard twice: {','.join(map(str, ids))}")
        return self


def _error(sentence: str) -> PydanticCustomError:
    """A settings error whose message is `sentence` (`python -m bot` prints it)."""
    return PydanticCustomError("settings", "{sentence}", {"sentence": sentence})


def load_settings() -> Settings | None:
    """The settings from the environment and `.env`, or None after saying in one sentence
    which variable is wrong."""
    try:
        return Settings()
    except ValidationError as exc:
        error = exc.errors()[0]
        sentence = str(error["msg"])
        if error["type"] != "settings" and error["loc"]:  # pydantic's words: name the variable
            sentence = f"{str(error['loc'][0]).upper()}: {sentence}"
        print(f"Configuration error: {sentence} — check your .env file.")  # noqa: T201
        return None


def database_target(settings: Settings) -> Path | str:
    """What `Database.open` opens: DATABASE_URL when set, else the SQLite file."""
    return settings.database_url or settings.database_path


def compute_limits(settings: Settings) -> ComputeLimits:
    """The limits of the bot's heavy-work pool (`bot.compute`) from the settings."""
    workers = settings.compute_workers or default_workers()
    return ComputeLimits(
        workers=workers,
        waiting=settings.compute_waiting,
        budget_seconds=settings.compute_budget_seconds,
    )
