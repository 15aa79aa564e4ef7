"""One name, one thing: a board point or a ship class written in another case or spacing is
the same point or class everywhere in the engine, as the commands read them (FC-4.1, FC-I4).

A battle declared at `MECATOL` is the battle at `Mecatol`, and a fleet saved at `mecatol`
fights in it. An uploaded class table with both `heavy cruiser` and `heavy_cruiser` is
refused: the two rows may differ, and no command could tell which one a player means (both
are typed `heavy cruiser`), so the GM keeps one. A table row that names a class of the
campaign in another spelling is that class, under the campaign's name. A settings file's
ship table runs the same checks as `/combat stats set` and `upload`.
"""

from __future__ import annotations

import json

from refusals import refused
from test_fleet_combat_support import first_round
from test_fleet_combat_support import register
from test_fleet_combat_support import saved_at
from test_fleet_combat_support import ships_of

from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import apply_class_table
from bot.rules.fleet_combat import class_table_of
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import move_fleet
from bot.rules.fleet_combat import parse_class_table
from bot.rules.fleet_combat import remove_fleet
from bot.rules.fleet_combat import replace_class_stats
from bot.rules.fleet_combat import settings_guard

DEFAULTS = FleetCombatSettings()
ROW = {"level": 3, "attack": "1x7+", "defence": None, "life": 2}


def saved_apart() -> FleetCombatState:
    """Red's cruisers saved at `Mecatol`, Blue's destroyers at `mecatol`."""
    return saved_at("Mecatol", "mecatol")


def test_a_battle_declared_in_another_case_is_fought_by_the_fleets_at_that_point():
    state = saved_apart()
    attack = DeclareAttack(attacker="Red", targets=["Blue"], point="MECATOL", turn=1)
    done = declare_attack(state, DEFAULTS, attack)
    assert done.lines[0].render("en").startswith("Red attacks Blue at Mecatol")
    ordered, fought = first_round(done.state)
    assert fought.battle(1).rounds_fought == 1
    # Blue's fleet, saved at `mecatol`, is the one that fought: its ships took the round.
    before = sorted(ships_of(ordered, "Blue", "mecatol"))
    after = sorted(ships_of(fought, "Blue", "Mecatol"))
    assert len(before) == 3 and after != before


def test_a_fleet_registered_again_in_another_case_is_the_same_fleet():
    state = register(FleetCombatState(), "Red", {"cruiser": 2}, point="Mecatol")
    state = register(state, "Red", {"cruiser": 3}, point="mecatol")
    assert [(f.faction, f.point, len(f.ships)) for f in state.fleets] == [("Red", "Mecatol", 3)]
    state = register(state, "Blue", {"destroyer": 1}, point="Vega")
    moved = move_fleet(state, DEFAULTS, "Blue", "VEGA", "MECATOL")
    assert moved.lines[0].render("en").startswith("Blue's fleet moved from Vega to Mecatol")
    assert sorted((f.faction, f.point) for f in moved.state.fleets) == [
        ("Blue", "Mecatol"),
        ("Red", "Mecatol"),
    ]
    gone = remove_fleet(moved.state, DEFAULTS, "Blue", "mecatol").state
    assert [f.faction for f in gone.fleets] == ["Red"]


def test_an_uploaded_table_with_two_spellings_of_one_class_is_refused():
    table = class_table_of(DEFAULTS).model_dump(mode="json")
    table["classes"]["heavy cruiser"] = ROW
    table["classes"]["heavy_cruiser"] = {**ROW, "life": 3}
    error = refused(apply_class_table, DEFAULTS, parse_class_table(json.dumps(table)))
    assert error.message("en") == (
        "“heavy\\_cruiser” and “heavy cruiser” are one class written two ways: fleets and fire "
        "orders name a class by its name whatever its case, spaces or underscores, so keep "
        "one row for it (FC-I4)."
    )
    assert error.message("ru") == (
        "«heavy\\_cruiser» и «heavy cruiser» — один и тот же класс, записанный по-разному: "
        "флоты и приказы на стрельбу называют класс по имени без учёта регистра, пробелов и "
        "подчёркиваний, так что оставьте для него одну строку (FC-I4)."
    )


def test_a_table_row_naming_a_class_in_another_spelling_is_that_class():
    added = replace_class_stats(DEFAULTS, "heavy cruiser", **ROW)
    assert "heavy_cruiser" in added.ship_stats
    # Uploaded as `Heavy Cruiser`, or set again as `heavy_cruiser`: the same class.
    table = class_table_of(added).model_dump(mode="json")
    table["classes"]["Heavy Cruiser"] = {**table["classes"].pop("heavy_cruiser"), "life": 4}
    uploaded = apply_class_table(added, parse_class_table(json.dumps(table)))
    assert uploaded.stats_of("heavy_cruiser").life == 4
    assert [c for c in uploaded.ship_stats if "cruiser" in c and "heavy" in c.lower()] == [
        "heavy_cruiser"
    ]
    # A campaign whose table was uploaded with `heavy cruiser` (a space) keeps that class
    # when the GM sets its row by command.
    spaced = apply_class_table(DEFAULTS, parse_class_table(json.dumps({"heavy cruiser": ROW})))
    again = replace_class_stats(spaced, "Heavy_Cruiser", **{**ROW, "life": 5})
    assert [c for c in again.ship_stats if "heavy" in c] == ["heavy cruiser"]
    assert again.stats_of("heavy cruiser").life == 5


def with_a_cruiser_copy(name: str, level: int) -> FleetCombatSettings:
    """The default settings with one more class `name`, a copy of the cruisers' row."""
    raw = DEFAULTS.model_dump(mode="json")
    raw["ship_stats"][name] = raw["ship_stats"]["cruiser"]
    raw["class_levels"][name] = level
    return FleetCombatSettings.model_validate(raw)


def test_a_ship_table_written_by_settings_runs_the_look_alike_check():
    """The settings' guard (what `/campaign settings set` and `import` run) refuses a class
    that looks like another, or a second spelling of one, as `/combat stats` does."""
    look_alike = refused(
        settings_guard, FleetCombatState(), DEFAULTS, with_a_cruiser_copy("\u0441ruiser", 3)
    )
    assert look_alike.message_key == "fleet_combat.error.class_look_alike"
    twice = refused(settings_guard, FleetCombatState(), DEFAULTS, with_a_cruiser_copy("Cruiser", 3))
    assert twice.message_key == "fleet_combat.error.class_twice"
    # A table that keeps its classes (look-alike pairs saved before the check included)
    # and adds one unlike them is taken.
    settings_guard(FleetCombatState(), DEFAULTS, with_a_cruiser_copy("frigate", 2))
