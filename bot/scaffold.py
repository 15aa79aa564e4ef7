"""The typed scaffold every ruleset cog stands on.

A command body says only what is particular to it:

    ctx = await RulesetContext.of(interaction, SPEC)
    await ctx.apply(
        lambda state, settings, dice: set_piracy_vp(state, settings, value, dice),
        announce=lambda done: [Announcement(embeds=[change_embed(done.outcome.lines, ...)])],
    )

`apply` opens the unit of work, loads the ruleset's typed state, runs the engine change,
saves the new state with the outcome's archive records, appends the audit entry with the
command's qualified name, the options as the player gave them (read from the interaction,
never retyped) and the outcome's lines as its summary, and writes the answer `announce`
builds to the outbox — one transaction; the answer is posted after the commit. With `secret`
the entry is a secret one (bot/secret_rolls.py): the log shows who and when with a
commitment, and its options and summary are published when the turn ends.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from typing import Any
from typing import Generic
from typing import TypeVar
from typing import cast

import discord
from discord import app_commands
from pydantic import BaseModel

from bot import announcements
from bot import rulesets
from bot import secret_rolls
from bot.announcements import Announcement
from bot.campaigns import CORE
from bot.campaigns import Announce
from bot.campaigns import Campaign
from bot.campaigns import CampaignService
from bot.campaigns import Choice
from bot.campaigns import Faction
from bot.campaigns import UnitOfWork
from bot.campaigns import Written
from bot.campaigns import summary_json
from bot.dice import Dice
from bot.dice import DiceNeeded
from bot.dice import NoFaces
from bot.errors import Conflict
from bot.errors import GameError
from bot.errors import NotFound
from bot.factions import acting_faction
from bot.factions import normal
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import ERROR_COLOUR
from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import WAITING_COLOUR
from bot.interactions import Context
from bot.interactions import actor_of
from bot.interactions import ask_to_confirm
from bot.interactions import campaign_context
from bot.interactions import cancel_choice
from bot.interactions import channel_campaign
from bot.interactions import choice_handler
from bot.interactions import clip
from bot.interactions import disabled_copy
from bot.interactions import make_embed
from bot.interactions import not_yours
from bot.interactions import service_of
from bot.rulesets import Outcome
from bot.rulesets import RulesetSpec
from bot.storage.audit import AuditEntry
from bot.text import shown_msg

S = TypeVar("S", bound=BaseModel)
T = TypeVar("T", bound=BaseModel)
R = TypeVar("R")
OutcomeT = TypeVar("OutcomeT", bound=Outcome[Any])


def interaction_options(interaction: discord.Interaction[Any]) -> dict[str, Any]:
    """The options of a slash command as the player gave them (the leaf subcommand's),
    for the audit entry: strings, numbers, booleans and the ids of users, roles and files."""
    data: Mapping[str, Any] = interaction.data or {}
    options: list[Mapping[str, Any]] = list(data.get("options") or [])
    while len(options) == 1 and options[0].get("type") in (1, 2):  # subcommand (group)
        options = list(options[0].get("options") or [])
    return {str(o["name"]): o.get("value") for o in options}


def command_name(interaction: discord.Interaction[Any]) -> str | None:
    """The slash command's qualified name in English (`corsairs vp`); None for a click."""
    command = interaction.command
    return command.qualified_name if command is not None else None


@dataclass(frozen=True)
class ChoiceClaim:
    """A pending choice a change answers: `apply` claims it first in its transaction, as the
    actor (`gm`: a GM may answer another player's), so someone else's or an answered one is
    refused before anything changes; with `close`, it is closed there too."""

    choice_id: int
    gm: bool
    close: bool = False


@dataclass(frozen=True)
class Applied(Generic[OutcomeT, T]):
    """What `apply` did: the engine's outcome, the audit entry that records it, the settings
    the change ran under, what its `then` step returned, and the ids of the messages its
    `announce` step posted."""

    outcome: OutcomeT
    entry: AuditEntry
    settings: T
    after: Any = None
    posted: tuple[int | None, ...] = ()


class Rehearsal(Exception):
    """Leaves a rehearsed unit of work, rolling it back, with what it would have done."""

    def __init__(self, result: Any) -> None:
        super().__init__("rehearsed")
        self.result = result


async def end_rehearsal(_tx: Any, result: Any) -> None:
    """An `announce` step for a service command that rehearses it: it stops the command,
    whose transaction rolls back, with its result (`Rehearsal.result`)."""
    raise Rehearsal(result)


@dataclass
class RulesetContext(Generic[S, T]):
    """One interaction in a campaign channel, for one ruleset: who acts, the campaign's
    factions, and typed access to the ruleset's state. `apply` moves `base` to the campaign
    its transaction reads (see `campaign`)."""

    interaction: discord.Interaction[Any]
    base: Context
    spec: RulesetSpec[S, T]
    factions: list[Faction]

    @classmethod
    async def of(
        cls, interaction: discord.Interaction[Any], spec: RulesetSpec[S, T]
    ) -> RulesetContext[S, T]:
        """The context of a command or click in a campaign that plays `spec`'s ruleset."""
        base = await campaign_context(interaction)
        return await cls.within(interaction, base, spec)

    @classmethod
    async def within(
        cls, interaction: discord.Interaction[Any], base: Context, spec: RulesetSpec[S, T]
    ) -> RulesetContext[S, T]:
        """The same, from a context already built (a choice click's)."""
        if spec.key not in base.campaign.rulesets:
            raise NotFound("error.ruleset_not_enabled", ruleset=spec.key)
        factions = await base.service.factions(base.campaign.id)
        return cls(interaction, base, spec, factions)

    # -- who and where ----------------------------------------------------------------------

    @property
    def campaign(self) -> Campaign:
        """The campaign as loaded when the interaction arrived; from the start of `apply`'s
        transaction on (its change, audit entry and answer), as that transaction read it.
        A turn end may commit while the command waits for the lock: what the change records
        belongs to the turn it is written in, so read `campaign.turn` inside the change."""
        return self.base.campaign

    @property
    def service(self) -> CampaignService:
        """The campaign service."""
        return self.base.service

    @property
    def is_gm(self) -> bool:
        """Whether the actor is one of the campaign's GMs."""
        return self.base.is_gm

    @property
    def locale(self) -> str:
        """The actor's language (private replies)."""
        return self.base.locale

    @property
    def public_locale(self) -> str:
        """The campaign's language: for what is posted for everyone and for buttons meant
        for someone else (`core.language`, else the guild's preferred locale)."""
        return self.base.public_locale

    def pt(self, key: str, **params: Any) -> str:
        """Translate for everyone in the channel."""
        return self.base.pt(key, **params)

    @property
    def user_id(self) -> int:
        """The acting Discord user."""
        return self.base.actor.user_id

    def t(self, key: str, **params: Any) -> str:
        """Translate for the actor."""
        return self.base.t(key, **params)

    def own_factions(self) -> list[str]:
        """The factions the actor plays."""
        return [f.name for f in self.factions if f.user_id == self.user_id]

    def acting_faction(self, wanted: str | None, *, among: Sequence[str] | None = None) -> str:
        """The faction the command acts for: `wanted` (a GM any, a player only their own),
        else the player's only faction (of `among`, when given)."""
        return acting_faction(self.user_id, self.is_gm, self.factions, wanted, among=among)

    def claimed_faction(self, wanted: str | None) -> str | None:
        """The faction the actor answers or acts as: None for a GM, `wanted` when they play
        it, else one of their own factions (or ""), which the engine refuses for `wanted`
        naming the clause."""
        if self.is_gm:
            return None
        mine = self.own_factions()
        if wanted is not None and wanted in mine:
            return wanted
        return mine[0] if mine else ""

    def user_of(self, faction: str | None) -> int | None:
        """The Discord user who plays `faction`; None when nobody does."""
        return next((f.user_id for f in self.factions if f.name == faction), None)

    # -- the ruleset's state -----------------------------------------------------------------

    async def read(self) -> tuple[S, T]:
        """The committed (state, settings), for commands that change nothing."""
        return await self.service.state(self.campaign, self.spec)

    async def apply(
        self,
        change: Callable[[S, T, Dice], OutcomeT],
        *,
        faction: str | Callable[[OutcomeT], str | None] | None = None,
        command: str | None = None,
        options: Mapping[str, Any] | None = None,
        logged_options: Callable[[dict[str, Any], OutcomeT], dict[str, Any]] | None = None,
        audit: Callable[[OutcomeT], dict[str, Any]] | None = None,
        claim: ChoiceClaim | None = None,
        before: Callable[[UnitOfWork], Awaitable[None]] | None = None,
        then: Callable[[UnitOfWork, OutcomeT], Awaitable[Any]] | None = None,
        secret: bool | Callable[[T, OutcomeT], bool] = False,
        sealed: secret_rolls.Sealed
        | Callable[[T, OutcomeT], secret_rolls.Sealed | None]
        | None = None,
        announce: Callable[
            [Applied[OutcomeT, T]],
            Sequence[Announcement] | Awaitable[Sequence[Announcement]],
        ]
        | None = None,
        rehearse: bool = False,
    ) -> Applied[OutcomeT, T]:
        """Run one engine change in one unit of work and record it.

        `faction` is the faction the entry is recorded for (or how to read it from the
        outcome); `command` and `options` default to the slash command's (a click's handler
        names its own), and `logged_options` rewrites them for the entry once the outcome is
        known (a name the log must not show); `audit` adds outcome fields to the entry beside
        the summary; `claim`
        takes the pending choice the change answers first in the transaction (`ChoiceClaim`),
        then `before` runs, and `then` after the entry (opening or closing one); what `then`
        returns is `Applied.after`.

        `secret` (or how to read it from the settings and the outcome) records the entry as
        a secret one: everyone reads who made it, when, for which faction, and its
        commitment; its options, summary and `audit` fields are hidden until the turn it is
        written in ends (or `/reveal`), and shown before that to its actor and the GMs only.
        `sealed` (or how to read it from the settings and the outcome; None: not sealed) writes
        a secret entry without its actor and faction, who made it kept apart for good
        (`secret_rolls.Sealed`): everyone else reads it as made by a hidden player.

        `announce` builds the public messages the change must post (its result, a choice's
        question): they are written in the same transaction and posted after the commit as
        the interaction's answer, or after a restart if the process dies first
        (bot/announcements.py); a click's `Announcement(edit=True)` redraws the clicked
        message. It may be async (it may read committed data).

        With `rehearse` everything but `announce` runs and is then rolled back: what the
        change would do, or its refusal, with nothing written (a confirmation's question,
        `Asked.apply`)."""
        name = command or command_name(self.interaction)
        if name is None:
            msg = "a click's handler must name the command it records"
            raise ValueError(msg)
        given = dict(options) if options is not None else interaction_options(self.interaction)
        try:
            async with self.service.work(self.campaign.id, self.base.actor) as uow:
                # The turn (and the rest of the campaign row) as this transaction reads it.
                self.base = replace(self.base, campaign=uow.campaign)
                if claim is not None:
                    await uow.claim_choice(claim.choice_id, gm=claim.gm)
                    if claim.close:
                        await uow.close_choice(claim.choice_id)
                if before is not None:
                    await before(uow)
                state, settings = await uow.load(self.spec)
                outcome = change(state, settings, uow.dice)
                logged = await uow.take_outcome(self.spec, outcome)
                recorded = audit(outcome) if audit is not None else None
                if logged_options is not None:
                    given = logged_options(given, outcome)
                owner = faction(outcome) if callable(faction) else faction
                if secret(settings, outcome) if callable(secret) else secret:
                    await uow.save(self.spec.key, outcome.state)
                    entry, _ = await secret_rolls.append_secret(
                        uow,
                        name,
                        options=given,
                        outcome={"summary": summary_json(logged), **(recorded or {})},
                        faction=owner,
                        ruleset=self.spec.key,
                        sealed=told_to_maker(
                            sealed(settings, outcome) if callable(sealed) else sealed,
                            outcome,
                            raw=self.spec.raw_lines,
                        ),
                    )
                else:
                    entry = await uow.record(
                        self.spec.key,
                        name,
                        outcome.state,
                        lines=logged,
                        options=given,
                        outcome=recorded,
                        faction=owner,
                    )
                after = await then(uow, outcome) if then is not None else None
                applied = Applied(outcome, entry, settings, after)
                if rehearse:
                    raise Rehearsal(applied)
                rows = []
                if announce is not None:
                    built = announce(applied)  # it may read (an async builder)
                    messages = await built if inspect.isawaitable(built) else built
                    rows = await announcements.write(
                        uow, self.interaction, messages, locale=self.public_locale
                    )
        except Rehearsal as rehearsed:
            if not rehearse:  # a rehearsal's end reached from a real run is a bug, not a result
                raise
            return cast(Applied[OutcomeT, T], rehearsed.result)
        if not rows:
            return applied
        posted = await announcements.deliver(self.interaction, self.service.db, rows)
        return replace(applied, posted=tuple(posted))


def told_to_maker(
    sealed: secret_rolls.Sealed | None, outcome: object, *, raw: bool
) -> secret_rolls.Sealed | None:
    """A sealed entry's part with what its maker was told privately (an outcome's `private`
    lines: a bribe's victim, target and price, SP-I33), which the entry's hidden summary
    leaves out (it is published at the turn's end): its maker and the GMs read them with it."""
    private = getattr(outcome, "private", None)
    if sealed is None or not isinstance(private, list) or not private:
        return sealed
    lines = [shown_msg(m) if raw else m for m in private if isinstance(m, Msg)]
    return replace(sealed, told=tuple(summary_json(lines)))


# -- autocompletes every ruleset shares ------------------------------------------------------


def matching_choices(
    pairs: Sequence[tuple[str, str]], current: str
) -> list[app_commands.Choice[str]]:
    """The (label, value) pairs that contain what is typed, as at most 25 choices."""
    needle = normal(current)
    return [
        app_commands.Choice(name=name[:100], value=value[:100])
        for name, value in pairs
        if needle in normal(name) or needle in normal(value)
    ][:25]


async def faction_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The campaign's factions."""
    campaign = await channel_campaign(interaction)
    if campaign is None:
        return []
    factions = await service_of(interaction).factions(campaign.id)
    return matching_choices([(f.name, f.name) for f in factions], current)


async def state_for(
    interaction: discord.Interaction[Any], spec: RulesetSpec[S, T]
) -> tuple[Campaign, S, T] | None:
    """The channel's campaign and the ruleset's committed state, for autocompletes (None
    outside a campaign that plays it: autocomplete then offers nothing)."""
    campaign = await channel_campaign(interaction)
    if campaign is None or spec.key not in campaign.rulesets:
        return None
    state, settings = await service_of(interaction).state(campaign, spec)
    return campaign, state, settings


@dataclass(frozen=True)
class Typist:
    """Who is typing into an autocomplete: a GM is offered everything, a player what the
    factions they play own."""

    is_gm: bool
    factions: frozenset[str]

    def owns(self, owner: str | None) -> bool:
        """Whether the typist is offered a thing `owner` owns (a GM: every thing)."""
        if self.is_gm:
            return True
        return owner is not None and normal(owner) in {normal(f) for f in self.factions}


async def state_choices(
    interaction: discord.Interaction[Any],
    spec: RulesetSpec[S, T],
    current: str,
    pairs: Callable[[S], Iterable[tuple[str, str]]],
) -> list[app_commands.Choice[str]]:
    """An autocomplete over the ruleset's committed state: the (label, value) pairs `pairs`
    reads from it that contain what is typed (nothing outside a campaign that plays it)."""
    found = await state_for(interaction, spec)
    if found is None:
        return []
    return matching_choices(list(pairs(found[1])), current)


async def owned_choices(
    interaction: discord.Interaction[Any],
    spec: RulesetSpec[S, T],
    current: str,
    pairs: Callable[[S, Typist], Iterable[tuple[str, str]]],
) -> list[app_commands.Choice[str]]:
    """The same for things with an owner: `pairs` is told who types, to offer a player only
    their own factions' things."""
    found = await state_for(interaction, spec)
    if found is None:
        return []
    campaign, state, _ = found
    service = service_of(interaction)
    is_gm = await service.is_gm(campaign, actor_of(interaction))
    mine: frozenset[str] = frozenset()
    if not is_gm:
        factions = await service.factions(campaign.id)
        mine = frozenset(f.name for f in factions if f.user_id == interaction.user.id)
    return matching_choices(list(pairs(state, Typist(is_gm, mine))), current)


# -- a confirmation before a destructive command ---------------------------------------------
#
# A command that removes a record or replaces settings asks its player first. Its body is
# registered under the slash command's name (`confirmed_command`) and runs twice: typed, it
# checks and rehearses the change exactly as it would run it (a refusal is the answer, and
# nothing is asked), then asks privately with a red button worded for it and Cancel (a
# pending choice of kind `CONFIRMATION`, so a restart loses nothing); confirmed, it runs the
# change again on the state as it is then, claiming the choice in the same transaction, and
# records it under the slash command's name and options, only while its question still
# reads as asked (`Asked.still_asked`: what was named is what goes). A ruleset's change and
# a core service command take the same path (`Asked.apply`, `Asked.apply_service`). A
# question that cannot be shown is closed at once (`Asked.ask`). A GM's undo of a confirmed
# command leaves its question answered: the player types the command again to be asked anew.
# A GM's force of a player's question and the close of a battle ask the same way; a click
# that runs such a command (a question's "Force default (GM)") asks as it does (`ask_first`).

VERBS = frozenset({"remove", "reset", "import", "force", "close"})
TITLE_LIMIT = 256  # Discord's limit of an embed's title
DESCRIPTION_PAGE = 4000  # the lines of one embed's description (Discord allows 4,096)
EMBEDS_LIMIT = 10  # Discord's limits of one message: its embeds and their characters
MESSAGE_LIMIT = 6000


@dataclass(frozen=True)
class Question:
    """What a confirmation asks, in the asker's language: `title` says what will happen,
    `lines` the details; `verb` (remove, reset, import, force, close) words its red button
    and its answer."""

    title: str
    lines: Sequence[str] = ()
    verb: str = "remove"


def question_embeds(
    question: Question, note: str, more: Callable[[int], str]
) -> list[discord.Embed]:
    """A question as one message: its title (the first line, whole, when too long for a
    title), its lines spread over as many embeds as Discord's limits allow and, when they do
    not all fit, as many as fit and `more` of the rest; `note` always last."""
    titled = len(question.title) <= TITLE_LIMIT
    head = [] if titled else [question.title]
    lines = [clip(line, DESCRIPTION_PAGE) for line in question.lines]
    kept = len(lines)
    while True:
        tail = [more(len(lines) - kept)] if kept < len(lines) else []
        pages = _pages([*head, *lines[:kept], *tail, note])
        size = len(question.title) * titled + sum(len(page) for page in pages)
        if (len(pages) <= EMBEDS_LIMIT and size <= MESSAGE_LIMIT) or kept == 0:
            break
        kept -= 1
    embeds = [discord.Embed(description=page, colour=WAITING_COLOUR) for page in pages]
    if titled:
        embeds[0].title = question.title
    return embeds


def _pages(lines: Sequence[str]) -> list[str]:
    """Lines joined into descriptions of at most `DESCRIPTION_PAGE` characters, none cut."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        if pages[-1] and size + len(line) + 1 > DESCRIPTION_PAGE:
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 1
    return ["\n".join(page) for page in pages]


ConfirmedCommand = Callable[["Asked"], Awaitable[None]]
_CONFIRMED: dict[str, ConfirmedCommand] = {}


def confirmed_command(command: str) -> Callable[[ConfirmedCommand], ConfirmedCommand]:
    """Register the body of the slash command `command` (its qualified English name) that
    runs once asked (`confirm_first`) and again once confirmed."""

    def register(fn: ConfirmedCommand) -> ConfirmedCommand:
        _CONFIRMED[command] = fn
        return fn

    return register


@dataclass(frozen=True)
class Asked:
    """A destructive command as typed (`choice` None: check, rehearse and ask) or as
    confirmed by its player's click on `choice`: the command's name and options as the
    player gave them (what its audit entry records) and `params`, what its body needs to
    run again (the options as typed, the settings a file sets)."""

    interaction: discord.Interaction[Any]
    base: Context
    command: str
    options: dict[str, Any]
    params: dict[str, Any]
    choice: Choice | None = None

    @property
    def confirmed(self) -> bool:
        """Whether this run is the confirmed one (it changes the campaign)."""
        return self.choice is not None

    @property
    def locale(self) -> str:
        """The asker's language: the question's, once asked."""
        if self.choice is not None:
            return str(self.choice.payload.get("locale") or self.base.locale)
        return self.base.locale

    def t(self, key: str, **params: Any) -> str:
        """Translate for the asker (the question and its answers are private)."""
        return t(key, self.locale, **params)

    async def claim(self, uow: UnitOfWork) -> None:
        """Take and close the confirmation in the change's transaction: a second click, or
        a click after a Cancel, changes nothing."""
        if self.choice is not None:
            await uow.claim_choice(self.choice.id, gm=False)
            await uow.close_choice(self.choice.id)

    def still_asked(self, now: Question) -> None:
        """Refuse the confirm when its question would read differently now (the record was
        edited, renamed or replaced since it was asked): it runs only on what was named."""
        if self.choice is None:
            return
        payload = self.choice.payload
        lines = payload.get("lines")
        if now.title != payload.get("question") or (
            lines is not None and list(now.lines) != list(lines)
        ):
            raise Conflict("confirm.changed")

    def answered(
        self, key: str, *, colour: discord.Colour = NEUTRAL_COLOUR, lead: str | None = None
    ) -> discord.Embed:
        """The question redrawn as answered: `key` (confirm.done.<verb>, confirm.cancelled.
        <verb>) over what it asked, whole: its title and its lines (as many as one embed
        holds, then how many more), so a title that leads into its lines never ends the
        message. With `lead` (what was done: "You confirmed:") what it asked follows it
        quoted, so it reads as the question it was, not one still open."""
        payload = self.choice.payload if self.choice is not None else {}
        verb = str(payload.get("verb") or "remove")
        asked = str(payload.get("question") or "")
        lines = [clip(str(line), DESCRIPTION_PAGE) for line in payload.get("lines") or ()]
        kept = len(lines)
        while True:
            tail = [self.t("confirm.more", count=len(lines) - kept)] if kept < len(lines) else []
            parts = [part for part in (asked, *lines[:kept], *tail) if part]
            if lead is not None:
                parts = [lead, *(_quoted(part) for part in parts)]
            text = "\n".join(parts)
            if len(text) <= DESCRIPTION_PAGE or kept == 0:
                break
            kept -= 1
        return make_embed(
            self.t(f"{key}.{verb}"), clip(text, DESCRIPTION_PAGE) or None, colour=colour
        )

    def redrawn(self) -> Announcement:
        """The confirmed question, its buttons disabled: written with the change, before
        the command's own answer. It says what was done first (the command's answer follows
        it), then what the player confirmed, quoted."""
        view = disabled_copy(self.interaction.message)
        done = self.answered("confirm.done", lead=self.t("confirm.confirmed"))
        return Announcement(edit=True, embeds=[done], view=view)

    def settled(self, now: Question, messages: Sequence[Announcement]) -> list[Announcement]:
        """What a confirmed change posts, decided in its transaction (which has claimed the
        question): refused when its question reads differently now (`still_asked`), else
        the question redrawn, then `messages`."""
        self.still_asked(now)
        return [self.redrawn(), *messages]

    async def ask(self, ruleset: str, question: Question) -> None:
        """Ask the player privately: the question, the undo line, the red button and Cancel
        (a pending choice only they may answer). A question that cannot be shown (the
        interaction expired, Discord refused the message) is closed at once: no question
        is left that nobody sees, and the player is told, when anything still can be."""
        if question.verb not in VERBS:
            msg = f"unknown confirmation verb {question.verb!r}"
            raise ValueError(msg)
        payload = {
            "command": self.command,
            "options": self.options,
            "params": self.params,
            "locale": self.locale,
            "verb": question.verb,
            "question": question.title,
            "lines": list(question.lines),
        }
        embeds = question_embeds(
            question,
            self.t("confirm.undo_note"),
            lambda count: self.t("confirm.more", count=count),
        )
        async with self.base.service.work(self.base.campaign.id, self.base.actor) as uow:
            choice_id = await uow.open_choice(
                ruleset, rulesets.CONFIRMATION, self.base.actor.user_id, payload
            )
        confirm, cancel = self.t(f"confirm.button.{question.verb}"), self.t("confirm.cancel")
        await ask_to_confirm(
            self.interaction, self.base, choice_id, embeds, confirm, cancel, ephemeral=True
        )

    async def asked_first(
        self,
        ctx: RulesetContext[S, T],
        question: Question,
        check: Callable[[S, T, Dice], object],
        params: Mapping[str, Any],
    ) -> bool:
        """A command whose change rolls dice behind a confirmation (a GM's force), so not
        rehearsed: typed, what `check` refuses is refused at once (`refused_first`), then
        `question` is asked, its confirm run given `params` too (what it names), and True
        (the command stops there); confirmed, refused when the question reads differently
        now (`still_asked`), else False (the change runs, closing the question with
        `claim`)."""
        if self.confirmed:
            self.still_asked(question)
            return False
        state, settings = await ctx.read()
        refused_first(check, state, settings)
        await replace(self, params={**self.params, **params}).ask(ctx.spec.key, question)
        return True

    async def apply(
        self,
        ctx: RulesetContext[S, T],
        change: Callable[[S, T, Dice], OutcomeT],
        *,
        question: Callable[[S, Applied[OutcomeT, T]], Question],
        announce: Callable[[Applied[OutcomeT, T]], Sequence[Announcement]],
        faction: str | Callable[[OutcomeT], str | None] | None = None,
        logged_options: Callable[[dict[str, Any], OutcomeT], dict[str, Any]] | None = None,
        audit: Callable[[OutcomeT], dict[str, Any]] | None = None,
        then: Callable[[UnitOfWork, OutcomeT], Awaitable[Any]] | None = None,
        secret: bool | Callable[[T, OutcomeT], bool] = False,
        sealed: secret_rolls.Sealed
        | Callable[[T, OutcomeT], secret_rolls.Sealed | None]
        | None = None,
    ) -> None:
        """`RulesetContext.apply` behind a confirmation: typed, the change is rehearsed (a
        refusal is the answer) and `question` (given the state before it and what it would
        do) is asked; confirmed, it runs, recorded as the slash command, and posts
        `announce` after the question redrawn, unless its question would read differently
        now (`settled`)."""
        before: list[S] = []  # the state the change met, which the question reads

        def run(state: S, settings: T, dice: Dice) -> OutcomeT:
            before.append(state.model_copy(deep=True))
            return change(state, settings, dice)

        def told(done: Applied[OutcomeT, T]) -> list[Announcement]:
            return self.settled(question(before[0], done), announce(done))

        confirmed = self.choice is not None
        done = await ctx.apply(
            run,
            command=self.command,
            options=self.options,
            logged_options=logged_options,
            faction=faction,
            audit=audit,
            before=self.claim,
            then=then,
            secret=secret,
            sealed=sealed,
            announce=told if confirmed else None,
            rehearse=not confirmed,
        )
        if not confirmed:
            await self.ask(ctx.spec.key, question(before[0], done))

    async def apply_service(
        self,
        command: Callable[[Announce[R]], Awaitable[object]],
        *,
        question: Callable[[R], Question],
        announce: Callable[
            [UnitOfWork, R], Sequence[Announcement] | Awaitable[Sequence[Announcement]]
        ],
        ruleset: str = CORE,
    ) -> bool:
        """A core service command behind a confirmation, as `apply` runs a ruleset's change:
        `command` runs the service method with the `announce` step it is given. Typed, it is
        rehearsed (a refusal is the answer) and `question` of its result is asked;
        confirmed, its step claims the question in the change's transaction, refuses it
        when `question` of the result reads differently now, and writes the question
        redrawn and `announce`'s messages, posted after the commit. False when the command
        announced nothing (it found nothing to change), and nothing was asked or done."""
        if self.choice is None:
            try:
                await command(end_rehearsal)
            except Rehearsal as rehearsed:
                await self.ask(ruleset, question(cast(R, rehearsed.result)))
                return True
            return False
        rows: list[announcements.OutboxMessage] = []

        async def step(tx: UnitOfWork | Written, result: R) -> None:
            if not isinstance(tx, UnitOfWork):
                msg = "a confirmed service command runs in a unit of work"
                raise TypeError(msg)
            await self.claim(tx)
            built = announce(tx, result)
            messages = await built if inspect.isawaitable(built) else built
            told = self.settled(question(result), messages)
            rows.extend(
                await announcements.write(
                    tx, self.interaction, told, locale=self.base.public_locale
                )
            )

        await command(step)
        if not rows:
            return False
        await announcements.deliver(self.interaction, self.base.service.db, rows)
        return True


def _quoted(text: str) -> str:
    """`text` as a Markdown block quote, each of its lines."""
    return "\n".join(f"> {line}" for line in text.split("\n"))


async def apply_or_ask(
    ctx: RulesetContext[S, T],
    change: Callable[[S, T, Dice], OutcomeT],
    *,
    announce: Callable[[Applied[OutcomeT, T]], Sequence[Announcement]],
    asked: Asked | None = None,
    question: Callable[[S, Applied[OutcomeT, T]], Question] | None = None,
    **apply: Any,
) -> None:
    """One engine change: behind its confirmation when its command asks first (`asked`, with
    the `question` of what it will do: `Asked.apply`), else at once (`RulesetContext.apply`);
    `apply`'s keywords go to whichever runs it."""
    if asked is not None and question is not None:
        await asked.apply(ctx, change, question=question, announce=announce, **apply)
    else:
        await ctx.apply(change, announce=announce, **apply)


async def confirm_first(
    interaction: discord.Interaction[Any], params: Mapping[str, Any] | None = None
) -> None:
    """Run the destructive slash command registered under its name (`confirmed_command`)
    as a question first; `params` are what it needs to run again (default: its options)."""
    name = command_name(interaction)
    if name is None or name not in _CONFIRMED:
        msg = f"no confirmed command registered for {name!r}"
        raise ValueError(msg)
    base = await campaign_context(interaction)
    options = interaction_options(interaction)
    given = dict(params) if params is not None else dict(options)
    await _CONFIRMED[name](Asked(interaction, base, name, options, given))


async def still_open(base: Context, choice_id: int, kind: str) -> Choice:
    """The open choice of `kind` a confirmation named, refused as changed since it was
    asked when it is answered or gone."""
    waiting = await base.service.open_choices(base.campaign.id)
    found = next((c for c in waiting if c.id == choice_id and c.kind == kind), None)
    if found is None:
        raise Conflict("confirm.changed")
    return found


def refused_first(change: Callable[[S, T, Dice], object], state: S, settings: T) -> None:
    """Run `change` on a copy of `state` up to its first die (`NoFaces`): what it refuses
    is refused at once, before a confirmation asks; nothing is kept and no die is drawn
    (the confirmed change rolls its own from the audited roller)."""
    try:
        change(state.model_copy(deep=True), settings, Dice(NoFaces()))
    except DiceNeeded:
        return


async def ask_first(
    interaction: discord.Interaction[Any], base: Context, command: str, params: Mapping[str, Any]
) -> None:
    """A click that runs the destructive command `command` (registered with
    `confirmed_command`) on what `params` name asks first, as the typed command does."""
    if command not in _CONFIRMED:
        msg = f"no confirmed command registered for {command!r}"
        raise ValueError(msg)
    given = dict(params)
    await _CONFIRMED[command](Asked(interaction, base, command, given, given))


@choice_handler(rulesets.CONFIRMATION)
async def answer_confirmation(
    interaction: discord.Interaction[Any], base: Context, choice: Choice, option: str
) -> None:
    """Only the asker answers. Cancel closes the question, saying nothing changed; the red
    button runs the command on the campaign as it is now: a change that no longer applies
    is refused on the question, and nothing changes."""
    if choice.owner_id != base.actor.user_id:
        raise await not_yours(base, choice, choice.owner_id or 0)
    payload = choice.payload
    command = str(payload.get("command"))
    if option not in ("confirm", "cancel"):
        raise GameError("error.choice_not_found")
    asked = Asked(
        interaction,
        base,
        command,
        dict(payload.get("options") or {}),
        dict(payload.get("params") or {}),
        choice,
    )
    if option == "cancel":  # needs no command: a question of a command since gone closes too
        cancelled = asked.answered("confirm.cancelled")
        await cancel_choice(interaction, base, choice, cancelled, gm=False)
        return
    run = _CONFIRMED.get(command)
    if run is None:
        raise GameError("error.choice_not_found")
    try:
        await run(asked)
    except GameError as refused:
        if refused.message_key == "error.choice_done":
            found = await base.service.choice(choice.id)
            if found is None or found.status != "open":  # this confirm, clicked again
                raise
            # The question it settles was answered meanwhile: it no longer applies.
            refused = Conflict("confirm.changed")
        # It no longer applies: the question says why, and no button is left to press.
        embed = asked.answered("confirm.refused", colour=ERROR_COLOUR)
        said = [refused.message(asked.locale), *refused.details(asked.locale)]
        text = "\n".join(part for part in (*said, embed.description) if part)
        embed.description = clip(text, DESCRIPTION_PAGE)
        await cancel_choice(interaction, base, choice, embed, gm=False)
