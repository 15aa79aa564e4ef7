"""`/toll reach`: the toll bridge's one command and its two-button question."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PrivateerBot
from bot.campaigns import Choice, UnitOfWork
from bot.interactions import Context, choice_button, choice_handler, choice_view, make_embed, reply
from bot.scaffold import RulesetContext, faction_autocomplete
from tests.tiny_ruleset.engine import SPEC, TollOutcome, answer, reach

QUESTION = "tiny_toll.toll"


class TollCog(commands.Cog):
    toll = app_commands.Group(name="toll", description="The toll bridge", guild_only=True)

    @toll.command(name="reach", description="Reach the bridge")
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def reach_bridge(self, interaction: discord.Interaction[Any], faction: str) -> None:
        ctx = await RulesetContext.of(interaction, SPEC)
        who = ctx.acting_faction(faction)

        async def ask(uow: UnitOfWork, _outcome: TollOutcome) -> int:
            return await uow.open_choice(SPEC.key, QUESTION, ctx.user_id, {"faction": who})

        done = await ctx.apply(lambda s, st, _d: reach(s, st, who), faction=who, then=ask)
        buttons = [
            choice_button(done.after, "pay", ctx.t("tiny_toll.pay")),
            choice_button(done.after, "sneak", ctx.t("tiny_toll.sneak")),
        ]
        text = done.outcome.lines[0].render(ctx.locale)
        await reply(interaction, embed=make_embed(text), view=choice_view(buttons))


@choice_handler(QUESTION)
async def toll_answer(
    interaction: discord.Interaction[Any], base: Context, choice: Choice, option: str
) -> None:
    ctx = await RulesetContext.within(interaction, base, SPEC)
    who = str(choice.payload["faction"])

    async def claim(uow: UnitOfWork) -> None:
        await uow.claim_choice(choice.id, gm=ctx.is_gm)
        await uow.close_choice(choice.id)

    done = await ctx.apply(
        lambda s, st, dice: answer(s, st, who, option == "pay", dice),
        faction=who,
        command="toll answer",
        options={"answer": option},
        before=claim,
    )
    text = done.outcome.lines[0].render(ctx.locale)
    await interaction.response.edit_message(embed=make_embed(text), view=None)


async def setup(bot: PrivateerBot) -> None:
    await bot.add_cog(TollCog())
