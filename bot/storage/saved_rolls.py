"""The saved-roll repository: a player's named dice expressions per campaign.

`SavedRollReads` reads committed rows through the database's reader; `SavedRollWrites` works
on one transaction's connection. Names are compared by their key (`bot.text.name_key`),
which the caller computes; nothing here validates an expression.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.database import Database
from bot.storage.database import utc_now
from bot.storage.sql import Conn
from bot.storage.sql import row_record


@dataclass(frozen=True)
class SavedRoll:
    """A named dice expression as the player saved it."""

    name: str
    expression: str


class SavedRollReads:
    """Committed saved rolls, for `/rolls list`, autocomplete and `/roll`."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def of_player(self, campaign_id: int, user_id: int) -> list[SavedRoll]:
        """A player's saved rolls in a campaign, by name."""
        rows = await self.db.fetchall(
            "SELECT name, expression FROM saved_rolls WHERE campaign_id = ? AND user_id = ? "
            "ORDER BY name_key",
            (campaign_id, user_id),
        )
        return [row_record(SavedRoll, r) for r in rows]

    async def named(self, campaign_id: int, user_id: int, key: str) -> SavedRoll | None:
        """One saved roll by its name key."""
        row = await self.db.fetchone(
            "SELECT name, expression FROM saved_rolls "
            "WHERE campaign_id = ? AND user_id = ? AND name_key = ?",
            (campaign_id, user_id, key),
        )
        return None if row is None else row_record(SavedRoll, row)


class SavedRollWrites:
    """Saved-roll statements inside one transaction."""

    def __init__(self, conn: Conn) -> None:
        self.conn = conn

    async def count(self, campaign_id: int, user_id: int) -> int:
        """How many rolls the player has saved in the campaign."""
        async with self.conn.execute(
            "SELECT COUNT(*) FROM saved_rolls WHERE campaign_id = ? AND user_id = ?",
            (campaign_id, user_id),
        ) as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row is not None else 0

    async def named(self, campaign_id: int, user_id: int, key: str) -> SavedRoll | None:
        """One saved roll by its name key, in this transaction."""
        async with self.conn.execute(
            "SELECT name, expression FROM saved_rolls "
            "WHERE campaign_id = ? AND user_id = ? AND name_key = ?",
            (campaign_id, user_id, key),
        ) as cursor:
            row = await cursor.fetchone()
        return None if row is None else row_record(SavedRoll, row)

    async def put(self, campaign_id: int, user_id: int, key: str, roll: SavedRoll) -> None:
        """Save a roll under its key, replacing one saved under the same key."""
        await self.conn.execute(
            "INSERT INTO saved_rolls (campaign_id, user_id, name_key, name, expression, saved_at) "
            "VALUES (?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (campaign_id, user_id, name_key) DO UPDATE SET "
            "name = excluded.name, expression = excluded.expression, saved_at = excluded.saved_at",
            (campaign_id, user_id, key, roll.name, roll.expression, utc_now()),
        )

    async def delete(self, campaign_id: int, user_id: int, key: str) -> bool:
        """Remove a saved roll; False when there was none under that key."""
        cursor = await self.conn.execute(
            "DELETE FROM saved_rolls WHERE campaign_id = ? AND user_id = ? AND name_key = ?",
            (campaign_id, user_id, key),
        )
        return cursor.rowcount > 0
