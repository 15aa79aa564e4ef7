"""A piracy's story under the GM's alternative counts (OP-I8, OP-I9) says what was counted
differently, in the channel and in the log: corsairs counted before the anti-piracy roll,
and a naval leader whose rating is not added."""

from __future__ import annotations

from bot.standin import Table

from .play import newest_entry

PIRACY = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:both ports:2 "
    "adjacent_squadrons:1 adjacent_place:Messina"
)
BEFORE = "The corsairs are counted before the anti-piracy roll: 2 corsairs."
NOT_COUNTED = "Barbarossa: not counted, only the highest piracy rating counts."


async def test_the_alternative_counts_are_told_in_the_story_and_the_log(seated: Table):
    """2 corsairs, 1 sunk: counted before the roll, the base stays 2 (OP-I8); with both
    leaders and `max`, only Dragut's +2 is added (OP-I9), and Barbarossa is named as not
    counted rather than left out."""
    for setting in (
        "corsair_count_timing value:before_anti_piracy",
        "leader_rating_mode value:max",
    ):
        await seated.slash(f"/campaign settings set setting:ottoman_piracy.{setting}", as_="gm")
    seated.script_dice([6, 1, 1, 1, 1])
    story = await seated.slash(PIRACY, as_="player1")

    dice = story.embed.field("Ottoman dice: 4 dice")
    assert dice.splitlines()[:4] == [
        "The Ottomans roll 4 dice: base 2, 2 or more corsairs and target ports.",
        BEFORE,
        NOT_COUNTED,
        "Dragut: +2 for the piracy rating.",
    ], dice
    page = await seated.slash("/history list", as_="player1")
    entry = newest_entry(page, "corsairs piracy")
    shown = await seated.slash(f"/history show entry:{entry}", as_="player1")
    assert f"{BEFORE[:-1]} (OP-I8)." in shown.embed.description
    assert f"{NOT_COUNTED[:-1]} (OP-I9)." in shown.embed.description


async def test_the_default_counts_add_no_line(seated: Table):
    """After the roll and `sum`: nothing is counted otherwise, nothing more is said."""
    seated.script_dice([6, 1, 1, 1, 1])
    story = await seated.slash(PIRACY, as_="player1")
    dice = story.embed.field("Ottoman dice: 4 dice")
    assert "counted before" not in dice and "not counted" not in dice, dice
    assert "Barbarossa: +1 for the piracy rating." in dice


async def test_the_log_names_the_naval_leaders_in_the_zone_as_the_story_does(seated: Table):
    """OP-4.4, OP-I9: with `max`, the story names both leaders in the zone; the log entry
    (`/history show`, `/history list`) names them too, in English and in Russian, so a
    leader whose rating is not added is still named where he was."""
    await seated.slash(
        "/campaign settings set setting:ottoman_piracy.leader_rating_mode value:max", as_="gm"
    )
    seated.script_dice([6, 1, 1, 1, 1])
    story = await seated.slash(PIRACY, as_="player1")
    assert "Naval leaders in the zone: Barbarossa, Dragut." in story.embed.description
    page = await seated.slash("/history list", as_="player1")
    assert "Naval leaders in the zone: Barbarossa, Dragut." in page.text()
    entry = newest_entry(page, "corsairs piracy")
    shown = await seated.slash(f"/history show entry:{entry}", as_="player1")
    assert "Naval leaders in the zone: Barbarossa, Dragut." in shown.embed.description

    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await seated.slash(f"/history show entry:{entry}", as_="player1")
    assert "Флотоводцы в зоне: Барбаросса, Драгут." in shown.embed.description
