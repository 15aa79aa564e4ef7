"""A throwaway PostgreSQL server for the tests, and a fresh database for each test.

The session starts one cluster (`initdb` in a temporary folder, listening only on a Unix
socket there, stopped at the end) unless PRIVATEER_TEST_POSTGRES names a server already
running (a `postgresql://` URL whose user may create databases). Each test gets a database
copied from a migrated template (`CREATE DATABASE … TEMPLATE`), dropped after; on a cluster
of this session's own, a test's database is instead emptied back to the template's state
(rows deleted, sequences restarted: `release_database`, about a sixth of a copy's time) and
handed to the next test, or dropped when anything that cannot undo — its schema, the rows the
template holds, its settings, a session still connected — differs from a fresh copy.
PRIVATEER_TEST_BACKENDS=sqlite runs the suite on SQLite alone, on a machine without
PostgreSQL; otherwise a server that cannot be started fails the session, it never skips.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.database import Database

TEMPLATE = "privateer_template"
_numbers = itertools.count(1)
# Databases of this process emptied back to the template's state, by server, for the next test.
_spare: dict[str, list[str]] = {}
# By server: what a fresh copy of the template looks like (`_FINGERPRINT`), and the tables
# whose rows the template already has (kept on reset: the applied migrations).
_fresh: dict[str, tuple[str, tuple[str, ...]]] = {}


class PostgresUnavailable(Exception):
    """No PostgreSQL server could be had; the text says why and what to install."""


def backends() -> list[str]:
    """The backends the suite runs on (PRIVATEER_TEST_BACKENDS, default both)."""
    named = os.environ.get("PRIVATEER_TEST_BACKENDS", "sqlite,postgresql")
    return [b.strip() for b in named.split(",") if b.strip()]


def _binaries() -> Path:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), reverse=True)
    if versions:
        return versions[0].parent
    raise PostgresUnavailable(
        "PostgreSQL's server programs (initdb, pg_ctl) are not installed: install Debian's "
        "package (apt-get install postgresql), name a running server in "
        "PRIVATEER_TEST_POSTGRES=postgresql://…, or set PRIVATEER_TEST_BACKENDS=sqlite."
    )


@dataclass
class Server:
    """A running server: `url(database)` names one of its databases."""

    base: str
    folder: Path | None = None
    bin: Path | None = None
    user: str | None = None
    keep: bool = False  # a cluster in a folder named by the caller: stopped, never removed

    def url(self, database: str) -> str:
        """The URL of one database on this server."""
        head, _, query = self.base.partition("?")
        head = head.rsplit("/", 1)[0] if head.count("/") > 2 else head
        return f"{head}/{database}" + (f"?{query}" if query else "")

    def stop(self) -> None:
        """Stop a server this session started, and remove its folder."""
        if self.folder is None or self.bin is None:
            return
        # A kept cluster shuts down cleanly (a checkpoint, then written to disk: it runs with
        # fsync off); a throwaway one is simply ended and removed.
        mode = "fast" if self.keep else "immediate"
        _run_as(
            self.user,
            [str(self.bin / "pg_ctl"), "-D", str(self.folder / "data"), "-m", mode, "stop"],
            check=False,
        )
        if self.keep:
            os.sync()
        else:
            shutil.rmtree(self.folder, ignore_errors=True)


def _run_as(user: str | None, argv: list[str], *, check: bool = True) -> None:
    if user is not None:
        argv = ["runuser", "-u", user, "--", *argv]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    if check and done.returncode != 0:
        raise PostgresUnavailable(
            f"{Path(argv[-1] if user is None else argv[4]).name} failed "
            f"({done.returncode}): {(done.stderr or done.stdout).strip()[-600:]}"
        )


def start(keep: Path | None = None) -> Server:
    """A server for this session: the one PRIVATEER_TEST_POSTGRES names, or a new cluster.

    `keep` names a folder (new or empty) for a cluster that outlives the process: stopped at
    the end like the others but left on disk, to be started again with `reopen(keep)`."""
    given = os.environ.get("PRIVATEER_TEST_POSTGRES")
    if given and keep is None:
        return Server(given)
    bin_dir = _binaries()
    # initdb refuses to run as root: the cluster then belongs to an ordinary system user.
    user = None
    if os.geteuid() == 0:
        user = next((u for u in ("postgres", "nobody") if _has_user(u)), None)
        if user is None:
            raise PostgresUnavailable("running as root with no 'postgres' or 'nobody' user")
    if keep is None:
        folder = Path(tempfile.mkdtemp(prefix="privateer-pg-"))
    else:
        folder = keep.resolve()
        folder.mkdir(parents=True, exist_ok=True)
        if any(folder.iterdir()):
            raise PostgresUnavailable(f"{folder} is not empty: a kept cluster needs a new folder")
    if user is not None:
        entry = pwd.getpwnam(user)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
    data = folder / "data"
    _run_as(
        user,
        [
            str(bin_dir / "initdb"),
            "-D",
            str(data),
            "-A",
            "trust",
            "-U",
            "privateer",
            "--encoding=UTF8",
            "--locale=C.UTF-8",
            "--no-sync",
        ],
    )
    return _serve(bin_dir, folder, user, keep=keep is not None)


def reopen(folder: Path) -> Server:
    """Start again a cluster that `start(keep=folder)` made (stopped at the end, kept)."""
    folder = folder.resolve()
    if not (folder / "data" / "PG_VERSION").is_file():
        raise PostgresUnavailable(f"{folder} holds no cluster made with a kept folder")
    owner = (folder / "data").stat().st_uid
    user = pwd.getpwuid(owner).pw_name if os.geteuid() == 0 and owner != 0 else None
    return _serve(_binaries(), folder, user, keep=True)


def _serve(bin_dir: Path, folder: Path, user: str | None, *, keep: bool) -> Server:
    data = folder / "data"
    options = (
        f"-k {folder} -c listen_addresses='' -c fsync=off -c synchronous_commit=off "
        "-c full_page_writes=off -c max_connections=300"
    )
    _run_as(
        user,
        [
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            options,
            "-l",
            str(folder / "server.log"),
            "-w",
            "start",
        ],
    )
    _stop_with_this_process(bin_dir, data, user, folder, keep=keep)
    url = f"postgresql://privateer@/postgres?host={folder}"
    return Server(url, folder, bin_dir, user, keep=keep)


# Stops the cluster and removes its folder once the test process is gone, however it ended
# (a killed session has no fixture teardown): a server never outlives its tests.
_WATCHDOG = """
import os, shutil, subprocess, sys, time
parent, folder, keep, argv = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "keep", sys.argv[4:]
while True:
    try:
        os.kill(parent, 0)
    except ProcessLookupError:
        break
    time.sleep(1)
subprocess.run(argv, capture_output=True, check=False)
if not keep:
    shutil.rmtree(folder, ignore_errors=True)
"""


def _stop_with_this_process(
    bin_dir: Path, data: Path, user: str | None, folder: Path, *, keep: bool = False
) -> None:
    stop = [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "fast" if keep else "immediate", "stop"]
    if user is not None:
        stop = ["runuser", "-u", user, "--", *stop]
    keep_word = "keep" if keep else "remove"
    subprocess.Popen(
        [sys.executable, "-c", _WATCHDOG, str(os.getpid()), str(folder), keep_word, *stop],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


async def make_template(server: Server) -> None:
    """The migrated database every test's database is copied from."""
    admin = await asyncpg.connect(server.url("postgres"))
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
        await admin.execute(f"CREATE DATABASE {TEMPLATE}")
    finally:
        await admin.close()
    db = await Database.open(server.url(TEMPLATE))
    await db.close()


async def create_database(server: Server, name: str, template: str = TEMPLATE) -> str:
    """A new database `name`, copied from `template` (the migrated one by default); its URL."""
    admin = await asyncpg.connect(server.url("postgres"))
    try:
        await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    finally:
        await admin.close()
    return server.url(name)


async def fresh_database(server: Server, template: str = TEMPLATE) -> str:
    """A new database copied from the migrated template (or an empty one from `template0`),
    or one `release_database` emptied back to the template's state; returns its URL."""
    spare = _spare.get(server.base)
    if template == TEMPLATE and spare:
        return spare.pop()
    url = await create_database(server, f"t{os.getpid()}_{next(_numbers)}", template)
    if template == TEMPLATE and server.folder is not None and server.base not in _fresh:
        _fresh[server.base] = await _fresh_state(url)
    return url


async def release_database(server: Server, url: str) -> None:
    """A test is done with a database `fresh_database` gave it: on this session's own
    cluster, emptied back to the template's state for the next test when nothing could tell
    it from a fresh copy; otherwise (or on any doubt) dropped."""
    fresh = _fresh.get(server.base)
    if fresh is not None and await _reset(url, *fresh):
        _spare.setdefault(server.base, []).append(url)
    else:
        await drop_database(server, url)


# Everything a test could change in a database besides its rows: schemas, relations and
# their options, columns and defaults, constraints, indexes, functions, triggers, policies,
# extensions, sequences (with their current values), the database's settings, large objects.
_FINGERPRINT = r"""
SELECT md5(string_agg(x, E'\n' ORDER BY x)) FROM (
  SELECT 'n ' || nspname || ' ' || coalesce(nspacl::text, '') AS x FROM pg_namespace
    WHERE nspname NOT LIKE 'pg\_%' AND nspname <> 'information_schema'
  UNION ALL SELECT 'c ' || c.oid::regclass::text || ' ' || c.relkind::text || ' '
      || c.relpersistence::text || ' ' || c.relrowsecurity || ' '
      || coalesce(c.reloptions::text, '') || ' ' || coalesce(c.relacl::text, '')
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
  UNION ALL SELECT 'a ' || a.attrelid::regclass::text || ' ' || a.attname || ' '
      || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull || ' '
      || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped
      AND n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
  UNION ALL SELECT 'k ' || conrelid::regclass::text || ' ' || conname || ' '
      || pg_get_constraintdef(oid) || ' ' || convalidated
    FROM pg_constraint WHERE connamespace NOT IN ('pg_catalog'::regnamespace,
      'information_schema'::regnamespace)
  UNION ALL SELECT 'i ' || pg_get_indexdef(indexrelid) || ' ' || indisvalid FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT LIKE 'pg\_%' AND n.nspname <> 'information_schema'
  UNION ALL SELECT 'f ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) FROM pg_proc p
    WHERE p.pronamespace NOT IN ('pg_catalog'::regnamespace,
      'information_schema'::regnamespace)
  UNION ALL SELECT 't ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text
    FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL SELECT 'p ' || polrelid::regclass::text || ' ' || polname FROM pg_policy
  UNION ALL SELECT 'r ' || ev_class::regclass::text || ' ' || rulename FROM pg_rewrite
    WHERE ev_class >= 16384
  UNION ALL SELECT 'e ' || extname || ' ' || extversion FROM pg_extension
  UNION ALL SELECT 's ' || schemaname || '.' || sequencename || ' ' || start_value || ' '
      || increment_by || ' ' || min_value || ' ' || max_value || ' ' || cycle || ' '
      || coalesce(last_value::text, 'unused') FROM pg_sequences
  UNION ALL SELECT 'd ' || array_to_string(setconfig, ',') FROM pg_db_role_setting
    WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
  UNION ALL SELECT 'o ' || count(*) FROM pg_largeobject_metadata
) AS fingerprint
"""
_TABLES = r"""
SELECT c.oid::regclass::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p') AND n.nspname NOT LIKE 'pg\_%'
  AND n.nspname <> 'information_schema'
ORDER BY 1
"""


async def _state(conn: asyncpg.Connection, kept: tuple[str, ...]) -> str:
    """The fingerprint of a database: its schema, and the rows of the `kept` tables."""
    parts = [await conn.fetchval(_FINGERPRINT)]
    for table in kept:
        rows = f"SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) FROM {table} t"
        parts.append(await conn.fetchval(rows))
    return " ".join(str(p) for p in parts)


async def _fresh_state(url: str) -> tuple[str, tuple[str, ...]]:
    """What a fresh copy of the template at `url` looks like, and which tables have rows."""
    conn = await asyncpg.connect(url)
    try:
        tables = [row[0] for row in await conn.fetch(_TABLES)]
        kept = tuple([t for t in tables if await conn.fetchval(f"SELECT EXISTS (TABLE {t})")])
        return await _state(conn, kept), kept
    finally:
        await conn.close()


async def _reset(url: str, fingerprint: str, kept: tuple[str, ...]) -> bool:
    """Empty every table but the `kept` ones and restart every sequence, in one transaction;
    whether the database now looks like a fresh copy (no other session connected, the same
    schema, the same kept rows)."""
    try:
        conn = await asyncpg.connect(url)
    except (OSError, asyncpg.PostgresError):
        return False
    try:
        others = await conn.fetchval(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        if others:
            return False
        tables = [row[0] for row in await conn.fetch(_TABLES)]
        sequences = [
            row[0] for row in await conn.fetch("SELECT seqrelid::regclass::text FROM pg_sequence")
        ]
        async with conn.transaction():
            # Foreign keys and the tables' own triggers (an append-only log refuses DELETE)
            # are not fired for rows every one of which goes.
            statements = ["SET LOCAL session_replication_role = replica"]
            statements += [f"DELETE FROM {table}" for table in tables if table not in kept]
            statements += [f"ALTER SEQUENCE {sequence} RESTART" for sequence in sequences]
            await conn.execute(";\n".join(statements))
        return await _state(conn, kept) == fingerprint
    except asyncpg.PostgresError:
        return False
    finally:
        await conn.close()


async def drop_database(server: Server, url: str) -> None:
    """Drop a test's database (connections left open are ended)."""
    name = url.split("?")[0].rsplit("/", 1)[1]
    admin = await asyncpg.connect(server.url("postgres"))
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    finally:
        await admin.close()


def run(coro: Coroutine[Any, Any, None]) -> None:
    """Run a set-up coroutine on its own thread and loop (a test's loop may be running)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()
