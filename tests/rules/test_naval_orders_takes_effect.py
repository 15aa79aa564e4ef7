"""An order that takes effect turns after it was given (NO-I7: brought by packet boat;
NO-I18: recorded for the end of a layover) does so wherever the force then is: it is checked
there as an order given there at once would be, and lapses where that order would be
refused (NO-5.2, NO-I17, NO-1.1), told in the turn's summary to the force's owner; the force
goes on with the order it has (NO-3.3), since only the Admiralty changes an order (NO-3.4,
NO-I18). Dice are scripted: none is rolled here."""

from __future__ import annotations

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import PORT_9
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import keys
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import EscortOrder
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RepairOrder
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import register_packet_arrival
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders.models import Formation
from bot.rules.naval_orders.models import Order


def told(outcome, locale: str = "en") -> list[str]:
    """What a player reads of an outcome or a turn's end."""
    return [line.render(locale) for line in outcome.lines]


def line(outcome, key: str):
    (found,) = [m for m in outcome.lines if m.key == key]
    return found


def cruising_in(location: str) -> NavalOrdersState:
    """Hood cruises at sea in `location` since turn 1 (nine turns); the packet boat Mercury
    lies in Portsmouth."""
    state = add_force(ports(), "Hood", location=location, in_port=False)
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    state = order(state, "Hood", CruiseOrder(point="Hyères", location=location, turns=9), 1)
    return end_turn(state, 1).state


def by_packet(state: NavalOrdersState, model: Order, turn: int = 2):
    """Mercury carries `model` to Hood in `turn` and reaches it the same turn: the relay
    turn is `turn + 1`, the order due from `turn + 2`. Returns the arrival's outcome."""
    command = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=model)
    sent = send_by_packet(state, DEFAULTS, command, turn)
    return register_packet_arrival(sent.state, DEFAULTS, "Britain", sent.relay.id, turn)


def via(*waypoints: str) -> MoveOrder:
    return MoveOrder(point="Channel", destination=HOME, port="Portsmouth", via=list(waypoints))


@pytest.mark.parametrize(
    "waypoints", [[PORT_9], [PORT_9, "6"], ["6", PORT_9]], ids=["only", "first leg", "later leg"]
)
def test_no_5_2_a_transfer_by_packet_lapses_where_the_force_stands_on_its_waypoint(waypoints):
    """NO-5.2, NO-I7, NO-3.3: Hood cruises at sea in 9. A packet boat brings it a transfer to
    Portsmouth (1) naming 9 as an intermediate location (the only one, the first leg or a
    later one); it reaches Hood in turn 2, due from turn 4. Hood is still in 9 at the end of
    turn 3, so the transfer would start at its own waypoint, which a transfer given there
    is refused for: it lapses instead of taking effect (it is not cut to fit: only the
    Admiralty changes an order). The arrival warns of it; the summary tells Britain why, in
    English and Russian; Hood goes on cruising, its count running."""
    arrived = by_packet(cruising_in(PORT_9), via(*waypoints))
    assert told(arrived)[1] == (
        "As things stand the order could not take effect and would lapse: An intermediate "
        "location of a transfer lies on its way, not at its start: Hood is already at "
        "location 9 (NO-5.2). It is checked again where Hood is when it takes effect, from "
        "turn 4 (NO-I7)."
    )
    relay_turn = end_turn(arrived.state, 2)
    assert "naval_orders.turn.relay_turn" in keys(relay_turn.lines)

    resolved = end_turn(relay_turn.state, 3)

    lapsed = line(resolved, "naval_orders.turn.relay_lapsed")
    assert lapsed.render("en") == (
        "  Hood: the order brought by packet boat (relay #1, “Transfer”) cannot take effect "
        "and has lapsed: An intermediate location of a transfer lies on its way, not at its "
        "start: Hood is already at location 9 (NO-5.2). Hood goes on as before, and a new "
        "order reaches it in port or by packet boat (NO-3.3, NO-I7, NO-I18)."
    )
    assert lapsed.render("ru") == (
        "  «Hood»: приказ, доставленный покетботом (доставка №1, «Перемещение»), выполнить "
        "нельзя, и он потерял силу. Промежуточная локация перемещения лежит на пути, а не в "
        "начальном пункте: соединение «Hood» уже находится в локации 9 (NO-5.2). Соединение "
        "«Hood» действует как прежде, а новый приказ получит в порту или с покетботом "
        "(NO-3.3, NO-I7, NO-I18)."
    )
    assert "naval_orders.turn.relay_in_force" not in keys(resolved.lines)
    assert resolved.affected == ["Britain"]
    assert [(r.body.order.kind, r.body.end) for r in resolved.archive] == [("move", "cancelled")]
    hood = resolved.state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.kind == "cruise"
    assert hood.order.turns_done == 3 and resolved.state.relays == []
    assert "naval_orders.turn.relay_lapsed" not in keys(end_turn(resolved.state, 4).lines)


def test_no_i7_a_transfer_by_packet_takes_effect_once_the_force_has_left_its_waypoint():
    """NO-I7, NO-5.2: the same transfer via 9 and 6, with Hood recorded in 14 by the end of
    turn 3: it takes effect from turn 4 as sent, starting at 14, and the arrival's warning
    said it would be checked again there."""
    arrived = by_packet(cruising_in(PORT_9), via(PORT_9, "6"))
    assert "naval_orders.relay.would_lapse" in keys(arrived.lines)
    state = end_turn(arrived.state, 2).state

    resolved = end_turn(move_to(state, "Hood", "14", 3), 3)

    assert "naval_orders.turn.relay_lapsed" not in keys(resolved.lines)
    assert line(resolved, "naval_orders.turn.relay_in_force").params["turn"] == 4
    hood = resolved.state.forces["hood"]
    assert hood.order.order.via == [PORT_9, "6"] and hood.order.start_location == "14"


def test_no_5_2_a_transfer_by_packet_lapses_in_port_at_its_own_end_port():
    """NO-5.2, NO-5.3: Hood, cruising in 14, is sent a transfer to Toulon (9) via 6; by the
    turn it is due, Hood is recorded in port at Toulon. A transfer given there would be
    refused (it ends at its start and would complete without sailing): it lapses, and Hood
    keeps its cruise. At sea in 9 it would take effect: the transfer ends on entering the
    port (test_naval_orders_conformance.py)."""
    toulon = MoveOrder(point="Toulon", destination=PORT_9, port="Toulon", via=["6"])
    arrived = by_packet(cruising_in("14"), toulon)
    assert "naval_orders.relay.would_lapse" not in keys(arrived.lines)
    state = end_turn(arrived.state, 2).state

    resolved = end_turn(move_to(state, "Hood", PORT_9, 3, in_port=True), 3)

    assert told(resolved)[2] == (
        "  Hood: the order brought by packet boat (relay #1, “Transfer”) cannot take effect "
        "and has lapsed: A transfer ends at a port other than its start: Hood is already at "
        "location 9 (NO-5.2). Hood goes on as before, and a new order reaches it in port or "
        "by packet boat (NO-3.3, NO-I7, NO-I18)."
    )
    assert "naval_orders.turn.transfer_complete" not in keys(resolved.lines)
    hood = resolved.state.forces["hood"]
    assert hood.order.order.kind == "cruise" and hood.status == "executing"


def test_no_2_11_a_transfer_by_packet_to_the_station_where_the_force_lays_over_lapses():
    """NO-2.11, NO-5.2, NO-I7: Hood's one-turn cruise in 14 is complete and it makes for
    Portsmouth when a packet boat brings a transfer to Portsmouth via 6 (due from turn 4).
    It anchors there in turn 3 and lays over in turn 4; the transfer would wait for the
    layover's end in the very port it goes to, so it lapses at once, and Hood awaits orders
    after its layover instead of completing a transfer it never sailed."""
    state = add_force(ports(), "Hood")
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    state = order(state, "Hood", CruiseOrder(point="Spithead", location="14", turns=1), 1)
    state = end_turn(move_to(state, "Hood", "14", 1), 1).state
    arrived = by_packet(state, via("6"))
    state = end_turn(arrived.state, 2).state

    resolved = end_turn(move_to(state, "Hood", HOME, 3, in_port=True), 3)

    lapsed = line(resolved, "naval_orders.turn.relay_lapsed")
    assert lapsed.params["reason"].key == "naval_orders.error.transfer_to_start"
    hood = resolved.state.forces["hood"]
    assert hood.status == "layover" and hood.pending_order is None
    after = end_turn(resolved.state, 4)
    assert "naval_orders.turn.layover_over" in keys(after.lines)
    assert after.state.forces["hood"].status == "awaiting_orders"
    assert after.state.forces["hood"].order is None


def test_no_1_1_a_repair_by_packet_takes_effect_only_at_a_naval_station():
    """NO-1.1, NO-I7: Hood, at sea in Portsmouth's waters (1), is sent a repair order by
    packet boat, recorded for the station where it is. If Hood is in 14 when the order is
    due, it is away from any naval station and the repair lapses; if it is still at
    Portsmouth, the repair takes effect there."""
    arrived = by_packet(cruising_in(HOME), RepairOrder(details="refit the Hood"))
    state = end_turn(arrived.state, 2).state

    away = end_turn(move_to(state, "Hood", "14", 3), 3)
    lapsed = line(away, "naval_orders.turn.relay_lapsed")
    assert lapsed.params["reason"].render("en") == (
        "Hood is not at a naval station, so it cannot be given “Repair” (NO-1.1)."
    )
    assert away.state.forces["hood"].order.order.kind == "cruise"

    there = end_turn(state, 3)
    assert "naval_orders.turn.relay_lapsed" not in keys(there.lines)
    repair = there.state.forces["hood"].order
    assert repair.order.kind == "repair" and repair.station == "Portsmouth"


def convoy_and_escort(state: NavalOrdersState) -> NavalOrdersState:
    """Britain's convoy Indiamen (two transports) at sea in 14."""
    return add_force(
        state,
        "Indiamen",
        ships=[*warships(5), Ship(kind="transport"), Ship(kind="transport")],
        location="14",
        in_port=False,
    )


def transports_put_off(state: NavalOrdersState, turn: int = 2) -> NavalOrdersState:
    """Indiamen began in `turn` to put off both its transports (dissolving the convoy,
    NO-2.7), done at that turn's end, and the escort of it was given in that turn, as a
    state saved before such an escort was refused holds it (now refused when given,
    test_naval_orders_escort_formation.py; a convoy an order escorts is neither struck off
    nor left without transports, test_naval_orders_references.py and
    test_naval_orders_register_changes.py): the escort finds no convoy when it takes
    effect."""
    saved = state.model_copy(deep=True)
    indiamen = saved.forces["indiamen"]
    indiamen.status = "forming"
    indiamen.formation = Formation(
        kind="dissolve_convoy",
        complete_turn=turn,
        members=[indiamen.key],
        vessels=[Ship(kind="transport"), Ship(kind="transport")],
    )
    return saved


def test_no_1_1_an_escort_by_packet_lapses_when_its_convoy_is_gone():
    """NO-1.1, NO-I7: Hood is sent by packet boat an order to escort the convoy Indiamen,
    which puts off its transports that turn, so it is no convoy when the order is due: the
    escort lapses, the summary names the convoy, and Hood keeps its cruise."""
    arrived = by_packet(convoy_and_escort(cruising_in("14")), EscortOrder(convoy="Indiamen"))
    state = end_turn(transports_put_off(arrived.state), 2).state

    resolved = end_turn(state, 3)

    lapsed = line(resolved, "naval_orders.turn.relay_lapsed")
    assert lapsed.params["reason"].render("en") == (
        "“Indiamen” carries no transports or merchantmen: only a transport flotilla can be "
        "escorted (NO-1.1)."
    )
    assert resolved.state.forces["hood"].order.order.kind == "cruise"


def test_no_i18_an_order_recorded_for_the_layovers_end_lapses_when_it_cannot_take_effect():
    """NO-I18, NO-I7: Hood, back at Portsmouth after its cruise, is given in its layover an
    order to escort Indiamen, recorded for the layover's end (turn 4). The convoy puts off
    its transports in turn 2: at the layover's end the order lapses, told to Britain in
    English and Russian, and Hood awaits orders."""
    state = add_force(convoy_and_escort(ports()), "Hood")
    state = order(state, "Hood", CruiseOrder(point="Spithead", location="14", turns=1), 1)
    state = end_turn(move_to(state, "Hood", "14", 1), 1).state
    state = move_to(state, "Hood", HOME, 2, in_port=True)
    command = GiveOrder(faction="Britain", force="Hood", order=EscortOrder(convoy="Indiamen"))
    state = give_order(state, DEFAULTS, command, 2).state
    state = end_turn(transports_put_off(state), 2).state
    assert state.forces["hood"].pending_order.order.kind == "escort"

    resolved = end_turn(state, 3)

    lapsed = line(resolved, "naval_orders.turn.pending_lapsed")
    assert lapsed.render("en") == (
        "  Hood: the order recorded for the end of its layover (“Escort of a transport "
        "flotilla”) cannot take effect and has lapsed: “Indiamen” carries no transports or "
        "merchantmen: only a transport flotilla can be escorted (NO-1.1). Hood awaits new "
        "orders (NO-I18)."
    )
    assert lapsed.render("ru").startswith("  «Hood»: приказ, записанный на конец стоянки")
    assert resolved.affected == ["Britain"]
    assert [(r.body.order.kind, r.body.end) for r in resolved.archive] == [("escort", "cancelled")]
    hood = resolved.state.forces["hood"]
    assert hood.status == "awaiting_orders" and hood.order is None and hood.pending_order is None


def test_no_i7_a_cruise_by_packet_takes_effect_wherever_the_force_is():
    """NO-I7, NO-4.2: a cruising order names its location and sails for it from wherever
    the force is: one brought by packet boat to Hood, now in port at Toulon, takes effect
    there as sent."""
    arrived = by_packet(cruising_in("14"), CruiseOrder(point="Ushant", location="15", turns=2))
    assert "naval_orders.relay.would_lapse" not in keys(arrived.lines)
    state = end_turn(arrived.state, 2).state

    resolved = end_turn(move_to(state, "Hood", PORT_9, 3, in_port=True), 3)

    assert "naval_orders.turn.relay_lapsed" not in keys(resolved.lines)
    assert resolved.state.forces["hood"].order.order.location == "15"
