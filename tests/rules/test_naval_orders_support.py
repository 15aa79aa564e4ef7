"""Shared builders for the naval orders tests (no tests here).

Forces and stations are registered through the real commands; dice are scripted so every
face is consumed in the order the spec lists it.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from bot.dice import Dice
from bot.dice import ScriptedFaces
from bot.i18n import Msg
from bot.rules.naval_orders import CommandTestRequest
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RegisterForce
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import ReportPosition
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import end_of_turn
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import register_force
from bot.rules.naval_orders import register_station
from bot.rules.naval_orders import report_position
from bot.rules.naval_orders import take_command_test
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult

DEFAULTS = NavalOrdersSettings()
HOME = "1"  # the naval station Portsmouth
PORT_9 = "9"  # the seaport Toulon


def scripted(*faces: int) -> tuple[Dice, ScriptedFaces]:
    source = ScriptedFaces(faces)
    return Dice(source), source


def warships(*rates: int, damaged: int = 0) -> list[Ship]:
    """Rated warships; the first `damaged` of them with 80 % hull damage."""
    return [
        Ship(rate=rate, hull_damage_pct=80 if index < damaged else 0)
        for index, rate in enumerate(rates)
    ]


def ports() -> NavalOrdersState:
    """Portsmouth (naval station, location 1, Britain), Toulon (seaport, 9)."""
    state = NavalOrdersState()
    state = register_station(
        state,
        RegisterStation(name="Portsmouth", location=HOME, naval_station=True, owner="Britain"),
    ).state
    return register_station(state, RegisterStation(name="Toulon", location=PORT_9)).state


def add_force(
    state: NavalOrdersState,
    name: str,
    kind: str = "line",
    *,
    owner: str = "Britain",
    ships: list[Ship] | None = None,
    squadrons: list[Squadron] | None = None,
    rating: int = 0,
    location: str = HOME,
    in_port: bool = True,
    settings: NavalOrdersSettings = DEFAULTS,
) -> NavalOrdersState:
    command = RegisterForce(
        owner=owner,
        name=name,
        kind=kind,
        officer_rating=rating,
        ships=ships if ships is not None else ([] if kind == "fleet" else warships(3, 3)),
        squadrons=squadrons or [],
        location=location,
        in_port=in_port,
    )
    return register_force(state, settings, command).state


def order(state, force, order_model, turn, *, settings=DEFAULTS, faction="Britain", by_gm=False):
    command = GiveOrder(faction=faction, force=force, order=order_model, by_gm=by_gm)
    return give_order(state, settings, command, turn).state


def move_to(state, force, location, turn, *, in_port=False, settings=DEFAULTS, faction="Britain"):
    command = ReportPosition(faction=faction, force=force, location=location, in_port=in_port)
    return report_position(state, settings, command, turn).state


def request_for(force, enemy_at, *, convoy=False, faction="Britain"):
    return CommandTestRequest(
        faction=faction, force=force, enemy_at=enemy_at, enemy_has_transports_or_packets=convoy
    )


def command_test(
    state, force, enemy_at, faces, turn, *, convoy=False, settings=DEFAULTS, faction="Britain"
):
    dice, source = scripted(*faces)
    outcome = take_command_test(
        state, settings, request_for(force, enemy_at, convoy=convoy, faction=faction), dice, turn
    )
    assert source.remaining() == []
    return outcome


def end_turn(state, turn, *faces, settings=DEFAULTS) -> TurnStepResult:
    dice, source = scripted(*faces)
    result = end_of_turn(TurnContext(state=state, settings=settings, turn=turn, dice=dice))
    assert source.remaining() == [], "every scripted face is used"
    return result


def keys(lines: list[Msg]) -> list[str]:
    return [line.key for line in lines]


def p_success(dice: int, modifier: int, target: int) -> Fraction:
    """Exact P(sum of `dice` d6 + modifier ≥ target), by enumerating every face."""
    outcomes = list(product(range(1, 7), repeat=dice))
    hits = sum(1 for faces in outcomes if sum(faces) + modifier >= target)
    return Fraction(hits, len(outcomes))
