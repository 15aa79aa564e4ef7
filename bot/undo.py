"""A GM's audited undo of the campaign's newest command or turn end.

Every command's unit of work keeps an undo journal (`bot.storage.undo`): the pre-image of
what it changed. Undo applies the newest command's journal backwards in one transaction,
closes the choices that command opened, marks its entries undone (a table beside the log:
the hash chain is never rewritten) and appends a compensating entry naming who undid what
and why, whose outcome lists the undone entries, so `verify` stays OK and checks the marks.
Undo goes newest-first, one command at a time; an undo is never undone (redo is a new
command). The undone entries keep their dice: nothing is re-rolled. Nothing here imports
discord.

A choice the undone command answered is open again, and its question is redrawn as it was
asked, with working controls, in the message it was asked in: the undo writes that edit to
the outbox from the post it keeps (`outbox.asked`), posted after its commit (or after a
restart). An edit notifies nobody, so the ping that asked it (the question's own text, or
the message that pinged for it, `Announcement.pings`) is posted anew below, as that
question's own ping (by the choice's id, or a kept question's controls' prefix: its answer
marks it answered), and left off the redrawn question; that older message of its own,
marked answered when the answer came, is marked again: the answer was undone and the
question asked again (`mark_reasked`). A question whose post was never kept (asked before
the outbox existed) is left as it is, and `UndoDone.unshown` names it for the undo's answer.
A ruleset that keeps its questions in its own state (`RulesetSpec.reasked`) names those
the restored state asks again; the newest post showing each one's controls is redrawn the
same way, and one with no post kept is named in `UndoDone.unshown_kept` with the faction it
waits for (`RulesetSpec.asked_whom`).

Every public message the undone command posted (its undo journal lists them, `posted`) is
marked undone where it is: its title struck through, who undid it and why leading its text,
its controls gone, its footer (the anchors /history verify reads) untouched; a ping says its
question no longer waits. A message that also shows a question asked again is redrawn
instead; one no longer kept (the outbox prunes posts after a week) is counted in
`UndoDone.unmarked`, and a command journaled before posts were kept marks nothing. One it never
posted (held after Discord refused it, or left unsent by a crash) is deleted in the undo's
transaction (`outbox.withdraw`): neither `/turn status` nor a start posts it, nor pings for it.

The questions the undone command asked go with it: the choices it opened close (a late
click answers that its command was undone), and the post showing each of them, or a
question kept in a ruleset's state that is open in the state the command left but not in
the restored one (`RulesetSpec.reasked` read the other way round), loses their controls;
its text stays. A message whose every control belongs to those questions (`asks_only`: a
question an earlier undo asked again in a message of its own, or any post that asked only
them) is marked undone instead, as the undone command's own are, and the newest ping of its
own each such question had (one an undo posted) says it no longer waits. Those edits are
written to the outbox with the redraws.

A turn end is undone like any command (its journal holds every ruleset's state before it,
the archive records it wrote, the choices it opened and closed, the turn it closed), plus
one thing no other command needs: its closing entry revealed the turn's dice seed, so the
reopened turn gets a new seed whose commitment the compensating entry publishes, and the
seed of the turn that end had opened is revealed there (bot/fair_turns.py `reopen_turn`).
Secret rolls the turn end revealed stay revealed (their hidden part is public in the log),
and the reports it posted stay in the channel, marked undone like any command's posts; the
archive records it wrote are removed, like any undone command's (the re-run turn end writes
records under the same keys), while their digests stay listed in the undone entries.

Nor does an undo unsay what the undone command's entries made known: the log keeps them
readable, so a ruleset may keep that in the state it restores (`RulesetSpec.undo_keeps`,
given the state the undone command left and the restored one): a naval force whose
registration the undone turn end published stays known to every player.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from bot import fair_turns
from bot import rulesets
from bot.campaigns import CORE
from bot.campaigns import Actor
from bot.campaigns import CampaignService
from bot.campaigns import UnitOfWork
from bot.campaigns import summary_json
from bot.command_names import command_msg
from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import Msg
from bot.i18n import t
from bot.storage import outbox
from bot.storage.audit import UNDO_COMMAND
from bot.storage.audit import AuditEntry
from bot.storage.outbox import OutboxMessage
from bot.storage.schedule import ScheduleWrites
from bot.storage.undo import UndoUnit
from bot.storage.undo import UndoWrites
from bot.storage.undo import ruleset_row
from bot.text import clean_text
from bot.text import shown
from bot.turn_flow import Schedule
from bot.turn_flow import deadline_reached
from bot.turn_flow import next_due

UNDO_CHOICE = "history_undo"
REASON_MAX = 200


@dataclass(frozen=True)
class UndoTarget:
    """The command an undo would revert: its entries, oldest first."""

    first_seq: int
    last_seq: int
    entries: list[AuditEntry]
    turn_end: int | None = None  # the turn whose end this is (it reopens), or None
    questions: int = 0  # the choices the command opened (they close as undone)

    @property
    def dice(self) -> int:
        """How many dice the command rolled (they stay in its entries, struck through)."""
        return sum(len(r.faces) for e in self.entries for r in e.rolls)


@dataclass(frozen=True)
class KeptQuestion:
    """A question kept in a ruleset's state (`RulesetSpec.reasked`): its control, its id,
    and the faction it waits for (`RulesetSpec.asked_whom`; None when the ruleset does not
    say)."""

    ruleset: str
    control: str
    question: str
    faction: str | None = None

    @property
    def prefix(self) -> str:
        """The custom_id prefix of its controls."""
        return f"x:{self.control}:{self.question}:"


@dataclass(frozen=True)
class UndoDone:
    """What an undo did: the compensating entry, the entries undone, the choices closed."""

    entry: AuditEntry
    undid: list[int]
    closed_choices: list[int]
    turn_end: int | None = None  # the reopened turn, when a turn end was undone
    # The reopened turn's deadline (epoch seconds) and what became of it (`reopen_deadline`:
    # `DEADLINE_KEPT`, or cleared: `DEADLINE_PASSED`, `DEADLINE_REACHED`); None: it had none.
    deadline: tuple[str, int] | None = None
    reopened: list[int] = field(default_factory=list)  # answered choices open again
    unshown: list[int] = field(default_factory=list)  # of those, the ones not redrawn
    # Questions kept in a ruleset's state open again whose post was never kept: not redrawn.
    unshown_kept: list[KeptQuestion] = field(default_factory=list)
    # Messages the undone command posted that could not be marked undone (no longer kept).
    unmarked: int = 0
    # Their questions redrawn, the undone command's messages marked undone, the edits taking
    # its questions' controls off their posts, then the pings of the questions asked again.
    redraws: list[OutboxMessage] = field(default_factory=list)
    # A deadline the undo would bring back (of an undone /turn deadline clear, or the one an
    # undone /turn deadline set replaced) that passed meanwhile: (its turn, the deadline),
    # left cleared (`resume_schedule`).
    dropped: tuple[int, int] | None = None

    @property
    def commitment(self) -> str | None:
        """The reopened turn's new seed commitment (published in the compensating entry)."""
        committed = self.entry.outcome.get("seed_commitment")
        return None if committed is None else str(committed["sha256"])


def clean_reason(reason: str) -> str:
    """The GM's reason, required (what the compensating entry keeps)."""
    return clean_text(reason, REASON_MAX, error="error.undo.reason")


def not_undoable(entry: AuditEntry) -> Conflict:
    """The refusal of an undo that reaches an entry without its undo journal: the campaign's
    creation, never undone, or a command whose journal is no longer kept (past the
    campaign's undo budget, `bot/storage/undo.py`, or written before undo existed)."""
    key = "error.undo.not_undoable" if entry.command == "campaign create" else "error.undo.too_old"
    return Conflict(key, seq=entry.seq, command=command_msg(entry.command))


class UndoService:
    """Preview and apply a GM's undo."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service

    async def _require_gm(self, campaign_id: int, actor: Actor) -> None:
        campaign = await self.service.get(campaign_id)
        if not await self.service.is_gm(campaign, actor):
            raise NotAllowed("error.gm_only")

    async def ask(self, campaign_id: int, actor: Actor, reason: str) -> tuple[UndoTarget, int]:
        """Name what an undo would revert and open its confirmation (a GM choice carrying the
        newest command's last entry and the reason); returns the target and the choice id."""
        await self._require_gm(campaign_id, actor)
        reason = clean_reason(reason)
        async with self.service.work(campaign_id, actor) as uow:
            undo = UndoWrites(uow.writes.conn)
            await refuse_while_ending(uow, undo)
            target = await self._target(undo, campaign_id)
            uow.writes.journal = None  # a question, not a command: nothing to undo later
            choice_id = await uow.open_choice(
                CORE,
                UNDO_CHOICE,
                None,
                {"seq": target.last_seq, "first": target.first_seq, "reason": reason},
            )
        return target, choice_id

    async def _target(self, undo: UndoWrites, campaign_id: int) -> UndoTarget:
        entry, unit = await undo.newest_undoable(campaign_id)
        if entry is None:
            raise NotFound("error.undo.nothing")
        if unit is None:
            raise not_undoable(entry)
        entries = [
            e
            for seq in range(unit.first_seq, unit.last_seq + 1)
            if (e := await self.service.log.entry(campaign_id, seq)) is not None
        ]
        questions = sum(1 for op in unit.ops if op["op"] == "choice_opened")
        return UndoTarget(unit.first_seq, unit.last_seq, entries, closed_turn(unit), questions)

    async def undo(
        self,
        campaign_id: int,
        actor: Actor,
        expected_seq: int,
        reason: str,
        *,
        choice_id: int | None = None,
        announce: Callable[[UnitOfWork, UndoDone], Awaitable[None]] | None = None,
        now: datetime | None = None,
    ) -> UndoDone:
        """Revert the newest command, whose last entry must be `expected_seq` (what the GM
        confirmed); refused when the log moved on, when it is not the GM, or when the entry
        is an undo (redo is a new command). `announce` writes what the undo must post (the
        reopened turn's new commitment) in the same transaction (bot/announcements.py).
        `now` (the bot's clock; the system's when None) tells whether a reopened turn's
        deadline is still ahead (`reopen_deadline`)."""
        moment = int((now or datetime.now(UTC)).timestamp())
        await self._require_gm(campaign_id, actor)
        reason = clean_reason(reason)
        async with self.service.work(campaign_id, actor) as uow:
            uow.writes.journal = None  # an undo is never undone
            if choice_id is not None:
                await uow.claim_choice(choice_id, gm=True)
                await uow.close_choice(choice_id)
            undo = UndoWrites(uow.writes.conn)
            await refuse_while_ending(uow, undo)
            named = await self.service.log.entry(campaign_id, expected_seq)
            if named is not None and named.command == UNDO_COMMAND:
                raise Conflict("error.undo.of_undo", seq=expected_seq)
            undone_by = await undo.undone_by(campaign_id, expected_seq)
            if undone_by is not None:  # another question about it was answered first
                raise Conflict("error.undo.already", seq=expected_seq, by=undone_by)
            entry, unit = await undo.newest_undoable(campaign_id)
            if entry is None:
                raise NotFound("error.undo.nothing")
            if unit is None:
                raise not_undoable(entry)
            if unit.last_seq != expected_seq:
                raise Conflict("error.undo.moved", seq=expected_seq)
            left = await states_left(uow, unit)
            unit = kept_known(unit, left)
            schedules = ScheduleWrites(uow.conn)
            scheduled = await schedules.schedule(campaign_id)
            closed = await undo.restore(unit, actor.user_id)
            reopened_choices = await undo.reopened(unit)  # answered, open again
            answered = [c for c, _, _ in reopened_choices]
            previews = {
                c for c, ruleset, kind in reopened_choices if rulesets.is_preview(ruleset, kind)
            }
            asked = await outbox.asked(uow.conn, campaign_id, answered)
            kept = reopened_questions(unit, left)
            reasked = await outbox.showing(uow.conn, campaign_id, [q.prefix for q in kept])
            taken_back = withdrawn_controls(unit, left)
            withdrawn = await outbox.showing(
                uow.conn, campaign_id, [*(f"x:choice:{c}:" for c in closed), *taken_back]
            )
            campaign = await uow.writes.campaign(campaign_id)
            assert campaign is not None
            undid = list(range(unit.first_seq, unit.last_seq + 1))
            # several entries are told in the plural («Записи №3–5 … отменены»)
            span: dict[str, Any] = (
                {"seq": unit.first_seq}
                if len(undid) == 1
                else {"first": unit.first_seq, "last": unit.last_seq}
            )
            plural = "" if len(undid) == 1 else "_span"
            turn = closed_turn(unit)
            reopened: dict[str, Any] = {}  # outcome keys of a reopened turn
            deadline = None
            dropped = await resume_schedule(schedules, scheduled, campaign.turn, moment)
            if dropped is not None:
                reopened["deadline_cleared"] = True
            if turn is None:
                summary = Msg(  # the reason as the GM typed it (`shown`)
                    "undo.summary" + plural,
                    **span,
                    command=command_msg(entry.command),
                    reason=shown(reason),
                )
            else:  # the turn reopens: its revealed seed is never used again
                reopened = await fair_turns.reopen_turn(uow.conn, campaign_id, turn)
                deadline = await reopen_deadline(
                    ScheduleWrites(uow.conn), campaign_id, turn, moment
                )
                if deadline is not None:
                    stands = deadline[0] == DEADLINE_KEPT
                    reopened["deadline_kept" if stands else "deadline_cleared"] = True
                summary = Msg(
                    "undo.summary_turn_end" + plural,
                    **span,
                    turn=turn,
                    reason=shown(reason),
                    commitment=reopened["seed_commitment"]["sha256"],
                )
            compensating = await uow.append(
                UNDO_COMMAND,
                options={"seq": expected_seq, "reason": reason},
                outcome={
                    "undid": undid,
                    "reason": reason,
                    "summary": summary_json([summary]),
                    **reopened,
                },
                turn=campaign.turn,
            )
            await undo.mark(unit, compensating.seq, closed)
            # A private preview of a player's own command is not shown to anyone: not named.
            unshown = [c for c, row in asked.items() if row is None and c not in previews]
            # A question kept in a ruleset's state asked before its posts were kept.
            unshown_kept = [q for q in kept if reasked.get(q.prefix) is None]
            posted = [int(op["outbox"]) for op in unit.ops if op["op"] == "posted"]
            found = await outbox.posts(uow.conn, campaign_id, posted)
            # What it never posted (held after Discord refused it, or left by a crash) is
            # taken back: nobody is to see an undone question, nor be pinged for it.
            await outbox.withdraw(uow.conn, campaign_id, [p.row.id for p in found if not p.sent])
            unreached = len(posted) - len(found)  # pruned since: left as it is
            found = [p for p in found if p.sent]
            done = UndoDone(
                compensating,
                undid,
                closed,
                turn,
                deadline,
                answered,
                unshown,
                unshown_kept,
                unmarked=unreached,
                dropped=dropped,
            )
            if announce is not None:
                await announce(uow, done)
            # The pings of their own the questions asked again had, a pending choice's by
            # its id, a question kept in a ruleset's state by its controls' prefix.
            own = await outbox.pings_of(uow.conn, campaign_id, answered)
            kept_own = await outbox.pings_of(uow.conn, campaign_id, list(reasked))
            pings: dict[int | str, OutboxMessage] = {}
            for choice, ping_row in own.items():
                pings[choice] = ping_row
            for prefix, ping_row in kept_own.items():
                pings[prefix] = ping_row
            redrawn: set[int] = set()  # one redraw a message, however many choices it asks
            asked_again: list[OutboxMessage] = []  # the pings of the questions asked again
            # After the undo's answer: posted in that order.
            questions: list[tuple[int | str, OutboxMessage | None]] = [
                *asked.items(),
                *reasked.items(),
            ]
            for key, row in questions:
                if row is not None and row.id not in redrawn:
                    redrawn.add(row.id)
                    redraw, ping = await redraw_question(uow, row, key)
                    done.redraws.append(redraw)
                    ping = ping or pings.get(key)
                    if ping is not None:
                        asked_again.append(ping)
            again = {int(row.payload["edit"]) for row in done.redraws}
            # What the undone command posted is marked undone, except a message that shows a
            # question asked again (its redraw replaces it whole).
            marked: set[int] = set()
            for post in found:
                message = post.message_id
                if message is None or post.row.payload.get("ephemeral"):
                    continue
                if message not in again and message not in marked:
                    marked.add(message)
                    note = undone_note(post.row, reason, compensating.seq)
                    done.redraws.append(await mark_undone(uow, post.row, message, note))
            # The questions the undone command asked lose their controls, except in a
            # message redrawn or marked undone above; a message that asked nothing else (e.g.
            # a question an earlier undo asked again in a message of its own) is marked undone.
            for row, prefixes in shown_in(withdrawn):
                message = int(row.payload["edit"])
                if message in again | marked:
                    continue
                if asks_only(row, prefixes):
                    marked.add(message)
                    note = undone_note(row, reason, compensating.seq)
                    done.redraws.append(await mark_undone(uow, row, message, note))
                else:
                    done.redraws.append(await withdraw_questions(uow, row, prefixes))
            # The newest ping of its own each withdrawn question had (posted by an undo that
            # asked it again) no longer waits: marked undone, as the undone command's are.
            withdrawn_pings = [
                *(await outbox.pings_of(uow.conn, campaign_id, closed)).values(),
                *(await outbox.pings_of(uow.conn, campaign_id, taken_back)).values(),
            ]
            for post in await outbox.posts(
                uow.conn, campaign_id, [row.id for row in withdrawn_pings]
            ):
                message = post.message_id
                if message is not None and message not in again | marked:
                    marked.add(message)
                    note = undone_note(post.row, reason, compensating.seq)
                    done.redraws.append(await mark_undone(uow, post.row, message, note))
            # A ping of its own a reopened question had, marked answered when it was, says
            # the answer was undone and the question asked again (unless redrawn or marked
            # undone above: the undone command posted it).
            reasked_pings = list(pings.values())
            done.redraws.extend(
                await mark_reasked(uow, reasked_pings, compensating.seq, again | marked)
            )
            # Whoever is asked again is pinged anew: an edit notifies nobody.
            for ping in asked_again:
                done.redraws.append(await ping_again(uow, ping))
            # The questions a join gave the faction's new player, or a leave to nobody, read
            # as before it.
            done.redraws.extend(await handed_back(uow, unit))
        return done


async def states_left(uow: UnitOfWork, unit: UndoUnit) -> dict[str, str]:
    """The stored state the undone command left, of each ruleset it changed that keeps
    questions in its state (`RulesetSpec.reasked`) or keeps something of it through an undo
    (`RulesetSpec.undo_keeps`), read before the undo restores it."""
    left: dict[str, str] = {}
    for op in unit.ops:
        if op["op"] == "ruleset" and reading_left(str(op["ruleset"])):
            row = await ruleset_row(uow.conn, unit.campaign_id, str(op["ruleset"]))
            if row is not None:
                left[str(op["ruleset"])] = row[0]
    return left


def reading_left(ruleset: str) -> bool:
    """Whether an undo reads the state the undone command left of this ruleset."""
    try:
        spec = rulesets.get(ruleset)
    except KeyError:
        return False
    return spec.reasked is not None or spec.undo_keeps is not None


def kept_known(unit: UndoUnit, left: dict[str, str]) -> UndoUnit:
    """The journal with each ruleset's state to restore as its `RulesetSpec.undo_keeps`
    makes it from the state the undone command left (`left`): what the undone command's
    log entries made known stays so, for the log keeps them readable. A ruleset without the
    hook, or a state its model no longer reads, is restored as journaled."""
    ops = []
    for op in unit.ops:
        ruleset = str(op.get("ruleset"))
        spec = rulesets.get(ruleset) if op["op"] == "ruleset" and ruleset in left else None
        if spec is not None and spec.undo_keeps is not None:
            try:
                undone = spec.state_model.model_validate_json(left[ruleset])
                restored = spec.state_model.model_validate_json(op["state"])
            except ValidationError:
                ops.append(op)
                continue
            kept = spec.undo_keeps(undone, restored)
            if kept != restored:
                op = {**op, "state": kept.model_dump_json()}
        ops.append(op)
    return replace(unit, ops=ops)


def reopened_questions(unit: UndoUnit, left: dict[str, str]) -> list[KeptQuestion]:
    """The questions kept in a ruleset's state that the undo opens again, each with the
    faction it waits for in the restored state."""
    return _kept_questions(unit, left, reopened=True)


def withdrawn_controls(unit: UndoUnit, left: dict[str, str]) -> list[str]:
    """The custom_id prefixes of the controls of the questions kept in a ruleset's state
    that the undone command asked: open in the state it left, not in the restored one
    (`RulesetSpec.reasked` read the other way round: `left` against the restored state)."""
    return [q.prefix for q in _kept_questions(unit, left, reopened=False)]


def _kept_questions(unit: UndoUnit, left: dict[str, str], *, reopened: bool) -> list[KeptQuestion]:
    found: list[KeptQuestion] = []
    for op in unit.ops:
        ruleset = str(op.get("ruleset"))
        spec = reasking(ruleset) if op["op"] == "ruleset" and ruleset in left else None
        if spec is None or spec.reasked is None:
            continue
        try:
            before = spec.state_model.model_validate_json(left[ruleset])
            restored = spec.state_model.model_validate_json(op["state"])
        except ValidationError:
            continue
        older, newer = (before, restored) if reopened else (restored, before)
        whom = spec.asked_whom
        found += [
            KeptQuestion(ruleset, name, question, whom(newer, question) if whom else None)
            for name, question in spec.reasked(older, newer)
        ]
    return found


def reasking(ruleset: str) -> rulesets.AnySpec | None:
    """The ruleset's spec when it keeps questions in its state (`reasked`), else None."""
    try:
        spec = rulesets.get(ruleset)
    except KeyError:
        return None
    return spec if spec.reasked is not None else None


async def _written(
    uow: UnitOfWork, channel_id: int, payload: dict[str, Any], *, choice_id: int | None = None
) -> OutboxMessage:
    """A message the undo posts or edits, written in its transaction (the outbox: sent after
    the commit, or after a restart when the process died first)."""
    return await outbox.add(
        uow.conn,
        campaign_id=uow.campaign.id,
        channel_id=channel_id,
        interaction_id=None,
        choice_id=choice_id,
        payload=payload,
    )


async def redraw_question(
    uow: UnitOfWork, asked: OutboxMessage, question: int | str
) -> tuple[OutboxMessage, OutboxMessage | None]:
    """Write, in the undo's transaction, the edit that shows a reopened question as it was
    asked (its text and working controls) in the message it was asked in; posted anew when
    that message is gone, and then the choice learns where it is. A ping the question
    carried as its text is left off (an edit notifies nobody): it is returned, to be posted
    anew (`ping_again`), written as the ping of `question` (a pending choice's id, or the
    controls' prefix of a question kept in a ruleset's state), so that its answer marks it
    answered."""
    payload = {k: v for k, v in asked.payload.items() if k not in ("gone", "ephemeral")}
    payload["repost"] = True
    ping = None
    if payload.get("content") and pinged_users(payload):
        ping = replace(asked, payload={**payload, "pings": question})
        payload["content"] = None
    row = await _written(uow, asked.channel_id, payload, choice_id=asked.choice_id)
    return row, ping


def pinged_users(payload: dict[str, Any]) -> list[str]:
    """The users a stored message notifies (its `allowed_mentions`)."""
    return [str(u) for u in (payload.get("allowed_mentions") or {}).get("users") or []]


async def ping_again(uow: UnitOfWork, ping: OutboxMessage) -> OutboxMessage:
    """Write, in the undo's transaction, a new message pinging whoever a reopened question
    asks, with the words that asked them first."""
    payload: dict[str, Any] = {
        "locale": ping.payload.get("locale"),
        "content": ping.payload["content"],
        "embeds": [],
        "components": [],
        "allowed_mentions": ping.payload.get("allowed_mentions") or {},
    }
    if ping.payload.get("pings") is not None:
        payload["pings"] = ping.payload["pings"]
    return await _written(uow, ping.channel_id, payload)


REASKED = "outbox.ping_reasked"
NEXT_STEP_TITLE = "next.title"  # the field a set-up answer's next step is shown in


async def mark_reasked(
    uow: UnitOfWork, pings: list[OutboxMessage], seq: int, skipped: set[int]
) -> list[OutboxMessage]:
    """Write, in the undo's transaction, the marks on the pings of its own a reopened
    question had (`outbox.pings_of`): struck through, saying the answer was undone (the
    undo's log entry, `uow`'s newest) and the question asked again, in the language each was
    posted in (bot/announcements.py `_mark_reasked_in`: it replaces the answered mark). A
    ping not posted, or whose message is in `skipped`, is left alone."""
    sent = await outbox.posts(uow.conn, uow.campaign.id, [row.id for row in pings])
    marks = []
    for post in sent:
        if post.message_id is None or post.message_id in skipped:
            continue
        locale = str(post.row.payload.get("locale") or DEFAULT_LANGUAGE)
        payload = {
            "locale": locale,
            "edit": post.message_id,
            "reasked": {
                "ping": str(post.row.payload["content"]),
                "note": t(REASKED, locale, seq=seq),
            },
        }
        marks.append(await _written(uow, post.row.channel_id, payload))
    return marks


def undone_note(posted: OutboxMessage, reason: str, seq: int) -> str:
    """What heads a message of an undone command: undone by the GM, why, and the undo's
    entry, in the language the message was posted in; a ping says its question no longer
    waits."""
    locale = str(posted.payload.get("locale") or DEFAULT_LANGUAGE)
    ping = posted.payload.get("content") and not posted.payload.get("embeds")
    key = "undo.marked_ping" if ping and pinged_users(posted.payload) else "undo.marked"
    return t(key, locale, reason=shown(reason), seq=seq)


async def mark_undone(
    uow: UnitOfWork, posted: OutboxMessage, message_id: int, note: str
) -> OutboxMessage:
    """Write, in the undo's transaction, the edit that marks a message the undone command
    posted as undone (bot/announcements.py `undone_edit`: struck through, `note` first, its
    controls gone, and the "Next step" a set-up answer gave, which no longer applies); a
    message that is gone is left gone."""
    locale = str(posted.payload.get("locale") or DEFAULT_LANGUAGE)
    undone: dict[str, Any] = {"note": note}
    if posted.payload.get("render"):  # a set-up answer: its next step is rendered when posted
        undone["next_step"] = t(NEXT_STEP_TITLE, locale)
    return await _written(
        uow,
        posted.channel_id,
        {"locale": posted.payload.get("locale"), "edit": message_id, "undone": undone},
    )


def shown_in(found: dict[str, OutboxMessage | None]) -> list[tuple[OutboxMessage, list[str]]]:
    """The posts `outbox.showing` found, one a message (its newest), each with the control
    prefixes found in it."""
    newest: dict[int, OutboxMessage] = {}
    prefixes: dict[int, list[str]] = {}
    for prefix, row in found.items():
        if row is None:
            continue
        message = int(row.payload["edit"])
        if message not in newest or row.id > newest[message].id:
            newest[message] = row
        prefixes.setdefault(message, []).append(prefix)
    return [(newest[m], prefixes[m]) for m in newest]


def asks_only(shown: OutboxMessage, prefixes: list[str]) -> bool:
    """Whether every control of the message `shown` belongs to the questions `prefixes`
    name (custom_ids starting with one of them)."""
    return all(
        str(part.get("custom_id") or "").startswith(tuple(prefixes))
        for row in shown.payload.get("components") or []
        for part in row.get("components") or []
    )


async def withdraw_questions(
    uow: UnitOfWork, shown: OutboxMessage, prefixes: list[str]
) -> OutboxMessage:
    """Write, in the undo's transaction, the edit that takes the controls of questions the
    undone command asked (custom_ids starting with `prefixes`) off the message showing
    them; its text and any other control stay. A message that is gone is left gone."""
    payload = {k: v for k, v in shown.payload.items() if k not in ("gone", "ephemeral")}
    rows = []
    for row in payload.get("components") or []:
        kept = [
            part
            for part in row.get("components") or []
            if not str(part.get("custom_id") or "").startswith(tuple(prefixes))
        ]
        if kept:
            rows.append({**row, "components": kept})
    payload.update(components=rows, repost=True, gone="leave")
    return await _written(uow, shown.channel_id, payload)


async def handed_back(uow: UnitOfWork, unit: UndoUnit) -> list[OutboxMessage]:
    """Write, in the undo's transaction, the edits that show the questions the undone join
    gave the faction's new player (`announcements.hand_over`), or the undone leave gave to
    nobody (`announcements.let_go`), both journaled as `handed_over`, as they read before
    it: its former player named again, or that nobody played it. A message that is gone, or
    a post no longer kept, is left as it is."""
    handed = {int(op["outbox"]): int(op["message"]) for op in unit.ops if op["op"] == "handed_over"}
    edits = []
    for post in await outbox.posts(uow.conn, unit.campaign_id, list(handed)):
        payload = {k: v for k, v in post.row.payload.items() if k not in ("gone", "ephemeral")}
        payload.update(edit=handed[post.row.id], repost=True, gone="leave")
        edits.append(await _written(uow, post.row.channel_id, payload))
    return edits


async def refuse_while_ending(uow: UnitOfWork, undo: UndoWrites) -> None:
    """Refuse an undo while the turn is ending at its deadline: the end's start is logged
    and the end has not committed (the scheduler's retry still due). An undo passes over
    that start (`newest_undoable`), so without this it would revert what came before it,
    e.g. the deadline itself, under an end already drawing its dice. Once the end commits,
    or is given up (no retry due), an undo is asked as usual."""
    turn = uow.campaign.turn
    if not await undo.deadline_end_begun(uow.campaign.id, turn):
        return
    if (await ScheduleWrites(uow.conn).schedule(uow.campaign.id)).due_at is not None:
        raise Conflict("error.undo.deadline_end", turn=turn)


DEADLINE_KEPT = "kept"  # the reopened turn's deadline is ahead: it stands again
DEADLINE_PASSED = "passed"  # it passed while the turn was closed: cleared, the turn open
DEADLINE_REACHED = "reached"  # the scheduler acted on it (GMs pinged, or the turn ended)


async def reopen_deadline(
    writes: ScheduleWrites, campaign_id: int, turn: int, now: int
) -> tuple[str, int] | None:
    """The deadline of `turn`, reopened by an undo of its end at `now` (epoch seconds), and
    what became of it; None when the turn had none. A turn ended before its deadline keeps
    it in the schedule, unshown (`TurnFlow.sweep`). Still ahead, it stands again
    (`DEADLINE_KEPT`): its reminders resume, and a reminder point that passed while the
    turn was closed reminds once at the scheduler's next step, as a deadline set inside the
    reminder window does (`TurnFlow.set_deadline`). Passed meanwhile (`DEADLINE_PASSED`),
    or reached before the end (`DEADLINE_REACHED`: the GMs pinged, or the turn ended by
    it), the reopened turn gets none: the turn stays open for a GM's /turn end, never
    ended at once behind their back (with `end_turn` the scheduler would end it on its next
    step), as a turn whose automatic end was given up stays open. The undo's answer tells
    the GM which (cogs/undo.py)."""
    schedule = await writes.schedule(campaign_id)
    deadline = schedule.deadline_at
    if deadline is None or schedule.turn != turn:
        return None
    done = schedule.reminded_until
    if done is not None and done >= deadline:
        what = DEADLINE_REACHED
    elif deadline <= now:
        what = DEADLINE_PASSED
    else:
        due = next_due(schedule, done if done is not None else now)
        await writes.save(replace(schedule, due_at=max(due, now) if due is not None else None))
        return DEADLINE_KEPT, deadline
    await writes.save(
        replace(schedule, turn=None, deadline_at=None, reminded_until=None, due_at=None)
    )
    return what, deadline


async def resume_schedule(
    writes: ScheduleWrites, was: Schedule, turn: int, now: int
) -> tuple[int, int] | None:
    """What the schedule an undo put back at `now` (epoch seconds) is due for; `was` is the
    schedule before it, `turn` the campaign's. The undo restored only the columns its
    command changed (`UndoWrites.restore`): reminders sent and a deadline's ping since stay
    done. A deadline it brings back (an undone /turn deadline clear, or the deadline an
    undone /turn deadline set replaced) that passed meanwhile, the scheduler not having
    acted on it, does not come back: as for an undone turn end (`reopen_deadline`), the
    turn stays open for a GM's /turn end, never ended at once behind their back (with
    `end_turn` the scheduler would end it on its next step); returns (turn, deadline) so the
    undo's answer tells the GM. Still ahead, it stands with its reminders as they were (a
    point passed meanwhile reminds once at the next step, as `reopen_deadline` does).
    Reminder points put back are counted from `now`, as /campaign settings set counts
    them (`TurnFlow.set_setting`)."""
    schedule = await writes.schedule(was.campaign_id)
    deadline = schedule.deadline_at
    if schedule == was or deadline is None or schedule.turn != turn:
        return None
    if deadline_reached(schedule):  # pinged or ended: nothing more is due for it
        return None
    if (schedule.turn, deadline) != (was.turn, was.deadline_at):  # the deadline comes back
        if deadline > now:
            return None
        await writes.save(
            replace(schedule, turn=None, deadline_at=None, reminded_until=None, due_at=None)
        )
        return turn, deadline
    if schedule.reminder_minutes != was.reminder_minutes:
        await writes.claim(schedule.campaign_id, schedule.reminded_until, next_due(schedule, now))
    return None


def closed_turn(unit: UndoUnit) -> int | None:
    """The turn a unit of work ended (a turn end's journal records it), or None."""
    return next((int(op["turn"]) for op in unit.ops if op["op"] == "turn_closed"), None)


__all__ = [
    "DEADLINE_KEPT",
    "DEADLINE_PASSED",
    "DEADLINE_REACHED",
    "UNDO_CHOICE",
    "UndoDone",
    "UndoService",
    "UndoTarget",
    "clean_reason",
    "closed_turn",
    "redraw_question",
    "resume_schedule",
]
