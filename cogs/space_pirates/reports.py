"""`/pirates report` and the report buttons under the end-of-turn summary: every number of
one player's raids in one resolution (points and the d20, weights and draw, dice and
multipliers, the fleet bought, the outcome), then the battles round by round, one page each.
A player opens their own; GMs any."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import controls
from bot import secret_rolls
from bot.announcements import Announcement
from bot.announcements import state_before
from bot.campaigns import TURN_ENDED
from bot.campaigns import TurnSummary
from bot.campaigns import UnitOfWork
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import TurnPosting
from bot.interactions import campaign_context
from bot.interactions import cite_in_footer
from bot.interactions import make_embed
from bot.interactions import reply
from bot.interactions import turn_followup
from bot.interactions import update_message
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.space_pirates import SPEC
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.base import BaseAttackReport
from bot.rules.space_pirates.base import base_attack_line
from bot.rules.space_pirates.base import base_report_key
from bot.rules.space_pirates.battle_report import battle_round_lines
from bot.rules.space_pirates.bribe import briber_of
from bot.rules.space_pirates.messages import lost_elsewhere_lines
from bot.rules.space_pirates.messages import report_lines
from bot.rules.space_pirates.models import Bribe
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.reports import ShipsLostElsewhere
from bot.rules.space_pirates.reports import battle_key
from bot.rules.space_pirates.reports import lost_key
from bot.rules.space_pirates.reports import report_key
from bot.rules.space_pirates.retire import BRIBES
from bot.scaffold import RulesetContext
from bot.text import shown
from cogs.space_pirates.choices import faction_of
from cogs.space_pirates.choices import open_questions
from cogs.space_pirates.choices import question_posts
from cogs.space_pirates.choices import questions
from cogs.space_pirates.choices import settled_question
from cogs.space_pirates.common import REPORT
from cogs.space_pirates.common import C
from cogs.space_pirates.common import Ctx
from cogs.space_pirates.common import campaign_combat
from cogs.space_pirates.common import reported
from cogs.space_pirates.operations import OPERATION
from cogs.space_pirates.operations import bribers_named
from cogs.space_pirates.operations import payers
from cogs.space_pirates.operations import sealed_bribers
from cogs.space_pirates.render import rendered

PER_MESSAGE = 25
P = "space_pirates."
# A page's text, within an embed's description (4,096) with room for Discord's other limits.
PAGE_CHARS = 3900


async def report_pages(ctx: Ctx, faction: str, turn: int) -> list[list[Msg]]:
    """Page 1: every raid report of `faction` in turn `turn`'s resolution; then one page
    per battle round."""
    if not ctx.is_gm and faction not in ctx.own_factions():
        raise NotAllowed(C + "error.not_your_report", faction=shown(faction))
    reports = await ctx.service.archived(
        ctx.campaign, SPEC.key, report_key(turn, faction), RaidReport
    )
    bases = await ctx.service.archived(
        ctx.campaign, SPEC.key, base_report_key(turn, faction), BaseAttackReport
    )
    lost = await lost_elsewhere(ctx, faction, turn)
    state, settings = await ctx.read()
    if not reports and not bases and not lost:
        running = state.resolution is not None and state.resolution.turn == turn
        key = "error.report_waiting" if running else "error.no_report"
        raise NotFound(C + key, faction=shown(faction), turn=turn)
    combat = await campaign_combat(ctx)
    # The GMs always read who paid a bribed attack; the victim when its report says so
    # (`reveal_briber_to_victim` on as it came up, SP-I33).
    reports = await _with_bribers(ctx, state, reports)
    distance = combat.retreat_distance_points
    # SP-I40: the base attacks (step 2) came before the raids (step 3).
    pages = [[*(base_attack_line(b, settings) for b in bases)]]
    pages[0] += [line for r in reports for line in report_lines(r)]
    pages[0] += [line for r in lost for line in lost_elsewhere_lines(r)]  # SP-I43
    for b in bases:
        if b.battle is None or not b.battle.log_key:
            continue
        rounds = await ctx.service.archived(ctx.campaign, SPEC.key, b.battle.log_key, RoundReport)
        for rnd in rounds:
            head = Msg(C + "report.base_round", round=rnd.round, count=len(rounds))
            pages.append([head, *battle_round_lines(rnd, settings, retreat_distance=distance)])
    for r in reports:
        if r.battle is None:
            continue
        rounds = await ctx.service.archived(
            ctx.campaign, SPEC.key, battle_key(turn, faction, r.seq), RoundReport
        )
        for rnd in rounds:
            head = Msg(C + "report.round", seq=r.seq, round=rnd.round, count=len(rounds))
            told = battle_round_lines(
                rnd, settings, retreat_distance=distance, owners=r.battle.owners
            )
            pages.append([head, *told])
    for elsewhere in lost:  # the battles their ships fought in, as the victim's report has them
        if elsewhere.battle is None:
            continue
        victim, seq = elsewhere.victim, elsewhere.seq
        rounds = await ctx.service.archived(
            ctx.campaign, SPEC.key, battle_key(turn, victim, seq), RoundReport
        )
        for rnd in rounds:
            head = Msg(
                C + "report.round_elsewhere",
                victim=victim,
                seq=seq,
                round=rnd.round,
                count=len(rounds),
            )
            told = battle_round_lines(
                rnd, settings, retreat_distance=distance, owners=elsewhere.battle.owners
            )
            pages.append([head, *told])
    return pages


async def lost_elsewhere(ctx: Ctx, faction: str, turn: int) -> list[ShipsLostElsewhere]:
    """What `faction` lost defending in the other players' raids of turn `turn`'s resolution
    (a shared route's co-owner, SP-I43), in the campaign's faction order."""
    found: list[ShipsLostElsewhere] = []
    for victim in ctx.factions:
        if victim.name != faction:
            found += await ctx.service.archived(
                ctx.campaign, SPEC.key, lost_key(turn, faction, victim.name), ShipsLostElsewhere
            )
    return found


async def _with_bribers(
    ctx: Ctx, state: SpacePiratesState, reports: list[RaidReport]
) -> list[RaidReport]:
    """The reports with the briber of each bribed attack the reader may know filled in (a
    GM every one; the victim those whose report says they learn who paid, SP-I33), from the
    bribes kept in the state or archived, a sealed one's from who sealed it."""
    wanted = {
        r.bribe_id
        for r in reports
        if r.bribe_id is not None and r.briber is None and (ctx.is_gm or r.names_briber)
    }
    if not wanted:
        return reports
    sealed = await sealed_bribers(ctx)  # a sealed bribe's briber is named apart (SP-I33)
    bribers = {b.id: briber_of(b, sealed) for b in state.bribes if b.id in wanted}
    if wanted - set(bribers):
        archived = await ctx.service.archived(ctx.campaign, SPEC.key, BRIBES, Bribe)
        bribers |= {b.id: briber_of(b, sealed) for b in archived if b.id in wanted}
    bribers = {bribe: briber for bribe, briber in bribers.items() if briber}
    return [
        r.model_copy(update={"briber": bribers[r.bribe_id]})
        if r.bribe_id in bribers and r.briber is None
        else r
        for r in reports
    ]


def text_pages(pages: list[list[Msg]], locale: str, limit: int = PAGE_CHARS) -> list[str]:
    """The report's pages as text in `locale`, none longer than `limit`: a page too long goes
    on over as many pages as it needs (a battle round's opening with its heading marked as
    continued), and a line too long for a page (a roll's faces) goes on in the next one, cut
    after a comma. Nothing is left out."""
    texts: list[str] = []
    for number, page in enumerate(pages):
        lines = rendered(page, locale)
        if not lines:
            texts.append("")
            continue
        # Page 1 tells every attack, each under its own heading; a round page has one.
        head = [t(C + "page.continued", locale, head=lines[0])] if number else []
        room = limit - sum(len(h) + 1 for h in head)
        pieces = [piece for line in lines for piece in _line_pieces(line, room)]
        current: list[str] = []
        size = 0
        for piece in pieces:
            if current and size + len(piece) + 1 > limit:
                texts.append("\n".join(current))
                current, size = list(head), sum(len(h) + 1 for h in head)
            current.append(piece)
            size += len(piece) + 1
        texts.append("\n".join(current))
    return texts


def _line_pieces(line: str, limit: int) -> list[str]:
    """A line in pieces of at most `limit` characters, cut after a comma where it has one
    (a list of faces), else after a space."""
    pieces: list[str] = []
    while len(line) > limit:
        cut = line.rfind(", ", 0, limit)
        if cut > 0:
            pieces.append(line[: cut + 1])
            line = line[cut + 2 :]
            continue
        cut = line.rfind(" ", 0, limit)
        cut = cut if cut > 0 else limit
        pieces.append(line[:cut])
        line = line[cut:].lstrip(" ")
    pieces.append(line)
    return pieces


def page_view(turn: int, faction_id: int, page: int, count: int, locale: str) -> discord.ui.View:
    """Previous / next buttons of a paged report."""
    return controls.view(
        [
            controls.button(
                REPORT,
                [turn, faction_id, page - 1],
                t(C + "page.previous", locale),
                disabled=page <= 0,
            ),
            controls.button(
                REPORT,
                [turn, faction_id, page + 1],
                t(C + "page.next", locale),
                disabled=page >= count - 1,
            ),
        ]
    )


async def show_report(ctx: Ctx, faction: str, turn: int, page: int, *, edit: bool) -> None:
    """One page of a player's raid report, privately to the reader."""
    pages = text_pages(await report_pages(ctx, faction, turn), ctx.locale)
    if not 0 <= page < len(pages):
        raise NotFound(C + "error.no_page", page=page + 1, count=len(pages))
    title = t(C + "report.title", ctx.locale, faction=shown(faction), turn=turn)
    body = pages[page]
    footer = t(C + "page.footer", ctx.locale, page=page + 1, count=len(pages))
    embed = make_embed(title, body, footer=footer)
    cite_in_footer(embed, ctx.locale)
    faction_id = next(f.id for f in ctx.factions if f.name == faction)
    view = page_view(turn, faction_id, page, len(pages), ctx.locale) if len(pages) > 1 else None
    if edit:
        await update_message(ctx.interaction, embed=embed, view=view)
    else:
        await reply(ctx.interaction, embed=embed, view=view, ephemeral=True)


@controls.control(REPORT)
async def report_clicked(interaction: discord.Interaction[Any], args: list[str]) -> None:
    """A report button under the summary (a new private message) or a page button (it turns
    the page in place)."""
    turn, faction_id, page = (int(a) for a in args)
    ctx = await RulesetContext.of(interaction, SPEC)
    faction = next((f.name for f in ctx.factions if f.id == faction_id), None)
    if faction is None:
        raise NotFound(C + "error.report_faction_gone")  # its join was undone
    paging = bool(interaction.message and interaction.message.flags.ephemeral)
    await show_report(ctx, faction, turn, page, edit=paging)


@turn_followup(SPEC.key)
async def after_turn(
    uow: UnitOfWork, posting: TurnPosting, summary: TurnSummary
) -> list[Announcement]:
    """Under the summary: a report button per player with a raid or base attack report
    (only that player and the GMs may open it), then the questions the resolution waits
    for (SP-I34, SP-I45), each pinging exactly its player; written in the turn end's
    transaction (posted once, also after a crash)."""
    turn, public = posting.turn, posting.locale
    ids = {f.name: f.id for f in posting.factions}
    for choice in await uow.writes.open_choices(uow.campaign.id):
        if choice.kind == OPERATION:  # quotes are for the turn they were made in
            await uow.replace_choice(choice, TURN_ENDED)
    buttons = [
        controls.button(REPORT, [turn, ids[f], 0], t(C + "report.button", public, faction=f))
        for f in reported(summary.outcome)
        if f in ids
    ]
    messages = [
        Announcement(
            content=t(C + "report.buttons", public, turn=turn),
            view=controls.view(buttons[start : start + PER_MESSAGE]),
        )
        for start in range(0, len(buttons), PER_MESSAGE)
    ]
    private = posting.private_locale
    # Who paid a cancelled bribe, a sealed one's too, for the GM who ended the turn (SP-I33).
    sealed = payers(await secret_rolls.sealed_parts_in(uow.conn, uow.campaign.id))
    told = [
        text
        for lines in summary.private.values()
        for text in rendered(bribers_named(lines, sealed), private)
    ]
    if told:  # the GM's eyes only (SP-I33): shown to the GM who confirmed
        messages.append(Announcement(content="\n".join(told)[:2000], ephemeral=True))
    state, _ = await uow.load(SPEC)
    settled = await _settled_by_turn_end(uow, summary, turn)
    return messages + settled + questions(open_questions(state, turn), posting.user_of, public)


async def _settled_by_turn_end(
    uow: UnitOfWork, summary: TurnSummary, turn: int
) -> list[Announcement]:
    """SP-I45: each question of an earlier resolution that this turn's end settled with its
    default, redrawn in its own message: how its attack ended (or the answer taken), that
    its player did not answer before the turn ended, then what that resolution did to its
    end; no buttons left (its ping line is marked settled)."""
    taken = {int(k): str(v) for k, v in (summary.outcome.get("defaults_taken") or {}).items()}
    before = state_before(uow, SPEC) if taken else None
    if before is None:
        return []
    asked = [q for q in open_questions(before) if q.choice_id in taken]
    lines = _earlier_lines(summary.lines)
    return [
        settled_question(
            q,
            post,
            taken[q.choice_id],
            summary.outcome,
            lines,
            head=Msg(C + "question.settled_at_turn_end", faction=faction_of(q), turn=turn),
            escaped=True,  # the summary's lines are
        )
        for q, post in await question_posts(uow, asked)
    ]


def _earlier_lines(lines: list[Msg]) -> list[Msg]:
    """The summary's lines of the earlier resolution its turn's end finished: between its
    heading and the heading of the turn's own resolution."""
    keys = [m.key for m in lines]
    if P + "turn.earlier" not in keys:
        return []
    start = keys.index(P + "turn.earlier") + 1
    end = keys.index(P + "turn.current") if P + "turn.current" in keys else len(lines)
    return lines[start:end]


async def report_command(
    interaction: discord.Interaction[Any], faction: str | None, turn: int | None, page: int
) -> None:
    """`/pirates report`: the acting player's (a GM: any player's) raid report."""
    base = await campaign_context(interaction)
    ctx = await RulesetContext.within(interaction, base, SPEC)
    who = ctx.acting_faction(faction)
    shown = turn if turn is not None else max(ctx.campaign.turn - 1, 1)
    await show_report(ctx, who, shown, page - 1, edit=False)


REPORT_DESCRIBE: dict[str, str | app_commands.locale_str] = {
    "faction": "Whose raids (GMs: any)",
    "turn": "The turn resolved (default: the last)",
    "page": "The page (1: the raids; then the battle rounds)",
}
