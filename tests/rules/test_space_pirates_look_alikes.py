"""A route or planet named like another of its owner's (a Cyrillic letter, a 0 for an O) is
refused, naming it: routes and planets are chosen by number, but the raid reports and the
bribes name the one they hit by its name, where `Silk Rоad` beside `Silk Road` would leave
the owner guessing. Route names are the campaign's: routes are picked from one list of
every route's number and name, and reports and questions name a route without its owner,
so a route looking like another faction's is refused too, naming that faction's route.
Another faction's planet may share a look (planets are listed with their owner), any
faction's route or planet may share the name itself, and a registry saved with a pair of
look-alikes still loads and plays."""

from __future__ import annotations

import pytest
from refusals import refused
from space_pirates_helpers import COMBAT
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import raid
from space_pirates_helpers import route

from bot.errors import Conflict
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.registry import register_planet
from bot.rules.space_pirates.registry import register_route

SILK_CYRILLIC = "Silk R\u043ead"  # Silk Road with a Cyrillic о


def test_a_route_named_like_another_of_its_owner_is_refused_naming_it():
    state, silk = route(empty(), "Silk Road", 300)
    error = refused(route, state, SILK_CYRILLIC, 100, error=Conflict)
    assert error.message("en") == (
        f"“{SILK_CYRILLIC}” looks too much like Aurora's trade route Silk Road, #{silk.id}: "
        "raid reports name a route by its name, so pick one no one can mistake for it (to "
        f"change that route, use /pirates route edit route:{silk.id})."
    )
    assert error.message("ru") == (
        f"«{SILK_CYRILLIC}» слишком похоже на торговый путь «Silk Road» фракции «Aurora», "
        f"№{silk.id}: отчёты о налётах называют путь по названию, так что выберите такое, "
        "которое с ним не спутать (изменить тот путь можно командой /пираты торговый_путь "
        f"изменить торговый_путь:{silk.id})."
    )
    # A route shared with Aurora is refused too, and so is one of Vega's alone, naming
    # Aurora's route without offering Vega its edit.
    shared = refused(
        route, state, "Si1k Road", 100, owners=[("Vega", 50), ("Aurora", 50)], error=Conflict
    )
    assert shared.message_key == "space_pirates.error.route_look_alike"
    other = refused(route, state, SILK_CYRILLIC, 100, owner="Vega", error=Conflict)
    assert other.message("en") == (
        f"“{SILK_CYRILLIC}” looks too much like Aurora's trade route Silk Road, #{silk.id}: "
        "routes are picked from one list of the campaign's routes, and raid reports name a "
        "route without its owner, so pick a name no one can mistake for it."
    )
    assert other.message("ru") == (
        f"«{SILK_CYRILLIC}» слишком похоже на торговый путь «Silk Road» фракции «Aurora», "
        f"№{silk.id}: пути выбирают из общего списка путей кампании, а отчёты о налётах "
        "называют путь без владельца, так что выберите название, которое с ним не спутать."
    )
    # The name itself is refused to Vega as well (one list of the campaign's routes); to
    # Aurora it is still the refusal that offers the edit, and renaming the route itself is
    # an edit.
    same = refused(route, state, "Silk Road", 100, owner="Vega", error=Conflict)
    assert same.message_key == "space_pirates.error.route_name_other"
    assert refused(route, state, "SILK ROAD", 1, error=Conflict).message_key == (
        "space_pirates.error.route_name_taken"
    )
    renamed, edited = register_route(
        state, COMBAT, name="Silk Road", goods=5, owners=[("Aurora", 100)], route_id=silk.id
    )
    assert edited.income.goods == 5 and len(renamed.routes) == 1


@pytest.mark.parametrize("typed", ["SILK R\u041eAD", "SlLK ROAD"])
def test_a_look_alike_typed_in_capitals_is_refused_naming_the_route(typed):
    """`SILK RОAD` (a Cyrillic `О`) or `SlLK ROAD` (a small l) reads as Silk Road in
    capitals: refused to another faction, naming Aurora's route, as `Silk Rоad` is."""
    state, silk = route(empty(), "Silk Road", 300)
    other = refused(route, state, typed, 100, owner="Vega", error=Conflict)
    assert other.message("en").startswith(
        f"“{typed}” looks too much like Aurora's trade route Silk Road, #{silk.id}: "
    ), other.message("en")


def test_routes_told_apart_by_their_small_letters_are_both_registered():
    """The Cyrillic `Кама` is no look-alike of the Latin `Kama`, nor `Line i` of `Line 1`:
    they only look alike both in capitals, which nobody reads them in."""
    state, _ = route(empty(), "Kama", 300)
    state, _ = route(state, "Line 1", 300)
    state, kama = route(state, "Кама", 100, owner="Vega")
    state, line = route(state, "Line i", 100, owner="Vega")
    assert [r.name for r in state.routes] == ["Kama", "Line 1", kama.name, line.name]


def test_a_planet_named_like_another_of_its_owner_is_refused_naming_it():
    state, home = planet(empty(), "Ceres", 50)
    error = refused(planet, state, "C\u0435res", 20, error=Conflict)
    assert error.message("en") == (
        f"“C\u0435res” looks too much like Aurora's planet Ceres, #{home.id}: raid reports name "
        "a planet by its name, so pick one no one can mistake for it (to change that planet, "
        f"use /pirates planet edit planet:{home.id})."
    )
    assert error.message("ru").startswith(
        f"«C\u0435res» слишком похоже на планету «Ceres» фракции «Aurora», №{home.id}: "
        "отчёты о рейдах называют планету по названию"
    )
    state, _ = planet(state, "C\u0435res", 20, owner="Vega")
    assert [p.name for p in state.planets] == ["Ceres", "C\u0435res"]


def saved_with_pairs() -> SpacePiratesState:
    """A registry saved before look-alikes were refused: Aurora's Silk Road and Silk Rоad,
    planets Ceres and Cеres."""
    state, _ = route(empty(), "Silk Road", 300)
    state, _ = planet(state, "Ceres", 50)
    raw = state.model_dump(mode="json")
    twin = dict(raw["routes"][0], id=90, name=SILK_CYRILLIC, ships=[])
    raw["routes"].append(twin)
    raw["planets"].append(dict(raw["planets"][0], id=91, name="C\u0435res", orbital_ships=[]))
    return SpacePiratesState.model_validate(raw)


def test_a_registry_saved_with_look_alike_pairs_loads_and_plays():
    state = saved_with_pairs()
    assert [r.name for r in state.routes] == ["Silk Road", SILK_CYRILLIC]
    # Each is edited as before while it keeps its name and owners.
    state, edited = register_route(
        state, COMBAT, name=SILK_CYRILLIC, goods=120, owners=[("Aurora", 100)], route_id=90
    )
    assert edited.income.goods == 120
    state, moved = register_planet(
        state, COMBAT, owner="Aurora", name="C\u0435res", income=70, planet_id=91
    )
    assert moved.income == 70
    # The pirates still raid one of them, and the report names it.
    after, reports = raid(state, 1, [1] * 80)
    assert [r.name for r in after.routes] == ["Silk Road", SILK_CYRILLIC]
    assert [r.target_name for r in reports if r.kind == "route"] == ["Silk Road"]


def test_a_route_or_planet_is_stored_without_invisible_characters():
    """A zero-width space or a soft hyphen typed into a name is not kept: `Silk\u200bRoad` is
    stored as SilkRoad, the name a player sees and any later look-alike check reads."""
    state, silk = route(empty(), "Silk\u200bRoad\u00ad", 300)
    state, moon = planet(state, "Moon\u200b Base", 100)
    assert silk.name == "SilkRoad"
    assert moon.name == "Moon Base"
