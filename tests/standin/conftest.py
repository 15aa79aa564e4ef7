"""Fixtures for the stand-in's self-tests: a table running the demo bot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.standin import StandIn
from bot.standin import Table
from bot.standin.ratelimits import RateLimits

from .demo_bot import DemoBot
from .demo_bot import create_demo_bot

# Discord's rate limits with every window a hundredth as long (see bot/standin/ratelimits.py).
TEST_TIME_SCALE = 0.01


def demo_factory(standin: StandIn, **options: Any):
    """A factory for the table: a fresh demo bot for this stand-in's guild."""

    def factory(**client_kwargs: Any) -> DemoBot:
        return create_demo_bot(standin.guild.id, **options, **client_kwargs)

    return factory


@pytest.fixture
async def demo_table() -> AsyncIterator[Table]:
    """The demo bot, started against a fresh stand-in with the demo guild."""
    standin = StandIn(rate_limits=RateLimits(time_scale=TEST_TIME_SCALE))
    async with standin, Table(demo_factory(standin), standin=standin) as table:
        yield table
        table.check()
