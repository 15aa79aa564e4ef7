"""Who may shoot whom: the class ladder (FC-5.4–5.8, FC-I8), the automatic target policy
(FC-I17) and the order in which a participant's groups fire (FC-I7).

Everything here works on class counts ("how many ships of each class are alive"), so the
round engine and the odds calculator share one implementation.
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import NamedTuple

from bot.rules.fleet_combat.models import FireOrder
from bot.rules.fleet_combat.models import FireTarget
from bot.rules.fleet_combat.models import TargetSource
from bot.rules.fleet_combat.settings import FleetCombatSettings


class OrderReading(NamedTuple):
    """A group's order as the round reads it (`Ladder.read_order`)."""

    source: TargetSource | None  # None: no legal target, the group holds fire (FC-I8)
    options: list[TargetOption]
    parting: bool
    wanted: list[FireTarget]


class Ladder:
    """The ladder and the automatic policy of one `settings` (FC-5.4–5.8, FC-I8, FC-I17),
    with what they look up kept at hand: the round engine makes one per end of turn, the
    module functions below one per call. The settings must not change while it is used."""

    def __init__(self, settings: FleetCombatSettings) -> None:
        self.settings = settings
        self.levels = settings.class_levels
        self.reach = settings.target_reach  # FC-5.4 "+1"
        self.policy = settings.auto_target_policy
        non_combat = settings.non_combat_classes
        self.combat = {c for c in settings.ship_stats if c not in non_combat}
        self._ranks: dict[str, tuple[int, int]] = {}

    def rank(self, ship_class: str) -> tuple[int, int]:
        """`settings.class_rank`, remembered."""
        found = self._ranks.get(ship_class)
        if found is None:
            found = self._ranks[ship_class] = self.settings.class_rank(ship_class)
        return found

    def eligible(
        self, shooter_class: str, opponent_counts: Mapping[str, int], *, use_ladder: bool = True
    ) -> list[str]:
        """`eligible_classes` (see there)."""
        combat = self.combat
        present = [c for c, n in opponent_counts.items() if n > 0 and c in combat]
        if not use_ladder:
            return sorted(present, key=self.rank)
        levels = self.levels
        reach = levels[shooter_class] + self.reach
        within = [c for c in present if levels[c] <= reach]
        if within:
            return sorted(within, key=self.rank) if len(within) > 1 else within
        if not present:
            return []
        lowest_above = min(levels[c] for c in present)  # FC-5.6, FC-5.7
        return sorted((c for c in present if levels[c] == lowest_above), key=self.rank)

    def options(
        self,
        shooter_class: str,
        opponents: Sequence[tuple[str, Mapping[str, int]]],
        *,
        ladderless: Collection[str] = (),
    ) -> list[TargetOption]:
        """`target_options` (see there)."""
        levels = self.levels
        return [
            TargetOption(opponent, target_class, levels[target_class], counts[target_class], index)
            for index, (opponent, counts) in enumerate(opponents)
            for target_class in self.eligible(
                shooter_class, counts, use_ladder=opponent not in ladderless
            )
        ]

    def legal(
        self,
        shooter_class: str,
        hostile: Sequence[tuple[str, Mapping[str, int]]],
        retreating: Collection[str],
    ) -> tuple[list[TargetOption], bool]:
        """What a group may shoot this round, and whether that is a parting volley.

        FC-I8 against each hostile participant (in turn order with its class counts); while
        any of them is retreating and reachable, only the retreaters (FC-6.2, FC-I15), with
        or without the ladder per `parting_volley_uses_ladder`.
        """
        ladderless = () if self.settings.parting_volley_uses_ladder else retreating
        if retreating:
            parting = [(faction, counts) for faction, counts in hostile if faction in retreating]
            options = self.options(shooter_class, parting, ladderless=ladderless)
            if options:
                return options, True
        return self.options(shooter_class, hostile, ladderless=ladderless), False

    def read_order(
        self,
        shooter_class: str,
        hostile: Sequence[tuple[str, Mapping[str, int]]],
        retreating: Collection[str],
        order: FireOrder | None,
    ) -> OrderReading:
        """How the round reads a group's order (FC-I7, FC-I8, FC-6.2): its legal targets
        (`legal`), the parts of its order it follows (one unless `allow_split_fire`), and
        where its dice go: as ordered (`order`), nowhere for want of a legal target
        (source None), or at the automatic target (FC-I17) for want of an order, because a
        part of it is no longer legal (the whole split goes), or because a parting volley
        turns it on the retreaters (FC-6.2)."""
        options, parting = self.legal(shooter_class, hostile, retreating)
        wanted = order.targets if order is not None and not order.hold else []
        if wanted and not self.settings.allow_split_fire:
            wanted = wanted[:1]
        if not options:
            return OrderReading(None, options, parting, wanted)
        if not wanted:
            return OrderReading("automatic", options, parting, wanted)
        legal = {(o.opponent, o.target_class) for o in options}
        if all((t.opponent, t.target_class) in legal for t in wanted):
            return OrderReading("order", options, parting, wanted)
        everything = {(o.opponent, o.target_class) for o in self.options(shooter_class, hostile)}
        fine_but_not_parting = parting and all(
            (t.opponent, t.target_class) in everything for t in wanted
        )
        source: TargetSource = "retreat_override" if fine_but_not_parting else "invalid_order"
        return OrderReading(source, options, parting, wanted)

    def firing_order(self, classes: Iterable[str], orders: Sequence[FireOrder]) -> list[str]:
        """`firing_order` (see there)."""
        present = list(dict.fromkeys(classes))
        listed = list(dict.fromkeys(o.ship_class for o in orders if o.ship_class in present))
        levels, rank = self.levels, self.rank
        rest = sorted((c for c in present if c not in listed), key=lambda c: (levels[c], rank(c)))
        return listed + rest

    def choose(self, options: Iterable[TargetOption]) -> TargetOption | None:
        """`choose_automatic_target` (see there)."""
        if isinstance(options, list) and len(options) == 1:
            only: TargetOption = options[0]
            return only  # what `min` picks from one
        return min(options, key=self._policy_key, default=None)

    def _policy_key(self, option: TargetOption) -> tuple[int, int, int, tuple[int, int]]:
        """What the automatic policy compares, smallest first (FC-I17)."""
        rank = self.rank(option.target_class)
        if self.policy == "lowest_level":
            return (option.level, -option.ships, option.opponent_index, rank)
        if self.policy == "most_ships":
            return (-option.ships, -option.level, option.opponent_index, rank)
        return (-option.level, -option.ships, option.opponent_index, rank)


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
    return Ladder(settings).eligible(shooter_class, opponent_counts, use_ladder=use_ladder)


class TargetOption(NamedTuple):
    """One (opponent, class) pair a group could shoot, with what the policy compares
    (immutable and cheap to make: a round's aim builds several per group)."""

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
    return Ladder(settings).options(shooter_class, opponents, ladderless=ladderless)


def choose_automatic_target(
    options: Iterable[TargetOption], settings: FleetCombatSettings
) -> TargetOption | None:
    """The automatic policy's pick (FC-I17): by level per `auto_target_policy`, then more
    ships, then the earlier participant in turn order, then the fixed class order.

    `most_ships` compares ship counts first and breaks ties by the higher level.
    """
    return Ladder(settings).choose(options)


def firing_order(
    classes: Iterable[str],
    orders: Sequence[FireOrder],
    settings: FleetCombatSettings,
) -> list[str]:
    """The order a participant's groups fire in (FC-I7): listed classes in listing order,
    then the others by ascending level and the fixed class order (FC-I17)."""
    return Ladder(settings).firing_order(classes, orders)
