"""FC-I6, FC-I13: the ship table's levels stay as they are for the classes fighting an active
battle, and the table keeps the classes registered ships use, whichever command writes the
settings: `/combat stats set|upload|reset`, `/campaign settings set` or `settings import`.

Red (player1) has 2 cruisers and Blue (player2) 3 destroyers at Mecatol; Red attacks Blue
there (battle #1)."""

from __future__ import annotations

import pytest

from tests.e2e.confirming import confirmed
from tests.e2e.play import red_attacks_blue
from tests.e2e.test_fleet_combat import refusal

LEVEL_KEPT = (
    "In battle #1 destroyers are fighting: their level cannot change until that battle is"
    " over. Their attack, defence and life can change now (FC-I6)."
)
LEVELS = (
    "class_levels = { fighter = 1, destroyer = 2, cruiser = 3, carrier = 3, dreadnought = 4,"
    " war_sun = 5 }"
)
NON_COMBAT = 'non_combat_classes = ["transport", "colonizer"]'


@pytest.fixture
async def seated(campaign):
    """Battle #1 at Mecatol: Red's cruisers against Blue's destroyers."""
    await red_attacks_blue(campaign)
    return campaign


async def exported(table) -> str:
    """The fleet combat part of the settings file, as the GM downloads it."""
    answer = await table.slash("/campaign settings export ruleset:fleet_combat", as_="gm")
    text = answer.attachments[0].text
    assert LEVELS in text and NON_COMBAT in text
    return text


async def imported(table, text):
    """The GM loads `text` as a settings file."""
    return await confirmed(
        table, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": text.encode()}
    )


async def destroyers_still_fight(table, posted):
    """Nothing was posted or logged, and the table still has the destroyers at level 2."""
    assert len(table.channel_messages()) == posted
    log = await table.slash("/history list", as_="gm")
    assert "campaign settings" not in log.text()
    shown = await table.slash("/combat stats show", as_="player2")
    assert "**Destroyers** — level 2" in shown.text()


async def test_an_imported_file_cannot_make_fighting_destroyers_non_combat(seated):
    """FC-I6, FC-I13: a file that moves the destroyers to the non-combat classes while they
    fight battle #1 would have them destroyed unrolled at the round's end, as transports are.
    It is refused as `/combat stats set` refuses it: the GM alone reads why, naming the
    class and the battle, and nothing of the file is applied."""
    table = seated
    text = await exported(table)
    posted = len(table.channel_messages())
    edited = (
        text.replace(LEVELS, LEVELS.replace(" destroyer = 2,", ""))
        .replace(NON_COMBAT, 'non_combat_classes = ["transport", "colonizer", "destroyer"]')
        .replace("max_rounds = 0", "max_rounds = 7")
    )

    refused = await imported(table, edited)

    assert refusal(refused) == LEVEL_KEPT
    await destroyers_still_fight(table, posted)
    shown = await table.slash("/campaign settings show ruleset:fleet_combat", as_="gm")
    assert "`max_rounds` = **0**" in shown.text()


async def test_an_imported_file_cannot_move_fighting_destroyers_on_the_ladder(seated):
    """FC-I6, FC-5.6: a new level for the destroyers would make fire orders given for the
    round illegal; a new level for a class nobody fights with is imported."""
    table = seated
    text = await exported(table)
    posted = len(table.channel_messages())

    refused = await imported(table, text.replace(" destroyer = 2,", " destroyer = 3,"))

    assert refusal(refused) == LEVEL_KEPT
    await destroyers_still_fight(table, posted)
    accepted = await imported(table, text.replace(" war_sun = 5 ", " war_sun = 6 "))
    assert not accepted.ephemeral, accepted.text()
    assert "`fleet_combat.class_levels`" in accepted.embed.description


async def test_an_imported_file_keeps_the_classes_registered_ships_use(seated):
    """FC-I4: a table without destroyers is refused while Blue has destroyers registered, as
    `/combat stats upload` refuses it."""
    table = seated
    await confirmed(table, "/combat close battle:1", as_="gm")
    text = await exported(table)
    posted = len(table.channel_messages())
    start = text.index("ship_stats = {")
    row = text.index("destroyer = {", start)
    end = text.index("}, ", row) + len("}, ")
    edited = text[:row] + text[end:]
    edited = edited.replace(" destroyer = 2,", "")

    refused = await imported(table, edited)

    assert refusal(refused) == (
        "Registered ships still use these classes, so the table must keep them: destroyers (FC-I4)."
    )
    assert len(table.channel_messages()) == posted


async def test_setting_the_non_combat_classes_keeps_fighting_destroyers_combat(seated):
    """FC-I6, FC-I13: `/campaign settings set` of the non-combat classes is held to the same
    check as the file and the table commands."""
    table = seated
    posted = len(table.channel_messages())

    refused = await table.slash(
        "/campaign settings set setting:fleet_combat.non_combat_classes"
        " value:transport, colonizer, destroyer",
        as_="gm",
    )

    assert refusal(refused) == LEVEL_KEPT
    await destroyers_still_fight(table, posted)
