"""End-to-end fixtures on top of the root `table` fixture (the real bot on the stand-in)."""

from __future__ import annotations

import pytest

from bot.standin import Table
from tests.e2e.play import Clock
from tests.e2e.play import seat_piracy


@pytest.fixture
async def campaign(table: Table) -> Table:
    """A campaign in #campaign with both implemented rulesets; gm is its GM."""
    reply = await table.slash(
        "/campaign create name:Test Campaign rulesets:ottoman_piracy, fleet_combat", as_="gm"
    )
    assert not reply.ephemeral, reply.text()
    return table


@pytest.fixture
async def seated(campaign: Table) -> Table:
    """`campaign` with the cast joined and given their powers, the Habsburgs at war with the
    Ottomans, and the Ottoman impulse begun (`play.seat_piracy`)."""
    await seat_piracy(campaign)
    return campaign


@pytest.fixture
def clock() -> Clock:
    """The bot's clock, moved by hand (deadlines, reminders)."""
    return Clock()
