"""Hiring and dismissing mercenaries (SP-9, SP-I35): the pool, the contract value, the fee
and upkeep, and the station a contract defends."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.space_pirates.base import fleet_limit_lines
from bot.rules.space_pirates.base import largest_in_window
from bot.rules.space_pirates.base import require_operations
from bot.rules.space_pirates.battle import pirate_ships
from bot.rules.space_pirates.fleet import compose_fleet
from bot.rules.space_pirates.fleet import payment
from bot.rules.space_pirates.fleet import payment_value
from bot.rules.space_pirates.messages import fleet_msg
from bot.rules.space_pirates.messages import numbers_msg
from bot.rules.space_pirates.models import MercenaryContract
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import Station
from bot.rules.space_pirates.models import UpkeepDue
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.rules.space_pirates.turn import operations_open
from bot.text import shown

P = "space_pirates."


class MercenaryPool(BaseModel):
    """The pool of turn T: ⌊M3 / 3⌋ less the contracts already hired this turn (SP-9.2)."""

    largest_fleet: int
    hired_this_turn: int
    pool: int


def mercenary_pool(
    state: SpacePiratesState, settings: SpacePiratesSettings, faction: str, turn: int
) -> MercenaryPool:
    """M3 over resolutions T−3…T−1; no fallback unless `mercenary_pool_uses_latest_record`."""
    record = state.players.get(faction) or PlayerPirates()
    window = settings.mercenary_window_turns
    largest = largest_in_window(
        record,
        settings,
        turn - window,
        turn - 1,
        fallback=settings.mercenary_pool_uses_latest_record,
    )
    hired = sum(c.value for c in state.contracts if c.owner == faction and c.hired_turn == turn)
    full = (largest or 0) // settings.mercenary_pool_divisor
    return MercenaryPool(largest_fleet=largest or 0, hired_this_turn=hired, pool=full - hired)


class HireQuote(BaseModel):
    """A mercenary fleet for value H: ships, contract value C, fee and upkeep (SP-I35)."""

    faction: str
    hire_value: int
    fleet: PirateFleet
    value: int
    fee: int
    upkeep: int
    pool: int

    def limit_lines(self) -> list[Msg]:
        """Said with the quote when the fleet is as large as a pirate fleet gets: the fee and
        upkeep still come from the whole value."""
        return fleet_limit_lines(self.fleet, paid=True)


def _station(
    state: SpacePiratesState,
    faction: str,
    kind: Literal["reserve", "route", "planet"],
    target: int | None,
) -> Station:
    if kind != "reserve" and target is None:
        raise RuleViolation(f"{P}error.station_target", clause="SP-I35")
    if kind == "route":
        route = state.route(target or 0)
        if route is None or route.share_of(faction) == 0:
            raise NotFound(f"{P}error.route_not_found", route=target)
    elif kind == "planet":
        planet = state.planet(target or 0)
        if planet is None or planet.owner != faction:
            raise NotFound(f"{P}error.planet_not_found", planet=target)
    return Station(kind=kind, target=None if kind == "reserve" else target)


@dataclass(frozen=True)
class HireOrder:
    """A hire as the player asks for it: who hires, in which turn, the value H named (SP-9.6,
    SP-I35) and the station it defends: a route or planet named by `target`, or the reserve."""

    faction: str
    turn: int
    hire_value: int
    station: Literal["reserve", "route", "planet"] = "reserve"
    target: int | None = None


def quote_hire(
    state: SpacePiratesState, settings: SpacePiratesSettings, order: HireOrder
) -> HireQuote:
    """The fleet H buys (SP-I8), C = its payment value (SP-I42), fee ⌈50 % C⌉, upkeep
    ⌈20 % C⌉; refused unless C ≤ the pool, or with operations blocked (SP-I32), or at a
    station that is not the player's route or planet (SP-I35)."""
    faction, turn, hire_value = order.faction, order.turn, order.hire_value
    record = state.players.get(faction) or PlayerPirates()
    require_operations(record, turn, "SP-I32")
    _station(state, faction, order.station, order.target)
    pool = mercenary_pool(state, settings, faction, turn)
    if hire_value < 1:
        raise RuleViolation(
            f"{P}error.out_of_range",
            clause="SP-I35",
            what=Msg(f"{P}field.value"),
            value=hire_value,
            low=1,
            high=max(pool.pool, 1),
        )
    fleet = compose_fleet(hire_value, settings)
    value = payment_value(hire_value, fleet, settings)
    if value > pool.pool:
        if pool.largest_fleet == 0:  # no fleet attacked the player lately: none to hire
            raise RuleViolation(
                f"{P}error.pool_empty",
                clause="SP-I35",
                faction=shown(faction),
                count=settings.mercenary_window_turns,
            )
        # A value below the cost of the ships it brings counts as that cost (SP-I42): say so,
        # and whether a smaller contract fits.
        least = payment_value(1, compose_fleet(1, settings), settings)
        raise RuleViolation(
            f"{P}error.pool_exceeded" + ("" if value == hire_value else "_floor"),
            clause="SP-I35",
            value=value,
            asked=hire_value,
            fleet=fleet_msg(fleet),
            advice=Msg(f"{P}error.pool_too_small", least=least)
            if least > pool.pool
            else Msg(f"{P}error.pool_smaller_contract", pool=max(pool.pool, 0)),
            pool=max(pool.pool, 0),
            largest=pool.largest_fleet,
            divisor=settings.mercenary_pool_divisor,
            hired=pool.hired_this_turn,
        )
    return HireQuote(
        faction=faction,
        hire_value=hire_value,
        fleet=fleet,
        value=value,
        fee=payment(settings, value, settings.mercenary_hire_pct),
        upkeep=payment(settings, value, settings.mercenary_upkeep_pct),
        pool=pool.pool,
    )


def apply_hire(
    state: SpacePiratesState, settings: SpacePiratesSettings, order: HireOrder
) -> tuple[SpacePiratesState, MercenaryContract, HireQuote]:
    """Hire the quoted fleet, stationed at a route, a planet or in reserve (SP-9, SP-I35)."""
    quote = quote_hire(state, settings, order)
    place = _station(state, order.faction, order.station, order.target)
    new = state.model_copy(deep=True)
    contract = MercenaryContract(
        id=new.take_id("contract"),
        owner=order.faction,
        hired_turn=order.turn,
        hire_value=order.hire_value,
        value=quote.value,
        ships=pirate_ships(quote.fleet),
        station=place,
    )
    new.contracts.append(contract)
    return new, contract, quote


def _own_contract(state: SpacePiratesState, faction: str, contract_id: int) -> MercenaryContract:
    contract = next((c for c in state.contracts if c.id == contract_id), None)
    if contract is None or not contract.active:
        running = [c.id for c in state.contracts if c.owner == faction and c.active]
        raise NotFound(
            f"{P}error.contract_not_yours",
            contract=contract_id,
            faction=shown(faction),
            running=numbers_msg(running),
        )
    _refuse_others(contract.owner, faction, contract_id)
    return contract


def _refuse_others(owner: str, faction: str | None, contract_id: int) -> None:
    """A contract is dismissed, stationed or its upkeep ended by its owner alone (SP-I35);
    `faction` None: a GM's answer, for any owner."""
    if faction is not None and owner != faction:
        raise NotAllowed(f"{P}error.not_your_contract", contract=contract_id)


def upkeep_to_end(
    state: SpacePiratesState, faction: str | None, contract_id: int
) -> UpkeepDue | None:
    """The upkeep of the contract that the paused resolution waits on, which dismissing the
    contract answers "end the contract": nothing is owed (SP-I35, SP-I45). Refused unless
    the contract is `faction`'s (None: a GM's answer); None when no upkeep of it waits."""
    due = next((d for d in state.upkeep_due if d.contract == contract_id), None)
    if due is not None:
        _refuse_others(due.owner, faction, contract_id)
    return due


def quote_dismiss(
    state: SpacePiratesState, faction: str, contract_id: int, turn: int
) -> UpkeepDue | None:
    """A dismissal asked before it is done (SP-I35): the waiting upkeep it ends
    (`upkeep_to_end`), or None, having refused as the dismissal would: a contract with no
    upkeep waiting is dismissed only between resolutions (SP-I40)."""
    due = upkeep_to_end(state, faction, contract_id)
    if due is None:
        operations_open(state)
        dismiss_contract(state, faction, contract_id, turn)
    return due


def dismiss_contract(
    state: SpacePiratesState, faction: str, contract_id: int, turn: int
) -> SpacePiratesState:
    """Dismiss a contract during turn T: it owes no upkeep in T's resolution (SP-I35), so it
    no longer serves in that resolution ("they will not leave while paid", SP-9.7): it leaves
    the attacks on the pirate base ordered for T's step 2 (SP-I31, SP-I40), and an order left
    with neither ships nor contracts is called off, as SP-I31 refuses an order naming nobody."""
    _own_contract(state, faction, contract_id)
    new = state.model_copy(deep=True)
    contract = _own_contract(new, faction, contract_id)
    contract.ended_turn = turn
    contract.dismissed = True
    for order in new.base_attack_orders:
        if order.turn == turn and contract_id in order.contracts:
            order.contracts.remove(contract_id)
    new.base_attack_orders = [o for o in new.base_attack_orders if o.ships or o.contracts]
    return new


def assault_left(
    before: SpacePiratesState, after: SpacePiratesState, contract_id: int, turn: int
) -> Literal["none", "leaves", "called_off"]:
    """What a dismissal did to the base attacks ordered for T (SP-I31): none named the
    contract, it left an attack that goes ahead, or the attack was called off without it."""
    named = [
        o.id for o in before.base_attack_orders if o.turn == turn and contract_id in o.contracts
    ]
    if not named:
        return "none"
    kept = {o.id for o in after.base_attack_orders}
    return "leaves" if all(o in kept for o in named) else "called_off"


def station_contract(
    state: SpacePiratesState,
    faction: str,
    contract_id: int,
    station: Literal["reserve", "route", "planet"],
    target: int | None = None,
) -> SpacePiratesState:
    """Move a contract to a route, a planet or the reserve (SP-I35)."""
    _own_contract(state, faction, contract_id)
    place = _station(state, faction, station, target)
    new = state.model_copy(deep=True)
    _own_contract(new, faction, contract_id).station = place
    return new
