"""The engine's refusals for the optional battle rules: split fire (FC-I7), allies (FC-I5)
and the damage priority list (FC-I10). The cog only reads what players type; these rules
live in `set_fire_orders`, `set_allies` and `set_damage_priority`."""

from __future__ import annotations

import pytest
from test_fleet_combat_support import battle

from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import SetFireOrders
from bot.rules.fleet_combat import set_allies
from bot.rules.fleet_combat import set_damage_priority
from bot.rules.fleet_combat import set_fire_orders

SPLIT = FleetCombatSettings(allow_split_fire=True)


def cruisers_at(*parts: tuple[str, int | None]) -> SetFireOrders:
    """A's cruisers (2 ships, 4 dice) fire at B's classes with these dice counts."""
    targets = [FireTarget(opponent="B", target_class=c, dice=d) for c, d in parts]
    order = FireOrder(ship_class="cruiser", targets=targets)
    return SetFireOrders(battle_id=1, faction="A", orders=[order])


def refusal(settings: FleetCombatSettings, command: SetFireOrders) -> RuleViolation:
    state = battle([("A", {"cruiser": 2}), ("B", {"destroyer": 3, "dreadnought": 1})])
    with pytest.raises(RuleViolation) as caught:
        set_fire_orders(state, settings, command)
    return caught.value


def stored(settings: FleetCombatSettings, command: SetFireOrders) -> list[int | None]:
    state = battle([("A", {"cruiser": 2}), ("B", {"destroyer": 3, "dreadnought": 1})])
    outcome = set_fire_orders(state, settings, command)
    return [t.dice for t in outcome.battle.orders["A"][0].targets]


# --- split fire (FC-I7) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "parts",
    [
        [("destroyer", 1), ("dreadnought", None)],
        [("dreadnought", 4)],
        [("dreadnought", 2)],
    ],
)
def test_any_dice_count_is_a_split_refused_while_split_fire_is_off(parts):
    """FC-I7 default: a class fires all its dice at one target, so even one target with a
    count is refused, not silently read as "all dice"."""
    error = refusal(FleetCombatSettings(), cruisers_at(*parts))
    assert (error.message_key, error.params["clause"]) == ("fleet_combat.error.split_fire", "FC-I7")


def test_the_split_fire_refusal_names_the_setting_a_gm_turns_on():
    """FC-I7: the refusal says how split fire is allowed, in both languages: the command a GM
    types, in code."""
    error = refusal(FleetCombatSettings(), cruisers_at(("destroyer", 1), ("dreadnought", None)))
    command = "setting:fleet_combat.allow_split_fire value:true"
    assert error.message("en").endswith(f" `/campaign settings set {command}`.")
    russian = "настройка:fleet_combat.allow_split_fire значение:true`."
    assert error.message("ru").endswith(" `/кампания настройки изменить " + russian)


def test_the_hold_fire_refusal_names_the_setting_a_gm_turns_on():
    """FC-I7: holding fire while `allow_hold_fire` is off is refused with the setting named."""
    hold = SetFireOrders(
        battle_id=1, faction="A", orders=[FireOrder(ship_class="cruiser", hold=True)]
    )
    error = refusal(FleetCombatSettings(), hold)
    assert error.message_key == "fleet_combat.error.hold_fire"
    command = "setting:fleet_combat.allow_hold_fire value:true"
    assert error.message("en").endswith(f" `/campaign settings set {command}`.")
    russian = "настройка:fleet_combat.allow_hold_fire значение:true`."
    assert error.message("ru").endswith(" `/кампания настройки изменить " + russian)


def test_one_target_without_a_count_is_not_a_split():
    assert stored(FleetCombatSettings(), cruisers_at(("dreadnought", None))) == [None]


@pytest.mark.parametrize(
    "parts",
    [
        [("destroyer", None), ("dreadnought", None)],
        [("destroyer", None), ("dreadnought", 3)],
        [("destroyer", 4), ("dreadnought", None)],
    ],
)
def test_every_part_but_the_last_gives_fewer_dice_than_the_group_rolls(parts):
    error = refusal(SPLIT, cruisers_at(*parts))
    assert error.message_key == "fleet_combat.error.split_dice"
    assert (error.params["clause"], error.params["dice"]) == ("FC-I7", 4)


@pytest.mark.parametrize(
    ("parts", "given"),
    [
        ([("destroyer", 1), ("dreadnought", 2)], "3 dice"),
        ([("destroyer", 1), ("dreadnought", 5)], "6 dice"),
        ([("dreadnought", 3)], "3 dice"),
        ([("dreadnought", 1)], "1 die"),
    ],
)
def test_a_count_on_the_last_part_must_make_the_parts_add_up_exactly(parts, given):
    """FC-I7: the last part takes the rest; a count typed on it must be exactly that."""
    error = refusal(SPLIT, cruisers_at(*parts))
    assert error.message_key == "fleet_combat.error.split_total"
    assert error.params["clause"] == "FC-I7"
    assert error.message("en") == (
        f"The parts add up to {given}, but 2 cruisers roll 4 dice (FC-I7). "
        "Leave the last part without a count: it takes the rest."
    )
    assert error.message("ru").startswith(f"Части дают в сумме {given.split()[0]} кубик")


@pytest.mark.parametrize(
    ("parts", "kept"),
    [
        ([("destroyer", 1), ("dreadnought", None)], [1, None]),
        ([("destroyer", 1), ("dreadnought", 3)], [1, None]),
        ([("dreadnought", 4)], [None]),
        ([("destroyer", 1), ("destroyer", 2), ("dreadnought", 1)], [1, 2, None]),
    ],
)
def test_exact_counts_are_accepted_and_the_last_part_takes_the_rest(parts, kept):
    assert stored(SPLIT, cruisers_at(*parts)) == kept


# --- allies (FC-I5) --------------------------------------------------------------------------


@pytest.mark.parametrize("factions", [[], ["A"], ["C", "C"]])
def test_allies_need_at_least_two_distinct_participants(factions):
    """FC-I5: naming no one, or one participant (even twice), is refused, not an audited
    no-op (nor an IndexError)."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1}), ("C", {"cruiser": 1})])
    with pytest.raises(RuleViolation) as caught:
        set_allies(state, FleetCombatSettings(), 1, factions)
    assert caught.value.message_key == "fleet_combat.error.allies_two"
    assert caught.value.params == {"clause": "FC-I5", "battle": 1}
    assert caught.value.message("en") == (
        "Name at least two participants of battle #1 to make them allies (FC-I5)."
    )


def test_allies_must_all_be_fighting_in_the_battle():
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})])
    with pytest.raises(RuleViolation) as caught:
        set_allies(state, FleetCombatSettings(), 1, ["A", "Z"])
    assert caught.value.message_key == "fleet_combat.error.not_participant"


# --- damage priority (FC-I10) ----------------------------------------------------------------


def test_clearing_the_priority_list_removes_the_entry():
    """FC-I10: `clear` forgets the list (the key goes, not an empty list) and says so."""
    state = battle([("A", {"cruiser": 2}), ("B", {"cruiser": 1})])
    state = set_damage_priority(state, FleetCombatSettings(), 1, "A", [2, 1]).state
    assert state.battle(1).damage_priority == {"A": [2, 1]}
    cleared = set_damage_priority(state, FleetCombatSettings(), 1, "A", clear=True)
    assert cleared.battle.damage_priority == {}
    assert [m.render("en") for m in cleared.lines] == [
        "A's damage priority list is cleared (FC-I10)."
    ]
    assert state.battle(1).damage_priority == {"A": [2, 1]}
    again = set_damage_priority(cleared.state, FleetCombatSettings(), 1, "A", clear=True)
    assert again.battle.damage_priority == {}


@pytest.mark.parametrize(
    ("ids", "clear", "key"),
    [
        ([], False, "fleet_combat.error.priority_no_ships"),
        ([1], True, "fleet_combat.error.priority_ships_and_clear"),
    ],
)
def test_priority_needs_ships_or_clear_but_not_both(ids, clear, key):
    state = battle([("A", {"cruiser": 2}), ("B", {"cruiser": 1})])
    with pytest.raises(RuleViolation) as caught:
        set_damage_priority(state, FleetCombatSettings(), 1, "A", ids, clear=clear)
    assert (caught.value.message_key, caught.value.params["clause"]) == (key, "FC-I10")


def test_a_ship_that_is_not_the_owners_is_refused_with_the_owners_ships():
    """FC-I10: naming a ship the faction has not got in the battle lists the ids it has."""
    state = battle([("A", {"cruiser": 2}), ("B", {"cruiser": 1})])
    with pytest.raises(NotFound) as caught:
        set_damage_priority(state, FleetCombatSettings(), 1, "A", [3])
    assert caught.value.message("en") == (
        "A has no ship #3 in this battle. Its ships there: #1, #2."
    )
    assert caught.value.message("ru") == (
        "У фракции «A» нет корабля №3 в этом бою. Её корабли там: #1, #2."
    )
