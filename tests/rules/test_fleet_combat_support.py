"""Shared builders for the fleet combat tests (no tests here).

Fleets are registered through the real commands, so ship ids follow registration order
exactly as in the spec's worked examples.
"""

from __future__ import annotations

from bot.dice import Dice
from bot.dice import ScriptedFaces
from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RegisterFleet
from bot.rules.fleet_combat import SetFireOrders
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import register_fleet
from bot.rules.fleet_combat import resolve_round
from bot.rules.fleet_combat import set_fire_orders

POINT = "Sol"


def register(
    state: FleetCombatState,
    faction: str,
    ships: dict[str, int],
    *,
    wounds: dict[str, list[int]] | None = None,
    settings: FleetCombatSettings | None = None,
    point: str = POINT,
) -> FleetCombatState:
    command = RegisterFleet(faction=faction, point=point, ships=ships, wounds=wounds)
    return register_fleet(state, settings or FleetCombatSettings(), command).state


def battle(
    fleets: list[tuple[str, dict[str, int]]],
    *,
    attacker: str | None = None,
    targets: list[str] | None = None,
    wounds: dict[str, dict[str, list[int]]] | None = None,
    settings: FleetCombatSettings | None = None,
    turn: int = 1,
) -> FleetCombatState:
    """Register fleets in order and have the first attack all the others (battle #1)."""
    settings = settings or FleetCombatSettings()
    state = FleetCombatState(turn_order=[name for name, _ in fleets])
    for name, ships in fleets:
        state = register(state, name, ships, wounds=(wounds or {}).get(name), settings=settings)
    attacker = attacker or fleets[0][0]
    targets = targets or [name for name, _ in fleets if name != attacker]
    command = DeclareAttack(attacker=attacker, targets=targets, point=POINT, turn=turn)
    return declare_attack(state, settings, command).state


def order(ship_class: str, opponent: str, target_class: str) -> FireOrder:
    return FireOrder(
        ship_class=ship_class, targets=[FireTarget(opponent=opponent, target_class=target_class)]
    )


def give_orders(
    state: FleetCombatState,
    faction: str,
    *orders: FireOrder,
    settings: FleetCombatSettings | None = None,
    battle_id: int = 1,
) -> FleetCombatState:
    command = SetFireOrders(battle_id=battle_id, faction=faction, orders=list(orders))
    return set_fire_orders(state, settings or FleetCombatSettings(), command).state


def scripted(*faces: int) -> tuple[Dice, ScriptedFaces]:
    """A roller with exactly these faces, and its source to check they were all used."""
    source = ScriptedFaces(faces)
    return Dice(source), source


def ships_of(
    state: FleetCombatState, faction: str, point: str = POINT
) -> list[tuple[int, str, int]]:
    """(id, class, wounds) of a faction's surviving ships, by id."""
    fleet = state.fleet(faction, point)
    if fleet is None:
        return []
    return [(s.id, s.ship_class, s.wounds) for s in sorted(fleet.ships, key=lambda s: s.id)]


def saved_at(red: str, blue: str) -> FleetCombatState:
    """Red's cruisers saved at `red`, Blue's destroyers at `blue`: two spellings of one point
    in a campaign saved before the engine read them as one."""
    state = register(FleetCombatState(turn_order=["Red", "Blue"]), "Red", {"cruiser": 2})
    state = register(state, "Blue", {"destroyer": 3}, point="Vega")
    saved = state.model_dump(mode="json")
    saved["fleets"][0]["point"] = red
    saved["fleets"][1]["point"] = blue
    return FleetCombatState.model_validate(saved)


def first_round(state: FleetCombatState) -> tuple[FleetCombatState, FleetCombatState]:
    """Battle #1 between `saved_at`'s fleets: Red's cruisers fire at Blue's destroyers, Blue's
    destroyers at Red's cruisers, and the first round is fought (dice seeded 3). Returns the
    state with the orders given, before the round, and the state after it."""
    ordered = give_orders(state, "Red", order("cruiser", "Blue", "destroyer"))
    ordered = give_orders(ordered, "Blue", order("destroyer", "Red", "cruiser"))
    return ordered, resolve_round(ordered, FleetCombatSettings(), 1, Dice.seeded(3)).state
