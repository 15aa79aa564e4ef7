"""What a newcomer tripped over in the core: a refusal of someone else's question names
whom it asks, an empty filtered log says that nothing matches the filter, `/help` says who
really may run each command, and the local stand-in's test dice are not sold as fair."""

from __future__ import annotations

from typing import Any


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
