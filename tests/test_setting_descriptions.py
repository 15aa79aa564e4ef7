"""Every setting's description reads as a sentence for players, in both languages: a
capital (or a sign) first, a final period, no internal note; a list's allowed values are
written as any list is."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from bot import rulesets
from bot import settings_edit
from bot.settings_file import COMMAND_DESCRIPTIONS
from bot.settings_file import CORE
from bot.settings_file import CoreSettings

LOCALES = Path(__file__).resolve().parents[1] / "data" / "locales"
# What a developer's note looks like: a tracker's number, a review's, a task's.
NOTE = re.compile(r"\b(issue|review|task|ticket|задача|задачи|ревью)\b|#\d", re.IGNORECASE)


def catalog(language: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for path in sorted((LOCALES / language).glob("*.json")):
        found |= {k: v for k, v in json.loads(path.read_text()).items() if isinstance(v, str)}
    return found


def setting_keys() -> list[str]:
    keys = [f"{CORE}.setting.{name}" for name in CoreSettings.model_fields]
    keys += list(COMMAND_DESCRIPTIONS.values())
    for spec in rulesets.available():
        keys += [f"{spec.key}.setting.{name}" for name in spec.settings_model.model_fields]
    return keys


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_setting_description_is_a_sentence_without_internal_notes(language):
    texts = catalog(language)
    problems = []
    for key in setting_keys():
        text = texts.get(key)
        if text is None:
            continue  # a table's or a ruleset's own wording elsewhere
        if text[0].isalpha() and not text[0].isupper():
            problems.append(f"{key}: starts lowercase: {text}")
        if not text.endswith("."):
            problems.append(f"{key}: no final period: {text}")
        if NOTE.search(text):
            problems.append(f"{key}: internal note: {text}")
    assert problems == []


def test_every_ruleset_setting_has_a_description_in_both_languages():
    english, russian = catalog("en"), catalog("ru")
    missing = [k for k in setting_keys() if k not in english or k not in russian]
    assert missing == []


def test_a_lists_allowed_values_are_written_with_comma_and_space():
    for spec in rulesets.available():
        model = spec.settings_model()
        for name in type(model).model_fields:
            allowed = settings_edit.describe(model, name).allowed
            assert not re.search(r",\S", allowed), f"{spec.key}.{name}: {allowed}"
