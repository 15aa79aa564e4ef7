"""`/history verify` and the export over the database: entries streamed into the shared
checker (bot/verify_log.py), with the stored head, state and archive records."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from bot.storage import seeds, state_digest
from bot.storage.audit import (
    UNDO_COMMAND,
    archive_digest,
    archive_rows,
    entry_from_row,
    rolls_of,
)
from bot.storage.database import Database
from bot.verify_log import Anchors, LogChecker, Problem, Verdict, trusted_seeds

# The core entries that publish or reveal seeds (an undo of a turn end does both).
TURN_COMMANDS = ("campaign create", "turn end", "turn open", UNDO_COMMAND)


async def verify_campaign(
    db: Database, campaign_id: int, anchors: Anchors, batch: int = 2000
) -> Verdict:
    """Check the whole log of a campaign; the first failure, or OK with what was checked."""
    head = await db.fetchone(
        "SELECT log_count, log_head FROM campaigns WHERE id = ?", (campaign_id,)
    )
    if head is None:
        return Verdict(Problem("missing_campaign"), 0, 0, 0, 0, None, None)
    turn_rows = await db.fetchall(
        "SELECT outcome FROM actions WHERE campaign_id = ? AND ruleset = 'core' "
        "AND command IN (?, ?, ?, ?)",
        (campaign_id, *TURN_COMMANDS),
    )
    checker = LogChecker(trusted_seeds({"outcome": json.loads(r["outcome"])} for r in turn_rows))
    last_seq = 0
    ids: list[int] = []  # the first and the last entry's ids (rolls between them are checked)
    while checker.problem is None:
        rows = await db.fetchall(
            "SELECT * FROM actions WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (campaign_id, last_seq, batch),
        )
        if not rows:
            break
        rolls = await rolls_of(db, [r["id"] for r in rows])
        ids[:] = [ids[0] if ids else int(rows[0]["id"]), int(rows[-1]["id"])]
        for row in rows:
            entry = entry_from_row(row, rolls[row["id"]])
            if checker.add(
                {**entry.hashed_form(), "hash": entry.hash, "prev_hash": row["prev_hash"]}
            ):
                break
            last_seq = entry.seq
    state = state_digest.digests(await state_digest.snapshot(db.fetchall, campaign_id))
    archive = (
        {
            (ruleset, key, seq): archive_digest(body)
            async for ruleset, key, seq, body in archive_rows(db, campaign_id)
        }
        if checker.listed_archive()
        else {}
    )
    verdict = checker.finish(
        head=(int(head["log_count"]), str(head["log_head"])),
        anchors=anchors,
        state=state,
        archive=archive,
    )
    if verdict.problem is None and ids:
        orphan = await orphan_roll(db, ids[0], ids[-1])
        if orphan is not None:
            return dataclasses.replace(verdict, problem=orphan)
    return verdict


async def orphan_roll(
    db: Database, low: int | None = None, high: int | None = None
) -> Problem | None:
    """The first roll row whose entry does not exist (a roll of no entry, or one whose entry
    is gone), among action ids `low`..`high` (a campaign's: the rolls among its entries; all
    by default). On PostgreSQL no foreign key rules such a row out (migration 010), and it
    changes no entry's hash, so the chain check alone would not see it."""
    found = await orphan_rolls(db, low, high, limit=1)
    return found[0] if found else None


async def orphan_rolls(
    db: Database, low: int | None = None, high: int | None = None, *, limit: int
) -> list[Problem]:
    """The first `limit` roll rows of no entry (see `orphan_roll`), in the order of their ids."""
    where, params = "", []
    if low is not None and high is not None:
        where, params = "r.action_id BETWEEN ? AND ? AND ", [low, high]
    rows = await db.fetchall(
        "SELECT r.action_id, r.idx FROM rolls r WHERE "  # noqa: S608 - fixed texts only
        f"{where}NOT EXISTS (SELECT 1 FROM actions a WHERE a.id = r.action_id) "
        "ORDER BY r.action_id, r.idx LIMIT ?",
        [*params, limit],
    )
    return [Problem("orphan_roll", params={"action": int(r[0]), "roll": int(r[1])}) for r in rows]


async def export_extras(db: Database, campaign_id: int) -> dict[str, Any]:
    """What an export adds for the offline verifier: the stored head and the stored state."""
    head = await seeds.chain_head(db, campaign_id)
    assert head is not None
    return {
        "head": list(head),
        "state": await state_digest.snapshot(db.fetchall, campaign_id),
    }
