"""The undo journal against a real SQLite file: exact restores, newest-first, its byte budget,
turn ends undone with their seeds rotated."""

from __future__ import annotations

import json

import pytest

from bot.campaigns import Actor
from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.storage import seeds
from bot.storage import undo as undo_storage
from bot.storage.database import Database
from bot.storage.undo import TURN_END_CONFIRMATION
from bot.storage.verify import verify_campaign
from bot.undo import UndoService
from bot.verify_log import Anchors

GM = Actor(user_id=1)
PLAYER = Actor(user_id=2)


@pytest.fixture
async def service(database_target):
    db = await Database.open(database_target)
    yield CampaignService(db, dice_factory=lambda: Dice.seeded(7))
    await db.close()


async def campaign(service: CampaignService) -> int:
    created = await service.create(
        guild_id=10, channel_id=100, name="Undo", ruleset_keys=[], actor=GM
    )
    return created.id


async def newest(service: CampaignService, campaign_id: int) -> int:
    return (await service.get(campaign_id)).log_count


async def test_a_players_undo_is_refused(service):
    """Issue 17: only a GM undoes; the player's attempt changes nothing."""
    cid = await campaign(service)
    await service.set_setting(cid, GM, "core", "factions_per_player", "2")
    with pytest.raises(NotAllowed):
        await UndoService(service).undo(cid, PLAYER, await newest(service, cid), "mine")
    assert (await service.get(cid)).factions_per_player == 2


async def test_a_join_undone_removes_the_faction_and_a_gm_change_is_reverted(service):
    """Issue 17: core changes (a faction founded, a GM named) come back exactly."""
    cid = await campaign(service)
    await service.join(cid, PLAYER, "Red")
    await service.set_gm(cid, GM, "user", 3, True)
    undo = UndoService(service)
    await undo.undo(cid, GM, 3, "not a GM")  # entries: 1 create, 2 join, 3 GM named
    assert await service.gms(cid) == [("user", 1)]
    await undo.undo(cid, GM, 2, "wrong faction")
    assert await service.factions(cid) == []
    assert (await service.log.verify(cid)).ok
    with pytest.raises(Conflict) as refused:  # back to the creation: never undone
        await undo.ask(cid, GM, "one more")
    assert refused.value.message_key == "error.undo.not_undoable"
    assert refused.value.params["seq"] == 1


async def test_a_stale_confirmation_is_refused(service):
    """Issue 17: the confirmation names the newest command's last entry; once another
    command is logged the old confirmation undoes nothing."""
    cid = await campaign(service)
    await service.set_setting(cid, GM, "core", "factions_per_player", "2")
    named = await newest(service, cid)
    await service.set_setting(cid, GM, "core", "factions_per_player", "3")
    with pytest.raises(Conflict) as refused:
        await UndoService(service).undo(cid, GM, named, "late")
    assert refused.value.message_key == "error.undo.moved"
    assert (await service.get(cid)).factions_per_player == 3


async def undoable(service: CampaignService, cid: int) -> int:
    """How many commands the GM can undo one after the other, until one cannot be: one whose
    journal the budget no longer keeps (not the campaign's creation)."""
    undo = UndoService(service)
    count = 0
    while True:
        try:
            target, _ = await undo.ask(cid, GM, "step back")
        except Conflict as refused:
            assert refused.message_key == "error.undo.too_old"
            return count
        await undo.undo(cid, GM, target.last_seq, "step back")
        count += 1


async def journal_sizes(service: CampaignService, cid: int) -> list[int]:
    rows = await service.db.fetchall(
        "SELECT size FROM undo_sizes WHERE campaign_id = ? ORDER BY last_seq", (cid,)
    )
    return [int(r[0]) for r in rows]


async def test_undo_reaches_back_as_far_as_the_journals_fit_the_budget(service, monkeypatch):
    """Issue 17 (a choice of ours): the newest commands whose journals fit UNDO_BUDGET bytes
    together can be undone, one at a time; the one before them cannot, and says so. Past the
    budget, the oldest journals go until three quarters of it are left."""
    cid = await campaign(service)
    for value in range(12):  # 2 … 9, then 2 … 5: each a change (1 is the default)
        await service.set_setting(cid, GM, "core", "factions_per_player", str(value % 8 + 2))
    sizes = await journal_sizes(service, cid)
    assert len(sizes) == 12 and len(set(sizes)) == 1  # one journal per command, same size
    monkeypatch.setattr(undo_storage, "UNDO_BUDGET", 8 * sizes[0])
    await service.set_setting(cid, GM, "core", "factions_per_player", "1")
    assert await journal_sizes(service, cid) == sizes[:6]  # 6 sizes: 3/4 of the budget
    await service.set_setting(cid, GM, "core", "factions_per_player", "6")
    assert await journal_sizes(service, cid) == sizes[:7]  # within the budget: all kept
    assert await undoable(service, cid) == 7
    assert (await service.get(cid)).factions_per_player == 8  # as after the 7th command
    assert await journal_sizes(service, cid) == []  # undone journals are dropped
    assert (await service.log.verify(cid)).ok


async def test_the_newest_journal_is_kept_however_large_and_at_most_undo_max(service, monkeypatch):
    """A budget smaller than one journal still keeps the newest command undoable; more than
    UNDO_MAX journals are trimmed to three quarters of it."""
    cid = await campaign(service)
    monkeypatch.setattr(undo_storage, "UNDO_BUDGET", 1)
    for value in (2, 3, 4):
        await service.set_setting(cid, GM, "core", "factions_per_player", str(value))
    assert len(await journal_sizes(service, cid)) == 1
    monkeypatch.setattr(undo_storage, "UNDO_BUDGET", 10**9)
    monkeypatch.setattr(undo_storage, "UNDO_MAX", 3)
    for value in (5, 6, 7, 8):
        await service.set_setting(cid, GM, "core", "factions_per_player", str(value))
    assert await undoable(service, cid) == 3
    assert (await service.get(cid)).factions_per_player == 5


async def end_turn(service: CampaignService, cid: int) -> None:
    """`/turn end` confirmed: the question (a core choice), then the turn end answering it."""
    turn = (await service.get(cid)).turn
    async with service.work(cid, GM) as uow:
        choice = await uow.open_choice("core", TURN_END_CONFIRMATION, None, {"turn": turn})
    await service.end_turn(cid, turn, GM, choice_id=choice)


async def fair_verdict(service: CampaignService, cid: int) -> str | None:
    """The fair verifier's first problem (None: OK)."""
    verdict = await verify_campaign(service.db, cid, Anchors())
    return None if verdict.problem is None else verdict.problem.kind


async def test_two_turn_ends_undone_newest_first_each_turn_reopening_with_a_new_seed(service):
    """Issue 17: turn ends are undone like commands, newest first; each reopened turn gets a
    seed nobody has seen (the revealed one is retired), the unplayed turn's seed is revealed
    in the undo's entry, the turn end's confirmation stays answered, and the fair verifier
    accepts the log throughout, also once the turns end again."""
    cid = await campaign(service)
    first = await seeds.seed_of(service.db, cid, 1)
    await end_turn(service, cid)
    second = await seeds.seed_of(service.db, cid, 2)
    await end_turn(service, cid)
    third = await seeds.seed_of(service.db, cid, 3)
    assert first and second and third
    undo = UndoService(service)
    done = await undo.undo(cid, GM, await newest(service, cid), "too early")
    assert done.turn_end == 2 and (await service.get(cid)).turn == 2
    assert done.entry.outcome["seed_reveal"] == {"turn": 3, "seed": third.seed.hex()}
    reopened = await seeds.seed_of(service.db, cid, 2)
    assert reopened and reopened.commitment not in (second.commitment, third.commitment)
    assert done.commitment == reopened.commitment
    assert await seeds.seed_of(service.db, cid, 3) is None
    assert await fair_verdict(service, cid) is None
    done = await undo.undo(cid, GM, done.undid[0] - 1, "much too early")
    assert done.turn_end == 1 and (await service.get(cid)).turn == 1
    assert done.entry.outcome["seed_reveal"] == {"turn": 2, "seed": reopened.seed.hex()}
    assert await fair_verdict(service, cid) is None
    rows = await service.db.fetchall("SELECT kind, status FROM pending_choices ORDER BY id")
    assert [tuple(r) for r in rows] == [("turn_end", "done"), ("turn_end", "done")]
    assert await service.db.fetchall("SELECT * FROM turns") == []
    await end_turn(service, cid)
    await end_turn(service, cid)
    assert (await service.get(cid)).turn == 3
    assert await fair_verdict(service, cid) is None
    assert (await service.log.verify(cid)).ok


async def test_a_turn_end_seed_reused_after_its_undo_is_caught(service):
    """The verifier knows which seed draws each die: a log whose reopened turn claims the
    revealed seed again (a commitment the undo should have replaced) is refused."""
    cid = await campaign(service)
    await end_turn(service, cid)
    done = await UndoService(service).undo(cid, GM, await newest(service, cid), "oops")
    assert done.commitment is not None
    revealed = await service.db.fetchone(
        "SELECT outcome FROM actions WHERE command = 'turn end' AND outcome LIKE '%seed_reveal%'"
    )
    old = json.loads(revealed[0])["seed_reveal"]["seed"]
    async with service.db.transaction() as conn:  # the bot keeps the old seed, unannounced
        await conn.execute("UPDATE turn_seeds SET seed = ? WHERE turn = 1", (old,))
    await end_turn(service, cid)
    assert await fair_verdict(service, cid) == "seed"


def test_the_confirmation_left_answered_is_the_turn_end_question():
    """The undo leaves answered exactly the question `/turn end` asks (cogs/turn.py)."""
    from cogs.turn import TURN_END

    assert TURN_END == TURN_END_CONFIRMATION


async def closing_entries(
    service: CampaignService, *choice_ids: int
) -> list[tuple[str, int | None]]:
    """Each choice's status and the number of the entry that closed it."""
    rows = [
        await service.db.fetchone(
            "SELECT status, closed_seq FROM pending_choices WHERE id = ?", (choice_id,)
        )
        for choice_id in choice_ids
    ]
    return [(str(r[0]), r[1]) for r in rows if r is not None]


async def test_an_undo_reopens_an_answer_and_closes_what_the_undone_command_asked(service):
    """The answered question is open again with no closing entry (the sweep keeps an open
    question's post); the question the undone command asked is closed by the undo's own
    entry, whatever the clock of the host that wrote it."""
    cid = await campaign(service)
    async with service.work(cid, GM) as uow:  # entry 2 asks
        earlier = await uow.open_choice("core", "toll", None, {})
        await uow.append("ask")
    async with service.work(cid, GM) as uow:  # entry 3 answers it and asks another
        await uow.close_choice(earlier)
        later = await uow.open_choice("core", "toll", None, {})
        await uow.append("answer")
    assert await closing_entries(service, earlier, later) == [("done", 3), ("open", None)]

    undone = await UndoService(service).undo(cid, GM, 3, "answered too soon")
    assert undone.entry.seq == 4
    assert await closing_entries(service, earlier, later) == [("open", None), ("cancelled", 4)]
