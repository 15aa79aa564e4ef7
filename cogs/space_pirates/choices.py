"""The questions the resolution waits for (SP-I34 buy-offs, SP-I22 "ask when raided"),
posted after the GM's end of turn with buttons for exactly the victim, and the GM's
`/pirates force` for an absent player (SP-I45).

The engine's pending resolutions are the choices: they live in the ruleset's state, so a
button (its custom_id names the engine's choice and the language it was posted in) still
works after a restart, and a second answer is refused because the choice is gone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot import controls
from bot.announcements import Announcement
from bot.dice import Dice
from bot.errors import NotFound
from bot.i18n import t
from bot.interactions import ping_only, reply, require_gm
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates import (
    SPEC,
    ChoiceOutcome,
    SpacePiratesSettings,
    SpacePiratesState,
    answer_buy_off,
    answer_plunder,
    force_choices,
)
from bot.rules.space_pirates.messages import offer_lines
from bot.rules.space_pirates.models import PendingResolution
from bot.scaffold import Applied, RulesetContext
from cogs.space_pirates.common import REPORT, C, Ctx, campaign_combat
from cogs.space_pirates.render import lines_embeds

ANSWER = "space_pirates.answer"
ANSWERS = {"buy_off": ("accept", "decline"), "plunder": ("cover", "avoid")}


def question_view(pending: PendingResolution, locale: str) -> discord.ui.View:
    """The victim's two buttons; the buy-off's accept button shows the price."""
    first, second = ANSWERS[pending.choice]
    label = t(C + f"answer.{first}", locale, cost=pending.attack.cost)
    return controls.view(
        [
            controls.button(
                ANSWER, [pending.choice_id, first, locale], label, style=discord.ButtonStyle.primary
            ),
            controls.button(
                ANSWER, [pending.choice_id, second, locale], t(C + f"answer.{second}", locale)
            ),
        ]
    )


def question_embeds(pending: PendingResolution, locale: str) -> list[discord.Embed]:
    """Every number of the waiting attack, the price first."""
    head = C + f"question.{pending.choice}"
    return lines_embeds(head, offer_lines(pending), locale, faction=pending.faction)


def questions(
    waiting: Sequence[PendingResolution], user_of: Callable[[str], int | None], locale: str
) -> list[Announcement]:
    """One public message per question, pinging exactly the victim's player (the GMs when
    nobody plays the faction)."""
    asked = []
    for pending in waiting:
        user = user_of(pending.faction)
        content = (
            t(C + "question.ping", locale, user=f"<@{user}>")
            if user
            else t(C + "question.gm", locale)
        )
        asked.append(
            Announcement(
                content=content,
                embeds=question_embeds(pending, locale),
                view=question_view(pending, locale),
                pinged=[user] if user else [],
            )
        )
    return asked


async def post_questions(ctx: Ctx, waiting: Sequence[PendingResolution], locale: str) -> None:
    """The questions posted as the interaction's follow-ups."""
    for asked in questions(waiting, ctx.user_of, locale):
        await ctx.interaction.followup.send(
            content=asked.content or "",
            embeds=list(asked.embeds),
            view=asked.view or discord.utils.MISSING,
            allowed_mentions=ping_only(asked.pinged),
        )


async def _answer(
    ctx: Ctx,
    choice_id: int,
    option: str,
    *,
    announce: Callable[[Applied[ChoiceOutcome, SpacePiratesSettings]], list[Announcement]]
    | None = None,
) -> Applied[ChoiceOutcome, SpacePiratesSettings]:
    """Apply the victim's answer in one unit of work, under the campaign's fleet combat
    settings (FC-I17)."""
    combat: FleetCombatSettings = await campaign_combat(ctx)
    state, _ = await ctx.read()
    pending = next((w for w in state.waiting if w.choice_id == choice_id), None)
    if pending is None:
        raise NotFound("space_pirates.error.choice_not_found", choice=choice_id)
    answering = ctx.claimed_faction(pending.faction) or pending.faction

    def change(s: SpacePiratesState, settings: SpacePiratesSettings, dice: Dice) -> ChoiceOutcome:
        if option in ANSWERS["buy_off"]:
            accept = option == "accept"
            return answer_buy_off(s, settings, choice_id, answering, accept, dice, combat=combat)
        cover = option == "cover"
        return answer_plunder(s, settings, choice_id, answering, cover, dice, combat=combat)

    return await ctx.apply(
        change,
        faction=pending.faction,
        command=f"pirates {pending.choice.replace('_', '-')}",
        options={"choice": choice_id, "answer": option},
        audit=_public_audit,
        announce=announce,
    )


def _public_audit(outcome: ChoiceOutcome) -> dict[str, Any]:
    """The raids the answer finished, without the briber-only lines (SP-I33): those never
    enter the log, which every member can export."""
    return {k: v for k, v in outcome.outcome.items() if k != "private"}


def _new_questions(before: Sequence[int], outcome: ChoiceOutcome) -> list[PendingResolution]:
    return [w for w in outcome.state.waiting if w.choice_id not in before]


def report_view(ctx: Ctx, outcome: ChoiceOutcome, locale: str, turn: int) -> discord.ui.View | None:
    """A report button for each player whose raid this answer finished."""
    ids = {f.name: f.id for f in ctx.factions}
    raids = outcome.outcome.get("raids", [])
    raided = list(dict.fromkeys(str(r["faction"]) for r in raids if str(r["faction"]) in ids))
    if not raided:
        return None
    return controls.view(
        [
            controls.button(REPORT, [turn, ids[f], 0], t(C + "report.button", locale, faction=f))
            for f in raided[:25]
        ]
    )


@controls.control(ANSWER)
async def answer_clicked(interaction: discord.Interaction[Any], args: list[str]) -> None:
    """The victim's click: the paused resolution resumes; the question shows how it ended
    (in the language it was posted in) and any question it leads to is posted."""
    choice_id, option, locale = int(args[0]), args[1], args[2]
    ctx = await RulesetContext.of(interaction, SPEC)
    state, _ = await ctx.read()
    before = [w.choice_id for w in state.waiting]
    turn = next((w.turn for w in state.waiting if w.choice_id == choice_id), 0)

    def shown(done: Applied[ChoiceOutcome, SpacePiratesSettings]) -> list[Announcement]:
        embeds = lines_embeds(C + "answered.title", done.outcome.lines, locale)
        answered = Announcement(
            edit=True, embeds=embeds[:10], view=report_view(ctx, done.outcome, locale, turn)
        )
        return [answered, *questions(_new_questions(before, done.outcome), ctx.user_of, locale)]

    await _answer(ctx, choice_id, option, announce=shown)


async def force_command(interaction: discord.Interaction[Any], choice: int | None) -> None:
    """SP-I45: the GM forces the defaults (`buy_off_default`, the planet's flag) of one
    waiting choice or of all of them."""
    ctx = await RulesetContext.of(interaction, SPEC)
    require_gm(ctx.base)
    combat = await campaign_combat(ctx)
    state, _ = await ctx.read()
    before = [w.choice_id for w in state.waiting]
    ids = before if choice is None else [choice]
    if not ids:
        raise NotFound(C + "error.nothing_waiting")
    done = await ctx.apply(
        lambda s, settings, dice: force_choices(s, settings, ids, dice, combat=combat),
        audit=_public_audit,
    )
    private = [m.render(ctx.locale) for v in done.outcome.private.values() for m in v]
    embeds = lines_embeds(C + "forced.title", done.outcome.lines, ctx.locale)
    await reply(interaction, embeds=embeds[:10])
    if private:  # the GM's eyes only (SP-I33)
        await reply(interaction, content="\n".join(private)[:1900], ephemeral=True)
    await post_questions(ctx, _new_questions(before, done.outcome), ctx.locale)
