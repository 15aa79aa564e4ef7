"""Settings refusals say why, in the GM's language: a list of free values shows no made-up
allowed values, a validator's refusal reads as the rules word it (never pydantic's "Value
error," prefix), and an import that empties a list names that list and what it causes."""

from __future__ import annotations

import pytest

from bot.errors import GameError
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.ottoman_piracy.models import OttomanPiracySettings
from bot.rules.space_pirates.settings import DEFAULT_RESOLUTION_ORDER
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.settings_edit import apply
from bot.settings_edit import describe
from bot.settings_file import SettingsFileRejected
from bot.settings_file import export_text
from bot.settings_file import read_settings


def sections() -> dict[str, object]:
    return {"fleet_combat": FleetCombatSettings(), "company_raids": CompanyRaidsSettings()}


def refused(text: str, locale: str) -> list[str]:
    with pytest.raises(SettingsFileRejected) as rejected:
        read_settings(text, sections())  # type: ignore[arg-type]
    return [p.message.render(locale) for p in rejected.value.problems]


def typed_refusal(model: object, name: str, raw: str, locale: str) -> str:
    with pytest.raises(GameError) as error:
        apply(model, name, raw)  # type: ignore[arg-type]
    return error.value.message(locale)


def test_a_list_of_free_values_names_no_allowed_values() -> None:
    assert describe(FleetCombatSettings(), "non_combat_classes").allowed == ""
    assert describe(CompanyRaidsSettings(), "duel_hit_faces").allowed == ""
    exported = export_text(list(sections().items()), "en", campaign="Sea", turn=1)  # type: ignore[arg-type]
    assert "a, b, c" not in exported


def test_emptying_the_non_combat_classes_by_import_says_which_classes_lose_a_level() -> None:
    text = "[fleet_combat]\nnon_combat_classes = []\n"
    assert refused(text, "en") == [
        "Line 2: `fleet_combat.non_combat_classes = []` cannot be applied: a class outside"
        " `non_combat_classes` needs a level in `class_levels` (FC-I1), and transport,"
        " colonizer would have none."
    ]
    assert refused(text, "ru") == [
        "Строка 2: `fleet_combat.non_combat_classes = []` применить нельзя: классу не из"
        " `non_combat_classes` нужен уровень в `class_levels` (FC-I1), а у transport,"
        " colonizer его не было бы."
    ]


def test_an_import_emptying_a_needed_list_of_free_values_names_no_allowed_values() -> None:
    assert refused("[company_raids]\nduel_hit_faces = []\n", "en") == [
        "Line 2: `company_raids.duel_hit_faces` cannot be left empty: the ruleset needs at"
        " least 1 value."
    ]


def test_a_validator_refusal_in_a_file_reads_without_pydantic_prefix() -> None:
    problems = refused("[company_raids]\nduel_hit_faces = [0]\n", "en")
    assert problems == [
        "Line 2: `company_raids.duel_hit_faces = [0]` cannot be applied: a face is a number"
        " within 1..100 (CR-I1)."
    ]
    ship = refused("[fleet_combat.ship_stats.fighter]\nattack_dice = 2\nlife = 1\n", "en")
    assert len(ship) == 1 and "Value error" not in ship[0]


def test_a_typed_value_is_refused_with_its_real_cause() -> None:
    settings = FleetCombatSettings()
    assert typed_refusal(settings, "non_combat_classes", "transport", "en") == (
        "`transport` cannot be set for `non_combat_classes`: a class outside"
        " `non_combat_classes` needs a level in `class_levels` (FC-I1), and colonizer would"
        " have none."
    )
    assert typed_refusal(settings, "non_combat_classes", "transport", "ru") == (
        "`transport` нельзя задать для `non_combat_classes`: классу не из"
        " `non_combat_classes` нужен уровень в `class_levels` (FC-I1), а у colonizer его не"
        " было бы."
    )
    faces = CompanyRaidsSettings()
    assert typed_refusal(faces, "duel_hit_faces", "", "en") == (
        "`duel_hit_faces` cannot be left empty: the ruleset needs at least 1 value."
    )
    assert typed_refusal(faces, "duel_hit_faces", "two", "en") == (
        "`two` is not a valid value for `duel_hit_faces`."
    )


def test_a_resolution_order_missing_steps_is_refused_naming_every_step() -> None:
    settings = SpacePiratesSettings()
    steps = ", ".join(DEFAULT_RESOLUTION_ORDER)
    assert typed_refusal(settings, "resolution_order", "report", "en") == (
        "`report` cannot be set for `resolution_order`: the resolution order must list every"
        f" step once, in any order: {steps} (SP-I40)."
    )
    assert typed_refusal(settings, "resolution_order", "report", "ru") == (
        "`report` нельзя задать для `resolution_order`: в порядке розыгрыша каждый шаг должен"
        f" стоять ровно один раз, в любом порядке: {steps} (SP-I40)."
    )


def test_a_forced_reward_order_missing_rewards_is_refused_in_the_gms_language() -> None:
    """OP-I10: the forced order lists squadron, card and VP once each; a Russian GM reads
    why it was refused in Russian, as for every other ruleset's settings."""
    settings = OttomanPiracySettings()
    assert typed_refusal(settings, "forced_reward_order", "card", "en") == (
        "`card` cannot be set for `forced_reward_order`: the forced order must list every"
        " reward once, in any order: squadron, card, vp (OP-I10)."
    )
    assert typed_refusal(settings, "forced_reward_order", "vp, vp, card", "ru") == (
        "`vp, vp, card` нельзя задать для `forced_reward_order`: в порядке наград по"
        " умолчанию каждая награда должна стоять ровно один раз, в любом порядке: squadron,"
        " card, vp (OP-I10)."
    )


def test_a_piracy_rating_out_of_range_in_a_file_names_the_leader_in_the_gms_language() -> None:
    """OP-I9: a naval leader's piracy rating is 0..6; the refusal names the leader."""
    text = '[ottoman_piracy.piracy_ratings]\nbarbarossa = 1\n"Zeki Reis" = 9\n'

    def problems(locale: str) -> list[str]:
        with pytest.raises(SettingsFileRejected) as rejected:
            read_settings(text, {"ottoman_piracy": OttomanPiracySettings()})
        return [p.message.render(locale) for p in rejected.value.problems]

    assert problems("en") == [
        "Line 1: `ottoman_piracy.piracy_ratings`: a naval leader's piracy rating is a number"
        " within 0..6; Zeki Reis has 9 (OP-I9)."
    ]
    assert problems("ru") == [
        "Строка 1: `ottoman_piracy.piracy_ratings`: пиратский рейтинг флотоводца — число от 0"
        " до 6; Zeki Reis: 9 (OP-I9)."
    ]
