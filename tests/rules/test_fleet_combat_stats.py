"""Distributions: FC-P1 and FC-P2 through the round engine with seeded dice, and the odds
calculator checked against exact values from the specs and against seeded simulations.

Expected values are computed here from the dice, independently of the code under test.
Tolerances are a few standard errors, so a wrong rule shows up and noise does not.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from test_fleet_combat_support import battle
from test_fleet_combat_support import give_orders
from test_fleet_combat_support import order

from bot.dice import Dice
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fight_automatic
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat import odds
from bot.rules.fleet_combat import odds_simulation
from bot.rules.fleet_combat import resolve_round
from bot.rules.fleet_combat.settings import ShipStats

DEFAULTS = FleetCombatSettings()


def binomial(n, k, p):
    return math.comb(n, k) * p**k * (1 - p) ** (n - k)


def assert_frequencies(counts, expected, trials, sigmas=4.0):
    for outcome, p in expected.items():
        p = float(p)
        margin = sigmas * math.sqrt(p * (1 - p) / trials)
        assert abs(counts.get(outcome, 0) / trials - p) <= margin, (outcome, counts, p)


def test_fc_p1_wounds_of_one_two_dice_volley_against_defence_four():
    """FC-P1: one 2×5+ ship at defence 4+: hits ~ Binomial(2, 1/3), wounds ~ Binomial(2, 1/6)."""
    spec = {0: Fraction(25, 36), 1: Fraction(5, 18), 2: Fraction(1, 36)}
    per_die = Fraction(2, 6) * Fraction(3, 6)  # faces 5–6 hit; defence faces 1–3 wound
    assert spec == {k: math.comb(2, k) * per_die**k * (1 - per_die) ** (2 - k) for k in spec}
    state = battle([("A", {"cruiser": 1}), ("B", {"dreadnought": 1})])
    state = give_orders(state, "A", order("cruiser", "B", "dreadnought"))
    dice = Dice.seeded(20240601)
    trials = 4000
    wounds: dict[int, int] = {}
    hits: dict[int, int] = {}
    for _ in range(trials):
        volley = resolve_round(state, DEFAULTS, 1, dice).report.volleys[0]
        wounds[volley.wounds] = wounds.get(volley.wounds, 0) + 1
        hits[volley.hits] = hits.get(volley.hits, 0) + 1
    assert_frequencies(wounds, spec, trials)
    assert_frequencies(hits, {k: binomial(2, k, 1 / 3) for k in range(3)}, trials)


def test_fc_p2_one_round_cruiser_against_destroyer():
    """FC-P2: after one round, (destroyer destroyed?, cruiser wounds) with the spec's
    fractions 1183/2916, 169/1458, 1085/2916, 155/1458."""
    kill = 1 - (1 - Fraction(1, 3) * Fraction(5, 6)) ** 2
    wound = Fraction(1, 3) * Fraction(4, 6)
    expected = {
        (False, 0): (1 - kill) * (1 - wound),
        (False, 1): (1 - kill) * wound,
        (True, 0): kill * (1 - wound),
        (True, 1): kill * wound,
    }
    assert list(expected.values()) == [
        Fraction(1183, 2916),
        Fraction(169, 1458),
        Fraction(1085, 2916),
        Fraction(155, 1458),
    ]
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})])
    dice = Dice.seeded(20240602)
    trials = 4000
    counts: dict[tuple[bool, int], int] = {}
    for _ in range(trials):
        after = resolve_round(state, DEFAULTS, 1, dice).state
        destroyed = after.fleet("B", "Sol") is None
        key = (destroyed, after.fleet("A", "Sol").ships[0].wounds)
        counts[key] = counts.get(key, 0) + 1
    assert_frequencies(counts, expected, trials)


def test_exact_odds_of_one_round_match_fc_p2():
    """FC-P2 through the exact calculator with a one-round cap."""
    result = combat_odds(
        fleet_from_counts("A", {"cruiser": 1}),
        fleet_from_counts("B", {"destroyer": 1}),
        DEFAULTS,
        method="exact",
        max_rounds=1,
        tolerance=0,
    )
    assert result.a_wins == pytest.approx(155 / 324, abs=1e-12)
    assert result.round_cap == pytest.approx(169 / 324, abs=1e-12)
    assert result.expected_survivors_a == {"cruiser": pytest.approx(1.0)}
    assert result.expected_rounds == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("pirates", "expected", "places"),
    [
        ({"destroyer": 1}, 40353607 / 647888261077, 18),
        ({"destroyer": 2}, 823019351803919617840199 / 99953126162516354071166549, 15),
        ({"destroyer": 3}, 0.087941718168, 11),
        ({"destroyer": 4}, 0.294863432303, 11),
        ({"destroyer": 6}, 0.789933285037, 11),
        ({"cruiser": 1, "destroyer": 5}, 0.900362936257, 11),
        ({"cruiser": 1, "destroyer": 7}, 0.990586336747, 11),
    ],
)
def test_exact_odds_match_sp_p2_pirates_against_one_dreadnought(pirates, expected, places):
    """SP-P2 (space pirates spec, computed as exact rationals there): P(pirates win) against
    one unwounded dreadnought, to the digits the spec prints."""
    dreadnought = fleet_from_counts("defender", {"dreadnought": 1})
    raid = fleet_from_counts("pirates", pirates)
    result = combat_odds(dreadnought, raid, DEFAULTS, method="exact", tolerance=0)
    assert result.b_wins == pytest.approx(expected, abs=10.0**-places)
    assert result.a_wins + result.b_wins + result.draw == pytest.approx(1.0, abs=1e-12)


SHAPES = [
    ({"cruiser": 3, "destroyer": 2}, {"dreadnought": 1, "fighter": 4}, {}),
    (
        {"dreadnought": 2},
        {"fighter": 5, "destroyer": 3, "transport": 2},
        {"kill_cap_overflow": "lost"},
    ),
    (
        {"carrier": 3, "fighter": 4, "destroyer": 2},
        {"cruiser": 3, "fighter": 2},
        {"auto_target_policy": "lowest_level"},
    ),
]


@pytest.mark.parametrize(("a", "b", "changes"), SHAPES)
def test_exact_odds_agree_with_the_round_engine(a, b, changes):
    """FC-I17: the exact calculator against battles fought by the real engine with seeded
    dice (`fight_automatic`), within 3 standard errors, for several fleet shapes/settings."""
    settings = FleetCombatSettings(**changes)
    fleet_a = fleet_from_counts("A", a, wounds={"dreadnought": [1]})
    fleet_b = fleet_from_counts("B", b)
    exact = combat_odds(fleet_a, fleet_b, settings, method="exact")
    battles = 500
    wins_a = wins_b = 0
    survivors: dict[str, float] = {}
    for seed in range(battles):
        result = fight_automatic(fleet_a, fleet_b, settings, Dice.seeded(seed))
        wins_a += result.winning_side == "A"
        wins_b += result.winning_side == "B"
        for ship in result.fleets["B"].ships:
            survivors[ship.ship_class] = survivors.get(ship.ship_class, 0) + 1
    for p, won in ((exact.a_wins, wins_a), (exact.b_wins, wins_b)):
        margin = 3 * math.sqrt(max(p * (1 - p), 1e-4) / battles)
        assert abs(won / battles - p) <= margin
    name, mean = max(exact.expected_survivors_b.items(), key=lambda item: item[1])
    count = fleet_b.count_by_class()[name]
    margin = 3 * math.sqrt(max(mean * (count - mean), 1e-2) / battles)
    assert abs(survivors.get(name, 0) / battles - mean) <= margin


@pytest.fixture(params=["compiled loop", "numpy pool"])
def simulation_path(request, monkeypatch):
    """Both ways the simulation runs: the compiled loop (`odds_kernel`), and the pool
    vectorised with numpy that fleets with too many ship-count vectors use."""
    if request.param == "numpy pool":
        monkeypatch.setattr(odds_simulation, "SIGNATURES_TABULATED", 0)
    return request.param


@pytest.mark.parametrize(("a", "b", "changes"), SHAPES)
def test_monte_carlo_agrees_with_exact_odds(a, b, changes, simulation_path):
    """The seeded simulation, 200,000 battles, against the exact method within 3 standard
    errors: chances, expected survivors and the expected length (FC-I17)."""
    settings = FleetCombatSettings(**changes)
    fleet_a, fleet_b = fleet_from_counts("A", a), fleet_from_counts("B", b)
    exact = combat_odds(fleet_a, fleet_b, settings, method="exact")
    battles = 200_000
    sampled = combat_odds(fleet_a, fleet_b, settings, method="monte_carlo", battles=battles, seed=7)
    assert sampled.method == "monte_carlo"
    assert (sampled.seed, sampled.battles) == (7, battles)
    assert exact.method == "exact"
    for name in ("a_wins", "b_wins", "draw"):
        p = getattr(exact, name)
        error = math.sqrt(p * (1 - p) / battles)
        assert sampled.standard_errors[name] == pytest.approx(error, rel=0.2, abs=1e-4)
        assert abs(getattr(sampled, name) - p) <= 3 * error + 1e-4, name
    for name, mean in exact.expected_survivors_a.items():
        error = sampled.standard_errors[f"survivors_a.{name}"]
        assert abs(sampled.expected_survivors_a[name] - mean) <= 3 * error + 1e-9, name
    error = sampled.standard_errors["expected_rounds"]
    assert 0 < error < 0.05
    assert abs(sampled.expected_rounds - exact.expected_rounds) <= 3 * error


def test_monte_carlo_round_cap_and_stalls_agree_with_exact_odds(simulation_path):
    """A round cap (FC-I16) and battles nobody can go on with (hulks that fire no dice
    against each other): both end as round-cap draws, in the simulation as in the exact
    method, within 3 standard errors."""
    stats = dict(DEFAULTS.ship_stats)
    stats["hulk"] = ShipStats(attack_dice=0, defence=4, life=2)
    settings = FleetCombatSettings(
        ship_stats=stats, class_levels={**DEFAULTS.class_levels, "hulk": 1}
    )
    fleet_a = fleet_from_counts("A", {"hulk": 2, "fighter": 2})
    fleet_b = fleet_from_counts("B", {"hulk": 1, "destroyer": 1})
    battles = 100_000
    for cap in (0, 3):
        exact = combat_odds(fleet_a, fleet_b, settings, method="exact", max_rounds=cap)
        sampled = combat_odds(
            fleet_a,
            fleet_b,
            settings,
            method="monte_carlo",
            battles=battles,
            seed=5,
            max_rounds=cap,
        )
        assert exact.round_cap > 0.01
        for name in ("a_wins", "b_wins", "round_cap", "expected_rounds"):
            error = sampled.standard_errors.get(name) or sampled.standard_errors["draw"]
            assert abs(getattr(sampled, name) - getattr(exact, name)) <= 3 * error + 1e-9, name


@pytest.mark.parametrize(
    ("a", "b"), [({"destroyer": 1}, {"transport": 3}), ({"transport": 2}, {"transport": 1})]
)
def test_simulated_odds_without_combat_ships_on_a_side_fight_no_round(a, b):
    """FC-I13: with no combat ship on a side nothing is fought; the simulation reports what
    the exact method does, every battle alike, with no margin."""
    fleet_a, fleet_b = fleet_from_counts("A", a), fleet_from_counts("B", b)
    sampled = combat_odds(fleet_a, fleet_b, DEFAULTS, method="monte_carlo", battles=500, seed=2)
    exact = combat_odds(fleet_a, fleet_b, DEFAULTS, method="exact")
    assert (sampled.method, sampled.battles, sampled.seed) == ("monte_carlo", 500, 2)
    for name in ("a_wins", "b_wins", "draw", "expected_rounds"):
        assert getattr(sampled, name) == getattr(exact, name)
        assert sampled.standard_errors[name] == 0.0
    assert sampled.expected_survivors_b == exact.expected_survivors_b


def test_transports_only_side_loses_them_at_once():
    """FC-I13 in the odds: a side with only transports loses at the end of round 1."""
    result = combat_odds(
        fleet_from_counts("A", {"destroyer": 1}), fleet_from_counts("B", {"transport": 3}), DEFAULTS
    )
    assert (result.a_wins, result.expected_survivors_b) == (1.0, {"transport": 0.0})


def test_settings_outside_the_state_model_fall_back_to_engine_simulation():
    """`deferred_damage = false` changes who fires, so the odds use the real engine."""
    settings = FleetCombatSettings(deferred_damage=False)
    result = combat_odds(
        fleet_from_counts("A", {"cruiser": 2}),
        fleet_from_counts("B", {"destroyer": 3}),
        settings,
        battles=200,
        seed=3,
    )
    assert result.method == "engine_simulation"
    assert result.battles == 200
    assert result.a_wins + result.b_wins + result.draw == pytest.approx(1.0)


def test_default_simulation_samples_until_every_chance_is_within_a_tenth_of_a_point():
    """Without `battles`, Monte Carlo samples blocks of battles until every chance has one
    standard error ≤ 0.1 percentage point (fewer battles when the outcome is lopsided),
    reports how many it fought, and the same seed gives the same figures."""
    fleet_a = fleet_from_counts("A", {"cruiser": 3})
    fleet_b = fleet_from_counts("B", {"destroyer": 5})  # A wins about 87%: 115,000 battles
    first = combat_odds(fleet_a, fleet_b, DEFAULTS, method="monte_carlo", seed=4)
    again = combat_odds(fleet_a, fleet_b, DEFAULTS, method="monte_carlo", seed=4)
    assert first == again
    assert first.battles is not None
    assert first.battles % odds.SIMULATION_BLOCK == 0
    assert first.battles < odds.DEFAULT_BATTLES
    assert max(first.standard_errors[k] for k in ("a_wins", "b_wins", "draw")) <= 0.001
    fewer = first.battles - odds.SIMULATION_BLOCK
    p = max(first.a_wins, first.b_wins)
    assert math.sqrt(p * (1 - p) / fewer) > 0.001 * 0.9  # it did not stop much later than needed
