"""Options as typed into `/pirates …` turned into the engine's arguments: owner shares
("Vega:60, Orion:40") and ships ("2 cruiser, destroyer police, transport@Orion")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot.campaigns import Faction
from bot.errors import RuleViolation
from bot.factions import normal
from bot.factions import unknown_faction
from bot.i18n import MsgList
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat.messages import class_name
from bot.rules.space_pirates.registry import ShipSpec
from bot.text import shown
from cogs.fleet_combat.input import class_and_rest
from cogs.fleet_combat.input import find_class

C = "pirates."
# A ship's role as typed, in either language (the class comes before it).
ROLES = {
    "guard": "guard",
    "police": "police",
    "transport": "transport",
    "охрана": "guard",
    "полиция": "police",
    "транспорт": "transport",
}
MAX_SHIPS = 500
# A count as typed before the class: "2", "2x", "-2", "+3", "1.5" (only 1…MAX_SHIPS passes).
COUNT = re.compile(r"[+\-−–]?\d+([.,]\d+)?[xх×]?")


def known_faction(factions: Sequence[Faction], name: str) -> str:
    """The campaign faction named (any case), refused when unknown."""
    for faction in factions:
        if is_faction(faction, name):
            return faction.name
    raise unknown_faction(name, factions)


def is_faction(faction: Faction, name: str) -> bool:
    """Whether `name` is the faction's name, in any case (one with a colon in it too)."""
    return normal(faction.name) == normal(name)


def parse_owners(
    text: str | None, factions: Sequence[Faction], default: str
) -> list[tuple[str, int]]:
    """ "A:60, B:40" as (faction, share) pairs (SP-I5); one faction named alone ("A"): it
    owns the whole route, 100 %; empty: the acting faction, 100 %. A list of several owners
    gives each one's share, or is refused saying which has none."""
    if not text or not text.strip():
        return [(default, 100)]
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if not parts:
        raise RuleViolation(C + "error.owners_format", text=shown(text.strip()[:64]))
    alone = parts[0]
    if len(parts) == 1 and (":" not in alone or any(is_faction(f, alone) for f in factions)):
        return [(known_faction(factions, alone), 100)]  # "Orion": the sole owner (SP-I5)
    owners: list[tuple[str, int]] = []
    for part in parts:
        name, _, share = part.rpartition(":")
        if ":" not in part:
            raise RuleViolation(C + "error.owners_share_missing", text=shown(part[:64]))
        if not name.strip() or not share.strip().rstrip("%").strip().isdigit():
            raise RuleViolation(C + "error.owners_format", text=shown(part[:64]))
        owners.append((known_faction(factions, name), int(share.strip().rstrip("%"))))
    return owners


def parse_ships(
    text: str | None, factions: Sequence[Faction], default: str, combat: FleetCombatSettings
) -> list[ShipSpec]:
    """ "2 cruisers, destroyer police, transport@Orion": count, fleet combat class (any
    name `/combat` reads: English or Russian, singular or plural, TI shorthand), role (guard
    unless named; "transport" alone is an unarmed transport), owner after "@" (the acting
    faction unless named)."""
    if not text or not text.strip():
        return []
    ships: list[ShipSpec] = []
    for part in text.split(","):
        body, _, owner_name = part.partition("@")
        owner = known_faction(factions, owner_name) if owner_name.strip() else default
        words = body.split()
        count = 1
        if words and COUNT.fullmatch(words[0].lower()):  # a number first: the count
            typed = words.pop(0).lower().rstrip("xх×").replace("−", "-").replace("–", "-")
            count = int(typed) if typed.lstrip("+-").isdigit() else 0
            if not 1 <= count <= MAX_SHIPS:
                raise RuleViolation(
                    C + "error.ships_count", text=part.strip()[:64], limit=MAX_SHIPS
                )
        role = "guard"
        typed_role = bool(words) and words[-1].lower() in ROLES
        if typed_role:
            role = ROLES[words.pop().lower()]
        if not words and role == "transport":
            words = ["transport"]
        if not words:
            raise RuleViolation(C + "error.ships_format", text=part.strip()[:64])
        ship_class = _ship_class(" ".join(words), combat)
        if not typed_role and not combat.is_combat_class(ship_class):
            role = "transport"  # "2 transports": a class that does not fight guards nothing
        ships += [ShipSpec(owner=owner, ship_class=ship_class, role=role)] * count  # type: ignore[arg-type]
    if len(ships) > MAX_SHIPS:  # the limit is on the whole list
        raise RuleViolation(C + "error.ships_total", count=len(ships), limit=MAX_SHIPS)
    return ships


def _ship_class(typed: str, combat: FleetCombatSettings) -> str:
    """The campaign's class a typed name means, or a refusal listing the classes in the
    reader's language (SP-I10)."""
    found = find_class(typed, combat)
    split = None if found else class_and_rest(typed, combat)
    if split is not None:  # `2 эсминца полицейские`: a role typed in other words is refused
        raise RuleViolation(
            C + "error.ships_unknown_words",
            ship_class=shown(split[0][:64]),
            words=shown(split[1][:64]),
        )
    if found is None:
        raise RuleViolation(
            "space_pirates.error.unknown_class",
            clause="SP-I10",
            ship_class=shown(typed[:64]),
            allowed=MsgList([class_name(key) for key in combat.ship_stats]),
        )
    return found


def parse_factions(text: str | None, factions: Sequence[Faction]) -> list[str]:
    """A comma-separated list of campaign factions (empty: none)."""
    if not text or not text.strip():
        return []
    return [known_faction(factions, p) for p in text.split(",") if p.strip()]


def parse_numbers(text: str | None) -> list[int]:
    """ "12, 13" as numbers (ships, contracts); empty: none."""
    if not text or not text.strip():
        return []
    parts = [p.strip().lstrip("#") for p in text.split(",") if p.strip()]
    if not all(p.isdigit() for p in parts):
        raise RuleViolation(C + "error.numbers_format", text=text.strip()[:64])
    return [int(p) for p in parts]
