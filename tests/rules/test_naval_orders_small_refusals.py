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
    register_force,
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
