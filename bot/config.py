"""Process settings, read from the environment and `.env` (pydantic-settings + python-dotenv)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.compute import ComputeLimits, default_workers
from bot.paths import data_dir


class Settings(BaseSettings):
    """What a GM configures before the bot starts."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Field(default_factory=lambda: data_dir() / "privateer.db")
    # postgresql://user:password@host:port/database: PostgreSQL instead of the SQLite file.
    database_url: str | None = Field(default=None, pattern=r"^postgres(ql)?://")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    compute_workers: int | None = Field(default=None, ge=1)  # default: one per core but one
    compute_waiting: int = Field(default=2, ge=0)
    compute_budget_seconds: float = Field(default=30.0, gt=0)


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
