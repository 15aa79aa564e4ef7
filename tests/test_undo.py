"""The undo journal against a real SQLite file: exact restores, newest-first, its depth."""

from __future__ import annotations

import pytest

from bot.campaigns import Actor, CampaignService
from bot.dice import Dice
from bot.errors import Conflict, NotAllowed
from bot.storage.database import Database
from bot.storage.undo import UNDO_DEPTH
from bot.undo import UndoService

GM = Actor(user_id=1)
PLAYER = Actor(user_id=2)


@pytest.fixture
async def service(tmp_path):
    db = await Database.open(tmp_path / "undo.db")
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


async def test_only_the_newest_commands_keep_their_journal(service):
    """Issue 17 (a choice of ours): the newest UNDO_DEPTH commands can be undone, one at a
    time; the one before them cannot, and says so."""
    cid = await campaign(service)
    for value in range(UNDO_DEPTH + 2):
        await service.set_setting(cid, GM, "core", "factions_per_player", str(value % 9 + 1))
    undo = UndoService(service)
    last = await newest(service, cid)  # commands are entries 2..last, one entry each
    for k in range(UNDO_DEPTH):
        await undo.undo(cid, GM, last - k, "step back")
    with pytest.raises(Conflict) as refused:
        await undo.ask(cid, GM, "one more")
    assert refused.value.message_key == "error.undo.not_undoable"
    assert (await service.get(cid)).factions_per_player == 2  # after the second command
    assert (await service.log.verify(cid)).ok
