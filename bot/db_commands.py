"""`python -m bot migrate` and `python -m bot copy-db`: the database commands for operators.

    python -m bot migrate [--database TARGET]
        Apply the migrations not yet applied (SQLite or PostgreSQL) and say which.
    python -m bot copy-db --from SOURCE --to TARGET
        Copy every campaign into an empty database of either engine and verify it there.

TARGET and SOURCE are `sqlite:PATH` (or a plain path) or a `postgresql://` URL; migrate's
default is the database the bot would open (DATABASE_URL, else DATABASE_PATH).
"""

from __future__ import annotations

import argparse
import asyncio
from pathlib import Path

from bot.config import POSTGRES_URL
from bot.config import is_postgres_url
from bot.config import url_scheme
from bot.storage.database import Database


def database_arg(text: str) -> Path | str:
    """`sqlite:PATH` or a plain path: the SQLite file; `postgresql://…`: the server. Another
    `scheme://` (a typo, another engine) is refused rather than taken for a file's path."""
    if is_postgres_url(text):
        return text
    scheme = url_scheme(text)
    if scheme is not None:
        raise argparse.ArgumentTypeError(
            f"{scheme} is not a database Privateer opens: name a SQLite file (sqlite:PATH) or a"
            f" PostgreSQL database ({POSTGRES_URL})"
        )
    return Path(text.removeprefix("sqlite:"))


def _parser(prog: str) -> argparse.ArgumentParser:
    """A parser whose help shows this module's usage lines as they are written."""
    return argparse.ArgumentParser(
        prog=prog, description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )


def _say(text: str) -> None:
    print(text)  # noqa: T201 - the operator's terminal


def migrate_main(args: list[str]) -> int:
    """Apply pending migrations to one database and list them."""
    parser = _parser("python -m bot migrate")
    parser.add_argument(
        "--database",
        type=database_arg,
        default=None,
        metavar="TARGET",
        help="sqlite:PATH or postgresql://… (default: the database the bot would open)",
    )
    options = parser.parse_args(args)
    target = options.database
    if target is None:
        from bot.config import database_target
        from bot.config import load_settings

        settings = load_settings()
        if settings is None:
            return 2
        target = database_target(settings)
    return asyncio.run(_migrate(target))


async def _migrate(target: Path | str) -> int:
    db = await Database.open(target)
    try:
        if not db.applied:
            _say(f"{db.label}: up to date, nothing to apply.")
        for version, name in db.applied:
            _say(f"{db.label}: applied {version:03d} {name}")
        if db.applied:
            _say(f"{db.label}: {len(db.applied)} migration(s) applied; now at {db.applied[-1][0]}.")
    finally:
        await db.close()
    return 0


def _remove_sqlite(path: Path | str) -> None:
    """Remove a SQLite file and the files SQLite keeps beside it."""
    for name in (str(path), f"{path}-wal", f"{path}-shm", f"{path}-journal"):
        Path(name).unlink(missing_ok=True)


def copy_main(args: list[str]) -> int:
    """Copy a whole database to an empty one and verify every campaign there."""
    parser = _parser("python -m bot copy-db")
    parser.add_argument(
        "--from",
        dest="source",
        type=database_arg,
        required=True,
        metavar="SOURCE",
        help="the database to copy: sqlite:PATH or postgresql://…",
    )
    parser.add_argument(
        "--to",
        dest="target",
        type=database_arg,
        required=True,
        metavar="TARGET",
        help="an empty database: sqlite:PATH (created) or postgresql://…",
    )
    options = parser.parse_args(args)
    return asyncio.run(_copy(options.source, options.target))


async def _copy(source_target: Path | str, target_target: Path | str) -> int:
    from bot.storage.copy import CopyRefused
    from bot.storage.copy import CopyReport
    from bot.storage.copy import copy_database

    if isinstance(source_target, Path) and not source_target.exists():
        _say(f"There is no database at {source_target}: name the SQLite file to copy from.")
        return 2
    # A SQLite file the copy creates is removed again when the copy does not happen.
    created = isinstance(target_target, Path) and not target_target.exists()
    report: CopyReport | None = None
    source = await Database.open(source_target)
    try:
        target = await Database.open(target_target)
        try:
            _say(f"Copying {source.label} → {target.label}")
            report = await copy_database(source, target, progress=lambda t: _say("  " + t))
        except CopyRefused as refused:
            _say(str(refused))
        finally:
            await target.close()
    finally:
        await source.close()
        if report is None and created:
            _remove_sqlite(target_target)
    if report is None:
        return 2
    total = sum(report.rows.values())
    _say(f"Copied {total} rows; verified {report.campaigns} campaign(s) on the target.")
    for problem in report.problems:
        _say(f"  verify: {problem}")
    if report.problems:
        _say("The copy does not verify: keep using the source and report the problems above.")
        return 1
    _say("Every campaign's log verifies on the target.")
    return 0
