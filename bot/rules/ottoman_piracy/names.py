"""Names for the Ottoman piracy ruleset: sea zones, powers and naval leaders of *Here I Stand*.

Players type names in English or Russian; the engine stores stable snake_case keys and shows
translated labels. Names outside the tables (a house map, a custom power) are accepted and
kept as typed, keyed by their normalised form.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.i18n import Msg
from bot.i18n import language_of
from bot.paths import data_dir
from bot.text import look_alike
from bot.text import name_key
from bot.text import shown
from bot.text import tidy

# Every catalog key of this ruleset starts with this (data/locales/*/ottoman_piracy.json).
P = "ottoman_piracy."

OTTOMAN = "ottoman"
HOSPITALLERS = "hospitallers"

# The six major powers, the minor powers and the Hospitallers (OP-2.4), in the game's order.
KNOWN_POWERS: tuple[str, ...] = (
    OTTOMAN,
    "hapsburg",
    "england",
    "france",
    "papacy",
    "protestant",
    "venice",
    "genoa",
    "hungary",
    "scotland",
    HOSPITALLERS,
)

_POWER_ALIASES: dict[str, str] = {
    "ottomans": OTTOMAN,
    "ottoman empire": OTTOMAN,
    "turks": OTTOMAN,
    "османы": OTTOMAN,
    "осман": OTTOMAN,
    "османская империя": OTTOMAN,
    "habsburg": "hapsburg",
    "habsburgs": "hapsburg",
    "hapsburgs": "hapsburg",
    "габсбурги": "hapsburg",
    "габсбург": "hapsburg",
    "english": "england",
    "англия": "england",
    "french": "france",
    "франция": "france",
    "papal": "papacy",
    "pope": "papacy",
    "папство": "papacy",
    "папа": "papacy",
    "protestants": "protestant",
    "протестанты": "protestant",
    "venetians": "venice",
    "венеция": "venice",
    "genoese": "genoa",
    "генуя": "genoa",
    "hungary-bohemia": "hungary",
    "венгрия": "hungary",
    "шотландия": "scotland",
    "hospitaller": HOSPITALLERS,
    "knights of st john": HOSPITALLERS,
    "knights of st. john": HOSPITALLERS,
    "иоанниты": HOSPITALLERS,
    "госпитальеры": HOSPITALLERS,
}

# Naval leaders with a piracy rating (OP-4.4); the ratings themselves are a setting (OP-I9).
KNOWN_LEADERS: tuple[str, ...] = ("barbarossa", "dragut")
_LEADER_ALIASES: dict[str, str] = {"барбаросса": "barbarossa", "драгут": "dragut"}


def piracy_msg(key: str, /, **params: Any) -> Msg:
    """A message of this ruleset's catalog (`key` without the "ottoman_piracy." prefix)."""
    return Msg(P + key, **params)


def counted(noun: str, count: int) -> Msg:
    """A counted noun ("2 corsairs", "2 корсара"), plural chosen by the catalog."""
    return piracy_msg(f"count.{noun}", count=count)


def _normal(text: str) -> str:
    """NFKC case-folded without invisible characters (`bot.text.name_key`); underscores read
    as spaces; single spaces."""
    return " ".join(name_key(text.replace("_", " ")).split())


# Apostrophes join a word's parts ("Lion's"); every other punctuation mark parts words.
_APOSTROPHES = frozenset("'\u2019\u02bc`\u00b4")


def zone_words(text: str) -> str:
    """A sea-zone name's words as typed (case kept), NFKC, punctuation read as spaces
    (apostrophes dropped) and a leading "the" left out: `Aegean sea.` and `the Aegean-sea`
    are `Aegean sea`; a name of punctuation alone stays as it is."""
    normal = " ".join(unicodedata.normalize("NFKC", tidy(text.replace("_", " "))).split())
    words = "".join(
        "" if char in _APOSTROPHES else " " if unicodedata.category(char).startswith("P") else char
        for char in normal
    ).split()
    if len(words) > 1 and words[0].casefold() == "the":
        words = words[1:]
    return " ".join(words) or normal


def zone_normal(text: str) -> str:
    """What two sea-zone names are compared by (OP-1.4, OP-I3): `zone_words` case-folded
    (`_normal`: case, width, invisible characters, spaces) with `ё` read as `е`, so
    `Aegean sea.`, `the Aegean-Sea`, `Эгейское-море` and `Эгейское море` are one zone."""
    return _normal(zone_words(text)).replace("ё", "е")


def power_key(name: str) -> str:
    """The stable key of a power named in English, Russian or as a key; custom names slugged."""
    normal = _normal(name)
    if normal.startswith("the "):
        normal = normal[4:]
    slug = normal.replace(" ", "_")
    if slug in KNOWN_POWERS:
        return slug
    return _POWER_ALIASES.get(normal, slug)


# The options of the corsairs commands that name a power (`/corsairs impulse power`,
# `/corsairs piracy target`, `ally`): their values are typed or picked from a list of names.
POWER_OPTIONS = frozenset({"power", "target", "ally"})


def logged_power_label(_command: str, option: str, options: Mapping[str, Any]) -> Msg | None:
    """A logged option naming a power of the map ("ottoman", "Османы") by its name in the
    reader's language ("Ottomans", «Османы»); None (shown as logged) for any other option and
    for a power of the GM's own."""
    value = options.get(option)
    if option not in POWER_OPTIONS or not isinstance(value, str):
        return None
    key = power_key(value)
    return piracy_msg(f"power.{key}") if key in KNOWN_POWERS else None


def power_label(power: str, names: Mapping[str, str] | None = None) -> Msg | str:
    """What players see for a power: a translated name, or a custom power's name as the GM
    typed it (`names`, the state's `power_names`; its key when none was kept), escaped."""
    name = power_name(power, names)
    return name if isinstance(name, Msg) else shown(name)


def power_name(power: str, names: Mapping[str, str] | None = None) -> Msg | str:
    """`power_label` unescaped, for labels of buttons, menus and autocompletes, which show no
    Markdown (and for refusals, which escape what they quote)."""
    if power in KNOWN_POWERS:
        return piracy_msg(f"power.{power}")
    return (names or {}).get(power, power)


def power_look_alike(
    name: str, registered: Iterable[str], names: Mapping[str, str] | None = None
) -> Msg | str | None:
    """The label of the power `name` looks like without being it, by the confusable
    skeletons of `bot.text.look_alike` (`Hаpsburgs` with a Cyrillic `а`, `0ttomans`): a
    known power by its key, English or Russian name or alias, or a `registered` power (keys)
    by its key or the name the GM typed (`names`); None when it looks like none."""
    spellings: dict[str, str] = {}
    for key in (*KNOWN_POWERS, *registered):
        spellings.setdefault(key.replace("_", " "), key)
        if key in KNOWN_POWERS:
            for language in ("en", "ru"):
                spellings.setdefault(piracy_msg(f"power.{key}").render(language), key)
        elif names and key in names:
            spellings.setdefault(names[key], key)
    for alias, key in _POWER_ALIASES.items():
        spellings.setdefault(alias, key)
    typed = tidy(name)
    if typed.casefold().startswith("the "):
        typed = typed[4:]
    other = look_alike(typed, spellings)
    return None if other is None else power_label(spellings[other], names)


def typed_power_name(name: str) -> str:
    """A custom power's name as the GM typed it, tidied ("Knights of Rhodes")."""
    return tidy(name)


def leader_key(name: str) -> str:
    """The stable key of a naval leader (Barbarossa, Dragut, or a custom one)."""
    normal = _normal(name)
    return _LEADER_ALIASES.get(normal, normal.replace(" ", "_"))


def leader_label(leader: str) -> Msg | str:
    """What players see for a naval leader, escaped."""
    name = leader_name(leader)
    return name if isinstance(name, Msg) else shown(name)


def leader_name(leader: str) -> Msg | str:
    """`leader_label` unescaped, for autocomplete labels, which show no Markdown."""
    if leader in KNOWN_LEADERS:
        return piracy_msg(f"leader.{leader}")
    return leader


@dataclass(frozen=True)
class SeaZone:
    """One sea zone of the map with its names (data/ottoman_piracy/sea_zones.json)."""

    key: str
    en: str
    ru: str
    aliases: tuple[str, ...] = ()

    def name(self, locale: object = None) -> str:
        """The zone's name in the reader's language."""
        return self.ru if language_of(locale) == "ru" else self.en


@cache
def sea_zones() -> tuple[SeaZone, ...]:
    """The sea zones of the Here I Stand map, in the data file's order."""
    path = data_dir() / "ottoman_piracy" / "sea_zones.json"
    raw = json.loads(path.read_text(encoding="utf-8"))
    return tuple(
        SeaZone(
            key=str(z["key"]),
            en=str(z["en"]),
            ru=str(z["ru"]),
            aliases=tuple(str(a) for a in z.get("aliases", ())),
        )
        for z in raw["zones"]
    )


@cache
def _zone_index() -> dict[str, SeaZone]:
    index: dict[str, SeaZone] = {}
    for zone in sea_zones():
        for name in (zone.key, zone.en, zone.ru, *zone.aliases):
            index[zone_normal(name)] = zone
    return index


def find_sea_zone(name: str) -> SeaZone | None:
    """The known sea zone a player's text names (English, Russian, key or alias, written in
    any way `zone_normal` reads as one), if any."""
    return _zone_index().get(zone_normal(name))


def sea_zone_key(name: str) -> str:
    """The key piracy markers use (OP-1.4): the known zone's key, else the text's
    `zone_normal` form slugged, so two spellings of one zone share a marker."""
    zone = find_sea_zone(name)
    return zone.key if zone is not None else zone_normal(name).replace(" ", "_")


def sea_zone_label(name: str) -> Msg | str:
    """What players see for a sea zone: a translated name for known zones, else the text,
    escaped."""
    found = sea_zone_name(name)
    return found if isinstance(found, Msg) else shown(found)


def sea_zone_name(name: str) -> Msg | str:
    """`sea_zone_label` unescaped, for button labels, which show no Markdown."""
    zone = find_sea_zone(name)
    if zone is not None:
        return piracy_msg(f"zone.{zone.key}")
    return tidy(name)


def sea_zone_choices(query: str, locale: object = None, limit: int = 25) -> list[tuple[str, str]]:
    """Autocomplete for a sea-zone option: (name shown, value to send), best matches first.

    Names in the reader's language come first; a zone matches when any of its names
    contains the query. An empty query lists every zone.
    """
    normal = _normal(query)
    starts: list[tuple[str, str]] = []
    contains: list[tuple[str, str]] = []
    for zone in sea_zones():
        names = [_normal(n) for n in (zone.en, zone.ru, *zone.aliases)]
        shown = zone.name(locale)
        if not normal or any(n.startswith(normal) for n in names):
            starts.append((shown, zone.key))
        elif any(normal in n for n in names):
            contains.append((shown, zone.key))
    return (starts + contains)[:limit]
