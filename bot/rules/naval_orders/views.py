"""What each reader may see: orders are private to their owner until the GM's end of turn,
unless `orders_public` (issue 14) makes them public; a GM sees everything. Also the list of
forces still lacking orders: counted for everyone (`/turn status`), named to their owner and
the GM (`/navy orders`)."""

from __future__ import annotations

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.naval_orders.messages import damage_line
from bot.rules.naval_orders.messages import order_text
from bot.rules.naval_orders.messages import progress_msg
from bot.rules.naval_orders.messages import ship_counts
from bot.rules.naval_orders.messages import ships_msg
from bot.rules.naval_orders.messages import status_msg
from bot.rules.naval_orders.models import ActiveOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import PacketRelay
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.text import shown_msg


def order_visible(
    force: Force,
    settings: NavalOrdersSettings,
    *,
    viewer: str | None,
    is_gm: bool,
    turn: int,
) -> bool:
    """Whether `viewer` may read the force's orders during `turn`: its owner and the GM
    always; anyone once the turn the latest order was given in has been resolved, or at once
    under `orders_public`."""
    if is_gm or settings.orders_public:
        return True
    if viewer is not None and name_key(viewer) == name_key(force.owner):
        return True
    return force.orders_given_turn is None or force.orders_given_turn < turn


def lacks_orders(state: NavalOrdersState, force: Force) -> bool:
    """A fleet or squadron awaiting orders with none recorded or on its way (NO-I2)."""
    if force.kind == "packet" or force.status != "awaiting_orders":
        return False
    if force.pending_order is not None:
        return False
    return not any(r.force == force.key for r in state.relays)


def waiting_lines(state: NavalOrdersState, turn: int) -> list[Msg]:
    """One line per owner counting their forces that still lack orders: read by everyone
    (`/turn status`, the turn's end), so it never names them (`lacking_lines` does, for
    their owner and the GM)."""
    return [line for _, line in owners_lacking_orders(state, turn)]


def owners_lacking_orders(state: NavalOrdersState, turn: int) -> list[tuple[str, Msg]]:
    """Each owner with forces that still lack orders, and the line counting them (the
    owner's name shown literally, `bot.text.shown`)."""
    return [
        (
            owner,
            shown_msg(Msg("naval_orders.waiting.owner", owner=owner, count=len(names), turn=turn)),
        )
        for owner, names in _lacking_by_owner(state)
    ]


def lacking_lines(
    state: NavalOrdersState, turn: int, *, viewer: str | None, is_gm: bool
) -> list[Msg]:
    """`/navy orders`: the viewer's forces that still lack orders by name (every owner's for
    a GM), raw like the overview's other lines: the command shows them literally once."""
    return [
        Msg(
            "naval_orders.overview.lacking",
            owner=owner,
            count=len(names),
            forces=MsgList(names),
            turn=turn,
        )
        for owner, names in _lacking_by_owner(state)
        if is_gm or (viewer is not None and name_key(viewer) == name_key(owner))
    ]


def _lacking_by_owner(state: NavalOrdersState) -> list[tuple[str, list[str]]]:
    """Each owner with forces that still lack orders, and their names, owners in order."""
    by_owner: dict[str, list[str]] = {}
    for key in sorted(state.forces):
        force = state.forces[key]
        if lacks_orders(state, force):
            by_owner.setdefault(force.owner, []).append(force.name)
    return sorted(by_owner.items(), key=lambda item: name_key(item[0]))


def orders_overview(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    *,
    viewer: str | None,
    is_gm: bool,
    turn: int,
) -> list[Msg]:
    """`/navy orders`: the viewer's forces (every force for a GM) with status, order text
    (and the ships the force numbers now, if an edit changed them since: `_ships_now`),
    progress, an order waiting for the layover, orders on their way by packet boat; a force
    recorded in port where no port is registered (NO-3.3) says so, and what to do."""
    lines: list[Msg] = lacking_lines(state, turn, viewer=viewer, is_gm=is_gm)
    for key in sorted(state.forces):
        force = state.forces[key]
        mine = viewer is not None and name_key(viewer) == name_key(force.owner)
        if not (is_gm or mine):
            continue
        lines.append(
            Msg(
                "naval_orders.overview.force",
                # A GM reads a force kept apart from another of its name by the
                # faction-qualified name that reaches it (`Force.clash`); its player, theirs.
                force=force.clash if is_gm and force.clash else force.name,
                owner=force.owner,
                location=force.location,
                status=status_msg(force),
                progress=progress_msg(
                    force, hide_raid_duration=settings.raid_extra_roll_hidden and not is_gm
                ),
            )
        )
        damage = damage_line(force, settings)
        if damage is not None:  # NO-2.6, NO-I5: what slows it and weighs on its tests
            lines.append(Msg("naval_orders.overview.damage", damage=damage))
        if force.in_port and state.station_at(force.location) is None:
            # NO-3.3: saved "in port" before a force was recorded so only where a port is.
            lines.append(
                Msg("naval_orders.overview.no_port_here", force=force.name, location=force.location)
            )
        if not order_visible(force, settings, viewer=viewer, is_gm=is_gm, turn=turn):
            continue
        if force.status == "returning_to_station" and force.return_station:
            confirmed = "confirmed" if force.return_station_confirmed else "named"
            lines.append(
                Msg(f"naval_orders.overview.return_{confirmed}", station=force.return_station)
            )
        if force.order is not None:
            lines.append(order_text(force.name, force.order))
            lines += _ships_now(force, force.order)
        if force.pending_order is not None:
            lines.append(
                Msg(
                    "naval_orders.overview.pending",
                    force=force.name,
                    turn=force.pending_order.effective_turn,
                    order=order_text(force.name, force.pending_order),
                )
            )
            lines += _ships_now(force, force.pending_order)
        for relay in state.relays:
            if relay.force == force.key:
                lines.append(_relay_line(state, force, relay))
    if not lines:
        lines.append(Msg("naval_orders.overview.empty"))
    return lines


def _ships_now(force: Force, active: ActiveOrder) -> list[Msg]:
    """An order quotes the force's ships as they were when it was written (NO-4.10); when
    they have changed since (an edit of the register), the reader is told the quote is the
    order as written, and what the force numbers now."""
    now = ship_counts(force.all_ships())
    if now == active.ships:
        return []
    return [Msg("naval_orders.overview.ships_now", turn=active.given_turn, ships=ships_msg(now))]


def _relay_line(state: NavalOrdersState, force: Force, relay: PacketRelay) -> Msg:
    """An order by packet boat: on its way, or arrived and waiting for the relay turn, with
    the turn it takes effect from (NO-2.9, NO-I7)."""
    packet = state.forces[relay.packet].name if relay.packet in state.forces else relay.packet
    text = order_text(force.name, relay.order, return_station=force.return_station)
    if relay.effective_turn is not None:
        return Msg(
            "naval_orders.overview.relay_arrived",
            relay=relay.id,
            packet=packet,
            turn=relay.effective_turn,
            order=text,
        )
    return Msg("naval_orders.overview.relay", relay=relay.id, packet=packet, order=text)
