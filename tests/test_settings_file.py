"""Settings as a TOML file: what the export writes, what the import accepts and refuses."""

from __future__ import annotations

import tomllib

import pytest

from bot import rulesets
from bot.rules.space_pirates import SpacePiratesSettings
from bot.settings_file import CoreSettings
from bot.settings_file import SettingsFileRejected
from bot.settings_file import export_text
from bot.settings_file import key_lines
from bot.settings_file import read_settings


def sections() -> dict[str, object]:
    found: dict[str, object] = {"core": CoreSettings()}
    for spec in rulesets.available():
        found[spec.key] = spec.settings_model()
    found["space_pirates"] = SpacePiratesSettings()
    return found


def core_and_piracy() -> dict[str, object]:
    """Default settings of a campaign playing Ottoman piracy."""
    return {
        "core": CoreSettings(),
        "ottoman_piracy": rulesets.get("ottoman_piracy").settings_model(),
    }


def test_export_reads_back_as_the_same_settings_for_every_ruleset() -> None:
    """Every ruleset's defaults, written and read again, are the same values (tables,
    sets and lists included)."""
    current = sections()
    text = export_text(list(current.items()), "en", campaign="Test", turn=3)  # type: ignore[arg-type]
    assert tomllib.loads(text)
    assert read_settings(text, current) == current  # type: ignore[arg-type]


def test_export_comments_give_description_and_allowed_values_in_the_readers_language() -> None:
    """A setting's catalog description and `describe`'s allowed values sit above it."""
    current = {"ottoman_piracy": rulesets.get("ottoman_piracy").settings_model()}
    english = export_text(list(current.items()), "en", campaign="Test", turn=1)
    russian = export_text(list(current.items()), "ru", campaign="Test", turn=1)
    lines = english.splitlines()
    at = lines.index("hit_min_face = 5")
    assert lines[at - 1] == "# Allowed: 1..6"
    assert "# Допустимо: 1..6" in russian.splitlines()


def test_space_pirates_export_lists_all_its_settings() -> None:
    """Space pirates' ~97 settings are all in one file, one line each."""
    text = export_text([("space_pirates", SpacePiratesSettings())], "en", campaign="T", turn=1)
    document = tomllib.loads(text)
    assert set(document["space_pirates"]) == set(SpacePiratesSettings.model_fields)
    assert len(SpacePiratesSettings.model_fields) > 90


def test_import_changes_only_what_the_file_names() -> None:
    """A setting left out of the file keeps its current value."""
    current = {"core": CoreSettings(factions_per_player=2)}
    new = read_settings("[core]\nsecret_rolls_for_players = true\n", current)  # type: ignore[arg-type]
    assert new["core"] == CoreSettings(factions_per_player=2, secret_rolls_for_players=True)


def test_import_names_every_problem_with_its_line_and_allowed_values() -> None:
    """All problems at once, in line order: a bad value (with what is allowed), an unknown
    setting, a section that is not the campaign's."""
    current = core_and_piracy()
    text = (
        "[core]\n"
        "factions_per_player = 11\n"
        "\n"
        "[ottoman_piracy]\n"
        "hit_min_face = 9\n"
        "no_such_thing = 1\n"
        "[naval_orders]\n"
        "x = 1\n"
    )
    with pytest.raises(SettingsFileRejected) as rejected:
        read_settings(text, current)  # type: ignore[arg-type]
    shown = [p.message.render("en") for p in rejected.value.problems]
    assert [p.line for p in rejected.value.problems] == [2, 5, 6, 7]
    assert shown[0] == "Line 2: `core.factions_per_player = 11` is not allowed. Allowed: 1..10"
    assert shown[1] == "Line 5: `ottoman_piracy.hit_min_face = 9` is not allowed. Allowed: 1..6"
    assert "`no_such_thing`" in shown[2]
    assert "`[naval_orders]`" in shown[3] and "core, ottoman_piracy" in shown[3]
    assert rejected.value.message("en") == "The settings file was not applied: 4 problems."


def test_import_of_broken_toml_names_the_line() -> None:
    """A file that is not TOML at all is refused with the parser's line."""
    with pytest.raises(SettingsFileRejected) as rejected:
        read_settings("[core]\nfactions_per_player = = 2\n", {"core": CoreSettings()})
    (problem,) = rejected.value.problems
    assert problem.line == 2
    assert problem.message.render("en") == "Line 2: not valid TOML (Invalid value, column 23)."


def test_import_of_toml_broken_at_its_end_says_so_without_a_line() -> None:
    """tomllib names no line for a file cut short: the problem reads whole all the same."""
    with pytest.raises(SettingsFileRejected) as rejected:
        read_settings("[core]\nfactions_per_player = [1,\n", {"core": CoreSettings()})
    (problem,) = rejected.value.problems
    assert problem.line is None
    assert problem.message.render("en") == "Line —: not valid TOML (Invalid value)."


def test_import_of_a_bad_table_entry_names_its_path() -> None:
    """A table setting's wrong entry is named down to its key."""
    spec = rulesets.get("fleet_combat")
    text = '[fleet_combat]\nclass_levels = { fighter = "high" }\n'
    with pytest.raises(SettingsFileRejected) as rejected:
        read_settings(text, {"fleet_combat": spec.settings_model()})
    (problem,) = rejected.value.problems
    assert problem.line == 2
    assert "fleet_combat.class_levels.fighter" in problem.message.render("en")


def test_key_lines_find_settings_written_as_sub_tables() -> None:
    """`[section.setting.key]` headers count as the setting's line."""
    text = "[fleet_combat]\nround_limit = 3\n\n[fleet_combat.ship_stats.fighter]\nlife = 2\n"
    found = key_lines(text)
    assert found[("fleet_combat",)] == 1
    assert found[("fleet_combat", "round_limit")] == 2
    assert found[("fleet_combat", "ship_stats")] == 4
