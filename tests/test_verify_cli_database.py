"""`python -m bot verify` as an operator runs it on what they have at hand: `--database`
only reads the database it checks (an empty or another program's SQLite file gets no table,
an older version's schema is not upgraded), and each mistake has the exit code its list
(`EXIT_CODES`, README) gives it: a missing part of a split export and a server that cannot
be reached are "no file (or database) to read" (3); a file or database that is not the
bot's is 4."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

import asyncpg
import pytest

from bot.storage.database import migration_files
from bot.storage.health import DatabaseBehind
from bot.storage.health import NotPrivateerDatabase
from bot.verify_export import FAILED
from bot.verify_export import NOT_AN_EXPORT
from bot.verify_export import UNREADABLE
from bot.verify_export import VERIFIED
from bot.verify_export import verify_database
from tests.conftest import as_migrated
from tests.e2e.test_verify_cli import run
from tests.sqlite_damage import overwrite_root_page
from tests.test_storage import _edit_by_hand
from tests.test_storage import bump
from tests.test_storage import new_campaign
from tests.test_storage import service  # noqa: F401 - a fixture (its counter ruleset)

NOT_OURS = (
    "{} is not a Privateer database (it holds none of the bot's tables), so it was not "
    "checked; nothing was written to it."
)


def sqlite_tables(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        return [str(r[0]) for r in rows]


def test_an_empty_or_foreign_sqlite_file_is_not_checked_nor_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """An empty file, another program's SQLite database and a text file are each "not a
    Privateer database" (4), in the language asked for, and stay as they were."""
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    assert run(["--database", str(empty)], capsys) == (NOT_AN_EXPORT, [NOT_OURS.format(empty)])
    assert empty.read_bytes() == b""

    foreign = tmp_path / "notes.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('buy rum')")
    conn.close()
    code, lines = run(["--database", f"sqlite:{foreign}", "--lang", "ru"], capsys)
    assert (code, lines) == (
        NOT_AN_EXPORT,
        [
            f"{foreign} — не база данных Privateer (в ней нет таблиц бота), поэтому она не "
            "проверялась; в неё ничего не записано."
        ],
    )
    assert sqlite_tables(foreign) == ["notes"]

    text = tmp_path / "notes.txt"
    text.write_text("my notes, not a database", encoding="utf-8")
    assert run(["--database", str(text)], capsys) == (NOT_AN_EXPORT, [NOT_OURS.format(text)])
    assert text.read_text(encoding="utf-8") == "my notes, not a database"


def test_a_missing_part_and_an_unreachable_server_have_nothing_to_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """The first part of a split export that is not there is a missing file (3), named as
    one; a PostgreSQL server nobody listens for is 3 too."""
    part = tmp_path / "campaign-log.json.gz.001"
    assert run([str(part)], capsys) == (
        UNREADABLE,
        [
            f"There is no file {part}: name the export /history export gave (its .json.gz, "
            "its .json, or the parts of a split one)."
        ],
    )
    code, lines = run(["--database", "postgresql://nobody@127.0.0.1:1/privateer"], capsys)
    assert code == UNREADABLE
    assert lines[0].startswith(
        "The PostgreSQL database postgresql://nobody@127.0.0.1:1/privateer cannot be opened"
    ), lines


def test_an_older_versions_sqlite_database_is_not_upgraded(
    tmp_path: Path, sqlite_template: Path, capsys: pytest.CaptureFixture[str]
):
    """A bot database whose newest migration is not applied is told to come from an older
    version (4) and is left at its version: the check never migrates."""
    path = tmp_path / "old.db"
    as_migrated(path, sqlite_template)
    newest = max(version for version, _ in migration_files())
    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM schema_migrations WHERE version = ?", (newest,))
    conn.close()
    code, lines = run(["--database", str(path)], capsys)
    assert code == NOT_AN_EXPORT
    assert lines[0].startswith(f"The database {path} was written by an older version"), lines
    with sqlite3.connect(path) as conn:
        versions = {int(r[0]) for r in conn.execute("SELECT version FROM schema_migrations")}
    conn.close()
    assert newest not in versions


def test_a_database_that_cannot_be_checked_is_told_in_the_language_asked_for(
    tmp_path: Path, sqlite_template: Path, capsys: pytest.CaptureFixture[str]
):
    """Under `--lang ru` each sentence refusing a database is Russian, as the verdict is: a
    server nobody listens for (3), an older version's database, a newer version's and a
    damaged one (4)."""
    url = "postgresql://nobody@127.0.0.1:1/privateer"
    code, lines = run(["--database", url, "--lang", "ru"], capsys)
    assert code == UNREADABLE
    assert lines[0].startswith(f"Базу данных PostgreSQL {url} не удаётся открыть ("), lines
    assert lines[0].endswith("и что база данных существует."), lines

    newest = max(version for version, _ in migration_files())
    older = tmp_path / "old.db"
    as_migrated(older, sqlite_template)
    with sqlite3.connect(older) as conn:
        conn.execute("DELETE FROM schema_migrations WHERE version = ?", (newest,))
    conn.close()
    assert run(["--database", str(older), "--lang", "ru"], capsys) == (
        NOT_AN_EXPORT,
        [
            f"Базу данных {older} записала более старая версия Privateer (версия схемы "
            f"{newest - 1}; эта версия знает версии до {newest}), а здесь её только читают и "
            "не обновляют: запустите на ней бота один раз (он обновит схему) или проверьте её "
            "той версией, которая её записала."
        ],
    )

    newer = tmp_path / "new.db"
    as_migrated(newer, sqlite_template)
    with sqlite3.connect(newer) as conn:
        conn.execute("INSERT INTO schema_migrations VALUES (999, '999_later.sql', '2027-01-01')")
    conn.close()
    assert run(["--database", str(newer), "--lang", "ru"], capsys) == (
        NOT_AN_EXPORT,
        [
            f"Базу данных {newer} записала более новая версия Privateer: в ней версия схемы "
            f"999 (999_later.sql), а эта версия знает версии до {newest}; запустите более "
            "новую версию или восстановите резервную копию, сделанную до обновления."
        ],
    )

    damaged = tmp_path / "damaged.db"
    as_migrated(damaged, sqlite_template)
    overwrite_root_page(damaged, "meta")
    code, lines = run(["--database", str(damaged), "--lang", "ru"], capsys)
    assert code == NOT_AN_EXPORT
    assert lines[0].startswith(f"База данных {damaged} повреждена (SQLite: "), lines
    assert lines[0].endswith(
        "бот в неё не писал: восстановите её из резервной копии или почините командой "
        ".recover программы sqlite3."
    ), lines


async def around_the_bot(target: Path | str, sql: str) -> None:
    """Run a statement on the database as another program would."""
    if isinstance(target, str):
        conn = await asyncpg.connect(target)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()
        return
    with sqlite3.connect(target) as lite:
        lite.execute(sql)
    lite.close()


async def migrations_of(target: Path | str) -> set[int] | None:
    """The migrations applied to the database, read around the bot; None with no table."""
    if isinstance(target, str):
        conn = await asyncpg.connect(target)
        try:
            if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
                return None
            return {int(r[0]) for r in await conn.fetch("SELECT version FROM schema_migrations")}
        finally:
            await conn.close()
    with sqlite3.connect(target) as lite:
        names = [r[0] for r in lite.execute("SELECT name FROM sqlite_master")]
        found = None
        if "schema_migrations" in names:
            found = {int(r[0]) for r in lite.execute("SELECT version FROM schema_migrations")}
    lite.close()
    return found


async def test_a_database_is_only_read(
    database_target: Path | str, sqlite_template: Path, capsys: pytest.CaptureFixture[str]
):
    """On each engine: the bot's database verifies; with its newest migration taken out it is
    an older version's, and stays so; with no schema of the bot's at all it is not a
    Privateer database, and no table is created in it."""
    as_migrated(database_target, sqlite_template)
    assert await verify_database(database_target) == VERIFIED
    assert capsys.readouterr().out.endswith(
        ": 0 of 0 campaigns verify; every roll belongs to an entry.\n"
    )
    newest = max(version for version, _ in migration_files())
    await around_the_bot(database_target, f"DELETE FROM schema_migrations WHERE version = {newest}")
    with pytest.raises(DatabaseBehind):
        await verify_database(database_target)
    assert newest not in (await migrations_of(database_target) or set())

    await around_the_bot(database_target, "DROP TABLE schema_migrations")
    with pytest.raises(NotPrivateerDatabase):
        await verify_database(database_target)
    assert await migrations_of(database_target) is None


async def test_the_summary_agrees_with_the_campaigns_that_verify(
    service,  # noqa: F811 - the fixture
    database_target: Path | str,
    capsys: pytest.CaptureFixture[str],
):
    """Three campaigns, one and then two of them edited outside the bot: the summary's verb
    and noun agree with the campaigns that pass, in Russian «проверку прошли 2 кампании из
    3», then «проверку прошла 1 кампания из 3»; in English "1 of 3 campaigns verify"."""
    campaigns = [await new_campaign(service, channel_id=100 + i) for i in range(3)]
    for campaign in campaigns:
        await bump(service, campaign.id)
    rolls = "; каждый бросок принадлежит записи."
    forged = "UPDATE actions SET command = 'forged' WHERE campaign_id = ? AND seq = 2"
    await _edit_by_hand(database_target, forged, (campaigns[1].id,))
    assert await verify_database(database_target, "ru") == FAILED
    assert capsys.readouterr().out.endswith(f": проверку прошли 2 кампании из 3{rolls}\n")
    await _edit_by_hand(database_target, forged, (campaigns[2].id,))
    assert await verify_database(database_target, "ru") == FAILED
    assert capsys.readouterr().out.endswith(f": проверку прошла 1 кампания из 3{rolls}\n")
    assert await verify_database(database_target) == FAILED
    assert capsys.readouterr().out.endswith(
        ": 1 of 3 campaigns verify; every roll belongs to an entry.\n"
    )


EMPTY_VERIFIES = ": 0 of 0 campaigns verify; every roll belongs to an entry."


def test_a_sqlite_database_at_rest_is_read_with_no_file_left_beside_it(
    tmp_path: Path, sqlite_template: Path, capsys: pytest.CaptureFixture[str]
):
    """A database no bot has open (no `-wal` beside it) verifies, and the folder holds the
    database alone afterwards: no `-shm` or `-wal` of the check's own is left there."""
    path = tmp_path / "campaigns.db"
    as_migrated(path, sqlite_template)
    before = path.read_bytes()
    code, lines = run(["--database", str(path)], capsys)
    assert (code, lines) == (VERIFIED, [f"{path}{EMPTY_VERIFIES}"])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["campaigns.db"]
    assert path.read_bytes() == before


def test_a_sqlite_database_in_a_folder_the_checker_may_not_write_is_read(sqlite_template: Path):
    """An operator checks a database on a read-only mount, or in the bot's folder as another
    user: it verifies (it used to be "cannot be read", 4), and nothing appears beside it.
    Root writes anywhere, so as root the check runs as `nobody`."""
    command = [sys.executable, "-m", "bot", "verify", "--database"]
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("root without setpriv cannot check as a user the folder refuses")
        command[:0] = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
        probe = subprocess.run(
            [*command[:4], sys.executable, "-c", "import bot"],
            cwd=Path(__file__).resolve().parents[1],
            capture_output=True,
            check=False,
        )
        if probe.returncode != 0:  # a checkout under a folder only root may enter
            pytest.skip("the user `nobody` cannot read this checkout")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campaigns.db"
        shutil.copyfile(sqlite_template, path)
        path.chmod(0o444)
        Path(folder).chmod(0o555)
        try:
            done = subprocess.run(
                [*command, str(path)],
                cwd=Path(__file__).resolve().parents[1],
                capture_output=True,
                text=True,
                check=False,
                env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
            )
            assert (done.returncode, done.stdout) == (VERIFIED, f"{path}{EMPTY_VERIFIES}\n"), (
                done.stdout + done.stderr
            )
            assert [p.name for p in Path(folder).iterdir()] == ["campaigns.db"]
        finally:
            Path(folder).chmod(0o755)


async def test_a_live_bots_sqlite_database_is_read_with_its_latest_commits(
    service,  # noqa: F811 - the fixture
    database_target: Path | str,
    capsys: pytest.CaptureFixture[str],
):
    """While the bot has its database open (its `-wal` holds commits not yet copied into
    the file), the check reads through the bot's `-wal`: the campaign just created is
    counted, and the bot's `-wal` stays for the bot."""
    if not isinstance(database_target, Path):
        pytest.skip("a SQLite file's `-wal`")
    await new_campaign(service)
    wal = Path(f"{database_target}-wal")
    assert wal.exists()
    assert await verify_database(database_target) == VERIFIED
    assert capsys.readouterr().out.endswith(
        ": 1 of 1 campaigns verify; every roll belongs to an entry.\n"
    )
    assert wal.exists()
