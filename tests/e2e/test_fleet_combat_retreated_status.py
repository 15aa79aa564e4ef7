"""`/combat status` after a faction has retreated from a battle that goes on: the retreater
is no longer among those fighting (FC-6.3, FC-I15); its field says it left."""

from __future__ import annotations

from tests.e2e.play import red_and_blue_at_mecatol
from tests.e2e.play import set_up


async def end_turn(table, turn):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, f"End turn {turn}", as_="gm")


async def test_a_faction_that_retreated_is_not_listed_as_fighting(campaign):
    """Red attacks Blue and Green at Mecatol; nobody hits in round 1; Green retreats in
    round 2 and leaves, Red and Blue fight on."""
    await red_and_blue_at_mecatol(campaign, green=True)
    await set_up(
        campaign,
        [
            ("/combat fleet set point:Mecatol ships:2 cruiser", "player3"),
            ("/combat attack point:Mecatol targets:Blue, Green", "player1"),
        ],
    )
    before = await campaign.slash("/combat status battle:1", as_="player1")
    assert before.embed.description.splitlines()[0] == "Fighting: Blue ⚔ Red, Green ⚔ Red"
    campaign.script_dice([1] * 11)  # round 1: Red's 4 dice, Blue's 3, Green's 4 all miss
    await end_turn(campaign, 1)
    retreat = await campaign.slash("/combat retreat battle:1", as_="player3")
    assert not retreat.ephemeral, retreat.text()
    campaign.script_dice([1] * 7)  # round 2: Red's parting volley and Blue's volley miss
    await end_turn(campaign, 2)

    status = await campaign.slash("/combat status battle:1", as_="player1")

    now = status.message.all_embeds[-1]
    assert now.description.splitlines()[0] == "Fighting: Blue ⚔ Red", now.description
    assert now.field("Green") == "Left the battle."
    assert now.field("Red").startswith("2 cruisers")
    await set_up(
        campaign,
        [
            ("/combat fleet set point:Vega ships:2 cruiser", "player1"),
            ("/combat fleet set point:Vega ships:2 cruiser", "player2"),
            ("/combat attack point:Vega targets:Blue", "player1"),
        ],
    )
    listed = await campaign.slash("/combat status", as_="player2")
    assert listed.embed.description.splitlines() == [
        "#2 at Vega: Red, Blue — round 1 next",
        "#1 at Mecatol: Red, Blue — round 3 next",
    ], listed.text()
