"""Who may shoot whom: the class ladder (FC-5.4–5.8, FC-I8), the automatic target policy
(FC-I17) and the order in which a participant's groups fire (FC-I7).

Everything here works on class counts ("how many ships of each class are alive"), so the
round engine and the odds calculator share one implementation.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from bot.rules.fleet_combat.models import FireOrder
from bot.rules.fleet_combat.settings import FleetCombatSettings


def eligible_classes(
    shooter_class: str,
    opponent_counts: Mapping[str, int],
    settings: FleetCombatSettings,
    *,
    use_ladder: bool = True,
) -> list[str]:
    """The opponent's classes a group of `shooter_class` may target (FC-5.4–5.8, FC-I8).

    Every combat class at level ≤ L + reach; if there is none, only the lowest level above
    that where the opponent has ships. Transports/colonizers never. Result in class order.
    """
    present = [c for c, n in opponent_counts.items() if n > 0 and settings.is_combat_class(c)]
    if not use_ladder:
        return sorted(present, key=settings.class_rank)
    reach = settings.level_of(shooter_class) + settings.target_reach  # FC-5.4 "+1"
    within = [c for c in present if settings.level_of(c) <= reach]
    if within:
        return sorted(within, key=settings.class_rank)
    if not present:
        return []
    lowest_above = min(settings.level_of(c) for c in present)  # FC-5.6, FC-5.7
    return sorted(
        (c for c in present if settings.level_of(c) == lowest_above), key=settings.class_rank
    )


@dataclass(frozen=True)
class TargetOption:
    """One (opponent, class) pair a group could shoot, with what the policy compares."""

    opponent: str
    target_class: str
    level: int
    ships: int
    opponent_index: int


def target_options(
    shooter_class: str,
    opponents: Sequence[tuple[str, Mapping[str, int]]],
    settings: FleetCombatSettings,
    *,
    ladderless: Collection[str] = (),
) -> list[TargetOption]:
    """Every eligible pair over `opponents` (given in turn order with their class counts).

    Opponents named in `ladderless` may be shot in any combat class (FC-I15 alternative).
    """
    options: list[TargetOption] = []
    for index, (opponent, counts) in enumerate(opponents):
        use_ladder = opponent not in ladderless
        for target_class in eligible_classes(
            shooter_class, counts, settings, use_ladder=use_ladder
        ):
            options.append(
                TargetOption(
                    opponent=opponent,
                    target_class=target_class,
                    level=settings.level_of(target_class),
                    ships=counts[target_class],
                    opponent_index=index,
                )
            )
    return options


def legal_options(
    shooter_class: str,
    hostile: Sequence[tuple[str, Mapping[str, int]]],
    retreating: Collection[str],
    settings: FleetCombatSettings,
) -> tuple[list[TargetOption], bool]:
    """What a group may shoot this round, and whether that is a parting volley.

    FC-I8 against each hostile participant (in turn order with its class counts); while any
    of them is retreating and reachable, only the retreaters (FC-6.2, FC-I15), with or
    without the ladder per `parting_volley_uses_ladder`.
    """
    ladderless = () if settings.parting_volley_uses_ladder else retreating
    parting = [(faction, counts) for faction, counts in hostile if faction in retreating]
    options = target_options(shooter_class, parting, settings, ladderless=ladderless)
    if options:
        return options, True
    return target_options(shooter_class, hostile, settings, ladderless=ladderless), False


def choose_automatic_target(
    options: Iterable[TargetOption], settings: FleetCombatSettings
) -> TargetOption | None:
    """The automatic policy's pick (FC-I17): by level per `auto_target_policy`, then more
    ships, then the earlier participant in turn order, then the fixed class order.

    `most_ships` compares ship counts first and breaks ties by the higher level.
    """
    policy = settings.auto_target_policy

    def key(option: TargetOption) -> tuple[int, int, int, tuple[int, int]]:
        rank = settings.class_rank(option.target_class)
        if policy == "lowest_level":
            return (option.level, -option.ships, option.opponent_index, rank)
        if policy == "most_ships":
            return (-option.ships, -option.level, option.opponent_index, rank)
        return (-option.level, -option.ships, option.opponent_index, rank)

    return min(options, key=key, default=None)


def firing_order(
    classes: Iterable[str],
    orders: Sequence[FireOrder],
    settings: FleetCombatSettings,
) -> list[str]:
    """The order a participant's groups fire in (FC-I7): listed classes in listing order,
    then the others by ascending level and the fixed class order (FC-I17)."""
    present = list(dict.fromkeys(classes))
    listed = list(dict.fromkeys(o.ship_class for o in orders if o.ship_class in present))
    rest = sorted(
        (c for c in present if c not in listed),
        key=lambda c: (settings.level_of(c), settings.class_rank(c)),
    )
    return listed + rest
