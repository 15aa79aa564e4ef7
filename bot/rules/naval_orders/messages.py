"""Narration: one function per outcome kind, returning `Msg` lines rendered later in the
reader's language; the audit summary and the embeds both use these.

The order text follows the rules' mandatory wording (NO-4.10, NO-5.9, NO-6.9) in the
catalogs `naval_orders.order_text.<kind>`, so the cog prints it in the reader's language.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.naval_orders.damage import is_damaged
from bot.rules.naval_orders.models import RATE_NUMERALS
from bot.rules.naval_orders.models import ActiveOrder
from bot.rules.naval_orders.models import BlockadeOrder
from bot.rules.naval_orders.models import BuildOrder
from bot.rules.naval_orders.models import CompletedOrder
from bot.rules.naval_orders.models import CruiseOrder
from bot.rules.naval_orders.models import EscortOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import ForceKind
from bot.rules.naval_orders.models import Formation
from bot.rules.naval_orders.models import LandingOrder
from bot.rules.naval_orders.models import MoveOrder
from bot.rules.naval_orders.models import PacketRelay
from bot.rules.naval_orders.models import RaidOrder
from bot.rules.naval_orders.models import Ship
from bot.rules.naval_orders.models import Station
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.reports import CommandTestResult
from bot.rules.naval_orders.reports import Modifier
from bot.rules.naval_orders.reports import MovementRange
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.rulesets import ArchiveRecord
from bot.text import faces_text

BLANK = "…"
UNRATED_ORDER = ("transport", "merchant", "packet")


def as_the_gm_names(msg: Msg, force: Force) -> Msg:
    """`msg` as a GM reads it: a force kept apart from another of its name (`Force.clash`)
    named by its faction-qualified name, the one the GM tells the two apart by, reads in
    `/navy orders` and types (NO-4.10); its plain name is the other force's to the GM. The
    message is unchanged for every other force."""
    qualified = force.clash
    if qualified is None:
        return msg

    def value(item: object) -> object:
        if isinstance(item, Msg):
            return as_the_gm_names(item, force)
        return qualified if item == force.name else item

    if isinstance(msg, MsgList):
        return MsgList([value(item) for item in msg.items], str(msg.params["separator"]))
    return Msg(msg.key, **{k: value(v) for k, v in msg.params.items()})


def ship_counts(ships: Sequence[Ship]) -> dict[str, int]:
    """Ships by rate (I…VI) then unrated kinds, as the order form counts them (NO-4.10)."""
    counts: dict[str, int] = {}
    for rate in range(1, 7):
        count = sum(1 for s in ships if s.rated and s.rate == rate)
        if count:
            counts[RATE_NUMERALS[rate]] = count
    for kind in UNRATED_ORDER:
        count = sum(1 for s in ships if s.kind == kind)
        if count:
            counts[kind] = count
    return counts


def ships_msg(counts: dict[str, int], *, counted: bool = False) -> Msg:
    """ "3 ships of rate III, 2 transports" in the reader's language; `counted`: as the
    order's wording counts them ("numbering …", «в количестве …»: the genitive in Russian,
    «2 кораблей III ранга», «1 корабля»)."""
    family = "ships_counted" if counted else "ships"
    parts: list[Msg] = []
    for label, count in counts.items():
        if label in UNRATED_ORDER:
            parts.append(Msg(f"naval_orders.{family}.{label}", count=count))
        else:
            parts.append(Msg(f"naval_orders.{family}.rated", count=count, rate=label))
    if not parts:
        return Msg(f"naval_orders.{family}.none")
    return MsgList(parts)


def forces_msg(kind: ForceKind, name: str) -> Msg:
    """ "Fleet “X”" / "Squadron “X”" (the form's "Fleet/Squadron", NO-4.10); packet boats
    receive no orders (NO-I22)."""
    if kind == "fleet":
        return Msg("naval_orders.forces_of.fleet", name=name)
    return Msg("naval_orders.forces_of.squadron", name=name)


def _field(value: str | None) -> str:
    return value if value else BLANK


def _details(text: str | None) -> str:
    return f" — {text}" if text else ""


def _order_place(order: BlockadeOrder | EscortOrder | LandingOrder) -> tuple[str, str | None]:
    """The place a recorded-only order names (NO-I1), as its wording's parameter: the port
    blockaded, the convoy escorted, the landing's location."""
    if isinstance(order, BlockadeOrder):
        return "port", order.port
    if isinstance(order, EscortOrder):
        return "convoy", order.convoy
    return "location", order.location


def order_text(force_name: str, active: ActiveOrder, *, return_station: str | None = None) -> Msg:
    """The order in its mandatory wording (NO-4.10, NO-5.9, NO-6.9; the six others in the
    same style), with "…" for a field left blank under free forms (NO-I19). A repair or
    disbanding sent by packet boat to a force away from a naval station names none yet: it
    is carried out where the force is when it takes effect (NO-1.1, NO-I7), said so, with
    the station the force returns to (`return_station`, NO-I16) where one is named."""
    order = active.order
    forces = forces_msg(active.force_kind, force_name)
    ships = ships_msg(active.ships, counted=True)  # «в количестве 2 кораблей III ранга»
    if isinstance(order, CruiseOrder | RaidOrder):
        turns: Msg | str = (
            Msg("naval_orders.turns_for", count=order.turns) if order.turns is not None else BLANK
        )
        return Msg(
            f"naval_orders.order_text.{order.kind}",
            point=_field(order.point),
            forces=forces,
            ships=ships,
            location=_field(order.location),
            turns=turns,
        )
    if isinstance(order, MoveOrder):
        return Msg(
            "naval_orders.order_text.move",
            point=_field(order.point),
            forces=forces,
            ships=ships,
            destination=_field(order.destination),
            port=_field(order.port),
            # «через локацию №9», «через локации №9, 12»: a list of one, or of several; the
            # word's number follows the list, not a numeral (NO-5.9).
            via=Msg(
                "naval_orders.via_several" if len(order.via) > 1 else "naval_orders.via_one",
                via=", ".join(order.via) or BLANK,
            ),
        )
    if isinstance(order, BlockadeOrder | EscortOrder | LandingOrder):
        param, place = _order_place(order)
        return Msg(
            f"naval_orders.order_text.{order.kind}",
            **{param: _field(place)},
            forces=forces,
            ships=ships,
            details=_details(order.details),
        )
    if isinstance(order, BuildOrder):
        return Msg(
            "naval_orders.order_text.build",
            station=force_name,
            details=_details(order.details),
        )
    if active.station is None and order.kind in ("repair", "disband"):
        where = "returning" if return_station else "when_due"
        return Msg(
            f"naval_orders.order_text.{order.kind}_{where}",
            forces=forces,
            ships=ships,
            station=return_station or BLANK,
            details=_details(order.details),
        )
    return Msg(
        f"naval_orders.order_text.{order.kind}",
        forces=forces,
        ships=ships,
        station=_field(active.station),
        details=_details(order.details),
    )


def order_brief(active: ActiveOrder) -> Msg:
    """An order as the turn's summary names it: its kind and the place its mandatory text
    names (NO-4.10 the cruising location, NO-5.9 the transfer's destination and port, NO-6.9
    the raiding location; NO-1.1, NO-I1: the seaport blockaded, the convoy escorted, the
    landing's location, the station a repair or disbanding is carried out at); its kind alone
    where it names none (a field left blank under free forms, NO-I19; a construction, given
    to the station the line names)."""
    order = active.order
    kind = Msg(f"naval_orders.order.{order.kind}")
    place: dict[str, str | None] = {}
    if isinstance(order, CruiseOrder | RaidOrder):
        place = {"location": order.location}
    elif isinstance(order, MoveOrder):
        place = {"destination": order.destination, "port": order.port or BLANK}
    elif isinstance(order, BlockadeOrder | EscortOrder | LandingOrder):
        place = dict([_order_place(order)])
    elif not isinstance(order, BuildOrder):  # a repair or a disbanding (NO-1.1)
        place = {"station": active.station}
    if not place or not all(place.values()):
        return kind
    return Msg(f"naval_orders.brief.{order.kind}", **place)


def status_msg(force: Force) -> Msg:
    """The force's status in words (§4 status list); a packet boat, which takes no orders
    (NO-I22), is called one, in port or at sea."""
    if force.kind == "packet":
        place = "in_port" if force.in_port else "at_sea"
        return Msg("naval_orders.status.packet", place=Msg(f"naval_orders.place.{place}"))
    return Msg(f"naval_orders.status.{force.status}")


def progress_msg(force: Force, *, hide_raid_duration: bool = False) -> Msg:
    """The order's progress: turns counted of turns required, or not started. A raid whose
    extra roll is hidden (NO-I13 `raid_extra_roll_hidden`) shows the turns counted only."""
    active = force.order
    if active is None or active.order.kind not in ("cruise", "raid"):
        return Msg("naval_orders.progress.none")
    if active.arrived_turn is None:
        zone = active.order.location
        if zone is not None and name_key(zone) == name_key(force.location):
            return Msg("naval_orders.progress.in_location")  # counted from this turn's end
        return Msg("naval_orders.progress.not_arrived")
    if hide_raid_duration and active.order.kind == "raid":
        return Msg("naval_orders.progress.raided", count=active.turns_done)
    if active.turns_required is None:
        return Msg("naval_orders.progress.open", count=active.turns_done)
    return Msg(
        "naval_orders.progress.counted", done=active.turns_done, required=active.turns_required
    )


def _ship_damage(ship: Ship, count: int) -> Msg:
    """`count` vessels alike in kind, rate and damage as the register keeps them: "1 ship of
    rate IV under a jury mast", «2 корабля V ранга с повреждением корпуса 80 %» (NO-2.6,
    NO-I5)."""
    alike = ships_msg(ship_counts([ship] * count))
    if ship.jury_mast and ship.hull_damage_pct:
        return Msg("naval_orders.damage.jury_hull", ship=alike, pct=ship.hull_damage_pct)
    if ship.jury_mast:
        return Msg("naval_orders.damage.jury", ship=alike)
    return Msg("naval_orders.damage.hull", ship=alike, pct=ship.hull_damage_pct)


def damage_line(force: Force, settings: NavalOrdersSettings) -> Msg | None:
    """The damage the register keeps for a force's vessels (a jury mast, hull damage) and
    how many of them count as damaged for its range and tests (NO-2.6, NO-I5: hull damage
    above `damaged_hull_threshold_pct`); None when no vessel has any."""
    ships = [s for s in force.all_ships() if s.jury_mast or s.hull_damage_pct]
    if not ships:
        return None
    damaged = sum(1 for ship in ships if is_damaged(ship, settings))
    counted = (
        Msg("naval_orders.damage.counted", count=damaged)
        if damaged
        else Msg("naval_orders.damage.none_counted", pct=settings.damaged_hull_threshold_pct)
    )
    # Vessels alike (a frozen Ship: kind, rate and damage) are counted together, in the
    # order the register first lists them ("2xV jury": two ships of rate V, one line).
    alike = Counter(ships)
    return Msg(
        "naval_orders.damage.line",
        ships=MsgList([_ship_damage(ship, count) for ship, count in alike.items()]),
        counted=counted,
    )


def force_lines(
    force: Force,
    settings: NavalOrdersSettings | None,
    *,
    registered: bool = False,
    removed: bool = False,
    updated: bool = False,
) -> list[Msg]:
    """A force registered, updated (registered again, or edited) or struck off the
    register (§4), with the damage recorded for its vessels (`damage_line`). A packet boat
    takes no command test, so no officer rating is shown for it (NO-I22)."""
    if removed:
        return [Msg("naval_orders.force.removed", force=force.name, owner=force.owner)]
    port = Msg("naval_orders.place.in_port") if force.in_port else Msg("naval_orders.place.at_sea")
    if force.kind == "packet":
        key = (
            "naval_orders.force.updated_packet"
            if updated
            else "naval_orders.force.registered_packet"
        )
    else:
        key = "naval_orders.force.updated" if updated else "naval_orders.force.registered"
    params: dict[str, object] = {
        "force": force.name,
        "owner": force.owner,
        "kind": Msg(f"naval_orders.kind.{force.kind}"),
        "ships": ships_msg(ship_counts(force.all_ships())),
        "location": force.location,
        "port": port,
    }
    if force.kind == "packet":
        lines = [Msg(key, **params)]
    else:
        lines = [Msg(key, rating=f"{force.officer_rating:+d}", **params)]
    if force.squadrons:
        lines.append(squadrons_line(force))
    damage = damage_line(force, settings) if settings is not None else None
    return lines + ([damage] if damage is not None else [])


def squadrons_line(force: Force) -> Msg:
    """A fleet's squadrons, each with its kind and ships: its range is its slowest
    squadron's (NO-I3), and each auxiliary squadron adds +1 to its command tests (NO-I8)."""
    squadrons = [
        Msg(
            "naval_orders.force.squadron",
            name=squadron.name,
            kind=Msg(f"naval_orders.kind.{squadron.kind}"),
            ships=ships_msg(ship_counts(squadron.ships)),
        )
        for squadron in force.squadrons
    ]
    return Msg("naval_orders.force.squadrons", squadrons=MsgList(squadrons, separator="; "))


def station_lines(
    station: Station, *, removed: bool = False, replaced: Station | None = None
) -> list[Msg]:
    """A port or station added to or taken off the GM's list; one added under the name of a
    listed one says what entry it replaces (`replaced`)."""
    if removed:
        return [Msg("naval_orders.station.removed", station=station.name)]
    key = "naval_orders.station.naval" if station.naval_station else "naval_orders.station.port"
    lines = [Msg(key, station=station.name, location=station.location, owner=_owner(station))]
    if replaced is not None:
        kind = "naval" if replaced.naval_station else "port"
        lines.append(
            Msg(
                f"naval_orders.station.replaced_{kind}",
                station=replaced.name,
                location=replaced.location,
                owner=_owner(replaced),
            )
        )
    return lines


def _owner(station: Station) -> Msg:
    if station.owner:
        return Msg("naval_orders.station.owner", owner=station.owner)
    return Msg("naval_orders.station.no_owner")


def position_lines(force: Force, *, back_in_zone: bool, lapses: bool = False) -> list[Msg]:
    """A reported position; a force back in its zone after a battle (NO-I15); a force back
    at sea whose order waiting for the layover lapses unless it is in port again by the
    turn's end (NO-3.3, NO-I18)."""
    place = Msg("naval_orders.place.in_port") if force.in_port else Msg("naval_orders.place.at_sea")
    lines = [Msg("naval_orders.position", force=force.name, location=force.location, port=place)]
    if back_in_zone:
        lines.append(Msg("naval_orders.back_in_zone", force=force.name, location=force.location))
    if lapses and force.pending_order is not None:
        order = Msg(f"naval_orders.order.{force.pending_order.order.kind}")
        lines.append(Msg("naval_orders.position.order_lapses", force=force.name, order=order))
    return lines


def relay_lapse_line(relay: PacketRelay, force: Force, reason: Msg) -> Msg:
    """Where the force now is, the order brought by packet boat that has reached it could
    not take effect (`reason`, the refusal): it lapses at the end of the turn before it was
    to take effect (NO-I7), unless the force is elsewhere by then; the force then goes on as
    before, or returns to the nearest naval station for new orders: at once if it carried
    out its cruise or raid waiting for it, or when it carries out the one it has (NO-4.3,
    NO-6.3, NO-I16)."""
    params: dict[str, object] = {
        "force": force.name,
        "relay": relay.id,
        "order": Msg(f"naval_orders.order.{relay.order.order.kind}"),
        "reason": reason,
        "turn": (relay.effective_turn or 1) - 1,
    }
    active = force.order
    if active is None and force.owes_return:
        return Msg("naval_orders.position.relay_lapses_return", **params)
    if active is not None and isinstance(active.order, CruiseOrder | RaidOrder):
        current = Msg(f"naval_orders.order.{active.order.kind}")
        return Msg("naval_orders.position.relay_lapses_then_return", **params, current=current)
    return Msg("naval_orders.position.relay_lapses", **params)


def order_lines(force: Force, active: ActiveOrder, *, pending: bool) -> list[Msg]:
    """An order recorded: its mandatory text, and when it takes effect (NO-I7, NO-I18)."""
    lines = [
        Msg(
            "naval_orders.order.given",
            force=force.name,
            order=Msg(f"naval_orders.order.{active.order.kind}"),
        ),
        order_text(force.name, active),
    ]
    if pending:
        # Given on arrival or during the layover: the layover's last turn is named, as the
        # force is in port replenishing until then either way (NO-2.11). The log keeps an
        # earlier release's line, "is in its layover", under `order.after_layover`.
        lines.append(
            Msg(
                "naval_orders.order.after_layover_until",
                force=force.name,
                last=active.effective_turn - 1,
                turn=active.effective_turn,
            )
        )
    return lines


def archive_lines(records: Sequence[ArchiveRecord]) -> list[Msg]:
    """Orders a command retired: completed, replaced or cancelled (NO-I1, NO-I18)."""
    lines = []
    for record in records:
        body = record.body
        if isinstance(body, CompletedOrder):
            lines.append(
                Msg(
                    f"naval_orders.order.ended.{body.end}",
                    force=body.force,
                    order=Msg(f"naval_orders.order.{body.order.kind}"),
                )
            )
    return lines


def build_order_lines(station: Station) -> list[Msg]:
    """A station's construction/purchase order recorded (NO-1.1)."""
    assert station.build_order is not None
    return [order_text(station.name, station.build_order)]


def return_station_lines(force: Force) -> list[Msg]:
    """The station a returning force makes for, and whether the GM confirmed it (NO-I16);
    named by its player, the reply says how the GM confirms it."""
    key = (
        "naval_orders.return.confirmed"
        if force.return_station_confirmed
        else "naval_orders.return.named_ask_gm"
    )
    return [Msg(key, force=force.name, station=force.return_station or BLANK)]


def modifier_msg(modifier: Modifier) -> Msg:
    """One itemised modifier: "+1 officer's rating (NO-I8)"."""
    return Msg(
        f"naval_orders.mod.{modifier.reason}",
        amount=f"{modifier.amount:+d}",
        count=modifier.count if modifier.count is not None else 1,
        clause=modifier.clause,
    )


def range_lines(report: MovementRange) -> list[Msg]:
    """The movement range first (held at 0: why, next), then its base and every modifier
    (NO-I3, NO-I4)."""
    lines = [Msg("naval_orders.range.total", force=report.force, count=report.total)]
    if report.held is not None:
        lines.append(Msg(f"naval_orders.range.held.{report.held}", force=report.force))
    lines.append(
        Msg(
            f"naval_orders.range.base.{report.base_rule}",
            force=report.force,
            base=report.base,
        )
    )
    lines += [modifier_msg(m) for m in report.modifiers]
    if report.port_free is not None:
        lines.append(Msg(f"naval_orders.range.port_free.{report.port_free}"))
    if report.held is None and report.floored:
        lines.append(Msg("naval_orders.range.floored", total=report.total))
    if report.stops_after_combat:
        lines.append(Msg("naval_orders.range.stops_after_combat", force=report.force))
    return lines


def command_test_lines(result: CommandTestResult) -> list[Msg]:
    """The test: dice, each modifier, the total against the target its order's clause sets
    (NO-4.6, NO-5.5, NO-6.6), and what the force may now do (NO-I8, NO-I9, NO-I15)."""
    lines = [
        Msg(
            "naval_orders.test.roll",
            force=result.force,
            order=Msg(f"naval_orders.order.{result.order}"),
            dice=f"{result.dice}d6",
            faces=faces_text(result.faces),
        )
    ]
    lines += [modifier_msg(m) for m in result.modifiers]
    outcome = "success" if result.success else "failure"
    lines.append(
        Msg(
            f"naval_orders.test.verdict.{outcome}",
            total=result.total,
            modifier=f"{result.modifier:+d}",
            target=result.target,
            clause=result.clause,
        )
    )
    if not result.success:
        lines.append(Msg("naval_orders.test.no_attack", force=result.force))
    elif result.order == "move":
        lines.append(Msg("naval_orders.test.attack_resume_transfer", force=result.force))
    elif result.must_return_to_zone:
        lines.append(Msg("naval_orders.test.attack_then_return", force=result.force))
    else:
        lines.append(Msg("naval_orders.test.attack", force=result.force))
    return lines


def relay_sent_lines(
    relay: PacketRelay, packet: Force, force: Force, *, lapses: Msg | None = None
) -> list[Msg]:
    """A new order leaves port by packet boat (NO-3.3, NO-I18). When it could not take
    effect where the force is now (`lapses`, the refusal), the player is warned that it is
    checked again where the force is when it does (NO-I7)."""
    lines = [
        Msg(
            "naval_orders.relay.sent",
            relay=relay.id,
            packet=packet.name,
            force=force.name,
            order=Msg(f"naval_orders.order.{relay.order.order.kind}"),
        ),
        order_text(force.name, relay.order, return_station=force.return_station),
    ]
    if lapses is not None:
        lines.append(Msg("naval_orders.relay.sent_would_lapse", force=force.name, reason=lapses))
        lines += _station_hint(relay, force)
    return lines


def _station_hint(relay: PacketRelay, force: Force) -> list[Msg]:
    """What makes a repair or disbanding sent by packet boat take effect: the force at a
    naval station by then (NO-1.1, NO-I7), such as the one it returns to (NO-I16)."""
    kind = relay.order.order.kind
    if kind not in ("repair", "disband"):
        return []
    order = Msg(f"naval_orders.order.{kind}")
    if force.return_station:
        return [
            Msg(
                "naval_orders.relay.needs_station_returning",
                force=force.name,
                order=order,
                station=force.return_station,
            )
        ]
    return [Msg("naval_orders.relay.needs_station", force=force.name, order=order)]


def relay_arrival_lines(
    relay: PacketRelay, force: Force, *, lapses: Msg | None = None
) -> list[Msg]:
    """The packet has reached the force: relay turn(s), then the new order (NO-I7). When
    the order could not take effect where the force is now (`lapses`, the refusal), the
    player is warned that it lapses unless the force is elsewhere by then."""
    lines = [
        Msg(
            "naval_orders.relay.arrived",
            relay=relay.id,
            force=force.name,
            turn=relay.effective_turn or 0,
        )
    ]
    if lapses is not None:
        lines.append(
            Msg(
                "naval_orders.relay.would_lapse",
                force=force.name,
                turn=relay.effective_turn or 0,
                reason=lapses,
            )
        )
        lines += _station_hint(relay, force)
    return lines


# The lines that name the fleet; the log keeps an earlier release's lines, which did not,
# under the keys without the suffix.
_NAMED_FLEET = {("form_fleet", "begun"), ("dissolve_fleet", "done")}


def formation_lines(formation: Formation, *, done: bool, forces: Sequence[Force]) -> list[Msg]:
    """A fleet or convoy forming or dissolving (NO-2.7), begun or complete."""
    names = MsgList(f.name for f in forces)
    state = "done" if done else "begun"
    if (formation.kind, state) in _NAMED_FLEET:
        state += "_named"
    return [
        Msg(
            f"naval_orders.formation.{formation.kind}.{state}",
            forces=names,
            fleet=formation.fleet_name or formation.members[0],
            turn=formation.complete_turn,
            vessels=Msg("naval_orders.count.vessels", count=len(formation.vessels)),
        )
    ]
