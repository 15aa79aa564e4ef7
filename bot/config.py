"""Process settings, read from the environment and `.env` (pydantic-settings + python-dotenv)."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.paths import data_dir


class Settings(BaseSettings):
    """What a GM configures before the bot starts."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = None
    database_path: Path = Field(default_factory=lambda: data_dir() / "privateer.db")
    dev_guild_id: int | None = None
    log_level: str = "INFO"
