"""The pending choices of an incident: one per step, for the player who must answer.

A step's choice is opened when the engine leaves the incident awaiting an answer; a click
(or `/company force`, `/company fine`) claims it, applies the answer in the same unit of
work, closes it and opens the next step's choice for whoever answers next. The payload holds
the incident, the step the buttons were drawn for, the incidents the message tells (a move
through several Companies, CR-I5), and where and in which language the story was posted.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from typing import Any

from bot.announcements import Announcement
from bot.campaigns import Choice
from bot.campaigns import UnitOfWork
from bot.dice import Dice
from bot.errors import GameError
from bot.interactions import require_gm
from bot.rules.company_raids import SPEC
from bot.rules.company_raids import CompanyIncident
from bot.rules.company_raids import CompanyRaidsSettings
from bot.rules.company_raids import CompanyRaidsState
from bot.rules.company_raids import Event
from bot.rules.company_raids import IncidentRecord
from bot.rules.company_raids import RaidOutcome
from bot.rules.company_raids import answer
from bot.rules.company_raids import awaiting_of
from bot.rules.company_raids import force_answer
from bot.rules.company_raids import incident_log_key
from bot.rules.company_raids import open_incidents
from bot.scaffold import Applied
from bot.scaffold import ChoiceClaim
from bot.scaffold import RulesetContext
from cogs.company_raids.render import DEFENDER_PREFIX

STEP_CHOICE = "cr_step"
ANSWERS = frozenset(
    {"pay", "capture", "fine", "counterattack", "amount", "attack", "decline"}
    | {"aggressor", "defender", "no_winner"}
)
Ctx = RulesetContext[CompanyRaidsState, CompanyRaidsSettings]


def audit_extra(outcome: RaidOutcome) -> dict[str, Any]:
    """What the audit entry keeps beside the summary: every event (every die, every shot,
    who chose what) and each amount exact and as shown (CR-I16)."""
    return {
        "incident": outcome.incident_id,
        "events": [e.model_dump(mode="json") for e in outcome.events],
        "payments": [p.model_dump(mode="json") for p in outcome.payments],
        "awaiting": None
        if outcome.awaiting is None
        else {"step": outcome.awaiting.step, "faction": outcome.awaiting.faction},
        **outcome.rolled_by,
    }


def step_payload(
    outcome: RaidOutcome,
    story: list[int],
    *,
    channel: int | None,
    message: int | None,
    locale: str,
) -> dict[str, Any]:
    """The payload of the choice for the step `outcome` leaves open."""
    assert outcome.awaiting is not None
    incident = outcome.awaiting.incident_id
    return {
        "incident": incident,
        "step": outcome.awaiting.step,
        "story": [*story, incident] if incident not in story else story,
        "channel": channel,
        "message": message,
        "locale": locale,
    }


async def open_step(
    ctx: Ctx,
    uow: UnitOfWork,
    outcome: RaidOutcome,
    story: list[int],
    *,
    message: int | None = None,
    locale: str | None = None,
) -> int | None:
    """Open the choice of the step the outcome awaits, for that faction's player (the GMs
    when nobody plays it or the GM rules, CR-I13); None when nothing awaits."""
    if outcome.awaiting is None:
        return None
    payload = step_payload(
        outcome,
        story,
        channel=ctx.interaction.channel_id,
        message=message,
        locale=locale or ctx.public_locale,
    )
    owner = ctx.user_of(outcome.awaiting.faction)
    return await uow.open_choice(
        SPEC.key, STEP_CHOICE, owner, payload, faction=outcome.awaiting.faction
    )


def _engine_option(
    state: CompanyRaidsState, settings: CompanyRaidsSettings, incident: int, code: str
) -> str:
    """The engine's option for a button's code (a defender by its index)."""
    if code.startswith(DEFENDER_PREFIX) and code[1:].isdigit():
        for live in open_incidents(state):
            if live.id == incident:
                options = awaiting_of(state, settings, live).options
                index = int(code[1:])
                return options[index] if index < len(options) else code
    return code


def recorded_fine(state: CompanyRaidsState, incident: int) -> int | None:
    """CR-I4: the Company's recorded fine, offered when the fine is entered each time."""
    for live in open_incidents(state):
        if live.id == incident and isinstance(live, CompanyIncident):
            company = state.companies.get(live.company)
            return company.fine if company is not None else None
    return None


async def story_events(ctx: Ctx, outcome: RaidOutcome, story: list[int]) -> list[Event]:
    """Every event of the incidents a message tells, in order: from the outcome's archive
    records, the open incidents, or the committed archive (an incident closed earlier)."""
    closed = {
        record.body.id: record.body.events
        for record in outcome.archive
        if isinstance(record.body, IncidentRecord)
    }
    live = {incident.id: incident.events for incident in open_incidents(outcome.state)}
    events: list[Event] = []
    for incident in story:
        if incident in closed:
            events += closed[incident]
        elif incident in live:
            events += live[incident]
        else:
            key = incident_log_key(incident)
            for record in await ctx.service.archived(ctx.campaign, SPEC.key, key, IncidentRecord):
                events += record.events
    return events


async def answer_step(
    ctx: Ctx,
    choice: Choice,
    code: str,
    *,
    amount: int | None = None,
    command: str,
    announce: Callable[[Applied[RaidOutcome, CompanyRaidsSettings]], Awaitable[list[Announcement]]]
    | None = None,
    before: Callable[[UnitOfWork], Awaitable[None]] | None = None,
) -> Applied[RaidOutcome, CompanyRaidsSettings]:
    """Apply one answer to a step's choice in one unit of work: `code` is an option, a
    defender's index (`d0`…), `amount` (the fine entered, CR-I4) or `force` (the GM's
    documented answer for an absent player, CR-I19). The next step's choice is `after`;
    `before` runs in its unit of work first (the GM's confirmation of a force closed there)."""
    incident = int(choice.payload["incident"])
    step = str(choice.payload["step"])
    story = [int(i) for i in choice.payload.get("story") or [incident]]
    forced = code == "force"
    if forced:
        require_gm(ctx.base)
    elif code not in ANSWERS and not code.startswith(DEFENDER_PREFIX):
        raise GameError("error.choice_not_found")

    def change(state: CompanyRaidsState, settings: CompanyRaidsSettings, dice: Dice) -> RaidOutcome:
        turn = ctx.campaign.turn
        if forced:
            return force_answer(
                state, settings, incident, dice, step=step, amount=amount, turn=turn
            )
        option = _engine_option(state, settings, incident, code)
        given = amount
        if option == "amount" and given is None:
            given = recorded_fine(state, incident)
        asked = next((i for i in open_incidents(state) if i.id == incident), None)
        wanted = awaiting_of(state, settings, asked).faction if asked is not None else None
        return answer(
            state,
            settings,
            incident,
            option,
            dice,
            by_faction=ctx.claimed_faction(wanted),
            step=step,
            amount=given,
            turn=turn,
        )

    async def next_step(uow: UnitOfWork, outcome: RaidOutcome) -> int | None:
        await uow.close_choice(choice.id)
        message = choice.payload.get("message")
        return await open_step(
            ctx,
            uow,
            outcome,
            story,
            message=int(message) if message else None,
            locale=str(choice.payload.get("locale") or ctx.public_locale),
        )

    return await ctx.apply(
        change,
        faction=ctx.claimed_faction(None) or None,
        command=command,
        options={"incident": incident, "step": step, "answer": code, "amount": amount},
        audit=audit_extra,
        claim=ChoiceClaim(choice.id, gm=ctx.is_gm),
        before=before,
        then=next_step,
        announce=announce,
    )
