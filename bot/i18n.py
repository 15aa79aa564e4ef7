"""One translation function for every user-facing string, with English and Russian catalogs.

Catalogs are JSON files under data/locales/<lang>/<domain>.json with flat dotted keys.
A value is a format string, or a dict of CLDR plural categories (`one`, `few`, `many`,
`other`) chosen by the `count` parameter through Babel's plural rules.
"""

from __future__ import annotations

import json
import string
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale

from bot.paths import data_dir

LANGUAGES = ("en", "ru")
DEFAULT_LANGUAGE = "en"


def language_of(locale: object) -> str:
    """Map a Discord locale ("ru", "en-US", discord.Locale.russian...) to a catalog language."""
    text = str(getattr(locale, "value", locale) or "").lower()
    if text.startswith("ru"):
        return "ru"
    return DEFAULT_LANGUAGE


def catalog_dir() -> Path:
    """Where the catalogs live."""
    return data_dir() / "locales"


_EXTRA_DIRS: list[Path] = []


def add_catalog_dir(folder: Path) -> None:
    """Read catalogs from another `<folder>/<lang>/*.json` too (a ruleset kept outside the
    project's data, such as a test's own); its keys must not clash with the project's."""
    if folder not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(folder)
        catalog.cache_clear()


def remove_catalog_dir(folder: Path) -> None:
    """Forget a folder added with `add_catalog_dir`."""
    if folder in _EXTRA_DIRS:
        _EXTRA_DIRS.remove(folder)
        catalog.cache_clear()


@cache
def catalog(language: str) -> dict[str, Any]:
    """All keys of one language, merged from its domain files."""
    merged: dict[str, Any] = {}
    folders = [catalog_dir(), *_EXTRA_DIRS]
    for path in [p for f in folders for p in sorted((f / language).glob("*.json"))]:
        entries = json.loads(path.read_text(encoding="utf-8"))
        for key, value in entries.items():
            if key in merged and merged[key] != value:
                msg = f"duplicate message key {key!r} in {path}"
                raise ValueError(msg)
            merged[key] = value
    return merged


@cache
def _plural_rule(language: str) -> Any:
    return Locale.parse(language).plural_form


def plural_category(language: str, count: int | float) -> str:
    """The CLDR plural category of `count` in `language` (one/few/many/other)."""
    return str(_plural_rule(language)(abs(count)))


def decimal(value: float, locale: object, digits: int) -> str:
    """A number with `digits` decimals as the reader writes it: 3.68 in English, 3,68 in
    Russian (Babel's CLDR number symbols)."""
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    return str(format_decimal(value, format=pattern, locale=language_of(locale)))


def t(key: str, locale: object = None, /, **params: Any) -> str:
    """Translate `key` for `locale`, filling `params`; falls back to English, then the key."""
    params = {k: v.render(locale) if isinstance(v, Msg) else v for k, v in params.items()}
    language = language_of(locale)
    value = catalog(language).get(key)
    if value is None:
        value = catalog(DEFAULT_LANGUAGE).get(key)
        language = DEFAULT_LANGUAGE
    if value is None:
        return key
    if isinstance(value, dict):
        count = params.get("count", 0)
        value = value.get(plural_category(language, count)) or value.get("other", key)
    try:
        return str(value).format(**params)
    except (KeyError, IndexError, ValueError):
        return str(value)


def _fields(template: str) -> set[str]:
    """The parameter names a format string asks for (`{count}`, `{user.name}` → `user`)."""
    names = set()
    for _, name, _, _ in string.Formatter().parse(template):
        if name:
            names.add(name.split(".")[0].split("[")[0])
    return names


def unfilled(message: Msg) -> list[str]:
    """What would reach a reader unfinished: a key no catalog has, a placeholder some
    language's text asks for and the message does not pass, or a plural message without the
    `count` its form is chosen by (nested messages included).
    The unit of work refuses to commit a summary for which this is not empty."""
    if isinstance(message, MsgList):
        return [p for item in message.items if isinstance(item, Msg) for p in unfilled(item)]
    problems: list[str] = []
    for param in message.params.values():
        if isinstance(param, Msg):
            problems += unfilled(param)
    found = False
    for language in LANGUAGES:
        value = catalog(language).get(message.key)
        if value is None:
            continue
        found = True
        if isinstance(value, dict) and "count" not in message.params:
            problems.append(f"{message.key}: a plural chosen without {{count}} ({language})")
        templates = value.values() if isinstance(value, dict) else [value]
        missing = set().union(*(_fields(str(v)) for v in templates)) - set(message.params)
        problems += [f"{message.key}: {{{name}}} ({language})" for name in sorted(missing)]
    if not found:
        problems.append(f"{message.key}: no such message")
    return problems


class Msg:
    """A message to translate later, when the reader's locale is known (engines return these)."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: Any) -> None:
        self.key = key
        self.params = params

    def render(self, locale: object = None) -> str:
        """The text in `locale`; nested Msg parameters are rendered too."""
        filled = {k: v.render(locale) if isinstance(v, Msg) else v for k, v in self.params.items()}
        return t(self.key, locale, **filled)

    def to_json(self) -> dict[str, Any]:
        """A JSON form for the audit log."""
        return {
            "key": self.key,
            "params": {k: v.to_json() if isinstance(v, Msg) else v for k, v in self.params.items()},
        }

    def __repr__(self) -> str:
        return f"Msg({self.key!r}, **{self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


class MsgList(Msg):
    """Several messages (or plain values) shown as one comma-separated parameter."""

    __slots__ = ("items",)

    def __init__(self, items: Iterable[Any], separator: str = ", ") -> None:
        super().__init__("", separator=separator)
        self.items = list(items)

    def render(self, locale: object = None) -> str:
        """Each item in `locale`, joined; "—" when empty."""
        parts = [i.render(locale) if isinstance(i, Msg) else str(i) for i in self.items]
        return str(self.params["separator"]).join(parts) or "—"

    def to_json(self) -> dict[str, Any]:
        """A JSON form for the audit log."""
        data: dict[str, Any] = {
            "list": [i.to_json() if isinstance(i, Msg) else i for i in self.items]
        }
        if self.params["separator"] != ", ":
            data["separator"] = self.params["separator"]
        return data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MsgList) and (self.items, self.params) == (
            other.items,
            other.params,
        )

    def __hash__(self) -> int:
        return hash(len(self.items))

    def __repr__(self) -> str:
        return f"MsgList({self.items!r})"


def msg_from_json(data: Any) -> Any:
    """A message back from its audit-log JSON (`Msg.to_json`, `MsgList.to_json`); plain
    values stay as they are. Lists written before `MsgList` (`{"key": …, "parts": […]}`)
    read as lists."""
    if not isinstance(data, dict):
        return data
    if "list" in data:
        return MsgList([msg_from_json(i) for i in data["list"]], data.get("separator", ", "))
    if "parts" in data and "key" in data:
        return MsgList([msg_from_json(i) for i in data["parts"]])
    if "key" in data:
        params = {k: msg_from_json(v) for k, v in dict(data.get("params") or {}).items()}
        return Msg(str(data["key"]), **params)
    return data
