"""Dice expressions for /roll: parse, evaluate through the audited Dice, render."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot import dice_expr
from bot.dice import Dice
from bot.dice import ScriptFaceError
from bot.dice_expr import MAX_CONSTANT
from bot.dice_expr import MAX_DICE
from bot.dice_expr import MAX_EXPRESSION_LENGTH
from bot.dice_expr import MAX_REPEAT
from bot.dice_expr import MAX_SIDES
from bot.dice_expr import MAX_TERMS
from bot.dice_expr import Constant
from bot.dice_expr import DiceExpressionError
from bot.dice_expr import DiceGroup
from bot.dice_expr import KeepRule
from bot.dice_expr import Product
from bot.dice_expr import RolledGroup
from bot.dice_expr import RolledProduct
from bot.dice_expr import evaluate
from bot.dice_expr import parse
from bot.dice_expr import render
from bot.dice_expr import replay_total
from bot.dice_expr import replay_totals
from bot.dice_expr import roll
from bot.i18n import catalog
from bot.i18n import catalog_dir
from bot.i18n import plural_category

ROOT = Path(__file__).resolve().parent.parent


def scripted_roll(text: str, faces: list[int], reason: str | None = None):
    dice = Dice.scripted(faces)
    result = roll(text, dice, reason=reason)
    return result, dice


def parse_error(text: str) -> DiceExpressionError:
    with pytest.raises(DiceExpressionError) as caught:
        parse(text)
    return caught.value


# --- exact scenarios with scripted faces ----------------------------------------------


def test_keep_highest_three_of_four_drops_the_lowest():
    result, dice = scripted_roll("4d6kh3+2", [6, 5, 1, 4])
    assert result.total == 17
    assert result.render() == "4d6kh3 (6, 5, ~~1~~, 4) + 2 = 17"
    (record,) = dice.records
    assert record.notation == "4d6kh3"
    assert record.faces == (6, 5, 1, 4)
    assert record.total == 15
    assert (record.modifier, record.target, record.successes) == (0, None, None)


def test_subtraction_of_dice_and_constants():
    result, dice = scripted_roll("3d6-1d4+2", [1, 2, 3, 4], reason="boarding")
    assert result.total == 1 + 2 + 3 - 4 + 2
    assert result.render() == "3d6 (1, 2, 3) - 1d4 (4) + 2 = 4"
    assert [r.notation for r in dice.records] == ["3d6", "-1d4"]
    assert [r.total for r in dice.records] == [6, 4]
    assert {r.purpose for r in dice.records} == {"boarding"}


def test_purpose_defaults_to_the_expression():
    _, dice = scripted_roll("2d6 + 1", [3, 4])
    assert dice.records[0].purpose == "2d6+1"


def test_advantage_and_disadvantage_default_to_one_die():
    advantage, _ = scripted_roll("2d20kh", [7, 15])
    disadvantage, _ = scripted_roll("2d20kl", [7, 15])
    assert (advantage.total, disadvantage.total) == (15, 7)
    assert advantage.render() == "2d20kh1 (~~7~~, 15) = 15"


def test_drop_lowest_two_of_ten_plus_five():
    faces = [3, 9, 1, 10, 2, 7, 5, 8, 4, 6]
    result, _ = scripted_roll("10d10dl2+5", faces)
    assert result.total == sum(faces) - 1 - 2 + 5
    group = result.parts[0]
    assert isinstance(group, RolledGroup)
    assert [f for f, k in zip(group.faces, group.kept, strict=True) if not k] == [1, 2]


def test_drop_highest():
    result, _ = scripted_roll("3d6dh", [6, 2, 6])
    assert result.total == 8
    assert result.render() == "3d6dh1 (~~6~~, 2, 6) = 8"


@pytest.mark.parametrize(
    ("mode", "count", "faces", "kept"),
    [
        ("kh", 2, (5, 5, 5), (True, True, False)),
        ("kl", 1, (2, 1, 1), (False, True, False)),
        ("dl", 1, (3, 3), (False, True)),
        ("dh", 2, (6, 6, 6, 1), (False, False, True, True)),
    ],
)
def test_ties_choose_the_earlier_die_first(mode, count, faces, kept):
    assert KeepRule(mode, count).kept_marks(faces) == kept


def test_bare_d_and_percentile():
    result, dice = scripted_roll("d20 + d%", [17, 100])
    assert result.total == 117
    assert [r.sides for r in dice.records] == [20, 100]
    assert result.render() == "1d20 (17) + 1d100 (100) = 117"


def test_leading_minus():
    result, _ = scripted_roll("-d4+5", [3])
    assert result.total == 2
    assert result.render() == "-1d4 (3) + 5 = 2"


@pytest.mark.parametrize("text", ["2к6", "2К6", "2д6", "2Д6", "2D6", " 2 d 6 ", "2d6\t"])
def test_cyrillic_and_case_variants_mean_2d6(text):
    expression = parse(text)
    assert expression.canonical == "2d6"
    result, _ = scripted_roll(text, [4, 3])
    assert result.total == 7


def test_cyrillic_expression_with_keep_in_latin():
    result, _ = scripted_roll("4к6kh3 − 1", [1, 6, 6, 6])
    assert result.total == 17
    assert parse("4к6kh3 − 1").canonical == "4d6kh3-1"


def test_uppercase_keep():
    assert parse("2D20KH").canonical == "2d20kh1"
    assert parse("4D6DL1").canonical == "4d6dl1"


def test_evaluation_stops_loudly_when_the_script_runs_out():
    with pytest.raises(ScriptFaceError):
        scripted_roll("3d6", [1, 2])


# --- errors: what and where -----------------------------------------------------------


def test_error_points_at_the_stray_character():
    error = parse_error("2d6+$3")
    assert error.message_key == "dice.error.unexpected_char"
    assert error.column == 5
    assert error.excerpt == "2d6+$3\n    ^"
    english = error.message("en")
    assert "column 5" in english
    assert "2d6+$3\n    ^" in english
    assert "позиции 5" in error.message("ru")


@pytest.mark.parametrize(
    ("text", "key", "column"),
    [
        ("2d6+", "dice.error.unexpected_end", 5),
        ("2d6 + ", "dice.error.unexpected_end", 6),
        ("2d6 3", "dice.error.expected_operator", 5),
        ("2d6++3", "dice.error.expected_term", 5),
        ("2d", "dice.error.expected_sides", 3),
        ("2dx", "dice.error.unexpected_char", 3),
        ("0d6", "dice.error.zero_dice", 1),
        ("d0", "dice.error.zero_sides", 2),
        (f"d{MAX_SIDES + 1}", "dice.error.too_many_sides", 2),
        (f"{MAX_DICE + 1}d6", "dice.error.too_many_dice", 1),
        ("60d6+50d6", "dice.error.too_many_dice", 6),
        (f"d6+{MAX_CONSTANT + 1}", "dice.error.number_too_large", 4),
        ("4d6kh5", "dice.error.keep_count", 6),
        ("4d6kh0", "dice.error.keep_count", 6),
        ("4d6dl4", "dice.error.drop_count", 6),
        ("1d6dh", "dice.error.drop_count", 4),
        ("4d6kh3dl1", "dice.error.keep_twice", 7),
        ("2d6k3", "dice.error.expected_keep_kind", 5),
        ("2d6d", "dice.error.expected_keep_kind", 5),
        ("4к6кh3", "dice.error.cyrillic_keep", 4),
        ("+".join(["d6"] * (MAX_TERMS + 1)), "dice.error.too_many_terms", 3 * MAX_TERMS + 1),
        ("20", "dice.error.no_dice", None),
        ("   ", "dice.error.empty", None),
        ("d6" + " " * MAX_EXPRESSION_LENGTH, "dice.error.too_long", None),
        ("2d6 / 2", "dice.error.unexpected_char", 5),
        ("2d6\u200b", "dice.error.unexpected_char", 4),
        # success counting (test_dice_expr_forms.py): a comparison ends a group of dice
        ("2d6+3>=5", "dice.error.compare_place", 6),
        ("2d6>=5>=3", "dice.error.compare_place", 7),
        ("2d6>", "dice.error.expected_target", 5),
        ("2d6>=x", "dice.error.unexpected_char", 6),
        ("2d6>=200000", "dice.error.number_too_large", 6),
        # exploding dice
        ("1d1!", "dice.error.explode_every_face", 4),
        ("d6!>=1", "dice.error.explode_every_face", 3),
        ("d6!<7", "dice.error.explode_every_face", 3),
        ("2!d6", "dice.error.explode_place", 2),
        ("1d6kh1!", "dice.error.explode_place", 7),
        ("3d6!!", "dice.error.explode_place", 5),
        # repeated rolls
        ("0#d20", "dice.error.zero_repeat", 1),
        (f"{MAX_REPEAT + 1}#d20", "dice.error.too_many_repeats", 1),
        ("2#60d6", "dice.error.too_many_dice", 3),
        ("d20#3", "dice.error.repeat_place", 4),
        ("3#2#d6", "dice.error.repeat_place", 4),
        ("3#", "dice.error.unexpected_end", 3),
        # multiplication
        ("2d6*", "dice.error.unexpected_end", 5),
        ("2d6**3", "dice.error.expected_term", 5),
        ("2d6*-1", "dice.error.expected_term", 5),
        ("100d1000*100000", "dice.error.product_too_large", 9),
        ("2d6/2", "dice.error.unexpected_char", 4),
    ],
)
def test_errors_name_the_problem_and_column(text, key, column):
    error = parse_error(text)
    assert error.message_key == key
    assert error.column == column
    for language in ("en", "ru"):
        message = error.message(language)
        assert message and message != key
        if column is not None:
            assert str(column) in message
            caret_line = message.splitlines()[-2]
            assert caret_line == " " * (column - 1) + "^"


def test_excerpt_cannot_break_out_of_its_code_block():
    error = parse_error("2d6```")
    assert "```" not in (error.excerpt or "")
    message = error.message("en")
    assert message.count("`") == 6
    assert "U+0060" in message


def test_invisible_characters_are_named_by_code_point():
    assert "U+200B" in parse_error("2d6\u200b").message("en")


# --- render limits ----------------------------------------------------------------------


def test_long_face_lists_are_cut_with_a_count():
    faces = [(i % 6) + 1 for i in range(MAX_DICE)]
    result, _ = scripted_roll(f"{MAX_DICE}d6kh50", faces)
    text = render(result, "en", limit=200)
    assert len(text) <= 200
    assert text.endswith(f" = {result.total}")
    hidden = re.search(r"… (\d+) more", text)
    assert hidden is not None
    shown = text[text.index("(") + 1 : text.index("…")].count(",")
    assert shown + int(hidden.group(1)) == MAX_DICE
    assert "ещё" in render(result, "ru", limit=200)


def test_the_widest_roll_fits_the_default_limit():
    result, _ = scripted_roll("50d1000kh1 + 50d1000kl1", [1000] * MAX_DICE)
    rendered = result.render()
    assert len(rendered) <= dice_expr.RENDER_LIMIT
    assert rendered.endswith(f" = {result.total}")
    assert rendered.count(" more") == 2


def test_tiny_limit_still_shows_the_total():
    result, _ = scripted_roll("3d6", [1, 2, 3])
    assert render(result, limit=5) == "= 6"


# --- audit replay -----------------------------------------------------------------------


def test_replay_recomputes_the_total_from_expression_and_records():
    result, dice = scripted_roll("4d6kh3-1d4+2", [6, 5, 1, 4, 3])
    assert replay_total(result.expression.canonical, dice.records) == result.total == 14


def test_replay_rejects_a_tampered_record():
    _, dice = scripted_roll("4d6kh3", [6, 5, 1, 4])
    tampered = dice.records[0].model_copy(update={"total": 16})
    with pytest.raises(ValueError, match="kept faces sum to 15"):
        replay_total("4d6kh3", [tampered])
    with pytest.raises(ValueError, match="records"):
        replay_total("4d6kh3+1d4", dice.records)


# --- properties -------------------------------------------------------------------------


def check_error(text: str, error: DiceExpressionError) -> None:
    """Every error has a catalog message that formats cleanly in both languages."""
    assert error.message_key.startswith("dice.error.")
    assert error.column is None or 1 <= error.column <= len(text) + 1
    for language in ("en", "ru"):
        template = catalog(language)[error.message_key]
        forms = template.values() if isinstance(template, dict) else [template]
        for form in forms:
            form.format(**error.params)  # raises KeyError on a missing parameter
        assert error.message(language)


def shape(expression: dice_expr.DiceExpression) -> list[tuple[object, ...]]:
    """The terms without their columns."""

    def factor(f: object) -> tuple[object, ...]:
        if isinstance(f, DiceGroup):
            return (f.sign, f.count, f.sides, f.keep, f.explode, f.success)
        assert isinstance(f, Constant)
        return (f.sign, f.value)

    return [expression.repeat] + [
        (t.sign, *map(factor, t.factors)) if isinstance(t, Product) else factor(t)
        for t in expression.terms
    ]


def rolled_groups(row):
    for part in row:
        if isinstance(part, RolledProduct):
            yield from (f for f in part.factors if isinstance(f, RolledGroup))
        elif isinstance(part, RolledGroup):
            yield part


def check_roll(text: str, seed: int) -> None:
    try:
        expression = parse(text)
    except DiceExpressionError as error:
        check_error(text, error)
        return
    assert 1 <= expression.total_dice <= MAX_DICE
    assert all(1 <= g.sides <= MAX_SIDES for g in expression.groups)
    assert len(expression.terms) <= MAX_TERMS
    assert shape(parse(expression.canonical)) == shape(expression)
    dice = Dice.seeded(seed)
    result = evaluate(expression, dice)
    groups = [g for row in result.rows for g in rolled_groups(row)]
    assert sum(len(g.faces) for g in groups) <= MAX_DICE
    for part, record in zip(groups, dice.records, strict=True):
        assert record.faces == part.faces
        assert record.total == part.kept_total
        assert record.successes == part.successes
    assert replay_totals(text, dice.records) == result.totals
    assert len(result.render()) <= dice_expr.RENDER_LIMIT


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=120), seed=st.integers(0, 2**32))
def test_any_text_parses_or_raises_a_dice_error(text, seed):
    check_roll(text, seed)


ALPHABET = string.digits + "dDдДкКkKhHlL%+-−– " + "*×!#<>=≥≤" + "x/()`"


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=ALPHABET, max_size=40), seed=st.integers(0, 2**32))
def test_dice_alphabet_soup_parses_or_raises_a_dice_error(text, seed):
    check_roll(text, seed)


@st.composite
def dice_terms(draw, *, valid: bool) -> str:
    count_range = (1, 12) if valid else (0, 150)
    count = draw(st.one_of(st.just(""), st.integers(*count_range).map(str)))
    if not valid and draw(st.booleans()):
        return draw(st.integers(0, 2 * MAX_CONSTANT).map(str))
    letter = draw(st.sampled_from("dDдДкК"))
    sides = draw(st.one_of(st.just("%"), st.integers(1 if valid else 0, 1200).map(str)))
    if valid:
        sides = sides if sides == "%" or int(sides) <= MAX_SIDES else "6"
    keep = ""
    if draw(st.booleans()):
        dice = int(count or 1)
        mode = draw(st.sampled_from(["kh", "kl", "dh", "dl", "KH", "Dl"]))
        if valid and mode.lower().startswith("d") and dice == 1:
            mode = "kh"
        upper = (dice if mode.lower().startswith("k") else dice - 1) if valid else 20
        amount = draw(st.one_of(st.just(""), st.integers(1 if valid else 0, upper).map(str)))
        keep = mode + amount
    explode = "" if valid else draw(st.sampled_from(["", "!", "!>=5", "!<1"]))
    counted = draw(st.sampled_from(["", "", ">=3", "<2", "=6", ">7", "<=1"]))
    times = draw(st.sampled_from(["", "", "*10", "*2"]))
    return f"{count}{letter}{sides}{explode}{keep}{counted}{times}"


@st.composite
def expressions(draw, *, valid: bool) -> str:
    terms = draw(st.lists(dice_terms(valid=valid), min_size=1, max_size=4 if valid else 22))
    repeat = "" if valid else draw(st.sampled_from(["", "3#", "0#", "25#"]))
    text = repeat + draw(st.sampled_from(["", "-", "+"])) + terms[0]
    for term in terms[1:]:
        space = draw(st.sampled_from(["", " "]))
        text += space + draw(st.sampled_from("+-−")) + space + term
    if not valid and draw(st.booleans()):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(st.sampled_from([*"*x(k d%+!#>=<", "", "  "])) + text[at:]
    return text


@settings(max_examples=200, deadline=None)
@given(text=expressions(valid=False), seed=st.integers(0, 2**32))
def test_grammar_near_misses_parse_or_raise_a_dice_error(text, seed):
    check_roll(text, seed)


@settings(max_examples=100, deadline=None)
@given(text=expressions(valid=True), seed=st.integers(0, 2**32))
def test_well_formed_expressions_parse(text, seed):
    expression = parse(text)
    assert expression.dice_count <= 4 * 12
    check_roll(text, seed)


@settings(max_examples=100, deadline=None)
@given(text=expressions(valid=True), rng=st.randoms(use_true_random=False))
def test_recorded_faces_are_exactly_the_scripted_faces_in_order(text, rng):
    expression = parse(text)
    faces = [rng.randint(1, g.sides) for g in expression.groups for _ in range(g.count)]
    dice = Dice.scripted(faces)
    result = evaluate(expression, dice)
    assert [f for r in dice.records for f in r.faces] == faces
    kept_faces = [
        f
        for part in rolled_groups(result.parts)
        for f, kept in zip(part.faces, part.kept, strict=True)
        if kept
    ]
    assert sum(r.total for r in dice.records) == sum(kept_faces)


@settings(max_examples=200, deadline=None)
@given(
    faces=st.lists(st.integers(1, 20), min_size=1, max_size=30),
    data=st.data(),
)
def test_keep_and_drop_keep_exactly_the_right_faces(faces, data):
    n = len(faces)
    mode = data.draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
    amount = data.draw(st.integers(1, n) if mode.startswith("k") else st.integers(0, n - 1))
    kept = KeepRule(mode, amount).kept_marks(faces)
    kept_faces = sorted(f for f, k in zip(faces, kept, strict=True) if k)
    ordered = sorted(faces)
    expected = {
        "kh": ordered[n - amount :],
        "kl": ordered[:amount],
        "dh": ordered[: n - amount],
        "dl": ordered[amount:],
    }[mode]
    assert kept_faces == expected


def test_parsed_group_fields():
    expression = parse("3d6-1d4+2")
    assert expression.terms == (
        DiceGroup(1, 3, 6, None, 1),
        DiceGroup(-1, 1, 4, None, 5),
        Constant(1, 2, 9),
    )


# --- catalogs ---------------------------------------------------------------------------


def dice_keys_used_in_code() -> set[str]:
    keys: set[str] = set()
    for module in ("bot/dice_expr.py", "bot/dice_stats.py"):
        source = (ROOT / module).read_text(encoding="utf-8")
        keys |= set(re.findall(r'"(dice\.(?:error|render|stats)\.[a-z_]+)"', source))
    return keys


def test_every_dice_key_used_in_code_exists_in_both_catalogs():
    used = dice_keys_used_in_code()
    assert "dice.error.unexpected_char" in used
    for language in ("en", "ru"):
        assert used <= set(catalog(language)), language


def test_dice_catalogs_have_the_same_keys_and_full_plural_forms():
    files = {
        lang: json.loads((catalog_dir() / lang / "dice.json").read_text(encoding="utf-8"))
        for lang in ("en", "ru")
    }
    assert set(files["en"]) == set(files["ru"])
    assert all(key.startswith("dice.") for key in files["en"])
    needed = {"en": {"one", "other"}, "ru": {"one", "few", "many", "other"}}
    for language, entries in files.items():
        for key, value in entries.items():
            if isinstance(value, dict):
                assert set(value) >= needed[language], (language, key)
                assert "{count}" in value["other"], (language, key)


@pytest.mark.parametrize("count", [1, 2, 5, 21, 101, 111])
def test_russian_plurals_pick_the_right_form(count):
    error = DiceExpressionError(
        "dice.error.keep_count", source="x", column=1, keep=count + 1, count=count
    )
    text = error.message("ru")
    word = {"one": "кубика", "few": "кубиков", "many": "кубиков"}[plural_category("ru", count)]
    assert f"из {count} {word} " in text
