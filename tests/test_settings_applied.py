"""What an import applies, kept without the file: `applied_text` names each setting the file
names with the value the import reads, and reads back as the file does."""

from __future__ import annotations

import tomllib

import pytest

from bot import rulesets
from bot.i18n import Msg
from bot.settings_file import CoreSettings
from bot.settings_file import FileProblem
from bot.settings_file import SettingsFileRejected
from bot.settings_file import applied_text
from bot.settings_file import export_text
from bot.settings_file import file_lines
from bot.settings_file import key_lines
from bot.settings_file import read_settings
from bot.settings_file import relined as relined_problems
from tests.test_settings_file import core_and_piracy
from tests.test_settings_file import sections


def test_a_whole_export_applies_the_same_settings_without_its_comments() -> None:
    """Every ruleset's settings, exported and read through `applied_text`: the same
    settings, every one of them named, no comment left, and far shorter than the file."""
    current = sections()
    text = export_text(list(current.items()), "en", campaign="Test", turn=3)  # type: ignore[arg-type]
    applies = applied_text(text, current)  # type: ignore[arg-type]
    assert "#" not in "".join(line.partition("=")[0] for line in applies.splitlines())
    assert read_settings(applies, current) == read_settings(text, current)  # type: ignore[arg-type]
    document = tomllib.loads(applies)
    assert list(document) == list(current)
    for section, settings in current.items():
        unset = {n for n in type(settings).model_fields if getattr(settings, n) is None}  # type: ignore[attr-defined]
        assert set(document[section]) == set(type(settings).model_fields) - unset  # type: ignore[attr-defined]
    assert len(applies) < len(text) // 2


def test_only_what_the_file_names_in_its_order() -> None:
    """A file naming two sections (the later one first) and a table written as a sub-table:
    the sections keep the file's order, the table its entries' order, and a setting the file
    leaves out is not named (it keeps its value when applied)."""
    piracy = rulesets.get("ottoman_piracy").settings_model()
    fleet = rulesets.get("fleet_combat").settings_model()
    current = {"core": CoreSettings(factions_per_player=3), "ottoman_piracy": piracy}
    current["fleet_combat"] = fleet
    text = (
        "# edited by hand\n"
        "[fleet_combat.class_levels]\n"
        "war_sun = 5\nfighter = 2\ndestroyer = 2\ncruiser = 3\ncarrier = 3\ndreadnought = 4\n"
        "[ottoman_piracy]\n"
        "piracy_ratings = { zeki = 3, barbarossa = 1 }  # a new leader first\n"
        "hit_min_face = 4\n"
        "[core]\n"
        "secret_rolls_for_players = true\n"
    )
    applies = applied_text(text, current)  # type: ignore[arg-type]
    document = tomllib.loads(applies)
    assert list(document) == ["fleet_combat", "ottoman_piracy", "core"]
    assert set(document["core"]) == {"secret_rolls_for_players"}
    assert set(document["ottoman_piracy"]) == {"piracy_ratings", "hit_min_face"}
    assert list(document["ottoman_piracy"]["piracy_ratings"]) == ["zeki", "barbarossa"]
    assert set(document["fleet_combat"]) == {"class_levels"}
    assert list(document["fleet_combat"]["class_levels"])[:2] == ["war_sun", "fighter"]
    new = read_settings(applies, current)  # type: ignore[arg-type]
    assert new == read_settings(text, current)  # type: ignore[arg-type]
    assert new["core"] == CoreSettings(factions_per_player=3, secret_rolls_for_players=True)
    assert list(new["ottoman_piracy"].piracy_ratings) == ["zeki", "barbarossa"]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "text",
    [
        "[core]\nfactions_per_player = 11\n[ottoman_piracy]\nno_such_thing = 1\n",
        "[core]\nfactions_per_player = = 2\n",
        "[naval_orders]\nx = 1\n",
    ],
)
def test_a_file_with_problems_is_refused_as_the_import_refuses_it(text: str) -> None:
    """The same problems, with the same lines, as `read_settings` names."""
    current = core_and_piracy()
    with pytest.raises(SettingsFileRejected) as read:
        read_settings(text, current)  # type: ignore[arg-type]
    with pytest.raises(SettingsFileRejected) as applied:
        applied_text(text, current)  # type: ignore[arg-type]
    assert applied.value.problems == read.value.problems


def test_a_refusal_of_what_a_file_applies_names_the_files_lines() -> None:
    """Problems found in the applied settings are named at the file's own lines (a setting's,
    a section's), and one the file has no line for at none."""
    current = core_and_piracy()
    text = (
        "# notes\n\n[ottoman_piracy]\n\n# harder\nhit_min_face = 4\n"
        "[core]\n\nfactions_per_player = 2\n"
    )
    applies = applied_text(text, current)  # type: ignore[arg-type]
    setting = key_lines(applies)[("core", "factions_per_player")]
    section = key_lines(applies)[("ottoman_piracy",)]
    problems = [
        FileProblem(setting, Msg("error.settings_file.unknown", line=setting, setting="x")),
        FileProblem(section, Msg("error.settings_file.section", line=section, section="s")),
        FileProblem(None, Msg("error.settings_file.syntax", line="—", detail="?")),
    ]
    relined = relined_problems(SettingsFileRejected(problems), applies, file_lines(text))
    assert [(p.line, p.message.params["line"]) for p in relined.problems] == [
        (None, "—"),
        (3, 3),
        (9, 9),
    ]
