"""The register of forces and ports (rules/naval-orders.md §4): lookups, ownership checks,
registering forces and stations (the positions players report: position.py).

Every command returns a `NavalOutcome` with a new state; the state passed in is unchanged.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection

from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.naval_orders.messages import force_lines
from bot.rules.naval_orders.messages import station_lines
from bot.rules.naval_orders.models import MAX_NAME
from bot.rules.naval_orders.models import MAX_SHIPS_PER_FORCE
from bot.rules.naval_orders.models import CruiseOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import RaidOrder
from bot.rules.naval_orders.models import RegisterForce
from bot.rules.naval_orders.models import RegisterStation
from bot.rules.naval_orders.models import Ship
from bot.rules.naval_orders.models import Station
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.outcomes import NavalOutcome
from bot.rules.naval_orders.references import check_force_unnamed
from bot.rules.naval_orders.references import check_station_unnamed
from bot.rules.naval_orders.references import may_know
from bot.rules.naval_orders.references import named
from bot.rules.naval_orders.references import resolve_force
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.text import look_alike
from bot.text import tidy


def clean_name(text: str | None, clause: str, field: str) -> str:
    """A name as stored (`bot.text.tidy`: no invisible characters, NFC, single spaces); a
    missing or overlong one is refused (NO-4.10: a clear unique name)."""
    value = tidy(text or "")
    if not value or len(value) > MAX_NAME:
        raise RuleViolation(
            "naval_orders.error.bad_name", clause=clause, field=Msg(f"naval_orders.field.{field}")
        )
    return value


# A location number has at most this many digits (0 to 999999), as a map numbers its places.
MAX_LOCATION_DIGITS = 6
# A location typed as a whole number, with any minus sign a keyboard gives.
_LOCATION_NUMBER = re.compile(r"[-\u2010-\u2015\u2212]?\d+")


def is_location_number(location: str) -> bool:
    """Whether `location` is typed as a whole number (in range or not,
    `check_location_number`), not as a word."""
    return _LOCATION_NUMBER.fullmatch(unicodedata.normalize("NFKC", location)) is not None


def check_location_number(location: str, clause: str) -> None:
    """A location typed as a number is a whole number from 0 to 999999 (NO-4.2: "the
    location number must be given"; the map's places are numbered so): a negative one, or
    one of more than `MAX_LOCATION_DIGITS` digits, is refused, naming the allowed range. A
    location named by a word is the players' map's, as it is."""
    text = unicodedata.normalize("NFKC", location)
    if not _LOCATION_NUMBER.fullmatch(text):
        return
    if not text[0].isdigit() or len(text) > MAX_LOCATION_DIGITS:
        raise RuleViolation(
            "naval_orders.error.bad_location_number",
            clause=clause,
            location=location,
            digits=MAX_LOCATION_DIGITS,
        )


def clean_location(text: str | None, clause: str, field: str = "location") -> str:
    """A location as stored (`clean_name`), its number in range (`check_location_number`)."""
    location = clean_name(text, clause, field)
    check_location_number(location, clause)
    return location


def find_force(state: NavalOrdersState, name: str, reader: str | None = None) -> Force:
    """The force `name` means to `reader` (`resolve_force`; None, a GM, knows every force);
    NotFound otherwise."""
    force = resolve_force(state, name, reader)
    if force is None:
        raise NotFound("naval_orders.error.unknown_force", clause="NO-4.10", force=name)
    return force


def find_station(state: NavalOrdersState, name: str) -> Station:
    """The port or station registered under `name` (or at that location); NotFound otherwise.
    A location number no location has (negative, or of more than six digits) is refused
    naming the range, as every location number is (`check_location_number`); a port
    registered under such a name is still found by it."""
    station = state.station_named(name)
    if station is None:
        check_location_number(name, "NO-3.3")
        raise NotFound("naval_orders.error.unknown_station", clause="NO-3.3", station=name)
    return station


def forming_names(state: NavalOrdersState, *, but: Collection[str] = ()) -> list[str]:
    """The names a formation under way gives forces at its turn's end (the fleet being
    formed, the squadrons of a fleet being dissolved, NO-2.7), but for the forces keyed in
    `but`."""
    return [n for f in state.forces.values() if f.key not in but for n in formation_names(f)]


def formation_names(force: Force) -> list[str]:
    """The names the force's formation under way gives at its turn's end (`forming_names`)."""
    formation = force.formation
    if formation is None or force.status != "forming":
        return []
    if formation.kind == "form_fleet" and formation.fleet_name is not None:
        return [formation.fleet_name]
    if formation.kind == "dissolve_fleet":
        return [s.name for s in force.squadrons]
    return []


def force_names(state: NavalOrdersState, *, but: Collection[str] = ()) -> list[str]:
    """The names forces go by, but for the forces keyed in `but`: those registered, and those
    a formation under way makes at its turn's end (`forming_names`)."""
    registered = [f.name for f in state.forces.values() if f.key not in but]
    return [*registered, *forming_names(state, but=but)]


def check_name_not_forming(
    state: NavalOrdersState, name: str, *, but: Collection[str] = (), reader: str | None = None
) -> None:
    """A new force does not take the name a formation under way gives a force at its turn's
    end (NO-2.7), one `reader` (None: a GM) may know of (`formation_known`): the two would
    be one force then, and one of them lost (NO-4.10). A name another player's formation
    not yet published gives is not refused, so as not to tell that it is under way: the
    force made at the turn's end is kept apart (`settle_force`)."""
    if forming_taken(state, name, but=but, reader=reader):
        raise RuleViolation("naval_orders.error.name_taken", clause="NO-4.10", force=name)


def forming_taken(
    state: NavalOrdersState, name: str, *, but: Collection[str] = (), reader: str | None = None
) -> bool:
    """Whether a formation under way that `reader` (None: a GM) may know of gives a force
    `name` at its turn's end (`check_name_not_forming`), but for the forces keyed in `but`."""
    key = name_key(name)
    return any(
        force.key not in but
        and formation_known(force, reader)
        and any(name_key(made) == key for made in formation_names(force))
        for force in state.forces.values()
    )


def formation_known(force: Force, reader: str | None) -> bool:
    """Whether the player of faction `reader` (None: a GM) may know of the formation `force`
    is in (`Force.formation`): a GM and its player always; the others once it is published
    (`Formation.disclosed`: begun while orders were public, or a turn has ended since), as
    its order's entry in the log then is (NO-2.7, NO-4.10)."""
    public = force.formation is not None and force.formation.disclosed
    return may_know(force, reader, disclosed=public)


def names_known(
    state: NavalOrdersState, reader: str | None, *, but: Collection[str] = ()
) -> dict[str, bool]:
    """The names forces go by (`force_names`), each with whether `reader` may know it
    (`may_know`); a name a formation under way gives, whether `reader` may know of the
    formation (`formation_known`)."""
    others = [f for f in state.forces.values() if f.key not in but]
    names = {f.name: may_know(f, reader) for f in others}
    for force in others:
        for made in formation_names(force):
            names.setdefault(made, formation_known(force, reader))
    return names


def check_force_name_unlike(
    state: NavalOrdersState,
    name: str,
    *,
    but: Collection[str] = (),
    reader: str | None = None,
) -> None:
    """A new force's name is not one a formation under way gives (`check_name_not_forming`)
    and does not look like another force's (`Hооd` with Cyrillic `о`s beside `Hood`): an
    order names its force by a unique name that identifies it clearly (NO-4.10). The same
    name (any case) as a registered force is that force, checked by the callers. Only the
    forces `reader` (None: a GM) may know of count (`names_known`): a name like that of
    another player's force not yet public is accepted as any free name is, so that trying
    names tells nothing, and the force is kept apart (`hidden_clash`)."""
    check_name_not_forming(state, name, but=but, reader=reader)
    names = [n for n, known in names_known(state, reader, but=but).items() if known]
    other = look_alike(name, names)
    if other is not None:
        raise RuleViolation(
            "naval_orders.error.force_look_alike", clause="NO-4.10", force=name, existing=other
        )


def check_name_free(
    state: NavalOrdersState, name: str, *, but: Collection[str] = (), reader: str | None = None
) -> None:
    """A new force's name is not that of a force `reader` (None: a GM) may know of, nor
    like one (`check_force_name_unlike`): NO-4.10. The forces keyed in `but` are left out
    (those a fleet being formed is made of, one of which may give it its name)."""
    for force in state.forces.values():
        taken = named(force, name, by_gm=reader is None)
        if force.key not in but and taken and may_know(force, reader):
            raise RuleViolation("naval_orders.error.name_taken", clause="NO-4.10", force=name)
    check_force_name_unlike(state, name, but=but, reader=reader)
    # A squadron of a fleet being dissolved is a name taken already (above).
    squadron = squadron_clash(state, name, but=but, reader=reader)
    if squadron is not None:
        raise RuleViolation(
            "naval_orders.error.name_of_squadron",
            clause="NO-4.10",
            force=name,
            squadron=squadron[1],
            fleet=squadron[0].called,
        )


def squadron_clash(
    state: NavalOrdersState, name: str, *, but: Collection[str] = (), reader: str | None = None
) -> tuple[Force, str] | None:
    """The fleet, and its squadron, whose squadron bears `name` or one like it (any case,
    or `look_alike`), of the fleets `reader` (None: a GM) may know of but those keyed in
    `but`; None if none. Each squadron becomes a force of its name when its fleet is
    dissolved (NO-2.7), and an order names its force by a unique name (NO-4.10): a new
    force, or a new squadron, named so would make the dissolving refused. A hidden fleet's
    squadrons do not count, so that trying names tells nothing of it: a squadron that
    clashes so is kept apart when its fleet is dissolved (`settle_force`)."""
    for fleet in state.forces.values():
        if fleet.kind != "fleet" or fleet.key in but or not may_know(fleet, reader):
            continue
        for squadron in fleet.squadrons:
            if clashes(name, [squadron.name]):
                return fleet, squadron.name
    return None


def clashes(name: str, names: Collection[str]) -> bool:
    """Whether `name` is one of `names` (any case) or looks like one (NO-4.10)."""
    key = name_key(name)
    return any(name_key(n) == key for n in names) or look_alike(name, list(names)) is not None


def hidden_clash(state: NavalOrdersState, name: str, *, reader: str | None) -> bool:
    """Whether a new force named `name` clashes with (bears, or looks like) the name of
    another player's force, or one their formation under way makes, that `reader` may not
    know of (`names_known`; a GM knows every force), or with the faction-qualified name a
    force is kept under. Such a force is kept under its own faction-qualified name
    (`Force.clash`) until the clash is known to both."""
    hidden = [n for n, known in names_known(state, reader).items() if not known]
    # The faction-qualified name of a force kept apart so is no name a player may know.
    return clashes(name, hidden) or name_key(name) in state.forces


# At most this much of the owner's name goes into a faction-qualified name, leaving room
# for the force's own.
QUALIFIER_ROOM = 40


def qualified_name(
    state: NavalOrdersState, name: str, owner: str, *, but: Collection[str] = ()
) -> str:
    """The faction-qualified name (`Western Squadron [France]`) of a force kept apart from
    another of its name (`Force.clash`), numbered when one is taken by a force other than
    those keyed in `but`. Square brackets, as the views put a force's owner in round ones
    after its name. The name is shortened so that the whole fits in `MAX_NAME`, as every
    command's name option does (NO-4.10: an order names its force)."""
    others = [f for f in state.forces.values() if f.key not in but]
    taken = {*(f.key for f in others), *(name_key(f.name) for f in others)}
    owner = owner[:QUALIFIER_ROOM].rstrip()
    number = 1
    while True:
        tag = owner if number == 1 else f"{owner} {number}"
        candidate = f"{name[: MAX_NAME - len(tag) - 3].rstrip()} [{tag}]"
        if name_key(candidate) not in taken:
            return candidate
        number += 1


def qualifies(candidate: str, name: str, owner: str) -> bool:
    """Whether `candidate` is a faction-qualified form of `name` for `owner`
    (`qualified_name`: `Western Squadron [France]`, `Western Squadron [France 2]`), the only
    names a turn's end renames a force or a formation to (NO-4.10)."""
    if not candidate.endswith("]") or " [" not in candidate:
        return False
    stem, tag = candidate[:-1].rsplit(" [", 1)
    mark = owner[:QUALIFIER_ROOM].rstrip()
    number = tag[len(mark) :].strip()
    if not tag.startswith(mark) or (number and not (tag[len(mark)] == " " and number.isdigit())):
        return False
    return stem == name[: MAX_NAME - len(tag) - 3].rstrip()


def settle_force(state: NavalOrdersState, force: Force) -> Force:
    """Put a force a formation makes (NO-2.7) in the register, edited in place. One whose
    name another owner's force holds or looks like (a name its player could not know of
    when the formation began) is kept apart under its faction-qualified name
    (`Force.clash`), renamed so at the turn's end (`turn._settle_names`). A force already
    kept apart so is the one that yields, not this."""
    others = [
        f.name
        for f in state.forces.values()
        if name_key(f.owner) != name_key(force.owner) and f.clash is None
    ]
    if force.key in state.forces or clashes(force.name, others):
        force.clash = qualified_name(state, force.name, force.owner)
    state.forces[force.key] = force
    return force


def check_owner(force: Force, faction: str, by_gm: bool, *, named: str) -> None:
    """Only the owning player acts for a force (NO-3.4, NO-I18); a GM may act for any.

    Another player's force that has not been disclosed (`Force.disclosed`: registered while
    orders are private, `naval_orders.orders_public` off, in a turn not yet ended) is one
    the player may not know of: it is refused exactly as a name no force has (`find_force`,
    echoing the name as `named`), so that naming it does not tell that it exists."""
    if by_gm or name_key(force.owner) == name_key(faction):
        return
    if not force.disclosed:
        raise NotFound("naval_orders.error.unknown_force", clause="NO-4.10", force=named)
    raise NotAllowed("naval_orders.error.not_your_force", force=force.name, clause="NO-I18")


def find_own_force(state: NavalOrdersState, name: str, faction: str, by_gm: bool) -> Force:
    """The force `name` means to `faction` (`resolve_force`; every force to a GM), when
    `faction` acts for it (`check_owner`)."""
    force = find_force(state, name, None if by_gm else faction)
    check_owner(force, faction, by_gm, named=name)
    return force


def writable(state: NavalOrdersState, *force_keys: str) -> NavalOrdersState:
    """A copy of the state whose named forces (and lists) may be edited; the rest is shared."""
    new = state.model_copy()
    new.forces = dict(state.forces)
    new.stations = dict(state.stations)
    new.relays = list(state.relays)
    for key in force_keys:
        if key in new.forces:
            new.forces[key] = new.forces[key].model_copy(deep=True)
    return new


def _check_ships(kind: str, ships: list[Ship], clause: str) -> None:
    if len(ships) > MAX_SHIPS_PER_FORCE:
        raise RuleViolation(
            "naval_orders.error.too_many_ships", clause=clause, limit=MAX_SHIPS_PER_FORCE
        )
    for ship in ships:
        if ship.rated != (ship.rate is not None):
            raise RuleViolation("naval_orders.error.bad_rate", clause="NO-I8")
        if kind == "packet" and ship.kind != "packet":
            raise RuleViolation("naval_orders.error.packet_force_ships", clause="NO-I22")


def _check_squadrons_unlike(names: list[str], before: Force | None) -> None:
    """A fleet's squadrons do not look alike (`Red` and `Rеd` with a Cyrillic `е`): each
    becomes a force of its name when the fleet is dissolved (NO-2.7, NO-I3). Squadrons the
    fleet had before keep their names; a new one is refused for the earlier it looks like."""
    had = {name_key(s.name) for s in before.squadrons} if before is not None else set()
    kept = [name for name in names if name_key(name) in had]
    for index, name in enumerate(names):
        other = look_alike(name, [*kept, *names[:index]]) if name_key(name) not in had else None
        if other is not None:
            raise RuleViolation(
                "naval_orders.error.squadron_look_alike",
                clause="NO-I3",
                squadron=name,
                existing=other,
            )


def _check_squadron_names_free(
    state: NavalOrdersState, names: list[str], before: Force | None, reader: str | None
) -> None:
    """A fleet's new squadron does not bear, nor look like, the name of another force
    `reader` (None: a GM) may know of, or one a formation under way gives (`names_known`):
    each becomes a force of its name when the fleet is dissolved (NO-2.7, NO-I3), and an
    order names its force by a unique name that identifies it clearly (NO-4.10). A name
    like that of another player's force not yet public is accepted as any free name is, so
    that trying names tells nothing: the squadron is kept apart when the fleet is dissolved
    (`settle_force`). Squadrons the fleet had before keep their names."""
    had = {name_key(s.name) for s in before.squadrons} if before is not None else set()
    but = {before.key} if before is not None else set()
    known = [n for n, sure in names_known(state, reader, but=but).items() if sure]
    keys = {name_key(n) for n in known}
    for name in names:
        if name_key(name) in had:
            continue
        if name_key(name) in keys:
            raise RuleViolation(
                "naval_orders.error.squadron_name_taken", clause="NO-4.10", squadron=name
            )
        clash = squadron_clash(state, name, but=but, reader=reader)
        if clash is not None:
            raise RuleViolation(
                "naval_orders.error.squadron_of_other_fleet",
                clause="NO-4.10",
                squadron=name,
                existing=clash[1],
                fleet=clash[0].called,
            )
        other = look_alike(name, known)
        if other is not None:
            raise RuleViolation(
                "naval_orders.error.squadron_name_alike",
                clause="NO-4.10",
                squadron=name,
                existing=other,
            )


def register_force(
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    command: RegisterForce,
    *,
    reader: str | None = None,
) -> NavalOutcome:
    """Register a force, or replace the ships, rating and place of one (§4; NO-I3, NO-I22).

    A fleet holds at least two squadrons and has no loose ships; a squadron or packet-boat
    force has ships and no squadrons. An existing force keeps its order and status. A convoy
    is not left without transports or merchantmen while another force's order escorts it
    (NO-1.1, NO-I18; the refusal names the forces of `reader`, all for a GM, `reader` None,
    and counts the others'). A force is recorded in port only where a port is, as
    `report_position` records it (NO-3.3); one kept where it was (an edit of its ships) is
    not refused for a place recorded before that check. A name that differs from the
    faction's force only in letter case (`brest` beside `Brest`) is refused: an order names
    its force by a name that identifies it clearly (NO-4.10), and the force is registered
    again, or edited, under its exact name.
    """
    name = clean_name(command.name, "NO-4.10", "name")
    owner = clean_name(command.owner, "NO-3.4", "owner")
    location = clean_location(command.location, "NO-4.2")
    before = next(
        (
            f
            for f in state.forces.values()
            if named(f, name, by_gm=reader is None) and name_key(f.owner) == name_key(owner)
        ),
        None,
    )
    if before is None:
        check_name_free(state, name, reader=reader)
    elif name_key(name) == name_key(before.name) and name != before.name:
        # "brest" beside "Brest": a second look-alike name, or a silent rename (NO-4.10).
        raise RuleViolation(
            "naval_orders.error.name_case",
            clause="NO-4.10",
            force=name,
            existing=before.called,
            owner=before.owner,
        )
    kept = (
        before is not None
        and name_key(before.location) == name_key(location)
        and before.in_port == command.in_port
    )
    if not kept:
        check_port_at(state, location, in_port=command.in_port)
    if command.kind == "fleet":
        if len(command.squadrons) < 2 or command.ships:
            raise RuleViolation("naval_orders.error.fleet_needs_squadrons", clause="NO-I3")
        names = [clean_name(s.name, "NO-I3", "squadron") for s in command.squadrons]
        keys = [name_key(n) for n in names]
        if len(set(keys)) != len(keys):
            raise RuleViolation("naval_orders.error.duplicate_squadron", clause="NO-I3")
        _check_squadrons_unlike(names, before)
        _check_squadron_names_free(state, names, before, reader)
        for squadron in command.squadrons:
            _check_ships(squadron.kind, squadron.ships, "NO-I3")
    else:
        if command.squadrons:
            raise RuleViolation("naval_orders.error.squadron_needs_ships", clause="NO-I3")
        if not command.ships and command.kind == "packet":
            raise RuleViolation("naval_orders.error.packet_needs_boats", clause="NO-I22")
        if not command.ships:
            raise RuleViolation("naval_orders.error.no_ships", clause="NO-I3")
        _check_ships(command.kind, command.ships, "NO-I22" if command.kind == "packet" else "NO-I3")
    if command.kind == "packet" and command.officer_rating != 0:
        raise RuleViolation("naval_orders.error.packet_rating", clause="NO-I22")
    if not -1 <= command.officer_rating <= 2:
        raise RuleViolation(
            "naval_orders.error.bad_rating", clause="NO-I8", rating=command.officer_rating
        )
    new = writable(state, *([before.key] if before is not None else []))
    old = new.forces.get(before.key) if before is not None else None
    fields: dict[str, object] = {
        # A force the GM reached by its faction-qualified name (`Force.clash`) keeps the
        # name its player knows it by; only the GM reads the qualified one (NO-4.10).
        "name": name if old is None or named(old, name) else old.name,
        "owner": owner,
        "kind": command.kind,
        "officer_rating": command.officer_rating,
        "ships": list(command.ships),
        "squadrons": [s.model_copy(deep=True) for s in command.squadrons],
        "location": location,
        "in_port": command.in_port,
    }
    if old is None:  # known to the other players once its registration's entry is public
        fields["disclosed"] = settings.orders_public
        # A name another player's force not known to `reader` bears (or one like it) is
        # taken as any free name is, and kept apart (NO-4.10).
        if hidden_clash(state, name, reader=reader):
            fields["clash"] = qualified_name(state, name, owner)
    force = Force.model_validate(fields) if old is None else old.model_copy(update=fields)
    if old is not None and old.kind != command.kind and old.order is not None:
        raise RuleViolation("naval_orders.error.kind_change_with_order", clause="NO-I3")
    if old is not None and is_convoy(old.all_ships()) and not is_convoy(force.all_ships()):
        check_force_unnamed(state, old, reader=reader, change="no_convoy")
    new.forces[force.key] = force
    lines = force_lines(force, settings, registered=True, updated=old is not None)
    return NavalOutcome(state=new, force=force, lines=lines)


def remove_force(state: NavalOrdersState, name: str, *, reader: str | None = None) -> NavalOutcome:
    """Strike a force from the register (sunk, captured, paid off): orders on their way to it
    are dropped, and so are those a packet boat struck off had not yet delivered (the reply
    says so); an order it delivered stays (NO-I7). Refused while another force's order (in
    force, recorded for a layover's end, or on its way) escorts it: that order could not be
    carried out, and only its Admiralty changes it (NO-1.1, NO-I18). The refusal names the
    forces of `reader` (all of them for a GM, `reader` None) and counts the others'."""
    force = find_force(state, name, reader)
    check_force_unnamed(state, force, reader=reader)
    new = writable(state)
    del new.forces[force.key]
    lost = [r for r in new.relays if r.packet == force.key and r.arrived_turn is None]
    new.relays = [r for r in new.relays if r.force != force.key and r not in lost]
    lines = force_lines(force, None, removed=True)
    for relay in lost:
        target = new.forces.get(relay.force)
        lines.append(
            Msg(
                "naval_orders.force.relay_lost",
                packet=force.name,
                force=target.name if target is not None else relay.force,
                relay=relay.id,
            )
        )
    return NavalOutcome(state=new, force=None, lines=lines)


def register_station(state: NavalOrdersState, command: RegisterStation) -> NavalOutcome:
    """Add or replace a port or naval station in the GM's list (§4; NO-I16, NO-I17); the
    reply says what entry a port added again under its name replaces. One
    registered again elsewhere, or a naval station registered again as a plain seaport, is
    refused while an order needs it as it is, or (moved) while a force lies in port there
    (`check_station_unnamed`: NO-1.1, NO-3.3, NO-I16, NO-I18)."""
    name = clean_name(command.name, "NO-3.3", "name")
    location = clean_location(command.location, "NO-3.3")
    other = state.station_at(location)
    if other is not None and other.key != name_key(name):
        raise RuleViolation(
            "naval_orders.error.location_has_port", clause="NO-3.3", station=other.name
        )
    old = state.stations.get(name_key(name))
    _check_station_unlike(state, name, location, old)
    if old is not None and name_key(old.location) != name_key(location):
        check_station_unnamed(state, old, change="move", location=location)
    if old is not None and old.naval_station and not command.naval_station:
        check_station_unnamed(state, old, change="seaport")
    new = writable(state)
    station = Station(
        name=name,
        location=location,
        naval_station=command.naval_station,
        owner=command.owner.strip() if command.owner else None,
        build_order=old.build_order if old is not None else None,
        orders_given_turn=old.orders_given_turn if old is not None else None,
        order_given_by_gm=old.order_given_by_gm if old is not None else False,
        order_given_by=old.order_given_by if old is not None else None,
    )
    new.stations[station.key] = station
    return NavalOutcome(state=new, lines=station_lines(station, replaced=old))


def _check_station_unlike(
    state: NavalOrdersState, name: str, location: str, old: Station | None
) -> None:
    """A new port's name does not look like another port's, nor a port's new location like
    the location of another (`Tоulon` with a Cyrillic `о` beside `Toulon`): orders name the
    port they make for, and a force is in port where a port's location is (NO-3.3)."""
    others = [s for s in state.stations.values() if old is None or s.key != old.key]
    named = look_alike(name, [s.name for s in others]) if old is None else None
    if named is not None:
        raise RuleViolation(
            "naval_orders.error.station_look_alike", clause="NO-3.3", station=name, existing=named
        )
    if old is not None and name_key(old.location) == name_key(location):
        return
    place = look_alike(location, [s.location for s in others])
    if place is not None:
        holder = next(s for s in others if s.location == place)
        raise RuleViolation(
            "naval_orders.error.location_look_alike",
            clause="NO-3.3",
            location=location,
            existing=place,
            station=holder.name,
        )


def remove_station(state: NavalOrdersState, name: str) -> NavalOutcome:
    """Take a port or station off the GM's list; refused while an order names it (a
    transfer's end port, a blockade's port, a repair's or disbanding's station: in force,
    recorded for a layover's end or on its way by packet boat) or a force returning to a
    naval station makes for it: those could not be carried out, and only their Admiralty
    changes them (NO-I2, NO-I16, NO-I18); refused too while a force lies in port there, as
    a force is in port only where a port is (NO-3.3)."""
    station = find_station(state, name)
    check_station_unnamed(state, station)
    new = writable(state)
    del new.stations[station.key]
    return NavalOutcome(state=new, lines=station_lines(station, removed=True))


def set_station_distances(
    state: NavalOrdersState, location: str, distances: dict[str, int]
) -> NavalOutcome:
    """Record how far each naval station is from `location` (NO-I16 `distance_table`).

    Each station once: one named twice (by its name and its location, say) is refused, not
    one of its distances kept silently. Stations equally nearest are recorded as they are,
    and the reply says the bot will not choose between them: a force returning from there
    is left to name its station, which the GM confirms (`orders.nearest_station`, NO-I16).
    """
    place = clean_location(location, "NO-I16")
    table: dict[str, int] = {}
    names: dict[str, str] = {}
    shown: list[Msg] = []
    for station_name, distance in distances.items():
        station = find_station(state, station_name)
        if not station.naval_station or distance < 0:
            raise RuleViolation(
                "naval_orders.error.bad_distance", clause="NO-I16", station=station_name
            )
        if station.key in table:
            raise RuleViolation(
                "naval_orders.error.distance_twice",
                clause="NO-I16",
                station=station.name,
                first=names[station.key],
                second=station_name,
            )
        table[station.key] = distance
        names[station.key] = station_name
        shown.append(Msg("naval_orders.distances.one", station=station.name, distance=distance))
    new = writable(state)
    new.station_distances = dict(state.station_distances)
    new.station_distances[name_key(place)] = table
    lines = [Msg("naval_orders.distances.saved", location=place, distances=MsgList(shown))]
    nearest = min(table.values(), default=None)
    tied = [state.stations[key].name for key, d in table.items() if d == nearest]
    if len(tied) > 1:
        lines.append(
            Msg(
                "naval_orders.distances.tie",
                stations=MsgList(tied),
                distance=nearest,
                location=place,
            )
        )
    return NavalOutcome(state=new, lines=lines)


def check_port_at(state: NavalOrdersState, location: str, *, in_port: bool) -> None:
    """A force is in port only where a port is registered (NO-3.3)."""
    if in_port and state.station_at(location) is None:
        raise RuleViolation("naval_orders.error.not_a_port", clause="NO-3.3", location=location)


def is_convoy(ships: list[Ship]) -> bool:
    """Whether the ships make a transport flotilla: transports or merchantmen among them
    (NO-1.1, NO-2.7)."""
    return any(ship.kind in ("transport", "merchant") for ship in ships)


def station_location(force: Force) -> str | None:
    """The cruising or raiding location of the force's current order, if it has one."""
    if force.order is not None and isinstance(force.order.order, CruiseOrder | RaidOrder):
        return force.order.order.location
    return None
