"""Synthetic logs written in bulk, for benchmarks that need millions of entries at once
(their hashes are placeholders: such a log is for timing reads, never for `verify`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.storage.audit import GENESIS
from bot.storage.audit import canonical
from bot.storage.database import Database
from bot.storage.database import utc_now


async def fill_log(db: Database, campaigns: int, rows: int) -> int:
    """Fill the log with `rows` entries spread over `campaigns` campaigns (the first gets half)."""
    async with db.transaction() as conn:
        for i in range(campaigns):
            await conn.execute(
                "INSERT INTO campaigns (guild_id, channel_id, name, rulesets, created_by, "
                "log_head, created_at) VALUES (1, ?, ?, '[]', 1, ?, ?)",
                (1000 + i, f"c{i}", GENESIS, utc_now()),
            )
    now = utc_now()
    half = rows // 2
    per_other = (rows - half) // max(1, campaigns - 1)
    plan = [(1, half)] + [(i + 1, per_other) for i in range(1, campaigns)]
    for campaign_id, count in plan:
        batch: list[tuple[Any, ...]] = []
        for seq in range(1, count + 1):
            batch.append(
                (
                    campaign_id,
                    seq,
                    1 + seq // 500,
                    "fleet_combat" if seq % 3 else "core",
                    "roll",
                    100 + seq % 7,
                    None,
                    "{}",
                    canonical({"summary": f"entry {seq}"}),
                    now,
                    GENESIS,
                    GENESIS,
                )
            )
            if len(batch) == 50_000 or seq == count:
                async with db.transaction() as conn:
                    await conn.executemany(
                        "INSERT INTO actions (campaign_id, seq, turn, ruleset, command, actor_id, "
                        "faction, options, outcome, created_at, prev_hash, hash) "
                        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                        batch,
                    )
                batch = []
        async with db.transaction() as conn:
            await conn.execute(
                "UPDATE campaigns SET log_count = ? WHERE id = ?", (count, campaign_id)
            )
    return half


async def fill_deadlines(
    db: Database,
    deadlines: list[int],
    *,
    set_at: int,
    ruleset: tuple[str, int, str, str],
    player_id: int,
    guild_ids: Sequence[int] | None = None,
) -> None:
    """One campaign per deadline (epoch seconds) with one ruleset state (key, schema
    version, state, settings), a faction of `player_id` and an open choice of theirs, its
    deadline set at `set_at` with the default reminder points (turn schedule benchmarks).
    The campaigns are in guild 1, or each in its own of `guild_ids` (one per deadline)."""
    now = utc_now()
    key, version, state, settings = ruleset
    async with db.transaction() as conn:
        start = await conn.execute_fetchall("SELECT COALESCE(MAX(id), 0) FROM campaigns")
        first = int(next(iter(start))[0]) + 1
        ids = range(first, first + len(deadlines))
        await conn.executemany(
            "INSERT INTO campaigns (id, guild_id, channel_id, name, rulesets, created_by, "
            "log_head, created_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?)",
            [
                (i, guild, 10_000 + i, f"c{i}", f'["{key}"]', GENESIS, now)
                for i, guild in zip(ids, guild_ids or [1] * len(ids), strict=True)
            ],
        )
        await conn.executemany(
            "INSERT INTO ruleset_state VALUES (?,?,?,1,?,?)",
            [(i, key, version, state, settings) for i in ids],
        )
        await conn.executemany(
            "INSERT INTO factions (campaign_id, name, user_id) VALUES (?, 'Red', ?)",
            [(i, player_id) for i in ids],
        )
        await conn.executemany(
            "INSERT INTO pending_choices (campaign_id, ruleset, kind, owner_id, payload, "
            "created_at) VALUES (?, ?, 'reward', ?, '{}', ?)",
            [(i, key, player_id, now) for i in ids],
        )
        await conn.executemany(
            "INSERT INTO turn_schedules (campaign_id, turn, deadline_at, reminded_until, due_at) "
            "VALUES (?, 1, ?, ?, ?)",
            [
                (i, d, set_at, min(p for p in (d - 86400, d - 3600, d) if p > set_at))
                for i, d in zip(ids, deadlines, strict=True)
            ],
        )
