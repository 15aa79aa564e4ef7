"""A repair or disbanding sent by packet boat (NO-1.1, NO-I7, NO-I18).

Repair is of ships present at a naval station, disbanding within a station's waters
(NO-1.1): where the ships are when the order is carried out. An order sent by packet boat
takes effect turns later, wherever the force then is (NO-I7), and is checked there; so it
may be sent to a force making for a station, and is not refused where the force is as the
packet leaves. The reply warns that it lapses unless the force is at a naval station by
then; given to a force itself, it is still refused away from one (NO-I1). No die is rolled.
"""

from __future__ import annotations

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import PORT_9
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import keys
from test_naval_orders_support import move_to
from test_naval_orders_support import order as give
from test_naval_orders_support import ports

from bot.errors import RuleViolation
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import DisbandOrder
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RepairOrder
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import check_order_form_opens
from bot.rules.naval_orders import register_packet_arrival
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders.models import Order

ORDERS = [RepairOrder(details="new masts"), DisbandOrder(details="pay off the Hood")]


def at_sea(location: str = "14") -> NavalOrdersState:
    """Hood cruises at sea in `location` since turn 1; the packet boat Mercury lies in
    Portsmouth (the naval station, location 1)."""
    state = add_force(ports(), "Mercury", "packet", ships=[Ship(kind="packet")])
    state = add_force(state, "Hood", location=location, in_port=False)
    state = give(state, "Hood", CruiseOrder(point="Hyères", location=location, turns=9), 1)
    return end_turn(state, 1).state


def sent(state: NavalOrdersState, model: Order, turn: int = 2):
    command = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=model)
    return send_by_packet(state, DEFAULTS, command, turn)


def arrived_and_due(state: NavalOrdersState, model: Order):
    """Sent in turn 2 and reaching Hood the same turn: the relay turn 3 is past by the end
    of turn 3, when the order takes effect from turn 4. Returns the state at turn 3."""
    out = sent(state, model)
    there = register_packet_arrival(out.state, DEFAULTS, "Britain", out.relay.id, 2)
    return end_turn(there.state, 2).state


@pytest.mark.parametrize("model", ORDERS, ids=["repair", "disband"])
def test_no_1_1_a_repair_by_packet_to_a_force_at_sea_is_sent_and_warned(model):
    """NO-1.1, NO-I7: Hood, cruising in 14, far from any naval station: its form opens and
    the packet carries the order, with a warning in English and Russian that it takes effect
    only if Hood is at a naval station when it is due."""
    state = at_sea()
    opened = check_order_form_opens(
        state, DEFAULTS, "Britain", "Hood", model.kind, 2, by_packet=True
    )
    assert opened.name == "Hood"

    out = sent(state, model)

    assert out.relay is not None and out.state.relays[0].order.order.kind == model.kind
    (warning,) = [m for m in out.lines if m.key == "naval_orders.relay.sent_would_lapse"]
    order = "Repair" if model.kind == "repair" else "Disbanding"
    assert warning.render("en") == (
        "As things stand the order could not take effect and would lapse: Hood is not at a "
        f"naval station, so it cannot be given “{order}” (NO-1.1). It is checked again where "
        "Hood is when it takes effect, once the packet boat has reached it and the relay "
        "turn has passed (NO-I7)."
    )
    assert warning.render("ru").startswith(
        "Сейчас этот приказ выполнить было бы нельзя, и он потерял бы силу. Соединение «Hood» "
        "не находится на военно-морской станции"
    )
    assert out.state.forces["hood"].order.order.kind == "cruise"


@pytest.mark.parametrize("model", ORDERS, ids=["repair", "disband"])
def test_no_1_1_it_takes_effect_once_the_force_is_at_a_naval_station(model):
    """NO-1.1, NO-I7: the same order, with Hood in Portsmouth's waters (1) by the turn it
    is due: it takes effect there, recorded for Portsmouth, the cruise replaced."""
    state = move_to(arrived_and_due(at_sea(), model), "Hood", HOME, 3)

    resolved = end_turn(state, 3)

    assert "naval_orders.turn.relay_in_force" in keys(resolved.lines)
    hood = resolved.state.forces["hood"].order
    assert hood.order.kind == model.kind and hood.station == "Portsmouth"
    assert [(r.body.order.kind, r.body.end) for r in resolved.archive] == [("cruise", "replaced")]


@pytest.mark.parametrize("model", ORDERS, ids=["repair", "disband"])
def test_no_1_1_it_lapses_told_when_the_force_is_not_at_a_naval_station(model):
    """NO-1.1, NO-I7, NO-3.3: Hood reaches only the seaport Toulon (9), no naval station,
    by the turn the order is due: it lapses, told to Britain, and Hood keeps its cruise."""
    state = move_to(arrived_and_due(at_sea(), model), "Hood", PORT_9, 3)

    resolved = end_turn(state, 3)

    (lapsed,) = [m for m in resolved.lines if m.key == "naval_orders.turn.relay_lapsed"]
    assert "Hood is not at a naval station" in lapsed.render("en")
    assert "Соединение «Hood» не находится на военно-морской станции" in lapsed.render("ru")
    assert resolved.affected == ["Britain"]
    assert resolved.state.forces["hood"].order.order.kind == "cruise"


def test_no_1_1_sent_to_a_force_in_a_stations_waters_it_is_not_warned():
    """NO-1.1: Hood at sea in Portsmouth's waters: nothing to warn of."""
    out = sent(at_sea(HOME), RepairOrder())

    assert "naval_orders.relay.sent_would_lapse" not in keys(out.lines)
    assert out.state.relays[0].order.station == "Portsmouth"


@pytest.mark.parametrize("model", ORDERS, ids=["repair", "disband"])
def test_no_i1_given_to_the_force_itself_away_from_a_station_it_is_still_refused(model):
    """NO-I1, NO-I18: a force's first order at sea takes effect at once, where it is: a
    repair or disbanding away from a naval station is refused, before the form and when
    given."""
    state = add_force(NavalOrdersState(), "Hood", location="14", in_port=False)

    with pytest.raises(RuleViolation) as before:
        check_order_form_opens(state, DEFAULTS, "Britain", "Hood", model.kind, 1)
    with pytest.raises(RuleViolation) as given:
        give(state, "Hood", model, 1)

    refusals = {before.value.message_key, given.value.message_key}
    assert refusals == {"naval_orders.error.not_at_station"}
