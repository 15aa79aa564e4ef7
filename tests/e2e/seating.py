"""Seating the Ottoman piracy cast in an end-to-end campaign: each player joins with a
faction and is given a power, and the GM records the powers at war with the Ottomans."""

from __future__ import annotations

from bot.standin import Table

# (player, faction, power) of the usual cast: the Ottomans, their target, a third power.
PIRACY_CAST = (
    ("player1", "Ottomans", "ottoman"),
    ("player2", "Habsburgs", "hapsburg"),
    ("player3", "France", "france"),
)


async def seat_piracy(
    table: Table,
    cast: tuple[tuple[str, str, str], ...] = PIRACY_CAST,
    at_war: tuple[str, ...] = ("hapsburg",),
) -> None:
    """Every step is answered publicly (a refusal fails the set-up, not the test after it)."""
    lines = [(f"/campaign join faction:{faction}", who) for who, faction, _ in cast]
    lines += [(f"/corsairs power power:{power} player:@{who}", "gm") for who, _, power in cast]
    lines += [(f"/corsairs war power:{power} at_war:true", "gm") for power in at_war]
    for line, as_ in lines:
        answered = await table.slash(line, as_=as_)
        assert not answered.ephemeral, (line, answered.text())
