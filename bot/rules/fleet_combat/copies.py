"""Copy-on-write copies of the fleet combat state: a command copies only what it writes.

Every engine command returns a new state and leaves its input as it was. A deep copy of a
large campaign (thousands of fleets, a thousand battles) costs more
than any command, so a command asks `copy_for_write` for a state whose containers are new and
whose named battles and fleets are private to it, and shares the rest with its input.

Sharing is safe because of how the engine writes:

- it writes only into the battles, fleets and reserve it asked to copy, and otherwise only
  rebinds top-level fields of the new state (`fleets`, `battles`, `turn_order`, the ids);
- `FireOrder`/`FireTarget`, `BattleResult` and the tuples of `hostile_pairs` are never
  edited in place: a command replaces them whole;
- a `Ship` is frozen (new wounds make a new ship, put in a fleet copied by `copy_fleet`),
  and a `Participant` is changed only in a copied battle (`copy_battle`).

`tests/rules/test_fleet_combat_copies.py` checks every command against the deep copies
these replace, and that no input (nor any earlier state of a sequence) ever changes.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.rules.fleet_combat.models import Battle
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.models import FleetCombatState
from bot.rules.fleet_combat.models import point_key


def copy_battle(battle: Battle) -> Battle:
    """A battle a command may change: participants, sides, hostile pairs, retreats, orders
    and damage priorities are its own; fire orders and the result are shared (never edited
    in place, see the module docstring)."""
    return battle.model_copy(
        update={
            "participants": [p.model_copy() for p in battle.participants],
            "hostile_pairs": list(battle.hostile_pairs),
            "retreats": list(battle.retreats),
            "orders": {faction: list(orders) for faction, orders in battle.orders.items()},
            "damage_priority": {
                faction: list(ids) for faction, ids in battle.damage_priority.items()
            },
        }
    )


def copy_fleet(fleet: Fleet) -> Fleet:
    """A fleet whose list of ships a command may change (ships are frozen: a ship with new
    wounds is a new ship put in the list)."""
    return fleet.model_copy(update={"ships": list(fleet.ships)})


def copy_for_write(
    state: FleetCombatState,
    *,
    battles: Collection[int] = (),
    points: Collection[str] = (),
    fleets: Collection[tuple[str, str]] = (),
) -> FleetCombatState:
    """A new state a command may write into while `state` stays as it was.

    New: the lists of fleets and battles, the turn order and the reserve (with its counts
    per faction), so appending, removing or replacing entries never reaches `state`.
    Private copies: the battles whose id is in `battles` (`copy_battle`), and the fleets at
    one of `points` or keyed `(faction, point)` in `fleets` (points compared by `point_key`),
    with their lists of ships (`copy_fleet`).
    Everything else — other battles and fleets, their ships — is the same
    object in both states; the command must not write into it.
    """
    battle_ids = set(battles)
    at_points = {point_key(p) for p in points}
    keyed = {(faction, point_key(p)) for faction, p in fleets}
    new_battles = list(state.battles)
    if battle_ids:
        new_battles = [copy_battle(b) if b.id in battle_ids else b for b in new_battles]
    new_fleets = list(state.fleets)
    if at_points or keyed:
        new_fleets = [
            copy_fleet(f)
            if (key := point_key(f.point)) in at_points or (f.faction, key) in keyed
            else f
            for f in new_fleets
        ]
    return state.model_copy(
        update={
            "battles": new_battles,
            "fleets": new_fleets,
            "turn_order": list(state.turn_order),
            "reserve": {faction: dict(counts) for faction, counts in state.reserve.items()},
        }
    )


def working_copy(state: FleetCombatState) -> FleetCombatState:
    """A copy the rounds of every active battle may change (the end-of-turn step).

    Only what a round writes is private: the active battles, the fleets at their points
    with their lists of ships, and the reserve. Finished battles and other fleets are shared with
    `state`; rounds never change them.
    """
    active = [b for b in state.battles if b.active]
    return copy_for_write(state, battles={b.id for b in active}, points={b.point for b in active})
