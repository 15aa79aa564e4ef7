"""An undone set-up answer no longer advises a next step: the GM undoes a `/campaign join`
(its answer said what to set up next); the message is marked undone like any undone post
and its "Next step" goes, in the campaign's language."""

from __future__ import annotations

from bot.standin import Table
from tests.e2e.test_click_outbox import message
from tests.e2e.test_undo import undo


async def test_an_undone_join_no_longer_advises_a_next_step(campaign: Table):
    """The join's answer told the next step; once the GM undoes the join, that step no
    longer applies: the message is marked undone and its "Next step" is gone."""
    joined = await campaign.slash("/campaign join faction:Vega", as_="player1")
    assert joined.embed.has_field("Next step")

    await undo(campaign, "wrong faction")

    undone = message(campaign, joined.message.id)
    player1 = campaign.member("player1").id
    assert "Undone" in undone.embed.description
    assert undone.embed.description.endswith(f"\n\n~~<@{player1}> now plays **Vega**.~~")
    assert not undone.embed.has_field("Next step")


async def test_an_undone_russian_set_up_answer_drops_its_next_step(campaign: Table):
    """The same in a Russian campaign: "Следующий шаг" goes with the undone answer."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    joined = await campaign.slash("/campaign join faction:Vega", as_="player1")
    assert joined.embed.has_field("Следующий шаг")

    await undo(campaign, "ошибка", confirm="Отменить")

    assert not message(campaign, joined.message.id).embed.has_field("Следующий шаг")
