"""Shared set-up for the space pirates rules tests: states built through the registry."""

from __future__ import annotations

from bot.dice import Dice
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates import SpacePiratesSettings
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.base import order_base_attack
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import answer_bribe_offer
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.models import AttackRecord
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.registry import ShipSpec
from bot.rules.space_pirates.registry import register_planet
from bot.rules.space_pirates.registry import register_route
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.turn import answer_buy_off
from bot.rules.space_pirates.turn import end_of_turn
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult

COMBAT = FleetCombatSettings()
DEFAULTS = SpacePiratesSettings()


def scripted(*faces):
    dice = Dice.scripted(faces)
    return dice, dice._source


def route(state, name, income, owner="Aurora", ships=(), owners=None, **sources):
    specs = [ShipSpec(owner=owner, ship_class=c, role=r) for c, r in ships]
    state, registered = register_route(
        state,
        COMBAT,
        name=name,
        goods=income,
        owners=owners or [(owner, 100)],
        ships=specs,
        **sources,
    )
    return state, registered


def planet(state, name, income, owner="Aurora", orbital=(), **fields):
    specs = [ShipSpec(owner=owner, ship_class=c) for c in orbital]
    return register_planet(
        state, COMBAT, owner=owner, name=name, income=income, orbital_ships=specs, **fields
    )


def with_history(state, faction, values, turn=1, kind="route"):
    record = state.player(faction)
    for value in values:
        record.history.append(
            AttackRecord(
                turn=turn,
                kind=kind,
                target=0,
                value=value,
                fleet=PirateFleet(raiders=1),
                outcome="successful",
            )
        )
    return state


def resolve(state, turn, dice, settings=DEFAULTS):
    return end_of_turn(TurnContext(state, settings, turn, dice))


def shared_route():
    """SP-I43: Aurora (60 %) and Boreas (40 %) share a route that only Boreas' cruiser guards."""
    state, _ = register_route(
        empty(),
        COMBAT,
        name="Shared",
        goods=100,
        owners=[("Aurora", 60), ("Boreas", 40)],
        ships=[ShipSpec(owner="Boreas", ship_class="cruiser", role="guard")],
    )
    state.turn_order = ["Aurora", "Boreas"]
    return state


def order_attack(state, settings, faction, turn, classes, contracts=()):
    """An attack on the base ordered with ships of `classes` (SP-I31), registered first in
    the orbit of a planet of `faction`'s: an order sends registered ships."""
    state, _ = planet(state, "Dock", 0, owner=faction, orbital=classes)
    return order_base_attack(state, settings, faction, turn, list(classes), list(contracts), COMBAT)


def base_destroyed_in_turn_20():
    """Aurora destroys the pirate base in the resolution of turn 20 (SP-E7): the turn's result."""
    state, _ = route(empty(), "Line", 300)
    state.player("Aurora").streak = 4
    with_history(state, "Aurora", [50], turn=18)
    state, _ = apply_locate(state, DEFAULTS, "Aurora", 20, "a moon")
    state, _ = order_attack(state, DEFAULTS, "Aurora", 20, ["war_sun"])
    return resolve(state, 20, Dice.seeded(5))


def answer(result_state, accept, dice, faction="Aurora", settings=DEFAULTS):
    pending = next(w for w in result_state.waiting if w.faction == faction)
    return answer_buy_off(result_state, settings, pending.choice_id, faction, accept, dice)


def empty():
    return SpacePiratesState()


def settings(**changes):
    return SpacePiratesSettings.model_validate({**DEFAULTS.model_dump(), **changes})


def raid(state, turn, faces, battle=(), settings=DEFAULTS, accept=False):
    """One resolution with scripted faces, the victim declining (or accepting) every offer;
    returns (final state, finished reports). Without `battle` dice the answers carry on
    with what is left of `faces` (the resolution pauses at each offer, SP-I40)."""
    dice = Dice.scripted(faces)
    result = resolve(state, turn, dice, settings)
    state, reports = result.state, [r.body for r in result.archive if _is_report(r.body)]
    battle_dice = battle if isinstance(battle, Dice) else Dice.scripted(battle) if battle else dice
    while state.waiting:
        pending = state.waiting[0]
        after = answer_buy_off(
            state, settings, pending.choice_id, pending.faction, accept, battle_dice
        )
        state = after.state
        reports += [r.body for r in after.archive if _is_report(r.body)]
    return state, reports


def _is_report(body):
    return isinstance(body, RaidReport)


def bribed_raid_refused_and_fought() -> TurnStepResult[SpacePiratesState]:
    """SP-I33, SP-I34 `at_placement`: Aurora refused the offer of the raid Boreas bribed on
    her route; the turn's resolution fights it at once (no defenders: the pirates win)."""
    settings = DEFAULTS.model_copy(update={"bribed_offer_timing": "at_placement"})
    state, _ = route(empty(), "R1", 450)
    state, _ = register_route(state, COMBAT, name="Far", goods=300, owners=[("Boreas", 100)])
    state = set_contacts(state, "Boreas", ["Aurora"])
    state, bribe = apply_bribe(
        state, settings, COMBAT, BribeOrder("Boreas", "Aurora", "route", 5), scripted(3, 5, 6, 2)[0]
    )
    state = answer_bribe_offer(state, settings, bribe.offer_number, "Aurora", False)
    return resolve(state, 5, Dice.seeded(7), settings)
