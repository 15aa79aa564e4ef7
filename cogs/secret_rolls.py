"""Secret rolls on Discord: `/roll … secret:true` (called by the /roll cog) and `/reveal`.

What the channel sees (that a roll was made, its reveal) is written in the campaign's
language and kept in the outbox with the entry, like a public `/roll`; the faces shown to the
roller alone are in the roller's own language (issue 18). A reason is player text: escaped.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import announcements
from bot import dice_expr
from bot import secret_rolls
from bot.announcements import Announcement
from bot.app import PrivateerBot
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.interactions import Context
from bot.interactions import campaign_context
from bot.interactions import make_embed
from bot.interactions import who
from bot.text import shown
from cogs.history import render_outcome


async def roll_in_secret(
    interaction: discord.Interaction[Any],
    ctx: Context,
    expression: dice_expr.DiceExpression,
    dice: str,
    reason: str | None,
    factions: list[str],
    saved: str | None = None,
) -> None:
    """`/roll … secret:true`: the channel sees the entry and its commitment; the roller alone
    sees the faces (GMs too, with /history show); `saved`: the expression of the saved roll
    `dice` names."""
    if not ctx.is_gm and not await ctx.service.players_roll_secretly(ctx.campaign.id):
        raise NotAllowed("roll.secret.refused")
    async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
        result = await secret_rolls.roll(
            uow,
            expression,
            dice=dice,
            reason=reason,
            faction=factions[0] if factions else None,
            saved=saved,
        )
        seq = result.entry.seq
        who = shown(interaction.user.display_name)
        public = make_embed(
            ctx.pt("roll.secret.title"),
            ctx.pt("roll.secret.body", who=who, seq=seq, commitment=result.commitment),
        )
        total = dice_expr.totals_text(result.roll)
        private = make_embed(
            f"🎲 {shown(reason)}: {total}" if reason else ctx.t("roll.title", total=total),
            ctx.t("roll.secret.result", seq=seq) + "\n" + result.roll.render(ctx.locale),
        )
        written = [Announcement(embeds=[public]), Announcement(embeds=[private], ephemeral=True)]
        rows = await announcements.write(uow, interaction, written, locale=ctx.public_locale)
    await announcements.deliver(interaction, ctx.service.db, rows)


class SecretRollCog(commands.Cog):
    """`/reveal`: publish a secret roll."""

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot

    @who("author")
    @app_commands.command(name="reveal", description="Reveal a secret roll (its roller or a GM)")
    @app_commands.describe(entry="The secret roll's entry number (#)")
    @app_commands.guild_only()
    async def reveal(
        self, interaction: discord.Interaction[Any], entry: app_commands.Range[int, 1]
    ) -> None:
        """Publish the hidden part; anyone can check it against the commitment."""
        ctx = await campaign_context(interaction)
        if await ctx.service.log.entry(ctx.campaign.id, entry) is None:
            raise NotFound("error.entry_not_found", entry=entry)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            revealed, payload = await secret_rolls.reveal_entry(uow, entry, gm=ctx.is_gm)
            embed = reveal_embed(ctx, entry, revealed.seq, payload)
            rows = await announcements.write(
                uow, interaction, [Announcement(embeds=[embed])], locale=ctx.public_locale
            )
        await announcements.deliver(interaction, ctx.service.db, rows)


def reveal_embed(ctx: Context, seq: int, reveal: int, payload: dict[str, Any]) -> discord.Embed:
    """The revealed roll (or a ruleset's hidden entry) for everyone, in the campaign's
    language: its total, reason and faces, and the commitment it matches."""
    language = ctx.public_locale
    footer = ctx.pt(
        "roll.reveal.footer",
        reveal=reveal,
        commitment=secret_rolls.revealed_commitment(payload),
    )
    roll = secret_rolls.replay(payload)
    if roll is None:  # a ruleset's hidden information, not a /roll
        summary = render_outcome(payload["outcome"], language)
        return make_embed(ctx.pt("roll.reveal.other", seq=seq), summary or None, footer=footer)
    reason = payload["options"].get("reason")
    return make_embed(
        ctx.pt("roll.reveal.title", seq=seq, total=dice_expr.totals_text(roll)),
        (f"{shown(reason)}: " if reason else "") + roll.render(language),
        footer=footer,
    )


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(SecretRollCog(bot))
