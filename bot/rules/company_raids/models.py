"""State of the Company raids ruleset (rules/company-raids.md, section 4 "State carried by the
bot"): Companies, pieces, the Joker cell, open incidents and the events they log.

Everything is plain pydantic and JSON-serialisable (schema version 1). A finished incident
leaves the state: its full record goes to the ruleset archive (`IncidentRecord`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated
from typing import Any
from typing import Literal

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field
from pydantic import SerializerFunctionWrapHandler
from pydantic import model_serializer
from pydantic import model_validator

from bot.rulesets import ArchiveRecord
from bot.text import FACTION_NAME_MAX
from bot.text import CleanName
from bot.text import name_key as text_name_key

MAX_NAME = 60
MAX_AMOUNT = 10**12
MAX_PIECES = 2000
MAX_COMPANIES = 2000

Faction = str
PaymentKind = Literal["fine", "bonus", "prize"]
CompanyStep = Literal["trespasser_choice", "owner_choice", "fine_amount"]
JokerStep = Literal["attack_choice", "defender_choice", "gm_ruling"]
Step = Literal[
    "trespasser_choice",
    "owner_choice",
    "fine_amount",
    "attack_choice",
    "defender_choice",
    "gm_ruling",
]
FineReason = Literal["paid", "after_failed_capture", "after_capture", "after_counterattack"]
DuelSide = Literal["defender", "aggressor"]
DuelResult = Literal["defender", "aggressor", "gm_ruling"]
RulingWinner = Literal["aggressor", "defender", "no_winner"]
VisitorReason = Literal["declined", "gm_ruling", "former_owner", "registered"]

COMPANY_STEPS: tuple[CompanyStep, ...] = ("trespasser_choice", "owner_choice", "fine_amount")
JOKER_STEPS: tuple[JokerStep, ...] = ("attack_choice", "defender_choice", "gm_ruling")


def name_key(name: str) -> str:
    """The lookup key of a Company or piece name: case, spacing, Unicode forms and invisible
    characters do not matter (`bot.text.name_key`), so `Steel\u200bworks` is `Steelworks`."""
    return text_name_key(name)


class Company(BaseModel):
    """A Company as the players registered it (CR-I4): owner marker, recorded fine, Holding."""

    name: CleanName = Field(min_length=1, max_length=MAX_NAME)
    owner: Faction | None = None
    fine: int = Field(default=0, ge=0, le=MAX_AMOUNT)
    holding: CleanName | None = Field(default=None, max_length=MAX_NAME)


class Piece(BaseModel):
    """A piece (CR-I16: whole value): its owner, where it stands, its *attempted* marks (CR-I9).

    `company` is the key of the Company it stands in, `in_joker` whether it is in the Joker
    square; neither means elsewhere on the board. A removed piece stays `destroyed` until
    the players delete its record; `removed_by` is the clause it was removed under (CR-4.2
    a counterattack, CR-5.10 or CR-5.11 a Joker duel).
    """

    name: CleanName = Field(min_length=1, max_length=MAX_NAME)
    owner: Faction = Field(min_length=1, max_length=FACTION_NAME_MAX)  # any faction's name
    value: int = Field(default=0, ge=0, le=MAX_AMOUNT)
    company: str | None = None
    in_joker: bool = False
    destroyed: bool = False
    removed_by: str | None = None
    attempted: list[str] = Field(default_factory=list)


class JokerCell(BaseModel):
    """The Joker-Octopus square (CR-5, CR-I10, CR-I11, CR-I18).

    `occupants` are piece keys in the order they entered. Owner pieces and visitors follow
    from the owner and `holding_piece` (see `state.owner_pieces`). `holding` lists the
    Companies of the owner's declared Joker Holding, as stored: read it through
    `state.holding_of(owner)`. `holding_due` is set while the owner has been asked to declare
    it.
    """

    owner: Faction | None = None
    holding_piece: str | None = None
    occupants: list[str] = Field(default_factory=list)
    holding: list[str] = Field(default_factory=list)
    holding_due: bool = False


class Payment(BaseModel):
    """An amount due (CR-I16): `exact` as the log keeps it, `due` as the players settle it.

    `payer` None is the bank (CR-I8).
    """

    model_config = ConfigDict(frozen=True)

    kind: PaymentKind
    payer: Faction | None
    payee: Faction
    exact: str
    due: str
    clause: str

    @property
    def exact_amount(self) -> Fraction:
        """The exact figure."""
        return Fraction(self.exact)

    @property
    def due_amount(self) -> Fraction:
        """The rounded figure shown to the players."""
        return Fraction(self.due)


class DuelRecord(BaseModel):
    """One Joker duel (CR-I13): who fought, every shot's face in order, and how it ended."""

    number: int
    defender: str
    defender_owner: Faction
    defender_value: int
    aggressor: str
    aggressor_owner: Faction
    aggressor_value: int
    first: DuelSide
    faces: list[int] = Field(default_factory=list)
    result: DuelResult | None = None

    def shooter(self, shot: int) -> DuelSide:
        """Which side fired shot `shot` (1-based): the first shooter fires the odd ones."""
        if shot % 2 == 1:
            return self.first
        return "aggressor" if self.first == "defender" else "defender"


# --- events: what an engine call did, in order (narrated once, logged whole) ----------------


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True)


class PieceLanded(_Event):
    """CR-1.2, CR-I5: a piece stops in (or passes through) a rival's Company."""

    kind: Literal["landed"] = "landed"
    incident: int
    piece: str
    company: str
    trespasser: Faction
    company_owner: Faction
    passing: bool = False


class _StepEvent(_Event):
    """An event of one step of an incident: the incident's number and the step it is at."""

    kind: str  # each event's own, here so that it stays the first key of its JSON
    incident: int
    step: Step


class ChoiceOffered(_StepEvent):
    """A pending choice is posted (CR-2.2, CR-3.2, CR-I12, CR-I13, CR-I17)."""

    kind: Literal["offered"] = "offered"
    faction: Faction | None
    options: list[str]


class ChoiceMade(_StepEvent):
    """An answer to a pending choice; `by` None is the GM; `forced` per CR-I19."""

    kind: Literal["chosen"] = "chosen"
    option: str
    by: Faction | None
    forced: bool = False
    amount: int | None = None


class CaptureRolled(_Event):
    """CR-2.6, CR-2.7, CR-3.2: the capture roll of the Black die."""

    kind: Literal["capture_roll"] = "capture_roll"
    face: int
    captured: bool


class CompanyCaptured(_Event):
    """CR-2.8, CR-I6: the owner marker changes colour."""

    kind: Literal["captured"] = "captured"
    company: str
    previous_owner: Faction
    new_owner: Faction


class CounterattackRolled(_Event):
    """CR-3.6, CR-3.7, CR-4.2: the counterattack roll."""

    kind: Literal["counterattack_roll"] = "counterattack_roll"
    face: int
    hit: bool


class PieceDestroyed(_Event):
    """CR-4.2, CR-5.10: a hit piece is removed from the board."""

    kind: Literal["destroyed"] = "destroyed"
    piece: str
    owner: Faction
    value: int
    clause: str


class PaymentDue(_Event):
    """A fine, bonus or prize is owed (CR-2.5, CR-3.5, CR-4.3, CR-5.10, CR-I16)."""

    kind: Literal["payment"] = "payment"
    payment: Payment


class AttemptMarked(_Event):
    """CR-3.8, CR-3.9, CR-I9: the surviving piece may stay; a new incident needs re-entry."""

    kind: Literal["marked"] = "marked"
    piece: str
    company: str


class MovedOn(_Event):
    """CR-I5 (pass-through): the piece survives and moves on; its mark is cleared."""

    kind: Literal["moved_on"] = "moved_on"
    piece: str
    from_company: str
    to_company: str


class IncidentClosed(_Event):
    """CR-2.5, CR-3.5, CR-3.7: the incident is considered closed."""

    kind: Literal["closed"] = "closed"
    incident: int


class JokerEntered(_Event):
    """CR-I12: a piece ends its move on the Joker square."""

    kind: Literal["joker_entered"] = "joker_entered"
    incident: int
    piece: str
    faction: Faction
    joker_owner: Faction | None


class _JokerHolderEvent(_Event):
    """An event naming who owns the Joker now (`faction`) and the piece holding it."""

    kind: str  # each event's own, here so that it stays the first key of its JSON
    faction: Faction
    piece: str


class JokerTaken(_JokerHolderEvent):
    """CR-5.4, CR-I10, CR-I18: a player becomes the Joker's owner free of charge, no roll."""

    kind: Literal["joker_taken"] = "joker_taken"
    remaining: bool = False


class JokerHeld(_JokerHolderEvent):
    """CR-I18 (`joker_taken_by_remaining_piece`, `joker_owned_while_any_piece = false`): the
    holding piece left and the first piece left inside is the owner's own: ownership and the
    Joker Holding stand, and that piece holds the Joker now."""

    kind: Literal["joker_held"] = "joker_held"


class JokerJoined(_Event):
    """CR-I12: a piece of the owner enters; it becomes an owner piece or a visitor."""

    kind: Literal["joker_joined"] = "joker_joined"
    piece: str
    owner_piece: bool


class DuelFought(_Event):
    """CR-5.7–CR-5.11, CR-I13: one duel, every shot."""

    kind: Literal["duel"] = "duel"
    duel: DuelRecord


class GmRuled(_Event):
    """CR-I13: the GM enters the winner of a duel that reached the shot cap (or lets it stand)."""

    kind: Literal["gm_ruled"] = "gm_ruled"
    winner: RulingWinner


class JokerOwnerChanged(_Event):
    """CR-5.12, CR-I17: the aggressor's player becomes the Joker's owner."""

    kind: Literal["joker_owner_changed"] = "joker_owner_changed"
    previous_owner: Faction | None
    new_owner: Faction


class JokerUnowned(_Event):
    """CR-5.3, CR-I10: the owner's last piece (or the holding piece) left."""

    kind: Literal["joker_unowned"] = "joker_unowned"
    previous_owner: Faction


class JokerLeft(_Event):
    """A piece leaves the Joker square (CR-5.3, CR-I18)."""

    kind: Literal["joker_left"] = "joker_left"
    piece: str


class BecameVisitor(_Event):
    """CR-I18: a piece stays in the Joker without owning it."""

    kind: Literal["visitor"] = "visitor"
    piece: str
    reason: VisitorReason


class HoldingCleared(_Event):
    """CR-I11: a player's Joker Holding is cleared."""

    kind: Literal["holding_cleared"] = "holding_cleared"
    faction: Faction


class HoldingLeft(_Event):
    """CR-5.5, CR-I11: a Company of the Joker Holding is no longer the Joker owner's (captured,
    given away or removed), so it leaves the Holding."""

    kind: Literal["holding_left"] = "holding_left"
    company: str
    faction: Faction


class HoldingAsked(_Event):
    """CR-5.5, CR-5.12, CR-I11: the new owner is asked to declare the Joker Holding."""

    kind: Literal["holding_asked"] = "holding_asked"
    faction: Faction
    # The owner has no Company, so no asset reaches the Joker: the Holding is empty and no
    # answer is awaited (CR-I11).
    no_companies: bool = False


class HoldingDeclared(_Event):
    """CR-I11: the owner declared the Companies of the Joker Holding."""

    kind: Literal["holding_declared"] = "holding_declared"
    faction: Faction
    companies: list[str]


class CompanyRegistered(_Event):
    """The players register or edit a Company (section 1)."""

    kind: Literal["company_registered"] = "company_registered"
    company: str
    owner: Faction | None
    fine: int
    holding: str | None
    edited: bool = False


class CompanyDeleted(_Event):
    """The players remove a Company's record."""

    kind: Literal["company_deleted"] = "company_deleted"
    company: str


class PieceRegistered(_Event):
    """The players register or edit a piece (section 1)."""

    kind: Literal["piece_registered"] = "piece_registered"
    piece: str
    owner: Faction
    value: int
    edited: bool = False
    company: str | None = None  # the square it was registered on (section 1)
    in_joker: bool = False


class PieceDeleted(_Event):
    """The players remove a piece's record (leaving the Joker if it was there, CR-I10)."""

    kind: Literal["piece_deleted"] = "piece_deleted"
    piece: str


class PieceMoved(_Event):
    """A piece leaves its square (CR-I9: its marks are cleared) for another square.
    `cleared` names the Companies whose marks were cleared (their number is its length).

    An event logged before the Companies were named tells only their number,
    `marks_cleared`: it is read from those alone, and written only for them (one logged
    with both drops the count, as the names give it)."""

    kind: Literal["piece_moved"] = "piece_moved"
    piece: str
    to_company: str | None
    marks_cleared: int = 0
    cleared: list[str] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _count_of_names(cls, data: Any) -> Any:
        """The count logged beside the names is theirs: it is not kept twice."""
        if isinstance(data, dict) and data.get("cleared"):
            return {k: v for k, v in data.items() if k != "marks_cleared"}
        return data

    @model_serializer(mode="wrap")
    def _without_count_of_names(self, handler: SerializerFunctionWrapHandler) -> Any:
        """The count is written only for an event that does not name the Companies."""
        data = handler(self)
        if isinstance(data, dict) and not self.marks_cleared:
            data.pop("marks_cleared", None)
        return data


Event = Annotated[
    PieceLanded
    | ChoiceOffered
    | ChoiceMade
    | CaptureRolled
    | CompanyCaptured
    | CounterattackRolled
    | PieceDestroyed
    | PaymentDue
    | AttemptMarked
    | MovedOn
    | IncidentClosed
    | JokerEntered
    | JokerTaken
    | JokerHeld
    | JokerJoined
    | DuelFought
    | GmRuled
    | JokerOwnerChanged
    | JokerUnowned
    | JokerLeft
    | BecameVisitor
    | HoldingCleared
    | HoldingLeft
    | HoldingAsked
    | HoldingDeclared
    | CompanyRegistered
    | CompanyDeleted
    | PieceRegistered
    | PieceDeleted
    | PieceMoved,
    Field(discriminator="kind"),
]


# --- open incidents ----------------------------------------------------------------------


class CompanyIncident(BaseModel):
    """A stop in a rival's Company, open until its last choice is answered (CR-2, CR-3, CR-4).

    `company_owner` is the owner when the incident opened: the fine is owed to them (CR-I4).
    `fine_reason` says why a fine is being entered (`fine_source = enter_each_time`).
    `remaining_stops` are the Companies still ahead on a pass-through move (CR-I5), the last
    one being where the move ends.
    """

    kind: Literal["company"] = "company"
    id: int
    turn: int | None = None
    piece: str
    company: str
    trespasser: Faction
    company_owner: Faction
    step: CompanyStep
    fine_reason: FineReason | None = None
    remaining_stops: list[str] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)


class JokerIncident(BaseModel):
    """An aggressor's entry into a rival's Joker (CR-5.6–CR-5.12, CR-I12, CR-I13, CR-I17),
    open while a choice (attack, defender) or a GM ruling awaits; `ruling_defender` is the
    defender of a duel that reached the shot cap (CR-I13)."""

    kind: Literal["joker"] = "joker"
    id: int
    turn: int | None = None
    aggressor: str
    aggressor_owner: Faction
    joker_owner: Faction
    step: JokerStep
    duels_fought: int = 0
    ruling_defender: str | None = None
    events: list[Event] = Field(default_factory=list)


class IncidentRecord(BaseModel):
    """A finished incident as the archive keeps it: every event in order, with every die."""

    id: int
    kind: Literal["company", "joker", "joker_entry"]
    turn: int | None = None
    events: list[Event]

    def log_record(self) -> ArchiveRecord:
        """The record as an archive entry (key `incident/<id>`)."""
        return ArchiveRecord(incident_log_key(self.id), 1, self)


def incident_log_key(incident_id: int) -> str:
    """The archive series holding one incident's record."""
    return f"incident/{incident_id}"


class CompanyRaidsState(BaseModel):
    """The whole tracked state of one campaign's Company raids (schema version 1)."""

    companies: dict[str, Company] = Field(default_factory=dict)
    pieces: dict[str, Piece] = Field(default_factory=dict)
    joker: JokerCell = Field(default_factory=JokerCell)
    incidents: list[CompanyIncident] = Field(default_factory=list)
    joker_incident: JokerIncident | None = None
    next_incident_id: int = 1
    last_resolved_turn: int = 0

    def open_incident_of(self, piece_key: str) -> CompanyIncident | JokerIncident | None:
        """The open incident this piece takes part in, if any."""
        for incident in self.incidents:
            if incident.piece == piece_key:
                return incident
        joker = self.joker_incident
        if joker is not None and (
            piece_key == joker.aggressor or piece_key in self.joker.occupants
        ):
            return joker
        return None

    def holding_of(self, faction: Faction | None) -> list[str]:
        """The Companies of `faction`'s Joker Holding (CR-5.5, CR-I11): those `joker.holding`
        lists that are still registered and theirs. A state saved before a Company no longer
        the owner's (captured, given away, its record removed) left the Holding may still
        list it: it is read as gone, and the stored list is kept as written, so that loading
        and saving the state changes no digest that no log entry covers."""
        companies = self.companies
        return [
            key
            for key in self.joker.holding
            if key in companies and companies[key].owner == faction
        ]

    def incident_on(self, company_key: str) -> CompanyIncident | None:
        """An open incident in this Company, if any."""
        return next((i for i in self.incidents if i.company == company_key), None)

    def incident_ahead(self, company_key: str) -> CompanyIncident | None:
        """An open incident whose pass-through move still has this Company ahead (CR-I5),
        if any: the move was made through it, so its record is held as the incident's own
        Company's is."""
        return next((i for i in self.incidents if company_key in i.remaining_stops), None)
