"""Registration (section 1): bad values are refused with the allowed range and change
nothing; the engine is pure (same dice, same outcome; the input state is never touched)."""

from __future__ import annotations

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.errors import RuleViolation
from bot.i18n import t
from bot.rules.space_pirates import SpacePiratesSettings
from bot.rules.space_pirates.registry import ShipSpec
from bot.rules.space_pirates.registry import register_planet
from bot.rules.space_pirates.registry import register_route
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.registry import set_turn_order
from bot.rules.space_pirates.settings import GROUPS
from bot.rules.space_pirates.settings import settings_by_group


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"goods": -1}, "space_pirates.error.out_of_range"),
        ({"owners": [("A", 60), ("B", 30)]}, "space_pirates.error.shares"),
        ({"owners": [("A", 50), ("A", 50)]}, "space_pirates.error.duplicate_owner"),
        ({"owners": []}, "space_pirates.error.no_owner"),
        (
            {"ships": [ShipSpec(owner="A", ship_class="frigate")]},
            "space_pirates.error.unknown_class",
        ),
        ({"ships": [ShipSpec(owner="Z", ship_class="cruiser")]}, "space_pirates.error.ship_owner"),
        (
            {"ships": [ShipSpec(owner="A", ship_class="transport", role="police")]},
            "space_pirates.error.police_not_combat",
        ),
        ({"name": "  "}, "space_pirates.error.name"),
    ],
)
def test_bad_route_values_are_refused_and_change_nothing(changes, key):
    """SP-1.5, SP-I5, SP-I9: negative income, shares not summing to 100 %, an unknown class
    are refused with what is allowed; the state is unchanged."""
    state = empty()
    before = state.model_dump()
    fields = {"name": "Line", "goods": 100, "owners": [("A", 100)]} | changes
    with pytest.raises(RuleViolation) as caught:
        register_route(state, COMBAT, **fields)
    assert caught.value.message_key == key
    assert state.model_dump() == before


def test_unknown_class_names_the_allowed_classes():
    """SP-I9: the refusal lists the fleet combat classes."""
    with pytest.raises(RuleViolation) as caught:
        register_route(
            empty(),
            COMBAT,
            name="Line",
            goods=100,
            owners=[("A", 100)],
            ships=[ShipSpec(owner="A", ship_class="frigate")],
        )
    assert "dreadnought" in caught.value.message("en")


@pytest.mark.parametrize(
    "changes",
    [{"income": -5}, {"troops": -1}, {"buildings": 0}, {"population": -1}],
)
def test_bad_planet_values_are_refused(changes):
    """SP-4, SP-I23: negative income, troops or population, or no building, are refused."""
    fields = {"owner": "A", "name": "Home", "income": 100} | changes
    with pytest.raises(RuleViolation) as caught:
        register_planet(empty(), COMBAT, **fields)
    assert "{" not in caught.value.message("ru")


def test_route_income_is_the_sum_of_its_sources():
    """SP-1.5: goods, passengers and tourism add up."""
    _, line = register_route(
        empty(), COMBAT, name="Line", goods=100, passengers=50, tourism=25, owners=[("A", 100)]
    )
    assert line.combined_income == 175


def test_replacing_a_planet_keeps_its_cooldown():
    """SP-I19: editing a planet does not reset its cooldown."""
    state, home = planet(empty(), "Home", 300)
    state.planets[0].last_attacked_turn = 4
    state, edited = register_planet(
        state, COMBAT, owner="Aurora", name="Home", income=500, planet_id=home.id
    )
    assert edited.last_attacked_turn == 4 and edited.income == 500


def test_turn_order_lists_each_faction_once():
    """SP-I40: a faction twice in the turn order is refused."""
    with pytest.raises(RuleViolation):
        set_turn_order(empty(), ["A", "B", "A"])


def test_settings_are_grouped_and_cite_their_clause():
    """Every setting has a group of the spec's order, a clause, and a description in both
    catalogs citing that clause."""
    groups = settings_by_group()
    assert list(groups) == list(GROUPS)
    assert sum(len(v) for v in groups.values()) == len(SpacePiratesSettings.model_fields)
    for name, info in SpacePiratesSettings.model_fields.items():
        extra = info.json_schema_extra
        assert isinstance(extra, dict) and str(extra["clause"]).startswith("SP-I"), name
        for language in ("en", "ru"):
            described = t(f"space_pirates.setting.{name}", language)
            assert f"({extra['clause']})" in described, (name, language)


def busy_state():
    state, _ = route(empty(), "R1", 450, ships=[("cruiser", "guard")])
    state, _ = route(state, "R2", 80)
    state, _ = planet(state, "Home", 900, troops=2, cover_buildings=True)
    state, _ = route(state, "Far", 700, owner="Boreas", ships=[("destroyer", "guard")])
    state.player("Aurora").streak = 12
    with_history(state, "Aurora", [400])
    return state


def test_end_of_turn_is_pure_and_repeatable():
    """The engine never touches its input, and the same dice give the same outcome."""
    state = busy_state()
    before = state.model_dump()
    first = resolve(state, 5, Dice.seeded(11))
    second = resolve(state, 5, Dice.seeded(11))
    assert state.model_dump() == before
    assert first.state.model_dump() == second.state.model_dump()
    assert first.outcome == second.outcome


def test_end_of_turn_runs_once_per_turn():
    """A second run for a resolved turn changes nothing."""
    result = resolve(busy_state(), 5, Dice.seeded(2))
    again = resolve(result.state, 5, Dice.seeded(2))
    assert again.state is result.state and again.outcome == {"already_resolved": 5}


def test_settings_refuse_a_resolution_order_missing_a_step():
    """SP-I40: the order lists every step once."""
    with pytest.raises(ValueError):
        SpacePiratesSettings(resolution_order=["route_raid"])
    assert DEFAULTS.resolution_order[0] == "privateers"


def test_route_lookups_follow_registration_and_removal():
    """The owner and id lookups see a route as soon as it is registered and lose it when it
    is removed, on every copy of the state."""
    state, first = route(empty(), "First", 100)
    assert [r.id for r in state.routes_of("Aurora")] == [first.id]
    state, second = route(state, "Second", 200)
    assert [r.id for r in state.routes_of("Aurora")] == [first.id, second.id]
    state = remove_route(state, first.id)
    assert state.route(first.id) is None and state.route(second.id).name == "Second"
    copy = state.model_copy(deep=True)
    copy.routes.append(first)
    assert [r.id for r in copy.routes_of("Aurora")] == [second.id, first.id]
    assert [r.id for r in state.routes_of("Aurora")] == [second.id]
