"""A GM's bad ship table (`/combat stats set`, `/combat stats upload`) is refused with a
reason in the GM's language, naming the value and its bounds (FC-I2, FC-I4)."""

from __future__ import annotations

import pytest
from refusals import refused

from bot.errors import GameError
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat.settings import parse_attack_notation
from bot.rules.fleet_combat.settings import parse_class_table
from bot.rules.fleet_combat.settings import replace_class_stats

DEFAULTS = FleetCombatSettings()


def refused_row(**row):
    """The refusal of one typed row, in English and Russian."""
    values = {"attack": "2x5+", "defence": "5+", "life": 2, "level": 3, **row}
    error = refused(replace_class_stats, DEFAULTS, "cruiser", error=GameError, **values)
    return error.message("en"), error.message("ru")


def refused_table(text):
    error = refused(parse_class_table, text, error=GameError)
    return error.message("en"), error.message("ru")


@pytest.mark.parametrize(
    ("row", "english", "russian"),
    [
        (
            {"attack": "999x1+"},
            "The ship table is not valid: attack dice per ship: at most 20 (FC-I4).",
            "Таблица кораблей некорректна: кубики атаки на корабль: не больше 20 (FC-I4).",
        ),
        (
            {"defence": "0+"},
            "The ship table is not valid: defence: at least 1 (FC-I4).",
            "Таблица кораблей некорректна: защита: не меньше 1 (FC-I4).",
        ),
        (
            {"attack": "lots"},
            "The ship table is not valid: cannot read “lots”: write attack like 2x5+ and"
            " defence like 4+ (FC-I4).",
            "Таблица кораблей некорректна: не удаётся прочитать «lots»: атака пишется как"
            " 2x5+, защита — как 4+ (FC-I4).",
        ),
        (
            {"defence": "2x4+"},
            "The ship table is not valid: cannot read “2x4+”: write attack like 2x5+ and"
            " defence like 4+ (FC-I4).",
            "Таблица кораблей некорректна: не удаётся прочитать «2x4+»: атака пишется как"
            " 2x5+, защита — как 4+ (FC-I4).",
        ),
    ],
)
def test_a_typed_row_is_refused_in_the_readers_language(row, english, russian):
    assert refused_row(**row) == (english, russian)


def test_a_typed_notation_is_quoted_as_typed():
    """A notation the GM typed with Markdown or a mention reads as typed: no bold, no ping."""
    english, russian = refused_row(attack="**2x5+** <@1>")
    assert english == (
        "The ship table is not valid: cannot read “\\*\\*2x5+\\*\\* <\u200b@1>”: write attack"
        " like 2x5+ and defence like 4+ (FC-I4)."
    )
    assert "«\\*\\*2x5+\\*\\* <\u200b@1>»" in russian
    with pytest.raises(GameError) as caught:
        parse_attack_notation("`x` @everyone")
    assert "“\\`x\\` @\u200beveryone”" in caught.value.message("en")


def test_an_uploaded_table_names_the_class_and_the_value():
    english, russian = refused_table('{"cruiser": {"attack": "2x5+", "life": 99, "level": 3}}')
    assert english == "The ship table is not valid: cruiser — life: at most 50 (FC-I4)."
    assert russian == "Таблица кораблей некорректна: cruiser — жизнь: не больше 50 (FC-I4)."
    english, russian = refused_table('{"cruiser": {"attack": "2x5+", "level": "high"}}')
    assert english == "The ship table is not valid: cruiser — level: a whole number (FC-I4)."
    assert russian == "Таблица кораблей некорректна: cruiser — уровень: нужно целое число (FC-I4)."
    english, russian = refused_table("[1, 2]")
    assert english == (
        "The ship table is not valid: write it as a JSON object of classes, like the file"
        " /combat stats show attaches (FC-I4)."
    )
    assert "Input should" not in russian and "JSON" in russian


def test_an_upload_that_is_not_json_or_has_no_combat_class_says_so():
    english, russian = refused_table("not json")
    assert english == "The ship table is not valid: it is not JSON (line 1, column 1) (FC-I4)."
    assert russian == ("Таблица кораблей некорректна: это не JSON (строка 1, столбец 1) (FC-I4).")
    english, russian = refused_table('{"transport": {"life": 1}}')
    assert english == (
        "The ship table is not valid: no class has a level, so no ship could fight (FC-I1)."
    )
    assert "Expecting" not in russian and "no combat" not in russian
