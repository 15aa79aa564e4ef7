"""Counting the dice of a piracy (rules/ottoman-piracy.md OP-2 and OP-4): pure arithmetic."""

from __future__ import annotations

from bot.rules.ottoman_piracy.models import BaseDiceReason
from bot.rules.ottoman_piracy.models import DiceSourceKind
from bot.rules.ottoman_piracy.models import ExclusionReason
from bot.rules.ottoman_piracy.models import LeaderBonus
from bot.rules.ottoman_piracy.models import OttomanDice
from bot.rules.ottoman_piracy.models import OttomanPiracySettings
from bot.rules.ottoman_piracy.models import OttomanPiracyState
from bot.rules.ottoman_piracy.models import PiracyDeclaration
from bot.rules.ottoman_piracy.models import TargetDiceSource
from bot.rules.ottoman_piracy.names import HOSPITALLERS
from bot.rules.ottoman_piracy.names import OTTOMAN

_SOURCE_KIND: dict[str, DiceSourceKind] = {
    "zone": "squadron_in_zone",
    "adjacent_sea": "squadron_adjacent_sea",
    "adjacent_port": "squadron_adjacent_port",
}


def count_target_dice(
    state: OttomanPiracyState, settings: OttomanPiracySettings, declaration: PiracyDeclaration
) -> list[TargetDiceSource]:
    """The target's anti-piracy dice by source, excluded sources included (OP-2, OP-I4-I6).

    Squadrons: 2 each for the target's in the zone (OP-2.2); 1 each for the target's or a
    power at war's in an adjacent sea zone or port (OP-2.3); a third power at war in the
    zone itself gives `other_powers_in_zone_dice` (OP-I4). Fortified spaces: 1 for a
    fortress that is not besieged, not in unrest, and held by the target, a power at war
    or the Hospitallers (OP-2.4, OP-2.5, OP-I5, OP-I6); a Hospitaller fortress follows
    `hospitallers_count` whether or not the Hospitallers are registered at war (OP-I6).
    Ottoman units never give dice.
    """
    target = declaration.target
    sources: list[TargetDiceSource] = []
    for group in declaration.squadrons:
        power = group.power
        per_squadron, clause = 0, "OP-2.3"
        excluded: ExclusionReason | None = None
        if power == OTTOMAN:
            clause, excluded = "OP-I4", "ottoman"
        elif group.location == "zone":
            if power == target:
                per_squadron, clause = 2, "OP-2.2"
            elif state.is_at_war(power):
                per_squadron, clause = settings.other_powers_in_zone_dice, "OP-I4"
                excluded = None if per_squadron else "third_power_in_zone"
            else:
                clause, excluded = "OP-2.2", "not_at_war"
        elif power == target or state.is_at_war(power):
            per_squadron = 1
        else:
            excluded = "not_at_war"
        sources.append(
            TargetDiceSource(
                kind=_SOURCE_KIND[group.location],
                power=power,
                place=group.place,
                units=group.count,
                dice=per_squadron * group.count,
                clause=clause,
                excluded=excluded,
            )
        )
    for space in declaration.fortified_spaces:
        controller = space.controller
        gives, clause = False, "OP-2.4"
        excluded = None
        if space.space_type != "fortress" and not settings.fortified_spaces_count:
            clause, excluded = "OP-2.5", "not_a_fortress"
        elif space.besieged:
            excluded = "besieged"
        elif space.unrest:
            excluded = "unrest"
        elif controller == OTTOMAN:
            excluded = "ottoman"
        elif controller == target:
            gives = True
        elif controller == HOSPITALLERS:
            # OP-I6: the Hospitallers' own war status never matters, only the setting and,
            # with it off, the target's.
            clause = "OP-I6"
            if settings.hospitallers_count or state.is_at_war(target):
                gives = True
            else:
                excluded = "hospitallers_need_war"
        elif state.is_at_war(controller):
            gives = True
        else:
            excluded = "not_at_war"
        if space.space_type != "fortress" and gives:
            clause = "OP-I5"
        sources.append(
            TargetDiceSource(
                kind="fortified_space",
                power=controller,
                place=space.name,
                units=1,
                dice=1 if gives else 0,
                clause=clause,
                excluded=excluded,
            )
        )
    return sources


def count_ottoman_dice(
    settings: OttomanPiracySettings, declaration: PiracyDeclaration, corsairs_left: int
) -> OttomanDice:
    """The Ottoman piracy dice: base 1 or 2 plus the leaders' ratings (OP-4.2-4.4, OP-I8, I9).

    The base is 1 when only 1 corsair is counted (after step 3 by default) or only 1 target
    port is adjacent, else 2. Call it only when at least one corsair survived (OP-4.1).
    """
    counted = (
        corsairs_left
        if settings.corsair_count_timing == "after_anti_piracy"
        else declaration.corsairs
    )
    reason: BaseDiceReason
    if counted == 1:
        base, reason = 1, "one_corsair"
    elif declaration.target_ports == 1:
        base, reason = 1, "one_port"
    else:
        base, reason = 2, "otherwise"
    rated = [(leader, settings.piracy_ratings[leader]) for leader in declaration.naval_leaders]
    if settings.leader_rating_mode == "sum":
        leaders = [LeaderBonus(leader=name, rating=r, counted=True) for name, r in rated]
    else:
        best = max((r for _, r in rated), default=0)
        best_name = next((name for name, r in rated if r == best), None)
        leaders = [
            LeaderBonus(leader=name, rating=r, counted=name == best_name) for name, r in rated
        ]
    return OttomanDice(
        corsairs_counted=counted,
        target_ports=declaration.target_ports,
        base=base,
        base_reason=reason,
        leaders=leaders,
    )
