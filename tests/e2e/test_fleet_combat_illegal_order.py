"""A fire order a GM's correction of the fleets made illegal (FC-I8): the target class is
gone. The round would fire such a group at an automatic target (FC-I17), so the orders
panel says so before the round, while the player can still give another order.

Red (player1, 2 cruisers) attacks Blue (player2, 2 destroyers and 1 cruiser) at Mecatol.
"""

from __future__ import annotations

from tests.e2e.play import red_attacks_blue


async def test_the_panel_says_an_order_is_no_longer_legal(campaign):
    """Red orders its cruisers at Blue's destroyers; the GM corrects Blue's fleet to its
    cruiser alone. Red's panel names the order and that it no longer holds; a new order
    reads as usual."""
    table = campaign
    await red_attacks_blue(table, blue="2 destroyer, 1 cruiser")
    await table.slash("/combat order battle:1 class:cruiser target:Blue: destroyer", as_="player1")
    corrected = await table.slash(
        "/combat fleet set point:Mecatol ships:1 cruiser faction:Blue", as_="gm"
    )
    assert not corrected.ephemeral, corrected.text()

    panel = await table.slash("/combat orders battle:1", as_="player1")

    assert "FC-I8" in panel.embed.footer  # the clause, as every answer cites it
    assert panel.embed.description == (
        "1. 2 cruisers (4 dice at 5+) → Blue's destroyers — no longer legal: automatic target"
    )
    again = await table.slash(
        "/combat order battle:1 class:cruiser target:Blue: cruiser", as_="player1"
    )
    assert again.embed.description.splitlines()[-1] == (
        "1. 2 cruisers (4 dice at 5+) → Blue's cruisers"
    )
