"""Battle commands: declare an attack (FC-4, FC-I5), fire orders (FC-5.1–5.8, FC-I7, FC-I8),
retreat (FC-6, FC-I15), allies, closing, resolving a round, and status/legal targets as data.

Every command is pure: `(state, settings, command[, dice]) -> outcome` with a new state.
The new state is a copy-on-write copy (`copies.copy_for_write`): the battle a command
changes (with the fleets at its point and the reserve, when a round is fought or the battle
closed) is copied; everything else is shared with the input, which never changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from itertools import combinations
from typing import Any
from typing import Literal

from bot.dice import Dice
from bot.dice_stats import rolled_by_outcome
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.copies import copy_for_write
from bot.rules.fleet_combat.fleets import fleets_at
from bot.rules.fleet_combat.fleets import sort_participants
from bot.rules.fleet_combat.ladder import Ladder
from bot.rules.fleet_combat.ladder import firing_order
from bot.rules.fleet_combat.messages import class_count
from bot.rules.fleet_combat.messages import round_lines
from bot.rules.fleet_combat.messages import shown_class
from bot.rules.fleet_combat.messages import shown_classes
from bot.rules.fleet_combat.models import Battle
from bot.rules.fleet_combat.models import BattleResult
from bot.rules.fleet_combat.models import DeclareAttack
from bot.rules.fleet_combat.models import DeclareRetreat
from bot.rules.fleet_combat.models import FireOrder
from bot.rules.fleet_combat.models import FleetCombatState
from bot.rules.fleet_combat.models import Participant
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.models import SetFireOrders
from bot.rules.fleet_combat.models import Ship
from bot.rules.fleet_combat.models import TargetSource
from bot.rules.fleet_combat.rounds import end_battle
from bot.rules.fleet_combat.rounds import fight_round
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.fleet_combat.settings import check_classes_unlike
from bot.rulesets import ArchiveRecord
from bot.text import shown
from bot.text import shown_msg


@dataclass(frozen=True)
class BattleOutcome:
    """A battle command's result: the new state, the battle as it now stands, summary lines."""

    state: FleetCombatState
    battle: Battle
    lines: list[Msg] = field(default_factory=list)
    movement_locked: list[str] = field(default_factory=list)
    opened: bool = False


@dataclass(frozen=True)
class RoundOutcome:
    """One resolved round: the new state, the round's report (data, kept in the battle's log
    in the archive, not in the state: `archive`) and its summary lines."""

    state: FleetCombatState
    report: RoundReport
    lines: list[Msg] = field(default_factory=list)
    # The audit outcome's part naming the faction that rolled each roll (`/history stats`).
    rolled_by: dict[str, Any] = field(default_factory=dict)

    @property
    def archive(self) -> list[ArchiveRecord]:
        """The report as the record its battle's log keeps (the scaffold archives it)."""
        return [self.report.log_record()]


@dataclass(frozen=True)
class LegalTarget:
    """One (opponent, class) a group may be ordered to shoot now (FC-I8, FC-I15)."""

    opponent: str
    target_class: str
    level: int
    ships: int
    retreating: bool


@dataclass(frozen=True)
class GroupStatus:
    """One of a participant's firing groups (FC-I7) with its order and legal targets."""

    ship_class: str
    ships: int
    attack_dice: int
    hit_on: int | None
    order: FireOrder | None
    legal_targets: list[LegalTarget]
    # How the coming round reads `order` (`Ladder.read_order`, as the round aims): as given
    # (`order`), at the automatic target (FC-I17: no order, a part no longer legal
    # `invalid_order`, a parting volley's `retreat_override`, FC-6.2), or not at all
    # (`no_target`: nothing legal to shoot, FC-I8; a retreating group does not fire).
    aim: TargetSource | Literal["no_target"]


@dataclass(frozen=True)
class ParticipantStatus:
    """A participant as the status embed shows it."""

    faction: str
    side: str
    status: str
    retreating: bool
    orders_given: bool
    ships: list[Ship]


@dataclass(frozen=True)
class BattleStatus:
    """A battle as data: who fights whom, with what, and what is still awaited."""

    id: int
    point: str
    active: bool
    rounds_fought: int
    next_round: int
    declared_turn: int | None
    participants: list[ParticipantStatus]
    hostile_pairs: list[tuple[str, str]]
    retreat_allowed: bool
    result: BattleResult | None


LISTED_SHIPS = 30  # ship ids a refusal lists before "…"


def get_battle(state: FleetCombatState, battle_id: int, *, active: bool = True) -> Battle:
    """The battle with this id; NotFound if none, RuleViolation if it is over and `active`."""
    battle = state.battle(battle_id)
    if battle is None:
        raise NotFound("fleet_combat.error.battle_not_found", battle=battle_id)
    if active and not battle.active:
        raise RuleViolation("fleet_combat.error.battle_over", clause="FC-I16", battle=battle_id)
    return battle


def _engaged(battle: Battle, faction: str) -> Participant:
    participant = battle.participant(faction)
    if participant is None:
        raise RuleViolation(
            "fleet_combat.error.not_participant",
            clause="FC-I5",
            faction=shown(faction),
            battle=battle.id,
        )
    if participant.status != "active":
        raise RuleViolation(
            "fleet_combat.error.participant_left",
            clause="FC-6.3",
            faction=shown(faction),
            battle=battle.id,
        )
    return participant


def _copy_with_battle(
    state: FleetCombatState, battle_id: int, *, fleets_at_point: bool = False
) -> tuple[FleetCombatState, Battle]:
    """A copy a command may write into, and in it the active battle it changes (its own copy).

    With `fleets_at_point` (a round fought, the battle ended) the fleets at the battle's
    point with their lists of ships (wounds, losses) are private too (FC-3.1, FC-I14).
    """
    battle = get_battle(state, battle_id)
    points = [battle.point] if fleets_at_point else []
    new = copy_for_write(state, battles=[battle.id], points=points)
    return new, get_battle(new, battle_id)


def _pair(a: str, b: str) -> tuple[str, str]:
    return (min(a, b), max(a, b))


def settings_guard(
    state: FleetCombatState, old: FleetCombatSettings, new: FleetCombatSettings
) -> None:
    """Refuse settings the fleets and battles cannot take now, whichever command writes them
    (`/combat stats set|upload|reset`, `/campaign settings set` or `import`): a class the
    ship table adds is no other class in another spelling and does not look like one
    (`check_classes_unlike`, FC-I4), the table keeps every class registered ships use
    (FC-I4), and the classes fighting an active battle keep their level
    (`check_levels_kept`, FC-I6)."""
    added = [c for c in new.ship_stats if c not in old.ship_stats]
    if added:
        check_classes_unlike(added, [c for c in new.ship_stats if c in old.ship_stats])
    used = {ship.ship_class for f in state.fleets for ship in f.ships}
    missing = sorted(used - set(new.ship_stats))
    if missing:
        raise RuleViolation(
            "fleet_combat.error.class_in_use",
            clause="FC-I4",
            classes=shown_classes(missing),
        )
    check_levels_kept(state, old, new)


def check_levels_kept(
    state: FleetCombatState, old: FleetCombatSettings, new: FleetCombatSettings
) -> None:
    """Refuse a ship table that changes the level of a class whose ships fight in an active
    battle (FC-I6): between rounds a battle stays as it is, and a class made non-combat
    mid-battle would be destroyed unrolled at the round's end as transports are (FC-I13),
    or one put on another level would make fire orders already given illegal (FC-5.6).
    Attack, defence and life may change (they are read when the round is fought)."""

    def level(settings: FleetCombatSettings, ship_class: str) -> int | None:
        return settings.level_of(ship_class) if settings.is_combat_class(ship_class) else None

    for battle in state.active_battles():
        engaged = {
            ship.ship_class
            for p in battle.engaged()
            if (fleet := state.fleet(p.faction, battle.point)) is not None
            for ship in fleet.ships
        }
        changed = sorted(c for c in engaged if level(old, c) != level(new, c))
        if changed:
            raise RuleViolation(
                "fleet_combat.error.level_in_battle",
                clause="FC-I6",
                classes=shown_classes(changed),
                battle=battle.id,
            )


def declare_attack(
    state: FleetCombatState, settings: FleetCombatSettings, command: DeclareAttack
) -> BattleOutcome:
    """FC-4.1, FC-4.2, FC-I5: open a battle at the point, or join the one already there.

    The declarer and each named player become participants (everyone present with
    `hostility_model = all_present`), hostile in pairs; all of them are movement-locked
    for the rest of `command.turn`.
    """
    point = state.known_point(command.point)  # `mecatol` is the registered `Mecatol`
    existing = state.battle_at(point)
    if existing is not None:
        point = existing.point
    new = copy_for_write(state, battles=[existing.id] if existing is not None else [])
    present = {f.faction for f in fleets_at(new, point)}
    targets = list(dict.fromkeys(command.targets))
    if not targets:
        raise RuleViolation("fleet_combat.error.no_targets", clause="FC-4.1")
    if command.attacker in targets:
        raise RuleViolation("fleet_combat.error.attack_self", clause="FC-4.1")
    for faction in [command.attacker, *targets]:
        if faction not in present:
            raise RuleViolation(
                "fleet_combat.error.not_at_point",
                clause="FC-4.1",
                faction=shown(faction),
                point=shown(point),
            )
        owed = new.retreat_move(faction, point)
        if owed is not None:  # FC-6.3: it left the point at once; only the record lags
            raise RuleViolation(
                "fleet_combat.error.retreated_from_point",
                clause="FC-6.3",
                faction=shown(faction),
                point=shown(point),
                battle=owed.battle,
            )
    present = {f for f in present if new.retreat_move(f, point) is None}
    battle = new.battle_at(point)
    opened = battle is None
    if battle is None:
        battle = Battle(id=new.next_battle_id, point=point, declared_turn=command.turn)
        new.next_battle_id += 1
        new.battles.append(battle)
    joining = [command.attacker, *targets]
    engaged_before = {p.faction for p in battle.engaged()}
    if settings.hostility_model == "all_present":
        joining += sorted(present - set(joining))
    for faction in joining:
        participant = battle.participant(faction)
        if participant is None:
            battle.participants.append(
                Participant(faction=faction, side=faction, joined_turn=command.turn)
            )
        elif participant.status == "left":
            participant.status = "active"
            participant.left_round = None
            participant.joined_turn = command.turn
    sides = {p.faction: p.side for p in battle.participants}
    for target in targets:
        if sides[target] == sides[command.attacker]:
            raise RuleViolation(
                "fleet_combat.error.attack_ally", clause="FC-I5", faction=shown(target)
            )
    pairs = {_pair(*p) for p in battle.hostile_pairs}
    if settings.hostility_model == "all_present":
        pairs |= {_pair(a, b) for a, b in combinations(joining, 2) if sides[a] != sides[b]}
    else:
        pairs |= {_pair(command.attacker, t) for t in targets}
    battle.hostile_pairs = sorted(pairs)
    sort_participants(battle, new.turn_order)
    locked = [p.faction for p in battle.participants if p.faction in set(joining)]
    # FC-I5 `all_present`: those at the point who were neither declarer nor named join too,
    # and the line names them (in turn order)
    declared = {command.attacker, *targets}
    drawn_in = [f for f in locked if f not in declared and f not in engaged_before]
    key = "fleet_combat.attack.opened" if opened else "fleet_combat.attack.joined"
    told: dict[str, str] = {}
    if drawn_in:
        key += "_everyone"
        told["drawn_in"] = ", ".join(drawn_in)
    lines = [
        Msg(
            key,
            attacker=command.attacker,
            targets=", ".join(targets),
            battle=battle.id,
            point=point,
            **told,
        ),
        Msg("fleet_combat.attack.movement_locked", factions=", ".join(locked)),
    ]
    return BattleOutcome(new, battle, lines, movement_locked=locked, opened=opened)


def _counts(
    state: FleetCombatState, settings: FleetCombatSettings, faction: str, point: str
) -> dict[str, int]:
    fleet = state.fleet(faction, point)
    counts: dict[str, int] = {}
    for ship in fleet.ships if fleet is not None else []:
        if settings.is_combat_class(ship.ship_class):
            counts[ship.ship_class] = counts.get(ship.ship_class, 0) + 1
    return counts


def target_counts(
    state: FleetCombatState, settings: FleetCombatSettings, battle: Battle
) -> dict[tuple[str, str], int]:
    """The combat ships of each class each participant has at the battle's point, by
    (faction, class): the count a target is named by, one ship by the singular (FC-5.2), as
    the round counts it. Non-combat ships are no target (FC-5.8) and are left out."""
    return {
        (participant.faction, ship_class): ships
        for participant in battle.participants
        for ship_class, ships in _counts(state, settings, participant.faction, battle.point).items()
    }


def _legal(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle: Battle,
    faction: str,
    ship_class: str,
    order: FireOrder | None = None,
) -> tuple[list[LegalTarget], TargetSource | None]:
    """The group's legal targets, and how the round reads `order` (`Ladder.read_order`)."""
    hostile = [
        p.faction
        for p in battle.engaged()
        if p.faction != faction and battle.hostile(faction, p.faction)
    ]
    pairs = [(f, _counts(state, settings, f, battle.point)) for f in hostile]
    source, options, parting, _ = Ladder(settings).read_order(
        ship_class, pairs, battle.retreats, order
    )
    legal = [LegalTarget(o.opponent, o.target_class, o.level, o.ships, parting) for o in options]
    return legal, source


def legal_targets(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle_id: int,
    faction: str,
    ship_class: str,
) -> list[LegalTarget]:
    """Targets `faction`'s `ship_class` group may be ordered to shoot in the coming round.

    FC-5.4–5.8 and FC-I8 against each hostile participant; only retreating participants when
    any hostile one retreats (FC-I15). Empty when the group cannot fire or is retreating.
    """
    battle = get_battle(state, battle_id)
    _engaged(battle, faction)
    if faction in battle.retreats or not settings.is_combat_class(ship_class):
        return []
    if ship_class not in _counts(state, settings, faction, battle.point):
        return []
    return _legal(state, settings, battle, faction, ship_class)[0]


def firing_groups(
    state: FleetCombatState, settings: FleetCombatSettings, battle_id: int, faction: str
) -> list[GroupStatus]:
    """A participant's groups in firing order (FC-I7), with current orders and legal targets."""
    battle = get_battle(state, battle_id)
    _engaged(battle, faction)
    counts = _counts(state, settings, faction, battle.point)
    orders = battle.orders.get(faction, [])
    by_class = {o.ship_class: o for o in orders}
    groups: list[GroupStatus] = []
    for ship_class in firing_order(counts, orders, settings):
        stats = settings.stats_of(ship_class)
        order = by_class.get(ship_class)
        legal, source = (
            ([], None)
            if faction in battle.retreats
            else _legal(state, settings, battle, faction, ship_class, order)
        )
        groups.append(
            GroupStatus(
                ship_class=ship_class,
                ships=counts[ship_class],
                attack_dice=counts[ship_class] * stats.attack_dice,
                hit_on=stats.attack_hit,
                order=order,
                legal_targets=legal,
                aim="no_target" if source is None else source,
            )
        )
    return groups


def _check_order(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle: Battle,
    faction: str,
    order: FireOrder,
) -> None:
    counts = _counts(state, settings, faction, battle.point)
    if order.ship_class not in counts:
        raise RuleViolation(
            "fleet_combat.error.no_such_group",
            clause="FC-5.1",
            ship_class=shown_class(order.ship_class),
        )
    if order.hold:
        if not settings.allow_hold_fire:
            raise RuleViolation("fleet_combat.error.hold_fire", clause="FC-I7")
        if order.targets:
            raise RuleViolation("fleet_combat.error.hold_with_targets", clause="FC-I7")
        return
    if not order.targets:
        raise RuleViolation(
            "fleet_combat.error.no_target_given",
            clause="FC-5.2",
            ship_class=shown_class(order.ship_class),
        )
    _check_split(settings, order, counts[order.ship_class])
    legal = _legal(state, settings, battle, faction, order.ship_class)[0]
    legal_pairs = {(t.opponent, t.target_class) for t in legal}
    for target in order.targets:
        if (target.opponent, target.target_class) in legal_pairs:
            continue
        opponent = battle.participant(target.opponent)
        if (
            opponent is None
            or opponent.status != "active"
            or not battle.hostile(faction, target.opponent)
        ):
            raise RuleViolation(
                "fleet_combat.error.not_hostile", clause="FC-I5", faction=shown(target.opponent)
            )
        if target.target_class in settings.non_combat_classes:
            raise RuleViolation(
                "fleet_combat.error.target_transport",
                clause="FC-5.8",
                target_class=shown_class(target.target_class),
            )
        if any(t.retreating for t in legal) and target.opponent not in battle.retreats:
            raise RuleViolation(
                "fleet_combat.error.must_fire_at_retreater",
                clause="FC-6.2",
                factions=", ".join(shown(f) for f in sorted({t.opponent for t in legal})),
            )
        allowed = [t.target_class for t in legal if t.opponent == target.opponent]
        if target.target_class not in _counts(state, settings, target.opponent, battle.point):
            raise RuleViolation(  # nothing of that class to shoot, whatever the ladder says
                "fleet_combat.error.target_absent",
                clause="FC-5.2",
                faction=shown(target.opponent),
                ship_class=shown_class(order.ship_class),
                target_class=shown_class(target.target_class),
                allowed=shown_classes(allowed),
            )
        raise RuleViolation(
            "fleet_combat.error.target_not_eligible",
            clause="FC-5.4",
            ship_class=shown_class(order.ship_class),
            target_class=shown_class(target.target_class),
            allowed=shown_classes(allowed),
            reach=Msg("fleet_combat.levels_up", count=settings.target_reach),
        )


def _check_split(settings: FleetCombatSettings, order: FireOrder, ships: int) -> None:
    """FC-I7 split fire: only with `allow_split_fire`, and any dice count at all is a split.

    Every part but the last gives its dice, fewer than the group's in total; the last takes
    the rest, or gives a count that makes the parts add up exactly to the group's dice.
    """
    dice = [t.dice for t in order.targets]
    if len(dice) == 1 and dice[0] is None:
        return
    if not settings.allow_split_fire:
        raise RuleViolation("fleet_combat.error.split_fire", clause="FC-I7")
    total = ships * settings.stats_of(order.ship_class).attack_dice
    given = [d for d in dice[:-1] if d is not None]
    if len(given) < len(dice) - 1 or (dice[-1] is None and sum(given) >= total):
        raise RuleViolation("fleet_combat.error.split_dice", clause="FC-I7", dice=total)
    last = dice[-1]
    if last is not None and sum(given) + last != total:
        raise RuleViolation(
            "fleet_combat.error.split_total",
            clause="FC-I7",
            given=Msg("fleet_combat.dice", count=sum(given) + last),
            ships=shown_msg(class_count(order.ship_class, ships)),
            dice=Msg("fleet_combat.dice", count=total),
        )


def _settled(order: FireOrder) -> FireOrder:
    """A split order as stored: the last part takes the rest (its count, if typed, is exactly
    that, `_check_split`), so it is kept without one."""
    if order.hold or not order.targets or order.targets[-1].dice is None:
        return order
    last = order.targets[-1].model_copy(update={"dice": None})
    return order.model_copy(update={"targets": [*order.targets[:-1], last]})


def set_fire_orders(
    state: FleetCombatState, settings: FleetCombatSettings, command: SetFireOrders
) -> BattleOutcome:
    """Record fire orders for the coming round, checked against FC-5.1–5.8, FC-I7, FC-I8.

    Orders are fixed before any dice are rolled (FC-5.3). They are checked again when the
    round is fought; one that became illegal meanwhile falls back to the automatic policy.
    """
    new, battle = _copy_with_battle(state, command.battle_id)
    _engaged(battle, command.faction)
    if command.faction in battle.retreats:
        raise RuleViolation("fleet_combat.error.retreating_no_orders", clause="FC-6.2")
    classes = [o.ship_class for o in command.orders]
    if len(set(classes)) != len(classes):
        raise RuleViolation("fleet_combat.error.duplicate_order", clause="FC-I7")
    for order in command.orders:
        _check_order(new, settings, battle, command.faction, order)
    settled = [_settled(o) for o in command.orders]
    if command.replace:
        orders = settled
    else:
        orders = list(battle.orders.get(command.faction, []))
        for order in settled:
            index = next(
                (i for i, o in enumerate(orders) if o.ship_class == order.ship_class), None
            )
            if index is None:
                orders.append(order)
            else:
                orders[index] = order
    if orders == battle.orders.get(command.faction):
        # The orders given again as they stand (a resend): nothing to record, nor to log. Not
        # so automatic targets picked before any order: they tell the faction has answered.
        raise RuleViolation(
            "fleet_combat.error.order_stands",
            clause="FC-5.3",
            faction=shown(command.faction),
            battle=battle.id,
            round=battle.next_round,
        )
    battle.orders[command.faction] = orders
    lines = [
        Msg(
            "fleet_combat.orders.recorded",
            faction=command.faction,
            battle=battle.id,
            round=battle.next_round,
        )
    ]
    return BattleOutcome(new, battle, lines)


def declare_retreat(
    state: FleetCombatState, settings: FleetCombatSettings, command: DeclareRetreat
) -> BattleOutcome:
    """FC-6.1, FC-6.4, FC-I15: announce a retreat for the coming round (or withdraw it).

    Refused before round `retreat_min_round` (2 by default: never in the first round), and
    when it would change nothing: a retreat already declared, or a cancel with none to call
    off. The retreater's fire orders are dropped: it does not fire that round (FC-6.2).
    """
    new, battle = _copy_with_battle(state, command.battle_id)
    _engaged(battle, command.faction)
    if command.cancel:
        if command.faction not in battle.retreats:
            raise RuleViolation(
                "fleet_combat.error.no_retreat_to_cancel",
                clause="FC-6.1",
                faction=shown(command.faction),
                battle=battle.id,
            )
        battle.retreats = [f for f in battle.retreats if f != command.faction]
        line = Msg("fleet_combat.retreat.withdrawn", faction=command.faction, battle=battle.id)
        return BattleOutcome(new, battle, [line])
    if battle.next_round < settings.retreat_min_round:
        raise RuleViolation(
            "fleet_combat.error.retreat_too_early",
            clause="FC-6.4",
            round=battle.next_round,
            min_round=settings.retreat_min_round,
        )
    fleet = state.fleet(command.faction, battle.point)
    if fleet is None or not fleet.ships:  # a GM removed it: nothing is left to move (FC-6.3)
        raise RuleViolation(
            "fleet_combat.error.retreat_without_ships",
            clause="FC-6.3",
            faction=shown(command.faction),
            battle=battle.id,
        )
    if command.faction in battle.retreats:
        raise RuleViolation(
            "fleet_combat.error.already_retreating",
            clause="FC-6.1",
            faction=shown(command.faction),
            battle=battle.id,
            round=battle.next_round,
        )
    battle.retreats.append(command.faction)
    battle.orders.pop(command.faction, None)
    line = Msg(
        "fleet_combat.retreat.declared",
        faction=command.faction,
        battle=battle.id,
        round=battle.next_round,
        count=settings.retreat_distance_points,
    )
    return BattleOutcome(new, battle, [line])


def set_allies(
    state: FleetCombatState, settings: FleetCombatSettings, battle_id: int, factions: Sequence[str]
) -> BattleOutcome:
    """Register participants as allies: one side, never hostile to each other (FC-I5, GM).

    At least two distinct participants still fighting are named, not all on one side already
    (that would change nothing). With `declared_pairs`, players who declared attacks on each
    other cannot be made allies.
    """
    new, battle = _copy_with_battle(state, battle_id)
    members = [_engaged(battle, f) for f in dict.fromkeys(factions)]
    if len(members) < 2:
        raise RuleViolation("fleet_combat.error.allies_two", clause="FC-I5", battle=battle.id)
    old_sides = {p.side for p in members}
    if len(old_sides) == 1:
        raise RuleViolation(
            "fleet_combat.error.already_allies",
            clause="FC-I5",
            battle=battle.id,
            factions=", ".join(shown(f) for f in sorted(p.faction for p in members)),
        )
    side = members[0].side
    for participant in battle.participants:
        if participant.side in old_sides:
            participant.side = side
    allied = {p.faction for p in battle.participants if p.side == side}
    inside = [pair for pair in battle.hostile_pairs if pair[0] in allied and pair[1] in allied]
    if inside and settings.hostility_model == "declared_pairs":
        raise RuleViolation(
            "fleet_combat.error.allies_hostile",
            clause="FC-I5",
            factions=", ".join(shown(f) for f in inside[0]),
        )
    battle.hostile_pairs = [p for p in battle.hostile_pairs if p not in inside]
    line = Msg("fleet_combat.battle.allies", battle=battle.id, factions=", ".join(sorted(allied)))
    return BattleOutcome(new, battle, [line])


def set_damage_priority(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle_id: int,
    faction: str,
    ship_ids: Sequence[int] = (),
    *,
    clear: bool = False,
) -> BattleOutcome:
    """The owner's order for tied most-wounded ships (FC-I10 `wound_tie_break = owner_choice`).

    `clear` forgets the list (ties go by ship id again); otherwise at least one of the
    owner's ships in the battle is named. Ships and `clear` together are refused.
    """
    new, battle = _copy_with_battle(state, battle_id)
    _engaged(battle, faction)
    if clear:
        if ship_ids:
            raise RuleViolation("fleet_combat.error.priority_ships_and_clear", clause="FC-I10")
        battle.damage_priority.pop(faction, None)
        line = Msg("fleet_combat.battle.priority_cleared", faction=faction)
        return BattleOutcome(new, battle, [line])
    if not ship_ids:
        raise RuleViolation("fleet_combat.error.priority_no_ships", clause="FC-I10")
    fleet = new.fleet(faction, battle.point)
    own = {s.id for s in fleet.ships} if fleet is not None else set()
    unknown = [i for i in ship_ids if i not in own]
    if unknown:
        listed = [f"#{i}" for i in sorted(own)]
        ships = MsgList(listed[:LISTED_SHIPS] + (["…"] if len(listed) > LISTED_SHIPS else []))
        raise NotFound(
            "fleet_combat.error.ship_not_found",
            ship=unknown[0],
            faction=shown(faction),
            ships=ships,
        )
    battle.damage_priority[faction] = list(dict.fromkeys(ship_ids))
    return BattleOutcome(new, battle, [Msg("fleet_combat.battle.priority_set", faction=faction)])


def resolve_round(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle_id: int,
    dice: Dice,
    *,
    turn: int | None = None,
    before_turn_end: bool = False,
) -> RoundOutcome:
    """Fight the next round of a battle now (end of turn, or a GM's "resolve now").

    Volleys in turn order, defence per hit, packets applied at the end (FC-4.4–FC-5.23,
    FC-I7–FC-I16); groups without orders use the automatic policy (FC-I17). With
    `before_turn_end` (a GM's "resolve now") the report says the battle waits for the
    turn's end, which fights the next round (FC-I6), not that it is frozen until next turn.
    """
    new, battle = _copy_with_battle(state, battle_id, fleets_at_point=True)
    first = len(dice.records)
    credits: dict[int, str] = {}
    report = fight_round(new, battle, settings, dice, turn=turn, rolled_by=credits)
    report.before_turn_end = before_turn_end
    return RoundOutcome(
        new,
        report,
        round_lines(report, retreat_distance=settings.retreat_distance_points),
        rolled_by_outcome(credits, first, len(dice.records)),
    )


def close_battle(
    state: FleetCombatState, settings: FleetCombatSettings, battle_id: int
) -> BattleOutcome:
    """A GM ends a battle at once (FC-I16); survivors keep their wounds (FC-I14)."""
    new, battle = _copy_with_battle(state, battle_id, fleets_at_point=True)
    holders = [
        p.faction for p in battle.engaged() if _counts(new, settings, p.faction, battle.point)
    ]
    retreated = [p.faction for p in battle.participants if p.status == "left"]
    result = BattleResult(reason="closed_by_gm", holders=holders, retreated=retreated)
    end_battle(new, battle, settings, result)
    line = Msg(
        "fleet_combat.battle.ended.closed_by_gm",
        battle=battle.id,
        holders=", ".join(holders) or "—",
    )
    return BattleOutcome(new, battle, [line])


def battle_status(
    state: FleetCombatState, settings: FleetCombatSettings, battle_id: int
) -> BattleStatus:
    """A battle as data for the status embed."""
    battle = get_battle(state, battle_id, active=False)
    participants = []
    for p in battle.participants:
        fleet = state.fleet(p.faction, battle.point)
        participants.append(
            ParticipantStatus(
                faction=p.faction,
                side=p.side,
                status=p.status,
                retreating=p.faction in battle.retreats,
                orders_given=p.faction in battle.orders or p.faction in battle.retreats,
                ships=list(fleet.ships) if fleet is not None else [],
            )
        )
    return BattleStatus(
        id=battle.id,
        point=battle.point,
        active=battle.active,
        rounds_fought=battle.rounds_fought,
        next_round=battle.next_round,
        declared_turn=battle.declared_turn,
        participants=participants,
        hostile_pairs=list(battle.hostile_pairs),
        retreat_allowed=battle.active and battle.next_round >= settings.retreat_min_round,
        result=battle.result,
    )
