"""The guild the stand-in serves: who plays, which channels and roles exist.

A `GuildSpec` is plain data a test can build; `build_guild` gives every object a snowflake
and knows how Discord writes it in JSON (users, members, roles, channels, threads).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from typing import Any
from typing import Literal

import discord

JSON = dict[str, Any]
DISCORD_EPOCH_MS = 1_420_070_400_000

ChannelKind = Literal["text", "thread", "category", "voice"]
CHANNEL_TYPES: dict[ChannelKind, int] = {"text": 0, "voice": 2, "category": 4, "thread": 11}

EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
    create_public_threads=True,
).value
GM_PERMISSIONS = discord.Permissions(manage_messages=True, manage_threads=True).value
BOT_PERMISSIONS = discord.Permissions(
    manage_messages=True, manage_threads=True, mention_everyone=True
).value
ALL_PERMISSIONS = discord.Permissions.all().value
READ_MESSAGE_HISTORY = discord.Permissions(read_message_history=True).value


FIXTURE_TIME_MS = 1_704_067_200_000  # 2024-01-01: fixture ids are the same in every run


class Snowflakes:
    """Discord-shaped ids: milliseconds since 2015 in the high bits, a counter below.

    With `at_ms` every id carries that fixed time, so the same calls give the same ids.
    """

    def __init__(self, at_ms: int | None = None) -> None:
        self._counter = itertools.count(1)
        self._at_ms = at_ms

    def next(self) -> int:
        """A fresh id, increasing with every call."""
        millis = self._at_ms if self._at_ms is not None else int(time.time() * 1000)
        return ((millis - DISCORD_EPOCH_MS) << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    """The current time as Discord writes timestamps."""
    return datetime.now(UTC).isoformat()


@dataclass(frozen=True)
class RoleSpec:
    """A role by name; permissions are a Discord permission bit set."""

    name: str
    permissions: int = 0
    color: int = 0
    id: int | None = None


@dataclass(frozen=True)
class ChannelSpec:
    """A channel or thread by name; a thread names its parent channel."""

    name: str
    kind: ChannelKind = "text"
    parent: str | None = None
    topic: str | None = None
    id: int | None = None


@dataclass(frozen=True)
class MemberSpec:
    """A person in the guild; `locale` is the Discord client language (ru, en-US, ...)."""

    name: str
    display_name: str | None = None
    roles: tuple[str, ...] = ()
    locale: str = "en-US"
    id: int | None = None


@dataclass(frozen=True)
class GuildSpec:
    """Everything the stand-in's guild holds; `owner` names a member."""

    name: str
    members: tuple[MemberSpec, ...]
    channels: tuple[ChannelSpec, ...]
    roles: tuple[RoleSpec, ...] = ()
    owner: str | None = None
    locale: str = "en-US"
    bot_name: str = "Privateer"
    id: int | None = None


def demo_guild() -> GuildSpec:
    """The demo guild: a GM, three players (player3 plays in Russian), a campaign channel."""
    return GuildSpec(
        name="Privateer Table",
        roles=(RoleSpec("GM", GM_PERMISSIONS, 0xE67E22), RoleSpec("Players", 0, 0x3498DB)),
        channels=(
            ChannelSpec("general", topic="Off-topic"),
            ChannelSpec("campaign", topic="The campaign channel"),
            ChannelSpec("campaign-thread", kind="thread", parent="campaign"),
        ),
        members=(
            MemberSpec("gm", "Game Master", roles=("GM",)),
            MemberSpec("player1", "Player One", roles=("Players",)),
            MemberSpec("player2", "Player Two", roles=("Players",)),
            MemberSpec("player3", "Игрок Три", roles=("Players",), locale="ru"),
        ),
        owner="gm",
    )


@dataclass
class Role:
    """A role with its id."""

    id: int
    name: str
    permissions: int
    position: int
    color: int = 0
    managed: bool = False

    def payload(self) -> JSON:
        """The role as Discord sends it."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": True,
            "flags": 0,
        }


@dataclass
class Channel:
    """A guild channel or thread with its id."""

    id: int
    name: str
    type: int
    guild_id: int
    position: int
    parent_id: int | None = None
    topic: str | None = None
    owner_id: int | None = None

    @property
    def is_thread(self) -> bool:
        """Threads are channel types 10, 11 and 12."""
        return self.type in (10, 11, 12)

    def payload(self) -> JSON:
        """The channel as GUILD_CREATE sends it."""
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "name": self.name,
            "position": self.position,
            "guild_id": str(self.guild_id),
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "flags": 0,
        }
        if self.type == 0:
            data.update(topic=self.topic, rate_limit_per_user=0, last_message_id=None)
        if self.is_thread:
            data.update(
                owner_id=str(self.owner_id or self.guild_id),
                message_count=0,
                member_count=0,
                total_message_sent=0,
                rate_limit_per_user=0,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 10080,
                    "archive_timestamp": iso_now(),
                    "locked": False,
                },
            )
        return data

    def resolved_payload(self, permissions: int) -> JSON:
        """The channel as it appears in an interaction's `resolved.channels`."""
        data = self.payload()
        data["permissions"] = str(permissions)
        return data


@dataclass
class Member:
    """A guild member (or the bot) with ids."""

    id: int
    username: str
    display_name: str | None
    role_ids: list[int]
    locale: str
    joined_at: str
    bot: bool = False

    def user_payload(self) -> JSON:
        """The user object."""
        return {
            "id": str(self.id),
            "username": self.username,
            "global_name": self.display_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member_payload(self, *, with_user: bool = True, permissions: int | None = None) -> JSON:
        """The member object; `permissions` is added inside interactions."""
        data: JSON = {
            "roles": [str(r) for r in self.role_ids],
            "joined_at": self.joined_at,
            "nick": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "avatar": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user_payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class Guild:
    """The built guild: every object with an id, looked up by name."""

    id: int
    name: str
    owner_id: int
    locale: str
    roles: list[Role]
    channels: list[Channel]
    members: list[Member]
    bot: Member
    by_name: dict[str, Member] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_name = {m.username: m for m in self.members}

    @property
    def everyone(self) -> Role:
        """The @everyone role (its id is the guild's)."""
        return self.roles[0]

    def member(self, name: str) -> Member:
        """A member by username, display name or id."""
        for member in [*self.members, self.bot]:
            if name in (member.username, member.display_name, str(member.id)):
                return member
        known = ", ".join(m.username for m in self.members)
        raise KeyError(f"no member {name!r} in the fixture guild (members: {known})")

    def member_by_id(self, member_id: int) -> Member | None:
        """A member by id."""
        for member in [*self.members, self.bot]:
            if member.id == member_id:
                return member
        return None

    def channel(self, name: str) -> Channel:
        """A channel or thread by name (with or without #) or id."""
        key = name.removeprefix("#")
        for channel in self.channels:
            if key in (channel.name, str(channel.id)):
                return channel
        known = ", ".join("#" + c.name for c in self.channels)
        raise KeyError(f"no channel {name!r} in the fixture guild (channels: {known})")

    def channel_by_id(self, channel_id: int) -> Channel | None:
        """A channel by id."""
        return next((c for c in self.channels if c.id == channel_id), None)

    def role(self, name: str) -> Role:
        """A role by name (with or without @&) or id."""
        key = name.removeprefix("@&").removeprefix("@")
        for role in self.roles:
            if key in (role.name, str(role.id)):
                return role
        known = ", ".join(r.name for r in self.roles)
        raise KeyError(f"no role {name!r} in the fixture guild (roles: {known})")

    def role_by_id(self, role_id: int) -> Role | None:
        """A role by id."""
        return next((r for r in self.roles if r.id == role_id), None)

    def permissions(self, member: Member) -> int:
        """Guild-level permissions of a member (the owner and administrators get all)."""
        if member.id == self.owner_id:
            return ALL_PERMISSIONS
        value = self.everyone.permissions
        for role_id in member.role_ids:
            role = self.role_by_id(role_id)
            if role is not None:
                value |= role.permissions
        if value & discord.Permissions.administrator.flag:
            return ALL_PERMISSIONS
        return value

    def payload(self) -> JSON:
        """The full GUILD_CREATE payload."""
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "preferred_locale": self.locale,
            "premium_tier": 0,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "unavailable": False,
            "large": False,
            "member_count": len(self.members) + 1,
            "joined_at": self.bot.joined_at,
            "members": [m.member_payload() for m in [*self.members, self.bot]],
            "channels": [c.payload() for c in self.channels if not c.is_thread],
            "threads": [c.payload() for c in self.channels if c.is_thread],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


def build_guild(spec: GuildSpec, ids: Snowflakes, bot_user_id: int) -> Guild:
    """Give every object in `spec` an id (unless it names one); the bot gets a managed role."""
    guild_id = spec.id or ids.next()
    joined = iso_now()
    roles = [Role(guild_id, "@everyone", EVERYONE_PERMISSIONS, 0)]
    for position, role_spec in enumerate(spec.roles, start=1):
        roles.append(
            Role(
                role_spec.id or ids.next(),
                role_spec.name,
                role_spec.permissions,
                position,
                role_spec.color,
            )
        )
    bot_role = Role(ids.next(), spec.bot_name, BOT_PERMISSIONS, len(roles), managed=True)
    roles.append(bot_role)
    role_ids = {r.name: r.id for r in roles}

    members: list[Member] = []
    for member_spec in spec.members:
        missing = [r for r in member_spec.roles if r not in role_ids]
        if missing:
            raise ValueError(f"member {member_spec.name!r} has unknown roles {missing}")
        members.append(
            Member(
                member_spec.id or ids.next(),
                member_spec.name,
                member_spec.display_name,
                [role_ids[r] for r in member_spec.roles],
                member_spec.locale,
                joined,
            )
        )
    bot = Member(bot_user_id, spec.bot_name, None, [bot_role.id], "en-US", joined, bot=True)
    owner_name = spec.owner or (members[0].username if members else None)
    owner = next((m for m in members if m.username == owner_name), None)

    channels: list[Channel] = []
    by_name: dict[str, Channel] = {}
    for position, channel_spec in enumerate(spec.channels):
        parent = by_name.get(channel_spec.parent) if channel_spec.parent else None
        if channel_spec.parent and parent is None:
            raise ValueError(
                f"channel {channel_spec.name!r}: parent {channel_spec.parent!r} must come first"
            )
        channel = Channel(
            channel_spec.id or ids.next(),
            channel_spec.name,
            CHANNEL_TYPES[channel_spec.kind],
            guild_id,
            position,
            parent_id=parent.id if parent else None,
            topic=channel_spec.topic,
            owner_id=owner.id if owner and channel_spec.kind == "thread" else None,
        )
        channels.append(channel)
        by_name[channel.name] = channel
    return Guild(
        guild_id,
        spec.name,
        owner.id if owner else bot_user_id,
        spec.locale,
        roles,
        channels,
        members,
        bot,
    )
