"""What the history commands tell a GM and the players about secret rolls, times, undos and
reveals, as a Russian-speaking GM's play-test read them in Discord.

In the plain campaign gm is the GM and player1 plays Red (English); in the naval one player1
plays Britain and gave a cruising order hidden until the turn ends."""

from __future__ import annotations

import re

import pytest

from bot.standin import Table
from tests.e2e import test_naval_orders as naval
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders_secrecy import listed
from tests.e2e.test_naval_orders_secrecy import order_entry

navy = naval.navy  # the fixtures: the campaign, and Britain's squadron with its order
ordered = naval.ordered


@pytest.fixture
async def plain(table: Table) -> Table:
    created = await table.slash("/campaign create name:Black Sea rulesets:fleet_combat", as_="gm")
    assert not created.ephemeral, created.text()
    await table.slash("/campaign join faction:Red", as_="player1")
    return table


def line_of(page, seq: int) -> str:
    """The line of entry `seq` on a `/history list` page (its summary on the next line)."""
    lines = (page.embed.description or "").splitlines()
    for i, line in enumerate(lines):
        if re.match(rf"~*`#{seq}`", line):
            follows = (
                lines[i + 1] if i + 1 < len(lines) and not lines[i + 1].startswith("`") else ""
            )
            return line + "\n" + follows
    raise AssertionError(page.embed.description)


async def secret_roll(table: Table, as_: str = "gm") -> int:
    table.script_dice([17])
    rolled = await table.slash("/roll dice:1d20 reason:ambush secret:true", as_=as_)
    found = re.search(r"entry #(\d+)", rolled.embed.description or "")
    assert found, rolled.text()
    return int(found[1])


async def test_a_gms_secret_roll_counts_in_the_stats_once_revealed(plain):
    """A secret roll counts for its roller once revealed; while hidden it counts for nobody
    (the stats are posted for everyone and would tell its faces)."""
    plain.script_dice([3, 4])
    await plain.slash("/roll dice:2d6 reason:test", as_="player1")
    seq = await secret_roll(plain)

    hidden = await plain.slash("/history stats", as_="gm")
    assert [f.name for f in hidden.embed.fields] == ["Player One"], hidden.text()

    await plain.slash(f"/reveal entry:{seq}", as_="gm")
    stats = await plain.slash("/history stats", as_="player1")
    names = [f.name for f in stats.embed.fields]
    assert names == ["Game Master", "Player One"], stats.text()
    gm = stats.embed.field("Game Master")
    assert "1 die rolled" in gm and "d20: 1 × mean 17.00" in gm, gm


async def test_a_hidden_secret_roll_is_marked_in_the_list_until_revealed(plain):
    seq = await secret_roll(plain)

    page = await plain.slash("/history list", as_="player1")
    assert "🔒" in line_of(page, seq), page.embed.description

    await plain.slash(f"/reveal entry:{seq}", as_="gm")
    page = await plain.slash("/history list", as_="player1")
    assert "🔒" not in line_of(page, seq), page.embed.description
    assert f"🔓 Secret roll, revealed in entry #{seq + 1}." in line_of(page, seq)
    shown = await plain.slash(f"/history show entry:{seq}", as_="player1")
    assert shown.embed.description == (
        f"🔓 Secret roll, revealed in entry #{seq + 1}.\n1d20 = 17."
    ), shown.embed.description
    assert shown.embed.fields[-1].value == "1d20 (17) = 17"  # its faces, once


async def test_history_show_gives_the_time_in_the_campaigns_time_zone(plain):
    await plain.slash("/campaign settings set setting:core.time_zone value:Europe/Moscow", as_="gm")
    plain.script_dice([3, 4])
    await plain.slash("/roll dice:2d6", as_="player1")
    entry = await plain.slash("/history list", as_="gm")
    seq = int(re.match(r"`#(\d+)`", entry.embed.description or "")[1])

    shown = await plain.slash(f"/history show entry:{seq}", as_="player1")

    when = shown.embed.field("When")
    assert "UTC" not in when and "MSK" in when, when
    created = await plain.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    assert not created.ephemeral
    russian = await plain.slash(f"/history show entry:{seq}", as_="player3")
    when = russian.embed.field("Когда")
    assert re.search(r"\d{1,2} [а-я]+\.? \d{4}", when) and "MSK" in when, when


async def test_the_undo_question_says_which_command_it_undoes(plain):
    plain.script_dice([3, 4])
    await plain.slash("/roll dice:2d6 reason:test", as_="player1")

    question = await plain.slash("/history undo reason:wrong roll", as_="gm")

    assert "up to" not in question.embed.title, question.embed.title
    assert question.embed.title == "Undo entry #3 (roll)?", question.embed.title
    await plain.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await plain.click(question, "Cancel", as_="gm")
    russian = await plain.slash("/history undo reason:неверно", as_="gm")
    assert russian.embed.title.startswith("Отменить запись №"), russian.embed.title
    assert "всё до" not in russian.embed.title


async def test_a_hidden_entry_revealed_by_an_undone_turn_end_says_that_entry_was_undone(
    ordered,
):
    """The turn's end that revealed the order is undone and the turn ended again: no later
    entry reveals it (what the undone one published stays public), and `/history show` says
    so beside the undone entry's number."""
    seq = order_entry(await listed(ordered, "gm"))
    await end_turn(ordered, 1)
    first = await ordered.slash(f"/history show entry:{seq}", as_="player2")
    undone_reveal = int(re.search(r"revealed in entry #(\d+)", first.embed.description)[1])
    question = await ordered.slash("/history undo reason:ended too early", as_="gm")
    await ordered.click(question, "Undo", as_="gm")
    await end_turn(ordered, 1)

    shown = await ordered.slash(f"/history show entry:{seq}", as_="player2")

    said = shown.embed.description
    assert said.endswith(
        f"revealed in entry #{undone_reveal}. Entry #{undone_reveal} was undone since, but what "
        "it revealed stays public."
    ), said
    entries = (await ordered.slash("/history list", as_="gm")).embed.description
    assert "hidden entry revealed" not in entries.split("undone")[0], entries  # none since
