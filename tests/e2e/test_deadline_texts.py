"""The deadline's texts as players read them in Discord: a timestamp shows as a date only in
an embed's description or a message's text (an embed's title shows `<t:…>` raw), and the ping
when the deadline passes reads as sentences, the GMs' mentions on a line of their own.

Player1 plays Red, player2 Blue, player3 Green; Red attacked Blue, so the turn waits for Red's
and Blue's fire orders.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.standin import Table
from tests.e2e.play import START
from tests.e2e.test_turn_flow import battle  # noqa: F401 - the campaign with a battle
from tests.e2e.test_turn_flow import table  # noqa: F401 - the clock-reading table
from tests.e2e.test_turn_flow import tick


@pytest.fixture
def played(battle: Table) -> Table:  # noqa: F811 - the fixture imported above
    """The campaign with a battle: the turn waits for Red's and Blue's fire orders."""
    return battle


async def test_the_deadline_set_shows_its_time_in_the_description_not_the_title(played, clock):
    deadline = int((START + timedelta(hours=48)).timestamp())

    answer = await played.slash("/turn deadline set when:48h", as_="gm")

    assert "<t:" not in answer.embed.title
    assert answer.embed.title == "Deadline set for turn 1"
    assert answer.embed.description == f"Turn 1 ends <t:{deadline}:R> (<t:{deadline}:f>)."


async def test_the_deadline_set_in_russian_shows_its_time_in_the_description(played, clock):
    await played.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    deadline = int((START + timedelta(hours=2)).timestamp())

    answer = await played.slash("/turn deadline set when:2h", as_="gm")

    assert answer.embed.title == "Дедлайн хода 1 назначен"
    assert answer.embed.description == (f"Ход 1 заканчивается <t:{deadline}:R> (<t:{deadline}:f>).")


async def test_the_passed_deadline_ping_reads_as_sentences_with_the_gms_on_their_line(
    played, clock
):
    await played.slash("/turn deadline set when:1h", as_="gm")
    deadline = int((START + timedelta(hours=1)).timestamp())
    clock.at(1)

    [passed] = await tick(played)

    lines = passed.content.splitlines()
    assert lines[0] == f"⌛ Turn 1's deadline passed <t:{deadline}:R> (<t:{deadline}:f>)."
    assert lines[1].startswith("<@") and lines[1].endswith(
        ": end the turn with /turn end, or move its deadline with /turn deadline set."
    )
    assert lines[2] == "Still awaited:"
    assert "**Red**" in lines[3] or "**Red**" in lines[4]
    assert set(passed.pings) == {"gm"}


async def test_the_passed_deadline_ping_in_russian(played, clock):
    await played.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await played.slash("/turn deadline set when:1h", as_="gm")
    deadline = int((START + timedelta(hours=1)).timestamp())
    clock.at(1)

    [passed] = await tick(played)

    lines = passed.content.splitlines()
    assert lines[0] == f"⌛ Дедлайн хода 1 прошёл <t:{deadline}:R> (<t:{deadline}:f>)."
    assert lines[1].endswith(
        ": завершите ход командой /ход завершить или перенесите дедлайн командой "
        "/ход дедлайн изменить."
    )
    assert lines[2] == "Ещё ждём:"
