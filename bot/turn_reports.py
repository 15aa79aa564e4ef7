"""The end of a turn and the messages it posts: one code path for a confirmed `/turn end` and
the deadline's automatic end (cogs/turn.py).

Everything the turn end announces is written in its own transaction (bot/announcements.py):
each ruleset's summary packed into as few messages as Discord allows, the message that pings
the players concerned with the revealed seed (rendered when posted, from the committed log),
and each ruleset's follow-ups (questions with buttons, report buttons). After the commit they
are posted in order, as the GM's click's answer or in the campaign's channel; a crash in
between posts them at the next start-up. A turn ends once: the second attempt is a Conflict.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

import discord
from pydantic import BaseModel

from bot import announcements
from bot import fair_embeds
from bot import rulesets
from bot.announcements import Announcement
from bot.campaigns import Actor
from bot.campaigns import Campaign
from bot.campaigns import CampaignService
from bot.campaigns import Faction
from bot.campaigns import TurnEndReport
from bot.campaigns import TurnSummary
from bot.campaigns import UnitOfWork
from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import Msg
from bot.i18n import catalog
from bot.i18n import msg_from_json
from bot.i18n import t
from bot.interactions import TurnPosting
from bot.interactions import cite_in_footer
from bot.interactions import followup_of
from bot.interactions import line_embeds
from bot.interactions import locale_of
from bot.interactions import make_embed
from bot.interactions import message_batches
from bot.storage.outbox import OutboxMessage
from bot.text import shown
from bot.turn_flow import Ending
from bot.turn_flow import Pings
from bot.turn_flow import TurnFlow
from bot.turn_flow import ending_of

TAIL = "turn_end.tail"  # the renderer of the pings and the revealed seed


def turn_end_messages(report: TurnEndReport, locale: str) -> list[Announcement]:
    """Each ruleset's summary (its lines, its roll count), batched per message."""
    return [
        Announcement(embeds=batch) for batch in message_batches(turn_end_embeds(report, locale))
    ]


def turn_end_embeds(report: TurnEndReport, locale: str) -> list[discord.Embed]:
    """The end-of-turn summary: one embed (or more) per ruleset that had something to do,
    its lines telling what happened and each embed's rule citations in its footer (after
    the roll count on the last), as every public message of the bot does; the audit log
    keeps the cited text."""
    turn = report.turn
    embeds: list[discord.Embed] = []
    # A ruleset with nothing to do is left out; when all are, one embed says so.
    for summary in (s for s in report.summaries if not (s.quiet and s.roll_count == 0)):
        title = t(
            "turn.end.summary.title",
            locale,
            ruleset=t(f"ruleset.{summary.ruleset}", locale),
            turn=turn,
        )
        lines = [m.render(locale) for m in summary.lines] or [t("turn.end.nothing", locale)]
        footer = t("turn.end.summary.footer", locale, count=summary.roll_count)
        pages = line_embeds(title, lines)
        for page in pages:
            cite_in_footer(page, locale, footer=[footer] if page is pages[-1] else [])
        embeds += pages
    revealed = revealed_lines(report, locale)
    if revealed:
        embeds += line_embeds(
            t("turn.end.revealed.title", locale, turn=turn, count=len(revealed)), revealed
        )
    if not embeds:
        # Below the message saying the turn has ended (the GM's confirmation, or the
        # deadline's announcement, redrawn): the outcome alone, not that title again.
        embeds.append(make_embed(t("turn.end.nothing_title", locale)))
    return embeds


def revealed_lines(report: TurnEndReport, locale: str) -> list[str]:
    """The secret `/roll`s the turn's end revealed, as `/reveal` shows one: the roll's entry,
    who rolled it, its reason (escaped) and its faces and total, and the undo that had struck
    it, if one had (a ruleset's hidden entry is its own ruleset's to tell)."""
    lines = []
    for revealed in report.revealed:
        roll = revealed.roll_text(locale)
        if roll is None:
            continue
        reason = revealed.reason()
        params: dict[str, Any] = {
            "entry": revealed.secret.seq,
            "who": f"<@{revealed.secret.actor_id}>",
            # a repeated roll's numbered lines stay on its line of the list
            "roll": roll.replace("\n", "; "),
        }
        if reason:
            line = t("turn.end.revealed.line_reason", locale, reason=shown(reason), **params)
        else:
            line = t("turn.end.revealed.line", locale, **params)
        if revealed.undone_in is not None:  # a GM's undo had struck it: it decided nothing
            line += " " + t("turn.end.revealed.undone", locale, entry=revealed.undone_in)
        lines.append(line)
    return lines


def ending_line(ending: Ending, current: int, locale: str) -> str:
    """Which turn's end is still running (in which rulesets), whom it waits for, as
    `<@player> (**Faction**)`, and that turn `current` has begun meanwhile: `/turn status`
    and the turn's end itself say it alike. A faction nobody plays is no one to wait for:
    the line says it has no player and which command a GM answers for it with (SP-I45)."""
    names = ", ".join(t(f"ruleset.{key}", locale) for key in ending.rulesets)
    who = ", ".join(f"<@{user}> (**{shown(faction)}**)" for user, faction in ending.asked if user)
    key = "turn.status.ending" if who else "turn.status.ending_unnamed"
    told = [t(key, locale, rulesets=names, turn=ending.turn, who=who, current=current)]
    commands = ", ".join(
        t(f"turn.status.gm_answers.{ruleset}", locale)
        for ruleset in ending.rulesets
        if f"turn.status.gm_answers.{ruleset}" in catalog(DEFAULT_LANGUAGE)
    )
    gm = "turn.status.no_player" if commands else "turn.status.no_player_gm"
    told += [
        t(gm, locale, faction=shown(faction), commands=commands)
        for user, faction in ending.asked
        if not user
    ]
    return " ".join(told)


async def ending_in(uow: UnitOfWork, factions: Sequence[Faction], current: int) -> Ending | None:
    """The end a ruleset has not finished resolving before turn `current`
    (`turn_flow.ending_of`), as the turn's end leaves the states in its transaction."""
    states: dict[str, tuple[BaseModel, BaseModel]] = {}
    for key in uow.campaign.rulesets:
        try:
            spec = rulesets.get(key)
        except KeyError:
            continue
        if spec.resolving is not None:
            states[key] = await uow.load(key)
    return ending_of(uow.campaign, states, factions, current=current)


def ended_embed(turn: int, ending: Ending | None, locale: str, at_deadline: bool) -> discord.Embed:
    """What the GM's confirmation (and the message of the deadline's automatic end, both
    redrawn above the summaries) says of turn `turn`'s end: that it has ended, or, while a
    ruleset's resolution waits for an answer (`ending`), that its end is under way, whose
    answer it waits for and that the next turn has begun meanwhile (as `/turn status`
    tells it). The end of an earlier turn still waiting is told below a title saying this
    one has ended."""
    told = ending_line(ending, turn + 1, locale) if ending is not None else None
    if ending is None or ending.turn != turn:
        key = "turn_flow.ended_at_deadline" if at_deadline else "turn.end.done.title"
        return make_embed(t(key, locale, turn=turn), told)
    key = "turn_flow.deadline_ending" if at_deadline else "turn.end.done.title_ending"
    return make_embed(t(key, locale, turn=turn), told)


def turn_end_mentions(users: Pings, locale: str) -> str:
    """The line of a turn's end summary that pings the players it concerns, each with why,
    leaving room for the note it leads with when it is posted late."""
    return users.line(locale, announcements.CONTENT_MAX - announcements.NOTE_ROOM)


async def end_turn(
    service: CampaignService,
    campaign: Campaign,
    turn: int,
    actor: Actor,
    *,
    locale: str,
    interaction: discord.Interaction[Any] | None = None,
    choice_id: int | None = None,
    first: Callable[[discord.Embed], Sequence[Announcement]] | None = None,
    at_deadline: bool = False,
) -> tuple[TurnEndReport, list[OutboxMessage]]:
    """End `turn` once and write what it posts: `first` (the GM's confirmation, or the
    message of the deadline's end when `at_deadline` ended it, redrawn given what its end
    says, `ended_embed`), the summaries, the pings with the revealed seed, each ruleset's
    follow-ups.
    Returns the report and the messages to post (`announcements.deliver` for a click,
    `announcements.post` otherwise). Raises Conflict when the turn already ended."""
    written: list[OutboxMessage] = []

    async def announce(uow: UnitOfWork, report: TurnEndReport) -> None:
        private = locale_of(interaction) if interaction is not None else locale
        factions = await uow.writes.factions(campaign.id)
        ending = await ending_in(uow, factions, report.turn + 1)
        ended = ended_embed(report.turn, ending, locale, at_deadline)
        posting = TurnPosting(uow.campaign, factions, report.turn, locale, private)
        affected = [affected_json(s) for s in report.summaries if s.affected]
        followups: list[Announcement] = []
        for summary in report.summaries:
            followup = followup_of(summary.ruleset)
            if followup is not None:
                followups += await followup(uow, posting, summary)
        # A player a follow-up (a question) pings is named in the pings, not notified twice.
        asked = sorted({user for message in followups for user in message.pinged})
        tail = {"turn": report.turn, "affected": affected, "asked": asked}
        messages = [
            *(first(ended) if first is not None else []),
            *turn_end_messages(report, locale),
            Announcement(render=TAIL, args=tail),
            *followups,
        ]
        written.extend(
            await announcements.write(
                uow, interaction, messages, locale=locale, channel_id=campaign.channel_id
            )
        )

    report = await service.end_turn(
        campaign.id, turn, actor, choice_id=choice_id, announce=announce
    )
    return report, written


def affected_json(summary: TurnSummary) -> list[Any]:
    """A ruleset's affected factions as the ping's row keeps them: `[ruleset, [factions],
    {faction: [line, …]}]`, the lines saying what happened to each (a row written before
    the lines were kept has the first two alone, and pings as "something happened")."""
    lines = {
        faction: [line.to_json() for line in summary.affected_lines.get(faction, [])]
        for faction in summary.affected
        if summary.affected_lines.get(faction)
    }
    return [summary.ruleset, list(summary.affected), lines]


def affected_of(row: Sequence[Any]) -> TurnSummary:
    """A ruleset's affected factions and their lines, read back from the ping's row."""
    ruleset, factions, *rest = row
    lines = {
        str(faction): [m for m in (msg_from_json(j) for j in told) if isinstance(m, Msg)]
        for faction, told in (rest[0] if rest else {}).items()
    }
    return TurnSummary(str(ruleset), [], 0, 0, [str(f) for f in factions], affected_lines=lines)


@announcements.renderer(TAIL)
async def _tail(client: discord.Client, row: OutboxMessage) -> dict[str, Any]:
    """The players something happened to (with what, when the ruleset told it), or whom a
    choice now waits for, pinged; the closing turn's revealed seed and the next one's
    commitment (from the committed log)."""
    service: CampaignService = client.service  # type: ignore[attr-defined]
    args = row.payload["args"]
    locale = str(row.payload.get("locale") or "en")
    turn = int(args["turn"])
    affected = [affected_of(row) for row in args.get("affected", [])]
    pinged = await TurnFlow(service).notified(row.campaign_id, TurnEndReport(turn, affected))
    fair = await fair_embeds.turn_end_embed(
        service.db, row.campaign_id, turn, locale, test_dice=service.dice_factory is not None
    )
    asked = {int(u) for u in args.get("asked", [])}  # notified by their question's own ping
    return {
        "content": turn_end_mentions(pinged, locale) if pinged else None,
        "embeds": [fair.to_dict()] if fair is not None else [],
        "allowed_mentions": {"parse": [], "users": [str(u) for u in pinged if u not in asked]},
    }
