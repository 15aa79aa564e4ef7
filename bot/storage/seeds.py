"""Turn seeds and secret rolls as stored: the only SQL of provably fair dice.

A turn's seed stays in `turn_seeds` (private while the turn is open; the audit log publishes
its commitment at once and the seed itself when the turn ends). A GM's undo of a turn end
replaces the reopened turn's seed and drops the seed of the turn that end had opened (the
log keeps both revealed), so the table holds the seed in force of each turn. A secret roll's
hidden part stays in `secret_rolls` until it is revealed.

Each turn also has a held seed, for the dice of entries hidden past the turn's end: it is
kept under the turn key `held_key(turn)` (the turn, negated: turns start at 1), committed with
the turn seed, and its row is removed when it is revealed, with the last held entry that used
it (or at the turn's end when none did). A held entry's hidden part is kept under the same
key, so no turn's end publishes it; entries held before held seeds existed are under 0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.fair_dice import commitment
from bot.fair_dice import new_seed
from bot.storage.database import Database
from bot.storage.database import utc_now
from bot.storage.sql import Conn
from bot.storage.sql import Row
from bot.storage.sql import row_record

if TYPE_CHECKING:
    from bot.storage.undo import UndoJournal


@dataclass(frozen=True)
class TurnSeed:
    """One turn's seed and the commitment published for it."""

    campaign_id: int
    turn: int
    seed: bytes
    commitment: str


@dataclass(frozen=True)
class SecretRoll:
    """A secret roll's hidden part (canonical JSON) and the commitment its entry shows; a
    sealed entry's (written without its actor) also who made it (`sealed`, canonical JSON,
    never published: bot/secret_rolls.py `Sealed`)."""

    campaign_id: int
    seq: int
    turn: int
    actor_id: int
    commitment: str
    payload: str
    revealed_seq: int | None
    sealed: str | None = None


def held_key(turn: int) -> int:
    """The turn key of turn `turn`'s held seed, and of its held entries (`secret_rolls`)."""
    return -turn


def _seed(row: Row) -> TurnSeed:
    return row_record(TurnSeed, row, seed=bytes.fromhex(row["seed"]))


async def open_seed(conn: Conn, campaign_id: int, turn: int) -> TurnSeed:
    """Draw and store the seed of a turn that opens now (in the caller's transaction)."""
    seed = new_seed()
    digest = commitment(seed)
    await conn.execute(
        "INSERT INTO turn_seeds (campaign_id, turn, seed, commitment, created_at) "
        "VALUES (?,?,?,?,?)",
        (campaign_id, turn, seed.hex(), digest, utc_now()),
    )
    return TurnSeed(campaign_id, turn, seed, digest)


async def drop_seed(conn: Conn, campaign_id: int, turn: int) -> TurnSeed | None:
    """Remove a turn's seed (its reveal is in the log); returns what was stored."""
    seed = await seed_in(conn, campaign_id, turn)
    await conn.execute(
        "DELETE FROM turn_seeds WHERE campaign_id = ? AND turn = ?", (campaign_id, turn)
    )
    return seed


async def seed_in(conn: Conn, campaign_id: int, turn: int) -> TurnSeed | None:
    """A turn's seed inside a transaction."""
    rows = await conn.execute_fetchall(
        "SELECT * FROM turn_seeds WHERE campaign_id = ? AND turn = ?", (campaign_id, turn)
    )
    row = next(iter(rows), None)
    return None if row is None else _seed(row)


async def seed_of(db: Database, campaign_id: int, turn: int) -> TurnSeed | None:
    """A turn's seed (committed data)."""
    row = await db.fetchone(
        "SELECT * FROM turn_seeds WHERE campaign_id = ? AND turn = ?", (campaign_id, turn)
    )
    return None if row is None else _seed(row)


async def unseeded_campaigns(db: Database) -> list[int]:
    """Campaigns whose open turn has no seed (created before fair dice)."""
    rows = await db.fetchall(
        "SELECT id FROM campaigns c WHERE NOT EXISTS (SELECT 1 FROM turn_seeds s "
        "WHERE s.campaign_id = c.id AND s.turn = c.turn) ORDER BY id"
    )
    return [int(r["id"]) for r in rows]


async def add_secret(conn: Conn, secret: SecretRoll) -> None:
    """Keep a secret roll's hidden part."""
    await conn.execute(
        "INSERT INTO secret_rolls (campaign_id, seq, turn, actor_id, commitment, payload, "
        "sealed) VALUES (?,?,?,?,?,?,?)",
        (
            secret.campaign_id,
            secret.seq,
            secret.turn,
            secret.actor_id,
            secret.commitment,
            secret.payload,
            secret.sealed,
        ),
    )


async def secret_in(conn: Conn, campaign_id: int, seq: int) -> SecretRoll | None:
    """The secret roll of entry `seq`, inside a transaction."""
    rows = await conn.execute_fetchall(
        "SELECT * FROM secret_rolls WHERE campaign_id = ? AND seq = ?", (campaign_id, seq)
    )
    row = next(iter(rows), None)
    return None if row is None else row_record(SecretRoll, row)


async def secret_of(db: Database, campaign_id: int, seq: int) -> SecretRoll | None:
    """The secret roll of entry `seq` (committed data)."""
    row = await db.fetchone(
        "SELECT * FROM secret_rolls WHERE campaign_id = ? AND seq = ?", (campaign_id, seq)
    )
    return None if row is None else row_record(SecretRoll, row)


async def hidden_secrets(conn: Conn, campaign_id: int, turn: int) -> list[SecretRoll]:
    """The turn's secret rolls not yet revealed, in log order."""
    rows: Iterable[Row] = await conn.execute_fetchall(
        "SELECT * FROM secret_rolls WHERE campaign_id = ? AND turn = ? AND revealed_seq IS NULL "
        "ORDER BY seq",
        (campaign_id, turn),
    )
    return [row_record(SecretRoll, r) for r in rows]


async def hidden_held(conn: Conn, campaign_id: int) -> list[SecretRoll]:
    """Every held entry (kept past its turn's end) not yet revealed, in log order."""
    rows: Iterable[Row] = await conn.execute_fetchall(
        "SELECT * FROM secret_rolls WHERE campaign_id = ? AND turn <= 0 AND revealed_seq IS NULL "
        "ORDER BY seq",
        (campaign_id,),
    )
    return [row_record(SecretRoll, r) for r in rows]


async def unrevealed(db: Database, campaign_id: int) -> list[SecretRoll]:
    """Every secret roll (or ruleset's hidden entry) of the campaign not yet revealed, in log
    order (committed data)."""
    rows = await db.fetchall(
        "SELECT * FROM secret_rolls WHERE campaign_id = ? AND revealed_seq IS NULL ORDER BY seq",
        (campaign_id,),
    )
    return [row_record(SecretRoll, r) for r in rows]


async def sealed_secrets(db: Database, campaign_id: int) -> list[SecretRoll]:
    """The campaign's sealed entries (written without their actor), in log order (committed
    data)."""
    rows = await db.fetchall(
        "SELECT * FROM secret_rolls WHERE campaign_id = ? AND sealed IS NOT NULL ORDER BY seq",
        (campaign_id,),
    )
    return [row_record(SecretRoll, r) for r in rows]


async def sealed_secrets_in(conn: Conn, campaign_id: int) -> list[SecretRoll]:
    """The campaign's sealed entries, in log order, inside a transaction."""
    rows: Iterable[Row] = await conn.execute_fetchall(
        "SELECT * FROM secret_rolls WHERE campaign_id = ? AND sealed IS NOT NULL ORDER BY seq",
        (campaign_id,),
    )
    return [row_record(SecretRoll, r) for r in rows]


async def mark_revealed(conn: Conn, campaign_id: int, seq: int, revealed_seq: int) -> None:
    """Record the entry that revealed secret roll `seq`."""
    await conn.execute(
        "UPDATE secret_rolls SET revealed_seq = ? WHERE campaign_id = ? AND seq = ?",
        (revealed_seq, campaign_id, seq),
    )


async def open_turn_of(conn: Conn, campaign_id: int) -> tuple[int, int]:
    """A campaign's open turn and its creator, inside a transaction."""
    rows = await conn.execute_fetchall(
        "SELECT turn, created_by FROM campaigns WHERE id = ?", (campaign_id,)
    )
    turn, owner = next(iter(rows))
    return int(turn), int(owner)


async def set_player_secrets(
    conn: Conn, campaign_id: int, allowed: bool, journal: UndoJournal | None = None
) -> None:
    """The core setting `secret_rolls_for_players`; `journal` (the unit of work's) keeps
    the value it had, for an undo to put back."""
    if journal is not None:
        rows = await conn.execute_fetchall(
            "SELECT secret_rolls_for_players FROM campaigns WHERE id = ?", (campaign_id,)
        )
        for row in rows:
            journal.add("player_secrets", value=bool(row[0]))
    await conn.execute(
        "UPDATE campaigns SET secret_rolls_for_players = ? WHERE id = ?",
        (int(allowed), campaign_id),
    )


async def player_secrets(db: Database, campaign_id: int) -> bool:
    """Whether players (not only GMs) may roll in secret (committed data)."""
    row = await db.fetchone(
        "SELECT secret_rolls_for_players FROM campaigns WHERE id = ?", (campaign_id,)
    )
    return bool(row and row[0])


async def chain_head(db: Database, campaign_id: int) -> tuple[int, str] | None:
    """The campaign's entry count and chain head (committed data)."""
    row = await db.fetchone(
        "SELECT log_count, log_head FROM campaigns WHERE id = ?", (campaign_id,)
    )
    return None if row is None else (int(row["log_count"]), str(row["log_head"]))
