"""Commands that race a turn end: typed while the GM's confirmed end of turn 1 waits for the
campaign's write lock (another process holds it), they read the campaign at turn 1 and are
written after the turn end, in turn 2. What they record and what their answers say belongs
to turn 2, the turn they are written in.

The race is staged with `hold_campaign` (tests/e2e/test_outbox.py): the turn end's click
and then the command wait for the lock in that order, so the turn end commits first. On
SQLite the writers of one process queue in order for the lock; on PostgreSQL each waits on
its own connection, so each is let in only once the server shows it waiting (the
acknowledgement alone says its wait began, not that its lock request reached the server).
"""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

from bot.standin import Table
from bot.storage import database
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import navy  # noqa: F401 - fixtures
from tests.e2e.test_naval_orders import ordered  # noqa: F401 - fixtures
from tests.e2e.test_ottoman_piracy import OP_E1
from tests.e2e.test_ottoman_piracy import seated as piracy_seated  # noqa: F401 - a fixture
from tests.e2e.test_outbox import hold_campaign

DEFERRED_UPDATE, DEFERRED_MESSAGE = 6, 5  # a click's and a command's acknowledgement


async def waiting_on_the_server(target: Any, count: int) -> None:
    """On PostgreSQL, until `count` of the bot's writes wait for a lock on the server (their
    row-lock requests queue in the order they arrive); on SQLite nothing to wait for."""
    if not isinstance(target, str):
        return
    watcher = await asyncpg.connect(target)
    try:
        while (
            await watcher.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND datname = current_database() AND query LIKE 'SELECT * FROM campaigns WHERE%'"
            )
            < count
        ):
            await asyncio.sleep(0.01)
    finally:
        await watcher.close()


async def while_turn_1_ends(
    played: Table,
    database_target: Any,
    monkeypatch: pytest.MonkeyPatch,
    *commands: tuple[str, str],
) -> list[Any]:
    """The GM confirms the end of turn 1 while another process holds the campaign; then
    each (command, who types it) in turn reads the campaign at turn 1 and waits for the
    lock, behind the turn end and the commands before it. Returns their answers once all
    are done; the campaign is then at turn 2."""
    question = await played.slash("/turn end", as_="gm")
    monkeypatch.setattr(database, "WRITE_WAIT_NOTICE", 0.05)
    interactions = played.standin.interactions

    async def acknowledged(kind: int, count: int) -> None:
        while sum(r.response_type == kind for r in interactions.values()) < count:
            await played.standin.next_change()

    clicks, deferred = (
        sum(r.response_type == kind for r in interactions.values())
        for kind in (DEFERRED_UPDATE, DEFERRED_MESSAGE)
    )
    racing = []
    async with hold_campaign(database_target, played.bot.service, played.channel().id):
        ending = asyncio.ensure_future(played.click(question, "End turn 1", as_="gm"))
        await acknowledged(DEFERRED_UPDATE, clicks + 1)  # the turn end waits for the lock
        await waiting_on_the_server(database_target, 1)
        for waiting, (line, as_) in enumerate(commands, start=2):
            racing.append(asyncio.ensure_future(played.slash(line, as_=as_)))
            deferred += 1
            await acknowledged(DEFERRED_MESSAGE, deferred)  # it waits behind the turn end
            await waiting_on_the_server(database_target, waiting)
    ended = await ending
    assert ended.embed.title == "Turn 1 has ended", ended.text()
    return [await answer for answer in racing]


async def newest_entry_turn(played: Table, command: str) -> int:
    """The turn of the newest audit entry of `command`."""
    service = played.bot.service
    found = await service.by_channel(played.channel().id)
    row = await service.db.fetchone(
        "SELECT turn FROM actions WHERE campaign_id = ? AND command = ? ORDER BY seq DESC",
        (found.id, command),
    )
    assert row is not None, command
    return int(row[0])


async def test_a_piracy_declared_while_the_turn_ends_is_marked_in_the_new_turn(
    piracy_seated,  # noqa: F811 - the fixture imported above
    database_target,
    monkeypatch,
):
    """OP-1.4: the piracy marker goes down in the turn the declaration is written in. Typed
    during turn 1's Ottoman impulse but written after the turn's end, the declaration finds
    no impulse in turn 2 and is refused to its player (OP-I2); declared again in turn 2's
    Ottoman impulse, it marks the Ionian Sea for turn 2: its story names turn 2, and
    `/corsairs status` shows the marker among turn 2's."""
    played = piracy_seated
    (late,) = await while_turn_1_ends(played, database_target, monkeypatch, (OP_E1, "player1"))
    (refusal,) = late.followups  # the public "thinking…" is deleted
    assert refusal.ephemeral, late.text()
    assert "/corsairs impulse power:ottoman" in refusal.embed.description

    await played.slash("/corsairs impulse power:ottoman", as_="gm")
    played.script_dice([5, 2, 6, 5])
    story = await played.slash(OP_E1, as_="player1")

    assert not story.ephemeral, story.text()
    assert story.embed.field("Piracy marker") == "Ionian Sea, turn 2"
    assert await newest_entry_turn(played, "corsairs piracy") == 2
    status = await played.slash("/corsairs status", as_="gm")
    assert status.embed.title == "Ottoman piracy — turn 2"
    assert "Ionian Sea (1 piracy)" in status.embed.field("Piracy markers this turn")


async def test_a_command_test_taken_while_the_turn_ends_uses_up_the_new_turns_test(
    ordered,  # noqa: F811 - the fixture imported above
    database_target,
    monkeypatch,
):
    """NO-I9: one command test per force and turn. A test typed during turn 1 and written
    after its end is the new turn's test: a second one in turn 2 is refused, naming turn 2."""
    played = ordered
    await played.slash(f"/navy position unit:{WS} location:5", as_="player1")
    played.script_dice([3])
    line = f"/navy test unit:{WS} enemy_at:adjacent"

    (tested,) = await while_turn_1_ends(played, database_target, monkeypatch, (line, "player1"))

    assert not tested.ephemeral, tested.text()
    assert await newest_entry_turn(played, "navy test") == 2
    again = await played.slash(line, as_="player1")
    assert again.ephemeral, again.text()
    assert "already taken its command test in turn 2 (NO-I9)" in again.text()


async def test_a_turn_end_asked_while_the_turn_ends_asks_for_the_new_turn(
    campaign, database_target, monkeypatch
):
    """`/turn end` typed again while the confirmed end of turn 1 is being written: its
    question asks to end turn 2, and its button ends turn 2."""
    played = campaign
    (question,) = await while_turn_1_ends(played, database_target, monkeypatch, ("/turn end", "gm"))

    assert question.embed.title == "End turn 2?", question.text()
    done = await played.click(question, "End turn 2", as_="gm")
    assert done.embed.title == "Turn 2 has ended", done.text()


async def test_a_deadline_cleared_while_the_turn_ends_names_the_turn_it_was_cleared_for(
    campaign, database_target, monkeypatch
):
    """A deadline is set and then cleared, both typed while the end of turn 1 is being
    written and written after it: the deadline is set for turn 2 and its answer says so; the
    clear removes turn 2's deadline, and its answer names turn 2 (the turn read in its
    transaction), not turn 1 as read before it waited."""
    if isinstance(database_target, str):
        pytest.skip(
            "two writes queued behind a turn end: PostgreSQL does not keep their order once the"
            " turn end has updated the row they wait for (they contend for its new version),"
            " so the clear may come before the set; the single-write races run on both engines"
        )
    played = campaign
    set_, cleared = await while_turn_1_ends(
        played,
        database_target,
        monkeypatch,
        ("/turn deadline set when:48h", "gm"),
        ("/turn deadline clear", "gm"),
    )

    assert set_.embed.title == "Deadline set for turn 2", set_.text()
    assert set_.embed.description.startswith("Turn 2 ends <t:"), set_.text()
    assert not cleared.ephemeral, cleared.text()
    assert cleared.embed.title == "Turn 2 has no deadline now", cleared.text()
    status = await played.slash("/turn status", as_="gm")
    assert status.embed.title.endswith("turn 2"), status.text()
    assert "Deadline" not in (status.embed.description or ""), status.text()
