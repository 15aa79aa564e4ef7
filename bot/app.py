"""The running bot: opens the database, loads the cogs, syncs commands only when they changed."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import announcements
from bot import fair_turns
from bot import rulesets
from bot.campaigns import CampaignService
from bot.command_names import option_word
from bot.command_names import own_word
from bot.compute import ComputePool
from bot.config import Settings
from bot.config import compute_limits
from bot.config import database_target
from bot.controls import Control
from bot.dice import Dice
from bot.i18n import catalog
from bot.i18n import language_of
from bot.interactions import acknowledge_slow_writes
from bot.interactions import handle_error
from bot.storage.database import Database
from bot.storage.shards import Shards

log = logging.getLogger(__name__)

CORE_COGS = (
    "cogs.campaign",
    "cogs.turn",
    "cogs.dice",
    "cogs.history",
    "cogs.secret_rolls",
    "cogs.help",
    "cogs.undo",
)


# Where a translated string is a slash command's or group's name.
_NAMES = (
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
)


class CatalogTranslator(app_commands.Translator):
    """Command names, descriptions and choices from the catalogs ("cmd:<English text>" keys)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The Russian text of a command string; None keeps the English default. An option's
        name is `bot.command_names.option_word`'s, a command's or group's `own_word` (the
        command's own word wins over the shared one), as /help and the log name them."""
        language = language_of(locale)
        if language == "en":
            return None
        where = getattr(context, "location", None)  # tests call it without a context
        data = getattr(context, "data", None)
        if where is app_commands.TranslationContextLocation.parameter_name:
            command = getattr(data, "command", None)
            name = command.qualified_name if command is not None else ""
            word = option_word(name, string.message, language)
        elif where in _NAMES and isinstance(data, app_commands.Command | app_commands.Group):
            word = own_word(data.qualified_name, language)
        else:
            value = catalog(language).get("cmd:" + string.message)
            return str(value) if isinstance(value, str) else None
        return word if word != string.message else None


def command_digest(payload: list[dict[str, Any]]) -> str:
    """The digest of a translated command payload, kept per scope in the meta table: a start
    whose payload has the same digest does not sync again."""
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


class PrivateerBot(commands.AutoShardedBot):
    """The Privateer bot; `service` is the one entry point to campaign state.

    It runs the shards SHARD_IDS of SHARD_COUNT (several processes, each its own share of the
    guilds), or without them every shard of the count Discord recommends in this process.
    """

    def __init__(
        self,
        settings: Settings,
        *,
        dice_factory: Callable[[], Dice] | None = None,
        clock: Callable[[], datetime] | None = None,
        **client_kwargs: Any,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        # The shards of this process (none set: every shard of the count Discord recommends).
        shards: dict[str, Any] = {"shard_count": settings.shard_count}
        if settings.shard_ids is not None:
            shards["shard_ids"] = settings.shard_ids
        # Player text reaches message content: nothing pings unless a message names whom.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
            **client_kwargs,
        )
        self.settings = settings
        self.dice_factory = dice_factory
        # What time the turn scheduler reads (deadlines, reminders); tests pass their own.
        self.clock: Callable[[], datetime] = clock or (lambda: datetime.now(UTC))
        self.db: Database | None = None
        self.compute = ComputePool(compute_limits(settings))
        self._service: CampaignService | None = None
        self._command_ids: dict[str, int] = {}
        self.tree.on_error = handle_error  # type: ignore[method-assign]
        self.tree.interaction_check = _acknowledge_in_time  # type: ignore[method-assign]

    @property
    def service(self) -> CampaignService:
        """The campaign service (available after setup_hook)."""
        if self._service is None:
            msg = "the bot has not been set up"
            raise RuntimeError(msg)
        return self._service

    @property
    def own_shards(self) -> Shards | None:
        """The shards of this process as a filter of its background work (the scheduler's
        sweeps, the outbox at start-up); None when it runs every shard."""
        return Shards.of(self.settings.shard_count, self.settings.shard_ids)

    async def setup_hook(self) -> None:
        """Open the database, load cogs, register persistent buttons, sync if changed."""
        self.db = await Database.open(database_target(self.settings))
        self._service = CampaignService(self.db, self.dice_factory)
        # Campaigns from before fair dice get their open turn's seed committed before any
        # command of theirs runs.
        await fair_turns.commit_unseeded(self.db)
        await self.tree.set_translator(CatalogTranslator())
        for module in CORE_COGS:
            await self.load_extension(module)
        for spec in rulesets.available():
            await self.load_extension(rulesets.cog_of(spec.key))
        self.add_dynamic_items(Control)
        await self.sync_commands()
        # What a crash left committed but unposted goes out before any new command runs
        # (the messages of this process's guilds: the other processes post theirs).
        posted = await announcements.post_unsent(self, self.db, self.own_shards)
        if posted:
            log.info("posted %d message(s) left unsent before the restart", posted)

    async def sync_commands(self) -> bool:
        """Sync to DEV_GUILD_ID (or globally) only when the translated payload changed.

        The payload is translated once: its digest decides, and the same list is what
        Discord receives (discord.py's `CommandTree.sync` would translate it all again)."""
        assert self.db is not None
        guild = (
            discord.Object(id=self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        )
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        translator = self.tree.translator
        assert translator is not None
        commands = self.tree.get_commands(guild=guild)
        payload = [await cmd.get_translated_payload(self.tree, translator) for cmd in commands]
        digest = command_digest(payload)
        key = f"command_sync:{guild.id if guild else 'global'}:{self.application_id}"
        if await self.db.get_meta(key) == digest:
            log.info("commands unchanged; not syncing")
            return False
        synced = await self._upload_commands(guild, commands, payload)
        self._command_ids = {str(c["name"]): int(c["id"]) for c in synced}
        await self.db.set_meta(key, digest)
        log.info("synced %d commands to %s", len(payload), guild.id if guild else "all guilds")
        return True

    async def _upload_commands(
        self,
        guild: discord.abc.Snowflake | None,
        commands: list[
            app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu
        ],
        payload: list[dict[str, Any]],
    ) -> list[dict[str, Any]]:
        """Put the translated `payload` as `CommandTree.sync` does (the same request, a 400
        with Discord's code 50035 raised as `CommandSyncFailure`): the commands Discord
        returns, as its JSON (only their names and ids are read)."""
        if self.application_id is None:
            raise app_commands.MissingApplicationID
        try:
            if guild is None:
                data = await self.http.bulk_upsert_global_commands(
                    self.application_id, payload=payload
                )
            else:
                data = await self.http.bulk_upsert_guild_commands(
                    self.application_id, guild.id, payload=payload
                )
        except discord.HTTPException as error:
            if error.status == 400 and error.code == 50035:
                raise app_commands.CommandSyncFailure(error, commands) from None
            raise
        return [dict(c) for c in data]

    async def command_ids(self) -> dict[str, int]:
        """The id Discord gave each top-level command (for `</name sub:id>` mentions): from
        the last sync, else asked of Discord once; empty when Discord cannot say."""
        if not self._command_ids:
            guild = (
                discord.Object(id=self.settings.dev_guild_id)
                if self.settings.dev_guild_id
                else None
            )
            try:
                fetched = await self.tree.fetch_commands(guild=guild)
            except discord.HTTPException:
                log.warning("could not fetch the command ids; /help shows plain names")
                return {}
            self._command_ids = {c.name: c.id for c in fetched}
        return self._command_ids

    async def close(self) -> None:
        """Close Discord, then the database."""
        await super().close()
        self.compute.close()
        if self.db is not None:
            await self.db.close()
            self.db = None


async def _acknowledge_in_time(interaction: discord.Interaction[Any]) -> bool:
    """Every slash command acknowledges its interaction when a write waits for the database
    (bot/storage/database.py `slow_write_notice`); nothing is refused here."""
    if interaction.type is discord.InteractionType.application_command:
        acknowledge_slow_writes(interaction)
    return True


def create_bot(
    settings: Settings,
    *,
    dice_factory: Callable[[], Dice] | None = None,
    clock: Callable[[], datetime] | None = None,
    **client_kwargs: Any,
) -> PrivateerBot:
    """Build a bot that is not yet started (the stand-in and `python -m bot` both use this)."""
    return PrivateerBot(settings, dice_factory=dice_factory, clock=clock, **client_kwargs)
