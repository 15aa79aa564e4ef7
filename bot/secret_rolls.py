"""Secret rolls: the channel sees an entry with a commitment; the faces stay hidden until
revealed (by the roller or a GM, or at the turn's end). A ruleset's hidden entry (an order
kept from the other players until the turn ends) is kept the same way: its options, outcome
and summary are the hidden part (`RulesetContext.apply(..., secret=...)`).

The dice are derived from the turn seed like any other (so verify re-derives them once both
the roll and the seed are revealed); a held entry's (kept past the turn's end) from the turn's
held seed, which the reveal of the turn's last held entry publishes with it. The hidden part
(a random nonce, the expression, the rolls, the outcome) is kept as canonical JSON; the public
entry shows `secret_commitment`, its sha256; the revealing entry publishes it whole
(`secret_reveal`). The nonce keeps a small roll from being guessed from its commitment.

A hidden entry may also be *sealed* (`Sealed`): written with no actor (`HIDDEN_ACTOR`) and no
faction, read as made by a hidden player. Who made it (a random nonce, the actor, the faction)
is kept apart as canonical JSON, never published, not at the turn's end either; the entry
shows its sha256 (`sealed_commitment`), so a GM holding the part can prove who it was. The
actor, the player of the faction it was made for, and the GMs read it (`HiddenEntry.sealed`,
`reads_sealed`). A Space pirates bribe is sealed unless the GM lets its victim learn who paid
(SP-I33).
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Collection
from dataclasses import dataclass
from dataclasses import field
from typing import TYPE_CHECKING
from typing import Any
from typing import Final

from bot import dice_expr
from bot.dice import RollRecord
from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.i18n import Msg
from bot.i18n import t
from bot.storage import seeds
from bot.storage.audit import AuditEntry
from bot.storage.audit import canonical
from bot.storage.audit import roll_from_hashed
from bot.storage.audit import roll_row
from bot.storage.undo import UndoWrites
from bot.text import shown

if TYPE_CHECKING:
    from bot.campaigns import Actor
    from bot.campaigns import UnitOfWork
    from bot.storage.log import AuditLog
    from bot.storage.sql import Conn


# The entry that publishes a hidden part: a `/roll`'s faces, or a ruleset's hidden entry.
ROLL_REVEAL: Final = "roll reveal"
ENTRY_REVEAL: Final = "entry reveal"
# A secret `/roll`'s reveal says what it revealed (`reveal_msg`), by a `/reveal` or by a turn's
# end; each message with its `_reason` form.
REVEAL_LOG: Final = "roll.reveal.log"
REVEAL_LOG_TURN_END: Final = "roll.reveal.log_turn_end"
# The sentence a secret roll's reveal adds when a GM had undone the roll (`Revealed.undone_in`).
REVEAL_UNDONE: Final = "roll.reveal.log_undone_before"
CORE: Final = "core"
# The turn key held hidden parts were kept under before held seeds: none, so no turn's end
# publishes them (their ruleset or a GM does). They are now kept under their turn's held key
# (`seeds.held_key`), which no turn's end publishes either.
HELD_TURN: Final = 0
# The actor a sealed entry shows: nobody (no Discord user has the id 0).
HIDDEN_ACTOR: Final = 0


def payload_commitment(payload_text: str) -> str:
    """sha256 of the hidden part's canonical JSON."""
    return hashlib.sha256(payload_text.encode("utf-8")).hexdigest()


def revealed_commitment(payload: dict[str, Any]) -> str:
    """The commitment a revealed hidden part matches (`payload_commitment` of its JSON)."""
    return payload_commitment(canonical(payload))


@dataclass(frozen=True)
class Sealed:
    """Who made a sealed entry: kept out of the log for good; the entry shows `commitment`.
    `told`: what its maker was told privately (a bribe's victim, target and price, SP-I33),
    summary messages as an entry keeps them, kept beside who made it for its readers
    (`reads_sealed`) alone, outside the commitment: the command's outcome fixes them after
    the state has stored the commitment (a sealed bribe names it)."""

    actor_id: int
    faction: str | None
    nonce: str = field(default_factory=lambda: secrets.token_hex(16))
    told: tuple[Any, ...] = ()

    @property
    def text(self) -> str:
        """The canonical JSON of who made it, whose sha256 is the commitment."""
        return canonical({"actor_id": self.actor_id, "faction": self.faction, "nonce": self.nonce})

    @property
    def kept(self) -> str:
        """What is stored: `text`'s fields, and `told` when there is any."""
        told = {"told": list(self.told)} if self.told else {}
        return canonical(
            {"actor_id": self.actor_id, "faction": self.faction, "nonce": self.nonce, **told}
        )

    @property
    def commitment(self) -> str:
        """sha256 of `text`: `sealed_commitment` in the entry."""
        return payload_commitment(self.text)

    @classmethod
    def of(cls, text: str) -> Sealed:
        """A sealed part back from its kept JSON."""
        found = json.loads(text)
        told = found.get("told")
        return cls(
            int(found["actor_id"]),
            found["faction"],
            str(found["nonce"]),
            tuple(told) if isinstance(told, list) else (),
        )


def reads_sealed(part: Sealed, user_id: int, gm: bool, factions: Collection[str]) -> bool:
    """Whether a reader reads a sealed entry as its maker does: a GM, its maker, or the
    player of the faction it was made for (`factions`: those the reader plays), who is its
    maker in the game (a bribe a GM placed for Vega is Vega's, SP-I33); nobody else."""
    return gm or part.actor_id == user_id or (part.faction is not None and part.faction in factions)


def is_sealed(entry: AuditEntry) -> bool:
    """Whether an entry was written without its actor (`Sealed`)."""
    return "sealed_commitment" in entry.outcome


@dataclass(frozen=True)
class SecretResult:
    """A secret roll as its roller sees it."""

    entry: AuditEntry
    roll: dice_expr.DiceRoll
    commitment: str


async def append_secret(
    uow: UnitOfWork,
    command: str,
    *,
    options: dict[str, Any],
    outcome: dict[str, Any],
    faction: str | None = None,
    ruleset: str = "core",
    held: bool = False,
    sealed: Sealed | None = None,
) -> tuple[AuditEntry, str]:
    """Append an entry whose rolls (those made since the last entry), options and outcome stay
    hidden: the log shows only `secret_commitment`. For `/roll … secret:true`, and for a
    ruleset's hidden information (a card drawn for a hand). Returns the entry and the
    commitment; the turn's end or `reveal` publishes the hidden part (`held`: not the turn's
    end, only `reveal`; its rolls must have been made inside `Dice.held()`, from the held
    seed, since the turn's end reveals the turn seed). `sealed`: the entry names no actor and
    no faction, its hidden part none either (`options` without `faction`); who made it is kept
    apart and never published (`Sealed`)."""
    if sealed is not None:
        options = {k: v for k, v in options.items() if k != "faction"}
        faction = None
    records = uow.dice.records[uow.recorded_rolls : uow.dice.entry_end()]
    if records and uow.dice.entry_held != held:
        msg = "a held entry takes held rolls only, and held rolls stay in a held entry"
        raise RuntimeError(msg)
    payload = {
        "nonce": secrets.token_hex(16),
        "options": options,
        "rolls": [list(roll_row(r)) for r in records],
        "outcome": outcome,
    }
    text = canonical(payload)
    digest = payload_commitment(text)
    outcome_shown = {"secret_commitment": digest}
    if sealed is not None:
        outcome_shown["sealed_commitment"] = sealed.commitment
    entry = await uow.append(
        command,
        ruleset=ruleset,
        options={"secret": True},
        outcome=outcome_shown,
        faction=faction,
        secret=True,
        actor_id=None if sealed is None else HIDDEN_ACTOR,
    )
    await seeds.add_secret(
        uow.conn,
        seeds.SecretRoll(
            uow.campaign.id,
            entry.seq,
            seeds.held_key(uow.campaign.turn) if held else uow.campaign.turn,
            uow.actor.user_id,
            digest,
            text,
            None,
            None if sealed is None else sealed.kept,
        ),
    )
    return entry, digest


async def roll(
    uow: UnitOfWork,
    expression: dice_expr.DiceExpression,
    *,
    dice: str,
    reason: str | None,
    faction: str | None,
    saved: str | None = None,
) -> SecretResult:
    """Roll an expression in secret: an entry without visible faces, the hidden part kept
    (`saved`: the expression of the saved roll `dice` names, as a roll in the open logs it)."""
    result = dice_expr.evaluate(expression, uow.dice, reason=reason)
    options: dict[str, Any] = {"dice": dice, "reason": reason}
    if saved is not None:
        options["saved"] = saved
    entry, digest = await append_secret(
        uow,
        "roll",
        options=options,
        outcome={
            "summary": f"{expression.canonical} = {dice_expr.totals_text(result)}",
            **result.to_json(),
        },
        faction=faction,
    )
    return SecretResult(entry, result, digest)


def is_roll(payload: dict[str, Any]) -> bool:
    """Whether a hidden part is a secret `/roll`'s (not a ruleset's hidden information)."""
    return "dice" in payload["options"]


def replay(payload: dict[str, Any]) -> dice_expr.DiceRoll | None:
    """A secret `/roll` rebuilt from its recorded faces, for display (None for a ruleset's
    hidden information, which is not a dice expression, and for faces that do not fit the
    expression as read today, `dice_expr.replayed`: one kept in an older form of it)."""
    if not is_roll(payload):
        return None
    try:
        return dice_expr.replayed(
            rolled_expression(payload),
            payload_rolls(payload),
            reason=payload["options"].get("reason"),
        )
    except ValueError:
        return None


def payload_rolls(payload: dict[str, Any]) -> tuple[RollRecord, ...]:
    """The rolls a hidden part keeps (`roll_from_hashed`), as an entry's own rolls read, for
    `/history show` of a secret `/roll` once revealed."""
    return tuple(roll_from_hashed(row) for row in payload["rolls"])


def rolled_expression(payload: dict[str, Any]) -> dice_expr.DiceExpression:
    """The expression a secret `/roll` was made with: its `dice` as typed, or, when that
    named one of the roller's saved rolls (`/roll dice:attack`), the expression the roll
    records in its outcome, as rolled then (the saved roll may be saved again or deleted
    since)."""
    try:
        return dice_expr.parse(str(payload["options"]["dice"]))
    except dice_expr.DiceExpressionError:
        return dice_expr.parse(str(payload["outcome"]["expression"]))


@dataclass(frozen=True)
class Revealed:
    """A hidden entry revealed (`secret`), the entry revealing it, and the undo's entry that
    had undone a secret `/roll` before its reveal, as the reveal says it (`REVEAL_UNDONE`;
    None while it stood, and for a ruleset's hidden entry)."""

    secret: seeds.SecretRoll
    entry: AuditEntry
    undone_in: int | None = None

    def roll(self) -> dice_expr.DiceRoll | None:
        """The secret `/roll` rebuilt (None for a ruleset's hidden entry)."""
        return replay(json.loads(self.secret.payload))

    def roll_text(self, locale: str) -> str | None:
        """The secret `/roll` as its reveal shows it: its faces and total (`roll`), or its
        logged result where its faces do not fit its expression as read today (an older
        form); None for a ruleset's hidden entry."""
        roll = self.roll()
        if roll is not None:
            return roll.render(locale)
        payload = json.loads(self.secret.payload)
        return str(payload["outcome"]["summary"]) if is_roll(payload) else None

    def reason(self) -> str | None:
        """The roll's reason, as its roller typed it (None: none)."""
        reason = json.loads(self.secret.payload)["options"].get("reason")
        return str(reason) if reason else None


def reveal_msg(secret: seeds.SecretRoll, payload: dict[str, Any], turn_end: int | None) -> Msg:
    """A secret `/roll`'s reveal as its entry's summary says it: the roll's entry, who rolled
    it, its reason (player text, escaped) and its result; `turn_end`: the turn whose end
    revealed it (None: a `/reveal`)."""
    options = payload["options"]
    reason = options.get("reason")
    key = REVEAL_LOG if turn_end is None else REVEAL_LOG_TURN_END
    params: dict[str, Any] = {
        "entry": secret.seq,
        "who": f"<@{secret.actor_id}>",
        "result": shown(str(payload["outcome"].get("summary") or options["dice"])),
    }
    if turn_end is not None:
        params["turn"] = turn_end
    if reason:
        return Msg(key + "_reason", reason=shown(str(reason)), **params)
    return Msg(key, **params)


def told_by_turn_end(entry: AuditEntry) -> bool | None:
    """Whether reveal entry `entry` says a turn's end wrote it (a secret `/roll`'s reveal,
    `reveal_msg`); None when it does not say (a ruleset's hidden entry's reveal, or one
    written before reveals said so)."""
    summary = entry.outcome.get("summary")
    keys = {str(m.get("key")) for m in summary or [] if isinstance(m, dict)}
    if not any(key.startswith(REVEAL_LOG) for key in keys):
        return None
    return any(key.startswith(REVEAL_LOG_TURN_END) for key in keys)


async def reveal(
    uow: UnitOfWork, secret: seeds.SecretRoll, *, turn_end: int | None = None
) -> Revealed:
    """Publish a secret roll's (or a ruleset's hidden entry's) hidden part in a new entry; the
    last held entry of a closed turn publishes that turn's held seed with it (`held_reveal`).
    A secret `/roll`'s entry says what it revealed (`reveal_msg`; `turn_end`: the turn whose
    end reveals it)."""
    payload = json.loads(secret.payload)
    outcome: dict[str, Any] = {}
    undo = None
    if is_roll(payload):
        outcome["summary"] = [reveal_msg(secret, payload, turn_end).to_json()]
        # A roll a GM undid is still revealed; its reveal says it no longer stands.
        undo = await UndoWrites(uow.conn).undone_by(secret.campaign_id, secret.seq)
        if undo is not None:
            outcome["summary"].append(Msg(REVEAL_UNDONE, entry=undo).to_json())
    outcome["secret_reveal"] = {"entry": secret.seq, "payload": payload}
    held_turn = -secret.turn
    # The open turn's held seed draws its turn end's held dice until the turn's closing entry,
    # which reveals it if no held entry of the turn stays hidden (bot/fair_turns.py).
    if held_turn > 0 and held_turn != uow.campaign.turn:
        others = await seeds.hidden_secrets(uow.conn, uow.campaign.id, secret.turn)
        if not [s for s in others if s.seq != secret.seq]:
            held = await seeds.drop_seed(uow.conn, uow.campaign.id, secret.turn)
            if held is not None:
                outcome["held_reveal"] = [{"turn": held_turn, "seed": held.seed.hex()}]
    entry = await uow.append(
        ROLL_REVEAL if is_roll(payload) else ENTRY_REVEAL,
        options={"entry": secret.seq},
        outcome=outcome,
    )
    await seeds.mark_revealed(uow.conn, secret.campaign_id, secret.seq, entry.seq)
    return Revealed(secret, entry, undo)


async def reveal_held(uow: UnitOfWork, seq: int) -> AuditEntry | None:
    """Publish hidden entry `seq` now, unless it is already public (None then)."""
    secret = await seeds.secret_in(uow.conn, uow.campaign.id, seq)
    if secret is None or secret.revealed_seq is not None:
        return None
    return (await reveal(uow, secret)).entry


async def reveal_entry(uow: UnitOfWork, seq: int, *, gm: bool) -> tuple[AuditEntry, dict[str, Any]]:
    """`/reveal entry:N`: the roller or a GM publishes a secret roll (or a ruleset's hidden
    entry) once. A sealed entry only a GM reveals early: its maker's reveal would answer in
    the channel as theirs, naming who made it (its turn's end publishes it as a hidden
    player's)."""
    secret = await seeds.secret_in(uow.conn, uow.campaign.id, seq)
    if secret is None:
        raise NotFound("error.secret_not_found", entry=seq)
    payload = json.loads(secret.payload)
    kind = "secret" if is_roll(payload) else "hidden"  # a ruleset's hidden entry is no roll
    if secret.actor_id != uow.actor.user_id and not gm:
        raise NotAllowed(f"error.{kind}_not_yours", entry=seq)
    if secret.revealed_seq is not None:
        # An undone turn end strikes its reveals but not what they published (the turn's
        # seed is out too): say so, rather than point at a struck entry as if it stood.
        struck = await UndoWrites(uow.conn).undone_by(secret.campaign_id, secret.revealed_seq)
        if struck is not None:
            raise Conflict(
                f"error.{kind}_revealed_undone",
                entry=seq,
                revealed=secret.revealed_seq,
                undo=struck,
            )
        raise Conflict(f"error.{kind}_revealed", entry=seq, revealed=secret.revealed_seq)
    if secret.sealed is not None and not gm:  # the reveal would be its maker's, in the channel
        raise NotAllowed("error.sealed_reveal", entry=seq)
    return (await reveal(uow, secret)).entry, payload


def secret_line(outcome: dict[str, Any], locale: str) -> str | None:
    """`/history show` of a secret roll or its reveal: what it is, without the faces."""
    if "secret_commitment" in outcome:
        return t("history.show.secret", locale, commitment=outcome["secret_commitment"])
    if "secret_reveal" in outcome:
        reveal = outcome["secret_reveal"]
        key = "secret_revealed" if is_roll(reveal["payload"]) else "entry_revealed"
        return t(f"history.show.{key}", locale, entry=reveal["entry"])
    return None


def hidden_line(ruleset: str, commitment: str, locale: str, command: str = "") -> str:
    """What everyone reads of a ruleset's hidden entry: what it is (in the ruleset's words
    when the catalog has them, e.g. "an order"), until when it is hidden, and its
    commitment."""
    return hidden_text("hidden_entry", ruleset, command, locale, commitment=commitment)


def hidden_text(key: str, ruleset: str, command: str, locale: str, **params: Any) -> str:
    """`history.<key>` about a ruleset's hidden entry, in the words its catalog gives the
    entries of `command` (`<ruleset>.history.<key>.<command>`, spaces as underscores: a hidden
    roll of a turn's end is not an order) or the ruleset (`history.<key>.<ruleset>`)."""
    for wanted in (
        f"{ruleset}.history.{key}.{command.replace(' ', '_')}",
        f"history.{key}.{ruleset}",
    ):
        text = t(wanted, locale, **params)
        if text != wanted:
            return text
    return t(f"history.{key}", locale, **params)


async def shown_secret(
    log: AuditLog, entry: AuditEntry, actor: Actor, gm: bool
) -> dict[str, Any] | None:
    """A hidden secret roll's hidden part (its options as typed, its rolls: `replay` gives its
    faces), for its roller or a GM only (None for everyone else, and for a ruleset's hidden
    entry, which `hidden_entry` reads)."""
    if "secret_commitment" not in entry.outcome:
        return None
    secret = await log.secret(entry.campaign_id, entry.seq)
    if secret is None or secret.revealed_seq is not None:
        return None
    if not gm and secret.actor_id != actor.user_id:
        return None
    payload: dict[str, Any] = json.loads(secret.payload)
    return payload if is_roll(payload) else None


@dataclass(frozen=True)
class HiddenEntry:
    """A ruleset's secret entry as one reader may read it: its commitment, and its hidden
    part (options, outcome with its summary) once revealed, or at once for the one who made
    it, the player of the faction it was made for and the GMs (`private`: shown to them
    alone)."""

    commitment: str
    payload: dict[str, Any] | None
    revealed_seq: int | None
    sealed: Sealed | None = None  # who made a sealed entry, for its actor and the GMs only

    @property
    def private(self) -> bool:
        """Whether the reader sees what the others may not read yet."""
        return self.payload is not None and self.revealed_seq is None

    @property
    def personal(self) -> bool:
        """Whether what the reader sees is theirs alone: the hidden part before it is
        published, or who made a sealed entry (never published)."""
        return self.private or self.sealed is not None


async def hidden_entry(
    log: AuditLog, entry: AuditEntry, actor: Actor, gm: bool, factions: Collection[str] = ()
) -> HiddenEntry | None:
    """A ruleset's secret entry as `actor` may read it (None: not a ruleset's secret entry;
    a secret `/roll` is `shown_secret`'s): in full for its maker, the GMs, and the player of
    the faction it was recorded for (a force a GM registered for Britain is Britain's to
    read, as it would be had Britain's player registered it). `factions`: those the reader
    plays, one of which the entry (or a sealed entry's hidden maker, `reads_sealed`) may
    have been made for."""
    return await read_hidden(log, entry, actor.user_id, gm, factions)


async def public_entry(log: AuditLog, entry: AuditEntry) -> HiddenEntry | None:
    """A ruleset's secret entry as every player reads it (the channel, the export's page):
    `hidden_entry` for a reader who made nothing, plays nothing and is no GM."""
    return await read_hidden(log, entry, None, False, ())


async def read_hidden(
    log: AuditLog, entry: AuditEntry, user_id: int | None, gm: bool, factions: Collection[str]
) -> HiddenEntry | None:
    """`hidden_entry` for the reader `user_id` (None: nobody in particular)."""
    if entry.ruleset == CORE or "secret_commitment" not in entry.outcome:
        return None
    secret = await log.secret(entry.campaign_id, entry.seq)
    if secret is None:
        return None
    sealed = None if secret.sealed is None else Sealed.of(secret.sealed)
    if user_id is None and not gm:
        own = False
    elif sealed is None:
        made_for = entry.faction is not None and entry.faction in factions
        own = gm or secret.actor_id == user_id or made_for
    else:
        own = reads_sealed(sealed, user_id or HIDDEN_ACTOR, gm, factions)
    readable = secret.revealed_seq is not None or own
    return HiddenEntry(
        secret.commitment,
        json.loads(secret.payload) if readable else None,
        secret.revealed_seq,
        sealed if own else None,
    )


async def sealed_parts(log: AuditLog, campaign_id: int) -> dict[int, Sealed]:
    """Who made each sealed entry of the campaign, by entry number: for the bot's own use
    and the GMs' (never shown to the other players)."""
    return {s.seq: Sealed.of(s.sealed) for s in await log.sealed(campaign_id) if s.sealed}


async def sealed_parts_in(conn: Conn, campaign_id: int) -> dict[int, Sealed]:
    """`sealed_parts` inside a transaction (a turn end's follow-ups read them with it)."""
    rolls = await seeds.sealed_secrets_in(conn, campaign_id)
    return {s.seq: Sealed.of(s.sealed) for s in rolls if s.sealed}


async def first_hidden(log: AuditLog, campaign_id: int) -> int | None:
    """The first of the campaign's ruleset entries still hidden (None: none waits). From it
    on, the stored state holds what they hide (an order), and so does every entry's digest of
    that state, which could be matched against guessed orders: an export stops before it and
    leaves the state out."""
    first = await first_hidden_entry(log, campaign_id)
    return None if first is None else first.seq


async def first_hidden_entry(log: AuditLog, campaign_id: int) -> seeds.SecretRoll | None:
    """The first of the campaign's ruleset entries still hidden, as kept (`first_hidden`)."""
    hidden = [s for s in await log.unrevealed(campaign_id) if not is_roll(json.loads(s.payload))]
    return min(hidden, key=lambda s: s.seq) if hidden else None


def is_held(secret: seeds.SecretRoll) -> bool:
    """Whether a hidden entry is kept past its turn's end (`append_secret(held=True)`): no
    turn's end publishes it, only its ruleset (a raid's end) or a GM's `/reveal`."""
    return secret.turn <= HELD_TURN
