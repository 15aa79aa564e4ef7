"""Shared Discord plumbing for cogs: campaign context, embeds, restart-safe choice buttons.

A choice button is a control (bot/controls.py) named `choice` whose arguments are the
choice id and the option; the row in `pending_choices` holds everything else, so a click
after a restart finds its choice. Each cog registers a handler per choice kind with
`choice_handler`.
"""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any
from typing import TypeVar

import discord
from discord import app_commands

from bot import rulesets
from bot.campaigns import Actor
from bot.campaigns import Campaign
from bot.campaigns import CampaignService
from bot.campaigns import Choice
from bot.campaigns import Faction
from bot.campaigns import TurnSummary
from bot.campaigns import UnitOfWork
from bot.campaigns import closed_key
from bot.campaigns import is_gm_among
from bot.campaigns import whose_choice
from bot.command_names import mention_and_typed
from bot.command_names import typed_command
from bot.controls import Control
from bot.controls import button
from bot.controls import control
from bot.controls import view
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import Msg
from bot.i18n import language_of
from bot.i18n import t
from bot.rulesets import SetupNeed
from bot.storage.database import slow_write_notice
from bot.storage.health import DatabaseDamaged
from bot.storage.health import is_damage
from bot.storage.health import is_read_only

if TYPE_CHECKING:
    from bot.announcements import Announcement
    from bot.app import PrivateerBot

log = logging.getLogger(__name__)

# Colour says what an embed means, the same in every ruleset.
NEUTRAL_COLOUR = discord.Colour(0x2B6CB0)  # information, a state shown, a change recorded
SUCCESS_COLOUR = discord.Colour(0x2F855A)  # the acting side gained: hits, a prize, a win
LOSS_COLOUR = discord.Colour(0x9B2C2C)  # the acting side lost or failed: no hits, a defeat
WAITING_COLOUR = discord.Colour(0xD69E2E)  # someone must answer: a reward to pick, a confirm
ERROR_COLOUR = discord.Colour(0xC53030)  # a refusal (ephemeral)
COLOUR = NEUTRAL_COLOUR

# A rule clause (OP-2.3, SP-I34, NO-3.3, FC-6) and how a text cites it: alone in parentheses,
# or after an explanation inside them ("(recorded only, OP-I14)").
CLAUSE = re.compile(r"\b[A-Z]{2}-[A-Z]?\d+(?:\.\d+)?\b")
CITATION_ONLY = re.compile(CLAUSE.pattern.join([r" ?\((?:", r")(?:, ?(?:", r"))*\)"]))
CITATION_AFTER_TEXT = re.compile(CLAUSE.pattern.join([r"(?:, ", r")+(?=\))"]))


def locale_of(interaction: discord.Interaction[Any]) -> str:
    """The language to answer this player in."""
    return str(interaction.locale.value if interaction.locale else "en-US")


def public_locale_of(campaign: Campaign, interaction: discord.Interaction[Any]) -> str:
    """The language of what the campaign posts for everyone (and of buttons meant for
    someone else): the GM's `core.language`, else the guild's preferred locale."""
    if campaign.language:
        return campaign.language
    return language_of(interaction.guild_locale or DEFAULT_LANGUAGE)


def actor_of(interaction: discord.Interaction[Any]) -> Actor:
    """The acting user with their roles (for GM roles)."""
    user = interaction.user
    roles = frozenset(r.id for r in getattr(user, "roles", []) if not r.is_default())
    return Actor(user_id=user.id, role_ids=roles, interaction_id=interaction.id)


def service_of(interaction: discord.Interaction[Any]) -> CampaignService:
    """The campaign service of the running bot."""
    client: PrivateerBot = interaction.client
    return client.service


@dataclass(frozen=True)
class Context:
    """Who acts, where, and in which campaign."""

    campaign: Campaign
    actor: Actor
    is_gm: bool
    locale: str
    service: CampaignService
    public_locale: str = DEFAULT_LANGUAGE
    gms: tuple[tuple[str, int], ...] = ()  # ("user" | "role", id), as `/campaign info` lists

    def t(self, key: str, **params: Any) -> str:
        """Translate for the acting player (private replies)."""
        return t(key, self.locale, **params)

    def pt(self, key: str, **params: Any) -> str:
        """Translate for everyone in the channel (public messages, others' buttons)."""
        return t(key, self.public_locale, **params)


async def channel_campaign(interaction: discord.Interaction[Any]) -> Campaign | None:
    """The campaign of this channel or of its thread's parent; None outside one."""
    return await service_of(interaction).by_channel(
        interaction.channel_id or 0, getattr(interaction.channel, "parent_id", None)
    )


async def ruleset_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: core and the channel campaign's rulesets, in the player's language."""
    campaign = await channel_campaign(interaction)
    locale = locale_of(interaction)
    keys = ["core", *(campaign.rulesets if campaign else ())]
    return [
        app_commands.Choice(name=t(f"ruleset.{k}", locale), value=k)
        for k in keys
        if current.lower() in k or current.lower() in t(f"ruleset.{k}", locale).lower()
    ][:25]


async def campaign_context(interaction: discord.Interaction[Any]) -> Context:
    """The campaign of this channel (or its thread's parent); a GameError outside one."""
    service = service_of(interaction)
    campaign = await channel_campaign(interaction)
    if campaign is None:
        raise GameError("error.not_campaign_channel")
    return await _context(interaction, service, campaign)


async def _context(
    interaction: discord.Interaction[Any], service: CampaignService, campaign: Campaign
) -> Context:
    """Who acts in `campaign`, whether they are a GM, and the languages to answer in."""
    actor = actor_of(interaction)
    gms = tuple(await service.gms(campaign.id))
    return Context(
        campaign=campaign,
        actor=actor,
        is_gm=is_gm_among(campaign, actor, gms),
        locale=locale_of(interaction),
        service=service,
        public_locale=public_locale_of(campaign, interaction),
        gms=gms,
    )


# Who may run a command, as `/help` says it: `help.who.<key>` in the catalogs. A command
# declares it with `@who(...)` above its `command(...)` decorator; one that declares nothing
# is for any player, or for a GM when its description says "(GM".
WHO = frozenset(
    {
        "anyone",
        "gm",
        "creator",
        "faction",
        "owner",
        "participant",
        "asked",
        "ottoman",
        "power",
        "author",
        "piece",
        "company_owner",
        "joker_owner",
    }
)


CommandT = TypeVar("CommandT", bound=app_commands.Command[Any, Any, Any])


def who(key: str) -> Callable[[CommandT], CommandT]:
    """Declare who may run the command below (see WHO): `/help` shows it."""
    if key not in WHO:
        msg = f"unknown command audience {key!r}"
        raise ValueError(msg)

    def declare(command: CommandT) -> CommandT:
        command.extras["who"] = key
        return command

    return declare


def gm_mentions(gms: Sequence[tuple[str, int]]) -> str:
    """The GMs as mentions (a user `<@id>`, a role `<@&id>`); they ping nobody, as the client
    allows no mentions unless a reply names whom."""
    return ", ".join(f"<@{target}>" if kind == "user" else f"<@&{target}>" for kind, target in gms)


def require_gm(ctx: Context) -> None:
    """Refuse a non-GM, naming the campaign's GMs so the player knows whom to ask."""
    if not ctx.is_gm:
        raise NotAllowed("error.gm_only_named", gms=gm_mentions(ctx.gms) or "—")


def make_embed(
    title: str | None,
    description: str | None = None,
    *,
    footer: str | None = None,
    colour: discord.Colour = NEUTRAL_COLOUR,
) -> discord.Embed:
    """An embed coloured by what it means, with text cut to Discord's limits."""
    embed = discord.Embed(
        title=clip(title, 256) if title else None,
        description=clip(description, 4096) if description else None,
    )
    embed.colour = colour
    if footer:
        embed.set_footer(text=clip(footer, 2048))
    return embed


def strip_citations(text: str, found: list[str]) -> str:
    """`text` without its clause citations ("(OP-2.3)", ", OP-I14)"), adding each clause
    to `found` once, in order of appearance."""
    for clause in CLAUSE.findall(text):
        if clause not in found:
            found.append(clause)
    text = CITATION_ONLY.sub("", text)
    return CITATION_AFTER_TEXT.sub("", text)


def _strip_cited(text: str, found: list[str]) -> str:
    """`text` without its clause citations, adding to `found` only the clauses of the
    citations removed: a footer's "Rules: …" of an earlier pass stays as it is."""
    cited = [m.group(0) for p in (CITATION_ONLY, CITATION_AFTER_TEXT) for m in p.finditer(text)]
    strip_citations(" ".join(cited), found)
    return CITATION_AFTER_TEXT.sub("", CITATION_ONLY.sub("", text))


def cite_in_footer(
    embed: discord.Embed,
    locale: str,
    *,
    footer: Sequence[str] = (),
    cited: Sequence[str] = (),
) -> list[str]:
    """Move an embed's rule citations out of its text into its footer: the outcome reads
    first, the clauses stay one click away there and in `/history show` (the log keeps the
    cited text). The footer is `footer`, the embed's own footer, then "Rules: …", joined by
    " · "; the title and the footer lose their citations too. `cited` are clauses already
    taken out of the text (a story's steps, stripped before the outcome put above them):
    they are listed first, in their order, so that a roll's clause precedes what it
    decided. Returns the clauses cited."""
    found: list[str] = list(cited)
    if embed.title:
        embed.title = strip_citations(embed.title, found)
    if embed.description:
        embed.description = strip_citations(embed.description, found)
    for index, field in enumerate(list(embed.fields)):
        embed.set_field_at(
            index,
            name=clip(strip_citations(str(field.name), found), 256) or "—",
            value=strip_citations(str(field.value), found) or "—",
            inline=bool(field.inline),
        )
    own = _strip_cited(embed.footer.text, found) if embed.footer.text else ""
    parts = [*footer, *([own] if own else [])]
    if found:
        parts.append(t("rules.cited", locale, clauses=", ".join(found)))
    if parts:
        embed.set_footer(text=clip(" · ".join(parts), 2048))
    return found


def clip(text: str, limit: int) -> str:
    """Cut text to `limit` characters with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def add_field(embed: discord.Embed, name: str, value: str, *, inline: bool = False) -> None:
    """Add a field cut to Discord's limits (25 fields, 256/1024 characters)."""
    if len(embed.fields) >= 25:
        return
    embed.add_field(name=clip(name, 256), value=clip(value or "—", 1024), inline=inline)


def line_embeds(
    title: str | None, lines: list[str], *, footer: str | None = None, limit: int = 4000
) -> list[discord.Embed]:
    """Lines spread over as many embeds as Discord's description limit needs (never cut)."""
    pages: list[list[str]] = [[]]
    size = 0
    for line in lines:
        line = clip(line, limit)
        if pages[-1] and size + len(line) + 1 > limit:
            pages.append([])
            size = 0
        pages[-1].append(line)
        size += len(line) + 1
    embeds = [make_embed(title, "\n".join(page) or None) for page in pages]
    if footer:
        embeds[-1].set_footer(text=clip(footer, 2048))
    return embeds


def outcome_embeds(
    ruleset: str,
    lines: Sequence[str],
    locale: str,
    *,
    colour: discord.Colour = NEUTRAL_COLOUR,
    footer: Sequence[str] = (),
    cited: Sequence[str] = (),
) -> list[discord.Embed]:
    """A change's answer (a set-up or bookkeeping command of a ruleset), the outcome read
    first: its lines (the first says what happened) over as many embeds as Discord's limits
    need, with no title above them; the ruleset's name leads the footer, then `footer`, then
    the rules cited (`cite_in_footer`: `cited`, the clauses of the steps the outcome was put
    above, first)."""
    embeds = line_embeds(None, list(lines))
    for embed in embeds:
        embed.colour = colour
        ours = [t(f"ruleset.{ruleset}", locale), *footer]
        cite_in_footer(embed, locale, footer=ours, cited=cited)
    return embeds


def message_batches(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """Embeds grouped into messages within 10 embeds and 6,000 characters each."""
    batches: list[list[discord.Embed]] = []
    total = 0
    for embed in embeds:
        size = len(embed)
        if not batches or len(batches[-1]) == 10 or total + size > 6000:
            batches.append([])
            total = 0
        batches[-1].append(embed)
        total += size
    return batches


def ping_only(users: Sequence[int]) -> discord.AllowedMentions:
    """Allowed mentions that notify exactly these users, no role, not everyone."""
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=[discord.Object(u) for u in users]
    )


async def reply(
    interaction: discord.Interaction[Any],
    content: str | None = None,
    *,
    embed: discord.Embed | None = None,
    embeds: list[discord.Embed] | None = None,
    view: discord.ui.View | None = None,
    ephemeral: bool = False,
    files: list[discord.File] | None = None,
    pinged: Sequence[int] = (),
) -> int | None:
    """Send the initial response, or a follow-up when the interaction was deferred; returns
    the posted message's id (None when Discord did not say).

    Only the users in `pinged` are notified of mentions in `content` (the client pings nobody).
    """
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if pinged:
        kwargs["allowed_mentions"] = ping_only(pinged)
    if content is not None:
        kwargs["content"] = content
    if embed is not None:
        kwargs["embed"] = embed
    if embeds is not None:
        kwargs["embeds"] = embeds
    if view is not None:
        kwargs["view"] = view
    if files:
        kwargs["files"] = files
    if interaction.response.is_done():
        if interaction.extras.pop(PUBLIC_THINKING, False) and ephemeral:
            # The first follow-up of a public "thinking…" takes its place, public whatever
            # its flags: remove it, so the private answer is a message of its own.
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
        sent = await interaction.followup.send(**kwargs, wait=True)
        return sent.id
    answered = await interaction.response.send_message(**kwargs)
    return answered.message_id


# Set on an interaction while its answer is a public "thinking…" (a deferred command) that no
# follow-up has replaced yet: Discord shows the first follow-up in its place, with its flags.
PUBLIC_THINKING = "privateer.public_thinking"


async def defer_publicly(interaction: discord.Interaction[Any]) -> None:
    """Acknowledge a command whose public answer takes long with a public "thinking…",
    marked, so that a private answer or a refusal after it is shown to its reader alone
    (see `reply`) instead of in the thinking message's place."""
    await interaction.response.defer(thinking=True)
    interaction.extras[PUBLIC_THINKING] = True


def acknowledge_slow_writes(interaction: discord.Interaction[Any]) -> None:
    """From here on in this interaction's task, a write that waits for the database lock
    acknowledges the interaction first (Discord drops an answer after 3 s): a command
    defers with "thinking…", a click defers its update. `reply` and `update_message` then
    answer through the deferred response (a private answer replaces the public "thinking…"
    with a message only its reader sees)."""

    async def acknowledge() -> None:
        if interaction.response.is_done():
            return
        if interaction.type is discord.InteractionType.component:
            await interaction.response.defer()
        else:
            await defer_publicly(interaction)

    slow_write_notice.set(acknowledge)


async def update_message(interaction: discord.Interaction[Any], **changes: Any) -> None:
    """Edit the clicked message: the click's response, or its original message once the
    click was deferred."""
    if interaction.response.is_done():
        interaction.extras.pop(PUBLIC_THINKING, None)
        await interaction.edit_original_response(**changes)
    else:
        await interaction.response.edit_message(**changes)


class NotPosted(Exception):
    """A committed command's messages Discord refused to post (bot/announcements.py holds
    them for `/turn status` to post again): its actor is told privately, not as a failure."""

    def __init__(self, count: int, *, held: bool = True) -> None:
        super().__init__(f"{count} message(s) {'held' if held else 'given up as invalid'}")
        self.count = count
        self.held = held  # False: none held, Discord found them invalid (given up)


async def send_error(
    interaction: discord.Interaction[Any], text: str, *, colour: discord.Colour = ERROR_COLOUR
) -> None:
    """An ephemeral refusal (or, in `colour`, a private notice)."""
    embed = discord.Embed(description=clip(text, 4096), colour=colour)
    try:
        await reply(interaction, embed=embed, ephemeral=True)
    except discord.HTTPException:
        log.exception("could not deliver an error reply")


async def handle_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Domain errors become ephemeral replies; anything else is logged with a short error id."""
    original = error
    while isinstance(original, app_commands.AppCommandError) and original.__cause__:
        original = original.__cause__
    if isinstance(original, app_commands.CommandInvokeError):
        original = original.original
    locale = locale_of(interaction)
    if isinstance(original, GameError):
        await send_error(interaction, original.message(locale))
        return
    if isinstance(original, NotPosted):  # done, but Discord refused to show it
        key = "outbox.held" if original.held else "outbox.dropped"
        await send_error(interaction, t(key, locale), colour=WAITING_COLOUR)
        return
    if isinstance(original, app_commands.CheckFailure):
        await send_error(interaction, t("error.not_allowed", locale))
        return
    error_id = secrets.token_hex(4)
    log.error("error %s in interaction %s", error_id, interaction.id, exc_info=original)
    key = "error.unexpected"
    if isinstance(original, DatabaseDamaged) or is_damage(original):
        key = "error.database_damaged"
    elif is_read_only(original):
        key = "error.database_read_only"
    await send_error(interaction, t(key, locale, error_id=error_id))


async def command_mention(
    where: discord.Interaction[Any] | discord.Client, qualified_name: str, locale: str
) -> str:
    """A clickable mention of a slash command in a sentence (`</corsairs power:ID>`), with the
    name a reader of `locale` types after it where that differs (Discord shows a mention under
    its English name in every language: `</corsairs power:ID> (/корсары держава)`); the
    command as they type it (`/corsairs power`) when Discord has not told the bot the id.
    `where` is the interaction, or the bot when a message is rendered without one."""
    client: PrivateerBot = where.client if isinstance(where, discord.Interaction) else where  # type: ignore[assignment]
    ids = await client.command_ids()
    top = qualified_name.split(" ")[0]
    if top not in ids:
        return f"`{typed_command(qualified_name, locale)}`"
    return mention_and_typed(f"</{qualified_name}:{ids[top]}>", qualified_name, locale, "sentence")


# The next set-up step of a ruleset in a campaign: the text to show (in the given locale),
# or None when the ruleset is ready to play. Registered by each ruleset's cog; it is given
# the bot (for command mentions), as the step is rendered when its message is posted.
SetupStep = Callable[[discord.Client, Context, str], Awaitable[str | None]]
_SETUP_STEPS: dict[str, SetupStep] = {}


def setup_step(ruleset: str) -> Callable[[SetupStep], SetupStep]:
    """Register the function that names a ruleset's next set-up step."""

    def register(fn: SetupStep) -> SetupStep:
        _SETUP_STEPS[ruleset] = fn
        return fn

    return register


async def declared_step(client: discord.Client, ctx: Context, locale: str, key: str) -> str | None:
    """A ruleset's next set-up step as its spec declares it (`RulesetSpec.setup_step`), for
    the acting player's factions; None when it declares none or nothing is left."""
    try:
        spec = rulesets.get(key)
    except KeyError:
        return None
    if spec.setup_step is None:
        return None
    state, _ = await ctx.service.state(ctx.campaign, key)
    factions = await ctx.service.factions(ctx.campaign.id)
    need = spec.setup_step(state, [f.name for f in factions if f.user_id == ctx.actor.user_id])
    return None if need is None else await setup_text(client, need, locale)


async def setup_text(client: discord.Client, need: SetupNeed, locale: str) -> str:
    """A set-up step's line, the commands it names as clickable mentions."""
    return (await setup_msg(client, need, locale)).render(locale)


async def setup_msg(client: discord.Client, need: SetupNeed, locale: str) -> Msg:
    """A set-up step's line as a message, the commands it names as clickable mentions (to
    put in another line: "Still to set up: {step:continues}")."""
    names = {k: await command_mention(client, c, locale) for k, c in need.commands.items()}
    return Msg(need.key, **names)


async def next_step(client: discord.Client, ctx: Context, locale: str) -> str:
    """What the campaign needs next, as one line: players to join, then each ruleset's
    set-up in the campaign's order, then "ready". It reads committed data: a message that
    shows it after a change renders it when posted (bot/next_steps.py)."""
    factions = await ctx.service.factions(ctx.campaign.id)
    if not any(f.user_id for f in factions):
        return t("next.join", locale, join=await command_mention(client, "campaign join", locale))
    for key in ctx.campaign.rulesets:
        step = _SETUP_STEPS.get(key)
        found = (
            await step(client, ctx, locale)
            if step
            else await declared_step(client, ctx, locale, key)
        )
        if found:
            return found
    return t("next.ready", locale, help=await command_mention(client, "help", locale))


ChoiceHandler = Callable[[discord.Interaction[Any], Context, Choice, str], Awaitable[None]]
_CHOICE_HANDLERS: dict[str, ChoiceHandler] = {}


@dataclass(frozen=True)
class TurnPosting:
    """What a turn end's follow-ups write with: the campaign, its factions, the turn that
    ended and the language the campaign posts in. A confirmed `/turn end` and the deadline's
    automatic end pass the same, so both post the same follow-ups."""

    campaign: Campaign
    factions: Sequence[Faction]
    turn: int
    locale: str
    private_locale: str  # what only the confirming GM sees (the campaign's, automatically)

    def user_of(self, faction: str | None) -> int | None:
        """The Discord user who plays `faction`; None when nobody does."""
        return next((f.user_id for f in self.factions if f.name == faction), None)


# A ruleset's follow-ups of its end-of-turn summary (questions with their buttons, buttons
# that open reports), built inside the turn end's transaction (read the state with `uow`)
# and written to the outbox with the summary: posted once, also after a crash.
TurnFollowup = Callable[[UnitOfWork, TurnPosting, TurnSummary], Awaitable[Sequence["Announcement"]]]
_TURN_FOLLOWUPS: dict[str, TurnFollowup] = {}


def turn_followup(ruleset: str) -> Callable[[TurnFollowup], TurnFollowup]:
    """Register what a ruleset posts after its end-of-turn summary (its questions to
    players, buttons that open reports); it receives the summary with the step's outcome."""

    def register(fn: TurnFollowup) -> TurnFollowup:
        _TURN_FOLLOWUPS[ruleset] = fn
        return fn

    return register


def followup_of(ruleset: str) -> TurnFollowup | None:
    """The ruleset's registered turn follow-up, if any."""
    return _TURN_FOLLOWUPS.get(ruleset)


# A ruleset's follow-up of settings a GM saved (`/campaign settings set`, `import`) that
# changed its state (its spec's `settings_changed`, whose outcome it gets): what that change
# shows (a question asked anew and redrawn in its message), built inside the settings
# command's transaction (the interaction is the command's or its confirmation's) and written
# to the outbox with its answer.
SettingsFollowup = Callable[
    [discord.Interaction[Any], Context, UnitOfWork, Any], Awaitable[Sequence["Announcement"]]
]
_SETTINGS_FOLLOWUPS: dict[str, SettingsFollowup] = {}


def settings_followup(ruleset: str) -> Callable[[SettingsFollowup], SettingsFollowup]:
    """Register what a ruleset shows of a change settings made to its state."""

    def register(fn: SettingsFollowup) -> SettingsFollowup:
        _SETTINGS_FOLLOWUPS[ruleset] = fn
        return fn

    return register


async def settings_followups(
    interaction: discord.Interaction[Any], ctx: Context, uow: UnitOfWork
) -> list[Announcement]:
    """What the rulesets whose state the unit's settings changed (`UnitOfWork.settled`)
    show of it, by their registered follow-ups."""
    shown: list[Announcement] = []
    for ruleset, settled in uow.settled.items():
        followup = _SETTINGS_FOLLOWUPS.get(ruleset)
        if followup is not None:
            shown += await followup(interaction, ctx, uow, settled.outcome)
    return shown


def choice_handler(kind: str) -> Callable[[ChoiceHandler], ChoiceHandler]:
    """Register the function that answers clicks on choices of `kind`."""

    def register(fn: ChoiceHandler) -> ChoiceHandler:
        _CHOICE_HANDLERS[kind] = fn
        return fn

    return register


# The text a question (a pending choice of a kind) opens its message with when it asks a
# player (their id), in a language, read in a unit of work; None: it has no such text. A
# join gives its player the questions asked of the faction while nobody played it: their
# messages then read so (`announcements.hand_over`).
AskedLine = Callable[[UnitOfWork, Choice, int, str], Awaitable[str | None]]
_ASKED_LINES: dict[str, AskedLine] = {}


def asked_line(kind: str) -> Callable[[AskedLine], AskedLine]:
    """Register the text that asks a player the questions (choices) of `kind`."""

    def register(fn: AskedLine) -> AskedLine:
        _ASKED_LINES[kind] = fn
        return fn

    return register


def asked_line_of(kind: str) -> AskedLine | None:
    """The registered text of the questions of `kind` asking a player, if any."""
    return _ASKED_LINES.get(kind)


def choice_button(
    choice_id: int,
    option: str,
    label: str,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    row: int | None = None,
) -> Control:
    """A button answering pending choice `choice_id` with `option`; survives restarts.

    A select with the same custom_id (`controls.select("choice", (id, option), …)`) is
    answered the same way; its handler reads the picked values from
    `interaction.data["values"]`."""
    return button("choice", (choice_id, option), label, style=style, disabled=disabled, row=row)


# The options of the GM's buttons on a player's question ("Force default (GM)").
GM_OPTIONS = frozenset({"force"})


@control("choice")
async def answer_choice(interaction: discord.Interaction[Any], args: list[str]) -> None:
    """Find the choice, refuse whoever it is not for, hand the click to its kind's handler."""
    if len(args) != 2 or not args[0].isdigit():
        raise GameError("error.choice_not_found")
    service = service_of(interaction)
    choice = await service.choice(int(args[0]))
    if choice is None:
        raise GameError("error.choice_not_found")
    campaign = await service.get(choice.campaign_id)
    ctx = await _context(interaction, service, campaign)
    if args[1] in GM_OPTIONS:  # a GM's button on a player's question: the GM refusal first
        require_gm(ctx)
    if choice.owner_id is not None and choice.owner_id != ctx.actor.user_id and not ctx.is_gm:
        raise await not_yours(ctx, choice, choice.owner_id)
    if choice.owner_id is None:
        require_gm(ctx)
    if choice.status != "open":
        undone = await service.log.choice_undone(choice.id)
        raise GameError("error.choice_undone" if undone else closed_key(choice))
    handler = _CHOICE_HANDLERS.get(choice.kind)
    if handler is None:
        raise GameError("error.choice_not_found")
    await handler(interaction, ctx, choice, args[1])


async def not_yours(ctx: Context, choice: Choice, owner_id: int) -> NotAllowed:
    """The refusal of a click on someone else's question, naming whom it is for
    (`whose_choice`)."""
    return whose_choice(choice, owner_id, await ctx.service.factions(ctx.campaign.id))


async def shown_or_closed(
    ctx: Context, choice_id: int, show: Callable[[], Awaitable[object]]
) -> None:
    """Show a question just opened (`show`, its message with the buttons of `choice_id`).
    One that cannot be shown (the interaction expired, Discord refused the message) is
    closed at once: no question is left that nobody sees, and the asker is told, when
    anything still can be, to type the command again."""
    try:
        await show()
    except Exception as failure:
        log.warning("question %s could not be shown", choice_id, exc_info=failure)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            await uow.close_choice(choice_id, "cancelled")
        raise GameError("confirm.not_asked") from failure


async def ask_to_confirm(
    interaction: discord.Interaction[Any],
    ctx: Context,
    choice_id: int,
    embeds: Sequence[discord.Embed],
    confirm: str,
    cancel: str,
    *,
    ephemeral: bool = False,
) -> None:
    """Show the question of the confirmation `choice_id` just opened: `embeds` with its red
    `confirm` button and `cancel` (`confirmation_view`), privately with `ephemeral`; a
    question that cannot be shown is closed at once (`shown_or_closed`)."""

    async def show() -> None:
        view = confirmation_view(choice_id, confirm, cancel)
        await reply(interaction, embeds=list(embeds), view=view, ephemeral=ephemeral)

    await shown_or_closed(ctx, choice_id, show)


async def cancel_choice(
    interaction: discord.Interaction[Any],
    ctx: Context,
    choice: Choice,
    embed: discord.Embed | Sequence[discord.Embed],
    *,
    keep_buttons: bool = True,
    gm: bool = True,
) -> None:
    """A Cancel on a confirmation (a GM's, unless `gm` is False: then the choice's own
    player's): claim and close the choice as cancelled, and show `embed` on the question
    with its buttons disabled (or gone, without `keep_buttons`); the redraw is written with
    the close (bot/announcements.py), like every click's."""
    from bot import announcements  # it imports this module

    view = disabled_copy(interaction.message) if keep_buttons else None
    embeds = [embed] if isinstance(embed, discord.Embed) else list(embed)
    redrawn = announcements.Announcement(edit=True, embeds=embeds, view=view)
    async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
        await uow.claim_choice(choice.id, gm=gm)
        await uow.close_choice(choice.id, "cancelled")
        rows = await announcements.write(uow, interaction, [redrawn], locale=ctx.public_locale)
    await announcements.deliver(interaction, ctx.service.db, rows)


def choice_view(buttons: list[Control]) -> discord.ui.View:
    """A persistent view holding choice buttons (5 per row, 5 rows)."""
    return view(buttons)


def confirmation_view(choice_id: int, confirm: str, cancel: str) -> discord.ui.View:
    """A confirmation's two buttons: the red `confirm` (what cannot be taken back without
    /history undo) and `cancel`."""
    return choice_view(
        [
            choice_button(choice_id, "confirm", confirm, style=discord.ButtonStyle.danger),
            choice_button(choice_id, "cancel", cancel),
        ]
    )


def disabled_copy(message: discord.Message | None) -> discord.ui.View | None:
    """The message's buttons, all disabled (after a choice is answered)."""
    if message is None or not message.components:
        return None
    view = discord.ui.View.from_message(message, timeout=None)
    for item in view.children:
        if isinstance(item, discord.ui.Button | discord.ui.Select):
            item.disabled = True
    return view
