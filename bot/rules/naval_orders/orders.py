"""Giving, recording and completing orders (NO-1.1, NO-3.3, NO-I1, NO-I2, NO-I7, NO-I16,
NO-I18): one new order per force per turn, changed only in port (at once, or after the
layover) or by packet boat (packets.py), never by the admirals themselves."""

from __future__ import annotations

from bot.errors import NotAllowed
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.naval_orders.forms import check_at_station
from bot.rules.naval_orders.forms import check_enabled
from bot.rules.naval_orders.forms import check_takes_effect
from bot.rules.naval_orders.forms import clean_build_order
from bot.rules.naval_orders.forms import clean_order
from bot.rules.naval_orders.messages import archive_lines
from bot.rules.naval_orders.messages import build_order_lines
from bot.rules.naval_orders.messages import order_lines
from bot.rules.naval_orders.messages import return_station_lines
from bot.rules.naval_orders.messages import ship_counts
from bot.rules.naval_orders.messages import status_msg
from bot.rules.naval_orders.models import ActiveOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import GiveBuildOrder
from bot.rules.naval_orders.models import GiveOrder
from bot.rules.naval_orders.models import MoveOrder
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import Order
from bot.rules.naval_orders.models import Station
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.outcomes import NavalOutcome
from bot.rules.naval_orders.outcomes import retire_order
from bot.rules.naval_orders.registry import find_own_force
from bot.rules.naval_orders.registry import find_station
from bot.rules.naval_orders.registry import writable
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.rules.naval_orders.settings import OrderKind
from bot.rulesets import ArchiveRecord

PROCEDURE_ORDERS = ("cruise", "move", "raid")


def gm_overrides(settings: NavalOrdersSettings, by_gm: bool) -> bool:
    """Whether this command is a GM override of the order rules (NO-I18)."""
    return by_gm and settings.gm_can_override_orders


def check_can_receive(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    force: Force,
    order: Order,
    turn: int,
    *,
    override: bool,
    by_gm: bool,
    by_packet: bool = False,
) -> Order:
    """The checks every new order passes, in port or by packet; returns the cleaned order.
    Its player may name in it only forces they may know of (`clean_order`); a GM, any."""
    check_may_receive(settings, force, order.kind, turn, override=override)
    reader = None if by_gm else force.owner
    return clean_order(state, settings, force, order, reader=reader, by_packet=by_packet)


def check_may_receive(
    settings: NavalOrdersSettings, force: Force, kind: OrderKind, turn: int, *, override: bool
) -> None:
    """The checks that do not depend on the order's form: the order is enabled (NO-I1), the
    force takes orders (NO-I22), has none yet this turn (NO-I2) and is not forming (NO-2.7)."""
    check_enabled(settings, kind)
    if force.kind == "packet":
        raise RuleViolation(
            "naval_orders.error.packet_no_orders", clause="NO-I22", force=force.called
        )
    if not override and force.orders_this_turn(turn) >= settings.orders_per_force_per_turn:
        if force.gm_order_kind is not None:
            # NO-I2, NO-I18: the player's own force, so its order is theirs to read.
            raise RuleViolation(
                "naval_orders.error.second_order_by_gm",
                clause="NO-I2",
                force=force.called,
                turn=turn,
                order=Msg(f"naval_orders.order.{force.gm_order_kind}"),
            )
        raise RuleViolation(
            "naval_orders.error.second_order", clause="NO-I2", force=force.called, turn=turn
        )
    if force.status == "forming" and not override:
        raise RuleViolation("naval_orders.error.forming", clause="NO-2.7", force=force.called)


def check_order_form_opens(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    faction: str,
    force_name: str,
    kind: OrderKind,
    turn: int,
    *,
    by_gm: bool = False,
    by_packet: bool = False,
) -> Force:
    """Before a player fills an order's form: the force exists (NO-4.10), is theirs
    (NO-I18) and may receive this order now (`check_may_receive`), where it is unless the
    order goes by packet boat (NO-3.3, NO-1.1: a repair or disbanding sent by packet boat is
    checked where the force is when it takes effect, NO-I7). Changes nothing; the order
    itself is checked again when given."""
    force = find_own_force(state, force_name, faction, by_gm)
    override = gm_overrides(settings, by_gm)
    check_may_receive(settings, force, kind, turn, override=override)
    if not by_packet:
        check_may_change_here(force, override=override)
        # NO-1.1, NO-I7: by packet boat, where the force is when the order takes effect.
        check_at_station(state, force, kind)
    return force


def check_may_change_here(force: Force, *, override: bool) -> None:
    """NO-3.3, NO-I18: a force's current order is replaced only in port (or by packet boat,
    `send_by_packet`); a force at sea that never had an order may receive its first one.
    One whose order ended at sea (completed, and returning to a station for new orders,
    NO-4.3, NO-6.3; or broken) gets its next one in port or by packet boat too."""
    had_orders = force.order is not None or force.orders_given_turn is not None
    if not force.in_port and had_orders and not override:
        raise RuleViolation("naval_orders.error.at_sea", clause="NO-3.3", force=force.called)


def new_active_order(
    state: NavalOrdersState,
    force: Force,
    order: Order,
    turn: int,
    effective_turn: int,
    *,
    by_packet: bool = False,
) -> ActiveOrder:
    """An order as recorded: the force's kind and ships as the form states them (NO-I19),
    and for repair or disbanding the station where it is carried out (NO-1.1): one sent by
    packet boat records the station where the force is as it is sent, if any, and again
    where it is as the order takes effect (NO-I7, `put_in_force`). A transfer
    starts where the force is (NO-5.2); one sent by packet boat has no start until it takes
    effect, turns later and wherever the force then is (NO-I7, `put_in_force`)."""
    station = state.station_at(force.location) if order.kind in ("repair", "disband") else None
    starts_here = isinstance(order, MoveOrder) and not by_packet
    return ActiveOrder(
        station=station.name if station is not None else None,
        order=order,
        given_turn=turn,
        effective_turn=effective_turn,
        force_kind=force.kind,
        ships=ship_counts(force.all_ships()),
        start_location=force.location if starts_here else None,
    )


def mark_order_given(force: Force, turn: int, kind: OrderKind, *, by_gm: bool) -> None:
    """Count a new order against the force's turn (NO-I2), noting whether the GM gave it."""
    if force.orders_given_turn != turn:
        force.orders_given_turn = turn
        force.orders_given = 0
    force.orders_given += 1
    force.gm_order_kind = kind if by_gm else None


def put_in_force(
    state: NavalOrdersState, force: Force, active: ActiveOrder, turn: int
) -> list[ArchiveRecord]:
    """Make `active` the force's current order, retiring the one it replaces (NO-I18). A
    transfer starts where the force is as it takes effect (NO-5.2): for an order brought by
    packet boat or recorded for the layover's end, there rather than where it was given."""
    archive: list[ArchiveRecord] = []
    if force.order is not None:
        archive.append(retire_order(state, force, force.order, "replaced", turn))
    start = force.location if isinstance(active.order, MoveOrder) else active.start_location
    station = active.station
    if active.order.kind in ("repair", "disband"):
        # NO-1.1: carried out at the naval station where the force is as it takes effect.
        here = state.station_at(force.location)
        station = here.name if here is not None else station
    force.order = active.model_copy(
        update={
            "effective_turn": max(active.effective_turn, turn),
            "start_location": start,
            "station": station,
        }
    )
    force.status = "executing"
    force.attack_away = False
    force.battle_location = None
    force.return_due_turn = None
    force.late_reported = False
    force.owes_return = False
    force.layover_until = None
    force.return_station = None
    force.return_station_confirmed = False
    force.return_station_from_table = False
    force.return_station_by_gm = False
    return archive


def why_it_lapses(state: NavalOrdersState, force: Force, active: ActiveOrder) -> Msg | None:
    """Why an order given turns before it takes effect (by packet boat, NO-I7; for the end of
    a layover, NO-I18) cannot take effect where the force now is, as the refusal an order
    given there at once would get (`check_takes_effect`); None when it can. Such an order
    lapses rather than being cut to fit: only the Admiralty changes an order (NO-3.4,
    NO-I18), and the force goes on with the one it has (NO-3.3)."""
    try:
        check_takes_effect(state, force, active.order)
    except RuleViolation as refusal:
        return Msg(refusal.message_key, **refusal.params)
    return None


def _drop_relays(state: NavalOrdersState, force: Force, turn: int) -> list[ArchiveRecord]:
    """Orders still on their way to a force are superseded by one given in port (NO-I18)."""
    archive = [
        retire_order(state, force, relay.order, "cancelled", turn)
        for relay in state.relays
        if relay.force == force.key
    ]
    state.relays = [r for r in state.relays if r.force != force.key]
    return archive


def at_transfer_end(force: Force) -> bool:
    """In port at the end port of its transfer, which arriving there completes (NO-5.3,
    NO-I17)."""
    active = force.order
    return (
        force.in_port
        and force.status in ("executing", "attacking")
        and active is not None
        and isinstance(active.order, MoveOrder)
        and active.order.destination is not None
        and name_key(active.order.destination) == name_key(force.location)
    )


def in_layover(state: NavalOrdersState, settings: NavalOrdersSettings, force: Force) -> bool:
    """In port but not yet free: the layover, or back at a station to begin it (NO-I7), or
    arrived at the end port of its transfer, which completes it and begins the layover
    (NO-I17, NO-2.11). A force that no layover awaits (`layover_applies_to_squadrons`,
    `port_layover_turns`, `layover_after_transfer`) is free at once, so an order given to it
    takes effect at once (NO-I18)."""
    if force.status == "layover":
        return True
    if not force.in_port or not layover_applies(force, settings):
        return False
    if settings.port_layover_turns == 0:
        return False
    if force.status == "returning_to_station":
        station = state.station_at(force.location)
        return station is not None and station.naval_station
    return at_transfer_end(force) and settings.layover_after_transfer


def complete_transfer_on_arrival(
    state: NavalOrdersState, force: Force, turn: int
) -> list[ArchiveRecord]:
    """NO-I17: arriving at its end port completes the transfer. An order given there with no
    layover to follow takes effect at once (NO-I18), so the transfer is completed now, not
    replaced; the turn's end lists it among the completed orders (`anchored_at`)."""
    if not at_transfer_end(force):
        return []
    active = force.order
    assert active is not None and isinstance(active.order, MoveOrder)
    record = retire_order(state, force, active, "completed", turn)
    force.order = None
    force.anchored_at = active.order.port or active.order.destination
    return [record]


def layover_end(settings: NavalOrdersSettings, force: Force, turn: int) -> int:
    """The last turn of the force's layover (NO-I7): the one it is in, or, back in port this
    turn with the layover still to begin at this turn's end, `port_layover_turns` after it
    (NO-2.11: it stays the next turn)."""
    if force.status == "layover" and force.layover_until is not None:
        return force.layover_until
    return turn + settings.port_layover_turns


def give_order(
    state: NavalOrdersState, settings: NavalOrdersSettings, command: GiveOrder, turn: int
) -> NavalOutcome:
    """Record a new order for a force in port, or the first order of a force at sea
    (NO-3.3, NO-I18).

    In port it takes effect at once; during the layover it is recorded and takes effect when
    the layover ends (NO-I7). At the end port of its transfer with no layover to follow, the
    transfer is completed, not replaced (NO-I17). At sea it must go by packet boat
    (`send_by_packet`), unless the GM overrides (`gm_can_override_orders`). A second order in
    one turn (NO-I2), someone else's force (NO-I18), a missing or impossible field (NO-I19)
    are refused.
    """
    force = find_own_force(state, command.force, command.faction, command.by_gm)
    override = gm_overrides(settings, command.by_gm)
    check_may_change_here(force, override=override)
    order = check_can_receive(
        state, settings, force, command.order, turn, override=override, by_gm=command.by_gm
    )
    new = writable(state, force.key)
    mine = new.forces[force.key]
    archive = _drop_relays(new, mine, turn)
    pending = in_layover(new, settings, mine) and not override
    if pending:
        effective = layover_end(settings, mine, turn) + 1
        if mine.pending_order is not None:
            archive.append(retire_order(new, mine, mine.pending_order, "cancelled", turn))
        mine.pending_order = new_active_order(new, mine, order, turn, effective)
    else:
        if mine.pending_order is not None:
            archive.append(retire_order(new, mine, mine.pending_order, "cancelled", turn))
            mine.pending_order = None
        archive += complete_transfer_on_arrival(new, mine, turn)
        archive += put_in_force(new, mine, new_active_order(new, mine, order, turn, turn), turn)
        if mine.formation is not None:
            mine.formation = None
    mark_order_given(mine, turn, order.kind, by_gm=command.by_gm)
    active = mine.pending_order if pending else mine.order
    assert active is not None
    return NavalOutcome(
        state=new,
        force=mine,
        lines=archive_lines(archive) + order_lines(mine, active, pending=pending),
        archive=archive,
    )


def layover_applies(force: Force, settings: NavalOrdersSettings) -> bool:
    """Fleets always stay a turn in port after an order; squadrons by setting (NO-I7)."""
    if force.kind == "fleet":
        return True
    return force.kind != "packet" and settings.layover_applies_to_squadrons


def begin_layover_or_wait(force: Force, settings: NavalOrdersSettings, turn: int) -> str:
    """Back in port after an order: the layover from the next turn, or straight to awaiting
    orders (NO-2.11, NO-I7). Returns the new status."""
    force.owes_return = False
    force.return_station = None
    force.return_station_confirmed = False
    force.return_station_from_table = False
    force.return_station_by_gm = False
    if layover_applies(force, settings) and settings.port_layover_turns > 0:
        force.status = "layover"
        force.layover_until = turn + settings.port_layover_turns
    else:
        force.status = "awaiting_orders"
        force.layover_until = None
    return force.status


def complete_order(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    faction: str,
    force_name: str,
    turn: int,
    *,
    by_gm: bool = False,
) -> NavalOutcome:
    """Mark a recorded order done (NO-I1): the six orders without a procedure are finished by
    their owner or the GM; cruising, transfer and raiding end by the engine, or by the GM.
    A force in port then takes the layover (NO-I7); one at sea awaits orders by packet.
    After cruising or raiding a force not yet in a naval station returns to the nearest
    one (NO-4.3, NO-6.3, NO-I16), wherever the GM ended it."""
    force = find_own_force(state, force_name, faction, by_gm)
    if force.order is None:
        raise RuleViolation("naval_orders.error.no_order", clause="NO-I1", force=force.called)
    if force.order.order.kind in PROCEDURE_ORDERS and not by_gm:
        # Cruising and raiding end at their count (NO-I14), a transfer in its port (NO-I17).
        raise NotAllowed(
            "naval_orders.error.order_ends_itself",
            clause="NO-I17" if force.order.order.kind == "move" else "NO-I14",
            order=Msg(f"naval_orders.order.{force.order.order.kind}"),
        )
    new = writable(state, force.key)
    mine = new.forces[force.key]
    assert mine.order is not None
    kind = mine.order.order.kind
    archive = [retire_order(new, mine, mine.order, "completed", turn)]
    mine.order = None
    station = new.station_at(mine.location)
    at_station = mine.in_port and station is not None and station.naval_station
    lines = archive_lines(archive)
    if kind in ("cruise", "raid") and not at_station:
        # NO-4.3, NO-6.3: after cruising or raiding the force returns to the nearest naval
        # station, however the order ended (NO-I16).
        lines += _begin_return(new, settings, mine)
    elif mine.in_port:
        begin_layover_or_wait(mine, settings, turn)
    else:
        mine.status = "awaiting_orders"
    return NavalOutcome(state=new, force=mine, lines=lines, archive=archive)


def _begin_return(
    state: NavalOrdersState, settings: NavalOrdersSettings, force: Force
) -> list[Msg]:
    """A cruise or raid ended by the GM away from a naval station: the force is returning to
    the nearest one (NO-4.3, NO-6.3, NO-I16), as at the end of its count (NO-I14)."""
    force.status = "returning_to_station"
    force.return_due_turn = None
    force.late_reported = False
    force.attack_away = False
    force.return_station = nearest_station(state, settings, force)
    force.return_station_confirmed = force.return_station is not None
    force.return_station_from_table = force.return_station is not None
    force.return_station_by_gm = False
    if force.return_station is not None:
        return [
            Msg("naval_orders.complete.returns_to", force=force.name, station=force.return_station)
        ]
    return [Msg("naval_orders.complete.returns", force=force.name)]


def nearest_station(
    state: NavalOrdersState, settings: NavalOrdersSettings, force: Force
) -> str | None:
    """NO-I16 `distance_table`: the nearest naval station from the registered table; None
    under `gm`, when the table has no row for the force's place, or when several stations
    are equally nearest: the bot does not choose between them, and the force's player names
    one, which the GM confirms, as under `gm` (what `set_station_distances` tells the GM)."""
    if settings.nearest_station_by != "distance_table":
        return None
    row = state.station_distances.get(name_key(force.location), {})
    known = [(d, state.stations[k].name) for k, d in row.items() if k in state.stations]
    if not known:
        return None
    nearest = min(d for d, _ in known)
    tied = [name for d, name in known if d == nearest]
    return tied[0] if len(tied) == 1 else None


def check_build_form_opens(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    faction: str,
    station_name: str,
    turn: int,
    *,
    by_gm: bool = False,
) -> Station:
    """The naval station a construction order may be given to now: enabled (NO-I1), a naval
    station, not a seaport (NO-1.1), the faction's (NO-1.1), no order yet this turn (NO-I2).
    Checked before the form opens and again when the order is given; changes nothing."""
    check_enabled(settings, "build")
    station = find_station(state, station_name)
    if not station.naval_station:
        raise RuleViolation(
            "naval_orders.error.build_needs_station", clause="NO-1.1", station=station.name
        )
    if not by_gm and (station.owner is None or name_key(station.owner) != name_key(faction)):
        raise NotAllowed(
            "naval_orders.error.not_your_station", clause="NO-1.1", station=station.name
        )
    if station.orders_given_turn == turn and not gm_overrides(settings, by_gm):
        _refuse_second_build_order(station, turn)
    return station


def _refuse_second_build_order(station: Station, turn: int) -> None:
    """NO-I2: the station has its order for `turn`; the refusal says who gave it, the GM or
    which faction (one saved before that was noted keeps the plain refusal)."""
    if station.order_given_by_gm:
        raise RuleViolation(
            "naval_orders.error.second_build_order_by_gm",
            clause="NO-I2",
            station=station.name,
            turn=turn,
        )
    if station.order_given_by is not None:
        raise RuleViolation(
            "naval_orders.error.second_build_order_by",
            clause="NO-I2",
            station=station.name,
            faction=station.order_given_by,
            turn=turn,
        )
    raise RuleViolation(
        "naval_orders.error.second_order", clause="NO-I2", force=station.name, turn=turn
    )


def give_build_order(
    state: NavalOrdersState, settings: NavalOrdersSettings, command: GiveBuildOrder, turn: int
) -> NavalOutcome:
    """Record a construction/purchase order at a naval station (NO-1.1, NO-I1): the station
    owner's, once per turn; it replaces the station's previous build order."""
    station = check_build_form_opens(
        state, settings, command.faction, command.station, turn, by_gm=command.by_gm
    )
    order = clean_build_order(settings, command.order)
    new = writable(state)
    archive: list[ArchiveRecord] = []
    if station.build_order is not None:
        archive.append(retire_order(new, station, station.build_order, "replaced", turn))
    active = ActiveOrder(order=order, given_turn=turn, effective_turn=turn, force_kind="fleet")
    updated = station.model_copy(
        update={
            "build_order": active,
            "orders_given_turn": turn,
            "order_given_by_gm": command.by_gm,
            "order_given_by": None if command.by_gm else command.faction,
        }
    )
    new.stations[station.key] = updated
    return NavalOutcome(
        state=new, lines=archive_lines(archive) + build_order_lines(updated), archive=archive
    )


def declare_return_station(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    faction: str,
    force_name: str,
    station_name: str,
    *,
    by_gm: bool = False,
) -> NavalOutcome:
    """Name the naval station a force returns to after its order (NO-4.3, NO-6.3, NO-I16):
    the player names it and the GM confirms it is the nearest; a GM naming it confirms it.
    Under `distance_table` a station the bot took from the table is the GM's alone to
    change, and stays so once the GM corrects it; only where the table had no row for the
    force's location did the bot choose none, and the player names it as by default (what
    the turn's end tells them)."""
    force = find_own_force(state, force_name, faction, by_gm)
    if force.status != "returning_to_station":
        raise RuleViolation(
            "naval_orders.error.not_returning_now",
            clause="NO-I16",
            force=force.called,
            status=status_msg(force),
        )
    station = find_station(state, station_name)
    if not station.naval_station:
        raise RuleViolation(
            "naval_orders.error.not_a_station", clause="NO-I16", station=station.name
        )
    if (
        settings.nearest_station_by == "distance_table"
        and force.return_station_from_table
        and not by_gm
    ):
        raise NotAllowed("naval_orders.error.station_from_table", clause="NO-I16")
    if force.return_station_by_gm and not by_gm:
        raise NotAllowed(
            "naval_orders.error.station_by_gm",
            clause="NO-I16",
            force=force.called,
            station=force.return_station,
        )
    new = writable(state, force.key)
    mine = new.forces[force.key]
    mine.return_station = station.name
    mine.return_station_confirmed = by_gm
    mine.return_station_by_gm = by_gm
    return NavalOutcome(state=new, force=mine, lines=return_station_lines(mine))
