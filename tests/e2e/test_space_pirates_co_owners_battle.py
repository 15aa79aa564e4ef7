"""SP-I43 through Discord: a shared route whose two owners both have ships on it fights as
one participant, and the battle's pages still name each owner's ships and losses as
theirs; the co-owner who lost ships in the other owner's raid is pinged with them.

A play-test read "Orion, Vega's 1 destroyer" for Vega's destroyer and "Losses of Orion,
Vega: 1 cruiser" for Orion's cruiser, and Orion's player was told nothing when Vega's
answer fought the battle.

Player1 plays Vega, player2 Orion. Faces are scripted in the order the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.play import refused_alone
from tests.e2e.test_space_pirates import guarded_route_raided

pirates = base.pirates

# Vega's raid: three raiders (`guarded_route_raided`). In each round the defenders miss
# (1s), the raiders hit 6, 6, 6 and the defence rolls 1, 1, 1: the cruisers fall in round 1,
# the destroyer in round 2. Then Orion's own roll: 20 (no raid).
MISS_THEN_HIT = [1, 1, 1, 6, 6, 6, 1, 1, 1, 1, 6, 6, 6, 1, 1, 1, 20]
# Two cruisers, one of each owner: round 1 four misses, one cruiser falls; round 2 two
# misses, the other falls.
TWO_CRUISERS = [1, 1, 1, 1, 6, 6, 6, 1, 1, 1, 1, 1, 6, 6, 6, 1, 1, 1, 20]


async def vegas_refused_raid(pirates, ships: str, faces: list[int]):
    """Vega and Orion's route Shared, guarded by `ships`, is raided through Vega, who
    refuses the buy-off; the battle is fought on `faces`. The answer and Vega's pages."""
    route = f"name:Shared goods:100 owners:Vega:60, Orion:40 ships:{ships} faction:Vega"
    fought = await guarded_route_raided(pirates, route, "gm", faces)
    report = await pirates.slash("/pirates report turn:1", as_="player1")
    page = await pirates.click(report, "Next ▶", as_="player1")
    return fought, flat(page.embed.description)


async def test_each_owners_ships_fire_and_are_lost_under_their_own_name(pirates):
    """Vega's destroyer and Orion's cruiser guard Shared: each fires under its owner's name,
    the raiders' target is named as Orion's cruisers, and Orion's loss is Orion's alone."""
    _, page = await vegas_refused_raid(pirates, "destroyer, cruiser@Orion", MISS_THEN_HIT)

    assert "Vega's 1 destroyer → the pirate fleet's raiders" in page, page
    assert "Orion's 1 cruiser → the pirate fleet's raiders" in page, page
    assert "The pirate fleet's 3 raiders → Orion's cruiser" in page, page
    assert "Losses of Orion: 1 cruiser." in page, page
    assert "Orion, Vega" not in page and "Vega, Orion" not in page, page
    assert "Losses of Vega" not in page, page


async def test_one_class_of_both_owners_names_each_owners_ships(pirates):
    """A cruiser of each owner: the cruisers fire as one group, told as each owner's one
    cruiser, and the raiders' target is the cruisers of both owners."""
    _, page = await vegas_refused_raid(pirates, "cruiser, cruiser@Orion", TWO_CRUISERS)

    assert "Vega (1 cruiser) and Orion (1 cruiser) → the pirate fleet's raiders" in page, page
    assert "→ the cruisers of Vega and Orion" in page, page
    assert "Losses of Vega: 1 cruiser." in page, page


async def test_the_co_owner_is_pinged_with_the_ships_it_lost(pirates):
    """Vega's answer fights the battle in which Orion's cruiser dies: a message pings
    Orion's player, and only them, with Orion's loss; Vega, who clicked, is not pinged."""
    fought, _ = await vegas_refused_raid(pirates, "destroyer, cruiser@Orion", MISS_THEN_HIT)

    told = next((m for m in fought.followups if m.pings), None)
    assert told is not None, [m.content for m in fought.followups]
    assert told.pings == {"player2"}, told.pings
    assert told.content.startswith(f"<@{pirates.member('player2').id}>"), told.content
    assert "Shared, raid on Vega — Orion lost 1 cruiser" in told.content, told.content


async def test_a_planets_orbit_refuses_another_factions_ship(pirates):
    """SP-I21: a planet's orbit holds its owner's forces, and has no co-owners. A play-test
    typed "cruiser@Orion" for Vega's planet and read both cruisers listed as Vega's; the
    ship is refused, saying why, and nothing is registered."""
    refused = await refused_alone(
        pirates,
        "/pirates planet add name:Tau income:900 ships:cruiser, cruiser@Orion",
        as_="player1",
    )

    assert "Tau is Vega's, so it cannot have ships of Orion (SP-I21)" in flat(refused), refused
    planets = await pirates.slash("/pirates planets", as_="player1")
    assert "Tau" not in planets.text()
