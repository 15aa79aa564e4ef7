"""`/roll` and `/rolls`: dice expressions rolled through the audited roller and written to
the campaign log, and each player's saved rolls.

Discord cannot give one command both options and subcommands, so `/roll dice:` stays what it
was (players and scripts type `/roll dice:2d6`) and also takes a saved roll's name, while
saving, listing and deleting live in `/rolls save|list|delete`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import announcements
from bot import dice_expr
from bot.announcements import Announcement
from bot.announcements import Answer
from bot.app import PrivateerBot
from bot.campaigns import MAX_SAVED_ROLLS
from bot.campaigns import SavedRoll
from bot.errors import NotFound
from bot.interactions import Context
from bot.interactions import actor_of
from bot.interactions import campaign_context
from bot.interactions import channel_campaign
from bot.interactions import make_embed
from bot.interactions import reply
from bot.interactions import service_of
from bot.text import ROLL_REASON_MAX
from bot.text import SAVED_ROLL_NAME_MAX
from bot.text import clean_text
from bot.text import name_key
from bot.text import shown
from cogs.secret_rolls import roll_in_secret

CHOICE_LIMIT = 100  # Discord's length of an autocomplete choice's name and value


async def saved_roll_choices(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the player's saved rolls in this campaign whose name contains what is
    typed (those starting with it first), shown with their expression; the value is the name."""
    campaign = await channel_campaign(interaction)
    if campaign is None:
        return []
    typed = name_key(current)
    saved = await service_of(interaction).saved_rolls(campaign.id, actor_of(interaction).user_id)
    found = [r for r in saved if typed in name_key(r.name)]
    found.sort(key=lambda r: not name_key(r.name).startswith(typed))  # stable: then by name
    return [
        app_commands.Choice(name=f"{r.name} — {r.expression}"[:CHOICE_LIMIT], value=r.name)
        for r in found
    ][:25]


async def _expression_for(
    ctx: Context, dice: str
) -> tuple[dice_expr.DiceExpression, SavedRoll | None]:
    """The expression typed, else the saved roll of that name; the parse error (with its
    caret) when it is neither, or a list of the saved names when the text is clearly a name."""
    try:
        return dice_expr.parse(dice), None
    except dice_expr.DiceExpressionError:
        saved = await ctx.service.saved_roll(ctx.campaign.id, ctx.actor.user_id, dice)
        if saved is not None:
            return dice_expr.parse(saved.expression), saved
        if not any(char.isdigit() for char in dice):
            mine = await ctx.service.saved_rolls(ctx.campaign.id, ctx.actor.user_id)
            if mine:
                raise NotFound(
                    "dice.saved.error.neither",
                    name=dice,
                    names=", ".join(r.name for r in mine),
                ) from None
        raise


class DiceCog(commands.Cog):
    """Free rolls: `2d6+1`, `4d6kh3`, `6d6>=5`, `3d6!`, `3#1d20`, `2d6*10`, each one logged;
    and saved rolls per player and campaign."""

    rolls = app_commands.Group(
        name="rolls", description="Your saved rolls in this campaign", guild_only=True
    )

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="roll",
        description="Roll dice: 2d6+1, 4d6kh3, 6d6>=5, 3d6!, 3#1d20, 2d6*10 or a saved roll",
    )
    @app_commands.describe(
        dice="A dice expression (2d6+1, d20, 4d6kh3, 6d6>=5, 3d6!, 3#1d20) or a saved roll's name",
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
        expression, saved = await _expression_for(ctx, dice)
        if reason is not None:
            reason = clean_text(reason, ROLL_REASON_MAX, error="dice.error.reason")
        elif saved is not None:
            reason = saved.name
        factions = [
            f.name
            for f in await ctx.service.factions(ctx.campaign.id)
            if f.user_id == ctx.actor.user_id
        ]
        if secret:
            expressed = saved.expression if saved is not None else None
            await roll_in_secret(interaction, ctx, expression, dice, reason, factions, expressed)
            return
        options: dict[str, Any] = {"dice": dice, "reason": reason}
        if saved is not None:
            options["saved"] = saved.expression
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            result = dice_expr.evaluate(expression, uow.dice, reason=reason)
            totals = ", ".join(str(total) for total in result.totals)
            entry = await uow.append(
                "roll",
                options=options,
                outcome={"summary": f"{expression.canonical} = {totals}", **result.to_json()},
                faction=factions[0] if factions else None,
            )
            # Everyone in the channel reads the result: the campaign's language (issue 18).
            title = ctx.pt("roll.title", total=totals)
            embed = make_embed(
                f"🎲 {shown(reason)}: {totals}" if reason else title,
                result.render(ctx.public_locale),
                footer=ctx.pt("roll.footer", seq=entry.seq, who=interaction.user.display_name),
            )
            # The result is written with the roll: shown once, even after a crash (outbox).
            rows = await announcements.write(
                uow, interaction, [Announcement(embeds=[embed])], locale=ctx.public_locale
            )
        await announcements.deliver(interaction, ctx.service.db, rows)

    @roll.autocomplete("dice")
    async def roll_dice_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The player's saved rolls (typing an expression instead still works)."""
        return await saved_roll_choices(interaction, current)

    @rolls.command(name="save", description="Save a dice expression under a name")
    @app_commands.describe(
        name="A short name, like attack or broadside", expression="The dice, like 1d20+5"
    )
    async def rolls_save(
        self,
        interaction: discord.Interaction[Any],
        name: app_commands.Range[str, 1, SAVED_ROLL_NAME_MAX],
        expression: app_commands.Range[str, 1, 100],
    ) -> None:
        """Validated by parsing; a bad expression is refused with its caret, nothing saved."""
        ctx = await campaign_context(interaction)

        def told(done: tuple[SavedRoll, bool]) -> list[Announcement]:
            saved, replaced = done
            key = "dice.saved.replaced" if replaced else "dice.saved.saved"
            embed = make_embed(
                ctx.t(key, name=shown(saved.name), expression=shown(saved.expression)),
                ctx.t("dice.saved.how_to_roll", name=shown(saved.name)),
            )
            return [Announcement(embeds=[embed], ephemeral=True)]

        answer = Answer(interaction, told, locale=ctx.public_locale)
        await ctx.service.save_roll(ctx.campaign.id, ctx.actor, name, expression, announce=answer)
        await answer.deliver()

    @rolls.command(name="list", description="Your saved rolls in this campaign")
    async def rolls_list(self, interaction: discord.Interaction[Any]) -> None:
        """Name and expression of each, privately."""
        ctx = await campaign_context(interaction)
        saved = await ctx.service.saved_rolls(ctx.campaign.id, ctx.actor.user_id)
        if not saved:
            await reply(
                interaction, embed=make_embed(ctx.t("dice.saved.list.empty")), ephemeral=True
            )
            return
        lines = [f"**{shown(r.name)}** — `{r.expression}`" for r in saved]
        embed = make_embed(
            ctx.t("dice.saved.list.title", count=len(saved)),
            "\n".join(lines),
            footer=ctx.t("dice.saved.list.footer", limit=MAX_SAVED_ROLLS),
        )
        await reply(interaction, embed=embed, ephemeral=True)

    @rolls.command(name="delete", description="Delete one of your saved rolls")
    @app_commands.describe(name="The saved roll to delete")
    async def rolls_delete(
        self, interaction: discord.Interaction[Any], name: app_commands.Range[str, 1, 100]
    ) -> None:
        """Refused (nothing changes) when there is no saved roll by that name."""
        ctx = await campaign_context(interaction)

        def told(gone: SavedRoll) -> list[Announcement]:
            text = ctx.t(
                "dice.saved.deleted", name=shown(gone.name), expression=shown(gone.expression)
            )
            return [Announcement(embeds=[make_embed(text)], ephemeral=True)]

        answer = Answer(interaction, told, locale=ctx.public_locale)
        await ctx.service.delete_saved_roll(ctx.campaign.id, ctx.actor, name, announce=answer)
        await answer.deliver()

    @rolls_save.autocomplete("name")
    @rolls_delete.autocomplete("name")
    async def saved_name_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The player's saved rolls (saving under one of them replaces it)."""
        return await saved_roll_choices(interaction, current)


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(DiceCog(bot))
