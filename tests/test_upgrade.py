"""A campaign database written by the previous release opens and plays on: its migrations
run, the Ottoman piracy state moves its resolved piracies to the archive, the piracy still
waiting for a reward is settled, the battle is fought at the turn's end, and the log
verifies. The database is the previous release's schema (its migrations 001 and 002, which
must never change: their digests are checked) with the rows that release wrote, from
tests/fixtures/before_plugins.sql (how they were made is in its header)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

import pytest

from bot.standin import Table
from bot.storage.database import migration_files
from tests.e2e.confirming import confirmed

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "before_plugins.sql"
# The migrations the previous release had applied, by SHA-256 of their text at that release
# (commit e8b806a). An applied migration is never edited: a database already past it would
# never see the edit.
RELEASED_MIGRATIONS = {
    1: "7080e99948872899664e4a28637fd09057f622d2067fd873ab1514118260d652",
    2: "1477a5b0db2752b6a5ac69e58fb8a03762cc5cdbb383506b349be638f84338ae",
}
# The previous release wrote SQLite files only (a PostgreSQL database starts migrated, or
# comes from `copy-db` of an upgraded file).
SQLITE_ONLY = pytest.mark.parametrize("database_target", ["sqlite"], indirect=True)


@pytest.fixture
def old_database(database_target: Path) -> Path:
    """The previous release's database where the stand-in's bot will open its own."""
    path = database_target
    conn = sqlite3.connect(path)
    for version, migration in migration_files():
        if version in RELEASED_MIGRATIONS:
            conn.executescript(migration.read_text(encoding="utf-8"))
    conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    conn.close()
    return path


def test_the_migrations_the_previous_release_applied_are_unchanged() -> None:
    texts = {version: path.read_bytes() for version, path in migration_files()}
    digests = {v: hashlib.sha256(texts[v]).hexdigest() for v in RELEASED_MIGRATIONS}
    assert digests == RELEASED_MIGRATIONS


@SQLITE_ONLY
async def test_a_campaign_from_the_previous_release_opens_and_plays_on(
    old_database: Path, table: Table
):
    info = await table.slash("/campaign info", as_="player1")
    assert not info.ephemeral, info.text()
    assert "Old Sea" in info.text()

    # The question the old release posted is not in this fresh stand-in's channel: the
    # answer says what the GM forced, and the settled story is posted anew.
    forced = await confirmed(table, "/corsairs force", as_="gm")
    assert not forced.ephemeral and "forced by the GM" in forced.embed.description
    assert "forced by the GM" in table.channel_messages()[-1].embed.field("Rewards")
    again = await confirmed(table, "/corsairs force", as_="gm")
    assert again.ephemeral and "No piracy is waiting for a reward." in again.text()
    status = await table.slash("/corsairs status", as_="player1")
    assert status.embed.field("Ottoman piracy VP") == "1/10"  # OP-I10: the hit forced to VP

    question = await table.slash("/turn end", as_="gm")
    ended = await table.click(question, "End turn 1", as_="gm")
    assert "Battle #1" in ended.text()
    verified = await table.slash("/history verify", as_="player2")
    assert "❌" not in verified.text(), verified.text()

    conn = sqlite3.connect(old_database)
    state = json.loads(
        conn.execute("SELECT state FROM ruleset_state WHERE ruleset = 'ottoman_piracy'").fetchone()[
            0
        ]
    )
    archived = conn.execute(
        "SELECT seq FROM ruleset_archive WHERE ruleset = 'ottoman_piracy' ORDER BY seq"
    ).fetchall()
    conn.close()
    assert "piracies" not in state and state["pending_piracy"] is None
    assert archived == [(1,), (2,)]
