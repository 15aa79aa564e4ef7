"""Start-up checks of the database file: damaged, read-only, or written by a newer version.

Each failure is a `DatabaseUnusable` whose text is one sentence for the bot's operator. The
checks run before the bot writes anything, so a database that fails one is never written.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

# SQLite's names for "the file is damaged" (sqlite3.Error.sqlite_errorname, base codes).
DAMAGE_ERRORS = frozenset({"SQLITE_CORRUPT", "SQLITE_NOTADB"})
# Problems listed by quick_check beyond this many are summarised by their count.
SHOWN_PROBLEMS = 3


class DatabaseUnusable(Exception):
    """The database cannot be used as it is; `str()` is one sentence saying why and what to do."""


class DatabaseDamaged(DatabaseUnusable):
    """SQLite reports the file as damaged (integrity check failed, malformed pages)."""


def base_error_name(error: sqlite3.Error) -> str:
    """`SQLITE_CORRUPT` for `SQLITE_CORRUPT_INDEX` and the like ('' when SQLite gave none)."""
    name = getattr(error, "sqlite_errorname", None) or ""
    parts = name.split("_")
    return "_".join(parts[:2]) if len(parts) > 2 else name


def is_damage(error: BaseException) -> bool:
    """True when SQLite says the database file is damaged."""
    return isinstance(error, sqlite3.DatabaseError) and base_error_name(error) in DAMAGE_ERRORS


def damage_failure(path: Path, problems: list[str]) -> DatabaseDamaged:
    """The sentence for a database that failed its integrity check."""
    shown = "; ".join(problems[:SHOWN_PROBLEMS])
    if len(problems) > SHOWN_PROBLEMS:
        shown += f" (and {len(problems) - SHOWN_PROBLEMS} more problems)"
    return DatabaseDamaged(
        f"The database {path} is damaged (SQLite: {shown}); the bot did not write to it: "
        f"restore it from a backup, or repair it with sqlite3's .recover."
    )


async def check_integrity(conn: aiosqlite.Connection, path: Path) -> None:
    """`PRAGMA quick_check`: every page and index readable and well-formed (O(N), no writes)."""
    try:
        rows = await conn.execute_fetchall("PRAGMA quick_check")
    except sqlite3.Error as error:
        if is_damage(error):
            raise damage_failure(path, [str(error)]) from error
        raise
    problems = [str(row[0]) for row in rows]
    if problems != ["ok"]:
        raise damage_failure(path, problems)
