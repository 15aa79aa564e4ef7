"""What players type into `/combat`, read into the engine's terms: ship lists, class names,
factions and fire targets, in English or Russian.

Ships: `3 destroyer, 2 cruiser (1 wound), 1 dreadnought`; a count may come first or after
an `x`; parentheses give wound tokens ship by ship in id order (`(1, 0)`, `(1 wound)`,
`(раны: 2)`). Bad input raises a GameError naming what is allowed, before anything changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

from bot.campaigns import Faction
from bot.errors import GameError
from bot.factions import normal
from bot.factions import resolve_faction
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import class_count
from bot.rules.fleet_combat import class_name
from bot.text import POINT_NAME_MAX
from bot.text import clean_text
from bot.text import shown
from bot.text import split_top_level

C = "combat."
# Shorthand Twilight Imperium players use for the default classes.
SHORTHAND: dict[str, str] = {
    "ff": "fighter",
    "dd": "destroyer",
    "ca": "cruiser",
    "cv": "carrier",
    "dn": "dreadnought",
    "dread": "dreadnought",
    "ws": "war_sun",
    "warsun": "war_sun",
    "тр": "transport",
}
_ENTRY = re.compile(
    r"(?:(?P<before>\d+)\s*(?:[×*]\s*|[xх]\s+)?)?"
    r"(?P<name>[^()]*?[^()\d\s][^()]*?)"
    r"(?:(?:\s*[x×х*]\s*|\s+)(?P<after>\d+))?"
    r"\s*(?:\((?P<wounds>[^()]*)\))?"
)
_NEGATIVE = re.compile(r"[-−–]\s*\d")  # `-1 cruiser`: a count below zero
_FRACTION = re.compile(r"\d+\.\d")  # `2.5 cruiser`: ships are whole
# Inside a class's brackets: whole numbers, optionally with the word for wounds and a colon
# (`(1, 0)`, `(2 wounds)`, `(раны: 1, 0)`, as fleets are shown); anything else is refused.
_WOUND_TOKEN = re.compile(r"\d+|wounds?|ран[аы]?|[:,;]", re.IGNORECASE)
_ZERO = re.compile(r"0+")  # `0`: no ships, of any class
_COUNT_PREFIX = re.compile(r"^[\d.,]+\s*×?\s*")
_LIST_WORDS = re.compile(r"\s+(?:and|и)\s+", re.IGNORECASE)
MAX_ENTRY = 60


@dataclass(frozen=True)
class ShipList:
    """Ship counts by class in the order typed, and wound tokens for the classes given any."""

    ships: dict[str, int]
    wounds: dict[str, list[int]]

    @property
    def total(self) -> int:
        """How many ships in all."""
        return sum(self.ships.values())


def typed_point(text: str) -> str:
    """A board point as the bot stores it: visible characters, 1 to POINT_NAME_MAX of them."""
    return clean_text(text, POINT_NAME_MAX, error=C + "error.point_name")


def split_list(text: str) -> list[str]:
    """Entries separated by commas, semicolons, new lines or "and"; parentheses stay whole."""
    out: list[str] = []
    for part in split_top_level(text):
        out += [p.strip() for p in _LIST_WORDS.split(part) if p.strip()]
    return out


def class_aliases(settings: FleetCombatSettings) -> dict[str, str]:
    """Every name a class may be typed as (both languages, singular and plural) → its key."""
    aliases: dict[str, str] = {}
    for key in settings.ship_stats:
        forms = {key, key.replace("_", " ")}
        for language in ("en", "ru"):
            forms.add(class_name(key).render(language))
            for count in (1, 2, 5):
                forms.add(class_word(key, language, count=count))
        for form in forms:
            aliases.setdefault(normal(form), key)
    for short, key in SHORTHAND.items():
        if key in settings.ship_stats:
            aliases.setdefault(short, key)
    return aliases


def class_word(ship_class: str, locale: str, *, count: int = 1) -> str:
    """A class as it follows a number in the reader's language: one ship's `dreadnought`,
    `дредноут`; with `count`, the form for that many (`dreadnoughts`, `дредноута` for 2)."""
    return _COUNT_PREFIX.sub("", class_count(ship_class, count).render(locale))


def known_classes(settings: FleetCombatSettings, locale: str) -> str:
    """The campaign's classes in the reader's language, for error messages."""
    return shown_list(class_name(key).render(locale) for key in settings.ship_stats)


def shown_list(names: Iterable[str]) -> str:
    """Names players or GMs gave (factions, classes), escaped for a message and listed."""
    return ", ".join(shown(name) for name in names)


def find_class(text: str, settings: FleetCombatSettings) -> str | None:
    """The class key a typed name means: an exact form, else one class it is a prefix of, or
    a form of it with a longer ending (`крейсерами`), but not one followed by further words
    (`крейсера мусор`: `class_and_rest`)."""
    wanted = normal(text)
    if not wanted:
        return None
    aliases = class_aliases(settings)
    if wanted in aliases:
        return aliases[wanted]
    if len(wanted) < 3:
        return None
    near = {
        key
        for alias, key in aliases.items()
        if alias.startswith(wanted)
        or (len(alias) >= 4 and wanted.startswith(alias) and " " not in wanted[len(alias) :])
    }
    return near.pop() if len(near) == 1 else None


def class_and_rest(text: str, settings: FleetCombatSettings) -> tuple[str, str] | None:
    """`2 крейсера мусор`'s name split into the words that name a class (`крейсера`) and the
    words after them that mean nothing (`мусор`); None when no leading words name a class."""
    words = text.split()
    for cut in range(len(words) - 1, 0, -1):
        if find_class(" ".join(words[:cut]), settings) is not None:
            return " ".join(words[:cut]), " ".join(words[cut:])
    return None


def resolve_class(text: str, settings: FleetCombatSettings, locale: str) -> str:
    """The class key a typed name means, or a GameError listing the campaign's classes."""
    key = find_class(text, settings)
    if key is None:
        raise GameError(
            C + "error.unknown_class",
            name=shown(text.strip()),
            known=known_classes(settings, locale),
        )
    return key


def wound_tokens(text: str, entry: str) -> list[int]:
    """The wound tokens typed in a class's brackets, ship by ship (FC-2.3): `-1`, `1.5` or
    a stray word is refused rather than skipped, so nothing typed is misread as wounds."""
    tokens = text.split()
    if any(_WOUND_TOKEN.sub("", token) for token in tokens):
        raise GameError(C + "error.bad_wounds", entry=shown(entry))
    return [int(n) for n in re.findall(r"\d+", text)]


def parse_ships(text: str, settings: FleetCombatSettings, locale: str) -> ShipList:
    """`3 destroyer, 2 cruiser (1 wound), 1 dreadnought` → counts and wounds by class.

    A class typed twice adds up ("1 cruiser (1), 1 cruiser" is two cruisers, the first
    wounded). Wounds are given only for classes typed with parentheses; other classes keep
    the wounds their ships already carry. A bare `0` is no ships, as `0 cruiser` is.
    """
    ships: dict[str, int] = {}
    wounds: dict[str, list[int]] = {}
    typed_wounds: set[str] = set()
    entries = split_list(text)
    if not entries:
        raise GameError(C + "error.no_ships", known=known_classes(settings, locale))
    for entry in entries:
        if _ZERO.fullmatch(entry):
            continue
        if _NEGATIVE.match(entry):
            raise GameError(C + "error.negative_count", entry=shown(entry))
        if _FRACTION.match(entry):
            raise GameError(C + "error.whole_count", entry=shown(entry))
        match = _ENTRY.fullmatch(entry)
        if match is None or len(entry) > MAX_ENTRY or (match["before"] and match["after"]):
            raise GameError(
                C + "error.bad_ship_entry",
                entry=shown(entry),
                known=known_classes(settings, locale),
            )
        split = (
            None if find_class(match["name"], settings) else class_and_rest(match["name"], settings)
        )
        if split is not None:  # `2 крейсера мусор`: what follows the class is refused
            raise GameError(
                C + "error.words_after_class",
                name=shown(split[0]),
                rest=shown(split[1]),
                known=known_classes(settings, locale),
            )
        key = resolve_class(match["name"], settings, locale)
        count = int(match["before"] or match["after"] or 1)
        given: list[int] = []
        if match["wounds"] is not None:
            given = wound_tokens(match["wounds"], entry)
            if not given:
                raise GameError(
                    C + "error.bad_ship_entry",
                    entry=shown(entry),
                    known=known_classes(settings, locale),
                )
            typed_wounds.add(key)
        previous = ships.get(key, 0)
        listed = wounds.setdefault(key, [])
        listed += [0] * (previous - len(listed))
        listed += given
        ships[key] = previous + count
    for key in list(wounds):
        if key not in typed_wounds:
            del wounds[key]
        else:
            wounds[key] += [0] * (ships[key] - len(wounds[key]))
    return ShipList(ships=ships, wounds=wounds)


# --- factions -------------------------------------------------------------------------------


def parse_factions(text: str, factions: Sequence[Faction]) -> list[str]:
    """`Blue, Green` → campaign factions, in the order typed, without repeats."""
    return list(dict.fromkeys(resolve_faction(part, factions) for part in split_list(text)))


# --- fire targets ---------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TargetScope:
    """What a group's typed fire target is read against: its `opponents` in battle `battle`,
    the campaign's `settings` (its classes), the typist's `locale`; `others`, further names
    read as a faction (an ally, say), so that the engine can say why it may not be shot at
    rather than the class being unreadable; `legal`, the (faction, class) pairs the group
    may shoot; the `campaign`'s factions; and the shooter's `own` faction."""

    opponents: Sequence[str]
    settings: FleetCombatSettings
    locale: str
    battle: int
    others: Sequence[str] = ()
    legal: Sequence[tuple[str, str]] = ()
    campaign: Sequence[str] = ()
    own: str | None = None


def parse_target(text: str, scope: TargetScope) -> tuple[str, str]:
    """`Blue: cruiser`, `Blue cruisers`, or just `cruiser` with one opponent → (faction, class).

    A name before the class that is nobody in the battle is refused as such, with its
    opponents listed. A faction named without a class is refused saying how to write one
    after it, with the classes of that faction's the group may shoot (`legal`). A name
    alone that is a faction of the campaign outside the battle is refused as such; one
    that is neither a class nor a faction is refused naming both. The shooter's `own`
    faction, with or without a class, is refused as one it cannot fire at; a text that is a
    whole class name (`war sun` typed by War) is that class, not the own faction.
    """
    opponents, others, own = scope.opponents, scope.others, scope.own
    settings, locale, battle = scope.settings, scope.locale, scope.battle
    typed = text.strip()
    names = {*opponents, *others, *([own] if own else [])}
    # `war sun` typed by War: the whole text is a class, not War's name followed by `sun`
    whole_class = normal(typed) in class_aliases(settings)
    for name in sorted(names, key=len, reverse=True):
        if whole_class and normal(typed) != normal(name):
            continue
        if normal(typed).startswith(normal(name)):
            if name == own and name not in opponents and name not in others:
                raise GameError(
                    C + "error.own_target",
                    faction=shown(name),
                    battle=battle,
                    opponents=shown_list(opponents) or "—",
                )
            rest = typed[len(name) :].strip(" :—-/|,")
            if not rest:  # `Blue` alone: whom, but not which of their ships
                classes = [c for f, c in scope.legal if f == name]
                raise no_class_named(name, classes, settings, locale)
            return name, resolve_class(rest, settings, locale)
    if len(opponents) == 1 and find_class(typed, settings) is not None:
        return opponents[0], resolve_class(typed, settings, locale)
    stranger = named_faction(typed, settings)
    if stranger is None:  # `Alliance` alone: a faction of the campaign, not in this battle
        stranger = next((f for f in scope.campaign if normal(f) == normal(typed)), None)
    if stranger is not None:
        raise GameError(
            C
            + (
                "error.not_in_battle_target_one"
                if len(opponents) == 1
                else "error.not_in_battle_target"
            ),
            faction=shown(stranger),
            battle=battle,
            opponents=shown_list(opponents) or "—",
        )
    if len(opponents) == 1 and class_and_rest(typed, settings) is None:
        keys = [c for f, c in scope.legal if f == opponents[0]] or list(settings.ship_stats)
        raise GameError(
            C + "error.target_unknown",
            target=shown(typed),
            battle=battle,
            opponent=shown(opponents[0]),
            example=class_word(keys[0], locale) if keys else "…",
            known=known_classes(settings, locale),
        )
    if len(opponents) == 1:
        return opponents[0], resolve_class(typed, settings, locale)
    raise GameError(
        C + "error.bad_target", target=shown(typed), opponents=shown_list(opponents) or "—"
    )


def no_class_named(
    faction: str, classes: Sequence[str], settings: FleetCombatSettings, locale: str
) -> GameError:
    """The refusal of a target naming `faction` alone: write a class after it, e.g. the first
    of `classes` (the faction's classes the group may shoot), listed too; with none, the
    campaign's."""
    keys = list(classes) or list(settings.ship_stats)
    return GameError(
        C + "error.target_without_class",
        faction=shown(faction),
        example=class_word(keys[0], locale) if keys else "…",
        known=shown_list(class_name(key).render(locale) for key in keys) or "—",
    )


# `Blue: cruiser`, `Blue — cruiser`: the faction's name before the last such mark.
_FACTION_MARK = re.compile(r"^(?P<faction>.*\S)\s*[:—]\s*(?P<rest>.*)$")


def named_faction(typed: str, settings: FleetCombatSettings) -> str | None:
    """The faction a target names before its class (`Blue: cruiser`, `Blue cruiser`), when
    the text is not a class alone; None when no faction is named."""
    marked = _FACTION_MARK.match(typed)
    if marked is not None:
        return marked["faction"]
    words = typed.split()
    for cut in range(1, len(words)):
        if find_class(" ".join(words[cut:]), settings) is not None:
            return " ".join(words[:cut])
    return None


def target_value(opponent: str, target_class: str) -> str:
    """What an autocomplete suggestion for a target sends back: `Blue: cruiser`."""
    return f"{opponent}: {target_class}"


# --- split fire, hold fire (FC-I7) and ship ids (FC-I10) ------------------------------------

# What a player may type as a target to hold a group's fire (with `allow_hold_fire`).
HOLD_WORDS = frozenset(
    {"hold", "hold fire", "no fire", "не стрелять", "придержать огонь", "огонь не открывать"}
)
# `Blue: destroyer ×2`, `Blue: destroyer x2`, `Blue: destroyer *2`, `Blue: destroyer (2 dice)`.
_PART_DICE = re.compile(
    r"^(?P<target>.*?)(?:\s*[×*]\s*|\s+[xх]\s*)(?P<dice>\d+)\s*$"
    r"|^(?P<paren_target>.*?)\s*\(\s*(?P<paren_dice>\d+)[^()\d]*\)\s*$",
    re.IGNORECASE,
)
# `Blue: destroyer x-1`, `Blue: destroyer ×−2`: dice below one, not a class named "destroyer x-1".
_NEGATIVE_DICE = re.compile(r"(?:[×*]|\s[xх]|\s)\s*[-−–]\s*\d+\s*$", re.IGNORECASE)
_SHIP_ID = re.compile(r"#?\s*(\d+)(?:\s.*)?")


@dataclass(frozen=True)
class TypedTarget:
    """One part of a typed fire order: opponent, class, and the dice typed for it (if any)."""

    opponent: str
    target_class: str
    dice: int | None


def is_hold(text: str) -> bool:
    """Whether a typed target means "hold fire" (FC-I7), in English or Russian."""
    return normal(text) in HOLD_WORDS


def part_dice(part: str) -> tuple[str, int | None]:
    """`Blue: destroyer ×2` → (`Blue: destroyer`, 2); without a count → (part, None)."""
    match = _PART_DICE.fullmatch(part.strip())
    if match is None:
        return part.strip(), None
    target = match["target"] if match["target"] is not None else match["paren_target"]
    dice = match["dice"] if match["dice"] is not None else match["paren_dice"]
    return target.strip(), int(dice)


def parse_fire_targets(text: str, scope: TargetScope) -> list[TypedTarget]:
    """`Blue: destroyer ×2, Blue: dreadnought` → one TypedTarget per part, in the order typed
    (each part read as `parse_target` reads it)."""
    out: list[TypedTarget] = []
    for part in split_top_level(text):  # commas, semicolons, new lines
        target, dice = part_dice(part)
        if (dice is not None and dice < 1) or _NEGATIVE_DICE.search(part):
            raise GameError(C + "error.split_zero", part=shown(part.strip()))
        opponent, target_class = parse_target(target, scope)
        out.append(TypedTarget(opponent, target_class, dice))
    if not out:
        raise GameError(
            C + "error.bad_target",
            target=shown(text.strip()),
            opponents=shown_list(scope.opponents),
        )
    return out


def parse_ship_ids(text: str) -> list[int]:
    """`#6, #3` (or `6 3`, or autocompleted `#6 dreadnought`) → ship ids in the order typed."""
    ids: list[int] = []
    entries = split_list(text)
    if len(entries) == 1 and re.fullmatch(r"[#\d\s]+", entries[0]):
        entries = entries[0].replace("#", " #").split()
    for entry in entries:
        match = _SHIP_ID.fullmatch(entry.strip())
        if match is None:
            raise GameError(C + "error.bad_ship_ids", entry=shown(entry.strip()))
        ids.append(int(match[1]))
    return list(dict.fromkeys(ids))
