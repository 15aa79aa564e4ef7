"""What the channel reads when a faction changes hands mid-campaign: the answer to
`/campaign leave` says what the turn still waits for from the faction left, now nobody's,
so the others and the GMs know what stays open; the answer to `/campaign join` tells the
player who joins a turn with a deadline when it ends.

Player1 plays Red, player2 Blue, player3 Green; Red attacked Blue at Mecatol, so the turn
waits for Red's and Blue's fire orders.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.standin import Table
from tests.e2e.play import START
from tests.e2e.test_turn_flow import battle  # noqa: F401 - the campaign with a battle
from tests.e2e.test_turn_flow import table  # noqa: F401 - the clock-reading table


@pytest.fixture
def played(battle: Table) -> Table:  # noqa: F811 - the fixture imported above
    """The campaign with a battle: the turn waits for Red's and Blue's fire orders."""
    return battle


async def test_leaving_a_faction_that_owes_a_move_says_what_stays_open(played):
    left = await played.slash("/campaign leave", as_="player2")

    assert not left.ephemeral, left.text()
    assert left.embed.description.splitlines() == [
        f"<@{played.member('player2').id}> no longer plays **Blue**: another player may join"
        " as it.",
        "Still awaited from **Blue**, now played by nobody: fire orders in battle #1 at"
        " Mecatol, round 1 (FC-I7). A GM acts for it until a player joins as it.",
    ]


async def test_leaving_in_a_russian_campaign_says_what_stays_open_in_russian(played):
    await played.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    left = await played.slash("/campaign leave", as_="player2")

    assert left.embed.description.splitlines()[1] == (
        "От фракции **«Blue»**, за которую теперь никто не играет, ещё ждут: приказы на"
        " стрельбу в бою №1 в точке Mecatol, раунд 1 (FC-I7). Пока за неё не вступит новый игрок,"
        " её ходы делает ведущий."
    )


async def test_leaving_one_of_two_factions_names_what_only_that_one_owes(played):
    """Player1 plays Red and, once a GM allows it, Green too (which owes nothing): leaving
    Green says nothing of Red's fire orders, which stay player1's."""
    await played.slash("/campaign leave", as_="player3")
    await played.slash("/campaign settings set setting:core.factions_per_player value:2", as_="gm")
    await played.slash("/campaign join faction:Green", as_="player1")

    left = await played.slash("/campaign leave faction:Green", as_="player1")

    assert left.embed.description == (
        f"<@{played.member('player1').id}> no longer plays **Green**: another player may join"
        " as it."
    )


async def test_joining_a_turn_with_a_deadline_says_when_it_ends(played, clock):
    deadline = int((START + timedelta(hours=48)).timestamp())
    await played.slash("/turn deadline set when:48h", as_="gm")
    await played.slash("/campaign leave", as_="player3")

    joined = await played.slash("/campaign join faction:Yellow", as_="player3")

    assert joined.embed.description.splitlines()[:2] == [
        f"<@{played.member('player3').id}> now plays **Yellow**.",
        f"Turn 1 ends <t:{deadline}:R> (<t:{deadline}:f>).",
    ]


async def test_joining_a_turn_without_a_deadline_names_none(played):
    joined = await played.slash("/campaign join faction:Yellow", as_="gm")

    assert "ends <t:" not in joined.embed.description, joined.text()


async def test_joining_after_the_deadline_passed_names_it_as_turn_status_does(played, clock):
    """The GMs were pinged at the deadline (`core.on_deadline = ping_gms`) and the turn is
    still open: the deadline reads as `/turn status` shows it, not as one ahead."""
    deadline = int((START + timedelta(hours=2)).timestamp())
    await played.slash("/turn deadline set when:2h", as_="gm")
    clock.at(3)

    joined = await played.slash("/campaign join faction:Yellow", as_="gm")

    assert joined.embed.description.splitlines()[1] == (
        f"Deadline: <t:{deadline}:R> (<t:{deadline}:f>)"
    )
