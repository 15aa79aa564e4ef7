"""Company raids: the probability scenarios CR-P1 and CR-P2 as seeded distribution tests.

Each test computes the exact probabilities itself (fractions.Fraction, from the hit faces
and the shot cap) and runs the engine with a seeded roller; the tolerance is five standard
errors of the estimate, so a correct engine fails about once in 1.7 million runs.
"""

from __future__ import annotations

import math
from fractions import Fraction

from company_raids_helpers import DEFAULTS
from company_raids_helpers import joker_board
from company_raids_helpers import no_dice
from company_raids_helpers import settings
from company_raids_helpers import steelworks_board

from bot.dice import Dice
from bot.rules import company_raids as cr
from bot.rules.company_raids import CompanyRaidsSettings

SIGMAS = 5


def hit_probability(faces: set[int], sides: int) -> Fraction:
    return Fraction(len({f for f in faces if 1 <= f <= sides}), sides)


def within(count: int, runs: int, exact: Fraction) -> bool:
    p = float(exact)
    error = SIGMAS * math.sqrt(max(p * (1 - p), 1e-12) / runs)
    return abs(count / runs - p) <= max(error, 0.5 / runs)


def test_cr_p1_capture_then_counterattack_on_failure() -> None:
    """CR-P1: the owner counterattacks whenever the capture fails: captured 1/3, raider
    destroyed (2/3)(1/2) = 1/3, raider survives with no fine 1/3."""
    runs = 3000
    p = hit_probability(DEFAULTS.capture_faces, DEFAULTS.black_die_faces)
    q = hit_probability(DEFAULTS.counterattack_hit_faces, DEFAULTS.black_die_faces)
    exact = {"captured": p, "destroyed": (1 - p) * q, "survived": (1 - p) * (1 - q)}
    assert exact == {
        "captured": Fraction(1, 3),
        "destroyed": Fraction(1, 3),
        "survived": Fraction(1, 3),
    }
    board = steelworks_board()
    landed = cr.land(board, DEFAULTS, "Broker", "Steelworks", no_dice())
    dice = Dice.seeded(3)
    counts = dict.fromkeys(exact, 0)
    for _ in range(runs):
        tried = cr.answer(landed.state, DEFAULTS, 1, "capture", dice)
        if tried.awaiting is None:
            assert tried.state.companies["steelworks"].owner == "Anna"
            counts["captured"] += 1
            continue
        struck = cr.answer(tried.state, DEFAULTS, 1, "counterattack", dice)
        if struck.state.pieces["broker"].destroyed:
            assert [p.kind for p in struck.payments] == ["bonus"]
            counts["destroyed"] += 1
        else:
            assert struck.payments == []
            counts["survived"] += 1
    assert len(dice.records) == runs + runs - counts["captured"]
    for outcome, probability in exact.items():
        assert within(counts[outcome], runs, probability), (outcome, counts)


def test_cr_p1_owner_always_takes_the_fine() -> None:
    """CR-P1, last line: with the owner always taking the fine (the forced answer), the
    Company is captured with probability 1/3 and the fine is paid with probability 2/3."""
    runs = 3000
    p = hit_probability(DEFAULTS.capture_faces, DEFAULTS.black_die_faces)
    landed = cr.land(steelworks_board(), DEFAULTS, "Broker", "Steelworks", no_dice())
    dice = Dice.seeded(3)
    fined = 0
    for _ in range(runs):
        tried = cr.answer(landed.state, DEFAULTS, 1, "capture", dice)
        if tried.awaiting is not None:
            done = cr.force_answer(tried.state, DEFAULTS, 1, dice)
            assert [p.kind for p in done.payments] == ["fine"]
            fined += 1
    assert within(fined, runs, 1 - p)
    assert 1 - p == Fraction(2, 3)


def duel_exact(config: CompanyRaidsSettings) -> dict[str, Fraction]:
    """CR-P2 general form: first shooter wins p(1 − q^2a)/(1 − q²), the second pq(1 − q^2b)/
    (1 − q²), the GM ruling q^M; expected shots (1 − q^M)/p."""
    p = hit_probability(config.duel_hit_faces, config.black_die_faces)
    q = 1 - p
    shots = config.duel_max_shots
    first_shots, second_shots = (shots + 1) // 2, shots // 2
    first = p * (1 - q ** (2 * first_shots)) / (1 - q**2)
    second = p * q * (1 - q ** (2 * second_shots)) / (1 - q**2)
    ruling = q**shots
    # The same by summing over the shot that ends the duel (k = 1 … M).
    assert first == sum(p * q ** (k - 1) for k in range(1, shots + 1, 2))
    assert second == sum(p * q ** (k - 1) for k in range(2, shots + 1, 2))
    assert first + second + ruling == 1
    mean = (1 - q**shots) / p
    assert mean == sum(k * p * q ** (k - 1) for k in range(1, shots + 1)) + shots * ruling
    owner_first = config.duel_first_shot == "joker_owner"
    return {
        "defender": first if owner_first else second,
        "aggressor": second if owner_first else first,
        "gm_ruling": ruling,
        "mean_shots": mean,
    }


def run_duels(config: CompanyRaidsSettings, runs: int, seed: int) -> tuple[dict[str, int], int]:
    board = joker_board(config)
    dice = Dice.seeded(seed)
    counts = {"defender": 0, "aggressor": 0, "gm_ruling": 0}
    shots = 0
    for _ in range(runs):
        before = len(dice.records)
        outcome = cr.enter(board, config, "Corsair", dice)
        (duel,) = [e.duel for e in outcome.events if e.kind == "duel"]
        assert len(dice.records) - before == len(duel.faces)
        counts[duel.result] += 1
        shots += len(duel.faces)
    return counts, shots


def test_cr_p2_joker_duel_with_the_default_shot() -> None:
    """CR-P2: each shot hits with 1/2 and the owner fires first: the owner's piece wins
    (2/3)(1 − 2⁻¹⁰⁰⁰), the aggressor (1/3)(1 − 2⁻¹⁰⁰⁰), the GM ruling 2⁻¹⁰⁰⁰; 2 − 2⁻⁹⁹⁹ shots
    on average."""
    exact = duel_exact(DEFAULTS)
    assert exact["defender"] == Fraction(2, 3) * (1 - Fraction(1, 2**1000))
    assert exact["aggressor"] == Fraction(1, 3) * (1 - Fraction(1, 2**1000))
    assert exact["gm_ruling"] == Fraction(1, 2**1000)
    assert exact["mean_shots"] == 2 - Fraction(1, 2**999)
    runs = 4000
    counts, shots = run_duels(DEFAULTS, runs, seed=4)
    assert within(counts["defender"], runs, exact["defender"])
    assert within(counts["aggressor"], runs, exact["aggressor"])
    assert counts["gm_ruling"] == 0
    variance = float((1 - Fraction(1, 2)) / Fraction(1, 4))  # geometric: q / p²
    assert abs(shots / runs - float(exact["mean_shots"])) <= SIGMAS * math.sqrt(variance / runs)


def test_cr_p2_hit_only_on_six_with_a_short_cap() -> None:
    """CR-P2 general form where the cap matters: a shot hits only on 6 and the duel stops
    after 3 shots, so the GM ruling has probability (5/6)³ = 125/216."""
    config = settings(duel_hit_faces={6}, duel_max_shots=3)
    exact = duel_exact(config)
    assert exact["gm_ruling"] == Fraction(125, 216)
    assert exact["defender"] == Fraction(1, 6) + Fraction(25, 216)
    runs = 4000
    counts, _ = run_duels(config, runs, seed=5)
    for outcome in ("defender", "aggressor", "gm_ruling"):
        assert within(counts[outcome], runs, exact[outcome]), (outcome, counts)


def test_cr_p2_aggressor_first_swaps_the_odds() -> None:
    """CR-I13 (`duel_first_shot = aggressor`): the aggressor now wins with 2/3."""
    config = settings(duel_first_shot="aggressor", duel_max_shots=20)
    exact = duel_exact(config)
    assert exact["aggressor"] == Fraction(2, 3) * (1 - Fraction(1, 2**20))
    runs = 3000
    counts, _ = run_duels(config, runs, seed=6)
    assert within(counts["aggressor"], runs, exact["aggressor"])
