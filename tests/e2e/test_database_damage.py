"""A database file damaged while the bot runs: verify says so, and nothing more is written."""

from __future__ import annotations

import pytest
from sqlite_damage import overwrite_root_page

# A damaged or read-only file is SQLite's; PostgreSQL's server owns its own files.
pytestmark = pytest.mark.parametrize("database_target", ["sqlite"], indirect=True)


async def test_verify_names_a_damaged_file_and_later_writes_are_refused(campaign):
    await campaign.slash("/roll dice:2d6 reason:before the fault", as_="player1")
    overwrite_root_page(campaign.bot.db.path, "actions")
    verify = await campaign.slash("/history verify", as_="player2")
    assert verify.embed.title == "❌ The database file is damaged"
    assert "SQLite stopped reading the log at entry #1: “database disk image is malformed”" in (
        verify.embed.description
    )
    assert "Something unexpected" not in verify.text()
    roll = await campaign.slash("/roll dice:2d6 reason:after the fault", as_="player1")
    assert roll.ephemeral
    assert "The campaign database is damaged, so the bot saves nothing more" in roll.text()


async def test_a_database_that_turns_read_only_while_running_says_so(campaign):
    """SQLite's SQLITE_READONLY, here from `PRAGMA query_only` on the bot's writer (the test
    runs as root, which file modes do not stop; the start-up check has its own tests)."""
    async with campaign.bot.db.transaction() as conn:
        await conn.execute("PRAGMA query_only = ON")
    roll = await campaign.slash("/roll dice:2d6", as_="player1")
    assert roll.ephemeral
    assert "The campaign database has become read-only, so nothing was saved" in roll.text()
