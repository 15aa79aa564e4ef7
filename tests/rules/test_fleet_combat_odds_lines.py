"""How `/combat odds` reads (FC-I17): plural forms, small survivor figures, and a margin on
every figure a simulation shows."""

from __future__ import annotations

from dataclasses import replace

from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat import odds_lines

DEFAULTS = FleetCombatSettings()


def rendered(result, locale="en"):
    return [line.render(locale) for line in odds_lines(result, "Blue", "Red")]


def test_exact_method_line_uses_the_plural_of_its_state_count():
    """One fleet state is "1 fleet state"; several are "fleet states" (ru: one/few/many)."""
    result = combat_odds(
        fleet_from_counts("A", {"cruiser": 3}), fleet_from_counts("B", {"destroyer": 4}), DEFAULTS
    )
    assert result.method == "exact"
    assert rendered(result)[-1] == f"Exact calculation over {result.states} fleet states."
    one = replace(result, states=1)
    assert rendered(one)[-1] == "Exact calculation over 1 fleet state."
    assert rendered(one, "ru")[-1] == "Точный расчёт: 1 состояние флотов."
    assert rendered(replace(result, states=3), "ru")[-1] == "Точный расчёт: 3 состояния флотов."
    assert rendered(replace(result, states=25), "ru")[-1] == "Точный расчёт: 25 состояний флотов."


def test_a_side_that_rarely_wins_keeps_a_small_figure_not_no_ships():
    """A side winning about 0.1% keeps about 0.002 destroyers on average: the line shows
    that figure; a mean below 0.0005 reads "under 0.001"; "no ships" only for exactly 0."""
    rare = combat_odds(
        fleet_from_counts("A", {"dreadnought": 2}),
        fleet_from_counts("B", {"destroyer": 4}),
        DEFAULTS,
    )
    assert 0.0005 < rare.b_wins < 0.003
    assert rendered(rare)[5] == "Red keeps on average: 0.002 destroyers"
    rarer = combat_odds(
        fleet_from_counts("A", {"cruiser": 4}), fleet_from_counts("B", {"destroyer": 3}), DEFAULTS
    )
    assert 0 < rarer.expected_survivors_b["destroyer"] < 0.0005
    assert rendered(rarer)[5] == "Red keeps on average: under 0.001 destroyers"
    wiped = combat_odds(
        fleet_from_counts("A", {"destroyer": 1}), fleet_from_counts("B", {"transport": 3}), DEFAULTS
    )
    assert rendered(wiped)[5] == "Red keeps on average: no ships"


def test_simulated_odds_state_a_margin_for_every_figure_and_the_seed():
    """Monte Carlo: chances, draw, each survivor class and the expected length carry ± one
    standard error; the method line names the battles and the seed."""
    result = combat_odds(
        fleet_from_counts("A", {"cruiser": 3, "destroyer": 2}),
        fleet_from_counts("B", {"dreadnought": 1, "fighter": 4}),
        DEFAULTS,
        method="monte_carlo",
        battles=20_000,
        seed=11,
    )
    lines = rendered(result)
    assert all("±" in line for line in lines[1:6])
    assert lines[4].count("±") == 2 and lines[5].count("±") == 2
    assert lines[6].startswith("Expected length: ") and "±" in lines[6]
    assert lines[7] == "Simulated battles: 20000 (seed 11); each ± is one standard error."
