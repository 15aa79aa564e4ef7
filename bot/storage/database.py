"""The SQLite database: connections, pragmas, numbered migrations and one-writer transactions.

One writer connection serialised by a lock (every write is a whole unit of work inside
BEGIN IMMEDIATE … COMMIT) and one reader connection that only ever sees committed data (WAL).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.paths import data_dir

MIGRATION_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


def utc_now() -> str:
    """The current time as an ISO-8601 UTC string (what the database stores)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def migration_files(folder: Path | None = None) -> list[tuple[int, Path]]:
    """The numbered migrations in order."""
    folder = folder or data_dir() / "migrations"
    found = []
    for path in folder.glob("*.sql"):
        match = MIGRATION_NAME.match(path.name)
        if match:
            found.append((int(match.group(1)), path))
    return sorted(found)


async def _configure(conn: aiosqlite.Connection) -> None:
    await conn.execute("PRAGMA journal_mode=WAL")
    await conn.execute("PRAGMA foreign_keys=ON")
    await conn.execute("PRAGMA busy_timeout=5000")
    await conn.execute("PRAGMA synchronous=NORMAL")


class Database:
    """An open Privateer database."""

    def __init__(
        self, path: Path, writer: aiosqlite.Connection, reader: aiosqlite.Connection
    ) -> None:
        self.path = path
        self._writer = writer
        self._reader = reader
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        """Open (creating if needed) and migrate the database at `path`."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = await aiosqlite.connect(path, isolation_level=None)
        writer.row_factory = aiosqlite.Row
        await _configure(writer)
        await cls._migrate(writer)
        reader = await aiosqlite.connect(path, isolation_level=None)
        reader.row_factory = aiosqlite.Row
        await _configure(reader)
        return cls(path, writer, reader)

    @staticmethod
    async def _migrate(conn: aiosqlite.Connection) -> None:
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations "
            "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
        )
        async with conn.execute("SELECT version FROM schema_migrations") as cur:
            applied = {row[0] for row in await cur.fetchall()}
        for version, path in migration_files():
            if version in applied:
                continue
            script = path.read_text(encoding="utf-8")
            # executescript commits first; the script runs inside its own transaction.
            await conn.executescript(
                "BEGIN;\n"
                + script
                + f"\nINSERT INTO schema_migrations VALUES ({version}, '{path.name}', "
                + f"'{utc_now()}');\nCOMMIT;"
            )

    async def close(self) -> None:
        """Close both connections."""
        await self._reader.close()
        await self._writer.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction: commits on success, rolls back on any exception."""
        async with self._lock:
            await self._writer.execute("BEGIN IMMEDIATE")
            try:
                yield self._writer
            except BaseException:
                await self._writer.execute("ROLLBACK")
                raise
            else:
                await self._writer.execute("COMMIT")

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[aiosqlite.Row]:
        """Read committed rows."""
        return list(await self._reader.execute_fetchall(sql, tuple(params)))

    async def fetchone(self, sql: str, params: Iterable[Any] = ()) -> aiosqlite.Row | None:
        """Read one committed row."""
        rows = await self._reader.execute_fetchall(sql, tuple(params))
        return next(iter(rows), None)

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
