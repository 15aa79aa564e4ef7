"""`python -m bot migrate` and `copy-db` (README "SQLite or PostgreSQL") given wrong input: one
sentence, a non-zero exit, and nothing written anywhere."""

from __future__ import annotations

import asyncio
import io
import sqlite3

import pytest

from bot.__main__ import main
from bot.db_commands import copy_main
from bot.db_commands import migrate_main
from bot.standin import terminal
from bot.storage.database import Database

ORPHAN_ROLL = (
    "INSERT INTO rolls (action_id, idx, purpose, notation, sides, faces, modifier, total) "
    "VALUES (999, 0, 'forged', '1d6', 6, '6', 0, 6)"
)


@pytest.fixture(autouse=True)
def in_a_folder_of_its_own(tmp_path, monkeypatch):
    """A relative path would land here: the tests see whatever a command created."""
    monkeypatch.chdir(tmp_path)


def migrated(path):
    async def open_and_close() -> None:
        await (await Database.open(path)).close()

    asyncio.run(open_and_close())
    return path


@pytest.mark.parametrize(
    "url", ["mysql://bot:secret@db/privateer", "postgresq://bot:secret@db/privateer"]
)
def test_a_url_of_another_engine_is_refused_not_taken_for_a_file(tmp_path, capsys, url):
    """A mistyped or foreign URL is neither `sqlite:PATH` nor PostgreSQL: refused before
    anything is opened, instead of a new SQLite file under a folder named `mysql:`."""
    source = migrated(tmp_path / "source.db")
    before = sorted(tmp_path.iterdir())

    with pytest.raises(SystemExit) as copy_exit:
        copy_main(["--from", f"sqlite:{source}", "--to", url])
    with pytest.raises(SystemExit) as migrate_exit:
        migrate_main(["--database", url])

    assert copy_exit.value.code == migrate_exit.value.code == 2
    error = capsys.readouterr().err
    scheme = url.partition("://")[0]
    assert f"{scheme}:// is not a database Privateer opens" in error
    assert "secret" not in error
    assert sorted(tmp_path.iterdir()) == before


def test_a_refused_copy_leaves_no_target_behind(tmp_path, capsys):
    """A source holding a roll of no entry is refused, and the SQLite file the copy would
    have filled is not left behind, empty and migrated."""
    source = migrated(tmp_path / "source.db")
    with sqlite3.connect(source) as conn:  # written outside the bot: no foreign key checked
        conn.execute("PRAGMA foreign_keys = OFF")
        conn.execute(ORPHAN_ROLL)
    target = tmp_path / "target.db"

    assert copy_main(["--from", f"sqlite:{source}", "--to", f"sqlite:{target}"]) == 2

    assert "holds a roll of no entry" in capsys.readouterr().out
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("target")] == []


def test_a_refused_copy_into_a_full_database_leaves_it_as_it_was(tmp_path, capsys):
    """The target that already holds campaigns (here: the source itself) is kept, untouched."""
    source = migrated(tmp_path / "source.db")
    with sqlite3.connect(source) as conn:
        conn.execute(
            "INSERT INTO campaigns (guild_id, channel_id, name, rulesets, created_by, log_head, "
            "created_at) VALUES (1, 2, 'X', '[]', 3, '', '2026-01-01')"
        )
    size = source.stat().st_size

    assert copy_main(["--from", f"sqlite:{source}", "--to", f"sqlite:{source}"]) == 2

    assert "already holds campaigns" in capsys.readouterr().out
    assert source.stat().st_size == size


@pytest.mark.parametrize(
    ("command", "usage"),
    [
        (migrate_main, "    python -m bot migrate [--database TARGET]"),
        (copy_main, "    python -m bot copy-db --from SOURCE --to TARGET"),
    ],
)
def test_help_shows_the_usage_lines_as_written(capsys, command, usage):
    """`--help` keeps the docstring's lines (not one reflowed paragraph) and names the
    arguments as README does (TARGET, SOURCE)."""
    with pytest.raises(SystemExit):
        command(["--help"])
    out = capsys.readouterr().out
    assert usage in out.splitlines()
    assert "TARGET" in out.splitlines()[0]


@pytest.mark.usefixtures("keep_logging")  # tests/conftest.py
def test_a_database_copied_by_copy_db_plays_on_in_the_stand_in(tmp_path, capsys):
    """The command-sync record belongs to what a bot synced to its Discord, not to the
    campaigns: the copy holds none, so the bot on it syncs its commands at its first start
    (here: to the stand-in, which never saw them) and a player's command is answered."""
    script = tmp_path / "play.txt"
    script.write_text(
        "as gm\n/campaign create name:Moved rulesets:ottoman_piracy\n/roll dice:1d4\n",
        encoding="utf-8",
    )
    out = io.StringIO()
    assert terminal.main(["--script", str(script), "--db", str(tmp_path / "a.db")], out=out) == 0
    assert copy_main(["--from", str(tmp_path / "a.db"), "--to", str(tmp_path / "b.db")]) == 0
    capsys.readouterr()
    script.write_text("/roll dice:1d4 reason:after the move\n", encoding="utf-8")
    again = io.StringIO()

    status = terminal.main(["--script", str(script), "--db", str(tmp_path / "b.db")], out=again)

    assert status == 0, again.getvalue()
    assert "after the move" in again.getvalue()


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        (
            "postgresql://bot:secret@127.0.0.1:notaport/privateer",
            "(the URL is not of the form postgresql://user:password@host:port/database)",
        ),
        ("postgresql://bot:secret@127.0.0.1:1/privateer", "(no server answers at 127.0.0.1:1)"),
    ],
)
def test_a_server_that_cannot_be_reached_is_told_in_the_operators_words(capsys, url, reason):
    """The sentence says what is wrong with the URL or the server, not Python's words
    ("invalid literal for int()", "[Errno 111] Connect call failed")."""
    assert main(["migrate", "--database", url]) == 2

    out = capsys.readouterr().out
    assert reason in out
    assert "int()" not in out and "Errno" not in out and "secret" not in out
