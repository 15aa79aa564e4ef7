"""NO-P1 and NO-P2 as distribution tests: the exact fractions are computed here by
enumerating die faces and checked against the spec's tables; then the engine's command test
is run many times with seeded dice on forces built to have each total modifier, and every
success frequency must lie within 4 standard errors of its exact value."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import add_force
from test_naval_orders_support import p_success
from test_naval_orders_support import ports
from test_naval_orders_support import request_for
from test_naval_orders_support import warships

from bot.dice import Dice
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import take_command_test

TRIALS = 4000
SPOT = "14"

# rules/naval-orders.md NO-P1 and NO-P2, as printed.
P1_CRUISE = {
    -2: (1, 6),
    -1: (1, 3),
    0: (1, 2),
    1: (2, 3),
    2: (5, 6),
    3: (1, 1),
    4: (1, 1),
    5: (1, 1),
}
P1_MOVE = {-2: (0, 1), -1: (0, 1), 0: (1, 6), 1: (1, 3), 2: (1, 2), 3: (2, 3), 4: (5, 6), 5: (1, 1)}
P2_RAID = {
    -7: (0, 1),
    -6: (1, 36),
    -5: (1, 12),
    -4: (1, 6),
    -3: (5, 18),
    -2: (5, 12),
    -1: (7, 12),
    0: (13, 18),
    1: (5, 6),
    2: (11, 12),
    3: (35, 36),
    4: (1, 1),
}


def test_no_p1_table_matches_enumeration():
    """NO-P1: d6 + m ≥ 4 (cruising) and ≥ 6 (transfer), every m of the table."""
    for m, (num, den) in P1_CRUISE.items():
        assert p_success(1, m, 4) == Fraction(num, den), m
    for m, (num, den) in P1_MOVE.items():
        assert p_success(1, m, 6) == Fraction(num, den), m


def test_no_p2_table_matches_enumeration():
    """NO-P2: 2d6 + m ≥ 6, every m of the table; the line squadron case is 5/18."""
    for m, (num, den) in P2_RAID.items():
        assert p_success(2, m, 6) == Fraction(num, den), m


def single_die_force(m: int):
    """A force whose cruising/transfer modifier is m (NO-I8): rating, auxiliary squadrons
    (a fleet's, or a lone auxiliary squadron's self-count), one damaged ship."""
    if m <= 2:
        rating = max(min(m, 2), -1)
        damaged = 1 if m < -1 else 0
        return {"kind": "line", "rating": rating, "ships": warships(3, 3, damaged=damaged)}
    if m == 3:
        return {"kind": "auxiliary", "rating": 2, "ships": warships(5)}
    squadrons = [Squadron(name="Line", kind="line", ships=warships(3))]
    squadrons += [
        Squadron(name=f"Aux {n}", kind="auxiliary", ships=warships(5)) for n in range(m - 2)
    ]
    return {"kind": "fleet", "rating": 2, "ships": [], "squadrons": squadrons}


def raid_force(m: int):
    """A squadron whose raiding modifier is m (NO-I8): rating −1…+2, rate V/VI ships +1
    each, rate I–IV ships −1 each; a transport keeps it non-empty and adds nothing."""
    rating = -1
    light = max(m + 1, 0)
    heavy = max(-m - 1, 0)
    ships = [*warships(*([6] * light)), *warships(*([3] * heavy)), Ship(kind="transport")]
    return {"kind": "auxiliary", "rating": rating, "ships": ships}


def state_ready_to_test(spec: dict, order_model):
    state = add_force(
        ports(),
        "Tester",
        spec["kind"],
        ships=spec["ships"],
        squadrons=spec.get("squadrons"),
        rating=spec["rating"],
        location=SPOT,
        in_port=False,
    )
    command = GiveOrder(faction="Britain", force="Tester", order=order_model, by_gm=True)
    return give_order(state, DEFAULTS, command, 1).state


def success_rate(state, enemy_at: str, convoy: bool, seed: int) -> tuple[float, int]:
    dice = Dice.seeded(seed)
    request = request_for("Tester", enemy_at, convoy=convoy)
    successes = 0
    modifier = 0
    for _ in range(TRIALS):
        result = take_command_test(state, DEFAULTS, request, dice, 1).result
        successes += result.success
        modifier = result.modifier
    return successes / TRIALS, modifier


def assert_within(observed: float, exact: Fraction) -> None:
    p = float(exact)
    if p in (0.0, 1.0):
        assert observed == p
        return
    standard_error = math.sqrt(p * (1 - p) / TRIALS)
    assert abs(observed - p) <= 4 * standard_error, (observed, p)


@pytest.mark.parametrize("m", [-2, 0, 1, 3])
def test_no_p1_cruising_success_frequency(m):
    """NO-P1 (cruising, 4+): the engine's frequency at modifier m against the exact value."""
    state = state_ready_to_test(
        single_die_force(m), CruiseOrder(point="Ushant", location=SPOT, turns=3)
    )
    observed, modifier = success_rate(state, "adjacent", False, seed=11 + m)
    assert modifier == m
    assert_within(observed, p_success(1, m, 4))


@pytest.mark.parametrize("m", [-1, 0, 2, 5])
def test_no_p1_transfer_success_frequency(m):
    """NO-P1 (transfer, 6+): the engine's frequency at modifier m against the exact value."""
    transfer = MoveOrder(point="Toulon", destination="9", port="Toulon", via=["6"])
    state = state_ready_to_test(single_die_force(m), transfer)
    observed, modifier = success_rate(state, "adjacent", False, seed=31 + m)
    assert modifier == m
    assert_within(observed, p_success(1, m, 6))


@pytest.mark.parametrize("m", [-6, -3, 0, 4])
def test_no_p2_raiding_success_frequency(m):
    """NO-P2 (2d6, 6+): the engine's frequency at modifier m; m = −3 is the line squadron
    of the spec (5/18), m = +4 the frigate squadron (certain)."""
    state = state_ready_to_test(raid_force(m), RaidOrder(point="Biscay", location=SPOT, turns=1))
    observed, modifier = success_rate(state, "own", True, seed=12 + m)
    assert modifier == m
    assert_within(observed, p_success(2, m, 6))
