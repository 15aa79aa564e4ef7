"""A local stand-in for Discord (REST + gateway on 127.0.0.1) and the API to play through it.

`Table` runs an unchanged discord.py bot against `StandIn` and lets tests act as players;
`terminal.main` offers the same as an interactive prompt.
"""

from bot.standin.errors import ClientRefused
from bot.standin.errors import DiscordRejected
from bot.standin.errors import InteractionFailed
from bot.standin.errors import StandInError
from bot.standin.errors import StrayPing
from bot.standin.faces import QueuedFaces
from bot.standin.fixture import ChannelSpec
from bot.standin.fixture import GuildSpec
from bot.standin.fixture import MemberSpec
from bot.standin.fixture import RoleSpec
from bot.standin.fixture import demo_guild
from bot.standin.seen import Choice
from bot.standin.seen import EmbedView
from bot.standin.seen import Reply
from bot.standin.seen import SeenMessage
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
