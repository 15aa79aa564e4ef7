"""What every engine call shares: the working copy it writes, the events it emits in order,
the payments it records, the finished incidents it archives, and the lookups that refuse
unknown or removed things (with the clause in the message)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from fractions import Fraction
from typing import Any
from typing import TypeVar

from bot.dice import Dice
from bot.dice_stats import Credits
from bot.dice_stats import credited
from bot.errors import Conflict
from bot.errors import GameError
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.company_raids.amounts import fraction_text
from bot.rules.company_raids.amounts import rounded
from bot.rules.company_raids.models import ChoiceOffered
from bot.rules.company_raids.models import Company
from bot.rules.company_raids.models import CompanyIncident
from bot.rules.company_raids.models import CompanyRaidsState
from bot.rules.company_raids.models import Event
from bot.rules.company_raids.models import Faction
from bot.rules.company_raids.models import IncidentClosed
from bot.rules.company_raids.models import IncidentRecord
from bot.rules.company_raids.models import JokerIncident
from bot.rules.company_raids.models import Payment
from bot.rules.company_raids.models import PaymentDue
from bot.rules.company_raids.models import PaymentKind
from bot.rules.company_raids.models import Piece
from bot.rules.company_raids.models import Step
from bot.rules.company_raids.models import name_key
from bot.rules.company_raids.narration import outcome_lines
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rulesets import ArchiveRecord
from bot.text import looks_alike
from bot.text import shown

P = "company_raids."
Refusal = TypeVar("Refusal", bound=GameError)

# The clause under which each step of an incident waits for its answer: a refusal about the
# step, or about a piece or the Joker held by the incident meanwhile, cites it.
STEP_CLAUSES: dict[Step, str] = {
    "trespasser_choice": "CR-2.2",
    "owner_choice": "CR-3.2",
    "fine_amount": "CR-I4",
    "attack_choice": "CR-I12",
    "defender_choice": "CR-I17",
    "gm_ruling": "CR-I13",
}

# Roll purposes are catalog keys, so the audit log can show them in either language.
ROLL_CAPTURE = P + "roll.capture"
ROLL_COUNTERATTACK = P + "roll.counterattack"
ROLL_DUEL_SHOT = P + "roll.duel_shot"


@dataclass(frozen=True)
class Awaiting:
    """Whose answer a pending choice waits for (`faction` None: the GM), with which options,
    and the answer the GM may force (CR-I19)."""

    incident_id: int
    step: Step
    faction: Faction | None
    options: tuple[str, ...]
    forced_option: str


@dataclass(frozen=True)
class RaidOutcome:
    """What an engine call did: the new state, its events in order, the amounts now due, the
    pending choice it leaves (if any), finished incidents for the archive, and the narration."""

    state: CompanyRaidsState
    events: list[Event]
    payments: list[Payment]
    awaiting: Awaiting | None
    archive: list[ArchiveRecord]
    lines: list[Msg]
    incident_id: int | None = None
    # The audit outcome's part naming the faction that rolled each roll (`/history stats`).
    rolled_by: dict[str, Any] = field(default_factory=dict)

    @property
    def closed(self) -> bool:
        """Whether the call left no pending choice of its incident."""
        return self.awaiting is None


@dataclass
class Work:
    """One call's working copy of the state and what it has done so far."""

    state: CompanyRaidsState
    settings: CompanyRaidsSettings
    dice: Dice | None = None
    turn: int | None = None
    events: list[Event] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    archive: list[ArchiveRecord] = field(default_factory=list)
    # Whose each roll of the call is: the side that rolled it (`roll`'s `by`).
    credits: Credits | None = None

    def __post_init__(self) -> None:
        if self.credits is None and self.dice is not None:
            self.credits = Credits(self.dice)

    @classmethod
    def on(
        cls,
        state: CompanyRaidsState,
        settings: CompanyRaidsSettings,
        dice: Dice | None = None,
        turn: int | None = None,
    ) -> Work:
        """A working copy: the caller's state is never changed."""
        return cls(state.model_copy(deep=True), settings, dice, turn)

    def outcome(
        self, awaiting: Awaiting | None = None, incident_id: int | None = None
    ) -> RaidOutcome:
        """What the call did, told once: its events become the outcome's lines."""
        return RaidOutcome(
            state=self.state,
            events=self.events,
            payments=self.payments,
            awaiting=awaiting,
            archive=self.archive,
            lines=outcome_lines(self.events),
            incident_id=incident_id,
            rolled_by=self.credits.outcome() if self.credits is not None else {},
        )

    def emit(self, event: Event, incident: CompanyIncident | JokerIncident | None = None) -> None:
        """Record an event of this call, and in the incident's log when it belongs to one."""
        self.events.append(event)
        if incident is not None:
            incident.events.append(event)

    def offer(
        self,
        incident: CompanyIncident | JokerIncident,
        faction: Faction | None,
        options: list[str],
    ) -> None:
        """Post the pending choice of the incident's current step: who answers (None: the
        GM) and the options."""
        offered = ChoiceOffered(
            incident=incident.id, step=incident.step, faction=faction, options=options
        )
        self.emit(offered, incident)

    def roll(self, purpose: str, clause: str, hit_faces: set[int], by: Faction | None) -> int:
        """One roll of the Black die (CR-I1), recorded with the faces that count, as rolled
        by faction `by` (the side whose roll it is; None: the command's user)."""
        if self.dice is None:  # pragma: no cover - every rolling call passes dice
            msg = "this step rolls the Black die; pass the Dice"
            raise RuntimeError(msg)
        with credited(self.credits, by):
            faces = self.dice.roll(
                1, self.settings.black_die_faces, purpose, clause=clause, hit_faces=hit_faces
            )
        return faces[0]

    def owe(
        self,
        kind: PaymentKind,
        payer: Faction | None,
        payee: Faction,
        amount: Fraction,
        clause: str,
        incident: CompanyIncident | JokerIncident | None,
    ) -> Payment:
        """An amount due, exact and rounded on its own for the players (CR-I16)."""
        payment = Payment(
            kind=kind,
            payer=payer,
            payee=payee,
            exact=fraction_text(amount),
            due=fraction_text(rounded(amount, self.settings.amount_rounding)),
            clause=clause,
        )
        self.payments.append(payment)
        self.emit(PaymentDue(payment=payment), incident)
        return payment

    def new_incident_id(self) -> int:
        """The next incident number (shared by Company incidents and Joker entries)."""
        incident_id = self.state.next_incident_id
        self.state.next_incident_id += 1
        return incident_id

    def close(self, incident: CompanyIncident | JokerIncident) -> None:
        """CR-2.5, CR-3.5: the incident is closed; its record leaves the state for the archive."""
        self.emit(IncidentClosed(incident=incident.id), incident)
        if isinstance(incident, CompanyIncident):
            self.state.incidents = [i for i in self.state.incidents if i.id != incident.id]
        elif self.state.joker_incident is not None and self.state.joker_incident.id == incident.id:
            self.state.joker_incident = None
        record = IncidentRecord(
            id=incident.id, kind=incident.kind, turn=incident.turn, events=list(incident.events)
        )
        self.archive.append(record.log_record())

    def archive_entry(self, incident_id: int, events: list[Event]) -> None:
        """A Joker entry that needed no duel still gets its record (CR-I10, CR-I12)."""
        record = IncidentRecord(id=incident_id, kind="joker_entry", turn=self.turn, events=events)
        self.archive.append(record.log_record())


def refusal(error: type[Refusal], key: str, **params: Any) -> Refusal:
    """A refusal whose quoted text (a name as typed or as registered) is shown literally:
    never Markdown, a mention pill or a ping. The clause is cited as it is."""
    return error(
        key,
        **{k: shown(v) if isinstance(v, str) and k != "clause" else v for k, v in params.items()},
    )


LISTED_NAMES = 20  # registered names a refusal lists before "…and N more"


def registered_names(names: list[str]) -> Msg:
    """Registered names for a refusal, in alphabetical order and shown literally: the first
    `LISTED_NAMES`, then how many more; "none yet" when there are none."""
    if not names:
        return Msg(P + "error.none_registered")
    ordered = sorted(names, key=str.casefold)
    listed: list[Any] = [shown(n) for n in ordered[:LISTED_NAMES]]
    if len(ordered) > LISTED_NAMES:
        listed.append(Msg(P + "error.more_names", count=len(ordered) - LISTED_NAMES))
    return MsgList(listed)


Named = TypeVar("Named", Piece, Company)


def _registered(
    register: Mapping[str, Named], name: str, missing: str, param: str
) -> tuple[str, Named]:
    """The record registered under `name` (any case or spacing), with its key; NotFound
    with the key `missing`, the name as typed (as `param`) and the registered names
    otherwise."""
    key = name_key(name)
    entry = register.get(key)
    if entry is None:
        known = registered_names([e.name for e in register.values()])
        raise refusal(NotFound, missing, known=known, **{param: name.strip()})
    return key, entry


def find_piece(state: CompanyRaidsState, name: str) -> tuple[str, Piece]:
    """The piece registered under `name`; NotFound, with the registered pieces, otherwise."""
    return _registered(state.pieces, name, P + "error.unknown_piece", "piece")


# The Joker square's names in both languages (CR-5, CR-I5: it is not a Company).
JOKER_NAMES = ("Joker", "The Joker", "Joker-Octopus", "Джокер", "Джокер-спрут")
_JOKER_KEYS = frozenset(name_key(n) for n in JOKER_NAMES)


def is_joker_name(name: str) -> bool:
    """Whether `name` names the Joker square (CR-5, CR-I5), in any case or language, or
    looks like one of its names (a Cyrillic letter, a 0 for an O)."""
    return name_key(name) in _JOKER_KEYS or any(looks_alike(name, n) for n in JOKER_NAMES)


def find_company(state: CompanyRaidsState, name: str) -> tuple[str, Company]:
    """The Company registered under `name`; NotFound, with the registered Companies,
    otherwise, or saying the Joker is not a Company when `name` is the Joker's (CR-I5)."""
    if name_key(name) not in state.companies and is_joker_name(name):
        raise refusal(NotFound, P + "error.joker_not_company", clause="CR-I5", name=name.strip())
    return _registered(state.companies, name, P + "error.unknown_company", "company")


def active_piece(state: CompanyRaidsState, name: str) -> tuple[str, Piece]:
    """A piece still on the board: a removed piece cannot act, citing the clause it was
    removed under (CR-4.2 a counterattack, CR-5.10 or CR-5.11 a Joker duel; none when the
    record does not say)."""
    key, piece = find_piece(state, name)
    if piece.destroyed and piece.removed_by is not None:
        raise refusal(
            RuleViolation, P + "error.piece_destroyed", clause=piece.removed_by, piece=piece.name
        )
    if piece.destroyed:
        raise refusal(GameError, P + "error.piece_removed", piece=piece.name)
    return key, piece


def settle_first() -> Msg:
    """What every refusal of a record held by an open incident says to do: settle the
    incident first (answer it, or a GM forces the answer or undoes its steps)."""
    return Msg(P + "error.settle_first")


def refuse_if_open(
    busy: CompanyIncident | JokerIncident | None,
    message: str,
    clause: str | None = None,
    **names: str,
) -> None:
    """A record held by the open incident `busy` (None: none holds it) is refused a change:
    the refusal (`message`, naming the record by `names`) gives the incident, cites `clause`
    (by default that of the choice the incident waits for, `STEP_CLAUSES`) and says how to
    settle it first."""
    if busy is not None:
        raise refusal(
            Conflict,
            P + message,
            clause=clause or STEP_CLAUSES[busy.step],
            incident=busy.id,
            settle=settle_first(),
            **names,
        )


def check_not_in_incident(state: CompanyRaidsState, piece_key: str) -> None:
    """A piece taking part in an open incident stays where it is until it closes: the
    refusal cites the clause of the choice the incident waits for (`STEP_CLAUSES`) and says
    how to settle it."""
    piece = state.pieces[piece_key].name
    refuse_if_open(state.open_incident_of(piece_key), "error.piece_in_incident", piece=piece)


def company_name(state: CompanyRaidsState, key: str) -> str:
    """The display name of a Company key (the key itself once the record is gone)."""
    company = state.companies.get(key)
    return company.name if company is not None else key


def piece_name(state: CompanyRaidsState, key: str) -> str:
    """The display name of a piece key."""
    piece = state.pieces.get(key)
    return piece.name if piece is not None else key
