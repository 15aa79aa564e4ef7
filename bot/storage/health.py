"""Start-up checks of the database file: damaged, read-only, or written by a newer version.

Each failure is a `DatabaseUnusable` whose message is one sentence for the bot's operator
(catalog `database.*`: English at start-up, the language asked for by `python -m bot verify
--database`). The checks run before the bot writes anything, so a database that fails one
is never written.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import aiosqlite

from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import Msg

# SQLite's names for "the file is damaged" (sqlite3.Error.sqlite_errorname, base codes).
DAMAGE_ERRORS = frozenset({"SQLITE_CORRUPT", "SQLITE_NOTADB"})
# Problems listed by quick_check beyond this many are summarised by their count.
SHOWN_PROBLEMS = 3


class DatabaseUnusable(Exception):
    """The database cannot be used as it is: `message` is one sentence saying why and what to
    do, `str()` its English text."""

    def __init__(self, message: Msg) -> None:
        super().__init__(message.render(DEFAULT_LANGUAGE))
        self.message = message


class DatabaseDamaged(DatabaseUnusable):
    """SQLite reports the file as damaged (integrity check failed, malformed pages)."""


class DatabaseReadOnly(DatabaseUnusable):
    """The file, its -wal/-shm files or their folder cannot be written."""


class DatabaseTooNew(DatabaseUnusable):
    """A migration this code does not know was applied: a newer version wrote the database."""


class DatabaseUnreachable(DatabaseUnusable):
    """The database cannot be reached or read: a PostgreSQL server down, refusing the login
    or without the database named; a SQLite file its user may not read."""


class NotPrivateerDatabase(DatabaseUnusable):
    """Opened to be read only (`Database.open_read_only`): no Privateer schema in it (an
    empty SQLite file, another program's database, a file that is no database)."""

    def __init__(self, label: str) -> None:
        super().__init__(Msg("database.not_privateer", path=label))


class DatabaseBehind(DatabaseUnusable):
    """Opened to be read only: an older version of Privateer wrote it, and the migrations
    this version would apply are missing."""


def base_error_name(error: sqlite3.Error) -> str:
    """`SQLITE_CORRUPT` for `SQLITE_CORRUPT_INDEX` and the like ('' when SQLite gave none)."""
    name = getattr(error, "sqlite_errorname", None) or ""
    parts = name.split("_")
    return "_".join(parts[:2]) if len(parts) > 2 else name


def is_damage(error: BaseException) -> bool:
    """True when SQLite says the database file is damaged."""
    return isinstance(error, sqlite3.DatabaseError) and base_error_name(error) in DAMAGE_ERRORS


def is_read_only(error: BaseException) -> bool:
    """True when SQLite refused a write because a file or folder is read-only."""
    return isinstance(error, sqlite3.Error) and base_error_name(error) == "SQLITE_READONLY"


def companion_files(path: Path) -> tuple[Path, Path]:
    """The WAL-mode files SQLite keeps beside the database."""
    return Path(f"{path}-wal"), Path(f"{path}-shm")


def unwritable_paths(path: Path) -> list[Path]:
    """The database's folder and files (those that exist) that this process cannot write."""
    folder = path.parent
    found = [] if os.access(folder, os.W_OK | os.X_OK) else [folder]
    for file in (path, *companion_files(path)):
        if file.exists() and not os.access(file, os.W_OK):
            found.append(file)
    return found


def read_only_failure(path: Path, detail: str | None = None) -> DatabaseReadOnly:
    """The sentence for a database that cannot be written, naming what is read-only."""
    culprits = unwritable_paths(path)
    named: str | Msg = ", ".join(str(p) for p in culprits)
    if not culprits:
        named = Msg("database.path_or_folder", path=str(path))
    if detail:
        return DatabaseReadOnly(
            Msg("database.read_only_sqlite", path=str(path), named=named, detail=detail)
        )
    return DatabaseReadOnly(Msg("database.read_only", path=str(path), named=named))


def damage_failure(path: Path, problems: list[str]) -> DatabaseDamaged:
    """The sentence for a database that failed its integrity check."""
    shown: str | Msg = "; ".join(problems[:SHOWN_PROBLEMS])
    if len(problems) > SHOWN_PROBLEMS:
        shown = Msg("database.damaged_more", problems=shown, count=len(problems) - SHOWN_PROBLEMS)
    return DatabaseDamaged(Msg("database.damaged", path=str(path), problems=shown))


def check_writable_before_open(path: Path) -> None:
    """Refuse a read-only database before SQLite opens it.

    SQLite would open a read-only file read-only without a word and create its -wal and -shm
    files read-only too, so they would stay read-only after the database is fixed.
    """
    if unwritable_paths(path):
        raise read_only_failure(path)


async def check_integrity(conn: aiosqlite.Connection, path: Path) -> None:
    """`PRAGMA quick_check`: every page and index readable and well-formed (O(N), no writes)."""
    try:
        rows = await conn.execute_fetchall("PRAGMA quick_check")
    except sqlite3.Error as error:
        if is_damage(error):
            raise damage_failure(path, [str(error)]) from error
        if is_read_only(error):
            raise read_only_failure(path, str(error)) from error
        raise
    problems = [str(row[0]) for row in rows]
    if problems != ["ok"]:
        raise damage_failure(path, problems)


async def applied_migrations(conn: aiosqlite.Connection) -> list[tuple[int, str]] | None:
    """The (version, name) of each migration applied to a SQLite database; None when it has
    no `schema_migrations` table (a new file, or no Privateer database)."""
    exists = await conn.execute_fetchall(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'"
    )
    if not list(exists):
        return None
    rows = await conn.execute_fetchall("SELECT version, name FROM schema_migrations")
    return [(int(row[0]), str(row[1])) for row in rows]


async def check_version(conn: aiosqlite.Connection, path: Path, known: dict[int, str]) -> None:
    """Refuse a database with an applied migration this code does not know (a newer version)."""
    applied = await applied_migrations(conn)
    if applied is not None:
        refuse_newer(str(path), applied, known)


def refuse_other_version(label: str, applied: list[tuple[int, str]], known: dict[int, str]) -> None:
    """A database opened to be read only is this version's: `DatabaseTooNew` when a newer
    version wrote it, `DatabaseBehind` when an older one did (it is not migrated)."""
    refuse_newer(label, applied, known)
    refuse_behind(label, {version for version, _ in applied}, known)


def refuse_behind(label: str, applied: set[int], known: dict[int, str]) -> None:
    """`DatabaseBehind` when a migration this code knows is not applied (a database opened
    to be read only is not migrated)."""
    missing = sorted(set(known) - applied)
    if not missing:
        return
    version = max(applied, default=0)
    raise DatabaseBehind(Msg("database.behind", path=label, version=version, known=max(known)))


def refuse_newer(label: str, applied: list[tuple[int, str]], known: dict[int, str]) -> None:
    """`DatabaseTooNew` when an applied (version, name) is one this code does not know."""
    unknown = sorted((v, name) for v, name in applied if v not in known)
    if not unknown:
        return
    newest, name = unknown[-1]
    ours = max(known, default=0)
    raise DatabaseTooNew(Msg("database.too_new", path=label, version=newest, name=name, known=ours))


async def check_writable(conn: aiosqlite.Connection, path: Path) -> None:
    """Write a probe table and roll it back: SQLite opens a read-only file without complaint.

    `BEGIN IMMEDIATE` alone succeeds on a read-only file; the first page written fails.
    """
    try:
        await conn.execute("BEGIN IMMEDIATE")
    except sqlite3.Error as error:
        if is_read_only(error):
            raise read_only_failure(path, str(error)) from error
        if base_error_name(error) == "SQLITE_BUSY":
            return  # another process is writing; the migrations wait for it in turn
        raise
    try:
        await conn.execute("CREATE TABLE privateer_write_probe (x INTEGER)")
    except sqlite3.Error as error:
        if is_read_only(error):
            raise read_only_failure(path, str(error)) from error
        raise
    finally:
        await conn.execute("ROLLBACK")
