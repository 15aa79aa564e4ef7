"""Bribing the pirates against a contacted faction (SP-7, SP-I33): the checks, the attack
generated at once from the victim's current state and fixed, and its price. A placed bribe is
private to the briber and the GMs until it comes up in the resolution."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel

from bot.dice import Dice
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.base import fleet_limit_lines
from bot.rules.space_pirates.base import require_operations
from bot.rules.space_pirates.chance import draw_target
from bot.rules.space_pirates.chance import richest_route
from bot.rules.space_pirates.chance import routes_in_roll
from bot.rules.space_pirates.fleet import compose_fleet
from bot.rules.space_pirates.fleet import generate_route_fleet
from bot.rules.space_pirates.fleet import payment
from bot.rules.space_pirates.fleet import payment_value
from bot.rules.space_pirates.messages import numbers_msg
from bot.rules.space_pirates.models import Bribe
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import require_asked
from bot.rules.space_pirates.planet_raid import choose_planet
from bot.rules.space_pirates.planet_raid import eligible
from bot.rules.space_pirates.planet_raid import recent_route_values
from bot.rules.space_pirates.route_raid import under_peace
from bot.rules.space_pirates.route_raid import under_route_immunity
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.text import shown

P = "space_pirates."


class BribeQuote(BaseModel):
    """What a bribe will cost: `cost_pct` of the fleet's payment value; exact already when
    the value needs no roll (a planet raid priced from the history, SP-I20)."""

    briber: str
    victim: str
    kind: Literal["route", "planet"]
    cost_pct: int
    value: int | None = None
    fleet: PirateFleet | None = None
    cost: int | None = None

    def limit_lines(self) -> list[Msg]:
        """Said with a quoted fleet as large as a pirate fleet gets (SP-I8); the bribe is
        still priced from the whole value (SP-I42)."""
        return [] if self.fleet is None else fleet_limit_lines(self.fleet, paid=True)


@dataclass(frozen=True)
class BribeOrder:
    """A bribe as the briber asks for it (SP-7.2): who pays, whose route or planet the
    pirates raid, in which turn, and the target named (only under `bribe_target_choice =
    briber_chooses`, SP-I33). `sealed`: the commitment that names the briber instead of the
    state (`Bribe.sealed`; the victim is not to learn who paid, SP-I33)."""

    briber: str
    victim: str
    kind: Literal["route", "planet"]
    turn: int
    target: int | None = None
    sealed: str | None = None


def _check(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    order: BribeOrder,
) -> PlayerPirates:
    """The refusals of SP-I33 at placement; returns the victim's record."""
    briber, victim, kind, turn = order.briber, order.victim, order.kind, order.turn
    if victim == briber:
        raise RuleViolation(f"{P}error.bribe_self", clause="SP-7.1")
    own = state.players.get(briber) or PlayerPirates()
    if not state.has_contact(briber, victim):
        raise RuleViolation(f"{P}error.no_contact", clause="SP-7.1", faction=shown(victim))
    require_operations(own, turn, "SP-I32")
    record = state.players.get(victim) or PlayerPirates()
    if under_peace(record, turn):
        raise RuleViolation(f"{P}error.victim_at_peace", clause="SP-I32", faction=shown(victim))
    if kind == "route":
        if settings.immunity_blocks_bribed_raids and under_route_immunity(record, turn):
            raise RuleViolation(f"{P}error.victim_immune", clause="SP-I15", faction=shown(victim))
        if not routes_in_roll(state, victim, settings):
            raise RuleViolation(f"{P}error.victim_no_route", clause="SP-I5", faction=shown(victim))
        return record
    if not state.planets_of(victim):  # nothing registered to raid, in cooldown or not
        raise RuleViolation(f"{P}error.victim_no_planets", clause="SP-I18", faction=shown(victim))
    planet, _ = choose_planet(state, settings, combat, victim, turn)
    if planet is None:
        raise RuleViolation(f"{P}error.victim_no_planet", clause="SP-I19", faction=shown(victim))
    if not recent_route_values(record, settings) and not routes_in_roll(state, victim, settings):
        raise RuleViolation(f"{P}error.bribe_unpriced", clause="SP-I20", faction=shown(victim))
    return record


def _check_target(
    state: SpacePiratesState, settings: SpacePiratesSettings, order: BribeOrder
) -> None:
    """A target the briber names: only with `bribe_target_choice = briber_chooses` (else the
    pirates choose, SP-I33), and only one of the victim's routes in their roll or an
    eligible planet of theirs."""
    victim, kind, turn, target = order.victim, order.kind, order.turn, order.target
    if target is None:
        return
    if settings.bribe_target_choice != "briber_chooses":
        raise RuleViolation(f"{P}error.bribe_target_choice", clause="SP-I33")
    if kind == "route":
        if not any(r.id == target for r in routes_in_roll(state, victim, settings)):
            raise NotFound(f"{P}error.route_not_found", route=target)
        return
    planet = state.planet(target)
    if planet is None or planet.owner != victim or not eligible(planet, turn, settings):
        raise NotFound(f"{P}error.planet_not_found", planet=target)


def quote_bribe(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    order: BribeOrder,
) -> BribeQuote:
    """Check a bribe (and the target the briber names) and say what it will cost, before the
    binding placement (SP-7.2, SP-I33)."""
    record = _check(state, settings, combat, order)
    _check_target(state, settings, order)
    quote = BribeQuote(
        briber=order.briber, victim=order.victim, kind=order.kind, cost_pct=settings.bribe_cost_pct
    )
    values = recent_route_values(record, settings)
    if order.kind == "planet" and values:
        value = settings.planet_fleet_multiplier * max(values)
        fleet = compose_fleet(value, settings)
        quote.value, quote.fleet = value, fleet
        quote.cost = payment(
            settings, payment_value(value, fleet, settings), settings.bribe_cost_pct
        )
    return quote


def apply_bribe(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    combat: FleetCombatSettings,
    order: BribeOrder,
    dice: Dice,
) -> tuple[SpacePiratesState, Bribe]:
    """Place the bribe: generate the attack at once from the victim's current state (target
    dW, then strength; SP-I4, SP-I6–SP-I8, SP-I18, SP-I20), fix it, and price it at
    ⌈50 % × P⌉ (SP-I42). `order.target` is honoured only with `bribe_target_choice =
    briber_chooses`."""
    record = _check(state, settings, combat, order)
    _check_target(state, settings, order)
    briber, victim, kind, turn = order.briber, order.victim, order.kind, order.turn
    target = order.target
    new = state.model_copy(deep=True)
    raw, strength = 0, "0"
    if kind == "route":
        routes = routes_in_roll(new, victim, settings)
        if target is not None:
            chosen = next(r for r in routes if r.id == target)
        else:
            chosen_id = draw_target(routes, settings, dice).target
            chosen = next(r for r in routes if r.id == chosen_id)
        generated = generate_route_fleet(chosen.combined_income, record, settings, dice)
        target_id, value, fleet = chosen.id, generated.value, generated.fleet
        raw, strength = generated.raw_strength, str(generated.strength)
    else:
        planet, _ = choose_planet(new, settings, combat, victim, turn)
        if target is not None:
            planet = new.planet(target)
        assert planet is not None
        values = recent_route_values(record, settings)
        if values:
            base = max(values)
        else:
            route = richest_route(routes_in_roll(new, victim, settings))
            assert route is not None
            generated = generate_route_fleet(route.combined_income, record, settings, dice)
            base, raw, strength = generated.value, generated.raw_strength, str(generated.strength)
        value = settings.planet_fleet_multiplier * base
        fleet = compose_fleet(value, settings)
        target_id = planet.id
    pay_value = payment_value(value, fleet, settings)
    at_placement = settings.bribed_offer_timing == "at_placement"
    # SP-I34: an offer made at placement is priced then
    offer_cost = payment(settings, pay_value, settings.buy_off_cost_pct) if at_placement else None
    bribe = Bribe(
        id=new.take_id("bribe"),
        briber=briber if order.sealed is None else "",
        sealed=order.sealed,
        victim=victim,
        kind=kind,
        placed_turn=turn,
        target=target_id,
        raw_strength=raw,
        strength=strength,
        value=value,
        fleet=fleet,
        payment_value=pay_value,
        cost=payment(settings, pay_value, settings.bribe_cost_pct),
        offer="open" if at_placement else "at_resolution",
        offer_cost=offer_cost,
        offer_id=new.take_id("choice") if at_placement else None,
    )
    new.bribes.append(bribe)
    return new, bribe


def bribe_offer_cost(bribe: Bribe, settings: SpacePiratesSettings) -> int:
    """The victim's buy-off price for a bribed attack offered at placement, ⌈10 % × P⌉
    (SP-I34, SP-I42), as it was priced when made (an offer made before prices were kept:
    under `settings`)."""
    if bribe.offer_cost is not None:
        return bribe.offer_cost
    return payment(settings, bribe.payment_value, settings.buy_off_cost_pct)


def open_bribe_offers(state: SpacePiratesState, victim: str | None = None) -> list[Bribe]:
    """Bribed attacks offered to their victims at placement, not yet answered (SP-I34)."""
    return [
        b
        for b in state.bribes
        if b.offer == "open" and b.status == "placed" and victim in (None, b.victim)
    ]


def _settle_offer(
    state: SpacePiratesState, settings: SpacePiratesSettings, bribe: Bribe, accept: bool
) -> None:
    if not accept:
        bribe.offer = "declined"
        return
    bribe.status = "bought_off"
    record = state.player(bribe.victim)
    record.history.append(bribe.attack_record(bribe.placed_turn, "bought_off"))
    record.buy_off_bonus_pct += settings.buy_off_bonus_pct


def answer_bribe_offer(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    offer: int,
    victim: str,
    accept: bool,
) -> SpacePiratesState:
    """Under `bribed_offer_timing = at_placement`, the victim buys the bribed attack off at
    once (a `bought_off` record dated the placement turn and +5 %) or declines (SP-I34).
    `offer` is the offer's number (`Bribe.offer_number`), not the bribe's."""
    bribe = next((b for b in open_bribe_offers(state) if b.offer_number == offer), None)
    if bribe is None:
        # A price typed for the offer's number: say whose price it is (SP-I34).
        priced = [n for n, cost in open_offer_prices(state, settings, victim) if cost == offer]
        if priced:
            raise NotFound(f"{P}error.offer_price_typed", price=offer, offer=priced[0])
        raise NotFound(
            f"{P}error.offer_not_found",
            offer=offer,
            open=numbers_msg(open_offers_of(state, victim)),
        )
    require_asked(bribe.victim, victim)
    new = state.model_copy(deep=True)
    _settle_offer(new, settings, next(b for b in new.bribes if b.id == bribe.id), accept)
    return new


def open_offers_of(state: SpacePiratesState, faction: str) -> list[int]:
    """The numbers `/pirates offer` answers for `faction` (SP-I34, SP-I35), as `/turn status`
    and `/pirates status` show them: the resolution's buy-off offers, then bribed attacks
    offered at placement, then the mercenary upkeep it waits on."""
    asked = [w.choice_id for w in state.waiting if w.choice == "buy_off" and w.faction == faction]
    upkeep = [d.choice_id for d in state.upkeep_due if d.owner == faction]
    return asked + [b.offer_number for b in open_bribe_offers(state, faction)] + upkeep


def open_offer_prices(
    state: SpacePiratesState, settings: SpacePiratesSettings, faction: str
) -> list[tuple[int, int]]:
    """The buy-off offers waiting for `faction`'s answer with their prices (SP-I34), in the
    order of `open_offers_of`: (number, price)."""
    asked = [
        (w.choice_id, w.attack.cost)
        for w in state.waiting
        if w.choice == "buy_off" and w.faction == faction
    ]
    return asked + [
        (b.offer_number, bribe_offer_cost(b, settings)) for b in open_bribe_offers(state, faction)
    ]


def force_open_bribe_offers(state: SpacePiratesState, settings: SpacePiratesSettings) -> list[int]:
    """Offers still open when the resolution starts take `buy_off_default` (SP-I34); their
    numbers as their victims know them (`Bribe.offer_number`, what `/pirates offer` takes)."""
    forced = open_bribe_offers(state)
    for bribe in forced:
        _settle_offer(state, settings, bribe, settings.buy_off_default == "accept")
    return [b.offer_number for b in forced]


SealedBribers = Mapping[str, str]  # a sealed bribe's commitment -> its briber (`Bribe.sealed`)


def briber_of(bribe: Bribe, sealed: SealedBribers | None = None) -> str:
    """Who paid: named in the bribe, or for a sealed one in `sealed` (empty: unknown)."""
    if bribe.sealed is None:
        return bribe.briber
    return (sealed or {}).get(bribe.sealed, "")


def bribes_visible_to(
    state: SpacePiratesState, faction: str, *, gm: bool = False, sealed: SealedBribers | None = None
) -> list[Bribe]:
    """Placed bribes a viewer may see: the GMs all, a player only their own (SP-I33)."""
    return [
        b for b in state.bribes if b.status == "placed" and (gm or briber_of(b, sealed) == faction)
    ]


def withdraw_bribe(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    briber: str,
    bribe_id: int,
    turn: int,
    sealed: SealedBribers | None = None,
) -> SpacePiratesState:
    """With `bribe_withdraw_after_roll`, the briber may withdraw a bribe placed this turn
    after seeing its fleet; nothing is owed (SP-I33, SP-I45)."""
    if not settings.bribe_withdraw_after_roll:
        raise RuleViolation(f"{P}error.bribe_binding", clause="SP-I33")
    bribe = next(
        (b for b in state.bribes if b.id == bribe_id and briber_of(b, sealed) == briber), None
    )
    if bribe is None or bribe.status != "placed":
        raise NotFound(f"{P}error.bribe_not_found", bribe=bribe_id)
    if bribe.placed_turn != turn:
        raise RuleViolation(f"{P}error.bribe_binding", clause="SP-I33")
    new = state.model_copy(deep=True)
    next(b for b in new.bribes if b.id == bribe_id).status = "withdrawn"
    return new
