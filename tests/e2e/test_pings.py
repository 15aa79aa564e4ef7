"""Nothing the bot posts pings anyone but the players a message is for (Hardening, item 1).

Player text reaches message content (a fleet point, a sea zone); the client pings nobody by
default and a message that is meant to ping names exactly its players.
"""

from __future__ import annotations

import pytest


@pytest.fixture
async def fleets_at_everyone(campaign):
    """Red (player1) and Blue (player2) have fleets at a point a player named `@everyone`."""
    table = campaign
    for player, faction in (("player1", "Red"), ("player2", "Blue"), ("player3", "Green")):
        await table.slash(f"/campaign join faction:{faction}", as_=player)
    await table.slash("/combat fleet set point:@everyone ships:2 cruiser", as_="player1")
    await table.slash("/combat fleet set point:@everyone ships:1 destroyer", as_="player2")
    return table


async def test_an_attack_at_a_point_named_everyone_pings_only_the_attacked_player(
    fleets_at_everyone,
):
    table = fleets_at_everyone

    reply = await table.slash("/combat attack point:@everyone targets:Blue", as_="player1")

    assert not reply.ephemeral, reply.text()
    assert "@\u200beveryone" in reply.content  # shown, escaped (bot.text.shown)
    assert f"<@{table.member('player2').id}>" in reply.content
    assert reply.pings == {"player2"}


async def test_a_faction_named_like_a_mention_pings_nobody(campaign):
    """A player's own text in a message the bot posts never pings (the client default)."""
    table = campaign
    gm_mention = f"<@{table.member('gm').id}>"

    joined = await table.slash(f"/campaign join faction:{gm_mention} @here", as_="player1")

    assert not joined.ephemeral, joined.text()
    assert joined.pings == frozenset()
