"""What players and the GM register (section 1): trade routes with owners, shares and ships,
planets, contacts, the privateer technology and the turn order. Bad values are refused with
the allowed range and change nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.errors import Conflict
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.fleet_combat.messages import class_name
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.fleet import MAX_STRENGTH_DICE
from bot.rules.space_pirates.fleet import max_rolled_income
from bot.rules.space_pirates.fleet import strength_dice
from bot.rules.space_pirates.models import IncomeBySource
from bot.rules.space_pirates.models import Planet
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import RouteOwner
from bot.rules.space_pirates.models import ShipRole
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import TradeRoute
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.text import clean_text
from bot.text import look_alike
from bot.text import name_key
from bot.text import shown

P = "space_pirates."
MAX_INCOME = 10**9
MAX_NAME = 64


@dataclass(frozen=True)
class ShipSpec:
    """A ship to register: owner, fleet combat class, role, optional cost and wounds."""

    owner: str
    ship_class: str
    role: ShipRole = "guard"
    cost: int | None = None
    wounds: int = 0


def _name(text: str, clause: str) -> str:
    """A name as stored (`bot.text.clean_text`: no invisible characters, NFC, single
    spaces); an empty or overlong one is refused, naming `clause`."""
    return clean_text(text, MAX_NAME, error=f"{P}error.name", clause=clause)


def _amount(value: int, what: str, clause: str, low: int = 0, high: int = MAX_INCOME) -> int:
    if not low <= value <= high:
        raise RuleViolation(
            f"{P}error.out_of_range",
            clause=clause,
            what=Msg(f"{P}field.{what}"),
            value=value,
            low=low,
            high=high,
        )
    return value


def _ships(
    state: SpacePiratesState,
    specs: Sequence[ShipSpec],
    combat: FleetCombatSettings,
    clause: str,
) -> list[RegisteredShip]:
    """Registered ships in the order given; the class must be a fleet combat class (SP-I9)."""
    ships: list[RegisteredShip] = []
    for spec in specs:
        if spec.ship_class not in combat.ship_stats:
            raise RuleViolation(
                f"{P}error.unknown_class",
                clause=clause,
                ship_class=class_name(spec.ship_class),
                allowed=MsgList([class_name(c) for c in combat.ship_stats]),
            )
        if spec.role == "police" and not combat.is_combat_class(spec.ship_class):
            raise RuleViolation(f"{P}error.police_not_combat", clause="SP-I28")
        if spec.role in ("guard",) and not combat.is_combat_class(spec.ship_class):
            raise RuleViolation(
                f"{P}error.guard_not_combat",
                clause="SP-I10",
                ship_class=class_name(spec.ship_class),
            )
        life = combat.stats_of(spec.ship_class).life
        _amount(spec.wounds, "wounds", "FC-I14", 0, life - 1)
        if spec.cost is not None:
            _amount(spec.cost, "cost", "SP-I41")
        ships.append(
            RegisteredShip(
                id=0,
                owner=spec.owner,
                ship_class=spec.ship_class,
                role=spec.role,
                cost=spec.cost,
                wounds=spec.wounds,
            )
        )
    return ships


def _with_ids(
    state: SpacePiratesState,
    ships: list[RegisteredShip],
    kept: Sequence[RegisteredShip] = (),
) -> list[RegisteredShip]:
    """The ships numbered: each one just like a ship it replaces (`kept`: owner, class, role,
    cost and wounds) keeps that ship's number, in order; the others take the number of a ship
    of their owner's and class back from privateering (SP-10.8), which leaves the reserve,
    else a new number."""
    free: dict[tuple[object, ...], list[int]] = {}
    for old in kept:
        free.setdefault(_ship_key(old), []).append(old.id)
    numbered: list[RegisteredShip] = []
    for ship in ships:
        same = free.get(_ship_key(ship))
        number = same.pop(0) if same else _from_reserve(state, ship)
        numbered.append(ship.model_copy(update={"id": number}))
    return numbered


def _from_reserve(state: SpacePiratesState, ship: RegisteredShip) -> int:
    """The number of the first ship of `ship`'s owner and class in that owner's reserve,
    taken out of it (a returned privateer registered again, SP-10.8); else a new number."""
    record = state.players.get(ship.owner)
    back = record.reserve if record is not None else []
    found = next((s for s in back if s.ship_class == ship.ship_class), None)
    if found is None or record is None:
        return state.take_id("ship")
    record.reserve = [s for s in back if s is not found]
    return found.id


def _ship_key(ship: RegisteredShip) -> tuple[object, ...]:
    return (ship.owner, ship.ship_class, ship.role, ship.cost, ship.wounds)


def _not_waiting(state: SpacePiratesState, kind: str, number: int) -> None:
    """Refuse changing or removing a route or planet while a pirate attack on it waits for
    its player's answer (SP-I34, SP-I44, SP-I45): the answer is given on it as it stood."""
    for pending in state.waiting:
        if pending.attack.kind == kind and pending.attack.target == number:
            raise Conflict(
                f"{P}error.{kind}_waiting",
                clause="SP-I45",
                faction=shown(pending.faction),
                **{kind: number},
            )


def register_route(
    state: SpacePiratesState,
    combat: FleetCombatSettings,
    *,
    name: str,
    goods: int,
    passengers: int = 0,
    tourism: int = 0,
    owners: Sequence[tuple[str, int]],
    ships: Sequence[ShipSpec] = (),
    route_id: int | None = None,
) -> tuple[SpacePiratesState, TradeRoute]:
    """Register (or with `route_id` replace) a trade route (SP-1.5, SP-1.6, SP-I5, SP-I10).

    Incomes are 0…10⁹; owners are distinct and their shares sum to 100 %."""
    route_name = _name(name, "SP-1.5")
    income = IncomeBySource(
        goods=_amount(goods, "goods", "SP-1.5"),
        passengers=_amount(passengers, "passengers", "SP-1.5"),
        tourism=_amount(tourism, "tourism", "SP-1.5"),
    )
    if not owners:
        raise RuleViolation(f"{P}error.no_owner", clause="SP-I5")
    factions = [_name(f, "SP-I5") for f, _ in owners]
    if len(set(factions)) != len(factions):
        raise RuleViolation(f"{P}error.duplicate_owner", clause="SP-I5")
    for _, share in owners:
        _amount(share, "share", "SP-I5", 1, 100)
    total = sum(share for _, share in owners)
    if total != 100:
        raise RuleViolation(f"{P}error.shares", clause="SP-I5", total=total)
    for spec in ships:
        if spec.owner not in factions:
            # SP-I43, SP-I28: a route's ships are its owners'; another faction's would fight
            # and die for it, keep that faction's privateers out of its battles (SP-I36) and
            # lower no raid roll of that faction's, which has no share of the route.
            raise RuleViolation(
                f"{P}error.ship_owner",
                clause="SP-I43",
                owner=shown(spec.owner),
                route=shown(route_name),
                owners=MsgList([shown(f) for f in factions]),
            )
    checked = _ships(state, ships, combat, "SP-I10")
    if route_id is not None and state.route(route_id) is None:
        raise NotFound(f"{P}error.route_not_found", route=route_id)
    if route_id is not None:
        _not_waiting(state, "route", route_id)
    before = state.route(route_id) if route_id is not None else None
    kept = (
        before is not None
        and name_key(before.name) == name_key(route_name)
        and {o.faction for o in before.owners} == set(factions)
    )
    # One name per route in the campaign: an owner's second one is an edit; another owner's
    # is refused, as a look-alike is (below). An edit that keeps the route's name and owners
    # is not checked (two same-named routes registered before this rule stay editable).
    for other in [] if kept else state.routes:
        if other.id == route_id or name_key(other.name) != name_key(route_name):
            continue
        shared = [o.faction for o in other.owners if o.faction in factions]
        raise Conflict(
            f"{P}error.route_name_taken" if shared else f"{P}error.route_name_other",
            owner=shown(shared[0] if shared else other.owners[0].faction),
            name=shown(other.name),
            route=other.id,
        )
    # Nor one that looks like any other route (a Cyrillic letter, a 0 for an O), whoever owns
    # it: route names are campaign-wide, as players pick routes from one list of every
    # route's number and name and raid reports, bribes and questions name the route they hit
    # without its owner. Another owner's is named as theirs, with no edit to offer.
    for other in [] if kept else state.routes:
        if other.id == route_id or not look_alike(route_name, [other.name]):
            continue
        shared = [o.faction for o in other.owners if o.faction in factions]
        raise Conflict(
            f"{P}error.route_look_alike" if shared else f"{P}error.route_look_alike_other",
            owner=shown(shared[0] if shared else other.owners[0].faction),
            name=shown(route_name),
            existing=shown(other.name),
            route=other.id,
        )
    new = state.model_copy(deep=True)
    route = TradeRoute(
        id=route_id if route_id is not None else new.take_id("route"),
        name=route_name,
        income=income,
        owners=[
            RouteOwner(faction=f, share_pct=s) for f, (_, s) in zip(factions, owners, strict=True)
        ],
        ships=_with_ids(new, checked, before.ships if before else ()),
    )
    if route_id is None:
        new.routes.append(route)
    else:
        new.routes = [route if r.id == route_id else r for r in new.routes]
    for faction in factions:
        new.player(faction)
    return new, route


def check_strength_dice(route: TradeRoute, settings: SpacePiratesSettings) -> None:
    """Refuse a route whose raid would roll more strength dice than one roll takes (SP-I6),
    naming the highest income that fits under the campaign's settings."""
    plan = strength_dice(route.combined_income, settings)
    if plan.capped:
        raise RuleViolation(
            f"{P}error.strength_dice",
            clause="SP-I6",
            dice=plan.wanted,
            limit=MAX_STRENGTH_DICE,
            max_income=max_rolled_income(settings),
        )


def register_planet(
    state: SpacePiratesState,
    combat: FleetCombatSettings,
    *,
    owner: str,
    name: str,
    income: int,
    population: int = 0,
    troops: int = 0,
    buildings: int = 1,
    cover_buildings: bool = False,
    orbital_ships: Sequence[ShipSpec] = (),
    planet_id: int | None = None,
) -> tuple[SpacePiratesState, Planet]:
    """Register (or replace) a planet (SP-4.1, SP-I18, SP-I22, SP-I23): income and population
    0…10⁹, troops 0…10⁶, buildings 1…10⁴, ships in orbit the owner's own (SP-I21).
    Replacing keeps its cooldown and timed effects."""
    faction = _name(owner, "SP-4.1")
    planet_name = _name(name, "SP-4.1")
    _amount(income, "income", "SP-4.1")
    _amount(population, "population", "SP-4.10")
    _amount(troops, "troops", "SP-4.6", 0, 10**6)
    _amount(buildings, "buildings", "SP-I23", 1, 10**4)
    checked = _ships(state, orbital_ships, combat, "SP-I21")
    # SP-I21: the ships in orbit are the planet owner's forces; a ship typed as another
    # faction's is refused, not silently made the owner's.
    stranger = next(
        (s.owner for s in orbital_ships if name_key(s.owner) != name_key(faction)), None
    )
    if stranger is not None:
        raise RuleViolation(
            f"{P}error.orbit_owner",
            clause="SP-I21",
            owner=shown(stranger),
            planet=shown(planet_name),
            faction=shown(faction),
        )
    if planet_id is not None and state.planet(planet_id) is not None:
        _not_waiting(state, "planet", planet_id)
    before = state.planet(planet_id) if planet_id is not None else None
    kept = (
        before is not None
        and before.owner == faction
        and name_key(before.name) == name_key(planet_name)
    )
    # One name per owner: a second one is an edit. An edit that keeps the planet's name and
    # owner is not checked (two same-named planets registered before this rule stay editable).
    for other in [] if kept else state.planets:
        same = other.owner == faction and name_key(other.name) == name_key(planet_name)
        if same and other.id != planet_id:
            raise Conflict(
                f"{P}error.planet_name_taken",
                owner=shown(faction),
                name=shown(other.name),
                planet=other.id,
            )
    # Nor one that looks like another of the owner's: raid reports name the planet by its name.
    for other in [] if kept else state.planets:
        like = other.owner == faction and look_alike(planet_name, [other.name]) is not None
        if like and other.id != planet_id:
            raise Conflict(
                f"{P}error.planet_look_alike",
                owner=shown(faction),
                name=shown(planet_name),
                existing=shown(other.name),
                planet=other.id,
            )
    new = state.model_copy(deep=True)
    old = new.planet(planet_id) if planet_id is not None else None
    if planet_id is not None and old is None:
        raise NotFound(f"{P}error.planet_not_found", planet=planet_id)
    planet = Planet(
        id=planet_id if planet_id is not None else new.take_id("planet"),
        name=planet_name,
        owner=faction,
        income=income,
        population=population,
        troops=troops,
        buildings=buildings,
        cover_buildings=cover_buildings,
        orbital_ships=_with_ids(
            new,
            [s.model_copy(update={"owner": faction}) for s in checked],
            old.orbital_ships if old else (),
        ),
        last_attacked_turn=old.last_attacked_turn if old else None,
        birth_rate_penalty_until=old.birth_rate_penalty_until if old else None,
        birth_rate_pct=old.birth_rate_pct if old else None,
        industry_blocked_from=old.industry_blocked_from if old else None,
        industry_blocked_until=old.industry_blocked_until if old else None,
    )
    if old is None:
        new.planets.append(planet)
    else:
        new.planets = [planet if p.id == planet_id else p for p in new.planets]
    new.player(faction)
    return new, planet


def remove_route(state: SpacePiratesState, route_id: int) -> SpacePiratesState:
    """Remove a route (its pending bribes will be cancelled when they come up, SP-I33)."""
    if state.route(route_id) is None:
        raise NotFound(f"{P}error.route_not_found", route=route_id)
    _not_waiting(state, "route", route_id)
    new = state.model_copy(deep=True)
    new.routes = [r for r in new.routes if r.id != route_id]
    return new


def remove_planet(state: SpacePiratesState, planet_id: int) -> SpacePiratesState:
    """Remove a planet."""
    if state.planet(planet_id) is None:
        raise NotFound(f"{P}error.planet_not_found", planet=planet_id)
    _not_waiting(state, "planet", planet_id)
    new = state.model_copy(deep=True)
    new.planets = [p for p in new.planets if p.id != planet_id]
    return new


def set_contacts(
    state: SpacePiratesState, faction: str, contacts: Sequence[str]
) -> SpacePiratesState:
    """The factions this faction has contact with (SP-7.1, SP-10.2); never itself. Contact
    is established between two factions ("contacts between factions"), so it is set on both
    sides: each named faction has contact with this one too, and a faction left out loses
    its contact with this one."""
    names = [_name(c, "SP-7.1") for c in contacts]
    if faction in names:
        raise RuleViolation(f"{P}error.self_contact", clause="SP-7.1")
    new = state.model_copy(deep=True)
    new.player(faction).contacts = list(dict.fromkeys(names))
    for other in names:
        theirs = new.player(other).contacts
        if faction not in theirs:
            theirs.append(faction)
    for other, record in new.players.items():
        if other not in names and faction in record.contacts:
            record.contacts.remove(faction)
    return new


def set_privateer_tech(
    state: SpacePiratesState, faction: str, researched: bool
) -> SpacePiratesState:
    """The GM records the privateer technology (SP-10.1, SP-I36)."""
    new = state.model_copy(deep=True)
    new.player(faction).privateer_tech = researched
    return new


def set_turn_order(state: SpacePiratesState, factions: Sequence[str]) -> SpacePiratesState:
    """The campaign's registered turn order (SP-I40, SP-I43); each faction once."""
    names = [_name(f, "SP-I40") for f in factions]
    if len(set(names)) != len(names):
        raise RuleViolation(f"{P}error.duplicate_faction", clause="SP-I40")
    new = state.model_copy(deep=True)
    new.turn_order = names
    return new
