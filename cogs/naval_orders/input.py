"""Reading what players type into `/navy` options and order forms: ships, a fleet's
squadrons, a station distance table, and the fields of each order's form (NO-I19).

Parsing only: the engine decides what is legal. A text that cannot be read is refused with
a catalog key that shows the expected format; nothing is changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.errors import RuleViolation
from bot.rules.naval_orders import BlockadeOrder
from bot.rules.naval_orders import BuildOrder
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import DisbandOrder
from bot.rules.naval_orders import EscortOrder
from bot.rules.naval_orders import LandingOrder
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import Order
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import RepairOrder
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders.models import SquadronKind
from bot.rules.naval_orders.models import VesselKind
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.settings import OrderKind

ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6}
UNRATED_WORDS: dict[str, VesselKind] = {
    "transport": "transport",
    "transports": "transport",
    "t": "transport",
    "транспорт": "transport",
    "транспорта": "transport",
    "транспортов": "transport",
    "merchant": "merchant",
    "merchants": "merchant",
    "merchantman": "merchant",
    "merchantmen": "merchant",
    "m": "merchant",
    "купец": "merchant",
    "купца": "merchant",
    "купцов": "merchant",
    "торговое": "merchant",
    "packet": "packet",
    "packets": "packet",
    "p": "packet",
    "покетбот": "packet",  # the seed's spelling, which the Russian catalogs use
    "покетбота": "packet",
    "покетботов": "packet",
    "пакетбот": "packet",
    "пакетбота": "packet",
    "пакетботов": "packet",
}
JURY_WORDS = {"jury", "jury-mast", "j", "мачта", "фальшмачта", "фальшмачтой"}
SQUADRON_WORDS: dict[str, SquadronKind] = {
    "line": "line",
    "l": "line",
    "линейная": "line",
    "линейный": "line",
    "auxiliary": "auxiliary",
    "aux": "auxiliary",
    "a": "auxiliary",
    "вспомогательная": "auxiliary",
    "вспомогательный": "auxiliary",
}
MAX_COUNT = 200
COUNTED = re.compile(r"^(\d+)\s*[x×х*]\s*(.+)$|^(\d+)\s+(\D.*)$", re.IGNORECASE)
HULL = re.compile(r"^(\d+)\s*%$")
MAX_HULL_PCT = 100
SQUADRON = re.compile(r"^\s*(.+?)\s*\(\s*([^)]+?)\s*\)\s*:\s*(.+)$")


def _ships_error(item: str) -> RuleViolation:
    return RuleViolation("navy.error.ships_format", clause="NO-I8", item=item.strip())


def _count_error(item: str) -> RuleViolation:
    """A count of ships out of 1 to `MAX_COUNT`: the register's limit, as a force's
    (`MAX_SHIPS_PER_FORCE`, NO-I3)."""
    return RuleViolation(
        "navy.error.ship_count", clause="NO-I3", item=item.strip(), limit=MAX_COUNT
    )


def _hull_error(item: str) -> RuleViolation:
    """Hull damage out of 0 to 100 %: a damaged ship is told by it (NO-I5)."""
    return RuleViolation(
        "navy.error.hull_damage", clause="NO-I5", item=item.strip(), limit=MAX_HULL_PCT
    )


def _vessel(token: str, item: str) -> tuple[VesselKind, int | None]:
    word = token.casefold()
    if word in ROMAN:
        return "warship", ROMAN[word]
    if word.isdigit() and 1 <= int(word) <= 6:
        return "warship", int(word)
    if word in UNRATED_WORDS:
        return UNRATED_WORDS[word], None
    raise _ships_error(item)


def _one_item(item: str) -> list[Ship]:
    """`2xIII`, `IV jury`, `V 80%`, `3 transport`, `packet`: ships with their damage."""
    text = " ".join(item.replace("(", " ").replace(")", " ").split())
    count = 1
    counted = COUNTED.match(text)
    if counted:
        number = counted.group(1) or counted.group(3)
        text = counted.group(2) or counted.group(4)
        count = int(number)
    words = text.split()
    if not words:
        raise _ships_error(item)
    if not 1 <= count <= MAX_COUNT:
        raise _count_error(item)
    kind, rate = _vessel(words[0], item)
    jury = False
    hull = 0
    for word in words[1:]:
        hull_match = HULL.match(word)
        if word.casefold() in JURY_WORDS:
            jury = True
        elif hull_match:
            hull = int(hull_match.group(1))
            if hull > MAX_HULL_PCT:
                raise _hull_error(item)
        else:
            raise _ships_error(item)
    ship = Ship(kind=kind, rate=rate, jury_mast=jury, hull_damage_pct=hull)
    return [ship] * count


def parse_ships(text: str) -> list[Ship]:
    """Comma-separated ships (NO-2.6, NO-I5, NO-I8): `2xIII, IV jury, V 80%, 3 transport`."""
    ships: list[Ship] = []
    for item in text.split(","):
        if item.strip():
            ships += _one_item(item)
    if not ships:
        raise _ships_error(text)
    return ships


def parse_squadrons(text: str) -> list[Squadron]:
    """A fleet's squadrons, `;`-separated (NO-I3):
    `Red (line): 2xIII, IV; Blue (auxiliary): 3xV`."""
    squadrons: list[Squadron] = []
    for part in text.split(";"):
        if not part.strip():
            continue
        match = SQUADRON.match(part)
        kind = SQUADRON_WORDS.get(match.group(2).casefold()) if match else None
        if match is None or kind is None:
            raise RuleViolation("navy.error.squadrons_format", clause="NO-I3", item=part.strip())
        squadrons.append(
            Squadron(name=match.group(1), kind=kind, ships=parse_ships(match.group(3)))
        )
    return squadrons


def parse_distances(text: str) -> dict[str, int]:
    """`Kronstadt: 3, Reval: 5` — each naval station's distance (NO-I16), each once: a
    station named twice (any case) is refused, not one of its distances kept silently."""
    table: dict[str, int] = {}
    for item in text.split(","):
        if not item.strip():
            continue
        name, _, number = item.rpartition(":")
        if not name.strip() or not number.strip().isdigit():
            raise RuleViolation("navy.error.distances_format", clause="NO-I16", item=item.strip())
        if any(name_key(name) == name_key(named) for named in table):
            raise RuleViolation("navy.error.distances_twice", clause="NO-I16", station=name.strip())
        table[name.strip()] = int(number)
    return table


# --- order forms (NO-I19) ---------------------------------------------------------------------


@dataclass(frozen=True)
class FormField:
    """One input of an order's form: the order model's field, whether it is long text, and
    whether the order's mandatory text needs it (NO-I19: required under strict forms; the
    waypoints only when `min_waypoints` asks for some)."""

    name: str
    long: bool = False
    mandatory: bool = True


DETAILS = FormField("details", long=True, mandatory=False)
FORM_FIELDS: dict[OrderKind, tuple[FormField, ...]] = {
    "cruise": (FormField("point"), FormField("location"), FormField("turns")),
    "move": (FormField("point"), FormField("destination"), FormField("port"), FormField("via")),
    "raid": (FormField("point"), FormField("location"), FormField("turns")),
    "blockade": (FormField("port"), DETAILS),
    "escort": (FormField("convoy"), DETAILS),
    "landing": (FormField("location"), DETAILS),
    "build": (FormField("details", long=True),),
    "repair": (DETAILS,),
    "disband": (DETAILS,),
}


def _turns(value: str) -> int | None:
    """A number of turns as typed; blank is left for the engine to refuse (NO-I19)."""
    text = value.strip()
    if not text:
        return None
    if not text.lstrip("-").isdigit():
        raise RuleViolation("navy.error.turns_not_number", clause="NO-I19", value=text)
    return int(text)


def _blank(value: str) -> str | None:
    return value.strip() or None


def order_from_form(kind: OrderKind, values: dict[str, str]) -> Order:
    """The order a submitted form describes (fields by name; blanks for the engine to judge
    under `strict_order_forms`, NO-I19)."""

    def get(name: str) -> str:
        return values.get(name, "")

    if kind == "cruise":
        return CruiseOrder(
            point=_blank(get("point")), location=_blank(get("location")), turns=_turns(get("turns"))
        )
    if kind == "raid":
        return RaidOrder(
            point=_blank(get("point")), location=_blank(get("location")), turns=_turns(get("turns"))
        )
    if kind == "move":
        # Empty items (a trailing or doubled comma) name no location: skipped.
        via = [w.strip() for w in get("via").split(",") if w.strip()]
        return MoveOrder(
            point=_blank(get("point")),
            destination=_blank(get("destination")),
            port=_blank(get("port")),
            via=via,
        )
    if kind == "blockade":
        return BlockadeOrder(port=_blank(get("port")), details=get("details"))
    if kind == "escort":
        return EscortOrder(convoy=_blank(get("convoy")), details=get("details"))
    if kind == "landing":
        return LandingOrder(location=_blank(get("location")), details=get("details"))
    if kind == "build":
        return BuildOrder(details=_blank(get("details")))
    if kind == "repair":
        return RepairOrder(details=get("details"))
    return DisbandOrder(details=get("details"))
