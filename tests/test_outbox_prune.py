"""Pruning the outbox (migration 012): posted rows a week old go, a bounded batch at a time,
oldest first; unsent rows and the posts of questions an undo may redraw stay. Whether an undo
reaches the command that closed a question is decided by entry numbers (migration 013), not
by the clocks of the hosts that wrote them; a question closed before then, by time."""

from __future__ import annotations

import json
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest

from bot.campaigns import CORE
from bot.campaigns import Actor
from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.storage import outbox
from bot.storage.database import Database
from bot.storage.shards import Shards
from bot.storage.sql import inserted_id
from bot.turn_flow import TurnFlow
from bot.undo import UndoService

NOW = datetime(2026, 12, 20, 12, 0, tzinfo=UTC)
GM = Actor(user_id=1)
GUILD_ON_SHARD_0 = 0
GUILD_ON_SHARD_1 = 1 << 22


@pytest.fixture
async def service(database_target):
    db = await Database.open(database_target)
    yield CampaignService(db, dice_factory=lambda: Dice.seeded(7))
    await db.close()


async def campaign(service: CampaignService, guild_id: int = 10) -> int:
    created = await service.create(
        guild_id=guild_id,
        channel_id=100 + guild_id,
        name=f"Prune {guild_id}",
        ruleset_keys=[],
        actor=GM,
    )
    return created.id


async def posted(
    db: Database,
    campaign_id: int,
    days_ago: float | None,
    *,
    choice: int | None = None,
    message_id: int | None = 900,
    private: bool = False,
) -> int:
    """A row posted `days_ago` before NOW (None: still unsent), showing the buttons of
    `choice` when given (only to whoever clicked, when `private`)."""
    payload: dict[str, object] = {"content": "posted"}
    if private:
        payload["ephemeral"] = True
    if choice is not None:
        button = {"type": 2, "custom_id": f"x:choice:{choice}:pay", "label": "Pay"}
        payload["components"] = [{"type": 1, "components": [button]}]
    async with db.transaction() as conn:
        row = await outbox.add(
            conn,
            campaign_id=campaign_id,
            channel_id=100,
            interaction_id=None,
            choice_id=choice,
            payload=payload,
        )
        if days_ago is not None:
            sent = outbox.sent_before(NOW - timedelta(days=days_ago))
            await conn.execute(
                "UPDATE outbox SET sent_at = ?, message_id = ? WHERE id = ?",
                (sent, message_id, row.id),
            )
    return row.id


async def kept(db: Database) -> list[int]:
    return [int(r[0]) for r in await db.fetchall("SELECT id FROM outbox ORDER BY id")]


async def choice(db: Database, campaign_id: int, status: str) -> int:
    """A pending choice of the campaign; a closed one was closed at NOW (after every entry),
    as a choice closed before migration 013 is stored: with no closing entry number."""
    resolved = None if status == "open" else outbox.sent_before(NOW)
    async with db.transaction() as conn:
        cursor = await conn.execute(
            "INSERT INTO pending_choices (campaign_id, ruleset, kind, owner_id, payload, status, "
            "created_at, resolved_at) VALUES (?, 'r', 'k', NULL, '{}', ?, '', ?) RETURNING id",
            (campaign_id, status, resolved),
        )
        return await inserted_id(cursor)


async def test_a_posted_row_a_week_old_goes_an_unsent_or_recent_one_stays(service):
    db = service.db
    cid = await campaign(service)
    old = await posted(db, cid, 8)
    recent = await posted(db, cid, 6)
    unsent = await posted(db, cid, None)
    assert await outbox.prune(db, NOW) == 1
    assert await kept(db) == [recent, unsent]
    assert [m.id for m in await outbox.unsent(db)] == [unsent]
    assert old not in await kept(db)


async def test_a_batch_is_bounded_and_takes_the_oldest_first(service):
    db = service.db
    cid = await campaign(service)
    rows = [await posted(db, cid, days) for days in (9, 30, 8, 20)]
    assert await outbox.prune(db, NOW, limit=2) == 2
    assert await kept(db) == [rows[0], rows[2]]  # 30 and 20 days old went first
    assert await outbox.prune(db, NOW, limit=2) == 2
    assert await outbox.prune(db, NOW, limit=2) == 0
    assert await kept(db) == []


async def test_a_process_prunes_only_the_campaigns_of_its_shards(service):
    db = service.db
    mine = await posted(db, await campaign(service, GUILD_ON_SHARD_0), 8)
    theirs = await posted(db, await campaign(service, GUILD_ON_SHARD_1), 8)
    assert await outbox.prune(db, NOW, shards=Shards(2, frozenset({1}))) == 1
    assert await kept(db) == [mine]
    assert theirs not in await kept(db)


async def test_a_question_that_may_be_asked_again_keeps_its_post(service):
    """An open question's post stays however old (answered later, an undo reopens it); so
    does one answered by a command an undo can still reach (the campaign's creation keeps
    no journal, the faction joined after it does). Answered beyond the undo's reach, or
    shown privately, or never posted with an id, the post goes."""
    db = service.db
    cid = await campaign(service)
    await service.join(cid, Actor(user_id=2), "Red")  # a command an undo can reach
    is_open = await posted(db, cid, 30, choice=await choice(db, cid, "open"))
    reachable = await posted(db, cid, 30, choice=await choice(db, cid, "done"))
    again = await choice(db, cid, "open")
    await posted(db, cid, 30, choice=again, private=True)  # a private panel: never redrawn
    await posted(db, cid, 30, choice=again, message_id=None)  # no message to redraw
    assert await outbox.prune(db, NOW) == 2
    assert await kept(db) == [is_open, reachable]

    async with db.transaction() as conn:  # the journals are trimmed: no undo reaches back
        await conn.execute("DELETE FROM undo_units WHERE campaign_id = ?", (cid,))
        await conn.execute("DELETE FROM undo_sizes WHERE campaign_id = ?", (cid,))
    assert await outbox.prune(db, NOW) == 1
    assert await kept(db) == [is_open]


async def test_a_question_closed_before_the_oldest_undoable_command_loses_its_post(service):
    """The choice was closed, then a later command ran: only that later command can be
    undone, so the question can never open again."""
    db = service.db
    cid = await campaign(service)
    closed = await choice(db, cid, "cancelled")
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET resolved_at = ? WHERE id = ?",
            (outbox.sent_before(NOW - timedelta(days=400)), closed),
        )
    await service.join(cid, Actor(user_id=2), "Red")
    await posted(db, cid, 30, choice=closed)
    assert await outbox.prune(db, NOW) == 1
    assert await kept(db) == []


async def asked(service: CampaignService, campaign_id: int) -> int:
    """A question a command asks (one entry); returns its choice id."""
    async with service.work(campaign_id, GM) as uow:
        choice_id = await uow.open_choice(CORE, "toll", None, {})
        await uow.append("ask")
    return choice_id


async def answered(service: CampaignService, campaign_id: int, choice_id: int) -> None:
    """The command that answers the question (one entry)."""
    async with service.work(campaign_id, GM) as uow:
        await uow.close_choice(choice_id)
        await uow.append("answer")


async def cancelled(service: CampaignService, campaign_id: int, choice_id: int) -> None:
    """A Cancel click on the question: closed by a unit that appends no entry."""
    async with service.work(campaign_id, GM) as uow:
        await uow.close_choice(choice_id, "cancelled")


async def entry_time(db: Database, campaign_id: int, seq: int) -> datetime:
    row = await db.fetchone(
        "SELECT created_at FROM actions WHERE campaign_id = ? AND seq = ?", (campaign_id, seq)
    )
    assert row is not None
    return datetime.fromisoformat(row[0])


async def clock_said(db: Database, choice_id: int, moment: datetime) -> None:
    """The closing time as the clock of the host that closed the choice wrote it."""
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET resolved_at = ? WHERE id = ?",
            (outbox.sent_before(moment), choice_id),
        )


async def test_a_question_answered_within_the_undo_reach_keeps_its_post_whatever_its_clock(
    service,
):
    """The bot runs on two hosts whose clocks disagree: the answer, a command the undo still
    reaches, was written by a host an hour behind, before the time of the entry preceding
    the oldest undoable command. The post stays, and the GM's undo of the answer redraws the
    question on it with working buttons."""
    db = service.db
    cid = await campaign(service)  # entry 1 (the creation keeps no journal)
    await service.join(cid, Actor(user_id=2), "Red")  # entry 2: the oldest an undo reaches
    question = await asked(service, cid)  # entry 3
    post = await posted(db, cid, 30, choice=question)
    await answered(service, cid, question)  # entry 4
    await clock_said(db, question, await entry_time(db, cid, 1) - timedelta(hours=1))
    assert await outbox.prune(db, NOW) == 0
    assert await kept(db) == [post]

    done = await UndoService(service).undo(cid, GM, 4, "the wrong answer")
    assert done.reopened == [question]
    assert done.unshown == []  # not "open again without its buttons"
    [redraw] = done.redraws
    assert redraw.payload["edit"] == 900
    assert redraw.payload["components"][0]["components"][0]["custom_id"] == (
        f"x:choice:{question}:pay"
    )


async def test_a_question_answered_before_the_undo_reach_loses_its_post_whatever_its_clock(
    service,
):
    """The answer was written by a host an hour ahead, after the time of every later entry;
    but the journals kept reach back only to the command after it: no undo can reopen the
    question, and its post goes."""
    db = service.db
    cid = await campaign(service)
    question = await asked(service, cid)  # entry 2
    post = await posted(db, cid, 30, choice=question)
    await answered(service, cid, question)  # entry 3
    await service.join(cid, Actor(user_id=2), "Red")  # entry 4
    async with db.transaction() as conn:  # the journals kept: the join's alone
        await conn.execute("DELETE FROM undo_units WHERE campaign_id = ? AND last_seq < 4", (cid,))
        await conn.execute("DELETE FROM undo_sizes WHERE campaign_id = ? AND last_seq < 4", (cid,))
    await clock_said(db, question, await entry_time(db, cid, 4) + timedelta(hours=1))
    assert await outbox.prune(db, NOW) == 1
    assert post not in await kept(db)


async def test_a_question_cancelled_without_an_entry_keeps_its_post_while_its_asking_may_be_undone(
    service,
):
    """A Cancel writes no entry and cannot be undone, but the command that asked the question
    can: its undo marks the question's post undone. The post stays while that
    command is within reach, whatever the clock of the host that took the Cancel said."""
    db = service.db
    cid = await campaign(service)
    question = await asked(service, cid)  # entry 2: the oldest an undo reaches
    post = await posted(db, cid, 30, choice=question)
    await cancelled(service, cid, question)
    await clock_said(db, question, await entry_time(db, cid, 1) - timedelta(hours=1))
    assert await outbox.prune(db, NOW) == 0
    assert await kept(db) == [post]

    done = await UndoService(service).undo(cid, GM, 2, "asked by mistake")
    assert done.closed_choices == [question]
    [withdrawn] = done.redraws
    # The post asked nothing else: it is marked undone, who undid it and why first.
    assert withdrawn.payload["edit"] == 900
    assert withdrawn.payload["undone"]["note"] == (
        "↩️ **Undone** by the GM: asked by mistake (log entry #3)."
    )


async def test_a_question_a_ruleset_keeps_in_its_state_keeps_its_post(service):
    """Space pirates keeps its questions (buy-off, plunder, upkeep, retreat) in its own state,
    not as pending choices (SP-I45): the sweep keeps their posts however old, so that a GM's
    undo of an answer can always redraw the question; a plain post of the same age goes."""
    db = service.db
    cid = await campaign(service)
    plain = await posted(db, cid, 30)
    question = await posted(db, cid, 30)
    button = {"type": 2, "custom_id": "x:space_pirates.answer:7:pay", "label": "Pay"}
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE outbox SET payload = ? WHERE id = ?",
            (json.dumps({"components": [{"type": 1, "components": [button]}]}), question),
        )
    assert await TurnFlow(service).prune_outbox(NOW) == 1
    assert plain not in await kept(db)
    assert question in await kept(db)


async def test_a_batch_reads_only_the_oldest_posted_rows_by_an_index(service, database_target):
    """Migrations 012 and 013: the batch walks the posted rows by the time they were sent, and
    finds a campaign's questions closed within the undo's reach by an index, by entry number
    or, closed before 013, by time (SQLite's query plan, or PostgreSQL's catalog)."""
    db = service.db
    if isinstance(database_target, str):
        found = await db.fetchall(
            "SELECT indexname FROM pg_indexes WHERE indexname IN (?, ?, ?) ORDER BY indexname",
            ("choices_by_closing", "choices_by_resolution", "outbox_sent"),
        )
        assert [r[0] for r in found] == [
            "choices_by_closing",
            "choices_by_resolution",
            "outbox_sent",
        ]
        return
    plan = await db.fetchall(
        "EXPLAIN QUERY PLAN DELETE FROM outbox WHERE id IN (SELECT o.id FROM outbox o "
        "WHERE o.sent_at IS NOT NULL AND o.sent_at < ? "
        f"AND NOT ({outbox._MAY_REDRAW}) ORDER BY o.sent_at LIMIT ?)",
        ("2026-12-01", 5),
    )
    steps = " | ".join(str(row[-1]) for row in plan)
    assert "INDEX outbox_sent" in steps, steps
    assert "INDEX choices_by_closing" in steps, steps
    assert "INDEX choices_by_resolution" in steps, steps


async def test_a_post_showing_several_questions_stays_while_any_may_be_asked_again(service):
    """One message asking two questions names only the first as its choice; the first
    answered long ago, the second still open: the message stays (an undo of the second's
    answer later redraws it there)."""
    db = service.db
    cid = await campaign(service)
    first = await choice(db, cid, "done")
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET resolved_at = '2000-01-01' WHERE id = ?", (first,)
        )
    second = await choice(db, cid, "open")
    row = await posted(db, cid, 30, choice=first)
    async with db.transaction() as conn:
        both = {
            "type": 1,
            "components": [
                {"type": 2, "custom_id": f"x:choice:{first}:pay", "label": "Pay"},
                {"type": 2, "custom_id": f"x:choice:{second}:pay", "label": "Pay"},
            ],
        }
        await conn.execute(
            "UPDATE outbox SET payload = ? WHERE id = ?",
            (json.dumps({"components": [both]}, separators=(",", ":")), row),
        )
    assert await outbox.prune(db, NOW) == 0
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE pending_choices SET status = 'done', resolved_at = '2000-01-02' WHERE id = ?",
            (second,),
        )
    assert await outbox.prune(db, NOW) == 1


async def test_a_sweep_whose_pruning_fails_still_posts_what_fell_due(service, monkeypatch, caplog):
    """The deadline's announcement is claimed and handed to the sender even when the outbox
    cannot be pruned; the failure is logged and the next sweep prunes again."""
    cid = await campaign(service)
    flow = TurnFlow(service)
    await flow.set_deadline(cid, GM, "1h", NOW)

    async def failing(*_args: object, **_kwargs: object) -> int:
        raise OSError("disk I/O error")

    monkeypatch.setattr(outbox, "prune", failing)
    result = await flow.sweep(NOW + timedelta(hours=2))
    assert [post.kind for post in result.posts] == ["deadline"]
    assert result.pruned == 0
    assert "the outbox could not be pruned" in caplog.text
