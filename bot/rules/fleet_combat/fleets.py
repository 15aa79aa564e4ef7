"""Registering, editing and moving fleets; the campaign turn order (pure commands).

Each command takes the state and returns an outcome holding a new state; the input is
never changed. The new state is a copy-on-write copy (`copies.copy_for_write`): only the
fleets a command edits (their lists of ships) are copied, the rest is shared with the input;
ships are frozen, so a ship with new wounds is a new ship.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.copies import copy_for_write
from bot.rules.fleet_combat.messages import ships_msg
from bot.rules.fleet_combat.messages import shown_class
from bot.rules.fleet_combat.messages import shown_classes
from bot.rules.fleet_combat.models import Battle
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.models import FleetCombatState
from bot.rules.fleet_combat.models import RegisterFleet
from bot.rules.fleet_combat.models import Ship
from bot.rules.fleet_combat.models import distinct_points
from bot.rules.fleet_combat.models import point_key
from bot.rules.fleet_combat.models import same_point
from bot.rules.fleet_combat.rounds import clear_wounds
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.text import look_alike
from bot.text import shown

MAX_FLEET_SHIPS = 1000
LISTED_POINTS = 20  # points a refusal lists before "…"


@dataclass(frozen=True)
class FleetOutcome:
    """A fleet command's result: the new state, the fleet now registered (None if removed)."""

    state: FleetCombatState
    fleet: Fleet | None
    lines: list[Msg] = field(default_factory=list)


def fleet_not_found(state: FleetCombatState, faction: str, point: str) -> NotFound:
    """The refusal of a fleet `faction` does not have at `point`: it lists the points where
    the faction has fleets, or says it has none."""
    points = distinct_points(f.point for f in state.fleets if f.faction == faction)
    if not points:
        return NotFound(
            "fleet_combat.error.fleet_not_found_none", faction=shown(faction), point=shown(point)
        )
    listed: list[str] = [shown(p) for p in points[:LISTED_POINTS]]
    return NotFound(
        "fleet_combat.error.fleet_not_found",
        faction=shown(faction),
        point=shown(point),
        points=MsgList(listed + (["…"] if len(points) > LISTED_POINTS else [])),
    )


def check_point_unlike(state: FleetCombatState, point: str) -> None:
    """A point no fleet or battle is at yet does not look like one that is (`Mеcatol Rex`
    with a Cyrillic `е` beside `Mecatol Rex`): fleets at the same point meet there and may
    fight (FC-4.1), and two points that read alike would keep them apart. The same point in
    another spelling is that point (`same_point`)."""
    known = dict.fromkeys([*(f.point for f in state.fleets), *(b.point for b in state.battles)])
    key = point_key(point)
    if any(point_key(p) == key for p in known):
        return
    other = look_alike(point, known)
    if other is not None:
        raise RuleViolation(
            "fleet_combat.error.point_look_alike",
            clause="FC-4.1",
            point=shown(point),
            existing=shown(other),
        )


def engaged_battle(state: FleetCombatState, faction: str, point: str) -> Battle | None:
    """The active battle at `point` that `faction` is still fighting in, if any."""
    battle = state.battle_at(point)
    if battle is None:
        return None
    participant = battle.participant(faction)
    return battle if participant is not None and participant.status == "active" else None


def validate_ships(
    settings: FleetCombatSettings,
    ships: Mapping[str, int],
    wounds: Mapping[str, Sequence[int]] | None = None,
) -> None:
    """Check classes, counts and wounds against the campaign table (FC-I4, FC-3.1)."""
    total = 0
    for ship_class, count in ships.items():
        if ship_class not in settings.ship_stats:
            raise RuleViolation(
                "fleet_combat.error.unknown_class",
                clause="FC-I4",
                ship_class=shown(ship_class),
                known=shown_classes(settings.ship_stats),
            )
        if count < 0:
            raise RuleViolation("fleet_combat.error.bad_count", clause="FC-I4", count=count)
        total += count
    if total > MAX_FLEET_SHIPS:
        raise RuleViolation(
            "fleet_combat.error.too_many_ships", clause="FC-I4", limit=MAX_FLEET_SHIPS
        )
    for ship_class, values in (wounds or {}).items():
        count = ships.get(ship_class, 0)
        life = settings.stats_of(ship_class).life if ship_class in settings.ship_stats else 1
        if len(values) > count:
            raise RuleViolation(
                "fleet_combat.error.too_many_wound_entries",
                clause="FC-2.3",
                ship_class=shown_class(ship_class),
                count=count,
            )
        for value in values:
            if not 0 <= value < life:
                raise RuleViolation(
                    "fleet_combat.error.wounds_reach_life",
                    clause="FC-3.1",
                    ship_class=shown_class(ship_class),
                    wounds=value,
                    life=life,
                )


def check_no_retreat_owed(state: FleetCombatState, faction: str, point: str) -> None:
    """Ships of `faction` are not recorded as arriving at (or registered at) a point its
    fleet retreated from and owes its move away from (FC-6.3, FC-I15): that fleet left at
    once, only the record lags, and ships there now would share its record and be taken away
    with it (or be left out of an attack there, FC-4.1). The move is recorded first."""
    owed = state.retreat_move(faction, point)
    if owed is not None:
        raise RuleViolation(
            "fleet_combat.error.retreat_move_first",
            clause="FC-6.3",
            faction=shown(faction),
            point=shown(owed.point),
            battle=owed.battle,
        )


def register_fleet(
    state: FleetCombatState, settings: FleetCombatSettings, command: RegisterFleet
) -> FleetOutcome:
    """Register or edit `command.faction`'s fleet at `command.point` (ships by class, wounds).

    Ships that stay keep their ids (lowest ids first); new ships get the next ids in the
    order the classes are given. A fleet still fighting an active battle may be edited only
    with `allow_while_engaged` (a GM correction), since the battle is frozen, not over (FC-I6).
    Zero ships remove the fleet; where the faction has no fleet they are refused as the fleet
    not found (FC-I4: there is nothing to remove), and nothing changes. Ships at a point the
    faction's fleet retreated from are refused until its move is recorded
    (`check_no_retreat_owed`); removing that fleet is not.
    """
    faction, point = command.faction.strip(), command.point.strip()
    if not faction or not point:
        raise RuleViolation("fleet_combat.error.bad_fleet_name", clause="FC-4.1")
    point = state.known_point(point)  # `mecatol` is the registered `Mecatol`
    validate_ships(settings, command.ships, command.wounds)
    if not any(command.ships.values()) and state.fleet(faction, point) is None:
        raise fleet_not_found(state, faction, point)  # zero ships where it has no fleet
    if any(command.ships.values()):
        check_no_retreat_owed(state, faction, point)
    check_point_unlike(state, point)
    new = copy_for_write(state, fleets=[(faction, point)])
    if engaged_battle(new, faction, point) is not None and not command.allow_while_engaged:
        raise RuleViolation("fleet_combat.error.fleet_engaged", clause="FC-I6", point=shown(point))
    old = new.fleet(faction, point)
    old_ships = sorted(old.ships, key=lambda s: s.id) if old is not None else []
    ships: list[Ship] = []
    for ship_class, count in command.ships.items():
        kept = [s for s in old_ships if s.ship_class == ship_class][:count]
        given = (command.wounds or {}).get(ship_class)
        for index in range(count):
            if index < len(kept):
                ship = kept[index]
            else:
                ship = Ship(id=new.next_ship_id, ship_class=ship_class)
                new.next_ship_id += 1
            if given is not None:
                ship = ship.with_wounds(given[index] if index < len(given) else 0)
            ships.append(ship)
    ships.sort(key=lambda s: s.id)
    new.fleets = [
        f for f in new.fleets if not (f.faction == faction and same_point(f.point, point))
    ]
    if not ships:
        new.retreat_moves = new.without_retreat_move(faction, point)  # nothing left to move
        return FleetOutcome(
            new, None, [Msg("fleet_combat.fleet.removed", faction=faction, point=point)]
        )
    fleet = Fleet(faction=faction, point=point, ships=ships)
    new.fleets.append(fleet)
    line = Msg(
        "fleet_combat.fleet.registered", faction=faction, point=point, ships=ships_msg(ships)
    )
    return FleetOutcome(new, fleet, [line])


def remove_fleet(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    faction: str,
    point: str,
    *,
    allow_while_engaged: bool = False,
) -> FleetOutcome:
    """Remove a faction's fleet from a point (not while it fights, FC-I6, unless a GM corrects)."""
    if state.fleet(faction, point) is None:
        raise fleet_not_found(state, faction, point)
    return register_fleet(
        state,
        settings,
        RegisterFleet(
            faction=faction, point=point, ships={}, allow_while_engaged=allow_while_engaged
        ),
    )


def move_fleet(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    faction: str,
    from_point: str,
    to_point: str,
) -> FleetOutcome:
    """Record a fleet's move (players move on the board; this keeps the registration in step).

    Refused while the fleet is still fighting at `from_point` (FC-4.2; leaving a battle is a
    retreat, FC-6). Merges into a fleet the faction already has at `to_point`, but not into
    one that retreated from there and still owes its move (`check_no_retreat_owed`). Each
    point is named as it is registered (`FleetCombatState.known_point`).
    """
    new = copy_for_write(state, fleets=[(faction, to_point)])
    fleet = new.fleet(faction, from_point)
    if fleet is None:
        raise fleet_not_found(new, faction, from_point)
    from_point, to_point = fleet.point, state.known_point(to_point)
    if engaged_battle(new, faction, from_point) is not None:
        raise RuleViolation(
            "fleet_combat.error.fleet_engaged", clause="FC-4.2", point=shown(from_point)
        )
    if same_point(from_point, to_point):
        return FleetOutcome(new, fleet, [])
    check_no_retreat_owed(state, faction, to_point)
    check_point_unlike(state, to_point)
    new.fleets.remove(fleet)
    new.retreat_moves = new.without_retreat_move(faction, from_point)  # FC-6.3: moved away
    target = new.fleet(faction, to_point)
    if target is None:
        target = Fleet(faction=faction, point=to_point)
        new.fleets.append(target)
    target.ships = sorted(target.ships + fleet.ships, key=lambda s: s.id)
    line = Msg(
        "fleet_combat.fleet.moved",
        faction=faction,
        from_point=from_point,
        to_point=to_point,
        ships=ships_msg(target.ships),
    )
    return FleetOutcome(new, target, [line])


def repair_fleet(
    state: FleetCombatState, settings: FleetCombatSettings, faction: str, point: str
) -> FleetOutcome:
    """Clear a fleet's wound tokens (FC-I14: the source has no repair rule; owner/GM command)."""
    new = copy_for_write(state, fleets=[(faction, point)])
    fleet = new.fleet(faction, point)
    if fleet is None:
        raise fleet_not_found(state, faction, point)
    if engaged_battle(new, faction, point) is not None:
        raise RuleViolation("fleet_combat.error.fleet_engaged", clause="FC-I6", point=shown(point))
    clear_wounds(fleet)
    return FleetOutcome(
        new, fleet, [Msg("fleet_combat.fleet.repaired", faction=faction, point=fleet.point)]
    )


def set_turn_order(
    state: FleetCombatState, settings: FleetCombatSettings, factions: Sequence[str]
) -> FleetCombatState:
    """Record the campaign's turn order (FC-4.4, FC-I7) and re-sort active battles by it."""
    new = copy_for_write(state, battles=[b.id for b in state.active_battles()])
    new.turn_order = list(dict.fromkeys(factions))
    for battle in new.active_battles():
        sort_participants(battle, new.turn_order)
    return new


def sort_participants(battle: Battle, turn_order: Sequence[str]) -> None:
    """Participants in turn order; factions outside it keep their joining order, after it."""
    position = {name: i for i, name in enumerate(turn_order)}
    joined = {p.faction: i for i, p in enumerate(battle.participants)}
    battle.participants.sort(
        key=lambda p: (position.get(p.faction, len(position)), joined[p.faction])
    )


def fleets_at(state: FleetCombatState, point: str) -> list[Fleet]:
    """Every fleet registered at a board point (`same_point`) that still has ships."""
    key = point_key(point)
    return [f for f in state.fleets if f.ships and point_key(f.point) == key]


def fleet_from_counts(
    faction: str,
    counts: Mapping[str, int],
    *,
    point: str = "",
    wounds: Mapping[str, Sequence[int]] | None = None,
) -> Fleet:
    """A fleet from class counts (ids 1, 2, … in the order given); `wounds` per class in order."""
    ships: list[Ship] = []
    for ship_class, count in counts.items():
        given = (wounds or {}).get(ship_class, [])
        for index in range(count):
            wound = given[index] if index < len(given) else 0
            ships.append(Ship(id=len(ships) + 1, ship_class=ship_class, wounds=wound))
    return Fleet(faction=faction, point=point, ships=ships)
