"""A force's movement range this turn with every modifier itemised (NO-2, NO-I3…NO-I6).

The bot keeps no map: it reports the range and the players move (NO-I6). One point of range
is one large location with the wind, or one location of any size against it.
"""

from __future__ import annotations

from typing import Literal

from bot.i18n import Msg
from bot.rules.naval_orders.damage import damaged_count
from bot.rules.naval_orders.damage import has_transports
from bot.rules.naval_orders.messages import range_lines
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import MovementPlan
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.registry import find_force
from bot.rules.naval_orders.reports import BaseRule
from bot.rules.naval_orders.reports import Modifier
from bot.rules.naval_orders.reports import ModifierReason
from bot.rules.naval_orders.reports import MovementRange
from bot.rules.naval_orders.settings import NavalOrdersSettings


def base_range(force: Force, settings: NavalOrdersSettings) -> tuple[int, BaseRule]:
    """NO-2.2–2.4, NO-I3: line 3, auxiliary 4, packet 5; a fleet its slowest squadron's."""
    if force.kind == "line":
        return settings.line_squadron_range, "line"
    if force.kind == "auxiliary":
        return settings.auxiliary_squadron_range, "auxiliary"
    if force.kind == "packet":
        return settings.packet_boat_range, "packet"
    if settings.fleet_range_rule == "fixed":
        return settings.fleet_fixed_range, "fleet_fixed"
    speeds = [
        settings.line_squadron_range if s.kind == "line" else settings.auxiliary_squadron_range
        for s in force.squadrons
    ]
    return min(speeds), "fleet_slowest"


def _pays_port_penalty(force: Force, settings: NavalOrdersSettings) -> bool:
    """NO-2.10 "only for squadrons" (NO-I4); fleets and packet boats by setting (NO-I22)."""
    if force.kind == "fleet":
        return settings.port_penalty_applies_to_fleets
    if force.kind == "packet":
        return settings.port_penalty_applies_to_packet_boats
    return True


def compute_range(force: Force, settings: NavalOrdersSettings, plan: MovementPlan) -> MovementRange:
    """The range of `force` this turn under `plan` (NO-I3, NO-I4, NO-I5, NO-I6)."""
    base, rule = base_range(force, settings)
    modifiers: list[Modifier] = []
    port_free: Literal["fleet", "packet"] | None = None
    if has_transports(force):
        modifiers.append(Modifier(reason="transports", amount=-1, clause="NO-2.5"))
    damaged = damaged_count(force, settings)
    if damaged:
        modifiers.append(Modifier(reason="damaged", amount=-1, clause="NO-2.6", count=damaged))
    if _pays_port_penalty(force, settings):
        if settings.port_penalty_mode == "each":
            port_moves: list[tuple[ModifierReason, int]] = [
                ("port_exit", plan.port_exits),
                ("port_entry", plan.port_entries),
            ]
            for reason, times in port_moves:
                if times:
                    modifiers.append(
                        Modifier(reason=reason, amount=-times, clause="NO-2.10", count=times)
                    )
        elif plan.port_exits or plan.port_entries:
            modifiers.append(Modifier(reason="port_once", amount=-1, clause="NO-2.10"))
    elif (plan.port_exits or plan.port_entries) and force.kind in ("fleet", "packet"):
        port_free = "fleet" if force.kind == "fleet" else "packet"
    if plan.catch_wind_attempts:
        modifiers.append(
            Modifier(
                reason="catch_wind",
                amount=-plan.catch_wind_attempts,
                clause="NO-2.14",
                count=plan.catch_wind_attempts,
            )
        )
    combat = plan.initiate_combat
    if combat is None:
        combat = force.status == "attacking"
    if combat:
        modifiers.append(Modifier(reason="combat", amount=-1, clause="NO-2.12"))
    raw = base + sum(m.amount for m in modifiers)
    held: Literal["forming", "layover"] | None = None
    if force.status in ("forming", "layover"):
        held = "forming" if force.status == "forming" else "layover"
    total = 0 if held is not None else max(raw, settings.min_range)
    return MovementRange(
        force=force.name,
        base=base,
        base_rule=rule,
        modifiers=modifiers,
        total=total,
        floored=held is None and raw < settings.min_range,
        held=held,
        stops_after_combat=combat,
        port_free=port_free,
    )


def movement_range(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    force_name: str,
    plan: MovementPlan,
    *,
    reader: str | None = None,
) -> tuple[MovementRange, list[Msg]]:
    """Look up a force (as `reader` means it, `find_force`) and report its range this turn
    with the narration (NO-I3…NO-I6)."""
    force = find_force(state, force_name, reader)
    report = compute_range(force, settings, plan)
    return report, range_lines(report)
