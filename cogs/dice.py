"""`/roll`: a dice expression rolled through the audited roller and written to the campaign log."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import dice_expr, fair_turns, secret_rolls
from bot.app import PrivateerBot
from bot.errors import NotAllowed
from bot.interactions import Context, campaign_context, clip, make_embed, reply


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
        reason: app_commands.Range[str, 1, 200] | None = None,
        secret: bool = False,
    ) -> None:
        """Parse first (bad input changes nothing), then roll and log in one transaction."""
        ctx = await campaign_context(interaction)
        expression = dice_expr.parse(dice)
        factions = [
            f.name
            for f in await ctx.service.factions(ctx.campaign.id)
            if f.user_id == ctx.actor.user_id
        ]
        if secret:
            await self._secret(interaction, ctx, expression, dice, reason, factions)
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
            f"🎲 {clip(reason, 200)}: {result.total}" if reason else title,
            result.render(ctx.locale),
            footer=ctx.t("roll.footer", seq=entry.seq, who=interaction.user.display_name),
        )
        await reply(interaction, embed=embed)

    async def _secret(
        self,
        interaction: discord.Interaction[Any],
        ctx: Context,
        expression: dice_expr.DiceExpression,
        dice: str,
        reason: str | None,
        factions: list[str],
    ) -> None:
        """The channel sees the entry and its commitment; the roller alone sees the faces."""
        if not ctx.is_gm and not await fair_turns.players_roll_secretly(
            ctx.service.db, ctx.campaign.id
        ):
            raise NotAllowed("roll.secret.refused")
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            result = await secret_rolls.roll(
                uow,
                expression,
                dice=dice,
                reason=reason,
                faction=factions[0] if factions else None,
            )
        seq = result.entry.seq
        who = interaction.user.display_name
        await reply(
            interaction,
            embed=make_embed(
                ctx.t("roll.secret.title"),
                ctx.t("roll.secret.body", who=who, seq=seq, commitment=result.commitment),
            ),
        )
        title = ctx.t("roll.title", total=result.roll.total)
        private = make_embed(
            f"🎲 {clip(reason, 200)}: {result.roll.total}" if reason else title,
            ctx.t("roll.secret.result", seq=seq) + "\n" + result.roll.render(ctx.locale),
        )
        await interaction.followup.send(embed=private, ephemeral=True)

    @app_commands.command(name="reveal", description="Reveal a secret roll (its roller or a GM)")
    @app_commands.describe(entry="The secret roll's entry number (#)")
    @app_commands.guild_only()
    async def reveal(
        self, interaction: discord.Interaction[Any], entry: app_commands.Range[int, 1]
    ) -> None:
        """Publish the hidden part; anyone can check it against the commitment."""
        ctx = await campaign_context(interaction)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            revealed, payload = await secret_rolls.reveal_entry(uow, entry, gm=ctx.is_gm)
        roll = secret_rolls.replay(payload)
        reason = payload["options"].get("reason")
        embed = make_embed(
            ctx.t("roll.reveal.title", seq=entry, total=roll.total),
            (f"{clip(reason, 200)}: " if reason else "") + roll.render(ctx.locale),
            footer=ctx.t(
                "roll.reveal.footer",
                reveal=revealed.seq,
                commitment=secret_rolls.payload_commitment(secret_rolls.canonical(payload)),
            ),
        )
        await reply(interaction, embed=embed)


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(DiceCog(bot))
