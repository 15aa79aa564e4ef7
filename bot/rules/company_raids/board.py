"""The board as the players register it (section 1): Companies (owner, fine, Holding), pieces
(owner, value, square), moves off a square (CR-I9 marks cleared, CR-I10 leaving the Joker),
the Joker Holding declaration (CR-I11) and the CR-I15 shield of the Joker piece."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from collections.abc import Sequence
from enum import Enum

from bot.errors import Conflict
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.company_raids.joker import check_joker_free
from bot.rules.company_raids.joker import leave_holding
from bot.rules.company_raids.joker import leave_joker
from bot.rules.company_raids.joker import place_in_joker
from bot.rules.company_raids.models import MAX_AMOUNT
from bot.rules.company_raids.models import MAX_COMPANIES
from bot.rules.company_raids.models import MAX_NAME
from bot.rules.company_raids.models import MAX_PIECES
from bot.rules.company_raids.models import Company
from bot.rules.company_raids.models import CompanyDeleted
from bot.rules.company_raids.models import CompanyRaidsState
from bot.rules.company_raids.models import CompanyRegistered
from bot.rules.company_raids.models import Faction
from bot.rules.company_raids.models import HoldingDeclared
from bot.rules.company_raids.models import JokerIncident
from bot.rules.company_raids.models import Piece
from bot.rules.company_raids.models import PieceDeleted
from bot.rules.company_raids.models import PieceMoved
from bot.rules.company_raids.models import PieceRegistered
from bot.rules.company_raids.models import name_key
from bot.rules.company_raids.raids import is_rival_company
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.company_raids.work import P
from bot.rules.company_raids.work import RaidOutcome
from bot.rules.company_raids.work import Work
from bot.rules.company_raids.work import active_piece
from bot.rules.company_raids.work import check_not_in_incident
from bot.rules.company_raids.work import company_name
from bot.rules.company_raids.work import find_company
from bot.rules.company_raids.work import find_piece
from bot.rules.company_raids.work import is_joker_name
from bot.rules.company_raids.work import refusal
from bot.rules.company_raids.work import refuse_if_open
from bot.rules.company_raids.work import settle_first
from bot.text import looks_alike
from bot.text import tidy


class Unchanged(Enum):
    """Marks an edit argument that keeps the current value."""

    KEEP = "keep"


KEEP = Unchanged.KEEP


def _check_name(name: str) -> str:
    """A name as stored: invisible characters stripped, NFC, single spaces (`tidy`)."""
    clean = tidy(name)
    if not clean or len(clean) > MAX_NAME:
        raise refusal(GameError, P + "error.bad_name", limit=MAX_NAME)
    return clean


def _squeezed(name: str) -> str:
    """A name's letters and digits only, case kept (look-alikes are told by their letters'
    shapes, a capital I against a small L): `Steel works` and `Steel-works` read
    `Steelworks`."""
    return "".join(char for char in unicodedata.normalize("NFKC", name) if char.isalnum())


def _mistakable(name: str, names: Iterable[str]) -> str | None:
    """The first of `names` a player could take `name` for: another name (by `name_key`)
    whose letters and digits look like `name`'s (`looks_alike`), so one spelled alike (a
    Cyrillic letter, a 0 for an O), spaced or punctuated otherwise (a player typing
    `steel works` from memory means Steelworks), or both (`Steel w0rks`)."""
    key, squeezed = name_key(name), _squeezed(name)
    if not squeezed:
        return None
    return next(
        (o for o in names if name_key(o) != key and looks_alike(_squeezed(o), squeezed)), None
    )


def _reusable(state: CompanyRaidsState, key: str) -> bool:
    """A removed piece's name may name a new piece (its record is replaced), unless an open
    incident still tells of the removed one (CR-4.2, CR-5.10)."""
    return state.pieces[key].destroyed and state.open_incident_of(key) is None


def _check_amount(amount: int) -> None:
    """CR-I16: fines and values are whole, non-negative numbers of money units."""
    if not 0 <= amount <= MAX_AMOUNT:
        raise refusal(RuleViolation, P + "error.bad_amount", clause="CR-I16", amount=amount)


def _check_owner(owner: Faction | None, by_faction: Faction | None, name: str) -> None:
    if by_faction is not None and owner != by_faction:
        raise refusal(NotAllowed, P + "error.not_yours", name=name)


def _check_registrant(owner: Faction | None, by_faction: Faction | None, name: str) -> None:
    """A player registers a record for their own faction; only a GM registers one with no
    owner (CR-I5) or for another faction. The record does not exist yet, so the refusal says
    who may register it rather than whose it is."""
    if by_faction is None or owner == by_faction:
        return
    if owner is None:
        raise refusal(NotAllowed, P + "error.unowned_gm_only", name=name)
    raise refusal(NotAllowed, P + "error.others_gm_only", name=name, faction=owner)


def register_company(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    name: str,
    *,
    owner: Faction | None,
    fine: int,
    holding: str | None = None,
    by_faction: Faction | None = None,
) -> RaidOutcome:
    """Register a Company with its owner marker, current fine and Holding label (CR-I4).
    A player registers their own Companies (`by_faction`); the GM any. A name of the Joker
    square, or one like it, is refused: the Joker is not a Company (CR-I5); so is one a
    player could take for a registered Company's (`_mistakable`)."""
    clean = _check_name(name)
    key = name_key(clean)
    if key in state.companies:
        raise refusal(Conflict, P + "error.company_exists", company=state.companies[key].name)
    other = _mistakable(clean, (c.name for c in state.companies.values()))
    if other is not None:
        raise refusal(Conflict, P + "error.company_look_alike", company=clean, existing=other)
    if is_joker_name(clean):  # CR-I5: the Joker square is not a Company
        raise refusal(RuleViolation, P + "error.company_joker_name", clause="CR-I5", company=clean)
    if len(state.companies) >= MAX_COMPANIES:
        raise refusal(GameError, P + "error.too_many_companies", limit=MAX_COMPANIES)
    _check_amount(fine)
    _check_registrant(owner, by_faction, clean)
    work = Work.on(state, settings)
    label = _check_name(holding) if holding else None
    work.state.companies[key] = Company(name=clean, owner=owner, fine=fine, holding=label)
    work.emit(CompanyRegistered(company=clean, owner=owner, fine=fine, holding=label))
    leave_holding(work, key, clean, None)  # a new Company is in no Holding yet
    return work.outcome()


def edit_company(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    name: str,
    *,
    owner: Faction | Unchanged | None = KEEP,
    fine: int | None = None,
    holding: str | Unchanged | None = KEEP,
    by_faction: Faction | None = None,
) -> RaidOutcome:
    """Update a Company's record: the players keep the fine and Holding current (CR-I4,
    CR-I6); the owner marker is normally changed by a capture (CR-2.8), here by the GM or
    its owner (only a GM leaves it with no owner, as only a GM registers it so). An edit
    that changes nothing is refused, logging nothing; so is any change while an incident is
    open in the Company, by a GM too: the incident goes on with the owner and fine it opened
    with (CR-I4), so it is settled (answered, forced or undone) before the record changes.
    A Company given to another owner leaves the Joker Holding (CR-5.5)."""
    key, company = find_company(state, name)
    _check_owner(company.owner, by_faction, company.name)
    if fine is not None:
        _check_amount(fine)
    new_owner = company.owner if isinstance(owner, Unchanged) else owner
    new_fine = company.fine if fine is None else fine
    new_holding = company.holding
    if not isinstance(holding, Unchanged):
        new_holding = _check_name(holding) if holding else None
    if (new_owner, new_fine, new_holding) == (company.owner, company.fine, company.holding):
        named = company.holding is not None
        unchanged = "error.company_unchanged" if named else "error.company_unchanged_no_holding"
        raise refusal(
            Conflict,
            P + unchanged,
            company=company.name,
            owner=company.owner or Msg(P + "who.nobody"),
            fine=company.fine,
            holding=company.holding,
        )
    busy = state.incident_on(key)
    refuse_if_open(busy, "error.company_edit_in_incident", "CR-I4", company=company.name)
    _check_not_ahead(state, key, "error.company_edit_ahead")
    if by_faction is not None and new_owner is None:
        # As at registration: only a GM has a Company with no owner (CR-I5: it opens none).
        raise refusal(NotAllowed, P + "error.unowned_edit_gm_only", name=company.name)
    work = Work.on(state, settings)
    record = work.state.companies[key]
    record.owner = new_owner
    record.fine = new_fine
    record.holding = new_holding
    work.emit(
        CompanyRegistered(
            company=record.name,
            owner=record.owner,
            fine=record.fine,
            holding=record.holding,
            edited=True,
        )
    )
    leave_holding(work, key, record.name, company.owner)
    return work.outcome()


def _check_not_ahead(state: CompanyRaidsState, key: str, message: str) -> None:
    """CR-I5 (pass-through): a Company still ahead of a piece whose move is open in an
    incident is held until the incident closes, as the incident's own Company is: the move
    was made through it, and a change of owner or fine, or its removal, would rewrite it."""
    ahead = state.incident_ahead(key)
    if ahead is not None:
        raise refusal(
            Conflict,
            P + message,
            clause="CR-I5",
            company=state.companies[key].name,
            piece=state.pieces[ahead.piece].name,
            incident=ahead.id,
            settle=settle_first(),
        )


def remove_company(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    name: str,
    *,
    by_faction: Faction | None = None,
) -> RaidOutcome:
    """Delete a Company's record; pieces standing in it are elsewhere, their marks for it
    cleared, and it leaves the Joker Holding. Refused while an incident is open in it, citing
    the choice it waits for and saying how to settle it."""
    key, company = find_company(state, name)
    _check_owner(company.owner, by_faction, company.name)
    refuse_if_open(state.incident_on(key), "error.company_in_incident", company=company.name)
    _check_not_ahead(state, key, "error.company_remove_ahead")
    work = Work.on(state, settings)
    del work.state.companies[key]
    for piece in work.state.pieces.values():
        if piece.company == key:
            piece.company = None
        piece.attempted = [k for k in piece.attempted if k != key]
    work.emit(CompanyDeleted(company=company.name))
    leave_holding(work, key, company.name, company.owner)
    return work.outcome()


def register_piece(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    name: str,
    *,
    owner: Faction,
    value: int,
    company: str | None = None,
    in_joker: bool = False,
    by_faction: Faction | None = None,
) -> RaidOutcome:
    """Register a piece with its owner, value (CR-I16) and square: a Company, the Joker
    (the first piece in an unowned Joker makes its player the owner, CR-5.2, CR-I10; a
    rival's piece is a visitor, CR-I18), or elsewhere. Registering opens no incident."""
    clean = _check_name(name)
    key = name_key(clean)
    if key in state.pieces and not _reusable(state, key):
        raise refusal(Conflict, P + "error.piece_exists", piece=state.pieces[key].name)
    standing = (p.name for k, p in state.pieces.items() if not _reusable(state, k))
    other = _mistakable(clean, standing)
    if other is not None:
        raise refusal(Conflict, P + "error.piece_look_alike", piece=clean, existing=other)
    if len(state.pieces) >= MAX_PIECES:
        raise refusal(GameError, P + "error.too_many_pieces", limit=MAX_PIECES)
    _check_amount(value)
    _check_registrant(owner, by_faction, clean)
    if company is not None and in_joker:
        raise refusal(RuleViolation, P + "error.two_squares", clause="CR-I5", piece=clean)
    company_key = find_company(state, company)[0] if company is not None else None
    if in_joker:
        check_joker_free(state)
    work = Work.on(state, settings)
    work.state.pieces[key] = Piece(name=clean, owner=owner, value=value, company=company_key)
    square = company_name(state, company_key) if company_key is not None else None
    work.emit(
        PieceRegistered(piece=clean, owner=owner, value=value, company=square, in_joker=in_joker)
    )
    if in_joker:
        place_in_joker(work, key)
    return work.outcome()


def edit_piece(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    name: str,
    *,
    value: int | None = None,
    by_faction: Faction | None = None,
) -> RaidOutcome:
    """Correct a piece's registered value (CR-I16); it counts from the next amount due. The
    same value again is refused, logging nothing; so is any change while the piece is in an
    open incident, by a GM too: what that incident pays counts its value (CR-4.3 a
    counterattack's bonus, CR-5.10 a Joker prize), so it is settled first."""
    key, piece = active_piece(state, name)
    _check_owner(piece.owner, by_faction, piece.name)
    if value is not None:
        _check_amount(value)
    if value is None or value == piece.value:
        raise refusal(Conflict, P + "error.piece_unchanged", piece=piece.name, value=piece.value)
    busy = state.open_incident_of(key)
    clause = "CR-5.10" if isinstance(busy, JokerIncident) else "CR-4.3"
    refuse_if_open(busy, "error.piece_edit_in_incident", clause, piece=piece.name)
    work = Work.on(state, settings)
    record = work.state.pieces[key]
    record.value = value
    work.emit(
        PieceRegistered(piece=record.name, owner=record.owner, value=record.value, edited=True)
    )
    return work.outcome()


def remove_piece(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    name: str,
    *,
    by_faction: Faction | None = None,
) -> RaidOutcome:
    """Delete a piece's record (a removed piece's too). A piece taken off in the Joker counts
    as leaving it (CR-I10), told after the removal itself: the outcome reads first."""
    key, piece = find_piece(state, name)
    _check_owner(piece.owner, by_faction, piece.name)
    check_not_in_incident(state, key)
    work = Work.on(state, settings)
    work.emit(PieceDeleted(piece=piece.name))
    if piece.in_joker:
        leave_joker(work, key)
    del work.state.pieces[key]
    return work.outcome()


def move_piece(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    name: str,
    *,
    to_company: str | None = None,
    by_faction: Faction | None = None,
) -> RaidOutcome:
    """A piece leaves its square for elsewhere on the board, or for its own or an unowned
    Company (no incident, CR-I5). Leaving clears its *attempted* marks (CR-I9) and, from the
    Joker, may leave it unowned (CR-5.3, CR-I10). A rival's Company needs `land`; the Joker
    needs `enter`."""
    key, piece = active_piece(state, name)
    _check_owner(piece.owner, by_faction, piece.name)
    check_not_in_incident(state, key)
    target_key: str | None = None
    if to_company is not None:
        target_key, target = find_company(state, to_company)
        if is_rival_company(state, target_key, piece.owner):
            raise refusal(
                RuleViolation, P + "error.land_instead", clause="CR-I5", company=target.name
            )
        if target_key == piece.company:
            raise refusal(
                RuleViolation, P + "error.already_there", clause="CR-3.9", piece=piece.name
            )
    work = Work.on(state, settings)
    record = work.state.pieces[key]
    if record.in_joker:
        leave_joker(work, key)
    cleared = [company_name(work.state, k) for k in record.attempted]
    record.attempted = []
    record.company = target_key
    work.emit(
        PieceMoved(
            piece=record.name,
            to_company=None if target_key is None else work.state.companies[target_key].name,
            cleared=cleared,
        )
    )
    return work.outcome()


def declare_joker_holding(
    state: CompanyRaidsState,
    settings: CompanyRaidsSettings,
    companies: Sequence[str],
    *,
    by_faction: Faction | None = None,
) -> RaidOutcome:
    """The Joker's owner declares the Companies of the Joker Holding (CR-5.5, CR-5.12,
    CR-I11); which assets "reach the Joker" is the players' call, but each must be theirs."""
    if not settings.track_joker_holding:
        raise refusal(RuleViolation, P + "error.holding_not_tracked", clause="CR-I11")
    owner = state.joker.owner
    if owner is None:
        raise refusal(RuleViolation, P + "error.joker_unowned", clause="CR-5.5")
    if by_faction is not None and by_faction != owner:
        raise refusal(NotAllowed, P + "error.not_joker_owner")
    keys: list[str] = []
    for name in companies:
        key, company = find_company(state, name)
        if company.owner != owner:
            raise refusal(
                RuleViolation, P + "error.not_owner_asset", clause="CR-5.5", company=company.name
            )
        if key not in keys:
            keys.append(key)
    held = state.holding_of(owner)
    if not state.joker.holding_due and set(keys) == set(held):
        declared = ", ".join(state.companies[key].name for key in held)
        raise refusal(
            Conflict,
            P + ("error.holding_unchanged" if declared else "error.holding_unchanged_empty"),
            faction=owner,
            companies=declared,
        )
    work = Work.on(state, settings)
    work.state.joker.holding = keys
    work.state.joker.holding_due = False
    work.emit(
        HoldingDeclared(faction=owner, companies=[work.state.companies[key].name for key in keys])
    )
    return work.outcome()


def check_adjacent_duel(
    state: CompanyRaidsState, settings: CompanyRaidsSettings, attacker: str, target: str
) -> None:
    """CR-5.13, CR-I15: a duel between the piece in the Joker and a piece outside it (on a
    neighbouring square) is refused, in either direction, unless `joker_adjacent_attacks`."""
    _, first = active_piece(state, attacker)
    _, second = active_piece(state, target)
    if first.in_joker != second.in_joker and not settings.joker_adjacent_attacks:
        inside = first if first.in_joker else second
        raise refusal(
            RuleViolation, P + "error.joker_shielded", clause="CR-5.13", piece=inside.name
        )
