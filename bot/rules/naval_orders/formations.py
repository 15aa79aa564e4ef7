"""Forming and dissolving fleets and convoys (NO-2.7, NO-I7): it takes the whole turn(s),
the units stay where they are with range 0, and the change is made at the end of turn.

A fleet is formed from squadrons of one owner in one place, none with an order; its
squadrons keep their ships. Dissolving a fleet makes its squadrons forces again, each with
the fleet's officer rating. A convoy is formed by a force taking on transports or
merchantmen, and dissolved by putting them off.
"""

from __future__ import annotations

from bot.errors import RuleViolation
from bot.rules.naval_orders.messages import formation_lines
from bot.rules.naval_orders.models import MAX_SHIPS_PER_FORCE
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import Formation
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import Ship
from bot.rules.naval_orders.models import Squadron
from bot.rules.naval_orders.models import StartFormation
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.outcomes import NavalOutcome
from bot.rules.naval_orders.references import check_force_unnamed
from bot.rules.naval_orders.references import may_know
from bot.rules.naval_orders.references import named
from bot.rules.naval_orders.registry import check_name_free
from bot.rules.naval_orders.registry import clean_name
from bot.rules.naval_orders.registry import find_own_force
from bot.rules.naval_orders.registry import forming_taken
from bot.rules.naval_orders.registry import is_convoy
from bot.rules.naval_orders.registry import names_known
from bot.rules.naval_orders.registry import settle_force
from bot.rules.naval_orders.registry import writable
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.text import look_alike

FREE_STATUSES = ("awaiting_orders", "executing")


def start_formation(
    state: NavalOrdersState, settings: NavalOrdersSettings, command: StartFormation, turn: int
) -> NavalOutcome:
    """Begin forming or dissolving a fleet or convoy; complete at the end of turn
    `turn + formation_turns - 1` (NO-2.7, NO-I7). With `formation_turns = 0` it is made
    at once."""
    if not command.members:
        raise RuleViolation("naval_orders.error.formation_members", clause="NO-2.7")
    forces = [
        find_own_force(state, name, command.faction, command.by_gm) for name in command.members
    ]
    for force in forces:
        if force.status == "forming":
            raise RuleViolation("naval_orders.error.forming", clause="NO-2.7", force=force.called)
    keys = [f.key for f in forces]
    if len(set(keys)) != len(keys):
        raise RuleViolation("naval_orders.error.formation_members", clause="NO-2.7")
    if command.kind in ("form_fleet", "dissolve_fleet"):
        # The forces stop existing as they are: an order on its way to one would be lost.
        for relay in state.relays:
            if relay.force in keys:
                raise RuleViolation(
                    "naval_orders.error.formation_relay",
                    clause="NO-2.7",
                    force=state.forces[relay.force].called,
                    relay=relay.id,
                )
    formation = _formation(state, command, forces, turn + max(settings.formation_turns, 1) - 1)
    formation.disclosed = settings.orders_public  # as its entry in the log is (NO-4.10)
    new = writable(state, *keys)
    members = [new.forces[k] for k in keys]
    if settings.formation_turns == 0:
        done = complete_formation(new, formation)
        return NavalOutcome(state=new, lines=formation_lines(formation, done=True, forces=done))
    for member in members:
        member.status = "forming"
        member.formation = formation
    return NavalOutcome(
        state=new, force=members[0], lines=formation_lines(formation, done=False, forces=members)
    )


def _formation(
    state: NavalOrdersState, command: StartFormation, forces: list[Force], complete_turn: int
) -> Formation:
    """Check the units and build the formation record (NO-2.7, NO-I3). A refusal because an
    escort names a force names the forces of the acting player (all for a GM) and counts
    the others' (`check_force_unnamed`)."""
    first = forces[0]
    reader = None if command.by_gm else command.faction
    if command.kind == "form_fleet":
        name = clean_name(command.fleet_name, "NO-4.10", "fleet_name")
        # One of the squadrons may give the fleet its name; another force of that name
        # (or like it) is refused when the player may know of it (NO-4.10).
        if not any(named(f, name) for f in forces):
            check_name_free(state, name, but={f.key for f in forces}, reader=reader)
        if len(forces) < 2 or any(f.kind not in ("line", "auxiliary") for f in forces):
            raise RuleViolation("naval_orders.error.fleet_needs_squadrons", clause="NO-I3")
        places = {(name_key(f.location), f.in_port) for f in forces}
        owners = {name_key(f.owner) for f in forces}
        if len(places) != 1 or len(owners) != 1:
            raise RuleViolation("naval_orders.error.formation_apart", clause="NO-2.7")
        if any(f.order is not None or f.status != "awaiting_orders" for f in forces):
            raise RuleViolation("naval_orders.error.formation_busy", clause="NO-2.7")
        for force in forces:
            # NO-1.1, NO-I18: the squadron stops existing as the force an escort names,
            # unless the fleet takes its name (and its transports with it).
            same = named(force, name)
            check_force_unnamed(state, force, reader=reader, change="form_fleet", keeps_name=same)
        rating = command.officer_rating
        if rating is None:
            rating = max(f.officer_rating for f in forces)
        if not -1 <= rating <= 2:
            raise RuleViolation("naval_orders.error.bad_rating", clause="NO-I8", rating=rating)
        return Formation(
            kind="form_fleet",
            complete_turn=complete_turn,
            fleet_name=name,
            officer_rating=rating,
            members=[f.key for f in forces],
        )
    if len(forces) != 1:
        raise RuleViolation("naval_orders.error.formation_members", clause="NO-2.7")
    if first.status not in FREE_STATUSES:
        raise RuleViolation("naval_orders.error.formation_busy", clause="NO-2.7")
    if command.kind == "dissolve_fleet":
        if first.kind != "fleet" or first.order is not None:
            raise RuleViolation("naval_orders.error.formation_busy", clause="NO-2.7")
        for squadron in first.squadrons:
            # A squadron registered (or, before these were refused, saved) under a name
            # another force now bears: say it is this fleet's, and how to rename it.
            taken = any(
                other.key != first.key and named(other, squadron.name) and may_know(other, reader)
                for other in state.forces.values()
            )
            if taken or forming_taken(state, squadron.name, but={first.key}, reader=reader):
                raise RuleViolation(
                    "naval_orders.error.squadron_force_taken",
                    clause="NO-4.10",
                    squadron=squadron.name,
                    fleet=first.called,
                )
        _check_squadrons_free(state, first, reader)
        # NO-1.1, NO-I18: the fleet stops existing as the force an escort names, unless one
        # of its squadrons, a convoy, takes its name.
        same = any(named(first, s.name) and is_convoy(s.ships) for s in first.squadrons)
        check_force_unnamed(state, first, reader=reader, change="dissolve_fleet", keeps_name=same)
        return Formation(
            kind="dissolve_fleet",
            complete_turn=complete_turn,
            fleet_name=first.name,
            members=[first.key],
        )
    vessels = list(command.vessels)
    if not vessels or any(v.kind not in ("transport", "merchant") for v in vessels):
        raise RuleViolation("naval_orders.error.convoy_vessels", clause="NO-2.7")
    if first.kind == "packet":
        raise RuleViolation(
            "naval_orders.error.packet_no_orders", clause="NO-I22", force=first.called
        )
    if command.kind == "form_convoy":
        if len(first.all_ships()) + len(vessels) > MAX_SHIPS_PER_FORCE:
            raise RuleViolation(
                "naval_orders.error.too_many_ships", clause="NO-2.7", limit=MAX_SHIPS_PER_FORCE
            )
    else:
        left = _remove_vessels(first, vessels)
        if is_convoy(first.all_ships()) and not is_convoy(left.all_ships()):
            # NO-1.1, NO-I18: no longer a convoy an escort could guard.
            check_force_unnamed(state, first, reader=reader, change="no_convoy")
    return Formation(
        kind=command.kind, complete_turn=complete_turn, members=[first.key], vessels=vessels
    )


def _check_squadrons_free(state: NavalOrdersState, fleet: Force, reader: str | None) -> None:
    """The squadrons of a fleet being dissolved become forces of their names (NO-2.7): none
    may look like another force's name, or like another squadron of the fleet (a fleet
    registered so before this was refused), as orders name a force by a unique name that
    identifies it clearly (NO-4.10). Only the forces `reader` (None: a GM) may know of count
    (`names_known`): a squadron named like another player's force not yet public is made as
    any other, kept apart (`settle_force`), so that dissolving tells nothing of it."""
    names = [n for n, known in names_known(state, reader, but={fleet.key}).items() if known]
    names.extend(s.name for s in fleet.squadrons)
    for squadron in fleet.squadrons:
        other = look_alike(squadron.name, names)
        if other is not None:
            raise RuleViolation(
                "naval_orders.error.squadron_force_look_alike",
                clause="NO-4.10",
                squadron=squadron.name,
                existing=other,
                fleet=fleet.called,
            )


def _remove_vessels(force: Force, vessels: list[Ship]) -> Force:
    """The force without `vessels` (matched by kind and damage); refused if it lacks one."""
    edited = force.model_copy(deep=True)
    pools = edited.squadrons if edited.kind == "fleet" else None
    for vessel in vessels:
        lists = [s.ships for s in pools] if pools is not None else [edited.ships]
        for ships in lists:
            if vessel in ships:
                ships.remove(vessel)
                break
        else:
            raise RuleViolation("naval_orders.error.convoy_vessels", clause="NO-2.7")
    return edited


def formation_ending_convoy(force: Force) -> Formation | None:
    """The formation under way that, made at its turn's end, leaves no convoy of the force's
    name for an escort to name (NO-1.1, NO-2.7): putting off its last transports and
    merchantmen, a squadron formed into a fleet under another name, a fleet dissolved unless
    a squadron with its transports takes its name; None otherwise (also for a formation that
    cannot be made, and leaves the force as it is)."""
    formation = force.formation
    if formation is None or force.status != "forming":
        return None
    if formation.kind == "form_fleet":
        keeps = formation.fleet_name is not None and named(force, formation.fleet_name)
    elif formation.kind == "dissolve_fleet":
        keeps = any(named(force, s.name) and is_convoy(s.ships) for s in force.squadrons)
    elif formation.kind == "dissolve_convoy":
        try:
            keeps = is_convoy(_remove_vessels(force, formation.vessels).all_ships())
        except RuleViolation:
            keeps = True
    else:
        keeps = True
    return None if keeps else formation


def complete_formation(state: NavalOrdersState, formation: Formation) -> list[Force]:
    """Make the formed or dissolved forces (the state is edited in place; callers pass a
    writable copy). Returns the forces that now exist."""
    members = [state.forces[k] for k in formation.members if k in state.forces]
    if not members:
        return []
    for member in members:
        member.formation = None
        member.status = "awaiting_orders" if member.order is None else "executing"
    first = members[0]
    if formation.kind == "form_fleet":
        for member in members:
            del state.forces[member.key]
        fleet = Force(
            name=formation.fleet_name or first.name,
            owner=first.owner,
            kind="fleet",
            officer_rating=formation.officer_rating or 0,
            squadrons=[
                Squadron(
                    name=m.name,
                    kind="line" if m.kind == "line" else "auxiliary",
                    ships=list(m.ships),
                )
                for m in members
            ],
            location=first.location,
            in_port=first.in_port,
        )
        return [settle_force(state, fleet)]
    if formation.kind == "dissolve_fleet":
        del state.forces[first.key]
        made = [
            Force(
                name=s.name,
                owner=first.owner,
                kind=s.kind,
                officer_rating=first.officer_rating,
                ships=list(s.ships),
                location=first.location,
                in_port=first.in_port,
            )
            for s in first.squadrons
        ]
        return [settle_force(state, force) for force in made]
    if formation.kind == "form_convoy":
        if first.kind == "fleet":
            lead = first.squadrons[0]
            first.squadrons = [
                lead.model_copy(update={"ships": [*lead.ships, *formation.vessels]}),
                *first.squadrons[1:],
            ]
        else:
            first.ships = [*first.ships, *formation.vessels]
        return [first]
    edited = _remove_vessels(first, formation.vessels)
    state.forces[first.key] = edited
    return [edited]
