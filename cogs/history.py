"""`/history …`: the campaign's audit log — list, show, export, verify, dice fairness stats."""

from __future__ import annotations

import csv
import io
import json
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import anchors, controls, dice_stats, fair_embeds, secret_rolls
from bot.app import PrivateerBot
from bot.campaigns import CORE
from bot.chart_files import luck_files
from bot.controls import Control
from bot.dice import RollRecord
from bot.errors import NotFound
from bot.export_page import export_page, member_names
from bot.i18n import Msg, msg_from_json, t
from bot.interactions import (
    Context,
    add_field,
    campaign_context,
    clip,
    make_embed,
    reply,
    ruleset_choices,
)
from bot.storage.audit import GENESIS, AuditEntry, VerifyReport
from bot.storage.log import HistoryFilter
from bot.storage.verify import export_extras

PAGE_SIZE = 10


def render_outcome(outcome: dict[str, Any], locale: str, separator: str = " ") -> str:
    """The human summary kept in an entry's outcome (text or translatable messages); its
    lines are sentences, joined by `separator`."""
    summary = outcome.get("summary")
    items = summary if isinstance(summary, list) else [summary] if summary else []
    parts = []
    for item in items:
        message = msg_from_json(item)
        parts.append(message.render(locale) if isinstance(message, Msg) else str(message))
    return separator.join(parts)


def entry_line(entry: AuditEntry, locale: str) -> str:
    """One line of `/history list`."""
    dice = sum(len(r.faces) for r in entry.rolls)
    head = f"`#{entry.seq}` T{entry.turn} · **{entry.command}** · <@{entry.actor_id}>"
    if entry.ruleset != CORE:
        head += f" · {t(f'ruleset.{entry.ruleset}', locale)}"
    if dice:
        head += " · " + t("history.dice", locale, count=dice)
    summary = render_outcome(entry.outcome, locale)
    return head + (f"\n{clip(summary, 180)}" if summary else "")


def faces_text(faces: tuple[int, ...], limit: int = 60) -> str:
    """Faces as text, shortened for long rolls."""
    shown = ", ".join(str(f) for f in faces[:limit])
    return shown + (f", … (+{len(faces) - limit})" if len(faces) > limit else "")


def _page_button(
    before: int, flt: HistoryFilter, direction: str, label: str, disabled: bool
) -> Control:
    """A page button of `/history list`; its custom_id carries the cursor and the filters."""
    args = (before, flt.actor_id or 0, flt.ruleset or "-", flt.turn or 0, direction)
    return controls.button("history.page", args, label, disabled=disabled)


@controls.control("history.page")
async def history_page_button(interaction: discord.Interaction[Any], args: list[str]) -> None:
    """Show the page that starts before the cursor, with the same filters."""
    before, actor, ruleset, turn = int(args[0]), int(args[1]), args[2], int(args[3])
    flt = HistoryFilter(
        actor_id=actor or None, ruleset=None if ruleset == "-" else ruleset, turn=turn or None
    )
    ctx = await campaign_context(interaction)
    embed, view = await history_page(ctx, flt, before or None)
    await interaction.response.edit_message(embed=embed, view=view)


async def history_page(
    ctx: Context, flt: HistoryFilter, before: int | None
) -> tuple[discord.Embed, discord.ui.View]:
    """One page of the log, newest first, with Older/Newer buttons."""
    entries = await ctx.service.log.page(
        ctx.campaign.id, flt, before_seq=before, limit=PAGE_SIZE + 1
    )
    more = len(entries) > PAGE_SIZE
    entries = entries[:PAGE_SIZE]
    embed = make_embed(ctx.t("history.list.title", name=ctx.campaign.name))
    if entries:
        text = "\n".join(entry_line(e, ctx.locale) for e in entries)
        embed.description = clip(text, 4096)
    else:
        embed.description = ctx.t("history.list.empty")
    filters = []
    if flt.actor_id:
        filters.append(f"<@{flt.actor_id}>")
    if flt.ruleset:
        filters.append(ctx.t(f"ruleset.{flt.ruleset}"))
    if flt.turn:
        filters.append(ctx.t("history.turn", turn=flt.turn))
    if filters:
        add_field(embed, ctx.t("history.list.filters"), ", ".join(filters))
    embed.set_footer(text=ctx.t("history.list.footer", total=ctx.campaign.log_count))
    view = discord.ui.View(timeout=None)
    top = entries[0].seq if entries else 0
    newer_start = top + PAGE_SIZE + 1
    view.add_item(
        _page_button(
            newer_start, flt, "p", ctx.t("history.newer"), disabled=before is None or top == 0
        )
    )
    view.add_item(
        _page_button(entries[-1].seq if entries else 0, flt, "n", ctx.t("history.older"), not more)
    )
    return embed, view


async def posted_anchors(interaction: discord.Interaction[Any]) -> dict[str, Any]:
    """The heads and commitments the bot posted in this channel, for the export."""
    posted = await anchors.from_interaction(interaction)
    return {
        "heads": sorted(posted.heads.items()),
        "commitments": sorted(posted.commitments.items()),
    }


class HistoryCog(commands.Cog):
    """Review and verify the campaign's roll history."""

    history_group = app_commands.Group(
        name="history", description="The campaign's roll and action log", guild_only=True
    )

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot

    @history_group.command(name="list", description="Recent log entries, newest first")
    @app_commands.describe(
        player="Only this player's actions", ruleset="Only this ruleset", turn="Only this turn"
    )
    async def list_(
        self,
        interaction: discord.Interaction[Any],
        player: discord.Member | None = None,
        ruleset: str | None = None,
        turn: app_commands.Range[int, 1, 100000] | None = None,
    ) -> None:
        """A page of entries with filters and page buttons."""
        ctx = await campaign_context(interaction)
        flt = HistoryFilter(
            actor_id=player.id if player else None, ruleset=ruleset or None, turn=turn
        )
        embed, view = await history_page(ctx, flt, None)
        await reply(interaction, embed=embed, view=view)

    @list_.autocomplete("ruleset")
    async def ruleset_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The campaign's rulesets plus core."""
        return await ruleset_choices(interaction, current)

    @history_group.command(name="show", description="One entry with every die and its clause")
    @app_commands.describe(entry="The entry number (#) from /history list")
    async def show(
        self, interaction: discord.Interaction[Any], entry: app_commands.Range[int, 1]
    ) -> None:
        """Every die with its purpose and the clause that asked for it."""
        ctx = await campaign_context(interaction)
        found = await ctx.service.log.entry(ctx.campaign.id, entry)
        if found is None:
            raise NotFound("error.entry_not_found", entry=entry)
        embed = make_embed(
            ctx.t("history.show.title", seq=found.seq, command=found.command),
            render_outcome(found.outcome, ctx.locale, "\n")
            or secret_rolls.secret_line(found.outcome, ctx.locale)
            or None,
        )
        add_field(
            embed,
            ctx.t("history.show.who"),
            f"<@{found.actor_id}>" + (f" ({found.faction})" if found.faction else ""),
            inline=True,
        )
        add_field(embed, ctx.t("history.show.turn"), str(found.turn), inline=True)
        add_field(
            embed,
            ctx.t("history.show.when"),
            found.created_at[:19].replace("T", " ") + " UTC",
            inline=True,
        )
        if found.options:
            opts = ", ".join(f"{k}={v}" for k, v in found.options.items())
            add_field(embed, ctx.t("history.show.options"), clip(opts, 1024))
        for i, roll in enumerate(found.rolls[:20], start=1):
            name = f"{i}. {roll.purpose}" + (f" [{roll.clause}]" if roll.clause else "")
            value = f"`{roll.notation}` → {faces_text(roll.faces)}; " + ctx.t(
                "history.show.total", total=roll.total
            )
            if roll.target is not None:
                value += "; " + ctx.t(
                    "history.show.target", target=roll.target, successes=roll.successes
                )
            add_field(embed, name, value)
        if len(found.rolls) > 20:
            add_field(embed, "…", ctx.t("history.show.more_rolls", count=len(found.rolls) - 20))
        embed.set_footer(text=f"sha256 {found.hash[:16]}…")
        hidden = await secret_rolls.shown_secret(ctx.service.db, found, ctx.actor, ctx.is_gm)
        if hidden is not None:
            add_field(embed, ctx.t("history.show.secret_title"), hidden.render(ctx.locale))
        await reply(interaction, embed=embed, ephemeral=hidden is not None)

    @history_group.command(name="export", description="The whole log as CSV and JSON files")
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        """CSV (one row per roll), JSON (entries with rolls and hashes, and the archive
        records they list, each as its stored JSON text: sha256 of `body` is the digest) and
        the self-checking HTML page of the same data (bot/export_page.py)."""
        ctx = await campaign_context(interaction)
        await interaction.response.defer(thinking=True)
        text = io.StringIO()
        writer = csv.writer(text)
        writer.writerow(
            [
                "seq",
                "turn",
                "ruleset",
                "command",
                "actor_id",
                "faction",
                "created_at",
                "roll",
                "purpose",
                "clause",
                "notation",
                "faces",
                "total",
                "target",
                "successes",
                "hash",
            ]
        )
        entries = []
        prev = GENESIS
        async for e in ctx.service.log.entries(ctx.campaign.id):
            entries.append({**e.hashed_form(), "hash": e.hash, "prev_hash": prev})
            prev = e.hash
            rows: list[tuple[int, RollRecord | None]] = [*enumerate(e.rolls, start=1)] or [
                (0, None)
            ]
            for i, r in rows:
                writer.writerow(
                    [
                        e.seq,
                        e.turn,
                        e.ruleset,
                        e.command,
                        e.actor_id,
                        e.faction or "",
                        e.created_at,
                        i or "",
                        r.purpose if r else "",
                        (r.clause or "") if r else "",
                        r.notation if r else "",
                        " ".join(map(str, r.faces)) if r else "",
                        r.total if r else "",
                        (r.target or "") if r else "",
                        "" if r is None or r.successes is None else r.successes,
                        e.hash,
                    ]
                )
        archive = [
            {"ruleset": ruleset, "key": key, "seq": seq, "body": body}
            async for ruleset, key, seq, body in ctx.service.log.archive(ctx.campaign.id)
        ]
        slug = re.sub(r"[^a-z0-9]+", "-", ctx.campaign.name.lower()).strip("-") or "campaign"
        document = {
            "campaign": ctx.campaign.name,
            "entries": entries,
            "archive": archive,
            "anchors": await posted_anchors(interaction),
            **await export_extras(ctx.service.db, ctx.campaign.id),
        }
        files = [
            discord.File(io.BytesIO(text.getvalue().encode("utf-8")), filename=f"{slug}-log.csv"),
            discord.File(
                io.BytesIO(json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")),
                filename=f"{slug}-log.json",
            ),
            discord.File(
                io.BytesIO(export_page(document, ctx.locale, member_names(interaction)).encode()),
                filename=f"{slug}-log.html",
            ),
        ]
        await reply(
            interaction,
            embed=make_embed(ctx.t("history.export.title", count=len(entries))),
            files=files,
        )

    @history_group.command(name="verify", description="Recompute the hash chain of the whole log")
    async def verify(self, interaction: discord.Interaction[Any]) -> None:
        """OK with the entry count, or the first entry edited, removed or moved."""
        ctx = await campaign_context(interaction)
        await interaction.response.defer(thinking=True)
        posted = await anchors.from_interaction(interaction)
        result = await ctx.service.log.verify(ctx.campaign.id, posted)
        if isinstance(result, VerifyReport):  # the file is damaged: say what SQLite found
            embed = make_embed(
                ctx.t("history.verify.damaged.title"),
                ctx.t(
                    f"history.verify.bad.{result.problem}",
                    seq=result.seq,
                    count=result.count,
                    detail=result.detail,
                ),
            )
            embed.colour = discord.Colour.red()
        else:
            embed = fair_embeds.verify_embed(result, posted, ctx.locale)
        await reply(interaction, embed=embed)

    @history_group.command(name="stats", description="Dice fairness per player")
    async def stats(self, interaction: discord.Interaction[Any]) -> None:
        """Per player: dice rolled, mean face against the expected mean, chi-square per die size."""
        ctx = await campaign_context(interaction)
        await interaction.response.defer(thinking=True)
        grouped = await ctx.service.log.rolls_by_actor(ctx.campaign.id)
        embed = make_embed(ctx.t("history.stats.title", name=ctx.campaign.name))
        if not grouped:
            embed.description = ctx.t("history.list.empty")
        charted = []
        for actor_id, rolls in sorted(grouped.items()):
            report = dice_stats.player_stats(rolls)
            if report.dice == 0:
                continue
            member = interaction.guild.get_member(actor_id) if interaction.guild else None
            charted.append((member.display_name if member else str(actor_id), report))
            lines = [ctx.t("history.stats.dice", count=report.dice)]
            for size in report.by_sides:
                line = ctx.t(
                    "history.stats.size",
                    sides=size.sides,
                    count=size.dice,
                    mean=f"{size.mean:.2f}",
                    expected=f"{size.expected_mean:.2f}",
                )
                if size.chi_square is None:
                    line += " · " + ctx.t("dice.stats.too_few")
                else:
                    chi = size.chi_square
                    verdict = ctx.t(dice_stats.verdict_key(chi.p_value))
                    line += (
                        f" · χ²={chi.statistic:.2f}, df={chi.df}, p={chi.p_value:.3f} · {verdict}"
                    )
                lines.append(line)
            add_field(embed, charted[-1][0], "\n".join(lines))
        charts = await luck_files(interaction.client, interaction.user.id, charted, ctx.locale)
        await reply(interaction, embed=embed, files=charts)


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(HistoryCog(bot))
