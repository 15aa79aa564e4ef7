"""The round's story in the log (`/history show` of a `/combat resolve`) tells the wound a
volley lost to the kill cap directly under that volley (FC-5.18), not after the round's
last volley, where a play-tester took it for the last shooter's."""

from __future__ import annotations

from tests.e2e.play import newest_entry
from tests.e2e.play import posting_in
from tests.e2e.play import set_up

# By the campaign's language: the button that fights round 1 and the command the log names.
FIGHT = {
    "en": ("Fight round 1 of battle #1", "combat resolve"),
    "ru": ("Разыграть раунд 1 боя №1", "бой разыграть"),
}


async def round_one_story(campaign, red: str, blue: str, faces: list[int], language="en"):
    """In a campaign posting in `language`, Red (player1) with the ships `red` attacks Blue
    (player2) with `blue` at Mecatol (battle #1); the GM resolves round 1 on `faces`.
    `/history show` of that resolve, as player1 reads it: its text."""
    fight, command = FIGHT[language]
    await posting_in(campaign, language)
    await set_up(
        campaign,
        [
            ("/campaign join faction:Red", "player1"),
            ("/campaign join faction:Blue", "player2"),
            (f"/combat fleet set point:Mecatol ships:{red}", "player1"),
            (f"/combat fleet set point:Mecatol ships:{blue}", "player2"),
            ("/combat attack point:Mecatol targets:Blue", "player1"),
        ],
    )
    question = await campaign.slash("/combat resolve battle:1", as_="gm")
    campaign.script_dice(faces)
    await campaign.click(question, fight, as_="gm")
    page = await campaign.slash("/history list", as_="player1")
    shown = await campaign.slash(
        f"/history show entry:{newest_entry(page, command)}", as_="player1"
    )
    return shown.embed.description


async def test_a_wound_lost_to_the_kill_cap_is_told_under_its_volley(campaign):
    """Red's 1 cruiser attacks Blue's 3 destroyers: 2 hits, both defence dice fail, 2
    wounds, but one cruiser destroys at most one ship: 1 wound is lost. Blue's volley then
    misses."""
    # Red: 6, 6; Blue's defence 1, 1; Blue: 1, 1, 1
    told = await round_one_story(campaign, "1 cruiser", "3 destroyers", [6, 6, 1, 1, 1, 1, 1])

    story = told.split(".\n")
    assert story[1:5] == [
        "Red's 1 cruiser → Blue's destroyers: attack 6, 6 → 2 hits; defence 1, 1 → 2 wounds",
        "1 wound was lost: a group cannot destroy more ships than it has (FC-5.18)",
        "Red's cruisers had no orders and fired at Blue's destroyers (automatic target, FC-I17)",
        "Blue's 3 destroyers → Red's cruiser: attack 1, 1, 1 → 0 hits; no defence roll → 0 wounds",
    ], told
    assert told.count("wound was lost") == 1


async def test_a_wound_that_burned_out_is_told_under_its_volley(campaign):
    """FC-5.16, FC-E7: Red's 2 cruisers attack Blue's destroyer and 2 fighters: 3 hits, 2
    wounds; the first destroys the destroyer, the second finds no destroyer left and burns
    out (it may not pass to the fighters). Blue's fighters and destroyer then miss: the
    burned wound is Red's volley's, told under it, not after Blue's last volley."""
    # Red: 6, 6, 6, 1; Blue's defence 1, 1, 6; Blue's fighters 1, 1; Blue's destroyer 1.
    faces = [6, 6, 6, 1, 1, 1, 6, 1, 1, 1]
    told = await round_one_story(campaign, "2 cruisers", "1 destroyer, 2 fighters", faces)

    story = told.split(".\n")
    assert story[1:8] == [
        "Red's 2 cruisers → Blue's destroyer: attack 6, 6, 6, 1 → 3 hits; defence 1, 1, 6 → 2"
        " wounds",
        "1 wound burned out: no ship of its target class was left (FC-5.16)",
        "Red's cruisers had no orders and fired at Blue's destroyer (automatic target, FC-I17)",
        "Blue's 2 fighters → Red's cruisers: attack 1, 1 → 0 hits; no defence roll → 0 wounds",
        "Blue's fighters had no orders and fired at Red's cruisers (automatic target, FC-I17)",
        "Blue's 1 destroyer → Red's cruisers: attack 1 → 0 hits; no defence roll → 0 wounds",
        "Blue's destroyers had no orders and fired at Red's cruisers (automatic target, FC-I17)",
    ], told
    assert told.count("burned out") == 1


async def test_a_lost_wound_reads_naturally_in_russian(campaign):
    """The same lost wound in a Russian campaign: «1 рана пропала», told under its volley."""
    told = await round_one_story(
        campaign, "1 cruiser", "3 destroyers", [6, 6, 1, 1, 1, 1, 1], language="ru"
    )

    story = told.split(".\n")
    assert story[2] == (
        "1 рана пропала: группа не может уничтожить больше кораблей, чем в ней есть (FC-5.18)"
    ), told
