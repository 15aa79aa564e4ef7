"""Refusals that tell the player why and what next: a force in port only where a port is
(NO-3.3), a move during the layover (NO-2.11) and a second order after the GM's (NO-I2)."""

from __future__ import annotations

import pytest
import test_naval_orders_support as support

from bot.errors import RuleViolation
from bot.rules.naval_orders import (
    CruiseOrder,
    RaidOrder,
    RegisterForce,
    ReportPosition,
    register_force,
    report_position,
)

CRUISE = CruiseOrder(point="Ushant", location="14", turns=5)
RAID = RaidOrder(point="Biscay", location="22", turns=1)


def register(state, location, *, in_port=True):
    command = RegisterForce(
        owner="Britain",
        name="Hood",
        kind="line",
        ships=support.warships(3, 3),
        location=location,
        in_port=in_port,
    )
    return register_force(state, support.DEFAULTS, command)


@pytest.mark.parametrize("existing", [False, True], ids=["register", "edit"])
def test_a_force_is_recorded_in_port_only_where_a_port_is(existing):
    """NO-3.3: registering or editing a force "in port" at location 14, which has no port, is
    refused as `/navy position` refuses it, in both languages; at sea there is accepted."""
    state = support.add_force(support.ports(), "Hood") if existing else support.ports()
    with pytest.raises(RuleViolation) as refused:
        register(state, "14")
    assert refused.value.message_key == "naval_orders.error.not_a_port"
    assert refused.value.message("en") == "No port is registered at 14 (NO-3.3)."
    assert "14" in refused.value.message("ru") and "NO-3.3" in refused.value.message("ru")
    at_sea = register(state, "14", in_port=False).state.forces["hood"]
    assert (at_sea.location, at_sea.in_port) == ("14", False)
    in_port = register(state, support.HOME).state.forces["hood"]
    assert (in_port.location, in_port.in_port) == (support.HOME, True)


def in_layover():
    """Hood cruised two turns in 14, came home on turn 3 and stays in port through turn 4."""
    two_turns = CruiseOrder(point="Ushant", location="14", turns=2)
    state = support.order(support.add_force(support.ports(), "Hood"), "Hood", two_turns, 1)
    state = support.move_to(state, "Hood", "14", 1)
    state = support.end_turn(state, 1).state
    state = support.end_turn(state, 2).state
    state = support.move_to(state, "Hood", support.HOME, 3, in_port=True)
    state = support.end_turn(state, 3).state
    assert state.forces["hood"].status == "layover"
    return state


def test_a_move_in_the_layover_says_until_when_and_who_can_correct_it():
    """NO-2.11: the refusal names the layover's last turn, the turn the force may move again,
    and that the GM can correct its place; the GM's report is still accepted."""
    state = in_layover()
    command = ReportPosition(faction="Britain", force="Hood", location="14")
    with pytest.raises(RuleViolation) as refused:
        report_position(state, support.DEFAULTS, command, 4)
    en = refused.value.message("en")
    assert "until the end of turn 4" in en and "from turn 5" in en and "GM" in en
    assert "NO-2.11" in en
    ru = refused.value.message("ru")
    assert "до конца хода 4" in ru and "с хода 5" in ru and "ведущий" in ru
    by_gm = command.model_copy(update={"by_gm": True})
    assert report_position(state, support.DEFAULTS, by_gm, 4).state.forces["hood"].location == "14"
