"""PostgreSQL beside SQLite: the same digests for the same commands, several processes on one
database (exactly once, a chain that verifies), `python -m bot migrate` and `copy-db`."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import asyncpg
import pytest

from bot import dice_expr
from bot.campaigns import Actor
from bot.campaigns import CampaignService
from bot.dice import Dice
from bot.errors import Conflict
from bot.storage.database import WRITE_WAIT_NOTICE
from bot.storage.database import Database
from bot.storage.database import migration_files
from bot.storage.database import postgres_migrations
from bot.storage.database import slow_write_notice
from bot.storage.log import AuditLog
from bot.storage.postgres import READ_POOL
from tests import postgres

# PRIVATEER_TEST_BACKENDS=sqlite is the explicit choice of a machine without PostgreSQL.
pytestmark = pytest.mark.skipif(
    "postgresql" not in postgres.backends(), reason="PRIVATEER_TEST_BACKENDS excludes PostgreSQL"
)

GM = Actor(user_id=1)
OTHER_GM = Actor(user_id=5)
PLAYERS = [Actor(user_id=2), Actor(user_id=3)]
ROOT = Path(__file__).resolve().parents[1]
ORPHAN_ROLL = (
    "INSERT INTO rolls (action_id, idx, purpose, notation, sides, faces, modifier, total) "
    "VALUES (?, 0, 'forged', '1d6', 6, '6', 0, 6)"
)


async def roll(
    service: CampaignService, campaign_id: int, actor: Actor, dice: str, reason: str
) -> None:
    """What `/roll` stores (cogs/dice.py), without Discord."""
    async with service.work(campaign_id, actor) as uow:
        result = dice_expr.evaluate(dice_expr.parse(dice), uow.dice, reason=reason)
        await uow.append("roll", options={"dice": dice, "reason": reason}, outcome=result.to_json())


@pytest.fixture
async def pg_url(postgres_server):
    url = await postgres.fresh_database(postgres_server)
    yield url
    await postgres.drop_database(postgres_server, url)


async def play(service: CampaignService) -> list[dict]:
    """A short session: create, two joins, GMs, rolls, a piracy set-up, a turn end."""
    campaign = await service.create(
        guild_id=10, channel_id=20, name="Both", ruleset_keys=["ottoman_piracy"], actor=GM
    )
    await service.join(campaign.id, PLAYERS[0], "Venice")
    await service.join(campaign.id, PLAYERS[1], "blue")
    await service.set_gm(campaign.id, GM, "role", 77, True)
    for actor in PLAYERS:
        await roll(service, campaign.id, actor, "3d6+1", "morale")
    await service.end_turn(campaign.id, 1, GM)
    await roll(service, campaign.id, PLAYERS[0], "1d20", "")
    entries = [e async for e in service.log.entries(campaign.id)]
    return [
        {
            "seq": e.seq,
            "command": e.command,
            "state": e.state,
            "faces": [r.faces for r in e.rolls],
            # Each campaign draws its own dice seeds (the turn's and the held one); the rest
            # must be equal.
            "outcome": {
                k: v for k, v in e.outcome.items() if "seed" not in k and k != "held_reveal"
            },
        }
        for e in entries
    ]


async def test_the_same_commands_leave_the_same_log_and_state_digests_on_both(tmp_path, pg_url):
    """The audited state digests (and every die, outcome and entry number) do not depend on
    the engine that stored the campaign."""
    seen = []
    for target in (tmp_path / "same.db", pg_url):
        db = await Database.open(target)
        try:
            seen.append(await play(CampaignService(db, dice_factory=lambda: Dice.seeded(7))))
        finally:
            await db.close()
    sqlite_log, postgres_log = seen
    assert [e["command"] for e in sqlite_log].count("roll") == 3
    assert sqlite_log == postgres_log


def test_every_migration_has_its_postgresql_text():
    """One numbered list: each migration has a PostgreSQL text of the same number and name."""
    assert [(v, p.name) for v, p in migration_files()] == [
        (v, p.name) for v, p in postgres_migrations()
    ]


async def test_a_roll_needs_no_entry_on_postgresql_and_copies_back_to_sqlite(tmp_path, pg_url):
    """Migration 010: on PostgreSQL a roll row has no foreign key to its entry (SQLite keeps
    it and refuses one of no entry); a PostgreSQL database copies into SQLite, key and all,
    and verifies there."""
    lite = await Database.open(tmp_path / "keyed.db")
    try:
        with pytest.raises(sqlite3.IntegrityError, match="FOREIGN KEY"):
            async with lite.transaction() as conn:
                await conn.execute(ORPHAN_ROLL, (10**9,))
    finally:
        await lite.close()
    db = await Database.open(pg_url)
    try:
        async with db.transaction() as conn:
            await conn.execute(ORPHAN_ROLL, (10**9,))
            await conn.execute("DELETE FROM rolls WHERE action_id = ?", (10**9,))
        before = await play(CampaignService(db, dice_factory=lambda: Dice.seeded(7)))
    finally:
        await db.close()
    path = tmp_path / "back.db"
    copied = bot_command("copy-db", "--from", pg_url, "--to", f"sqlite:{path}")
    assert copied.returncode == 0, copied.stdout + copied.stderr
    assert "Every campaign's log verifies on the target." in copied.stdout
    back = await Database.open(path)
    try:
        campaign = (await back.fetchone("SELECT id FROM campaigns"))[0]
        after = [e async for e in CampaignService(back).log.entries(campaign)]
        assert [e.state for e in after] == [e["state"] for e in before]
        assert sum(len(e.rolls) for e in after) == 3
    finally:
        await back.close()


async def test_two_processes_roll_end_the_turn_and_claim_a_choice_exactly_once(pg_url):
    """Two bot processes (each its own pool of connections) on one campaign: 200 interleaved
    rolls all land, numbered 1…n with no gap or fork; two GMs confirming the turn end resolve
    it once; two players racing for one choice claim it once; the chain verifies."""
    first, second = await Database.open(pg_url), await Database.open(pg_url)
    try:
        one, two = CampaignService(first), CampaignService(second)
        campaign = await one.create(
            guild_id=10, channel_id=21, name="Race", ruleset_keys=["ottoman_piracy"], actor=GM
        )
        await one.set_gm(campaign.id, GM, "user", OTHER_GM.user_id, True)
        for service, actor, name in ((one, PLAYERS[0], "Venice"), (two, PLAYERS[1], "Genoa")):
            await service.join(campaign.id, actor, name)

        await asyncio.gather(
            *(
                roll(one if i % 2 else two, campaign.id, PLAYERS[i % 2], "1d6", str(i))
                for i in range(200)
            )
        )
        ended = await asyncio.gather(
            one.end_turn(campaign.id, 1, GM),
            two.end_turn(campaign.id, 1, OTHER_GM),
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in ended) == ["Conflict", "TurnEndReport"]

        async with one.work(campaign.id, GM) as uow:
            choice_id = await uow.open_choice("ottoman_piracy", "test", None, {})
            await uow.append("open a question")

        async def claim(service: CampaignService, actor: Actor) -> str:
            try:
                async with service.work(campaign.id, actor) as uow:
                    await uow.claim_choice(choice_id, gm=True)
                    await uow.close_choice(choice_id)
                    await uow.append("answer", outcome={"by": actor.user_id})
            except Conflict as refused:
                return refused.message_key
            return "claimed"

        claims = await asyncio.gather(claim(one, GM), claim(two, OTHER_GM))
        assert sorted(claims) == ["claimed", "error.choice_done"]

        log = [e async for e in AuditLog(second).entries(campaign.id)]
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        rolls = [e for e in log if e.command == "roll"]
        assert sorted(e.options["reason"] for e in rolls) == sorted(str(i) for i in range(200))
        assert (await two.get(campaign.id)).turn == 2
        assert {e.turn for e in log if e.command == "turn end"} == {1}
        assert (await AuditLog(first).verify(campaign.id)).ok
    finally:
        await first.close()
        await second.close()


async def test_a_read_waiting_for_a_pooled_connection_tells_the_command_to_acknowledge(pg_url):
    """A burst of commands can hold every connection of the read pool; a command whose read
    waits for one is told after WRITE_WAIT_NOTICE, as a waiting write is, so it acknowledges
    its interaction within Discord's 3 s; the read then goes on."""
    db = await Database.open(pg_url)
    try:
        noticed: list[str] = []

        async def notice() -> None:
            noticed.append("acknowledged")

        async with contextlib.AsyncExitStack() as busy:
            for _ in range(READ_POOL):
                await busy.enter_async_context(db._reads.acquire())
            token = slow_write_notice.set(notice)
            try:
                read = asyncio.ensure_future(db.fetchone("SELECT 41 + 1"))
            finally:
                slow_write_notice.reset(token)
            await asyncio.sleep(WRITE_WAIT_NOTICE + 0.5)
            assert noticed == ["acknowledged"] and not read.done()
        assert (await read)[0] == 42
        assert noticed == ["acknowledged"]
    finally:
        await db.close()


ROLLER = textwrap.dedent(
    """
    import asyncio, sys
    from bot.campaigns import Actor, CampaignService
    from bot.storage.database import Database
    from tests.test_postgres import roll

    async def main(url, campaign_id, user_id, count):
        db = await Database.open(url)
        service = CampaignService(db)
        await asyncio.gather(*(
            roll(service, campaign_id, Actor(user_id=user_id), "1d6", f"p{user_id}-{i}")
            for i in range(count)
        ))
        await db.close()

    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))
    """
)


async def test_two_operating_system_processes_append_to_one_chain(pg_url):
    """Two real processes rolling at once in one campaign: every roll is in the log, in one
    unbroken chain that verifies."""
    db = await Database.open(pg_url)
    try:
        service = CampaignService(db)
        campaign = await service.create(
            guild_id=10, channel_id=22, name="Procs", ruleset_keys=[], actor=GM
        )
        for actor, name in zip(PLAYERS, ("Venice", "Genoa"), strict=True):
            await service.join(campaign.id, actor, name)
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        procs = [
            await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                ROLLER,
                pg_url,
                str(campaign.id),
                str(a.user_id),
                "60",
                env=env,
                cwd=ROOT,
            )
            for a in PLAYERS
        ]
        assert [await p.wait() for p in procs] == [0, 0]
        log = [e async for e in service.log.entries(campaign.id)]
        reasons = sorted(e.options["reason"] for e in log if e.command == "roll")
        assert reasons == sorted(f"p{a.user_id}-{i}" for a in PLAYERS for i in range(60))
        assert [e.seq for e in log] == list(range(1, len(log) + 1))
        assert (await service.log.verify(campaign.id)).ok
    finally:
        await db.close()


def bot_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=120,
    )


async def test_migrate_says_what_it_applied_then_that_nothing_is_left(postgres_server, tmp_path):
    """`python -m bot migrate` lists each migration it applied, and on a second run says the
    database is up to date; SQLite files too."""
    fresh = await postgres.fresh_database(postgres_server, template="template0")
    first = bot_command("migrate", "--database", fresh)
    again = bot_command("migrate", "--database", fresh)
    assert first.returncode == again.returncode == 0, first.stderr
    names = [p.name for _, p in migration_files()]
    assert [line.rsplit(" ", 1)[-1] for line in first.stdout.splitlines()[:-1]] == names
    assert again.stdout.strip().endswith("up to date, nothing to apply.")
    on_file = bot_command("migrate", "--database", f"sqlite:{tmp_path / 'm.db'}")
    assert on_file.returncode == 0 and f"applied {len(names):03d}" in on_file.stdout


async def test_copy_db_moves_every_campaign_and_the_copy_verifies_and_plays_on(tmp_path, pg_url):
    """`copy-db` copies a SQLite database whole into an empty PostgreSQL one and verifies
    it; the copy plays on (new entries chain on, ids continue); a second copy into the now
    full database is refused with one sentence and changes nothing."""
    path = tmp_path / "old.db"
    db = await Database.open(path)
    try:
        before = await play(CampaignService(db, dice_factory=lambda: Dice.seeded(7)))
    finally:
        await db.close()

    copied = bot_command("copy-db", "--from", f"sqlite:{path}", "--to", pg_url)
    assert copied.returncode == 0, copied.stdout + copied.stderr
    assert "Every campaign's log verifies on the target." in copied.stdout

    target = await Database.open(pg_url)
    try:
        service = CampaignService(target)
        campaign = (await target.fetchone("SELECT id FROM campaigns"))[0]
        after = [e async for e in service.log.entries(campaign)]
        assert [e.state for e in after] == [e["state"] for e in before]
        await roll(service, campaign, PLAYERS[1], "2d6", "after the move")
        await service.join(campaign, Actor(user_id=9), "Florence")
        assert (await service.log.verify(campaign)).ok
        assert (await service.get(campaign)).log_count == len(before) + 2
    finally:
        await target.close()

    refused = bot_command("copy-db", "--from", f"sqlite:{path}", "--to", pg_url)
    assert refused.returncode == 2
    assert "already holds campaigns" in refused.stdout


async def test_copy_db_keeps_the_entry_that_closed_each_question(tmp_path, pg_url):
    """A question answered on the SQLite file keeps, in the copy, the number of the entry
    that answered it: the copy's outbox sweep judges by it which questions an undo may still
    reopen (migration 013); an open one has none."""
    path = tmp_path / "old.db"
    db = await Database.open(path)
    try:
        service = CampaignService(db, dice_factory=lambda: Dice.seeded(7))
        campaign = await service.create(
            guild_id=10, channel_id=20, name="Tolls", ruleset_keys=[], actor=GM
        )
        async with service.work(campaign.id, GM) as uow:
            answered = await uow.open_choice("core", "toll", None, {})
            await uow.open_choice("core", "toll", None, {})
            await uow.append("ask")
        async with service.work(campaign.id, GM) as uow:
            await uow.close_choice(answered)
            await uow.append("answer")
        query = "SELECT id, status, closed_seq FROM pending_choices ORDER BY id"
        before = [tuple(r) for r in await db.fetchall(query)]
    finally:
        await db.close()
    assert [row[1:] for row in before] == [("done", 3), ("open", None)]

    copied = bot_command("copy-db", "--from", f"sqlite:{path}", "--to", pg_url)
    assert copied.returncode == 0, copied.stdout + copied.stderr
    target = await Database.open(pg_url)
    try:
        assert [tuple(r) for r in await target.fetchall(query)] == before
    finally:
        await target.close()


async def campaign_after_a_session(url: str) -> tuple[int, list[dict]]:
    """The id the first campaign of a database gets, and the log a short session leaves."""
    db = await Database.open(url)
    try:
        service = CampaignService(db, dice_factory=lambda: Dice.seeded(7))
        log = await play(service)
        found = await service.by_channel(20)
        assert found is not None
        return found.id, log
    finally:
        await db.close()


async def test_a_released_database_comes_back_to_the_next_test_as_a_fresh_copy(postgres_server):
    """A test's database is emptied back to the template's state (rows gone, sequences
    restarted) and handed to the next test: the same campaign id and log as the first time."""
    copy = await postgres.fresh_database(postgres_server)
    first = await campaign_after_a_session(copy)
    await postgres.release_database(postgres_server, copy)
    again = await postgres.fresh_database(postgres_server)
    try:
        assert again == copy
        assert await campaign_after_a_session(again) == first
    finally:
        await postgres.drop_database(postgres_server, again)


def _name(url: str) -> str:
    return url.split("?")[0].rsplit("/", 1)[1]


@pytest.mark.parametrize(
    "change",
    [
        "ALTER TABLE meta ADD COLUMN note TEXT",
        "CREATE TABLE leftover (id INTEGER)",
        "CREATE INDEX meta_value ON meta (value)",
        "DELETE FROM schema_migrations WHERE version = 1",
        "ALTER DATABASE {name} SET work_mem = '8MB'",
    ],
)
async def test_a_database_a_test_changed_beyond_its_rows_is_dropped_not_reused(
    postgres_server, change
):
    """Whatever emptying the tables cannot undo (the schema, the applied migrations, the
    database's settings) gets the next test a new copy, and the changed database is gone."""
    url = await postgres.fresh_database(postgres_server)
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(change.format(name=_name(url)))
    finally:
        await conn.close()
    await postgres.release_database(postgres_server, url)
    other = await postgres.fresh_database(postgres_server)
    try:
        assert other != url
        with pytest.raises(asyncpg.InvalidCatalogNameError):
            await (await asyncpg.connect(url)).close()
    finally:
        await postgres.release_database(postgres_server, other)


async def test_a_database_still_in_use_is_dropped_not_reused(postgres_server):
    """A connection a test left open could still write: the database is not handed on."""
    url = await postgres.fresh_database(postgres_server)
    left_open = await asyncpg.connect(url)
    try:
        await postgres.release_database(postgres_server, url)
        other = await postgres.fresh_database(postgres_server)
        assert other != url
        await postgres.release_database(postgres_server, other)
    finally:
        with contextlib.suppress(Exception):  # ended by the drop
            await left_open.close()
