"""SP-I35, SP-I31: a contract dismissed during a turn no longer serves in that turn's
resolution, so it leaves the attack on the pirate base ordered for it; the dismissal says so,
and `/pirates status` shows the attack without it. An attack left with nobody is called off.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base

pirates = base.pirates
after_a_raid = base.after_a_raid


async def vega_orders_an_assault(table, ships: str) -> None:
    """Vega hires contract #1 (value 1000), locates the base and orders an assault with
    `ships` (if any, registered first on her route Rich, SP-I31) and contract #1."""
    quote = await table.slash("/pirates mercenaries hire value:1000", as_="player1")
    hired = await table.click(quote, "Confirm", as_="player1")
    assert "Contract #1 signed" in hired.embed.description, hired.text()
    if ships:
        await table.slash(f"/pirates route edit route:1 ships:{ships}", as_="player1")
    locate = await table.slash("/pirates base locate location:Kuiper belt", as_="player1")
    await table.click(locate, "Confirm", as_="player1")
    line = "/pirates base assault contracts:1" + (f" ships:{ships}" if ships else "")
    assault = await table.slash(line, as_="player1")
    ordered = await table.click(assault, "Confirm", as_="player1")
    assert "attacks the pirate base at the end of the turn" in ordered.embed.description


async def test_a_dismissed_contract_leaves_the_ordered_assault(after_a_raid):
    """The assault of a dreadnought and contract #1: dismissing #1 says it leaves the
    attack, which goes ahead; the status names the dreadnought alone."""
    table = after_a_raid
    await vega_orders_an_assault(table, "dreadnought")
    before = await table.slash("/pirates status", as_="player1")
    assert "mercenary contract #1" in before.embed.description, before.text()

    dismissed = await base.dismiss_confirmed(table, 1)

    assert "Contract #1 dismissed" in dismissed.embed.description
    assert "It leaves Vega's attack on the pirate base" in dismissed.embed.description
    status = await table.slash("/pirates status", as_="player1")
    attack = next(
        line for line in status.embed.description.splitlines() if "pirate base at the end" in line
    )
    assert "dreadnought" in attack and "#1" not in attack, attack


async def test_an_assault_of_the_dismissed_contract_alone_is_called_off(after_a_raid):
    """The assault was contract #1 alone: dismissing it calls the attack off, and the status
    no longer lists an attack."""
    table = after_a_raid
    await vega_orders_an_assault(table, "")

    dismissed = await base.dismiss_confirmed(table, 1)

    assert "so that attack is called off" in dismissed.embed.description, dismissed.text()
    status = await table.slash("/pirates status", as_="player1")
    assert "pirate base at the end of this turn" not in status.embed.description


async def test_a_dismissal_outside_any_assault_says_only_that(after_a_raid):
    """No assault ordered: the dismissal's answer is the plain one."""
    table = after_a_raid
    quote = await table.slash("/pirates mercenaries hire value:1000", as_="player1")
    await table.click(quote, "Confirm", as_="player1")

    dismissed = await base.dismiss_confirmed(table, 1)

    assert dismissed.embed.description == "Contract #1 dismissed", dismissed.text()
