"""Fleet combat conformance fixes played through Discord (rules/fleet-combat.md).

Player1 plays Red (2 cruisers) and player2 Blue (3 destroyers, 1 dreadnought) at Mecatol;
the GM changes settings with `/campaign settings set`.
"""

from __future__ import annotations

from tests.e2e.play import red_and_blue_at_mecatol
from tests.e2e.test_fleet_combat_options import GIVE_ORDERS
from tests.e2e.test_fleet_combat_options import declared
from tests.e2e.test_fleet_combat_options import end_turn
from tests.e2e.test_fleet_combat_options import seated
from tests.e2e.test_fleet_combat_options import setting

__all__ = ["seated"]  # the fixture, shared with the options tests


async def test_fc_i7_groups_without_orders_are_told_they_hold_fire_when_the_campaign_says_so(
    seated,
):
    """FC-I7 `missing_orders = hold_fire`: the orders panel, the battle's status and
    `/turn status` tell a player that a group without orders holds fire (not that it gets an
    automatic target), and at the turn's end it does hold fire."""
    await setting(seated, "missing_orders", "hold_fire")
    battle = await declared(seated)

    panel = await seated.click(battle, GIVE_ORDERS, as_="player2")
    assert panel.embed.description.splitlines() == [
        "1. 3 destroyers (3 dice at 5+) → no order: holds fire",
        "2. 1 dreadnought (3 dice at 4+) → no order: holds fire",
    ]
    assert "holds fire" in panel.embed.footer
    assert "automatic" not in panel.embed.footer
    labels = [o.label for o in panel.selects[0].options]
    assert labels[0].startswith("No order: hold fire")
    assert not any("Automatic" in label for label in labels)
    status = await seated.slash("/combat status battle:1", as_="player2")
    assert status.embed.field("Blue").endswith("No fire orders yet: holds fire")
    waiting = await seated.slash("/turn status", as_="gm")
    told = waiting.embed.field("Fleet combat")
    assert "no fire orders yet from Red, Blue; their groups will hold fire" in told
    assert "automatic" not in told

    await end_turn(seated)

    report = (await seated.slash("/combat status battle:1 round:1", as_="player2")).embed
    assert "Red's cruisers had no orders and held fire." in report.description
    assert "Blue's destroyers had no orders and held fire." in report.description
    assert seated.faces.pending == []


async def test_fc_i3_a_defence_face_equal_to_the_value_is_told_as_a_wound_when_it_is_one(seated):
    """FC-I3 `defence_blocks_on_equal = false`: a defence face equal to D wounds. The round's
    log and the ship table's legend say so, instead of "Defence 4+" (which reads as blocking
    on a 4) over two 4s that wounded."""
    await setting(seated, "defence_blocks_on_equal", "false")
    table = await seated.slash("/combat stats show", as_="player1")
    assert "Defence D+: only a face above D blocks a hit; a face of D wounds." in (
        table.embed.footer
    )
    await declared(seated)
    ordered = await seated.slash(
        "/combat order battle:1 class:cruiser target:Blue: dreadnought", as_="player1"
    )
    assert ordered.ephemeral
    # Red's cruisers 5, 5, 1, 1 (2 hits), the dreadnought's defence 4, 4; Blue misses.
    seated.script_dice([5, 5, 1, 1, 4, 4, 1, 1, 1, 1, 1, 1])

    await end_turn(seated)

    report = (await seated.slash("/combat status battle:1 round:1", as_="player2")).embed
    assert (
        "**1. Red's 2 cruisers → Blue's dreadnought**\n"
        "Attack, 4 dice at 5+: 5, 5, 1, 1 → 2 hits\n"
        "Defence 4+, a 4 wounds: 4, 4 → 2 wounds"
    ) in report.description
    assert "FC-I3" in report.footer
    assert seated.faces.pending == []


async def test_fc_i12_wounds_that_move_on_to_another_class_are_told_on_that_class(campaign):
    """FC-I12 `burn_excess = false`: the wounds left once Blue's only destroyer is gone move on
    to its dreadnought. The round's log says they moved on, and counts the dreadnought's
    wounds against its own life (3), not the destroyer's (1)."""
    table = campaign
    await red_and_blue_at_mecatol(table, blue="1 destroyer, 1 dreadnought")
    await setting(table, "burn_excess", "false")
    await declared(table)
    await table.slash("/combat order battle:1 class:cruiser target:Blue: destroyer", as_="player1")
    # Red's cruisers: 4 hits, 4 wounds through the destroyer's defence; Blue misses.
    table.script_dice([6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1])

    await end_turn(table)

    report = (await table.slash("/combat status battle:1 round:1", as_="player1")).embed
    assert report.field("End of round: wounds placed").splitlines()[0] == (
        "Volley 1 → Blue's destroyer: #3 +1 → 1/1, destroyed; "
        "the rest moves on to dreadnoughts: #4 +3 → 3/3, destroyed"
    )
    assert "FC-I12" in report.footer
    assert table.faces.pending == []


async def test_fc_i9_i13_an_archived_round_reads_as_fought_after_the_gm_changes_the_settings(
    seated,
):
    """FC-I9 `deferred_damage = false`, FC-I13 `transport_loss_scope = participant`: Green's
    lone transport, allied with Red's fighter at Vega, is lost on its own in round 1. Once the
    GM sets both back to their defaults, `/combat status` of that round still heads its
    wounds "after each volley" and says the transport went for want of a combat ship of
    Green's own (FC-5.9: Green never had one)."""
    await setting(seated, "deferred_damage", "false")
    await setting(seated, "transport_loss_scope", "participant")
    await seated.slash("/combat fleet set point:Vega ships:1 fighter", as_="player1")
    await seated.slash("/combat fleet set point:Vega ships:1 transport", as_="player3")
    await seated.slash("/combat fleet set point:Vega ships:1 cruiser", as_="player2")
    await declared(seated, "Vega")
    await seated.slash("/combat attack point:Vega targets:Blue", as_="player3")
    await seated.slash("/combat allies battle:1 factions:Red, Green", as_="gm")
    seated.script_dice([1, 1, 1])  # the fighter misses, the cruiser misses

    await end_turn(seated)
    await setting(seated, "deferred_damage", "true")
    await setting(seated, "transport_loss_scope", "side")

    report = (await seated.slash("/combat status battle:1 round:1", as_="player3")).embed
    assert report.field("Wounds placed after each volley") == "No wounds this round."
    assert report.field("Losses") == (
        "Green loses 1 transport.\n"
        "Transports of Green are destroyed: they have no combat ships of their own."
    )
    assert "FC-I9" in report.footer and "FC-I13" in report.footer
    assert seated.faces.pending == []


async def test_fc_i15_fc_i4_an_archived_round_reads_as_fought_after_distance_and_life_change(
    seated,
):
    """FC-I15 `retreat_distance_points`, FC-I4: Red wounds Blue's dreadnought in round 1 and
    retreats in round 2. Once the battle is over the GM sets the retreat distance to 5 and
    the dreadnought's life to 4: the archived rounds still count its wound against a life of
    3 and say Red moves 2 points."""
    await declared(seated)
    await seated.slash(
        "/combat order battle:1 class:cruiser target:Blue: dreadnought", as_="player1"
    )
    # Red's cruisers 5, 1, 1, 1 (1 hit), the dreadnought's defence 1; Blue misses.
    seated.script_dice([5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1])
    await end_turn(seated)
    await seated.slash("/combat retreat battle:1", as_="player1")
    seated.script_dice([1] * 6)  # Blue's parting volley misses
    await end_turn(seated, 2)

    await setting(seated, "retreat_distance_points", "5")
    changed = await seated.slash("/combat stats set class:dreadnought life:4", as_="gm")
    assert "life 4" in changed.embed.description

    first = (await seated.slash("/combat status battle:1 round:1", as_="player2")).embed
    assert first.field("End of round: wounds placed") == (
        "Volley 1 → Blue's dreadnought: #6 +1 → 1/3"
    )
    second = (await seated.slash("/combat status battle:1 round:2", as_="player1")).embed
    assert "Red leaves the battle and moves 2 points in any direction (/combat fleet move)." in (
        second.field("After the round")
    )
    assert seated.faces.pending == []
