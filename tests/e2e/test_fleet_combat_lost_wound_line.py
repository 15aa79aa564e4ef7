"""The round's story in the log (`/history show` of a `/combat resolve`) tells the wound a
volley lost to the kill cap directly under that volley (FC-5.18), not after the round's
last volley, where a play-tester took it for the last shooter's."""

from __future__ import annotations

from tests.e2e.play import newest_entry
from tests.e2e.play import set_up


async def test_a_wound_lost_to_the_kill_cap_is_told_under_its_volley(campaign):
    """Red's 1 cruiser attacks Blue's 3 destroyers: 2 hits, both defence dice fail, 2
    wounds, but one cruiser destroys at most one ship: 1 wound is lost. Blue's volley then
    misses."""
    await set_up(
        campaign,
        [
            ("/campaign join faction:Red", "player1"),
            ("/campaign join faction:Blue", "player2"),
            ("/combat fleet set point:Mecatol ships:1 cruiser", "player1"),
            ("/combat fleet set point:Mecatol ships:3 destroyers", "player2"),
            ("/combat attack point:Mecatol targets:Blue", "player1"),
        ],
    )
    question = await campaign.slash("/combat resolve battle:1", as_="gm")
    campaign.script_dice([6, 6, 1, 1, 1, 1, 1])  # Red: 6, 6; Blue's defence 1, 1; Blue: 1, 1, 1
    await campaign.click(question, "Fight round 1 of battle #1", as_="gm")
    page = await campaign.slash("/history list", as_="player1")

    shown = await campaign.slash(
        f"/history show entry:{newest_entry(page, 'combat resolve')}", as_="player1"
    )

    story = shown.embed.description.split(".\n")
    assert story[1:5] == [
        "Red's 1 cruiser → Blue's destroyers: attack 6, 6 → 2 hits; defence 1, 1 → 2 wounds",
        "1 wound was lost: a group cannot destroy more ships than it has (FC-5.18)",
        "Red's cruisers had no orders and fired at Blue's destroyers (automatic target, FC-I17)",
        "Blue's 3 destroyers → Red's cruisers: attack 1, 1, 1 → 0 hits; no defence roll → 0 wounds",
    ], shown.embed.description
    assert shown.embed.description.count("wound was lost") == 1
