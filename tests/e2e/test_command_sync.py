"""Command sync at start-up: the translated payload is built once, Discord receives exactly
what discord.py's own `CommandTree.sync` would send, the digest that skips an unchanged sync
is the one earlier releases stored, and a payload Discord refuses fails as it always did."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.app import CatalogTranslator
from bot.standin import DiscordRejected
from bot.standin import QueuedFaces
from bot.standin import StandIn
from bot.standin import Table
from bot.standin.privateer import privateer_factory
from bot.standin.ratelimits import RateLimits
from tests.conftest import as_migrated

Translated = Counter[tuple[str, str]]
Location = app_commands.TranslationContextLocation


def _start(tmp_path: Path, sqlite_template: Path) -> tuple[StandIn, Table]:
    """A stand-in and a table on a fresh SQLite database, as the `table` fixture makes them."""
    database = tmp_path / "campaigns.db"
    as_migrated(database, sqlite_template)
    standin = StandIn(rate_limits=RateLimits(time_scale=0.01))
    faces = QueuedFaces(seed=1)
    factory = privateer_factory(database_path=database, guild_id=standin.guild.id, faces=faces)
    return standin, Table(factory, standin=standin, faces=faces)


@pytest.fixture
def translated(monkeypatch: pytest.MonkeyPatch) -> Translated:
    """How often each command's (or group's) name was translated into each language, from
    now on."""
    counts: Translated = Counter()
    translate = CatalogTranslator.translate

    async def counting(
        self: CatalogTranslator,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location in (Location.command_name, Location.group_name):
            counts[(context.data.qualified_name, locale.value)] += 1
        return await translate(self, string, locale, context)

    monkeypatch.setattr(CatalogTranslator, "translate", counting)
    return counts


async def test_a_start_translates_every_command_once(
    translated: Translated, tmp_path: Path, sqlite_template: Path
) -> None:
    standin, table = _start(tmp_path, sqlite_template)
    async with standin, table:
        assert standin.sync_count == 1
        assert table.command("roll")["name_localizations"]["ru"]

    assert translated[("roll", "ru")] == 1
    assert translated[("campaign", "ru")] == 1
    assert translated[("campaign create", "ru")] == 1
    assert set(translated.values()) == {1}


async def test_discord_receives_what_discord_py_would_sync_and_the_digest_is_unchanged(
    tmp_path: Path, sqlite_template: Path
) -> None:
    standin, table = _start(tmp_path, sqlite_template)
    async with standin, table:
        bot: Any = table.bot
        received = [dict(c.data) for c in standin.commands]
        ids = await bot.command_ids()
        # discord.py's own sync of the same tree: the same commands, keeping their ids.
        await bot.tree.sync(guild=discord.Object(id=standin.guild.id))
        again = [dict(c.data) for c in standin.commands]
        stored = await bot.db.get_meta(f"command_sync:{standin.guild.id}:{bot.application_id}")
        assert await bot.command_ids() == ids

    assert standin.sync_count == 2
    assert received == again
    assert ids == {c.name: c.id for c in standin.commands}
    # The digest earlier releases stored: a bot upgraded to this one does not sync again.
    digest = hashlib.sha256(json.dumps(received, sort_keys=True).encode()).hexdigest()
    assert stored == digest


async def test_a_payload_discord_refuses_fails_the_start_as_a_command_sync_failure(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, sqlite_template: Path
) -> None:
    translate = CatalogTranslator.translate

    async def shouting(
        self: CatalogTranslator,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        value = await translate(self, string, locale, context)
        if string.message == "roll" and value is not None:
            return value.upper()  # Discord refuses names that are not lowercase
        return value

    monkeypatch.setattr(CatalogTranslator, "translate", shouting)
    standin, table = _start(tmp_path, sqlite_template)
    async with standin:
        with pytest.raises(DiscordRejected) as rejected:
            await table.start()

    assert rejected.value.rules == ["command.name"]
    assert isinstance(rejected.value.__cause__, app_commands.CommandSyncFailure)
    assert "Failed to upload commands to Discord (HTTP status 400" in str(rejected.value.__cause__)
