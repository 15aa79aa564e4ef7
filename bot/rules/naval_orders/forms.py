"""Checking an order against its mandatory form (NO-I19) and the rules on who may get which
order (NO-1.1, NO-I1, NO-I13, NO-5.2, NO-I17); every refusal names its clause and changes
nothing."""

from __future__ import annotations

import unicodedata

from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.naval_orders.formations import formation_ending_convoy
from bot.rules.naval_orders.models import BlockadeOrder
from bot.rules.naval_orders.models import BuildOrder
from bot.rules.naval_orders.models import CruiseOrder
from bot.rules.naval_orders.models import DisbandOrder
from bot.rules.naval_orders.models import EscortOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import LandingOrder
from bot.rules.naval_orders.models import MoveOrder
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import Order
from bot.rules.naval_orders.models import RaidOrder
from bot.rules.naval_orders.models import RepairOrder
from bot.rules.naval_orders.models import Station
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.references import may_know
from bot.rules.naval_orders.references import resolve_force
from bot.rules.naval_orders.registry import check_location_number
from bot.rules.naval_orders.registry import is_location_number
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.rules.naval_orders.settings import OrderKind

MAX_TURNS = 100
MAX_WAYPOINTS = 20
MAX_DETAILS = 500


def _missing(field: str, kind: str) -> RuleViolation:
    return RuleViolation(
        "naval_orders.error.missing_field",
        clause="NO-I19",
        field=Msg(f"naval_orders.field.{field}"),
        order=Msg(f"naval_orders.order.{kind}"),
    )


def _text(value: str | None, field: str, kind: str, strict: bool) -> str | None:
    """A trimmed form field; empty is refused under strict forms (NO-I19)."""
    cleaned = " ".join((value or "").split()) or None
    if cleaned is None and strict:
        raise _missing(field, kind)
    if cleaned is not None and len(cleaned) > MAX_DETAILS:
        raise RuleViolation(
            "naval_orders.error.field_too_long",
            clause="NO-I19",
            field=Msg(f"naval_orders.field.{field}"),
        )
    return cleaned


def check_enabled(settings: NavalOrdersSettings, kind: OrderKind) -> None:
    """Only the orders the campaign enables may be recorded (NO-I1)."""
    if kind not in settings.enabled_orders:
        raise RuleViolation(
            "naval_orders.error.order_disabled",
            clause="NO-I1",
            order=Msg(f"naval_orders.order.{kind}"),
        )


def _turns(value: int | None, minimum: int, clause: str, kind: str, strict: bool) -> None:
    if value is None:
        if strict:
            raise _missing("turns", kind)
        return
    if not minimum <= value <= MAX_TURNS:
        raise RuleViolation(
            "naval_orders.error.bad_turns",
            clause=clause,
            turns=value,
            minimum=minimum,
            maximum=MAX_TURNS,
        )


def check_at_station(state: NavalOrdersState, force: Force, kind: OrderKind) -> None:
    """Repair and disbanding are carried out at (or within the waters of) a naval station, by
    the force's recorded location (NO-1.1, NO-I1) when the order takes effect: given in port,
    at once; sent by packet boat, where the force is turns later (NO-I7,
    `check_takes_effect`). Other orders pass."""
    if kind not in ("repair", "disband"):
        return
    station = state.station_at(force.location)
    if station is None or not station.naval_station:
        raise RuleViolation(
            "naval_orders.error.not_at_station",
            clause="NO-1.1",
            force=force.called,
            order=Msg(f"naval_orders.order.{kind}"),
        )


def _place(value: str | None, field: str, kind: str, strict: bool, clause: str) -> str | None:
    """A form's location number (`_text`), in range (`check_location_number`)."""
    cleaned = _text(value, field, kind, strict)
    if cleaned is not None:
        check_location_number(cleaned, clause)
    return cleaned


def clean_order(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    force: Force,
    order: Order,
    *,
    reader: str | None,
    by_packet: bool = False,
) -> Order:
    """The order with its fields trimmed, once it fills its form (NO-I19) and fits the force
    and the register (NO-1.1, NO-I17). Under `strict_order_forms = false` missing fields are
    allowed; impossible values are refused either way. `by_packet`: the order goes by packet
    boat and takes effect turns later (NO-I7), wherever the force then is: what depends on
    where the force is (a transfer's start, a repair's or disbanding's naval station) is
    checked there (`check_takes_effect`), not where it is as the packet leaves. `reader`:
    the faction of the player giving it (None: a GM), who is refused a convoy they may not
    know of as a name no force has (`_check_convoy`)."""
    strict = settings.strict_order_forms
    kind = order.kind
    if isinstance(order, CruiseOrder | RaidOrder):
        point = _text(order.point, "point", kind, strict)
        location = _place(order.location, "location", kind, strict, "NO-4.2")
        if isinstance(order, CruiseOrder):
            _turns(order.turns, 1, "NO-4.2", kind, strict)
            return CruiseOrder(point=point, location=location, turns=order.turns)
        _turns(order.turns, 0, "NO-I13", kind, strict)
        return RaidOrder(point=point, location=location, turns=order.turns)
    if isinstance(order, MoveOrder):
        return _clean_move(state, settings, force, order, by_packet=by_packet)
    if isinstance(order, BlockadeOrder):
        port = _text(order.port, "port", kind, strict)
        if port is not None:
            # NO-1.1: recorded by the port's name on the GM's list, whether typed by its
            # name or its location number, so every line after names the port.
            port = _check_port(state, port).name
        return BlockadeOrder(port=port, details=_text(order.details, "details", kind, False) or "")
    if isinstance(order, EscortOrder):
        convoy = _text(order.convoy, "convoy", kind, strict)
        if convoy is not None:
            _check_convoy(state, convoy, force, reader=reader)
        return EscortOrder(
            convoy=convoy, details=_text(order.details, "details", kind, False) or ""
        )
    if isinstance(order, LandingOrder):
        location = _place(order.location, "location", kind, strict, "NO-I19")
        details = _text(order.details, "details", kind, False) or ""
        return LandingOrder(location=location, details=details)
    if isinstance(order, BuildOrder):
        raise RuleViolation("naval_orders.error.build_for_stations", clause="NO-1.1")
    if not by_packet:
        # NO-1.1, NO-I7: one sent by packet boat is carried out where the force is when it
        # takes effect, turns later: checked there (`check_takes_effect`), not here.
        check_at_station(state, force, kind)
    details = _text(order.details, "details", kind, False) or ""
    if isinstance(order, RepairOrder):
        return RepairOrder(details=details)
    return DisbandOrder(details=details)


def _check_port(state: NavalOrdersState, port: str) -> Station:
    """NO-1.1: a blockaded seaport is a registered one (by name or location); returns it. A
    port named by a location number no location has (negative, or of more than six digits)
    is refused naming the range, as every location number is (`check_location_number`); a
    port registered under such a name is still found by it."""
    station = state.station_named(port)
    if station is None:
        check_location_number(port, "NO-1.1")
        # The form asks for the port's name: one typed as a word is told as a name.
        key = "not_a_port" if is_location_number(port) else "unknown_port_name"
        raise RuleViolation(f"naval_orders.error.{key}", clause="NO-1.1", location=port)
    return station


_ESCORT_REFUSAL = {
    "dissolve_convoy": "naval_orders.error.escort_convoy_dissolving",
    "form_fleet": "naval_orders.error.escort_convoy_forming_fleet",
    "dissolve_fleet": "naval_orders.error.escort_convoy_dissolving_fleet",
}


def _check_convoy(
    state: NavalOrdersState, convoy: str, escort: Force, *, reader: str | None = None
) -> None:
    """NO-1.1: the escorted transport flotilla is a registered force with transports or
    merchantmen other than the escort itself (NO-2.7: the escorting warships guard the
    transports), and stays one past the formation it is in, if any (NO-2.7): an escort left
    naming a convoy gone at the turn's end could not be carried out, and only its Admiralty
    changes an order (NO-3.4, NO-I18), so it is refused now. Another player's force that
    `reader` may not know of (`may_know`: registered while orders are private, in a turn
    not yet ended) is refused as a name no force has, echoing the name as typed (NO-4.10);
    a GM (`reader` None) knows every force. The name means what it means to the escort's
    owner: their own force of that name first (`resolve_force`)."""
    escorted = resolve_force(state, convoy, escort.owner)
    if escorted is not None and not may_know(escorted, reader):
        escorted = None
    if escorted is None:
        raise RuleViolation("naval_orders.error.not_a_convoy", clause="NO-1.1", convoy=convoy)
    if escorted.key == escort.key:
        raise RuleViolation(
            "naval_orders.error.escort_itself", clause="NO-1.1", force=escort.called
        )
    if not any(s.kind in ("transport", "merchant") for s in escorted.all_ships()):
        # Registered, and known to `reader`: it carries nothing to escort.
        raise RuleViolation(
            "naval_orders.error.convoy_without_transports",
            clause="NO-1.1",
            convoy=escorted.called,
        )
    ending = formation_ending_convoy(escorted)
    if ending is not None:
        raise RuleViolation(
            _ESCORT_REFUSAL[ending.kind],
            clause="NO-I18",
            convoy=escorted.called,
            fleet=ending.fleet_name or escorted.called,
            turn=ending.complete_turn,
            next=ending.complete_turn + 1,
        )


def check_takes_effect(state: NavalOrdersState, force: Force, order: Order) -> None:
    """An order that takes effect turns after it was given (brought by packet boat, NO-I7;
    recorded for the end of a layover, NO-I18) does so wherever the force then is, with the
    register as it then stands: it is checked again there, as an order given there at once
    would be, and this raises the refusal that order would get.

    A transfer starts where the force is (NO-5.2): in port it does not end there, and it
    names no intermediate location there (NO-5.2, NO-I17); it still ends in a registered port
    (NO-I17). Repair and disbanding are carried out at a naval station (NO-1.1). A blockade's
    port and an escort's convoy are still registered (NO-1.1). The form's own fields were
    checked when it was given (NO-I19), and cruising, raiding and landing orders apply
    anywhere: they sail for their location."""
    if isinstance(order, MoveOrder):
        if force.in_port:
            _check_not_to_its_start(force, order.destination)
        _check_waypoint_not_at_start(force, order.via)
        if order.destination is not None and state.station_at(order.destination) is None:
            raise RuleViolation(
                "naval_orders.error.destination_not_port",
                clause="NO-I17",
                location=order.destination,
            )
    elif isinstance(order, RepairOrder | DisbandOrder):
        check_at_station(state, force, order.kind)
    elif isinstance(order, BlockadeOrder) and order.port is not None:
        _check_port(state, order.port)
    elif isinstance(order, EscortOrder) and order.convoy is not None:
        _check_convoy(state, order.convoy, force)


def _clean_move(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    force: Force,
    order: MoveOrder,
    *,
    by_packet: bool,
) -> MoveOrder:
    """NO-5.2, NO-I17: the end is a registered port, named as registered; enough waypoints,
    none at the end point. NO-5.2, NO-5.3: a transfer goes from its start point to another,
    its end point, where the force anchors on arriving (NO-I17: in port there).

    An order given to the force itself takes effect where the force is: in port at once, or
    when its layover there ends (NO-I18); at sea (its first order, or a GM's) at once. That
    location is the transfer's start, so a "via" location there is refused: it is no
    intermediate point on the route (NO-5.2), and would stand in for the one the form
    requires (NO-I17). In port an end point there is refused too (it would complete the
    transfer the turn it takes effect); at sea it is not, since the transfer ends only on
    entering the port. One sent by packet boat takes effect turns later, wherever the force
    then is (NO-I7): neither is refused where it is when the packet leaves, and both are
    checked where it is when the order takes effect (`check_takes_effect`)."""
    strict = settings.strict_order_forms
    point = _text(order.point, "point", "move", strict)
    destination = _place(order.destination, "destination", "move", strict, "NO-5.2")
    port = _text(order.port, "port", "move", strict)
    via = [v for v in (" ".join(w.split()) for w in order.via) if v]
    if len(via) != len(order.via) or len(via) > MAX_WAYPOINTS:
        raise RuleViolation("naval_orders.error.bad_waypoints", clause="NO-I17")
    _check_waypoint_numbers(via)
    if strict and len(via) < settings.min_waypoints:
        raise RuleViolation(
            "naval_orders.error.too_few_waypoints", clause="NO-I17", count=settings.min_waypoints
        )
    if force.in_port:
        _check_not_to_its_start(force, destination)
    if not by_packet:
        _check_waypoint_not_at_start(force, via)
    _check_waypoint_not_at_end(destination, via)
    if destination is not None:
        station = state.station_at(destination)
        if station is None:
            raise RuleViolation(
                "naval_orders.error.destination_not_port", clause="NO-I17", location=destination
            )
        if port is not None and name_key(port) != station.key:
            raise RuleViolation(
                "naval_orders.error.port_mismatch",
                clause="NO-I17",
                location=destination,
                port=port,
                registered=station.name,
            )
        port = station.name
    return MoveOrder(point=point, destination=destination, port=port, via=via)


def _check_waypoint_numbers(via: list[str]) -> None:
    """NO-5.9: the intermediate locations are given by their unique numbers, as the form
    asks, each a whole number from 0 to 999999 (`check_location_number`); a word is refused
    (it names no location of the map's numbering), and so is a location named twice (it is
    one intermediate point, not two). Saved orders are not checked again."""
    seen: set[int] = set()
    for waypoint in via:
        if not is_location_number(waypoint):
            raise RuleViolation(
                "naval_orders.error.waypoint_not_number", clause="NO-5.9", location=waypoint
            )
        check_location_number(waypoint, "NO-5.9")
        number = int(unicodedata.normalize("NFKC", waypoint))
        if number in seen:
            raise RuleViolation(
                "naval_orders.error.waypoint_twice", clause="NO-5.9", location=waypoint
            )
        seen.add(number)


def _check_not_to_its_start(force: Force, destination: str | None) -> None:
    """NO-5.2: a transfer given in port starts from that port, so it does not end there."""
    if destination is not None and name_key(destination) == name_key(force.location):
        raise RuleViolation(
            "naval_orders.error.transfer_to_start",
            clause="NO-5.2",
            force=force.called,
            location=destination,
        )


def _check_waypoint_not_at_start(force: Force, via: list[str]) -> None:
    """NO-5.2, NO-I17: a transfer given to the force itself starts where the force is (in
    port or at sea), so it does not name that location as an intermediate point."""
    if name_key(force.location) in {name_key(w) for w in via}:
        raise RuleViolation(
            "naval_orders.error.waypoint_at_start",
            clause="NO-5.2",
            force=force.called,
            location=force.location,
        )


def _check_waypoint_not_at_end(destination: str | None, via: list[str]) -> None:
    """NO-5.2, NO-I17: the intermediate points lie on the route before the end point, so a
    "via" location at the end point is refused."""
    if destination is not None and name_key(destination) in {name_key(w) for w in via}:
        raise RuleViolation(
            "naval_orders.error.waypoint_at_end", clause="NO-5.2", location=destination
        )


def clean_build_order(settings: NavalOrdersSettings, order: BuildOrder) -> BuildOrder:
    """A construction/purchase order names what is built or bought (NO-1.1, NO-I19)."""
    return BuildOrder(details=_text(order.details, "details", "build", settings.strict_order_forms))
