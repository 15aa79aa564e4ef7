"""A stop in a rival's Company (CR-1–CR-4, CR-I2–CR-I9): pay or attempt a capture; after a
failed capture the owner collects the fine or counterattacks. One capture roll and one
counterattack roll at most (CR-4.4, CR-I7)."""

from __future__ import annotations

from fractions import Fraction

from bot.errors import RuleViolation
from bot.rules.company_raids.amounts import counterattack_bonus
from bot.rules.company_raids.joker import leave_holding
from bot.rules.company_raids.models import MAX_AMOUNT
from bot.rules.company_raids.models import AttemptMarked
from bot.rules.company_raids.models import CaptureRolled
from bot.rules.company_raids.models import CompanyCaptured
from bot.rules.company_raids.models import CompanyIncident
from bot.rules.company_raids.models import CompanyRaidsState
from bot.rules.company_raids.models import CounterattackRolled
from bot.rules.company_raids.models import Faction
from bot.rules.company_raids.models import FineReason
from bot.rules.company_raids.models import MovedOn
from bot.rules.company_raids.models import PieceDestroyed
from bot.rules.company_raids.models import PieceLanded
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.company_raids.work import ROLL_CAPTURE
from bot.rules.company_raids.work import ROLL_COUNTERATTACK
from bot.rules.company_raids.work import P
from bot.rules.company_raids.work import Work
from bot.rules.company_raids.work import company_name
from bot.rules.company_raids.work import refusal

TRESPASSER_OPTIONS: tuple[str, ...] = ("pay", "capture")
OWNER_OPTIONS: tuple[str, ...] = ("fine", "counterattack")
FINE_AMOUNT_OPTIONS: tuple[str, ...] = ("amount",)

_FINE_CLAUSES: dict[FineReason, str] = {
    "paid": "CR-2.5",
    "after_failed_capture": "CR-3.5",
    "after_capture": "CR-I6",
    "after_counterattack": "CR-I7",
}


def is_rival_company(state: CompanyRaidsState, company_key: str, faction: Faction) -> bool:
    """CR-1.2, CR-I5: a Company owned by another player (unowned and own ones give nothing)."""
    owner = state.companies[company_key].owner
    return owner is not None and owner != faction


def open_incident(
    work: Work, piece_key: str, company_key: str, remaining_stops: list[str], *, passing: bool
) -> CompanyIncident:
    """CR-2.2, CR-I5: the piece stops in (or passes through) a rival's Company; its player
    chooses between the fine and a capture attempt."""
    state = work.state
    piece = state.pieces[piece_key]
    company = state.companies[company_key]
    assert company.owner is not None
    piece.company = company_key
    piece.attempted = []
    incident = CompanyIncident(
        id=work.new_incident_id(),
        turn=work.turn,
        piece=piece_key,
        company=company_key,
        trespasser=piece.owner,
        company_owner=company.owner,
        step="trespasser_choice",
        remaining_stops=remaining_stops,
    )
    state.incidents.append(incident)
    work.emit(
        PieceLanded(
            incident=incident.id,
            piece=piece.name,
            company=company.name,
            trespasser=piece.owner,
            company_owner=company.owner,
            passing=passing,
        ),
        incident,
    )
    offer(work, incident)
    return incident


def company_choice(incident: CompanyIncident) -> tuple[Faction, list[str]]:
    """Who answers the incident's step, and the options."""
    if incident.step == "trespasser_choice":
        return incident.trespasser, list(TRESPASSER_OPTIONS)
    if incident.step == "owner_choice":
        return incident.company_owner, list(OWNER_OPTIONS)
    return incident.company_owner, list(FINE_AMOUNT_OPTIONS)


def forced_company_option(settings: CompanyRaidsSettings, incident: CompanyIncident) -> str:
    """CR-I19: pay (trespasser), collect the fine (owner), the recorded fine (amount)."""
    if incident.step == "trespasser_choice":
        return settings.forced_trespasser_choice
    if incident.step == "owner_choice":
        return settings.forced_owner_choice
    return "amount"


def offer(work: Work, incident: CompanyIncident) -> None:
    """Post the pending choice of the incident's current step."""
    work.offer(incident, *company_choice(incident))


def apply_company_answer(
    work: Work, incident: CompanyIncident, option: str, amount: int | None
) -> None:
    """Carry out one answer to the incident's pending step."""
    if incident.step == "trespasser_choice":
        if option == "pay":
            _fine_due(work, incident, "paid")
        else:
            _attempt_capture(work, incident)
    elif incident.step == "owner_choice":
        if option == "fine":
            _fine_due(work, incident, "after_failed_capture")
        else:
            _counterattack(work, incident)
    else:
        if amount is None:
            raise refusal(RuleViolation, P + "error.fine_amount_needed", clause="CR-I4")
        if not 0 <= amount <= MAX_AMOUNT:
            raise refusal(RuleViolation, P + "error.bad_amount", clause="CR-I16", amount=amount)
        reason = incident.fine_reason or "paid"
        _owe_fine(work, incident, amount, reason)
        incident.fine_reason = None
        _finish(work, incident)


def _attempt_capture(work: Work, incident: CompanyIncident) -> None:
    """CR-2.6–CR-2.8, CR-3.2, CR-I2, CR-I6: one roll; a capture changes the owner marker."""
    settings = work.settings
    # the trespasser rolls for the capture
    face = work.roll(ROLL_CAPTURE, "CR-2.7", settings.capture_faces, incident.trespasser)
    captured = face in settings.capture_faces
    work.emit(CaptureRolled(face=face, captured=captured), incident)
    if not captured:
        incident.step = "owner_choice"
        offer(work, incident)
        return
    company = work.state.companies[incident.company]
    if settings.fine_also_on_capture and settings.fine_source == "company_record":
        # CR-I4: the amount is read, and owed to the previous owner, before the marker changes.
        _owe_fine(work, incident, company.fine, "after_capture")
    company.owner = incident.trespasser
    work.emit(
        CompanyCaptured(
            company=company.name,
            previous_owner=incident.company_owner,
            new_owner=incident.trespasser,
        ),
        incident,
    )
    leave_holding(work, incident.company, company.name, incident.company_owner, incident)
    if settings.fine_also_on_capture and settings.fine_source == "enter_each_time":
        _ask_fine(work, incident, "after_capture")
        return
    _finish(work, incident)


def _counterattack(work: Work, incident: CompanyIncident) -> None:
    """CR-3.6, CR-3.7, CR-4.2, CR-4.3, CR-I3, CR-I7, CR-I8: one roll; a hit removes the raider
    and the owner is due the bonus; the fine follows `fine_after_counterattack`."""
    settings = work.settings
    face = work.roll(  # the company's owner rolls the counterattack
        ROLL_COUNTERATTACK, "CR-3.6", settings.counterattack_hit_faces, incident.company_owner
    )
    hit = face in settings.counterattack_hit_faces
    work.emit(CounterattackRolled(face=face, hit=hit), incident)
    if hit:
        piece = work.state.pieces[incident.piece]
        piece.destroyed = True
        piece.removed_by = "CR-4.2"
        piece.company = None
        piece.attempted = []
        incident.remaining_stops = []
        work.emit(
            PieceDestroyed(piece=piece.name, owner=piece.owner, value=piece.value, clause="CR-4.2"),
            incident,
        )
        payer = None if settings.bonus_payer == "bank" else incident.trespasser
        work.owe(
            "bonus",
            payer,
            incident.company_owner,
            counterattack_bonus(piece.value, settings.counterattack_bonus_pct),
            "CR-4.3",
            incident,
        )
    fine_after = settings.fine_after_counterattack
    if fine_after == "always" or (fine_after == "on_miss" and not hit):
        _fine_due(work, incident, "after_counterattack")
        return
    _finish(work, incident)


def _fine_due(work: Work, incident: CompanyIncident, reason: FineReason) -> None:
    """CR-2.5, CR-3.5, CR-I4: the fine is read from the Company's record now, or entered by
    the Company's owner (`fine_source = enter_each_time`)."""
    if work.settings.fine_source == "enter_each_time":
        _ask_fine(work, incident, reason)
        return
    _owe_fine(work, incident, work.state.companies[incident.company].fine, reason)
    _finish(work, incident)


def _ask_fine(work: Work, incident: CompanyIncident, reason: FineReason) -> None:
    incident.step = "fine_amount"
    incident.fine_reason = reason
    offer(work, incident)


def _owe_fine(work: Work, incident: CompanyIncident, amount: int, reason: FineReason) -> None:
    """CR-I4: the trespasser's owner owes the player who owned the Company at the start."""
    work.owe(
        "fine",
        incident.trespasser,
        incident.company_owner,
        Fraction(amount),
        _FINE_CLAUSES[reason],
        incident,
    )


def _finish(work: Work, incident: CompanyIncident) -> None:
    """Close the incident. A surviving piece stays, marked *attempted* (CR-3.8, CR-3.9,
    CR-I9), unless the Company is one it only passes through: then it moves on to the next
    stop and carries no mark (CR-I5), and the story says so instead."""
    state = work.state
    piece = state.pieces[incident.piece]
    survived = not piece.destroyed
    moves_on = survived and bool(incident.remaining_stops)
    if moves_on:
        work.emit(
            MovedOn(
                piece=piece.name,
                from_company=company_name(state, incident.company),
                to_company=company_name(state, incident.remaining_stops[-1]),
            ),
            incident,
        )
    elif survived and work.settings.reattack_requires_reentry:
        piece.attempted = [incident.company]
        work.emit(
            AttemptMarked(piece=piece.name, company=company_name(state, incident.company)),
            incident,
        )
    work.close(incident)
    if moves_on:
        continue_move(work, incident.piece, incident.remaining_stops)


def continue_move(work: Work, piece_key: str, stops: list[str]) -> None:
    """CR-I5 (pass-through): the piece moves on; each rival Company ahead opens an incident,
    one after another; the last stop is where the move ends."""
    state = work.state
    piece = state.pieces[piece_key]
    piece.attempted = []
    for index, stop in enumerate(stops):
        final = index == len(stops) - 1
        if stop in state.companies and is_rival_company(state, stop, piece.owner):
            open_incident(work, piece_key, stop, stops[index + 1 :], passing=not final)
            return
    piece.company = stops[-1] if stops[-1] in state.companies else None
