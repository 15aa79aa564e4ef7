"""How `/combat order target:` text is read (cogs/fleet_combat_input.py): the parts of a
split order (FC-I7) and the dice typed for each, in English and Russian; and the wound
tokens typed in brackets after a class in `/combat fleet set ships:` (FC-2.3)."""

from __future__ import annotations

import pytest

from bot.errors import GameError
from bot.rules.fleet_combat import FleetCombatSettings
from cogs.fleet_combat.input import TargetScope
from cogs.fleet_combat.input import TypedTarget
from cogs.fleet_combat.input import is_hold
from cogs.fleet_combat.input import parse_fire_targets
from cogs.fleet_combat.input import parse_ships
from cogs.fleet_combat.input import part_dice

SETTINGS = FleetCombatSettings(allow_split_fire=True)


def _against_blue(locale):
    """A group in battle 1 whose one opponent is Blue, typing in `locale`."""
    return TargetScope(opponents=["Blue"], settings=SETTINGS, locale=locale, battle=1)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("Blue: destroyer ×2", ("Blue: destroyer", 2)),
        ("Blue: destroyer×2", ("Blue: destroyer", 2)),
        ("Blue: destroyer x2", ("Blue: destroyer", 2)),
        ("Blue: destroyer X 2", ("Blue: destroyer", 2)),
        ("Blue: destroyer *2", ("Blue: destroyer", 2)),
        ("Blue: destroyer * 2", ("Blue: destroyer", 2)),
        ("Blue: destroyer (2 dice)", ("Blue: destroyer", 2)),
        ("Blue: destroyer (1 die)", ("Blue: destroyer", 1)),
        ("Blue: destroyer (2)", ("Blue: destroyer", 2)),
        ("Blue: эсминец х2", ("Blue: эсминец", 2)),  # Cyrillic х
        ("Blue: эсминец (2 кубика)", ("Blue: эсминец", 2)),
        ("Blue: эсминцы (5 кубиков)", ("Blue: эсминцы", 5)),
        ("  Blue: destroyer  ", ("Blue: destroyer", None)),
        ("Blue: war sun", ("Blue: war sun", None)),
        ("Blue: dreadnought2", ("Blue: dreadnought2", None)),
    ],
)
def test_part_dice_reads_every_count_form(typed, expected):
    assert part_dice(typed) == expected


def test_a_split_order_in_english():
    parts = parse_fire_targets("Blue: destroyer x1, Blue: dreadnought", _against_blue("en"))
    assert parts == [
        TypedTarget("Blue", "destroyer", 1),
        TypedTarget("Blue", "dreadnought", None),
    ]


def test_a_split_order_in_russian_with_semicolons():
    parts = parse_fire_targets("Blue: эсминцы х1; Blue: дредноут (3 кубика)", _against_blue("ru"))
    assert parts == [
        TypedTarget("Blue", "destroyer", 1),
        TypedTarget("Blue", "dreadnought", 3),
    ]


def test_one_opponent_needs_no_name():
    assert parse_fire_targets("cruisers ×2", _against_blue("en")) == [
        TypedTarget("Blue", "cruiser", 2)
    ]


def test_zero_dice_is_refused_by_the_parser():
    with pytest.raises(GameError) as caught:
        parse_fire_targets("Blue: destroyer x0, Blue: cruiser", _against_blue("en"))
    assert caught.value.message_key == "combat.error.split_zero"


@pytest.mark.parametrize("typed", ["hold", "Hold  Fire", "не стрелять", "Придержать огонь"])
def test_hold_words(typed):
    assert is_hold(typed)


@pytest.mark.parametrize(
    ("typed", "wounds"),
    [
        ("2 cruiser (1, 0)", [1, 0]),
        ("2 cruiser (1 wound)", [1, 0]),
        ("2 cruiser (wounds: 1, 1)", [1, 1]),  # as the bot shows a fleet
        ("1 dreadnought (2 wounds)", [2]),
        ("2 крейсера (раны: 1, 0)", [1, 0]),
        ("2 крейсера (1 рана)", [1, 0]),
        ("1 дредноут (2 раны)", [2]),
        ("1 war sun (4 ран)", [4]),
        ("2 war sun (4; 0)", [4, 0]),
    ],
)
def test_wound_tokens_in_brackets(typed, wounds):
    """FC-2.3: whole numbers, ship by ship, with or without the word for wounds."""
    assert list(parse_ships(typed, SETTINGS, "en").wounds.values()) == [wounds]


@pytest.mark.parametrize(
    "typed",
    [
        "2 cruiser (-1 wounds)",  # was read as 1 wound
        "1 cruiser (−1 wound)",
        "1 cruiser (banana 1)",  # was read as 1 wound
        "2 cruiser (1.5 wounds)",  # was read as 1 and 5
        "2 cruiser (1 wound each)",  # was read as 1 wound on the first ship only
    ],
)
def test_wound_tokens_other_than_whole_numbers_are_refused(typed):
    """A minus sign, a fraction or a stray word in the brackets is refused, not skipped."""
    with pytest.raises(GameError) as caught:
        parse_ships(typed, SETTINGS, "en")
    assert caught.value.message_key == "combat.error.bad_wounds"
    assert caught.value.message("en").startswith(f"“{typed}”: wound tokens are whole numbers")


@pytest.mark.parametrize("typed", ["Blue: destroyer x-1, Blue: cruiser", "Blue: destroyer ×−2"])
def test_a_negative_number_of_dice_is_refused_as_too_few(typed):
    """FC-I7: "x-1" is a count below one, not part of a class's name."""
    with pytest.raises(GameError) as caught:
        parse_fire_targets(typed, _against_blue("en"))
    assert caught.value.message_key == "combat.error.split_zero"


@pytest.mark.parametrize("typed", ["2.5 cruiser", "1.0 dreadnought, 2 destroyer"])
def test_a_fraction_of_a_ship_is_refused_as_such(typed):
    """Not "Unknown ship class “.5 cruiser”": ships are counted in whole numbers."""
    with pytest.raises(GameError) as caught:
        parse_ships(typed, SETTINGS, "en")
    assert caught.value.message_key == "combat.error.whole_count"
    assert caught.value.message("en").endswith(": ships are counted in whole numbers.")
