"""Fire orders are given privately, so the log keeps them from the other players until the
turn ends: Blue reads that Red gave orders, not their targets, in `/history list` and
`/history show`; Red and the GMs read them in full; the turn's end publishes them.

Player1 plays Red, player2 Blue. Faces are scripted in the order the bot rolls them.
"""

from __future__ import annotations

import pytest

from tests.e2e.play import newest_entry
from tests.e2e.play import red_attacks_blue
from tests.e2e.test_naval_orders_secrecy import show_text

HIDDEN = "🔒 Hidden until the turn ends"


@pytest.fixture
async def battle(campaign):
    """Red (2 cruisers) attacks Blue (3 destroyers, 1 dreadnought) at Mecatol: battle #1."""
    await red_attacks_blue(campaign, blue="3 destroyer, 1 dreadnought")
    return campaign


def block(page, seq) -> str:
    """The lines of entry `seq` on a `/history list` page."""
    lines = (page.embed.description or "").splitlines()
    start = next(i for i, line in enumerate(lines) if f"`#{seq}`" in line)
    end = next((i for i in range(start + 1, len(lines)) if "`#" in lines[i]), len(lines))
    return "\n".join(lines[start:end])


async def test_an_opponent_cannot_read_fire_orders_in_the_log_before_the_round(battle):
    """FC-5.3: Red orders its cruisers at Blue's dreadnought, by typing and by the panel;
    Blue's /history list and show say only that Red gave an order; Red reads it; once the
    turn ends everyone does, the panel's pick as its target typed (`Blue: destroyer`)."""
    table = battle
    await table.slash(
        "/combat order battle:1 class:cruiser target:Blue: dreadnought", as_="player1"
    )
    blue_page = await table.slash("/history list", as_="player2")
    typed = newest_entry(blue_page, "combat order")
    assert HIDDEN in block(blue_page, typed) and "fire orders" not in block(blue_page, typed)
    shown = await table.slash(f"/history show entry:{typed}", as_="player2")
    assert "dreadnought" not in show_text(shown) and HIDDEN in show_text(shown)
    own = await table.slash(f"/history show entry:{typed}", as_="player1")
    assert own.ephemeral and "Blue: dreadnought" in show_text(own)

    panel = await table.slash("/combat orders battle:1", as_="player1")
    await table.select(panel, 0, values=["Blue — destroyers (3, level 2)"], as_="player1")
    picked = await table.slash("/history list", as_="player2")
    pick = newest_entry(picked, "combat order")
    assert pick > typed and HIDDEN in block(picked, pick)

    table.script_dice([1] * 7)  # round 1: nobody hits
    question = await table.slash("/turn end", as_="gm")
    await table.click(question, "End turn 1", as_="gm")

    after = await table.slash(f"/history show entry:{typed}", as_="player2")
    assert not after.ephemeral and "Blue: dreadnought" in show_text(after)
    # The pick in the panel reads as the same order typed would (not the menu's inner value).
    picked_after = await table.slash(f"/history show entry:{pick}", as_="player2")
    assert "**target**: Blue: destroyer\n" in show_text(picked_after) + "\n"
