"""Embeds and buttons of `/company`: the story of an incident, its step's question, the board.

The story is rebuilt from the incident's own events (the open incident in the state, or its
archived record once closed), so it reads the same after any click, restart or forced answer,
in the language it was first posted in. Its first line is the outcome (or whose answer it
waits for); then every event in order with every die, the amounts shown rounded (CR-I16, the
exact figure beside a rounded one), a long duel compactly (the engine's narration).
"""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.controls import Control
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import LOSS_COLOUR
from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import SUCCESS_COLOUR
from bot.interactions import WAITING_COLOUR
from bot.interactions import choice_button
from bot.interactions import choice_view
from bot.interactions import cite_in_footer
from bot.interactions import line_embeds
from bot.interactions import make_embed
from bot.interactions import outcome_embeds
from bot.interactions import strip_citations
from bot.rules.company_raids import Awaiting
from bot.rules.company_raids import Event
from bot.rules.company_raids import RaidsStatus
from bot.rules.company_raids import awaiting_line
from bot.rules.company_raids import option_label
from bot.rules.company_raids import outcome_lines
from bot.rules.company_raids.models import BecameVisitor
from bot.rules.company_raids.models import CompanyCaptured
from bot.rules.company_raids.models import CounterattackRolled
from bot.rules.company_raids.models import GmRuled
from bot.rules.company_raids.models import JokerJoined
from bot.rules.company_raids.models import JokerOwnerChanged
from bot.rules.company_raids.models import JokerTaken
from bot.rules.company_raids.models import PaymentDue
from bot.rules.company_raids.models import PieceDestroyed
from bot.rules.company_raids.narration import event_lines
from bot.text import shown

C = "company."
# The events that say how an incident ended: they make its first line.
RESULT_EVENTS = (
    CompanyCaptured,
    PieceDestroyed,
    PaymentDue,
    JokerOwnerChanged,
    JokerTaken,
    GmRuled,
    BecameVisitor,
    JokerJoined,
)
# What the incident came to for the side that entered: a Company or the Joker taken...
GAINED_EVENTS = (CompanyCaptured, JokerTaken, JokerOwnerChanged)
# ...or a piece removed, a fine or bonus owed.
LOST_EVENTS = (PieceDestroyed, PaymentDue)
DEFENDER_PREFIX = "d"
DESCRIPTION_LIMIT = 4096  # Discord's limit on an embed's text


def headline(events: Sequence[Event], awaiting: Awaiting | None) -> list[Msg]:
    """The outcome first: whose answer the incident waits for, or what it came to."""
    if awaiting is not None:
        return [awaiting_line(awaiting)]
    results = [
        line
        for index, e in enumerate(events)
        if isinstance(e, RESULT_EVENTS)
        and not _settled_wait(e, events[index + 1 :])
        and not _nothing_paid(e)
        for line in event_lines(e)
    ]
    if results:
        return results
    if any(isinstance(e, CounterattackRolled) for e in events):
        return [Msg(C + "headline.no_effect")]
    return [Msg(C + "headline.closed")]


def _nothing_paid(event: Event) -> bool:
    """A fine, bonus or prize of 0 (a Joker prize counted from a piece worth 0, CR-I14):
    the story tells it, but it changes nothing, so it is no outcome."""
    return isinstance(event, PaymentDue) and event.payment.due_amount == 0


def _settled_wait(event: Event, later: Sequence[Event]) -> bool:
    """An aggressor left as a visitor "until the GM rules" (CR-I13) once the GM has ruled:
    no longer what the incident came to."""
    return (
        isinstance(event, BecameVisitor)
        and event.reason == "gm_ruling"
        and any(isinstance(e, GmRuled) for e in later)
    )


def story_colour(events: Sequence[Event], awaiting: Awaiting | None) -> discord.Colour:
    """Waiting while a step asks someone; success when the entering side took a Company or
    the Joker; loss when its piece was removed or it owes a fine or bonus; else neutral."""
    if awaiting is not None:
        return WAITING_COLOUR
    if any(isinstance(e, GAINED_EVENTS) for e in events):
        return SUCCESS_COLOUR
    if any(isinstance(e, LOST_EVENTS) for e in events):
        return LOSS_COLOUR
    return NEUTRAL_COLOUR


def story_embed(
    incident_ids: Sequence[int],
    events: Sequence[Event],
    awaiting: Awaiting | None,
    locale: str,
    *,
    entry_seq: int | None = None,
) -> discord.Embed:
    """One incident (or a move's incidents one after another), told in order."""
    first = headline(events, awaiting)
    top = "\n".join(f"**{m.render(locale)}**" for m in first)
    # The steps' clauses are cited in the order the story tells them (a roll's before what
    # it decided), then any the outcome above them adds.
    steps: list[str] = []
    told = strip_citations("\n".join(m.render(locale) for m in outcome_lines(events)), steps)
    body = _latest(told, len(top), locale)
    numbers = ", ".join(t(C + "story.number", locale, incident=i) for i in incident_ids)
    embed = make_embed(
        t(C + "story.title", locale, incidents=numbers),
        f"{top}\n\n{body}",
        colour=story_colour(events, awaiting),
    )
    footer = [t(C + "story.footer", locale, seq=entry_seq)] if entry_seq is not None else []
    cite_in_footer(embed, locale, footer=footer, cited=steps)
    return embed


def _latest(body: str, taken: int, locale: str) -> str:
    """The story's lines after a headline of `taken` characters, within Discord's limit on
    an embed's text: when a long move's incidents do not fit, its earliest lines give way
    to a note (the log keeps every step), so the latest steps and the totals stay shown."""
    room = DESCRIPTION_LIMIT - taken - 2
    if len(body) <= room:
        return body
    note = t(C + "story.earlier", locale)
    lines = body.split("\n")
    while lines and len(note) + 1 + len("\n".join(lines)) > room:
        lines.pop(0)
    return "\n".join([note, *lines])


def option_code(awaiting: Awaiting, option: str) -> str:
    """What a button carries for an option: the option, or a defender's index (a piece name
    may be long or hold any character)."""
    if awaiting.step == "defender_choice":
        return f"{DEFENDER_PREFIX}{awaiting.options.index(option)}"
    return option


def option_text(
    awaiting: Awaiting, option: str, locale: str, *, recorded_fine: int | None = None
) -> str:
    """One answer of a step as its button reads (a fine entered each time: the recorded one,
    CR-I4)."""
    if awaiting.step == "fine_amount":
        return t(C + "option.recorded_fine", locale, fine=recorded_fine or 0)
    return option_label(option, awaiting.step).render(locale)


def step_view(
    choice_id: int, awaiting: Awaiting, locale: str, *, recorded_fine: int | None = None
) -> discord.ui.View:
    """The step's buttons for the player who answers, and the GM's forced answer (CR-I19)."""
    buttons: list[Control] = []
    for option in awaiting.options:
        label = option_text(awaiting, option, locale, recorded_fine=recorded_fine)
        buttons.append(
            choice_button(
                choice_id,
                option_code(awaiting, option),
                label,
                style=discord.ButtonStyle.primary,
            )
        )
    if awaiting.faction is not None:
        buttons.append(choice_button(choice_id, "force", t(C + "force", locale)))
    return choice_view(buttons)


def ping_text(awaiting: Awaiting, user_id: int | None, locale: str, *, gms: str = "") -> str:
    """Who must answer: the faction's player, or the GMs (`gms`, their mentions)."""
    if awaiting.faction is None or user_id is None:
        if gms:
            return t(C + "ping.gms", locale, gms=gms, incident=awaiting.incident_id)
        return t(C + "ping.gm", locale, incident=awaiting.incident_id)
    return t(
        C + "ping.player",
        locale,
        user=f"<@{user_id}>",
        faction=shown(awaiting.faction),
        incident=awaiting.incident_id,
    )


def settled_embed(
    story: discord.Embed,
    lines: Sequence[Msg],
    question_url: str,
    locale: str,
    entry_seq: int,
) -> discord.Embed:
    """The reply to an answer given by command (`/company force`, `/company fine`): the
    story's outcome (`story`: the question as redrawn), what the answer did, and a link to
    the question, which shows the whole story."""
    outcome = (story.description or "").split("\n\n")[0]
    headline = {line.strip("*") for line in outcome.splitlines()}
    said = [m.render(locale) for m in lines]
    steps: list[str] = []  # cited in the order told, before the outcome's (see story_embed)
    done = [strip_citations(line, steps) for line in said]
    told = [outcome, *(line for line in done if line not in headline)]
    told.append(t("question.settled_there", locale, url=question_url))
    embed = make_embed(str(story.title), "\n".join(told), colour=story.colour or NEUTRAL_COLOUR)
    footer = [t(C + "story.footer", locale, seq=entry_seq)]
    cite_in_footer(embed, locale, footer=footer, cited=steps)
    return embed


def change_embeds(
    lines: Sequence[Msg], locale: str, *, entry_seq: int | None = None
) -> list[discord.Embed]:
    """A change to the board: its lines, the first being the outcome, the ruleset and the
    log entry named in the footer."""
    footer = [t(C + "story.footer", locale, seq=entry_seq)] if entry_seq is not None else []
    return outcome_embeds("company_raids", [m.render(locale) for m in lines], locale, footer=footer)


# The questions `/company status` links, the first ones by incident (one line stays whole).
QUESTIONS_LINKED = 20

_SECTIONS = {
    "company_raids.status.company": "companies",
    "company_raids.status.company_no_holding": "companies",
    "company_raids.status.no_companies": "companies",
    "company_raids.status.piece": "pieces",
    "company_raids.status.no_pieces": "pieces",
    "company_raids.status.joker_unowned": "joker",
    "company_raids.status.joker_owner": "joker",
    "company_raids.status.joker_occupants": "joker",
    "company_raids.status.joker_holding": "joker",
    "company_raids.status.joker_no_holding": "joker",
}


def status_embeds(
    shown: RaidsStatus, turn: int, locale: str, questions: Sequence[tuple[int, str]] = ()
) -> list[discord.Embed]:
    """`/company status`: Companies with owners, fines and Holdings; pieces with their squares
    and *attempted* marks (CR-I9); the Joker's owner, occupants and Holding; what is pending,
    with a link to each question waiting (`questions`: incident and message URL). A long
    board runs over several embeds, never cut."""
    sections: dict[str, list[str]] = {"pending": [], "companies": [], "pieces": [], "joker": []}
    for line in shown.lines:
        sections[_SECTIONS.get(line.key, "pending")].append(line.render(locale))
    if questions:
        shown_links = questions[:QUESTIONS_LINKED]
        links = ", ".join(f"[#{incident}]({url})" for incident, url in shown_links)
        more = len(questions) - len(shown_links)
        key = "status.questions_more" if more else "status.questions"
        sections["pending"].append(t(C + key, locale, links=links, more=more))
    lines: list[str] = []
    for name, found in sections.items():
        lines += [f"**{t(C + f'status.{name}', locale)}**", *found, ""]
    embeds = line_embeds(t(C + "status.title", locale, turn=turn), lines[:-1])
    for embed in embeds:
        cite_in_footer(embed, locale)
    return embeds
