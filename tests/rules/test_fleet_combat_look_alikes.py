"""Board points and ship classes named like existing ones are refused (FC-4.1, FC-I4).

Fleets at one board point meet there and may fight (FC-4.1): a fleet registered at
`Mеcatol Rex` (a Cyrillic `е`) beside fleets at `Mecatol Rex` would sit at a point of its
own that reads the same. A class the GM adds as `сruiser` (a Cyrillic `с`) beside the
table's cruisers would leave fleets and fire orders naming two classes no one can tell
apart (FC-I4). The refusal names the one it looks like; a state saved with such pairs
still loads and plays.
"""

from __future__ import annotations

import json

from refusals import refused
from test_fleet_combat_support import give_orders
from test_fleet_combat_support import order
from test_fleet_combat_support import register

from bot.dice import Dice
from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RegisterFleet
from bot.rules.fleet_combat import apply_class_table
from bot.rules.fleet_combat import class_table_of
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import move_fleet
from bot.rules.fleet_combat import parse_class_table
from bot.rules.fleet_combat import register_fleet
from bot.rules.fleet_combat import replace_class_stats
from bot.rules.fleet_combat import resolve_round

DEFAULTS = FleetCombatSettings()
MECATOL = "Mecatol Rex"
MECATOL_CYRILLIC = "M\u0435catol Rex"
CRUISER_CYRILLIC = "\u0441ruiser"


def test_a_fleet_at_a_point_named_like_a_registered_one_is_refused():
    state = register(FleetCombatState(), "Red", {"cruiser": 2}, point=MECATOL)
    command = RegisterFleet(faction="Blue", point=MECATOL_CYRILLIC, ships={"cruiser": 1})
    error = refused(register_fleet, state, DEFAULTS, command)
    assert error.message("en") == (
        f"“{MECATOL_CYRILLIC}” looks too much like the board point {MECATOL}: fleets at one "
        "point meet there and may fight, so give the point exactly as it is registered, or a "
        "name no one can mistake for it (FC-4.1)."
    )
    assert error.message("ru") == (
        f"«{MECATOL_CYRILLIC}» слишком похоже на точку поля «{MECATOL}»: флоты в одной точке "
        "встречаются и могут сразиться, так что укажите точку в точности так, как она "
        "записана, или выберите название, которое с ней не спутать (FC-4.1)."
    )
    state = register(state, "Blue", {"destroyer": 1}, point="Vega")
    moved = refused(move_fleet, state, DEFAULTS, "Blue", "Vega", "Mecat0l Rex")
    assert moved.params["existing"] == MECATOL
    # At the registered point itself the fleet is registered, and a new point is fine.
    state = register(state, "Blue", {"cruiser": 1}, point=MECATOL)
    state = move_fleet(state, DEFAULTS, "Blue", "Vega", "Jord").state
    assert sorted((f.faction, f.point) for f in state.fleets) == [
        ("Blue", "Jord"),
        ("Blue", MECATOL),
        ("Red", MECATOL),
    ]


def test_a_class_named_like_one_of_the_table_is_refused():
    row = {"attack": "1x5+", "defence": None, "life": 1, "level": 2}
    error = refused(replace_class_stats, DEFAULTS, CRUISER_CYRILLIC, **row)
    assert error.message("en") == (
        f"“{CRUISER_CYRILLIC}” looks too much like cruisers, a class already in the table: "
        "fleets and fire orders name a class by its name, so give one no one can mistake for "
        "it (FC-I4)."
    )
    assert error.message("ru") == (
        f"«{CRUISER_CYRILLIC}» слишком похоже на класс «крейсеры», который уже есть в "
        "таблице: флоты и приказы на стрельбу называют класс по имени, так что выберите имя, "
        "которое с ним не спутать (FC-I4)."
    )
    # A new class unlike the others is added; a row of the table is changed as before.
    added = replace_class_stats(DEFAULTS, "frigate", attack="1x7+", defence=None, life=1, level=2)
    changed = replace_class_stats(added, "cruiser", attack="1x6+", defence=None, life=2, level=3)
    assert changed.ship_stats["cruiser"].life == 2 and "frigate" in changed.ship_stats
    # An uploaded table may not hold two look-alike classes either.
    table = class_table_of(DEFAULTS).model_dump(mode="json")
    table["classes"][CRUISER_CYRILLIC] = table["classes"]["cruiser"]
    upload = refused(apply_class_table, DEFAULTS, parse_class_table(json.dumps(table)))
    assert upload.params["existing"].render("en") == "cruisers"


def saved_with_pairs() -> tuple[FleetCombatState, FleetCombatSettings]:
    """A campaign saved before look-alikes were refused: points Mecatol Rex and Mеcatol Rex,
    classes cruiser and сruiser, each with fleets."""
    raw = DEFAULTS.model_dump(mode="json")
    raw["ship_stats"][CRUISER_CYRILLIC] = raw["ship_stats"]["cruiser"]
    raw["class_levels"][CRUISER_CYRILLIC] = raw["class_levels"]["cruiser"]
    settings = FleetCombatSettings.model_validate(raw)
    state = FleetCombatState(turn_order=["Red", "Blue"])
    state = register(state, "Red", {"cruiser": 2}, point=MECATOL, settings=settings)
    state = register(state, "Blue", {"cruiser": 1}, point=MECATOL, settings=settings)
    saved = state.model_dump(mode="json")
    twin = dict(saved["fleets"][1], point=MECATOL_CYRILLIC)
    twin["ships"] = [dict(twin["ships"][0], ship_class=CRUISER_CYRILLIC)]
    saved["fleets"][1] = twin
    return FleetCombatState.model_validate(saved), settings


def test_a_campaign_saved_with_look_alike_pairs_loads_and_plays():
    state, settings = saved_with_pairs()
    # Each point and class is used as it was saved: fleets edited, moved, fighting.
    state = register(
        state, "Blue", {CRUISER_CYRILLIC: 2}, point=MECATOL_CYRILLIC, settings=settings
    )
    state = move_fleet(state, settings, "Blue", MECATOL_CYRILLIC, MECATOL).state
    attack = DeclareAttack(attacker="Red", targets=["Blue"], point=MECATOL, turn=1)
    state = declare_attack(state, settings, attack).state
    state = give_orders(state, "Red", order("cruiser", "Blue", CRUISER_CYRILLIC), settings=settings)
    state = give_orders(state, "Blue", order(CRUISER_CYRILLIC, "Red", "cruiser"), settings=settings)
    state = resolve_round(state, settings, 1, Dice.seeded(3)).state
    assert state.battle(1).rounds_fought == 1
    # Both classes' rows are changed as before, and their table is uploaded again.
    settings = replace_class_stats(
        settings, CRUISER_CYRILLIC, attack="1x6+", defence=None, life=2, level=3
    )
    again = apply_class_table(settings, class_table_of(settings))
    assert {"cruiser", CRUISER_CYRILLIC} <= set(again.ship_stats)
