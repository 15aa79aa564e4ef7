"""The command test before an attack (NO-4.6, NO-5.5, NO-6.6; NO-I8…NO-I12).

Every check runs before any die: who may test (NO-I9), where the enemy may be attacked
(NO-I10, NO-I11, NO-I12), whether it is a legal raid target (NO-I12), and the tests left
this turn (NO-I9). A refused request rolls nothing and does not use up the turn's test.
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Literal

from bot.dice import Dice
from bot.dice_stats import Credits
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.naval_orders.damage import auxiliary_squadrons
from bot.rules.naval_orders.damage import damaged_count
from bot.rules.naval_orders.messages import command_test_lines
from bot.rules.naval_orders.models import CommandTestRequest
from bot.rules.naval_orders.models import CruiseOrder
from bot.rules.naval_orders.models import EnemyPlace
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import MoveOrder
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import RaidOrder
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.registry import find_own_force
from bot.rules.naval_orders.registry import station_location
from bot.rules.naval_orders.registry import writable
from bot.rules.naval_orders.reports import TEST_CLAUSES
from bot.rules.naval_orders.reports import CommandTestResult
from bot.rules.naval_orders.reports import Modifier
from bot.rules.naval_orders.settings import NavalOrdersSettings

ROLL_COMMAND_TEST = "naval_orders.roll.command_test"
TestedOrder = Literal["cruise", "move", "raid"]


@dataclass(frozen=True)
class CommandTestOutcome:
    """The new state (the turn's test counted, the force `attacking` on success), the test
    and its narration."""

    state: NavalOrdersState
    result: CommandTestResult
    lines: list[Msg] = field(default_factory=list)
    # The audit outcome's part naming the faction that rolled the test (`/history stats`):
    # the force's owner, when a GM takes it for them.
    rolled_by: dict[str, Any] = field(default_factory=dict)


def command_test_modifiers(
    force: Force, settings: NavalOrdersSettings, order: TestedOrder
) -> list[Modifier]:
    """The itemised modifiers of the force's command test for `order` (NO-I8)."""
    modifiers = [Modifier(reason="rating", amount=force.officer_rating, clause="NO-I8")]
    damaged = damaged_count(force, settings)
    if order in ("cruise", "move"):
        auxiliary = auxiliary_squadrons(force, settings)
        if auxiliary:
            clause = "NO-4.6" if order == "cruise" else "NO-5.5"
            modifiers.append(
                Modifier(
                    reason="auxiliary_squadrons", amount=auxiliary, clause=clause, count=auxiliary
                )
            )
    else:
        ships = force.all_ships()
        light = sum(1 for s in ships if s.rated and s.rate in (5, 6))
        heavy = sum(1 for s in ships if s.rated and s.rate in (1, 2, 3, 4))
        unrated = sum(1 for s in ships if not s.rated)
        if light:
            modifiers.append(
                Modifier(reason="light_rates", amount=light, clause="NO-6.6", count=light)
            )
        if heavy:
            modifiers.append(
                Modifier(reason="heavy_rates", amount=-heavy, clause="NO-6.6", count=heavy)
            )
        if unrated and settings.unrated_ship_raid_modifier:
            modifiers.append(
                Modifier(
                    reason="unrated",
                    amount=unrated * settings.unrated_ship_raid_modifier,
                    clause="NO-I8",
                    count=unrated,
                )
            )
    if damaged:
        penalty = damaged if settings.damaged_penalty_per_ship else 1
        modifiers.append(Modifier(reason="damaged", amount=-penalty, clause="NO-I8", count=damaged))
    return modifiers


def command_test_target(settings: NavalOrdersSettings, order: TestedOrder) -> int:
    """The success number of each test (NO-4.6 4+, NO-5.5 6+, NO-6.6 6+; NO-I8)."""
    return {
        "cruise": settings.cruise_test_target,
        "move": settings.move_test_target,
        "raid": settings.raid_test_target,
    }[order]


def _tested_order(force: Force, settings: NavalOrdersSettings) -> TestedOrder:
    """The order under which the force may test now, or a refusal (NO-I9, NO-I22)."""
    if force.kind == "packet":
        raise RuleViolation(
            "naval_orders.error.packet_no_test", clause="NO-I22", force=force.called
        )
    if force.status != "executing" or force.order is None:
        raise RuleViolation(
            "naval_orders.error.cannot_attack_now",
            clause="NO-I9",
            force=force.called,
            status=Msg(f"naval_orders.status.{force.status}"),
        )
    order = force.order.order
    if isinstance(order, MoveOrder):
        return "move"
    if isinstance(order, CruiseOrder | RaidOrder):
        there = order.location is not None and name_key(order.location) == name_key(force.location)
        if not there and not settings.attack_before_arrival:
            raise RuleViolation(
                "naval_orders.error.not_in_area",
                clause="NO-I9",
                force=force.called,
                location=order.location or "…",
            )
        return order.kind
    raise RuleViolation(
        "naval_orders.error.order_has_no_attack",
        clause="NO-I9",
        order=Msg(f"naval_orders.order.{order.kind}"),
    )


def _check_scope(
    settings: NavalOrdersSettings, order: TestedOrder, enemy_at: EnemyPlace, convoy: bool
) -> None:
    """NO-I10 (cruise: adjacent only), NO-I11 (transfer: own and adjacent), NO-I12 (raid:
    transports, merchantmen or packet boats, own and adjacent)."""
    if order == "raid" and not convoy:
        raise RuleViolation("naval_orders.error.not_raid_target", clause="NO-I12")
    if order == "cruise":
        allowed = {"adjacent", "own"} if settings.cruise_attack_own_location else {"adjacent"}
        clause = "NO-I10"
    elif order == "move":
        scope = settings.move_attack_scope
        allowed = {"own", "adjacent"} if scope == "own_and_adjacent" else {"adjacent"}
        clause = "NO-I11"
    else:
        scope_raid = settings.raid_attack_scope
        allowed = {"own", "adjacent"} if scope_raid == "own_and_adjacent" else {"own"}
        clause = "NO-I12"
    if enemy_at not in allowed:
        raise RuleViolation(
            "naval_orders.error.out_of_scope",
            clause=clause,
            order=Msg(f"naval_orders.order.{order}"),
            place=Msg(f"naval_orders.place.{enemy_at}"),
        )


def take_command_test(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    request: CommandTestRequest,
    dice: Dice,
    turn: int,
) -> CommandTestOutcome:
    """Roll the force's command test before an attack (NO-I8, NO-I9).

    d6 for cruising (4+) and transfer (6+), 2d6 for raiding (6+), plus the itemised
    modifiers; no automatic result on any face, and the dice are rolled even when the target
    cannot be reached. On success the force is `attacking`: −1 range for initiating combat,
    no move after the battle (NO-2.12); a cruising or raiding force that fights outside its
    location returns to it from the next turn (NO-I15). On failure there is no attack by it
    this turn and it goes on with its order.
    """
    force = find_own_force(state, request.force, request.faction, request.by_gm)
    if force.tests_this_turn(turn) >= settings.command_tests_per_turn:
        # First: a force that passed is `attacking`, and "cannot attack now" would hide why.
        raise RuleViolation(
            "naval_orders.error.test_used", clause="NO-I9", force=force.called, turn=turn
        )
    order = _tested_order(force, settings)
    _check_scope(settings, order, request.enemy_at, request.enemy_has_transports_or_packets)
    modifiers = command_test_modifiers(force, settings, order)
    modifier = sum(m.amount for m in modifiers)
    target = command_test_target(settings, order)
    count = 2 if order == "raid" else 1
    clause = TEST_CLAUSES[order]
    credits = Credits(dice)
    with credits.by(force.owner):
        faces = dice.roll(count, 6, ROLL_COMMAND_TEST, clause=clause, modifier=modifier)
    total = sum(faces) + modifier
    success = total >= target
    in_area = station_location(force)
    away = request.enemy_at != "own" and (
        in_area is not None and name_key(in_area) == name_key(force.location)
    )
    result = CommandTestResult(
        force=force.name,
        order=order,
        dice=count,
        faces=faces,
        modifiers=modifiers,
        modifier=modifier,
        total=total,
        target=target,
        success=success,
        must_return_to_zone=success and away and order in ("cruise", "raid"),
    )
    new = writable(state, force.key)
    mine = new.forces[force.key]
    mine.tests_taken = force.tests_this_turn(turn) + 1
    mine.tests_turn = turn
    if success:
        mine.status = "attacking"
        mine.attack_away = result.must_return_to_zone
        # NO-2.12, NO-I4: an enemy in its own location is fought there; one elsewhere where
        # the force is next recorded (`position.report_position`).
        mine.battle_location = force.location if request.enemy_at == "own" else None
    return CommandTestOutcome(
        state=new, result=result, lines=command_test_lines(result), rolled_by=credits.outcome()
    )
