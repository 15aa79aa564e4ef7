"""Conformance fixes found by a clause-by-clause review of rules/fleet-combat.md, each with
the clause it restores, replayed with scripted dice where dice are rolled."""

from __future__ import annotations

from test_fleet_combat_support import POINT, battle, scripted

from bot.i18n import Msg
from bot.rules.fleet_combat import FleetCombatSettings, resolve_round, waiting_for

HOLD_WITHOUT_ORDERS = FleetCombatSettings(missing_orders="hold_fire")


def test_fc_i7_waiting_line_says_groups_without_orders_hold_fire_when_the_campaign_says_so():
    """FC-I7 `missing_orders = hold_fire`: the GM's `/turn status` line must not promise
    automatic targets to groups that will hold fire; the round confirms they hold."""
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})])

    [line] = waiting_for(state, HOLD_WITHOUT_ORDERS, 1)

    assert line == Msg(
        "fleet_combat.waiting.orders_hold", battle=1, point=POINT, round=1, factions="A, B"
    )
    told = line.render("en")
    assert "hold fire" in told
    assert "automatic" not in told
    assert "automatic" not in line.render("ru") and "не стреляют" in line.render("ru")
    outcome = resolve_round(state, HOLD_WITHOUT_ORDERS, 1, scripted()[0])
    assert [h.reason for h in outcome.report.held] == ["missing_orders", "missing_orders"]
    assert outcome.report.volleys == []


def test_fc_i7_default_waiting_line_still_promises_automatic_targets():
    """FC-I7, FC-I17 default (`missing_orders = auto_target`): unchanged."""
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})])
    [line] = waiting_for(state, FleetCombatSettings(), 1)
    assert line.key == "fleet_combat.waiting.orders"
    assert "automatic targets" in line.render("en")
