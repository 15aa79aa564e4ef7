"""One board point, however it is typed (FC-4.1): besides case, width and invisible
characters, dashes and underscores read as spaces and `ё` as `е`, so `Port-Royal`,
`Port Royal` and `port_royal` are one point, and `Орёл` and `Орел` are one point, wherever
the engine meets a point (a fleet, the battle there, a move) and whichever spelling a
campaign saved."""

from __future__ import annotations

from test_fleet_combat_support import first_round
from test_fleet_combat_support import register
from test_fleet_combat_support import saved_at
from test_fleet_combat_support import ships_of

from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import move_fleet
from bot.rules.fleet_combat.models import same_point

DEFAULTS = FleetCombatSettings()


def test_a_point_is_the_same_point_in_any_of_the_spellings_players_type():
    for first, second in [
        ("Port-Royal", "Port Royal"),
        ("Port-Royal", "port_royal"),
        ("Port  Royal", "PORT-ROYAL"),
        ("Орёл", "Орел"),
        ("ОРЁЛ", "орел"),
        ("Mecatol", "Meca\u200btol"),
    ]:
        assert same_point(first, second), (first, second)
    for first, second in [("Port Royal", "PortRoyal"), ("Орёл", "Орла"), ("Vega", "Vega 2")]:
        assert not same_point(first, second), (first, second)


def test_a_fleet_registered_at_another_spelling_joins_the_point_as_registered():
    state = register(FleetCombatState(), "Red", {"cruiser": 2}, point="Port-Royal")
    state = register(state, "Blue", {"destroyer": 3}, point="Port Royal")
    state = register(state, "Red", {"cruiser": 3}, point="port_royal")
    assert sorted((f.faction, f.point, len(f.ships)) for f in state.fleets) == [
        ("Blue", "Port-Royal", 3),
        ("Red", "Port-Royal", 3),
    ]
    state = register(state, "Green", {"destroyer": 1}, point="Орёл")
    moved = move_fleet(state, DEFAULTS, "Green", "Орел", "Port Royal")
    assert moved.lines[0].render("en").startswith("Green's fleet moved from Орёл to Port-Royal")


def saved_in_both_spellings() -> FleetCombatState:
    """Red's cruisers saved at `Port-Royal`, Blue's destroyers at `Port Royal` (a campaign
    saved while the two were told apart)."""
    return saved_at("Port-Royal", "Port Royal")


def test_a_campaign_saved_with_both_spellings_loads_and_fights_at_one_point():
    state = saved_in_both_spellings()
    assert [f.point for f in state.fleets] == ["Port-Royal", "Port Royal"]  # kept as saved
    attack = DeclareAttack(attacker="Blue", targets=["Red"], point="Port Royal", turn=1)
    done = declare_attack(state, DEFAULTS, attack)
    assert done.lines[0].render("en").startswith("Blue attacks Red at Port-Royal")
    assert [p.faction for p in done.battle.participants] == ["Red", "Blue"]
    ordered, fought = first_round(done.state)
    assert fought.battle(1).rounds_fought == 1
    # Blue's fleet, saved at `Port Royal`, is the one that fought: its ships took the round.
    before = sorted(ships_of(ordered, "Blue", "Port Royal"))
    after = sorted(ships_of(fought, "Blue", "Port-Royal"))
    assert len(before) == 3 and after != before
    # Saved again and loaded, each fleet keeps the spelling it had.
    again = FleetCombatState.model_validate(fought.model_dump(mode="json"))
    assert [f.point for f in again.fleets] == ["Port-Royal", "Port Royal"]
    assert again.battle_at("PORT_ROYAL") is not None


def test_a_battle_saved_at_one_spelling_is_joined_from_the_other():
    state = register(FleetCombatState(turn_order=["Red", "Blue", "Green"]), "Red", {"cruiser": 2})
    state = register(state, "Blue", {"destroyer": 3})
    state = register(state, "Green", {"destroyer": 2})
    saved = state.model_dump(mode="json")
    for fleet, point in zip(saved["fleets"], ["Орёл", "орел", "ОРЕЛ"], strict=True):
        fleet["point"] = point
    state = FleetCombatState.model_validate(saved)
    first = declare_attack(
        state, DEFAULTS, DeclareAttack(attacker="Red", targets=["Blue"], point="Орел", turn=1)
    )
    assert first.battle.point == "Орёл"
    joined = declare_attack(
        first.state,
        DEFAULTS,
        DeclareAttack(attacker="Green", targets=["Red"], point="орёл", turn=1),
    )
    assert joined.battle.id == first.battle.id
    assert [p.faction for p in joined.battle.participants] == ["Red", "Blue", "Green"]
