"""What every ruleset's catalogs and engine must satisfy, checked for each ruleset at once:
the same prefixed keys with the same placeholders in English and Russian, plurals with the
CLDR categories of their language, Russian written in Cyrillic, and a rules package that
imports no randomness, Discord or database of its own (DESIGN.md: engines are pure).

Each ruleset's own catalog test (tests/rules/test_<ruleset>_catalog.py) checks the rest: the
keys its engine emits, and every line of its scenarios rendered with the engine's params.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import catalog_checks as checks
import pytest

# The ruleset, and what a Russian text with no Russian word may still hold (a clause id).
RULESETS = {"company_raids": "", "naval_orders": "NO", "ottoman_piracy": ""}


def package(ruleset: str) -> Path:
    return Path(importlib.import_module(f"bot.rules.{ruleset}").__file__ or "").parent


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_both_catalogs_have_the_same_prefixed_keys_and_placeholders(ruleset: str) -> None:
    en, ru = checks.catalog(ruleset, "en"), checks.catalog(ruleset, "ru")
    checks.assert_same_prefixed_keys(en, ru, f"{ruleset}.")
    for key, value in en.items():
        assert checks.placeholders(value) == checks.placeholders(ru[key]), key


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_plurals_carry_the_cldr_categories_of_each_language(ruleset: str) -> None:
    en, ru = checks.catalog(ruleset, "en"), checks.catalog(ruleset, "ru")
    assert checks.assert_plural_categories(en, ru)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_russian_is_russian(ruleset: str) -> None:
    en, ru = checks.catalog(ruleset, "en"), checks.catalog(ruleset, "ru")
    checks.assert_russian_is_russian(en, ru, latin=RULESETS[ruleset])


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_rules_package_imports_no_randomness_discord_or_database(ruleset: str) -> None:
    checks.assert_pure(package(ruleset))
