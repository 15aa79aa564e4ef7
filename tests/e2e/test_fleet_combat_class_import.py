"""FC-I4: a settings file's ship table is held to the checks `/combat stats set` and `upload`
run on a class they add: a class that looks like another (`сruiser`, a Cyrillic `с`, beside
`cruiser`) or is another written two ways (`Cruiser` beside `cruiser`) is refused, the GM
alone reads why, and nothing of the file is applied."""

from __future__ import annotations

import pytest

from tests.e2e.confirming import confirmed
from tests.e2e.test_fleet_combat import refusal

CRUISER_ROW = "cruiser = {"
LEVELS = "class_levels = { "


async def exported(table) -> str:
    """The fleet combat part of the settings file, as the GM downloads it."""
    answer = await table.slash("/campaign settings export ruleset:fleet_combat", as_="gm")
    return answer.attachments[0].text


def with_class(text: str, name: str) -> str:
    """The file with one more class `name`, a copy of the cruisers' row on their level."""
    start = text.index("ship_stats = { ")
    row = text.index(" " + CRUISER_ROW, start) + 1
    end = text.index("}", row) + 1
    copied = f'"{name}" = ' + text[row + len(CRUISER_ROW) - 1 : end]
    text = text[:row] + copied + ", " + text[row:]
    levels = text.index(LEVELS) + len(LEVELS)
    text = text[:levels] + f'"{name}" = 3, ' + text[levels:]
    return text.replace("max_rounds = 0", "max_rounds = 7")


async def imported(table, text):
    """The GM loads `text` as a settings file."""
    return await confirmed(
        table, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": text.encode()}
    )


async def nothing_applied(table, posted: int) -> None:
    assert len(table.channel_messages()) == posted
    shown = await table.slash("/campaign settings show ruleset:fleet_combat", as_="gm")
    assert "`max_rounds` = **0**" in shown.text()
    log = await table.slash("/history list", as_="gm")
    assert "campaign settings" not in log.text()


@pytest.mark.parametrize(
    ("name", "why"),
    [
        pytest.param(
            "\u0441ruiser",
            "“\u0441ruiser” looks too much like cruisers, a class already in the table: fleets and "
            "fire orders name a class by its name, so give one no one can mistake for it (FC-I4).",
            id="look-alike",
        ),
        pytest.param(
            "Cruiser",
            "“Cruiser” and “cruiser” are one class written two ways: fleets and fire orders name "
            "a class by its name whatever its case, spaces or underscores, so keep one row for it "
            "(FC-I4).",
            id="second-spelling",
        ),
    ],
)
async def test_an_imported_class_is_refused_as_the_stats_command_refuses_it(campaign, name, why):
    table = campaign
    text = await exported(table)
    posted = len(table.channel_messages())

    refused = await imported(table, with_class(text, name))

    assert refusal(refused) == why
    await nothing_applied(table, posted)


async def test_an_imported_class_unlike_the_others_is_added(campaign):
    table = campaign
    text = await exported(table)

    await imported(table, with_class(text, "frigate"))

    shown = await table.slash("/combat stats show", as_="player1")
    assert "Frigate" in shown.text()
