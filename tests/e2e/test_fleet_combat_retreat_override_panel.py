"""FC-6.2, FC-I15: an order given before another player declared a retreat is turned on
the retreater at the round; the orders panel says so while the player can still see it,
and the round fires as the panel said.

Red (player1, 2 cruisers) attacks Blue (player2, 3 destroyers) at Mecatol; Green (player3,
1 cruiser) attacks Red there and joins battle #1.
"""

from __future__ import annotations

from tests.e2e.play import red_attacks_blue


async def test_the_panel_says_a_retreater_in_reach_takes_the_fire(campaign):
    table = campaign
    await red_attacks_blue(table, green=True)
    await table.slash("/combat fleet set point:Mecatol ships:1 cruiser", as_="player3")
    joined = await table.slash("/combat attack point:Mecatol targets:Red", as_="player3")
    assert "joins battle #1" in joined.embed.description, joined.text()
    table.script_dice([1] * 20)  # round 1: every die misses
    asked = await table.slash("/combat resolve battle:1", as_="gm")
    await table.click(asked, "Fight round 1 of battle #1", as_="gm")
    order = "/combat order battle:1 class:cruiser target:Green: cruiser"
    given = await table.slash(order, as_="player1")
    assert given.embed.description.splitlines()[-1] == (
        "1. 2 cruisers (4 dice at 5+) → Green's cruiser"
    )
    await table.slash("/combat retreat battle:1", as_="player2")

    panel = await table.slash("/combat orders battle:1", as_="player1")

    assert panel.embed.description == (
        "1. 2 cruisers (4 dice at 5+) → Green's cruiser"
        " — a retreating player is in reach: fire turns on them"
    )
    assert "FC-6.2" in panel.embed.footer
    table.script_dice([1] * 20)  # round 2: every die misses
    asked = await table.slash("/combat resolve battle:1", as_="gm")
    fought = await table.click(asked, "Fight round 2 of battle #1", as_="gm")
    assert "**1. Red's 2 cruisers → Blue's destroyers**" in fought.text(), fought.text()
