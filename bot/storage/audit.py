"""The tamper-evident audit log: append entries with their rolls, hash-chained per campaign.

hash = sha256(prev_hash + canonical JSON of the entry and its rolls). The campaign row keeps
the head hash and the entry count, so removing the newest entry is detected too.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
from collections.abc import AsyncIterator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.dice import RollRecord
from bot.storage.database import Database
from bot.storage.database import utc_now
from bot.storage.health import is_damage
from bot.storage.seeds import chain_head
from bot.storage.sql import Conn
from bot.storage.sql import Row
from bot.storage.sql import insert_sql
from bot.storage.sql import row_record

GENESIS = "0" * 64
# A large batch of rolls (a turn end of a large fleet) is encoded for its entry's hash this
# many at a time, the event loop free between slices (`rolls_text`).
HASH_SLICE = 1000
_DECODER = json.JSONDecoder()
UNDO_COMMAND = "history undo"  # a compensating entry: outcome `undid` lists the seqs undone


def canonical(data: Any) -> str:
    """The one JSON form that is hashed: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


RollRow = tuple[str, str | None, str, int, str, int, int, str | None, int | None]


def roll_row(record: RollRecord) -> RollRow:
    """A roll as it is stored and hashed (the `rolls` columns after action_id and idx)."""
    return (
        record.purpose,
        record.clause,
        record.notation,
        record.sides,
        faces_text(record.faces),
        record.modifier,
        record.total,
        record.target,
        record.successes,
    )


def faces_text(faces: tuple[int, ...]) -> str:
    """Faces as stored: "1,4,6" (compact and fast to write in large batches)."""
    return ",".join(map(str, faces))


def parse_faces(text: str) -> tuple[int, ...]:
    """Faces back from their stored text."""
    return tuple(int(f) for f in text.split(",")) if text else ()


def entry_hash(prev_hash: str, entry: dict[str, Any]) -> str:
    """The chained hash of one entry."""
    return chained_hash(prev_hash, canonical(entry))


def chained_hash(prev_hash: str, entry_text: str) -> str:
    """The chained hash of one entry given as its canonical JSON."""
    return hashlib.sha256((prev_hash + entry_text).encode("utf-8")).hexdigest()


def archive_digest(body: str) -> str:
    """The digest an audit entry keeps of an archive record it wrote (its stored JSON)."""
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


async def rolls_text(rows: Sequence[Sequence[Any]]) -> str:
    """`canonical` of the hashed roll rows (each stored row without `action_id` and `idx`),
    encoded `HASH_SLICE` rows at a time with the event loop free between slices (the text is
    the same as encoding the list at once: each slice's items, joined by commas)."""
    if len(rows) <= HASH_SLICE:
        return canonical([r[2:] for r in rows])
    parts = []
    for start in range(0, len(rows), HASH_SLICE):
        parts.append(canonical([r[2:] for r in rows[start : start + HASH_SLICE]])[1:-1])
        await asyncio.sleep(0)
    return "[" + ",".join(parts) + "]"


def canonical_object(encoded: dict[str, str]) -> str:
    """`canonical(obj)` for an object whose values are given already in canonical JSON.

    The same text as encoding the whole object at once (keys sorted, no spaces), so a large
    part encoded once for storage need not be encoded again for the hash.
    """
    return "{" + ",".join(f"{canonical(key)}:{encoded[key]}" for key in sorted(encoded)) + "}"


@dataclass(frozen=True)
class AuditEntry:
    """One action of the log, as players see it."""

    id: int
    campaign_id: int
    seq: int
    turn: int
    ruleset: str
    command: str
    actor_id: int
    faction: str | None
    options: dict[str, Any]
    outcome: dict[str, Any]
    created_at: str
    hash: str
    rolls: tuple[RollRecord, ...] = ()
    dice: dict[str, Any] | None = None  # where the faces came from (bot/dice.py `marker`)
    state: dict[str, Any] | None = None  # digests of the state it leaves (state_digest.py)

    def hashed_form(self, rows: Sequence[RollRow] | None = None) -> dict[str, Any]:
        """What the hash covers; `rows` saves rebuilding the roll rows when already built.
        `dice` and `state` are covered when present (entries older than migration 004 have
        neither, and keep their hashes)."""
        return {
            **({} if self.dice is None else {"dice": self.dice}),
            **({} if self.state is None else {"state": self.state}),
            "campaign_id": self.campaign_id,
            "seq": self.seq,
            "turn": self.turn,
            "ruleset": self.ruleset,
            "command": self.command,
            "actor_id": self.actor_id,
            "faction": self.faction,
            "options": self.options,
            "outcome": self.outcome,
            "created_at": self.created_at,
            "rolls": [roll_row(r) for r in self.rolls] if rows is None else rows,
        }


# The `actions` row of an entry, in the order `append_entry` writes it.
ACTION_COLUMNS = (
    "id",
    "campaign_id",
    "seq",
    "turn",
    "ruleset",
    "command",
    "actor_id",
    "faction",
    "options",
    "outcome",
    "created_at",
    "prev_hash",
    "hash",
    "dice",
    "state",
)

ROLL_COLUMNS = (
    "action_id",
    "idx",
    "purpose",
    "clause",
    "notation",
    "sides",
    "faces",
    "modifier",
    "total",
    "target",
    "successes",
)


def _head_sql(dialect: str) -> str:
    """The campaign's log head, the next action id and the state columns, in one query (on
    PostgreSQL locking the campaign's row)."""
    from bot.storage.state_digest import state_columns

    if dialect == "postgresql":
        next_id = "nextval(pg_get_serial_sequence('actions', 'id'))"
        lock = " FOR UPDATE OF c"
    else:
        next_id, lock = "(SELECT COALESCE(MAX(id), 0) + 1 FROM actions)", ""
    # state_columns is a constant text of state_digest.py: no value of anyone's is spliced in.
    return (
        f"SELECT log_count, log_head, {next_id}, {state_columns(dialect)} "  # noqa: S608
        f"FROM campaigns c WHERE id = ?{lock}"
    )


async def append_entry(
    conn: Conn,
    *,
    campaign_id: int,
    turn: int,
    ruleset: str,
    command: str,
    actor_id: int,
    faction: str | None,
    options: dict[str, Any],
    outcome: dict[str, Any],
    rolls: Sequence[RollRecord],
    dice: dict[str, Any] | None = None,
) -> AuditEntry:
    """Append one entry inside the caller's transaction and move the campaign's head; the
    entry carries the digests of the campaign state as it is now (written before it)."""
    from bot.storage.state_digest import entry_state

    head = await conn.execute_fetchall(_head_sql(conn.dialect), (campaign_id,))
    row = next(iter(head), None)
    assert row is not None, "append to a campaign that does not exist"
    # SQLite: we hold the only write transaction, so the next action id is ours to use.
    # PostgreSQL: the campaign row is locked (FOR UPDATE) until commit, so the next seq is
    # ours, and the action id comes from the table's sequence. The rolls refer to the id
    # before the action row exists (their foreign key is checked at commit).
    seq, prev, action_id = int(row[0]) + 1, str(row[1]), int(row[2])
    state = await entry_state(conn.execute_fetchall, campaign_id, row)
    # Round-trip through JSON so what is hashed is exactly what is stored and read back;
    # the stored texts are encoded once and spliced into the hashed text (`canonical_object`).
    options = json.loads(canonical(options))
    outcome = json.loads(canonical(outcome))
    options_text, outcome_text = canonical(options), canonical(outcome)
    entry = AuditEntry(
        id=action_id,
        campaign_id=campaign_id,
        seq=seq,
        turn=turn,
        ruleset=ruleset,
        command=command,
        actor_id=actor_id,
        faction=faction,
        options=options,
        outcome=outcome,
        created_at=utc_now(),
        hash="",
        rolls=tuple(rolls),
        dice=None if dice is None else json.loads(canonical(dice)),
        state=state,
    )
    rows = [
        (
            action_id,
            i,
            r.purpose,
            r.clause,
            r.notation,
            r.sides,
            faces_text(r.faces),
            r.modifier,
            r.total,
            r.target,
            r.successes,
        )
        for i, r in enumerate(rolls)
    ]

    # The database writes the rolls while the entry is hashed. SQLite writes on its own
    # thread; PostgreSQL's COPY is driven by this event loop, so a large batch is encoded for
    # the hash a slice at a time, letting the COPY send its rows between the slices (the
    # server then stores them while the rest is hashed).
    writing = asyncio.ensure_future(conn.insert_rows("rolls", ROLL_COLUMNS, rows))
    try:
        hashed = entry.hashed_form([])
        encoded = {
            key: canonical(value)
            for key, value in hashed.items()
            if key not in ("options", "outcome", "rolls")
        }
        encoded["options"], encoded["outcome"] = options_text, outcome_text
        encoded["rolls"] = await rolls_text(rows)
        digest = chained_hash(prev, canonical_object(encoded))
    finally:
        await writing
    await conn.execute(
        insert_sql("actions", ACTION_COLUMNS),
        (
            action_id,
            campaign_id,
            seq,
            turn,
            ruleset,
            command,
            actor_id,
            faction,
            options_text,
            outcome_text,
            entry.created_at,
            prev,
            digest,
            None if entry.dice is None else canonical(entry.dice),
            canonical(state),
        ),
    )
    await conn.execute(
        "UPDATE campaigns SET log_count = ?, log_head = ? WHERE id = ?", (seq, digest, campaign_id)
    )
    return AuditEntry(**{**entry.__dict__, "hash": digest})


def roll_from_row(row: Row, prefix: str = "") -> RollRecord:
    """A roll from a `rolls` row (columns named `prefix` + column, as in a join)."""
    return RollRecord(
        purpose=row[prefix + "purpose"],
        clause=row[prefix + "clause"],
        notation=row[prefix + "notation"],
        sides=row[prefix + "sides"],
        faces=parse_faces(row[prefix + "faces"]),
        modifier=row[prefix + "modifier"],
        total=row[prefix + "total"],
        target=row[prefix + "target"],
        successes=row[prefix + "successes"],
    )


def roll_from_hashed(row: Sequence[Any]) -> RollRecord:
    """A roll back from its hashed form (`roll_row`), as a revealed hidden part lists them."""
    purpose, clause, notation, sides, faces, modifier, total, target, successes = row
    return RollRecord(
        purpose=str(purpose),
        clause=clause,
        notation=str(notation),
        sides=int(sides),
        faces=parse_faces(str(faces)),
        modifier=int(modifier),
        total=int(total),
        target=target,
        successes=successes,
    )


def stored_json(text: str) -> Any:
    """A stored JSON text decoded, exactly as `json.loads` decodes it (the same values, the
    same errors: text after the value is refused), at half its cost on the texts the bot
    stores: `json.loads` scans for whitespace around the value first, and a page of
    `/history list` decodes four texts per entry."""
    try:
        value, end = _DECODER.raw_decode(text)
    except json.JSONDecodeError:
        return json.loads(text)  # leading whitespace, or the error json.loads gives
    return value if end == len(text) else json.loads(text)


def entry_from_row(row: Row, rolls: Sequence[RollRecord] = ()) -> AuditEntry:
    """Build an entry from an `actions` row."""
    dice, state = row["dice"], row["state"]
    return row_record(
        AuditEntry,
        row,
        options=stored_json(row["options"]),
        outcome=stored_json(row["outcome"]),
        rolls=tuple(rolls),
        dice=None if dice is None else stored_json(dice),
        state=None if state is None else stored_json(state),
    )


async def rolls_of(db: Database, action_ids: Sequence[int]) -> dict[int, list[RollRecord]]:
    """The rolls of several entries, in order."""
    found: dict[int, list[RollRecord]] = {i: [] for i in action_ids}
    if not action_ids:
        return found
    marks = ",".join("?" * len(action_ids))
    for row in await db.fetchall(
        f"SELECT * FROM rolls WHERE action_id IN ({marks}) ORDER BY action_id, idx",  # noqa: S608
        action_ids,
    ):
        found[row["action_id"]].append(roll_from_row(row))
    return found


async def chained_entries(
    db: Database, campaign_id: int, batch: int = 2000, after: int = 0
) -> AsyncIterator[tuple[AuditEntry, str]]:
    """Every entry after entry number `after`, oldest first, with the hash stored as the one
    before it (`prev_hash`), read in batches (verify, export)."""
    last = after
    while True:
        rows = await db.fetchall(
            "SELECT * FROM actions WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (campaign_id, last, batch),
        )
        if not rows:
            return
        rolls = await rolls_of(db, [r["id"] for r in rows])
        for row in rows:
            yield entry_from_row(row, rolls[row["id"]]), row["prev_hash"]
        last = rows[-1]["seq"]


async def archive_rows(
    db: Database, campaign_id: int, batch: int = 2000
) -> AsyncIterator[tuple[str, str, int, str]]:
    """Every archive record of a campaign as (ruleset, key, seq, stored JSON), in that order,
    read in batches (verify, export)."""
    last: tuple[str, str, int] = ("", "", -(2**62))
    while True:
        rows = await db.fetchall(
            "SELECT ruleset, key, seq, body FROM ruleset_archive WHERE campaign_id = ? "
            "AND (ruleset, key, seq) > (?, ?, ?) ORDER BY ruleset, key, seq LIMIT ?",
            (campaign_id, *last, batch),
        )
        if not rows:
            return
        for row in rows:
            yield row["ruleset"], row["key"], row["seq"], row["body"]
        last = (rows[-1]["ruleset"], rows[-1]["key"], rows[-1]["seq"])


@dataclass(frozen=True)
class VerifyReport:
    """The result of recomputing a campaign's chain."""

    ok: bool
    count: int
    problem: str | None = None
    seq: int | None = None
    detail: str | None = None  # what SQLite said (problem `damaged`)


async def verify_chain(db: Database, campaign_id: int, batch: int = 2000) -> VerifyReport:
    """Recompute every hash in order; report the first entry edited, removed or moved, then
    the first archive record an entry lists (outcome `archive`: key, seq, digest) that was
    edited or removed. Records no entry lists (moved out of a state by migration 002) are
    not covered. A file SQLite finds damaged is reported as such (problem `damaged`), with
    the entries read intact before it, and the database takes no more writes."""
    progress = [0]
    try:
        return await _verify_chain(db, campaign_id, batch, progress)
    except sqlite3.DatabaseError as error:
        if not is_damage(error):
            raise
        db.note_damage(error)
        return VerifyReport(
            ok=False, count=progress[0], problem="damaged", seq=progress[0] + 1, detail=str(error)
        )


async def _verify_chain(
    db: Database, campaign_id: int, batch: int, progress: list[int]
) -> VerifyReport:
    head = await chain_head(db, campaign_id)
    if head is None:
        return VerifyReport(ok=False, count=0, problem="missing_campaign")
    prev = GENESIS
    expected_seq = 1
    count = 0
    listed: dict[tuple[str, str, int], tuple[str, int]] = {}  # record → digest, entry seq
    undone: set[int] = set()  # an undone entry's archive records are removed with it
    async for entry, prev_hash in chained_entries(db, campaign_id, batch):
        if entry.seq != expected_seq:
            return VerifyReport(ok=False, count=count, problem="removed", seq=expected_seq)
        if prev_hash != prev:
            return VerifyReport(ok=False, count=count, problem="reordered", seq=entry.seq)
        if entry_hash(prev, entry.hashed_form()) != entry.hash:
            return VerifyReport(ok=False, count=count, problem="edited", seq=entry.seq)
        for key, seq, digest in entry.outcome.get("archive", ()):
            listed[(entry.ruleset, key, seq)] = (digest, entry.seq)
        if entry.command == UNDO_COMMAND:
            undone.update(entry.outcome.get("undid", ()))
        prev = entry.hash
        expected_seq += 1
        count += 1
        progress[0] = count
    if head[0] > count:
        return VerifyReport(ok=False, count=count, problem="removed", seq=count + 1)
    if (count, prev) != head:  # rewritten (or added to) below the recorded head
        return VerifyReport(ok=False, count=count, problem="head", seq=head[0])
    listed = {record: found for record, found in listed.items() if found[1] not in undone}
    return await _verify_archive(db, campaign_id, listed, count, batch)


async def _verify_archive(
    db: Database,
    campaign_id: int,
    listed: dict[tuple[str, str, int], tuple[str, int]],
    count: int,
    batch: int,
) -> VerifyReport:
    """Every listed archive record is present with the digest its entry keeps."""
    found: set[tuple[str, str, int]] = set()
    if listed:
        async for ruleset, key, seq, body in archive_rows(db, campaign_id, batch):
            expected = listed.get((ruleset, key, seq))
            if expected is not None:
                if archive_digest(body) != expected[0]:
                    return VerifyReport(
                        ok=False, count=count, problem="archive_edited", seq=expected[1]
                    )
                found.add((ruleset, key, seq))
    missing = [seq for record, (_, seq) in listed.items() if record not in found]
    if missing:
        return VerifyReport(ok=False, count=count, problem="archive_removed", seq=min(missing))
    return VerifyReport(ok=True, count=count)
