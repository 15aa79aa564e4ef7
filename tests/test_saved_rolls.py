"""Saved rolls through the service: validated by parsing, names cleaned and bounded, a
limit per player and campaign, refusals save nothing, nothing enters the audit log."""

from __future__ import annotations

import pytest

from bot.campaigns import MAX_SAVED_ROLLS
from bot.campaigns import Actor
from bot.dice_expr import DiceExpressionError
from bot.errors import GameError
from bot.errors import NotFound
from bot.text import SAVED_ROLL_NAME_MAX

GM = Actor(user_id=1)
PLAYER = Actor(user_id=2)
OTHER = Actor(user_id=3)
# `service`: tests/conftest.py


async def new_campaign(service, channel_id=100):
    campaign = await service.create(
        guild_id=10, channel_id=channel_id, name="Test", ruleset_keys=[], actor=GM
    )
    return campaign.id


async def test_saved_rolls_belong_to_one_player_in_one_campaign(service):
    first, second = await new_campaign(service, 100), await new_campaign(service, 101)
    await service.save_roll(first, PLAYER, "attack", "1d20+5")
    assert [r.name for r in await service.saved_rolls(first, PLAYER.user_id)] == ["attack"]
    assert await service.saved_rolls(first, OTHER.user_id) == []
    assert await service.saved_rolls(second, PLAYER.user_id) == []
    found = await service.saved_roll(first, PLAYER.user_id, "ＡＴＴＡＣＫ\u200b")
    assert found is not None and found.expression == "1d20+5"


async def test_saving_writes_no_audit_entry(service):
    campaign = await new_campaign(service)
    before = (await service.get(campaign)).log_count
    await service.save_roll(campaign, PLAYER, "attack", "1d20+5")
    await service.delete_saved_roll(campaign, PLAYER, "attack")
    assert (await service.get(campaign)).log_count == before


async def test_names_are_cleaned_bounded_and_never_dice(service):
    campaign = await new_campaign(service)
    saved, replaced = await service.save_roll(campaign, PLAYER, "  big\u202e  gun ", " 2d6 ")
    assert (saved.name, saved.expression, replaced) == ("big gun", "2d6", False)
    with pytest.raises(GameError) as too_long:
        await service.save_roll(campaign, PLAYER, "x" * (SAVED_ROLL_NAME_MAX + 1), "d6")
    assert too_long.value.message_key == "dice.saved.error.name"
    with pytest.raises(GameError) as invisible:
        await service.save_roll(campaign, PLAYER, "\u200b\u200d", "d6")
    assert invisible.value.message_key == "dice.saved.error.name"
    with pytest.raises(GameError) as dice_name:
        await service.save_roll(campaign, PLAYER, "2к6", "d6")
    assert dice_name.value.message_key == "dice.saved.error.name_is_dice"
    with pytest.raises(DiceExpressionError) as bad:
        await service.save_roll(campaign, PLAYER, "oops", "3d6!!")
    assert bad.value.column == 5
    names = [r.name for r in await service.saved_rolls(campaign, PLAYER.user_id)]
    assert names == ["big gun"]


async def test_the_limit_refuses_a_new_name_but_allows_a_replacement(service):
    campaign = await new_campaign(service)
    for n in range(MAX_SAVED_ROLLS):
        await service.save_roll(campaign, PLAYER, f"roll {n:02}", "d20")
    with pytest.raises(GameError) as full:
        await service.save_roll(campaign, PLAYER, "one more", "d20")
    assert full.value.message_key == "dice.saved.error.limit"
    _, replaced = await service.save_roll(campaign, PLAYER, "ROLL 00", "2d20kh")
    assert replaced
    saved = await service.saved_rolls(campaign, PLAYER.user_id)
    assert len(saved) == MAX_SAVED_ROLLS
    assert (saved[0].name, saved[0].expression) == ("ROLL 00", "2d20kh")


async def test_deleting_an_unknown_name_changes_nothing(service):
    campaign = await new_campaign(service)
    await service.save_roll(campaign, PLAYER, "attack", "1d20")
    with pytest.raises(NotFound):
        await service.delete_saved_roll(campaign, OTHER, "attack")
    assert len(await service.saved_rolls(campaign, PLAYER.user_id)) == 1
