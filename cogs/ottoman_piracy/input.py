"""What players type into `/corsairs piracy`, read into the engine's declaration.

Counts come as numbers; fortresses as a number of qualifying ones or a list the engine judges
("Malta (Hospitallers), Corfu (Papacy, besieged)"); leaders as names, "both" or "none".
Bad input raises a GameError before anything is rolled.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.campaigns import Faction
from bot.errors import GameError
from bot.factions import find_faction
from bot.factions import normal
from bot.i18n import MsgList
from bot.rules.ottoman_piracy import KNOWN_POWERS
from bot.rules.ottoman_piracy import OTTOMAN
from bot.rules.ottoman_piracy import FortifiedSpace
from bot.rules.ottoman_piracy import OttomanPiracySettings
from bot.rules.ottoman_piracy import OttomanPiracyState
from bot.rules.ottoman_piracy import PiracyDeclaration
from bot.rules.ottoman_piracy import SquadronGroup
from bot.rules.ottoman_piracy import find_sea_zone
from bot.rules.ottoman_piracy import power_key
from bot.rules.ottoman_piracy import power_label
from bot.rules.ottoman_piracy.models import SpaceType
from bot.rules.ottoman_piracy.names import sea_zone_key
from bot.text import split_top_level

C = "corsairs."
MAX_FORTRESSES = 40

_BOTH = {"both", "all", "оба", "все"}
_NONE = {"", "none", "no", "-", "—", "нет", "никого"}
_FLAGS: dict[str, str] = {
    "besieged": "besieged",
    "siege": "besieged",
    "осаждена": "besieged",
    "осаждён": "besieged",
    "осаждённая": "besieged",
    "осажденная": "besieged",
    "unrest": "unrest",
    "беспорядки": "unrest",
    "key": "key",
    "ключевой": "key",
    "ключ": "key",
    "city": "fortified_city",
    "fortified city": "fortified_city",
    "город": "fortified_city",
    "укреплённый город": "fortified_city",
    "укрепленный город": "fortified_city",
    "fortress": "fortress",
    "крепость": "fortress",
}
_ENTRY = re.compile(r"^(?P<name>[^()]+?)\s*(?:\((?P<inside>[^()]*)\))?$")
_SIGNED_COUNT = re.compile(r"[+-]?[0-9]+")  # ASCII digits: "²" is a name, never a count


@dataclass(frozen=True)
class PiracyInput:
    """The options of `/corsairs piracy` as typed."""

    zone: str
    target: str
    corsairs: int
    leaders: str | None = None
    squadrons_in_zone: int = 0
    adjacent_squadrons: int = 0
    adjacent_place: str | None = None
    allied_adjacent_squadrons: int = 0
    ally: str | None = None
    fortresses: str | None = None
    ports: int = 1
    hand: int | None = None
    ottoman_squadrons: int = 0
    allied_squadrons_in_zone: int = 0


def parse_leaders(text: str | None, settings: OttomanPiracySettings) -> list[str]:
    """Naval leaders in the zone: names (any language), "both" for every rated leader, "none"."""
    normal = (text or "").strip().casefold()
    if normal in _NONE:
        return []
    if normal in _BOTH:
        return list(settings.piracy_ratings)
    names = re.split(r"\s*(?:,|\+|&|/|\band\b|\bи\b)\s*", normal)
    return [n for n in names if n]


def played_by_faction(
    text: str, state: OttomanPiracyState, factions: list[Faction], *, prefix: bool = False
) -> str | None:
    """The power a faction named `text` plays, when it plays exactly one; else None. The
    name is compared as every command compares faction names (any case, `ё`/`е`, dashes);
    with `prefix`, the only faction whose name it starts names it too."""
    names = [f.name for f in factions]
    if prefix:
        name = find_faction(text, names)
    else:
        name = next((n for n in names if normal(n) == normal(text)), None)
    played = state.powers_of(name) if name is not None else []
    return played[0] if len(played) == 1 else None


def resolve_power(text: str, state: OttomanPiracyState, factions: list[Faction]) -> str:
    """A power named by key, name (English or Russian) or by the faction that plays it (its
    full name, or the start only that faction's name has, when no power is named so).

    Custom powers are accepted once the GM registered them (a player, or war status);
    anything else is refused, so a typo does not start a piracy against nobody.
    """
    played = played_by_faction(text, state, factions)
    if played is not None:
        return played
    key = power_key(text)
    known = {*KNOWN_POWERS, *state.power_factions, *state.at_war_with_ottomans}
    if key in known:
        return key
    played = played_by_faction(text, state, factions, prefix=True)
    if played is not None:
        return played
    names = MsgList([power_label(k, state.power_names) for k in sorted(known)])
    raise GameError(C + "error.unknown_power", power=text.strip(), known=names)


def resolve_ally(
    text: str | None, target: str, state: OttomanPiracyState, factions: list[Faction]
) -> str:
    """Whose squadrons `allied_adjacent_squadrons` are: named, or the only power at war."""
    if text:
        return resolve_power(text, state, factions)
    candidates = [p for p in state.at_war_with_ottomans if p not in (target, OTTOMAN)]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise GameError(C + "error.no_ally_at_war")
    raise GameError(C + "error.which_ally", powers=", ".join(candidates))


def parse_fortresses(
    text: str | None, target: str, state: OttomanPiracyState, factions: list[Faction]
) -> list[FortifiedSpace]:
    """Adjacent fortified spaces: a number of qualifying fortresses and/or named ones.

    A number N adds N fortresses that qualify (held by the target, not besieged, not in
    unrest), named "#1".."#N". A name may carry its controller and status in parentheses:
    "Corfu (Papacy)", "Tunis (Hapsburgs, besieged)", "Naples (key)"; without a controller
    the target holds it. A controller is a power as a target is (`resolve_power`: a typo is
    refused, not read as a power at peace). A fortress named twice is the engine's to
    refuse (OP-2.4: each gives one die at most).
    """
    spaces: list[FortifiedSpace] = []
    numbered = 0
    for entry in split_top_level(text or ""):
        if _SIGNED_COUNT.fullmatch(entry):  # "-3" is a count below 0, not a fortress's name
            if int(entry) < 0:
                raise GameError(C + "error.fortress_count", count=int(entry))
            for _ in range(int(entry)):
                numbered += 1
                spaces.append(FortifiedSpace(name=f"#{numbered}", controller=target))
                if len(spaces) > MAX_FORTRESSES:
                    raise GameError(C + "error.too_many_fortresses", max=MAX_FORTRESSES)
            continue
        match = _ENTRY.match(entry)
        if match is None or len(match["name"]) > 60:
            raise GameError(C + "error.fortress_list", entry=entry)
        controller = target
        space_type: SpaceType = "fortress"
        besieged = unrest = False
        for word in split_top_level(match["inside"] or ""):
            flag = _FLAGS.get(word.casefold())
            if flag == "besieged":
                besieged = True
            elif flag == "unrest":
                unrest = True
            elif flag == "key":
                space_type = "key"
            elif flag == "fortified_city":
                space_type = "fortified_city"
            elif flag == "fortress":
                space_type = "fortress"
            elif len(word) <= 60:
                controller = resolve_power(word, state, factions)
            else:
                raise GameError(C + "error.fortress_list", entry=entry)
        spaces.append(
            FortifiedSpace(
                name=match["name"].strip(),
                controller=controller,
                space_type=space_type,
                besieged=besieged,
                unrest=unrest,
            )
        )
        if len(spaces) > MAX_FORTRESSES:
            raise GameError(C + "error.too_many_fortresses", max=MAX_FORTRESSES)
    return spaces


def build_declaration(
    typed: PiracyInput,
    state: OttomanPiracyState,
    settings: OttomanPiracySettings,
    factions: list[Faction],
) -> PiracyDeclaration:
    """The engine's declaration from the typed options (the rules are checked by the engine)."""
    # A place or an ally without its count would give no die for squadrons the player meant.
    if (typed.adjacent_place or "").strip() and not typed.adjacent_squadrons:
        raise GameError(C + "error.place_without_squadrons")
    if typed.adjacent_place and sea_zone_key(typed.adjacent_place) == sea_zone_key(typed.zone):
        # OP-2.2: the target's squadrons in the piracy zone give 2 dice each, not 1 (OP-2.3).
        raise GameError(C + "error.place_is_the_zone", place=typed.adjacent_place.strip())
    allied = typed.allied_adjacent_squadrons or typed.allied_squadrons_in_zone
    if (typed.ally or "").strip() and not allied:
        raise GameError(C + "error.ally_without_squadrons")
    target = resolve_power(typed.target, state, factions)
    squadrons: list[SquadronGroup] = []
    if typed.squadrons_in_zone:
        squadrons.append(
            SquadronGroup(power=target, location="zone", count=typed.squadrons_in_zone)
        )
    if typed.adjacent_squadrons:
        place = (typed.adjacent_place or "").strip()
        # A known sea zone is an adjacent sea zone; any other place is taken for a port.
        location = "adjacent_sea" if place and find_sea_zone(place) else "adjacent_port"
        squadrons.append(
            SquadronGroup(
                power=target, location=location, place=place, count=typed.adjacent_squadrons
            )
        )
    if typed.allied_squadrons_in_zone:
        # OP-I4: a third power's squadrons in the zone itself give dice only by setting.
        ally = resolve_ally(typed.ally, target, state, factions)
        squadrons.append(
            SquadronGroup(power=ally, location="zone", count=typed.allied_squadrons_in_zone)
        )
    if typed.allied_adjacent_squadrons:
        ally = resolve_ally(typed.ally, target, state, factions)
        squadrons.append(
            SquadronGroup(
                power=ally, location="adjacent_port", count=typed.allied_adjacent_squadrons
            )
        )
    return PiracyDeclaration(
        sea_zone=typed.zone.strip(),
        target=target,
        corsairs=typed.corsairs,
        target_ports=typed.ports,
        naval_leaders=parse_leaders(typed.leaders, settings),
        squadrons=squadrons,
        fortified_spaces=parse_fortresses(typed.fortresses, target, state, factions),
        # OP-I7: what extra anti-piracy hits may sink when a GM sets it.
        ottoman_squadrons=typed.ottoman_squadrons,
        target_hand_size=typed.hand,
    )
