"""`/history verify` and the export over the database: entries streamed into the shared
checker (bot/verify_log.py), with the stored head, state and archive records."""

from __future__ import annotations

import json
from typing import Any

from bot.storage import seeds
from bot.storage import state_digest
from bot.storage.audit import UNDO_COMMAND
from bot.storage.audit import archive_digest
from bot.storage.audit import archive_rows
from bot.storage.audit import chained_entries
from bot.storage.database import Database
from bot.verify_log import Anchors
from bot.verify_log import LogChecker
from bot.verify_log import Problem
from bot.verify_log import Verdict
from bot.verify_log import trusted_seeds

# The core entries that publish or reveal seeds (an undo of a turn end does both; the reveal
# of a turn's last held entry reveals its held seed).
TURN_COMMANDS = ("campaign create", "turn end", "turn open", UNDO_COMMAND, "entry reveal")


async def verify_campaign(
    db: Database, campaign_id: int, anchors: Anchors, batch: int = 2000
) -> Verdict:
    """Check the whole log of a campaign; the first failure, or OK with what was checked."""
    head = await seeds.chain_head(db, campaign_id)
    if head is None:
        return Verdict(Problem("missing_campaign"), 0, 0, 0, 0, None, None)
    turn_rows = await db.fetchall(
        "SELECT outcome FROM actions WHERE campaign_id = ? AND ruleset = 'core' "
        "AND command IN (?, ?, ?, ?, ?)",
        (campaign_id, *TURN_COMMANDS),
    )
    checker = LogChecker(trusted_seeds({"outcome": json.loads(r["outcome"])} for r in turn_rows))
    async for entry, prev_hash in chained_entries(db, campaign_id, batch):
        if checker.add({**entry.hashed_form(), "hash": entry.hash, "prev_hash": prev_hash}):
            break
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
        head=head,
        anchors=anchors,
        state=state,
        archive=archive,
    )


async def orphan_rolls(db: Database, *, limit: int) -> list[Problem]:
    """The first `limit` roll rows whose entry does not exist, in the order of their ids: a
    roll written outside the bot with no entry, or one left by a deleted entry.

    On PostgreSQL no foreign key rules such a row out (migration 010). A campaign's check
    does not look for them: a deleted entry already fails its campaign's chain (`removed`),
    and a roll that never had an entry belongs to no campaign; finding one means reading
    every roll and every entry id (some seconds at 10M entries), so the whole-database check
    (`python -m bot verify --database`) and copy-db do it."""
    rows = await db.fetchall(
        "SELECT r.action_id, r.idx FROM rolls r "
        "WHERE NOT EXISTS (SELECT 1 FROM actions a WHERE a.id = r.action_id) "
        "ORDER BY r.action_id, r.idx LIMIT ?",
        (limit,),
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
