"""The questions the resolution waits for (SP-I45: SP-I34 buy-offs, SP-I22 "ask when
raided", SP-I44 retreats, SP-I35 mercenary upkeep), posted after the GM's end of turn with
buttons for exactly the player asked, and the GM's `/pirates force` for an absent player.

The engine's pending resolutions are the choices: they live in the ruleset's state, so a
button (its custom_id names the engine's choice and the language it was posted in) still
works after a restart, and a second answer is refused because the choice is gone.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

import discord

from bot import controls
from bot.announcements import CONTENT_MAX
from bot.announcements import NOTE_ROOM
from bot.announcements import Announcement
from bot.announcements import OutboxMessage as Post
from bot.campaigns import Choice
from bot.campaigns import HistoryFilter
from bot.campaigns import UnitOfWork
from bot.command_names import command_msg
from bot.dice import Dice
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import t
from bot.interactions import LOSS_COLOUR
from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import SUCCESS_COLOUR
from bot.interactions import WAITING_COLOUR
from bot.interactions import Context
from bot.interactions import ask_to_confirm
from bot.interactions import cancel_choice
from bot.interactions import choice_handler
from bot.interactions import clip
from bot.interactions import message_batches
from bot.interactions import require_gm
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates import SPEC
from bot.rules.space_pirates import ChoiceOutcome
from bot.rules.space_pirates import SpacePiratesSettings
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates import force_choices
from bot.rules.space_pirates.mercenaries import upkeep_to_end
from bot.rules.space_pirates.messages import offer_lines
from bot.rules.space_pirates.messages import waiting_line
from bot.rules.space_pirates.models import PendingResolution
from bot.rules.space_pirates.models import UpkeepDue
from bot.rules.space_pirates.spec import ANSWER_CONTROL
from bot.rules.space_pirates.spec import FORCE_ALL_PREVIEW
from bot.rules.space_pirates.turn import answer_choice
from bot.rules.space_pirates.upkeep import upkeep_waiting_line
from bot.scaffold import Applied
from bot.scaffold import ChoiceClaim
from bot.scaffold import RulesetContext
from bot.text import post_url
from bot.text import shown
from cogs.space_pirates.common import REPORT
from cogs.space_pirates.common import C
from cogs.space_pirates.common import Ctx
from cogs.space_pirates.common import campaign_combat
from cogs.space_pirates.common import reported
from cogs.space_pirates.operations import bribers_named
from cogs.space_pirates.operations import sealed_bribers
from cogs.space_pirates.render import lines_embeds
from cogs.space_pirates.render import rendered
from cogs.space_pirates.render import texts_embeds

ANSWER = ANSWER_CONTROL
FORCE_ALL = FORCE_ALL_PREVIEW
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
    """The player's two buttons; the first shows the price where there is one. A buy-off
    refused where no fight follows reads "Refuse", not "Refuse and fight" (SP-I34); its
    answer is "decline" either way."""
    first, second = ANSWERS[kind_of(pending)]
    cost = cost_of(pending)
    label = t(C + f"answer.{first}", locale, cost=cost)
    args: list[object] = [pending.choice_id, first, locale, cost]
    unopposed = (
        isinstance(pending, PendingResolution)
        and pending.choice == "buy_off"
        and pending.attack.if_refused != "fight"
    )
    second_label = t(C + f"answer.{second}{'_unopposed' if unopposed else ''}", locale)
    return controls.view(
        [
            controls.button(ANSWER, args, label, style=discord.ButtonStyle.primary),
            controls.button(ANSWER, [pending.choice_id, second, locale, cost], second_label),
        ]
    )


def cost_of(question: Question) -> int:
    """The price the question names (its buttons carry it: a button posted for a question an
    undo took back does not answer a new one that got its number)."""
    return question.amount if isinstance(question, UpkeepDue) else question.attack.cost


def question_embeds(pending: Question, locale: str) -> list[discord.Embed]:
    """Every number of the waiting attack or battle, the price first."""
    head = C + f"question.{kind_of(pending)}"
    lines = [upkeep_asked(pending)] if isinstance(pending, UpkeepDue) else offer_lines(pending)
    return lines_embeds(head, lines, locale, colour=WAITING_COLOUR, faction=faction_of(pending))


def upkeep_asked(due: UpkeepDue) -> Msg:
    """The upkeep question's text: what the contract wants and what either answer does
    (SP-I35)."""
    key = "question.upkeep_body_no_ships" if due.no_ships else "question.upkeep_body"
    return Msg(C + key, contract=due.contract, amount=due.amount)


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


async def _answer(
    ctx: Ctx,
    choice_id: int,
    option: str,
    cost: int | None = None,
    *,
    announce: Callable[[Applied[ChoiceOutcome, SpacePiratesSettings]], list[Announcement]]
    | None = None,
    then: Callable[[UnitOfWork, ChoiceOutcome], Awaitable[Any]] | None = None,
    typed: str | None = None,
    logged: dict[str, Any] | None = None,
    claim: ChoiceClaim | None = None,
) -> Applied[ChoiceOutcome, SpacePiratesSettings]:
    """Apply the victim's answer in one unit of work, under the campaign's fleet combat
    settings (FC-I17); `then` runs in it after the entry (`Applied.after`). The entry is
    the typed command that answered (`typed`: `pirates offer`), else the button's, with the
    question's number and the answer as options, or the options that command logs as typed
    (`logged`: a dismissal's contract); `claim`: the confirmation that command asked first,
    taken in the same unit of work. A question a GM's undo took back says so (as core
    choices do); a button of another kind of question (a number handed out again after an
    undo) is refused."""
    combat: FleetCombatSettings = await campaign_combat(ctx)
    state, _ = await ctx.read()
    pending = next((q for q in open_questions(state) if q.choice_id == choice_id), None)
    stale = pending is not None and cost is not None and cost_of(pending) != cost
    if pending is None or stale or option not in ANSWERS[kind_of(pending)]:
        live, undone = await _asked_by(ctx, choice_id)
        if undone and (stale or not live):
            raise GameError("error.choice_undone")
        if live and pending is None:
            raise GameError("error.choice_done")
        raise NotFound("space_pirates.error.choice_not_found", choice=choice_id)
    owner = faction_of(pending)
    claimed = ctx.claimed_faction(owner)  # None for a GM; "" for a user who plays nothing
    answering = owner if claimed is None else claimed
    first = option == ANSWERS[kind_of(pending)][0]
    # A GM who does not play the faction answers for its player (SP-I45), as a GM may in
    # the other rulesets: accepted, and said so in the answer, the report and the log.
    for_player = ctx.is_gm and owner not in ctx.own_factions()

    def change(s: SpacePiratesState, settings: SpacePiratesSettings, dice: Dice) -> ChoiceOutcome:
        return answer_choice(
            s, settings, choice_id, answering, first, dice, combat=combat, by_gm=for_player
        )

    return await ctx.apply(
        change,
        faction=owner,
        command=typed or f"pirates {kind_of(pending).replace('_', '-')}",
        options={"choice": choice_id, "answer": option} if logged is None else logged,
        audit=_public_audit,
        claim=claim,
        then=then,
        announce=announce,
    )


async def _asked_by(ctx: Ctx, choice_id: int) -> tuple[bool, bool]:
    """Whether this ruleset's log entries that asked question `choice_id` (their outcome's
    `waiting`) include one still standing, and one a GM undid (`/history undo` of a turn
    end): the undo took the question back, an answer closed it."""
    flt = HistoryFilter(ruleset=SPEC.key)
    asked: list[int] = []
    before: int | None = None
    while entries := await ctx.service.log.page(ctx.campaign.id, flt, before_seq=before, limit=100):
        asked += [e.seq for e in entries if choice_id in e.outcome.get("waiting", ())]
        before = entries[-1].seq
    undone = await ctx.service.log.undone(ctx.campaign.id, asked) if asked else set()
    return len(undone) < len(asked), bool(undone)


def _public_audit(outcome: ChoiceOutcome) -> dict[str, Any]:
    """The raids the answer finished, without the briber-only lines (SP-I33): those never
    enter the log, which every member can export."""
    return {k: v for k, v in outcome.outcome.items() if k != "private"}


def _new_questions(before: Sequence[int], outcome: ChoiceOutcome) -> list[Question]:
    return [q for q in open_questions(outcome.state) if q.choice_id not in before]


def report_view(ctx: Ctx, outcome: ChoiceOutcome, locale: str, turn: int) -> discord.ui.View | None:
    """A report button for each player the pirates reached in what this answer resolved,
    and each attacker of a base attack it fought (as under the end-of-turn summary: a quiet
    roll gets none)."""
    ids = {f.name: f.id for f in ctx.factions}
    raided = [f for f in reported(outcome.outcome) if f in ids]
    if not raided:
        return None
    return controls.view(
        [
            controls.button(REPORT, [turn, ids[f], 0], t(C + "report.button", locale, faction=f))
            for f in raided[:25]
        ]
    )


# How the attack a question was about ended, when the answer saw it to its end: the title
# and colour of the redrawn question (the outcome first, coloured for the player asked).
ENDINGS = {
    ("route", "successful"): LOSS_COLOUR,
    ("route", "defender_victory"): SUCCESS_COLOUR,
    ("route", "stalemate"): NEUTRAL_COLOUR,
    ("planet", "successful"): LOSS_COLOUR,
    ("planet", "failed"): SUCCESS_COLOUR,
    ("route", "cancelled"): NEUTRAL_COLOUR,  # its route or planet gone before the fight
    ("planet", "cancelled"): NEUTRAL_COLOUR,
}


def answered_title(
    asked: Question, option: str, told: Mapping[str, Any]
) -> tuple[str, discord.Colour, dict[str, object]]:
    """The title key, colour and parameters of a question once answered: how its attack
    ended (SP-3, SP-I24) when what answered it (`told`: its audited outcome, the raids it
    finished) finished it, else the answer itself (a paid buy-off, an upkeep, a fight going
    on to another question)."""
    params: dict[str, object] = {"faction": faction_of(asked)}
    answer = (C + f"answered.{kind_of(asked)}.{option}", NEUTRAL_COLOUR, params)
    if isinstance(asked, UpkeepDue):
        return answer
    raid = next(
        (
            r
            for r in told.get("raids", [])
            if r["faction"] == asked.faction and r["seq"] == asked.report.get("seq")
        ),
        None,
    )
    colour = ENDINGS.get((str(raid["kind"]), str(raid["outcome"]))) if raid else None
    if raid is None or colour is None:
        return answer
    params = {"target": str(asked.report.get("target_name") or asked.attack.target)}
    return C + f"ended.{raid['kind']}.{raid['outcome']}", colour, params


async def answer_question(
    ctx: Ctx,
    choice_id: int,
    option: str,
    locale: str,
    cost: int | None = None,
    *,
    edit: bool,
    typed: str | None = None,
    logged: dict[str, Any] | None = None,
    confirmed: tuple[ChoiceClaim, str] | None = None,
) -> None:
    """Answer a question; in the same transaction (the outbox) the message showing how it
    ended, titled by the answer (a paid buy-off is not "the raid goes on"), the clicked
    question redrawn when `edit` (in `locale`, the language it was asked in), and the
    questions the answer leads to: new posts, in the campaign's language now. Answered by
    a command instead (`edit` False; `typed`: that command, `logged`: its options where the
    log keeps them as typed), the question's own message is redrawn as answered too, its
    buttons gone, saying who answered with which command (`settled_question`); a command
    that asked first (`confirmed`: its confirmation and the language it was asked in)
    closes it and redraws it with what was done."""
    state, _ = await ctx.read()
    waiting = open_questions(state)
    before = [q.choice_id for q in waiting]
    asked = next((q for q in waiting if q.choice_id == choice_id), None)

    async def posted(uow: UnitOfWork, _outcome: ChoiceOutcome) -> list[tuple[Question, Post]]:
        return [] if edit or asked is None else await question_posts(uow, [asked])

    def shown(done: Applied[ChoiceOutcome, SpacePiratesSettings]) -> list[Announcement]:
        assert asked is not None  # `_answer` refuses a question that is not open
        title, colour, params = answered_title(asked, option, done.outcome.outcome)
        embeds = lines_embeds(title, done.outcome.lines, locale, colour=colour, **params)
        posts = list(done.after or ())
        if posts:  # the question redrawn tells the story: the reply names how it ended
            url = post_url(ctx.campaign.guild_id, posts[0][1])
            there = [t("question.settled_there", locale, url=url)]
            embeds = texts_embeds(title, there, locale, colour=colour, **params)
        answered = Announcement(
            edit=edit,
            embeds=embeds[:10],
            view=report_view(ctx, done.outcome, locale, asked.turn),
        )
        settled = [
            settled_question(
                q,
                post,
                option,
                done.outcome.outcome,
                done.outcome.lines,
                head=None if typed is None else answered_by(ctx, q, typed),
            )
            for q, post in done.after or ()
        ]
        asked_next = _new_questions(before, done.outcome)
        told = _answer_pings(ctx, done.outcome, asked_next)
        asked_anew = questions(asked_next, ctx.user_of, ctx.public_locale)
        first: list[Announcement] = []
        if confirmed is not None:  # the confirmation, the outcome first (its buttons gone)
            lines = lines_embeds(title, done.outcome.lines, confirmed[1], colour=colour, **params)
            first = [Announcement(edit=True, embeds=lines[:10], view=None)]
        return [*first, answered, *told, *settled, *asked_anew]

    claim = confirmed[0] if confirmed is not None else None
    await _answer(
        ctx,
        choice_id,
        option,
        cost,
        announce=shown,
        then=posted,
        typed=typed,
        logged=logged,
        claim=claim,
    )


def answered_by(ctx: Ctx, question: Question, typed: str) -> Msg:
    """SP-I45: how a question answered by a typed command was settled: by its player, or
    by a GM who does not play its faction, with that command (as the reader names it)."""
    faction = faction_of(question)
    key = "question.answered_by_command"
    if ctx.is_gm and faction not in ctx.own_factions():
        key = "question.answered_by_gm_command"
    return Msg(C + key, faction=faction, command=command_msg(typed))


@controls.control(ANSWER)
async def answer_clicked(interaction: discord.Interaction[Any], args: list[str]) -> None:
    """The victim's click: the paused resolution resumes; the question shows how it ended
    (in the language it was posted in) and any question it leads to is posted."""
    choice_id, option, locale = int(args[0]), args[1], args[2]
    cost = int(args[3]) if len(args) > 3 and args[3].isdigit() else None  # older buttons: none
    ctx = await RulesetContext.of(interaction, SPEC)
    await answer_question(ctx, choice_id, option, locale, cost, edit=True)


async def dismiss_with_upkeep(
    ctx: Ctx, faction: str, contract: int, *, confirmed: tuple[ChoiceClaim, str] | None = None
) -> bool:
    """SP-I35: dismissing a contract whose upkeep is waiting answers that upkeep "end the
    contract": nothing is owed and the resolution goes on (`confirmed`: the dismissal's
    confirmation, closed with it). False when none is waiting."""
    state, _ = await ctx.read()
    due = upkeep_to_end(state, None if ctx.is_gm else faction, contract)
    if due is None:
        return False
    await answer_question(
        ctx,
        due.choice_id,
        "end",
        ctx.public_locale,
        edit=False,
        typed="pirates mercenaries dismiss",
        logged={"contract": contract},  # as typed: the question's number is not
        confirmed=confirmed,
    )
    return True


async def answer_offer(ctx: Ctx, faction: str, number: int, pay: bool) -> bool:
    """`/pirates offer` with the number of a buy-off offer the resolution waits on, or of a
    mercenary upkeep it waits on, as `/turn status` and `/pirates status` show it (SP-I34,
    SP-I35, SP-I45): answered as its buttons answer it (an upkeep: `pay` pays it, else the
    contract ends). False when the number is neither (a bribed attack offered at placement
    is answered apart)."""
    state, _ = await ctx.read()
    asked = next(
        (w for w in state.waiting if w.choice_id == number and w.choice == "buy_off"), None
    )
    due = next((d for d in state.upkeep_due if d.choice_id == number), None)
    whose = asked.faction if asked is not None else due.owner if due is not None else None
    if whose is None:
        return False
    if not ctx.is_gm and whose != faction:
        raise NotAllowed("space_pirates.error.not_your_choice", faction=shown(whose))
    # an upkeep's buttons pay or end the contract; an offer's accept or decline it
    options = ("pay", "end") if due is not None else ("accept", "decline")
    option = options[0] if pay else options[1]
    await answer_question(ctx, number, option, ctx.public_locale, edit=False, typed="pirates offer")
    return True


def question_line(question: Question) -> Msg:
    """The question as `/turn status` names it (its number, whose, what)."""
    if isinstance(question, UpkeepDue):
        return upkeep_waiting_line(question)
    target = question.report.get("target_name") or str(question.attack.target)
    return waiting_line(question, str(target))


async def force_command(
    interaction: discord.Interaction[Any], choice: int | None, to_the_end: bool = False
) -> None:
    """SP-I45: the GM forces the defaults (`buy_off_default`, the planet's flag, fighting on,
    `mercenary_upkeep_default`) of one waiting choice (`choice`) or of every one, after a
    private list of them and a confirm button, as every GM force asks first. `to_the_end`
    also forces every question the resolution comes to after them (SP-I40: one pauses it
    all)."""
    ctx = await RulesetContext.of(interaction, SPEC)
    require_gm(ctx.base)
    state, _ = await ctx.read()
    waiting = open_questions(state)
    if not waiting:
        raise NotFound(C + "error.nothing_waiting")
    if choice is not None:
        waiting = [q for q in waiting if q.choice_id == choice]
        if not waiting:
            raise NotFound("space_pirates.error.choice_not_found", choice=choice)
    ids = [q.choice_id for q in waiting]
    payload = {"ids": ids, "rest": to_the_end, "locale": ctx.locale}
    async with ctx.service.work(ctx.campaign.id, ctx.base.actor) as uow:
        choice_id = await uow.open_choice(SPEC.key, FORCE_ALL, ctx.user_id, payload)
    rest = [Msg(C + "force.rest")] if to_the_end else []
    lines = [*map(question_line, waiting), *rest]
    embeds = lines_embeds(C + "force.title", lines, ctx.locale, count=len(ids))
    confirm = ctx.t(C + "force.confirm", count=len(ids))
    await ask_to_confirm(
        interaction, ctx.base, choice_id, embeds[:10], confirm, ctx.t(C + "cancel"), ephemeral=True
    )


@choice_handler(FORCE_ALL)
async def confirm_force_all(
    interaction: discord.Interaction[Any], base: Context, choice: Choice, option: str
) -> None:
    """Confirm forces the questions listed (those still open), closing the confirmation in
    the same unit of work (a crash cannot leave it closed with nothing forced); cancel
    changes nothing."""
    ctx = await RulesetContext.within(interaction, base, SPEC)
    require_gm(ctx.base)
    locale = str(choice.payload.get("locale") or ctx.locale)
    state, _ = await ctx.read()
    still = {q.choice_id for q in open_questions(state)}
    ids = [int(i) for i in choice.payload["ids"] if int(i) in still]
    if option == "cancel":
        embeds = lines_embeds(C + "force.cancelled", [Msg(C + "cancelled")], locale)
        await cancel_choice(interaction, ctx.base, choice, embeds, keep_buttons=False)
        return
    if not ids:
        async with ctx.service.work(ctx.campaign.id, ctx.base.actor) as uow:
            await uow.claim_choice(choice.id, gm=True)
            await uow.close_choice(choice.id, "done")
        raise NotFound(C + "error.nothing_waiting")
    await _force(ctx, ids, bool(choice.payload.get("rest")), confirmed=choice.id, locale=locale)


async def _force(
    ctx: Ctx, ids: list[int], to_the_end: bool, *, confirmed: int, locale: str
) -> None:
    """Force these questions' defaults in one unit of work (closing the GM's confirmation
    `confirmed`); the confirmation redrawn with what was forced (in `locale`, its
    language), what happened, the GM's private lines, each forced question's post redrawn
    as settled and the questions it leads to are written with the change (the outbox)."""
    combat = await campaign_combat(ctx)
    state, _ = await ctx.read()
    waiting = open_questions(state)
    before = [q.choice_id for q in waiting]
    sealed = await sealed_bribers(ctx)  # who paid a cancelled bribe, for the GM (SP-I33)

    async def close(uow: UnitOfWork, outcome: ChoiceOutcome) -> list[tuple[Question, Post]]:
        await uow.close_choice(confirmed)
        return await question_posts(uow, [q for q in waiting if q.choice_id in outcome.forced])

    def shown(done: Applied[ChoiceOutcome, SpacePiratesSettings]) -> list[Announcement]:
        outcome = done.outcome
        private = [
            text
            for v in outcome.private.values()
            for text in rendered(bribers_named(v, sealed), ctx.locale)
        ]
        embeds = lines_embeds(C + "forced.title", outcome.lines, ctx.public_locale)
        asked = _new_questions(before, outcome)
        forced = [q for q in waiting if q.choice_id in outcome.forced]
        told = _told(ctx, [*map(faction_of, forced), *reported(outcome.outcome)], asked)
        content = _forced_ping(told, ctx.public_locale)
        done_title = C + "forced.done"  # the GM's question, the outcome first
        answered = lines_embeds(done_title, outcome.lines, locale, count=len(outcome.forced))
        messages = [
            Announcement(edit=True, embeds=answered[:10], view=None),
            Announcement(content=content, embeds=embeds[:10], pinged=told),
        ]
        if private:  # the GM's eyes only (SP-I33)
            messages.append(Announcement(content="\n".join(private)[:1900], ephemeral=True))
        settled = [
            settled_question(
                q,
                post,
                outcome.forced[q.choice_id],
                outcome.outcome,
                outcome.lines,
                head=Msg(C + "forced.question", faction=faction_of(q)),
                keep_ping=False,
            )
            for q, post in done.after
        ]
        return [*messages, *settled, *questions(asked, ctx.user_of, ctx.public_locale)]

    await ctx.apply(
        lambda s, settings, dice: force_choices(
            s, settings, ids, dice, combat=combat, to_the_end=to_the_end
        ),
        command="pirates force",
        options={"choices": ids, "rest": to_the_end},
        audit=_public_audit,
        claim=ChoiceClaim(confirmed, gm=True),
        then=close,
        announce=shown,
    )


def _told(ctx: Ctx, factions: Sequence[str], asked: Sequence[Question]) -> list[int]:
    """The players a forced answer concerns, each once, by user: the players of `factions`
    (whose questions it settled, then whom what it carried on reached); not the GM who
    forced it, nor a player a new question asks (`asked`: that question pings them)."""
    pinged_by_question = {ctx.user_of(faction_of(q)) for q in asked}
    users = (ctx.user_of(f) for f in factions)
    return [
        u
        for u in dict.fromkeys(users)
        if u is not None and u != ctx.user_id and u not in pinged_by_question
    ]


def _answer_pings(
    ctx: Ctx, outcome: ChoiceOutcome, asked: Sequence[Question]
) -> list[Announcement]:
    """A message pinging the other players what an answer carried on reached (the question
    it answered was edited, which pings nobody): a co-owner whose ships were lost defending
    the answering player's route (SP-I43), a player whose attack came after, each with what
    happened to them; not the player who answered, nor one a new question asks."""
    users = {f: ctx.user_of(f) for f in outcome.told}
    pinged = _told(ctx, list(outcome.told), asked)
    if not pinged:
        return []
    locale = ctx.public_locale
    lines = [
        (user, t(C + "answer.ping", locale, user=f"<@{user}>", lines=MsgList(told, "; ")))
        for faction, told in outcome.told.items()
        if (user := users[faction]) is not None and user in pinged
    ]
    content, shown = _whole_lines(lines, locale, CONTENT_MAX - NOTE_ROOM)
    return [Announcement(content=content, pinged=[u for u in pinged if u in shown])]


def _whole_lines(lines: Sequence[tuple[int, str]], locale: str, limit: int) -> tuple[str, set[int]]:
    """As many whole `(user, line)` lines as fit in `limit` characters, then how many more,
    and the users whose line is shown: a message pings nobody for a line it leaves out. A
    first line too long alone is shortened at its end (its mention leads it)."""
    for kept in range(len(lines), 0, -1):
        rest = len(lines) - kept
        more = [t("turn.status.more", locale, count=rest)] if rest else []
        content = "\n".join([line for _, line in lines[:kept]] + more)
        if len(content) <= limit:
            return content, {user for user, _ in lines[:kept]}
    tail = "\n" + t("turn.status.more", locale, count=len(lines) - 1) if len(lines) > 1 else ""
    user, line = lines[0]
    return clip(line, limit - len(tail)) + tail, {user}


def _forced_ping(users: Sequence[int], locale: str) -> str | None:
    """The line of a forced answer that pings the players it concerns (None: nobody)."""
    if not users:
        return None
    mentions = " ".join(f"<@{u}>" for u in users)
    return t(C + "forced.ping", locale, users=mentions)


async def question_posts(uow: UnitOfWork, asked: Sequence[Question]) -> list[tuple[Question, Post]]:
    """The posts showing these questions' buttons (the newest of each), in the order asked;
    a question whose post was never kept is left out."""
    prefixes = {q.choice_id: controls.control_id(ANSWER, q.choice_id) + ":" for q in asked}
    found = await uow.showing(list(prefixes.values()))
    return [(q, post) for q in asked if (post := found[prefixes[q.choice_id]]) is not None]


def settled_question(
    question: Question,
    post: Post,
    option: str,
    told: Mapping[str, Any],
    lines: Sequence[Msg],
    *,
    head: Msg | None = None,
    keep_ping: bool = True,
    escaped: bool = False,
) -> Announcement:
    """SP-I45: a question settled without its player's click (a GM's force, an answer by
    command, a turn's end taking its default), redrawn in its own message as an answered
    one is: titled and coloured by how its attack ended, else by the answer `option`
    (`answered_title`, from `told`, the audited outcome of what settled it), `head` saying
    how it was settled, then `lines` (`escaped`: their texts are escaped already, as a
    turn's summary lines are); in the language it was asked in; no buttons. Its ping
    line stays when `keep_ping` (the outbox marks it answered), pinging nobody. A message
    that is gone is left gone (what settled it tells what happened)."""
    shown_in = str(post.payload.get("locale") or DEFAULT_LANGUAGE)
    title, colour, params = answered_title(question, option, told)
    said = rendered([head] if head is not None else [], shown_in)
    said += [m.render(shown_in) for m in lines] if escaped else rendered(lines, shown_in)
    # One message's worth (10 embeds, 6,000 characters): a longer edit is refused, and the
    # question would keep its buttons; what settled it tells the rest.
    embeds = message_batches(texts_embeds(title, said, shown_in, colour=colour, **params))[0]
    ping = post.payload.get("content") if keep_ping else None
    return Announcement(
        content=str(ping) if ping else None,
        embeds=embeds,
        edits=int(post.payload["edit"]),
        channel_id=post.channel_id,
        repost=False,
    )
