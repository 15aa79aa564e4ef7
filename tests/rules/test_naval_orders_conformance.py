"""Clause-by-clause checks of rules/naval-orders.md where a setting flipped, a boundary or
the order of the turn's steps once made the engine part from the spec; each test names the
clause and asserts what the player reads or what the force's state becomes."""

from __future__ import annotations

import json

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import PORT_9
from test_naval_orders_support import add_force
from test_naval_orders_support import command_test
from test_naval_orders_support import end_turn
from test_naval_orders_support import keys
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.errors import NotAllowed
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import MovementPlan
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import ReportPosition
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import complete_order
from bot.rules.naval_orders import declare_return_station
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import movement_range
from bot.rules.naval_orders import register_packet_arrival
from bot.rules.naval_orders import register_station
from bot.rules.naval_orders import report_position
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders import set_station_distances
from bot.rules.naval_orders import start_formation

NEXT = CruiseOrder(point="Ushant", location="15", turns=2)


def back_at_the_station(settings: NavalOrdersSettings):
    """Hood cruised one turn in 14 (turn 1) and is recorded back in port at its naval station
    Portsmouth in turn 2, the turn of its arrival."""
    state = add_force(ports(), "Hood", settings=settings)
    one_turn = CruiseOrder(point="Spithead", location="14", turns=1)
    state = order(state, "Hood", one_turn, 1, settings=settings)
    state = move_to(state, "Hood", "14", 1, settings=settings)
    state = end_turn(state, 1, settings=settings).state
    assert state.forces["hood"].status == "returning_to_station"
    return move_to(state, "Hood", HOME, 2, in_port=True, settings=settings)


def give(state, settings, model, turn):
    command = GiveOrder(faction="Britain", force="Hood", order=model)
    return give_order(state, settings, command, turn)


@pytest.mark.parametrize(
    "settings",
    [
        NavalOrdersSettings(layover_applies_to_squadrons=False),
        NavalOrdersSettings(port_layover_turns=0),
    ],
    ids=["squadrons_without_layover", "no_layover_turns"],
)
def test_no_i18_with_no_layover_an_order_given_back_at_the_station_takes_effect_at_once(
    settings,
):
    """NO-I18, NO-I7: with no layover to follow (`layover_applies_to_squadrons = false`, or
    `port_layover_turns = 0`) a squadron back in port at a naval station takes its new order
    at once, in the turn it is given, instead of keeping it recorded for a layover that never
    comes."""
    outcome = give(back_at_the_station(settings), settings, NEXT, 2)

    assert "naval_orders.order.after_layover_until" not in keys(outcome.lines)
    hood = outcome.state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.location == "15"
    assert hood.pending_order is None
    after = end_turn(outcome.state, 2, settings=settings).state.forces["hood"]
    assert after.status == "executing" and after.order.order.location == "15"


@pytest.mark.parametrize(("layover_turns", "effective"), [(1, 4), (2, 5)])
def test_no_i18_an_order_given_on_arrival_at_the_station_says_the_turn_it_takes_effect(
    layover_turns, effective
):
    """NO-I18, NO-I7, NO-2.11: back at its naval station in turn 2, the squadron lays over in
    turn 3 (and 4 with `port_layover_turns = 2`); an order given on arrival is recorded, and
    the reply names the turn it really takes effect: the one after the layover."""
    settings = NavalOrdersSettings(port_layover_turns=layover_turns)
    outcome = give(back_at_the_station(settings), settings, NEXT, 2)

    (after_layover,) = [
        m for m in outcome.lines if m.key == "naval_orders.order.after_layover_until"
    ]
    assert after_layover.params["turn"] == effective
    assert outcome.state.forces["hood"].pending_order.effective_turn == effective
    state = outcome.state
    for turn in range(2, effective):
        assert state.forces["hood"].order is None
        state = end_turn(state, turn, settings=settings).state
    hood = state.forces["hood"]
    assert hood.status == "executing" and hood.order.effective_turn == effective


def at_the_transfer_port(settings: NavalOrdersSettings):
    """Hood on a transfer from Portsmouth to Toulon (9) via 6, recorded in port at Toulon in
    turn 2, the turn it arrives."""
    state = add_force(ports(), "Hood", settings=settings)
    transfer = MoveOrder(point="Toulon", destination="9", port="Toulon", via=["6"])
    state = order(state, "Hood", transfer, 1, settings=settings)
    state = end_turn(state, 1, settings=settings).state
    return move_to(state, "Hood", "9", 2, in_port=True, settings=settings)


def test_no_i17_an_order_given_on_arrival_at_the_transfer_port_waits_for_the_layover():
    """NO-I17, NO-2.11, NO-I18: arriving at its end port completes the transfer and the force
    spends the next turn in port; an order given the turn it arrives is recorded for after
    the layover, and does not replace the transfer so as to sail at once."""
    outcome = give(at_the_transfer_port(DEFAULTS), DEFAULTS, NEXT, 2)

    (after_layover,) = [
        m for m in outcome.lines if m.key == "naval_orders.order.after_layover_until"
    ]
    assert after_layover.params["turn"] == 4
    assert "naval_orders.order.ended.replaced" not in keys(outcome.lines)
    assert outcome.state.forces["hood"].order.order.kind == "move"
    resolved = end_turn(outcome.state, 2)
    assert "naval_orders.turn.transfer_complete" in keys(resolved.lines)
    assert [r.body.end for r in resolved.archive] == ["completed"]
    assert resolved.state.forces["hood"].status == "layover"
    hood = end_turn(resolved.state, 3).state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.location == "15"
    assert hood.order.effective_turn == 4


def test_no_i17_without_the_layover_after_a_transfer_an_order_on_arrival_is_at_once():
    """NO-I17 `layover_after_transfer = false`: no layover follows the transfer, so an order
    given on arrival takes effect at once (NO-I18)."""
    settings = NavalOrdersSettings(layover_after_transfer=False)
    outcome = give(at_the_transfer_port(settings), settings, NEXT, 2)

    assert "naval_orders.order.after_layover_until" not in keys(outcome.lines)
    hood = outcome.state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.location == "15"


def forming_in_its_location(settings: NavalOrdersSettings, cruise_turns: int):
    """Hood, cruising in 14 from turn 1, begins a convoy formation there in turn 2; the
    state after turn 2's end."""
    state = add_force(ports(), "Hood", settings=settings)
    state = order(state, "Hood", CruiseOrder(point="Ushant", location="14", turns=cruise_turns), 1)
    state = end_turn(move_to(state, "Hood", "14", 1), 1, settings=settings).state
    convoy = StartFormation(
        faction="Britain", kind="form_convoy", members=["Hood"], vessels=[Ship(kind="transport")]
    )
    state = start_formation(state, settings, convoy, 2).state
    return end_turn(state, 2, settings=settings).state


def test_no_i14_a_turn_spent_forming_in_the_cruising_location_counts():
    """NO-I14, NO-I7: with `formation_turns = 2` a cruising squadron taking on transports in
    its cruising location ends both turns there, and both count."""
    settings = NavalOrdersSettings(formation_turns=2)
    state = forming_in_its_location(settings, cruise_turns=5)
    assert state.forces["hood"].status == "forming"
    assert state.forces["hood"].order.turns_done == 2
    state = end_turn(state, 3, settings=settings).state
    assert state.forces["hood"].status == "executing"
    assert state.forces["hood"].order.turns_done == 3


def test_no_i13_a_raider_forming_on_arrival_rolls_its_duration_that_turn():
    """NO-I13, NO-I14: a raiding squadron that reaches its location and begins a two-turn
    formation there has arrived: the d3 is rolled at that turn's end and the turn counts."""
    settings = NavalOrdersSettings(formation_turns=2)
    state = add_force(ports(), "Swift", "auxiliary", ships=warships(6), settings=settings)
    state = order(state, "Swift", RaidOrder(point="Biscay", location="22", turns=1), 1)
    state = move_to(state, "Swift", "22", 1)
    convoy = StartFormation(
        faction="Britain", kind="form_convoy", members=["Swift"], vessels=[Ship(kind="merchant")]
    )
    state = start_formation(state, settings, convoy, 1).state

    result = end_turn(state, 1, 2, settings=settings)
    assert "naval_orders.turn.raid_d3" in keys(result.lines)
    active = result.state.forces["swift"].order
    assert (active.arrived_turn, active.turns_required, active.turns_done) == (1, 3, 1)


def test_no_i14_a_count_reached_while_forming_completes_when_the_formation_does():
    """NO-I14, NO-2.7: a two-turn cruise whose second turn is spent forming has its count;
    the force cannot leave before the formation is made, and then returns to a station with
    its count unchanged."""
    settings = NavalOrdersSettings(formation_turns=2)
    state = forming_in_its_location(settings, cruise_turns=2)
    hood = state.forces["hood"]
    assert hood.status == "forming" and hood.order.turns_done == 2
    done = end_turn(state, 3, settings=settings)
    assert "naval_orders.turn.order_complete" in keys(done.lines)
    assert [(r.body.end, r.body.turns_done) for r in done.archive] == [("completed", 2)]
    assert done.state.forces["hood"].status == "returning_to_station"


@pytest.mark.parametrize(
    ("model", "clause"),
    [
        (CruiseOrder(point="Ushant", location="14", turns=5), "NO-I14"),
        (RaidOrder(point="Biscay", location="22", turns=1), "NO-I14"),
        (MoveOrder(point="Toulon", destination="9", port="Toulon", via=["6"]), "NO-I17"),
    ],
    ids=["cruise", "raid", "move"],
)
def test_an_order_with_a_procedure_is_not_ended_by_its_player_citing_what_ends_it(model, clause):
    """NO-I14, NO-I17: cruising and raiding end at their count (NO-I14), a transfer on
    arriving at its end port (NO-I17); the player's refusal cites the clause that ends it."""
    state = order(add_force(ports(), "Hood"), "Hood", model, 1)
    with pytest.raises(NotAllowed) as caught:
        complete_order(state, DEFAULTS, "Britain", "Hood", 1)
    assert caught.value.params["clause"] == clause


def test_no_2_11_an_order_by_packet_due_during_the_layover_waits_for_its_end():
    """NO-2.11, NO-I7, NO-I18: Hood's cruise is complete and it is making for Portsmouth
    when a packet boat brings it a new order (arrived turn 2, due from turn 4). It anchors at
    the station in turn 3, so turn 4 is its layover: the relayed order takes effect from
    turn 5, and the summary says so instead of cutting the layover short."""
    state = add_force(ports(), "Hood")
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    state = order(state, "Hood", CruiseOrder(point="Spithead", location="14", turns=1), 1)
    state = end_turn(move_to(state, "Hood", "14", 1), 1).state
    send = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=NEXT)
    sent = send_by_packet(state, DEFAULTS, send, 2)
    arrived = register_packet_arrival(sent.state, DEFAULTS, "Britain", sent.relay.id, 2)
    state = end_turn(arrived.state, 2).state
    state = move_to(state, "Hood", HOME, 3, in_port=True)

    resolved = end_turn(state, 3)
    hood = resolved.state.forces["hood"]
    assert hood.status == "layover" and hood.order is None
    assert hood.pending_order.order.location == "15"
    (relayed,) = [m for m in resolved.lines if m.key == "naval_orders.turn.relay_in_force"]
    assert relayed.params["turn"] == 5
    assert resolved.state.relays == []
    state = end_turn(resolved.state, 4).state
    hood = state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.location == "15"
    assert hood.order.effective_turn == 5


@pytest.mark.parametrize(
    "settings",
    [
        NavalOrdersSettings(layover_after_transfer=False),
        NavalOrdersSettings(layover_applies_to_squadrons=False),
    ],
    ids=["no_layover_after_transfers", "squadrons_without_layover"],
)
def test_no_i17_with_no_layover_an_order_on_arrival_completes_the_transfer(settings):
    """NO-I17, NO-I18: arriving at its end port completes the transfer. With no layover to
    follow, an order given the turn Hood anchors at Toulon takes effect at once, and the
    transfer is recorded completed (not replaced) and listed among the turn's completed
    orders, with the turn's line saying it anchored."""
    outcome = give(at_the_transfer_port(settings), settings, NEXT, 2)

    assert [(r.body.order.kind, r.body.end) for r in outcome.archive] == [("move", "completed")]
    assert "naval_orders.order.ended.completed" in keys(outcome.lines)
    assert "naval_orders.order.ended.replaced" not in keys(outcome.lines)
    hood = outcome.state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.location == "15"
    assert hood.order.effective_turn == 2 and hood.pending_order is None
    resolved = end_turn(outcome.state, 2, settings=settings)
    assert resolved.outcome["completed"] == ["Hood"]
    (anchored,) = [m for m in resolved.lines if m.key == "naval_orders.turn.transfer_complete"]
    assert anchored.params["port"] == "Toulon"
    assert "naval_orders.turn.awaiting" not in keys(resolved.lines)
    assert resolved.archive == []  # recorded once, when the order was given
    hood = resolved.state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.location == "15"
    later = end_turn(resolved.state, 3, settings=settings)
    assert later.outcome["completed"] == []
    assert "naval_orders.turn.transfer_complete" not in keys(later.lines)


@pytest.mark.parametrize(
    ("arrival", "status", "kept"),
    [("transfer_port", "executing", "move"), ("station", "returning_to_station", None)],
)
def test_no_3_3_an_order_waiting_for_the_layover_lapses_when_the_force_is_back_at_sea(
    arrival, status, kept
):
    """NO-3.3, NO-I18, NO-2.11: an order given on arrival in port waits for the layover that
    the arrival begins at the turn's end. Re-reported at sea before then, Hood has not
    arrived: it keeps the order it was carrying out (or its return to a station), the
    waiting order lapses (a new one reaches it in port or by packet boat), the report warns
    of it and the turn's summary says so; it never sits there unapplied."""
    arrived = {"transfer_port": at_the_transfer_port, "station": back_at_the_station}[arrival]
    given = give(arrived(DEFAULTS), DEFAULTS, NEXT, 2)
    assert given.state.forces["hood"].pending_order is not None
    command = ReportPosition(faction="Britain", force="Hood", location="10")
    reported = report_position(given.state, DEFAULTS, command, 2)
    (warned,) = [m for m in reported.lines if m.key == "naval_orders.position.order_lapses"]
    assert warned.params["force"] == "Hood"

    resolved = end_turn(reported.state, 2)
    (lapsed,) = [m for m in resolved.lines if m.key == "naval_orders.turn.order_lapsed"]
    assert lapsed.params["force"] == "Hood"
    assert [(r.body.order.kind, r.body.end) for r in resolved.archive] == [("cruise", "cancelled")]
    assert resolved.outcome["completed"] == []
    hood = resolved.state.forces["hood"]
    assert hood.pending_order is None and hood.status == status
    assert (hood.order.order.kind if hood.order else None) == kept


def test_no_i18_an_order_waiting_for_the_layover_stays_when_the_force_is_back_in_port():
    """NO-I18, NO-I17: a position corrected back to the end port within the turn keeps the
    waiting order: the transfer completes, the layover follows, then the order."""
    given = give(at_the_transfer_port(DEFAULTS), DEFAULTS, NEXT, 2)
    state = move_to(given.state, "Hood", "10", 2)
    state = move_to(state, "Hood", "9", 2, in_port=True)

    resolved = end_turn(state, 2)
    assert "naval_orders.turn.order_lapsed" not in keys(resolved.lines)
    assert [r.body.end for r in resolved.archive] == ["completed"]
    hood = end_turn(resolved.state, 3).state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.location == "15"


def test_no_2_7_an_order_by_packet_due_while_forming_waits_for_the_formation():
    """NO-2.7, NO-I7, NO-I4, NO-I9: with `formation_turns = 3`, Hood cruising in 14 gets a
    packet boat in turn 2 (the new order due from turn 4) and starts taking on transports
    there in turn 2 (made at the end of turn 4). While forming it cannot leave its location:
    in turn 4 it is still cruising, held (range 0) and may not test for an attack; the
    relayed order waits for the formation and takes effect from turn 5, as the summary
    says."""
    settings = NavalOrdersSettings(formation_turns=3)
    state = add_force(ports(), "Hood", settings=settings)
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")], settings=settings)
    cruise = CruiseOrder(point="Ushant", location="14", turns=9)
    state = order(state, "Hood", cruise, 1, settings=settings)
    state = end_turn(move_to(state, "Hood", "14", 1), 1, settings=settings).state
    send = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=NEXT)
    sent = send_by_packet(state, settings, send, 2)
    arrived = register_packet_arrival(sent.state, settings, "Britain", sent.relay.id, 2)
    assert arrived.relay.effective_turn == 4
    convoy = StartFormation(
        faction="Britain", kind="form_convoy", members=["Hood"], vessels=[Ship(kind="transport")]
    )
    state = start_formation(arrived.state, settings, convoy, 2).state
    state = end_turn(state, 2, settings=settings).state

    resolved = end_turn(state, 3, settings=settings)
    hood = resolved.state.forces["hood"]
    assert hood.status == "forming" and hood.order.order.location == "14"
    assert "naval_orders.turn.relay_in_force" not in keys(resolved.lines)
    (waits,) = [m for m in resolved.lines if m.key == "naval_orders.turn.relay_waits_formation"]
    assert waits.params["turn"] == 5
    turn_4 = resolved.state
    report, _ = movement_range(turn_4, settings, "Hood", MovementPlan())
    assert report.total == 0 and report.held == "forming"
    with pytest.raises(RuleViolation) as refused:
        command_test(turn_4, "Hood", "adjacent", [], 4, settings=settings)
    assert refused.value.params["clause"] == "NO-I9"

    made = end_turn(turn_4, 4, settings=settings)
    (relayed,) = [m for m in made.lines if m.key == "naval_orders.turn.relay_in_force"]
    assert relayed.params["turn"] == 5
    hood = made.state.forces["hood"]
    assert hood.status == "executing" and hood.order.order.location == "15"
    assert hood.order.effective_turn == 5 and made.state.relays == []
    assert sum(1 for s in hood.ships if s.kind == "transport") == 1


@pytest.mark.parametrize("by_gm", [False, True], ids=["player", "gm"])
def test_no_5_2_a_transfer_whose_end_point_is_its_start_is_refused(by_gm):
    """NO-5.2, NO-5.3: a transfer goes from its start point to its end point, a port, where
    the force anchors on arriving. Hood in port at Portsmouth (1) ordered to transfer to
    location 1 via 6 is refused, naming the clause, even by a GM (a form's impossible value,
    NO-I19); otherwise it would complete the turn it was given and begin a layover."""
    state = add_force(ports(), "Hood")
    home = MoveOrder(point="Portsmouth", destination=HOME, port="Portsmouth", via=["6"])
    command = GiveOrder(faction="Britain", force="Hood", order=home, by_gm=by_gm)
    with pytest.raises(RuleViolation) as refused:
        give_order(state, DEFAULTS, command, 1)

    assert refused.value.message_key == "naval_orders.error.transfer_to_start"
    assert refused.value.params["clause"] == "NO-5.2"
    assert refused.value.params["location"] == HOME
    assert state.forces["hood"].order is None


@pytest.mark.parametrize(
    ("via", "key", "told"),
    [
        (
            [PORT_9],
            "naval_orders.error.waypoint_at_end",
            (
                "An intermediate location of a transfer lies on its way, not at its end: "
                "location 9 is where it ends (NO-5.2).",
                "Промежуточная локация перемещения лежит на пути, а не в конечном пункте: "
                "в локации 9 перемещение заканчивается (NO-5.2).",
            ),
        ),
        (
            ["6", HOME],
            "naval_orders.error.waypoint_at_start",
            (
                "An intermediate location of a transfer lies on its way, not at its start: "
                "Hood is already at location 1 (NO-5.2).",
                "Промежуточная локация перемещения лежит на пути, а не в начальном пункте: "
                "соединение «Hood» уже находится в локации 1 (NO-5.2).",
            ),
        ),
    ],
    ids=["via its end", "via its start"],
)
@pytest.mark.parametrize("by_gm", [False, True], ids=["player", "gm"])
def test_no_5_2_a_transfer_via_its_start_or_its_end_is_refused(by_gm, via, key, told):
    """NO-5.2, NO-I17, NO-I19: a transfer names at least one intermediate point on its
    route, between its start and its end. Hood in port at Portsmouth (1) ordered to transfer
    to Toulon (9) via 9, or via 6 and 1, is refused, naming the clause, even by a GM; the
    order is not recorded."""
    state = add_force(ports(), "Hood")
    toulon = MoveOrder(point="Toulon", destination=PORT_9, port="Toulon", via=via)
    command = GiveOrder(faction="Britain", force="Hood", order=toulon, by_gm=by_gm)
    with pytest.raises(RuleViolation) as refused:
        give_order(state, DEFAULTS, command, 1)

    assert refused.value.message_key == key
    assert (refused.value.message("en"), refused.value.message("ru")) == told
    assert state.forces["hood"].order is None


def told(outcome) -> list[str]:
    """What a player reads of an outcome or a turn's end, in English."""
    return [line.render("en") for line in outcome.lines]


def test_no_5_2_no_i18_a_squadron_at_sea_takes_a_first_transfer_to_the_port_where_it_is():
    """NO-5.2, NO-I17, NO-I18: Hood, registered at sea in 9 and never ordered, is given a
    transfer to Toulon (9) via 6. At sea the transfer cannot complete the turn it is given
    (it ends on entering the port), so the order is recorded, not refused as a transfer to
    its start; it completes when Hood is recorded in port at Toulon."""
    state = add_force(ports(), "Hood", location=PORT_9, in_port=False)
    toulon = MoveOrder(point="Toulon", destination=PORT_9, port="Toulon", via=["6"])

    given = give_order(state, DEFAULTS, GiveOrder(faction="Britain", force="Hood", order=toulon), 1)

    assert "New order for Hood: Transfer." in told(given)
    first = end_turn(given.state, 1)
    assert first.state.forces["hood"].order.order.destination == PORT_9
    assert "naval_orders.turn.transfer_complete" not in keys(first.lines)
    anchored = end_turn(move_to(first.state, "Hood", PORT_9, 2, in_port=True), 2)
    assert (
        "  Hood has reached Toulon and anchors: the transfer is complete (NO-5.3, NO-I17)."
        in told(anchored)
    )


@pytest.mark.parametrize(
    ("destination", "port", "via", "there"),
    [(PORT_9, "Toulon", ["6"], PORT_9), (HOME, "Portsmouth", [PORT_9, "6"], "14")],
    ids=["to the port where it cruises", "via where it cruises"],
)
def test_no_5_2_no_i18_a_transfer_by_packet_starts_where_the_force_is_when_it_takes_effect(
    destination, port, via, there
):
    """NO-5.2, NO-I7, NO-I18: Hood cruises at sea in 9; in turn 3 a packet boat is sent
    with a transfer to Toulon (9) via 6, or to Portsmouth (1) via 9 and 6. The order takes
    effect turns later, wherever Hood then is, so neither is refused as a transfer to, or
    via, its start: the packet carries it and it takes effect from turn 5, with Hood still
    at sea in 9, or recorded in 14 by then (in 9 the transfer via 9 would lapse,
    test_naval_orders_takes_effect.py)."""
    state = add_force(ports(), "Hood", location="14", in_port=False)
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    state = order(state, "Hood", CruiseOrder(point="Hyères", location=PORT_9, turns=9), 1)
    state = move_to(state, "Hood", PORT_9, 1)
    for turn in (1, 2):
        state = end_turn(state, turn).state
    transfer = MoveOrder(point="Channel", destination=destination, port=port, via=via)
    send = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=transfer)

    sent = send_by_packet(state, DEFAULTS, send, 3)

    assert "Packet boat Mercury carries a new order (Transfer) to Hood (relay #1)." in told(sent)
    arrived = register_packet_arrival(sent.state, DEFAULTS, "Britain", sent.relay.id, 3)
    state = end_turn(arrived.state, 3).state
    relayed = end_turn(move_to(state, "Hood", there, 4), 4)
    assert (
        "  Hood: the order brought by packet boat (relay #1) takes effect from turn 5 (NO-I7)."
        in told(relayed)
    )
    assert relayed.state.forces["hood"].order.order.destination == destination


def test_no_5_2_a_transfer_to_its_own_port_given_in_the_layover_is_refused():
    """NO-5.2, NO-I7, NO-I18: Hood, back in port at Portsmouth (1) after its cruise, is in
    its layover; a transfer to 1 via 6 given there would take effect in that port when the
    layover ends and complete at once, so it is refused as given in port at once."""
    state = back_at_the_station(DEFAULTS)
    home = MoveOrder(point="Portsmouth", destination=HOME, port="Portsmouth", via=["6"])

    with pytest.raises(RuleViolation) as refused:
        give(state, DEFAULTS, home, 2)

    assert refused.value.message("en") == (
        "A transfer ends at a port other than its start: Hood is already at location 1 (NO-5.2)."
    )
    assert state.forces["hood"].pending_order is None


AT_14 = (
    "An intermediate location of a transfer lies on its way, not at its start: "
    "Hood is already at location 14 (NO-5.2).",
    "Промежуточная локация перемещения лежит на пути, а не в начальном пункте: "
    "соединение «Hood» уже находится в локации 14 (NO-5.2).",
)


@pytest.mark.parametrize(
    "via", [["14"], ["14", "6"], ["6", "14"]], ids=["only", "first leg", "later leg"]
)
def test_no_5_2_no_i17_a_squadron_at_sea_does_not_name_where_it_is_as_a_waypoint(via):
    """NO-5.2, NO-I17, NO-I18: Hood, at sea in 14 and never ordered, takes its first order
    where it is, at once, so a transfer starts at 14. One to Toulon (9) naming 14 as an
    intermediate location (the only one, the first leg or a later one) names its start, not
    a point on its route, and would stand in for the waypoint the form requires: it is
    refused, naming the location and the clause, and nothing is recorded. The same transfer
    via 6 is then recorded: the refusal used up nothing."""
    state = add_force(ports(), "Hood", location="14", in_port=False)
    toulon = MoveOrder(point="Toulon", destination=PORT_9, port="Toulon", via=via)

    with pytest.raises(RuleViolation) as refused:
        give(state, DEFAULTS, toulon, 1)

    assert refused.value.message_key == "naval_orders.error.waypoint_at_start"
    assert (refused.value.message("en"), refused.value.message("ru")) == AT_14
    hood = state.forces["hood"]
    assert hood.order is None and hood.orders_given_turn is None
    via_6 = toulon.model_copy(update={"via": ["6"]})
    assert "New order for Hood: Transfer." in told(give(state, DEFAULTS, via_6, 1))


def test_no_5_2_no_i18_a_gms_transfer_at_sea_does_not_name_where_the_force_is_as_a_waypoint():
    """NO-5.2, NO-I18 `gm_can_override_orders`: Hood cruises at sea in 14; in turn 2 the GM
    replaces its order there with a transfer to Portsmouth (1) via 14 and 6. It takes effect
    at once, where Hood is, so it is refused as a player's first order at sea is; via 6
    alone the GM's transfer is recorded."""
    state = add_force(ports(), "Hood", location="14", in_port=False)
    state = order(state, "Hood", CruiseOrder(point="Ushant", location="14", turns=5), 1)
    state = end_turn(state, 1).state
    home = MoveOrder(point="Portsmouth", destination=HOME, port="Portsmouth", via=["14", "6"])
    command = GiveOrder(faction="Britain", force="Hood", order=home, by_gm=True)

    with pytest.raises(RuleViolation) as refused:
        give_order(state, DEFAULTS, command, 2)

    assert (refused.value.message("en"), refused.value.message("ru")) == AT_14
    assert state.forces["hood"].order.order.kind == "cruise"
    via_6 = command.model_copy(update={"order": home.model_copy(update={"via": ["6"]})})
    given = give_order(state, DEFAULTS, via_6, 2)
    assert given.state.forces["hood"].order.order.via == ["6"]


def test_no_i7_a_transfer_by_packet_starts_where_the_force_is_when_it_takes_effect():
    """NO-I7, NO-5.2: Hood, at sea in 14, is ordered to cruise in 9 in turn 1. In turn 2 a
    packet boat leaves Portsmouth with a transfer to Portsmouth via 6 and reaches Hood, now
    recorded in 9; the relay turn 3 passes and the transfer takes effect from turn 4. Its
    start is 9, where Hood is when it takes effect, not 14, where it was when the packet
    left (the order on its way has no start yet)."""
    state = add_force(ports(), "Hood", location="14", in_port=False)
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    state = order(state, "Hood", CruiseOrder(point="Hyères", location=PORT_9, turns=9), 1)
    state = end_turn(state, 1).state
    home = MoveOrder(point="Portsmouth", destination=HOME, port="Portsmouth", via=["6"])
    send = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=home)
    sent = send_by_packet(state, DEFAULTS, send, 2)
    assert sent.relay.order.start_location is None
    state = move_to(sent.state, "Hood", PORT_9, 2)
    state = register_packet_arrival(state, DEFAULTS, "Britain", sent.relay.id, 2).state
    state = end_turn(state, 2).state

    relayed = end_turn(state, 3)

    assert (
        "  Hood: the order brought by packet boat (relay #1) takes effect from turn 4 (NO-I7)."
        in (told(relayed))
    )
    hood = relayed.state.forces["hood"]
    assert hood.order.order.destination == HOME
    assert hood.order.start_location == PORT_9


TABLE = NavalOrdersSettings(nearest_station_by="distance_table")
FROM_TABLE_ONLY = (
    "The nearest station comes from the distance table; only the GM may change it (NO-I16)."
)


def cruise_done_at_14(*, row: bool) -> NavalOrdersState:
    """Under `distance_table`, with Brest (20) a second naval station: Hood's one-turn cruise
    in 14 completes at the end of turn 1; the table has a row for 14 (Portsmouth 2, Brest 5)
    or none."""
    state = register_station(
        ports(), RegisterStation(name="Brest", location="20", naval_station=True, owner="France")
    ).state
    state = add_force(state, "Hood", settings=TABLE)
    state = order(
        state, "Hood", CruiseOrder(point="Ushant", location="14", turns=1), 1, settings=TABLE
    )
    state = move_to(state, "Hood", "14", 1, settings=TABLE)
    if row:
        state = set_station_distances(state, "14", {"Portsmouth": 2, "Brest": 5}).state
    return end_turn(state, 1, settings=TABLE).state


def test_no_i16_a_station_the_gm_corrects_from_the_distance_table_stays_the_gms():
    """NO-I16 `distance_table`: the table gives Hood Portsmouth; the GM corrects it to Brest.
    The table had a row for 14, so the station is still the GM's alone: Hood's player
    cannot rename it, and the GM's confirmation of Brest stands."""
    state = cruise_done_at_14(row=True)
    assert state.forces["hood"].return_station == "Portsmouth"
    corrected = declare_return_station(state, TABLE, "Britain", "Hood", "Brest", by_gm=True)
    assert told(corrected) == ["Hood returns to naval station Brest (confirmed, NO-I16)."]

    with pytest.raises(NotAllowed) as refused:
        declare_return_station(corrected.state, TABLE, "Britain", "Hood", "Portsmouth")

    assert refused.value.message("en") == FROM_TABLE_ONLY
    hood = corrected.state.forces["hood"]
    assert (hood.return_station, hood.return_station_confirmed) == ("Brest", True)


def test_no_i16_a_station_from_the_distance_table_saved_by_an_earlier_release_stays_the_gms():
    """NO-I16 `distance_table`: a force saved before the player could name a station the
    table lacks has no record of where its station came from. One whose station the bot set
    (from the table) stays the GM's alone to change, as it was; one with none set is named
    by its player, as the turn's end told them."""

    def as_saved_earlier(state: NavalOrdersState) -> NavalOrdersState:
        stored = state.model_dump(mode="json")
        del stored["forces"]["hood"]["return_station_from_table"]
        return NavalOrdersState.model_validate_json(json.dumps(stored))

    listed = as_saved_earlier(cruise_done_at_14(row=True))
    with pytest.raises(NotAllowed) as refused:
        declare_return_station(listed, TABLE, "Britain", "Hood", "Brest")
    assert refused.value.message("en") == FROM_TABLE_ONLY
    assert listed.forces["hood"].return_station == "Portsmouth"

    unlisted = as_saved_earlier(cruise_done_at_14(row=False))
    named = declare_return_station(unlisted, TABLE, "Britain", "Hood", "Portsmouth")
    assert told(named) == [
        (
            "Hood returns to naval station Portsmouth; the GM confirms it is the nearest"
            " by giving the same command: /navy return unit:Hood "
            "station:Portsmouth (NO-I16)."
        )
    ]


def test_no_i18_an_order_given_on_arrival_says_when_the_layover_is():
    """NO-I7, NO-I18, NO-2.11: back at its naval station in turn 2, Hood lays over in turn 3;
    an order given on arrival says so — it is not yet in its layover — in English and
    Russian. A reply an earlier release logged ("is in its layover") still reads."""
    outcome = give(back_at_the_station(DEFAULTS), DEFAULTS, NEXT, 2)

    (told,) = [m for m in outcome.lines if m.key.startswith("naval_orders.order.after_layover")]
    assert told.render("en") == (
        "Hood stays in port to replenish until the end of turn 3 (its layover): the order is "
        "recorded and takes effect from turn 4 (NO-I7, NO-I18)."
    )
    assert told.render("ru") == (
        "Соединение «Hood» стоит в порту, пополняя запасы, до конца хода 3: приказ записан и "
        "вступит в силу с хода 4 (NO-I7, NO-I18)."
    )
    logged = Msg("naval_orders.order.after_layover", force="Hood", turn=4)
    assert logged.render("en") == (
        "Hood is in its layover: the order is recorded and takes effect from turn 4 "
        "(NO-I7, NO-I18)."
    )
