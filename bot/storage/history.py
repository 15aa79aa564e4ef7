"""Reading the audit log: filtered pages, single entries, export rows, per-player dice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from bot.dice import RollRecord
from bot.dice_stats import Credit
from bot.dice_stats import Nobody
from bot.dice_stats import Roller
from bot.dice_stats import rolled_by
from bot.storage.audit import UNDO_COMMAND
from bot.storage.audit import AuditEntry
from bot.storage.audit import chained_entries
from bot.storage.audit import entry_from_row
from bot.storage.audit import roll_from_hashed
from bot.storage.audit import roll_from_row
from bot.storage.audit import rolls_of
from bot.storage.audit import stored_json
from bot.storage.database import Database


@dataclass(frozen=True)
class HistoryFilter:
    """Filters of `/history list`; None means any. Entries written without their actor (sealed,
    bot/secret_rolls.py) match no `actor_id`: their reader is told them apart (cogs/history.py)."""

    actor_id: int | None = None
    ruleset: str | None = None
    turn: int | None = None


async def page(
    db: Database,
    campaign_id: int,
    flt: HistoryFilter,
    *,
    before_seq: int | None,
    limit: int,
    after_seq: int | None = None,
) -> list[AuditEntry]:
    """Newest-first entries with seq < before_seq (keyset pagination on the composite indexes);
    with `after_seq`, the `limit` entries next after it instead (a newer page), still listed
    newest first."""
    where = ["campaign_id = ?"]
    params: list[object] = [campaign_id]
    if flt.actor_id is not None:
        where.append("actor_id = ?")
        params.append(flt.actor_id)
    if flt.ruleset is not None:
        where.append("ruleset = ?")
        params.append(flt.ruleset)
    if flt.turn is not None:
        where.append("turn = ?")
        params.append(flt.turn)
    if before_seq is not None:
        where.append("seq < ?")
        params.append(before_seq)
    if after_seq is not None:
        where.append("seq > ?")
        params.append(after_seq)
    params.append(limit)
    nearest = "DESC" if after_seq is None else "ASC"
    # One round trip: the page and its rolls together (LEFT JOIN keeps entries without rolls).
    rows = await db.fetchall(
        f"WITH page AS (SELECT * FROM actions WHERE {' AND '.join(where)} "  # noqa: S608
        f"ORDER BY seq {nearest} LIMIT ?) "
        "SELECT page.*, r.idx AS r_idx, r.purpose AS r_purpose, r.clause AS r_clause, "
        "r.notation AS r_notation, r.sides AS r_sides, r.faces AS r_faces, "
        "r.modifier AS r_modifier, r.total AS r_total, r.target AS r_target, "
        "r.successes AS r_successes "
        "FROM page LEFT JOIN rolls r ON r.action_id = page.id ORDER BY page.seq DESC, r.idx",
        params,
    )
    entries: list[AuditEntry] = []
    current: list[RollRecord] = []
    last_row = None
    for row in rows:
        if last_row is not None and row["id"] != last_row["id"]:
            entries.append(entry_from_row(last_row, current))
            current = []
        last_row = row
        if row["r_idx"] is not None:
            current.append(roll_from_row(row, "r_"))
    if last_row is not None:
        entries.append(entry_from_row(last_row, current))
    return entries


async def entry(db: Database, campaign_id: int, seq: int) -> AuditEntry | None:
    """One entry by its number in the campaign's log."""
    row = await db.fetchone(
        "SELECT * FROM actions WHERE campaign_id = ? AND seq = ?", (campaign_id, seq)
    )
    if row is None:
        return None
    rolls = await rolls_of(db, [row["id"]])
    return entry_from_row(row, rolls[row["id"]])


async def all_entries(
    db: Database, campaign_id: int, batch: int = 1000, after: int = 0
) -> AsyncIterator[AuditEntry]:
    """Every entry after entry number `after`, oldest first, in batches (export)."""
    async for found, _ in chained_entries(db, campaign_id, batch, after):
        yield found


# The entries that give a faction its player or take it away (`faction_players`).
JOIN_COMMAND = "campaign join"
LEAVE_COMMAND = "campaign leave"


@dataclass
class FactionPlayers:
    """Who played each faction when: the changes the log records (a join, a leave, an undo
    of either), each from its entry on. A faction no such entry names (made outside the
    log: a benchmark's) is its current player's throughout."""

    changes: dict[str, list[tuple[int, int | None]]]  # faction -> (from entry, player)
    current: dict[str, int | None]

    def at(self, faction: str, seq: int) -> int | None:
        """Who played `faction` when entry `seq` was written (None: nobody)."""
        if faction not in self.changes:
            return self.current.get(faction)
        held = None
        for since, player in self.changes[faction]:
            if since > seq:
                break
            held = player
        return held


async def faction_players(db: Database, campaign_id: int) -> FactionPlayers:
    """The campaign's `FactionPlayers`, from its joins, leaves and the undos of either."""
    rows = await db.fetchall(
        "SELECT seq, command, actor_id, faction, outcome FROM actions WHERE campaign_id = ? "
        "AND command IN (?, ?, ?) ORDER BY seq",
        (campaign_id, JOIN_COMMAND, LEAVE_COMMAND, UNDO_COMMAND),
    )
    changes: dict[str, list[tuple[int, int | None]]] = {}
    made: dict[int, tuple[str, int | None]] = {}  # a change's entry -> (faction, player before)
    for r in rows:
        seq, faction = int(r["seq"]), r["faction"]
        if r["command"] == UNDO_COMMAND:
            undid = stored_json(r["outcome"]).get("undid") or ()
            for done in sorted((s for s in undid if s in made), reverse=True):
                name, before = made[done]
                changes[name].append((seq, before))
            continue
        if faction is None:
            continue
        held = changes.setdefault(faction, [])
        made[seq] = (faction, held[-1][1] if held else None)
        held.append((seq, r["actor_id"] if r["command"] == JOIN_COMMAND else None))
    current = await db.fetchall(
        "SELECT name, user_id FROM factions WHERE campaign_id = ?", (campaign_id,)
    )
    return FactionPlayers(changes, {f["name"]: f["user_id"] for f in current})


async def rolls_by_roller(db: Database, campaign_id: int) -> dict[Roller, list[RollRecord]]:
    """Every roll of the campaign grouped by who rolled it: the user whose command made it,
    with the faction its entry credits it to, if any, and who played that faction then (a
    faction that changed hands keeps each player's rolls theirs). A hidden entry's rolls (a
    secret roll) count once its reveal published them, for whoever made it (`revealed_rolls`);
    until then they count for nobody: the stats are read by everyone. A roll its entry says
    nobody made (`NOBODY`: the pirates' of Space pirates) counts for nobody too, however the
    database (SQLite or PostgreSQL) keeps the entry."""
    players = await faction_players(db, campaign_id)
    grouped: dict[Roller, list[RollRecord]] = {}
    last = 0
    while True:
        # Only an entry that credits its rolls, or publishes hidden ones, is read past its actor.
        rows = await db.fetchall(
            "SELECT id, seq, actor_id, CASE WHEN outcome LIKE '%\"rolled_by\"%' "
            "OR outcome LIKE '%\"secret_reveal\"%' THEN outcome END "
            "AS credited FROM actions WHERE campaign_id = ? AND id > ? ORDER BY id LIMIT 2000",
            (campaign_id, last),
        )
        if not rows:
            return grouped
        rolls = await rolls_of(db, [r["id"] for r in rows])
        for r in rows:
            taken = rolls[r["id"]]
            credited = r["credited"]
            factions = None
            if credited is not None:
                outcome = stored_json(credited)
                if isinstance(outcome, dict):
                    factions = rolled_by(outcome, len(taken))
                    for roller, roll in await revealed_rolls(db, campaign_id, outcome, players):
                        grouped.setdefault(roller, []).append(roll)
            for roll, faction in zip(taken, factions or [None] * len(taken), strict=True):
                roller = credit(r["actor_id"], faction, int(r["seq"]), players)
                grouped.setdefault(roller, []).append(roll)
        last = rows[-1]["id"]


def credit(actor_id: int | None, faction: Credit, seq: int, players: FactionPlayers) -> Roller:
    """Who a roll of entry `seq` counts for: its faction's player at the time, if it names one;
    nobody (no user, no faction: no one's luck) for a roll no player's side made (`NOBODY`)."""
    if isinstance(faction, Nobody):
        return Roller(None, None)
    return Roller(actor_id, faction, None if faction is None else players.at(faction, seq))


async def revealed_rolls(
    db: Database, campaign_id: int, outcome: dict[str, Any], players: FactionPlayers
) -> list[tuple[Roller, RollRecord]]:
    """The rolls a reveal entry's `outcome` publishes (`secret_reveal`), each credited as a
    logged roll is: to the faction the hidden part's outcome says rolled it (and its player
    when the hidden entry was written), else to the user who made the hidden entry. None of a
    sealed entry's: who made it stays hidden, and so would the stats tell it."""
    reveal = outcome.get("secret_reveal")
    if not isinstance(reveal, dict):
        return []
    payload, seq = reveal.get("payload"), reveal.get("entry")
    if not isinstance(payload, dict) or not isinstance(seq, int):
        return []
    row = await db.fetchone(
        "SELECT actor_id, outcome FROM actions WHERE campaign_id = ? AND seq = ?",
        (campaign_id, seq),
    )
    if row is None or "sealed_commitment" in stored_json(row["outcome"]):
        return []
    taken = [roll_from_hashed(r) for r in payload.get("rolls") or ()]
    hidden = payload.get("outcome")
    factions = rolled_by(hidden, len(taken)) if isinstance(hidden, dict) else None
    return [
        (credit(row["actor_id"], faction, seq, players), roll)
        for roll, faction in zip(taken, factions or [None] * len(taken), strict=True)
    ]


async def first_seq_of_turn(db: Database, campaign_id: int, turn: int) -> int | None:
    """The number of the first entry written in `turn` or later (an incremental export)."""
    row = await db.fetchone(
        "SELECT MIN(seq) AS seq FROM actions WHERE campaign_id = ? AND turn >= ?",
        (campaign_id, turn),
    )
    return None if row is None or row["seq"] is None else int(row["seq"])
