"""What a commit announces, made durable: messages written in the transaction, then posted.

A command builds its result messages inside its unit of work and writes them with `write`
(bot/storage/outbox.py keeps them); after the commit `deliver` posts them as the
interaction's answer (a follow-up once it was deferred) and marks each sent, in order, in a
transaction of its own right after its post succeeded. When the interaction can no longer
be answered (Discord forgot it), the message goes to the channel instead. Whatever a crash
left unsent is posted in its channel at start-up by `post_unsent`, marked "(posted after a
restart)": the interaction's token may have expired by then.

Four kinds of message besides a plain post: an *edit* of the clicked message (a click's
result: the question redrawn, its buttons gone or moved on), posted after a restart by
editing that message, or of a message posted earlier that a command settles (`edits`: a
question a GM answered by command, posted anew when it is gone); a *mark* on a message an
undone command posted (`undone`: edited as it reads when the mark is posted,
`undone_edit`), or on the ping of a question the command answered (`answered`: its ping
line struck through and marked answered, `answered_text`; `write` adds these itself, from
the questions the command's undo journal shows it closed, in every ruleset), and on that
ping once a GM's undo asked its question again (`reasked`: the answered mark becomes "the
answer was undone, asked again"; bot/undo.py writes it); a *private*
one (ephemeral), which only the interaction can show and a restart drops; and one
*rendered* when it is posted, from committed data, by a renderer registered under its name
(`renderer`): what only the commit itself makes readable (a turn end's revealed seed, whom
its summary pings).

A message Discord refuses to post (the answer and the channel both, or the channel alone) is
held with the ones that must follow it (a later redraw of the same message, a ping for the
question it asks); the others are still posted. The command is done, its question open, and
its player told privately that nobody sees it yet (`NotPosted`); `/turn status` posts what its
campaign holds (`post_held`, marked "posted late"), and so does the next start. One Discord
finds invalid (a bug: posting it again cannot help) is given up, logged as an error, and a
GM's next `/turn status` says so once (`tell_dropped`).

Delivery is exactly once except in one narrow window: a post that succeeded just before the
process died, before its mark committed, is posted again at start-up (at least once).
"""

from __future__ import annotations

import inspect
import logging
import re
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING
from typing import Any
from typing import Generic
from typing import TypeVar

import discord
from pydantic import BaseModel
from pydantic import ValidationError

from bot import rulesets
from bot.campaigns import Choice
from bot.campaigns import UnitOfWork
from bot.campaigns import names_faction
from bot.controls import Control
from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import LANGUAGES
from bot.i18n import t
from bot.interactions import NotPosted
from bot.interactions import asked_line_of
from bot.interactions import clip
from bot.interactions import ping_only
from bot.interactions import reply
from bot.interactions import update_message
from bot.storage import outbox
from bot.storage.outbox import K
from bot.storage.outbox import OutboxMessage
from bot.text import clip_markdown
from bot.text import same_name

__all__ = [
    "RESTART_NOTE",
    "Announcement",
    "Answer",
    "OutboxMessage",
    "Renderer",
    "deliver",
    "hand_over",
    "handed_choices",
    "let_go",
    "post",
    "post_held",
    "post_unsent",
    "questions_asking",
    "rendered",
    "renderer",
    "state_before",
    "tell_dropped",
    "view_of",
    "write",
]

if TYPE_CHECKING:
    from bot.campaigns import Written
    from bot.storage.database import Database
    from bot.storage.shards import Shards

log = logging.getLogger(__name__)

RESTART_NOTE = "outbox.posted_after_restart"
R = TypeVar("R")
S = TypeVar("S", bound=BaseModel)

# Builds the parts of a stored message that only committed data can give (rendered when it
# is posted): the client, the stored row; returns the body's keys it fills in.
Renderer = Callable[[discord.Client, OutboxMessage], Awaitable[dict[str, Any]]]
_RENDERERS: dict[str, Renderer] = {}


def renderer(name: str) -> Callable[[Renderer], Renderer]:
    """Register what renders the messages written with `Announcement(render=name)`."""

    def register(fn: Renderer) -> Renderer:
        _RENDERERS[name] = fn
        return fn

    return register


@dataclass(frozen=True)
class Announcement:
    """One public message a transaction must post: embeds, text, buttons, whom it pings,
    and the pending choice it asks (that choice learns where it was posted)."""

    embeds: Sequence[discord.Embed] = ()
    content: str | None = None
    view: discord.ui.View | None = None
    pinged: Sequence[int] = ()
    choice_id: int | None = None
    pings: int | None = None  # the pending choice whose player this message pings for
    edit: bool = False  # replaces the clicked message instead of posting a new one
    edits: int | None = None  # redraws this message in the channel (posted anew when gone)
    repost: bool = True  # with `edits`: False leaves a message that is gone unposted
    channel_id: int | None = None  # where it goes, when not where the interaction is
    ephemeral: bool = False  # for the interaction's user only (dropped after a restart)
    render: str | None = None  # a registered renderer fills it in when it is posted
    args: Mapping[str, Any] = field(default_factory=dict)  # what the renderer reads

    def body(self, locale: str) -> dict[str, Any]:
        """The message as stored: Discord's JSON body and the language it is written in."""
        mentions = ping_only(self.pinged) if self.pinged else discord.AllowedMentions.none()
        body: dict[str, Any] = {
            "locale": locale,
            "content": self.content,
            "embeds": [e.to_dict() for e in self.embeds],
            "components": self.view.to_components() if self.view is not None else [],
            "allowed_mentions": mentions.to_dict(),
        }
        if self.ephemeral:
            body["ephemeral"] = True
        if self.pings is not None:
            body["pings"] = self.pings
        if self.render is not None:
            body["render"] = self.render
            body["args"] = dict(self.args)
        return body


async def write(
    uow: UnitOfWork | Written,
    interaction: discord.Interaction[Any] | None,
    announcements: Sequence[Announcement],
    *,
    locale: str,
    channel_id: int | None = None,
) -> list[OutboxMessage]:
    """Write the messages in the unit of work's transaction (they commit with the change).
    They answer `interaction` when given; otherwise they go to `channel_id` (default: the
    campaign's channel). After them, a command's unit of work also writes the marks on the
    pings of the questions it answered (`_mark_answered`)."""
    channel = channel_id or (interaction.channel_id if interaction else None)
    clicked = interaction.message if interaction is not None else None
    # A command's public messages are in its undo journal: its undo marks them undone.
    journal = uow.writes.journal if isinstance(uow, UnitOfWork) else None
    bodies = []
    for announcement in announcements:
        payload = announcement.body(locale)
        if announcement.edit and clicked is not None:
            payload["edit"] = clicked.id
            if clicked.flags.ephemeral:  # a private panel: only the click can redraw it
                payload["ephemeral"] = True
        elif announcement.edits is not None:
            payload["edit"] = announcement.edits
            payload["repost"] = True
            if not announcement.repost:
                payload["gone"] = "leave"
        bodies.append((announcement, payload))
    marks: list[dict[str, Any]] = []
    if isinstance(uow, UnitOfWork) and journal is not None:
        marks = await _mark_answered(uow, journal.ops, bodies)
    rows = []
    for announcement, payload in bodies:
        row = await outbox.add(
            uow.conn,
            campaign_id=uow.campaign.id,
            channel_id=announcement.channel_id or channel or uow.campaign.channel_id,
            interaction_id=interaction.id if interaction is not None else None,
            choice_id=announcement.choice_id,
            payload=payload,
        )
        if journal is not None and not payload.get("ephemeral"):
            journal.add("posted", outbox=row.id)
        rows.append(row)
    for mark in marks:
        rows.append(
            await outbox.add(
                uow.conn,
                campaign_id=uow.campaign.id,
                channel_id=int(mark.pop("channel")),
                interaction_id=None,
                choice_id=None,
                payload=mark,
            )
        )
    return rows


ANSWERED = "outbox.ping_answered"
ANSWERED_BY_GM = "outbox.ping_answered_by_gm"
SETTLED_AT_TURN_END = "outbox.ping_settled_at_turn_end"
ANSWER_NOTES = (ANSWERED, ANSWERED_BY_GM, SETTLED_AT_TURN_END)


@dataclass(frozen=True)
class _Ping:
    """A ping for a question a command answered: its stored body, the message it was
    posted as, whether that message is the question itself (its text), whom the question
    asked (None: not known), and, for a ping of its own, the message the question was asked
    in (None: not known)."""

    row: OutboxMessage
    message_id: int
    question: bool
    by_gm: bool
    owner: int | None = None
    asked_in: int | None = None


async def _mark_answered(
    uow: UnitOfWork,
    ops: Sequence[dict[str, Any]],
    bodies: Sequence[tuple[Announcement, dict[str, Any]]],
) -> list[dict[str, Any]]:
    """The marks, written after a command's messages (`bodies`, not written yet), on the
    pings of the questions it answered (from its undo journal, `ops`): the choices it
    closed as done, and the questions a ruleset keeps in its state that were open before it
    and are no longer (`RulesetSpec.reasked`). A message of its own that pinged for one
    (`Announcement.pings`) is marked, and a question's text that pinged its player. Each is
    struck through and says it was answered (by the GM when not by whom it asked; settled
    when a turn's end took its default), pings nobody, in the language it was posted in
    (`answered_text`). A message of this command that redraws the question without its
    ping line gets the line back, so marked (the ping is struck, never emptied); one that
    keeps the line and asks its player the next question in it (the next hit of a piracy)
    leaves the ping as it is: it still waits for them. So does a ping of its own (posted
    anew when an undo asked the question again) while this command's redraw of the message
    the question was asked in asks the same player the next question: it is carried on to
    that question (`outbox.carry`), for the answer to the last one to mark it. Returns the
    marks' bodies, each with the `channel` it goes to."""
    pings = [*await _choice_pings(uow, ops), *await _kept_pings(uow, ops)]
    redrawn = {int(payload["edit"]): (a, payload) for a, payload in bodies if payload.get("edit")}
    turn_end = any(op["op"] == "turn_closed" for op in ops)
    marks = []
    for ping in pings:
        text = ping.row.payload.get("content")
        if not text:
            continue
        ping_line = str(text)
        locale = str(ping.row.payload.get("locale") or DEFAULT_LANGUAGE)
        key = SETTLED_AT_TURN_END if turn_end else ANSWERED_BY_GM if ping.by_gm else ANSWERED
        note = t(key, locale)
        # The line a redraw already struck for an earlier question of the same message (the
        # first player's, when the next is asked in it) stays as it was struck.
        already = any(ping_line.endswith(f"~~ {t(k, locale)}") for k in ANSWER_NOTES)
        announcement, redraw = redrawn.get(ping.message_id, (None, None))
        if not ping.question and ping.asked_in is not None:
            announcement, _ = redrawn.get(ping.asked_in, (None, None))
            if announcement is not None and await _still_asks(uow, announcement, ping):
                assert announcement.choice_id is not None  # `_still_asks` read it
                await outbox.carry(uow.conn, ping.row, announcement.choice_id, ping.message_id)
                continue
        elif ping.question and redraw is not None and announcement is not None:
            shown = str(redraw.get("content") or "")
            if ping_line not in shown:  # redrawn without its ping line: struck there
                marked = ping_line if already else answered_text(ping_line, note)
                redraw["content"] = clip(f"{marked}\n{shown}" if shown else marked, 2000)
                redraw["allowed_mentions"] = discord.AllowedMentions.none().to_dict()
                continue
            if await _still_asks(uow, announcement, ping):
                continue
        if already:
            continue
        marks.append(
            {
                "channel": ping.row.channel_id,
                "locale": locale,
                "edit": ping.message_id,
                "answered": {"ping": ping_line, "note": note},
            }
        )
    return marks


async def _still_asks(uow: UnitOfWork, redraw: Announcement, ping: _Ping) -> bool:
    """Whether `redraw`, keeping a question's ping line, asks the pinged player a question
    of the same message again (the next hit of a piracy): the ping still waits for them.
    A question nobody plays (owner None, the GMs') asked again of nobody still waits too."""
    if redraw.choice_id is None:
        return False
    asked = await uow.writes.choice(uow.campaign.id, redraw.choice_id)
    return asked is not None and asked.owner_id == ping.owner


async def _choice_pings(uow: UnitOfWork, ops: Sequence[dict[str, Any]]) -> list[_Ping]:
    """The pings of the choices the command closed as done (not cancelled): the message of
    its own that pinged for each, and the post that asked it. Answered by the GM when a GM
    other than its player closed it (this unit's actor); anyone else who may close it (the
    target stating its hand for the Ottomans' question, OP-I12) answered it."""
    owners: dict[int, int | None] = {}
    asked_in: dict[int, int | None] = {}  # the message each was asked in
    for choice_id in dict.fromkeys(int(op["id"]) for op in ops if op["op"] == "choice_closed"):
        choice = await uow.writes.choice(uow.campaign.id, choice_id)
        if choice is not None and choice.status == "done":
            owners[choice_id] = choice.owner_id
            message = choice.payload.get("message")
            asked_in[choice_id] = int(message) if message else None
    if not owners:
        return []

    gm = await uow.actor_is_gm()

    def by_gm(choice_id: int) -> bool:
        return gm and owners[choice_id] not in (None, uow.actor.user_id)

    campaign = uow.campaign.id
    found = [
        replace(ping, owner=owners[int(key)], asked_in=asked_in[int(key)])
        for key, ping in await _own_pings(uow, {c: by_gm(c) for c in owners})
    ]
    for choice_id, asked in (await outbox.asked(uow.conn, campaign, list(owners))).items():
        if asked is not None:
            message_id = int(asked.payload["edit"])
            found.append(_Ping(asked, message_id, True, by_gm(choice_id), owners[choice_id]))
    return found


async def _own_pings(uow: UnitOfWork, answered: Mapping[K, bool]) -> list[tuple[K, _Ping]]:
    """The messages of their own that pinged for the questions answered (`outbox.pings_of`:
    by a choice's id, or by the controls' prefix of a question kept in a ruleset's state),
    each with the question and whether the GM answered it."""
    campaign = uow.campaign.id
    own = await outbox.pings_of(uow.conn, campaign, list(answered))
    sent = await outbox.posts(uow.conn, campaign, [row.id for row in own.values()])
    posted_as = {p.row.id: p.message_id for p in sent}
    return [
        (key, _Ping(row, message_id, question=False, by_gm=answered[key]))
        for key, row in own.items()
        if (message_id := posted_as.get(row.id)) is not None
    ]


async def _kept_pings(uow: UnitOfWork, ops: Sequence[dict[str, Any]]) -> list[_Ping]:
    """The posts of the questions a ruleset keeps in its state that the command answered:
    open in the state before it (its journal's pre-image), not in the state it leaves.
    Answered by the GM when the actor is a GM who does not play the faction asked."""
    prefixes: dict[str, str | None] = {}  # control prefix -> the faction it asked
    for op in ops:
        if op["op"] != "ruleset":
            continue
        try:
            spec = rulesets.get(str(op["ruleset"]))
        except KeyError:
            continue
        if spec.reasked is None:
            continue
        before = _pre_image(spec, op)
        if before is None:
            continue
        after, _ = await uow.load(spec.key)
        for control, question in spec.reasked(after, before):
            whom = spec.asked_whom(before, question) if spec.asked_whom else None
            prefixes[f"x:{control}:{question}:"] = whom
    if not prefixes:
        return []
    players = {f.name: f.user_id for f in await uow.writes.factions(uow.campaign.id)}
    gm = await uow.actor_is_gm()
    by_gm = {
        p: gm and players.get(whom or "") not in (None, uow.actor.user_id)
        for p, whom in prefixes.items()
    }
    shown = await outbox.showing(uow.conn, uow.campaign.id, list(prefixes))
    # A ping of its own (posted anew when an undo asked the question again) is marked too.
    return [
        *(ping for _, ping in await _own_pings(uow, by_gm)),
        *(
            _Ping(post, int(post.payload["edit"]), question=True, by_gm=by_gm[prefix])
            for prefix in prefixes
            if (post := shown[prefix]) is not None
        ),
    ]


async def questions_asking(
    uow: UnitOfWork, faction: str, player: int | None = None
) -> list[OutboxMessage]:
    """The newest post showing each open question that waits for `faction`: one a ruleset
    keeps in its state (`RulesetSpec.asked_whom`; `reasked` read against an empty state
    names every question open in a state), and with `player`, a pending choice of the
    faction that is theirs to answer (`handed_choices`; the row's `choice_id` is the
    choice's), one a message, oldest first; its `payload["edit"]` is the message
    (`outbox.showing`). A question whose post was never kept is left out."""
    prefixes = await _asking_prefixes(uow, faction)
    shown = list((await outbox.showing(uow.conn, uow.campaign.id, prefixes)).values())
    if player is not None:
        choices = [c.id for c in await handed_choices(uow, player, faction)]
        shown += (await outbox.asked(uow.conn, uow.campaign.id, choices)).values()
    newest: dict[int, OutboxMessage] = {}
    for row in shown:
        if row is not None:
            message = int(row.payload["edit"])
            if message not in newest or row.id > newest[message].id:
                newest[message] = row
    return sorted(newest.values(), key=lambda row: row.id)


async def handed_choices(uow: UnitOfWork, player: int, faction: str) -> list[Choice]:
    """The open questions (pending choices) of `faction` its `player` answers, oldest first:
    in a join's transaction, those asked of it while nobody played it, which the join gave
    them (`CampaignService.join`)."""
    return [
        c
        for c in await uow.writes.open_choices(uow.campaign.id)
        if c.owner_id == player
        and names_faction(c, faction)
        and not rulesets.is_preview(c.ruleset, c.kind)
    ]


async def _asking_prefixes(uow: UnitOfWork, faction: str) -> list[str]:
    """The controls' prefixes of the open questions a ruleset keeps in its state that wait
    for `faction` (`RulesetSpec.asked_whom`)."""
    return [p for found in (await _asking_by_ruleset(uow, faction)).values() for p in found]


async def _asking_by_ruleset(uow: UnitOfWork, faction: str) -> dict[str, list[str]]:
    """`_asking_prefixes` by the ruleset that asks them (its key)."""
    prefixes: dict[str, list[str]] = {}
    for key in uow.campaign.rulesets:
        spec = _asking(key)
        if spec is None or spec.reasked is None or spec.asked_whom is None:
            continue
        state, _ = await uow.load(spec.key)
        for control, question in spec.reasked(spec.state_model(), state):
            whom = spec.asked_whom(state, question)
            if whom is not None and same_name(whom, faction):
                prefixes.setdefault(spec.key, []).append(f"x:{control}:{question}:")
    return prefixes


def _asking(ruleset: str) -> rulesets.AnySpec | None:
    try:
        return rulesets.get(ruleset)
    except KeyError:
        return None


async def hand_over(
    uow: UnitOfWork, player: int, faction: str, asking: Sequence[OutboxMessage]
) -> list[OutboxMessage]:
    """Write, in a join's transaction, the edits that give `faction`'s questions (`asking`,
    `questions_asking`) to its new `player`: a question whose text pinged its former player
    names the new one instead, and pings them when an undo asks it again (an edit notifies
    nobody: the join's answer links the questions). So does the ping of its own a question
    asked again by an undo has (`outbox.pings_of`; the question's message then pings
    nobody): a later undo pings the new player with it. Such a message asks one faction, so
    whoever it pinged is its former player. One that pinged nobody (asked while nobody
    played the faction, or since its player left: `let_go`) names the new player where it
    said that nobody plays it (`RulesetSpec.question_lines`, in the language it reads in).
    A pending choice asked of the faction while nobody played it, which the join gave the
    new player (`handed_choices`), has its messages (a row of `asking` with its
    `choice_id`, and its ping of its own) ask them instead of the GMs (`_choice_asking`).
    The join's undo journal keeps each message's post before the edit (`handed_over`): its
    undo redraws it as it read (bot/undo.py). Returns the edits."""
    handed = await handed_choices(uow, player, faction)
    edits = await _choice_asking(uow, player, handed, [r for r in asking if r.choice_id])
    asking = [row for row in asking if row.choice_id is None]
    by_ruleset = await _asking_by_ruleset(uow, faction)
    prefixes = [p for found in by_ruleset.values() for p in found]
    own = await outbox.pings_of(uow.conn, uow.campaign.id, prefixes)
    sent = await outbox.posts(uow.conn, uow.campaign.id, [row.id for row in own.values()])
    pings = [
        replace(post.row, payload={**post.row.payload, "edit": post.message_id})
        for post in sent
        if post.message_id is not None
    ]
    lines = _question_lines(by_ruleset)
    mention = f"<@{player}>"
    for row in [*asking, *pings]:
        before = str(row.payload.get("content") or "")
        pinged = _pinged(row.payload)
        content = before
        if not pinged:
            for played, unplayed in lines:
                content = _relined(content, unplayed, played, user=mention)
        for user in (u for u in pinged if u != player):
            content = content.replace(f"<@{user}>", mention)
        if content != before:
            edits.append(await _rewritten(uow, row, content, [player]))
    return edits


async def _choice_asking(
    uow: UnitOfWork, player: int, handed: Sequence[Choice], shown: Sequence[OutboxMessage]
) -> list[OutboxMessage]:
    """The edits that make the messages of the choices `handed` to `player` (their posts
    `shown`, by `choice_id`, and each one's ping of its own, `outbox.pings_of`) ask them:
    such a message's text is the line that asked the GMs, replaced whole by the one its
    kind asks a player with (`interactions.asked_line`), in the language it was posted in.
    A message without text (its question's ping went in a message of its own), or of a
    kind with no such line, is left as it is."""
    campaign = uow.campaign.id
    own = await outbox.pings_of(uow.conn, campaign, [c.id for c in handed])
    asks = {row.id: choice_id for choice_id, row in own.items()}
    pings = [
        replace(
            post.row,
            choice_id=asks[post.row.id],
            payload={**post.row.payload, "edit": post.message_id},
        )
        for post in await outbox.posts(uow.conn, campaign, list(asks))
        if post.message_id is not None
    ]
    by_id = {c.id: c for c in handed}
    edits = []
    for row in [*shown, *pings]:
        choice = by_id.get(row.choice_id or 0)
        line = None if choice is None else asked_line_of(choice.kind)
        if choice is None or line is None or not row.payload.get("content"):
            continue
        locale = str(row.payload.get("locale") or DEFAULT_LANGUAGE)
        content = await line(uow, choice, player, locale)
        if content is not None and content != row.payload["content"]:
            edits.append(await _rewritten(uow, row, content, [player]))
    return edits


def _question_lines(by_ruleset: Mapping[str, Sequence[str]]) -> list[tuple[str, str]]:
    """The `RulesetSpec.question_lines` of the rulesets asking (`_asking_by_ruleset`)."""
    return [
        spec.question_lines
        for key in by_ruleset
        if (spec := _asking(key)) is not None and spec.question_lines is not None
    ]


def _relined(content: str, old_key: str, new_key: str, **params: str) -> str:
    """`content` with the line `old_key` renders (with `params`; in whichever catalog
    language it reads) replaced by the line `new_key` renders in that language (with
    `params` too); as it was when it holds no such line."""
    for language in LANGUAGES:
        old = t(old_key, language, **params)
        if old in content:
            return content.replace(old, t(new_key, language, **params))
    return content


async def _rewritten(
    uow: UnitOfWork, row: OutboxMessage, content: str, pinged: Sequence[int]
) -> OutboxMessage:
    """The edit of the message `row` shows (`payload["edit"]`) to read `content`, pinging
    `pinged` when an undo posts it again; journaled so that the undo of the command
    redraws it as it read (`handed_over`, bot/undo.py)."""
    payload = {k: v for k, v in row.payload.items() if k not in ("gone", "ephemeral")}
    mentions = ping_only(pinged).to_dict()
    payload.update(content=content, allowed_mentions=mentions, repost=True, gone="leave")
    edit = await outbox.add(
        uow.conn,
        campaign_id=uow.campaign.id,
        channel_id=row.channel_id,
        interaction_id=None,
        choice_id=None,
        payload=payload,
    )
    journal = uow.writes.journal
    if journal is not None:
        journal.add("handed_over", outbox=row.id, message=int(row.payload["edit"]))
    return edit


async def let_go(uow: UnitOfWork, faction: str, locale: str) -> list[OutboxMessage]:
    """Write, in a leave's transaction, the edits that give `faction`'s questions kept in a
    ruleset's state to nobody: a question whose text pinged its former player says instead,
    as one asked of an unplayed faction does, that nobody plays it and what a GM does for it
    (`RulesetSpec.question_lines`, in the language it reads in; else in `locale`), pinging
    nobody; so does the ping of its own a question asked again by an undo has. Its next
    player's join names them there (`hand_over`). The leave's undo journal keeps each
    message's post before the edit (`handed_over`): its undo redraws it as it read
    (bot/undo.py). Returns the edits."""
    campaign = uow.campaign.id
    edits = []
    for key, prefixes in (await _asking_by_ruleset(uow, faction)).items():
        spec = _asking(key)
        if spec is None or spec.question_lines is None:
            continue
        played, unplayed = spec.question_lines
        newest: dict[int, OutboxMessage] = {}
        for row in (await outbox.showing(uow.conn, campaign, prefixes)).values():
            if row is not None:
                message = int(row.payload["edit"])
                if message not in newest or row.id > newest[message].id:
                    newest[message] = row
        own = await outbox.pings_of(uow.conn, campaign, prefixes)
        pings = [
            replace(post.row, payload={**post.row.payload, "edit": post.message_id})
            for post in await outbox.posts(uow.conn, campaign, [r.id for r in own.values()])
            if post.message_id is not None
        ]
        for row in [*newest.values(), *pings]:
            before = str(row.payload.get("content") or "")
            content = before
            for user in _pinged(row.payload):
                content = _relined(content, played, unplayed, user=f"<@{user}>")
            if content == before and before and _pinged(row.payload):
                content = t(unplayed, locale)  # a line it does not know: said anew
            if content != before:
                edits.append(await _rewritten(uow, row, content, []))
    return edits


def _pre_image(spec: rulesets.AnySpec, op: Mapping[str, Any]) -> BaseModel | None:
    """A ruleset's state as a journal's pre-image keeps it (None: unreadable)."""
    try:
        state: BaseModel = spec.state_model.model_validate_json(op["state"])
    except ValidationError:
        return None
    return state


def state_before(uow: UnitOfWork, spec: rulesets.RulesetSpec[S, Any]) -> S | None:
    """The ruleset's state as the unit of work found it, from its undo journal (None when
    it has not changed it, or keeps no journal): what a turn's end left behind, such as the
    questions it settled, for the messages written with it."""
    journal = uow.writes.journal
    if journal is None:
        return None
    for op in journal.ops:
        if op["op"] == "ruleset" and op["ruleset"] == spec.key:
            found = _pre_image(spec, op)
            return found if isinstance(found, spec.state_model) else None
    return None


class Answer(Generic[R]):
    """A core command's answer through the outbox: handed to a service command as its
    `announce` step, it builds the messages from the command's result and writes them in the
    command's transaction; `deliver` posts them after the commit.

        answer = Answer(interaction, lambda faction: [Announcement(...)], locale=...)
        await service.join(campaign_id, actor, name, announce=answer)
        await answer.deliver()
    """

    def __init__(
        self,
        interaction: discord.Interaction[Any],
        build: Callable[[R], Sequence[Announcement] | Awaitable[Sequence[Announcement]]],
        *,
        locale: str,
    ) -> None:
        self.interaction = interaction
        self.build = build
        self.locale = locale
        self.rows: list[OutboxMessage] = []

    async def __call__(self, tx: UnitOfWork | Written, result: R) -> None:
        built = self.build(result)
        messages = await built if inspect.isawaitable(built) else built
        self.rows = await write(tx, self.interaction, messages, locale=self.locale)

    async def deliver(self) -> list[int | None]:
        """Post what the committed command wrote (nothing when it wrote nothing)."""
        db: Database = self.interaction.client.service.db
        return await deliver(self.interaction, db, self.rows)


def _view(components: list[dict[str, Any]]) -> discord.ui.View | None:
    """The stored components as a view of restart-safe controls."""
    items: list[discord.ui.Item[Any]] = []
    for row_number, row in enumerate(components):
        for part in row.get("components", []):
            item: discord.ui.Item[Any]
            emoji = part.get("emoji")
            if part.get("type") == discord.ComponentType.button.value:
                item = discord.ui.Button(
                    style=discord.ButtonStyle(part.get("style", 2)),
                    label=part.get("label"),
                    custom_id=part.get("custom_id"),
                    url=part.get("url"),
                    disabled=bool(part.get("disabled", False)),
                    emoji=discord.PartialEmoji.from_dict(emoji) if emoji else None,
                    row=row_number,
                )
            elif part.get("type") == discord.ComponentType.select.value:
                item = discord.ui.Select(
                    custom_id=part["custom_id"],
                    placeholder=part.get("placeholder"),
                    min_values=int(part.get("min_values", 1)),
                    max_values=int(part.get("max_values", 1)),
                    disabled=bool(part.get("disabled", False)),
                    options=[
                        discord.SelectOption(
                            label=o["label"],
                            value=o["value"],
                            description=o.get("description"),
                            default=bool(o.get("default", False)),
                        )
                        for o in part.get("options", [])
                    ],
                    row=row_number,
                )
            else:
                continue
            custom_id = part.get("custom_id")
            items.append(Control(item) if custom_id else item)
    return view_of(items)


def view_of(items: list[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """The items as one view that never times out (its controls are restart-safe); None
    when there are none."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)
    return view


# A message's text (Discord refuses a longer one), and what a text written to fill it leaves
# free for the note a late post leads with ("(posted after a restart)", `_message`).
CONTENT_MAX = 2000
NOTE_ROOM = 100


def _message(payload: dict[str, Any], *, note: str | None = None) -> dict[str, Any]:
    """Keyword arguments for discord.py's send from a stored body (`note` leads the text;
    left out where the text leaves it no room, rather than the message be refused)."""
    content = payload.get("content")
    if note is not None:
        noted = f"{note}\n{content}" if content else note
        if len(noted) <= CONTENT_MAX:
            content = noted
    kwargs: dict[str, Any] = {
        "embeds": [discord.Embed.from_dict(e) for e in payload.get("embeds", [])],
        "allowed_mentions": _mentions(payload.get("allowed_mentions") or {}),
    }
    if content:
        kwargs["content"] = content
    view = _view(payload.get("components") or [])
    if view is not None:
        kwargs["view"] = view
    return kwargs


def _redraw(payload: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments for discord.py's edit from a stored body: everything is replaced
    (no text, no view: they go)."""
    kwargs = _message(payload)
    return {
        "content": kwargs.get("content"),
        "embeds": kwargs["embeds"],
        "view": kwargs.get("view"),
        "allowed_mentions": kwargs["allowed_mentions"],
    }


def _mentions(stored: dict[str, Any]) -> discord.AllowedMentions:
    users = [discord.Object(int(u)) for u in stored.get("users", [])]
    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False, users=users or False
    )


async def rendered(client: discord.Client, row: OutboxMessage) -> dict[str, Any]:
    """The stored body with what its renderer fills in from committed data."""
    name = row.payload.get("render")
    if not name:
        return row.payload
    return {**row.payload, **await _RENDERERS[str(name)](client, row)}


def _empty(payload: dict[str, Any]) -> bool:
    """Nothing to show (a rendered message that found nothing to say)."""
    if _marks(payload):  # a mark on a message posted earlier
        return False
    return not (payload.get("content") or payload.get("embeds") or payload.get("components"))


def _pinged(payload: dict[str, Any]) -> list[int]:
    return [int(u) for u in (payload.get("allowed_mentions") or {}).get("users", [])]


async def deliver(
    interaction: discord.Interaction[Any], db: Database, rows: Sequence[OutboxMessage]
) -> list[int | None]:
    """Post the messages a committed command wrote, in order, as the interaction's answer
    (an edit redraws the clicked message), marking each sent right after it is posted;
    returns their message ids. One Discord refuses is held, or given up when it finds it
    invalid (`_post_each`), and the player told (`NotPosted`)."""

    async def answer(row: OutboxMessage) -> int | None:
        return await _answered(interaction, row, await rendered(interaction.client, row))

    done = await _post_each(db, rows, answer)
    if done.held or done.dropped:
        raise NotPosted(done.held or done.dropped, held=bool(done.held))
    return done.posted


async def _answered(
    interaction: discord.Interaction[Any], row: OutboxMessage, payload: dict[str, Any]
) -> int | None:
    """Post one stored message as the interaction's answer (`deliver`); returns its id."""
    kwargs = _message(payload)
    try:
        if _empty(payload):
            return None
        if payload.get("repost") or _marks(payload):
            # posted earlier, not the clicked message
            return await _post_in_channel(interaction.client, row, payload, note=None)
        if payload.get("edit"):
            await update_message(interaction, **_redraw(payload))
            return int(payload["edit"])
        return await reply(
            interaction,
            kwargs.get("content"),
            embeds=kwargs["embeds"],
            view=kwargs.get("view"),
            ephemeral=bool(payload.get("ephemeral")),
            pinged=_pinged(payload),
        )
    except discord.NotFound:  # the interaction is gone: the channel gets it instead
        return await _post_in_channel(interaction.client, row, payload, note=None)


@dataclass
class _Posted:
    """What `_post_each` did: the ids of the messages posted, how many it held and dropped."""

    posted: list[int | None] = field(default_factory=list)
    held: int = 0
    dropped: int = 0


def _follows(row: OutboxMessage, earlier: OutboxMessage) -> bool:
    """Whether `row` must wait while `earlier` is held: it redraws the same message (the
    later redraw must stay the last), asks the same question, or pings for the question
    `earlier` asks (nobody is pinged for a question not shown)."""
    edit = row.payload.get("edit")
    if edit is not None and edit == earlier.payload.get("edit"):
        return True
    if earlier.choice_id is None:
        return False
    return earlier.choice_id in (row.choice_id, row.payload.get("pings"))


# Refusals that say the channel itself is out of reach (gone, no access): its later messages
# wait rather than be refused one by one.
_CHANNEL_REFUSED = (403, 404)
# Discord's error code for a message it no longer knows (a 404 that leaves its channel in reach).
UNKNOWN_MESSAGE = 10008


async def _post_each(
    db: Database,
    rows: Sequence[OutboxMessage],
    post_one: Callable[[OutboxMessage], Awaitable[int | None]],
    *,
    take: Callable[[OutboxMessage], Awaitable[bool]] | None = None,
) -> _Posted:
    """Post `rows` in order with `post_one`, marking each sent right after it is posted
    (`take`: a row it returns False for is skipped, someone else posts it). A row Discord
    refuses is held for `/turn status` (`post_held`) or the next start, with the rows that
    must follow it (`_follows`, or all of its channel's when the channel is out of reach);
    the others are still tried. A row Discord finds invalid (400) is a bug, and posting it
    again will not help: it is logged as one and given up (`outbox.drop`; a GM's
    `/turn status` tells it once)."""
    done = _Posted()
    waiting: list[OutboxMessage] = []  # refused, and the rows that must follow them
    closed: set[int] = set()  # channels out of reach
    for row in rows:
        if row.channel_id in closed or any(_follows(row, w) for w in waiting):
            waiting.append(row)
            continue
        if take is not None and not await take(row):
            continue
        try:
            message_id = await post_one(row)
        except discord.HTTPException as refused:
            if refused.status == 400:
                log.error("outbox message %s is invalid: given up", row.id, exc_info=refused)
                await outbox.drop(db, row)
                done.dropped += 1
                continue
            log.warning("outbox message %s was refused (%s): held", row.id, refused.status)
            if refused.status in _CHANNEL_REFUSED:
                closed.add(row.channel_id)
            waiting.append(row)
            continue
        await outbox.mark_sent(db, row, message_id)
        done.posted.append(message_id)
    if waiting:
        await outbox.hold(db, waiting)
        done.held = len(waiting)
    return done


async def post(client: discord.Client, db: Database, rows: Sequence[OutboxMessage]) -> None:
    """Post messages written without an interaction to answer (an automatic turn end) in
    their channels, in order, marking each sent right after it is posted (what Discord
    refuses is held, or given up when invalid: `_post_each`)."""

    async def in_channel(row: OutboxMessage) -> int | None:
        return await _post_in_channel(client, row, await rendered(client, row), note=None)

    await _post_each(db, rows, in_channel)


async def _post_in_channel(
    client: discord.Client, row: OutboxMessage, payload: dict[str, Any], *, note: str | None
) -> int | None:
    """Post the message in its channel (an edit, a click's or one written with `edits`,
    redraws the message it names, posted anew when that message is gone, and a refused edit
    is only logged); a private message cannot be shown without its interaction: None, and it
    is only logged."""
    if _empty(payload):
        return None
    if payload.get("ephemeral"):
        log.info("outbox message %s was private to an interaction now gone", row.id)
        return None
    channel = client.get_partial_messageable(row.channel_id)
    if payload.get("undone"):
        return await _mark_undone(channel, row, payload)
    if payload.get("answered"):
        return await _mark_answered_in(channel, row, payload)
    if payload.get("reasked"):
        return await _mark_reasked_in(channel, row, payload)
    if payload.get("edit"):
        return await _redraw_or_repost(channel, row, payload, note=note)
    return await _send(channel, row, payload, note=note)


async def _send(
    channel: discord.PartialMessageable,
    row: OutboxMessage,
    payload: dict[str, Any],
    *,
    note: str | None,
) -> int:
    """Post the message anew in the channel; its nonce (the row's own, `OutboxMessage.nonce`,
    enforced) makes Discord return the message already posted when a process died between
    that post and its mark and posts it again within a few minutes, rather than post it
    twice."""
    sent = await channel.send(**_message(payload, note=note), nonce=row.nonce)
    return sent.id


async def _redraw_or_repost(
    channel: discord.PartialMessageable,
    row: OutboxMessage,
    payload: dict[str, Any],
    *,
    note: str | None,
) -> int | None:
    """Redraw the earlier message an edit names (a click's, after a restart, or one written
    with `edits`), edited by its id (no history read: a channel whose history the bot may
    not read still has it redrawn, not posted twice); when Discord no longer knows it
    (deleted, or posted in an earlier run of a stand-in) post it anew: what committed must
    be seen, a question it still asks with its buttons (unless it was written with
    `repost=False`: the command's answer already shows it). A channel that refuses an
    `edits` redraw is only logged (the command's own answer still says what changed); a
    click's redraw refused is held (`_post_each`)."""
    message_id = int(payload["edit"])
    try:
        try:
            await channel.get_partial_message(message_id).edit(**_redraw(payload))
        except discord.NotFound as gone:
            if gone.code != UNKNOWN_MESSAGE:  # its channel is gone: refused
                raise
        else:
            return message_id
        if payload.get("gone") == "leave":  # the command's own answer shows it
            log.info("outbox message %s redraws message %s, which is gone", row.id, message_id)
            return None
        return await _send(channel, row, payload, note=note)
    except discord.HTTPException:
        if not payload.get("repost"):  # a click's redraw is its answer: held as any refused
            raise
        log.info("outbox message %s could not redraw message %s", row.id, message_id)
        return None


# The side colour of a message whose command a GM undid: greyed out, whatever it said.
UNDONE_COLOUR = discord.Colour(0x718096)
MESSAGE_TEXT_LIMIT = 6000  # Discord's limit on a message's embeds' text together
FIELD_NAME_LIMIT = 256  # Discord's limits on an embed field's name and value
FIELD_VALUE_LIMIT = 1024


# What opens a line as Discord's markdown reads it (a quote, a list item, a heading): it
# stays in front of the strike-through, which would otherwise show it as text.
LINE_MARK = re.compile(r"^(?:>\s|[-*]\s|#{1,3}\s|\d+\.\s)*")


def struck_line(line: str) -> str:
    """`line` struck through, once: a line already struck stays, a blank one stays blank,
    and strike marks inside it (a die a roll dropped) give way to the line's own."""
    mark = LINE_MARK.match(line)
    start = mark.end() if mark else 0
    told = line[start:]
    struck = told.startswith("~~") and told.endswith("~~") and told.count("~~") == 2
    if struck or not told.strip():
        return line
    return f"{line[:start]}~~{told.replace('~~', '')}~~"


def struck_lines(text: str) -> str:
    """`text` with every line struck through (`struck_line`): an answer without a title,
    undone, reads undone from its first line to its last."""
    return "\n".join(struck_line(line) for line in text.split("\n"))


def struck_fields(embed: discord.Embed) -> None:
    """Every field of `embed` struck through, its name and each line of its value
    (`struck_lines`), each within Discord's limits (name 256, value 1024 characters)."""
    for index, shown_field in enumerate(embed.fields):
        name = struck_line(shown_field.name) if shown_field.name else shown_field.name
        value = struck_lines(shown_field.value) if shown_field.value else shown_field.value
        embed.set_field_at(
            index,
            name=clip_lines(name, FIELD_NAME_LIMIT) if name else name,
            value=clip_lines(value, FIELD_VALUE_LIMIT) if value else value,
            inline=shown_field.inline,
        )


def clip_lines(text: str, limit: int) -> str:
    """`text` within `limit` characters, cut at the end of a line with "…" on a line of its
    own, so that no struck line loses its closing mark; a text with no line end in its
    second half is cut as `clip_markdown` cuts it (its strike-through and any other mark
    closed)."""
    if len(text) <= limit:
        return text
    head = text[: limit - 2]
    cut = head.rfind("\n")
    if cut >= len(head) // 2:
        return head[:cut] + "\n…"
    return clip_markdown(text, limit)


def _text_of(embed: discord.Embed, index: int | None) -> str:
    """`embed`'s text (`index` None) or the value of its field `index`."""
    if index is None:
        return embed.description or ""
    return embed.fields[index].value or ""


def undone_edit(
    content: str, shown: Sequence[discord.Embed], note: str, *, next_step: str | None = None
) -> dict[str, Any]:
    """Keyword arguments for discord.py's edit that mark a posted message undone, from the
    message as it reads now (`content`, `shown`): each embed's title (for one without a
    title, an answer that opens with its outcome, every line of its text) and every line of
    its fields struck through, `note` (who undid it and why) leading the first embed's text, side
    colour grey; a ping line struck through and pinging nobody; its buttons gone; the field
    named `next_step` (a set-up answer's "Next step", which no longer applies) gone. Footers
    stay as they are (the anchors /history verify reads). A message of text alone (a ping)
    gets `note` below its struck text."""
    embeds = [discord.Embed.from_dict(e.to_dict()) for e in shown]
    for embed in embeds:
        for index in reversed(range(len(embed.fields))):
            if next_step is not None and embed.fields[index].name == next_step:
                embed.remove_field(index)
    struck = f"~~{clip(content, 1900 - len(note))}~~" if content else ""
    if not embeds:
        text = f"{struck}\n{note}" if struck else note
        return {
            "content": clip(text, 2000),
            "view": None,
            "allowed_mentions": discord.AllowedMentions.none(),
        }
    for embed in embeds:
        if embed.title and not embed.title.startswith("~~"):
            embed.title = f"~~{clip(embed.title, 252)}~~"
        elif not embed.title and embed.description:  # an answer that opens with its outcome
            embed.description = struck_lines(embed.description)
        struck_fields(embed)
        embed.colour = UNDONE_COLOUR
    first = embeds[0]
    told = first.description or ""
    first.description = clip_lines(f"{note}\n\n{told}" if told else note, 4096)
    # Over Discord's limit for the whole message, the longest texts give way (an embed's text
    # or a field's value), the note never.
    excess = sum(len(e) for e in embeds) - MESSAGE_TEXT_LIMIT
    texts: list[tuple[discord.Embed, int | None]] = [(embed, None) for embed in embeds]
    texts += [(embed, index) for embed in embeds for index in range(len(embed.fields))]
    for embed, at in sorted(texts, key=lambda t: len(_text_of(*t)), reverse=True):
        text = _text_of(embed, at)
        floor = len(note) + 1 if embed is first and at is None else 1
        keep = max(len(text) - excess, floor)
        if excess <= 0 or keep >= len(text):
            continue
        cut = clip_lines(text, keep)
        if at is None:
            embed.description = cut
        else:
            old = embed.fields[at]
            embed.set_field_at(at, name=old.name, value=cut, inline=old.inline)
        excess -= len(text) - len(cut)
    return {
        "content": struck or None,
        "embeds": embeds,
        "view": None,
        "allowed_mentions": discord.AllowedMentions.none(),
    }


async def _shown_message(
    channel: discord.PartialMessageable, message_id: int
) -> discord.Message | None:
    """Message `message_id` of `channel` as it reads now (read from the history around it:
    a partial channel fetches no single message); None when it is gone."""
    async for found in channel.history(limit=1, around=discord.Object(message_id)):
        if found.id == message_id:
            return found
    return None


async def _mark(
    channel: discord.PartialMessageable,
    row: OutboxMessage,
    payload: dict[str, Any],
    marked: Callable[[discord.Message], dict[str, Any] | None],
    what: str,
) -> int | None:
    """Edit the message `payload["edit"]` names as it reads now, with what `marked` makes
    of it (discord.py's keyword arguments; None: it no longer shows what was to be marked).
    A message that is gone or no longer shows it, or a channel that refuses, is only
    logged (`what` says which mark)."""
    message_id = int(payload["edit"])
    try:
        found = await _shown_message(channel, message_id)
        edit = None if found is None else marked(found)
        if found is not None and edit is not None:
            await found.edit(**edit)
            return message_id
    except discord.HTTPException:
        log.info("outbox message %s could not mark message %s %s", row.id, message_id, what)
        return None
    log.info(
        "outbox message %s: message %s no longer shows what it marks %s", row.id, message_id, what
    )
    return None


async def _mark_undone(
    channel: discord.PartialMessageable, row: OutboxMessage, payload: dict[str, Any]
) -> int | None:
    """Mark the message an undone command posted (`payload["edit"]`) undone, as it reads
    now (`undone_edit`)."""
    note = str(payload["undone"]["note"])
    step = payload["undone"].get("next_step")
    return await _mark(
        channel,
        row,
        payload,
        lambda found: undone_edit(found.content, found.embeds, note, next_step=step),
        "undone",
    )


def answered_text(ping: str, note: str) -> str:
    """A ping whose question was answered: its text struck through, then `note` (it pings
    nobody any more)."""
    return f"~~{clip(ping, 1990 - len(note))}~~ {note}"


async def _mark_answered_in(
    channel: discord.PartialMessageable, row: OutboxMessage, payload: dict[str, Any]
) -> int | None:
    """Edit the ping line of a message whose question was answered, as the message reads
    now (`answered_text`; a note above it, "posted after a restart", stays); its embeds and
    controls stay as they are. A message whose text no longer has that line (redrawn since)
    is left as it is."""
    ping, note = str(payload["answered"]["ping"]), str(payload["answered"]["note"])

    def marked(found: discord.Message) -> dict[str, Any] | None:
        if ping not in found.content:
            return None
        text = found.content.replace(ping, answered_text(ping, note), 1)
        return {"content": clip(text, 2000), "allowed_mentions": discord.AllowedMentions.none()}

    return await _mark(channel, row, payload, marked, "answered")


def _marks(payload: dict[str, Any]) -> bool:
    """Whether a stored body is a mark on a message posted earlier (undone, answered, or
    its answer undone and asked again)."""
    return bool(payload.get("undone") or payload.get("answered") or payload.get("reasked"))


async def _mark_reasked_in(
    channel: discord.PartialMessageable, row: OutboxMessage, payload: dict[str, Any]
) -> int | None:
    """Edit the ping line of a message whose question's answer a GM undid (the question is
    asked again, with a ping of its own): the answered mark it got (`answered_text`, any of
    its notes in the language it was posted in) becomes `payload`'s note, and a ping never
    marked is struck through with it; it pings nobody. A message whose text shows neither
    (redrawn since, or already marked so) is left as it is."""
    ping, note = str(payload["reasked"]["ping"]), str(payload["reasked"]["note"])
    locale = str(payload.get("locale") or DEFAULT_LANGUAGE)
    marked = answered_text(ping, note)

    def reasked(found: discord.Message) -> dict[str, Any] | None:
        text = found.content
        if marked in text:
            return None
        for key in ANSWER_NOTES:
            answered = answered_text(ping, t(key, locale))
            if answered in text:
                text = text.replace(answered, marked, 1)
                break
        else:
            if ping not in text or f"~~{ping}" in text:
                return None
            text = text.replace(ping, marked, 1)
        return {"content": clip(text, 2000), "allowed_mentions": discord.AllowedMentions.none()}

    return await _mark(channel, row, payload, reasked, "asked again")


LATE_NOTE = "outbox.posted_late"


async def post_held(interaction: discord.Interaction[Any], campaign_id: int) -> tuple[int, int]:
    """Post again, in their channels and in order, the campaign's messages Discord refused
    (`outbox.held`), each new one marked as posted late (an edit just redraws its message):
    what Discord refuses again stays held, what it finds invalid is given up (`_post_each`).
    Returns how many were posted and how many are still held. (`interaction`: the command
    that asks it.)"""
    db: Database = interaction.client.service.db
    done = await _post_late(
        interaction.client,
        db,
        await outbox.held(db, campaign_id),
        LATE_NOTE,
        take=partial(outbox.release, db),
    )
    return len(done.posted), done.held


async def tell_dropped(interaction: discord.Interaction[Any], campaign_id: int) -> int:
    """How many of the campaign's messages were given up as invalid since a GM was last
    told (`outbox.tell_dropped`: each is counted once)."""
    return await outbox.tell_dropped(interaction.client.service.db, campaign_id)


async def post_unsent(client: discord.Client, db: Database, shards: Shards | None = None) -> int:
    """Post, in their channels and in order, the messages a crash left unsent (or Discord
    refused), each new one marked as posted after a restart (an edit just redraws its
    message); returns how many were posted. With `shards` (a process running some of the
    shards), only the messages of campaigns whose guild is on them: the other processes post
    theirs. What Discord refuses is held for `/turn status` and the next start, what it finds
    invalid given up (`_post_each`)."""
    done = await _post_late(client, db, await outbox.unsent(db, shards=shards), RESTART_NOTE)
    return len(done.posted)


async def _post_late(
    client: discord.Client,
    db: Database,
    rows: Sequence[OutboxMessage],
    note_key: str,
    *,
    take: Callable[[OutboxMessage], Awaitable[bool]] | None = None,
) -> _Posted:
    """Post in their channels messages that missed their moment, each new one led by the
    note `note_key` in its own language (`post_held`, `post_unsent`)."""

    async def late(row: OutboxMessage) -> int | None:
        row = replace(row, payload={k: v for k, v in row.payload.items() if k != outbox.HELD})
        note = t(note_key, str(row.payload.get("locale") or DEFAULT_LANGUAGE))
        return await _post_in_channel(client, row, await rendered(client, row), note=note)

    return await _post_each(db, rows, late, take=take)
