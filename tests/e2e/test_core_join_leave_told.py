"""What the channel reads when a faction changes hands mid-campaign: the answer to
`/campaign leave` says what the turn still waits for from the faction left, now nobody's,
so the others and the GMs know what stays open; the answer to `/campaign join` tells the
player who joins a turn with a deadline when it ends.

Player1 plays Red, player2 Blue, player3 Green; Red attacked Blue at Mecatol, so the turn
waits for Red's and Blue's fire orders.
"""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import discord
import pytest

from bot.standin import Table
from tests.e2e.play import START
from tests.e2e.play import set_up
from tests.e2e.test_fair_deadline_end import fair  # noqa: F401 - the campaign ended at 1 h
from tests.e2e.test_fair_deadline_end import tick as fair_tick
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
        "A GM acts for **Blue**, now played by nobody, until a player joins as it. Still"
        " awaited from it: fire orders in battle #1 at Mecatol, round 1 (FC-I7).",
    ]


async def test_leaving_in_a_russian_campaign_says_what_stays_open_in_russian(played):
    await played.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    left = await played.slash("/campaign leave", as_="player2")

    assert left.embed.description.splitlines()[1] == (
        "За фракцию **«Blue»** теперь никто не играет: пока не вступит новый игрок, её ходы"
        " делает ведущий. От неё ещё ждут: приказы на стрельбу в бою №1 в точке Mecatol, раунд 1"
        " (FC-I7)."
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

    assert joined.embed.description == f"<@{played.member('gm').id}> now plays **Yellow**."


async def test_joining_after_the_deadline_was_cleared_names_none(played):
    await played.slash("/turn deadline set when:48h", as_="gm")
    cleared = await played.slash("/turn deadline clear", as_="gm")
    assert not cleared.ephemeral, cleared.text()

    joined = await played.slash("/campaign join faction:Yellow", as_="gm")

    assert joined.embed.description == f"<@{played.member('gm').id}> now plays **Yellow**."


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


async def test_joining_after_the_deadlines_end_was_given_up_says_so_as_turn_status_does(
    fair,  # noqa: F811 - the fixture imported above
    clock,
    monkeypatch,
):
    """The turn's end at its deadline was given up (Discord refused the message its dice are
    drawn from): the join's answer says it stays open until a GM ends it, as `/turn status`
    does, not merely when the deadline was."""

    async def unavailable(*args: object, **kwargs: object) -> None:
        raise discord.HTTPException(SimpleNamespace(status=503, reason="Unavailable"), "down")

    scheduler = fair.bot.get_cog("TurnCog").scheduler  # type: ignore[union-attr]
    monkeypatch.setattr(scheduler, "post_deadline_end", unavailable)
    clock.at(1)
    await fair_tick(fair)
    status = await fair.slash("/turn status", as_="gm")

    joined = await fair.slash("/campaign join faction:Green", as_="player3")

    deadline = int((START + timedelta(hours=1)).timestamp())
    given_up = (
        f"⚠️ The deadline passed <t:{deadline}:R> (<t:{deadline}:f>), but turn 1 could not end"
        " automatically: Discord did not accept the message its dice are drawn from. It stays"
        " open until a GM ends it with /turn end."
    )
    assert status.embed.description == given_up
    assert joined.embed.description.splitlines() == [
        f"<@{fair.member('player3').id}> now plays **Green**.",
        given_up,
    ]


# A point name as long as one may be (60 characters), the `n`th.
def far_point(n: int) -> str:
    return f"Outer reach of the long-forgotten Cassiopeia drift, buoy {n:03d}"


async def fifty_battles(board: Table) -> None:
    """Red attacks Blue at 49 more points, each named at full length: Blue owes fire orders
    in 50 battles."""
    lines: list[tuple[str, str]] = []
    for n in range(2, 51):
        lines += [
            (f"/combat fleet set point:{far_point(n)} ships:1 cruiser", "player1"),
            (f"/combat fleet set point:{far_point(n)} ships:1 cruiser", "player2"),
            (f"/combat attack point:{far_point(n)} targets:Blue", "player1"),
        ]
    await set_up(board, lines)


def owed_battles(told: str) -> str:
    """The first ten of Blue's fire orders owed, in a line's form `told`."""
    return "; ".join(
        told.format(battle=n, point="Mecatol" if n == 1 else far_point(n)) for n in range(1, 11)
    )


async def test_leaving_a_faction_owing_fifty_moves_tells_ten_and_who_acts_for_it(played):
    """In Russian, at point names as long as they may be: the answer fits Discord's 4096
    characters whole, the GM's part first, the first ten things and how many more, and
    where the rest is read."""
    await played.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await fifty_battles(played)

    left = await played.slash("/campaign leave", as_="player2")

    assert len(left.embed.description) <= 4096
    owed = owed_battles("приказы на стрельбу в бою №{battle} в точке {point}, раунд 1 (FC-I7)")
    assert left.embed.description.splitlines()[1] == (
        "За фракцию **«Blue»** теперь никто не играет: пока не вступит новый игрок, её ходы"
        f" делает ведущий. От неё ещё ждут: {owed}; …и ещё 40. Остальное — в /ход"
        " состояние."
    )


async def test_joining_a_faction_owing_fifty_moves_tells_ten_and_where_the_rest_is(played):
    await fifty_battles(played)
    await played.slash("/campaign leave", as_="player2")

    joined = await played.slash("/campaign join faction:Blue", as_="player2")

    assert len(joined.embed.description) <= 4096
    owed = owed_battles("fire orders in battle #{battle} at {point}, round 1 (FC-I7)")
    assert joined.embed.description.splitlines() == [
        f"<@{played.member('player2').id}> now plays **Blue**.",
        f"Awaited from **Blue**: {owed}; …and 40 more. See /turn status for the rest.",
    ]
