"""The naval orders catalogs: every key the engine uses present, errors that name their
clause, a description for every setting, and every message the engine emits in a campaign
rendered in both languages with the parameters the engine passed. Same keys, real plural
forms and real Russian: tests/rules/test_ruleset_catalogs.py."""

from __future__ import annotations

import re
from pathlib import Path

import catalog_checks as checks
import pytest
import test_naval_orders_support as support
from test_naval_orders_refusals import CASES
from test_naval_orders_refusals import world

from bot.dice import Dice
from bot.errors import GameError
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules import naval_orders as no
from bot.rules.naval_orders.turn import ping_line
from bot.rulesets import TurnContext

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "bot" / "rules" / "naval_orders"


EN, RU = checks.catalog("naval_orders", "en"), checks.catalog("naval_orders", "ru")


def campaign_messages():
    """Every line a long campaign emits: commands, ranges, tests, relays, formations, the
    end of turn in its variants, the views, the roll purposes and the refusals."""
    lines: list[Msg] = []
    take = lines.extend

    def give(state, force, model, turn, settings=support.DEFAULTS, **kw):
        command = no.GiveOrder(faction="Britain", force=force, order=model, **kw)
        outcome = no.give_order(state, settings, command, turn)
        take(outcome.lines)
        return outcome.state

    def turn_end(state, turn, settings=support.DEFAULTS):
        dice = Dice.seeded(turn)
        result = no.end_of_turn(TurnContext(state=state, settings=settings, turn=turn, dice=dice))
        take(result.lines)
        take(line for told in result.affected_lines.values() for line in told)  # the pings
        take(result.audit_lines or [])
        take(Msg(m["key"], **m["params"]) for h in result.hidden for m in h["summary"])
        take(Msg(record.purpose) for record in dice.records)
        take(no.waiting_for(result.state, settings, turn + 1))
        take(owed.owes for owed in no.awaited(result.state, settings, turn + 1))
        take(no.orders_overview(result.state, settings, viewer=None, is_gm=True, turn=turn + 1))
        return result.state

    def tested(state, force, enemy_at, turn, convoy=False, settings=support.DEFAULTS, faces=(6, 6)):
        dice = Dice.scripted(faces)
        request = no.CommandTestRequest(
            faction="Britain",
            force=force,
            enemy_at=enemy_at,
            enemy_has_transports_or_packets=convoy,
        )
        outcome = no.take_command_test(state, settings, request, dice, turn)
        take(outcome.lines)
        take(Msg(record.purpose) for record in dice.records)
        return outcome.state

    def ranges(state, force, turn, settings=support.DEFAULTS):
        for plan in (
            no.MovementPlan(
                port_exits=1, port_entries=2, catch_wind_attempts=2, initiate_combat=True
            ),
            no.MovementPlan(port_exits=1, port_entries=1),
            no.MovementPlan(),
        ):
            take(no.movement_range(state, settings, force, plan)[1])

    # the register
    state = support.ports()
    take(no.register_station(state, no.RegisterStation(name="Cadiz", location="30")).lines)
    station = no.RegisterStation(
        name="Gibraltar", location="31", naval_station=True, owner="Britain"
    )
    take(no.register_station(state, station).lines)
    # a port added again under its name says what it replaces (a seaport, a naval station)
    again = no.RegisterStation(name="Toulon", location="9", naval_station=True)
    take(no.register_station(state, again).lines)
    plain = no.RegisterStation(name="Portsmouth", location="1", naval_station=False)
    take(no.register_station(state, plain).lines)
    take(no.remove_station(support.ports(), "Toulon").lines)
    # the questions removing a force or a port asks first (cogs/naval_orders/commands.py)
    take(
        [
            Msg(
                "naval_orders.force.remove_question",
                force="Hood",
                owner="Britain",
                kind=Msg("naval_orders.kind.line"),
                location=support.HOME,
            ),
            Msg("naval_orders.station.remove_question", station="Toulon", location="9"),
        ]
    )
    for kind, ships, squadrons in (
        ("line", support.warships(1, 2, 3, 4), []),
        (
            "auxiliary",
            [*support.warships(5, 6), no.Ship(kind="transport"), no.Ship(kind="merchant")],
            [],
        ),
        ("packet", [no.Ship(kind="packet")], []),
        # the damage recorded: a jury mast, hull damage, both; hull damage not counted (NO-I5)
        (
            "line",
            [
                no.Ship(rate=4, jury_mast=True),
                no.Ship(rate=5, hull_damage_pct=80),
                no.Ship(rate=5, jury_mast=True, hull_damage_pct=20),
            ],
            [],
        ),
        ("line", [no.Ship(rate=4, hull_damage_pct=75)], []),
        (
            "fleet",
            [],
            [no.Squadron(name="A", kind="line"), no.Squadron(name="B", kind="auxiliary")],
        ),
    ):
        command = no.RegisterForce(
            owner="Britain",
            name=f"Test {kind}",
            kind=kind,
            ships=ships,
            squadrons=squadrons,
            location=support.HOME,
            in_port=kind != "line",
        )
        outcome = no.register_force(state, support.DEFAULTS, command)
        take(outcome.lines)
        take(no.register_force(outcome.state, support.DEFAULTS, command).lines)  # updated
        take(no.remove_force(outcome.state, f"Test {kind}").lines)
    state = support.add_force(
        state, "Hood", ships=[*support.warships(3, 3), no.Ship(kind="transport", jury_mast=True)]
    )
    state = support.add_force(state, "Swift", "auxiliary", ships=support.warships(5, 6))
    state = support.add_force(
        state,
        "Grand",
        "fleet",
        squadrons=[
            no.Squadron(name="Van", kind="line", ships=support.warships(3)),
            no.Squadron(name="Scouts", kind="auxiliary", ships=support.warships(6)),
        ],
    )
    state = support.add_force(state, "Mercury", "packet", ships=[no.Ship(kind="packet")])
    state = support.add_force(
        state, "Convoy", ships=[*support.warships(4), no.Ship(kind="transport")]
    )
    for name in ("Hood", "Swift", "Grand", "Mercury"):
        ranges(state, name, 1)
    fixed = no.NavalOrdersSettings(
        port_penalty_mode="once_per_turn", fleet_range_rule="fixed", min_range=1
    )
    ranges(state, "Grand", 1, fixed)
    ranges(state, "Hood", 1, fixed)
    # the six recorded orders, completed; a build order replaced
    many = no.NavalOrdersSettings(orders_per_force_per_turn=9)
    for model in (
        no.BlockadeOrder(port="Toulon", details="close"),
        no.EscortOrder(convoy="Convoy"),
        no.LandingOrder(location="8"),
        no.RepairOrder(details="masts"),
        no.DisbandOrder(),
    ):
        state = give(state, "Grand", model, 1, many)
        turn_end(state, 1)  # the summary names each order and where it is carried out
    take(no.complete_order(state, support.DEFAULTS, "Britain", "Grand", 1).lines)
    build = no.GiveBuildOrder(
        faction="Britain", station="Portsmouth", order=no.BuildOrder(details="two frigates")
    )
    built = no.give_build_order(state, support.DEFAULTS, build, 1)
    take(no.give_build_order(built.state, many, build.model_copy(update={"by_gm": True}), 1).lines)
    # cruising, raiding, transfer; tests of each kind
    state = give(state, "Hood", no.CruiseOrder(point="Ushant", location="14", turns=2), 1)
    state = give(state, "Swift", no.RaidOrder(point="Biscay", location="22", turns=1), 1)
    transfer = no.MoveOrder(point="Toulon", destination="9", port="Toulon", via=["6"])
    state = give(state, "Convoy", transfer, 1)
    state = give(state, "Grand", no.CruiseOrder(point="Start", location="14", turns=9), 1, many)
    for force, where in (("Hood", "14"), ("Swift", "22"), ("Convoy", "6"), ("Grand", "14")):
        state = support.move_to(state, force, where, 1)
    form = no.StartFormation(
        faction="Britain", kind="form_convoy", members=["Hood"], vessels=[no.Ship(kind="merchant")]
    )
    take(no.start_formation(state, support.DEFAULTS, form, 1).lines)
    state = turn_end(state, 1)
    state = tested(state, "Hood", "adjacent", 2)
    state = tested(state, "Swift", "adjacent", 2, convoy=True)
    state = tested(state, "Convoy", "own", 2)
    own = no.NavalOrdersSettings(cruise_attack_own_location=True)
    grand = tested(state, "Grand", "own", 5, settings=own)
    take(no.movement_range(grand, own, "Grand", no.MovementPlan())[1])
    ranges(state, "Hood", 2)
    take(position(state, "Hood", "15", 2))
    state = support.move_to(state, "Hood", "15", 2)
    failed = tested(turn_end(state, 2), "Convoy", "own", 3, faces=(1,))
    take(no.orders_overview(failed, support.DEFAULTS, viewer="Britain", is_gm=False, turn=3))
    heavy = support.add_force(
        support.ports(),
        "Heavy",
        ships=[*support.warships(3), no.Ship(kind="transport")],
        location="22",
        in_port=False,
    )
    heavy = give(heavy, "Heavy", no.RaidOrder(point="B", location="22", turns=1), 1, by_gm=True)
    tested(
        heavy,
        "Heavy",
        "own",
        1,
        convoy=True,
        settings=no.NavalOrdersSettings(unrated_ship_raid_modifier=1),
    )
    state = support.move_to(state, "Swift", "23", 2)
    # an order by packet boat to Swift; a second, cancelled by an order in port
    command = no.SendByPacket(
        faction="Britain",
        packet="Mercury",
        force="Swift",
        order=no.RaidOrder(point="Biscay", location="23", turns=0),
    )
    sent = no.send_by_packet(state, support.DEFAULTS, command, 2)
    take(sent.lines)
    take(no.remove_force(sent.state, "Mercury").lines)  # sunk before it arrives
    arrived = no.register_packet_arrival(sent.state, support.DEFAULTS, "Britain", sent.relay.id, 2)
    take(arrived.lines)
    take(no.orders_overview(arrived.state, support.DEFAULTS, viewer="Britain", is_gm=False, turn=2))
    state = turn_end(arrived.state, 2)
    take(position(state, "Hood", "14", 3))
    state = turn_end(state, 3)
    state = turn_end(state, 4)
    back = give(
        support.add_force(support.ports(), "Hood"),
        "Hood",
        no.CruiseOrder(point="U", location="14", turns=1),
        1,
    )
    back = turn_end(support.move_to(back, "Hood", "14", 1), 1)
    for by_gm in (False, True):
        outcome = no.declare_return_station(
            back, support.DEFAULTS, "Britain", "Hood", "Portsmouth", by_gm=by_gm
        )
        take(outcome.lines)
    back = turn_end(support.move_to(back, "Hood", support.HOME, 2, in_port=True), 2)
    take(no.movement_range(back, support.DEFAULTS, "Hood", no.MovementPlan())[1])
    turn_end(back, 3)
    cancelled = support.add_force(support.ports(), "Hood", location="14", in_port=False)
    cancelled = support.add_force(cancelled, "Mercury", "packet", ships=[no.Ship(kind="packet")])
    command = no.SendByPacket(
        faction="Britain",
        packet="Mercury",
        force="Hood",
        order=no.CruiseOrder(point="U", location="14", turns=1),
    )
    cancelled = no.send_by_packet(cancelled, support.DEFAULTS, command, 1).state
    cancelled = support.move_to(cancelled, "Hood", support.HOME, 2, in_port=True)
    give(cancelled, "Hood", no.CruiseOrder(point="U", location="14", turns=1), 2)
    # a battle in its own location: each order goes on after it by its own clause
    own = no.NavalOrdersSettings(cruise_attack_own_location=True)
    for model, where in (
        (no.CruiseOrder(point="U", location="14", turns=2), "14"),
        (no.RaidOrder(point="B", location="22", turns=2), "22"),
        (no.MoveOrder(point="T", destination="9", port="Toulon", via=["6"]), "6"),
    ):
        fought = support.add_force(support.ports(), "Hood", ships=support.warships(5, 5))
        fought = support.move_to(give(fought, "Hood", model, 1), "Hood", where, 1)
        turn_end(tested(fought, "Hood", "own", 1, convoy=True, settings=own), 1, own)
    # late return, broken order, hidden d6 raid, distance table, transfer completion
    strict = no.NavalOrdersSettings(
        nearest_station_by="distance_table",
        raid_duration_mode="d6",
        raid_extra_roll_hidden=True,
        late_return_breaks_order=True,
    )
    late = support.add_force(support.ports(), "Hood", location="14", in_port=False)
    late = give(late, "Hood", no.CruiseOrder(point="U", location="14", turns=5), 1, by_gm=True)
    late = turn_end(late, 1, strict)
    late = tested(late, "Hood", "adjacent", 2, settings=strict)
    late = support.move_to(late, "Hood", "13", 2)  # the attack took it to location 13
    late = turn_end(late, 2, strict)
    take(position(late, "Hood", "14", 3))
    late = turn_end(late, 3, strict)
    # late under the defaults: its order stands, and its late turns away do not count (NO-I14)
    slow = support.add_force(support.ports(), "Hood", location="14", in_port=False)
    slow = give(slow, "Hood", no.CruiseOrder(point="U", location="14", turns=5), 1, by_gm=True)
    slow = tested(turn_end(slow, 1), "Hood", "adjacent", 2)
    turn_end(turn_end(support.move_to(slow, "Hood", "13", 2), 2), 3)
    back = support.add_force(support.ports(), "Hood", location="14", in_port=False)
    back = give(back, "Hood", no.CruiseOrder(point="U", location="14", turns=5), 1, by_gm=True)
    back = tested(turn_end(back, 1, strict), "Hood", "adjacent", 2, settings=strict)
    turn_end(back, 2, strict)  # recorded in 14 all along: no way back to make
    away = turn_end(support.move_to(back, "Hood", "13", 2), 2, strict)
    # registered again in 14 (its ships after the battle): back at the next turn's end
    turn_end(support.add_force(away, "Hood", location="14", in_port=False), 3, strict)
    raid = support.add_force(support.ports(), "Swift", "auxiliary", ships=support.warships(6))
    raid = give(raid, "Swift", no.RaidOrder(point="B", location="22", turns=1), 1)
    distances = no.set_station_distances(raid, "22", {"Portsmouth": 3})
    take(distances.lines)
    # two naval stations equally near: the bot leaves the choice to the player and the GM
    chatham = no.RegisterStation(name="Chatham", location="3", naval_station=True)
    tied = no.register_station(raid, chatham).state
    take(no.set_station_distances(tied, "22", {"Portsmouth": 3, "Chatham": 3}).lines)
    raid = distances.state
    raid = support.move_to(raid, "Swift", "22", 1)
    for turn in range(1, 8):
        raid = turn_end(raid, turn, strict)
    moving = support.add_force(support.ports(), "Hood")
    moving = give(moving, "Hood", transfer, 1)
    moving = support.move_to(moving, "Hood", "9", 1, in_port=True)
    moving = turn_end(moving, 1)
    moving = give(moving, "Hood", no.CruiseOrder(point="U", location="14", turns=1), 2)
    take(no.orders_overview(moving, support.DEFAULTS, viewer="Britain", is_gm=False, turn=2))
    turn_end(moving, 2)
    quick = no.NavalOrdersSettings(layover_after_transfer=False, port_layover_turns=1)
    moved = give(support.add_force(support.ports(), "Hood"), "Hood", transfer, 1, quick)
    turn_end(support.move_to(moved, "Hood", "9", 1, in_port=True), 1, quick)
    # an order given on arrival at the end port, the force reported back at sea before the
    # turn's end: the order lapses
    lapsing = give(support.add_force(support.ports(), "Hood"), "Hood", transfer, 1)
    lapsing = support.move_to(lapsing, "Hood", "9", 2, in_port=True)
    lapsing = give(lapsing, "Hood", no.CruiseOrder(point="U", location="14", turns=1), 2)
    take(position(lapsing, "Hood", "10", 2))
    turn_end(support.move_to(lapsing, "Hood", "10", 2), 2)
    waited = turn_end(
        support.move_to(
            give(support.add_force(support.ports(), "Hood"), "Hood", transfer, 1),
            "Hood",
            "9",
            1,
            in_port=True,
        ),
        1,
    )
    turn_end(waited, 2)
    # an order by packet boat due while its force forms a convoy waits for the formation
    slow = no.NavalOrdersSettings(formation_turns=2)
    forming = support.add_force(support.ports(), "Hood", location="14", in_port=False)
    forming = support.add_force(forming, "Mercury", "packet", ships=[no.Ship(kind="packet")])
    forming = give(forming, "Hood", no.CruiseOrder(point="U", location="14", turns=5), 1, slow)
    forming = turn_end(forming, 1, slow)
    command = no.SendByPacket(
        faction="Britain",
        packet="Mercury",
        force="Hood",
        order=no.CruiseOrder(point="U", location="15", turns=1),
    )
    relayed = no.send_by_packet(forming, slow, command, 2)
    forming = no.register_packet_arrival(relayed.state, slow, "Britain", relayed.relay.id, 2).state
    forming = turn_end(forming, 2, slow)
    convoy = no.StartFormation(
        faction="Britain", kind="form_convoy", members=["Hood"], vessels=[no.Ship(kind="transport")]
    )
    forming = turn_end(no.start_formation(forming, slow, convoy, 3).state, 3, slow)
    turn_end(forming, 4, slow)
    # an order by packet boat that cannot take effect where the force then is: a transfer
    # via the location where it cruises (the arrival warns of it); one recorded for the
    # layover's end whose convoy loses its transports meanwhile
    stuck = support.add_force(support.ports(), "Hood", location="14", in_port=False)
    stuck = support.add_force(stuck, "Mercury", "packet", ships=[no.Ship(kind="packet")])
    stuck = give(stuck, "Hood", no.CruiseOrder(point="U", location="14", turns=5), 1)
    command = no.SendByPacket(
        faction="Britain",
        packet="Mercury",
        force="Hood",
        order=no.MoveOrder(point="P", destination=support.HOME, port="Portsmouth", via=["14"]),
    )
    relayed = no.send_by_packet(turn_end(stuck, 1), support.DEFAULTS, command, 2)
    arrived = no.register_packet_arrival(
        relayed.state, support.DEFAULTS, "Britain", relayed.relay.id, 2
    )
    take(arrived.lines)
    turn_end(turn_end(arrived.state, 2), 3)
    escort = support.add_force(
        support.ports(), "Convoy", ships=[*support.warships(5), no.Ship(kind="transport")]
    )
    escort = support.add_force(escort, "Hood")
    escort = give(escort, "Hood", no.CruiseOrder(point="U", location="14", turns=1), 1)
    escort = turn_end(support.move_to(escort, "Hood", "14", 1), 1)
    escort = support.move_to(escort, "Hood", support.HOME, 2, in_port=True)
    # its convoy has put off its transport by the layover's end, as a state saved before an
    # escort of a convoy putting off its last transports was refused could leave it (NO-2.7)
    escort = give(escort, "Hood", no.EscortOrder(convoy="Convoy"), 2).model_copy(deep=True)
    escort.forces["convoy"].ships = support.warships(5)
    escort = turn_end(escort, 2)
    turn_end(escort, 3)
    # a repair sent by packet boat to a force away from a naval station is warned of
    away = support.add_force(support.ports(), "Mercury", "packet", ships=[no.Ship(kind="packet")])
    away = support.add_force(away, "Swift", location="14", in_port=False)
    command = no.SendByPacket(
        faction="Britain", packet="Mercury", force="Swift", order=no.RepairOrder()
    )
    take(no.send_by_packet(away, support.DEFAULTS, command, 1).lines)
    # a cruise and a raid the GM ends at sea: the force returns to the nearest naval station,
    # named by its player (shown, then confirmed by the GM), or taken from the distance
    # table; a repair and a disbanding by packet boat name that station; an earlier
    # release's reply to a player naming it
    for model in (no.RepairOrder(), no.DisbandOrder()):
        ended = support.add_force(support.ports(), "Hood", location="14", in_port=False)
        ended = support.add_force(ended, "Mercury", "packet", ships=[no.Ship(kind="packet")])
        ended = give(ended, "Hood", no.CruiseOrder(point="U", location="14", turns=3), 1)
        completed = no.complete_order(ended, support.DEFAULTS, "Britain", "Hood", 1, by_gm=True)
        take(completed.lines)
        for by_gm in (False, True):
            named_by = no.declare_return_station(
                completed.state, support.DEFAULTS, "Britain", "Hood", "Portsmouth", by_gm=by_gm
            )
            take(named_by.lines)
            take(
                no.orders_overview(
                    named_by.state, support.DEFAULTS, viewer="Britain", is_gm=False, turn=2
                )
            )
        command = no.SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=model)
        on_its_way = no.send_by_packet(named_by.state, support.DEFAULTS, command, 2)
        take(on_its_way.lines)
        take(
            no.orders_overview(on_its_way.state, support.DEFAULTS, viewer=None, is_gm=True, turn=2)
        )
        turn_end(on_its_way.state, 2)  # returning, its next order still on its way
        command = command.model_copy(update={"order": no.DisbandOrder()})
        take(no.send_by_packet(completed.state, support.DEFAULTS, command, 2).lines)
    table = no.NavalOrdersSettings(nearest_station_by="distance_table")
    ended = support.add_force(support.ports(), "Hood", location="14", in_port=False)
    ended = no.set_station_distances(ended, "14", {"Portsmouth": 3}).state
    ended = give(ended, "Hood", no.RaidOrder(point="U", location="14", turns=1), 1, table)
    take(no.complete_order(ended, table, "Britain", "Hood", 1, by_gm=True).lines)
    take([Msg("naval_orders.return.named", force="Hood", station="Portsmouth")])
    # what an order names stays on the register and the list of ports (references.py):
    # refused, naming each order
    named = support.add_force(support.ports(), "Convoy", ships=[no.Ship(kind="transport")])
    named = support.add_force(named, "Hood")
    named = support.add_force(named, "Mercury", "packet", ships=[no.Ship(kind="packet")])
    named = support.add_force(named, "Swift", location="14", in_port=False)
    named = give(named, "Hood", no.EscortOrder(convoy="Convoy"), 1)
    command = no.SendByPacket(
        faction="Britain", packet="Mercury", force="Swift", order=no.EscortOrder(convoy="Convoy")
    )
    named = no.send_by_packet(named, support.DEFAULTS, command, 1).state
    toward = give(support.add_force(support.ports(), "Hood"), "Hood", transfer, 1)
    returning = back.model_copy(deep=True)
    returning.forces["hood"].status = "returning_to_station"
    returning.forces["hood"].return_station = "Portsmouth"
    for removal in (
        lambda: no.remove_force(escort, "Convoy"),
        lambda: no.remove_force(named, "Convoy"),
        lambda: no.remove_force(named, "Convoy", reader="France"),
        lambda: no.remove_station(toward, "Toulon"),
        lambda: no.remove_station(returning, "Portsmouth"),
        # a port where a force lies in port is not taken off the list, nor moved
        lambda: no.remove_station(support.add_force(support.ports(), "Hood"), "Portsmouth"),
        lambda: no.register_station(
            support.add_force(support.ports(), "Hood"),
            no.RegisterStation(name="Portsmouth", location="2", naval_station=True),
        ),
    ):
        with pytest.raises(RuleViolation) as caught:
            removal()
        lines.append(Msg(caught.value.message_key, **caught.value.params))
    free = no.NavalOrdersSettings(strict_order_forms=False)
    open_cruise = give(
        support.add_force(support.ports(), "Hood"), "Hood", no.CruiseOrder(location="14"), 1, free
    )
    turn_end(support.move_to(open_cruise, "Hood", "14", 1), 1, free)
    # NO-4.10: France names a squadron as Britain's, not yet known to France; both known at
    # the turn's end, France's takes its faction-qualified name
    both = no.register_force(
        support.add_force(support.ports(), "Hood"),
        support.DEFAULTS,
        no.RegisterForce(
            owner="France", name="Hood", kind="line", ships=support.warships(5), location="9"
        ),
        reader="France",
    )
    take(both.lines)
    turn_end(both.state, 1)
    # formations: made, dissolved, failed; an earlier release's lines, naming no fleet
    for key in ("form_fleet.begun", "dissolve_fleet.done"):
        line = Msg(f"naval_orders.formation.{key}", forces=MsgList(["Van"]), turn=1)
        take([line, ping_line(line)])  # and as its owner's ping tells it
    gone = support.add_force(
        support.ports(),
        "Grand",
        "fleet",
        squadrons=[
            no.Squadron(name="Van", kind="line", ships=support.warships(3)),
            no.Squadron(name="Scouts", kind="auxiliary", ships=support.warships(6)),
        ],
    )
    outcome = no.start_formation(
        gone,
        support.DEFAULTS,
        no.StartFormation(faction="Britain", kind="dissolve_fleet", members=["Grand"]),
        1,
    )
    take(outcome.lines)
    turn_end(outcome.state, 1)
    pair = support.add_force(
        support.add_force(support.ports(), "Red"), "Blue", "auxiliary", ships=support.warships(5)
    )
    outcome = no.start_formation(
        pair,
        support.DEFAULTS,
        no.StartFormation(
            faction="Britain", kind="form_fleet", members=["Red", "Blue"], fleet_name="Home"
        ),
        1,
    )
    take(outcome.lines)
    ranges(outcome.state, "Red", 1)
    turn_end(outcome.state, 1)
    for kind in ("form_convoy", "dissolve_convoy"):
        convoy = support.add_force(
            support.ports(), "Convoy", ships=[*support.warships(3), no.Ship(kind="transport")]
        )
        outcome = no.start_formation(
            convoy,
            support.DEFAULTS,
            no.StartFormation(
                faction="Britain",
                kind=kind,
                members=["Convoy"],
                vessels=[no.Ship(kind="transport")],
            ),
            1,
        )
        take(outcome.lines)
        take(
            no.orders_overview(
                outcome.state, support.DEFAULTS, viewer="Britain", is_gm=False, turn=1
            )
        )
        turn_end(outcome.state, 1)
    broken = outcome.state.model_copy(deep=True)
    broken.forces["convoy"].ships = support.warships(3)
    turn_end(broken, 1)
    turn_end(support.ports(), 1)
    take(
        no.orders_overview(support.ports(), support.DEFAULTS, viewer="Britain", is_gm=False, turn=1)
    )
    # refusals: the cases of the refusal tests, and the test scopes
    for _, call, error, _ in CASES:
        with pytest.raises(error) as caught:
            call(world())
        lines.append(Msg(caught.value.message_key, **caught.value.params))
    for force, enemy_at in (("Hood", "own"), ("Swift", "adjacent")):
        settings = no.NavalOrdersSettings(raid_attack_scope="own_only")
        scoped = support.add_force(support.ports(), "Hood", location="14", in_port=False)
        scoped = support.add_force(
            scoped, "Swift", "auxiliary", ships=support.warships(6), location="22", in_port=False
        )
        scoped = give(
            scoped, "Hood", no.CruiseOrder(point="U", location="14", turns=3), 1, by_gm=True
        )
        scoped = give(
            scoped, "Swift", no.RaidOrder(point="B", location="22", turns=3), 1, by_gm=True
        )
        with pytest.raises(RuleViolation) as caught:
            tested(scoped, force, enemy_at, 1, convoy=True, settings=settings)
        lines.append(Msg(caught.value.message_key, **caught.value.params))
    # every form field a refusal can name (NO-I19, NO-4.10)
    blank = support.add_force(
        support.add_force(support.ports(), "Hood"), "Blue", "auxiliary", ships=support.warships(5)
    )
    refusals = [
        *(
            lambda m=m: no.give_order(
                blank, support.DEFAULTS, no.GiveOrder(faction="Britain", force="Hood", order=m), 1
            )
            for m in (
                no.CruiseOrder(),
                no.CruiseOrder(point="P", location="1"),
                no.MoveOrder(point="P"),
                no.MoveOrder(point="P", destination="9"),
                no.BlockadeOrder(),
                no.EscortOrder(),
                no.LandingOrder(),
            )
        ),
        lambda: no.give_build_order(
            blank,
            support.DEFAULTS,
            no.GiveBuildOrder(faction="Britain", station="Portsmouth", order=no.BuildOrder()),
            1,
        ),
        *(
            lambda c=c: no.register_force(blank, support.DEFAULTS, no.RegisterForce(**c))
            for c in (
                {
                    "owner": "B",
                    "name": "",
                    "kind": "line",
                    "ships": support.warships(3),
                    "location": "1",
                },
                {
                    "owner": "",
                    "name": "N",
                    "kind": "line",
                    "ships": support.warships(3),
                    "location": "1",
                },
                {
                    "owner": "B",
                    "name": "N",
                    "kind": "fleet",
                    "location": "1",
                    "squadrons": [
                        no.Squadron(name="", kind="line"),
                        no.Squadron(name="S", kind="line"),
                    ],
                },
            )
        ),
        lambda: no.start_formation(
            blank,
            support.DEFAULTS,
            no.StartFormation(faction="Britain", kind="form_fleet", members=["Hood", "Blue"]),
            1,
        ),
    ]
    for refusal in refusals:
        with pytest.raises(RuleViolation) as caught:
            refusal()
        lines.append(Msg(caught.value.message_key, **caught.value.params))
    # a force saved "in port" where no port is, before that was refused (NO-3.3)
    saved = support.add_force(support.ports(), "Hood", location="14", in_port=False)
    saved = saved.model_copy(deep=True)
    saved.forces["hood"].in_port = True
    take(no.orders_overview(saved, support.DEFAULTS, viewer=None, is_gm=True, turn=1))
    # an order counts the ships of every kind, or none («в количестве …», NO-4.10)
    take([no.ships_msg({"III": 2, "transport": 1, "merchant": 3, "packet": 1}, counted=True)])
    take([no.ships_msg({}, counted=True)])
    # a cruise ending as the order a packet boat brought has reached its force (NO-3.3, NO-I7)
    reached = support.add_force(
        support.ports(), "Mercury", "packet", ships=[no.Ship(kind="packet")]
    )
    reached = support.add_force(reached, "Hood")
    reached = give(reached, "Hood", no.CruiseOrder(point="U", location="14", turns=2), 1)
    reached = turn_end(support.move_to(reached, "Hood", "14", 1), 1)
    raid = no.RaidOrder(point="B", location="7", turns=1)
    command = no.SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=raid)
    sent = no.send_by_packet(reached, support.DEFAULTS, command, 2)
    reached = no.register_packet_arrival(sent.state, support.DEFAULTS, "Britain", sent.relay.id, 2)
    turn_end(reached.state, 2)
    # ... and such an order lapsing where the force then is: it returns to a station (NO-4.3)
    lapsing = support.add_force(
        support.ports(), "Mercury", "packet", ships=[no.Ship(kind="packet")]
    )
    lapsing = give(
        support.add_force(lapsing, "Hood"),
        "Hood",
        no.CruiseOrder(point="U", location="14", turns=2),
        1,
    )
    lapsing = turn_end(support.move_to(lapsing, "Hood", "14", 1), 1)
    transfer = no.MoveOrder(point="C", destination="9", port="Toulon", via=["15", "16"])
    command = no.SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=transfer)
    sent = no.send_by_packet(lapsing, support.DEFAULTS, command, 2)
    arrived = no.register_packet_arrival(sent.state, support.DEFAULTS, "Britain", sent.relay.id, 2)
    # reported where it could not take effect: the answer says it lapses, and what follows
    take(position(arrived.state, "Hood", "15", 2))  # the cruise goes on, then a return
    lapsing = turn_end(arrived.state, 2)  # the cruise is complete; Hood waits in 14
    take(position(lapsing, "Hood", "15", 3))  # it waits for nothing else: a return
    turn_end(support.move_to(lapsing, "Hood", "15", 3), 3)
    # ... and to a force with no order of its own: it goes on as before
    unordered = support.add_force(
        support.ports(), "Mercury", "packet", ships=[no.Ship(kind="packet")]
    )
    unordered = support.add_force(unordered, "Hood", location="14", in_port=False)
    sent = no.send_by_packet(unordered, support.DEFAULTS, command, 2)
    arrived = no.register_packet_arrival(sent.state, support.DEFAULTS, "Britain", sent.relay.id, 2)
    take(position(arrived.state, "Hood", "16", 2))
    # in port at a naval station other than the one the GM confirmed (NO-I16)
    plymouth = no.RegisterStation(name="Plymouth", location="2", naval_station=True)
    bound = no.register_station(support.add_force(support.ports(), "Hood"), plymouth).state
    bound = give(bound, "Hood", no.CruiseOrder(point="U", location="14", turns=1), 1)
    bound = turn_end(support.move_to(bound, "Hood", "14", 1), 1)
    bound = no.declare_return_station(
        bound, support.DEFAULTS, "GM", "Hood", "Portsmouth", by_gm=True
    ).state
    turn_end(support.move_to(bound, "Hood", "2", 2, in_port=True), 2)
    return lines


def position(state, force, location, turn):
    from bot.rules.naval_orders import ReportPosition
    from bot.rules.naval_orders import report_position

    command = ReportPosition(faction="Britain", force=force, location=location)
    return report_position(state, support.DEFAULTS, command, turn).lines


@pytest.fixture(scope="module")
def emitted():
    return list(checks.nested(campaign_messages()))


def test_every_emitted_message_renders_fully_in_both_languages(emitted):
    """Each message the engine emitted exists in both catalogs and renders with the
    parameters it was given: no placeholder left, never the raw key."""
    for message in emitted:
        assert message.key in EN and message.key in RU, message.key
    checks.assert_renders(emitted, "naval_orders.")


# Lines kept so that the log's older entries still read as they were written (`/history`,
# the export): a command test's verdict before it cited its order's clause, and the line
# after a battle before each order cited its own (now written only for an order with no
# clause of its own, which no force that passed a test has); an order recorded for after
# the layover before the reply named the layover's last turn ("is in its layover").
OLD_ENTRIES = (
    "naval_orders.test.success",
    "naval_orders.test.failure",
    "naval_orders.turn.resumes_order",
    "naval_orders.order.after_layover",
)


def test_an_older_entrys_lines_still_render(emitted):
    """The lines kept for older log entries render in both languages with the parameters
    they were logged with."""
    logged = [
        Msg("naval_orders.test.success", total=4, modifier="+1", target=4),
        Msg("naval_orders.test.failure", total=3, modifier="+1", target=4),
        Msg("naval_orders.turn.resumes_order", force="Hood"),
        Msg("naval_orders.order.after_layover", force="Hood", turn=4),
    ]
    assert [m.key for m in logged] == list(OLD_ENTRIES)
    checks.assert_renders(logged, "naval_orders.")


def test_the_campaign_reaches_every_message_of_the_catalog(emitted):
    """Nothing in the catalog is dead: every key except the setting descriptions was
    emitted by the campaign above (errors through the refusals or sample params below; the
    log's words for a hidden raid roll are read by `/history`, tests/e2e)."""
    seen = {m.key for m in emitted}
    skipped = ("naval_orders.setting.", "naval_orders.error.", "naval_orders.history.")
    unreached = sorted(
        k for k in EN if k not in seen and not k.startswith(skipped) and k not in OLD_ENTRIES
    )
    assert unreached == []


def used_keys():
    """Every literal key in the engine, with the dynamic families expanded."""
    text = checks.source_text(SOURCE)
    keys = set(re.findall(r'"(naval_orders\.[a-z_.]+[a-z_])"', text))
    keys |= {f"naval_orders.order.{k}" for k in no.ORDER_KINDS}
    keys |= {f"naval_orders.order_text.{k}" for k in no.ORDER_KINDS}
    keys |= {f"naval_orders.setting.{name}" for name in no.NavalOrdersSettings.model_fields}
    return keys


def test_every_key_the_engine_names_exists():
    """No literal key in the engine falls back to its raw text."""
    assert sorted(used_keys() - set(EN)) == []


def test_every_setting_has_a_description_citing_its_clause():
    """Each NO-I setting is described in both languages, citing its interpretation; the one
    option the rules do not have says so, in words a player reads (no internal note)."""
    for name, info in no.NavalOrdersSettings.model_fields.items():
        key = f"naval_orders.setting.{name}"
        assert info.description, name
        assert re.search(r"NO-I\d+|not in the rules", EN[key])
        assert re.search(r"NO-I\d+|в правилах этого нет", RU[key])


@pytest.mark.parametrize("key", [k for k in EN if k.startswith("naval_orders.error.")])
def test_errors_name_their_clause_and_render(key):
    """Every error text shows its clause, and renders with sample parameters."""
    assert "clause" in checks.placeholders(EN[key]) and "clause" in checks.placeholders(RU[key])
    params = {name: 2 for name in checks.placeholders(EN[key])}
    for locale in ("en", "ru"):
        assert "{" not in GameError(key, **params).message(locale)


def test_russian_ship_counts_follow_plural_rules():
    """CLDR plural choice through Babel for ship counts."""
    assert (
        Msg("naval_orders.ships.rated", count=1, rate="III").render("ru") == "1 корабль III ранга"
    )
    assert Msg("naval_orders.ships.rated", count=3, rate="V").render("ru") == "3 корабля V ранга"
    assert Msg("naval_orders.ships.transport", count=5).render("ru") == "5 транспортов"
