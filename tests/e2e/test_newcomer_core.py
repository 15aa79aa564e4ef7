"""What a newcomer tripped over in the core: a refusal of someone else's question names
whom it asks, an empty filtered log says that nothing matches the filter, `/help` says who
really may run each command, and the local stand-in's test dice are not sold as fair."""

from __future__ import annotations

from typing import Any

from .play import seat_piracy
from .test_ottoman_piracy import OP_E1, VP


def user_id(table: Any, name: str) -> int:
    return int(table.member(name).id)


async def test_a_filtered_log_with_no_match_names_the_filter(campaign):
    await campaign.slash("/roll dice:1d6", as_="player1")
    player2 = user_id(campaign, "player2")

    english = await campaign.slash("/history list player:@player2", as_="player1")
    assert english.embed.description == f"No entry matches the filter: <@{player2}>."
    both = await campaign.slash("/history list player:@player2 turn:1", as_="player1")
    assert both.embed.description == f"No entry matches the filter: <@{player2}>, turn 1."

    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await campaign.slash("/history list ruleset:fleet_combat", as_="player1")
    assert russian.embed.description == "Ни одна запись не подходит под фильтр: Флотский бой."

    everything = await campaign.slash("/history list", as_="player1")
    assert "Ни одна запись" not in everything.embed.description
    assert "`#2`" in everything.embed.description


async def test_a_click_on_someone_elses_question_names_whom_it_asks(campaign):
    """The Habsburgs' reward question, clicked by the Ottoman (English) and the French
    (Russian) players: each is told privately whom it is for, and nobody is pinged."""
    await seat_piracy(campaign)
    campaign.script_dice([5, 2, 6, 5])
    question = await campaign.slash(OP_E1, as_="player1")
    owner = user_id(campaign, "player2")

    english = await campaign.click(question, VP, as_="player1")
    assert english.ephemeral
    assert english.embed.description == f"This question is for Habsburgs (<@{owner}>)."
    assert english.pings == frozenset()
    russian = await campaign.click(question, VP, as_="player3")
    assert russian.ephemeral
    assert russian.embed.description == f"На этот вопрос отвечает Habsburgs (<@{owner}>)."
    assert russian.pings == frozenset()

    answered = await campaign.click(question, VP, as_="player2")
    assert not answered.ephemeral, answered.text()
