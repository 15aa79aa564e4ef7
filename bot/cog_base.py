"""What every cog's declarations share: the cog base class, command groups, and the types a
command's or an autocomplete's signature names again and again."""

from __future__ import annotations

from typing import Any
from typing import TypeAlias

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PrivateerBot

Interaction: TypeAlias = discord.Interaction[Any]
Choices: TypeAlias = list[app_commands.Choice[str]]
FactionName = app_commands.Range[str, 1, 64]  # an option naming a faction (autocompleted)


class BotCog(commands.Cog):
    """A cog of the bot's commands; it keeps the bot it was added to (to edit or post a
    message outside an interaction's answer)."""

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot


def command_group(
    name: str, description: str, *, parent: app_commands.Group | None = None
) -> app_commands.Group:
    """A slash command group: a top-level one (no `parent`) is offered in servers only."""
    if parent is not None:
        return app_commands.Group(name=name, description=description, parent=parent)
    return app_commands.Group(name=name, description=description, guild_only=True)
