"""The incident commands the cog calls: a piece lands in a Company (CR-I5) or enters the Joker
(CR-I12), a player answers the pending choice, or the GM forces its documented answer
(CR-I19). Each is pure: a new state in the outcome, the argument untouched; a refusal raises
a domain error naming the clause and changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from bot.dice import Dice
from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.rules.company_raids.joker import choose_defender
from bot.rules.company_raids.joker import decline
from bot.rules.company_raids.joker import enter_joker
from bot.rules.company_raids.joker import forced_joker_option
from bot.rules.company_raids.joker import joker_choice
from bot.rules.company_raids.joker import leave_joker
from bot.rules.company_raids.joker import rule_duel
from bot.rules.company_raids.joker import run_duels
from bot.rules.company_raids.models import ChoiceMade
from bot.rules.company_raids.models import CompanyIncident
from bot.rules.company_raids.models import CompanyRaidsState
from bot.rules.company_raids.models import Faction
from bot.rules.company_raids.models import JokerIncident
from bot.rules.company_raids.models import Piece
from bot.rules.company_raids.models import RulingWinner
from bot.rules.company_raids.models import name_key
from bot.rules.company_raids.raids import apply_company_answer
from bot.rules.company_raids.raids import company_choice
from bot.rules.company_raids.raids import forced_company_option
from bot.rules.company_raids.raids import is_rival_company
from bot.rules.company_raids.raids import open_incident
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.company_raids.work import STEP_CLAUSES
from bot.rules.company_raids.work import Awaiting
from bot.rules.company_raids.work import P
from bot.rules.company_raids.work import RaidOutcome
from bot.rules.company_raids.work import Work
from bot.rules.company_raids.work import active_piece
from bot.rules.company_raids.work import check_not_in_incident
from bot.rules.company_raids.work import find_company
from bot.rules.company_raids.work import refusal

Incident = CompanyIncident | JokerIncident


def awaiting_of(
    state: CompanyRaidsState, settings: CompanyRaidsSettings, incident: Incident
) -> Awaiting:
    """The pending choice of an open incident: who answers, the options, the forced answer."""
    if isinstance(incident, CompanyIncident):
        faction: Faction | None
        faction, options = company_choice(incident)
        forced = forced_company_option(settings, incident)
    else:
        faction, options = joker_choice(state, settings, incident)
        forced = forced_joker_option(state, settings, incident)
    return Awaiting(
        incident_id=incident.id,
        step=incident.step,
        faction=faction,
        options=tuple(options),
        forced_option=forced,
    )


def open_incidents(state: CompanyRaidsState) -> list[Incident]:
    """Every open incident, in id order."""
    found: list[Incident] = list(state.incidents)
    if state.joker_incident is not None:
        found.append(state.joker_incident)
    return sorted(found, key=lambda incident: incident.id)


def _outcome(work: Work, incident_id: int | None, piece_key: str | None) -> RaidOutcome:
    awaiting = None
    for incident in open_incidents(work.state):
        piece = incident.piece if isinstance(incident, CompanyIncident) else incident.aggressor
        if incident.id == incident_id or (piece_key is not None and piece == piece_key):
            awaiting = awaiting_of(work.state, work.settings, incident)
            break
    return work.outcome(awaiting, awaiting.incident_id if awaiting is not None else incident_id)


def _check_can_move(state: CompanyRaidsState, piece_key: str, by_faction: Faction | None) -> None:
    piece = state.pieces[piece_key]
    if by_faction is not None and by_faction != piece.owner:
        raise refusal(NotAllowed, P + "error.not_your_piece", piece=piece.name)
    check_not_in_incident(state, piece_key)


def _check_route(state: CompanyRaidsState, moving: Piece, stops: Sequence[str]) -> None:
    """CR-I5 (pass-through): each rival Company on the way opens its incident and costs its
    fine, so a move names each once and never the square it starts from (it leaves that
    one)."""
    if len(stops) < 2:
        return
    for index, key in enumerate(stops):
        if key in stops[:index] and is_rival_company(state, key, moving.owner):
            raise refusal(
                RuleViolation,
                P + "error.named_twice",
                clause="CR-I5",
                company=state.companies[key].name,
            )
    start = moving.company
    if start is not None and start in stops[:-1] and is_rival_company(state, start, moving.owner):
        raise refusal(
            RuleViolation,
            P + "error.passed_start",
            clause="CR-I5",
            piece=moving.name,
            company=state.companies[start].name,
        )


def land(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    piece: str,
    company: str,
    dice: Dice,
    *,
    by_faction: Faction | None = None,
    passed_through: Sequence[str] = (),
    turn: int | None = None,
) -> RaidOutcome:
    """A piece ends its move in `company` (CR-1.2, CR-2.2, CR-I5): an incident opens and its
    player is asked to pay the fine or attempt a capture.

    `passed_through` lists the Companies crossed on the way, in order; they open incidents
    only with `incident_on_pass_through` (CR-I5). `by_faction` must own the piece (None: the
    GM). Refused: an unknown piece or Company, a removed piece (CR-4.2), one's own or an
    unowned Company (CR-I5), the Company the move ends in named as passed too (CR-I5), a
    piece already in an open incident, a piece marked *attempted* that has not left the
    Company (CR-3.9, CR-I9). No die is rolled here; `dice` is for the same signature as
    the other commands.
    """
    del dice
    piece_key, moving = active_piece(state, piece)
    company_key, target = find_company(state, company)
    _check_can_move(state, piece_key, by_faction)
    passed = [find_company(state, name)[0] for name in passed_through]
    if company_key in passed:  # CR-I5: a move ends in a Company or passes it, never both
        raise refusal(
            RuleViolation,
            P + "error.stop_passed",
            clause="CR-I5",
            piece=moving.name,
            company=target.name,
        )
    stops = [*passed, company_key] if settings.incident_on_pass_through else [company_key]
    _check_route(state, moving, stops)
    rival_stops = [i for i, key in enumerate(stops) if is_rival_company(state, key, moving.owner)]
    if not rival_stops:
        key = "error.own_company" if target.owner == moving.owner else "error.unowned_company"
        raise refusal(RuleViolation, P + key, clause="CR-I5", company=target.name)
    # CR-I9: only a move that passed another square on the way has left the Company.
    moved_away = bool(passed)
    if (
        settings.reattack_requires_reentry
        and moving.company == company_key
        and company_key in moving.attempted
        and not moved_away
    ):
        raise refusal(
            RuleViolation,
            P + "error.must_reenter",
            clause="CR-3.9",
            piece=moving.name,
            company=target.name,
        )
    work = Work.on(state, settings, None, turn)
    if moving.in_joker:
        leave_joker(work, piece_key)
    left = list(work.events)  # leaving the Joker (CR-5.3, CR-I10): told first, in its story
    first = rival_stops[0]
    incident = open_incident(
        work, piece_key, stops[first], stops[first + 1 :], passing=first < len(stops) - 1
    )
    incident.events[:0] = left
    return _outcome(work, incident.id, piece_key)


def enter(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    piece: str,
    dice: Dice,
    *,
    by_faction: Faction | None = None,
    turn: int | None = None,
) -> RaidOutcome:
    """A piece ends its move on the Joker square (CR-5, CR-I10, CR-I12, CR-I13, CR-I17).

    An unowned Joker is taken free of charge; the owner's own piece joins; a rival's piece
    starts the duel at once (or is asked, with `joker_entry_forces_duel = false`). Every
    shot is one roll of `dice`. Refused: unknown or removed pieces, a piece already inside,
    a piece in an open incident, another Joker entry still open.
    """
    piece_key, _ = active_piece(state, piece)
    _check_can_move(state, piece_key, by_faction)
    work = Work.on(state, settings, dice, turn)
    incident_id = enter_joker(work, piece_key, by_faction)
    return _outcome(work, incident_id, piece_key)


def _find_open(state: CompanyRaidsState, incident_id: int) -> Incident:
    for incident in open_incidents(state):
        if incident.id == incident_id:
            return incident
    if 1 <= incident_id < state.next_incident_id:
        raise refusal(Conflict, P + "error.incident_closed", incident=incident_id)
    raise refusal(NotFound, P + "error.unknown_incident", incident=incident_id)


def _waiting(
    state: CompanyRaidsState, settings: CompanyRaidsSettings, incident_id: int, step: str | None
) -> tuple[Incident, Awaiting]:
    """The open incident and the choice it waits for; an answer for a step that has passed
    (a second click after the incident moved on) is refused."""
    incident = _find_open(state, incident_id)
    if step is not None and step != incident.step:
        raise refusal(Conflict, P + "error.step_passed", incident=incident_id)
    return incident, awaiting_of(state, settings, incident)


def _apply(
    work: Work,
    incident: Incident,
    option: str,
    amount: int | None,
    by: Faction | None,
    *,
    forced: bool,
) -> None:
    work.emit(
        ChoiceMade(
            incident=incident.id,
            step=incident.step,
            option=option,
            by=by,
            forced=forced,
            amount=amount if incident.step == "fine_amount" else None,
        ),
        incident,
    )
    if isinstance(incident, CompanyIncident):
        apply_company_answer(work, incident, option, amount)
    elif incident.step == "attack_choice":
        if option == "attack":
            run_duels(work, incident)
        else:
            decline(work, incident)
    elif incident.step == "defender_choice":
        choose_defender(work, incident, option)
    else:
        rule_duel(work, incident, _RULINGS[option])


def answer(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    incident_id: int,
    option: str,
    dice: Dice,
    *,
    by_faction: Faction | None = None,
    step: str | None = None,
    amount: int | None = None,
    turn: int | None = None,
) -> RaidOutcome:
    """Answer the pending choice of an open incident (CR-2.2, CR-3.2, CR-I4, CR-I12, CR-I13,
    CR-I17).

    Options: `pay`/`capture` (trespasser), `fine`/`counterattack` (Company owner),
    `amount` with `amount=` (owner, `fine_source = enter_each_time`), `attack`/`decline`
    (aggressor), a piece name (owner picks the defender), `aggressor`/`defender`/`no_winner`
    (the GM's ruling on a capped duel). `by_faction` must be the faction asked (None: the
    GM). `step` is the step the button was shown for: a second click after the step moved
    on raises `Conflict`, as does any answer to a closed incident.
    """
    incident, awaited = _waiting(state, settings, incident_id, step)
    if by_faction is not None and by_faction != awaited.faction:
        clause = _step_clause(incident)
        if awaited.faction is None:  # the GM rules (CR-I13)
            raise refusal(NotAllowed, P + "error.gm_choice", clause=clause)
        raise refusal(
            NotAllowed, P + "error.not_your_choice", clause=clause, faction=awaited.faction
        )
    chosen = _match_option(awaited, option)
    if chosen is None:
        raise refusal(
            RuleViolation,
            P + "error.bad_option",
            clause=_step_clause(incident),
            option=option,
            options=", ".join(awaited.options),
        )
    work = Work.on(state, settings, dice, turn)
    live = _find_open(work.state, incident_id)
    _apply(work, live, chosen, amount, by_faction, forced=False)
    return _outcome(work, incident_id, _piece_of(live))


def force_answer(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    incident_id: int,
    dice: Dice,
    *,
    step: str | None = None,
    amount: int | None = None,
    turn: int | None = None,
) -> RaidOutcome:
    """The GM forces the documented answer for an absent player (CR-I19): the trespasser
    pays (`forced_trespasser_choice`), the owner collects the fine (`forced_owner_choice`),
    the aggressor attacks, the earliest owner piece defends, a capped duel's outcome stands.
    A fine to enter (`enter_each_time`) is `amount`, or the Company's recorded fine."""
    _, awaited = _waiting(state, settings, incident_id, step)
    work = Work.on(state, settings, dice, turn)
    live = _find_open(work.state, incident_id)
    if isinstance(live, CompanyIncident) and live.step == "fine_amount" and amount is None:
        amount = work.state.companies[live.company].fine
    _apply(work, live, awaited.forced_option, amount, None, forced=True)
    return _outcome(work, incident_id, _piece_of(live))


def _piece_of(incident: Incident) -> str:
    return incident.piece if isinstance(incident, CompanyIncident) else incident.aggressor


def _match_option(awaited: Awaiting, option: str) -> str | None:
    wanted = name_key(option)
    for known in awaited.options:
        if name_key(known) == wanted:
            return known
    return None


_RULINGS: dict[str, RulingWinner] = {
    "aggressor": "aggressor",
    "defender": "defender",
    "no_winner": "no_winner",
}


def _step_clause(incident: Incident) -> str:
    return STEP_CLAUSES[incident.step]
