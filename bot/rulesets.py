"""The ruleset registry: a static declaration of every ruleset, its rules package and its cog.

A ruleset is a plug-in: `bot/rules/<key>/` builds a `RulesetSpec` named `SPEC` (its models,
settings, end-of-turn step; it never names its cog) and `cogs/<key>/` is the Discord
extension. `RULESETS` below is the one list that names both, in end-of-turn order. Nothing
here imports discord or the database.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Generic
from typing import Literal
from typing import Protocol
from typing import TypeVar
from typing import runtime_checkable

from pydantic import BaseModel

from bot.dice import Dice
from bot.i18n import Msg

StateT = TypeVar("StateT", bound=BaseModel)
SettingsT = TypeVar("SettingsT", bound=BaseModel)
StateT_co = TypeVar("StateT_co", bound=BaseModel, covariant=True)


@dataclass(frozen=True)
class Entry:
    """One line of the registry: a ruleset's key, the module holding its `SPEC`, its cog."""

    key: str
    rules: str
    cog: str


def _entry(key: str) -> Entry:
    return Entry(key, f"bot.rules.{key}", f"cogs.{key}")


# Every ruleset the project knows, in end-of-turn order (DESIGN.md "End of turn"). A ruleset
# whose rules package has no `SPEC` yet is not offered.
RULESETS: tuple[Entry, ...] = (
    _entry("space_pirates"),
    _entry("ottoman_piracy"),
    _entry("naval_orders"),
    _entry("company_raids"),
    _entry("fleet_combat"),
)
KNOWN_RULESETS: tuple[str, ...] = tuple(e.key for e in RULESETS)


@dataclass(frozen=True)
class ArchiveRecord:
    """A record a ruleset keeps but never changes again (a battle's round report, a resolved
    piracy), stored apart from the state so commands do not parse and rewrite it: `key`
    names the series (e.g. one battle's log), `seq` orders it and is unique within it."""

    key: str
    seq: int
    body: BaseModel


class Outcome(Protocol[StateT_co]):
    """What an engine change returns: the new state and its narration, told once.

    The lines become the audit entry's summary and the embed alike; an outcome may also
    carry `archive` records (see `ArchiveRecord`)."""

    @property
    def state(self) -> StateT_co:
        """The ruleset's state after the change."""
        ...

    @property
    def lines(self) -> Sequence[Msg]:
        """The change told for players."""
        ...


@runtime_checkable
class ArchivingOutcome(Outcome[StateT_co], Protocol[StateT_co]):
    """An outcome that also carries records for the ruleset's archive, written with its
    state (`UnitOfWork.take_outcome`)."""

    @property
    def archive(self) -> Sequence[ArchiveRecord]:
        """The records the change adds to the ruleset's archive."""
        ...


@dataclass
class TurnStepResult(Generic[StateT]):
    """What one ruleset's end-of-turn step did: the new state, the summary lines posted to the
    channel, the records it adds to the ruleset's archive, `audit_lines`, the summary the
    audit entry keeps when it should be shorter than `lines` (None: `lines`), `affected`,
    the factions whose pieces something happened to (the summary pings them), and `private`,
    lines for one faction and the GMs only, by faction: they never enter the audit log
    (which every member can export) and are shown to the GM who ended the turn.

    `hidden` holds the outcomes (each with its `summary`) of hidden entries, one for each
    `Dice.held()` block of the step, in order, each taking that block's rolls (a step with
    held rolls makes no other rolls): appended before the step's own entry, each shows the
    players a commitment and the GMs all of it, and no turn's end publishes it; the step
    names it in `reveal` (by its number: the dice's `entry` right after its block's rolls)
    at the turn's end that publishes it, or a GM reveals it (`/reveal`).

    `affected_lines` says what happened to each faction of `affected`, by faction, in a
    line or two its player reads in the ping ("Battle #1 at Mecatol, round 1: Red lost 2
    cruisers"): public like `lines`, and telling nothing they do not (no order still
    secret, no hidden roll, no sealed briber). The ping tells a few of a faction's lines and
    counts the rest; a faction without lines is pinged as "something happened to your
    pieces".

    `quiet`: the step had nothing to do (no battle, no marker to clear): its lines stay in
    its audit entry, and the turn end's posts leave it out."""

    state: StateT
    lines: list[Msg] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)
    archive: list[ArchiveRecord] = field(default_factory=list)
    audit_lines: list[Msg] | None = None
    affected: list[str] = field(default_factory=list)
    affected_lines: dict[str, list[Msg]] = field(default_factory=dict)
    private: dict[str, list[Msg]] = field(default_factory=dict)
    hidden: list[dict[str, Any]] = field(default_factory=list)
    reveal: list[int] = field(default_factory=list)
    quiet: bool = False


@dataclass
class TurnContext(Generic[StateT, SettingsT]):
    """What an end-of-turn step receives; `turn` is the turn being resolved. `others` holds
    the settings of the campaign's other enabled rulesets, by key, to read only (a ruleset
    whose battles are fought by another's engine reads that engine's settings there)."""

    state: StateT
    settings: SettingsT
    turn: int
    dice: Dice
    factions: dict[str, int | None] = field(default_factory=dict)
    others: Mapping[str, BaseModel] = field(default_factory=dict)


@dataclass(frozen=True)
class Awaited:
    """A faction the turn still waits for, and what it owes (a reminder pings its player)."""

    faction: str
    owes: Msg


@dataclass(frozen=True)
class SetupNeed:
    """A ruleset's next set-up step for one reader: the catalog key of its line and the
    commands the line names, by placeholder (`{"companies": "company add-company"}`; shown
    as clickable mentions)."""

    key: str
    commands: Mapping[str, str] = field(default_factory=dict)


# The confirmation a destructive command asks of the player who typed it (bot/scaffold.py,
# `confirm_first`), in any ruleset or in core: a preview of their own command, like a
# ruleset's `previews`, never a question the turn waits for.
CONFIRMATION = "confirmation"


# `RulesetSpec.resolves_turn`'s answer for an entry that goes on resolving the turn of the
# newest standing turn end of its ruleset before it.
LAST_END: Literal["last_end"] = "last_end"


@dataclass(frozen=True)
class RulesetSpec(Generic[StateT, SettingsT]):
    """One ruleset's declaration: its typed state and settings, and its end-of-turn hooks.

    `waiting_for` tells `/turn status` what the turn waits for; `awaited` names the factions
    owing it (reminders ping their players), each with what it owes, short and without the
    faction's name (the player and faction are shown before it). A ruleset whose waits are
    all pending choices needs no `awaited`: a choice names its owner.

    `setup_step(state, factions)` names what the reader (who plays `factions`; none for a GM
    without one) still has to set up before playing, shown as "Next step" after
    `/campaign join` and in `/campaign info`; None when there is nothing left. A cog may
    register a step that needs Discord instead (`bot.interactions.setup_step`).

    `settings_warnings(settings)` names what the GM should know about settings just saved
    that are allowed but have no effect as configured (a face the die cannot show), and
    `state_warnings(state, settings)` what the state makes of them (piracy VP already past a
    cap just lowered); the answers of `/campaign settings set` and `settings import` show them.

    `settings_guard(state, old, new)` refuses settings the ruleset's state cannot take now
    (a class fighting an active battle keeps its level), raising a `GameError` that names
    what stands in the way; every write of the ruleset's settings runs it first
    (`UnitOfWork.save_settings`: `/campaign settings set` and `import`, the ruleset's own
    commands), so a refused change writes nothing.

    `settings_changed(state, old, new, dice)` is what settings the GM saves
    (`/campaign settings set` and `import`) do to the state: the outcome of a change they
    make to it (a piracy's reward question that may no longer offer +1 VP, settled anew), its
    lines logged and told with the settings and its archive records written, or None when
    they change nothing in it. Its rolls come from the command's audited dice. A cog that
    shows what the outcome changes (a question's message) registers a follow-up
    (`bot.interactions.settings_followup`).

    `uow.load(SPEC)` returns `(StateT, SettingsT)`, so the cog → engine call is type-checked.
    """

    key: str
    settings_model: type[SettingsT]
    state_model: type[StateT]
    schema_version: int = 1
    end_of_turn: Callable[[TurnContext[StateT, SettingsT]], TurnStepResult[StateT]] | None = None
    waiting_for: Callable[[StateT, SettingsT, int], list[Msg]] | None = None
    awaited: Callable[[StateT, SettingsT, int], list[Awaited]] | None = None
    # The open questions a turn's end answers with their defaults rather than waiting for
    # them, one line each naming whose they are: `/turn end`'s confirmation lists them.
    # None: the turn's end settles none (what it waits for stays open).
    settled_at_end: Callable[[StateT, SettingsT, int], list[Msg]] | None = None
    # Setting names by group in the spec's order, for `/campaign settings show` (each group
    # titled by the catalog key `<key>.group.<group>`); None: one list in field order.
    setting_groups: Callable[[], dict[str, list[str]]] | None = None
    setup_step: Callable[[StateT, Sequence[str]], SetupNeed | None] | None = None
    # Kinds of this ruleset's pending choices that preview a player's own command (a private
    # Confirm/Cancel): no question to anyone, so no owed move and no ping, even when left.
    previews: frozenset[str] = frozenset()
    settings_warnings: Callable[[SettingsT], list[Msg]] | None = None
    state_warnings: Callable[[StateT, SettingsT], list[Msg]] | None = None
    settings_guard: Callable[[StateT, SettingsT, SettingsT], None] | None = None
    settings_changed: (
        Callable[[StateT, SettingsT, SettingsT, Dice], Outcome[StateT] | None] | None
    ) = None
    # True for a name the ruleset gives something of its own that stands beside the factions
    # (Space pirates' sides in a battle: `pirates`): `/campaign join` refuses a new faction so
    # named in a campaign playing the ruleset, whose texts would read it as the ruleset's
    # own. None: no name is taken. A faction so named before still plays: the ruleset keeps
    # it apart from its own (Space pirates marks its participant in a battle).
    reserved_name: Callable[[str], bool] | None = None
    # Questions kept in the ruleset's own state rather than as pending choices, answered by
    # its own controls: `reasked(left, restored)` names each question an undo opens again
    # when it puts `restored` back over the state `left` by the undone command, as the
    # control's name and the question's id, its first argument (`("<key>.answer", "7")`).
    # The undo redraws the newest message showing that control as it was asked. Read the
    # other way round, `reasked(restored, left)` names the questions the undone command
    # asked: the undo takes their controls off the message showing them.
    reasked: Callable[[StateT, StateT], list[tuple[str, str]]] | None = None
    # The faction such a question (by its id, as `reasked` names it) waits for in a state,
    # or None: an undo names a reopened question whose post was never kept by it.
    asked_whom: Callable[[StateT, str], str | None] | None = None
    # The catalog keys of the line such a question's message opens with: asked of a player
    # (param `user`: their mention) and asked of a faction nobody plays (what a GM does for
    # it). A leave rewrites the line that named the player who left as the second
    # (`announcements.let_go`), a join that line as the first, naming the new player
    # (`hand_over`). None: a leave leaves the question as it reads.
    question_lines: tuple[str, str] | None = None
    # What an undo keeps of the state it takes back: `undo_keeps(undone, restored)` gets the
    # state the undone command left and the one the undo puts back, and returns the state to
    # put back instead, keeping what the undone command's log entries made known to everyone
    # for good (the log is never erased: a naval force a turn end disclosed stays disclosed).
    # None: the undo puts `restored` back as it was.
    undo_keeps: Callable[[StateT, StateT], StateT] | None = None
    # The catalog key of the refusal `/campaign settings set` gives for a table setting when the
    # ruleset has commands of its own that change its tables (it names them and the settings
    # file; param `name`). None: the core refusal, which names the settings file only.
    table_refusal: str | None = None
    # The turn whose end this ruleset has not finished resolving in a state (its resolution
    # paused on a question until it is answered), or None: `/turn status` tells that turn's
    # end as still under way, not only the turn that began meanwhile.
    resolving: Callable[[StateT], int | None] | None = None
    # The turn whose end an entry of this ruleset goes on resolving, from the outcome it
    # logged (an answer to a question a paused resolution asked, given in the next turn): the
    # turn it names, `LAST_END` (that of the newest standing turn end before it, which
    # `/history show` finds in the log) or None (none). None (no hook): no entry goes on one.
    resolves_turn: Callable[[Mapping[str, Any]], int | Literal["last_end"] | None] | None = None
    # True when the engine's command lines carry names as typed, raw, and its cog escapes
    # them where it shows them: the log keeps those lines escaped (`bot.text.shown_msg`).
    raw_lines: bool = False
    # The answer an entry of this ruleset logs (its options' "answer": a button's code such
    # as "vp") as the button the player clicked read, from the entry's command and options:
    # `/history show` shows it so. None (or no hook): the code as logged.
    answer_label: Callable[[str, Mapping[str, Any]], Msg | None] | None = None
    # An answer an entry of this ruleset logs by its place among the options its question
    # offered (Company raids' defender, "d0": a piece's name may be long or hold any
    # character) as the option it picked, from the entry's command, options and outcome (what
    # the entry keeps beside its summary: the pick, who it belongs to): `/history show` shows
    # it so, before `answer_label`. None (or no hook): `answer_label`.
    picked_label: Callable[[str, Mapping[str, Any], Mapping[str, Any]], Msg | None] | None = None
    # Another option an entry of this ruleset logs as one of its codes (Company raids' "step":
    # "owner_choice") as the reader reads it, from the entry's command, the option's name and
    # the options: `/history show` shows it so. None (or no hook): the value as logged.
    value_label: Callable[[str, str, Mapping[str, Any]], Msg | None] | None = None
    # The options of an answer a command of this ruleset types but logs as the click it
    # stands for (`/pirates offer`: the question's `choice` and the button's `answer`, typed
    # `number` and `pay`): by command, each logged option's name as the command types it.
    # `/history show` names them so, in the order the command declares them. A command not
    # named here: its options as logged.
    typed_options: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # The options a command of this ruleset logs for its own use, never typed (`/combat
    # resolve`'s round, fixed when it asked the GM): by command. `/history show` leaves them
    # out; every other option an entry logged is shown, also one a command no longer takes
    # (an entry of an older release).
    own_options: Mapping[str, frozenset[str]] = field(default_factory=dict)

    @property
    def title_key(self) -> str:
        """The catalog key of the ruleset's display name."""
        return f"ruleset.{self.key}"


AnySpec = RulesetSpec[Any, Any]

_REGISTRY: dict[str, tuple[AnySpec, str]] = {}


def register(spec: AnySpec, *, cog: str) -> AnySpec:
    """Add a ruleset that is not in `RULESETS` (a test's own), or replace one's spec."""
    _REGISTRY[spec.key] = (spec, cog)
    return spec


def unregister(key: str) -> None:
    """Remove a ruleset added with `register`."""
    _REGISTRY.pop(key, None)


def _load(entry: Entry) -> None:
    try:
        module = importlib.import_module(entry.rules)
    except ModuleNotFoundError as exc:
        if exc.name != entry.rules:
            raise
        return
    spec = getattr(module, "SPEC", None)
    if isinstance(spec, RulesetSpec):
        _REGISTRY[entry.key] = (spec, entry.cog)


def available() -> list[AnySpec]:
    """The rulesets that are implemented, in end-of-turn order (registered extras last)."""
    for entry in RULESETS:
        if entry.key not in _REGISTRY:
            _load(entry)
    return [_REGISTRY[k][0] for k in KNOWN_RULESETS if k in _REGISTRY] + [
        spec for k, (spec, _) in _REGISTRY.items() if k not in KNOWN_RULESETS
    ]


def find(key: str) -> AnySpec | None:
    """The spec of one ruleset; None when it is not implemented (an entry of a ruleset no
    longer served)."""
    for spec in available():
        if spec.key == key:
            return spec
    return None


def get(key: str) -> AnySpec:
    """The spec of one ruleset; KeyError when it is not implemented."""
    spec = find(key)
    if spec is None:
        raise KeyError(key)
    return spec


def cog_of(key: str) -> str:
    """The extension module of an implemented ruleset."""
    get(key)
    return _REGISTRY[key][1]


def is_preview(ruleset: str, kind: str) -> bool:
    """Whether a pending choice previews its owner's own command (a private Confirm/Cancel:
    `CONFIRMATION`, or a ruleset's `previews`) rather than asking someone a question the game
    waits for. A choice of a ruleset no longer served counts as a question."""
    if kind == CONFIRMATION:
        return True
    try:
        return kind in get(ruleset).previews
    except KeyError:
        return False
