"""Rows the storage tests set up the way the bot writes them."""

from __future__ import annotations

from typing import Any

from bot.storage import outbox
from bot.storage.sql import Conn


async def queue_post(
    conn: Conn,
    campaign_id: int,
    payload: dict[str, Any],
    *,
    channel_id: int = 2,
    interaction_id: int | None = None,
    choice_id: int | None = None,
) -> outbox.OutboxMessage:
    """A message waiting in the outbox, written in the caller's transaction as a command
    writes it: with `interaction_id` when it answers one, `choice_id` when it asks one."""
    return await outbox.add(
        conn,
        campaign_id=campaign_id,
        channel_id=channel_id,
        interaction_id=interaction_id,
        choice_id=choice_id,
        payload=payload,
    )
