"""What the outbox posts in a channel carries a nonce Discord enforces (a post repeated within
its few minutes returns the first message): one no other row's post can share, though SQLite
hands the id of a row deleted unsent (an undo's `withdraw`) to the next row it writes."""

from __future__ import annotations

import pytest

from bot import announcements
from bot.standin import Table
from bot.storage import outbox
from tests.storage_helpers import queue_post


async def test_a_message_written_under_a_withdrawn_rows_id_is_posted(
    campaign: Table,
    monkeypatch: pytest.MonkeyPatch,
):
    """A report is posted and the process dies before marking it; an undo withdraws it (unsent
    as far as the outbox knows), and the next message is written under the same id on SQLite.
    Posted within Discord's few minutes, it appears in the channel: the first report's
    message is not handed back in its place."""
    assert campaign.bot is not None
    db = campaign.bot.db
    found = await db.fetchone("SELECT id, channel_id FROM campaigns")
    assert found is not None
    campaign_id, channel_id = int(found["id"]), int(found["channel_id"])

    async def write(content: str) -> outbox.OutboxMessage:
        async with db.transaction() as conn:
            payload = {"locale": "en-US", "content": content}
            return await queue_post(conn, campaign_id, payload, channel_id=channel_id)

    async def dies_before_its_mark(*args: object) -> None:
        raise ConnectionAbortedError("the process died between a post and its mark")

    first = await write("Turn 3: Vega raids Rich.")
    with monkeypatch.context() as patched, pytest.raises(ConnectionAbortedError):
        patched.setattr(outbox, "mark_sent", dies_before_its_mark)
        await announcements.post(campaign.bot, db, [first])
    async with db.transaction() as conn:
        assert await outbox.withdraw(conn, campaign_id, [first.id]) == 1
    second = await write("Turn 3: Orion pays 600.")
    if db.dialect == "sqlite":
        assert second.id == first.id  # the id handed out again

    await announcements.post(campaign.bot, db, [second])

    shown = [m.content for m in campaign.channel_messages()]
    assert shown[-2:] == ["Turn 3: Vega raids Rich.", "Turn 3: Orion pays 600."]
    assert await outbox.is_sent(db, second.id)
