"""`/history stats` after a space pirates turn (SP-1.1, SP-I40, SP-I45): each player's raid
roll counts for that player, whoever's command rolled it; the pirates' strength dice count
for nobody: not for the GM who ended the turn, nor for a player whose answer rolled them.

Player1 plays Vega, player2 Orion, player3 Lyra.
"""

from __future__ import annotations

import re

from .test_space_pirates import after_a_raid  # noqa: F401 (the fixture)
from .test_space_pirates import pirates  # noqa: F401 (the fixture `after_a_raid` uses)


def stats_lines(stats) -> dict[str, str]:
    """Each section's player and factions (its first line) → its dice count."""
    return dict(tuple(f.value.splitlines()[:2]) for f in stats.embed.fields)


async def test_history_stats_credits_each_raid_roll_to_its_player(after_a_raid):  # noqa: F811
    """Turn 1: the GM's turn end rolled Vega's d20 (1) and the pirates' 2d6 (4, 6); Vega's
    refusal carried the resolution on to Orion's d20 (20). Vega and Orion have one die
    each, each under their faction; the pirates' two are nobody's luck: the GM, who rolled
    nothing of their own, has no section, in SQLite as in PostgreSQL."""
    table = after_a_raid

    stats = await table.slash("/history stats", as_="player3")

    vega, orion = (table.member(p).id for p in ("player1", "player2"))
    assert stats_lines(stats) == {
        f"<@{vega}> · **Vega**": "1 die rolled",
        f"<@{orion}> · **Orion**": "1 die rolled",
    }


async def test_a_bribes_pirate_dice_count_for_nobody_once_revealed(after_a_raid):  # noqa: F811
    """SP-I33 with the briber shown to the victim: Orion bribes the pirates against Lyra, and
    the dice its placement rolls (the pirates' strength) are the pirates'. Once a GM reveals
    the entry, Orion still has the one die of its own raid roll: the bribe's count for
    nobody."""
    table = after_a_raid
    await table.slash(
        "/campaign settings set setting:space_pirates.reveal_briber_to_victim value:true",
        as_="gm",
    )
    await table.slash("/pirates route add name:Silk goods:500", as_="player3")
    await table.slash("/pirates contacts factions:Lyra", as_="player2")
    quote = await table.slash("/pirates bribe victim:Lyra", as_="player2")
    placed = await table.click(quote, "Confirm", as_="player2")
    assert "Bribe" in placed.embed.title, placed.text()
    page = await table.slash("/history list", as_="gm")
    seq = max(int(n) for n in re.findall(r"`#(\d+)`", page.embed.description))
    revealed = await table.slash(f"/reveal entry:{seq}", as_="gm")
    assert not revealed.ephemeral, revealed.text()

    stats = await table.slash("/history stats", as_="player3")

    vega, orion = (table.member(p).id for p in ("player1", "player2"))
    assert stats_lines(stats) == {
        f"<@{vega}> · **Vega**": "1 die rolled",
        f"<@{orion}> · **Orion**": "1 die rolled",
    }
