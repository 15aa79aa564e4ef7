"""A database file damaged while the bot runs: verify says so, and nothing more is written."""

from __future__ import annotations

from sqlite_damage import overwrite_root_page


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
