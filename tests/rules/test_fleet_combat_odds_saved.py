"""The exact odds against results saved from the pure-Python programme before the numpy
methods existed (`fleet_combat_odds_cases.json`: 62 fleets and settings variants, wounds,
transports, round caps, tolerance 0). Whichever exact path a case takes now (dense numpy
matrices or the Python programme), every figure must agree within 1e-12 (relative for
figures above 1: expected survivors and rounds)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fleet_from_counts

CASES = json.loads((Path(__file__).parent / "fleet_combat_odds_cases.json").read_text("utf-8"))[
    "cases"
]


def close(got: float, saved: float) -> bool:
    return abs(got - saved) <= 1e-12 * max(1.0, abs(saved))


# The cases the Python programme solves (too many ship-count vectors for the dense matrices):
# 16 destroyers and 8 cruisers against 20 fighters and 4 dreadnoughts is half a minute.
LONGEST = {18}


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(c, id=f"{i}-{'+'.join(c['a'])}-v-{'+'.join(c['b'])}", marks=marks)
        for i, c in enumerate(CASES)
        for marks in [[pytest.mark.longest] if i in LONGEST else []]
    ],
)
def test_exact_odds_equal_the_saved_results(case):
    """FC-I17: exact odds equal the saved pure-Python results within 1e-12."""
    settings = FleetCombatSettings(**case["changes"])
    fleet_a = fleet_from_counts("A", case["a"], wounds=case["wounds_a"])
    fleet_b = fleet_from_counts("B", case["b"], wounds=case["wounds_b"])
    result = combat_odds(
        fleet_a,
        fleet_b,
        settings,
        method="exact",
        max_rounds=case["max_rounds"],
        tolerance=case["tolerance"],
    )
    saved = case["expected"]
    for name in ("a_wins", "b_wins", "draw", "mutual_destruction", "round_cap", "expected_rounds"):
        assert close(getattr(result, name), saved[name]), (name, getattr(result, name), saved[name])
    for label in ("a", "b"):
        got = getattr(result, f"expected_survivors_{label}")
        assert list(got) == list(saved[f"expected_survivors_{label}"])
        for name, value in saved[f"expected_survivors_{label}"].items():
            assert close(got[name], value), (label, name, got[name], value)
