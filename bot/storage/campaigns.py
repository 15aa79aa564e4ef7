"""The campaign repository: every statement about campaigns, factions, GMs, ruleset state,
the ruleset archive, pending choices and turns. The unit of work and the service call these;
nothing outside bot/storage/ speaks SQL.

`CampaignReads` reads committed data through the database's reader; `CampaignWrites` works
on one transaction's connection. Both return plain records (`Campaign`, `Faction`, `Choice`,
`StateRow`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.storage.audit import GENESIS
from bot.storage.audit import canonical
from bot.storage.database import Database
from bot.storage.database import utc_now
from bot.storage.sql import Conn
from bot.storage.sql import Row
from bot.storage.sql import for_update
from bot.storage.sql import inserted_id
from bot.storage.sql import row_record
from bot.storage.undo import UndoJournal
from bot.storage.undo import choice_payload
from bot.storage.undo import ruleset_row


@dataclass(frozen=True)
class Campaign:
    """A campaign as loaded at the start of a command."""

    id: int
    guild_id: int
    channel_id: int
    name: str
    rulesets: tuple[str, ...]
    turn: int
    created_by: int
    factions_per_player: int
    log_count: int
    language: str | None = None  # the GM's `core.language`; None follows the guild's locale

    @classmethod
    def from_row(cls, row: Row) -> Campaign:
        """Build from a `campaigns` row."""
        return row_record(cls, row, rulesets=tuple(json.loads(row["rulesets"])))


@dataclass(frozen=True)
class Faction:
    """A player's side in a campaign."""

    id: int
    name: str
    user_id: int | None


@dataclass(frozen=True)
class Choice:
    """A pending choice row (a reward to pick, a confirmation, ...)."""

    id: int
    campaign_id: int
    ruleset: str
    kind: str
    owner_id: int | None
    payload: dict[str, Any]
    status: str

    @classmethod
    def from_row(cls, row: Row) -> Choice:
        """Build from a `pending_choices` row."""
        return row_record(cls, row, payload=json.loads(row["payload"]))


@dataclass(frozen=True)
class StateRow:
    """A ruleset's stored state and settings (JSON), with their format and row version."""

    schema_version: int
    row_version: int
    state: str
    settings: str


GMS_SQL = "SELECT kind, target_id FROM campaign_gms WHERE campaign_id = ? ORDER BY kind, target_id"


class CampaignReads:
    """Committed campaign data, for reads outside a unit of work."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def by_channel(self, channel_id: int) -> Campaign | None:
        """The campaign that lives in a channel."""
        row = await self.db.fetchone("SELECT * FROM campaigns WHERE channel_id = ?", (channel_id,))
        return None if row is None else Campaign.from_row(row)

    async def by_id(self, campaign_id: int) -> Campaign | None:
        """A campaign by id."""
        row = await self.db.fetchone("SELECT * FROM campaigns WHERE id = ?", (campaign_id,))
        return None if row is None else Campaign.from_row(row)

    async def factions(self, campaign_id: int) -> list[Faction]:
        """The campaign's factions, by name."""
        rows = await self.db.fetchall(
            "SELECT id, name, user_id FROM factions WHERE campaign_id = ? ORDER BY name",
            (campaign_id,),
        )
        return [row_record(Faction, r) for r in rows]

    async def gms(self, campaign_id: int) -> list[tuple[str, int]]:
        """The GM entries: ("user", id) or ("role", id)."""
        rows = await self.db.fetchall(GMS_SQL, (campaign_id,))
        return [(r["kind"], r["target_id"]) for r in rows]

    async def ruleset_state(self, campaign_id: int, ruleset: str) -> StateRow | None:
        """A ruleset's committed state row."""
        row = await self.db.fetchone(
            "SELECT schema_version, row_version, state, settings FROM ruleset_state "
            "WHERE campaign_id = ? AND ruleset = ?",
            (campaign_id, ruleset),
        )
        return None if row is None else row_record(StateRow, row)

    async def archived(self, campaign_id: int, ruleset: str, key: str) -> list[str]:
        """The bodies of one series of a ruleset's archive, in order."""
        rows = await self.db.fetchall(
            "SELECT body FROM ruleset_archive WHERE campaign_id = ? AND ruleset = ? AND key = ? "
            "ORDER BY seq",
            (campaign_id, ruleset, key),
        )
        return [r["body"] for r in rows]

    async def choice(self, choice_id: int) -> Choice | None:
        """A pending choice by id."""
        row = await self.db.fetchone("SELECT * FROM pending_choices WHERE id = ?", (choice_id,))
        return None if row is None else Choice.from_row(row)

    async def open_choices(self, campaign_id: int) -> list[Choice]:
        """Every choice still waiting for an answer, oldest first."""
        rows = await self.db.fetchall(
            "SELECT * FROM pending_choices WHERE campaign_id = ? AND status = 'open' ORDER BY id",
            (campaign_id,),
        )
        return [Choice.from_row(r) for r in rows]


class CampaignWrites:
    """Statements inside one transaction (a unit of work's connection). With a `journal`,
    every change also records how to reverse it (a GM's undo, `bot.storage.undo`)."""

    def __init__(self, conn: Conn, journal: UndoJournal | None = None) -> None:
        self.conn = conn
        self.journal = journal

    async def _one(self, sql: str, params: Sequence[Any]) -> Row | None:
        async with self.conn.execute(sql, params) as cur:
            return await cur.fetchone()

    async def campaign(self, campaign_id: int) -> Campaign | None:
        """The campaign as this transaction sees it; on PostgreSQL its row stays locked
        until the transaction ends, so one campaign's writes never interleave."""
        row = await self._one(
            "SELECT * FROM campaigns WHERE id = ?" + for_update(self.conn),  # noqa: S608
            (campaign_id,),
        )
        return None if row is None else Campaign.from_row(row)

    async def channel_taken(self, channel_id: int) -> bool:
        """Whether a campaign already lives in the channel."""
        return (
            await self._one("SELECT 1 FROM campaigns WHERE channel_id = ?", (channel_id,))
            is not None
        )

    async def create_campaign(
        self,
        *,
        guild_id: int,
        channel_id: int,
        name: str,
        rulesets: Sequence[str],
        created_by: int,
        states: Sequence[tuple[str, int, str, str]],
    ) -> int:
        """A new campaign with its creator as GM and each ruleset's (key, schema version,
        state, settings); returns its id."""
        cur = await self.conn.execute(
            "INSERT INTO campaigns (guild_id, channel_id, name, rulesets, created_by, "
            "log_head, created_at) VALUES (?,?,?,?,?,?,?) RETURNING id",
            (
                guild_id,
                channel_id,
                name,
                json.dumps(list(rulesets)),
                created_by,
                GENESIS,
                utc_now(),
            ),
        )
        campaign_id = await inserted_id(cur)
        await self.conn.execute(
            "INSERT INTO campaign_gms VALUES (?, 'user', ?)", (campaign_id, created_by)
        )
        await self.conn.executemany(
            "INSERT INTO ruleset_state VALUES (?,?,?,?,?,?)",
            [
                (campaign_id, key, version, 1, state, settings)
                for key, version, state, settings in states
            ],
        )
        return campaign_id

    async def ruleset_state(self, campaign_id: int, ruleset: str) -> StateRow | None:
        """A ruleset's state row in this transaction."""
        row = await self._one(
            "SELECT schema_version, row_version, state, settings FROM ruleset_state "
            "WHERE campaign_id = ? AND ruleset = ?",
            (campaign_id, ruleset),
        )
        return None if row is None else row_record(StateRow, row)

    async def write_ruleset(
        self, campaign_id: int, ruleset: str, column: str, value: str, row_version: int
    ) -> bool:
        """Replace a ruleset's state or settings if its row version has not moved."""
        if column not in ("state", "settings"):
            msg = f"not a ruleset_state column: {column!r}"
            raise ValueError(msg)
        if self.journal is not None and not self.journal.has_ruleset(ruleset):
            before = await ruleset_row(self.conn, campaign_id, ruleset)
            if before is not None:
                self.journal.ruleset_before(ruleset, *before)
        cur = await self.conn.execute(
            f"UPDATE ruleset_state SET {column} = ?, row_version = row_version + 1 "  # noqa: S608
            "WHERE campaign_id = ? AND ruleset = ? AND row_version = ?",
            (value, campaign_id, ruleset, row_version),
        )
        return cur.rowcount == 1

    async def add_archive(
        self, campaign_id: int, ruleset: str, records: Sequence[tuple[str, int, str]]
    ) -> None:
        """Archive records (key, seq, body); a (key, seq) written twice fails."""
        await self.conn.executemany(
            "INSERT INTO ruleset_archive (campaign_id, ruleset, key, seq, body) VALUES (?,?,?,?,?)",
            [(campaign_id, ruleset, key, seq, body) for key, seq, body in records],
        )
        if self.journal is not None:
            for key, seq, _ in records:
                self.journal.add("archive", ruleset=ruleset, key=key, seq=seq)

    async def gms(self, campaign_id: int) -> list[tuple[str, int]]:
        """The GM entries, as this transaction sees them."""
        async with self.conn.execute(GMS_SQL, (campaign_id,)) as cur:
            return [(r["kind"], r["target_id"]) for r in await cur.fetchall()]

    async def factions(self, campaign_id: int) -> list[Faction]:
        """The campaign's factions, by name, as this transaction sees them."""
        async with self.conn.execute(
            "SELECT id, name, user_id FROM factions WHERE campaign_id = ? ORDER BY name",
            (campaign_id,),
        ) as cur:
            return [row_record(Faction, r) for r in await cur.fetchall()]

    async def faction_named(self, campaign_id: int, name: str) -> Faction | None:
        """A faction by its exact name."""
        row = await self._one(
            "SELECT id, name, user_id FROM factions WHERE campaign_id = ? AND name = ?",
            (campaign_id, name),
        )
        return None if row is None else row_record(Faction, row)

    async def add_faction(self, campaign_id: int, name: str, user_id: int) -> Faction:
        """A new faction played by `user_id`."""
        cur = await self.conn.execute(
            "INSERT INTO factions (campaign_id, name, user_id) VALUES (?,?,?) RETURNING id",
            (campaign_id, name, user_id),
        )
        faction_id = await inserted_id(cur)
        if self.journal is not None:
            self.journal.add("faction_added", id=faction_id)
        return Faction(faction_id, name, user_id)

    async def claim_faction(self, faction_id: int, user_id: int) -> None:
        """An unplayed faction gets its player."""
        if self.journal is not None:
            self.journal.add("faction_claimed", id=faction_id, user_id=None)
        await self.conn.execute(
            "UPDATE factions SET user_id = ? WHERE id = ?", (user_id, faction_id)
        )

    async def release_faction(self, faction_id: int, user_id: int) -> None:
        """A faction's player (`user_id`) gives it up: it stays, unplayed, for anyone to join."""
        if self.journal is not None:
            self.journal.add("faction_claimed", id=faction_id, user_id=user_id)
        await self.conn.execute("UPDATE factions SET user_id = NULL WHERE id = ?", (faction_id,))

    async def add_gm(self, campaign_id: int, kind: str, target_id: int) -> bool:
        """Name a GM; False when already named."""
        cur = await self.conn.execute(
            "INSERT INTO campaign_gms VALUES (?,?,?) ON CONFLICT DO NOTHING",
            (campaign_id, kind, target_id),
        )
        if self.journal is not None and cur.rowcount == 1:
            self.journal.add("gm_added", kind=kind, target=target_id)
        return cur.rowcount == 1

    async def remove_gm(self, campaign_id: int, kind: str, target_id: int) -> bool:
        """Remove a GM; False when not named."""
        cur = await self.conn.execute(
            "DELETE FROM campaign_gms WHERE campaign_id = ? AND kind = ? AND target_id = ?",
            (campaign_id, kind, target_id),
        )
        if self.journal is not None and cur.rowcount == 1:
            self.journal.add("gm_removed", kind=kind, target=target_id)
        return cur.rowcount == 1

    async def set_factions_per_player(self, campaign_id: int, value: int) -> None:
        """How many factions one player may hold."""
        if self.journal is not None:
            before = await self.campaign(campaign_id)
            if before is not None:
                self.journal.add("factions_per_player", value=before.factions_per_player)
        await self.conn.execute(
            "UPDATE campaigns SET factions_per_player = ? WHERE id = ?", (value, campaign_id)
        )

    async def set_language(self, campaign_id: int, language: str | None) -> None:
        """The language the campaign posts in (None: the guild's preferred locale); the
        journal keeps the one it had, None too, for an undo to put back."""
        if self.journal is not None:
            before = await self.campaign(campaign_id)
            if before is not None:
                self.journal.add("language", value=before.language)
        await self.conn.execute(
            "UPDATE campaigns SET language = ? WHERE id = ?", (language, campaign_id)
        )

    async def open_choice(
        self, campaign_id: int, ruleset: str, kind: str, owner_id: int | None, payload: Any
    ) -> int:
        """A new pending choice; returns its id."""
        cur = await self.conn.execute(
            "INSERT INTO pending_choices (campaign_id, ruleset, kind, owner_id, payload, "
            "created_at) VALUES (?,?,?,?,?,?) RETURNING id",
            (campaign_id, ruleset, kind, owner_id, canonical(payload), utc_now()),
        )
        choice_id = await inserted_id(cur)
        if self.journal is not None:
            self.journal.add("choice_opened", id=choice_id)
        return choice_id

    async def choice(self, campaign_id: int, choice_id: int) -> Choice | None:
        """A choice of this campaign, as this transaction sees it."""
        row = await self._one(
            "SELECT * FROM pending_choices WHERE id = ? AND campaign_id = ?",
            (choice_id, campaign_id),
        )
        return None if row is None else Choice.from_row(row)

    async def open_choices(self, campaign_id: int) -> list[Choice]:
        """Every choice still waiting for an answer, as this transaction sees them."""
        async with self.conn.execute(
            "SELECT * FROM pending_choices WHERE campaign_id = ? AND status = 'open' ORDER BY id",
            (campaign_id,),
        ) as cur:
            return [Choice.from_row(r) for r in await cur.fetchall()]

    async def gm_entries(self, campaign_id: int) -> list[tuple[str, int]]:
        """The GM entries ("user", id) or ("role", id), as this transaction sees them."""
        async with self.conn.execute(
            "SELECT kind, target_id FROM campaign_gms WHERE campaign_id = ? "
            "ORDER BY kind, target_id",
            (campaign_id,),
        ) as cur:
            return [(r["kind"], r["target_id"]) for r in await cur.fetchall()]

    async def close_choice(self, choice_id: int, status: str, by: int, seq: int) -> None:
        """Mark an open choice answered (or cancelled) by the command whose first entry is
        `seq` in the campaign's log (`closed_seq`: pruning the outbox compares it with the
        entries an undo can reach, bot/storage/outbox.py)."""
        cur = await self.conn.execute(
            "UPDATE pending_choices SET status = ?, resolved_at = ?, resolved_by = ?, "
            "closed_seq = ? WHERE id = ? AND status = 'open'",
            (status, utc_now(), by, seq, choice_id),
        )
        if self.journal is not None and cur.rowcount == 1:
            self.journal.add("choice_closed", id=choice_id)

    async def set_choice_payload(self, choice_id: int, payload: Any) -> None:
        """Replace a choice's payload."""
        if self.journal is not None:
            before = await choice_payload(self.conn, choice_id)
            if before is not None:
                self.journal.add("choice_payload", id=choice_id, payload=before)
        await self.conn.execute(
            "UPDATE pending_choices SET payload = ? WHERE id = ?", (canonical(payload), choice_id)
        )

    async def set_choice_owner(self, choice_id: int, owner_id: int | None) -> None:
        """Give an open choice to another player (None: to the GMs); the journal keeps the
        one it had, for an undo to give it back (a join takes over the questions asked of
        its faction while nobody played it, `announcements.hand_over`)."""
        if self.journal is not None:
            sql = "SELECT owner_id FROM pending_choices WHERE id = ?"
            before = await self._one(sql, (choice_id,))
            if before is not None:
                self.journal.add("choice_owner", id=choice_id, owner=before["owner_id"])
        await self.conn.execute(
            "UPDATE pending_choices SET owner_id = ? WHERE id = ?", (owner_id, choice_id)
        )

    async def set_turn(self, campaign_id: int, turn: int) -> None:
        """Put a campaign at turn `turn` (setting up benchmarks; commands use `close_turn`)."""
        await self.conn.execute("UPDATE campaigns SET turn = ? WHERE id = ?", (turn, campaign_id))

    async def advance_turn(self, campaign_id: int) -> None:
        """Open the campaign's next turn."""
        await self.conn.execute("UPDATE campaigns SET turn = turn + 1 WHERE id = ?", (campaign_id,))

    async def record_turn_end(
        self, campaign_id: int, turn: int, by: int, closing_action: int
    ) -> None:
        """Record turn `turn` as ended by `by` with its closing entry (an undo reopens it)."""
        if self.journal is not None:
            self.journal.add("turn_closed", turn=turn)
        await self.conn.execute(
            "INSERT INTO turns VALUES (?,?,?,?,?)",
            (campaign_id, turn, utc_now(), by, closing_action),
        )
