"""Space pirates and fleet combat as a hostile play-test met them: a route put on another
faction's books, words after a ship class dropped, a turn's end answering a player's
question without telling the GM, and a target faction outside the battle read as a class.

Player1 plays Vega, player2 Orion, player3 (who reads Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import refused_alone

pirates = base.pirates


def flat(text: str | None) -> str:
    return " ".join((text or "").replace("│", " ").split())


async def raid_chance(table, as_: str) -> str:
    status = flat((await table.slash("/pirates status", as_=as_)).embed.description)
    return status.split("Chance of a route raid next resolution:")[1].split("(")[0].strip()


# -- a route shared with a faction the player does not play (SP-I1, SP-I5) --------------------


async def test_a_player_cannot_put_a_route_on_another_factions_books(pirates):
    """Lyra registers routes naming Vega as a 99 % co-owner: refused, in Russian, naming Vega;
    Vega's raid chance and route list do not change. Vega cannot do it to Orion either, nor
    add Orion to a route Vega owns alone. A GM registers the shared route."""
    await pirates.slash("/pirates route add name:Home goods:50", as_="player1")
    before = await raid_chance(pirates, "player1")

    said = await refused_alone(
        pirates,
        "/pirates route add name:Imposed goods:5000 owners:Lyra:1, Vega:99",
        "player3",
    )
    assert said == (
        "Путь, общий с фракциями, которыми вы не играете (Vega), регистрирует только ведущий: "
        "доля владельца добавляет путь в его бросок на налёт и повышает шанс налёта "
        "(SP-I1, SP-I5). Укажите во владельцах только свои фракции или попросите ведущего."
    ), said
    english = await refused_alone(
        pirates, "/pirates route add name:Imposed goods:5000 owners:Vega:1, Orion:99", "player1"
    )
    assert english.startswith(
        "Only a GM registers a route shared with a faction you do not play (Orion)"
    ), english
    edited = await refused_alone(
        pirates, "/pirates route edit route:1 owners:Vega:50, Orion:50", "player1"
    )
    assert "(Orion)" in edited, edited

    assert await raid_chance(pirates, "player1") == before
    routes = flat((await pirates.slash("/pirates routes", as_="gm")).embed.description)
    assert "Imposed" not in routes and "Orion 50%" not in routes, routes

    shared = await pirates.slash(
        "/pirates route add name:Agreed goods:300 owners:Lyra:50, Vega:50 faction:Lyra", as_="gm"
    )
    assert not shared.ephemeral, shared.text()
    assert "Agreed" in flat(
        (await pirates.slash("/pirates routes", as_="player1")).embed.description
    )
