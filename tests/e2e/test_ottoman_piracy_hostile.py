"""Ottoman piracy as a hostile player and GM would play it: mistyped counts, undone
rewards and hostile names, each through the stand-in as a player would see it.

Player1 plays the Ottomans, player2 the Habsburgs (at war with the Ottomans), player3
France (in Russian). Faces are scripted: anti-piracy roll, piracy roll, then card rolls.
"""

from __future__ import annotations

import pytest

from .play import seat_piracy


@pytest.fixture
async def seated(campaign):
    """Factions joined, powers assigned to them, the Habsburgs at war with the Ottomans."""
    await seat_piracy(campaign)
    return campaign


async def test_a_negative_fortress_count_is_refused_not_read_as_a_fortress(seated):
    """OP-2.4: `fortresses:-3` is a count below 0, refused; it does not become a fortress
    named "-3" that gives France an anti-piracy die."""
    seated.script_dice([1, 1])

    refused = await seated.slash(
        "/corsairs piracy zone:Adriatic Sea target:france corsairs:2 fortresses:-3",
        as_="player1",
    )

    assert refused.ephemeral, refused.text()
    assert "fortresses cannot be fewer than 0" in refused.text()
    status = await seated.slash("/corsairs status", as_="player1")
    assert "No piracy declared this turn." in status.text()
