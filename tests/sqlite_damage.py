"""Damage a real SQLite file the way a disk or copy fault does: one page overwritten."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def overwrite_root_page(path: Path, table: str) -> None:
    """Move the WAL into the file, then fill the root page of `table` with bytes no b-tree
    page can start with (a reader's next transaction sees it: the checkpoint resets the WAL)."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        sql = "SELECT rootpage FROM sqlite_master WHERE name = ?"
        (root,) = conn.execute(sql, (table,)).fetchone()
        (page_size,) = conn.execute("PRAGMA page_size").fetchone()
    conn.close()
    with path.open("r+b") as file:
        file.seek((root - 1) * page_size)
        file.write(b"\xff" * page_size)
