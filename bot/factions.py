"""Finding the faction a player names or acts for: one set of rules for every ruleset.

A GM acts for any faction, a player only for their own (DESIGN.md "Campaigns, factions,
permissions"). Names are compared folded (case, `ё`/`е`, dashes, spacing). No discord here.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence

from bot.campaigns import Faction
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.text import name_key


def normal(text: str) -> str:
    """NFKC case-folded without invisible characters, `ё` as `е`, underscores and dashes as
    spaces, single spaces."""
    folded = name_key(text).replace("ё", "е").replace("_", " ").replace("-", " ")
    return " ".join(folded.split())


def find_faction(text: str, names: Iterable[str]) -> str | None:
    """A faction name as typed: exact (any case), else the only one it starts."""
    wanted = normal(text)
    names = list(names)
    for name in names:
        if normal(name) == wanted:
            return name
    starting = [n for n in names if wanted and normal(n).startswith(wanted)]
    return starting[0] if len(starting) == 1 else None


def resolve_faction(text: str, factions: Sequence[Faction]) -> str:
    """A campaign faction by name; refused with the factions there are otherwise."""
    name = find_faction(text, [f.name for f in factions])
    if name is None:
        raise unknown_faction(text, factions)
    return name


def unknown_faction(text: str, factions: Sequence[Faction]) -> NotFound:
    """The one refusal of a faction name that matches none of the campaign's, whatever the
    command: the name as typed and the factions there are (both shown literally)."""
    return NotFound(
        "error.unknown_faction",
        faction=text.strip(),
        known=", ".join(f.name for f in factions) or "—",
    )


def own_factions(user_id: int, factions: Sequence[Faction]) -> list[str]:
    """The factions a player plays."""
    return [f.name for f in factions if f.user_id == user_id]


def acting_faction(
    user_id: int,
    is_gm: bool,
    factions: Sequence[Faction],
    wanted: str | None,
    *,
    among: Sequence[str] | None = None,
) -> str:
    """The faction a command acts for: `wanted` (a GM any, a player only their own), else
    the player's only faction (only one of `among`, when given, e.g. a battle's fighters)."""
    mine = own_factions(user_id, factions)
    if wanted:
        name = resolve_faction(wanted, factions)
        if not is_gm and name not in mine:
            raise NotAllowed("error.not_your_faction", faction=name)
        return name
    candidates = mine if among is None else [f for f in mine if f in among]
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise GameError("error.gm_names_faction" if is_gm else "error.no_faction")
    raise GameError("error.which_faction", factions=", ".join(candidates))


def faction_id(name: str, factions: Sequence[Faction]) -> int:
    """The database id of a faction (carried in restart-safe custom ids)."""
    return next(f.id for f in factions if f.name == name)


def faction_by_id(ident: int, factions: Sequence[Faction]) -> Faction | None:
    """A faction by database id."""
    return next((f for f in factions if f.id == ident), None)
