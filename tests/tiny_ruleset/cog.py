"""`/toll reach`: the toll bridge's one command and its two-button question."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.announcements import Announcement
from bot.app import PrivateerBot
from bot.campaigns import Choice
from bot.campaigns import UnitOfWork
from bot.interactions import Context
from bot.interactions import choice_button
from bot.interactions import choice_handler
from bot.interactions import choice_view
from bot.interactions import make_embed
from bot.scaffold import Applied
from bot.scaffold import ChoiceClaim
from bot.scaffold import RulesetContext
from bot.scaffold import faction_autocomplete
from tests.tiny_ruleset.engine import SPEC
from tests.tiny_ruleset.engine import TollOutcome
from tests.tiny_ruleset.engine import TollSettings
from tests.tiny_ruleset.engine import answer
from tests.tiny_ruleset.engine import reach

QUESTION = "tiny_toll.toll"
Done = Applied[TollOutcome, TollSettings]


class TollCog(commands.Cog):
    toll = app_commands.Group(name="toll", description="The toll bridge", guild_only=True)

    @toll.command(name="reach", description="Reach the bridge")
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def reach_bridge(self, interaction: discord.Interaction[Any], faction: str) -> None:
        ctx = await RulesetContext.of(interaction, SPEC)
        who = ctx.acting_faction(faction)

        async def ask(uow: UnitOfWork, _outcome: TollOutcome) -> int:
            return await uow.open_choice(SPEC.key, QUESTION, ctx.user_id, {"faction": who})

        def question(done: Done) -> list[Announcement]:  # written with the change (outbox)
            buttons = [
                choice_button(done.after, "pay", ctx.pt("tiny_toll.pay")),
                choice_button(done.after, "sneak", ctx.pt("tiny_toll.sneak")),
            ]
            text = done.outcome.lines[0].render(ctx.public_locale)
            view = choice_view(buttons)
            return [Announcement(embeds=[make_embed(text)], view=view, choice_id=done.after)]

        await ctx.apply(
            lambda s, st, _d: reach(s, st, who), faction=who, then=ask, announce=question
        )


@choice_handler(QUESTION)
async def toll_answer(
    interaction: discord.Interaction[Any], base: Context, choice: Choice, option: str
) -> None:
    ctx = await RulesetContext.within(interaction, base, SPEC)
    who = str(choice.payload["faction"])

    def redrawn(done: Done) -> list[Announcement]:  # the question, answered, without buttons
        text = done.outcome.lines[0].render(ctx.public_locale)
        return [Announcement(edit=True, embeds=[make_embed(text)])]

    await ctx.apply(
        lambda s, st, dice: answer(s, st, who, option == "pay", dice),
        faction=who,
        command="toll answer",
        options={"answer": option},
        claim=ChoiceClaim(choice.id, gm=ctx.is_gm, close=True),
        announce=redrawn,
    )


async def setup(bot: PrivateerBot) -> None:
    await bot.add_cog(TollCog())
