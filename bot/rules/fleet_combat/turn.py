"""The end-of-turn step (FC-I6: one round of every active battle per resolution) and the
"who are we waiting for" lines."""

from __future__ import annotations

from typing import Any

from bot.dice_stats import rolled_by_outcome
from bot.i18n import Msg
from bot.rules.fleet_combat.copies import working_copy
from bot.rules.fleet_combat.messages import battle_line
from bot.rules.fleet_combat.models import Battle
from bot.rules.fleet_combat.models import FleetCombatState
from bot.rules.fleet_combat.models import RetreatMove
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.rounds import ROUND_SAFETY_LIMIT
from bot.rules.fleet_combat.rounds import fight_rounds
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rulesets import Awaited
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult
from bot.text import shown_msg


def _round_outcome(report: RoundReport) -> dict[str, Any]:
    return {
        "battle": report.battle_id,
        "point": report.point,
        "round": report.round,
        "volleys": len(report.volleys),
        "auto_targeted": [
            {"shooter": v.shooter, "ship_class": v.ship_class, "source": v.source}
            for v in report.auto_targeted()
        ],
        "losses": len(report.losses),
        "left": list(report.left),
        "ended": report.ended,
        "result": None if report.result is None else report.result.model_dump(),
    }


def end_of_turn(
    context: TurnContext[FleetCombatState, FleetCombatSettings],
) -> TurnStepResult[FleetCombatState]:
    """Resolve `rounds_per_resolution` rounds (default 1; 0 = to the end) of every active
    battle, in battle id order, with the automatic policy for groups without orders. The
    round reports go to the battles' logs in the ruleset archive."""
    settings = context.settings
    state = working_copy(context.state)
    first = len(context.dice.records)
    rolled_by: dict[int, str] = {}
    reports = fight_rounds(
        state,
        state.active_battles(),
        settings,
        context.dice,
        turn=context.turn,
        rounds_each=settings.rounds_per_resolution or ROUND_SAFETY_LIMIT,
        rolled_by=rolled_by,
    )
    # Each side's dice count for its player in `/history stats`, not for the GM.
    credits = rolled_by_outcome(rolled_by, first, len(context.dice.records))
    # Points and factions as the players typed them (`shown_msg`).
    lines = [
        shown_msg(line)
        for line in summary_lines(reports, retreat_distance=settings.retreat_distance_points)
    ]
    affected = _fought(state, reports)
    return TurnStepResult(
        state=state,
        lines=lines,
        outcome={"rounds": [_round_outcome(r) for r in reports], **credits},
        archive=[r.log_record() for r in reports],
        audit_lines=_audit_summary(reports) if reports else None,
        affected=affected,
        affected_lines=ping_lines(
            reports, affected, retreat_distance=settings.retreat_distance_points
        ),
        quiet=not reports,
    )


def ping_lines(
    reports: list[RoundReport], factions: list[str], *, retreat_distance: int | None = None
) -> dict[str, list[Msg]]:
    """What each faction's ping tells: for each battle of theirs that fought, the summary's
    line with their own losses and retreat alone (the others' are in the summary), the
    names as the players typed them (`shown_msg`)."""
    by_battle: dict[int, list[RoundReport]] = {}
    for report in reports:
        by_battle.setdefault(report.battle_id, []).append(report)
    told: dict[str, list[Msg]] = {}
    for fought in by_battle.values():
        engaged = _fought_by(fought[0])
        losers = {loss.faction for report in fought for loss in report.losses}
        for faction in factions:
            if faction not in engaged and faction not in losers:
                continue
            own = [_told_for(report, faction) for report in fought]
            line = battle_line(own, [faction], retreat_distance=retreat_distance, reader=faction)
            told.setdefault(faction, []).append(shown_msg(line))
    return told


def _told_for(report: RoundReport, faction: str) -> RoundReport:
    """A round as one participant's ping tells it: its own losses and retreat alone."""
    return report.model_copy(
        update={
            "losses": [loss for loss in report.losses if loss.faction == faction],
            "left": [f for f in report.left if f == faction],
        }
    )


def _fought(state: FleetCombatState, reports: list[RoundReport]) -> list[str]:
    """The factions fighting in every battle that fought a round (the turn summary pings
    them), in each battle's turn order: those engaged when its first round of this turn
    began. One that left it in an earlier turn (FC-6.3, FC-I15) is no longer a participant,
    and nothing in it happens to its fleet: it is not pinged."""
    by_id: dict[int, Battle] = {}
    for kept in state.battles:
        by_id.setdefault(kept.id, kept)  # the first of an id, as `state.battle` finds
    engaged: dict[int, list[str]] = {}
    for report in reports:
        engaged.setdefault(report.battle_id, _fought_by(report))
    factions: dict[str, None] = {}
    for report in reports:
        battle = by_id.get(report.battle_id)
        for participant in battle.participants if battle is not None else ():
            if participant.faction in engaged[report.battle_id]:
                factions[participant.faction] = None
    return list(factions)


def summary_lines(reports: list[RoundReport], *, retreat_distance: int | None = None) -> list[Msg]:
    """The end of turn's summary: one line per battle (its rounds of this turn together,
    with who retreated and how far they move), then how to open a round's full report; the
    volleys are told in the battles' logs."""
    if not reports:
        return [Msg("fleet_combat.turn.no_battles")]
    by_battle: dict[int, list[RoundReport]] = {}
    for report in reports:
        by_battle.setdefault(report.battle_id, []).append(report)
    lines = [
        battle_line(fought, _fought_by(fought[0]), retreat_distance=retreat_distance)
        for fought in by_battle.values()
    ]
    last = reports[-1]
    lines.append(Msg("fleet_combat.turn.full_report", battle=last.battle_id, round=last.round))
    return lines


def _fought_by(first: RoundReport) -> list[str]:
    """The participants engaged when the battle's first round of this turn began, in turn
    order: those still engaged after it, then those who left in it."""
    return list(first.remaining) + [f for f in first.left if f not in first.remaining]


def _audit_summary(reports: list[RoundReport]) -> list[Msg]:
    """The audit entry's summary: counts only, since every report is in its battle's log and
    the entry lists the logged reports with their digests."""
    return [
        Msg(
            "fleet_combat.turn.audit",
            rounds=Msg("fleet_combat.turn.rounds", count=len(reports)),
            battles=Msg("fleet_combat.turn.battles", count=len({r.battle_id for r in reports})),
            ended=Msg("fleet_combat.turn.ended", count=sum(r.ended for r in reports)),
        )
    ]


def _missing_orders(
    fleet_state: FleetCombatState, fleet_settings: FleetCombatSettings
) -> list[tuple[Any, list[str]]]:
    """Each active battle with the armed participants who have given neither fire orders nor
    a retreat for the coming round (their groups would be auto-targeted, FC-I7)."""
    found = []
    for battle in fleet_state.active_battles():
        missing = []
        for participant in battle.engaged():
            faction = participant.faction
            if faction in battle.orders or faction in battle.retreats:
                continue
            fleet = fleet_state.fleet(faction, battle.point)
            armed = fleet is not None and any(
                fleet_settings.is_combat_class(s.ship_class)
                and fleet_settings.stats_of(s.ship_class).attack_dice > 0
                for s in fleet.ships
            )
            if armed:
                missing.append(faction)
        if missing:
            found.append((battle, missing))
    return found


def _orders_line(battle: Any, factions: list[str], settings: FleetCombatSettings) -> Msg:
    """The battle's waiting line, its point's name as the players typed it (`shown_msg`): it
    says what groups without orders will do, fire at automatic targets or hold fire as the
    campaign's `missing_orders` says (FC-I7)."""
    hold = settings.missing_orders == "hold_fire"
    return shown_msg(
        Msg(
            "fleet_combat.waiting.orders_hold" if hold else "fleet_combat.waiting.orders",
            battle=battle.id,
            point=battle.point,
            round=battle.next_round,
            factions=", ".join(factions),
        )
    )


def waiting_for(
    fleet_state: FleetCombatState, fleet_settings: FleetCombatSettings, turn: int
) -> list[Msg]:
    """One line per active battle naming participants who have given neither fire orders
    nor a retreat for the coming round (their groups would be auto-targeted, or hold fire
    with `missing_orders = hold_fire`, FC-I7), then one per retreated fleet whose move is not
    recorded yet (FC-6.3)."""
    return [
        _orders_line(battle, missing, fleet_settings)
        for battle, missing in _missing_orders(fleet_state, fleet_settings)
    ] + [
        _retreat_move_line("fleet_combat.waiting.retreat_move", move, faction=move.faction)
        for move in fleet_state.retreat_moves
    ]


def awaited(
    fleet_state: FleetCombatState, fleet_settings: FleetCombatSettings, turn: int
) -> list[Awaited]:
    """Each participant owing fire orders or a retreat, one per battle (FC-I7), then each
    fleet owing its move after a retreat (FC-6.3); fire orders
    alone before the round a retreat may be declared for (FC-6.4, FC-I15: never in round 1
    by default); the point's name as typed (`shown_msg`)."""
    return [
        Awaited(faction, _owed_line(battle, fleet_settings))
        for battle, missing in _missing_orders(fleet_state, fleet_settings)
        for faction in missing
    ] + [
        Awaited(move.faction, _retreat_move_line("fleet_combat.owes.retreat_move", move))
        for move in fleet_state.retreat_moves
    ]


def _retreat_move_line(key: str, move: RetreatMove, **extra: str) -> Msg:
    """A retreated fleet's move not recorded yet (FC-6.3): from which battle, which point
    (as typed, `shown_msg`) and how far it moves."""
    return shown_msg(Msg(key, battle=move.battle, point=move.point, count=move.distance, **extra))


def _owed_line(battle: Battle, settings: FleetCombatSettings) -> Msg:
    """What a participant without orders owes in `battle`: a retreat is offered only from
    the round `retreat_min_round` on (FC-6.4, FC-I15)."""
    retreat = battle.next_round >= settings.retreat_min_round
    key = "fleet_combat.owes.orders" if retreat else "fleet_combat.owes.fire_orders"
    return shown_msg(Msg(key, battle=battle.id, point=battle.point, round=battle.next_round))
