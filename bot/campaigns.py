"""Campaigns and the unit of work: one command = load state → run the engine → save + audit.

Every write a command makes happens inside one `CampaignService.work()` block: the ruleset
state, its archive records (kept apart from the state: written once, read by key), the audit
entry with its rolls, pending choices and core rows commit together or not at all. Cogs call
in here; nothing here imports discord.
"""

from __future__ import annotations

import gc
import re
from collections.abc import AsyncIterator
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import asynccontextmanager
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import TypeVar
from typing import overload

from pydantic import BaseModel

from bot import dice_expr
from bot import fair_turns
from bot import rulesets
from bot import secret_rolls
from bot.dice import Dice
from bot.dice import RollRecord
from bot.errors import Conflict
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import typed_params
from bot.i18n import LANGUAGES
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import unfilled
from bot.rulesets import AnySpec
from bot.rulesets import ArchiveRecord
from bot.rulesets import ArchivingOutcome
from bot.rulesets import Outcome
from bot.rulesets import RulesetSpec
from bot.rulesets import TurnContext
from bot.storage import outbox
from bot.storage.audit import GENESIS
from bot.storage.audit import AuditEntry
from bot.storage.audit import VerifyReport
from bot.storage.audit import append_entry
from bot.storage.audit import archive_digest
from bot.storage.campaigns import Campaign
from bot.storage.campaigns import CampaignReads
from bot.storage.campaigns import CampaignWrites
from bot.storage.campaigns import Choice
from bot.storage.campaigns import Faction
from bot.storage.campaigns import StateRow
from bot.storage.database import Database
from bot.storage.log import AuditLog
from bot.storage.log import HistoryFilter
from bot.storage.outbox import OutboxMessage
from bot.storage.saved_rolls import SavedRoll
from bot.storage.saved_rolls import SavedRollReads
from bot.storage.saved_rolls import SavedRollWrites
from bot.storage.sql import Conn
from bot.storage.undo import UndoJournal
from bot.storage.undo import save_unit
from bot.text import CAMPAIGN_NAME_MAX
from bot.text import FACTION_NAME_MAX
from bot.text import SAVED_ROLL_NAME_MAX
from bot.text import clean_text
from bot.text import look_alike
from bot.text import message_url
from bot.text import name_key
from bot.text import same_name
from bot.text import shown
from bot.text import shown_msg

# Cogs take the records they read from here, never from bot/storage.
__all__ = [
    "CORE",
    "GENESIS",
    "Actor",
    "Announce",
    "AuditEntry",
    "AuditLog",
    "Campaign",
    "CampaignService",
    "Choice",
    "Faction",
    "HistoryFilter",
    "SavedRoll",
    "TurnEndReport",
    "TurnSummary",
    "UnitOfWork",
    "VerifyReport",
    "Written",
    "is_gm_among",
    "paused_gc",
    "setting_summary",
    "summary_json",
    "whose_choice",
]

CORE = "core"
typed_params("error.faction_look_alike", "faction", "existing")
typed_params("error.faction_reserved", "faction")
typed_params("dice.saved.error.look_alike", "name", "existing")
MAX_SAVED_ROLLS = 25  # per player and campaign: what one autocomplete list can offer

M = TypeVar("M", bound=BaseModel)
S = TypeVar("S", bound=BaseModel)
T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")


_gc_pauses = 0
_gc_resume = False


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause the cyclic garbage collector around a burst of allocations (parsing a large
    state, an end of turn): each automatic collection walks the whole heap, and in a burst
    they cost more than the work itself. Reentrant. Reference counting still frees whatever
    is not in a cycle; when the last pause ends the collector is switched back on and its
    next automatic collection takes what the burst left.

    A pause may span awaits (`end_turn` waits for SQLite inside it): other commands served
    meanwhile run without the cyclic collector for those seconds too, which only delays
    freeing reference cycles; nothing is lost."""
    global _gc_pauses, _gc_resume
    if _gc_pauses == 0:
        _gc_resume = gc.isenabled()
        gc.disable()
    _gc_pauses += 1
    try:
        yield
    finally:
        _gc_pauses -= 1
        if _gc_pauses == 0 and _gc_resume:
            gc.enable()


def is_gm_among(campaign: Campaign, actor: Actor, gms: Iterable[tuple[str, int]]) -> bool:
    """Whether `actor` is the creator, one of the named users, or holds a named role."""
    if actor.user_id == campaign.created_by:
        return True
    return any(
        (kind == "user" and target == actor.user_id)
        or (kind == "role" and target in actor.role_ids)
        for kind, target in gms
    )


@dataclass(frozen=True)
class Actor:
    """Who runs a command: the Discord user and their role ids in the guild."""

    user_id: int
    role_ids: frozenset[int] = frozenset()
    interaction_id: int = 0  # the Discord interaction acting; derived dice name it


@dataclass
class TurnSummary:
    """One ruleset's part of an end-of-turn report."""

    ruleset: str
    lines: list[Msg]
    action_id: int
    roll_count: int
    affected: list[str] = field(default_factory=list)  # factions the summary pings
    outcome: dict[str, Any] = field(default_factory=dict)
    private: dict[str, list[Msg]] = field(default_factory=dict)
    quiet: bool = False  # nothing to do: left out of the turn end's posts (its entry keeps it)
    affected_lines: dict[str, list[Msg]] = field(default_factory=dict)  # told in the ping


@dataclass
class TurnEndReport:
    """What `/turn end` did."""

    turn: int
    summaries: list[TurnSummary]
    revealed: list[secret_rolls.Revealed] = field(default_factory=list)  # hidden until now


@dataclass
class _Loaded:
    state: BaseModel
    settings: BaseModel
    row_version: int
    dirty: bool = False


def whose_choice(choice: Choice, owner_id: int, factions: Iterable[Faction]) -> NotAllowed:
    """The refusal of an answer to someone else's question, naming whom it is for: the
    faction it asks (its payload's, or the ones its player plays) and the player's mention,
    which the refusal shows without a ping."""
    played = [f.name for f in factions if f.user_id == owner_id]
    asked = choice.payload.get("faction")
    names = [asked] if isinstance(asked, str) and asked in played else played
    mention = f"<@{owner_id}>"
    if not names:
        return NotAllowed("error.not_your_choice_player", player=mention)
    named = ", ".join(shown(name) for name in names)
    return NotAllowed("error.not_your_choice_named", factions=named, player=mention)


# A closed choice's payload may say why it closed other than by an answer: `{CLOSED: REPLACED}`
# when a newer question took its place (`UnitOfWork.replace_choice`), `{CLOSED: TURN_ENDED}`
# when it was for a turn that ended (a preview nobody confirmed).
CLOSED = "closed"
REPLACED = "replaced"
TURN_ENDED = "turn_ended"
_CLOSED_KEYS = {REPLACED: "error.choice_replaced", TURN_ENDED: "error.choice_turn_ended"}


def closed_key(choice: Choice) -> str:
    """The refusal of a click on a choice no longer open: replaced by a newer one, left to
    a turn that ended, or answered."""
    return _CLOSED_KEYS.get(str(choice.payload.get(CLOSED)), "error.choice_done")


def asks_for(choice: Choice, faction: str) -> bool:
    """Whether a pending choice may be a question for `faction`: the faction it names
    (`UnitOfWork.open_choice`), or any, when it names none (stored before choices did)."""
    asked = choice.payload.get("faction")
    return not isinstance(asked, str) or same_name(asked, faction)


def names_faction(choice: Choice, faction: str) -> bool:
    """Whether a pending choice names `faction` as the one it asks (`UnitOfWork.open_choice`;
    one stored before choices named it names none)."""
    asked = choice.payload.get("faction")
    return isinstance(asked, str) and same_name(asked, faction)


async def owed_questions(uow: UnitOfWork, owed: Sequence[Choice]) -> MsgList:
    """The questions that keep a player in a faction (`CampaignService.leave`), a line each:
    its ruleset, its title as the channel shows it (in the language it was posted in) and a
    link to the message whose controls answer it: the newest that shows them
    (`outbox.asked`), else the one it was first posted in (`outbox.mark_sent`); a question
    never posted is named by its ruleset, for `/turn status` to show."""
    posts = await outbox.asked(uow.conn, uow.campaign.id, [c.id for c in owed])
    lines: list[Msg] = []
    for choice in owed:
        ruleset = Msg(f"ruleset.{choice.ruleset}")
        post = posts.get(choice.id)
        if post is not None:
            where: tuple[Any, Any] = (post.channel_id, post.payload["edit"])
        else:
            where = (choice.payload.get("channel"), choice.payload.get("message"))
        if not all(where):
            lines.append(Msg("error.leave_owes.unseen", ruleset=ruleset))
            continue
        title = post.title if post is not None else ""
        url = message_url(uow.campaign.guild_id, *(int(w) for w in where))
        key = "error.leave_owes.question"
        if not title:
            key = "error.leave_owes.untitled"
        elif any(title.startswith(ruleset.render(language)) for language in LANGUAGES):
            key = "error.leave_owes.titled"  # "Company raids — incident #1" names its ruleset
        lines.append(Msg(key, ruleset=ruleset, title=title, url=url))
    return MsgList(lines, separator="\n")


@dataclass(frozen=True)
class Settled:
    """What settings saved in a unit of work did to a ruleset's state: the outcome of its
    `settings_changed` and its lines as logged and told."""

    outcome: Outcome[BaseModel]
    lines: list[Msg]


@dataclass
class UnitOfWork:
    """One command's transaction: typed ruleset state, the dice, the audit append."""

    writes: CampaignWrites
    campaign: Campaign
    actor: Actor
    dice: Dice
    _loaded: dict[str, _Loaded] = field(default_factory=dict)
    entries: list[AuditEntry] = field(default_factory=list)
    _recorded_rolls: int = 0
    _archived: dict[str, list[list[Any]]] = field(default_factory=dict)  # ruleset → digests
    # What settings saved in this unit did to each ruleset's state (`settle_settings`).
    settled: dict[str, Settled] = field(default_factory=dict)

    @property
    def conn(self) -> Conn:
        """The transaction's connection, for storage modules that take one (bot/storage/)."""
        return self.writes.conn

    @overload
    async def load(self, ruleset: RulesetSpec[S, T]) -> tuple[S, T]: ...

    @overload
    async def load(self, ruleset: str) -> tuple[BaseModel, BaseModel]: ...

    async def load(self, ruleset: AnySpec | str) -> tuple[Any, Any]:
        """The ruleset's (state, settings) for this campaign, parsed into its models (typed
        when given the ruleset's spec)."""
        spec = ruleset if isinstance(ruleset, RulesetSpec) else _spec(ruleset)
        ruleset = spec.key
        if ruleset not in self._loaded:
            row = await self.writes.ruleset_state(self.campaign.id, ruleset)
            state, settings = _parse(spec, row)
            assert row is not None
            self._loaded[ruleset] = _Loaded(state, settings, row_version=row.row_version)
        loaded = self._loaded[ruleset]
        return loaded.state, loaded.settings

    async def save(self, ruleset: str, state: BaseModel) -> None:
        """Write a ruleset's new state (optimistic: the row version must not have moved)."""
        await self._write(ruleset, "state", state)

    async def save_settings(self, ruleset: str, settings: BaseModel) -> None:
        """Write a ruleset's new settings, once its `settings_guard` accepts them given its
        state (a refusal raises and writes nothing)."""
        state, old = await self.load(ruleset)
        guard = _spec(ruleset).settings_guard
        if guard is not None:
            guard(state, old, settings)
        await self._write(ruleset, "settings", settings)

    async def take_outcome(self, spec: AnySpec, outcome: Outcome[BaseModel]) -> list[Msg]:
        """Write the archive records an engine's outcome carries (`ArchivingOutcome`);
        returns its lines as the log and the answer tell them: with the names as typed for
        a ruleset whose lines quote them (`raw_lines`)."""
        if isinstance(outcome, ArchivingOutcome) and outcome.archive:
            await self.archive(spec.key, outcome.archive)
        return [shown_msg(m) for m in outcome.lines] if spec.raw_lines else list(outcome.lines)

    async def settle_settings(self, ruleset: str, old: BaseModel) -> None:
        """What the ruleset's settings, saved in this unit over `old`, do to its state (its
        `settings_changed`, with this unit's audited dice): the state it returns saved, its
        archive records written, the outcome and its lines kept in `settled` for the log,
        the command's answer and the ruleset's follow-up (nothing when nothing changed)."""
        spec = _spec(ruleset)
        if spec.settings_changed is None:
            return
        state, settings = await self.load(ruleset)
        outcome = spec.settings_changed(state, old, settings, self.dice)
        if outcome is None:
            return
        await self.save(ruleset, outcome.state)
        self.settled[ruleset] = Settled(outcome, await self.take_outcome(spec, outcome))

    def settled_lines(self, ruleset: str | None = None) -> list[Msg]:
        """The lines of what settings saved in this unit did to `ruleset`'s state (None:
        to every ruleset's), as logged and told."""
        return [
            line
            for key, done in self.settled.items()
            if ruleset in (None, key)
            for line in done.lines
        ]

    async def _write(self, ruleset: str, column: str, value: BaseModel) -> None:
        await self.load(ruleset)
        loaded = self._loaded[ruleset]
        written = await self.writes.write_ruleset(
            self.campaign.id, ruleset, column, value.model_dump_json(), loaded.row_version
        )
        if not written:
            raise Conflict("error.state_moved")
        setattr(loaded, column, value)
        loaded.row_version += 1
        loaded.dirty = True

    async def archive(self, ruleset: str, records: Sequence[ArchiveRecord]) -> None:
        """Add records to the ruleset's archive in this transaction (a (key, seq) pair is
        written once: a second write of it fails the command). The next audit entry of the
        same ruleset lists each record with its digest (outcome `archive`), so `/history
        verify` proves the record unchanged; committing without that entry is refused."""
        rows = []
        digests = self._archived.setdefault(ruleset, [])
        for record in records:
            body = record.body.model_dump_json()
            rows.append((record.key, record.seq, body))
            digests.append([record.key, record.seq, archive_digest(body)])
        await self.writes.add_archive(self.campaign.id, ruleset, rows)

    async def append(
        self,
        command: str,
        *,
        ruleset: str = CORE,
        options: dict[str, Any] | None = None,
        outcome: dict[str, Any] | None = None,
        faction: str | None = None,
        rolls: Sequence[RollRecord] | None = None,
        turn: int | None = None,
        secret: bool = False,
        actor_id: int | None = None,
    ) -> AuditEntry:
        """Append the audit entry; by default it takes every roll the dice made since the last,
        and it lists the archive records of `ruleset` written since its last entry (outcome
        key `archive`, reserved). `secret` keeps those rolls out of the public entry (a secret
        roll: bot/secret_rolls.py keeps them hidden until they are revealed). `actor_id`
        replaces the acting user in the entry (a sealed entry's none, bot/secret_rolls.py)."""
        if not secret and self.dice.entry_held:
            msg = "held rolls stay in a held entry (secret_rolls.append_secret(held=True))"
            raise RuntimeError(msg)
        marker = self.dice.marker()
        if rolls is None or secret:
            end = self.dice.entry_end()  # a held entry takes its own rolls (`Dice.held`)
            taken = self.dice.records[self._recorded_rolls : end]
            self._recorded_rolls = end
            rolls = () if secret else taken
        if outcome and "archive" in outcome:
            msg = "outcome key 'archive' is reserved for the archive records' digests"
            raise ValueError(msg)
        archived = self._archived.pop(ruleset, None)
        if archived:
            outcome = {**(outcome or {}), "archive": archived}
        entry = await append_entry(
            self.writes.conn,
            campaign_id=self.campaign.id,
            turn=self.campaign.turn if turn is None else turn,
            ruleset=ruleset,
            command=command,
            actor_id=self.actor.user_id if actor_id is None else actor_id,
            faction=faction,
            options=options or {},
            outcome=outcome or {},
            rolls=rolls,
            dice=marker,
        )
        self.dice.entry_appended(entry.seq)
        self.entries.append(entry)
        return entry

    async def record(
        self,
        ruleset: str,
        command: str,
        state: BaseModel,
        *,
        lines: Sequence[Msg] = (),
        options: dict[str, Any] | None = None,
        outcome: dict[str, Any] | None = None,
        faction: str | None = None,
    ) -> AuditEntry:
        """Save a ruleset's new state and append its audit entry (summary from `lines`)."""
        await self.save(ruleset, state)
        return await self.append(
            command,
            ruleset=ruleset,
            options=options,
            outcome={"summary": summary_json(lines), **(outcome or {})},
            faction=faction,
        )

    async def open_choice(
        self,
        ruleset: str,
        kind: str,
        owner_id: int | None,
        payload: dict[str, Any],
        *,
        faction: str | None = None,
    ) -> int:
        """Create a pending choice row; returns its id (the buttons carry it). `faction`: the
        faction the question is for, kept in its payload (`"faction"`): its player may leave
        another faction they play while it waits (`CampaignService.leave`), and an answer by
        someone else is told whom it is for (`whose_choice`)."""
        if faction is not None:
            payload = {**payload, "faction": faction}
        return await self.writes.open_choice(self.campaign.id, ruleset, kind, owner_id, payload)

    async def actor_is_gm(self) -> bool:
        """Whether the actor is one of the campaign's GMs, as this transaction sees them."""
        return is_gm_among(self.campaign, self.actor, await self.writes.gms(self.campaign.id))

    async def claim_choice(self, choice_id: int, *, gm: bool) -> Choice:
        """Take an open choice for this actor: refused when it is someone else's or done."""
        choice = await self.writes.choice(self.campaign.id, choice_id)
        if choice is None:
            raise NotFound("error.choice_not_found")
        if choice.owner_id is not None and choice.owner_id != self.actor.user_id and not gm:
            factions = await self.writes.factions(self.campaign.id)
            raise whose_choice(choice, choice.owner_id, factions)
        if choice.owner_id is None and not gm:
            raise NotAllowed("error.gm_only")
        if choice.status != "open":
            raise Conflict(closed_key(choice))
        return choice

    async def close_choice(self, choice_id: int, status: str = "done") -> None:
        """Mark a choice answered (or cancelled) in this transaction, by the entry number
        this unit appends first (the campaign's row is held until the commit, so no other
        command takes it; a unit that appends none closes it before the next command's)."""
        await self.writes.close_choice(
            choice_id, status, self.actor.user_id, self.campaign.log_count + 1
        )

    async def replace_choice(self, choice: Choice, why: str = REPLACED) -> None:
        """Close an open choice because a newer question replaces it (`why`: `REPLACED`), or
        because the turn it was for ended (`TURN_ENDED`): a click on its buttons is told so
        (`closed_key`), not that it was answered."""
        await self.writes.set_choice_payload(choice.id, {**choice.payload, CLOSED: why})
        await self.close_choice(choice.id, "cancelled")

    async def update_choice_payload(self, choice_id: int, payload: dict[str, Any]) -> None:
        """Replace an open choice's payload (e.g. the next hit of a multi-step choice)."""
        await self.writes.set_choice_payload(choice_id, payload)

    async def showing(self, prefixes: Sequence[str]) -> dict[str, OutboxMessage | None]:
        """For each custom_id prefix, the campaign's newest post that showed a working
        control starting with it (a question a ruleset keeps in its state), its message id in
        `payload["edit"]`; None when none was kept (`outbox.showing`)."""
        return await outbox.showing(self.conn, self.campaign.id, prefixes)

    @property
    def recorded_rolls(self) -> int:
        """How many of the dice's records the entries appended so far have taken."""
        return self._recorded_rolls

    def check_complete(self) -> None:
        """Refuse to commit rolls or state changes that no audit entry covers."""
        unrecorded = len(self.dice.records) - self._recorded_rolls
        if unrecorded:
            msg = f"{unrecorded} roll(s) made without an audit entry"
            raise RuntimeError(msg)
        if any(self._archived.values()):
            msg = "archive records written without an audit entry of their ruleset"
            raise RuntimeError(msg)
        if any(loaded.dirty for loaded in self._loaded.values()) and not self.entries:
            msg = "state changed without an audit entry"
            raise RuntimeError(msg)


@dataclass(frozen=True)
class Written:
    """A core command's transaction outside a unit of work (a campaign's creation, a saved
    roll), as what writes its messages to the outbox sees it: the connection and the
    campaign."""

    conn: Conn
    campaign: Campaign


# What a core command announces, written in its transaction (bot/announcements.py) from the
# transaction and the command's result: posted after the commit, or after a restart.
Announce = Callable[[UnitOfWork | Written, R], Awaitable[None]]


def setting_summary(setting: str, value: Any) -> Msg:
    """The log's line for one changed setting: `core.language` set to ru (a table, which
    has no one-line value, only named)."""
    from bot.settings_edit import value_msg

    if isinstance(value, dict):
        return shown_msg(Msg("campaign.log.setting_table", setting=setting))
    return shown_msg(Msg("campaign.log.setting", setting=setting, value=value_msg(value)))


def summary_json(lines: Sequence[Msg]) -> list[dict[str, Any]]:
    """An audit entry's summary; refused when a line would reach a reader unfinished (a
    placeholder left unfilled, a key no catalog has): the log can never be corrected."""
    problems = [p for line in lines for p in unfilled(line)]
    if problems:
        msg = "summary with unfinished messages: " + "; ".join(problems)
        raise RuntimeError(msg)
    return [m.to_json() for m in lines]


def _parse(spec: AnySpec, row: StateRow | None) -> tuple[Any, Any]:
    """A stored state row parsed into the ruleset's models (refused when it is missing or of
    another format)."""
    if row is None:
        raise NotFound("error.ruleset_not_enabled", ruleset=spec.key)
    _check_schema(spec, row.schema_version)
    with paused_gc():
        return (
            spec.state_model.model_validate_json(row.state),
            spec.settings_model.model_validate_json(row.settings),
        )


def _check_schema(spec: AnySpec, found: int) -> None:
    """Refuse a stored state of another format than the ruleset's models read (a database
    from a newer bot, or one a migration missed): parsing it could drop what it holds."""
    if found != spec.schema_version:
        raise Conflict(
            "error.state_schema", ruleset=spec.key, found=found, expected=spec.schema_version
        )


def _spec(ruleset: str) -> AnySpec:
    try:
        return rulesets.get(ruleset)
    except KeyError:
        raise NotFound("error.unknown_ruleset", ruleset=ruleset) from None


class CampaignService:
    """Campaign reads and the unit-of-work entry point used by every cog."""

    def __init__(self, db: Database, dice_factory: Callable[[], Dice] | None = None) -> None:
        self.db = db
        self.reads = CampaignReads(db)
        self.log = AuditLog(db)
        self.saved = SavedRollReads(db)
        # None: production dice, derived from the open turn's committed seed (fair_turns).
        self.dice_factory: Callable[[], Dice] | None = dice_factory

    # -- reads (committed data) ------------------------------------------------------------

    async def by_channel(self, channel_id: int, parent_id: int | None = None) -> Campaign | None:
        """The campaign of a channel, or of a thread's parent channel."""
        for cid in [channel_id] + ([parent_id] if parent_id else []):
            campaign = await self.reads.by_channel(cid)
            if campaign is not None:
                return campaign
        return None

    async def get(self, campaign_id: int) -> Campaign:
        """A campaign by id."""
        campaign = await self.reads.by_id(campaign_id)
        if campaign is None:
            raise NotFound("error.no_campaign")
        return campaign

    async def factions(self, campaign_id: int) -> list[Faction]:
        """The campaign's factions, by name."""
        return await self.reads.factions(campaign_id)

    async def gms(self, campaign_id: int) -> list[tuple[str, int]]:
        """The GM entries: ("user", id) or ("role", id)."""
        return await self.reads.gms(campaign_id)

    async def is_gm(self, campaign: Campaign, actor: Actor) -> bool:
        """A GM is the creator, a named user, or anyone holding a named role."""
        return is_gm_among(campaign, actor, await self.gms(campaign.id))

    @overload
    async def state(self, campaign: Campaign, ruleset: RulesetSpec[S, T]) -> tuple[S, T]: ...

    @overload
    async def state(self, campaign: Campaign, ruleset: str) -> tuple[BaseModel, BaseModel]: ...

    async def state(self, campaign: Campaign, ruleset: AnySpec | str) -> tuple[Any, Any]:
        """A ruleset's committed (state, settings), for read-only commands."""
        spec = ruleset if isinstance(ruleset, RulesetSpec) else _spec(ruleset)
        return _parse(spec, await self.reads.ruleset_state(campaign.id, spec.key))

    async def archived(self, campaign: Campaign, ruleset: str, key: str, model: type[M]) -> list[M]:
        """One series of a ruleset's archive (committed), in order, parsed into `model`."""
        bodies = await self.reads.archived(campaign.id, ruleset, key)
        return [model.model_validate_json(body) for body in bodies]

    async def choice(self, choice_id: int) -> Choice | None:
        """A pending choice by id (committed)."""
        return await self.reads.choice(choice_id)

    async def open_choices(self, campaign_id: int) -> list[Choice]:
        """Every choice still waiting for an answer."""
        return await self.reads.open_choices(campaign_id)

    async def players_roll_secretly(self, campaign_id: int) -> bool:
        """Whether the campaign lets players (not only GMs) roll in secret."""
        return await fair_turns.players_roll_secretly(self.db, campaign_id)

    # -- saved rolls ------------------------------------------------------------------------
    # A player's named expressions are shortcuts, not game state: saving or deleting one
    # changes nothing another player sees, so it writes no audit entry. Every roll of a saved
    # expression is audited like any roll, with the expression it stood for.

    async def saved_rolls(self, campaign_id: int, user_id: int) -> list[SavedRoll]:
        """A player's saved rolls in a campaign, by name, its numbers by their value (`r2`
        before `r10`)."""
        return sorted(await self.saved.of_player(campaign_id, user_id), key=_counted)

    async def saved_roll(self, campaign_id: int, user_id: int, name: str) -> SavedRoll | None:
        """A player's saved roll by name (compared case- and width-insensitively)."""
        key = name_key(name)
        return await self.saved.named(campaign_id, user_id, key) if key else None

    async def save_roll(
        self,
        campaign_id: int,
        actor: Actor,
        name: str,
        expression: str,
        *,
        announce: Announce[tuple[SavedRoll, bool]] | None = None,
    ) -> tuple[SavedRoll, bool]:
        """Save (or replace) a named expression; returns it and whether one was replaced.

        The expression must parse (`DiceExpressionError` with its caret otherwise) and the
        name must not: `/roll dice:` reads a dice expression first, then a saved name. At
        most `MAX_SAVED_ROLLS` per player and campaign. Nothing is saved on any refusal.
        """
        name = clean_text(name, SAVED_ROLL_NAME_MAX, error="dice.saved.error.name")
        try:
            dice_expr.parse(name)
        except dice_expr.DiceExpressionError:
            pass
        else:
            raise GameError("dice.saved.error.name_is_dice", name=name)
        dice_expr.parse(expression)
        roll = SavedRoll(name, expression.strip())
        key = name_key(name)
        # Not named like another of the player's saved rolls (the same name replaces it).
        mine = await self.saved.of_player(campaign_id, actor.user_id)
        other = look_alike(name, (r.name for r in mine))
        if other is not None:
            raise Conflict("dice.saved.error.look_alike", name=name, existing=other)
        async with self.db.transaction() as conn:
            writes = SavedRollWrites(conn)
            replaced = await writes.named(campaign_id, actor.user_id, key) is not None
            if not replaced and await writes.count(campaign_id, actor.user_id) >= MAX_SAVED_ROLLS:
                raise GameError("dice.saved.error.limit", count=MAX_SAVED_ROLLS)
            await writes.put(campaign_id, actor.user_id, key, roll)
            await self.announced(conn, campaign_id, announce, (roll, replaced))
        return roll, replaced

    async def delete_saved_roll(
        self,
        campaign_id: int,
        actor: Actor,
        name: str,
        *,
        announce: Announce[SavedRoll] | None = None,
    ) -> SavedRoll:
        """Delete one of the player's saved rolls; NotFound when there is none by that name."""
        key = name_key(name)
        async with self.db.transaction() as conn:
            writes = SavedRollWrites(conn)
            found = await writes.named(campaign_id, actor.user_id, key) if key else None
            if found is None:
                raise NotFound("dice.saved.error.unknown", name=name)
            await writes.delete(campaign_id, actor.user_id, key)
            await self.announced(conn, campaign_id, announce, found)
        return found

    async def announced(
        self, conn: Conn, campaign_id: int, announce: Announce[R] | None, result: R
    ) -> None:
        """Write what a core command outside a unit of work announces, in its transaction
        (`conn`)."""
        if announce is None:
            return
        campaign = await CampaignWrites(conn).campaign(campaign_id)
        if campaign is None:
            raise NotFound("error.no_campaign")
        await announce(Written(conn, campaign), result)

    # -- the unit of work ------------------------------------------------------------------

    @asynccontextmanager
    async def work(self, campaign_id: int, actor: Actor) -> AsyncIterator[UnitOfWork]:
        """One command's transaction; everything inside commits together or not at all."""
        async with self.db.transaction() as conn:
            writes = CampaignWrites(conn, UndoJournal())
            campaign = await writes.campaign(campaign_id)
            if campaign is None:
                raise NotFound("error.no_campaign")
            dice = (
                self.dice_factory()
                if self.dice_factory is not None
                else await fair_turns.turn_dice(conn, campaign.id, campaign.turn, actor)
            )
            dice.begin_entry(campaign.log_count + 1)
            uow = UnitOfWork(writes, campaign, actor, dice)
            yield uow
            uow.check_complete()
            if writes.journal is not None:  # None: the unit is itself an undo
                await save_unit(conn, campaign_id, uow.entries, writes.journal)

    # -- core commands -----------------------------------------------------------------------

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        name: str,
        ruleset_keys: Iterable[str],
        actor: Actor,
        announce: Announce[Campaign] | None = None,
    ) -> Campaign:
        """Create a campaign in a channel; the creator becomes its first GM. `announce`
        writes what the creation posts in its transaction (here and below: the outbox)."""
        keys = list(dict.fromkeys(ruleset_keys))
        specs = [_spec(k) for k in keys]
        name = clean_text(name, CAMPAIGN_NAME_MAX, error="error.campaign_name")
        async with self.db.transaction() as conn:
            writes = CampaignWrites(conn)
            if await writes.channel_taken(channel_id):
                raise Conflict("error.campaign_exists")
            campaign_id = await writes.create_campaign(
                guild_id=guild_id,
                channel_id=channel_id,
                name=name,
                rulesets=keys,
                created_by=actor.user_id,
                states=[
                    (
                        spec.key,
                        spec.schema_version,
                        spec.state_model().model_dump_json(),
                        spec.settings_model().model_dump_json(),
                    )
                    for spec in specs
                ],
            )
            campaign = await writes.campaign(campaign_id)
            assert campaign is not None
            await append_entry(
                conn,
                campaign_id=campaign_id,
                turn=campaign.turn,
                ruleset=CORE,
                command="campaign create",
                actor_id=actor.user_id,
                faction=None,
                options={"name": name, "rulesets": keys},
                outcome={
                    "summary": summary_json([shown_msg(Msg("campaign.log.created", name=name))]),
                    **await fair_turns.commit_turn(conn, campaign_id, campaign.turn),
                },
                rolls=(),
            )
            if announce is not None:
                await announce(Written(conn, campaign), campaign)
        return await self.get(campaign_id)

    async def end_turn(
        self,
        campaign_id: int,
        expected_turn: int,
        actor: Actor,
        *,
        choice_id: int | None = None,
        announce: Callable[[UnitOfWork, TurnEndReport], Awaitable[None]] | None = None,
    ) -> TurnEndReport:
        """Resolve turn `expected_turn` once: every enabled ruleset's step in registry order.

        One transaction; a failure in any step leaves the turn unresolved and every state as it
        was. A second call for the same turn number raises Conflict and resolves nothing.
        `announce` writes the reports to post in that transaction (bot/announcements.py).
        """
        with paused_gc():
            return await self._end_turn(campaign_id, expected_turn, actor, choice_id, announce)

    async def _end_turn(
        self,
        campaign_id: int,
        expected_turn: int,
        actor: Actor,
        choice_id: int | None,
        announce: Callable[[UnitOfWork, TurnEndReport], Awaitable[None]] | None,
    ) -> TurnEndReport:
        async with self.work(campaign_id, actor) as uow:
            campaign = uow.campaign
            if choice_id is not None:
                await uow.claim_choice(choice_id, gm=True)
                await uow.close_choice(choice_id)
            if campaign.turn != expected_turn:
                raise Conflict("error.turn_already_ended", turn=expected_turn)
            factions = {f.name: f.user_id for f in await uow.writes.factions(campaign.id)}
            summaries: list[TurnSummary] = []
            enabled = [s for s in rulesets.available() if s.key in campaign.rulesets]
            all_settings = {s.key: (await uow.load(s.key))[1] for s in enabled}
            for spec in enabled:
                if spec.end_of_turn is None:
                    continue
                state, settings = await uow.load(spec.key)
                before = len(uow.dice.records)
                others = {k: v for k, v in all_settings.items() if k != spec.key}
                result = spec.end_of_turn(
                    TurnContext(state, settings, campaign.turn, uow.dice, factions, others)
                )
                await uow.save(spec.key, result.state)
                for hidden in result.hidden:  # each takes one held block's rolls, kept past turns
                    await secret_rolls.append_secret(
                        uow,
                        "turn end",
                        options={"turn": campaign.turn},
                        outcome=hidden,
                        ruleset=spec.key,
                        held=True,
                    )
                await uow.archive(spec.key, result.archive)
                entry = await uow.append(
                    "turn end",
                    ruleset=spec.key,
                    options={"turn": campaign.turn},
                    outcome={
                        "summary": summary_json(
                            result.lines if result.audit_lines is None else result.audit_lines
                        ),
                        **result.outcome,
                    },
                )
                for seq in result.reveal:
                    await secret_rolls.reveal_held(uow, seq)
                summaries.append(
                    TurnSummary(
                        spec.key,
                        result.lines,
                        entry.id,
                        len(uow.dice.records) - before,
                        result.affected,
                        result.outcome,
                        result.private,
                        result.quiet,
                        result.affected_lines,
                    )
                )
            # The turn moves before the closing entry, so the state it leaves has the new turn.
            await uow.writes.advance_turn(campaign.id)
            # The closing entry, after each ruleset's own: the turn's end itself (its record
            # points here), revealing the turn's seed and committing to the next one's.
            closed = Msg("turn.end.log.closed", turn=campaign.turn, next=campaign.turn + 1)
            revealed: list[secret_rolls.Revealed] = []
            closing = await uow.append(
                "turn end",
                options={"turn": campaign.turn},
                outcome={
                    "summary": summary_json([closed]),
                    "next_turn": campaign.turn + 1,
                    **await fair_turns.close_turn(uow, revealed),
                },
            )
            await uow.writes.record_turn_end(campaign.id, campaign.turn, actor.user_id, closing.id)
            report = TurnEndReport(turn=expected_turn, summaries=summaries, revealed=revealed)
            if announce is not None:
                await announce(uow, report)
        return report

    async def join(
        self,
        campaign_id: int,
        actor: Actor,
        faction_name: str,
        *,
        announce: Announce[Faction] | None = None,
    ) -> Faction:
        """A player claims a faction (created if new); one per player unless the GM allows more."""
        name = clean_text(faction_name, FACTION_NAME_MAX, error="error.faction_name")
        async with self.work(campaign_id, actor) as uow:
            factions = await uow.writes.factions(campaign_id)
            mine = [f for f in factions if f.user_id == actor.user_id]
            if any(same_name(f.name, name) for f in mine):
                raise Conflict("error.already_in_faction", faction=name)
            if len(mine) >= uow.campaign.factions_per_player:
                raise GameError(
                    "error.faction_limit",
                    count=uow.campaign.factions_per_player,
                    factions=", ".join(f.name for f in mine),
                )
            found = next((f for f in factions if same_name(f.name, name)), None)  # NFKC, folded
            if found is not None and found.user_id is not None:
                raise Conflict("error.faction_taken", faction=found.name)
            # A new faction is not named like another (UTS #39 skeletons: `Rеd` with a
            # Cyrillic `е` beside `Red`); look-alikes stored before this check still play.
            existing = look_alike(name, (f.name for f in factions)) if found is None else None
            if existing is not None:
                raise Conflict("error.faction_look_alike", faction=name, existing=existing)
            for key in uow.campaign.rulesets if found is None else ():
                reserved = rulesets.get(key).reserved_name
                if reserved is not None and reserved(name):
                    raise Conflict(
                        "error.faction_reserved", faction=name, ruleset=Msg(f"ruleset.{key}")
                    )
            if found is None:
                faction = await uow.writes.add_faction(campaign_id, name, actor.user_id)
            else:
                await uow.writes.claim_faction(found.id, actor.user_id)
                faction = Faction(found.id, found.name, actor.user_id)
            # What was asked of the faction while nobody played it, a GM's to answer, is its
            # new player's from now on (`announcements.hand_over` rewrites its messages; an
            # undo of the join gives it back to the GMs).
            for choice in await uow.writes.open_choices(campaign_id):
                if choice.owner_id is None and names_faction(choice, faction.name):
                    await uow.writes.set_choice_owner(choice.id, actor.user_id)
            await uow.append(
                "campaign join",
                options={"faction": name},
                faction=faction.name,
                outcome={
                    "summary": summary_json(
                        [shown_msg(Msg("campaign.log.joined", faction=faction.name))]
                    )
                },
            )
            if announce is not None:
                await announce(uow, faction)
        return faction

    async def leave(
        self,
        campaign_id: int,
        actor: Actor,
        faction_name: str | None,
        *,
        announce: Announce[Faction] | None = None,
    ) -> Faction:
        """A player gives up a faction they play (their only one when `faction_name` is None):
        it keeps its state in every ruleset, unplayed, until another player joins as it; the
        rolls made for it stay its former player's (`/history stats`)."""
        async with self.work(campaign_id, actor) as uow:
            mine = [f for f in await uow.writes.factions(campaign_id) if f.user_id == actor.user_id]
            if not mine:
                raise NotFound("error.no_faction")
            if faction_name is None and len(mine) > 1:
                raise GameError("error.which_faction", factions=", ".join(f.name for f in mine))
            found = (
                mine[0]
                if faction_name is None
                else next((f for f in mine if same_name(f.name, faction_name)), None)
            )
            if found is None:
                raise NotAllowed("error.leave_not_yours", faction=faction_name)
            # A question waiting for the player's answer for this faction stays theirs:
            # leaving with one open would leave it to the wrong player. One for another
            # faction they play does not block (a choice names its faction, `open_choice`);
            # one stored before choices named it blocks leaving any. A preview of their own
            # command is no question.
            owed = [
                c
                for c in await uow.writes.open_choices(campaign_id)
                if c.owner_id == actor.user_id
                and not rulesets.is_preview(c.ruleset, c.kind)
                and asks_for(c, found.name)
            ]
            if owed:
                raise Conflict(
                    "error.leave_owes",
                    faction=found.name,
                    count=len(owed),
                    questions=await owed_questions(uow, owed),
                )
            await uow.writes.release_faction(found.id, actor.user_id)
            left = shown_msg(Msg("campaign.log.left", faction=found.name))
            await uow.append(
                "campaign leave",
                options={"faction": found.name},
                faction=found.name,
                outcome={"summary": summary_json([left])},
            )
            faction = Faction(found.id, found.name, None)
            if announce is not None:
                await announce(uow, faction)
        return faction

    async def set_gm(
        self,
        campaign_id: int,
        actor: Actor,
        kind: str,
        target_id: int,
        add: bool,
        *,
        announce: Announce[None] | None = None,
    ) -> None:
        """Name or remove a GM (a user or a role). The creator always stays GM."""
        async with self.work(campaign_id, actor) as uow:
            if not add and kind == "user" and target_id == uow.campaign.created_by:
                raise GameError("error.gm_creator")
            if add:
                changed = await uow.writes.add_gm(campaign_id, kind, target_id)
            else:
                changed = await uow.writes.remove_gm(campaign_id, kind, target_id)
            if not changed:
                raise Conflict("error.gm_unchanged")
            who = f"<@&{target_id}>" if kind == "role" else f"<@{target_id}>"
            done = Msg("campaign.gm.added" if add else "campaign.gm.removed", who=who)
            await uow.append(
                "campaign gm " + ("add" if add else "remove"),
                options={"kind": kind, "id": target_id},
                outcome={"summary": summary_json([done])},
            )
            if announce is not None:
                await announce(uow, None)

    async def set_setting(
        self,
        campaign_id: int,
        actor: Actor,
        ruleset: str,
        name: str,
        raw: str,
        *,
        announce: Announce[Any] | None = None,
    ) -> Any:
        """Change one typed setting; returns the new value. A value the setting already has
        is refused (`settings_edit.unchanged`): nothing is written, logged or announced."""
        from bot import settings_edit

        value: Any
        secret = await self.players_roll_secretly(campaign_id)
        async with self.work(campaign_id, actor) as uow:
            if ruleset == CORE and name == fair_turns.PLAYER_SECRETS:
                value = await fair_turns.set_player_secrets(
                    uow.conn, campaign_id, raw, uow.writes.journal
                )
                if value == secret:  # the write is rolled back with the refusal
                    raise settings_edit.unchanged(name, value)
            elif ruleset == CORE and name == "language":
                value = raw.strip().lower()
                if value not in LANGUAGES:
                    raise settings_edit.SettingError(
                        "error.setting_value", name=name, value=raw, allowed=", ".join(LANGUAGES)
                    )
                if value == uow.campaign.language:
                    raise settings_edit.unchanged(name, value)
                await uow.writes.set_language(campaign_id, value)
            elif ruleset == CORE:
                if name != "factions_per_player":
                    raise settings_edit.SettingError("error.setting_unknown", name=name)
                try:
                    value = int(raw)
                except ValueError:
                    value = 0
                if not 1 <= value <= 10:
                    raise settings_edit.SettingError(
                        "error.setting_value", name=name, value=raw, allowed="1..10"
                    )
                if value == uow.campaign.factions_per_player:
                    raise settings_edit.unchanged(name, value)
                await uow.writes.set_factions_per_player(campaign_id, value)
            else:
                if ruleset not in uow.campaign.rulesets:
                    raise NotFound("error.ruleset_not_enabled", ruleset=ruleset)
                _, settings = await uow.load(ruleset)
                new = settings_edit.apply(settings, name, raw)
                if new == settings:
                    info = settings_edit.describe(settings, name)
                    raise settings_edit.unchanged(name, info.current, info.choices, info.ordered)
                await uow.save_settings(ruleset, new)
                value = getattr(new, name)
                await uow.settle_settings(ruleset, settings)
            await uow.append(
                "campaign settings set",
                ruleset=ruleset,
                options={"name": name, "value": raw},
                outcome={
                    "value": value if not isinstance(value, set) else sorted(value),
                    "summary": summary_json(
                        [setting_summary(f"{ruleset}.{name}", value), *uow.settled_lines(ruleset)]
                    ),
                },
            )
            if announce is not None:
                await announce(uow, value)
        return value

    async def set_settings(
        self,
        campaign_id: int,
        actor: Actor,
        text: str,
        *,
        announce: Announce[dict[str, Any]] | None = None,
        settle: bool = True,
    ) -> dict[str, Any]:
        """Apply a whole settings file (`settings_file.read_settings`) in one unit of work and
        one audit entry; returns the changed settings by section (empty: nothing changed).
        What the new settings do to a ruleset's state (`settle_settings`) is logged in an
        entry of that ruleset after it; with `settle` False it is left out (the rehearsal
        of the question an import asks first: it would draw dice before the GM confirms)."""
        from bot import settings_file

        secret = await self.players_roll_secretly(campaign_id)
        async with self.work(campaign_id, actor) as uow:
            before: dict[str, BaseModel] = {
                CORE: settings_file.CoreSettings(
                    factions_per_player=uow.campaign.factions_per_player,
                    secret_rolls_for_players=secret,
                )
            }
            for key in uow.campaign.rulesets:
                before[key] = (await uow.load(key))[1]
            after = settings_file.read_settings(text, before)
            changed = settings_file.changed_settings(before, after)
            for section, values in changed.items():
                if section != CORE:
                    await uow.save_settings(section, after[section])
                    continue
                if "factions_per_player" in values:
                    count = int(values["factions_per_player"])
                    await uow.writes.set_factions_per_player(campaign_id, count)
                if fair_turns.PLAYER_SECRETS in values:
                    word = str(values[fair_turns.PLAYER_SECRETS]).lower()
                    await fair_turns.set_player_secrets(
                        uow.conn, campaign_id, word, uow.writes.journal
                    )
            if changed:
                count = sum(len(v) for v in changed.values())
                summary = [Msg("campaign.settings.imported", count=count)]
                summary += settings_file.changes(before, changed)  # old → new, as the GM was asked
                await uow.append(
                    "campaign settings import",
                    options={"changed": changed},
                    outcome={
                        "count": count,
                        "summary": summary_json(summary),
                    },
                )
                # What the new settings did to a ruleset's state, in an entry of that
                # ruleset with its rolls (and the archive records it wrote).
                for section in changed:
                    if section == CORE or not settle:
                        continue
                    await uow.settle_settings(section, before[section])
                    if section in uow.settled:
                        await uow.append(
                            "campaign settings import",
                            ruleset=section,
                            outcome={"summary": summary_json(uow.settled_lines(section))},
                        )
                if announce is not None:
                    await announce(uow, changed)
        return changed

    async def current_settings(self, campaign: Campaign) -> dict[str, BaseModel]:
        """Every setting of the campaign by section: `core`, then each enabled ruleset."""
        from bot.settings_file import CoreSettings

        sections: dict[str, BaseModel] = {
            CORE: CoreSettings(
                factions_per_player=campaign.factions_per_player,
                secret_rolls_for_players=await self.players_roll_secretly(campaign.id),
            )
        }
        for key in campaign.rulesets:
            sections[key] = (await self.state(campaign, key))[1]
        return sections


def _counted(roll: SavedRoll) -> tuple[str, ...]:
    """A saved roll's name as a player counts it: its runs of digits by their value (the
    split puts them at the odd places, padded to one width: a name is at most
    SAVED_ROLL_NAME_MAX characters)."""
    parts = re.split(r"(\d+)", name_key(roll.name))
    return tuple(part.zfill(SAVED_ROLL_NAME_MAX) if i % 2 else part for i, part in enumerate(parts))
