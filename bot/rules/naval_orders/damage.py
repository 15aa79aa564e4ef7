"""Which vessels are damaged (NO-2.6, NO-I5) and the force's make-up the rules count."""

from __future__ import annotations

from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import Ship
from bot.rules.naval_orders.settings import NavalOrdersSettings


def is_damaged(ship: Ship, settings: NavalOrdersSettings) -> bool:
    """Under a jury mast, or hull damage strictly above the threshold (NO-I5); unrated
    vessels count unless `damaged_includes_unrated` is off."""
    if not ship.rated and not settings.damaged_includes_unrated:
        return False
    return ship.jury_mast or ship.hull_damage_pct > settings.damaged_hull_threshold_pct


def damaged_count(force: Force, settings: NavalOrdersSettings) -> int:
    """How many of the force's vessels are damaged (NO-I5, NO-I8)."""
    return sum(1 for ship in force.all_ships() if is_damaged(ship, settings))


def has_transports(force: Force) -> bool:
    """Whether transports or merchantmen sail with the force (NO-2.5)."""
    return any(ship.kind in ("transport", "merchant") for ship in force.all_ships())


def auxiliary_squadrons(force: Force, settings: NavalOrdersSettings) -> int:
    """Auxiliary squadrons present (NO-I8): a fleet's own, or a lone auxiliary squadron
    counting itself under `count_self_auxiliary`."""
    if force.kind == "fleet":
        return sum(1 for squadron in force.squadrons if squadron.kind == "auxiliary")
    if force.kind == "auxiliary":
        return 1 if settings.count_self_auxiliary else 0
    return 0
