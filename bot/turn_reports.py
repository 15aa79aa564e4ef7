"""The messages `/turn end` posts: one summary per ruleset, packed into as few messages as
Discord allows, written in the turn end's own transaction (bot/announcements.py)."""

from __future__ import annotations

import discord

from bot.announcements import Announcement
from bot.campaigns import TurnEndReport
from bot.i18n import t
from bot.interactions import line_embeds, make_embed, message_batches


def turn_end_messages(report: TurnEndReport, locale: str) -> list[Announcement]:
    """Each ruleset's summary (its lines, its roll count), batched per message."""
    batches = message_batches(turn_end_embeds(report, locale))
    return [Announcement(embeds=batch) for batch in batches]


def turn_end_embeds(report: TurnEndReport, locale: str) -> list[discord.Embed]:
    """The end-of-turn summary: one embed (or more) per ruleset."""
    turn = report.turn
    embeds: list[discord.Embed] = []
    for summary in report.summaries:
        title = t(
            "turn.end.summary.title",
            locale,
            ruleset=t(f"ruleset.{summary.ruleset}", locale),
            turn=turn,
        )
        lines = [m.render(locale) for m in summary.lines] or [t("turn.end.nothing", locale)]
        footer = t("turn.end.summary.footer", locale, count=summary.roll_count)
        embeds += line_embeds(title, lines, footer=footer)
    if not embeds:
        embeds.append(
            make_embed(t("turn.end.done.title", locale, turn=turn), t("turn.end.nothing", locale))
        )
    return embeds
