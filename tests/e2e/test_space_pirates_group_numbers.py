"""SP-I37: a privateer group's number that is not one of the reader's reads with the numbers
they may recall, as an unknown buy-off offer's does (`/pirates offer`).

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base

pirates = base.pirates
after_a_raid = base.after_a_raid


async def orion_privateers(table) -> str:
    """Orion's two cruisers (#1, #2) go privateering against Vega; returns the group's
    number."""
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    await table.slash("/pirates tech faction:Orion researched:true", as_="gm")
    quote = await table.slash("/pirates privateers form target:Vega ships:1, 2", as_="player2")
    formed = await table.click(quote, "Confirm", as_="player2")
    return formed.embed.description.split("#")[1].split(" ")[0]


async def test_an_unknown_group_names_the_readers_groups(after_a_raid):
    """Orion types group 99: the refusal names group #N, the one Orion may recall."""
    table = after_a_raid
    group = await orion_privateers(table)

    refused = await table.slash("/pirates privateers recall group:99", as_="player2")

    assert refused.ephemeral
    assert f"There is no privateer group #99 of yours; yours: #{group}" in refused.text(), (
        refused.text()
    )


async def test_a_player_without_groups_is_told_there_are_none(after_a_raid):
    """Vega has no privateer group: the refusal says she has none."""
    table = after_a_raid
    await orion_privateers(table)

    refused = await table.slash("/pirates privateers recall group:99", as_="player1")

    assert "There is no privateer group #99 of yours; yours: none" in refused.text()
    assert "#" not in refused.text().split("yours:")[1]


async def test_the_refusal_reads_in_russian(after_a_raid):
    """Lyra reads Russian: the refusal is in Russian, with the numbers."""
    table = after_a_raid
    await orion_privateers(table)

    refused = await table.slash("/pirates privateers recall group:99", as_="player3")

    assert "Вашей группы каперов №99 нет; ваши: нет" in refused.text(), refused.text()
