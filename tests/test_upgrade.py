"""A campaign database written by the previous release opens and plays on: its migrations
run, the Ottoman piracy state moves its resolved piracies to the archive, the piracy still
waiting for a reward is settled, the battle is fought at the turn's end, and the log
verifies. The database is the previous release's schema (its migrations 001 and 002, which
must never change: their digests are checked) with the rows that release wrote, from
tests/fixtures/before_plugins.sql (how they were made is in its header)."""

from __future__ import annotations

import gzip
import hashlib
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.standin import Table
from bot.storage.database import migration_files
from bot.verify_export import verify_database
from bot.verify_export import verify_document
from tests.e2e.confirming import confirmed
from tests.e2e.play import newest_entry
from tests.e2e.play import refused_alone

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


# A database written before the state digests covered the core settings (version 2 of
# bot/storage/state_digest.py), with the rows of its migrations 001 to 014; how it was made is
# in its header.
BEFORE_CORE_DIGEST = FIXTURE.parent / "before_state_v2.sql"


def written_at_migration_14(path: Path, rows: Path) -> Path:
    """A database of migrations 001 to 014 holding the rows of `rows`, at `path`."""
    conn = sqlite3.connect(path)
    for version, migration in migration_files():
        if version <= 14:
            conn.executescript(migration.read_text(encoding="utf-8"))
    conn.executescript(rows.read_text(encoding="utf-8"))
    conn.close()
    return path


@pytest.fixture
def database_before_core_digest(database_target: Path) -> Path:
    """That database where the stand-in's bot will open its own."""
    return written_at_migration_14(database_target, BEFORE_CORE_DIGEST)


def stored_json(path: Path, query: str) -> list[dict[str, Any]]:
    """The JSON text of each row `query` reads from the database at `path`, parsed."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(query).fetchall()
    finally:
        conn.close()
    return [json.loads(text) for (text,) in rows]


def newest_state(path: Path) -> dict[str, Any]:
    (found,) = stored_json(path, "SELECT state FROM actions ORDER BY seq DESC LIMIT 1")
    return found


@SQLITE_ONLY
async def test_a_log_whose_digests_predate_the_core_settings_still_verifies(
    database_before_core_digest: Path, table: Table, capsys: pytest.CaptureFixture[str]
):
    """Entries written before `core` was digested (no `version`) verify as they were, though
    their newest entry set `core.language` to ru, which their digests do not cover; the next
    entry is of version 2, and from then on a language flipped in the database is named."""
    path = database_before_core_digest
    assert "version" not in newest_state(path) and "core" not in newest_state(path)
    verified = (await table.slash("/history verify", as_="player1")).embed
    assert verified.title == "✅ Журнал цел: проверено 8 записей.", verified.description
    assert await verify_database(path) == 0
    assert capsys.readouterr().out.endswith(
        "1 of 1 campaigns verify; every roll belongs to an entry.\n"
    )
    exported = await table.slash("/history export", as_="player1")
    (data,) = [a for a in exported.attachments if a.filename.endswith(".json.gz")]
    verdict = verify_document(json.loads(gzip.decompress(data.data)))
    assert verdict.ok and verdict.count == 8  # offline too, with the state's `core` in it

    rolled = await table.slash("/roll dice:2d6 reason:upgrade", as_="player1")
    assert not rolled.ephemeral, rolled.text()
    assert newest_state(path)["version"] == 2
    verified = (await table.slash("/history verify", as_="player1")).embed
    assert verified.title == "✅ Журнал цел: проверено 9 записей.", verified.description

    conn = sqlite3.connect(path)
    with conn:
        conn.execute("UPDATE campaigns SET language = 'en'")
    conn.close()
    verified = (await table.slash("/history verify", as_="player1")).embed
    assert verified.title == "❌ The log has been tampered with"
    assert verified.description == (
        "The stored campaign state (core) differs from the digest in entry #9, the newest: "
        "it was changed outside the bot."
    )
    assert await verify_database(path) == 1


# A database written while each piracy marker kept its zone's key (`zone_key`) in the stored
# Ottoman piracy state: its newest entry's digest covers that state; how it was made is in
# its header.
MARKER_ZONE_KEY = FIXTURE.parent / "marker_zone_key.sql"


@pytest.fixture
def database_with_marker_keys(database_target: Path) -> Path:
    """That database where the stand-in's bot will open its own."""
    return written_at_migration_14(database_target, MARKER_ZONE_KEY)


def stored_markers(path: Path) -> list[dict[str, Any]]:
    (state,) = stored_json(path, "SELECT state FROM ruleset_state WHERE ruleset = 'ottoman_piracy'")
    markers: list[dict[str, Any]] = state["piracy_markers"]
    return markers


def archived_zone_keys(path: Path) -> list[str | None]:
    """Each archived piracy's stored `zone_key`, by piracy (None: the record has none)."""
    query = "SELECT body FROM ruleset_archive WHERE ruleset = 'ottoman_piracy' ORDER BY seq"
    return [body.get("zone_key") for body in stored_json(path, query)]


@SQLITE_ONLY
async def test_a_marker_saved_with_its_zone_key_blocks_its_zone_and_the_log_verifies(
    database_with_marker_keys: Path, table: Table, capsys: pytest.CaptureFixture[str]
):
    """OP-1.4: the Aegean Sea's marker, saved with its zone's key, still marks the zone and
    the log verifies as written (reading the state writes nothing). The next piracy, in the
    Ionian Sea, stores the markers and its record without the key, which is read from the
    zone; the archived record of piracy #1 keeps its own, and the log verifies on."""
    path = database_with_marker_keys
    assert [m["zone_key"] for m in stored_markers(path)] == ["aegean_sea"]
    assert archived_zone_keys(path) == ["aegean_sea"]
    verified = (await table.slash("/history verify", as_="player1")).embed
    assert verified.title == "✅ The log is intact: 8 entries verified.", verified.description
    status = await table.slash("/corsairs status", as_="gm")
    assert status.embed.field("Piracy markers this turn") == "Aegean Sea (1 piracy)"
    said = await refused_alone(
        table, "/corsairs piracy zone:Aegean sea. target:hapsburg corsairs:2", "player1"
    )
    assert said.startswith("The Ottomans already initiated piracy in Aegean Sea this turn"), said

    table.script_dice([1])  # the Ottoman die: no hit
    declared = await table.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2", as_="player1"
    )

    assert not declared.ephemeral, declared.text()
    assert stored_markers(path) == [
        {"sea_zone": "Aegean Sea", "turn": 1, "piracy_ids": [1]},
        {"sea_zone": "Ionian Sea", "turn": 1, "piracy_ids": [2]},
    ]
    assert archived_zone_keys(path) == ["aegean_sea", None]
    verified = (await table.slash("/history verify", as_="player1")).embed
    assert verified.title == "✅ The log is intact: 9 entries verified.", verified.description
    assert await verify_database(path) == 0
    assert capsys.readouterr().out.endswith(
        "1 of 1 campaigns verify; every roll belongs to an entry.\n"
    )


@SQLITE_ONLY
async def test_entries_of_the_previous_release_show_every_option_they_logged(
    old_database: Path, table: Table
):
    """An entry logged by the previous release keeps every option it logged in
    `/history show`, also those today's command names otherwise; a forced reward shows the
    piracy it settled."""
    piracy = await table.slash("/history show entry:7", as_="player2")
    assert piracy.embed.field("Options").split("\n") == [
        "**corsairs**: 2",
        "**fortified_spaces**: —",
        "**naval_leaders**: barbarossa",
        "**ottoman_squadrons**: 0",
        "**sea_zone**: Aegean Sea",
        "**squadrons**: —",
        "**target**: Hapsburgs",
        "**target_ports**: 1",
    ]
    attack = await table.slash("/history show entry:12", as_="player2")
    assert "**attacker**: Ottomans" in attack.embed.field("Options").split("\n")

    await confirmed(table, "/corsairs force", as_="gm")
    page = await table.slash("/history list", as_="player2")
    forced = await table.slash(
        f"/history show entry:{newest_entry(page, 'corsairs force')}", as_="player2"
    )
    assert forced.embed.field("Options").split("\n") == [
        "**answer**: Force default (GM)",
        "**hit**: 1",
        "**piracy**: 2",
    ]
