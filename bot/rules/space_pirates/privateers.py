"""Privateers (SP-10, SP-I36, SP-I37): forming a group from registered ships against a
contacted faction, and recalling it for half its value, back after 1d6 turns."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from pydantic import BaseModel

from bot.dice import Dice
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.rules.fleet_combat.messages import class_name
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.base import operations_blocked
from bot.rules.space_pirates.base import require_operations
from bot.rules.space_pirates.fleet import round_amount
from bot.rules.space_pirates.messages import numbers_msg
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.route_raid import under_peace
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.text import shown

P = "space_pirates."
ROLL_RETURN = "space_pirates.roll.privateer_return"


class PrivateerQuote(BaseModel):
    """The ships a group would take and the upkeep they stop costing (SP-10.3)."""

    owner: str
    target: str
    ships: list[RegisteredShip]
    active_from: int


def _find_ships(
    state: SpacePiratesState, owner: str, ship_ids: Sequence[int]
) -> list[RegisteredShip]:
    found: dict[int, RegisteredShip] = {}
    for route in state.routes:
        found.update({s.id: s for s in route.ships if s.owner == owner})
    for planet in state.planets_of(owner):
        found.update({s.id: s for s in planet.orbital_ships})
    record = state.players.get(owner)
    found.update({s.id: s for s in record.reserve} if record is not None else {})
    missing = [i for i in ship_ids if i not in found]
    if missing:
        raise NotFound(f"{P}error.ship_not_found", ship=missing[0])
    return [found[i] for i in ship_ids]


@dataclass(frozen=True)
class PrivateerOrder:
    """A privateer group as the player asks for it (SP-10.2): whose ships, against which
    contacted faction, in which turn, and the registered ships sent."""

    owner: str
    target: str
    turn: int
    ship_ids: Sequence[int]


def quote_privateers(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    order: PrivateerOrder,
) -> PrivateerQuote:
    """Check forming a group (tech, contact, peace, operations; SP-10.1, SP-10.2, SP-I32,
    SP-I36) from the owner's registered combat ships, active from turn T+1 (SP-10.4). The
    target is another faction: SP-10.2 chooses it among the factions in contact. A
    target at peace in turn T is refused, the last turn of its peace included (SP-I32)."""
    owner, target, turn, ship_ids = order.owner, order.target, order.turn, order.ship_ids
    record = state.players.get(owner) or PlayerPirates()
    if settings.privateers_require_tech and not record.privateer_tech:
        raise RuleViolation(f"{P}error.no_privateer_tech", clause="SP-10.1")
    if target == owner:
        raise RuleViolation(f"{P}error.privateers_self", clause="SP-10.2")
    if not state.has_contact(owner, target):
        raise RuleViolation(f"{P}error.no_contact", clause="SP-10.2", faction=shown(target))
    require_operations(record, turn, "SP-I32")
    if under_peace(state.players.get(target) or PlayerPirates(), turn):
        raise RuleViolation(f"{P}error.victim_at_peace", clause="SP-I32", faction=shown(target))
    if not ship_ids or len(set(ship_ids)) != len(ship_ids):
        raise RuleViolation(f"{P}error.no_ships", clause="SP-10.2")
    ships = _find_ships(state, owner, ship_ids)
    for ship in ships:
        if not combat.is_combat_class(ship.ship_class):
            raise RuleViolation(
                f"{P}error.guard_not_combat",
                clause="SP-10.2",
                ship_class=class_name(ship.ship_class),
            )
    return PrivateerQuote(owner=owner, target=target, ships=ships, active_from=turn + 1)


def apply_privateers(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    order: PrivateerOrder,
) -> tuple[SpacePiratesState, PrivateerGroup]:
    """Form the group: the ships leave their route or orbit registration, or the owner's
    reserve of ships back from privateering (SP-10.3, SP-I36)."""
    quote = quote_privateers(state, settings, combat, order)
    taken = set(order.ship_ids)
    new = state.model_copy(deep=True)
    for route in new.routes:
        route.ships = [s for s in route.ships if s.id not in taken]
    for planet in new.planets:
        planet.orbital_ships = [s for s in planet.orbital_ships if s.id not in taken]
    record = new.player(order.owner)
    record.reserve = [s for s in record.reserve if s.id not in taken]
    group = PrivateerGroup(
        id=new.take_id("privateers"),
        owner=order.owner,
        target=order.target,
        formed_turn=order.turn,
        ships=quote.ships,
    )
    new.privateers.append(group)
    return new, group


class RecallQuote(BaseModel):
    """Recalling a group: ⌈50 % × the costs of its surviving ships⌉ (SP-10.7, SP-I37)."""

    group: int
    ships_value: int
    cost: int


def recallable_groups(state: SpacePiratesState, owner: str) -> list[int]:
    """The numbers of `owner`'s privateer groups still out raiding (not recalled), the ones
    `/pirates privateers recall` takes (SP-I37)."""
    return [g.id for g in state.privateers if g.owner == owner and g.recalled_turn is None]


def _own_group(state: SpacePiratesState, owner: str, group_id: int) -> PrivateerGroup:
    group = next((g for g in state.privateers if g.id == group_id), None)
    if group is None:
        raise NotFound(
            f"{P}error.group_not_found",
            group=group_id,
            open=numbers_msg(recallable_groups(state, owner)),
        )
    if group.owner != owner:
        raise NotAllowed(f"{P}error.not_your_group", group=group_id)
    if group.recalled_turn is not None:
        raise RuleViolation(f"{P}error.already_recalled", clause="SP-I37", group=group_id)
    return group


def _recalled_ships(
    group: PrivateerGroup, settings: SpacePiratesSettings, ship_ids: Sequence[int] | None
) -> list[RegisteredShip]:
    """The whole group, or with `privateer_partial_recall` the ships named (SP-I37)."""
    if ship_ids is None:
        return list(group.ships)
    if not settings.privateer_partial_recall:
        raise RuleViolation(f"{P}error.recall_whole_group", clause="SP-I37")
    by_id = {s.id: s for s in group.ships}
    missing = [i for i in ship_ids if i not in by_id]
    if missing:
        raise NotFound(f"{P}error.ship_not_found", ship=missing[0])
    if not ship_ids or len(set(ship_ids)) != len(ship_ids):
        raise RuleViolation(f"{P}error.no_ships", clause="SP-I37")
    return [by_id[i] for i in ship_ids]


def quote_recall(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    owner: str,
    group_id: int,
    turn: int,
    ship_ids: Sequence[int] | None = None,
) -> RecallQuote:
    """The price of recalling a group (SP-I37), or part of it with
    `privateer_partial_recall`; wounded ships count at full cost."""
    group = _own_group(state, owner, group_id)
    record = state.players.get(owner) or PlayerPirates()
    if settings.peace_blocks_privateer_recall and operations_blocked(record, turn):
        require_operations(record, turn, "SP-I32")
    ships = _recalled_ships(group, settings, ship_ids)
    value = sum(settings.ship_cost(s.ship_class, s.cost) for s in ships)
    cost = round_amount(
        Fraction(value * settings.privateer_recall_cost_pct, 100), settings.payment_rounding
    )
    return RecallQuote(group=group.id, ships_value=value, cost=cost)


def apply_recall(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    owner: str,
    group_id: int,
    turn: int,
    dice: Dice,
    ship_ids: Sequence[int] | None = None,
) -> tuple[SpacePiratesState, RecallQuote, int]:
    """Recall the group (or the ships named, split off as a group of their own): it stops
    at once; 1d6 says in which resolution it returns (T + face, SP-10.8, SP-I37)."""
    quote = quote_recall(state, settings, owner, group_id, turn, ship_ids)
    face = dice.roll_one(6, ROLL_RETURN, clause="SP-I37")
    new = state.model_copy(deep=True)
    group = _own_group(new, owner, group_id)
    recalled = group
    if ship_ids is not None and len(ship_ids) < len(group.ships):
        taken = set(ship_ids)
        recalled = group.model_copy(
            update={
                "id": new.take_id("privateers"),
                "ships": [s for s in group.ships if s.id in taken],
            }
        )
        group.ships = [s for s in group.ships if s.id not in taken]
        new.privateers.append(recalled)
    recalled.recalled_turn = turn
    recalled.returns_turn = turn + face
    return new, quote, face
