"""The Joker-Octopus (CR-5, CR-I10–CR-I15, CR-I17, CR-I18): who owns it, entering it, and the
duels an aggressor fights against the owner's pieces inside, shot by shot."""

from __future__ import annotations

from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.errors import RuleViolation
from bot.rules.company_raids.amounts import joker_prize
from bot.rules.company_raids.models import BecameVisitor
from bot.rules.company_raids.models import CompanyIncident
from bot.rules.company_raids.models import CompanyRaidsState
from bot.rules.company_raids.models import DuelFought
from bot.rules.company_raids.models import DuelRecord
from bot.rules.company_raids.models import DuelResult
from bot.rules.company_raids.models import DuelSide
from bot.rules.company_raids.models import Faction
from bot.rules.company_raids.models import GmRuled
from bot.rules.company_raids.models import HoldingAsked
from bot.rules.company_raids.models import HoldingCleared
from bot.rules.company_raids.models import HoldingLeft
from bot.rules.company_raids.models import JokerEntered
from bot.rules.company_raids.models import JokerHeld
from bot.rules.company_raids.models import JokerIncident
from bot.rules.company_raids.models import JokerJoined
from bot.rules.company_raids.models import JokerLeft
from bot.rules.company_raids.models import JokerOwnerChanged
from bot.rules.company_raids.models import JokerTaken
from bot.rules.company_raids.models import JokerUnowned
from bot.rules.company_raids.models import PieceDestroyed
from bot.rules.company_raids.models import RulingWinner
from bot.rules.company_raids.models import name_key
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.company_raids.work import ROLL_DUEL_SHOT
from bot.rules.company_raids.work import STEP_CLAUSES
from bot.rules.company_raids.work import P
from bot.rules.company_raids.work import Work
from bot.rules.company_raids.work import piece_name
from bot.rules.company_raids.work import refusal

ATTACK_OPTIONS: tuple[str, ...] = ("attack", "decline")
RULING_OPTIONS: tuple[str, ...] = ("aggressor", "defender", "no_winner")


def owner_pieces(state: CompanyRaidsState, settings: CompanyRaidsSettings) -> list[str]:
    """The owner's pieces in the Joker, earliest entry first (CR-I10): all of them, or only
    the holding piece under `joker_owned_while_any_piece = false`."""
    joker = state.joker
    if joker.owner is None:
        return []
    if not settings.joker_owned_while_any_piece:
        holding = joker.holding_piece
        return [holding] if holding is not None and holding in joker.occupants else []
    return [key for key in joker.occupants if state.pieces[key].owner == joker.owner]


def visitors(state: CompanyRaidsState, settings: CompanyRaidsSettings) -> list[str]:
    """Pieces in the Joker square that are not owner pieces (CR-I18), in entry order."""
    owners = set(owner_pieces(state, settings))
    return [key for key in state.joker.occupants if key not in owners]


# --- ownership ------------------------------------------------------------------------------


def _ask_holding(work: Work, faction: Faction, incident: JokerIncident | None = None) -> None:
    """CR-5.5, CR-I11: the new owner is asked to declare the Joker Holding; an owner with no
    Company has no asset to reach the Joker, so the Holding is empty and nothing is asked
    (they may still declare one with `/company holding` once they own Companies)."""
    if work.settings.track_joker_holding:
        work.state.joker.holding = []
        owns = any(c.owner == faction for c in work.state.companies.values())
        work.state.joker.holding_due = owns
        work.emit(HoldingAsked(faction=faction, no_companies=not owns), incident)


def _clear_holding(work: Work, faction: Faction, incident: JokerIncident | None = None) -> None:
    """CR-I11: the previous owner's Joker Holding is cleared. Its Companies are theirs, so
    the record is emptied whatever `track_joker_holding` says (it would show again, as the
    next owner's, once Holdings are tracked again); it is told only while they are tracked,
    and only when it listed a Company: an owner who declared none (or owned none) had no
    Holding to clear."""
    declared = bool(work.state.holding_of(faction))
    work.state.joker.holding = []
    work.state.joker.holding_due = False
    if work.settings.track_joker_holding and declared:
        work.emit(HoldingCleared(faction=faction), incident)


def leave_holding(
    work: Work,
    company_key: str,
    company: str,
    previous_owner: Faction | None,
    incident: CompanyIncident | None = None,
) -> None:
    """CR-5.5, CR-I11: the Joker Holding is formed by the Joker owner's own assets, so a
    Company of it that is no longer theirs (captured, given away, its record removed) leaves
    it, told while Holdings are tracked. The owner may declare the Holding anew.

    `previous_owner` is the Company's owner before the change (None for a Company just
    registered). One that was not the Joker owner's was not in the Holding, though a state
    saved before the rule may still list it (`state.holding_of`): it is taken off the
    list untold, so it does not come back when the Company is the owner's again."""
    joker = work.state.joker
    if company_key not in joker.holding:
        return
    record = work.state.companies.get(company_key)
    held = previous_owner == joker.owner
    if held and record is not None and record.owner == joker.owner:
        return
    joker.holding = [key for key in joker.holding if key != company_key]
    if held and work.settings.track_joker_holding and joker.owner is not None:
        work.emit(HoldingLeft(company=company, faction=joker.owner), incident)


def _take(work: Work, piece_key: str, *, remaining: bool = False) -> None:
    """CR-5.4, CR-I10: the piece's player owns the unowned Joker, free of charge, no roll."""
    joker = work.state.joker
    piece = work.state.pieces[piece_key]
    joker.owner = piece.owner
    joker.holding_piece = piece_key
    work.emit(JokerTaken(faction=piece.owner, piece=piece.name, remaining=remaining))
    _ask_holding(work, piece.owner)


def _check_still_owned(work: Work) -> None:
    """CR-5.3, CR-I10: without an owner piece inside, the Joker is unowned again; pieces still
    inside stay as visitors, or the earliest takes it (`joker_taken_by_remaining_piece`).
    When that earliest piece is the owner's own (only under `joker_owned_while_any_piece =
    false`), ownership and the Joker Holding stand and it becomes the holding piece
    (CR-I18)."""
    joker = work.state.joker
    if joker.owner is None:
        return
    if joker.holding_piece not in joker.occupants and work.settings.joker_owned_while_any_piece:
        remaining = owner_pieces(work.state, work.settings)
        joker.holding_piece = remaining[0] if remaining else None
    if owner_pieces(work.state, work.settings):
        return
    previous = joker.owner
    if work.settings.joker_taken_by_remaining_piece and joker.occupants:
        first = work.state.pieces[joker.occupants[0]]
        if first.owner == previous:
            joker.holding_piece = joker.occupants[0]
            work.emit(JokerHeld(faction=previous, piece=first.name))
            return
    joker.owner = None
    joker.holding_piece = None
    work.emit(JokerUnowned(previous_owner=previous))
    _clear_holding(work, previous)
    if work.settings.joker_taken_by_remaining_piece and joker.occupants:
        _take(work, joker.occupants[0], remaining=True)


def leave_joker(work: Work, piece_key: str) -> None:
    """A piece leaves the Joker square (CR-5.3, CR-I10, CR-I18); ownership follows."""
    joker = work.state.joker
    piece = work.state.pieces[piece_key]
    if piece_key not in joker.occupants:
        return
    joker.occupants.remove(piece_key)
    piece.in_joker = False
    work.emit(JokerLeft(piece=piece.name))
    _check_still_owned(work)


def place_in_joker(work: Work, piece_key: str) -> None:
    """Put a piece in the square at registration (no duel): it takes an unowned Joker, joins
    its owner's pieces, or stays as a visitor (CR-I10, CR-I18); a rival's piece is told a
    visitor, as the status shows it."""
    joker = work.state.joker
    piece = work.state.pieces[piece_key]
    joker.occupants.append(piece_key)
    piece.in_joker = True
    if joker.owner is None:
        _take(work, piece_key)
    elif piece.owner != joker.owner:
        work.emit(BecameVisitor(piece=piece.name, reason="registered"))


def _win_joker(work: Work, incident: JokerIncident) -> None:
    """CR-5.12, CR-I11, CR-I17: the aggressor's player becomes the owner; the previous
    owner's Holding is cleared and the pieces they left inside stay as visitors."""
    joker = work.state.joker
    previous = joker.owner
    aggressor = work.state.pieces[incident.aggressor]
    former = owner_pieces(work.state, work.settings)
    joker.owner = aggressor.owner
    joker.holding_piece = incident.aggressor
    work.emit(
        JokerOwnerChanged(previous_owner=previous, new_owner=aggressor.owner), incident=incident
    )
    if previous is not None:
        _clear_holding(work, previous, incident)
    for key in former:
        work.emit(BecameVisitor(piece=piece_name(work.state, key), reason="former_owner"), incident)
    _ask_holding(work, aggressor.owner, incident)


def check_joker_free(state: CompanyRaidsState) -> None:
    """No piece enters the Joker square while a Joker incident is open: the refusal cites
    the clause of the choice it waits for (CR-I12, CR-I17, CR-I13)."""
    busy = state.joker_incident
    if busy is not None:
        raise refusal(
            Conflict, P + "error.joker_busy", clause=STEP_CLAUSES[busy.step], incident=busy.id
        )


# --- entering -------------------------------------------------------------------------------


def enter_joker(work: Work, piece_key: str, by_faction: Faction | None) -> int:
    """A piece ends its move on the Joker square (CR-I12); returns the entry's incident id.
    The incident stays open while a choice or a GM ruling is pending; it is archived
    otherwise."""
    state = work.state
    piece = state.pieces[piece_key]
    if by_faction is not None and by_faction != piece.owner:
        raise refusal(NotAllowed, P + "error.not_your_piece", piece=piece.name)
    if piece.in_joker:
        raise refusal(
            RuleViolation, P + "error.already_in_joker", clause="CR-I12", piece=piece.name
        )
    check_joker_free(state)
    incident_id = work.new_incident_id()
    owner = state.joker.owner
    piece.company = None
    piece.attempted = []
    state.joker.occupants.append(piece_key)
    piece.in_joker = True
    entered = JokerEntered(
        incident=incident_id, piece=piece.name, faction=piece.owner, joker_owner=owner
    )
    if owner is not None and owner != piece.owner:
        incident = JokerIncident(
            id=incident_id,
            turn=work.turn,
            aggressor=piece_key,
            aggressor_owner=piece.owner,
            joker_owner=owner,
            step="attack_choice",
        )
        state.joker_incident = incident
        work.emit(entered, incident)
        if work.settings.joker_entry_forces_duel:
            run_duels(work, incident)
        else:
            offer(work, incident)
        return incident_id
    first = len(work.events)
    work.emit(entered)
    if owner is None:
        _take(work, piece_key)
    else:
        owned = piece_key in owner_pieces(state, work.settings)
        work.emit(JokerJoined(piece=piece.name, owner_piece=owned))
    work.archive_entry(incident_id, work.events[first:])
    return incident_id


def offer(work: Work, incident: JokerIncident) -> None:
    """Post the pending choice of the incident's current step."""
    work.offer(incident, *joker_choice(work.state, work.settings, incident))


def joker_choice(
    state: CompanyRaidsState, settings: CompanyRaidsSettings, incident: JokerIncident
) -> tuple[Faction | None, list[str]]:
    """Who answers the incident's step, and the options (piece names for a defender)."""
    if incident.step == "attack_choice":
        return incident.aggressor_owner, list(ATTACK_OPTIONS)
    if incident.step == "defender_choice":
        return incident.joker_owner, [
            piece_name(state, key) for key in owner_pieces(state, settings)
        ]
    return None, list(RULING_OPTIONS)


def forced_joker_option(
    state: CompanyRaidsState, settings: CompanyRaidsSettings, incident: JokerIncident
) -> str:
    """CR-I19: attack; the earliest owner piece defends; a GM ruling lets the duel stand."""
    if incident.step == "attack_choice":
        return "attack"
    if incident.step == "defender_choice":
        return piece_name(state, owner_pieces(state, settings)[0])
    return "no_winner"


# --- the duels ------------------------------------------------------------------------------


def run_duels(work: Work, incident: JokerIncident, chosen: str | None = None) -> None:
    """CR-I17: the aggressor fights the owner pieces one after another, each a full duel; the
    owner picks the next defender under `owner_choice` when more than one is left."""
    settings = work.settings
    while True:
        defenders = owner_pieces(work.state, settings)
        if not defenders:
            _win_joker(work, incident)
            work.close(incident)
            return
        if chosen is None:
            if settings.joker_defender_order == "owner_choice" and len(defenders) > 1:
                incident.step = "defender_choice"
                offer(work, incident)
                return
            chosen = defenders[0]
        result = _fight(work, incident, chosen)
        if result == "gm_ruling":
            incident.step = "gm_ruling"
            incident.ruling_defender = chosen
            aggressor = work.state.pieces[incident.aggressor]
            work.emit(BecameVisitor(piece=aggressor.name, reason="gm_ruling"), incident)
            offer(work, incident)
            return
        _settle(work, incident, chosen, result)
        if result == "defender":
            work.close(incident)
            return
        if settings.joker_defence == "first_only":
            _win_joker(work, incident)
            work.close(incident)
            return
        chosen = None


def _fight(work: Work, incident: JokerIncident, defender_key: str) -> DuelResult:
    """CR-5.7, CR-I13: single shots in turn, the owner's piece first by default; the first
    hit ends the duel; after `duel_max_shots` misses it goes to a GM ruling."""
    settings = work.settings
    defender = work.state.pieces[defender_key]
    aggressor = work.state.pieces[incident.aggressor]
    first: DuelSide = "defender" if settings.duel_first_shot == "joker_owner" else "aggressor"
    incident.duels_fought += 1
    duel = DuelRecord(
        number=incident.duels_fought,
        defender=defender.name,
        defender_owner=defender.owner,
        defender_value=defender.value,
        aggressor=aggressor.name,
        aggressor_owner=aggressor.owner,
        aggressor_value=aggressor.value,
        first=first,
    )
    hit_faces = settings.duel_hit_faces
    result: DuelResult = "gm_ruling"
    for shot in range(1, settings.duel_max_shots + 1):
        shooter = defender if duel.shooter(shot) == "defender" else aggressor
        face = work.roll(ROLL_DUEL_SHOT, "CR-I13", hit_faces, shooter.owner)
        duel.faces.append(face)
        if face in hit_faces:
            result = duel.shooter(shot)
            break
    duel.result = result
    work.emit(DuelFought(duel=duel), incident)
    return result


def _settle(work: Work, incident: JokerIncident, defender_key: str, winner: DuelSide) -> None:
    """CR-5.10, CR-5.11, CR-I8, CR-I14: the loser is removed; the winner's player is due the
    prize, the multiple of the loser's value (or always of the aggressor's)."""
    settings = work.settings
    state = work.state
    defender = state.pieces[defender_key]
    aggressor = state.pieces[incident.aggressor]
    loser_key, loser = (
        (incident.aggressor, aggressor) if winner == "defender" else (defender_key, defender)
    )
    winner_piece = defender if winner == "defender" else aggressor
    state.joker.occupants.remove(loser_key)
    loser.in_joker = False
    loser.destroyed = True
    clause = "CR-5.10" if winner == "defender" else "CR-5.11"
    loser.removed_by = clause
    work.emit(
        PieceDestroyed(piece=loser.name, owner=loser.owner, value=loser.value, clause=clause),
        incident,
    )
    basis = loser.value if settings.joker_prize_basis == "loser" else aggressor.value
    payer = None if settings.bonus_payer == "bank" else loser.owner
    work.owe(
        "prize",
        payer,
        winner_piece.owner,
        joker_prize(basis, settings.joker_prize_multiplier),
        "CR-I14",
        incident,
    )


def rule_duel(work: Work, incident: JokerIncident, winner: RulingWinner) -> None:
    """CR-I13, CR-I17: the GM's ruling on a duel that reached the shot cap. A winner is
    treated as having hit with the last shot; `no_winner` lets the outcome stand."""
    work.emit(GmRuled(winner=winner), incident)
    defender_key = incident.ruling_defender
    incident.ruling_defender = None
    if winner == "no_winner" or defender_key is None:
        work.close(incident)
        return
    side: DuelSide = "aggressor" if winner == "aggressor" else "defender"
    _settle(work, incident, defender_key, side)
    if side == "defender":
        work.close(incident)
    elif work.settings.joker_defence == "first_only":
        _win_joker(work, incident)
        work.close(incident)
    else:
        run_duels(work, incident)


def decline(work: Work, incident: JokerIncident) -> None:
    """CR-I12 (`joker_entry_forces_duel = false`): the aggressor stays as a visitor."""
    aggressor = work.state.pieces[incident.aggressor]
    work.emit(BecameVisitor(piece=aggressor.name, reason="declined"), incident)
    work.close(incident)


def choose_defender(work: Work, incident: JokerIncident, option: str) -> None:
    """CR-I17 (`owner_choice`): the owner names the piece that defends next (one of the
    options offered, which are the owner pieces inside)."""
    run_duels(work, incident, chosen=name_key(option))
