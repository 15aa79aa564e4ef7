"""Through Discord: the naval station the GM confirmed for a returning force binds
(NO-4.3, NO-I16): its player cannot rename it, and the turn's end does not end the return
at another station.

Player1 plays Britain; the GM's ports are those of test_naval_orders.py: Portsmouth (1,
naval station), Plymouth (2), Brest (20, naval station).
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import flat_text_of
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import at_sea_with_swift
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import gm_overview

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports


async def test_the_station_the_gm_confirmed_binds_the_player_and_the_turn_end(navy):
    """The GM ends the Western Squadron's cruise at sea and names Portsmouth. Its player's
    /navy return naming Brest is refused, privately, and Portsmouth stays; in port at Brest
    at the turn's end the squadron is told it goes on returning to Portsmouth."""
    await at_sea_with_swift(navy)
    await give(navy, WS, "cruise", form(point="Scilly", location="14", turns="1"), as_="gm")
    await navy.slash(f"/navy complete unit:{WS}", as_="gm")
    await navy.slash(f"/navy return unit:{WS} station:Portsmouth", as_="gm")

    refused = await navy.slash(f"/navy return unit:{WS} station:Brest", as_="player1")

    assert refused.ephemeral
    assert (
        f"The GM has confirmed Portsmouth as the naval station {WS} returns to; only the GM "
        "changes it (NO-I16)."
    ) in flat_text_of(refused)
    assert "Returning to naval station Portsmouth, confirmed by the GM" in flat_text_of(
        await navy.slash("/navy orders", as_="player1")
    )
    await navy.slash(f"/navy position unit:{WS} location:20 in_port:true", as_="player1")
    report = await end_turn(navy, 1)
    assert (
        f"{WS} is in port at naval station Brest, but the GM confirmed Portsmouth as the "
        "station it returns to: it goes on returning there."
    ) in report
    assert "is back at naval station" not in report
    assert "returning to the nearest naval station" in await gm_overview(navy)
