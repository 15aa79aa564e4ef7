"""The positions players report from their own map (NO-I6: the players move; the bot keeps
no map), and what a move costs the orders the force has: an order waiting for its layover
(NO-3.3, NO-I18), or one brought by packet boat that could not take effect where the force
now is (NO-I7)."""

from __future__ import annotations

from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.naval_orders.messages import position_lines
from bot.rules.naval_orders.messages import relay_lapse_line
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import RaidOrder
from bot.rules.naval_orders.models import ReportPosition
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.orders import why_it_lapses
from bot.rules.naval_orders.outcomes import NavalOutcome
from bot.rules.naval_orders.registry import check_port_at
from bot.rules.naval_orders.registry import clean_location
from bot.rules.naval_orders.registry import find_own_force
from bot.rules.naval_orders.registry import station_location
from bot.rules.naval_orders.registry import writable
from bot.rules.naval_orders.settings import NavalOrdersSettings


def report_position(
    state: NavalOrdersState, settings: NavalOrdersSettings, command: ReportPosition, turn: int
) -> NavalOutcome:
    """Record where a force is now, from the players' map (NO-I6: the players move).

    A force returning to its cruising or raiding zone after a battle stops returning when it
    is registered in that location again (NO-I15). Forming or in layover, it may not move
    (NO-2.7, NO-2.11); nor may it after its battle (NO-2.12, NO-I4) or leave its raiding
    location while raiding (NO-2.8, NO-I12), unless the GM corrects its place
    (`_check_may_move`). Back at sea with an order waiting for its layover, it is told that the
    order lapses unless it is in port again by the turn's end (NO-3.3, NO-I18). Where an
    order brought by packet boat that has reached it could not take effect, it is told that
    the order lapses, and what that costs (`_relays_lapsing`): the move is a fact of the
    players' map, recorded as reported, and the player may still report another place before
    the turn's end checks it.
    """
    force = find_own_force(state, command.force, command.faction, command.by_gm)
    location = clean_location(command.location, "NO-I6")
    check_port_at(state, location, in_port=command.in_port)
    moved = name_key(location) != name_key(force.location) or command.in_port != force.in_port
    if moved and force.status in ("forming", "layover") and not command.by_gm:
        if force.status == "layover" and force.layover_until is not None:
            # NO-2.11: say until when it stays, and who may correct its place meanwhile.
            raise RuleViolation(
                "naval_orders.error.cannot_move_layover",
                clause="NO-2.11",
                force=force.name,
                turn=force.layover_until,
                next=force.layover_until + 1,
            )
        clause = "NO-2.7" if force.status == "forming" else "NO-2.11"
        raise RuleViolation("naval_orders.error.cannot_move", clause=clause, force=force.name)
    if moved and not command.by_gm:
        _check_may_move(force, location, turn)
    new = writable(state, force.key)
    mine = new.forces[force.key]
    if moved and mine.status == "attacking" and mine.battle_location is None:
        # NO-2.12: a force that passed its test against an enemy elsewhere moves to the
        # battle; it fights there, and stays there after it.
        mine.battle_location = location
    mine.location = location
    mine.in_port = command.in_port
    back = False
    if (
        mine.status == "returning_to_zone"
        and mine.order is not None
        and name_key(location) == name_key(station_location(mine) or "")
    ):
        mine.status = "executing"
        mine.return_due_turn = None
        mine.late_reported = False
        back = True
    # NO-3.3, NO-I18: an order given on arrival waits for the layover the arrival begins at
    # the turn's end; back at sea, the force has not arrived, and the order lapses then.
    lapses = mine.pending_order is not None and not mine.in_port and mine.status != "layover"
    lines = position_lines(mine, back_in_zone=back, lapses=lapses)
    lines += _relays_lapsing(new, mine)
    return NavalOutcome(state=new, force=mine, lines=lines)


def _check_may_move(force: Force, location: str, turn: int) -> None:
    """Refuse a player's move the rules forbid, as a move in the layover is refused (the GM
    may still correct the force's place): after its battle, the force cannot move this turn
    (NO-2.12, NO-I4); while raiding, it cannot leave its raiding location (NO-2.8, NO-I12),
    but to attack a legal target once its command test has passed (it is then `attacking`).
    The raid begins when the force ends a turn in its location (`arrived_turn`, NO-I14) and
    ends when it is complete (the force is then returning to a station, NO-I16)."""
    if force.status == "attacking" and force.battle_location is not None:
        raise RuleViolation(
            "naval_orders.error.cannot_move_after_battle",
            clause="NO-2.12",
            force=force.called,
            location=force.battle_location,
            next=turn + 1,
        )
    active = force.order
    if (
        force.status == "executing"
        and active is not None
        and isinstance(active.order, RaidOrder)
        and active.arrived_turn is not None
        and active.order.location is not None
        and name_key(force.location) == name_key(active.order.location)
        and name_key(location) != name_key(active.order.location)
    ):
        raise RuleViolation(
            "naval_orders.error.cannot_leave_raid",
            clause="NO-2.8",
            force=force.called,
            location=active.order.location,
        )


def _relays_lapsing(state: NavalOrdersState, force: Force) -> list[Msg]:
    """NO-3.3, NO-I7: each order brought by packet boat that has reached the force (its
    arrival registered) and could not take effect where the force now is (`why_it_lapses`,
    as the turn's end that puts it in force checks it, `turn._relays`): the player is told
    now, with the reason, that it lapses at that end unless the force is elsewhere by then,
    and what the force does then: one that carried out its cruise or raid waiting for it
    (`Force.owes_return`), or carries one out meanwhile, returns to the nearest naval
    station for new orders (NO-4.3, NO-6.3, NO-I16)."""
    lines = []
    for relay in state.relays:
        if relay.force != force.key or relay.arrived_turn is None:
            continue
        reason = why_it_lapses(state, force, relay.order)
        if reason is not None:
            lines.append(relay_lapse_line(relay, force, reason))
    return lines
