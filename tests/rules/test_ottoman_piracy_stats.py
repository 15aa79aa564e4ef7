"""Ottoman piracy: the probability scenarios OP-P1 (both cases) and OP-P2 as distribution
tests. Exact fractions are computed here by enumerating die faces, independently of the
engine, and checked against the spec's table; the engine is then run many times with
seeded dice and each frequency must lie within 4 standard errors of its exact value."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

from ottoman_piracy_helpers import dragut_in_the_aegean
from ottoman_piracy_helpers import in_ottoman_impulse
from ottoman_piracy_helpers import ionian_example

from bot.dice import Dice
from bot.rules import ottoman_piracy as op
from bot.rules.ottoman_piracy.models import OttomanPiracySettings
from bot.rules.ottoman_piracy.models import PiracyDeclaration

TRIALS = 6000
SIXTH = Fraction(1, 6)


def hits_distribution(dice: int) -> dict[int, Fraction]:
    """P(k hits) on `dice` d6 hitting on 5 or 6, by enumerating every face combination."""
    counts = Counter(
        sum(f >= 5 for f in faces) for faces in itertools.product(range(1, 7), repeat=dice)
    )
    return {k: Fraction(n, 6**dice) for k, n in counts.items()}


def p1_exact(ports: int) -> dict[int, Fraction]:
    """OP-P1 from first principles: 2 anti-piracy dice against 2 corsairs, then the Ottoman
    dice (1 if 1 corsair is left or 1 port, else 2) plus 1 for Barbarossa."""
    result: Counter[int] = Counter()
    for anti_hits, p_anti in hits_distribution(2).items():
        left = 2 - min(anti_hits, 2)
        if left == 0:
            result[0] += p_anti
            continue
        base = 1 if left == 1 or ports == 1 else 2
        for hits, p_hits in hits_distribution(base + 1).items():
            result[hits] += p_anti * p_hits
    return dict(result)


def frequencies(outcomes: list[int]) -> dict[int, float]:
    counts = Counter(outcomes)
    return {k: n / len(outcomes) for k, n in counts.items()}


def assert_close(observed: dict[int, float], exact: dict[int, Fraction], trials: int) -> None:
    """Every outcome's frequency within 4 standard errors; impossible outcomes never seen."""
    for k in set(observed) | set(exact):
        p = float(exact.get(k, 0))
        seen = observed.get(k, 0.0)
        if p == 0:
            assert seen == 0, f"{k} hits cannot happen but was seen ({seen})"
            continue
        se = math.sqrt(p * (1 - p) / trials)
        assert abs(seen - p) <= 4 * se, f"{k} hits: {seen:.4f} vs {p:.4f} (se {se:.4f})"


def run(declaration: PiracyDeclaration, seed: int) -> tuple[list[int], list[int]]:
    """Declare the piracy TRIALS times on a fresh state; returns anti and Ottoman hits."""
    state = in_ottoman_impulse(at_war_with_ottomans=["hapsburg"])
    settings = OttomanPiracySettings()
    dice = Dice.seeded(seed)
    anti: list[int] = []
    ottoman: list[int] = []
    for _ in range(TRIALS):
        piracy = op.declare_piracy(state, settings, declaration, dice, turn=1).piracy
        anti.append(piracy.anti_piracy_hits)
        ottoman.append(piracy.hits)
        dice.records.clear()
    return anti, ottoman


def test_op_p1_exact_fractions_match_the_spec_table() -> None:
    """OP-P1: the table's exact fractions, recomputed by enumeration."""
    assert p1_exact(ports=2) == {
        0: Fraction(107, 243),
        1: Fraction(32, 81),
        2: Fraction(4, 27),
        3: Fraction(4, 243),
    }
    assert p1_exact(ports=1) == {0: Fraction(41, 81), 1: Fraction(32, 81), 2: Fraction(8, 81)}
    assert sum(k * p for k, p in p1_exact(2).items()) == Fraction(20, 27)
    assert sum(k * p for k, p in p1_exact(1).items()) == Fraction(16, 27)


def test_op_p1_case_a_two_ports_ottoman_hits_distribution() -> None:
    """OP-P1 case A: two or more Habsburg ports; 2 corsairs left roll 3 dice, 1 left 2."""
    anti, ottoman = run(ionian_example(target_ports=2), seed=1)
    assert_close(frequencies(ottoman), p1_exact(ports=2), TRIALS)
    # The example's own course, 1 Habsburg hit then 2 Ottoman hits, has probability 4/81.
    course = [a == 1 and o == 2 for a, o in zip(anti, ottoman, strict=True)]
    assert_close(
        frequencies([int(c) for c in course]), {1: Fraction(4, 81), 0: Fraction(77, 81)}, TRIALS
    )


def test_op_p1_case_b_one_port_ottoman_hits_distribution() -> None:
    """OP-P1 case B: exactly one Habsburg port; any surviving corsair rolls 1 + 1 dice, so 3
    hits never happen."""
    _, ottoman = run(ionian_example(target_ports=1), seed=2)
    assert_close(frequencies(ottoman), p1_exact(ports=1), TRIALS)


def test_op_p2_dragut_three_corsairs_no_defence_is_binomial_four_thirds() -> None:
    """OP-P2: Dragut, 3 corsairs, no anti-piracy dice, 2+ ports: Binomial(4, 1/3)."""
    exact = {k: math.comb(4, k) * Fraction(1, 3) ** k * Fraction(2, 3) ** (4 - k) for k in range(5)}
    assert exact == hits_distribution(4)
    assert exact == {
        0: Fraction(16, 81),
        1: Fraction(32, 81),
        2: Fraction(8, 27),
        3: Fraction(8, 81),
        4: Fraction(1, 81),
    }
    _, ottoman = run(dragut_in_the_aegean(), seed=3)
    assert_close(frequencies(ottoman), exact, TRIALS)
    mean = sum(ottoman) / TRIALS
    assert abs(mean - 4 / 3) <= 4 * math.sqrt(4 * (1 / 3) * (2 / 3) / TRIALS)
