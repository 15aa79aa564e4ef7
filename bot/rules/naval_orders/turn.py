"""The end-of-turn step (rules/naval-orders.md NO-I7, NO-I13…NO-I17) and "who are we
waiting for".

At the resolution of turn T, force by force in name order: formations complete (NO-2.7);
a force that attacked resumes its order, or heads back to its zone (NO-I15); cruising and
raiding turns are counted, with the raid's d3 rolled on arrival (NO-I13, NO-I14); finished
orders send the force to the nearest naval station (NO-I16), unless an order brought by
packet boat has reached it, which it waits for (NO-3.3, NO-I7); a transfer ends in its port
(NO-I17); forces back in a station start the layover, and layovers end (NO-I7); an order
given on arrival lapses if the force is back at sea instead (NO-3.3, NO-I18); late
returns are reported (NO-I15); orders relayed by packet boat take effect (NO-I7), or lapse
where they could not be given to the force at once (NO-5.2, NO-1.1), and a force that
waited for one after its cruise or raid then returns to the nearest naval station (NO-4.3,
NO-6.3, NO-I16).
"""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bot.dice import Dice
from bot.dice_stats import Credits
from bot.dice_stats import credited
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.naval_orders.formations import complete_formation
from bot.rules.naval_orders.messages import formation_lines
from bot.rules.naval_orders.messages import order_brief
from bot.rules.naval_orders.messages import progress_msg
from bot.rules.naval_orders.messages import status_msg
from bot.rules.naval_orders.models import ActiveOrder
from bot.rules.naval_orders.models import CruiseOrder
from bot.rules.naval_orders.models import EscortOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import Formation
from bot.rules.naval_orders.models import MoveOrder
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import RaidOrder
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.orders import begin_layover_or_wait
from bot.rules.naval_orders.orders import nearest_station
from bot.rules.naval_orders.orders import put_in_force
from bot.rules.naval_orders.orders import why_it_lapses
from bot.rules.naval_orders.outcomes import retire_order
from bot.rules.naval_orders.references import resolve_force
from bot.rules.naval_orders.registry import clashes
from bot.rules.naval_orders.registry import force_names
from bot.rules.naval_orders.registry import formation_names
from bot.rules.naval_orders.registry import qualified_name
from bot.rules.naval_orders.registry import qualifies
from bot.rules.naval_orders.registry import station_location
from bot.rules.naval_orders.registry import writable
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.rules.naval_orders.views import owners_lacking_orders
from bot.rules.naval_orders.views import waiting_lines
from bot.rulesets import ArchiveRecord
from bot.rulesets import Awaited
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult
from bot.text import shown_msg

ROLL_RAID_DURATION = "naval_orders.roll.raid_duration"


@dataclass
class _Resolution:
    """What the step collects while it resolves the turn."""

    state: NavalOrdersState
    settings: NavalOrdersSettings
    turn: int
    dice: Dice
    changes: dict[str, list[Msg]] = field(default_factory=dict)
    archive: list[ArchiveRecord] = field(default_factory=list)
    late: list[str] = field(default_factory=list)
    completed: list[str] = field(default_factory=list)
    raid_rolls: list[dict[str, Any]] = field(default_factory=list)
    hidden: list[dict[str, Any]] = field(default_factory=list)  # a hidden entry per raid
    # Who rolled each die the step's own entry takes: a raid's duration is its owner's.
    credits: Credits | None = None

    def note(self, force: Force, line: Msg) -> None:
        self.changes.setdefault(force.key, []).append(line)


def _editable(force: Force) -> Force:
    """A copy of a force the step may edit: its own fields and its current order's progress
    are copied; ships (frozen), squadrons and order forms are shared, never edited here."""
    order = force.order.model_copy() if force.order is not None else None
    return force.model_copy(update={"order": order})


def _working_copy(state: NavalOrdersState) -> NavalOrdersState:
    """A copy the step may edit: forces with anything to resolve are copied, the rest shared."""
    new = state.model_copy()
    new.forces = {
        key: _editable(force) if force.status != "awaiting_orders" else force
        for key, force in state.forces.items()
    }
    for key, force in new.forces.items():
        if not force.disclosed:  # the turn's end publishes its registration to everyone
            force = new.forces[key] = force.model_copy(update={"disclosed": True})
        if force.formation is not None and not force.formation.disclosed:  # and formations
            published = force.formation.model_copy(update={"disclosed": True})
            new.forces[key] = force.model_copy(update={"formation": published})
    new.stations = dict(state.stations)
    new.relays = list(state.relays)
    new.hidden_raid_rolls = list(state.hidden_raid_rolls)
    return new


def _ended_raid_rolls(run: _Resolution) -> list[int]:
    """NO-I13: the hidden duration rolls of raids no longer running (complete, broken,
    cancelled or replaced, their force struck off): the raid's length is known, so this
    turn's end publishes them."""
    running = {
        force.order.raid_roll_entry
        for force in run.state.forces.values()
        if force.order is not None and force.order.raid_roll_entry is not None
    }
    ended = [seq for seq in run.state.hidden_raid_rolls if seq not in running]
    run.state.hidden_raid_rolls = [s for s in run.state.hidden_raid_rolls if s in running]
    return ended


def _formations(run: _Resolution) -> None:
    """NO-2.7: formations due this turn are made (once each, in the first member's order)."""
    due: dict[tuple[str, ...], Formation] = {}
    for key in sorted(run.state.forces):
        formation = run.state.forces[key].formation
        if formation is not None and formation.complete_turn <= run.turn:
            due.setdefault(tuple(formation.members), formation)
    for formation in due.values():
        formation = _named(run.state, formation)
        try:
            made = complete_formation(run.state, formation)
        except RuleViolation:
            for key in formation.members:
                force = run.state.forces.get(key)
                if force is not None:
                    force.formation = None
                    force.status = "awaiting_orders" if force.order is None else "executing"
                    failed = Msg("naval_orders.formation.failed", force=force.name)
                    run.note(force, Msg(FORMATION_NOTE, line=failed))
            continue
        if made:  # one line, under the first force it made, indented as every change is
            line = formation_lines(formation, done=True, forces=made)[0]
            run.note(made[0], Msg(FORMATION_NOTE, line=line))


def _settle_names(run: _Resolution) -> None:
    """NO-4.10: a force kept apart because its name clashed with another player's force its
    player could not know of (`Force.clash`) is known to everyone once the turn ends (as
    that other force is): if the names still clash (the same, or alike), it takes its
    faction-qualified name from now on (a fresh, numbered one if a force is already named
    so: another player could give that name), and its player is told; an escort of it is
    renamed with it. Otherwise it keeps the name it was given, no longer kept apart.

    The names formations still under way give (NO-2.7, `formation_turns` > 1) are known
    now too: a force kept apart from one is renamed at this turn's end, and a formation
    whose name clashes with a force another player may now know of is renamed after
    (`_settle_forming_names`), rather than at the later end that makes it."""
    for key in sorted(run.state.forces):
        force = run.state.forces.get(key)
        if force is None or force.clash is None:
            continue
        others = force_names(run.state, but=[key])
        if not clashes(force.name, others):
            if name_key(force.name) not in run.state.forces:
                _rekey(run.state, key, force.model_copy(update={"clash": None}), run.changes)
            continue
        name = force.clash
        if name_key(name) in map(name_key, others):
            name = qualified_name(run.state, force.name, force.owner, but=[key])
        renamed = rename_kept_apart(run.state, key, name, run.changes)
        run.note(
            renamed, Msg("naval_orders.turn.renamed", force=renamed.name, was=renamed.renamed_from)
        )
    _settle_forming_names(run)


def _settle_forming_names(run: _Resolution) -> None:
    """NO-2.7, NO-4.10: a formation still under way whose fleet name (or, dissolving a fleet,
    a squadron's name) clashes with another player's force began while that force was
    hidden from its player (a known one is refused): both are known now, and the name the
    formation gives takes its faction-qualified form, as a force kept apart does at the
    turn's end that makes both known (`_settle_names`); its player is told."""
    for key in sorted(run.state.forces):
        force = run.state.forces[key]
        formation = force.formation
        if formation is None or force.status != "forming" or formation.members[:1] != [key]:
            continue
        owner = name_key(force.owner)
        others = [f.name for f in run.state.forces.values() if name_key(f.owner) != owner]
        fleet = formation.fleet_name
        if formation.kind == "form_fleet" and fleet is not None and clashes(fleet, others):
            name = qualified_name(run.state, fleet, force.owner)
            made = formation.model_copy(update={"fleet_name": name})
            for member in formation.members:
                run.state.forces[member] = run.state.forces[member].model_copy(
                    update={"formation": made}
                )
            run.note(force, Msg("naval_orders.turn.renamed", force=name, was=fleet))
        elif formation.kind == "dissolve_fleet":
            squadrons = []
            for squadron in force.squadrons:
                if clashes(squadron.name, others):
                    name = qualified_name(run.state, squadron.name, force.owner)
                    run.note(force, Msg("naval_orders.turn.renamed", force=name, was=squadron.name))
                    squadron = squadron.model_copy(update={"name": name})
                squadrons.append(squadron)
            run.state.forces[key] = force.model_copy(update={"squadrons": squadrons})


def rename_kept_apart(
    state: NavalOrdersState,
    key: str,
    name: str,
    changes: dict[str, list[Msg]] | None = None,
) -> Force:
    """The force kept apart under `key` (`Force.clash`) takes `name` for good, noting the
    name it bore (`Force.renamed_from`): the escorts naming it name it so (NO-1.1), and it
    is put under its new key (`_rekey`). The state is edited in place; returns the force."""
    force = state.forces[key]
    was = force.name
    _rename_escorts(state, force, name)
    force = state.forces[key]  # its own escort of itself, renamed too
    renamed = force.model_copy(update={"name": name, "clash": None, "renamed_from": was})
    _rekey(state, key, renamed, changes)
    return renamed


def kept_renames(undone: NavalOrdersState, restored: NavalOrdersState) -> NavalOrdersState:
    """What an undo puts back of the renames the undone turn's end made (`_settle_names`):
    the summary told everyone that the force kept apart is renamed, and the log keeps it
    readable, so the force restored kept apart takes the name it was told to bear, as then
    (NO-4.10), with the escorts naming it (NO-1.1); its orders, packet relays and formations
    follow it (`rename_kept_apart`)."""
    new: NavalOrdersState | None = None
    for key in sorted(restored.forces):
        force = restored.forces[key]
        after = undone_twin(undone, force)
        if force.clash is None or after is None or after.renamed_from is None:
            continue
        taken = new.forces if new is not None else restored.forces
        if after.key != key and after.key in taken:
            continue
        if new is None:
            new = writable(restored)
        rename_kept_apart(new, key, after.name)
    return _kept_formation_names(undone, new if new is not None else restored)


def _kept_formation_names(undone: NavalOrdersState, state: NavalOrdersState) -> NavalOrdersState:
    """The names formations under way give, as the undone turn's end renamed them (NO-2.7,
    NO-4.10): a fleet being formed, or a squadron of a fleet being dissolved, renamed while
    under way (`_settle_forming_names`) or as the end made it (`_settle_names`) gives the
    name the summary told, rather than be renamed and told again. Only such a rename, to
    the faction-qualified form of the name (`qualifies`), is kept: an undo of any other
    command (a squadron renamed by `/navy forces edit`) restores the names it took back."""
    forces = dict(state.forces)
    for key, force in state.forces.items():
        formation = force.formation
        if formation is None or force.status != "forming":
            continue
        later = undone.forces.get(key)
        under_way = later.formation if later is not None and later.status == "forming" else None
        if formation.kind == "form_fleet" and formation.fleet_name is not None:
            told = _told_name(undone, state, force.owner, formation.fleet_name)
            if (
                under_way is not None
                and under_way.kind == "form_fleet"
                and under_way.fleet_name is not None
                and qualifies(under_way.fleet_name, formation.fleet_name, force.owner)
            ):
                told = under_way.fleet_name
            if told is not None and told != formation.fleet_name:
                made = formation.model_copy(update={"fleet_name": told})
                forces[key] = force.model_copy(update={"formation": made})
        elif formation.kind == "dissolve_fleet":
            kept = later.squadrons if under_way is not None and later is not None else []
            names = [s.name for s in kept] if len(kept) == len(force.squadrons) else []
            squadrons = [
                s.model_copy(update={"name": told})
                if (told := _told_squadron_name(undone, state, force.owner, s.name, names, i))
                else s
                for i, s in enumerate(force.squadrons)
            ]
            if squadrons != force.squadrons:
                forces[key] = force.model_copy(update={"squadrons": squadrons})
    if forces == state.forces:
        return state
    return state.model_copy(update={"forces": forces})


def _told_squadron_name(
    undone: NavalOrdersState,
    state: NavalOrdersState,
    owner: str,
    name: str,
    names: list[str],
    index: int,
) -> str | None:
    """The name the undone turn's end told the squadron `name` of a fleet of `owner` being
    dissolved gives: its qualified form the end gave it under way (`names`, the undone
    fleet's squadron names, if it still had as many), or the name the end made it under."""
    if names and names[index] != name and qualifies(names[index], name, owner):
        return names[index]
    return _told_name(undone, state, owner, name)


def _told_name(
    undone: NavalOrdersState, state: NavalOrdersState, owner: str, name: str
) -> str | None:
    """The name the undone turn's end renamed a force of `owner` named `name` to, as it made
    it (`Force.renamed_from`), if it did; None otherwise."""
    return next(
        (
            f.name
            for f in undone.forces.values()
            if f.renamed_from is not None
            and name_key(f.renamed_from) == name_key(name)
            and name_key(f.owner) == name_key(owner)
            and f.key not in state.forces
        ),
        None,
    )


def kept_formations_published(
    undone: NavalOrdersState, restored: NavalOrdersState
) -> NavalOrdersState:
    """What an undo puts back of the formations the undone turn's end published
    (`Formation.disclosed`): the log keeps their entries readable, so the names they give
    stay taken for every player (NO-2.7, NO-4.10). Published: still under way after the
    undone command and disclosed there, or made by it (the forces of its names stand)."""
    forces = dict(restored.forces)
    for key, force in restored.forces.items():
        formation = force.formation
        if formation is None or formation.disclosed or force.status != "forming":
            continue
        later = undone.forces.get(key)
        if later is not None and later.status == "forming" and later.formation is not None:
            published = later.formation.disclosed
        else:
            made = {name_key(n) for n in formation_names(force)}
            published = any(
                name_key(f.owner) == name_key(force.owner)
                and f.status != "forming"
                and name_key(f.renamed_from or f.name) in made
                for f in undone.forces.values()
            )
        if published:
            disclosed = formation.model_copy(update={"disclosed": True})
            forces[key] = force.model_copy(update={"formation": disclosed})
    if forces == restored.forces:
        return restored
    return restored.model_copy(update={"forces": forces})


def undone_twin(undone: NavalOrdersState, force: Force) -> Force | None:
    """The force of the state an undone command left that is `force` of the state the undo
    restores: the one under its key, of its owner; for a force kept apart (`Force.clash`),
    which a turn's end may have put under another key (`_settle_names`), the one of its
    owner that bears its name, or was renamed from it (`Force.renamed_from`)."""
    owner = name_key(force.owner)
    same = undone.forces.get(force.key)
    if same is not None and name_key(same.owner) == owner:
        return same
    if force.clash is None:
        return None
    key = name_key(force.name)
    return next(
        (
            f
            for f in undone.forces.values()
            if name_key(f.owner) == owner
            and f.clash is None
            and key in (name_key(f.name), name_key(f.renamed_from or ""))
        ),
        None,
    )


def _rekey(
    state: NavalOrdersState,
    key: str,
    force: Force,
    changes: dict[str, list[Msg]] | None = None,
) -> None:
    """Put `force`, registered under `key` until now, under its own key (`Force.key`): the
    packet relays, formations and turn's notes (`changes`) that named the old key name the
    new one."""
    if force.key == key:
        state.forces[key] = force
        return
    del state.forces[key]
    state.forces[force.key] = force
    state.relays = [
        r.model_copy(
            update={
                "packet": force.key if r.packet == key else r.packet,
                "force": force.key if r.force == key else r.force,
            }
        )
        for r in state.relays
    ]
    for other_key, other in list(state.forces.items()):
        formation = other.formation
        if formation is not None and key in formation.members:
            members = [force.key if m == key else m for m in formation.members]
            state.forces[other_key] = other.model_copy(
                update={"formation": formation.model_copy(update={"members": members})}
            )
    if changes is not None and key in changes:
        changes[force.key] = changes.pop(key)


def _rename_escorts(state: NavalOrdersState, convoy: Force, name: str) -> None:
    """The orders of the convoy's owner whose escort names it (in force, recorded for a
    layover's end, on their way by packet boat: NO-1.1) name it `name`, its new name; the
    state is edited in place, the orders replaced, not changed."""

    def escorts(active: ActiveOrder | None, owner: str) -> bool:
        if active is None or not isinstance(active.order, EscortOrder):
            return False
        if name_key(owner) != name_key(convoy.owner) or active.order.convoy is None:
            return False
        target = resolve_force(state, active.order.convoy, owner)
        return target is not None and target.key == convoy.key

    def renamed(active: ActiveOrder) -> ActiveOrder:
        return active.model_copy(update={"order": active.order.model_copy(update={"convoy": name})})

    for key, force in list(state.forces.items()):
        update = {
            field: renamed(active)
            for field, active in (("order", force.order), ("pending_order", force.pending_order))
            if active is not None and escorts(active, force.owner)
        }
        if update:
            state.forces[key] = force.model_copy(update=update)
    state.relays = [
        r.model_copy(update={"order": renamed(r.order)}) if escorts(r.order, r.owner) else r
        for r in state.relays
    ]


def _named(state: NavalOrdersState, formation: Formation) -> Formation:
    """A fleet's dissolution begun by an earlier release noted the fleet by its key only:
    its name is read from the fleet while it still exists (NO-2.7)."""
    if formation.fleet_name is not None or formation.kind != "dissolve_fleet":
        return formation
    fleet = state.forces.get(formation.members[0]) if formation.members else None
    if fleet is None:
        return formation
    return formation.model_copy(update={"fleet_name": fleet.name})


def _after_attack(run: _Resolution, force: Force) -> tuple[bool, bool]:
    """NO-I9, NO-I15: an attacker resumes its order, or returns to its zone from T+1 when it
    ends the turn recorded outside it (the players move, NO-I6: a force still recorded in its
    zone has no way back to make). Returns whether the force spent the turn away from its
    zone on the attack: the turn of the attack, and the turns of returning from it up to its
    deadline (NO-I14: "and the turn of returning from it"; NO-I15). A turn it is still away
    after the deadline is a late one, not spent on the attack: it does not count
    (`_late_return` tells the player so). Returns too whether it resumes its order where it
    is, which the summary says unless the order is complete at this end (`_resumes`); the
    way back to its zone is told once the turn is counted, likewise (`_heads_back`)."""
    if force.status != "attacking":
        if force.status != "returning_to_zone":
            return False, False
        return force.return_due_turn is None or run.turn <= force.return_due_turn, False
    zone = station_location(force)
    force.battle_location = None
    if force.attack_away and zone is not None and name_key(zone) == name_key(force.location):
        force.attack_away = False
        force.status = "executing"
        run.note(force, Msg("naval_orders.turn.attack_in_zone", force=force.name, location=zone))
        return False, False
    if force.attack_away:
        force.status = "returning_to_zone"
        force.return_due_turn = run.turn + run.settings.return_deadline_turns
        force.late_reported = False
        force.attack_away = False
        return True, False
    force.status = "executing"
    return False, True


def _heads_back(run: _Resolution, force: Force) -> None:
    """NO-I15: a force that fought outside its zone this turn heads back to it from the next
    turn, if its cruise or raid is still in force at this end: one whose count is reached
    returns to a naval station instead (NO-4.3, NO-6.3, NO-I14), and is not told both."""
    if force.status != "returning_to_zone":
        return
    location = (
        force.order.order.location
        if force.order and isinstance(force.order.order, CruiseOrder | RaidOrder)
        else None
    )
    run.note(
        force,
        Msg(
            "naval_orders.turn.return_to_zone",
            force=force.name,
            location=location or "…",
            turn=run.turn + 1,
        ),
    )


def _resumes(run: _Resolution, force: Force) -> None:
    """After its battle the force goes on with its order, if the order is still in force at
    this end: a cruise or raid fought in its own location needs no return (NO-4.7, NO-6.7,
    NO-I15); a transfer is resumed (NO-5.6, NO-I11)."""
    if force.order is None or force.status != "executing":
        return
    kind = force.order.order.kind
    keys = {"cruise": "resumes_cruise", "raid": "resumes_raid", "move": "resumes_transfer"}
    key = keys.get(kind, "resumes_order")
    run.note(force, Msg(f"naval_orders.turn.{key}", force=force.name))


def _roll_raid(run: _Resolution, force: Force, order: RaidOrder) -> tuple[int, int]:
    """NO-I13: N + d3 (or d6) rolled as the force starts raiding."""
    settings = run.settings
    # A hidden roll is held past the turn's end: drawn from the held seed, which the turn's
    # end does not reveal.
    hidden = settings.raid_extra_roll_hidden
    with run.dice.held() if hidden else credited(run.credits, force.owner):
        face = run.dice.roll_one(
            6 if settings.raid_duration_mode == "d6" else 3,
            ROLL_RAID_DURATION,
            clause="NO-2.8" if settings.raid_duration_mode == "d6" else "NO-6.2",
        )
    if settings.raid_duration_mode == "d6":
        required = face
        line = Msg("naval_orders.turn.raid_d6", force=force.name, face=face, count=required)
    else:
        ordered = order.turns or 0
        required = ordered + face
        line = Msg(
            "naval_orders.turn.raid_d3",
            force=force.name,
            ordered=ordered,
            face=face,
            count=required,
        )
    rolled = {"force": force.name, "face": face, "required": required}
    if settings.raid_extra_roll_hidden:
        # A hidden entry of its own takes the roll (its `held()` block); published when this
        # raid ends.
        run.hidden.append({"summary": [shown_msg(line).to_json()], "raid_rolls": [rolled]})
        run.note(force, Msg("naval_orders.turn.raid_started", force=force.name))
    else:
        run.raid_rolls.append(rolled)
        run.note(force, line)
    return face, required


def _tick(run: _Resolution, force: Force, away: bool, *, complete: bool = True) -> None:
    """NO-I14: count the turn if the force ends it in its location, or (with
    `count_turns_away`) was away on an authorised attack; complete the order at the count.

    A force away on an attack made from its location this turn (`away`: it tested there,
    NO-I9) reached it this turn: that is its turn of arrival, which starts the count (and
    rolls a raid's duration, NO-I13) though it ends the turn in the adjacent location.

    A force still forming or dissolving (NO-2.7, `formation_turns` > 1) counts the turn it
    ends in its location (`complete=False`) but cannot leave it: an order whose count is
    reached then completes when the formation does, without counting that turn twice."""
    active = force.order
    if active is None or not isinstance(active.order, CruiseOrder | RaidOrder):
        return
    order = active.order
    there = order.location is not None and name_key(order.location) == name_key(force.location)
    if active.arrived_turn is None:
        if not there and not away:
            return
        active.arrived_turn = run.turn
        if isinstance(order, RaidOrder):
            active.raid_roll, active.turns_required = _roll_raid(run, force, order)
            if run.settings.raid_extra_roll_hidden:
                active.raid_roll_entry = run.dice.entry  # the roll's entry: its hidden one
                if run.dice.entry not in run.state.hidden_raid_rolls:
                    run.state.hidden_raid_rolls.append(run.dice.entry)
        else:
            active.turns_required = order.turns
            run.note(
                force,
                Msg(
                    "naval_orders.turn.cruise_started",
                    force=force.name,
                    location=order.location or "…",
                ),
            )
    reached = active.turns_required is not None and active.turns_done >= active.turns_required
    if not reached and (there or (away and run.settings.count_turns_away)):
        active.turns_done += 1
    if not complete or active.turns_required is None or active.turns_done < active.turns_required:
        return
    run.archive.append(retire_order(run.state, force, active, "completed", run.turn))
    run.completed.append(force.name)
    force.order = None
    done = {
        "force": force.name,
        "order": Msg(f"naval_orders.order.{order.kind}"),
        "count": active.turns_done,
    }
    if _relay_reached(run, force):
        # NO-3.3, NO-I7: its new order has reached it by packet boat; it waits for it where
        # it is (the relay step puts it in force), rather than sail for orders it has. Should
        # that order lapse, it owes its return after all (`_relays`).
        force.status = "awaiting_orders"
        force.owes_return = True
        run.note(force, Msg("naval_orders.turn.order_complete_relay", **done))
        return
    run.note(force, Msg("naval_orders.turn.order_complete", **done, turn=run.turn + 1))
    _return_to_station(run, force)


def _return_to_station(run: _Resolution, force: Force, *, tell: bool = True) -> None:
    """NO-4.3, NO-6.3, NO-I16: its cruise or raid carried out, the force returns to the
    nearest naval station for supplies and new orders: the one the distance table gives, or
    the one its player names and the GM confirms; the summary says which (`tell`: not for
    a force already in port at a naval station, which is back there, `_station_arrival`)."""
    force.status = "returning_to_station"
    force.owes_return = False
    force.return_due_turn = None
    force.late_reported = False
    force.return_station = nearest_station(run.state, run.settings, force)
    force.return_station_confirmed = force.return_station is not None
    force.return_station_from_table = force.return_station is not None
    force.return_station_by_gm = False
    if not tell:
        return
    if force.return_station is not None:
        run.note(
            force,
            Msg("naval_orders.return.from_table", force=force.name, station=force.return_station),
        )
    else:
        run.note(force, Msg("naval_orders.return.name_it", force=force.name))


def _relay_reached(run: _Resolution, force: Force) -> bool:
    """NO-3.3, NO-I7: whether an order brought by packet boat has reached the force (its
    arrival registered) and could take effect where it now is (`why_it_lapses`): the
    cruise or raid that ends now does not send it to a station for new orders."""
    return any(
        relay.force == force.key
        and relay.arrived_turn is not None
        and why_it_lapses(run.state, force, relay.order) is None
        for relay in run.state.relays
    )


def _late_return(run: _Resolution, force: Force) -> None:
    """NO-I15: a force whose recorded location is its zone again, a turn after the attack,
    is back; one still returning at the resolution of T + deadline is reported late once;
    with `late_return_breaks_order` the order is broken for a GM ruling."""
    if force.status != "returning_to_zone" or force.return_due_turn is None:
        return
    zone = station_location(force)
    began = force.return_due_turn - run.settings.return_deadline_turns
    if run.turn > began and zone is not None and name_key(zone) == name_key(force.location):
        # The recorded location is its zone again (the players move, NO-I6): back, not late.
        force.status = "executing"
        force.return_due_turn = None
        force.late_reported = False
        run.note(force, Msg("naval_orders.turn.back_in_zone", force=force.name, location=zone))
        return
    if run.turn < force.return_due_turn or force.late_reported:
        return
    force.late_reported = True
    run.late.append(force.name)
    run.note(
        force,
        Msg(
            "naval_orders.turn.late_return",
            force=force.name,
            owner=force.owner,
            turn=force.return_due_turn,
        ),
    )
    if run.settings.count_turns_away and not run.settings.late_return_breaks_order:
        # NO-I14: the turns of returning counted up to the deadline; the late ones do not.
        run.note(
            force,
            Msg(
                "naval_orders.turn.late_not_counted",
                force=force.name,
                location=zone or "…",
                turn=force.return_due_turn + 1,
            ),
        )
    if run.settings.late_return_breaks_order and force.order is not None:
        run.archive.append(retire_order(run.state, force, force.order, "broken", run.turn))
        force.order = None
        force.status = "awaiting_orders"
        force.return_due_turn = None
        run.note(force, Msg("naval_orders.turn.order_broken", force=force.name))


def _transfer_arrival(run: _Resolution, force: Force) -> None:
    """NO-5.3, NO-I17: in port at the destination, the transfer is complete."""
    active = force.order
    if force.status != "executing" or active is None or not isinstance(active.order, MoveOrder):
        return
    destination = active.order.destination
    if not force.in_port or destination is None:
        return
    if name_key(destination) != name_key(force.location):
        return
    run.archive.append(retire_order(run.state, force, active, "completed", run.turn))
    run.completed.append(force.name)
    force.order = None
    if run.settings.layover_after_transfer:
        status = begin_layover_or_wait(force, run.settings, run.turn)
    else:
        force.status = "awaiting_orders"
        status = force.status
    run.note(
        force,
        Msg(
            "naval_orders.turn.transfer_complete",
            force=force.name,
            port=active.order.port or destination,
        ),
    )
    _note_port_status(run, force, status)


def _note_port_status(run: _Resolution, force: Force, status: str) -> None:
    if status == "layover":
        run.note(
            force,
            Msg(
                "naval_orders.turn.layover",
                force=force.name,
                turn=force.layover_until or run.turn + 1,
            ),
        )
    else:
        run.note(force, Msg("naval_orders.turn.awaiting", force=force.name))


def _anchored(run: _Resolution) -> None:
    """NO-I17: a transfer completed this turn by an order given on arrival at its end port,
    with no layover to follow (`complete_transfer_on_arrival`), is among the turn's completed
    orders; its record was made when the order was given."""
    for key in sorted(run.state.forces):
        shared = run.state.forces[key]
        if shared.anchored_at is None:
            continue
        force = _editable(shared)
        run.state.forces[key] = force
        run.completed.append(force.name)
        run.note(
            force,
            Msg("naval_orders.turn.transfer_complete", force=force.name, port=force.anchored_at),
        )
        force.anchored_at = None


def _station_arrival(run: _Resolution, force: Force) -> None:
    """NO-4.3, NO-6.3, NO-2.11: back in a naval station, the layover starts next turn. A
    station the GM named or confirmed binds (NO-I16): in port at another, the force is
    told so and goes on returning there."""
    if force.status != "returning_to_station" or not force.in_port:
        return
    station = run.state.station_at(force.location)
    if station is None or not station.naval_station:
        return
    bound = force.return_station if force.return_station_by_gm else None
    if bound is not None and name_key(bound) != station.key:
        run.note(
            force,
            Msg(
                "naval_orders.turn.not_its_station",
                force=force.name,
                station=station.name,
                confirmed=bound,
            ),
        )
        return
    status = begin_layover_or_wait(force, run.settings, run.turn)
    run.note(force, Msg("naval_orders.turn.at_station", force=force.name, station=station.name))
    _note_port_status(run, force, status)


def _layover_end(run: _Resolution, force: Force) -> None:
    """NO-I7: the layover ends; an order recorded during it takes effect (NO-I18), checked
    again where the force then is (`why_it_lapses`): one that cannot lapses, and the force
    awaits orders."""
    if force.status != "layover" or force.layover_until is None:
        return
    if force.layover_until > run.turn:
        return
    force.layover_until = None
    pending = force.pending_order
    reason = why_it_lapses(run.state, force, pending) if pending is not None else None
    if pending is not None and reason is not None:
        # NO-I18: checked again where the force is as the layover ends; it lapses.
        force.pending_order = None
        force.status = "awaiting_orders"
        run.archive.append(retire_order(run.state, force, pending, "cancelled", run.turn))
        order = Msg(f"naval_orders.order.{pending.order.kind}")
        run.note(
            force,
            Msg("naval_orders.turn.pending_lapsed", force=force.name, order=order, reason=reason),
        )
    elif pending is not None:
        force.pending_order = None
        run.archive += put_in_force(run.state, force, pending, run.turn + 1)
        run.note(
            force, Msg("naval_orders.turn.pending_in_force", force=force.name, turn=run.turn + 1)
        )
    else:
        force.status = "awaiting_orders"
        run.note(force, Msg("naval_orders.turn.layover_over", force=force.name))


def _waiting_order_lapses(run: _Resolution, force: Force) -> None:
    """NO-3.3, NO-I18: an order given on arrival in port (at a naval station, or the end
    port of a transfer) waits for the layover the arrival begins at this turn's end. A force
    recorded at sea again by then has not arrived: it is still carrying out its order (or
    returning to a station), which is mandatory, and orders change only in port or by packet
    boat; so the waiting order lapses, with a line, rather than sit unapplied or follow the
    force to sea and take effect at a later arrival the player did not order it for."""
    pending = force.pending_order
    if pending is None or force.status == "layover":
        return
    run.archive.append(retire_order(run.state, force, pending, "cancelled", run.turn))
    force.pending_order = None
    order = Msg(f"naval_orders.order.{pending.order.kind}")
    run.note(force, Msg("naval_orders.turn.order_lapsed", force=force.name, order=order))


def _relays(run: _Resolution) -> None:
    """NO-I7: a relayed order takes effect from `effective_turn`; applied at the resolution
    before it. The packet arrived, the relay turn passed. It takes effect wherever the force
    then is; an order that would be refused given there at once (a transfer from its own
    end port, or via the location where the force is; a repair away from a naval
    station…) lapses, and the force goes on with the order it has (`why_it_lapses`); one
    that carried out its cruise or raid waiting for it (`Force.owes_return`) has none, and
    returns to the nearest naval station after all (NO-4.3, NO-6.3, NO-I16). A
    force that has meanwhile come back to port after its order is checked in that port and
    keeps its layover first (NO-2.11, NO-I18). One still
    forming or dissolving cannot leave its location (NO-2.7) nor attack (NO-I9), and its
    range is 0 (NO-I4): the relayed order waits for the formation, as a forming force takes
    no new order (`check_may_receive`), and takes effect from the turn after it is made
    (this step runs after the formations are made)."""
    kept = []
    for relay in run.state.relays:
        force = run.state.forces.get(relay.force)
        due = relay.effective_turn is not None and relay.effective_turn <= run.turn + 1
        if due and force is not None and force.status == "forming" and force.formation:
            relay = relay.model_copy(update={"effective_turn": force.formation.complete_turn + 1})
            due = False
        if not due:
            turn = relay.effective_turn if relay.arrived_turn is not None else None
            if turn is not None and force is not None:
                run.note(force, _relay_waits(force, relay.id, turn))
            kept.append(relay)
            continue
        if force is None:
            continue
        force = _editable(force)
        run.state.forces[force.key] = force
        reason = why_it_lapses(run.state, force, relay.order)
        if reason is not None:
            # NO-I7, NO-3.3: it takes effect where the force now is, and cannot: it lapses,
            # and the force goes on with the order it has.
            run.archive.append(retire_order(run.state, force, relay.order, "cancelled", run.turn))
            lapsed = Msg(
                "naval_orders.turn.relay_lapsed",
                force=force.name,
                relay=relay.id,
                order=Msg(f"naval_orders.order.{relay.order.order.kind}"),
                reason=reason,
            )
            if force.order is None and force.owes_return and not _relay_reached(run, force):
                # NO-4.3, NO-6.3: it waited for this order after its cruise or raid, and has
                # none: it returns to the nearest naval station for new orders after all
                # (NO-I16), and is back there if it lies in port at one (NO-2.11).
                run.note(force, Msg("naval_orders.turn.relay_lapsed_return", **lapsed.params))
                station = run.state.station_at(force.location)
                at_one = force.in_port and station is not None and station.naval_station
                _return_to_station(run, force, tell=not at_one)
                _station_arrival(run, force)
            else:
                run.note(force, lapsed)
            continue
        if force.pending_order is not None:
            run.archive.append(
                retire_order(run.state, force, force.pending_order, "cancelled", run.turn)
            )
            force.pending_order = None
        if force.status == "layover" and force.layover_until is not None:
            # NO-2.11, NO-I18: back in port after its order, the force stays its layover; the
            # relayed order is recorded and takes effect when the layover ends.
            effective = force.layover_until + 1
            force.pending_order = relay.order.model_copy(update={"effective_turn": effective})
        else:
            effective = run.turn + 1
            run.archive += put_in_force(run.state, force, relay.order, effective)
        run.note(
            force,
            Msg(
                "naval_orders.turn.relay_in_force",
                force=force.name,
                relay=relay.id,
                turn=effective,
            ),
        )
    run.state.relays = kept


def _relay_waits(force: Force, relay: int, turn: int) -> Msg:
    """The line for an order by packet not yet in force: the relay turn (NO-2.9, NO-I7), or
    a formation it waits for (NO-2.7)."""
    formation = force.formation
    if force.status == "forming" and formation is not None and turn == formation.complete_turn + 1:
        return Msg(
            "naval_orders.turn.relay_waits_formation", force=force.name, relay=relay, turn=turn
        )
    return Msg("naval_orders.turn.relay_turn", force=force.name, turn=turn)


def end_of_turn(
    context: TurnContext[NavalOrdersState, NavalOrdersSettings],
) -> TurnStepResult[NavalOrdersState]:
    """Resolve turn `context.turn` for every force (module docstring); the summary lists each
    player's forces and what changed, then whose forces still lack orders."""
    settings = context.settings
    run = _Resolution(
        state=_working_copy(context.state),
        settings=settings,
        turn=context.turn,
        dice=context.dice,
        credits=Credits(context.dice),
    )
    _anchored(run)
    _formations(run)
    _settle_names(run)
    for key in sorted(run.state.forces):
        force = run.state.forces[key]
        if force.kind == "packet" or force.status == "awaiting_orders":
            continue
        if force.status == "forming":
            _tick(run, force, False, complete=False)  # NO-I14: a turn forming in place counts
            continue
        attacked = force.status == "attacking"
        away, resumed = _after_attack(run, force)
        _tick(run, force, away)
        if attacked:
            _heads_back(run, force)
        if resumed:
            _resumes(run, force)
        _late_return(run, force)
        _transfer_arrival(run, force)
        _station_arrival(run, force)
        _layover_end(run, force)
        _waiting_order_lapses(run, force)
    _relays(run)
    ended = _ended_raid_rolls(run)
    # Player-given names shown literally (the waiting lines escape their own).
    lines = [
        shown_msg(line)
        for line in summary_lines(
            run.state, run.changes, hide_raid_duration=settings.raid_extra_roll_hidden
        )
    ]
    lines += waiting_lines(run.state, context.turn + 1)
    return TurnStepResult(
        state=run.state,
        lines=lines,
        outcome={
            "changed": sorted(
                run.state.forces[k].name for k in run.changes if k in run.state.forces
            ),
            "completed": run.completed,
            "late_returns": run.late,
            "raid_rolls": run.raid_rolls,
            **(run.credits.outcome() if run.credits is not None else {}),
        },
        hidden=run.hidden,
        reveal=ended,
        archive=run.archive,
        audit_lines=[
            Msg(
                "naval_orders.turn.audit",
                forces=Msg("naval_orders.count.forces", count=len(run.state.forces)),
                changed=Msg("naval_orders.count.changed", count=len(run.changes)),
                completed=Msg("naval_orders.count.completed", count=len(run.completed)),
                late=Msg("naval_orders.count.late", count=len(run.late)),
            )
        ],
        affected=sorted({run.state.forces[k].owner for k in run.changes if k in run.state.forces}),
        affected_lines=ping_lines(run.state, run.changes),
    )


# A formation made at the turn's end (`formation_lines`, NO-2.7), as the summary tells it
# under the force it made: indented as every change of a force is.
FORMATION_NOTE = "naval_orders.turn.formation_done"

# The turn's summary lines (`naval_orders.turn.*`) each told short in its owner's ping, with
# the same parameters and saying no more (a hidden raid's start stays without its length,
# NO-I13); a line not listed is told as the summary tells it.
PING_KEYS = {
    "naval_orders.turn.raid_d3": "naval_orders.ping.raid",
    "naval_orders.turn.raid_d6": "naval_orders.ping.raid",
    # the return it makes instead is told by the line after it (`return.*`, `turn.at_station`)
    "naval_orders.turn.relay_lapsed_return": "naval_orders.ping.relay_lapsed",
    # each order goes on after its battle by its own clause (NO-4.7, NO-6.7, NO-5.6)
    "naval_orders.turn.resumes_cruise": "naval_orders.ping.resumes_order",
    "naval_orders.turn.resumes_raid": "naval_orders.ping.resumes_order",
    "naval_orders.turn.resumes_transfer": "naval_orders.ping.resumes_order",
    **{
        f"naval_orders.{line}": f"naval_orders.ping.{line.rsplit('.', 1)[1]}"
        for line in (
            "turn.raid_started",
            "turn.cruise_started",
            "turn.order_complete",
            "turn.order_complete_relay",
            "turn.late_return",
            "turn.late_not_counted",
            "turn.order_broken",
            "turn.transfer_complete",
            "turn.at_station",
            "turn.not_its_station",
            "turn.layover",
            "turn.awaiting",
            "turn.layover_over",
            "turn.pending_in_force",
            "turn.relay_turn",
            "turn.relay_in_force",
            "turn.relay_waits_formation",
            "turn.order_lapsed",
            "turn.relay_lapsed",
            "turn.pending_lapsed",
            "turn.back_in_zone",
            "turn.return_to_zone",
            "turn.attack_in_zone",
            "turn.resumes_order",
            "turn.renamed",
            "formation.failed",
        )
    },
    "naval_orders.formation.form_fleet.done": "naval_orders.ping.fleet_formed",
    "naval_orders.formation.dissolve_fleet.done": "naval_orders.ping.fleet_dissolved",
    "naval_orders.formation.dissolve_fleet.done_named": "naval_orders.ping.fleet_dissolved_named",
    "naval_orders.formation.form_convoy.done": "naval_orders.ping.convoy_formed",
    "naval_orders.formation.dissolve_convoy.done": "naval_orders.ping.convoy_dissolved",
    "naval_orders.return.from_table": "naval_orders.ping.return",
    "naval_orders.return.name_it": "naval_orders.ping.return_name_it",
}


def ping_line(line: Msg) -> Msg:
    """A line of the turn's summary as its owner's ping tells it: short, without the
    clauses (`PING_KEYS`); a formation's line is told as the formation's (`FORMATION_NOTE`),
    not indented."""
    inner = line.params.get("line") if line.key == FORMATION_NOTE else None
    if isinstance(inner, Msg):
        line = inner
    key = PING_KEYS.get(line.key)
    return line if key is None else Msg(key, **line.params)


def ping_lines(state: NavalOrdersState, changes: dict[str, list[Msg]]) -> dict[str, list[Msg]]:
    """What each owner's ping tells: what changed for their forces, in the summary's order,
    each line short (`ping_line`) and saying no more than the summary's (an order still
    unseen before the turn's end is told only as the summary tells it, a hidden raid's
    length not at all, NO-I13); forces' names as the players typed them (`shown_msg`)."""
    told: dict[str, list[Msg]] = {}
    for key in sorted(changes):
        force = state.forces.get(key)
        if force is None:  # struck off: the summary no longer lists it
            continue
        told.setdefault(force.owner, []).extend(shown_msg(ping_line(m)) for m in changes[key])
    return told


def summary_lines(
    state: NavalOrdersState,
    changes: dict[str, list[Msg]],
    *,
    hide_raid_duration: bool = False,
) -> list[Msg]:
    """Per player: their forces with status and order, each followed by what changed (a
    hidden raid duration left out, NO-I13)."""
    if not state.forces:
        return [Msg("naval_orders.turn.no_forces")]
    by_owner: dict[str, list[Force]] = {}
    for force in state.forces.values():
        by_owner.setdefault(force.owner, []).append(force)
    lines: list[Msg] = []
    for owner in sorted(by_owner, key=name_key):
        forces = sorted(by_owner[owner], key=lambda f: f.key)
        lines.append(Msg("naval_orders.turn.owner", owner=owner, count=len(forces)))
        for force in forces:
            coming = next_order(state, force)
            lines.append(force_summary(force, hide_raid_duration=hide_raid_duration, coming=coming))
            lines += changes.get(force.key, [])
    return lines


def next_order(state: NavalOrdersState, force: Force) -> Msg | None:
    """The order a force without one will carry out next, and from which turn: recorded
    for after its layover, or brought by packet boat (NO-I7, NO-I18); None when none is."""
    if force.pending_order is not None and force.pending_order.effective_turn is not None:
        return Msg(
            "naval_orders.order.next",
            order=Msg(f"naval_orders.order.{force.pending_order.order.kind}"),
            turn=force.pending_order.effective_turn,
        )
    for relay in state.relays:
        if relay.force == force.key:
            order = Msg(f"naval_orders.order.{relay.order.order.kind}")
            if relay.effective_turn is None:
                return Msg("naval_orders.order.next_by_packet", order=order)
            return Msg("naval_orders.order.next", order=order, turn=relay.effective_turn)
    return None


def force_summary(
    force: Force, *, hide_raid_duration: bool = False, coming: Msg | None = None
) -> Msg:
    """One force: status, its order and where it is carried out (`order_brief`) and progress
    (a packet boat: where it is); a force
    without an order names the one `coming` (`next_order`), rather than "no order". A force
    awaiting orders with none coming is only said to await them: its status already says it
    has no order."""
    if force.kind == "packet":
        return Msg("naval_orders.turn.packet", force=force.name, status=status_msg(force))
    if force.order is None and coming is None and force.status == "awaiting_orders":
        return Msg("naval_orders.turn.force_awaiting", force=force.name, status=status_msg(force))
    order: Msg = (
        order_brief(force.order)
        if force.order is not None
        else coming or Msg("naval_orders.order.none")
    )
    return Msg(
        "naval_orders.turn.force",
        force=force.name,
        status=status_msg(force),
        order=order,
        progress=progress_msg(force, hide_raid_duration=hide_raid_duration),
    )


def waiting_for(state: NavalOrdersState, settings: NavalOrdersSettings, turn: int) -> list[Msg]:
    """Forces still lacking orders, one line per owner (feeds `/turn status`)."""
    return waiting_lines(state, turn)


def awaited(state: NavalOrdersState, settings: NavalOrdersSettings, turn: int) -> list[Awaited]:
    """Each owner whose forces still lack orders (reminders ping them), the line without
    the owner's name (shown before it)."""
    return [
        Awaited(owner, Msg("naval_orders.owes.orders", **without_owner(line.params)))
        for owner, line in owners_lacking_orders(state, turn)
    ]


def without_owner(params: dict[str, Any]) -> dict[str, Any]:
    """A message's parameters but its `owner`."""
    return {k: v for k, v in params.items() if k != "owner"}
