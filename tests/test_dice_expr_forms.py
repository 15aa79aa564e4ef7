"""The dice forms players know from other bots: success counting (6d6>=5), exploding dice
(3d6!), repeated rolls (3#1d20) and multiplication (2d6*10); scripted faces, caps, replay
from the audit records, and the distributions they must have. Their caret errors are rows
of the one table of errors in test_dice_expr.py."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from bot.dice import Dice
from bot.dice_expr import MAX_DICE
from bot.dice_expr import MAX_PRODUCT
from bot.dice_expr import Compare
from bot.dice_expr import RolledGroup
from bot.dice_expr import evaluate
from bot.dice_expr import parse
from bot.dice_expr import replay_total
from bot.dice_expr import replay_totals
from tests.test_dice_expr import parse_error
from tests.test_dice_expr import scripted_roll

# --- success counting -------------------------------------------------------------------


def test_success_counting_is_worth_the_dice_that_pass():
    result, dice = scripted_roll("6d6>=5", [5, 2, 6, 1, 3, 5])
    assert result.total == 3
    assert result.render("en") == "6d6>=5 (**5**, 2, **6**, 1, 3, **5**) = 3 successes"
    assert result.render("ru") == "6d6>=5 (**5**, 2, **6**, 1, 3, **5**) = 3 успеха"
    (record,) = dice.records
    assert (record.notation, record.faces, record.total) == ("6d6>=5", (5, 2, 6, 1, 3, 5), 22)
    assert (record.target, record.successes) == (">=5", 3)
    assert replay_total("6d6>=5", dice.records) == 3


@pytest.mark.parametrize(
    ("text", "faces", "successes"),
    [
        ("4d10>7", [8, 7, 10, 1], 2),
        ("4d10>=7", [8, 7, 10, 1], 3),
        ("4d10<3", [1, 2, 3, 4], 2),
        ("4d10<=3", [1, 2, 3, 4], 3),
        ("4d10=10", [10, 10, 1, 9], 2),
        ("4d10 ≥ 7", [8, 7, 10, 1], 3),
        ("4к10≤3", [1, 2, 3, 4], 3),
    ],
)
def test_each_comparison_counts_its_faces(text, faces, successes):
    result, dice = scripted_roll(text, faces)
    assert result.total == successes == dice.records[0].successes


def test_successes_add_to_numbers_and_say_how_many():
    result, _ = scripted_roll("4d10>7+1", [8, 9, 1, 2])
    assert result.total == 3
    assert result.render("en") == "4d10>7 (**8**, **9**, 1, 2) → 2 successes + 1 = 3"
    assert "→ 2 успеха + 1 = 3" in result.render("ru")


def test_only_kept_dice_count_as_successes():
    result, dice = scripted_roll("4d6kh3>=5", [5, 1, 6, 2])
    assert result.total == 2
    assert result.render() == "4d6kh3>=5 (**5**, ~~1~~, **6**, 2) = 2 successes"
    assert dice.records[0].total == 13


# --- exploding dice ---------------------------------------------------------------------


def test_a_face_at_the_maximum_rolls_again_and_adds():
    result, dice = scripted_roll("3d6!", [6, 6, 3, 2, 5])
    assert result.total == 22
    assert result.render() == "3d6! (6!, 6!, 3, 2, 5) = 22"
    (record,) = dice.records
    assert (record.notation, record.faces, record.total) == ("3d6!", (6, 6, 3, 2, 5), 22)
    assert replay_total("3d6!", dice.records) == 22


def test_explosion_on_a_comparison_and_its_canonical_form():
    result, _ = scripted_roll("2d6!>=5", [5, 1, 3])
    assert result.total == 9
    assert parse("2d6!>=5").canonical == "2d6!>=5"
    assert parse("2d6!=6").canonical == "2d6!"
    # before a success test a bare "!" would read as exploding on that test
    assert parse("3d6!=6>=5").canonical == "3d6!=6>=5"
    assert parse("3d6!>=5").canonical == "3d6!>=5"
    assert parse("3d6!kh2>=5").canonical == "3d6!kh2>=5"
    assert parse("3d6!=6=6").canonical == "3d6!=6=6"
    assert parse("d%!").groups[0].explode == Compare("=", 100)


def test_exploded_dice_join_the_pool_for_keep_and_successes():
    result, _ = scripted_roll("2d6!kh2>=5", [6, 5, 1])
    assert result.total == 2  # faces 6, 5 (from the explosion), 1: the two highest pass
    group = result.parts[0]
    assert isinstance(group, RolledGroup)
    assert group.exploded == (True, False, False)


def test_explosions_stop_when_the_roll_reaches_the_dice_cap():
    """98 dice leave 2 explosions; the third six stays a six and the render says why."""
    faces = [6, 6, 6] + [1] * 97
    result, dice = scripted_roll("98d6!", faces)
    assert result.capped
    assert len(dice.records[0].faces) == MAX_DICE
    assert result.total == 18 + 97
    rendered = result.render("en")
    assert rendered.startswith("98d6! (6!, 6!, 6, 1,")
    assert rendered.endswith(f"Explosions stopped: a roll has at most {MAX_DICE} dice.")
    assert "не больше 100 кубиков" in result.render("ru")
    assert replay_total("98d6!", dice.records) == result.total


def test_explosions_count_against_the_cap_of_every_repetition():
    faces = [6] * 61 + [1] * 39  # 60 explosions spend the budget; the 61st six stays
    result, dice = scripted_roll("2#20d6!", faces)
    assert result.capped
    assert sum(len(r.faces) for r in dice.records) == MAX_DICE


def test_replay_rejects_faces_that_do_not_follow_the_explosions():
    _, dice = scripted_roll("3d6!", [6, 2, 5, 4])
    short = dice.records[0].model_copy(update={"faces": (6, 2, 5), "total": 13})
    with pytest.raises(ValueError, match="too few faces"):
        replay_total("3d6!", [short])
    long = dice.records[0].model_copy(update={"faces": (2, 2, 5, 4), "total": 13})
    with pytest.raises(ValueError, match="more faces"):
        replay_total("3d6!", [long])


def test_replay_rejects_a_tampered_success_count():
    _, dice = scripted_roll("4d10>7", [8, 9, 1, 2])
    tampered = dice.records[0].model_copy(update={"successes": 3})
    with pytest.raises(ValueError, match="successes"):
        replay_total("4d10>7", [tampered])


# --- repeated rolls ---------------------------------------------------------------------


def test_repeats_give_independent_totals():
    result, dice = scripted_roll("3#1d20+1", [14, 7, 19])
    assert result.totals == (15, 8, 20)
    assert result.render() == ("1. 1d20 (14) + 1 = 15\n2. 1d20 (7) + 1 = 8\n3. 1d20 (19) + 1 = 20")
    assert [r.purpose for r in dice.records] == [
        "3#1d20+1 (1/3)",
        "3#1d20+1 (2/3)",
        "3#1d20+1 (3/3)",
    ]
    assert replay_totals("3#1d20+1", dice.records) == (15, 8, 20)
    assert result.to_json()["totals"] == [15, 8, 20]
    with pytest.raises(ValueError, match="totals"):
        _ = result.total
    assert parse("1#d20").canonical == "1d20"


def test_repeat_count_message_has_russian_plurals():
    error = parse_error("21#d20")
    assert "21 повтор " in error.message("ru")


# --- multiplication ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "faces", "total"),
    [
        ("2d6*10", [3, 4], 70),
        ("1+2d6*10", [3, 4], 71),
        ("10-2*d6", [5], 0),
        ("2d6*1d4", [1, 2, 3], 9),
        ("2d6 × 3", [1, 2], 9),
        ("-d4*2+1", [3], -5),
        ("6d6>=5*2", [5, 6, 1, 1, 1, 1], 4),
    ],
)
def test_multiplication_binds_before_addition(text, faces, total):
    result, dice = scripted_roll(text, faces)
    assert result.total == total
    assert replay_total(parse(text).canonical, dice.records) == total


def test_a_product_renders_each_factor():
    result, dice = scripted_roll("2d6*10+1", [3, 4])
    assert result.render() == "2d6 (3, 4) × 10 + 1 = 71"
    assert parse("2d6 × 10").canonical == "2d6*10"
    assert dice.records[0].notation == "2d6"


def test_a_product_too_large_names_the_cap():
    assert f"{MAX_PRODUCT}" in parse_error("100d1000*100000").message("en")


# --- distributions (seeded, against exact values) ------------------------------------------


def test_an_exploding_d6_averages_exactly_4_2():
    """E[X] = 3.5 + E[X]/6, so E[X] = 3.5·6/5 = 21/5; the variance from E[X²] likewise."""
    p = Fraction(1, 6)
    mean = sum(Fraction(f) for f in range(1, 7)) * p / (1 - p)
    assert mean == Fraction(21, 5)
    square = (sum(Fraction(f * f) for f in range(1, 7)) * p + 2 * 6 * p * mean) / (1 - p)
    variance = square - mean**2
    n = 20_000
    dice = Dice.seeded(18)
    expression = parse("d6!")
    values = [evaluate(expression, dice).total for _ in range(n)]
    error = 4 * math.sqrt(variance / n)
    assert abs(sum(values) / n - float(mean)) < error
    assert min(values) == 1 and all(v % 6 for v in values)  # never ends on a six


def test_a_d10_above_7_succeeds_three_times_in_ten():
    p = Fraction(sum(1 for face in range(1, 11) if face > 7), 10)
    assert p == Fraction(3, 10)
    rolls, per_roll = 2_000, 10
    dice = Dice.seeded(18)
    expression = parse("10d10>7")
    successes = sum(evaluate(expression, dice).total for _ in range(rolls))
    trials = rolls * per_roll
    error = 4 * math.sqrt(p * (1 - p) / trials)
    assert abs(successes / trials - float(p)) < error
