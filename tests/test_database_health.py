"""A database that cannot be used stops the bot at start-up with one sentence, writing nothing.

Damaged (a page overwritten, or not a database at all), read-only (the file, its -wal/-shm
files, its folder) and written by a newer version: each through the real entry point,
`python -m bot local --db … --script …`, which must exit (a failed open used to leave an
aiosqlite worker thread behind, and the process never ended).

The tests run as root in CI, and root writes through any file mode (CAP_DAC_OVERRIDE). A
read-only bind mount or `chattr +i` needs privileges a container rarely has, and opening
with `mode=ro` would test another code path, not the bot's. So the child process drops
CAP_DAC_OVERRIDE from its capability bounding set before it execs Python: root then obeys
the owner's permission bits like any user, and the bot meets a real read-only file.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import sqlite3
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlite_damage import overwrite_root_page

from bot.storage.database import Database
from bot.storage.database import migration_files
from bot.storage.health import DatabaseDamaged

PR_CAPBSET_DROP = 24  # <linux/prctl.h>
CAP_DAC_OVERRIDE = 1  # <linux/capability.h>


def drop_file_override() -> None:
    """In the child before exec: root loses its power to write through file modes."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE)")


def run_local(
    tmp_path: Path, db: Path, play: str = "/roll dice:2d6 reason:start-up check\n"
) -> subprocess.CompletedProcess[str]:
    """`python -m bot local --db DB --script …` as a player would start it (60 s at most)."""
    script = tmp_path / "play.txt"
    script.write_text(play)
    return subprocess.run(
        [sys.executable, "-m", "bot", "local", "--db", str(db), "--script", str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=drop_file_override if os.geteuid() == 0 else None,
    )


def one_sentence(done: subprocess.CompletedProcess[str]) -> str:
    """The process failed with exit status 2 and printed exactly one line, no traceback."""
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout
    return lines[0]


def build_database(path: Path, rows: int = 300) -> None:
    """A real, migrated database with a table spanning many pages, closed cleanly (no WAL)."""
    import asyncio

    async def build() -> None:
        db = await Database.open(path)
        async with db.transaction() as conn:
            await conn.executemany(
                "INSERT INTO meta(key, value) VALUES (?, ?)",
                [(f"filler-{i}", "x" * 200) for i in range(rows)],
            )
        await db.close()

    asyncio.run(build())


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


async def test_a_failed_open_leaves_no_thread_that_keeps_the_process_alive(tmp_path):
    """A non-daemon aiosqlite worker left running would keep `python -m bot` from exiting."""
    path = tmp_path / "garbage.db"
    path.write_bytes(b"this is not a database" * 1000)
    before = set(threading.enumerate())
    with pytest.raises(DatabaseDamaged):
        await Database.open(path)
    left = [t for t in threading.enumerate() if t not in before and not t.daemon and t.is_alive()]
    for thread in left:
        thread.join(timeout=5)
    assert [t for t in left if t.is_alive()] == []


def test_a_file_that_is_not_a_database_stops_the_bot_with_one_sentence(tmp_path):
    path = tmp_path / "corrupt.db"
    path.write_bytes(os.urandom(20_000))
    sentence = one_sentence(run_local(tmp_path, path))
    assert sentence.startswith(f"The database {path} is damaged (SQLite: file is not a database)")


def test_a_database_with_a_damaged_page_is_refused_and_left_unwritten(tmp_path):
    """quick_check at start-up finds the page; the bot writes nothing into the file."""
    path = tmp_path / "damaged.db"
    build_database(path)
    overwrite_root_page(path, "meta")
    before = digest(path)
    sentence = one_sentence(run_local(tmp_path, path))
    assert sentence.startswith(f"The database {path} is damaged (SQLite: ")
    assert "the bot did not write to it: restore it from a backup" in sentence
    assert digest(path) == before
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0


def test_a_database_from_a_newer_version_is_refused_naming_its_version(tmp_path):
    path = tmp_path / "newer.db"
    build_database(path, rows=0)
    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO schema_migrations VALUES (99, '099_message_outbox.sql', '2027-01-01')"
        )
    conn.close()
    before = digest(path)
    sentence = one_sentence(run_local(tmp_path, path))
    newest = max(version for version, _ in migration_files())
    assert sentence == (
        f"The database {path} was written by a newer version of Privateer: it has schema "
        f"version 99 (099_message_outbox.sql) and this version knows up to {newest}; run the "
        f"newer version, or restore a backup made before the upgrade."
    )
    assert digest(path) == before


READ_ONLY = stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH


@pytest.mark.parametrize("which", ["database", "-wal", "-shm", "folder"])
def test_a_read_only_database_is_refused_at_start_up_naming_what_is_read_only(tmp_path, which):
    """Found before SQLite opens it, so no read-only -wal/-shm is left behind to bite later."""
    folder = tmp_path / "campaigns"
    folder.mkdir()
    path = folder / "privateer.db"
    build_database(path, rows=0)
    wal, shm = Path(f"{path}-wal"), Path(f"{path}-shm")
    if which in ("-wal", "-shm"):
        wal.write_bytes(b"")
        shm.write_bytes(b"")
    culprit = {"database": path, "-wal": wal, "-shm": shm, "folder": folder}[which]
    culprit.chmod(READ_ONLY | (stat.S_IXUSR if which == "folder" else 0))
    try:
        sentence = one_sentence(run_local(tmp_path, path))
    finally:
        culprit.chmod(0o755 if which == "folder" else 0o644)
    assert sentence.startswith(f"The database {path} cannot be written: {culprit} is read-only")
    assert sentence.endswith(
        "make the database, its -wal and -shm files and their folder writable by the bot's user."
    )
    if which == "database":
        assert not wal.exists() and not shm.exists()


def test_a_healthy_database_still_starts(tmp_path):
    """The checks refuse nothing that is fine: a fresh and a reopened database both play."""
    path = tmp_path / "fine.db"
    build_database(path)
    done = run_local(tmp_path, path, "/campaign create name:Checks\nexpect created\n")
    assert done.returncode == 0, (done.stdout, done.stderr)
