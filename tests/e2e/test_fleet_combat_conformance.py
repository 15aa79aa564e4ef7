"""Fleet combat conformance fixes played through Discord (rules/fleet-combat.md).

Player1 plays Red (2 cruisers) and player2 Blue (3 destroyers, 1 dreadnought) at Mecatol;
the GM changes settings with `/campaign settings set`.
"""

from __future__ import annotations

from tests.e2e.test_fleet_combat_options import (
    GIVE_ORDERS,
    declared,
    end_turn,
    seated,
    setting,
)

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
