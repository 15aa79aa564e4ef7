"""`/roll`: a dice expression rolled through the audited roller and written to the campaign log."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import announcements, dice_expr
from bot.announcements import Announcement
from bot.app import PrivateerBot
from bot.interactions import campaign_context, make_embed
from bot.text import ROLL_REASON_MAX, clean_text, shown
from cogs.secret_rolls import roll_in_secret


class DiceCog(commands.Cog):
    """Free rolls: `2d6+1`, `4d6kh3`, `3d6-1d4+2`, each one logged."""

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot

    @app_commands.command(name="roll", description="Roll dice, e.g. 2d6+1, 4d6kh3 or 3d6-1d4+2")
    @app_commands.describe(
        dice="A dice expression: 2d6+1, d20, 4d6kh3, 2d20kl",
        reason="What the roll is for",
        secret="Only you and the GMs see the result until it is revealed (GMs)",  # noqa: S106
    )
    @app_commands.guild_only()
    async def roll(
        self,
        interaction: discord.Interaction[Any],
        dice: app_commands.Range[str, 1, 100],
        reason: app_commands.Range[str, 1, ROLL_REASON_MAX] | None = None,
        secret: bool = False,
    ) -> None:
        """Parse first (bad input changes nothing), then roll and log in one transaction."""
        ctx = await campaign_context(interaction)
        expression = dice_expr.parse(dice)
        if reason is not None:
            reason = clean_text(reason, ROLL_REASON_MAX, error="dice.error.reason")
        factions = [
            f.name
            for f in await ctx.service.factions(ctx.campaign.id)
            if f.user_id == ctx.actor.user_id
        ]
        if secret:
            await roll_in_secret(interaction, ctx, expression, dice, reason, factions)
            return
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            result = dice_expr.evaluate(expression, uow.dice, reason=reason)
            entry = await uow.append(
                "roll",
                options={"dice": dice, "reason": reason},
                outcome={"summary": f"{expression.canonical} = {result.total}", **result.to_json()},
                faction=factions[0] if factions else None,
            )
            title = ctx.t("roll.title", total=result.total)
            embed = make_embed(
                f"🎲 {shown(reason)}: {result.total}" if reason else title,
                result.render(ctx.locale),
                footer=ctx.t("roll.footer", seq=entry.seq, who=interaction.user.display_name),
            )
            # The result is written with the roll: shown once, even after a crash (outbox).
            rows = await announcements.write(
                uow, interaction, [Announcement(embeds=[embed])], locale=ctx.locale
            )
        await announcements.deliver(interaction, ctx.service.db, rows)


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(DiceCog(bot))
