"""One translation function for every user-facing string, with English and Russian catalogs.

Catalogs are JSON files under data/locales/<lang>/<domain>.json with flat dotted keys.
A value is a format string, or a dict of CLDR plural categories (`one`, `few`, `many`,
`other`) chosen by the `count` parameter through Babel's plural rules. As in ICU MessageFormat,
a dict may also hold a form for one exact number (`"=1"`), which wins over its category: the
Russian `one` also reads 21, 31, 101…, so a text that speaks of exactly one («сначала измените
его», «за последний розыгрыш») is that number's own form and `one` is written for 21.
"""

from __future__ import annotations

import copy
import json
import math
import re
import string
from collections.abc import Iterable
from decimal import Decimal as DecimalNumber
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.numbers import NumberPattern
from babel.numbers import format_decimal
from babel.numbers import get_decimal_symbol

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


def plural_form(forms: dict[str, str], language: str, count: int | float) -> str | None:
    """The form of `forms` a reader of `language` reads for `count`: the form for that exact
    number (`"=1"`) if there is one, else its CLDR category's, else `other`."""
    whole = isinstance(count, int) or (isinstance(count, float) and count.is_integer())
    exact = forms.get(f"={int(count)}") if whole else None
    if exact is not None:
        return exact
    return forms.get(plural_category(language, count)) or forms.get("other")


# A float format spec as catalogs write it: `{x}`, `{x:.1f}`, `{x:,.2f}`, `{p:.1%}`, `{x:.3g}`.
_PLAIN_SPEC = re.compile(r"(?P<group>[,_]?)(?:\.\d+)?(?P<kind>[fF%gGn]?)")


@cache
def _percent_pattern(language: str) -> NumberPattern:
    pattern: NumberPattern = Locale.parse(language).percent_formats[None]
    return pattern


def local_number(value: float, spec: str, language: str) -> str:
    """`format(value, spec)` as a reader of `language` writes it: Python chooses the digits
    (so every language shows the same figure), Babel's CLDR data lays them out — 3.68,
    12,345.6 and 37.5% in English, 3,68, 12 345,6 and 37,5 % in Russian. A spec with a
    width or a sign, or a number in exponent form, keeps Python's layout with the language's
    decimal symbol."""
    english = format(value, spec)
    if language == DEFAULT_LANGUAGE or not math.isfinite(value):
        return english
    plain = _PLAIN_SPEC.fullmatch(spec)
    number = english.rstrip("%").replace(",", "").replace("_", "")
    if plain is None or "e" in number.lower():
        return english.replace(".", get_decimal_symbol(language))
    places = len(number.partition(".")[2])
    grouped = bool(plain["group"])
    if plain["kind"] == "%":
        pattern = copy.copy(_percent_pattern(language))
        pattern.frac_prec = (places, places)
        percent = DecimalNumber(number) / 100
        return str(pattern.apply(percent, language, group_separator=grouped))
    layout = ("#,##0" if grouped else "0") + ("." + "0" * places if places else "")
    return str(format_decimal(DecimalNumber(number), format=layout, locale=language))


class LocalNumber(float):
    """A float message parameter that formats itself the reader's way (`local_number`), so
    `{pct:.1f}` in any catalog gives 37,5 in Russian."""

    language: str

    def __new__(cls, value: float, language: str) -> LocalNumber:
        number = super().__new__(cls, value)
        number.language = language
        return number

    def __format__(self, spec: str) -> str:
        return local_number(float(self), spec, self.language)

    def __str__(self) -> str:
        return local_number(float(self), "", self.language)


class LocalInt(int):
    """A whole-number message parameter whose grouped form (`{amount:,}` in a catalog) uses
    the reader's grouping: 100,000,000,000 in English, 100 000 000 000 in Russian. Without
    the `,` it is written as Python writes it (entry numbers, ids, years stay ungrouped)."""

    language: str

    def __new__(cls, value: int, language: str) -> LocalInt:
        number = super().__new__(cls, value)
        number.language = language
        return number

    def __format__(self, spec: str) -> str:
        if spec == ",":
            return str(format_decimal(int(self), format="#,##0", locale=self.language))
        return int(self).__format__(spec)

    def __str__(self) -> str:
        return str(int(self))


def localised(value: Any, language: str) -> Any:
    """A message parameter ready for `language`'s text: floats write their decimals its way,
    whole numbers a catalog groups (`{amount:,}`) its grouping."""
    if language == DEFAULT_LANGUAGE or isinstance(value, bool):
        return value
    if isinstance(value, float):
        return LocalNumber(value, language)
    if isinstance(value, int):
        return LocalInt(value, language)
    return value


def decimal(value: float, locale: object, digits: int) -> str:
    """A number with `digits` decimals as the reader writes it: 3.68 in English, 3,68 in
    Russian (`local_number`)."""
    return local_number(value, f".{digits}f", language_of(locale))


def t(key: str, locale: object = None, /, **params: Any) -> str:
    """Translate `key` for `locale`, filling `params`; falls back to English, then the key
    (a command string's "cmd:<English text>" key: its English text)."""
    return _translate(key, locale, params, continues=False)


# The format spec of a placeholder whose message continues the sentence it is put in, after
# a lead and a colon ("Still to set up: {step:continues}"): its text, a sentence where it
# stands alone, is then written from a small letter (`continued`).
CONTINUES = "continues"


def _translate(key: str, locale: object, params: dict[str, Any], *, continues: bool) -> str:
    """`t`; `continues`: the text continues a sentence (`CONTINUES`)."""
    language = language_of(locale)
    value = catalog(language).get(key)
    if value is None:
        value = catalog(DEFAULT_LANGUAGE).get(key)
        language = DEFAULT_LANGUAGE
    if value is None:
        # A command string's key is "cmd:<English text>" (`bot.app.CatalogTranslator`), one
        # command's own word "cmd:/<its path>" (`bot.command_names.own_word`): with no
        # translation it reads as that English text, that path's last word.
        text = key.removeprefix("cmd:")
        return text.split(" ")[-1] if text.startswith("/") else text
    if isinstance(value, dict):
        value = plural_form(value, language, params.get("count", 0)) or key
    template = str(value)
    inline = {name for _, name, spec, _ in string.Formatter().parse(template) if spec == CONTINUES}
    template = template.replace(f":{CONTINUES}}}", "}") if inline else template
    params = {
        k: v.render(locale, continues=k in inline) if isinstance(v, Msg) else v
        for k, v in params.items()
    }
    params = {k: localised(v, language) for k, v in params.items()}
    template = continued(template) if continues else template
    template = english_possessives(template, params) if language == "en" else template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template  # as written, a placeholder's `continues` left out


def continued(template: str) -> str:
    """`template` as it reads after a lead and a colon: its first letter small when the
    catalog's own text opens it (a sentence's capital), not a name filled in, nor a word
    written in capitals ("GM", "VP")."""
    head = template[:2]
    if not head[:1].isupper() or head[1:].isupper():
        return template
    return head[:1].lower() + template[1:]


# A placeholder written as an English possessive: `{faction}'s` (either apostrophe).
POSSESSIVE = re.compile(r"\{(\w+)\}(['’])s\b")


def english_possessives(template: str, params: dict[str, Any]) -> str:
    """`template` with the possessive of each name that ends in "s" written with the
    apostrophe alone, as English writes it ("Habsburgs' fleet", "Venice's fleet"): the
    catalogs write `{faction}'s` once, whatever name fills it. Babel has no possessives
    (CLDR does not describe them), so the rule lives here, where every English text is
    filled; Russian declines names instead and its texts have no such placeholder."""

    def written(found: re.Match[str]) -> str:
        name = str(params.get(found[1], ""))
        return found[0][:-1] if name.endswith(("s", "S")) else found[0]

    return POSSESSIVE.sub(written, template)


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

    def render(self, locale: object = None, *, continues: bool = False) -> str:
        """The text in `locale`; nested Msg parameters are rendered too. `continues`: it
        continues a sentence after a lead and a colon (`CONTINUES`)."""
        return _translate(self.key, locale, self.params, continues=continues)

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

    def render(self, locale: object = None, *, continues: bool = False) -> str:
        """Each item in `locale`, joined; "—" when empty. `continues`: the first item
        continues a sentence (`CONTINUES`)."""
        language = language_of(locale)
        parts = [
            i.render(locale, continues=continues and n == 0)
            if isinstance(i, Msg)
            else str(localised(i, language))
            for n, i in enumerate(self.items)
        ]
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
