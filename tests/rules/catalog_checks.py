"""What every ruleset's catalog test checks, written once: the two catalogs hold the same
prefixed keys with the same placeholders, plurals carry the CLDR categories of their
language, Russian is written in Cyrillic, every line the engine emits renders in both
languages, and the rules package imports no randomness, Discord or database of its own.

A ruleset's test keeps what is its own: the keys its engine emits, the scenarios that reach
every kind of line, its refusals.
"""

from __future__ import annotations

import json
import re
import string
import typing
from collections.abc import Iterable
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.paths import data_dir

LANGUAGES = ("en", "ru")
IMPURE = ("import random", "from random", "discord", "aiosqlite", "secrets")


def catalog(ruleset: str, language: str) -> dict[str, Any]:
    """The ruleset's catalog in `language` (data/locales/<language>/<ruleset>.json)."""
    path = data_dir() / "locales" / language / f"{ruleset}.json"
    return typing.cast(dict[str, Any], json.loads(path.read_text(encoding="utf-8")))


def sources(package: Path) -> list[Path]:
    """The rules package's modules."""
    return sorted(package.glob("*.py"))


def source_text(package: Path) -> str:
    """The rules package's source, every module."""
    return "\n".join(path.read_text(encoding="utf-8") for path in sources(package))


def placeholders(value: Any) -> set[str]:
    """The placeholders of a catalog value (a text, or a plural's forms)."""
    texts = value.values() if isinstance(value, dict) else [value]
    return {name for text in texts for _, name, _, _ in string.Formatter().parse(text) if name}


def nested(lines: Iterable[Msg]) -> Iterator[Msg]:
    """Every message with a key: the lines and the messages in their parameters and lists."""
    for line in lines:
        if isinstance(line, MsgList):
            yield from nested(item for item in line.items if isinstance(item, Msg))
            continue
        yield line
        yield from nested(v for v in line.params.values() if isinstance(v, Msg))


def assert_same_prefixed_keys(en: dict[str, Any], ru: dict[str, Any], prefix: str) -> None:
    """Every key is in both languages and carries the ruleset's prefix."""
    assert set(en) == set(ru)
    assert all(key.startswith(prefix) for key in en)


def cldr_categories(forms: dict[str, str]) -> set[str]:
    """The CLDR categories a plural writes, its forms for one exact number ("=1") aside."""
    return {category for category in forms if not category.startswith("=")}


def assert_plural_categories(en: dict[str, Any], ru: dict[str, Any]) -> list[str]:
    """Plurals: English one/other, Russian one/few/many/other (either may add a form for one
    exact number, "=1"); returns the plural keys."""
    plural = [key for key, value in en.items() if isinstance(value, dict)]
    for key in plural:
        assert cldr_categories(en[key]) == {"one", "other"}, key
        assert cldr_categories(ru[key]) == {"one", "few", "many", "other"}, key
    return plural


def assert_russian_is_russian(en: dict[str, Any], ru: dict[str, Any], latin: str = "") -> None:
    """Russian texts are in Cyrillic (but for placeholders, digits and the `latin` pattern,
    e.g. clause ids) and use the same placeholders as English."""
    ignored = r"\{[^}]*\}|[\W\d_]" + (f"|{latin}" if latin else "")
    for key, value in ru.items():
        texts = value.values() if isinstance(value, dict) else [value]
        stripped = [re.sub(ignored, "", text) for text in texts]
        assert all(re.search("[а-яё]", s.lower()) for s in stripped if s), key
        assert placeholders(value) == placeholders(en[key]), key


def assert_renders(lines: Iterable[Msg], prefix: str) -> None:
    """Each line renders in both languages with the parameters it was given: never a raw
    key, no placeholder left."""
    for line in lines:
        for language in LANGUAGES:
            text = line.render(language)
            assert prefix not in text, (line, language, text)
            assert "{" not in text and "}" not in text, (line, language, text)


def assert_pure(package: Path) -> None:
    """DESIGN.md: engines are pure; every die comes from the Dice passed in."""
    for path in sources(package):
        text = path.read_text(encoding="utf-8")
        for forbidden in IMPURE:
            assert forbidden not in text, f"{path.name} mentions {forbidden}"
