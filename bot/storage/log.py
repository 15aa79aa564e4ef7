"""The audit log as one interface for readers: pages, entries, export, verify, dice by player.

Cogs read the log through `CampaignService.log` (an `AuditLog`), never through the database;
the statements live in `history` and `audit` beside this module.
"""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from typing import Any

from bot.dice import RollRecord
from bot.dice_stats import Roller
from bot.storage import history
from bot.storage import seeds
from bot.storage.audit import AuditEntry
from bot.storage.audit import VerifyReport
from bot.storage.audit import archive_rows
from bot.storage.audit import verify_chain
from bot.storage.database import Database
from bot.storage.history import HistoryFilter
from bot.storage.undo import UndoReads
from bot.storage.verify import export_extras
from bot.storage.verify import verify_campaign
from bot.verify_log import Anchors
from bot.verify_log import Verdict


class AuditLog:
    """Read access to every campaign's log (committed data)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def page(
        self,
        campaign_id: int,
        flt: HistoryFilter,
        *,
        before_seq: int | None,
        limit: int,
        after_seq: int | None = None,
    ) -> list[AuditEntry]:
        """Newest-first entries before `before_seq` that pass the filter; with `after_seq`,
        the `limit` ones next after it."""
        return await history.page(
            self.db, campaign_id, flt, before_seq=before_seq, limit=limit, after_seq=after_seq
        )

    async def entry(self, campaign_id: int, seq: int) -> AuditEntry | None:
        """One entry by its number in the campaign's log."""
        return await history.entry(self.db, campaign_id, seq)

    def entries(self, campaign_id: int, after: int = 0) -> AsyncIterator[AuditEntry]:
        """Every entry after entry number `after`, oldest first (export)."""
        return history.all_entries(self.db, campaign_id, after=after)

    async def first_of_turn(self, campaign_id: int, turn: int) -> int | None:
        """The first entry number of `turn` or a later turn (None: no such entry yet)."""
        return await history.first_seq_of_turn(self.db, campaign_id, turn)

    def archive(self, campaign_id: int) -> AsyncIterator[tuple[str, str, int, str]]:
        """Every archive record as (ruleset, key, seq, stored JSON) (export)."""
        return archive_rows(self.db, campaign_id)

    async def export_extras(self, campaign_id: int) -> dict[str, Any]:
        """What an export adds for the offline verifier: the stored head and the stored state."""
        return await export_extras(self.db, campaign_id)

    async def commitment(self, campaign_id: int, turn: int) -> str | None:
        """The commitment published for `turn`'s seed (None for a campaign without a seed)."""
        seed = await seeds.seed_of(self.db, campaign_id, turn)
        return None if seed is None else seed.commitment

    async def secret(self, campaign_id: int, seq: int) -> seeds.SecretRoll | None:
        """The hidden part of secret entry `seq` (None: the entry is not secret)."""
        return await seeds.secret_of(self.db, campaign_id, seq)

    async def unrevealed(self, campaign_id: int) -> list[seeds.SecretRoll]:
        """The campaign's secret entries not yet revealed."""
        return await seeds.unrevealed(self.db, campaign_id)

    async def sealed(self, campaign_id: int) -> list[seeds.SecretRoll]:
        """The campaign's sealed entries (who made them kept out of the log)."""
        return await seeds.sealed_secrets(self.db, campaign_id)

    async def verify(
        self, campaign_id: int, anchors: Anchors | None = None
    ) -> Verdict | VerifyReport:
        """Check the log against itself, the revealed seeds and what the bot posted in the
        channel (`anchors`, none by default), and the undo marks against the compensating
        entries: the first problem, if any. A file SQLite finds damaged gives the chain
        check's report instead (problem `damaged`, with SQLite's words)."""
        try:
            verdict = await verify_campaign(self.db, campaign_id, anchors or Anchors())
        except sqlite3.DatabaseError:
            return await verify_chain(self.db, campaign_id)
        if verdict.problem is None and not await UndoReads(self.db).marks_match_chain(campaign_id):
            return VerifyReport(ok=False, count=verdict.count, problem="undo_marks")
        return verdict

    async def undone(self, campaign_id: int, seqs: list[int]) -> set[int]:
        """Which of these entries a GM undid."""
        return await UndoReads(self.db).undone_seqs(campaign_id, seqs)

    async def undone_in(self, campaign_id: int) -> dict[int, int]:
        """Every entry a GM undid, and the undo's entry that undid it."""
        return await UndoReads(self.db).undone_in(campaign_id)

    async def undone_by(self, campaign_id: int, seq: int) -> AuditEntry | None:
        """The undo's entry (command `history undo`: its GM, its reason) that undid entry
        `seq`; None while the entry stands."""
        undo = await UndoReads(self.db).undone_by(campaign_id, seq)
        return None if undo is None else await self.entry(campaign_id, undo)

    async def choice_undone(self, choice_id: int) -> bool:
        """Whether the command that opened this choice was undone."""
        return await UndoReads(self.db).choice_undone(choice_id)

    async def rolls_by_roller(self, campaign_id: int) -> dict[Roller, list[RollRecord]]:
        """Every roll grouped by the user whose command made it and the faction its entry
        credits it to (a turn's end: the side that rolled it)."""
        return await history.rolls_by_roller(self.db, campaign_id)


__all__ = ["AuditLog", "HistoryFilter"]
