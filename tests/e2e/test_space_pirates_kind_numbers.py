"""Numbers counted per kind: a campaign's routes are #1, #2…, its planets #1…, its ships
#1… (a ship is one kind wherever it sits), so a player's second route is route #2 whatever
else was registered before it. A campaign saved when one counter numbered everything keeps
its numbers, and what it registers next takes no number an earlier object had.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

from typing import Any

import tests.e2e.test_space_pirates as base
from tests.e2e.confirming import confirmed
from tests.e2e.play import saved_state

pirates = base.pirates


async def two_routes_and_a_planet(table, player: str) -> list[str]:
    """The player registers a route with two cruisers, a route with a destroyer and a
    planet with a cruiser in orbit: what the channel was told of each."""
    told = []
    for line in (
        "/pirates route add name:Silk goods:300 ships:2 cruiser",
        "/pirates route add name:Amber goods:200 ships:destroyer",
        "/pirates planet add name:Tau income:900 ships:cruiser",
    ):
        added = await table.slash(line, as_=player)
        assert not added.ephemeral, added.text()
        told.append(added.embed.description)
    return told


async def test_routes_planets_and_ships_are_numbered_each_from_one(pirates):
    """Vega's second route is route #2 (not #4 after the first route's two ships), her
    first planet planet #1; ships are #1–#4 wherever they sit; `route:2` edits the second
    route."""
    silk, amber, tau = await two_routes_and_a_planet(pirates, "player1")

    assert "Route #1 Silk registered" in silk, silk
    assert "Route #2 Amber registered" in amber, amber
    assert "Planet #1 Tau registered" in tau, tau
    assert "ship #1, ship #2" in silk and "ship #3" in amber and "ship #4" in tau
    edited = await pirates.slash("/pirates route edit route:2 goods:250", as_="player1")
    assert not edited.ephemeral, edited.text()
    assert "Route #2 Amber changed" in edited.embed.description
    assert "goods 250" in edited.embed.description
    routes = (await pirates.slash("/pirates routes", as_="player2")).embed.description
    assert "Route #1 Silk" in routes and "Route #2 Amber" in routes, routes


async def test_the_numbers_read_in_russian(pirates):
    """The same in a Russian campaign, registered by Lyra: «Торговый путь №2», «Планета №1»,
    and `route:2` edits the second route."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    silk, amber, tau = await two_routes_and_a_planet(pirates, "player3")

    assert "Торговый путь №1 Silk зарегистрирован" in silk, silk
    assert "Торговый путь №2 Amber зарегистрирован" in amber, amber
    assert "Планета №1 Tau зарегистрирована" in tau, tau
    edited = await pirates.slash("/pirates route edit route:2 goods:250", as_="player3")
    assert not edited.ephemeral, edited.text()
    assert "Торговый путь №2 Amber изменён" in edited.embed.description


async def test_a_removed_routes_number_is_not_given_again(pirates):
    """Route #2 removed, the next route is #3; planets still count from #1."""
    await two_routes_and_a_planet(pirates, "player1")
    removed = await confirmed(pirates, "/pirates route remove route:2", as_="player1")
    assert "Route #2 Amber (Vega) removed" in removed.text(), removed.text()

    added = await pirates.slash("/pirates route add name:Opal goods:100", as_="player1")
    assert "Route #3 Opal registered" in added.embed.description, added.text()
    planet = await pirates.slash("/pirates planet add name:Rho income:10", as_="player1")
    assert "Planet #2 Rho registered" in planet.embed.description, planet.text()


def one_counter(state: dict[str, Any]) -> None:
    """The state as a release numbering everything with one counter saved it: route Silk #1
    with ships #2, #3, route Amber #4 with ship #5, planet Tau #6 with ship #7, and a route
    #8 registered and removed since; the next number was 9."""
    silk, amber = state["routes"]
    for ship, number in zip(silk["ships"], (2, 3), strict=True):
        ship["id"] = number
    amber["id"], amber["ships"][0]["id"] = 4, 5
    tau = state["planets"][0]
    tau["id"], tau["orbital_ships"][0]["id"] = 6, 7
    state.pop("next_ids", None)
    state["next_id"] = 9


async def test_an_old_campaign_keeps_its_numbers_and_takes_none_again(pirates):
    """A campaign saved with one counter: its routes, planet and ships keep their numbers
    (`route:4` still edits Amber, keeping its ship #5); the next route, planet and ship each
    start at the old counter, 9, so none reuses a number an earlier object had (removed
    route #8 included); the next route after that is #10."""
    await two_routes_and_a_planet(pirates, "player1")
    await saved_state(pirates, "space_pirates", one_counter)

    edited = await pirates.slash("/pirates route edit route:4 goods:250", as_="player1")
    assert not edited.ephemeral, edited.text()
    assert "Route #4 Amber changed" in edited.embed.description
    assert "ship #5" in edited.embed.description
    added = await pirates.slash(
        "/pirates route add name:Opal goods:100 ships:cruiser", as_="player1"
    )
    assert "Route #9 Opal registered" in added.embed.description, added.text()
    assert "ship #9" in added.embed.description
    planet = await pirates.slash("/pirates planet add name:Rho income:10", as_="player1")
    assert "Planet #9 Rho registered" in planet.embed.description, planet.text()
    again = await pirates.slash("/pirates route add name:Jade goods:100", as_="player1")
    assert "Route #10 Jade registered" in again.embed.description, again.text()
    routes = (await pirates.slash("/pirates routes", as_="player2")).embed.description
    assert "Route #1 Silk" in routes and "ship #2, ship #3" in routes, routes
    planets = (await pirates.slash("/pirates planets", as_="player2")).embed.description
    assert "Planet #6 Tau" in planets and "ship #7" in planets, planets
