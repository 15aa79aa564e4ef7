"""PostgreSQL storage (asyncpg), for bots that outgrow one process.

Chosen by `DATABASE_URL=postgresql://…`. Several bot processes (shards) may share one server:
every write is one transaction on a pooled connection, and the writes of one campaign are
serialised by a row lock on the campaign (`SELECT … FOR UPDATE`, taken by the unit of work
and by every audit append: `lock_campaign`), not by a lock over everything, so campaigns never
wait for each other. The hash chain's next entry number comes from the locked campaign row
and the action ids from a sequence, so concurrent appends neither fork nor leave gaps.
Migrations run under an advisory lock, so processes starting together apply each once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from collections.abc import Iterable
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit
from urllib.parse import urlunsplit

import asyncpg

from bot.i18n import Msg
from bot.storage.database import WRITE_WAIT_NOTICE
from bot.storage.database import Database
from bot.storage.database import migration_files
from bot.storage.database import postgres_migrations
from bot.storage.database import slow_write_notice
from bot.storage.database import utc_now
from bot.storage.health import DatabaseUnreachable
from bot.storage.health import NotPrivateerDatabase
from bot.storage.health import refuse_newer
from bot.storage.health import refuse_other_version
from bot.storage.sql import Conn
from bot.storage.sql import Dialect
from bot.storage.sql import PgConn
from bot.storage.sql import Row
from bot.storage.sql import WaitNotice
from bot.storage.sql import to_postgresql

log = logging.getLogger(__name__)

# pg_advisory_lock key held while migrations run ("privateer" in ASCII, as a number).
MIGRATION_LOCK = 0x7072697661746565
# Connections for write transactions, and for reads of committed data: reads have their own
# pool (as SQLite has its own reader), so a read never queues behind the writes; a read
# connection goes back to its pool without asyncpg's reset round trip (`_unchanged`).
WRITE_POOL = 10
READ_POOL = 5


def unreachable(url: str, error: BaseException) -> DatabaseUnreachable:
    """The refusal of a server that cannot be reached, or will not let the user in: the
    reason in the operator's words where Python's would say it (a URL asyncpg cannot read, a
    port where no server listens), else the server's or driver's own."""
    reason: Msg | str = str(error)
    if isinstance(error, ValueError):  # asyncpg could not read the URL (a port not a number)
        reason = Msg("database.url_unreadable")
    elif isinstance(error, ConnectionRefusedError) and urlsplit(url).hostname:
        parts = urlsplit(url)
        reason = Msg("database.no_server", where=f"{parts.hostname}:{parts.port or 5432}")
    return DatabaseUnreachable(Msg("database.unreachable", url=redacted(url), error=reason))


def redacted(url: str) -> str:
    """The URL without its password (what logs and error sentences show)."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{netloc}"))


class PostgresDatabase(Database):
    """A PostgreSQL database shared by any number of bot processes."""

    dialect: Dialect = "postgresql"

    def __init__(self, url: str, pool: asyncpg.Pool, reads: asyncpg.Pool) -> None:
        self.url = url
        self._pool = pool
        self._reads = reads
        self.damage = None
        self.applied = []

    @property
    def label(self) -> str:
        """The server and database, without the password."""
        return redacted(self.url)

    @classmethod
    async def open(cls, url: str) -> PostgresDatabase:  # type: ignore[override]
        """Connect, check the schema version and apply the migrations not yet applied.

        Raises `DatabaseUnusable` (one sentence naming the server) when the server cannot
        be reached or refuses the login, or when a newer version wrote the database."""
        pools: list[asyncpg.Pool] = []
        async with _closed_unless_opened(url, pools):
            pools.append(await asyncpg.create_pool(url, min_size=1, max_size=WRITE_POOL))
            pools.append(
                await asyncpg.create_pool(url, min_size=1, max_size=READ_POOL, reset=_unchanged)
            )
            opened = cls(url, *pools)
            opened.applied = await opened._migrate()
        return opened

    @classmethod
    async def open_read_only(cls, url: str) -> PostgresDatabase:  # type: ignore[override]
        """Connect to read only (`Database.open_read_only`): every transaction is read-only
        (`default_transaction_read_only`), nothing is created or migrated."""
        pools: list[asyncpg.Pool] = []
        settings = {"default_transaction_read_only": "on"}
        async with _closed_unless_opened(url, pools):
            for size in (1, 2):
                pools.append(
                    await asyncpg.create_pool(
                        url, min_size=1, max_size=size, server_settings=settings
                    )
                )
            opened = cls(url, *pools)
            async with opened._reads.acquire() as conn:
                if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
                    raise NotPrivateerDatabase(opened.label)
                rows = await conn.fetch("SELECT version, name FROM schema_migrations")
        try:
            known = {v: p.name for v, p in migration_files()}
            refuse_other_version(opened.label, [(int(r[0]), str(r[1])) for r in rows], known)
        except BaseException:
            await _close_all(pools)
            raise
        return opened

    async def _migrate(self) -> list[tuple[int, str]]:
        known = {v: p.name for v, p in migration_files()}
        texts = postgres_migrations()
        missing = sorted(set(known) - {v for v, _ in texts})
        assert not missing, f"no PostgreSQL text for migrations {missing}"
        async with self._pool.acquire() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations "
                    "(version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
                )
                rows = await conn.fetch("SELECT version, name FROM schema_migrations")
                refuse_newer(self.label, [(int(r[0]), str(r[1])) for r in rows], known)
                done = {int(r[0]) for r in rows}
                applied = []
                for version, path in texts:
                    if version in done:
                        continue
                    async with conn.transaction():
                        await conn.execute(path.read_text(encoding="utf-8"))
                        await conn.execute(
                            "INSERT INTO schema_migrations VALUES ($1, $2, $3)",
                            version,
                            known[version],
                            utc_now(),
                        )
                    applied.append((version, known[version]))
                return applied
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)

    async def close(self) -> None:
        """Close both pools."""
        await _close_all([self._pool, self._reads])

    @asynccontextmanager
    async def transaction(self, *, on_wait: WaitNotice | None = None) -> AsyncIterator[Conn]:
        """One write transaction on a pooled connection (see `Database.transaction`). The
        slow-write notice fires while a connection is awaited or a statement waits (at its
        campaign's row lock)."""
        notice = on_wait if on_wait is not None else slow_write_notice.get()
        raw, notice = await self._acquire(self._pool, notice)
        try:
            transaction = raw.transaction()
            await transaction.start()
            try:
                yield PgConn(raw, notice=notice, wait_notice=WRITE_WAIT_NOTICE)
            except BaseException:
                await transaction.rollback()
                raise
            else:
                await transaction.commit()
        finally:
            await self._pool.release(raw)

    @staticmethod
    async def _acquire(
        pool: asyncpg.Pool, notice: WaitNotice | None
    ) -> tuple[Any, WaitNotice | None]:
        """A connection of `pool`; `notice` is awaited (and spent: None comes back) when
        every connection stays busy longer than `WRITE_WAIT_NOTICE`."""
        acquiring = asyncio.ensure_future(pool.acquire())
        try:
            if notice is not None:
                done, _ = await asyncio.wait({acquiring}, timeout=WRITE_WAIT_NOTICE)
                if not done:
                    with contextlib.suppress(Exception):
                        await notice()
                    notice = None
            return await asyncio.shield(acquiring), notice
        except BaseException:
            with contextlib.suppress(BaseException):
                await pool.release(await asyncio.shield(acquiring))
            raise

    async def fetchall(self, sql: str, params: Iterable[Any] = ()) -> list[Row]:
        """Read committed rows, on the read pool. A read may wait for a connection too (a
        burst of commands), so the running command's slow-write notice fires here as well:
        it acknowledges in time."""
        conn, _ = await self._acquire(self._reads, slow_write_notice.get())
        try:
            return list(await conn.fetch(to_postgresql(sql)[0], *params))
        finally:
            await self._reads.release(conn)


async def _unchanged(conn: asyncpg.Connection) -> None:
    """The read pool's reset on release: none. asyncpg's default sends its reset query
    (advisory locks, cursors, LISTEN, settings) and waits for the answer: a second round trip
    on every read, as long as the read itself for a `/history list` page. A read connection
    runs single SELECTs (`fetchall`) and changes none of those; asyncpg still rolls back a
    transaction left open before this is called."""


@asynccontextmanager
async def _closed_unless_opened(url: str, pools: list[asyncpg.Pool]) -> AsyncIterator[None]:
    """Opening a database: on any failure the pools opened so far are closed, and a server
    that cannot be reached or refuses the login is told as `unreachable` (one sentence)."""
    try:
        yield
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
        await _close_all(pools)
        raise unreachable(url, error) from error
    except BaseException:
        await _close_all(pools)
        raise


async def _close_all(pools: list[asyncpg.Pool]) -> None:
    for pool in pools:
        await pool.close()
