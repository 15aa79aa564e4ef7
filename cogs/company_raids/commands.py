"""`/company …`: the Company raids ruleset's Discord extension (rules/company-raids.md).

Players register their Companies and pieces (a GM anyone's), land a piece in a rival's
Company or enter the Joker; each step of the incident is a question with buttons for the
player who must answer, restart-safe, and a GM forces the documented answer for an absent
player (CR-I19). Each command: context → parse → one unit of work → render → send.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.announcements import Announcement
from bot.campaigns import Choice
from bot.campaigns import UnitOfWork
from bot.cog_base import BotCog
from bot.cog_base import Choices
from bot.cog_base import FactionName
from bot.cog_base import Interaction
from bot.cog_base import command_group
from bot.dice import Dice
from bot.errors import GameError
from bot.i18n import t
from bot.interactions import Context
from bot.interactions import asked_line
from bot.interactions import choice_handler
from bot.interactions import gm_mentions
from bot.interactions import locale_of
from bot.interactions import message_batches
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import who
from bot.rules.company_raids import KEEP
from bot.rules.company_raids import SPEC
from bot.rules.company_raids import CompanyRaidsSettings
from bot.rules.company_raids import CompanyRaidsState
from bot.rules.company_raids import RaidOutcome
from bot.rules.company_raids import Unchanged
from bot.rules.company_raids import awaiting_line
from bot.rules.company_raids import awaiting_of
from bot.rules.company_raids import declare_joker_holding
from bot.rules.company_raids import edit_company
from bot.rules.company_raids import edit_piece
from bot.rules.company_raids import enter
from bot.rules.company_raids import find_company
from bot.rules.company_raids import find_piece
from bot.rules.company_raids import force_answer
from bot.rules.company_raids import land
from bot.rules.company_raids import move_piece
from bot.rules.company_raids import name_key
from bot.rules.company_raids import open_incidents
from bot.rules.company_raids import register_company
from bot.rules.company_raids import register_piece
from bot.rules.company_raids import remove_company
from bot.rules.company_raids import remove_piece
from bot.rules.company_raids import status
from bot.scaffold import Applied
from bot.scaffold import Asked
from bot.scaffold import Question
from bot.scaffold import RulesetContext
from bot.scaffold import apply_or_ask
from bot.scaffold import ask_first
from bot.scaffold import confirm_first
from bot.scaffold import confirmed_command
from bot.scaffold import faction_autocomplete
from bot.scaffold import owned_choices
from bot.scaffold import state_choices
from bot.scaffold import still_open
from bot.text import message_url
from bot.text import shown
from bot.text import split_top_level
from bot.text import typed_none
from cogs.company_raids.render import change_embeds
from cogs.company_raids.render import option_text
from cogs.company_raids.render import ping_text
from cogs.company_raids.render import settled_embed
from cogs.company_raids.render import status_embeds
from cogs.company_raids.render import step_view
from cogs.company_raids.render import story_embed
from cogs.company_raids.steps import STEP_CHOICE
from cogs.company_raids.steps import Ctx
from cogs.company_raids.steps import answer_step
from cogs.company_raids.steps import audit_extra
from cogs.company_raids.steps import open_step
from cogs.company_raids.steps import recorded_fine
from cogs.company_raids.steps import story_events

C = "company."
Name = app_commands.Range[str, 1, 60]  # a Company's, a piece's or a Holding's name
Amount = app_commands.Range[int, 0, 10**12]  # a fine or a value (CR-I16: whole amounts)
IncidentNo = app_commands.Range[int, 1, 10**9]  # an incident's number
BoardChange = Callable[[CompanyRaidsState, CompanyRaidsSettings], RaidOutcome]
# What a board change's confirmation asks, from the state before it and what it would do.
BoardQuestion = Callable[[CompanyRaidsState, Applied[RaidOutcome, CompanyRaidsSettings]], Question]
# A story as told: its embed and, while a step awaits, the buttons, the ping and who is pinged.
Told = tuple[discord.Embed, discord.ui.View | None, str | None, list[int]]


class CompanyRaidsCog(BotCog):
    """The Company raids ruleset's commands."""

    company = command_group("company", "Company raids: pay or capture, the Joker")

    # -- the board -----------------------------------------------------------------------------

    @who("owner")
    @company.command(name="add-company", description="Register a Company: owner, fine, Holding")
    @app_commands.autocomplete(owner=faction_autocomplete)
    @app_commands.describe(
        name="The Company's name",
        fine="Its current fine, as the players computed it (CR-I4)",
        owner="The owner's faction (default: yours; a GM may leave it unowned)",
        holding="The Holding it belongs to, if any",
    )
    async def add_company(
        self,
        interaction: Interaction,
        name: Name,
        fine: Amount,
        owner: FactionName | None = None,
        holding: Name | None = None,
    ) -> None:
        """Section 1, CR-I4: the players register each Company with its owner and fine."""
        ctx = await RulesetContext.of(interaction, SPEC)
        faction = None if typed_none(owner) else _owner(ctx, owner)
        label = None if typed_none(holding) else holding
        await _register(ctx, register_company, name, faction, fine=fine, holding=label)

    @who("owner")
    @company.command(name="edit-company", description="Change a Company's owner, fine or Holding")
    @app_commands.autocomplete(owner=faction_autocomplete)
    @app_commands.describe(
        name="The Company",
        fine="Its current fine (CR-I4)",
        owner="The new owner's faction; - for nobody",
        holding="Its Holding; - for none",
    )
    async def edit_company(
        self,
        interaction: Interaction,
        name: Name,
        fine: Amount | None = None,
        owner: FactionName | None = None,
        holding: Name | None = None,
    ) -> None:
        """CR-I4, CR-I6: the players keep the fine and Holding current."""
        ctx = await RulesetContext.of(interaction, SPEC)
        new_owner: str | Unchanged | None = KEEP
        if owner is not None:
            new_owner = None if typed_none(owner) else _owner(ctx, owner)
        new_holding: str | Unchanged | None = KEEP
        if holding is not None:
            new_holding = None if typed_none(holding) else holding
        await _on_board(
            ctx,
            edit_company,
            name,
            of=_company_owner,
            owner=new_owner,
            fine=fine,
            holding=new_holding,
        )

    @who("owner")
    @company.command(name="remove-company", description="Delete a Company's record")
    @app_commands.describe(name="The Company")
    async def remove_company(self, interaction: Interaction, name: Name) -> None:
        """Refused while an incident is open in it; else asked first."""
        await confirm_first(interaction)

    @who("owner")
    @company.command(name="add-piece", description="Register a piece: owner, value, square")
    @app_commands.autocomplete(owner=faction_autocomplete)
    @app_commands.describe(
        name="The piece's name",
        value="Its value (CR-I16: a whole amount)",
        owner="The owner's faction (default: yours)",
        square="The Company it stands in, if any",
        in_joker="It stands in the Joker (CR-5.2, CR-I10)",
    )
    async def add_piece(
        self,
        interaction: Interaction,
        name: Name,
        value: Amount,
        owner: FactionName | None = None,
        square: Name | None = None,
        in_joker: bool = False,
    ) -> None:
        """Section 1: each piece with its owner, value and square; the first piece in an
        ownerless Joker makes its player the owner (CR-5.4, CR-I10)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        faction = ctx.acting_faction(owner)
        await _register(
            ctx, register_piece, name, faction, value=value, company=square, in_joker=in_joker
        )

    @who("owner")
    @company.command(name="edit-piece", description="Correct a piece's value")
    @app_commands.describe(name="The piece", value="Its value (CR-I16)")
    async def edit_piece(self, interaction: Interaction, name: Name, value: Amount) -> None:
        """CR-I16: the value counts from the next amount due."""
        ctx = await RulesetContext.of(interaction, SPEC)
        await _on_board(ctx, edit_piece, name, of=_piece_owner, value=value)

    @who("owner")
    @company.command(name="remove-piece", description="Delete a piece's record")
    @app_commands.describe(name="The piece")
    async def remove_piece(self, interaction: Interaction, name: Name) -> None:
        """A piece taken off in the Joker leaves it (CR-I10); asked first."""
        await confirm_first(interaction)

    @who("owner")
    @company.command(name="move", description="A piece leaves its square (no incident)")
    @app_commands.describe(
        piece="The piece",
        square="Your own or an ownerless Company it moves to (default: elsewhere)",
    )
    async def move(self, interaction: Interaction, piece: Name, square: Name | None = None) -> None:
        """CR-I9: leaving clears the *attempted* marks; from the Joker, CR-5.3 and CR-I10."""
        ctx = await RulesetContext.of(interaction, SPEC)
        await _on_board(ctx, move_piece, piece, of=_piece_owner, to_company=square)

    @who("joker_owner")
    @company.command(name="holding", description="Declare your Joker Holding (the Joker's owner)")
    @app_commands.describe(companies="Your Companies that reach the Joker, comma-separated")
    async def holding(
        self, interaction: Interaction, companies: app_commands.Range[str, 1, 1000]
    ) -> None:
        """CR-5.5, CR-5.12, CR-I11: the owner's assets that reach the Joker."""
        ctx = await RulesetContext.of(interaction, SPEC)
        names = [n for n in split_top_level(companies) if n.strip() and not typed_none(n)]
        await _board(
            ctx,
            lambda state, settings: declare_joker_holding(
                state, settings, names, by_faction=ctx.claimed_faction(state.joker.owner)
            ),
        )

    @company.command(name="status", description="Who owns what, attempted marks, the Joker")
    async def status(self, interaction: Interaction) -> None:
        """Companies, pieces and their CR-I9 marks, the Joker's owner, occupants and Holding
        (CR-I10, CR-I11, CR-I18), and every pending choice."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, settings = await ctx.read()
        questions = await _question_links(ctx)
        shown = status(state, settings)
        embeds = status_embeds(shown, ctx.campaign.turn, ctx.public_locale, questions)
        for batch in message_batches(embeds):
            await reply(interaction, embeds=batch)

    # -- incidents -----------------------------------------------------------------------------

    @who("piece")
    @company.command(name="land", description="Your piece stops in a rival's Company")
    @app_commands.describe(
        piece="The piece that stops",
        company="The Company it stops in",
        passed="Rival Companies it passed through on the way, in order (CR-I5)",
    )
    async def land(
        self,
        interaction: Interaction,
        piece: Name,
        company: Name,
        passed: app_commands.Range[str, 1, 500] | None = None,
    ) -> None:
        """CR-1.2, CR-2.2, CR-I5: the trespasser is asked to pay the fine or attempt a capture
        (and each Company passed through opens its incident first, by CR-I5's setting)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        through = [n.strip() for n in split_top_level(passed or "") if n.strip()]

        def change(
            state: CompanyRaidsState, settings: CompanyRaidsSettings, dice: Dice
        ) -> RaidOutcome:
            return land(
                state,
                settings,
                piece,
                company,
                dice,
                by_faction=_piece_owner(ctx, state, piece),
                passed_through=through,
                turn=ctx.campaign.turn,
            )

        await _incident(ctx, change)

    @who("piece")
    @company.command(name="enter", description="Your piece ends its move in the Joker")
    @app_commands.describe(piece="The piece that enters the Joker")
    async def enter(self, interaction: Interaction, piece: Name) -> None:
        """CR-5.4, CR-I12: an ownerless Joker is taken; a rival's starts the duel at once
        (CR-I13, CR-I14, CR-I17), every shot rolled and logged."""
        ctx = await RulesetContext.of(interaction, SPEC)

        def change(
            state: CompanyRaidsState, settings: CompanyRaidsSettings, dice: Dice
        ) -> RaidOutcome:
            turn = ctx.campaign.turn
            return enter(
                state, settings, piece, dice, by_faction=_piece_owner(ctx, state, piece), turn=turn
            )

        await _incident(ctx, change)

    @company.command(
        name="force", description="Force the documented answer for an absent player (GM)"
    )
    @app_commands.describe(incident="The incident (default: the latest waiting one)")
    async def force(self, interaction: Interaction, incident: IncidentNo | None = None) -> None:
        """CR-I19: the trespasser pays, the owner collects the fine, the aggressor attacks,
        the earliest owner piece defends, a capped duel's outcome stands; once the GM
        confirms (`_force`)."""
        await confirm_first(interaction)

    @who("company_owner")
    @company.command(name="fine", description="Enter the fine due (the Company's owner, CR-I4)")
    @app_commands.describe(
        amount="The fine, as the players computed it",
        incident="The incident (default: the latest waiting one)",
    )
    async def fine(
        self, interaction: Interaction, amount: Amount, incident: IncidentNo | None = None
    ) -> None:
        """CR-I4 (`fine_source = enter_each_time`): the owner enters the amount."""
        ctx = await RulesetContext.of(interaction, SPEC)
        choice = await _open_step_choice(ctx, incident, step="fine_amount")
        await _settle(ctx, choice, "amount", amount, "company fine")

    # -- autocomplete --------------------------------------------------------------------------

    @edit_piece.autocomplete("name")
    @remove_piece.autocomplete("name")
    @move.autocomplete("piece")
    @land.autocomplete("piece")
    @enter.autocomplete("piece")
    async def piece_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Pieces still on the board: a player's own, every piece for a GM."""
        locale = locale_of(interaction)
        return await owned_choices(
            interaction,
            SPEC,
            current,
            lambda state, typist: [
                (t(C + "choice.piece", locale, piece=p.name, owner=p.owner, value=p.value), p.name)
                for p in state.pieces.values()
                if not p.destroyed and typist.owns(p.owner)
            ],
        )

    @add_piece.autocomplete("square")
    @edit_company.autocomplete("name")
    @remove_company.autocomplete("name")
    @move.autocomplete("square")
    @land.autocomplete("company")
    async def company_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Registered Companies, with their owners and fines."""
        locale = locale_of(interaction)
        nobody = t("company_raids.who.nobody", locale)
        return await state_choices(
            interaction,
            SPEC,
            current,
            lambda state: [
                (
                    t(
                        C + "choice.company",
                        locale,
                        company=c.name,
                        owner=c.owner or nobody,
                        fine=c.fine,
                    ),
                    c.name,
                )
                for c in state.companies.values()
            ],
        )


# --- helpers behind the commands -----------------------------------------------------------


def _owner(ctx: Ctx, owner: str | None) -> str | None:
    """The owner named (a player only their own faction); a GM naming nobody: unowned."""
    if owner is None and ctx.is_gm:
        return None
    return ctx.acting_faction(owner)


def _piece_owner(ctx: Ctx, state: CompanyRaidsState, name: str) -> str | None:
    """Who acts for the piece: its owner when the actor plays it (None for a GM)."""
    piece = state.pieces.get(name_key(name))
    return ctx.claimed_faction(piece.owner if piece is not None else None)


def _company_owner(ctx: Ctx, state: CompanyRaidsState, name: str) -> str | None:
    """Who acts for the Company: its owner when the actor plays it (None for a GM)."""
    company = state.companies.get(name_key(name))
    return ctx.claimed_faction(company.owner if company is not None else None)


async def _board(
    ctx: Ctx,
    change: BoardChange,
    *,
    asked: Asked | None = None,
    question: BoardQuestion | None = None,
) -> None:
    """One change to the board, logged, and its lines as the answer, written with it (the
    outbox: posted after the commit, or after a restart when the process died first); with
    `asked`, behind its confirmation (`question` says what will happen)."""

    def told(done: Applied[RaidOutcome, CompanyRaidsSettings]) -> list[Announcement]:
        embeds = change_embeds(done.outcome.lines, ctx.public_locale, entry_seq=done.entry.seq)
        return [Announcement(embeds=embeds)]

    await apply_or_ask(
        ctx,
        lambda state, settings, _dice: change(state, settings),
        asked=asked,
        question=question,
        faction=ctx.claimed_faction(None) or None,
        announce=told,
    )


async def _register(
    ctx: Ctx, change: Callable[..., RaidOutcome], name: str, owner: str | None, **options: Any
) -> None:
    """A new Company or piece, `change(state, settings, name, owner=owner, **options)`,
    registered for its `owner`: acting for it when the actor plays it (a GM for anyone)."""
    await _board(
        ctx,
        lambda state, settings: change(
            state, settings, name, owner=owner, by_faction=ctx.claimed_faction(owner), **options
        ),
    )


async def _on_board(
    ctx: Ctx,
    change: Callable[..., RaidOutcome],
    name: str,
    *,
    of: Callable[[Ctx, CompanyRaidsState, str], str | None],
    asked: Asked | None = None,
    question: BoardQuestion | None = None,
    **options: Any,
) -> None:
    """A change to one Company or piece, `change(state, settings, name, **options)`, made by
    its owner (`of` tells who acts for it; a GM for anyone); with `asked`, behind its
    confirmation."""
    await _board(
        ctx,
        lambda state, settings: change(
            state, settings, name, by_faction=of(ctx, state, name), **options
        ),
        asked=asked,
        question=question,
    )


@confirmed_command("company remove-company")
async def _remove_company(asked: Asked) -> None:
    """`/company remove-company`: asked with the Company's owner and fine, then deleted."""

    def named(state: CompanyRaidsState, name: str) -> dict[str, Any]:
        _, company = find_company(state, name)  # the rehearsal found it
        nobody = t("company_raids.who.nobody", asked.locale)
        owner = shown(company.owner) if company.owner else nobody
        return {"company": shown(company.name), "owner": owner, "fine": company.fine}

    await _remove(asked, remove_company, C + "remove_company_question", named, of=_company_owner)


@confirmed_command("company remove-piece")
async def _remove_piece(asked: Asked) -> None:
    """`/company remove-piece`: asked with the piece's owner and value, then deleted."""

    def named(state: CompanyRaidsState, name: str) -> dict[str, Any]:
        _, piece = find_piece(state, name)  # the rehearsal found it
        return {"piece": shown(piece.name), "owner": shown(piece.owner), "value": piece.value}

    await _remove(asked, remove_piece, C + "remove_piece_question", named, of=_piece_owner)


async def _remove(
    asked: Asked,
    remove: Callable[..., RaidOutcome],
    title: str,
    named: Callable[[CompanyRaidsState, str], dict[str, Any]],
    *,
    of: Callable[[Ctx, CompanyRaidsState, str], str | None],
) -> None:
    """A Company's or a piece's record (`asked.params["name"]`) deleted by its owner (`of`)
    behind the confirmation whose question `title` names it as `named` tells it from the
    board before the change (asked in the asker's language)."""
    name = str(asked.params["name"])

    def question(
        state: CompanyRaidsState, _done: Applied[RaidOutcome, CompanyRaidsSettings]
    ) -> Question:
        return Question(t(title, asked.locale, **named(state, name)), verb="remove")

    ctx = await RulesetContext.within(asked.interaction, asked.base, SPEC)
    await _on_board(ctx, remove, name, of=of, asked=asked, question=question)


async def _incident(
    ctx: Ctx, change: Callable[[CompanyRaidsState, CompanyRaidsSettings, Dice], RaidOutcome]
) -> None:
    """A landing or an entry: apply it, post its story and, when a step awaits an answer,
    the question for that player (written with the change: posted once, even after a
    crash); the choice learns its message when the post is marked sent."""

    async def first_step(uow: UnitOfWork, outcome: RaidOutcome) -> int | None:
        return await open_step(ctx, uow, outcome, _story_of(outcome))

    async def story(done: Applied[RaidOutcome, CompanyRaidsSettings]) -> list[Announcement]:
        incidents = _story_of(done.outcome)
        embed, view, content, pinged = await _told(ctx, done, incidents, ctx.public_locale)
        if view is None:
            return [Announcement(embeds=[embed])]
        return [
            Announcement(
                content=content,
                embeds=[embed],
                view=view,
                pinged=pinged,
                choice_id=int(done.after),
            )
        ]

    await ctx.apply(
        change,
        faction=ctx.claimed_faction(None) or None,
        audit=audit_extra,
        then=first_step,
        announce=story,
    )


def _story_of(outcome: RaidOutcome) -> list[int]:
    """The incidents one engine call told: the ones it archived and the one it left open."""
    ids = [int(r.key.partition("/")[2]) for r in outcome.archive if r.key.startswith("incident/")]
    if outcome.awaiting is not None and outcome.awaiting.incident_id not in ids:
        ids.append(outcome.awaiting.incident_id)
    if not ids and outcome.incident_id is not None:
        ids.append(outcome.incident_id)
    return ids


def _posted_in(ctx: Ctx, choice: Choice) -> str:
    """The language the public story was posted in (it keeps it)."""
    return str(choice.payload.get("locale") or ctx.public_locale)


async def _open_step_choice(ctx: Ctx, incident: int | None, *, step: str | None = None) -> Choice:
    """The open step choice of `incident` (default: the latest one waiting); none says why
    (`_nothing_waiting`)."""
    waiting = [
        c
        for c in await ctx.service.open_choices(ctx.campaign.id)
        if c.kind == STEP_CHOICE and (step is None or c.payload.get("step") == step)
    ]
    if incident is not None:
        waiting = [c for c in waiting if int(c.payload.get("incident", 0)) == incident]
    if not waiting:
        raise await _nothing_waiting(ctx, incident, step)
    return waiting[-1]


def _question_url(ctx: Ctx, choice: Choice) -> str | None:
    """The URL of the message asking `choice`'s question; None when it was never posted."""
    channel_id = choice.payload.get("channel")
    message_id = choice.payload.get("message")
    if not (channel_id and message_id):
        return None
    return message_url(ctx.campaign.guild_id, int(channel_id), int(message_id))


async def _question_links(ctx: Ctx) -> list[tuple[int, str]]:
    """Each open step's incident and the URL of its question's message, by incident."""
    links: list[tuple[int, str]] = []
    for choice in await ctx.service.open_choices(ctx.campaign.id):
        url = _question_url(ctx, choice)
        if choice.kind == STEP_CHOICE and url is not None:
            links.append((int(choice.payload["incident"]), url))
    return sorted(links)


async def _nothing_waiting(ctx: Ctx, incident: int | None, step: str | None) -> GameError:
    """Why no step answers `/company fine` or `/company force`: the incident named is not
    open, or waits for another answer (told as `/company status` tells it); a fine typed in
    a campaign that reads fines from the record (CR-I4); else nothing waits."""
    state, settings = await ctx.read()
    if incident is not None:
        live = next((i for i in open_incidents(state) if i.id == incident), None)
        if live is None:
            return GameError(C + "error.incident_not_open", incident=incident)
        return GameError(
            C + "error.no_fine_step", waiting=awaiting_line(awaiting_of(state, settings, live))
        )
    if step == "fine_amount" and settings.fine_source == "company_record":
        return GameError(C + "error.fine_from_record")
    return GameError(C + "error.nothing_waiting")


async def _told(
    ctx: Ctx, done: Applied[RaidOutcome, CompanyRaidsSettings], story: list[int], locale: str
) -> Told:
    """The incidents `story` as a change left them, in `locale`: the embed, and while a step
    awaits an answer, its buttons, the ping for whoever answers it and that player."""
    outcome = done.outcome
    events = await story_events(ctx, outcome, story)
    embed = story_embed(story, events, outcome.awaiting, locale, entry_seq=done.entry.seq)
    if done.after is None or outcome.awaiting is None:
        return embed, None, None, []
    user = ctx.user_of(outcome.awaiting.faction)
    view = step_view(
        int(done.after),
        outcome.awaiting,
        locale,
        recorded_fine=recorded_fine(outcome.state, outcome.awaiting.incident_id),
    )
    if user is not None:
        return embed, view, ping_text(outcome.awaiting, user, locale), [user]
    # Nobody plays that faction, or the GM rules (CR-I13): the GMs are asked.
    gms = gm_mentions(ctx.base.gms)
    users = [target for kind, target in ctx.base.gms if kind == "user"]
    return embed, view, ping_text(outcome.awaiting, None, locale, gms=gms), users


async def _redraw(
    ctx: Ctx, choice: Choice, done: Applied[RaidOutcome, CompanyRaidsSettings], locale: str
) -> Told:
    """The story after an answer in `locale`, with the next step's buttons (if any) and the
    ping for whoever answers next."""
    awaiting = done.outcome.awaiting
    story = [int(i) for i in choice.payload.get("story") or [choice.payload["incident"]]]
    if awaiting is not None and awaiting.incident_id not in story:
        story.append(awaiting.incident_id)
    return await _told(ctx, done, story, locale)


def _ping_again(
    ctx: Ctx, content: str | None, pinged: list[int], asked: int | None
) -> list[Announcement]:
    """An edit pings nobody: whoever answers next, when someone other than the actor, is
    pinged by a message of its own (the one ping of that step; the redrawn question does not
    repeat it), which an undo of the next answer posts again (`pings`)."""
    if content is not None and pinged and ctx.user_id not in pinged:
        return [Announcement(content=content, pinged=pinged, pings=asked)]
    return []


@asked_line(STEP_CHOICE)
async def _asked_of(uow: UnitOfWork, choice: Choice, user: int, locale: str) -> str | None:
    """The ping line of a step asking `user` (`ping_text`): a join gives them the step asked
    of their faction while nobody played it (`announcements.hand_over`)."""
    state, settings = await uow.load(SPEC)
    incident = int(choice.payload["incident"])
    live = next((i for i in open_incidents(state) if i.id == incident), None)
    if live is None:
        return None
    awaiting = awaiting_of(state, settings, live)
    if awaiting.faction is None or awaiting.step != choice.payload.get("step"):
        return None
    return ping_text(awaiting, user, locale)


async def _force_question(ctx: Ctx, asked: Asked, choice: Choice) -> Question:
    """What the GM confirms (CR-I19): the incident, whose answer it waits for, and the answer
    this step will get under the campaign's settings (`forced_trespasser_choice`,
    `forced_owner_choice`), as its button reads, in the GM's language."""
    state, settings = await ctx.read()
    incident = int(choice.payload["incident"])
    live = next((i for i in open_incidents(state) if i.id == incident), None)
    if live is None:
        raise GameError(C + "error.nothing_waiting")
    awaiting = awaiting_of(state, settings, live)
    waiting = awaiting_line(awaiting).render(asked.locale)
    fine = recorded_fine(state, incident)
    forced = option_text(awaiting, awaiting.forced_option, asked.locale, recorded_fine=fine)
    title = asked.t(C + "force_question", incident=incident)
    return Question(title, [waiting, asked.t(C + "force_answer", answer=forced)], verb="force")


@confirmed_command("company force")
async def _force(asked: Asked) -> None:
    """`/company force` (or a question's "Force default (GM)") behind the GM's
    confirmation: asked, it names the incident and whom it waits for; confirmed, it forces
    the documented answer (CR-I19) to that step, refused when it was answered since, the
    confirmation closed in the same unit of work; the log's entry is written only then."""
    ctx = await RulesetContext.within(asked.interaction, asked.base, SPEC)
    require_gm(ctx.base)
    wanted = asked.params.get("question")
    if wanted is None:
        incident = asked.params.get("incident")
        choice = await _open_step_choice(ctx, int(incident) if incident is not None else None)
    else:
        choice = await still_open(ctx.base, int(wanted), STEP_CHOICE)
    incident, step = int(choice.payload["incident"]), str(choice.payload["step"])
    turn = ctx.campaign.turn
    if await asked.asked_first(
        ctx,
        await _force_question(ctx, asked, choice),
        lambda s, st, dice: force_answer(s, st, incident, dice, step=step, turn=turn),
        {"question": choice.id},
    ):
        return
    await _settle(ctx, choice, "force", None, "company force", asked=asked)


async def _settle(
    ctx: Ctx,
    choice: Choice,
    code: str,
    amount: int | None,
    command: str,
    *,
    asked: Asked | None = None,
) -> None:
    """A step answered by command (`/company force`, `/company fine`): the question in the
    channel shows the incident as it now stands (in the language it was posted in; posted
    anew when its message is gone, review finding 6); the public reply tells in a few lines
    what the answer did, with a link to that question (the story is not posted twice); the
    next player, when another, is pinged. All written with the change: posted once, even
    after a crash. A confirmed force (`asked`) closes its confirmation in the same unit of
    work and redraws it first."""
    confirmation = [asked.redrawn()] if asked is not None else []

    async def settled(done: Applied[RaidOutcome, CompanyRaidsSettings]) -> list[Announcement]:
        posted_in = _posted_in(ctx, choice)
        embed, view, content, pinged = await _redraw(ctx, choice, done, posted_in)
        again = _ping_again(ctx, content, pinged, done.after)
        public = embed
        if posted_in != ctx.public_locale:  # the reply speaks the campaign's language
            public = (await _redraw(ctx, choice, done, ctx.public_locale))[0]
        url = _question_url(ctx, choice)
        if url is None:  # never posted: the reply tells the story
            return [*confirmation, Announcement(embeds=[public]), *again]
        short = settled_embed(public, done.outcome.lines, url, ctx.public_locale, done.entry.seq)
        # The reply first: it is the interaction's answer, due within Discord's 3 s, while
        # editing a channel message may wait for that channel's rate limit.
        question = Announcement(
            edits=int(choice.payload["message"]),
            channel_id=int(choice.payload["channel"]),
            embeds=[embed],
            view=view,
        )
        return [*confirmation, Announcement(embeds=[short]), question, *again]

    await answer_step(
        ctx,
        choice,
        code,
        amount=amount,
        command=command,
        announce=settled,
        before=asked.claim if asked is not None else None,
    )


@choice_handler(STEP_CHOICE)
async def answer_click(
    interaction: Interaction, base: Context, choice: Choice, option: str
) -> None:
    """A click on a step's button: apply it and redraw the story with the next step's
    buttons (or none once the incident is closed), in the language it was posted in; the
    ping that asked it goes with the redraw, and the next player is pinged below."""
    if option == "force":  # the GM's documented answer, asked first as /company force asks
        await ask_first(interaction, base, "company force", {"question": choice.id})
        return
    ctx = await RulesetContext.within(interaction, base, SPEC)
    command = "company answer"

    async def redrawn(done: Applied[RaidOutcome, CompanyRaidsSettings]) -> list[Announcement]:
        embed, view, content, pinged = await _redraw(ctx, choice, done, _posted_in(ctx, choice))
        shown = [Announcement(edit=True, embeds=[embed], view=view)]
        return shown + _ping_again(ctx, content, pinged, done.after)

    await answer_step(ctx, choice, option, command=command, announce=redrawn)
