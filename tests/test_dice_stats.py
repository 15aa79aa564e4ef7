"""Dice fairness statistics for /history stats: the chi-square tail and per-player values."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.dice import RollRecord
from bot.dice_stats import FAIR
from bot.dice_stats import SUSPICIOUS
from bot.dice_stats import TOO_FEW
from bot.dice_stats import FaceSample
from bot.dice_stats import chi2_sf
from bot.dice_stats import chi_square_uniform
from bot.dice_stats import die_size_stats
from bot.dice_stats import face_counts
from bot.dice_stats import player_stats
from bot.dice_stats import regularized_gamma_p
from bot.dice_stats import regularized_gamma_q
from bot.dice_stats import stats_by_player
from bot.dice_stats import verdict_key
from bot.i18n import t

# --- chi-square survival function --------------------------------------------------------

# Critical values from chi-square tables (to full double precision): sf(x, df) == p.
TABLE = [
    (3.841458820694124, 1, 0.05),
    (10.827566170662733, 1, 0.001),
    (0.454936423119572, 1, 0.5),
    (9.210340371976182, 2, 0.01),
    (11.070497693516351, 5, 0.05),
    (20.515005652432873, 5, 0.001),
    (18.307038053275146, 10, 0.05),
    (23.209251158954356, 10, 0.01),
    (30.14352720564616, 19, 0.05),
    (123.22522145336181, 99, 0.05),
]


@pytest.mark.parametrize(("statistic", "df", "p"), TABLE)
def test_chi2_sf_matches_table_critical_values(statistic, df, p):
    assert chi2_sf(statistic, df) == pytest.approx(p, rel=1e-9)


@pytest.mark.parametrize(
    ("statistic", "df"), [(3.84, 1), (11.07, 5), (18.31, 10), (30.14, 19), (31.41, 20)]
)
def test_chi2_sf_of_three_digit_table_entries_is_five_percent(statistic, df):
    assert chi2_sf(statistic, df) == pytest.approx(0.05, abs=2e-4)


def closed_form_sf(x: float, df: int) -> float:
    """Exact chi-square survival function for integer df (finite Poisson / erfc sums)."""
    half = x / 2
    if df % 2 == 0:
        return sum(
            math.exp(k * math.log(half) - half - math.lgamma(k + 1)) if half else float(k == 0)
            for k in range(df // 2)
        )
    total = math.erfc(math.sqrt(half))
    for k in range(1, df // 2 + 1):
        total += math.exp((k - 0.5) * math.log(half) - half - math.lgamma(k + 0.5))
    return total


@settings(max_examples=300, deadline=None)
@given(
    x=st.floats(min_value=1e-6, max_value=400, allow_nan=False),
    df=st.integers(1, 60),
)
def test_chi2_sf_agrees_with_the_closed_form(x, df):
    assert chi2_sf(x, df) == pytest.approx(closed_form_sf(x, df), rel=1e-9, abs=1e-300)


@pytest.mark.parametrize("df", [1, 5, 19, 99, 999])
def test_chi2_sf_at_zero_is_one_and_falls_with_the_statistic(df):
    assert chi2_sf(0, df) == 1.0
    values = [chi2_sf(x, df) for x in (df / 4, df / 2, df, 2 * df, 4 * df + 50)]
    assert values == sorted(values, reverse=True)
    assert all(0.0 <= v <= 1.0 for v in values)


def test_chi2_sf_with_two_degrees_of_freedom_is_an_exponential():
    for x in (0.1, 1.0, 7.5, 60.0, 1400.0):
        assert chi2_sf(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12, abs=1e-300)


def test_chi2_sf_median_for_many_degrees_of_freedom():
    # The chi-square median is about df(1 - 2/(9 df))^3 (Wilson–Hilferty), exact enough here.
    df = 999
    assert chi2_sf(df * (1 - 2 / (9 * df)) ** 3, df) == pytest.approx(0.5, abs=1e-4)


def test_regularized_gamma_p_and_q_sum_to_one():
    for a, x in [(0.5, 0.2), (3.0, 2.0), (3.0, 9.0), (50.0, 48.0)]:
        assert regularized_gamma_p(a, x) + regularized_gamma_q(a, x) == pytest.approx(1.0)
    assert regularized_gamma_q(1.0, 2.0) == pytest.approx(math.exp(-2.0))


def test_bad_arguments_raise_value_error():
    with pytest.raises(ValueError, match="degrees of freedom"):
        chi2_sf(1.0, 0)
    with pytest.raises(ValueError, match="positive"):
        regularized_gamma_q(0, 1.0)
    with pytest.raises(ValueError, match="2 faces"):
        chi_square_uniform([5])


# --- chi-square test of counts --------------------------------------------------------------


def test_perfectly_even_counts_have_statistic_zero_and_p_one():
    result = chi_square_uniform([10] * 6)
    assert (result.statistic, result.df, result.p_value) == (0.0, 5, 1.0)


def test_coin_counts_match_the_hand_computation():
    result = chi_square_uniform([8, 12])
    assert result.statistic == pytest.approx(0.8)
    assert result.df == 1
    assert result.p_value == pytest.approx(math.erfc(math.sqrt(0.4)), rel=1e-12)


# --- per-player statistics ---------------------------------------------------------------------


def record(sides: int, *faces: int) -> RollRecord:
    return RollRecord(
        purpose="test", notation=f"{len(faces)}d{sides}", sides=sides, faces=faces, total=sum(faces)
    )


def test_mean_and_expected_mean_per_die_size():
    stats = player_stats([record(6, 1, 2, 3), record(6, 6), record(20, 20, 10)])
    assert stats.dice == 6
    d6, d20 = stats.by_sides
    assert (d6.sides, d6.dice, d6.mean, d6.expected_mean) == (6, 4, 3.0, 3.5)
    assert d6.face_counts == (1, 1, 1, 0, 0, 1)
    assert (d20.sides, d20.dice, d20.mean, d20.expected_mean) == (20, 2, 15.0, 10.5)
    assert d6.mean_z == pytest.approx((3.0 - 3.5) / math.sqrt(35 / 12 / 4))


def test_too_few_dice_below_five_expected_per_face():
    almost = die_size_stats(6, [5, 5, 5, 5, 5, 4])
    enough = die_size_stats(6, [5] * 6)
    assert almost.too_few and almost.chi_square is None and almost.verdict_key == TOO_FEW
    assert not enough.too_few and enough.chi_square is not None
    assert enough.verdict_key == FAIR


def test_a_loaded_die_is_suspicious():
    loaded = [record(6, *([6] * 40 + [1, 2, 3, 4, 5] * 10))]
    stats = player_stats(loaded)
    (d6,) = stats.by_sides
    assert d6.chi_square is not None and d6.chi_square.p_value < 1e-6
    assert d6.verdict_key == SUSPICIOUS
    assert stats.verdict_key == SUSPICIOUS


def test_player_verdict_is_too_few_when_nothing_could_be_tested():
    assert player_stats([record(20, 3, 17)]).verdict_key == TOO_FEW
    assert player_stats([]).verdict_key == TOO_FEW
    assert player_stats([]).dice == 0


def test_player_verdict_is_fair_when_tested_sizes_are_fair():
    stats = player_stats([record(6, *range(1, 7)) for _ in range(10)] + [record(20, 1)])
    assert stats.verdict_key == FAIR


def test_one_sided_dice_are_counted_but_not_tested():
    (d1,) = player_stats([record(1, *([1] * 50))]).by_sides
    assert d1.chi_square is None
    assert d1.mean_z is None
    assert d1.verdict_key == FAIR


@pytest.mark.parametrize(
    ("p_value", "key"),
    [(None, TOO_FEW), (0.0, SUSPICIOUS), (0.000999, SUSPICIOUS), (0.001, FAIR), (0.7, FAIR)],
)
def test_verdict_threshold_is_one_in_a_thousand(p_value, key):
    assert verdict_key(p_value) == key


def test_stats_by_player_accepts_records_or_plain_samples():
    grouped = stats_by_player(
        {
            101: [record(6, 1, 2), record(6, 3)],
            "Ottomans": [FaceSample(6, [6, 6]), FaceSample(8, (8,))],
        }
    )
    assert grouped[101].dice == 3
    assert [s.sides for s in grouped["Ottomans"].by_sides] == [6, 8]


def test_impossible_faces_are_rejected():
    with pytest.raises(ValueError, match="cannot come from a d6"):
        face_counts([FaceSample(6, [7])])
    with pytest.raises(ValueError, match="face counts"):
        die_size_stats(6, [1, 2])


@pytest.mark.parametrize("key", [FAIR, SUSPICIOUS, TOO_FEW])
def test_verdict_keys_are_translated(key):
    english, russian = t(key, "en"), t(key, "ru")
    assert key not in (english, russian)
    assert english != russian
