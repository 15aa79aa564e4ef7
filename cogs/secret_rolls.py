"""Secret rolls on Discord: `/roll … secret:true` (called by the /roll cog) and `/reveal`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import dice_expr, fair_turns, secret_rolls
from bot.app import PrivateerBot
from bot.errors import NotAllowed
from bot.interactions import Context, campaign_context, clip, make_embed, reply
from bot.storage.audit import canonical
from cogs.history import render_outcome


async def roll_in_secret(
    interaction: discord.Interaction[Any],
    ctx: Context,
    expression: dice_expr.DiceExpression,
    dice: str,
    reason: str | None,
    factions: list[str],
) -> None:
    """`/roll … secret:true`: the channel sees the entry and its commitment; the roller alone
    sees the faces (GMs too, with /history show)."""
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


class SecretRollCog(commands.Cog):
    """`/reveal`: publish a secret roll."""

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot

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
        footer = ctx.t(
            "roll.reveal.footer",
            reveal=revealed.seq,
            commitment=secret_rolls.payload_commitment(canonical(payload)),
        )
        if roll is None:  # a ruleset's hidden information, not a /roll
            embed = make_embed(
                ctx.t("roll.reveal.other", seq=entry),
                render_outcome(payload["outcome"], ctx.locale) or None,
                footer=footer,
            )
        else:
            embed = make_embed(
                ctx.t("roll.reveal.title", seq=entry, total=roll.total),
                (f"{clip(reason, 200)}: " if reason else "") + roll.render(ctx.locale),
                footer=footer,
            )
        await reply(interaction, embed=embed)


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(SecretRollCog(bot))
