"""One test per behaviour-changing interpretation NO-I1…NO-I19 (rules/naval-orders.md §4),
with its setting flipped. NO-I6 `validate_wind_paths` changes nothing: the bot keeps no map
and only deducts the declared attempts (NO-E4); NO-I20, NO-I21 are editorial."""

from __future__ import annotations

import pytest
from refusals import refused
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import add_force
from test_naval_orders_support import command_test
from test_naval_orders_support import end_turn
from test_naval_orders_support import keys
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import request_for
from test_naval_orders_support import scripted
from test_naval_orders_support import warships

from bot.errors import NotAllowed
from bot.errors import RuleViolation
from bot.rules.naval_orders import BlockadeOrder
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import MovementPlan
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import RepairOrder
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import command_test_modifiers
from bot.rules.naval_orders import compute_range
from bot.rules.naval_orders import declare_return_station
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import order_visible
from bot.rules.naval_orders import register_packet_arrival
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders import set_station_distances
from bot.rules.naval_orders import start_formation
from bot.rules.naval_orders import take_command_test

CRUISE = CruiseOrder(point="Ushant", location="14", turns=5)
RAID = RaidOrder(point="Biscay", location="22", turns=1)
TRANSFER = MoveOrder(point="Toulon", destination="9", port="Toulon", via=["6"])


def give(state, force, model, turn, settings=DEFAULTS, **kw):
    return give_order(
        state, settings, GiveOrder(faction="Britain", force=force, order=model, **kw), turn
    )


def cruising(settings=DEFAULTS, ships=None, kind="line", rating=0, location="14"):
    """A force that has arrived in its cruising location 14 (turn 1 resolved)."""
    state = add_force(ports(), "Hood", kind, ships=ships, rating=rating, settings=settings)
    state = order(state, "Hood", CRUISE, 1, settings=settings)
    state = move_to(state, "Hood", location, 1, settings=settings)
    return end_turn(state, 1, settings=settings).state


# --- NO-I1, NO-I2 ------------------------------------------------------------------------


def test_no_i1_disabled_order_is_refused_and_others_are_recorded():
    """NO-I1: all nine orders can be recorded by default; one left out of `enabled_orders`
    is refused."""
    state = add_force(ports(), "Hood")
    blockade = BlockadeOrder(port="Toulon", details="close in")
    assert give(state, "Hood", blockade, 1).state.forces["hood"].order.order.kind == "blockade"
    settings = NavalOrdersSettings(enabled_orders=["cruise", "move", "raid"])
    error = refused(give, state, "Hood", blockade, 1, settings)
    assert error.params["clause"] == "NO-I1"


def test_no_i1_repair_only_at_a_naval_station():
    """NO-I1: repair is given to a force at a naval station; elsewhere it is refused."""
    state = add_force(ports(), "Hood")
    assert give(state, "Hood", RepairOrder(), 1).state.forces["hood"].order.station == "Portsmouth"
    away = add_force(ports(), "Hood", location="9")
    assert refused(give, away, "Hood", RepairOrder(), 1).params["clause"] == "NO-1.1"


def test_no_i2_one_new_order_per_turn_unless_the_setting_allows_more():
    """NO-I2: a second order for the same force in one turn is refused; with
    `orders_per_force_per_turn = 2` it replaces the first."""
    state = give(add_force(ports(), "Hood"), "Hood", CRUISE, 1).state
    assert refused(give, state, "Hood", RAID, 1).params["clause"] == "NO-I2"
    settings = NavalOrdersSettings(orders_per_force_per_turn=2)
    outcome = give(state, "Hood", RAID, 1, settings)
    assert outcome.state.forces["hood"].order.order.kind == "raid"
    assert [r.body.end for r in outcome.archive] == ["replaced"]
    assert give(state, "Hood", RAID, 2).state.forces["hood"].order.order.kind == "raid"


# --- NO-I3, NO-I4, NO-I5 ------------------------------------------------------------------


def fleet(*kinds):
    return [
        Squadron(name=f"S{i}", kind=k, ships=warships(5 if k == "auxiliary" else 3))
        for i, k in enumerate(kinds)
    ]


def test_no_i3_fleet_moves_at_its_slowest_squadron_or_a_fixed_range():
    """NO-I3: a fleet of a line and an auxiliary squadron moves 3 (slowest); under
    `fleet_range_rule = fixed` it moves `fleet_fixed_range`."""
    state = add_force(ports(), "Grand", "fleet", squadrons=fleet("line", "auxiliary"))
    force = state.forces["grand"]
    assert compute_range(force, DEFAULTS, MovementPlan()).total == 3
    aux_only = add_force(ports(), "Light", "fleet", squadrons=fleet("auxiliary", "auxiliary"))
    assert compute_range(aux_only.forces["light"], DEFAULTS, MovementPlan()).total == 4
    fixed = NavalOrdersSettings(fleet_range_rule="fixed", fleet_fixed_range=2)
    assert compute_range(force, fixed, MovementPlan()).total == 2
    faster = NavalOrdersSettings(line_squadron_range=4)
    assert compute_range(force, faster, MovementPlan()).total == 4


def test_no_i4_port_penalty_each_time_or_once_per_turn():
    """NO-I4: −1 for leaving and −1 for entering a port (each); `once_per_turn`: −1 in all."""
    state = add_force(ports(), "Hood")
    plan = MovementPlan(port_exits=1, port_entries=1)
    assert compute_range(state.forces["hood"], DEFAULTS, plan).total == 1
    once = NavalOrdersSettings(port_penalty_mode="once_per_turn")
    assert compute_range(state.forces["hood"], once, plan).total == 2


def test_no_i4_port_penalty_for_fleets_and_packet_boats_by_setting():
    """NO-I4, NO-I22: fleets and packet boats pay no port penalty unless set."""
    state = add_force(ports(), "Grand", "fleet", squadrons=fleet("line", "line"))
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    plan = MovementPlan(port_exits=1)
    assert compute_range(state.forces["grand"], DEFAULTS, plan).total == 3
    assert compute_range(state.forces["mercury"], DEFAULTS, plan).total == 5
    both = NavalOrdersSettings(
        port_penalty_applies_to_fleets=True, port_penalty_applies_to_packet_boats=True
    )
    assert compute_range(state.forces["grand"], both, plan).total == 2
    assert compute_range(state.forces["mercury"], both, plan).total == 4


def test_no_i4_range_floored_once_at_min_range():
    """NO-I4: the sum is floored at `min_range` (0 by default)."""
    state = add_force(ports(), "Hood", ships=[Ship(rate=3, jury_mast=True), Ship(kind="transport")])
    plan = MovementPlan(port_exits=1, catch_wind_attempts=2)
    report = compute_range(state.forces["hood"], DEFAULTS, plan)
    assert (report.total, report.floored) == (0, True)
    assert compute_range(state.forces["hood"], NavalOrdersSettings(min_range=1), plan).total == 1


@pytest.mark.parametrize(
    ("threshold", "hull", "damaged"), [(75, 75, False), (75, 76, True), (74, 75, True)]
)
def test_no_i5_hull_damage_strictly_above_the_threshold(threshold, hull, damaged):
    """NO-I5: 75 % is not damaged and 76 % is; with threshold 74, 75 % is."""
    settings = NavalOrdersSettings(damaged_hull_threshold_pct=threshold)
    state = add_force(
        ports(), "Hood", ships=[Ship(rate=3, hull_damage_pct=hull)], settings=settings
    )
    expected = 2 if damaged else 3
    assert compute_range(state.forces["hood"], settings, MovementPlan()).total == expected


# --- NO-I7 ----------------------------------------------------------------------------------


def test_no_i7_forming_a_fleet_takes_formation_turns_with_range_zero():
    """NO-I7, NO-2.7: forming a fleet takes the turn, range 0; done at that turn's end. With
    `formation_turns = 2` it is done a turn later."""
    for turns, done_at in ((1, 1), (2, 2)):
        settings = NavalOrdersSettings(formation_turns=turns)
        state = add_force(ports(), "Red", "line", settings=settings)
        state = add_force(state, "Blue", "auxiliary", ships=warships(5), settings=settings)
        command = StartFormation(
            faction="Britain", kind="form_fleet", members=["Red", "Blue"], fleet_name="Home Fleet"
        )
        state = start_formation(state, settings, command, 1).state
        assert compute_range(state.forces["red"], settings, MovementPlan()).held == "forming"
        for turn in range(1, done_at):
            state = end_turn(state, turn, settings=settings).state
            assert "home fleet" not in state.forces
        state = end_turn(state, done_at, settings=settings).state
        fleet_force = state.forces["home fleet"]
        assert [s.name for s in fleet_force.squadrons] == ["Red", "Blue"]
        assert "red" not in state.forces and fleet_force.status == "awaiting_orders"


def at_sea_with_packet(settings=DEFAULTS):
    """Hood cruising at sea in 14; packet boat Mercury in port at Portsmouth."""
    state = cruising(settings)
    return add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")], settings=settings)


@pytest.mark.parametrize(("relay_turns", "effective"), [(1, 4), (0, 3)])
def test_no_i7_order_by_packet_takes_effect_after_the_relay_turn(relay_turns, effective):
    """NO-I7: a packet arriving in turn 2 → relay turn 3 (old order goes on), new order from
    turn 4; with `order_relay_turns = 0`, from turn 3."""
    settings = NavalOrdersSettings(order_relay_turns=relay_turns)
    state = at_sea_with_packet(settings)
    sent = send_by_packet(
        state,
        settings,
        SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=RAID),
        2,
    )
    arrived = register_packet_arrival(sent.state, settings, "Britain", sent.relay.id, 2)
    assert arrived.relay.effective_turn == effective
    state = arrived.state
    turn = 2
    while turn < effective - 1:
        state = end_turn(state, turn, settings=settings).state
        assert state.forces["hood"].order.order.kind == "cruise"
        turn += 1
    result = end_turn(state, turn, settings=settings)
    assert result.state.forces["hood"].order.order.kind == "raid"
    assert result.state.relays == []
    assert "replaced" in [r.body.end for r in result.archive]


def completed_transfer(settings):
    state = add_force(ports(), "Hood", settings=settings)
    state = order(state, "Hood", TRANSFER, 1, settings=settings)
    state = move_to(state, "Hood", "9", 1, in_port=True, settings=settings)
    return end_turn(state, 1, settings=settings).state


def test_no_i7_layover_applies_to_squadrons_by_setting():
    """NO-I7: after a completed order a squadron spends a layover turn in port; with
    `layover_applies_to_squadrons = false` it awaits orders at once."""
    assert completed_transfer(DEFAULTS).forces["hood"].status == "layover"
    no_layover = NavalOrdersSettings(layover_applies_to_squadrons=False)
    assert completed_transfer(no_layover).forces["hood"].status == "awaiting_orders"
    longer = NavalOrdersSettings(port_layover_turns=2)
    state = end_turn(completed_transfer(longer), 2, settings=longer).state
    assert state.forces["hood"].status == "layover"
    assert end_turn(state, 3, settings=longer).state.forces["hood"].status == "awaiting_orders"


# --- NO-I8 ----------------------------------------------------------------------------------


def test_no_i8_test_targets_are_settings():
    """NO-I8: the cruising target 4 becomes 5 with `cruise_test_target = 5`."""
    state = cruising()
    assert command_test(state, "Hood", "adjacent", [4], 2).result.success
    settings = NavalOrdersSettings(cruise_test_target=5)
    assert not command_test(state, "Hood", "adjacent", [4], 2, settings=settings).result.success


def test_no_i8_lone_auxiliary_squadron_counts_itself_by_setting():
    """NO-I8: a lone auxiliary squadron gets +1 for itself; 0 without `count_self_auxiliary`;
    a fleet's auxiliary squadrons count either way."""
    state = add_force(ports(), "Swift", "auxiliary", ships=warships(5))
    force = state.forces["swift"]
    off = NavalOrdersSettings(count_self_auxiliary=False)
    assert sum(m.amount for m in command_test_modifiers(force, DEFAULTS, "cruise")) == 1
    assert sum(m.amount for m in command_test_modifiers(force, off, "cruise")) == 0
    grand = add_force(ports(), "Grand", "fleet", squadrons=fleet("auxiliary", "auxiliary"))
    assert sum(m.amount for m in command_test_modifiers(grand.forces["grand"], off, "move")) == 2


def test_no_i8_damaged_penalty_once_or_per_ship():
    """NO-I8: two damaged ships give −1 once; −2 with `damaged_penalty_per_ship`; movement
    keeps its single −1 either way."""
    state = add_force(ports(), "Hood", ships=warships(3, 3, 3, damaged=2))
    force = state.forces["hood"]
    per_ship = NavalOrdersSettings(damaged_penalty_per_ship=True)
    assert sum(m.amount for m in command_test_modifiers(force, DEFAULTS, "cruise")) == -1
    assert sum(m.amount for m in command_test_modifiers(force, per_ship, "cruise")) == -2
    assert compute_range(force, per_ship, MovementPlan()).total == 2


def test_no_i8_unrated_raid_modifier_is_per_unrated_vessel():
    """NO-I8: `unrated_ship_raid_modifier` is added per unrated vessel (0 by default)."""
    ships = [*warships(6), Ship(kind="transport"), Ship(kind="packet")]
    state = add_force(ports(), "Swift", "auxiliary", ships=ships)
    force = state.forces["swift"]
    plus = NavalOrdersSettings(unrated_ship_raid_modifier=1)
    assert sum(m.amount for m in command_test_modifiers(force, DEFAULTS, "raid")) == 1
    assert sum(m.amount for m in command_test_modifiers(force, plus, "raid")) == 3


# --- NO-I9 … NO-I12 ---------------------------------------------------------------------------


def test_no_i9_tests_per_turn_setting_allows_a_second_test():
    """NO-I9: one test per turn by default; `command_tests_per_turn = 2` allows another."""
    state = command_test(cruising(), "Hood", "adjacent", [1], 2).state
    assert refused(command_test, state, "Hood", "adjacent", [], 2).params["clause"] == "NO-I9"
    twice = NavalOrdersSettings(command_tests_per_turn=2)
    assert command_test(state, "Hood", "adjacent", [6], 2, settings=twice).result.success


def test_no_i9_attack_before_arrival_by_setting():
    """NO-I9: a cruising force on its way may not test; with `attack_before_arrival` it may."""
    state = cruising(location="12")
    assert refused(command_test, state, "Hood", "adjacent", [], 2).params["clause"] == "NO-I9"
    early = NavalOrdersSettings(attack_before_arrival=True)
    outcome = command_test(state, "Hood", "adjacent", [6], 2, settings=early)
    assert outcome.result.success and not outcome.result.must_return_to_zone


def test_no_i9_forces_not_executing_cannot_test():
    """NO-I9: a force awaiting orders (or returning, in layover, forming) may not attack."""
    state = add_force(ports(), "Hood")
    error = refused(command_test, state, "Hood", "adjacent", [], 1)
    assert error.params["clause"] == "NO-I9"


def test_no_i10_cruising_force_may_attack_its_own_location_by_setting():
    """NO-I10: own location refused by default; allowed with `cruise_attack_own_location`,
    and a battle there does not send the force back to its zone."""
    state = cruising()
    assert refused(command_test, state, "Hood", "own", [], 2).params["clause"] == "NO-I10"
    own = NavalOrdersSettings(cruise_attack_own_location=True)
    outcome = command_test(state, "Hood", "own", [4], 2, settings=own)
    assert outcome.result.success and not outcome.result.must_return_to_zone
    assert end_turn(outcome.state, 2, settings=own).state.forces["hood"].status == "executing"


def on_transfer():
    state = add_force(ports(), "Hood")
    return order(state, "Hood", TRANSFER, 1)


def test_no_i11_transfer_scope_own_and_adjacent_or_adjacent_only():
    """NO-I11: a force on a transfer may attack in its own location by default; not with
    `move_attack_scope = adjacent_only`; "further away" never."""
    state = on_transfer()
    assert command_test(state, "Hood", "own", [6], 1).result.success
    only = NavalOrdersSettings(move_attack_scope="adjacent_only")
    assert (
        refused(command_test, state, "Hood", "own", [], 1, settings=only).params["clause"]
        == "NO-I11"
    )
    assert refused(command_test, state, "Hood", "other", [], 1).params["clause"] == "NO-I11"


def raiding():
    state = add_force(ports(), "Swift", "auxiliary", ships=warships(6, 6))
    state = order(state, "Swift", RAID, 1)
    state = move_to(state, "Swift", "22", 1)
    return end_turn(state, 1, 3).state


def test_no_i12_raid_scope_own_and_adjacent_or_own_only():
    """NO-I12: a raider may attack a convoy in an adjacent location by default; with
    `raid_attack_scope = own_only` only in its own."""
    state = raiding()
    assert command_test(state, "Swift", "adjacent", [3, 3], 2, convoy=True).result.success
    own_only = NavalOrdersSettings(raid_attack_scope="own_only")
    error = refused(command_test, state, "Swift", "adjacent", [], 2, convoy=True, settings=own_only)
    assert error.params["clause"] == "NO-I12"
    assert command_test(state, "Swift", "own", [1, 1], 2, convoy=True, settings=own_only).result


# --- NO-I13 … NO-I17 --------------------------------------------------------------------------


def test_no_i13_hidden_raid_roll_goes_to_the_gm_only():
    """NO-I13 `raid_extra_roll_hidden`: the public summary says the raid started; the roll
    and its line are the hidden part (a hidden entry), none of it in the public outcome; the
    entry is published when the raid ends."""
    settings = NavalOrdersSettings(raid_extra_roll_hidden=True)
    state = add_force(ports(), "Swift", "auxiliary", ships=warships(6), settings=settings)
    state = order(state, "Swift", RAID, 1, settings=settings)
    state = move_to(state, "Swift", "22", 1, settings=settings)
    result = end_turn(state, 1, 2, settings=settings)
    assert "naval_orders.turn.raid_started" in keys(result.lines)
    assert "naval_orders.turn.raid_d3" not in keys(result.lines)
    (hidden,) = result.hidden  # a hidden entry of the raid's own
    assert [m["key"] for m in hidden["summary"]] == ["naval_orders.turn.raid_d3"]
    assert hidden["raid_rolls"] == [{"force": "Swift", "face": 2, "required": 3}]
    assert result.outcome["raid_rolls"] == [] and "gm_only" not in result.outcome
    assert result.reveal == []
    assert end_turn(result.state, 2).reveal == []
    assert end_turn(end_turn(result.state, 2).state, 3).reveal == [0]  # 1 + 2 turns raided
    public = end_turn(state, 1, 2)
    assert public.hidden == []
    assert "naval_orders.turn.raid_d3" in keys(public.lines)


def attacked_away(settings):
    state = cruising(settings)
    state = command_test(state, "Hood", "adjacent", [6], 2, settings=settings).state
    return move_to(state, "Hood", "15", 2, settings=settings)


def test_no_i14_turns_away_count_unless_set_otherwise():
    """NO-I14: the turn away on an authorised attack counts; not with `count_turns_away`
    off."""
    assert end_turn(attacked_away(DEFAULTS), 2).state.forces["hood"].order.turns_done == 2
    off = NavalOrdersSettings(count_turns_away=False)
    state = end_turn(attacked_away(off), 2, settings=off).state
    assert state.forces["hood"].order.turns_done == 1


def test_no_i14_late_turns_away_do_not_count():
    """NO-I14, NO-I15: the attack turn (2) and the turn of returning (3, the deadline) count
    though Hood is still in 15; turn 4, late, does not, and its player is told so in both
    languages at the deadline; back in 14 in turn 5, it counts again. With
    `return_deadline_turns = 2` both turns 3 and 4 are turns of returning and count."""
    state = end_turn(attacked_away(DEFAULTS), 2).state
    late = end_turn(state, 3)
    assert late.state.forces["hood"].order.turns_done == 3
    (told,) = [line for line in late.lines if line.key == "naval_orders.turn.late_not_counted"]
    assert told.render("en") == (
        "  Hood: its turns away from location 14 from turn 4 on do not count toward its "
        "order; only the turn of the attack and the turns of the way back within the "
        "deadline do (NO-I14)."
    )
    assert told.render("ru") == (
        "  «Hood»: ходы вне локации 14 начиная с хода 4 в срок приказа не засчитываются — "
        "засчитываются только ход атаки и ходы возвращения до истечения срока (NO-I14)."
    )
    state = end_turn(late.state, 4).state
    assert state.forces["hood"].order.turns_done == 3
    state = end_turn(move_to(state, "Hood", "14", 5), 5).state
    assert state.forces["hood"].order.turns_done == 4
    assert state.forces["hood"].status == "executing"

    longer = NavalOrdersSettings(return_deadline_turns=2)
    state = end_turn(attacked_away(longer), 2, settings=longer).state
    state = end_turn(state, 3, settings=longer).state
    late = end_turn(state, 4, settings=longer)
    assert late.state.forces["hood"].order.turns_done == 4
    assert late.outcome["late_returns"] == ["Hood"]
    assert end_turn(late.state, 5, settings=longer).state.forces["hood"].order.turns_done == 4

    off = NavalOrdersSettings(count_turns_away=False)
    late = end_turn(end_turn(attacked_away(off), 2, settings=off).state, 3, settings=off)
    assert "naval_orders.turn.late_not_counted" not in keys(late.lines)


def test_no_i15_late_return_is_reported_once_at_the_deadline():
    """NO-I15: still returning at the resolution of T+1 → reported late once; with
    `return_deadline_turns = 2` not until T+2."""
    state = end_turn(attacked_away(DEFAULTS), 2).state
    late = end_turn(state, 3)
    assert late.outcome["late_returns"] == ["Hood"]
    assert end_turn(late.state, 4).outcome["late_returns"] == []
    assert late.state.forces["hood"].order is not None
    longer = NavalOrdersSettings(return_deadline_turns=2)
    state = end_turn(attacked_away(longer), 2, settings=longer).state
    assert end_turn(state, 3, settings=longer).outcome["late_returns"] == []


def test_no_i15_late_return_breaks_the_order_by_setting():
    """NO-I15 `late_return_breaks_order`: the late order is broken for a GM ruling."""
    settings = NavalOrdersSettings(late_return_breaks_order=True)
    state = end_turn(attacked_away(settings), 2, settings=settings).state
    result = end_turn(state, 3, settings=settings)
    assert result.state.forces["hood"].order is None
    assert [r.body.end for r in result.archive] == ["broken"]
    assert "naval_orders.turn.order_broken" in keys(result.lines)


def completed_cruise(settings):
    state = add_force(ports(), "Hood", settings=settings)
    state = order(
        state, "Hood", CruiseOrder(point="Ushant", location="14", turns=1), 1, settings=settings
    )
    state = move_to(state, "Hood", "14", 1, settings=settings)
    return state


def test_no_i16_nearest_station_named_by_player_or_from_the_distance_table():
    """NO-I16: by default the player names the station (the GM confirms); under
    `distance_table` the bot takes the nearest from the registered table."""
    state = completed_cruise(DEFAULTS)
    done = end_turn(state, 1)
    assert done.state.forces["hood"].return_station is None
    assert "naval_orders.return.name_it" in keys(done.lines)
    named = declare_return_station(done.state, DEFAULTS, "Britain", "Hood", "Portsmouth")
    assert named.state.forces["hood"].return_station_confirmed is False
    table = NavalOrdersSettings(nearest_station_by="distance_table")
    state = set_station_distances(completed_cruise(table), "14", {"Portsmouth": 2}).state
    done = end_turn(state, 1, settings=table)
    assert done.state.forces["hood"].return_station == "Portsmouth"
    error = refused(
        declare_return_station, done.state, table, "Britain", "Hood", "Portsmouth", error=NotAllowed
    )
    assert error.params["clause"] == "NO-I16"


def test_no_i16_with_no_row_in_the_distance_table_the_player_names_the_station():
    """NO-I16 `distance_table` with no row for location 14: the bot cannot tell the nearest
    station, so the default procedure applies, as the turn's end tells: the player of Hood names
    it (a player's /navy return is no longer refused) and a GM confirms it. A station the
    table gave is still the GM's alone to change."""
    table = NavalOrdersSettings(nearest_station_by="distance_table")
    state = set_station_distances(completed_cruise(table), "20", {"Portsmouth": 9}).state
    done = end_turn(state, 1, settings=table)
    told = [line.render("en") for line in done.lines]
    assert (
        "  The player of Hood names the nearest naval station (/navy return unit:Hood station:…); "
        "the GM confirms it with the same command (NO-I16)."
    ) in told

    named = declare_return_station(done.state, table, "Britain", "Hood", "Portsmouth")
    assert [line.render("en") for line in named.lines] == [
        (
            "Hood returns to naval station Portsmouth; the GM confirms it is the nearest"
            " by giving the same command: /navy return unit:Hood "
            "station:Portsmouth (NO-I16)."
        )
    ]
    confirmed = declare_return_station(
        named.state, table, "Britain", "Hood", "Portsmouth", by_gm=True
    )
    assert confirmed.state.forces["hood"].return_station_confirmed is True

    listed = set_station_distances(completed_cruise(table), "14", {"Portsmouth": 2}).state
    chosen = end_turn(listed, 1, settings=table).state
    error = refused(
        declare_return_station, chosen, table, "Britain", "Hood", "Portsmouth", error=NotAllowed
    )
    assert error.message("en") == (
        "The nearest station comes from the distance table; only the GM may change it (NO-I16)."
    )


def test_no_i16_back_at_a_station_the_layover_then_awaiting_orders():
    """NO-I16, NO-I7: arriving in a naval station, the force spends the next turn in
    layover, then awaits orders."""
    state = end_turn(completed_cruise(DEFAULTS), 1).state
    state = move_to(state, "Hood", HOME, 2, in_port=True)
    state = end_turn(state, 2).state
    assert state.forces["hood"].status == "layover"
    assert end_turn(state, 3).state.forces["hood"].status == "awaiting_orders"


def test_no_i17_waypoints_and_layover_after_transfer_by_setting():
    """NO-I17: a transfer needs `min_waypoints` intermediate locations (1; 2 if set) and a
    port at the end; with `layover_after_transfer` off the force awaits orders at once."""
    state = add_force(ports(), "Hood")
    no_via = MoveOrder(point="Toulon", destination="9", port="Toulon", via=[])
    assert refused(give, state, "Hood", no_via, 1).params["clause"] == "NO-I17"
    two = NavalOrdersSettings(min_waypoints=2)
    assert refused(give, state, "Hood", TRANSFER, 1, two).params["clause"] == "NO-I17"
    assert give(state, "Hood", no_via, 1, NavalOrdersSettings(min_waypoints=0)).state
    not_port = MoveOrder(point="X", destination="8", port="Nowhere", via=["6"])
    assert refused(give, state, "Hood", not_port, 1).params["clause"] == "NO-I17"
    off = NavalOrdersSettings(layover_after_transfer=False)
    assert completed_transfer(off).forces["hood"].status == "awaiting_orders"


# --- NO-I18, NO-I19, visibility -----------------------------------------------------------------


def test_no_i18_gm_may_change_an_order_at_sea_unless_the_setting_forbids():
    """NO-I18: at sea a player's order is refused (packet boat needed); the GM may change it
    at once; not with `gm_can_override_orders = false`."""
    state = cruising()
    assert refused(give, state, "Hood", RAID, 2).params["clause"] == "NO-3.3"
    assert give(state, "Hood", RAID, 2, by_gm=True).state.forces["hood"].order.order.kind == "raid"
    strict = NavalOrdersSettings(gm_can_override_orders=False)
    assert refused(give, state, "Hood", RAID, 2, strict, by_gm=True).params["clause"] == "NO-3.3"


def test_no_i18_order_given_in_layover_takes_effect_when_it_ends():
    """NO-I18: an order given during the layover is recorded, and takes effect when the
    layover ends."""
    state = completed_transfer(DEFAULTS)
    outcome = give(state, "Hood", CRUISE, 2)
    hood = outcome.state.forces["hood"]
    assert hood.status == "layover" and hood.order is None
    assert hood.pending_order.effective_turn == 3
    after = end_turn(outcome.state, 2).state.forces["hood"]
    assert after.status == "executing" and after.order.order.kind == "cruise"


def test_no_i19_free_forms_accept_missing_fields():
    """NO-I19: a cruising order without its turns is refused under strict forms; accepted
    with `strict_order_forms = false` (it then has no count to complete by itself)."""
    state = add_force(ports(), "Hood")
    loose = CruiseOrder(point="Ushant", location="14")
    error = refused(give, state, "Hood", loose, 1)
    assert (error.params["clause"], error.params["field"].key) == (
        "NO-I19",
        "naval_orders.field.turns",
    )
    free = NavalOrdersSettings(strict_order_forms=False)
    state = give(state, "Hood", loose, 1, free).state
    state = move_to(state, "Hood", "14", 1, settings=free)
    for turn in range(1, 5):
        state = end_turn(state, turn, settings=free).state
    assert state.forces["hood"].order.turns_done == 4
    assert refused(give, add_force(ports(), "X"), "X", CruiseOrder(turns=-1), 1, free)


def test_orders_are_private_until_the_turn_ends_unless_public():
    """Issue 14: another player cannot read an order given this turn; after the end of turn
    they can; with `orders_public` at once. Owner and GM always."""
    force = give(add_force(ports(), "Hood"), "Hood", CRUISE, 1).state.forces["hood"]
    assert not order_visible(force, DEFAULTS, viewer="France", is_gm=False, turn=1)
    assert order_visible(force, DEFAULTS, viewer="Britain", is_gm=False, turn=1)
    assert order_visible(force, DEFAULTS, viewer=None, is_gm=True, turn=1)
    assert order_visible(force, DEFAULTS, viewer="France", is_gm=False, turn=2)
    public = NavalOrdersSettings(orders_public=True)
    assert order_visible(force, public, viewer="France", is_gm=False, turn=1)


def test_no_i9_refused_test_takes_no_die_and_keeps_the_turns_test():
    """NO-I9: a request out of scope is refused before any die and the force may still test
    this turn."""
    state = cruising()
    dice, source = scripted()
    with pytest.raises(RuleViolation):
        take_command_test(state, DEFAULTS, request_for("Hood", "other"), dice, 2)
    assert source.used == 0 and dice.records == []
    assert command_test(state, "Hood", "adjacent", [4], 2).result.success


def test_no_i18_a_force_at_sea_with_no_order_receives_its_first_order():
    """NO-3.3, NO-I18 restrict *changing* an order: a force registered at sea that has no
    order yet takes its first one from its player, at once."""
    state = add_force(ports(), "Lyon", location="3", in_port=False)
    given = give(state, "Lyon", RAID, 1)
    assert given.state.forces["lyon"].order.order.kind == "raid"
