"""One player's step 3 of the resolution (SP-I40): the regular or forced route raid, bribed
route raids, the planet check and bribed planet raids, pausing at every buy-off offer
(SP-I34, SP-I45) and resuming from the answer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.errors import NotFound
from bot.rules.space_pirates.battle import BattleProgress
from bot.rules.space_pirates.battle import RetreatAsked
from bot.rules.space_pirates.chance import routes_in_roll
from bot.rules.space_pirates.fleet import payment
from bot.rules.space_pirates.messages import CancelReason
from bot.rules.space_pirates.messages import bribe_cancelled_msg
from bot.rules.space_pirates.messages import player_summary_line
from bot.rules.space_pirates.models import Bribe
from bot.rules.space_pirates.models import PendingAttack
from bot.rules.space_pirates.models import PendingResolution
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.planet_raid import avoid_terms
from bot.rules.space_pirates.planet_raid import check_planet_raid
from bot.rules.space_pirates.planet_raid import choose_planet
from bot.rules.space_pirates.planet_raid import eligible
from bot.rules.space_pirates.planet_raid import needs_plunder_choice
from bot.rules.space_pirates.planet_raid import orbital_phase
from bot.rules.space_pirates.planet_raid import planet_fleet
from bot.rules.space_pirates.planet_raid import planet_if_refused
from bot.rules.space_pirates.planet_raid import plunder_phase
from bot.rules.space_pirates.planet_raid import record_planet_attack
from bot.rules.space_pirates.reports import Journal
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.reports import ResolutionContext
from bot.rules.space_pirates.route_raid import fight_route_attack
from bot.rules.space_pirates.route_raid import generate_route_attack
from bot.rules.space_pirates.route_raid import roll_regular_raid
from bot.rules.space_pirates.route_raid import route_defended
from bot.rules.space_pirates.route_raid import under_peace
from bot.rules.space_pirates.route_raid import under_route_immunity
from bot.rules.space_pirates.settings import SpacePiratesSettings

ROUTE_ENDINGS = ("successful", "defender_victory", "stalemate")


@dataclass
class PlayerRun:
    """Where one player's step 3 stands: the steps left and what the run has seen so far."""

    faction: str
    turn: int
    remaining: list[str]
    seq: int = 1
    route_attack_happened: bool = False
    quiet: bool = True


def player_steps(
    state: SpacePiratesState, settings: SpacePiratesSettings, faction: str, turn: int
) -> list[str]:
    """The player's steps in the configured order (SP-I40): bribes in the order placed."""
    steps: list[str] = []
    for step in settings.resolution_order:
        if step in ("route_raid", "planet_check"):
            steps.append(step)
        elif step in ("bribed_route_raids", "bribed_planet_raids"):
            kind = "route" if step == "bribed_route_raids" else "planet"
            steps += [
                f"bribed_{kind}:{b.id}"
                for b in state.bribes
                if b.victim == faction
                and b.kind == kind
                and b.status == "placed"
                and b.placed_turn <= turn
            ]
    return steps


def run_player(rc: ResolutionContext, run: PlayerRun) -> bool:
    """Run the player's remaining steps until one pauses on a pending choice (True) or all
    are done (False)."""
    state, settings, journal = rc.state, rc.settings, rc.journal
    record = state.player(run.faction)
    if under_peace(record, run.turn):
        for step in run.remaining:
            if step.startswith("bribed_"):
                _cancel_bribe(rc, _bribe(state, step), "peace")
        run.remaining = []
        journal.reports.append(
            RaidReport(
                faction=run.faction,
                turn=run.turn,
                seq=run.seq,
                kind="route",
                outcome="skipped_peace",
                streak_before=record.streak,
                streak_after=record.streak,
            )
        )
        run.seq += 1
    while run.remaining:
        step = run.remaining.pop(0)
        if _run_step(rc, run, step):
            return True
    if settings.streak_resets_on_quiet_turn and run.quiet and record.streak:  # SP-I14
        record.streak = 0
        if settings.planet_penalty_clears_on_streak_reset:
            record.planet_penalty_points = 0
        journal.outcome.setdefault("quiet_resets", []).append(run.faction)
    journal.lines.append(
        player_summary_line(run.faction, _run_reports(journal, run), waiting=False)
    )
    return False


def _run_reports(journal: Journal, run: PlayerRun) -> list[RaidReport]:
    """This player's reports of this resolution (a turn ended over an open choice finishes
    the earlier resolution in the same journal first: its reports are told with it)."""
    return [r for r in journal.reports if r.faction == run.faction and r.turn == run.turn]


def _bribe(state: SpacePiratesState, step: str) -> Bribe:
    bribe_id = int(step.split(":", 1)[1])
    bribe = next((b for b in state.bribes if b.id == bribe_id), None)
    if bribe is None:
        raise NotFound("space_pirates.error.bribe_not_found", bribe=bribe_id)
    return bribe


def _cancel_bribe(rc: ResolutionContext, bribe: Bribe, reason: CancelReason) -> None:
    """A cancelled bribe: no attack, no record; reported, with who paid and why, to the GM
    who ends the turn, and kept with its refund for the briber's `/pirates status` (SP-I33)."""
    bribe.status = "cancelled"
    refund = bribe.cost if rc.settings.cancelled_bribe_refund else 0
    bribe.refund = refund
    told = bribe_cancelled_msg(rc.state, bribe, refund, reason)
    rc.journal.private.setdefault(bribe.briber, []).append(told)
    rc.journal.outcome.setdefault("bribes_cancelled", []).append(bribe.id)


def _run_step(rc: ResolutionContext, run: PlayerRun, step: str) -> bool:
    """One step; True when it paused on an offer."""
    state, settings = rc.state, rc.settings
    faction, turn = run.faction, run.turn
    report = RaidReport(faction=faction, turn=turn, seq=run.seq, kind="route")
    if step == "route_raid":
        run.seq += 1
        route = roll_regular_raid(rc, report)
        if route is None:
            rc.journal.reports.append(report)
            return False
        index = generate_route_attack(rc, route, report)
        run.route_attack_happened = True
        return _offer(rc, run, report, index)
    if step == "planet_check":
        report.kind = "planet"
        planet = check_planet_raid(rc, report, route_attack_happened=run.route_attack_happened)
        check = report.planet.check if report.planet else None
        if planet is None or not planet_fleet(rc, report):
            if check is not None and (check.face is not None or check.automatic):
                run.seq += 1
                rc.journal.reports.append(report)
            return False
        run.seq += 1
        index = record_planet_attack(state, report)
        return _offer(rc, run, report, index)
    bribe = _bribe(state, step)
    if bribe.status != "placed":
        return False
    reason = _bribe_cancelled_because(rc, bribe, turn)
    if reason is not None:
        _cancel_bribe(rc, bribe, reason)
        return False
    run.seq += 1
    bribe.status = "resolved"
    report.kind = bribe.kind
    report.mode = "bribed"
    report.bribe_id = bribe.id
    # The victim learns who paid if the setting is on now, as the bribe comes up, whenever it
    # was placed (SP-I33); a sealed bribe names nobody here, its briber is kept apart.
    report.names_briber = settings.reveal_briber_to_victim
    report.briber = (bribe.briber or None) if report.names_briber else None
    report.target = bribe.target
    target = state.route(bribe.target) if bribe.kind == "route" else state.planet(bribe.target)
    report.target_name = target.name if target else None
    report.value, report.fleet, report.payment_value = bribe.value, bribe.fleet, bribe.payment_value
    record = state.player(faction)
    report.streak_before = report.streak_after = record.streak
    record.history.append(bribe.attack_record(turn))
    if bribe.kind == "route":
        run.route_attack_happened = True
    return _offer(rc, run, report, len(record.history) - 1)


def _bribe_cancelled_because(rc: ResolutionContext, bribe: Bribe, turn: int) -> CancelReason | None:
    """The cancellation checks when a bribe comes up (SP-I33): why it is cancelled, or None
    when it stands."""
    state, settings = rc.state, rc.settings
    record = state.player(bribe.victim)
    if bribe.kind == "route":
        if settings.immunity_blocks_bribed_raids and under_route_immunity(
            record, turn, include_same_resolution=settings.immunity_covers_rest_of_resolution
        ):
            return "immunity"
        route = state.route(bribe.target)
        if route is None or route not in state.routes_of(bribe.victim):
            return "route_gone"
        if route not in routes_in_roll(state, bribe.victim, settings):
            return "route_not_rolled"
        return None
    planet = state.planet(bribe.target)
    if planet is None or planet.owner != bribe.victim:
        return "planet_gone"
    if eligible(planet, turn, settings):
        return None
    if settings.bribed_planet_in_cooldown == "reselect":
        chosen, _ = choose_planet(state, settings, rc.combat, bribe.victim, turn)
        if chosen is not None:
            bribe.target = chosen.id
            return None
        return "no_planet"
    return "cooldown"


def _offer(rc: ResolutionContext, run: PlayerRun, report: RaidReport, record_index: int) -> bool:
    """Post the buy-off offer at ⌈10 % × P⌉ and pause the player's run (SP-8, SP-I34)."""
    assert report.fleet is not None
    cost = payment(rc.settings, report.payment_value, rc.settings.buy_off_cost_pct)
    report.buy_off_cost = cost
    attack = PendingAttack(
        kind=report.kind,
        mode=report.mode,
        target=report.target or 0,
        bribe_id=report.bribe_id,
        value=report.value,
        payment_value=report.payment_value,
        cost=cost,
        fleet=report.fleet,
        record_index=record_index,
    )
    if report.bribe_id is not None and _declined_at_placement(rc.state, report.bribe_id):
        report.buy_off = "declined"
        return _fight_declined(rc, run, report, attack)
    if report.kind == "route":
        report.defended = route_defended(rc, report)
        attack.if_refused = "fight" if report.defended else "no_defence"  # SP-I10
    else:
        attack.if_refused = planet_if_refused(rc, report)
    _pause(rc, run, report, attack, choice="buy_off")
    return True


def _declined_at_placement(state: SpacePiratesState, bribe_id: int) -> bool:
    """A bribed attack whose offer was already declined at placement (SP-I34 `at_placement`)."""
    return any(b.id == bribe_id and b.offer == "declined" for b in state.bribes)


def _pause(
    rc: ResolutionContext,
    run: PlayerRun,
    report: RaidReport,
    attack: PendingAttack,
    *,
    choice: Literal["buy_off", "plunder", "retreat"],
    battle: BattleProgress | None = None,
) -> None:
    """Post a pending choice to the player and pause their run (SP-I45)."""
    state, journal = rc.state, rc.journal
    report.outcome = "waiting"
    pending = PendingResolution(
        choice_id=state.take_id("choice"),
        choice=choice,
        faction=run.faction,
        turn=run.turn,
        attack=attack,
        remaining=list(run.remaining),
        report_seq=run.seq,
        report=report.model_dump(mode="json"),
        route_attack_happened=run.route_attack_happened,
        quiet=run.quiet,
        battle=battle.model_dump(mode="json") if battle is not None else None,
    )
    state.waiting.append(pending)
    journal.ask(
        pending.choice_id,
        player_summary_line(
            run.faction, [*_run_reports(journal, run), report], waiting=True, asked=choice
        ),
    )
    journal.outcome.setdefault("waiting", []).append(pending.choice_id)


def _run_of(pending: PendingResolution) -> PlayerRun:
    return PlayerRun(
        faction=pending.faction,
        turn=pending.turn,
        remaining=list(pending.remaining),
        seq=pending.report_seq,
        route_attack_happened=pending.route_attack_happened,
        quiet=pending.quiet,
    )


def _taken(state: SpacePiratesState, pending: PendingResolution) -> tuple[RaidReport, PlayerRun]:
    """The answered choice leaves the waiting list; its report and the player's run come
    back to carry on with."""
    state.waiting = [w for w in state.waiting if w.choice_id != pending.choice_id]
    return RaidReport.model_validate(pending.report), _run_of(pending)


def resume(
    rc: ResolutionContext,
    pending: PendingResolution,
    *,
    accept: bool,
    forced: bool,
    by_gm: bool = False,
    unasked: bool = False,
) -> bool:
    """Apply the buy-off answer (SP-I34; `by_gm`: a GM gave it for the player; `unasked`: the
    default of an offer never posted, the next turn's end having come first) and run the
    player's remaining steps; a planet raid may pause again for the plunder branch (SP-I22
    `ask_when_raided`). True when paused."""
    report, run = _taken(rc.state, pending)
    report.buy_off = "accepted" if accept else "declined"
    report.buy_off_forced = forced
    report.buy_off_by_gm = by_gm
    report.buy_off_unasked = unasked
    record = rc.state.player(pending.faction)
    index = pending.attack.record_index
    if accept:
        record.history[index].outcome = "bought_off"
        record.buy_off_bonus_pct += rc.settings.buy_off_bonus_pct
        report.outcome = "bought_off"
        rc.journal.reports.append(report)
    elif _fight_declined(rc, run, report, pending.attack):
        return True
    return run_player(rc, run)


def _fight_declined(
    rc: ResolutionContext,
    run: PlayerRun,
    report: RaidReport,
    attack: PendingAttack,
    progress: BattleProgress | None = None,
) -> bool:
    """A declined attack is fought out (SP-1.11, SP-1.12, SP-4.4); True when it paused on the
    defender's retreat question (SP-I44) or a planet raid on the plunder branch (SP-I22
    `ask_when_raided`)."""
    index = attack.record_index
    try:
        if report.kind == "route":
            fight_route_attack(rc, report, index, progress)
            if report.outcome in ROUTE_ENDINGS:
                run.quiet = False
            squads = None
        else:
            squads = orbital_phase(rc, report, index, progress)
    except RetreatAsked as asked:
        _pause(rc, run, report, attack, choice="retreat", battle=asked.progress)
        return True
    if squads is not None:
        if needs_plunder_choice(rc.state, rc.settings, report):
            with_squads = attack.model_copy(update={"squads": squads, **avoid_terms(rc.settings)})
            _pause(rc, run, report, with_squads, choice="plunder")
            return True
        plunder_phase(
            rc.state, rc.settings, rc.dice, report, index, squads, cover=None, credits=rc.credits
        )
    rc.journal.reports.append(report)
    return False


def resume_retreat(
    rc: ResolutionContext, pending: PendingResolution, *, retreat: bool, by_gm: bool = False
) -> bool:
    """The defender retreats or fights on (SP-I44; `by_gm`: a GM answered for the player,
    which the raid's report keeps); the battle carries on from where it paused, then the
    player's remaining steps run. True when paused again. A base attack's battle carries on
    when the resolution's step 2 resumes (its order keeps it, SP-I31)."""
    state = rc.state
    if pending.attack.kind == "base":
        state.waiting = [w for w in state.waiting if w.choice_id != pending.choice_id]
        order = next((o for o in state.base_attack_orders if o.id == pending.attack.target), None)
        if order is not None and order.battle is not None:
            order.battle = {**order.battle, "retreat": retreat}
        return False
    report, run = _taken(state, pending)
    report.retreat_by_gm = report.retreat_by_gm or by_gm
    progress = BattleProgress.model_validate(pending.battle)
    progress.retreat = retreat
    if _fight_declined(rc, run, report, pending.attack, progress):
        return True
    return run_player(rc, run)


def resume_plunder(
    rc: ResolutionContext,
    pending: PendingResolution,
    *,
    cover: bool | None,
    by_gm: bool = False,
    unasked: bool = False,
) -> bool:
    """Apply the owner's plunder branch (SP-I22 `ask_when_raided`; None: the GM forced the
    standing flag; `by_gm`: a GM chose for the owner; `unasked`: the standing flag of a
    question never posted, the next turn's end having come first) and run the player's
    remaining steps. True when paused again."""
    report, run = _taken(rc.state, pending)
    planet = rc.state.planet(pending.attack.target)
    flag = planet.cover_buildings if planet is not None else False
    report.plunder_choice = "cover" if (flag if cover is None else cover) else "avoid"
    report.plunder_forced = cover is None
    report.plunder_by_gm = by_gm
    report.plunder_unasked = unasked
    index = pending.attack.record_index
    plunder_phase(
        rc.state,
        rc.settings,
        rc.dice,
        report,
        index,
        pending.attack.squads,
        cover=cover,
        credits=rc.credits,
    )
    rc.journal.reports.append(report)
    return run_player(rc, run)
