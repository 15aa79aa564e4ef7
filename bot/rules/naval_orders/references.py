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

The same holds for the other ways the register changes under an order (`StationChange`,
`ForceChange`): a port registered again at another location strands what needs it where it
was (a transfer ending there, a blockade naming that location, a repair or disbanding
there); a naval station made a plain seaport strands what needs a naval station (a repair,
a disbanding, a force returning there, NO-I16); a convoy left without transports or
merchantmen, a squadron formed into a fleet and a fleet dissolved strand the escorts naming
them. A force lies in port only where a port is (NO-3.3: orders change there), so a port is
not taken off the list, nor moved, while a force lies in port there.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.naval_orders.models import ActiveOrder
from bot.rules.naval_orders.models import BlockadeOrder
from bot.rules.naval_orders.models import DisbandOrder
from bot.rules.naval_orders.models import EscortOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import MoveOrder
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import RepairOrder
from bot.rules.naval_orders.models import Station
from bot.rules.naval_orders.models import name_key
from bot.text import shown_msg


def may_know(force: Force, reader: str | None, *, disclosed: bool | None = None) -> bool:
    """Whether the player of faction `reader` may know that `force` exists: a GM (`reader`
    None) knows every force, a player their own and those disclosed to everyone
    (`Force.disclosed`, or `disclosed` when given)."""
    public = force.disclosed if disclosed is None else disclosed
    return reader is None or name_key(force.owner) == name_key(reader) or public


def named(force: Force, name: str, *, by_gm: bool = False) -> bool:
    """Whether `name` names the force: its name, or, typed by a GM, its faction-qualified
    one (`Force.clash`). A player never reaches a force by that: their own would answer to
    it only when another player's force they may not know of bears its name."""
    return name_key(name) == name_key(force.name) or (by_gm and name_key(name) == force.key)


def resolve_force(state: NavalOrdersState, name: str, reader: str | None) -> Force | None:
    """The force `name` means to the player of faction `reader`, if any: their own force of
    that name first (another player's force they may not know of can bear it,
    `Force.clash`), then one they may know of, then one they may not, which the callers
    refuse as a name no force has (`check_owner`). A GM (`reader` None) reaches the force
    registered under that name or faction-qualified name first."""
    key = name_key(name)
    if reader is None and key in state.forces:
        return state.forces[key]
    matching = [f for f in state.forces.values() if named(f, name)]
    own = [f for f in matching if reader is not None and name_key(f.owner) == name_key(reader)]
    known = [f for f in matching if may_know(f, reader)]
    found = own or known or matching
    return found[0] if found else None


def _orders_of(
    state: NavalOrdersState, force: Force, *, by_gm: bool
) -> Iterator[tuple[ActiveOrder, Msg]]:
    """The force's orders, each with the words that name it (to a GM, `by_gm`, by the name
    a GM reads it by, `Force.gm_name`): in force, recorded for the end of its layover, on
    their way by packet boat."""
    kind = "naval_orders.named.{}"
    name = force.gm_name if by_gm else force.name
    if force.order is not None:
        yield force.order, Msg(kind.format("order"), force=name, order=_kind(force.order))
    if force.pending_order is not None:
        pending = force.pending_order
        yield pending, Msg(kind.format("pending"), force=name, order=_kind(pending))
    for relay in state.relays:
        if relay.force == force.key:
            yield (
                relay.order,
                Msg(
                    kind.format("relay"),
                    force=name,
                    relay=relay.id,
                    order=_kind(relay.order),
                ),
            )


def _kind(active: ActiveOrder) -> Msg:
    return Msg(f"naval_orders.order.{active.order.kind}")


StationChange = Literal["remove", "move", "seaport"]
"""How the port changes: taken off the list; registered again at another location; a naval
station registered again as a plain seaport."""

ForceChange = Literal["remove", "no_convoy", "form_fleet", "dissolve_fleet"]
"""How the force changes: struck off; left without transports or merchantmen (registered
again or a convoy dissolved, NO-2.7); formed into a fleet or dissolved into its squadrons
(NO-2.7), so that it no longer exists as the force the escort names."""

_STATION_REFUSAL: dict[StationChange, str] = {
    "remove": "naval_orders.error.station_named",
    "move": "naval_orders.error.station_moved_named",
    "seaport": "naval_orders.error.station_seaport_named",
}
_STATION_OCCUPIED: dict[StationChange, str] = {
    "remove": "naval_orders.error.station_occupied",
    "move": "naval_orders.error.station_moved_occupied",
}
_FORCE_REFUSAL: dict[ForceChange, str] = {
    "remove": "naval_orders.error.force_named",
    "no_convoy": "naval_orders.error.convoy_emptied_named",
    "form_fleet": "naval_orders.error.fleet_formed_named",
    "dissolve_fleet": "naval_orders.error.fleet_dissolved_named",
}


def _names_station(active: ActiveOrder, station: Station, change: StationChange) -> bool:
    """Whether the order needs the port as `change` would leave it: a transfer's end port
    (NO-5.2, NO-I17), by its location or name, needs a port at that location; a blockade's
    port (NO-1.1), as `_check_port` finds it, needs the port, and at its old location when
    the order names the port by location; the naval station of a repair or disbanding
    (NO-1.1) needs a naval station where the force is. A port that stays a port at its
    location leaves a transfer and a blockade as they were."""
    place = name_key(station.location)
    order = active.order
    if isinstance(order, MoveOrder):
        if change == "seaport":
            return False
        return (order.destination is not None and name_key(order.destination) == place) or (
            order.port is not None and name_key(order.port) == station.key
        )
    if isinstance(order, BlockadeOrder):
        if change == "seaport" or order.port is None:
            return False
        named = (place,) if change == "move" else (station.key, place)
        return name_key(order.port) in named
    if not isinstance(order, RepairOrder | DisbandOrder):
        return False
    return active.station is not None and name_key(active.station) == station.key


def check_station_unnamed(
    state: NavalOrdersState,
    station: Station,
    *,
    change: StationChange = "remove",
    location: str | None = None,
) -> None:
    """Refuse to change the port as `change` says while an order needs it as it is (see
    `_names_station`), or a force returning to a naval station makes for it (NO-I16: unless
    it only moves), naming each as the GM reads it (`Force.gm_name`: the GM, who keeps the
    list, reads every order; NO-4.10). Taken off the list or moved to `location`, it is
    refused too while a force lies in port there (NO-3.3)."""
    uses: list[Msg] = []
    for key in sorted(state.forces):
        force = state.forces[key]
        orders = _orders_of(state, force, by_gm=True)
        uses += [words for active, words in orders if _names_station(active, station, change)]
        if (
            change != "move"
            and force.return_station is not None
            and name_key(force.return_station) == station.key
        ):
            uses.append(Msg("naval_orders.named.return", force=force.gm_name))
    where = {"old": station.location, "location": location} if change == "move" else {}
    if uses:
        raise RuleViolation(
            _STATION_REFUSAL[change],
            clause="NO-I18",
            station=station.name,
            uses=shown_msg(MsgList(uses, "; ")),
            count=len(uses),
            **where,
        )
    if change == "seaport":
        return
    lying = [
        Msg("naval_orders.named.in_port", force=force.gm_name)
        for force in sorted(state.forces.values(), key=lambda f: f.key)
        if force.in_port and name_key(force.location) == name_key(station.location)
    ]
    if lying:
        raise RuleViolation(
            _STATION_OCCUPIED[change],
            clause="NO-3.3",
            station=station.name,
            forces=shown_msg(MsgList(lying)),
            count=len(lying),
            **where,
        )


def check_force_unnamed(
    state: NavalOrdersState,
    force: Force,
    *,
    reader: str | None,
    change: ForceChange = "remove",
    keeps_name: bool = False,
) -> None:
    """Refuse to change the force as `change` says while another force's order escorts it
    (NO-1.1): struck off, left without transports or merchantmen, formed into a fleet (unless
    the fleet takes its name, `keeps_name`, and with it its transports) or dissolved. The
    forces of `reader` are named (every force for a GM, `reader` None, as a GM reads it,
    `Force.gm_name`, NO-4.10); another player's,
    whose orders are theirs to read (issue 14), are only counted."""
    if keeps_name:
        return
    uses: list[Msg] = []
    others: list[str] = []  # the force of each order only counted
    for key in sorted(state.forces):
        other = state.forces[key]
        if key == force.key:
            continue
        for active, words in _orders_of(state, other, by_gm=reader is None):
            if not isinstance(active.order, EscortOrder) or active.order.convoy is None:
                continue
            escorted = resolve_force(state, active.order.convoy, other.owner)
            if escorted is None or escorted.key != force.key:
                continue
            if reader is None or name_key(other.owner) == name_key(reader):
                uses.append(words)
            else:
                others.append(key)
    count = len(uses) + len(others)  # the orders in the refusal, those only counted too
    if others:
        orders = Msg("naval_orders.named.others_orders", count=len(others))
        uses.append(Msg("naval_orders.named.others", count=len(set(others)), orders=orders))
    if uses:
        raise RuleViolation(
            _FORCE_REFUSAL[change],
            clause="NO-I18",
            force=force.gm_name if reader is None else force.name,
            uses=shown_msg(MsgList(uses, "; ")),
            count=count,
        )
