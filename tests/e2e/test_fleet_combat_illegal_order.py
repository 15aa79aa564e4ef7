"""GM corrections of a fighting fleet. A fire order a correction made illegal (the target
class is gone, FC-I8): the round would fire that group at an automatic target (FC-I17), so
the orders panel says so while the player can still give another order. A fleet the GM
removed: its faction has nothing to order and nothing to retreat with (FC-6.3).

Red (player1, 2 cruisers) attacks Blue (player2) at Mecatol.
"""

from __future__ import annotations

from tests.e2e.confirming import confirmed
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
        "1. 2 cruisers (4 dice at 5+) → Blue's cruiser"
    )


async def test_a_faction_whose_fleet_the_gm_removed_mid_battle_has_nothing_to_order(campaign):
    """After round 1 Blue gives orders; the GM removes Blue's fleet from the battle's point.
    The battle's status says Blue has no ships that fire (not "Fire orders given"), and Blue
    cannot retreat in round 2: nothing is left to move (FC-6.3)."""
    table = campaign
    await red_attacks_blue(table)
    table.script_dice([1] * 7)  # round 1: Red's 4 dice and Blue's 3 miss
    asked = await table.slash("/combat resolve battle:1", as_="gm")
    await table.click(asked, "Fight round 1 of battle #1", as_="gm")
    await table.slash("/combat order battle:1 class:destroyer target:Red: cruiser", as_="player2")
    removed = await confirmed(table, "/combat fleet remove point:Mecatol faction:Blue", as_="gm")
    assert "no longer registered" in removed.text(), removed.text()

    status = await table.slash("/combat status battle:1", as_="player1")
    assert status.message.field("Blue") == "no ships\nNo ships that fire: nothing to order."
    refused = await table.slash("/combat retreat battle:1", as_="player2")
    assert refused.ephemeral
    assert refused.embed.description == (
        "Blue has no ships left in battle #1: there is nothing to retreat with (FC-6.3)."
    )


async def test_the_gm_is_told_before_removing_a_fleet_that_is_fighting(campaign):
    """The removal's question names the battle the fleet fights in and what becomes of it:
    its faction stays in the battle with no ships until its next round (FC-I16), as a fleet
    set to zero ships does."""
    table = campaign
    await red_attacks_blue(table)
    asked = await table.slash("/combat fleet remove point:Mecatol faction:Blue", as_="gm")
    assert asked.ephemeral
    assert (
        "Blue fights in battle #1 there: it stays in the battle with no ships until its next"
        " round is fought (FC-I16)."
    ) in asked.embed.description
    zero = await table.slash("/combat fleet set point:Mecatol ships:0 faction:Red", as_="gm")
    assert "Red fights in battle #1 there" in zero.embed.description


async def test_the_panel_reads_a_split_order_and_a_lost_target_as_the_round_will(campaign):
    """FC-I7, FC-I8: Red splits its cruisers' dice between Blue's destroyers and cruiser;
    the GM corrects Blue's fleet to its cruiser alone, and the round would aim the whole
    group automatically, so the panel says the split no longer holds. Once Blue has no ship
    left, Red's cruisers have nothing they may shoot at: the round holds their fire, and the
    panel says that (not an automatic target)."""
    table = campaign
    changed = await table.slash(
        "/campaign settings set setting:fleet_combat.allow_split_fire value:true", as_="gm"
    )
    assert not changed.ephemeral, changed.text()
    await red_attacks_blue(table, blue="2 destroyer, 1 cruiser")
    split = "target:Blue: destroyer x1, Blue: cruiser"
    await table.slash(f"/combat order battle:1 class:cruiser {split}", as_="player1")
    panel = await table.slash("/combat orders battle:1", as_="player1")
    assert panel.embed.description == (
        "1. 2 cruisers (4 dice at 5+) → Blue's destroyers (1 die); Blue's cruiser (3 dice)"
    )
    await table.slash("/combat fleet set point:Mecatol ships:1 cruiser faction:Blue", as_="gm")

    panel = await table.slash("/combat orders battle:1", as_="player1")
    assert panel.embed.description == (
        "1. 2 cruisers (4 dice at 5+) → Blue's destroyers (1 die); Blue's cruiser (3 dice)"
        " — no longer legal: automatic target"
    )
    await confirmed(table, "/combat fleet set point:Mecatol ships:0 faction:Blue", as_="gm")
    panel = await table.slash("/combat orders battle:1", as_="player1")
    assert panel.embed.description == ("1. 2 cruisers (4 dice at 5+) → nothing they may shoot at")


async def test_a_target_class_made_non_combat_is_named_by_its_class_not_its_one_ship(campaign):
    """FC-5.2, FC-5.8, FC-I13: Red orders its cruisers at Blue's carrier. The GM takes the
    carrier off Blue's fleet, makes carriers non-combat (no carrier fights there now, FC-I6)
    and gives Blue its carrier back. The order no longer holds, and the panel names its
    target as the round counts targets, by combat ships only: "Blue's carriers", not the one
    ship's singular. A combat class is still named by its one ship."""
    table = campaign
    await red_attacks_blue(table, blue="1 carrier, 1 cruiser")
    given = await table.slash(
        "/combat order battle:1 class:cruiser target:Blue: carrier", as_="player1"
    )
    assert given.embed.description.splitlines()[-1] == (
        "1. 2 cruisers (4 dice at 5+) → Blue's carrier"
    )
    await table.slash("/combat fleet set point:Mecatol ships:1 cruiser faction:Blue", as_="gm")
    made = await table.slash(
        "/campaign settings set setting:fleet_combat.non_combat_classes"
        " value:transport, colonizer, carrier",
        as_="gm",
    )
    assert not made.ephemeral, made.text()
    await table.slash(
        "/combat fleet set point:Mecatol ships:1 cruiser, 1 carrier faction:Blue", as_="gm"
    )

    panel = await table.slash("/combat orders battle:1", as_="player1")

    assert panel.embed.description == (
        "1. 2 cruisers (4 dice at 5+) → Blue's carriers — no longer legal: automatic target"
    )
    again = await table.slash(
        "/combat order battle:1 class:cruiser target:Blue: cruiser", as_="player1"
    )
    assert again.embed.description.splitlines()[-1] == (
        "1. 2 cruisers (4 dice at 5+) → Blue's cruiser"
    )
