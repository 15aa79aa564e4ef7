"""Orders changed at sea by packet boat (NO-2.9, NO-3.3, NO-I7, NO-I18, NO-I22).

A packet-boat force in a port or station is sent with a new order; the player moves it
(the bot keeps no map) and registers its arrival. A packet arriving in turn T starts the
relay turn(s) T+1…T+`order_relay_turns`, while the old order still counts; the new order
takes effect from T+1+`order_relay_turns` (the end of turn applies it, turn.py),
wherever the force then is, or lapses where it could not be given then (`why_it_lapses`).
"""

from __future__ import annotations

from bot.errors import Conflict
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.rules.naval_orders.messages import relay_arrival_lines
from bot.rules.naval_orders.messages import relay_sent_lines
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import PacketRelay
from bot.rules.naval_orders.models import SendByPacket
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.orders import check_can_receive
from bot.rules.naval_orders.orders import gm_overrides
from bot.rules.naval_orders.orders import mark_order_given
from bot.rules.naval_orders.orders import new_active_order
from bot.rules.naval_orders.orders import why_it_lapses
from bot.rules.naval_orders.outcomes import NavalOutcome
from bot.rules.naval_orders.registry import check_owner
from bot.rules.naval_orders.registry import find_own_force
from bot.rules.naval_orders.registry import writable
from bot.rules.naval_orders.settings import NavalOrdersSettings


def send_by_packet(
    state: NavalOrdersState, settings: NavalOrdersSettings, command: SendByPacket, turn: int
) -> NavalOutcome:
    """Send a new order to a force at sea with a packet boat from a port (NO-3.3, NO-I18).

    The order counts as the force's new order of this turn (NO-I2) and passes the same form
    checks (NO-I19). The packet is a `packet` force of the same owner, in port, not already
    carrying an order (NO-I22). A force in port gets its orders directly (`give_order`).
    What depends on where the force is is checked where it is when the order takes effect
    (NO-I7, `why_it_lapses`): a repair or disbanding sent to a force away from a naval
    station is sent, and the reply warns that it lapses unless the force is at one by then.
    """
    force, packet = check_packet_can_carry(
        state, command.faction, command.packet, command.force, by_gm=command.by_gm
    )
    override = gm_overrides(settings, command.by_gm)
    order = check_can_receive(
        state,
        settings,
        force,
        command.order,
        turn,
        override=override,
        by_gm=command.by_gm,
        by_packet=True,
    )
    new = writable(state, force.key)
    mine = new.forces[force.key]
    relay = PacketRelay(
        id=new.next_relay_id,
        owner=mine.owner,
        packet=packet.key,
        force=mine.key,
        order=new_active_order(new, mine, order, turn, turn, by_packet=True),
        sent_turn=turn,
    )
    new.next_relay_id += 1
    new.relays.append(relay)
    mark_order_given(mine, turn, order.kind, by_gm=command.by_gm)
    # NO-1.1, NO-I7: a repair or disbanding goes to a force wherever it is (one making for a
    # naval station, say), and is carried out only if it is at one when the order is due.
    lapses = why_it_lapses(new, mine, relay.order) if order.kind in ("repair", "disband") else None
    return NavalOutcome(
        state=new,
        force=mine,
        relay=relay,
        lines=relay_sent_lines(relay, packet, mine, lapses=lapses),
    )


def check_packet_can_carry(
    state: NavalOrdersState, faction: str, packet_name: str, force_name: str, *, by_gm: bool
) -> tuple[Force, Force]:
    """The force and the packet boat, when the packet can carry a new order to it: both the
    faction's (NO-I18), the packet a packet boat in a port or station carrying no other order
    (NO-3.3, NO-I22), the force at sea (in port it gets its orders directly). Checked before
    the order's form opens and again when it is sent; changes nothing."""
    force = find_own_force(state, force_name, faction, by_gm)
    packet = find_own_force(state, packet_name, faction, by_gm)
    if packet.kind != "packet":
        raise RuleViolation("naval_orders.error.not_a_packet", clause="NO-I22", force=packet.called)
    if not packet.in_port:
        raise RuleViolation(
            "naval_orders.error.packet_not_in_port", clause="NO-3.3", force=packet.called
        )
    if any(r.packet == packet.key and r.arrived_turn is None for r in state.relays):
        raise Conflict("naval_orders.error.packet_busy", clause="NO-I22", force=packet.called)
    if force.in_port:
        raise RuleViolation(
            "naval_orders.error.in_port_give_directly", clause="NO-I18", force=force.called
        )
    return force, packet


def register_packet_arrival(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    faction: str,
    relay_id: int,
    turn: int,
    *,
    by_gm: bool = False,
) -> NavalOutcome:
    """The packet boat has reached the force (NO-2.9, NO-I7): the relay turn follows and the
    new order takes effect from turn `turn + 1 + order_relay_turns`, wherever the force then
    is; where it could not take effect now, the reply warns that it lapses unless the force
    is elsewhere by then (`why_it_lapses`). The packet boat is then at sea in the force's
    location."""
    relay = next((r for r in state.relays if r.id == relay_id), None)
    force = state.forces.get(relay.force) if relay is not None else None
    mine = force is not None and (by_gm or name_key(force.owner) == name_key(faction))
    known = force is not None and settings.orders_public and force.disclosed
    if relay is None or force is None or (not mine and not known):
        # While orders are private another player's order by packet boat is theirs to know
        # of, and so is a force not yet disclosed (`Force.disclosed`: registered before the
        # GM made orders public, in a turn not yet ended): its number is refused as one no
        # relay has, never naming its force.
        raise NotFound("naval_orders.error.unknown_relay", clause="NO-I18", relay=relay_id)
    check_owner(force, faction, by_gm, named=force.name)
    if relay.arrived_turn is not None:
        raise Conflict("naval_orders.error.relay_arrived", clause="NO-I7", relay=relay_id)
    new = writable(state, relay.packet)
    arrived = relay.model_copy(
        update={"arrived_turn": turn, "effective_turn": turn + 1 + settings.order_relay_turns}
    )
    new.relays = [arrived if r.id == relay_id else r for r in new.relays]
    packet = new.forces.get(relay.packet)
    if packet is not None:
        packet.location = force.location
        packet.in_port = False
    lapses = why_it_lapses(new, force, relay.order)
    return NavalOutcome(
        state=new,
        force=force,
        relay=arrived,
        lines=relay_arrival_lines(arrived, force, lapses=lapses),
    )
