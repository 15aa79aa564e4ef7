"""The database: one interface, two engines.

`Database.open(target)` opens SQLite (a path: the embedded default) or PostgreSQL (a
`postgresql://` URL, bot/storage/postgres.py). Both apply the same numbered migrations
(`data/migrations/NNN_name.sql`, and the PostgreSQL text of each under
`data/migrations/postgresql/`), hand out one write transaction per unit of work
(`transaction()`, yielding a `bot.storage.sql.Conn`) and read committed rows (`fetchall`).

SQLite: one writer connection serialised by a lock (every write is a whole unit of work
inside BEGIN IMMEDIATE … COMMIT) and one reader connection that only ever sees committed data
(WAL).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sqlite3
from collections.abc import AsyncIterator
from collections.abc import Iterable
from contextlib import AbstractAsyncContextManager
from contextlib import asynccontextmanager
from contextvars import ContextVar
from datetime import UTC
from datetime import datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.config import is_postgres_url
from bot.i18n import Msg
from bot.paths import data_dir
from bot.storage.health import DatabaseReadOnly
from bot.storage.health import DatabaseUnreachable
from bot.storage.health import DatabaseUnusable
from bot.storage.health import NotPrivateerDatabase
from bot.storage.health import applied_migrations
from bot.storage.health import check_integrity
from bot.storage.health import check_version
from bot.storage.health import check_writable
from bot.storage.health import check_writable_before_open
from bot.storage.health import damage_failure
from bot.storage.health import is_damage
from bot.storage.health import is_read_only
from bot.storage.health import read_only_failure
from bot.storage.health import refuse_other_version
from bot.storage.sql import Conn
from bot.storage.sql import Dialect
from bot.storage.sql import Row
from bot.storage.sql import SqliteConn
from bot.storage.sql import WaitNotice

log = logging.getLogger(__name__)

# How long a write may wait for the write lock (this process's or another's) before the
# command is told to acknowledge its interaction: Discord drops an answer after 3 s.
WRITE_WAIT_NOTICE = 1.0

# What the running command does when its write waits that long (set once per interaction,
# bot/interactions.py `acknowledge_slow_writes`); None: nothing.
slow_write_notice: ContextVar[WaitNotice | None] = ContextVar("slow_write_notice", default=None)

MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def utc_now() -> str:
    """The current time as an ISO-8601 UTC string (what the database stores)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def migration_files(folder: Path | None = None) -> list[tuple[int, Path]]:
    """The numbered migrations in order (SQLite's by default; `postgres_migrations()` for
    PostgreSQL's texts of the same list)."""
    folder = folder or data_dir() / "migrations"
    found = []
    for path in folder.glob("*.sql"):
        match = MIGRATION_NAME.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


def postgres_migrations() -> list[tuple[int, Path]]:
    """PostgreSQL's text of each numbered migration (the same numbers and names)."""
    return migration_files(data_dir() / "migrations" / "postgresql")


SQLITE_HEADER = b"SQLite format 3\x00"  # the first bytes of every SQLite database file


def read_only_uri(path: Path) -> str:
    """The URI that opens the SQLite file at `path` to read it only (`mode=ro`).

    No `-wal` beside a WAL database: no connection has it open (SQLite removes the file when
    the last one closes), so nothing is written to it while it is read; it is read
    `immutable`, with no `-shm`/`-wal` of its own: none is left behind, and a folder the
    reader may not write (a read-only mount) does not stop it. A `-wal` beside it (a live
    bot's, or one a killed run left, holding what it committed last) is read through, as
    `mode=ro`: SQLite then uses its `-shm`, re-creating it when it is missing."""
    uri = path.resolve().as_uri() + "?mode=ro"
    return uri if Path(f"{path}-wal").exists() else uri + "&immutable=1"


async def _configure(conn: aiosqlite.Connection) -> None:
    await conn.execute("PRAGMA journal_mode=WAL")
    await conn.execute("PRAGMA foreign_keys=ON")
    await conn.execute("PRAGMA busy_timeout=5000")
    await conn.execute("PRAGMA synchronous=NORMAL")


class Database:
    """An open Privateer database (SQLite or PostgreSQL)."""

    dialect: Dialect
    # What the last open applied: (version, name) of each migration, in order.
    applied: list[tuple[int, str]]
    damage: str | None  # what the engine said when it found the database damaged

    @staticmethod
    async def open(target: Path | str) -> Database:
        """Open, check and migrate the database `target` names: a `postgresql://` URL, or
        the path of a SQLite file (created if needed).

        Raises `DatabaseUnusable` (one sentence) for a damaged, unreachable or read-only
        database or one a newer version wrote; nothing is written to it then.
        """
        if is_postgres_url(target):
            from bot.storage.postgres import PostgresDatabase

            return await PostgresDatabase.open(str(target))
        return await SqliteDatabase.open(target)

    @staticmethod
    async def open_read_only(target: Path | str) -> Database:
        """Open the database `target` names only to read it (`python -m bot verify
        --database`): nothing is written to it, not even a migration. Raises
        `DatabaseUnreachable` (no server, no login, a file that cannot be read),
        `NotPrivateerDatabase` (no Privateer schema: an empty or foreign database),
        `DatabaseBehind` (an older version's schema) or another `DatabaseUnusable`
        (damaged, a newer version's), each one sentence."""
        if is_postgres_url(target):
            from bot.storage.postgres import PostgresDatabase

            return await PostgresDatabase.open_read_only(str(target))
        return await SqliteDatabase.open_read_only(target)

    @property
    def label(self) -> str:
        """The database as a person names it (a path, or the server without its password)."""
        raise NotImplementedError

    async def close(self) -> None:
        """Close every connection."""
        raise NotImplementedError

    def note_damage(self, error: BaseException) -> None:
        """Remember that the engine found the database damaged: from then on nothing is
        written."""

    def transaction(
        self, *, on_wait: WaitNotice | None = None
    ) -> AbstractAsyncContextManager[Conn]:
        """One write transaction: commits on success, rolls back on any exception.

        When the write waits longer than `WRITE_WAIT_NOTICE` seconds (for another
        transaction of the same campaign, or of anything on SQLite), `on_wait` (default: the
        running command's `slow_write_notice`) is awaited once while the wait goes on, so the
        command can acknowledge its interaction in time.
        """
        raise NotImplementedError

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """Read committed rows."""
        raise NotImplementedError

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> Row | None:
        """Read one committed row."""
        return next(iter(await self.fetchall(sql, params)), None)

    async def get_meta(self, key: str) -> str | None:
        """A process metadata value."""
        row = await self.fetchone("SELECT value FROM meta WHERE key = ?", (key,))
        return None if row is None else str(row[0])

    async def set_meta(self, key: str, value: str) -> None:
        """Store a process metadata value."""
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO meta(key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )


class SqliteDatabase(Database):
    """A SQLite file: the embedded default."""

    dialect: Dialect = "sqlite"

    def __init__(
        self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._conn = SqliteConn(writer)
        self._lock = asyncio.Lock()
        self.damage = None
        self.applied = []

    @property
    def label(self) -> str:
        """The file's path."""
        return str(self.path)

    @classmethod
    async def open(cls, path: Path | str) -> SqliteDatabase:
        """Open (creating if needed), check and migrate the SQLite file at `path`.

        Raises `DatabaseUnusable` (one sentence) for a damaged or read-only file or one a
        newer version wrote; nothing is written to it then, and no connection stays open
        (an open aiosqlite connection is a non-daemon thread that keeps the process alive).
        """
        path = Path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DatabaseReadOnly(
                Msg("database.folder_uncreatable", path=str(path), reason=error.strerror)
            ) from error
        check_writable_before_open(path)
        try:
            return await cls._open_checked(path)
        except sqlite3.Error as error:
            if is_damage(error):
                raise damage_failure(path, [str(error)]) from error
            raise DatabaseUnusable(
                Msg("database.unopenable", path=str(path), error=str(error))
            ) from error

    @classmethod
    async def open_read_only(cls, path: Path | str) -> SqliteDatabase:
        """Open the SQLite file at `path` to read it only (`Database.open_read_only`): both
        connections are read-only, nothing is configured, created or migrated."""
        path = Path(path)
        try:
            with path.open("rb") as file:
                header = file.read(len(SQLITE_HEADER))
        except OSError as error:
            reason = error.strerror or str(error)
            raise DatabaseUnreachable(
                Msg("database.unreadable", path=str(path), reason=reason)
            ) from error
        if header != SQLITE_HEADER:  # empty, or no SQLite file at all
            raise NotPrivateerDatabase(str(path))
        uri = read_only_uri(path)  # a live bot's, through its -wal: its latest commits
        try:
            reader = await aiosqlite.connect(uri, uri=True, isolation_level=None)
        except sqlite3.Error as error:
            raise DatabaseUnreachable(
                Msg("database.unopenable_read", path=str(path), error=str(error))
            ) from error
        try:
            reader.row_factory = aiosqlite.Row
            await reader.execute("PRAGMA busy_timeout=5000")
            await check_integrity(reader, path)
            applied = await applied_migrations(reader)
            if applied is None:
                raise NotPrivateerDatabase(str(path))
            known = {v: p.name for v, p in migration_files()}
            refuse_other_version(str(path), applied, known)
            writer = await aiosqlite.connect(uri, uri=True, isolation_level=None)
        except sqlite3.Error as error:
            await reader.close()
            if is_damage(error):
                raise damage_failure(path, [str(error)]) from error
            raise DatabaseUnusable(
                Msg("database.unreadable_sqlite", path=str(path), error=str(error))
            ) from error
        except BaseException:
            await reader.close()
            raise
        writer.row_factory = aiosqlite.Row
        return cls(path, writer, reader)

    @classmethod
    async def _open_checked(cls, path: Path) -> SqliteDatabase:
        writer = await aiosqlite.connect(path, isolation_level=None)
        try:
            writer.row_factory = aiosqlite.Row
            await check_integrity(writer, path)
            await check_version(writer, path, {v: p.name for v, p in migration_files()})
            await cls._configure_writable(writer, path)
            await check_writable(writer, path)
            applied = await cls._migrate(writer)
            reader = await aiosqlite.connect(path, isolation_level=None)
            try:
                reader.row_factory = aiosqlite.Row
                await _configure(reader)
            except BaseException:
                await reader.close()
                raise
        except BaseException:
            await writer.close()
            raise
        opened = cls(path, writer, reader)
        opened.applied = applied
        return opened

    @staticmethod
    async def _configure_writable(conn: aiosqlite.Connection, path: Path) -> None:
        try:
            await _configure(conn)
        except aiosqlite.OperationalError as error:
            if is_read_only(error):
                raise read_only_failure(path, str(error)) from error
            raise

    @staticmethod
    async def _migrate(conn: aiosqlite.Connection) -> list[tuple[int, str]]:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations "
            "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        async with conn.execute("SELECT version FROM schema_migrations") as cur:
            done = {row[0] for row in await cur.fetchall()}
        applied = []
        for version, path in migration_files():
            if version in done:
                continue
            script = path.read_text(encoding="utf-8")
            # executescript commits first; the script runs inside its own transaction.
            await conn.executescript(
                "BEGIN;\n"
                + script
                + f"\nINSERT INTO schema_migrations VALUES ({version}, '{path.name}', "
                + f"'{utc_now()}');\nCOMMIT;"
            )
            applied.append((version, path.name))
        return applied

    async def close(self) -> None:
        """Close both connections."""
        await self._reader.close()
        await self._writer.close()

    def note_damage(self, error: BaseException) -> None:
        """Remember that SQLite found the file damaged: from then on nothing is written."""
        if is_damage(error) and self.damage is None:
            self.damage = str(error)

    @asynccontextmanager
    async def transaction(self, *, on_wait: WaitNotice | None = None) -> AsyncIterator[Conn]:
        """One write transaction (see `Database.transaction`); on SQLite it waits for the
        write lock (this process's, or SQLite's held by another process). Refused
        (`DatabaseDamaged`) once SQLite has reported the file damaged."""
        notice = on_wait if on_wait is not None else slow_write_notice.get()
        await self._begin(notice)
        try:
            yield self._conn
        except BaseException as error:
            self.note_damage(error)
            try:
                await self._writer.execute("ROLLBACK")
            finally:
                self._lock.release()
            raise
        else:
            try:
                await self._writer.execute("COMMIT")
            finally:
                self._lock.release()

    async def _begin(self, notice: WaitNotice | None) -> None:
        """Take the lock and open the write transaction, telling `notice` if that is slow."""
        begin = asyncio.ensure_future(self._lock_and_begin())
        try:
            if notice is not None:
                done, _ = await asyncio.wait({begin}, timeout=WRITE_WAIT_NOTICE)
                if not done:
                    try:
                        await notice()
                    except Exception:  # the write goes on; its announcement is in the outbox
                        log.exception("could not acknowledge a slow write")
            await asyncio.shield(begin)
        except BaseException:
            # Cancelled (or the notice failed hard) while the transaction was opening: let
            # it open, then give it back, so the lock never stays taken.
            with contextlib.suppress(BaseException):
                await asyncio.shield(begin)
                await self._writer.execute("ROLLBACK")
                self._lock.release()
            raise

    async def _lock_and_begin(self) -> None:
        await self._lock.acquire()
        try:
            if self.damage is not None:
                raise damage_failure(self.path, [self.damage])
            await self._writer.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._lock.release()
            raise

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """Read committed rows."""
        try:
            return list(await self._reader.execute_fetchall(sql, tuple(params)))
        except sqlite3.DatabaseError as error:
            self.note_damage(error)
            raise
