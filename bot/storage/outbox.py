"""The outbox table: messages a transaction must post, written in it and marked once posted.

A row is added inside the unit of work that announces it (`add`), so it commits with the
change or not at all. The sender marks it sent with the message id in a transaction of its
own right after the post succeeds (`mark_sent`); whatever is still unsent at start-up is
posted then (`unsent`). A post that succeeded just before a crash, before its mark, is
posted again: delivery is at least once for that window, never silently lost.

Posted rows are pruned (`prune`, in the turn scheduler's sweep): a row sent more than
`KEEP_SENT` ago goes unless an undo may still redraw the question it shows (`asked`). An
undo also reads the posts of the command it undoes (`posts`, by the ids its journal lists) to
mark them undone, and the ping of a question it asks again (`pings_of`): a post pruned by
then is left as it is, and the undo says how many. Start-up reads only unsent rows, and an
edit names its message in its own body.

A message Discord refused to post (and those that must follow it) is held (`hold`): still
unsent, posted again by `/turn status` in its campaign (`held`, `release`) or at the next
start. One Discord found invalid is given up (`drop`: posting it again cannot help), counted
done without a message, for `/turn status` to tell a GM once (`tell_dropped`). An undo takes
back the unsent messages of the command it undoes (`withdraw`): nobody is to see them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import TypeVar

from bot.storage.audit import canonical
from bot.storage.database import Database
from bot.storage.database import utc_now
from bot.storage.shards import Shards
from bot.storage.sql import Conn
from bot.storage.sql import Row
from bot.storage.sql import inserted_id
from bot.storage.sql import row_record

# How long a posted message is kept when nothing needs it any more: a week of what the bot
# said stays readable in the database (what a player reports it posted can be looked up).
KEEP_SENT = timedelta(days=7)
# Rows one pruning statement deletes at most: each batch is a short transaction of its own,
# so commands waiting for the write lock are held up for milliseconds, not for a whole backlog.
PRUNE_BATCH = 500

# The first entry of the oldest command of the campaign of outbox row `o` whose undo journal
# is kept: every command an undo can reach appended it or a later entry (bot/storage/undo.py
# keeps journals within UNDO_BUDGET), so a choice closed by one of them has a `closed_seq` at
# least this number. (A choice closed by a unit that appends no entry, a Cancel, has the next
# entry's number: its post stays while any command before the Cancel may be undone, one of
# which may have opened it and redraws it when undone.) No journal kept: NULL, nothing
# closed can open again.
_UNDO_REACH_SEQ = (
    "SELECT u.first_seq FROM undo_units u WHERE u.campaign_id = o.campaign_id "
    "ORDER BY u.last_seq LIMIT 1"
)
# The same reach as a time, for choices closed before migration 013 recorded the closing
# entry (`closed_seq` NULL): the time of the entry before that oldest command (no entry
# before it: ''). Such a choice closed since then may have been closed by a command an undo
# can reach; times written by processes on different hosts may be skewed, entry numbers not.
_UNDO_REACH = (
    "SELECT COALESCE((SELECT a.created_at FROM actions a WHERE a.campaign_id = u.campaign_id "
    "AND a.seq = u.first_seq - 1), '') FROM undo_units u WHERE u.campaign_id = o.campaign_id "
    "ORDER BY u.last_seq LIMIT 1"
)
# Whether posted row `o` is one `asked` may return for a choice that may be asked again: it
# shows the controls of a question still open (answered later, an undo opens it again) or
# closed by a command the undo still reaches (by entry number; by time when closed before
# the number was kept). Kept whether those controls were live or disabled.
_MAY_REDRAW = (
    "o.message_id IS NOT NULL AND o.payload LIKE '%x:choice:%' "  # noqa: S608 - constants
    "AND o.payload NOT LIKE '%\"ephemeral\":true%' AND ("
    "EXISTS (SELECT 1 FROM pending_choices c WHERE c.campaign_id = o.campaign_id "
    "AND c.status = 'open' AND o.payload LIKE ('%x:choice:' || c.id || ':%')) "
    "OR EXISTS (SELECT 1 FROM pending_choices c WHERE c.campaign_id = o.campaign_id "
    f"AND c.closed_seq >= ({_UNDO_REACH_SEQ}) AND o.payload LIKE ('%x:choice:' || c.id || ':%')) "
    "OR EXISTS (SELECT 1 FROM pending_choices c WHERE c.campaign_id = o.campaign_id "
    f"AND c.resolved_at >= ({_UNDO_REACH}) AND c.closed_seq IS NULL "
    "AND o.payload LIKE ('%x:choice:' || c.id || ':%')))"
)

# Discord's limit on a message's nonce (resources/message#create-message: "up to 25 characters").
NONCE_LIMIT = 25


def _body(payload: dict[str, Any]) -> str:
    """A payload as the outbox stores it (JSON, UTF-8 kept, no spaces)."""
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":"))


K = TypeVar("K", int, str)  # a question: a pending choice's id, or a kept question's prefix


@dataclass(frozen=True)
class OutboxMessage:
    """One message to post: where, in answer to which interaction, and its Discord body."""

    id: int
    campaign_id: int
    channel_id: int
    interaction_id: int | None
    choice_id: int | None
    payload: dict[str, Any]
    created_at: str = ""  # when it was written (the column as stored)

    @classmethod
    def from_row(cls, row: Row) -> OutboxMessage:
        """A row of the outbox table."""
        return row_record(cls, row, payload=json.loads(row["payload"]))

    @property
    def nonce(self) -> str:
        """The nonce its post carries (Discord returns the message already posted with it
        within a few minutes, at most `NONCE_LIMIT` characters): its id, then a hash of its
        body (as stored, a held mark aside) and of when it was written. SQLite hands a row's
        id out again once the row is deleted (an undo's `withdraw` of a post that a crash
        left unmarked); the next row written under that id gets a nonce of its own."""
        body = canonical(json.loads(_body({k: v for k, v in self.payload.items() if k != HELD})))
        digest = hashlib.blake2b(f"{self.created_at}\n{body}".encode(), digest_size=16)
        prefix = f"{self.id}-"
        return prefix + digest.hexdigest()[: NONCE_LIMIT - len(prefix)]

    @property
    def title(self) -> str:
        """The title of the message's first embed, as the channel shows it ('' for none)."""
        embeds = self.payload.get("embeds") or [{}]
        return str(embeds[0].get("title") or "").strip()


async def add(
    conn: Conn,
    *,
    campaign_id: int,
    channel_id: int,
    interaction_id: int | None,
    choice_id: int | None,
    payload: dict[str, Any],
) -> OutboxMessage:
    """Write a message to post in the caller's transaction."""
    created_at = utc_now()
    cursor = await conn.execute(
        "INSERT INTO outbox (campaign_id, channel_id, interaction_id, choice_id, payload, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
        (campaign_id, channel_id, interaction_id, choice_id, _body(payload), created_at),
    )
    return OutboxMessage(
        await inserted_id(cursor),
        campaign_id,
        channel_id,
        interaction_id,
        choice_id,
        payload,
        created_at,
    )


async def carry(conn: Conn, ping: OutboxMessage, key: K, message_id: int) -> None:
    """Record, in the caller's transaction, that the ping of its own a question had (posted
    as `message_id`) now waits for the question asked next in its place (`key`): a copy of
    its body keyed to that question, recorded as the post it already is, never sent again;
    `pings_of(key)` finds it, and the next question's answer marks that message."""
    payload = {**ping.payload, "pings": key}
    await conn.execute(
        "INSERT INTO outbox (campaign_id, channel_id, interaction_id, choice_id, payload, "
        "created_at, sent_at, message_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (
            ping.campaign_id,
            ping.channel_id,
            None,
            None,
            json.dumps(payload, ensure_ascii=False, separators=(",", ":")),
            utc_now(),
            utc_now(),
            message_id,
        ),
    )


async def mark_sent(db: Database, message: OutboxMessage, message_id: int | None) -> None:
    """Mark a message posted (its own transaction); a choice it asks learns where it is."""
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE outbox SET sent_at = ?, message_id = ? WHERE id = ? AND sent_at IS NULL",
            (utc_now(), message_id, message.id),
        )
        if message.choice_id is not None and message_id is not None:
            async with conn.execute(
                "SELECT payload FROM pending_choices WHERE id = ?", (message.choice_id,)
            ) as cur:
                row = await cur.fetchone()
            if row is not None:
                asked = json.loads(row[0])
                asked.update(channel=message.channel_id, message=message_id)
                await conn.execute(
                    "UPDATE pending_choices SET payload = ? WHERE id = ?",
                    (canonical(asked), message.choice_id),
                )


HELD = "held"  # a payload key: Discord refused to post it; /turn status posts it again


async def hold(db: Database, messages: Sequence[OutboxMessage]) -> None:
    """Mark messages Discord refused to post (and those that wait behind them) as held, in a
    transaction of its own: they stay unsent, for `held` to find and post again."""
    async with db.transaction() as conn:
        for message in messages:
            payload = {**message.payload, HELD: True}
            await conn.execute(
                "UPDATE outbox SET payload = ? WHERE id = ? AND sent_at IS NULL",
                (json.dumps(payload, ensure_ascii=False, separators=(",", ":")), message.id),
            )


async def held(db: Database, campaign_id: int) -> list[OutboxMessage]:
    """The campaign's messages Discord refused to post (`hold`), still unsent, oldest first."""
    rows = await db.fetchall(
        "SELECT * FROM outbox WHERE campaign_id = ? AND sent_at IS NULL AND payload LIKE ? "
        "ORDER BY id",
        (campaign_id, f'%"{HELD}":true%'),
    )
    return [
        message
        for row in rows
        if (message := OutboxMessage.from_row(row)).payload.get(HELD) is True
    ]


async def release(db: Database, message: OutboxMessage) -> bool:
    """Take a held message to post it again (its own transaction): False when someone else
    took it first, or it was posted meanwhile (a restart)."""
    payload = {k: v for k, v in message.payload.items() if k != HELD}
    async with db.transaction() as conn:
        cursor = await conn.execute(
            "UPDATE outbox SET payload = ? WHERE id = ? AND sent_at IS NULL AND payload LIKE ?",
            (
                json.dumps(payload, ensure_ascii=False, separators=(",", ":")),
                message.id,
                f'%"{HELD}":true%',
            ),
        )
        return cursor.rowcount == 1


DROPPED = "dropped"  # a payload key: Discord found it invalid, never posted; True once told


async def drop(db: Database, message: OutboxMessage) -> None:
    """Give up a message Discord found invalid (posting it again cannot help), in a
    transaction of its own: done without a message, neither held nor posted at a start, left
    for `tell_dropped` to count once."""
    payload = {k: v for k, v in message.payload.items() if k != HELD}
    payload[DROPPED] = False
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE outbox SET sent_at = ?, message_id = NULL, payload = ? "
            "WHERE id = ? AND sent_at IS NULL",
            (utc_now(), _body(payload), message.id),
        )


async def tell_dropped(db: Database, campaign_id: int) -> int:
    """How many of the campaign's messages were given up (`drop`) since this was last
    asked; they count as told (one transaction: two callers never both count one)."""
    async with db.transaction() as conn:
        async with conn.execute(
            "SELECT id, payload FROM outbox WHERE campaign_id = ? AND sent_at IS NOT NULL "
            "AND message_id IS NULL AND payload LIKE ? ORDER BY id",
            (campaign_id, f'%"{DROPPED}":false%'),
        ) as cur:
            rows = list(await cur.fetchall())
        told = 0
        for row in rows:
            payload = json.loads(row[1])
            if payload.get(DROPPED) is not False:
                continue
            payload[DROPPED] = True
            await conn.execute(
                "UPDATE outbox SET payload = ? WHERE id = ?", (_body(payload), int(row[0]))
            )
            told += 1
        return told


async def withdraw(conn: Conn, campaign_id: int, outbox_ids: Sequence[int]) -> int:
    """Delete, in the caller's transaction (an undo's), the rows with these ids still
    unsent (held, or left by a crash): nobody is to see what an undone command did not
    post. Returns how many went."""
    gone = 0
    for start in range(0, len(outbox_ids), 200):
        chunk = list(outbox_ids[start : start + 200])
        marks = ",".join("?" * len(chunk))
        cursor = await conn.execute(
            f"DELETE FROM outbox WHERE campaign_id = ? AND sent_at IS NULL AND id IN ({marks})",  # noqa: S608
            (campaign_id, *chunk),
        )
        gone += cursor.rowcount
    return gone


async def is_sent(db: Database, outbox_id: int) -> bool:
    """Whether the message has been posted (committed)."""
    row = await db.fetchone("SELECT sent_at FROM outbox WHERE id = ?", (outbox_id,))
    return row is not None and row[0] is not None


async def unsent(
    db: Database, *, limit: int = 1000, shards: Shards | None = None
) -> list[OutboxMessage]:
    """Messages not yet posted, oldest first; with `shards`, only those of campaigns whose
    guild is on them (another process posts the rest)."""
    if shards is None:
        rows = await db.fetchall(
            "SELECT * FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT ?", (limit,)
        )
    else:
        on_shards, params = shards.sql("c.guild_id")
        rows = await db.fetchall(
            "SELECT o.* FROM outbox o JOIN campaigns c ON c.id = o.campaign_id "  # noqa: S608
            f"WHERE o.sent_at IS NULL AND {on_shards} ORDER BY o.id LIMIT ?",
            (*params, limit),
        )
    return [OutboxMessage.from_row(r) for r in rows]


async def sent_ids(db: Database, campaign_id: int) -> list[tuple[int, int | None]]:
    """(outbox id, message id) of every posted message of a campaign, in order (tests, soak)."""
    rows = await db.fetchall(
        "SELECT id, message_id FROM outbox WHERE campaign_id = ? AND sent_at IS NOT NULL "
        "ORDER BY id",
        (campaign_id,),
    )
    return [(int(r[0]), r[1]) for r in rows]


def _answers(payload: dict[str, Any], prefix: str) -> bool:
    """Whether the stored body shows a working control of that choice (`x:choice:<id>:…`)."""
    return any(
        str(part.get("custom_id") or "").startswith(prefix) and not part.get("disabled")
        for row in payload.get("components") or []
        for part in row.get("components") or []
    )


async def asked(
    conn: Conn, campaign_id: int, choice_ids: Sequence[int]
) -> dict[int, OutboxMessage | None]:
    """For each choice, the newest posted message that showed its question with working
    controls (its first post, or the redraw that moved a question on to it), read in the
    caller's transaction in one pass over the campaign's posts; None when none was kept
    (posted before the outbox existed, or privately). A returned row's `payload["edit"]` is
    the message it was shown in and its `choice_id` the choice."""
    prefixes = {c: f"x:choice:{c}:" for c in choice_ids}
    found = await showing(conn, campaign_id, list(prefixes.values()))
    return {
        c: None if (m := found[p]) is None else replace(m, choice_id=c) for c, p in prefixes.items()
    }


async def showing(
    conn: Conn, campaign_id: int, prefixes: Sequence[str]
) -> dict[str, OutboxMessage | None]:
    """For each custom_id prefix, the newest posted message that showed a working control
    whose custom_id starts with it (a question's first post, or the redraw that moved it on
    to it), read in the caller's transaction; None when none was kept (posted before the
    outbox existed, or privately). A returned row's `payload["edit"]` is the message it was
    shown in; its `choice_id` is None."""
    found: dict[str, OutboxMessage | None] = dict.fromkeys(prefixes)
    for start in range(0, len(prefixes), 50):
        chunk = prefixes[start : start + 50]
        likes = " OR ".join("payload LIKE ?" for _ in chunk)
        async with conn.execute(
            "SELECT * FROM outbox WHERE campaign_id = ? AND sent_at IS NOT NULL "  # noqa: S608
            f"AND message_id IS NOT NULL AND ({likes}) ORDER BY id DESC",
            (campaign_id, *(f"%{p}%" for p in chunk)),
        ) as cur:
            rows = list(await cur.fetchall())
        for row in rows:
            message = OutboxMessage.from_row(row)
            if message.payload.get("ephemeral"):
                continue
            for prefix in chunk:
                if found[prefix] is None and _answers(message.payload, prefix):
                    found[prefix] = replace(
                        message,
                        choice_id=None,
                        payload={**message.payload, "edit": int(row["message_id"])},
                    )
    return found


@dataclass(frozen=True)
class Posted:
    """A message a command wrote to the outbox, as an undo finds it: the stored row and the
    message it was posted as (None while unsent, or when nothing was posted)."""

    row: OutboxMessage
    message_id: int | None
    sent: bool


async def posts(conn: Conn, campaign_id: int, outbox_ids: Sequence[int]) -> list[Posted]:
    """The campaign's outbox rows with these ids, in order, read in the caller's
    transaction; a row pruned meanwhile is left out."""
    found: list[Posted] = []
    for start in range(0, len(outbox_ids), 200):
        chunk = list(outbox_ids[start : start + 200])
        marks = ",".join("?" * len(chunk))
        async with conn.execute(
            f"SELECT * FROM outbox WHERE campaign_id = ? AND id IN ({marks}) ORDER BY id",  # noqa: S608
            (campaign_id, *chunk),
        ) as cur:
            rows = list(await cur.fetchall())
        for row in rows:
            message = row["message_id"]
            found.append(
                Posted(
                    OutboxMessage.from_row(row),
                    None if message is None else int(message),
                    row["sent_at"] is not None,
                )
            )
    return found


async def pings_of(conn: Conn, campaign_id: int, keys: Sequence[K]) -> dict[K, OutboxMessage]:
    """For each question, the newest posted message of its own that pinged whom it asks
    (written with `pings`: the ping that follows a question moved on by an edit, which
    notifies nobody); a key is a pending choice's id, or the control prefix of a question a
    ruleset keeps in its state (`RulesetSpec.reasked`). Questions with none are left out."""
    found: dict[K, OutboxMessage] = {}
    for key in keys:
        shown = json.dumps(key, ensure_ascii=False)
        async with conn.execute(
            "SELECT * FROM outbox WHERE campaign_id = ? AND sent_at IS NOT NULL "
            "AND (payload LIKE ? OR payload LIKE ?) ORDER BY id DESC",
            (campaign_id, f'%"pings":{shown},%', f'%"pings":{shown}}}%'),
        ) as cur:
            rows = list(await cur.fetchall())
        for row in rows:
            message = OutboxMessage.from_row(row)
            if message.payload.get("pings") == key and message.payload.get("content"):
                found[key] = message
                break
    return found


def sent_before(moment: datetime) -> str:
    """`moment` as the outbox stores times (`sent_at`), to compare with them."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


async def prune(
    db: Database,
    now: datetime,
    *,
    limit: int = PRUNE_BATCH,
    shards: Shards | None = None,
    kept_controls: Sequence[str] = (),
) -> int:
    """Delete, in one short transaction, up to `limit` posted rows sent more than
    `KEEP_SENT` before `now`, oldest first, but none an undo may still redraw (the post of a
    question open, or closed by a command an undo can still reach; any post showing a
    control whose custom_id starts with one of `kept_controls`, the questions a ruleset keeps
    in its own state) and none unsent; with `shards`, only rows of campaigns whose guild is
    on them. Returns how many went."""
    on_shards = ""
    params: tuple[int, ...] = ()
    if shards is not None:
        guilds, params = shards.sql("g.guild_id")
        on_shards = f"AND o.campaign_id IN (SELECT g.id FROM campaigns g WHERE {guilds}) "  # noqa: S608
    controls = "".join("AND o.payload NOT LIKE ? " for _ in kept_controls)
    async with db.transaction() as conn:
        cursor = await conn.execute(
            "DELETE FROM outbox WHERE id IN (SELECT o.id FROM outbox o "  # noqa: S608
            f"WHERE o.sent_at IS NOT NULL AND o.sent_at < ? {on_shards}{controls}"
            f"AND NOT ({_MAY_REDRAW}) ORDER BY o.sent_at LIMIT ?)",
            (
                sent_before(now - KEEP_SENT),
                *params,
                *(f"%{prefix}%" for prefix in kept_controls),
                limit,
            ),
        )
        return cursor.rowcount
