"""The questions the resolution waits for (SP-I45: SP-I34 buy-offs, SP-I22 "ask when
raided", SP-I44 retreats, SP-I35 mercenary upkeep), posted after the GM's end of turn with
buttons for exactly the player asked, and the GM's `/pirates force` for an absent player.

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
    force_choices,
)
from bot.rules.space_pirates.messages import offer_lines
from bot.rules.space_pirates.models import PendingResolution, UpkeepDue
from bot.rules.space_pirates.turn import answer_choice
from bot.rules.space_pirates.upkeep import upkeep_waiting_line
from bot.scaffold import Applied, RulesetContext
from cogs.space_pirates.common import REPORT, C, Ctx, campaign_combat
from cogs.space_pirates.render import lines_embeds, rendered

ANSWER = "space_pirates.answer"
ANSWERS = {
    "buy_off": ("accept", "decline"),
    "plunder": ("cover", "avoid"),
    "retreat": ("retreat", "fight"),
    "upkeep": ("pay", "end"),
}
Question = PendingResolution | UpkeepDue


def kind_of(question: Question) -> str:
    """Which of the ruleset's pending choices it is (SP-I45)."""
    return "upkeep" if isinstance(question, UpkeepDue) else question.choice


def faction_of(question: Question) -> str:
    """The player the question is for."""
    return question.owner if isinstance(question, UpkeepDue) else question.faction


def open_questions(state: SpacePiratesState, turn: int | None = None) -> list[Question]:
    """Every open question (of resolution `turn` when given), in the order posted."""
    found: list[Question] = [*state.waiting, *state.upkeep_due]
    return [q for q in found if turn is None or q.turn == turn]


def question_view(pending: Question, locale: str) -> discord.ui.View:
    """The player's two buttons; the first shows the price where there is one."""
    first, second = ANSWERS[kind_of(pending)]
    cost = pending.amount if isinstance(pending, UpkeepDue) else pending.attack.cost
    label = t(C + f"answer.{first}", locale, cost=cost)
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


def question_embeds(pending: Question, locale: str) -> list[discord.Embed]:
    """Every number of the waiting attack or battle, the price first."""
    head = C + f"question.{kind_of(pending)}"
    lines = (
        [upkeep_waiting_line(pending)] if isinstance(pending, UpkeepDue) else offer_lines(pending)
    )
    return lines_embeds(head, lines, locale, faction=faction_of(pending))


def questions(
    waiting: Sequence[Question], user_of: Callable[[str], int | None], locale: str
) -> list[Announcement]:
    """One public message per question, in the campaign's language, pinging exactly the
    player asked (the GMs when nobody plays the faction)."""
    asked = []
    for pending in waiting:
        user = user_of(faction_of(pending))
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


async def post_questions(ctx: Ctx, waiting: Sequence[Question], locale: str) -> None:
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
    pending = next((q for q in open_questions(state) if q.choice_id == choice_id), None)
    if pending is None:
        raise NotFound("space_pirates.error.choice_not_found", choice=choice_id)
    owner = faction_of(pending)
    answering = ctx.claimed_faction(owner) or owner
    first = option == ANSWERS[kind_of(pending)][0]

    def change(s: SpacePiratesState, settings: SpacePiratesSettings, dice: Dice) -> ChoiceOutcome:
        return answer_choice(s, settings, choice_id, answering, first, dice, combat=combat)

    return await ctx.apply(
        change,
        faction=owner,
        command=f"pirates {kind_of(pending).replace('_', '-')}",
        options={"choice": choice_id, "answer": option},
        audit=_public_audit,
        announce=announce,
    )


def _public_audit(outcome: ChoiceOutcome) -> dict[str, Any]:
    """The raids the answer finished, without the briber-only lines (SP-I33): those never
    enter the log, which every member can export."""
    return {k: v for k, v in outcome.outcome.items() if k != "private"}


def _new_questions(before: Sequence[int], outcome: ChoiceOutcome) -> list[Question]:
    return [q for q in open_questions(outcome.state) if q.choice_id not in before]


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
    before = [q.choice_id for q in open_questions(state)]
    turn = next((q.turn for q in open_questions(state) if q.choice_id == choice_id), 0)

    def shown(done: Applied[ChoiceOutcome, SpacePiratesSettings]) -> list[Announcement]:
        embeds = lines_embeds(C + "answered.title", done.outcome.lines, locale)
        answered = Announcement(
            edit=True, embeds=embeds[:10], view=report_view(ctx, done.outcome, locale, turn)
        )
        return [answered, *questions(_new_questions(before, done.outcome), ctx.user_of, locale)]

    await _answer(ctx, choice_id, option, announce=shown)


async def force_command(
    interaction: discord.Interaction[Any], choice: int | None, to_the_end: bool = False
) -> None:
    """SP-I45: the GM forces the defaults (`buy_off_default`, the planet's flag, fighting on,
    `mercenary_upkeep_default`) of one waiting choice or of all of them; `to_the_end` also
    forces every question the resolution comes to after them (SP-I40: one pauses it all)."""
    ctx = await RulesetContext.of(interaction, SPEC)
    require_gm(ctx.base)
    combat = await campaign_combat(ctx)
    state, _ = await ctx.read()
    before = [q.choice_id for q in open_questions(state)]
    ids = before if choice is None else [choice]
    if not ids:
        raise NotFound(C + "error.nothing_waiting")
    done = await ctx.apply(
        lambda s, settings, dice: force_choices(
            s, settings, ids, dice, combat=combat, to_the_end=to_the_end
        ),
        audit=_public_audit,
    )
    private = [text for v in done.outcome.private.values() for text in rendered(v, ctx.locale)]
    embeds = lines_embeds(C + "forced.title", done.outcome.lines, ctx.public_locale)
    await reply(interaction, embeds=embeds[:10])
    if private:  # the GM's eyes only (SP-I33)
        await reply(interaction, content="\n".join(private)[:1900], ephemeral=True)
    await post_questions(ctx, _new_questions(before, done.outcome), ctx.public_locale)
