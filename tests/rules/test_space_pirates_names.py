"""A name names one planet (one route) of its owner; a campaign that registered two of the
same name before that rule can still edit both, and renaming one onto a name taken is
refused."""

from __future__ import annotations

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import route

from bot.errors import Conflict
from bot.rules.space_pirates.registry import register_planet
from bot.rules.space_pirates.registry import register_route


def twice(records, first):
    """`records` with a copy of `first` under a new number, as an older release allowed."""
    records.append(first.model_copy(update={"id": 99}))


def test_two_planets_of_one_name_from_before_stay_editable():
    state, home = planet(empty(), "Vega Prime", 300)
    twice(state.planets, home)
    for number in (home.id, 99):
        state, edited = register_planet(
            state, COMBAT, owner="Aurora", name="Vega Prime", income=400, planet_id=number
        )
        assert edited.income == 400
    state, other = planet(state, "Vega Minor", 100)
    with pytest.raises(Conflict):
        register_planet(
            state, COMBAT, owner="Aurora", name="vega prime", income=1, planet_id=other.id
        )


def test_two_routes_of_one_name_from_before_stay_editable():
    state, silk = route(empty(), "Silk", 300)
    twice(state.routes, silk)
    for number in (silk.id, 99):
        state, edited = register_route(
            state, COMBAT, name="Silk", goods=500, owners=[("Aurora", 100)], route_id=number
        )
        assert edited.income.goods == 500
    state, spice = route(state, "Spice", 100)
    with pytest.raises(Conflict):
        register_route(
            state, COMBAT, name="SILK", goods=1, owners=[("Aurora", 100)], route_id=spice.id
        )
