"""The one connection every storage module speaks to, over SQLite (aiosqlite) or PostgreSQL
(asyncpg).

Storage modules write their SQL once, with `?` placeholders, in the part of SQL both engines
share (`INSERT … ON CONFLICT DO NOTHING`, `INSERT … RETURNING id`, window functions); where
the engines differ (JSON aggregation, row locks, sequences) a module asks `conn.dialect`.
Rows are read by column name or position on both (`sqlite3.Row`, `asyncpg.Record`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Generator
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import fields
from types import TracebackType
from typing import TYPE_CHECKING
from typing import Any
from typing import Literal
from typing import Protocol
from typing import TypeAlias
from typing import TypeVar

import aiosqlite

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

log = logging.getLogger(__name__)

# A row: `row["column"]` and `row[0]` on both engines.
Row: TypeAlias = Any
Record = TypeVar("Record", bound="DataclassInstance")
Dialect = Literal["sqlite", "postgresql"]
WaitNotice = Callable[[], Awaitable[None]]


class Cursor(Protocol):
    """What a statement gives back: its rows (if it returns any) and how many it touched."""

    @property
    def rowcount(self) -> int:
        """Rows inserted, updated or deleted (rows returned, for a statement that returns)."""
        ...

    async def fetchone(self) -> Row | None:
        """The first row, or None."""
        ...

    async def fetchall(self) -> Iterable[Row]:
        """Every row."""
        ...


class CursorResult(Protocol):
    """`await conn.execute(…)` or `async with conn.execute(…) as cur`."""

    def __await__(self) -> Generator[Any, None, Cursor]: ...

    async def __aenter__(self) -> Cursor: ...

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> Any: ...


class Conn(Protocol):
    """One transaction's connection (`Database.transaction()`)."""

    @property
    def dialect(self) -> Dialect:
        """Which engine this is: "sqlite" or "postgresql"."""
        ...

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> CursorResult:
        """Run one statement."""
        ...

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each parameter row."""
        ...

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> Iterable[Row]:
        """Run one statement and return its rows."""
        ...

    async def insert_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Insert many rows into one table (a turn end's rolls): the fastest way the engine
        has (PostgreSQL's COPY for large batches)."""
        ...


async def inserted_id(cursor: Cursor) -> int:
    """The id an `INSERT … RETURNING id` returned."""
    row = await cursor.fetchone()
    assert row is not None, "INSERT … RETURNING id returned no row"
    return int(row[0])


def row_record(cls: type[Record], row: Row, /, **converted: Any) -> Record:
    """A record (a dataclass) built from a row: each field read from the column of its name,
    except the fields given in `converted` (a JSON text decoded, a tuple built, a value that
    is no column of the row)."""
    names = _plain_fields(cls, tuple(converted))
    return cls(**{name: row[name] for name in names}, **converted)


@functools.cache
def _plain_fields(cls: type[DataclassInstance], converted: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls) if f.name not in converted)


def insert_sql(table: str, columns: Sequence[str]) -> str:
    """INSERT INTO table (columns) VALUES (?, …) — table and columns are the caller's
    constants, never player text."""
    marks = ", ".join("?" for _ in columns)
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})"  # noqa: S608


def for_update(conn: Conn) -> str:
    """ " FOR UPDATE" on PostgreSQL (the selected rows stay locked until the transaction ends),
    nothing on SQLite (its one writer holds the whole database already)."""
    return " FOR UPDATE" if conn.dialect == "postgresql" else ""


class SqliteConn:
    """An aiosqlite connection as a `Conn`."""

    dialect: Dialect = "sqlite"

    def __init__(self, raw: aiosqlite.Connection) -> None:
        self.raw = raw

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> CursorResult:
        """Run one statement."""
        return self.raw.execute(sql, tuple(parameters))

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each parameter row."""
        await self.raw.executemany(sql, parameters)

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> Iterable[Row]:
        """Run one statement and return its rows."""
        return await self.raw.execute_fetchall(sql, tuple(parameters))

    async def insert_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Insert many rows into one table."""
        await self.raw.executemany(insert_sql(table, columns), rows)


# -- PostgreSQL ---------------------------------------------------------------------------------

_TOKENS = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\?")
_RETURNS = re.compile(r"^\s*(SELECT|WITH|VALUES|SHOW)\b|\bRETURNING\b", re.IGNORECASE)
_COUNT = re.compile(r"(\d+)$")
# From this many rows, `PgConn.insert_rows` uses COPY (its set-up costs a round trip more).
COPY_FROM = 100


@functools.lru_cache(maxsize=2048)
def to_postgresql(sql: str) -> tuple[str, bool]:
    """The statement with `$1, $2, …` for its `?` placeholders (quoted text left alone), and
    whether it returns rows."""
    number = 0

    def placeholder(match: re.Match[str]) -> str:
        nonlocal number
        if match.group(0) != "?":
            return match.group(0)
        number += 1
        return f"${number}"

    return _TOKENS.sub(placeholder, sql), bool(_RETURNS.search(sql))


class PgCursor:
    """A finished PostgreSQL statement's rows and count."""

    def __init__(self, rows: list[Row], rowcount: int) -> None:
        self._rows = rows
        self.rowcount = rowcount

    async def fetchone(self) -> Row | None:
        """The first row, or None."""
        return self._rows[0] if self._rows else None

    async def fetchall(self) -> Iterable[Row]:
        """Every row."""
        return self._rows


class _PgResult:
    def __init__(self, running: Awaitable[PgCursor]) -> None:
        self._running = running

    def __await__(self) -> Generator[Any, None, PgCursor]:
        return self._running.__await__()

    async def __aenter__(self) -> PgCursor:
        return await self._running

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        return None


class PgConn:
    """An asyncpg connection inside one transaction, as a `Conn`.

    `notice` (the command's slow-write acknowledgement) is awaited once when a statement
    waits longer than `wait_notice` seconds: on PostgreSQL a write waits at its campaign's
    row lock, not when the transaction begins.
    """

    dialect: Dialect = "postgresql"

    def __init__(
        self, raw: Any, *, notice: WaitNotice | None = None, wait_notice: float = 1.0
    ) -> None:
        self.raw = raw
        self._notice = notice
        self._wait_notice = wait_notice

    def execute(self, sql: str, parameters: Sequence[Any] = ()) -> CursorResult:
        """Run one statement."""
        return _PgResult(self._run(sql, tuple(parameters)))

    async def _run(self, sql: str, parameters: tuple[Any, ...]) -> PgCursor:
        text, returns = to_postgresql(sql)
        if returns:
            rows = await self._waiting(self.raw.fetch(text, *parameters))
            return PgCursor(list(rows), len(rows))
        status = await self._waiting(self.raw.execute(text, *parameters))
        found = _COUNT.search(str(status))
        return PgCursor([], int(found.group(1)) if found else 0)

    async def _waiting(self, running: Awaitable[Any]) -> Any:
        if self._notice is None:
            return await running
        task = asyncio.ensure_future(running)
        done, _ = await asyncio.wait({task}, timeout=self._wait_notice)
        if not done:
            notice, self._notice = self._notice, None
            try:
                await notice()
            except Exception:  # the write goes on; its announcement is in the outbox
                log.exception("could not acknowledge a slow write")
        return await task

    async def executemany(self, sql: str, parameters: Iterable[Sequence[Any]]) -> None:
        """Run one statement for each parameter row."""
        rows = [tuple(p) for p in parameters]
        if rows:
            await self._waiting(self.raw.executemany(to_postgresql(sql)[0], rows))

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> Iterable[Row]:
        """Run one statement and return its rows."""
        cursor = await self._run(sql, tuple(parameters))
        return await cursor.fetchall()

    async def insert_rows(
        self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]
    ) -> None:
        """Insert many rows into one table: COPY from `COPY_FROM` rows on (about half again
        as fast as a pipelined INSERT; tests/bench/bench_postgres.py), INSERT below."""
        if len(rows) >= COPY_FROM:
            await self._waiting(
                self.raw.copy_records_to_table(
                    table, records=[tuple(r) for r in rows], columns=list(columns)
                )
            )
        elif rows:
            await self.executemany(insert_sql(table, columns), rows)
