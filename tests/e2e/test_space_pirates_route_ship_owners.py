"""A trade route's ships are its owners' (SP-I43, SP-I28, SP-I36), through Discord.

Ships typed for a faction that owns no share of the route ("cruiser police@Orion" on
Vega's own route) are refused privately, in the player's language, naming the route, its
owners and the faction, saying they would not lower that faction's raid chance and what to
do instead; nothing is registered or changed, and nothing is posted. A GM taking a
co-owner off a route that still has its ships reads the same. Player1 plays Vega, player2
Orion, player3 Lyra (in Russian).
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat_text_of
from tests.e2e.play import refused_alone_flat

pirates = base.pirates

REFUSED = (
    "A trade route's guard, police and transport ships are its owners': Spice is owned by "
    "Vega, so it cannot have ships of Orion, which would not lower Orion's raid chance either "
    "(SP-I43). Type the ships without “@…” to register them as an owner's, or a GM adds Orion "
    "to the route's owners."
)


async def routes(table) -> str:
    return flat_text_of(await table.slash("/pirates routes", as_="gm"))


async def test_another_factions_ships_on_a_players_own_route_are_refused(pirates):
    """SP-I43: Vega's player registers Spice with Orion's police cruiser, then registers it
    with its own cruiser and adds Orion's: both refused, saying why and what to do; Spice
    is not registered the first time and keeps its one cruiser, Vega's, the second."""
    added = await refused_alone_flat(
        pirates, "/pirates route add name:Spice goods:300 ships:cruiser police@Orion", "player1"
    )
    assert added == REFUSED, added
    assert "Spice" not in await routes(pirates)

    await pirates.slash("/pirates route add name:Spice goods:300 ships:cruiser", as_="player1")
    before = await routes(pirates)
    edited = await refused_alone_flat(
        pirates, "/pirates route edit route:1 ships:cruiser, cruiser police@Orion", "player1"
    )
    assert edited == REFUSED, edited
    assert await routes(pirates) == before
    assert "1 cruiser (guard, Vega)" in before and "Orion" not in before, before


async def test_a_co_owner_with_ships_on_the_route_is_not_dropped_from_its_owners(pirates):
    """SP-I43: the GM registers Salt for Vega and Orion with Orion's cruiser, then gives
    Vega the whole route: refused, naming Orion's ships; the route keeps both owners."""
    await pirates.slash(
        "/pirates route add name:Salt goods:300 owners:Vega:50, Orion:50 ships:cruiser@Orion "
        "faction:Vega",
        as_="gm",
    )
    before = await routes(pirates)

    dropped = await refused_alone_flat(pirates, "/pirates route edit route:1 owners:Vega:100", "gm")

    assert dropped.startswith(
        "A trade route's guard, police and transport ships are its owners': Salt is owned by "
        "Vega, so it cannot have ships of Orion"
    ), dropped
    assert await routes(pirates) == before


async def test_a_russian_player_reads_the_refusal_in_russian(pirates):
    """SP-I43: Lyra's player (Russian) puts Vega's cruiser on its own route: refused in
    Russian, nothing registered."""
    refused = await refused_alone_flat(
        pirates, "/pirates route add name:Lyre goods:300 ships:cruiser@Vega", "player3"
    )

    assert refused == (
        "Корабли охраны, полиции и транспорта торгового пути принадлежат его владельцам. "
        "Владельцы пути «Lyre»: Lyra; корабли фракции «Vega» на нём зарегистрировать нельзя, "
        "да и шанс налёта на «Vega» они бы не снизили (SP-I43). Укажите корабли без «@…», "
        "чтобы зарегистрировать их как корабли владельца, или попросите ведущего добавить "
        "«Vega» во владельцы пути."
    ), refused
    assert "Lyre" not in await routes(pirates)
