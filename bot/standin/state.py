"""What the stand-in remembers: messages, interactions, synced commands, and problems.

Everything here outlives a bot restart; the bot only ever sees it through REST and the
gateway.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bot.standin.fixture import Member
from bot.standin.fixture import iso_now
from bot.standin.kinds import EPHEMERAL
from bot.standin.kinds import LOADING
from bot.standin.limits import Violation
from bot.standin.mentions import Pings

JSON = dict[str, Any]

APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9


@dataclass(frozen=True)
class Problem:
    """Something Discord would have rejected or a player would have seen go wrong."""

    rule: str
    message: str
    code: int
    route: str = ""
    interaction_id: int | None = None
    where: str = ""

    @classmethod
    def from_violation(
        cls, violation: Violation, route: str, interaction_id: int | None
    ) -> Problem:
        """A validator finding, placed at the request that caused it."""
        return cls(
            violation.rule,
            violation.message,
            violation.code,
            route,
            interaction_id,
            violation.where,
        )

    def __str__(self) -> str:
        where = f" at {self.where}" if self.where and self.where != "(body)" else ""
        route = f" [{self.route}]" if self.route else ""
        code = f" (Discord error {self.code})" if self.code else ""
        return f"{self.rule}{where}: {self.message}{code}{route}"


@dataclass
class StoredAttachment:
    """A file the bot uploaded, kept with its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    def payload(self, base_url: str, channel_id: int) -> JSON:
        """The attachment object; its url is served by the stand-in."""
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        payload: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            payload["content_type"] = self.content_type
        if self.description:
            payload["description"] = self.description
        return payload


@dataclass
class StoredMessage:
    """One message as the stand-in holds it; edits change it in place."""

    id: int
    channel_id: int
    guild_id: int | None
    author: Member
    seq: int
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    flags: int = 0
    attachments: list[StoredAttachment] = field(default_factory=list)
    type: int = 0
    tts: bool = False
    timestamp: str = field(default_factory=iso_now)
    edited_timestamp: str | None = None
    edit_seq: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    interaction_type: int | None = None
    interaction_user: Member | None = None
    command_name: str | None = None
    deleted: bool = False
    pings: Pings = field(default_factory=Pings)
    extra: JSON = field(default_factory=dict)

    @property
    def ephemeral(self) -> bool:
        """Only the user of the interaction sees it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """A deferred response still shows "... is thinking"."""
        return bool(self.flags & LOADING)

    def visible_to(self, member_id: int | None) -> bool:
        """Whether this member sees the message in the channel."""
        if self.deleted:
            return False
        if not self.ephemeral:
            return True
        return self.interaction_user is not None and self.interaction_user.id == member_id

    def payload(self, base_url: str) -> JSON:
        """The message object as Discord returns it."""
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel_id),
            "author": self.author.user_payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload(base_url, self.channel_id) for a in self.attachments],
            "embeds": [{"type": "rich", **e} for e in self.embeds],
            "components": self.components,
            "pinned": False,
            "flags": self.flags,
        }
        data.update(self.extra)
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            user = self.interaction_user.user_payload()
            data["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": self.interaction_type,
                "user": user,
                "authorizing_integration_owners": {"0": str(self.guild_id)},
            }
            if self.command_name is not None:
                data["interaction"] = {
                    "id": str(self.interaction_id),
                    "type": self.interaction_type,
                    "name": self.command_name,
                    "user": user,
                }
        return data


@dataclass
class InteractionRecord:
    """One interaction the stand-in sent, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: Member
    channel_id: int
    payload: JSON
    created: float
    source_message_id: int | None = None
    session_ids: list[str] = field(default_factory=list)  # the gateway sessions it went to
    response_type: int | None = None
    response_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: JSON | None = None
    choices: list[JSON] | None = None
    expired: bool = False
    problems: list[Problem] = field(default_factory=list)
    acknowledged: asyncio.Event = field(default_factory=asyncio.Event)
    timer: asyncio.TimerHandle | None = None

    @staticmethod
    def new_token() -> str:
        """An interaction token, unguessable like Discord's."""
        return "standin." + secrets.token_urlsafe(24)

    @property
    def command_name(self) -> str | None:
        """The full name of the command, for slash and autocomplete interactions."""
        data = self.payload.get("data") or {}
        if self.type not in (APPLICATION_COMMAND, AUTOCOMPLETE):
            return None
        parts = [str(data.get("name"))]
        options = data.get("options") or []
        while options and options[0].get("type") in (1, 2):
            parts.append(str(options[0]["name"]))
            options = options[0].get("options") or []
        return " ".join(parts)


@dataclass
class SyncedCommand:
    """A command as the bot registered it, with the id Discord gave it."""

    id: int
    guild_id: int | None
    data: JSON

    @property
    def name(self) -> str:
        """The default (unlocalized) name."""
        return str(self.data["name"])

    @property
    def type(self) -> int:
        """1 chat input, 2 user, 3 message."""
        return int(self.data.get("type", 1))
