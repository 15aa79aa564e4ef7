"""Storage and the unit of work against a real SQLite file and a real PostgreSQL database
(one transaction per command)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from pydantic import BaseModel

from bot import rulesets
from bot.campaigns import Actor
from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.dice import RollRecord
from bot.errors import Conflict
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rulesets import ArchiveRecord
from bot.rulesets import RulesetSpec
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult
from bot.storage import history
from bot.storage.audit import HASH_SLICE
from bot.storage.audit import entry_hash
from bot.storage.audit import verify_chain
from bot.storage.database import Database
from bot.storage.database import migration_files
from bot.verify_export import describe

# A second write of the same key, on either engine.
DUPLICATE_KEY = (sqlite3.IntegrityError, asyncpg.UniqueViolationError)
GM = Actor(user_id=1)
PLAYER = Actor(user_id=2)


class CounterState(BaseModel):
    value: int = 0
    turn_ends: int = 0


class CounterSettings(BaseModel):
    step: int = 1
    fail_at_turn_end: bool = False


def counter_turn_end(ctx: TurnContext) -> TurnStepResult:
    if ctx.settings.fail_at_turn_end:
        raise RuntimeError("step failed")
    (face,) = ctx.dice.roll(1, 6, "test between turns")
    state = ctx.state.model_copy(
        update={"turn_ends": ctx.state.turn_ends + 1, "value": ctx.state.value + face}
    )
    return TurnStepResult(
        state=state,
        lines=[Msg("turn.end.nothing")],
        archive=[ArchiveRecord("turns", ctx.turn, state)],
    )


SPEC = RulesetSpec(
    key="test_counter",
    settings_model=CounterSettings,
    state_model=CounterState,
    end_of_turn=counter_turn_end,
)


@pytest.fixture
async def service(database_target):
    rulesets.register(SPEC, cog="tests.none")
    db = await Database.open(database_target)
    yield CampaignService(db, dice_factory=lambda: Dice.seeded(7))
    await db.close()
    rulesets.unregister(SPEC.key)


async def new_campaign(service, channel_id=100):
    return await service.create(
        guild_id=10, channel_id=channel_id, name="Test", ruleset_keys=["test_counter"], actor=GM
    )


async def bump(service, campaign_id, actor=PLAYER, fail=False):
    async with service.work(campaign_id, actor) as uow:
        state, _ = await uow.load("test_counter")
        (face,) = uow.dice.roll(1, 6, "bump")
        await uow.save("test_counter", state.model_copy(update={"value": state.value + 1}))
        if fail:
            raise RuleViolation("error.rule_violation", clause="TEST-1")
        await uow.append("bump", ruleset="test_counter", outcome={"face": face})


async def bumped_campaign(service, bumps):
    """A new campaign whose log holds its creation and `bumps` bumps after it."""
    campaign = await new_campaign(service)
    for _ in range(bumps):
        await bump(service, campaign.id)
    return campaign


async def test_migrations_create_every_table_from_empty(tmp_path):
    db = await Database.open(tmp_path / "fresh.db")
    tables = {r[0] for r in await db.fetchall("SELECT name FROM sqlite_master WHERE type='table'")}
    await db.close()
    assert {
        "campaigns",
        "factions",
        "turns",
        "actions",
        "rolls",
        "ruleset_state",
        "pending_choices",
    } <= tables
    versions = [v for v, _ in migration_files()]
    conn = sqlite3.connect(tmp_path / "fresh.db")
    applied = [r[0] for r in conn.execute("SELECT version FROM schema_migrations ORDER BY version")]
    mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
    conn.close()
    assert applied == versions
    assert mode == "wal"
    # Opening again applies nothing twice.
    db = await Database.open(tmp_path / "fresh.db")
    await db.close()


async def test_fifty_concurrent_commands_lose_no_update_and_write_no_duplicate(service):
    campaign = await new_campaign(service)
    await asyncio.gather(*(bump(service, campaign.id) for _ in range(50)))
    state, _ = await service.state(await service.get(campaign.id), "test_counter")
    assert state.value == 50
    rows = await service.db.fetchall(
        "SELECT seq FROM actions WHERE campaign_id = ? ORDER BY seq", (campaign.id,)
    )
    assert [r["seq"] for r in rows] == list(range(1, 52))  # create + 50 bumps
    rolls = await service.db.fetchall("SELECT COUNT(*) FROM rolls")
    assert rolls[0][0] == 50
    assert (await verify_chain(service.db, campaign.id)).ok


async def test_engine_exception_rolls_back_state_entry_and_rolls(service):
    campaign = await new_campaign(service)
    await bump(service, campaign.id)
    with pytest.raises(RuleViolation):
        await bump(service, campaign.id, fail=True)
    state, _ = await service.state(await service.get(campaign.id), "test_counter")
    assert state.value == 1
    assert (await service.get(campaign.id)).log_count == 2
    assert (await service.db.fetchall("SELECT COUNT(*) FROM rolls"))[0][0] == 1


async def test_a_roll_without_an_audit_entry_is_never_committed(service):
    campaign = await new_campaign(service)
    with pytest.raises(RuntimeError, match="without an audit entry"):
        async with service.work(campaign.id, PLAYER) as uow:
            uow.dice.roll(2, 6, "forgotten")
    assert (await service.db.fetchall("SELECT COUNT(*) FROM rolls"))[0][0] == 0


async def _tamper(service, sql, params=()):
    async with service.db.transaction() as conn:
        await conn.execute(sql, params)


async def test_verify_reports_ok_with_the_entry_count(service):
    campaign = await bumped_campaign(service, 3)
    report = await verify_chain(service.db, campaign.id)
    assert (report.ok, report.count) == (True, 4)


async def test_verify_finds_an_edited_entry(service):
    campaign = await bumped_campaign(service, 4)
    await _tamper(service, "UPDATE actions SET outcome = '{\"face\":6}' WHERE seq = 3")
    report = await verify_chain(service.db, campaign.id)
    assert (report.ok, report.problem, report.seq) == (False, "edited", 3)


async def test_verify_finds_an_edited_die(service):
    campaign = await bumped_campaign(service, 4)
    row = (await service.db.fetchall("SELECT id FROM actions WHERE seq = 4"))[0]
    await _tamper(service, "UPDATE rolls SET faces = '6' WHERE action_id = ?", (row["id"],))
    report = await verify_chain(service.db, campaign.id)
    assert (report.ok, report.problem, report.seq) == (False, "edited", 4)


async def test_verify_finds_a_deleted_entry_in_the_middle_and_at_the_end(service):
    campaign = await bumped_campaign(service, 4)
    await _tamper(
        service, "DELETE FROM rolls WHERE action_id IN (SELECT id FROM actions WHERE seq = 5)"
    )
    await _tamper(service, "DELETE FROM actions WHERE seq = 5")
    report = await verify_chain(service.db, campaign.id)
    assert (report.ok, report.problem, report.seq) == (False, "removed", 5)
    await _tamper(
        service, "DELETE FROM rolls WHERE action_id IN (SELECT id FROM actions WHERE seq = 2)"
    )
    await _tamper(service, "DELETE FROM actions WHERE seq = 2")
    report = await verify_chain(service.db, campaign.id)
    assert (report.ok, report.problem, report.seq) == (False, "removed", 2)


async def said_rewritten_below(service, campaign_id, seq):
    """The chain check and the whole one both say the log was rewritten (or added to) below
    the head the bot recorded after entry `seq`, in the words `/history verify` uses."""
    report = await verify_chain(service.db, campaign_id)
    assert (report.ok, report.problem, report.seq) == (False, "head", seq)
    verdict = await service.log.verify(campaign_id)
    assert (verdict.problem.kind, verdict.problem.seq) == ("head", seq)
    assert describe(verdict)[1] == (
        f"The log does not end at the chain head the bot recorded after entry #{seq}: it was "
        "rewritten (entries edited or added, then the chain hashed again)."
    )


async def test_verify_says_a_chain_that_misses_its_recorded_head_was_rewritten(service):
    """The campaign row's head no longer matches the chain's end (entries hashed again, or
    the head changed): the verdict says the log was rewritten below the head of entry #5,
    not that an entry #6, which never was, is missing; the chain check and the whole one
    agree (`/history verify`, `python -m bot verify --database`)."""
    campaign = await bumped_campaign(service, 4)
    await _tamper(
        service, "UPDATE campaigns SET log_head = ? WHERE id = ?", ("0" * 64, campaign.id)
    )
    await said_rewritten_below(service, campaign.id, 5)


async def test_verify_says_a_chain_that_runs_past_its_recorded_head_was_added_to(service):
    """An entry added after the head the bot recorded (the campaign row's head is entry #4's,
    the chain holds #5 too): the verdict names the recorded head, entry #4, as rewritten or
    added to below it, not an entry #6, which never was, missing; the chain check and the
    whole one agree."""
    campaign = await bumped_campaign(service, 4)
    (fourth,) = await service.db.fetchall(
        "SELECT hash FROM actions WHERE campaign_id = ? AND seq = 4", (campaign.id,)
    )
    await _tamper(
        service,
        "UPDATE campaigns SET log_count = 4, log_head = ? WHERE id = ?",
        (fourth["hash"], campaign.id),
    )
    await said_rewritten_below(service, campaign.id, 4)


async def test_verify_finds_reordered_entries(service):
    campaign = await bumped_campaign(service, 4)
    # Swap the contents of entries 2 and 3 (ids stay in place).
    await _tamper(service, "UPDATE actions SET seq = -1 WHERE seq = 2")
    await _tamper(service, "UPDATE actions SET seq = 2 WHERE seq = 3")
    await _tamper(service, "UPDATE actions SET seq = 3 WHERE seq = -1")
    report = await verify_chain(service.db, campaign.id)
    assert (report.ok, report.problem, report.seq) == (False, "reordered", 2)


async def test_a_turn_end_of_thousands_of_rolls_hashes_as_one_piece_and_verifies(service):
    """A large batch is encoded for its hash a slice at a time while its rolls are written;
    the hash is the one the whole entry encoded at once gives, the rolls read back are the
    rolls written, and the chain verifies."""
    campaign = await new_campaign(service)
    rolls = [
        RollRecord(
            purpose="volley",
            clause="FC-5.10",
            notation="3d6",
            sides=6,
            faces=(1 + i % 6, 1 + i * 7 % 6, 1 + i * 5 % 6),
            total=3 + i % 6 + i * 7 % 6 + i * 5 % 6,
            target=">=5" if i % 2 else None,
            successes=i % 4 if i % 2 else None,
        )
        for i in range(2 * HASH_SLICE + 501)
    ]
    async with service.work(campaign.id, GM) as uow:
        written = await uow.append("turn end", outcome={"battles": 1}, rolls=rolls)
    read = await history.entry(service.db, campaign.id, written.seq)
    assert read is not None and read.rolls == tuple(rolls)
    before = await history.entry(service.db, campaign.id, written.seq - 1)
    assert written.hash == entry_hash(before.hash, read.hashed_form())
    assert (await verify_chain(service.db, campaign.id)).ok


async def _edit_by_hand(target, sql, params=()):
    """Change the database outside the bot: SQLite through its own connection (foreign keys
    off, as the sqlite3 shell has them), PostgreSQL through a plain connection."""
    if isinstance(target, str):
        conn = await asyncpg.connect(target)
        try:
            await conn.execute(sql.replace("?", "$1"), *params)
        finally:
            await conn.close()
        return
    with contextlib.closing(sqlite3.connect(target)) as conn, conn:
        conn.execute(sql, params)


def _bot(*args):
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[1],
        check=False,
        timeout=120,
    )


async def test_verify_names_a_roll_whose_entry_is_gone_or_that_has_none(
    service, database_target, tmp_path
):
    """A roll row left without its entry, which PostgreSQL has no foreign key to refuse
    (migration 010): the campaign whose entry was deleted fails `/history verify` at that
    entry; `python -m bot verify --database` names every roll of no entry (the one the
    deleted entry left, and one written with no entry at all); copy-db refuses the database."""
    first = await new_campaign(service, channel_id=100)
    second = await new_campaign(service, channel_id=101)
    await bump(service, first.id)
    await bump(service, second.id)  # its entry is deleted below; its roll row stays
    await bump(service, first.id)
    target = str(database_target)
    clean = _bot("verify", "--database", target)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert clean.stdout.endswith("2 of 2 campaigns verify; every roll belongs to an entry.\n")

    gone = await service.db.fetchone(
        "SELECT id FROM actions WHERE campaign_id = ? AND seq = 2", (second.id,)
    )
    await _edit_by_hand(database_target, "DELETE FROM actions WHERE id = ?", (gone["id"],))
    await _edit_by_hand(
        database_target,
        "INSERT INTO rolls (action_id, idx, purpose, notation, sides, faces, modifier, total) "
        "VALUES (?, 0, 'forged', '1d6', 6, '6', 0, 6)",
        (10**9,),
    )
    verdict = await service.log.verify(second.id)
    assert (verdict.problem.kind, verdict.problem.seq) == ("removed", 2)
    assert (await service.log.verify(first.id)).ok  # neither roll is one of its entries'

    checked = _bot("verify", "--database", target)
    assert checked.returncode == 1
    lines = checked.stdout.splitlines()
    assert lines[0] == f"campaign {second.id}: " + " — ".join(describe(verdict))
    assert lines[1].endswith(
        f": A stored roll (internal entry id {gone['id']}, roll 0) belongs to no entry of the "
        "log: it was written outside the bot, or its entry was deleted."
    )
    assert "(internal entry id 1000000000, roll 0) belongs to no entry" in lines[2]
    assert lines[3].endswith("1 of 2 campaigns verify; rolls of no entry above.")

    refused = _bot("copy-db", "--from", target, "--to", f"sqlite:{tmp_path / 'copy.db'}")
    assert refused.returncode == 2
    assert f"holds a roll of no entry (internal entry id {gone['id']}, roll 0;" in refused.stdout


async def test_turn_end_resolves_once_per_turn_number(service):
    campaign = await new_campaign(service)
    report = await service.end_turn(campaign.id, 1, GM)
    assert [s.ruleset for s in report.summaries] == ["test_counter"]
    with pytest.raises(Conflict):
        await service.end_turn(campaign.id, 1, GM)
    after = await service.get(campaign.id)
    state, _ = await service.state(after, "test_counter")
    assert after.turn == 2
    assert state.turn_ends == 1
    turns = await service.db.fetchall(
        "SELECT number FROM turns WHERE campaign_id = ?", (campaign.id,)
    )
    assert [r["number"] for r in turns] == [1]


async def test_turn_end_archives_the_steps_records_in_its_transaction(service):
    campaign = await new_campaign(service)
    await service.end_turn(campaign.id, 1, GM)
    await service.end_turn(campaign.id, 2, GM)
    state, _ = await service.state(await service.get(campaign.id), "test_counter")
    logged = await service.archived(campaign, "test_counter", "turns", CounterState)
    assert [s.turn_ends for s in logged] == [1, 2]
    assert logged[-1] == state
    assert await service.archived(campaign, "test_counter", "other", CounterState) == []


async def test_an_archive_record_needs_an_audit_entry_and_is_written_once(service):
    """Archive records are like state: never without an audit entry, never rewritten; a
    second write of one fails the whole command (here the whole end of turn)."""
    campaign = await new_campaign(service)
    with pytest.raises(RuntimeError, match="without an audit entry"):
        async with service.work(campaign.id, GM) as uow:
            await uow.archive("test_counter", [ArchiveRecord("turns", 1, CounterState(value=9))])
    assert await service.archived(campaign, "test_counter", "turns", CounterState) == []
    with pytest.raises(ValueError, match="reserved"):
        async with service.work(campaign.id, GM) as uow:
            await uow.append("note", ruleset="test_counter", outcome={"archive": []})
    async with service.work(campaign.id, GM) as uow:
        await uow.archive("test_counter", [ArchiveRecord("turns", 1, CounterState(value=9))])
        await uow.append("note", ruleset="test_counter")
    before = await service.get(campaign.id)

    with pytest.raises(DUPLICATE_KEY):
        await service.end_turn(campaign.id, 1, GM)

    after = await service.get(campaign.id)
    state, _ = await service.state(after, "test_counter")
    assert (after.turn, after.log_count, state.turn_ends) == (1, before.log_count, 0)
    logged = await service.archived(campaign, "test_counter", "turns", CounterState)
    assert logged == [CounterState(value=9)]


async def test_a_state_stored_in_another_format_is_refused_and_left_alone(service):
    campaign = await new_campaign(service)
    await bump(service, campaign.id)
    async with service.db.transaction() as conn:  # behind the bot's back
        await conn.execute(
            "UPDATE ruleset_state SET schema_version = 7 WHERE campaign_id = ?", (campaign.id,)
        )
    with pytest.raises(Conflict) as read:
        await service.state(campaign, "test_counter")
    with pytest.raises(Conflict):
        await bump(service, campaign.id)
    assert read.value.message_key == "error.state_schema"
    assert read.value.params == {"ruleset": "test_counter", "found": 7, "expected": 1}
    row = await service.db.fetchone("SELECT state FROM ruleset_state")
    assert row is not None and json.loads(row[0])["value"] == 1


async def test_concurrent_turn_ends_for_the_same_turn_resolve_once(service):
    campaign = await new_campaign(service)
    results = await asyncio.gather(
        *(service.end_turn(campaign.id, 1, GM) for _ in range(5)), return_exceptions=True
    )
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, Conflict) for r in results if isinstance(r, Exception))
    state, _ = await service.state(await service.get(campaign.id), "test_counter")
    assert state.turn_ends == 1


async def test_a_failing_ruleset_step_leaves_the_turn_unresolved_and_state_untouched(service):
    campaign = await new_campaign(service)
    await bump(service, campaign.id)
    await service.set_setting(campaign.id, GM, "test_counter", "fail_at_turn_end", "true")
    before = await service.get(campaign.id)
    with pytest.raises(RuntimeError, match="step failed"):
        await service.end_turn(campaign.id, 1, GM)
    after = await service.get(campaign.id)
    state, _ = await service.state(after, "test_counter")
    assert after.turn == 1
    assert after.log_count == before.log_count
    assert state.turn_ends == 0 and state.value == 1
    assert (await service.db.fetchall("SELECT COUNT(*) FROM turns"))[0][0] == 0


async def test_history_pages_newest_first_with_filters(service):
    campaign = await bumped_campaign(service, 5)
    await bump(service, campaign.id, actor=Actor(user_id=3))
    first = await history.page(
        service.db, campaign.id, history.HistoryFilter(), before_seq=None, limit=3
    )
    assert [e.seq for e in first] == [7, 6, 5]
    second = await history.page(
        service.db, campaign.id, history.HistoryFilter(), before_seq=5, limit=3
    )
    assert [e.seq for e in second] == [4, 3, 2]
    mine = await history.page(
        service.db, campaign.id, history.HistoryFilter(actor_id=3), before_seq=None, limit=10
    )
    assert [e.seq for e in mine] == [7]
    core = await history.page(
        service.db, campaign.id, history.HistoryFilter(ruleset="core"), before_seq=None, limit=10
    )
    assert [e.command for e in core] == ["campaign create"]
    newer = await history.page(
        service.db, campaign.id, history.HistoryFilter(), before_seq=None, after_seq=3, limit=3
    )
    assert [e.seq for e in newer] == [6, 5, 4]  # the three next after #3, newest first


async def test_join_claims_one_faction_per_player_unless_allowed(service):
    campaign = await new_campaign(service)
    await service.join(campaign.id, PLAYER, "Habsburgs")
    with pytest.raises(Conflict):
        await service.join(campaign.id, Actor(user_id=3), "habsburgs")
    from bot.errors import GameError

    with pytest.raises(GameError) as refused:
        await service.join(campaign.id, PLAYER, "France")
    assert "players may hold 1 faction here" in refused.value.message("en")
    await service.set_setting(campaign.id, GM, "core", "factions_per_player", "2")
    await service.join(campaign.id, PLAYER, "France")
    assert sorted(f.name for f in await service.factions(campaign.id)) == ["France", "Habsburgs"]


async def test_bad_setting_value_names_the_allowed_values_and_changes_nothing(service):
    from bot.settings_edit import SettingError

    campaign = await new_campaign(service)
    with pytest.raises(SettingError) as refused:
        await service.set_setting(campaign.id, GM, "test_counter", "fail_at_turn_end", "maybe")
    assert "true, false" in refused.value.message("en")
    _, settings = await service.state(await service.get(campaign.id), "test_counter")
    assert settings.fail_at_turn_end is False


async def test_record_saves_state_and_appends_the_summary_in_one_step(service):
    campaign = await new_campaign(service)
    async with service.work(campaign.id, PLAYER) as uow:
        state, _ = await uow.load("test_counter")
        entry = await uow.record(
            "test_counter",
            "bump",
            state.model_copy(update={"value": 5}),
            lines=[Msg("turn.end.nothing")],
            options={"by": 5},
            faction="Red",
        )
    assert entry.outcome == {"summary": [{"key": "turn.end.nothing", "params": {}}]}
    assert (entry.faction, entry.options) == ("Red", {"by": 5})
    state, _ = await service.state(await service.get(campaign.id), "test_counter")
    assert state.value == 5


async def old_database(path: Path, migration: int, states: dict[str, object]) -> None:
    """A SQLite database as a release from before `migration` (2 or 3) left it: campaign 7
    with these ruleset states (schema 1, row version 4), none of the later tables and columns."""
    await (await Database.open(path)).close()
    conn = sqlite3.connect(path)
    conn.executescript(
        ("DROP TABLE ruleset_archive;" if migration <= 2 else "")
        + f"DELETE FROM schema_migrations WHERE version >= {migration};"
        "DROP TABLE turn_seeds; DROP TABLE secret_rolls;"
        "ALTER TABLE actions DROP COLUMN dice; ALTER TABLE actions DROP COLUMN state;"
        "ALTER TABLE campaigns DROP COLUMN secret_rolls_for_players;"
        "ALTER TABLE campaigns DROP COLUMN language;"
        "DROP INDEX choices_by_closing; ALTER TABLE pending_choices DROP COLUMN closed_seq;"
        "INSERT INTO campaigns (id, guild_id, channel_id, name, rulesets, created_by, log_head,"
        " created_at) VALUES (7, 1, 1, 'old', '[]', 1, 'x', 'then');"
    )
    for ruleset, state in states.items():
        conn.execute(
            "INSERT INTO ruleset_state VALUES (7, ?, 1, 4, ?, '{}')", (ruleset, json.dumps(state))
        )
    conn.commit()
    conn.close()


async def test_migration_002_moves_fleet_battle_reports_from_the_state_to_the_archive(tmp_path):
    """A database from before 002 kept each battle's round reports in the fleet combat state:
    opening it moves them, unchanged and in round order, to the battle logs in the archive,
    and leaves the state as schema 2 without them; other rulesets' states are untouched."""
    from bot.bench.fleet_turn import build_state
    from bot.rules.fleet_combat import FleetCombatSettings
    from bot.rules.fleet_combat import FleetCombatState
    from bot.rules.fleet_combat import RoundReport

    state, mix = build_state(6, FleetCombatSettings(), seed=2)
    assert mix.log
    old = json.loads(state.model_dump_json())
    for battle in old["battles"]:
        battle["rounds"] = [
            json.loads(r.body.model_dump_json())
            for r in mix.log
            if r.key == f"battle/{battle['id']}"
        ]
    other = {"battles": [{"rounds": [1]}]}
    path = tmp_path / "old.db"
    await old_database(path, 2, {"fleet_combat": old, "ottoman_piracy": other})

    db = await Database.open(path)
    rows = await db.fetchall(
        "SELECT ruleset, schema_version, row_version, state FROM ruleset_state ORDER BY ruleset"
    )
    logs = await db.fetchall("SELECT key, seq, body FROM ruleset_archive ORDER BY key, seq")
    await db.close()
    (fleet, ottoman) = rows
    assert (fleet["ruleset"], fleet["schema_version"], fleet["row_version"]) == (
        "fleet_combat",
        2,
        5,
    )
    assert all("rounds" not in b for b in json.loads(fleet["state"])["battles"])
    assert FleetCombatState.model_validate_json(fleet["state"]) == state
    # 003 finds no piracies in it: the state and its row version stay, only the format moves
    assert tuple(ottoman)[1:] == (2, 4, json.dumps(other))
    moved = [(r["key"], r["seq"], RoundReport.model_validate_json(r["body"])) for r in logs]
    assert moved == sorted(((r.key, r.seq, r.body) for r in mix.log), key=lambda m: m[:2])


async def test_verify_proves_archive_records_unchanged_through_their_entries(service):
    """An entry lists each archive record it wrote with its digest: `/history verify` finds
    a record edited or removed afterwards, and names the entry that wrote it."""
    campaign = await new_campaign(service)
    await service.end_turn(campaign.id, 1, GM)
    await service.end_turn(campaign.id, 2, GM)
    entries = await history.page(
        service.db,
        campaign.id,
        history.HistoryFilter(ruleset="test_counter"),
        before_seq=None,
        limit=10,
    )
    wrote = {e.outcome["archive"][0][1]: e.seq for e in entries}
    assert sorted(wrote) == [1, 2]
    assert (await verify_chain(service.db, campaign.id)).ok
    db = service.db  # edited behind the bot's back
    (body,) = await db.fetchone("SELECT body FROM ruleset_archive WHERE seq = 2")
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE ruleset_archive SET body = ? WHERE seq = 2",
            (body.replace('"value":', '"value":1'),),
        )
    edited = await verify_chain(service.db, campaign.id)
    async with db.transaction() as conn:
        await conn.execute("UPDATE ruleset_archive SET body = ? WHERE seq = 2", (body,))
    assert (await verify_chain(service.db, campaign.id)).ok
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM ruleset_archive WHERE seq = 1")
    removed = await verify_chain(service.db, campaign.id)
    assert (edited.ok, edited.problem, edited.seq) == (False, "archive_edited", wrote[2])
    assert (removed.ok, removed.problem, removed.seq) == (False, "archive_removed", wrote[1])
    assert edited.count == removed.count == (await service.get(campaign.id)).log_count


async def test_a_summary_with_an_unfilled_placeholder_is_never_committed(service):
    """A summary line missing a parameter its text asks for ("{faction} loses {ships}.")
    would sit in the hash-chained log for good: the unit of work refuses the whole command."""
    campaign = await new_campaign(service)
    with pytest.raises(RuntimeError, match=r"fleet_combat.round.losses: \{ships\}"):
        async with service.work(campaign.id, PLAYER) as uow:
            state, _ = await uow.load("test_counter")
            await uow.record(
                "test_counter",
                "bump",
                state.model_copy(update={"value": 9}),
                lines=[Msg("fleet_combat.round.losses", faction="Red")],
            )
    state, _ = await service.state(await service.get(campaign.id), "test_counter")
    assert state.value == 0
    assert (await service.get(campaign.id)).log_count == 1


async def test_a_summary_naming_a_message_no_catalog_has_is_never_committed(service):
    campaign = await new_campaign(service)
    with pytest.raises(RuntimeError, match="no such message"):
        async with service.work(campaign.id, PLAYER) as uow:
            state, _ = await uow.load("test_counter")
            await uow.record("test_counter", "bump", state, lines=[Msg("test.no_such_key")])
    assert (await service.get(campaign.id)).log_count == 1


async def test_migration_003_moves_resolved_piracies_to_the_archive(tmp_path):
    """A database from before 003 kept every piracy in the Ottoman piracy state: opening it
    moves the resolved ones, unchanged, to the archive (series `piracies`), keeps the one
    still awaiting rewards in the state, and the campaign plays on from the next id."""
    from bot.rules.ottoman_piracy import OttomanPiracySettings
    from bot.rules.ottoman_piracy import OttomanPiracyState
    from bot.rules.ottoman_piracy import declare_piracy
    from bot.rules.ottoman_piracy.models import ImpulseState
    from bot.rules.ottoman_piracy.models import PiracyDeclaration
    from bot.rules.ottoman_piracy.models import PiracyRecord

    settings = OttomanPiracySettings()
    ottoman_impulse = ImpulseState(number=1, active_power="ottoman")  # OP-I2
    state = OttomanPiracyState(at_war_with_ottomans=["hapsburg"], impulse=ottoman_impulse)
    declaration = PiracyDeclaration(
        sea_zone="Ionian Sea", target="hapsburg", corsairs=2, target_ports=1
    )
    first = declare_piracy(state, settings, declaration, Dice.scripted([1] * 10), turn=1)
    assert not first.awaiting and first.archive
    pending = declare_piracy(first.state, settings, declaration, Dice.scripted([6] * 10), turn=2)
    assert pending.awaiting
    old = json.loads(pending.state.model_dump_json())
    old.pop("pending_piracy")
    old.pop("last_piracy_id")
    old["piracies"] = [
        json.loads(first.piracy.model_dump_json()),
        json.loads(pending.piracy.model_dump_json()),
    ]
    path = tmp_path / "old.db"
    await old_database(path, 3, {"ottoman_piracy": old})

    db = await Database.open(path)
    row = await db.fetchone("SELECT schema_version, row_version, state FROM ruleset_state")
    logs = await db.fetchall("SELECT key, seq, body FROM ruleset_archive")
    await db.close()
    assert (row["schema_version"], row["row_version"]) == (2, 5)
    migrated = OttomanPiracyState.model_validate_json(row["state"])
    assert migrated == pending.state
    assert "piracies" not in json.loads(row["state"])
    assert [(r["key"], r["seq"]) for r in logs] == [("piracies", 1)]
    assert PiracyRecord.model_validate_json(logs[0]["body"]) == first.piracy
