"""A local stand-in for Discord (REST + gateway on 127.0.0.1) and the API to play through it.

`Table` runs an unchanged discord.py bot against `StandIn` and lets tests act as players;
`terminal.main` offers the same as an interactive prompt.
"""

from bot.standin.errors import (
    ClientRefused,
    DiscordRejected,
    InteractionFailed,
    StandInError,
    StrayPing,
)
from bot.standin.faces import QueuedFaces
from bot.standin.fixture import ChannelSpec, GuildSpec, MemberSpec, RoleSpec, demo_guild
from bot.standin.seen import Choice, EmbedView, Reply, SeenMessage
from bot.standin.server import StandIn
from bot.standin.table import Table

__all__ = [
    "ChannelSpec",
    "Choice",
    "ClientRefused",
    "DiscordRejected",
    "EmbedView",
    "GuildSpec",
    "InteractionFailed",
    "MemberSpec",
    "QueuedFaces",
    "Reply",
    "RoleSpec",
    "SeenMessage",
    "StandIn",
    "StandInError",
    "StrayPing",
    "Table",
    "demo_guild",
]
