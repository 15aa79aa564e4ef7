"""What a commit announces, made durable: messages written in the transaction, then posted.

A command builds its result messages inside its unit of work and writes them with `write`
(bot/storage/outbox.py keeps them); after the commit `deliver` posts them as the
interaction's answer (a follow-up once it was deferred) and marks each sent, in order, in a
transaction of its own right after its post succeeded. When the interaction can no longer
be answered (Discord forgot it), the message goes to the channel instead. Whatever a crash
left unsent is posted in its channel at start-up by `post_unsent`, marked "(posted after a
restart)": the interaction's token may have expired by then.

Delivery is exactly once except in one narrow window: a post that succeeded just before the
process died, before its mark committed, is posted again at start-up (at least once).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.controls import Control
from bot.i18n import t
from bot.interactions import ping_only, reply
from bot.storage import outbox
from bot.storage.outbox import OutboxMessage

if TYPE_CHECKING:
    from bot.campaigns import UnitOfWork
    from bot.storage.database import Database

log = logging.getLogger(__name__)

RESTART_NOTE = "outbox.posted_after_restart"


@dataclass(frozen=True)
class Announcement:
    """One public message a transaction must post: embeds, text, buttons, whom it pings,
    and the pending choice it asks (that choice learns where it was posted)."""

    embeds: Sequence[discord.Embed] = ()
    content: str | None = None
    view: discord.ui.View | None = None
    pinged: Sequence[int] = ()
    choice_id: int | None = None

    def body(self, locale: str) -> dict[str, Any]:
        """The message as stored: Discord's JSON body and the language it is written in."""
        mentions = ping_only(self.pinged) if self.pinged else discord.AllowedMentions.none()
        return {
            "locale": locale,
            "content": self.content,
            "embeds": [e.to_dict() for e in self.embeds],
            "components": self.view.to_components() if self.view is not None else [],
            "allowed_mentions": mentions.to_dict(),
        }


async def write(
    uow: UnitOfWork,
    interaction: discord.Interaction[Any] | None,
    announcements: Sequence[Announcement],
    *,
    locale: str,
    channel_id: int | None = None,
) -> list[OutboxMessage]:
    """Write the messages in the unit of work's transaction (they commit with the change).
    They answer `interaction` when given; otherwise they go to `channel_id` (default: the
    campaign's channel)."""
    channel = channel_id or (interaction.channel_id if interaction else None)
    rows = []
    for announcement in announcements:
        rows.append(
            await outbox.add(
                uow.conn,
                campaign_id=uow.campaign.id,
                channel_id=channel or uow.campaign.channel_id,
                interaction_id=interaction.id if interaction is not None else None,
                choice_id=announcement.choice_id,
                payload=announcement.body(locale),
            )
        )
    return rows


def _view(components: list[dict[str, Any]]) -> discord.ui.View | None:
    """The stored components as a view of restart-safe controls."""
    items: list[discord.ui.Item[Any]] = []
    for row_number, row in enumerate(components):
        for part in row.get("components", []):
            item: discord.ui.Item[Any]
            emoji = part.get("emoji")
            if part.get("type") == discord.ComponentType.button.value:
                item = discord.ui.Button(
                    style=discord.ButtonStyle(part.get("style", 2)),
                    label=part.get("label"),
                    custom_id=part.get("custom_id"),
                    url=part.get("url"),
                    disabled=bool(part.get("disabled", False)),
                    emoji=discord.PartialEmoji.from_dict(emoji) if emoji else None,
                    row=row_number,
                )
            elif part.get("type") == discord.ComponentType.select.value:
                item = discord.ui.Select(
                    custom_id=part["custom_id"],
                    placeholder=part.get("placeholder"),
                    min_values=int(part.get("min_values", 1)),
                    max_values=int(part.get("max_values", 1)),
                    disabled=bool(part.get("disabled", False)),
                    options=[
                        discord.SelectOption(
                            label=o["label"],
                            value=o["value"],
                            description=o.get("description"),
                            default=bool(o.get("default", False)),
                        )
                        for o in part.get("options", [])
                    ],
                    row=row_number,
                )
            else:
                continue
            custom_id = part.get("custom_id")
            items.append(Control(item) if custom_id else item)
    return view_of(items)


def view_of(items: list[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """The items as one view that never times out (its controls are restart-safe); None
    when there are none."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


def _message(payload: dict[str, Any], *, note: str | None = None) -> dict[str, Any]:
    """Keyword arguments for discord.py's send from a stored body (`note` leads the text)."""
    content = payload.get("content")
    if note is not None:
        content = f"{note}\n{content}" if content else note
    kwargs: dict[str, Any] = {
        "embeds": [discord.Embed.from_dict(e) for e in payload.get("embeds", [])],
        "allowed_mentions": _mentions(payload.get("allowed_mentions") or {}),
    }
    if content:
        kwargs["content"] = content
    view = _view(payload.get("components") or [])
    if view is not None:
        kwargs["view"] = view
    return kwargs


def _mentions(stored: dict[str, Any]) -> discord.AllowedMentions:
    users = [discord.Object(int(u)) for u in stored.get("users", [])]
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=users or False
    )


async def deliver(
    interaction: discord.Interaction[Any], db: Database, rows: Sequence[OutboxMessage]
) -> list[int | None]:
    """Post the messages a committed command wrote, in order, as the interaction's answer,
    marking each sent right after it is posted; returns their message ids."""
    posted: list[int | None] = []
    for row in rows:
        kwargs = _message(row.payload)
        pinged = [int(u) for u in row.payload.get("allowed_mentions", {}).get("users", [])]
        try:
            message_id = await reply(
                interaction,
                kwargs.get("content"),
                embeds=kwargs["embeds"],
                view=kwargs.get("view"),
                pinged=pinged,
            )
        except discord.NotFound:  # the interaction is gone: the channel gets it instead
            message_id = await _post_in_channel(interaction.client, row, note=None)
        await outbox.mark_sent(db, row, message_id)
        posted.append(message_id)
    return posted


async def _post_in_channel(client: discord.Client, row: OutboxMessage, *, note: str | None) -> int:
    channel = client.get_partial_messageable(row.channel_id)
    sent = await channel.send(**_message(row.payload, note=note))
    return sent.id


async def post_unsent(client: discord.Client, db: Database) -> int:
    """Post, in their channels and in order, the messages a crash left unsent, each marked
    as posted after a restart; returns how many were posted. A channel that refuses (gone,
    no access) is logged and its messages stay for the next start."""
    count = 0
    refused: set[int] = set()  # a channel's later messages wait behind the one it refused
    for row in await outbox.unsent(db):
        if row.channel_id in refused:
            continue
        note = t(RESTART_NOTE, str(row.payload.get("locale") or "en"))
        try:
            message_id = await _post_in_channel(client, row, note=note)
        except discord.HTTPException:
            log.exception("outbox message %s could not be posted in %s", row.id, row.channel_id)
            refused.add(row.channel_id)
            continue
        await outbox.mark_sent(db, row, message_id)
        count += 1
    return count
