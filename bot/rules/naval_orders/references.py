"""What in the register names a port, a naval station or a force: the orders in force, those
recorded for the end of a layover (NO-I18) and those on their way by packet boat (NO-I7), and
the stations forces return to (NO-I16).

An order stays in force until it is completed or replaced (NO-I2), and only the Admiralty
changes it (NO-3.4, NO-I18): taking off the list a port an order names (a transfer's end
port, a blockaded port, the station of a repair or disbanding, a returning force's station),
or striking off the register a convoy an escort names, would leave that order unable to be
carried out (a transfer whose end port is gone never ends). So such a removal is refused,
naming the orders, until they are changed. A transfer's intermediate locations are places
on the players' map, not ports: a port taken off the list leaves them there.
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.errors import RuleViolation
from bot.i18n import Msg, MsgList
from bot.rules.naval_orders.models import (
    ActiveOrder,
    BlockadeOrder,
    EscortOrder,
    Force,
    MoveOrder,
    NavalOrdersState,
    Station,
    name_key,
)
from bot.text import shown_msg


def _orders_of(state: NavalOrdersState, force: Force) -> Iterator[tuple[ActiveOrder, Msg]]:
    """The force's orders, each with the words that name it: in force, recorded for the end
    of its layover, on their way by packet boat."""
    kind = "naval_orders.named.{}"
    if force.order is not None:
        yield force.order, Msg(kind.format("order"), force=force.name, order=_kind(force.order))
    if force.pending_order is not None:
        pending = force.pending_order
        yield pending, Msg(kind.format("pending"), force=force.name, order=_kind(pending))
    for relay in state.relays:
        if relay.force == force.key:
            yield (
                relay.order,
                Msg(
                    kind.format("relay"),
                    force=force.name,
                    relay=relay.id,
                    order=_kind(relay.order),
                ),
            )


def _kind(active: ActiveOrder) -> Msg:
    return Msg(f"naval_orders.order.{active.order.kind}")


def _names_station(active: ActiveOrder, station: Station) -> bool:
    """Whether the order names the port: a transfer's end port (NO-5.2, NO-I17), by its
    location or name; a blockade's port (NO-1.1), as `_check_port` finds it; the naval
    station of a repair or disbanding (NO-1.1)."""
    place = name_key(station.location)
    order = active.order
    if isinstance(order, MoveOrder):
        return (order.destination is not None and name_key(order.destination) == place) or (
            order.port is not None and name_key(order.port) == station.key
        )
    if isinstance(order, BlockadeOrder):
        return order.port is not None and name_key(order.port) in (station.key, place)
    return active.station is not None and name_key(active.station) == station.key


def check_station_unnamed(state: NavalOrdersState, station: Station) -> None:
    """Refuse to take the port off the list while an order names it, or a force returning
    to a naval station makes for it (NO-I16), naming each (the GM, who keeps the list, reads
    every order)."""
    uses: list[Msg] = []
    for key in sorted(state.forces):
        force = state.forces[key]
        orders = _orders_of(state, force)
        uses += [words for active, words in orders if _names_station(active, station)]
        if force.return_station is not None and name_key(force.return_station) == station.key:
            uses.append(Msg("naval_orders.named.return", force=force.name))
    if uses:
        raise RuleViolation(
            "naval_orders.error.station_named",
            clause="NO-I18",
            station=station.name,
            uses=shown_msg(MsgList(uses, "; ")),
        )


def check_force_unnamed(state: NavalOrdersState, force: Force, *, reader: str | None) -> None:
    """Refuse to strike the force off while another force's order escorts it (NO-1.1). The
    forces of `reader` are named (every force for a GM, `reader` None); another player's,
    whose orders are theirs to read (issue 14), are only counted."""
    uses: list[Msg] = []
    others = 0
    for key in sorted(state.forces):
        other = state.forces[key]
        if key == force.key:
            continue
        for active, words in _orders_of(state, other):
            if not isinstance(active.order, EscortOrder) or active.order.convoy is None:
                continue
            if name_key(active.order.convoy) != force.key:
                continue
            if reader is None or name_key(other.owner) == name_key(reader):
                uses.append(words)
            else:
                others += 1
    if others:
        uses.append(Msg("naval_orders.named.others", count=others))
    if uses:
        raise RuleViolation(
            "naval_orders.error.force_named",
            clause="NO-I18",
            force=force.name,
            uses=shown_msg(MsgList(uses, "; ")),
        )
