"""`/turn end` of a fleet combat campaign through storage: the audit entry is spliced from texts
encoded once, yet hashes as the whole entry encoded at once; the GC pause is reentrant."""

from __future__ import annotations

import gc
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.bench.fleet_turn import TURN
from bot.bench.fleet_turn import build_state
from bot.bench.fleet_turn import seed_campaigns
from bot.bench.seeding import GM
from bot.campaigns import paused_gc
from bot.dice import Dice
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat.turn import end_of_turn
from bot.rulesets import TurnContext
from bot.storage.audit import archive_digest
from bot.storage.audit import canonical
from bot.storage.audit import canonical_object
from bot.storage.audit import entry_hash
from bot.storage.audit import roll_row
from bot.storage.audit import verify_chain
from bot.storage.database import Database


def test_canonical_object_is_canonical_of_the_whole_object() -> None:
    whole = {
        "zeta": [1, 2.5, None, True],
        "alpha": {"b": "щит", "a": [{"y": 1, "x": "\u2192"}]},
        "Beta": 'quote " and \\ slash',
        "": {},
    }
    encoded = {key: canonical(value) for key, value in whole.items()}
    assert canonical_object(encoded) == canonical(whole)


@pytest.fixture
async def db(database_target: Path | str) -> AsyncIterator[Database]:
    """A database closed even when the test fails (an open one keeps the process alive)."""
    database = await Database.open(database_target)
    yield database
    await database.close()


async def test_end_turn_with_many_battles_saves_the_pure_result_and_verifies(db: Database) -> None:
    settings = FleetCombatSettings()
    state, mix = build_state(30, settings, seed=4)
    service, (campaign_id,) = await seed_campaigns(db, state, 1, mix.log)
    service.dice_factory = lambda: Dice.seeded(9)

    report = await service.end_turn(campaign_id, TURN, GM)

    pure_dice = Dice.seeded(9)
    pure = end_of_turn(TurnContext(state, settings, TURN, pure_dice))
    row = await db.fetchone("SELECT state FROM ruleset_state WHERE campaign_id = ?", (campaign_id,))
    assert row is not None and row[0] == pure.state.model_dump_json()
    # every battle's log: the rounds fought before, then this turn's round, in round order
    logs = await service.db.fetchall(
        "SELECT key, seq, body FROM ruleset_archive WHERE campaign_id = ? ORDER BY key, seq",
        (campaign_id,),
    )
    expected_log = sorted(
        (r.key, r.seq, r.body.model_dump_json()) for r in [*mix.log, *pure.archive]
    )
    assert len(pure.archive) == len(state.active_battles()) > 0
    assert [tuple(r) for r in logs] == expected_log
    (summary,) = report.summaries
    entry = await db.fetchone("SELECT * FROM actions WHERE id = ?", (summary.action_id,))
    assert entry is not None
    # the audit keeps the short summary, the outcome and a digest of every report archived
    assert pure.audit_lines is not None and len(pure.audit_lines) == 1
    assert (
        pure.audit_lines[0]
        .render("en")
        .startswith(f"{len(pure.archive)} rounds fought in {len(pure.archive)} battles; ")
    )
    expected = {
        "summary": [m.to_json() for m in pure.audit_lines],
        **pure.outcome,
        "archive": [[r.key, r.seq, archive_digest(r.body.model_dump_json())] for r in pure.archive],
    }
    assert entry["outcome"] == canonical(json.loads(canonical(expected)))
    rolls = await db.fetchall(
        "SELECT purpose, clause, notation, sides, faces, modifier, total, target, successes "
        "FROM rolls WHERE action_id = ? ORDER BY idx",
        (summary.action_id,),
    )
    assert [tuple(r) for r in rolls] == [roll_row(r) for r in pure_dice.records]
    assert summary.roll_count == len(pure_dice.records)
    # The stored hash is the hash of the whole entry encoded at once (what verify recomputes).
    prev = await db.fetchone(
        "SELECT hash FROM actions WHERE campaign_id = ? AND seq = ?",
        (campaign_id, entry["seq"] - 1),
    )
    assert prev is not None
    hashed = {
        "campaign_id": campaign_id,
        "seq": entry["seq"],
        "turn": entry["turn"],
        "ruleset": entry["ruleset"],
        "command": entry["command"],
        "actor_id": entry["actor_id"],
        "faction": entry["faction"],
        "options": json.loads(entry["options"]),
        "outcome": json.loads(entry["outcome"]),
        "created_at": entry["created_at"],
        "rolls": [list(r) for r in rolls],
        "dice": json.loads(entry["dice"]),
        "state": json.loads(entry["state"]),
    }
    assert hashed["dice"] == {"source": "seeded"}
    assert entry["hash"] == entry_hash(prev["hash"], hashed)
    assert (await verify_chain(db, campaign_id)).ok


def test_paused_gc_is_reentrant_and_restores_the_collector() -> None:
    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()  # left as the caller had it
    finally:
        gc.enable()
