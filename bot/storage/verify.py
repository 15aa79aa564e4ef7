"""`/history verify` and the export over the database: entries streamed into the shared
checker (bot/verify_log.py), with the stored head, state and archive records."""

from __future__ import annotations

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
    while checker.problem is None:
        rows = await db.fetchall(
            "SELECT * FROM actions WHERE campaign_id = ? AND seq > ? ORDER BY seq LIMIT ?",
            (campaign_id, last_seq, batch),
        )
        if not rows:
            break
        rolls = await rolls_of(db, [r["id"] for r in rows])
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
    return checker.finish(
        head=(int(head["log_count"]), str(head["log_head"])),
        anchors=anchors,
        state=state,
        archive=archive,
    )


async def export_extras(db: Database, campaign_id: int) -> dict[str, Any]:
    """What an export adds for the offline verifier: the stored head and the stored state."""
    head = await seeds.chain_head(db, campaign_id)
    assert head is not None
    return {
        "head": list(head),
        "state": await state_digest.snapshot(db.fetchall, campaign_id),
    }
