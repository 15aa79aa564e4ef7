"""The `table` fixture runs the real bot: its commands sync and scripted dice reach it."""

from __future__ import annotations

from bot.standin import Table


async def test_real_bot_syncs_its_commands_to_the_fixture_guild(table: Table) -> None:
    names = {c.name for c in table.commands}

    assert {"roll", "campaign", "history"} <= names
    assert all(c.guild_id == table.standin.guild.id for c in table.commands)


async def test_scripted_dice_reach_the_real_bot(table: Table) -> None:
    await table.slash("/campaign create name:Scripted", as_="gm")
    table.script_dice([6, 5])

    reply = await table.slash("/roll dice:2d6", as_="player1")

    assert "11" in (reply.embed.title or "")
    assert table.faces is not None and table.faces.pending == []


async def test_restart_keeps_commands_and_database(table: Table) -> None:
    await table.slash("/campaign create name:Kept", as_="gm")
    syncs = table.standin.sync_count

    await table.restart()
    reply = await table.slash("/roll dice:1d6", as_="player2")

    assert table.standin.sync_count == syncs
    assert reply.embed.footer is not None and "#2" in reply.embed.footer
