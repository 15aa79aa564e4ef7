"""Fixtures for the stand-in's self-tests: a table running the demo bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.standin import StandIn, Table

from .demo_bot import DemoBot, create_demo_bot


def demo_factory(standin: StandIn, **options: Any):
    """A factory for the table: a fresh demo bot for this stand-in's guild."""

    def factory(**client_kwargs: Any) -> DemoBot:
        return create_demo_bot(standin.guild.id, **options, **client_kwargs)

    return factory


@pytest.fixture
async def demo_table() -> AsyncIterator[Table]:
    """The demo bot, started against a fresh stand-in with the demo guild."""
    standin = StandIn()
    async with standin, Table(demo_factory(standin), standin=standin) as table:
        yield table
        table.check()
