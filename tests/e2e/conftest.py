"""The real Privateer bot on the local Discord stand-in, with a fresh database per test."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import PrivateerBot, create_bot
from bot.config import Settings
from bot.dice import Dice
from bot.standin import QueuedFaces, StandIn, Table


def privateer_factory(standin: StandIn, db_path: Path, faces: QueuedFaces):
    """A factory the table calls for every (re)start: same database, same dice queue."""

    def factory(**client_kwargs: Any) -> PrivateerBot:
        settings = Settings(
            discord_token="standin-token",
            database_path=db_path,
            dev_guild_id=standin.guild.id,
        )
        return create_bot(settings, dice_factory=lambda: Dice(faces), **client_kwargs)

    return factory


@pytest.fixture
async def table(tmp_path) -> AsyncIterator[Table]:
    """The bot running against a fresh stand-in; `table.script_dice([...])` scripts the dice."""
    standin = StandIn()
    faces = QueuedFaces(seed=1)
    factory = privateer_factory(standin, tmp_path / "privateer.db", faces)
    async with standin, Table(factory, standin=standin, faces=faces) as table:
        yield table
        table.check()


@pytest.fixture
async def campaign(table) -> Table:
    """A campaign in #campaign with both implemented rulesets; gm is its GM."""
    reply = await table.slash(
        "/campaign create name:Test Campaign rulesets:ottoman_piracy, fleet_combat", as_="gm"
    )
    assert not reply.ephemeral, reply.text()
    return table
