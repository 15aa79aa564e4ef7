"""`/history …`: the campaign's audit log — list, show, export, verify, dice fairness stats."""

from __future__ import annotations

import dataclasses
import io
import json
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo
from zoneinfo import ZoneInfoNotFoundError

import discord
from babel.dates import format_datetime
from discord import app_commands

from bot import anchors
from bot import controls
from bot import dice_expr
from bot import dice_stats
from bot import fair_embeds
from bot import history_export
from bot import rulesets
from bot import secret_rolls
from bot.app import PrivateerBot
from bot.campaigns import CORE
from bot.campaigns import GENESIS
from bot.campaigns import AuditEntry
from bot.campaigns import HistoryFilter
from bot.campaigns import VerifyReport
from bot.chart_files import luck_files
from bot.cog_base import BotCog
from bot.cog_base import Interaction
from bot.cog_base import command_group
from bot.command_names import command_word
from bot.command_names import option_word
from bot.controls import Control
from bot.dice import RollRecord
from bot.dice import target_text
from bot.dice_stats import Roller
from bot.errors import NotFound
from bot.export_page import export_page
from bot.export_page import member_names
from bot.export_page import people_ids
from bot.factions import own_factions
from bot.i18n import Msg
from bot.i18n import decimal
from bot.i18n import language_of
from bot.i18n import msg_from_json
from bot.i18n import t
from bot.interactions import LOSS_COLOUR
from bot.interactions import Context
from bot.interactions import add_field
from bot.interactions import campaign_context
from bot.interactions import clip
from bot.interactions import defer_publicly
from bot.interactions import make_embed
from bot.interactions import reply
from bot.interactions import ruleset_choices
from bot.interactions import update_message
from bot.log_text import command_label
from bot.log_text import purpose_text
from bot.text import clip_markdown
from bot.text import shown
from bot.turn_flow import TurnFlow
from bot.verify_export import report_lines
from cogs.help import leaf_commands

PAGE_SIZE = 10
# The command whose `name` option is a setting's name, logged without its ruleset.
SETTINGS_SET = "campaign settings set"
# Options that name a Discord user by id: shown as mentions.
USER_OPTIONS = frozenset({"player", "user"})


def render_outcome(outcome: dict[str, Any], locale: str, separator: str = " ") -> str:
    """The human summary kept in an entry's outcome (text or translatable messages); its
    lines are sentences, joined by `separator`."""
    summary = outcome.get("summary")
    items = summary if isinstance(summary, list) else [summary] if summary else []
    parts = []
    for item in items:
        message = msg_from_json(item)
        parts.append(message.render(locale) if isinstance(message, Msg) else str(message))
    return separator.join(sentences(parts))


def sentences(parts: list[str]) -> list[str]:
    """Summary lines as sentences: each ends with a full stop unless it already ends a
    sentence (so joined lines never read ".;" or run together). A closing bracket or quote
    ends one only after its own stop: "(2 cruisers lost)" takes one, "(lost.)" does not."""
    return [p if not p or p.rstrip(')»"”')[-1:] in tuple(".!?…:") else p + "." for p in parts]


def option_value(name: str, value: Any, locale: str) -> str:
    """One logged option as a reader writes it: lists comma-separated, yes/no, users as
    mentions (never a Python repr), text escaped."""
    if isinstance(value, bool):
        return t("history.show.yes" if value else "history.show.no", locale)
    if isinstance(value, list | tuple):
        return ", ".join(option_value(name, v, locale) for v in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {option_value(k, v, locale)}" for k, v in value.items())
    if name in USER_OPTIONS and isinstance(value, int | str) and str(value).isdigit():
        return f"<@{value}>"
    return shown(str(value))  # player text: literal, never a ping


# A GM named or removed (`campaign gm add`, `remove`) is logged as its kind and id: shown as
# the option typed, a user or a role, by its mention.
GM_KINDS = {"user": "<@{}>", "role": "<@&{}>"}


def option_label(command: str, name: str, locale: str) -> str:
    """An option of a logged command as that command names it for the reader: its own name
    where the catalog gives the command's (`history.option.<command>.<name>`: a form's field,
    or an option logged under another name than it is typed), else the option's name as the
    reader's command list shows it (`option_word`: the command's own word first), else the
    log's word for an option no command types (`history.option.<name>`: an answer's)."""
    key = f"history.option.{command.replace(' ', '.')}.{name}"
    own = t(key, locale)
    if own != key:
        return own
    word = option_word(command, name, locale)
    if word != name:
        return word
    logged = f"history.option.{name}"
    own = t(logged, locale)
    return own if own != logged else name


def answer_text(
    ruleset: str,
    command: str,
    options: dict[str, Any],
    locale: str,
    outcome: dict[str, Any] | None = None,
) -> str | None:
    """A logged answer (the option "answer" of a click on a question) as its button read for
    the reader (`RulesetSpec.answer_label`: "+1 piracy VP", not "vp"; one logged by its place
    among the options offered as the option the entry's `outcome` says it picked,
    `picked_label`: "Defend with Guard (Vera)", not "d0"); None: shown as logged (a ruleset
    that names none, or a code it does not know)."""
    spec = rulesets.find(ruleset)
    if spec is None:
        return None
    label = None
    if spec.picked_label is not None and outcome is not None:
        label = spec.picked_label(command, options, outcome)
    if label is None and spec.answer_label is not None:
        label = spec.answer_label(command, options)
    return None if label is None else label.render(locale)


def value_text(
    ruleset: str, command: str, name: str, options: dict[str, Any], locale: str
) -> str | None:
    """A logged option holding one of the ruleset's codes (Company raids' step:
    "owner_choice") as the reader reads it (`RulesetSpec.value_label`: "collect the fine or
    counterattack"); None: shown as logged."""
    spec = rulesets.find(ruleset)
    if spec is None:
        return None
    hook = spec.value_label
    label = hook(command, name, options) if hook is not None else None
    return None if label is None else label.render(locale)


# The options of the registered slash commands, in the order each command declares them:
# (command, option) -> value -> the choice's English name, empty for an option without fixed
# choices (("navy order", "order") -> "cruise" -> "Cruising").
ChoiceNames = dict[tuple[str, str], dict[str, str]]


def choice_names(tree: app_commands.CommandTree[Any]) -> ChoiceNames:
    """Every option of the commands registered on `tree` (as `/help` lists them:
    `leaf_commands`), by command and option in the command's order, each value's choice as
    the command declares it. An option renamed for typing is there by both names: its own
    (as logged) and the one typed (`/pirates offer`'s `bribe`, typed `number`)."""
    names: ChoiceNames = {}
    for command in leaf_commands(tree):
        for parameter in command.options:
            declared = {str(choice.value): choice.name for choice in parameter.choices}
            names[command.qualified_name, parameter.name] = declared
            names[command.qualified_name, parameter.display_name] = declared
    return names


def typed_names(ruleset: str, command: str) -> Mapping[str, str]:
    """The options an entry of `command` logs under other names than the command types them
    (`RulesetSpec.typed_options`: `/pirates offer`'s answer, logged as the click it stands
    for, `choice` and `answer`, typed `number` and `pay`), each logged name to the typed one;
    empty: every option as logged."""
    spec = rulesets.find(ruleset)
    if spec is None:
        return {}
    return spec.typed_options.get(command, {})


def typed_order(
    options: dict[str, Any], command: str, typed: Mapping[str, str], choices: ChoiceNames | None
) -> dict[str, Any]:
    """The options of an entry logged each under another name than its command types it
    (`typed`, `typed_names`) in the order the command declares them, as typed (the log keeps
    them by name); others as logged."""
    declared = [name for typed_in, name in choices or {} if typed_in == command]
    if not options.keys() <= typed.keys() or not {typed[n] for n in options} <= set(declared):
        return options
    return dict(sorted(options.items(), key=lambda item: declared.index(typed[item[0]])))


def choice_text(
    choices: ChoiceNames | None, command: str, name: str, value: Any, locale: str
) -> str | None:
    """A logged option that is one of its command's fixed choices as the reader's command
    list names it (`command_word`: «Крейсерство», not "cruise"); None: not a choice."""
    if choices is None or isinstance(value, bool) or not isinstance(value, str | int):
        return None
    declared = choices.get((command, name), {}).get(str(value))
    return None if declared is None else command_word(declared, locale)


def given(ruleset: str, command: str, name: str) -> bool:
    """Whether an option an entry of `command` logs is one to show: any but those the command
    logs for its own use (`RulesetSpec.own_options`: `/combat resolve`'s round, fixed when the
    GM was asked, never typed). An option today's command does not declare is shown: an entry
    of an older release keeps the options it logged."""
    spec = rulesets.find(ruleset)
    return spec is None or name not in spec.own_options.get(command, frozenset())


def options_text(
    options: dict[str, Any],
    locale: str,
    command: str = "",
    ruleset: str = CORE,
    choices: ChoiceNames | None = None,
    outcome: dict[str, Any] | None = None,
) -> str:
    """The options of an entry (of `command`, in `ruleset`), one per line, named as that
    command names them for the reader (`option_label`); an answer as its button read
    (`answer_text`, from the entry's `outcome` where it names the pick), a fixed choice of
    the command as its list names it (`choice_text`, from `choices`), another code of the
    ruleset as it reads (`value_text`); options left out (None) are not shown, nor those the
    command was not given (`given`)."""
    kind, target = options.get("kind"), options.get("id")
    if set(options) == {"kind", "id"} and kind in GM_KINDS and str(target).isdigit():
        label = option_label(command, str(kind), locale)
        return f"**{label}**: " + GM_KINDS[str(kind)].format(target)
    lines = []
    typed = typed_names(ruleset, command)
    for name, value in typed_order(options, command, typed, choices).items():
        if value is None or not given(ruleset, command, name):
            continue
        label = option_label(command, typed.get(name, name), locale)
        if command == SETTINGS_SET and name == "name" and "." not in str(value):
            # Logged without its ruleset (`language`); typed, listed and summed up in full.
            value = f"{ruleset}.{value}"
        if name == "answer":
            said = answer_text(ruleset, command, options, locale, outcome)
        else:
            said = choice_text(choices, command, name, value, locale) or value_text(
                ruleset, command, name, options, locale
            )
        lines.append(f"**{label}**: {said or option_value(name, value, locale)}")
    return "\n".join(lines)


def entry_line(
    entry: AuditEntry,
    locale: str,
    *,
    undone: bool = False,
    hidden: secret_rolls.HiddenEntry | None = None,
    secret: SecretRoll | None = None,
    by_turn_end: bool = False,
) -> str:
    """One line of `/history list`; an entry a GM undid is struck through. A ruleset's hidden
    entry (`hidden`) reads as hidden, or with its summary when the reader may read it; a
    secret roll (`secret`) is marked 🔒 while hidden, and says where it was revealed. A
    reveal the turn's end wrote (`by_turn_end`) is its, not a /reveal of whoever ended it."""
    dice = sum(len(r.faces) for r in entry.rolls)
    who = actor_text(entry, hidden, locale)
    if by_turn_end:
        who = t("history.show.by_turn_end", locale, turn=entry.turn, who=who)
    head = (
        f"`#{entry.seq}` {t('history.turn', locale, turn=entry.turn)} · "
        f"**{command_label(entry.command, locale)}** · {who}"
    )
    if entry.ruleset != CORE:
        head += f" · {t(f'ruleset.{entry.ruleset}', locale)}"
    if dice:
        head += " · " + t("history.dice", locale, count=dice)
    summary = render_outcome(entry.outcome, locale)
    if hidden is not None:
        summary = hidden_summary(entry, hidden, locale, short=True)
    elif entry.command in REVEALS and not summary:  # a roll's reveal written before its line
        summary = secret_rolls.secret_line(entry.outcome, locale) or ""
    elif secret is not None and secret.revealed_in is None:
        summary = t("history.list.secret_hidden", locale)
    elif secret is not None:
        summary = t("history.list.secret_revealed", locale, entry=secret.revealed_in)
    return listed_line(head, summary, locale, undone=undone)


def listed_line(head: str, summary: str, locale: str, *, undone: bool) -> str:
    """A line of `/history list` from its head and its summary (cut short); struck through
    when a GM undid what it lists."""
    if undone:
        head = f"~~{head}~~ · " + t("history.undone", locale)
        summary = f"~~{clip_markdown(summary, 176)}~~" if summary else ""
    # Cut where Markdown stays balanced: no code span or escape left open by the cut.
    return head + (f"\n{clip_markdown(summary, 180)}" if summary else "")


def reveals_line(line: LogLine, locale: str) -> str:
    """A turn end's reveals in a row as one line of `/history list`: their entry numbers,
    how many, the turn end that wrote them, how to read each and what they reveal."""
    entries = sorted(line.entries, key=lambda e: e.seq)
    first, last = entries[0], entries[-1]
    who = actor_text(first, None, locale)
    who = t("history.show.by_turn_end", locale, turn=first.turn, who=who)
    count = t("history.list.reveals", locale, count=len(entries))
    head = (
        f"`#{first.seq}`–`#{last.seq}` {t('history.turn', locale, turn=first.turn)} · "
        f"**{count}** · {who}"
    )
    rulesets = dict.fromkeys(e.ruleset for e in entries if e.ruleset != CORE)
    if rulesets:
        head += " · " + ", ".join(t(f"ruleset.{key}", locale) for key in rulesets)
    dice = sum(len(r.faces) for e in entries for r in e.rolls)
    if dice:
        head += " · " + t("history.dice", locale, count=dice)
    revealed = ", ".join(str(e.options.get("entry")) for e in entries)
    summary = t(
        "history.list.reveals_read", locale, first=first.seq, last=last.seq, revealed=revealed
    )
    return listed_line(head, summary, locale, undone=line.undone)


@dataclass(frozen=True)
class SecretRoll:
    """A secret `/roll` on a page of the log: the entry that revealed it (None: hidden)."""

    revealed_in: int | None


async def secret_rolls_on(ctx: Context, entries: list[AuditEntry]) -> dict[int, SecretRoll]:
    """The secret `/roll`s among `entries`, by entry number (a ruleset's hidden entries are
    `hidden_entries`')."""
    found = {}
    for entry in entries:
        if entry.ruleset == CORE and "secret_commitment" in entry.outcome:
            kept = await ctx.service.log.secret(ctx.campaign.id, entry.seq)
            if kept is not None:
                found[entry.seq] = SecretRoll(kept.revealed_seq)
    return found


def actor_text(
    entry: AuditEntry,
    hidden: secret_rolls.HiddenEntry | None,
    locale: str,
    *,
    with_faction: bool = False,
) -> str:
    """Who made an entry, as the reader may know it: a sealed entry's maker is a hidden
    player, except for that player, the player of the faction it was made for and the GMs
    (`hidden.sealed`)."""
    if not secret_rolls.is_sealed(entry):
        faction = f" ({shown(entry.faction)})" if with_faction and entry.faction else ""
        return f"<@{entry.actor_id}>" + faction
    sealed = hidden.sealed if hidden is not None else None
    if sealed is None:
        return t("history.hidden_player", locale)
    faction = f" ({shown(sealed.faction)})" if with_faction and sealed.faction else ""
    return t("history.sealed_actor", locale, actor=f"<@{sealed.actor_id}>" + faction)


def hidden_summary(
    entry: AuditEntry, hidden: secret_rolls.HiddenEntry, locale: str, *, short: bool = False
) -> str:
    """A ruleset's hidden entry as the reader may read it: hidden (what it is, its
    commitment), or its summary (marked as seen by its actor and the GMs only until the turn
    ends, while it is); a sealed one read as its maker does opens with what its maker was
    told (`Sealed.told`: a bribe's victim, target and price), which nobody else reads; a
    list's line, cut short, keeps to the summary (`/history show` reads it whole)."""
    if hidden.payload is None:
        commitment = hidden.commitment[:16] + "…" if short else hidden.commitment
        return secret_rolls.hidden_line(entry.ruleset, commitment, locale, entry.command)
    separator = " " if short else "\n"
    summary = render_outcome(hidden.payload["outcome"], locale, separator)
    if hidden.sealed is not None and hidden.sealed.told and not short:
        told = render_outcome({"summary": list(hidden.sealed.told)}, locale, separator)
        summary = told + separator + summary
    if hidden.private:
        yours = secret_rolls.hidden_text("hidden_yours", entry.ruleset, entry.command, locale)
        return yours + ("\n" if not short else " ") + summary
    return summary


async def hidden_entries(
    ctx: Context, entries: list[AuditEntry]
) -> dict[int, secret_rolls.HiddenEntry]:
    """The rulesets' hidden entries among `entries`, as the reader may read them."""
    found = {}
    mine = await played(ctx, ctx.actor.user_id)
    for entry in entries:
        hidden = await secret_rolls.hidden_entry(ctx.service.log, entry, ctx.actor, ctx.is_gm, mine)
        if hidden is not None:
            found[entry.seq] = hidden
    return found


def as_everyone(hidden: secret_rolls.HiddenEntry) -> secret_rolls.HiddenEntry:
    """A hidden entry as every player reads it: its hidden part once published, and no
    maker of a sealed entry."""
    payload = None if hidden.private else hidden.payload
    return dataclasses.replace(hidden, payload=payload, sealed=None)


def telling(ctx: Context, hidden: secret_rolls.HiddenEntry) -> bool:
    """Whether the reader, no GM, reads a sealed entry as its maker does (they made it, or
    play the faction it was made for): an answer to them that the channel sees differ from
    everyone's (private where the others' is posted) would tell who made it. A GM reads
    every one, and a player's other hidden entries are theirs by name."""
    return hidden.sealed is not None and not ctx.is_gm


def faces_text(faces: tuple[int, ...], limit: int = 60) -> str:
    """Faces as text, shortened for long rolls."""
    text = ", ".join(str(f) for f in faces[:limit])
    return text + (f", … (+{len(faces) - limit})" if len(faces) > limit else "")


def _page_button(
    before: int, flt: HistoryFilter, direction: str, label: str, disabled: bool, private: bool
) -> Control:
    """A page button of `/history list`; its custom_id carries the cursor, the filters and
    whether the page is a private one (a reader's own hidden entries shown)."""
    args = (before, flt.actor_id or 0, flt.ruleset or "-", flt.turn or 0, direction, int(private))
    return controls.button("history.page", args, label, disabled=disabled)


@controls.control("history.page")
async def history_page_button(interaction: Interaction, args: list[str]) -> None:
    """Show the page that starts before the cursor, with the same filters; a page everyone
    sees never shows what only the clicking reader may read."""
    before, actor, ruleset, turn = int(args[0]), int(args[1]), args[2], int(args[3])
    private = len(args) > 5 and args[5] == "1"
    flt = HistoryFilter(
        actor_id=actor or None, ruleset=None if ruleset == "-" else ruleset, turn=turn or None
    )
    ctx = await campaign_context(interaction)
    page = await history_page(ctx, flt, before or None, private=private, kept=private)
    await update_message(interaction, embed=page.embed, view=page.view)
    if page.sealed is not None:
        await reply(interaction, embed=page.sealed, ephemeral=True)


@dataclass(frozen=True)
class LogLine:
    """One line of `/history list`: one entry, or the reveals one turn's end wrote in a row,
    folded (after a turn's end they would fill its first page); whether a GM undid them and
    whether a turn's end wrote them."""

    entries: tuple[AuditEntry, ...]
    undone: bool
    by_turn_end: bool

    def folds(self, entry: AuditEntry, undone: bool, by_turn_end: bool) -> bool:
        """Whether `entry`, read next to this line, joins it: both a turn end's reveals, of
        the same turn, undone or standing alike."""
        same_turn = entry.turn == self.entries[-1].turn
        return by_turn_end and self.by_turn_end and same_turn and undone == self.undone


@dataclass
class LogLines:
    """The lines of the log read one batch after another, newest first (a page) or oldest
    first (the page before it); with `fold`, a turn end's reveals in a row make one line. A
    player's filter asks for their entries one by one: the reveals go under the name of
    whoever ended the turn."""

    fold: bool
    lines: list[LogLine] = dataclasses.field(default_factory=list)
    # The log's placings of the reveals read (`reveal_by_turn_end`): read once per run.
    placed: dict[int, bool] = dataclasses.field(default_factory=dict)

    async def read(self, ctx: Context, batch: list[AuditEntry]) -> None:
        """Add the entries of `batch`, in the order read."""
        undone = await ctx.service.log.undone(ctx.campaign.id, [e.seq for e in batch])
        for entry in batch:
            ended = entry.command in REVEALS and await reveal_by_turn_end(ctx, entry, self.placed)
            gone = entry.seq in undone
            if self.fold and self.lines and self.lines[-1].folds(entry, gone, ended):
                last = self.lines[-1]
                self.lines[-1] = dataclasses.replace(last, entries=(*last.entries, entry))
            else:
                self.lines.append(LogLine((entry,), gone, ended))


async def page_lines(
    ctx: Context, flt: HistoryFilter, before: int | None
) -> tuple[list[LogLine], bool]:
    """The lines of the page of the log before entry `before` (PAGE_SIZE at most, a turn
    end's reveals folded whole into one), and whether older lines follow."""
    read = LogLines(fold=flt.actor_id is None)
    while True:
        batch = await ctx.service.log.page(
            ctx.campaign.id, flt, before_seq=before, limit=PAGE_SIZE + 1
        )
        await read.read(ctx, batch)
        if len(read.lines) > PAGE_SIZE or len(batch) <= PAGE_SIZE:
            return read.lines[:PAGE_SIZE], len(read.lines) > PAGE_SIZE
        before = batch[-1].seq


async def newer_page_start(ctx: Context, flt: HistoryFilter, top: int) -> int:
    """The cursor (`before`) of the page before the one whose newest entry is `top`: it
    holds the PAGE_SIZE lines next after `top`, so no entry is shown twice or skipped; 0
    when those are the newest (the first page)."""
    read = LogLines(fold=flt.actor_id is None)
    after = top
    while True:
        batch = await ctx.service.log.page(
            ctx.campaign.id, flt, before_seq=None, after_seq=after, limit=PAGE_SIZE + 1
        )
        await read.read(ctx, batch[::-1])  # oldest first: the line next after `top` first
        if len(read.lines) > PAGE_SIZE:
            return max(e.seq for e in read.lines[PAGE_SIZE - 1].entries) + 1
        if len(batch) <= PAGE_SIZE:
            return 0
        after = batch[0].seq


@dataclass(frozen=True)
class HistoryPage:
    """One page of `/history list`, and whether it shows hidden entries only its reader may
    read (then it is the reader's alone, in their language); `sealed`: the sealed entries
    of its stretch of the log that the reader reads as their maker does, for them alone
    (the page shows them as everyone reads them, or not at all under a player's name)."""

    embed: discord.Embed
    view: discord.ui.View
    private: bool
    sealed: discord.Embed | None = None


async def history_page(
    ctx: Context,
    flt: HistoryFilter,
    before: int | None,
    *,
    private: bool = False,
    kept: bool = False,
) -> HistoryPage:
    """One page of the log, newest first. The pager convention of every list: newer pages
    to the left ("◀ Newer"), older to the right ("Older ▶"). With `private`, the rulesets'
    hidden entries the reader may read (their own, every one for a GM) are shown in full,
    and the page is then the reader's alone; `kept`: it already is (a private page turned).
    Whether a page is private never depends on the sealed entries the reader reads as their
    maker: the page reads them as everyone does, and those of its stretch of the log (and,
    under a player's name, those made by that player, `sealed_of`) come to the reader alone
    (`HistoryPage.sealed`), so the channel sees the same answer whoever asks."""
    lines, more = await page_lines(ctx, flt, before)
    entries = [e for line in lines for e in line.entries]
    full = await hidden_entries(ctx, entries)
    theirs = {seq for seq, h in full.items() if telling(ctx, h)}
    seen = {seq: as_everyone(h) if seq in theirs else h for seq, h in full.items()}
    private = kept or (private and any(h.personal for h in seen.values()))
    hidden = full if private else {seq: as_everyone(h) for seq, h in full.items()}
    locale = ctx.locale if private else ctx.public_locale
    # A private page shows the reader's sealed entries on it in full; under a player's
    # name, theirs are never on the page (it lists what everyone finds there).
    on_page = [] if private else [e for e in entries if e.seq in theirs]
    stretch = range(entries[-1].seq if entries and more else 1, before or 2**62)
    sealed = await sealed_page(ctx, flt, on_page, stretch)

    def say(key: str, **params: Any) -> str:
        return t(key, locale, **params)

    filters = []
    if flt.actor_id:
        filters.append(f"<@{flt.actor_id}>")
    if flt.ruleset:
        filters.append(say(f"ruleset.{flt.ruleset}"))
    if flt.turn:
        filters.append(say("history.turn", turn=flt.turn))
    embed = make_embed(say("history.list.title", name=shown(ctx.campaign.name)))
    if entries:
        rolled = await secret_rolls_on(ctx, entries)
        text = "\n".join(
            reveals_line(line, locale)
            if len(line.entries) > 1
            else entry_line(
                line.entries[0],
                locale,
                undone=line.undone,
                hidden=hidden.get(line.entries[0].seq),
                secret=rolled.get(line.entries[0].seq),
                by_turn_end=line.by_turn_end,
            )
            for line in lines
        )
        embed.description = clip(text, 4096)
    elif filters:
        embed.description = say("history.list.no_match", filters=", ".join(filters))
    else:
        embed.description = say("history.list.empty")
    if filters and entries:  # an empty page's description names them already
        add_field(embed, say("history.list.filters"), ", ".join(filters))
    embed.set_footer(text=say("history.list.footer", count=ctx.campaign.log_count))
    view = discord.ui.View(timeout=None)
    top = entries[0].seq if entries else 0
    newer_off = before is None or top == 0
    newer_start = 0 if newer_off else await newer_page_start(ctx, flt, top)
    view.add_item(_page_button(newer_start, flt, "p", say("history.newer"), newer_off, private))
    older_from = entries[-1].seq if entries else 0
    view.add_item(_page_button(older_from, flt, "n", say("history.older"), not more, private))
    return HistoryPage(embed, view, private, sealed)


async def sealed_page(
    ctx: Context, flt: HistoryFilter, shown: list[AuditEntry], stretch: range
) -> discord.Embed | None:
    """For the reader alone, in their language: the sealed entries they read as their maker
    does among those a page shows (`shown`) and, under a player's name, those filed under it
    (`sealed_of`) within the page's stretch of the log (`stretch`) and its filters; None
    when there are none."""
    found = {e.seq: e for e in shown}
    for seq in await sealed_of(ctx, flt.actor_id):
        if seq in stretch and seq not in found:
            entry = await ctx.service.log.entry(ctx.campaign.id, seq)
            if entry is None or (flt.ruleset and entry.ruleset != flt.ruleset):
                continue
            if flt.turn and entry.turn != flt.turn:
                continue
            found[seq] = entry
    if not found:
        return None
    listed = sorted(found.values(), key=lambda e: e.seq, reverse=True)
    kept = listed[:PAGE_SIZE]
    hidden = await hidden_entries(ctx, kept)
    undone = await ctx.service.log.undone(ctx.campaign.id, [e.seq for e in kept])
    rolled = await secret_rolls_on(ctx, kept)
    lines = [
        entry_line(
            e,
            ctx.locale,
            undone=e.seq in undone,
            hidden=hidden.get(e.seq),
            secret=rolled.get(e.seq),
        )
        for e in kept
    ]
    if len(listed) > len(kept):
        lines.append(ctx.t("confirm.more", count=len(listed) - len(kept)))
    return make_embed(ctx.t("history.list.sealed"), clip("\n".join(lines), 4096))


REVEALS = frozenset({secret_rolls.ENTRY_REVEAL, secret_rolls.ROLL_REVEAL})


async def reveal_by_turn_end(
    ctx: Context, entry: AuditEntry, placed: dict[int, bool] | None = None
) -> bool:
    """Whether reveal entry `entry` was written by a turn's end: a secret roll's reveal says
    so (`secret_rolls.told_by_turn_end`); another, or an older one, is placed in the log
    (`revealed_by_turn_end`). `placed` keeps the placings read, by reveal: a reveal next to
    one of them is in its run, placed alike, so a run is placed once (`/history list`)."""
    told = secret_rolls.told_by_turn_end(entry)
    if told is not None:
        return told
    known = None if placed is None else placed.get(entry.seq - 1, placed.get(entry.seq + 1))
    if known is None:
        known = await revealed_by_turn_end(ctx, entry.seq)
    if placed is not None:
        placed[entry.seq] = known
    return known


async def revealed_by_turn_end(ctx: Context, seq: int) -> bool:
    """Whether reveal entry `seq` was written by a turn's end (its closing entry follows its
    run of reveals; a ruleset's end-of-turn entry, publishing what it kept, comes before
    it), not by a `/reveal` while the turn ran."""
    after = seq + 1
    while (entry := await ctx.service.log.entry(ctx.campaign.id, after)) is not None:
        if entry.command not in REVEALS:
            if entry.command == "turn end" and entry.ruleset == CORE:
                return True
            break
        after += 1
    before = seq - 1
    while before > 0 and (entry := await ctx.service.log.entry(ctx.campaign.id, before)):
        if entry.command not in REVEALS:
            return entry.command == "turn end" and entry.ruleset != CORE
        before -= 1
    return False


async def played(ctx: Context, user_id: int) -> list[str]:
    """The factions a player plays in the campaign."""
    return own_factions(user_id, await ctx.service.factions(ctx.campaign.id))


async def sealed_of(ctx: Context, actor_id: int | None) -> tuple[int, ...]:
    """The sealed entries the reader finds under `actor_id`'s name: those that player made or
    that were made for a faction they play (a GM's bribe for it), when the reader may know
    (a GM, or that player). Everyone else's list of that player leaves them out: they read
    as a hidden player's, so finding them there would name who made them."""
    if actor_id is None or not (ctx.is_gm or actor_id == ctx.actor.user_id):
        return ()
    parts = await secret_rolls.sealed_parts(ctx.service.log, ctx.campaign.id)
    factions = await played(ctx, actor_id)
    return tuple(
        seq
        for seq, part in sorted(parts.items())
        if secret_rolls.reads_sealed(part, actor_id, False, factions)
    )


async def posted_anchors(interaction: Interaction) -> dict[str, Any]:
    """The heads and commitments the bot posted in this channel, for the export."""
    posted = await anchors.from_interaction(interaction)
    return {
        "heads": sorted(posted.heads.items()),
        "commitments": sorted(posted.commitments.items()),
    }


def upload_limit(interaction: Interaction) -> int:
    """The largest file this interaction may send: the interaction's and the guild's limit."""
    limits = [interaction.filesize_limit]
    if interaction.guild is not None:
        limits.append(interaction.guild.filesize_limit)
    return min(limits)


# The self-checking page holds the whole log in one file the browser reads at once: it comes
# with exports of up to this many entries (larger logs: the offline verifier on the JSON).
PAGE_ENTRIES = 20_000


async def self_checking_page(
    ctx: Context, interaction: Interaction, document: dict[str, Any], last_seq: int
) -> bytes:
    """The HTML page that verifies the log up to entry `last_seq` in the reader's browser
    (bot/export_page.py), written in the campaign's language: it is attached in the channel
    for everyone."""
    entries = []
    texts: dict[int, str] = {}  # hidden entries, secret rolls and reveals as everyone reads them
    prev = GENESIS
    async for e in ctx.service.log.entries(ctx.campaign.id):
        if e.seq > last_seq:
            break
        entries.append({**e.hashed_form(), "hash": e.hash, "prev_hash": prev})
        prev = e.hash
        if "secret_commitment" in e.outcome or "secret_reveal" in e.outcome:
            kept = await secret_rolls.public_entry(ctx.service.log, e)
            revealed = await revealed_secret_roll(ctx, e)
            texts[e.seq] = await entry_text(ctx, e, kept, revealed, ctx.public_locale)
    archive = [
        {"ruleset": ruleset, "key": key, "seq": seq, "body": body}
        async for ruleset, key, seq, body in ctx.service.log.archive(ctx.campaign.id)
    ]
    whole = {**document, "entries": entries, "archive": archive}
    summaries = [{"outcome": {"summary": text}} for text in texts.values()]
    names = await page_names(interaction, [*entries, *summaries])
    played: dict[int, list[str]] = {}
    for faction in await ctx.service.factions(ctx.campaign.id):
        if faction.user_id is not None:
            played.setdefault(faction.user_id, []).append(faction.name)
    page = export_page(whole, ctx.public_locale, names, texts=texts, played=played)
    return page.encode("utf-8")


async def page_names(interaction: Interaction, entries: list[dict[str, Any]]) -> dict[int, str]:
    """The names the export page shows for the people its entries name: members by their
    display names (asked of Discord when the client does not hold them), roles by theirs;
    anyone Discord no longer knows is left out (the page shows their id)."""
    names = member_names(interaction)
    users, roles = people_ids(entries)
    for user_id in sorted(users - names.keys()):
        name = await known_name(interaction, user_id)
        if name is not None:
            names[user_id] = name
    guild = interaction.guild
    for role_id in roles:
        role = guild.get_role(role_id) if guild is not None else None
        if role is not None:
            names[role_id] = role.name
    return names


async def sealed_export(ctx: Context, interaction: Interaction, slug: str, seqs: range) -> None:
    """Who made the exported sealed entries, privately: every one for a GM, their own for a
    player, and those made for a faction they play (the others read them as made by a
    hidden player). Each part as kept, whose sha256 is its entry's `sealed_commitment`."""
    parts = await secret_rolls.sealed_parts(ctx.service.log, ctx.campaign.id)
    factions = await played(ctx, ctx.actor.user_id)
    mine = [
        (seq, part)
        for seq, part in sorted(parts.items())
        if seq in seqs and secret_rolls.reads_sealed(part, ctx.actor.user_id, ctx.is_gm, factions)
    ]
    if not mine:
        return
    listed = [
        {
            "entry": seq,
            "actor_id": part.actor_id,
            "faction": part.faction,
            "part": part.text,
            "sealed_commitment": part.commitment,
            **(
                {"told": render_outcome({"summary": list(part.told)}, ctx.locale)}
                if part.told
                else {}
            ),
        }
        for seq, part in mine
    ]
    text = json.dumps({"campaign": ctx.campaign.name, "sealed": listed}, ensure_ascii=False)
    await reply(
        interaction,
        content=ctx.t("history.export.sealed", count=len(mine)),
        files=[discord.File(io.BytesIO(text.encode("utf-8")), f"{slug}-sealed.json")],
        ephemeral=True,
    )


async def entry_text(
    ctx: Context,
    found: AuditEntry,
    kept: secret_rolls.HiddenEntry | None,
    revealed: RevealedRoll | None,
    locale: str,
    *,
    faces: bool = True,
) -> str:
    """What `/history show` says of an entry (a ruleset's hidden entry as `kept` reads it,
    with where it was published; a secret roll once `revealed`, `revealed_secret_roll`, with
    its faces, or its summary where they are shown apart, not `faces`; a reveal's line), and
    the export's page of it too (`kept` as everyone reads it): one rule for both."""
    if kept is not None:
        text = hidden_summary(found, kept, locale)
        if kept.revealed_seq is not None:
            early = not await revealed_by_turn_end(ctx, kept.revealed_seq)
            text += "\n" + secret_rolls.hidden_text(
                "show.hidden_revealed_early" if early else "show.hidden_revealed",
                found.ruleset,
                found.command,
                locale,
                entry=kept.revealed_seq,
            )
            # An undone turn's end leaves the entry published: no later end reveals it again.
            if await ctx.service.log.undone(ctx.campaign.id, [kept.revealed_seq]):
                text += " " + t("history.show.revealed_undone", locale, entry=kept.revealed_seq)
    else:
        text = render_outcome(found.outcome, locale, "\n") or (
            secret_rolls.secret_line(found.outcome, locale) or ""
        )
        if revealed is not None:  # a secret roll: its faces once revealed
            text = t("history.list.secret_revealed", locale, entry=revealed.seq)
            rolled = secret_rolls.replay(revealed.payload) if faces else None
            if rolled is not None:
                text += "\n" + rolled.render(locale)
            else:  # faces shown apart, or that do not fit its expression: its summary
                text += "\n" + render_outcome(revealed.payload["outcome"], locale, "\n")
    return text


async def show_embed(
    ctx: Context,
    found: AuditEntry,
    kept: secret_rolls.HiddenEntry | None,
    hidden: dict[str, Any] | None,
    locale: str | None = None,
    bot_id: int | None = None,
    choices: ChoiceNames | None = None,
) -> discord.Embed:
    """`/history show` of an entry: its summary (a ruleset's hidden entry as `kept` reads it),
    who, when, its options and every die; an entry a GM undid says so first (who, in which
    entry, why: it no longer stands); a hidden secret roll's options as typed and faces
    (`hidden`, its hidden part) for its roller or a GM; for a turn the bot (`bot_id`) ended
    at its deadline, the id of the message its dice came from, which a player compares with
    that message's own id in the channel (README, "Provably fair dice"). In `locale` (by
    default the campaign's); an option that is one of the command's fixed `choices` as the
    command list names it."""
    locale = locale or ctx.public_locale

    def say(key: str, **params: Any) -> str:
        return t(key, locale, **params)

    options = found.options
    rolls = found.rolls
    if kept is not None:
        options = kept.payload["options"] if kept.payload is not None else {}
        if kept.payload is not None:  # its dice with it, for whoever reads it
            rolls = secret_rolls.payload_rolls(kept.payload)
    if hidden is not None:  # its roller or a GM, privately: what was typed
        options = {**hidden["options"], **found.options}
    rolled_outcome = found.outcome
    revealed = await revealed_secret_roll(ctx, found)
    if revealed is not None:  # once revealed, read as a roll made in the open
        options = {**revealed.payload["options"], **found.options}
        rolls = secret_rolls.payload_rolls(revealed.payload)
        rolled_outcome = revealed.payload["outcome"]
    posted = posted_roll(found, rolled_outcome, rolls)
    text = await entry_text(ctx, found, kept, revealed, locale, faces=not posted)
    undo = await ctx.service.log.undone_by(ctx.campaign.id, found.seq)
    if undo is not None:  # it reads first: the entry no longer stands
        note = say(
            "history.show.undone",
            who=f"<@{undo.actor_id}>",
            seq=undo.seq,
            reason=shown(str(undo.options.get("reason") or "—")),
        )
        text = f"{note}\n{text}" if text else note
    embed = make_embed(
        say("history.show.title", seq=found.seq, command=command_label(found.command, locale)),
        text or None,
    )
    who = actor_text(found, kept, locale, with_faction=True)
    if found.command in REVEALS and await reveal_by_turn_end(ctx, found):
        # Written by the turn's end, not typed: no /reveal and no options to list.
        who = say("history.show.by_turn_end", turn=found.turn, who=who)
        options = {}
    add_field(embed, say("history.show.who"), who[:1].upper() + who[1:], inline=True)
    resolved = await resolved_turn(ctx, found)
    turn = str(found.turn)
    if resolved is not None and resolved != found.turn:
        turn = say("history.show.turn_resolves", turn=found.turn, resolved=resolved)
    add_field(embed, say("history.show.turn"), turn, inline=True)
    time_zone = (await TurnFlow(ctx.service).schedule(ctx.campaign)).time_zone
    add_field(
        embed,
        say("history.show.when"),
        local_time(found.created_at, time_zone, locale),
        inline=True,
    )
    # A hidden entry's outcome is not read: only the options it lets the reader see.
    outcome = found.outcome if kept is None else None
    shown_options = (
        options_text(options, locale, found.command, found.ruleset, choices, outcome)
        if options
        else ""
    )
    if shown_options:
        add_field(embed, say("history.show.options"), clip(shown_options, 1024))
    message = int((found.dice or {}).get("interaction", 0))
    if found.command == "turn end" and message and found.actor_id == bot_id:
        ended = found.options.get("turn", found.turn)
        add_field(
            embed,
            say("history.show.dice_message"),
            say("history.show.dice_message.value", message=str(message), turn=ended),
        )
    for i, rolled in enumerate(posted):  # at most 20 (`dice_expr.MAX_REPEAT`)
        # A `/roll` as its message showed it, the modifier with the dice: "2d6 (3, 2) + 1 = 6".
        purpose = rolls[i * len(rolled.records)].purpose
        add_field(
            embed,
            f"{i + 1}. {purpose_text(purpose, locale, ruleset=CORE)}",
            rolled.render(locale, limit=1024),
        )
    for i, roll in enumerate(() if posted else rolls[:20], start=1):
        name = f"{i}. {purpose_text(roll.purpose, locale, ruleset=found.ruleset)}" + (
            f" [{roll.clause}]" if roll.clause else ""
        )
        value = f"`{roll.notation}` → {faces_text(roll.faces)}; " + say(
            "history.show.total", total=roll.total
        )
        if roll.target is not None:
            value += "; " + say(
                "history.show.target",
                target=target_text(roll.target, locale),
                count=roll.successes or 0,
            )
        add_field(embed, name, value)
    if not posted and len(rolls) > 20:
        add_field(embed, "…", say("history.show.more_rolls", count=len(rolls) - 20))
    embed.set_footer(text=f"sha256 {found.hash[:16]}…")
    if hidden is not None and secret_rolls.is_roll(hidden):
        faces = secret_rolls.replay(hidden)
        # Faces that do not fit its expression as read today (an older form): its result.
        said = (
            faces.render(locale)
            if faces is not None
            else render_outcome(hidden["outcome"], locale, "\n")
        )
        add_field(embed, say("history.show.secret_title"), said)
    return embed


def posted_roll(
    found: AuditEntry, outcome: dict[str, Any], rolls: tuple[RollRecord, ...]
) -> tuple[dice_expr.DiceRoll, ...]:
    """A `/roll` entry's dice as its message in the channel showed them, each repetition
    apart (`dice_expr.repetitions`): its expression (`outcome`'s) replayed from its `rolls`;
    none for any other entry, nor for rolls that do not fit the expression."""
    expression = outcome.get("expression")
    if found.ruleset != CORE or found.command != "roll" or not isinstance(expression, str):
        return ()
    try:
        return dice_expr.repetitions(dice_expr.replayed(dice_expr.parse(expression), rolls))
    except (dice_expr.DiceExpressionError, ValueError):
        return ()


@dataclass(frozen=True)
class RevealedRoll:
    """A secret `/roll` once revealed: the entry that revealed it (`seq`) and its hidden
    part (`payload`: its options as typed, its rolls)."""

    seq: int
    payload: dict[str, Any]


async def revealed_secret_roll(ctx: Context, found: AuditEntry) -> RevealedRoll | None:
    """A secret `/roll` once revealed, read once for all `/history show` and the export's
    page say of it; None while it is hidden, and for any other entry."""
    if found.ruleset != CORE or "secret_commitment" not in found.outcome:
        return None
    secret = await ctx.service.log.secret(ctx.campaign.id, found.seq)
    if secret is None or secret.revealed_seq is None:
        return None
    payload: dict[str, Any] = json.loads(secret.payload)
    return RevealedRoll(secret.revealed_seq, payload) if secret_rolls.is_roll(payload) else None


async def resolved_turn(ctx: Context, found: AuditEntry) -> int | None:
    """The turn whose end an entry goes on resolving (SP-I45: an answer to a question a
    paused resolution asked, given in the next turn), as its ruleset reads the entry's
    outcome (`RulesetSpec.resolves_turn`): the turn it names, or that of the newest standing
    turn end of its ruleset before it; None: none (a turn end's own entry is none)."""
    spec = rulesets.find(found.ruleset)
    if spec is None:
        return None
    if spec.resolves_turn is None or found.command == "turn end":
        return None
    resolved = spec.resolves_turn(found.outcome)
    if resolved is None or isinstance(resolved, int):
        return resolved
    flt = HistoryFilter(ruleset=found.ruleset)
    before = found.seq
    while entries := await ctx.service.log.page(ctx.campaign.id, flt, before_seq=before, limit=50):
        ends = [e for e in entries if e.command == "turn end"]
        undone = await ctx.service.log.undone(ctx.campaign.id, [e.seq for e in ends])
        standing = [e for e in ends if e.seq not in undone]
        if standing:
            return int(standing[0].options.get("turn", standing[0].turn))
        before = entries[-1].seq
    return None


def local_time(created_at: str, time_zone: str, locale: str) -> str:
    """An entry's time in the campaign's time zone (`core.time_zone`, the one its deadlines
    are typed in), as a reader of `locale` writes a date, with the zone's abbreviation:
    "Dec 2, 2026, 11:36:20 PM MSK", "2 дек. 2026 г., 23:36:20 MSK". One time for every
    reader of a posted answer, which says the zone it is in."""
    moment = datetime.fromisoformat(created_at)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        local = moment.astimezone(ZoneInfo(time_zone))
    except (ZoneInfoNotFoundError, ValueError):
        local = moment.astimezone(UTC)
    return f"{format_datetime(local, 'medium', locale=language_of(locale))} {local.tzname()}"


class HistoryCog(BotCog):
    """Review and verify the campaign's roll history."""

    history_group = command_group("history", "The campaign's roll and action log")

    @history_group.command(name="list", description="Recent log entries, newest first")
    @app_commands.describe(
        player="Only this player's actions", ruleset="Only this ruleset", turn="Only this turn"
    )
    @app_commands.autocomplete(ruleset=ruleset_choices)
    async def list_(
        self,
        interaction: Interaction,
        player: discord.Member | None = None,
        ruleset: str | None = None,
        turn: app_commands.Range[int, 1, 100000] | None = None,
    ) -> None:
        """A page of entries with filters and page buttons."""
        ctx = await campaign_context(interaction)
        if ruleset and ruleset != CORE and ruleset not in ctx.campaign.rulesets:
            raise NotFound("error.ruleset_not_enabled", ruleset=ruleset)  # quoted as typed
        flt = HistoryFilter(
            actor_id=player.id if player else None, ruleset=ruleset or None, turn=turn
        )
        page = await history_page(ctx, flt, None, private=True)
        await reply(interaction, embed=page.embed, view=page.view, ephemeral=page.private)
        if page.sealed is not None:
            await reply(interaction, embed=page.sealed, ephemeral=True)

    @history_group.command(name="show", description="One entry with every die and its clause")
    @app_commands.describe(entry="The entry number (#) from /history list")
    async def show(self, interaction: Interaction, entry: app_commands.Range[int, 1]) -> None:
        """Every die with its purpose and the clause that asked for it; a hidden secret roll
        shown to its roller or a GM comes privately, with its options as typed and its faces,
        in the reader's language, and so does a ruleset's hidden entry (an order) shown to its
        actor or a GM, with its options, summary and dice (everything else is posted, in the
        campaign's)."""
        ctx = await campaign_context(interaction)
        found = await ctx.service.log.entry(ctx.campaign.id, entry)
        if found is None:
            raise NotFound("error.entry_not_found", entry=entry)
        hidden = await secret_rolls.shown_secret(ctx.service.log, found, ctx.actor, ctx.is_gm)
        mine = await played(ctx, ctx.actor.user_id)
        kept = await secret_rolls.hidden_entry(ctx.service.log, found, ctx.actor, ctx.is_gm, mine)
        bot_id = interaction.client.user.id if interaction.client.user else None
        choices = choice_names(self.bot.tree)
        if kept is not None and telling(ctx, kept):
            # Posted as everyone reads it, and in full for the reader alone: a private answer
            # where the others' is posted would tell who made it.
            everyone = await show_embed(
                ctx, found, as_everyone(kept), None, bot_id=bot_id, choices=choices
            )
            await reply(interaction, embed=everyone)
            embed = await show_embed(ctx, found, kept, None, ctx.locale, bot_id, choices)
            await reply(interaction, embed=embed, ephemeral=True)
            return
        private = hidden is not None or (kept is not None and kept.personal)
        locale = ctx.locale if private else ctx.public_locale
        embed = await show_embed(ctx, found, kept, hidden, locale, bot_id, choices)
        await reply(interaction, embed=embed, ephemeral=private)

    @history_group.command(
        name="export", description="The log as compressed JSON and CSV files (all, or since…)"
    )
    @app_commands.describe(since="Only entries from this one on: #120 (entry) or T5 (turn)")
    async def export(self, interaction: Interaction, since: str | None = None) -> None:
        """JSON (entries with rolls and hashes, and the archive records they list, each as its
        stored JSON text: sha256 of `body` is the digest) and CSV (one row per roll), streamed
        into gzip files cut to the upload limit."""
        ctx = await campaign_context(interaction)
        first_seq = 1
        if since is not None:
            start = history_export.parse_since(since)
            found = (
                start.entry
                if start.entry is not None
                else await ctx.service.log.first_of_turn(ctx.campaign.id, start.turn or 0)
            )
            if found is None or found > ctx.campaign.log_count:
                raise NotFound(
                    "error.export_since_nothing", since=since, count=ctx.campaign.log_count
                )
            first_seq = found
        hidden = await secret_rolls.first_hidden_entry(ctx.service.log, ctx.campaign.id)
        hidden_from = None if hidden is None else hidden.seq
        held = hidden is not None and secret_rolls.is_held(hidden)  # no turn's end publishes it
        if hidden_from is not None and first_seq >= hidden_from:
            key = "error.export_since_held" if held else "error.export_since_hidden"
            raise NotFound(key, since=since, seq=hidden_from)
        await defer_publicly(interaction)
        extras = await ctx.service.log.export_extras(ctx.campaign.id)
        posted = await posted_anchors(interaction)
        if hidden_from is not None:  # up to the first hidden entry, without the state
            del extras["state"]
            cut = await ctx.service.log.entry(ctx.campaign.id, hidden_from - 1)
            assert cut is not None
            extras["head"] = [cut.seq, cut.hash]
            posted["heads"] = [h for h in posted["heads"] if h[0] < hidden_from]
        last_seq = int(extras["head"][0])
        prev_hash = GENESIS
        if first_seq > 1:
            before = await ctx.service.log.entry(ctx.campaign.id, first_seq - 1)
            assert before is not None
            prev_hash = before.hash
        # `language`: the campaign's, in which `python -m bot verify` answers by default
        document: dict[str, Any] = {"campaign": ctx.campaign.name, "language": ctx.public_locale}
        if first_seq > 1:
            document["since"] = {"seq": first_seq, "prev_hash": prev_hash}
        document |= {"anchors": posted, **extras}
        slug = history_export.export_stem(ctx.campaign.name)
        if first_seq > 1:
            slug += f"-from-{first_seq}"
        limit = upload_limit(interaction)
        with tempfile.TemporaryDirectory(prefix="privateer-export-") as folder:
            written = await history_export.write_export(
                ctx.service.log.entries(ctx.campaign.id, after=first_seq - 1),
                ctx.service.log.archive(ctx.campaign.id),
                directory=Path(folder),
                stem=slug,
                limit=limit,
                prev_hash=prev_hash,
                last_seq=last_seq,
                document=document,
                undone=await ctx.service.log.undone_in(ctx.campaign.id),
                locale=ctx.public_locale,
            )
            lines = [
                ctx.pt(
                    "history.export.parts",
                    count=len(written.files),
                    json=len(written.json_parts),
                    csv=len(written.csv_parts),
                )
            ]
            if len(written.files) > 2:
                lines.append(ctx.pt("history.export.join", name=f"{slug}-log.json.gz"))
            if first_seq > 1:
                lines.append(ctx.pt("history.export.since", seq=first_seq, prev=prev_hash[:16]))
            if hidden_from is not None:
                key = "history.export.state_hidden_held" if held else "history.export.state_hidden"
                lines.append(ctx.pt(key, seq=hidden_from))
            embed = make_embed(
                ctx.pt("history.export.title", count=written.entries), "\n".join(lines)
            )
            batches = history_export.upload_batches(written.files, limit)
            for number, batch in enumerate(batches):
                await reply(
                    interaction,
                    embed=embed if number == 0 else None,
                    content=None if number == 0 else f"{number + 1}/{len(batches)}",
                    files=[discord.File(path, filename=path.name) for path in batch],
                )
        if first_seq == 1 and written.entries <= PAGE_ENTRIES:
            page = await self_checking_page(ctx, interaction, document, last_seq)
            if len(page) <= limit:  # one file, or not at all: the JSON parts are the record
                await reply(interaction, files=[discord.File(io.BytesIO(page), f"{slug}-log.html")])
        await sealed_export(ctx, interaction, slug, range(first_seq, last_seq + 1))

    @history_group.command(name="verify", description="Recompute the hash chain of the whole log")
    async def verify(self, interaction: Interaction) -> None:
        """OK with the entry count, or the first entry edited, removed or moved."""
        ctx = await campaign_context(interaction)
        await defer_publicly(interaction)
        posted = await anchors.from_interaction(interaction)
        result = await ctx.service.log.verify(ctx.campaign.id, posted)
        if isinstance(result, VerifyReport):  # a damaged file, or undo marks off the chain
            title, text = report_lines(result, ctx.public_locale)
            embed = make_embed(title, text, colour=LOSS_COLOUR)
        else:
            embed = fair_embeds.verify_embed(
                result, posted, ctx.public_locale, test_dice=ctx.service.dice_factory is not None
            )
        await reply(interaction, embed=embed)

    @history_group.command(name="stats", description="Dice fairness per player")
    async def stats(self, interaction: Interaction) -> None:
        """Per player: dice rolled, mean face against the expected mean, chi-square per die size.
        A turn's end's dice count for the factions that rolled them and who played them then; a
        secret roll's for its roller once revealed (hidden, for nobody: this is posted)."""
        ctx = await campaign_context(interaction)
        await defer_publicly(interaction)
        grouped = await ctx.service.log.rolls_by_roller(ctx.campaign.id)
        locale = ctx.public_locale
        embed = make_embed(ctx.pt("history.stats.title", name=shown(ctx.campaign.name)))
        if not grouped:
            embed.description = ctx.pt("history.list.empty")
        charted: list[tuple[str, dice_stats.PlayerDiceStats]] = []
        for roller in dice_rollers(grouped):
            report = dice_stats.player_stats(roller.rolls)
            if report.dice == 0:
                continue
            if roller.user_id is None:
                name = roller.factions[0]
                lines = [ctx.pt("history.stats.dice", count=report.dice)]
            else:
                name = await display_name(interaction, roller.user_id)
                who = f"<@{roller.user_id}>"
                if roller.factions:
                    who += " · " + ", ".join(f"**{shown(f)}**" for f in roller.factions)
                lines = [who, ctx.pt("history.stats.dice", count=report.dice)]
            charted.append((name, report))
            for size in report.by_sides:
                line = ctx.pt(
                    "history.stats.size",
                    sides=size.sides,
                    count=size.dice,
                    mean=decimal(size.mean, locale, 2),
                    expected=decimal(size.expected_mean, locale, 2),
                )
                if size.chi_square is None:
                    line += " · " + ctx.pt("dice.stats.too_few")
                else:
                    chi = size.chi_square
                    verdict = ctx.pt(dice_stats.verdict_key(chi.p_value))
                    line += " · " + ctx.pt(
                        "history.stats.chi",
                        chi=decimal(chi.statistic, locale, 2),
                        df=chi.df,
                        p=decimal(chi.p_value, locale, 3),
                        verdict=verdict,
                    )
                lines.append(line)
            add_field(embed, shown(name), "\n".join(lines))
        charts = await luck_files(interaction.client, interaction.user.id, charted, locale)
        await reply(interaction, embed=embed, files=charts)


@dataclass
class DiceRoller:
    """One section of `/history stats`: a player (with the factions whose rolls were credited
    to them), or a faction no player holds; and the rolls that count for them."""

    user_id: int | None
    factions: list[str]
    rolls: list[RollRecord]


def dice_rollers(grouped: dict[Roller, list[RollRecord]]) -> list[DiceRoller]:
    """The rolls by who rolled them: a roll a faction rolled counts for whoever played the
    faction when it was rolled (`Roller.player`), or for the faction alone when nobody did;
    any other roll for the user whose command made it. Players by id, then factions by name."""
    by_user: dict[int, DiceRoller] = {}
    by_faction: dict[str, DiceRoller] = {}
    for roller, rolls in grouped.items():
        user = roller.actor_id if roller.faction is None else roller.player
        if user is None and roller.faction is None:
            continue  # an entry without its user and without a faction: nobody to credit
        if user is None:
            assert roller.faction is not None
            found = by_faction.setdefault(roller.faction, DiceRoller(None, [roller.faction], []))
        else:
            found = by_user.setdefault(user, DiceRoller(user, [], []))
            if roller.faction is not None and roller.faction not in found.factions:
                found.factions.append(roller.faction)
        found.rolls.extend(rolls)
    return [by_user[u] for u in sorted(by_user)] + [by_faction[f] for f in sorted(by_faction)]


async def display_name(interaction: Interaction, user_id: int) -> str:
    """A player's name as the guild shows it (their nickname, else their global name); the
    raw id only when Discord no longer knows them (they left the guild)."""
    return await known_name(interaction, user_id) or str(user_id)


async def known_name(interaction: Interaction, user_id: int) -> str | None:
    """A member's name as the guild shows it; None when Discord no longer knows them."""
    guild = interaction.guild
    if guild is None:
        return None
    member = guild.get_member(user_id)
    if member is None:
        try:
            member = await guild.fetch_member(user_id)
        except discord.HTTPException:
            return None
    return member.display_name


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(HistoryCog(bot))
