"""The worked examples NO-E1…NO-E6 of rules/naval-orders.md §5, replayed with scripted dice."""

from __future__ import annotations

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import add_force
from test_naval_orders_support import command_test
from test_naval_orders_support import end_turn
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import p_success
from test_naval_orders_support import ports
from test_naval_orders_support import request_for
from test_naval_orders_support import scripted
from test_naval_orders_support import warships

from bot.errors import RuleViolation
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import MovementPlan
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import command_test_modifiers
from bot.rules.naval_orders import compute_range
from bot.rules.naval_orders import movement_range
from bot.rules.naval_orders import take_command_test


def channel_fleet():
    """NO-E1: two line squadrons and one auxiliary squadron, rating +1, one ship at 80 %."""
    return [
        Squadron(name="Van", kind="line", ships=warships(2, 3, damaged=1)),
        Squadron(name="Rear", kind="line", ships=warships(3, 3)),
        Squadron(name="Frigates", kind="auxiliary", ships=warships(5, 5)),
    ]


def cruising_channel_fleet():
    state = add_force(ports(), "Channel Fleet", "fleet", squadrons=channel_fleet(), rating=1)
    state = order(state, "Channel Fleet", CruiseOrder(point="Ushant", location="14", turns=5), 1)
    state = move_to(state, "Channel Fleet", "14", 1)
    return end_turn(state, 1).state


def test_no_e1_cruising_fleet_tests_at_plus_one_and_may_attack_adjacent():
    """NO-E1: +1 rating +1 auxiliary −1 damaged = +1; d6 3 → 4 ≥ 4, the attack in 15 may
    take place; range 3 − 1 − 1 = 1 and no move after the battle; flagged
    `returning_to_zone` and back to 14 the next turn."""
    state = cruising_channel_fleet()
    outcome = command_test(state, "Channel Fleet", "adjacent", [3], 2)

    result = outcome.result
    assert [(m.reason, m.amount) for m in result.modifiers] == [
        ("rating", 1),
        ("auxiliary_squadrons", 1),
        ("damaged", -1),
    ]
    assert (result.faces, result.modifier, result.total, result.target) == ([3], 1, 4, 4)
    assert result.success and result.must_return_to_zone
    assert p_success(1, result.modifier, result.target) == pytest.approx(2 / 3)

    report = compute_range(outcome.state.forces["channel fleet"], DEFAULTS, MovementPlan())
    assert (report.base, report.total, report.stops_after_combat) == (3, 1, True)
    assert [(m.reason, m.amount) for m in report.modifiers] == [("damaged", -1), ("combat", -1)]

    state = move_to(outcome.state, "Channel Fleet", "15", 2)
    after = end_turn(state, 2)
    fleet = after.state.forces["channel fleet"]
    assert fleet.status == "returning_to_zone" and fleet.return_due_turn == 3
    assert fleet.order.turns_done == 2  # the turn away on the attack counts (NO-I14)
    back = move_to(after.state, "Channel Fleet", "14", 3)
    assert back.forces["channel fleet"].status == "executing"
    assert end_turn(back, 3).outcome["late_returns"] == []


def test_no_e1_enemy_in_the_cruising_location_itself_is_refused_without_a_roll():
    """NO-E1 (last line), NO-I10: an enemy in location 14 itself may not be attacked; no die
    is rolled and the turn's test is not used."""
    state = cruising_channel_fleet()
    dice, source = scripted()
    with pytest.raises(RuleViolation) as caught:
        take_command_test(state, DEFAULTS, request_for("Channel Fleet", "own"), dice, 2)
    assert caught.value.params["clause"] == "NO-I10"
    assert dice.records == [] and source.used == 0
    assert command_test(state, "Channel Fleet", "adjacent", [1], 2).result.success is False


def test_no_e2_failed_transfer_test_means_no_attack_and_the_transfer_goes_on():
    """NO-E2: Lyon (rating 0, no auxiliary, no damage) on a transfer 3 → 9 via 6; d6 5 < 6
    fails: no attack this turn, the transfer goes on; it may test again on a later turn."""
    from bot.rules.naval_orders import RegisterStation
    from bot.rules.naval_orders import register_station

    state = register_station(ports(), RegisterStation(name="Le Havre", location="3")).state
    state = add_force(state, "Lyon", owner="France", location="3")
    transfer = MoveOrder(point="Toulon", destination="9", port="Toulon", via=["6"])
    state = order(state, "Lyon", transfer, 1, faction="France")
    state = move_to(state, "Lyon", "6", 1, faction="France")

    outcome = command_test(state, "Lyon", "adjacent", [5], 1, faction="France")
    assert [(m.reason, m.amount) for m in outcome.result.modifiers] == [("rating", 0)]
    assert (outcome.result.total, outcome.result.success) == (5, False)
    assert outcome.state.forces["lyon"].status == "executing"
    assert "naval_orders.test.no_attack" in [line.key for line in outcome.lines]
    with pytest.raises(RuleViolation) as caught:
        command_test(outcome.state, "Lyon", "adjacent", [], 1, faction="France")
    assert caught.value.params["clause"] == "NO-I9"
    again = command_test(
        end_turn(outcome.state, 1).state, "Lyon", "adjacent", [6], 2, faction="France"
    )
    assert again.result.success


def test_no_e2_variant_fleet_with_an_auxiliary_squadron_and_rating_two_needs_three():
    """NO-E2 variant: one line and one auxiliary squadron as a fleet, rating +2: +3, so a
    d6 of 3 succeeds and 2 fails."""
    from bot.rules.naval_orders import RegisterForce
    from bot.rules.naval_orders import register_force

    squadrons = [
        Squadron(name="Lyon line", kind="line", ships=warships(3, 3)),
        Squadron(name="Lyon frigates", kind="auxiliary", ships=warships(5)),
    ]
    state = register_force(
        ports(),
        DEFAULTS,
        RegisterForce(
            owner="France",
            name="Lyon",
            kind="fleet",
            officer_rating=2,
            squadrons=squadrons,
            location="1",
            in_port=True,
        ),
    ).state
    transfer = MoveOrder(point="Toulon", destination="9", port="Toulon", via=["6"])
    state = order(state, "Lyon", transfer, 1, faction="France")
    assert command_test(state, "Lyon", "adjacent", [3], 1, faction="France").result.modifier == 3
    assert command_test(state, "Lyon", "adjacent", [3], 1, faction="France").result.success
    assert not command_test(state, "Lyon", "adjacent", [2], 1, faction="France").result.success


def hirondelle_raiding():
    state = add_force(
        ports(), "Hirondelle", "auxiliary", owner="Britain", ships=warships(5, 5, 6, 4), rating=2
    )
    state = order(state, "Hirondelle", RaidOrder(point="Biscay", location="22", turns=2), 1)
    state = move_to(state, "Hirondelle", "22", 1)
    return end_turn(state, 1, 1).state


def test_no_e3_frigate_raid_test_at_plus_four_cannot_fail():
    """NO-E3: +2 rating +3 (V, V, VI) −1 (IV) = +4; 2d6 3, 2 = 5 → 9 ≥ 6 succeeds against
    a convoy in adjacent 23; with +4 the minimum is 6."""
    state = hirondelle_raiding()
    outcome = command_test(state, "Hirondelle", "adjacent", [3, 2], 2, convoy=True)
    result = outcome.result
    assert [(m.reason, m.amount) for m in result.modifiers] == [
        ("rating", 2),
        ("light_rates", 3),
        ("heavy_rates", -1),
    ]
    assert (result.faces, result.modifier, result.total, result.success) == ([3, 2], 4, 9, True)
    assert p_success(2, 4, 6) == 1


def test_no_e3_squadron_without_transports_is_not_a_raid_target():
    """NO-E3, NO-I12: an enemy squadron with no transports or packet boats may not be
    attacked under a raiding order; refused without a die."""
    state = hirondelle_raiding()
    dice, _ = scripted()
    with pytest.raises(RuleViolation) as caught:
        take_command_test(state, DEFAULTS, request_for("Hirondelle", "adjacent"), dice, 2)
    assert caught.value.params["clause"] == "NO-I12"
    assert dice.records == []
    assert state.forces["hirondelle"].tests_this_turn(2) == 0


def test_no_e4_movement_range_squadron_fleet_and_catching_the_wind():
    """NO-E4: auxiliary squadron with merchantmen, jury mast, leaving port: 4 − 1 − 1 − 1 =
    1; a fleet of auxiliary squadrons pays no port penalty: 2; catching the wind too: 0."""
    ships = [*warships(5, 5), Ship(rate=6, jury_mast=True), Ship(kind="merchant")]
    state = add_force(ports(), "Escort", "auxiliary", ships=ships)
    squadrons = [
        Squadron(name="A", kind="auxiliary", ships=ships),
        Squadron(name="B", kind="auxiliary", ships=warships(5)),
    ]
    state = add_force(state, "Escort Fleet", "fleet", squadrons=squadrons)
    leaving = MovementPlan(port_exits=1)

    report, lines = movement_range(state, DEFAULTS, "Escort", leaving)
    assert [(m.reason, m.amount) for m in report.modifiers] == [
        ("transports", -1),
        ("damaged", -1),
        ("port_exit", -1),
    ]
    assert report.total == 1 and lines[0].key == "naval_orders.range.total"
    assert movement_range(state, DEFAULTS, "Escort Fleet", leaving)[0].total == 2
    wind = MovementPlan(port_exits=1, catch_wind_attempts=1)
    assert movement_range(state, DEFAULTS, "Escort", wind)[0].total == 0


def test_no_e5_raid_lasts_ordered_turns_plus_d3_rolled_on_arrival():
    """NO-E5: "for 4 turns", arrival in turn 10, d3 → 2: 6 turns, 10…15; the count reaches 6
    at the resolution of turn 15; from turn 16 the squadron returns to a station."""
    state = add_force(ports(), "Hirondelle", "auxiliary", ships=warships(5, 5))
    state = order(state, "Hirondelle", RaidOrder(point="Biscay", location="22", turns=4), 9)
    state = end_turn(state, 9).state
    state = move_to(state, "Hirondelle", "22", 10)
    result = end_turn(state, 10, 2)
    active = result.state.forces["hirondelle"].order
    assert (active.raid_roll, active.turns_required, active.turns_done) == (2, 6, 1)
    assert result.outcome["raid_rolls"] == [{"force": "Hirondelle", "face": 2, "required": 6}]
    state = result.state
    for turn in range(11, 15):
        state = end_turn(state, turn).state
        assert state.forces["hirondelle"].status == "executing"
    last = end_turn(state, 15)
    assert last.state.forces["hirondelle"].status == "returning_to_station"
    assert last.outcome["completed"] == ["Hirondelle"]
    assert last.archive[0].body.turns_done == 6


def test_no_e5_alternative_d6_mode_ignores_the_ordered_turns():
    """NO-E5 alternative, NO-I13 `raid_duration_mode = d6`: a d6 of 5 gives turns 10–14."""
    settings = NavalOrdersSettings(raid_duration_mode="d6")
    state = add_force(ports(), "Hirondelle", "auxiliary", ships=warships(5, 5), settings=settings)
    state = order(
        state,
        "Hirondelle",
        RaidOrder(point="Biscay", location="22", turns=4),
        10,
        settings=settings,
    )
    state = move_to(state, "Hirondelle", "22", 10, settings=settings)
    state = end_turn(state, 10, 5, settings=settings).state
    assert state.forces["hirondelle"].order.turns_required == 5
    for turn in range(11, 14):
        state = end_turn(state, turn, settings=settings).state
    assert state.forces["hirondelle"].status == "executing"
    assert end_turn(state, 14, settings=settings).state.forces["hirondelle"].status == (
        "returning_to_station"
    )


BREST = [*warships(3, 3, 3), Ship(kind="transport", jury_mast=True), Ship(kind="transport")]


@pytest.mark.parametrize(
    ("includes_unrated", "cruise", "raid", "cruise_p", "raid_p", "range_total"),
    [
        (True, -1, -4, (1, 3), (1, 6), 1),
        (False, 0, -3, (1, 2), (5, 18), 2),
    ],
)
def test_no_e6_damaged_transport_makes_the_convoy_damaged(
    includes_unrated, cruise, raid, cruise_p, raid_p, range_total
):
    """NO-E6, NO-I5: Brest (rating 0, three rate III, two transports, one under a jury
    mast): cruising −1 (1/3), raiding −4 (1/6), range 1; without unrated damage: 0 (1/2),
    −3 (5/18), range 2. Transports add no rate modifier."""
    from fractions import Fraction

    settings = NavalOrdersSettings(damaged_includes_unrated=includes_unrated)
    state = add_force(ports(), "Brest", owner="France", ships=BREST, settings=settings)
    force = state.forces["brest"]
    cruise_m = sum(m.amount for m in command_test_modifiers(force, settings, "cruise"))
    raid_m = sum(m.amount for m in command_test_modifiers(force, settings, "raid"))
    assert (cruise_m, raid_m) == (cruise, raid)
    assert p_success(1, cruise_m, 4) == Fraction(*cruise_p)
    assert p_success(2, raid_m, 6) == Fraction(*raid_p)
    assert compute_range(force, settings, MovementPlan()).total == range_total


def test_no_e6_packet_boat_leaving_port_catches_the_wind_and_takes_no_test():
    """NO-E6, NO-I22: a packet boat leaving port and catching the wind once: 5 − 1 = 4, no
    port penalty; it takes no command test."""
    state = add_force(ports(), "Mercury", "packet", ships=[Ship(kind="packet")])
    plan = MovementPlan(port_exits=1, catch_wind_attempts=1)
    report, _ = movement_range(state, DEFAULTS, "Mercury", plan)
    assert (report.base, report.total) == (5, 4)
    assert [m.reason for m in report.modifiers] == ["catch_wind"]
    dice, _ = scripted()
    with pytest.raises(RuleViolation) as caught:
        take_command_test(state, DEFAULTS, request_for("Mercury", "adjacent"), dice, 1)
    assert caught.value.params["clause"] == "NO-I22"
    assert dice.records == []
