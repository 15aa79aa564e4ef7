"""A removed route or planet is named where its removal is told: the channel's answer and
the log say "Route #2 Dust (Vega, Orion) removed", as the question before named it, since a
removed number is in no list any more. Names are shown literally. An entry logged before
says only its number, as it did.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra; the GM removes a shared route.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from bot.i18n import t
from tests.e2e.confirming import confirmed

pirates = base.pirates

ROUTE = "**Dust** @everyone"
ROUTE_SHOWN = "\\*\\*Dust\\*\\* @\u200beveryone"
PLANET = "<@1> Home"
PLANET_SHOWN = "<\u200b@1> Home"


async def history(table, as_: str = "gm") -> str:
    return (await table.slash("/history list", as_=as_)).text()


async def test_a_removed_route_and_planet_are_named_in_the_channel_and_the_log(pirates):
    """Vega's shared route with Orion, #2, is removed by the GM, and Vega's planet #1 by
    Vega: the channel reads them by number, name and owners, the log too, and nobody is
    pinged by the names."""
    await pirates.slash("/pirates route add name:Silk goods:300", as_="player1")
    added = await pirates.slash(
        f"/pirates route add name:{ROUTE} goods:8 owners:Vega:60, Orion:40 faction:Vega",
        as_="gm",
    )
    assert not added.ephemeral, added.text()
    planet = await pirates.slash(f"/pirates planet add name:{PLANET} income:10", as_="player1")
    assert not planet.ephemeral, planet.text()

    removed = await confirmed(pirates, "/pirates route remove route:2", as_="gm")
    assert not removed.ephemeral
    assert f"Route #2 {ROUTE_SHOWN} (Vega, Orion) removed" in removed.text(), removed.text()
    gone = await confirmed(pirates, "/pirates planet remove planet:1", as_="player1")
    assert f"Planet #1 {PLANET_SHOWN} (Vega) removed" in gone.text(), gone.text()

    log = await history(pirates, as_="player2")
    assert f"Route #2 {ROUTE_SHOWN} (Vega, Orion) removed" in log, log
    assert f"Planet #1 {PLANET_SHOWN} (Vega) removed" in log, log
    assert "@everyone" not in log and "<@1>" not in log
    routes = (await pirates.slash("/pirates routes", as_="player2")).text()
    assert "Silk" in routes and "Dust" not in routes, routes


async def test_the_removal_reads_in_russian(pirates):
    """In a Russian campaign Lyra removes her route and planet: «Торговый путь №1 Шёлк
    (Lyra) удалён», «Планета №1 Тау (Lyra) удалена», in the channel and in the log."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await pirates.slash("/pirates route add name:Шёлк goods:300", as_="player3")
    await pirates.slash("/pirates planet add name:Тау income:10", as_="player3")

    removed = await confirmed(pirates, "/pirates route remove route:1", as_="player3")
    assert "Торговый путь №1 Шёлк (Lyra) удалён" in removed.text(), removed.text()
    gone = await confirmed(pirates, "/pirates planet remove planet:1", as_="player3")
    assert "Планета №1 Тау (Lyra) удалена" in gone.text(), gone.text()
    log = await history(pirates, as_="player3")
    assert "Торговый путь №1 Шёлк (Lyra) удалён" in log, log
    assert "Планета №1 Тау (Lyra) удалена" in log, log


def test_an_entry_logged_before_still_reads_by_its_number():
    """Entries logged before the removal named the route kept their line: its number."""
    assert t("pirates.route.removed", "en", id=3) == "Route #3 removed"
    assert t("pirates.planet.removed", "ru", id=3) == "Планета №3 удалена"
