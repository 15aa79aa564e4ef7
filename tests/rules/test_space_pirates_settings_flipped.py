"""The interpretations whose alternative is one setting away, each with the setting flipped:
the default behaviour first, then the alternative (SP-I12…SP-I41). Scripted dice, faces in
the order the procedure rolls them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import order_attack
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.errors import RuleViolation
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.base import base_fleet
from bot.rules.space_pirates.base import forget_gone_bases
from bot.rules.space_pirates.battle import joining_privateers
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.bribe import quote_bribe
from bot.rules.space_pirates.fleet import bonus_pct
from bot.rules.space_pirates.fleet import loss
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire
from bot.rules.space_pirates.models import AttackRecord
from bot.rules.space_pirates.models import PirateFleet
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.planet_raid import orbital_phase
from bot.rules.space_pirates.planet_raid import recent_route_values
from bot.rules.space_pirates.privateers import PrivateerOrder
from bot.rules.space_pirates.privateers import quote_privateers
from bot.rules.space_pirates.privateers import quote_recall
from bot.rules.space_pirates.registry import ShipSpec
from bot.rules.space_pirates.registry import register_route
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.reports import Journal
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.reports import ResolutionContext
from bot.rules.space_pirates.route_raid import route_defence
from bot.rules.space_pirates.turn import answer_buy_off


def scripted(*faces):
    return Dice.scripted(faces)


def group(owner="Boreas", target="Aurora", ship_class="cruiser"):
    ship = RegisteredShip(id=90, owner=owner, ship_class=ship_class)
    return PrivateerGroup(id=91, owner=owner, target=target, formed_turn=1, ships=[ship])


# --- SP-I36: privateers ---------------------------------------------------------------------


def test_sp_i36_forming_needs_the_technology_unless_switched_off():
    """SP-10.1, SP-I36: without the technology forming is refused; with
    `privateers_require_tech = false` it is not."""
    state, _ = route(empty(), "Far", 300, owner="Boreas", ships=[("cruiser", "guard")])
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = PrivateerOrder("Boreas", "Aurora", 2, [state.routes[0].ships[0].id])
    with pytest.raises(RuleViolation) as refused:
        quote_privateers(state, DEFAULTS, COMBAT, order)
    assert refused.value.params["clause"] == "SP-10.1"
    free = settings(privateers_require_tech=False)
    assert quote_privateers(state, free, COMBAT, order).active_from == 3


def test_sp_i36_privateers_join_only_battles_against_their_target_unless_any_victim():
    """SP-I36: a group aimed at Aurora stays out of a battle against Cygnus; with
    `privateers_join = any_victim` it joins."""
    state = empty()
    state.privateers.append(group())
    assert joining_privateers(state, DEFAULTS, "Cygnus", {"Cygnus"}, 3) == []
    anyone = settings(privateers_join="any_victim")
    assert [g.id for g in joining_privateers(state, anyone, "Cygnus", {"Cygnus"}, 3)] == [91]


def test_sp_i36_i43_privateers_never_fight_their_owners_ships_unless_switched_on():
    """SP-I36, SP-I43: Boreas' group stays out when Boreas' ships defend Aurora's shared
    route; with `privateers_fight_own_ships` it joins anyway."""
    state = empty()
    state.privateers.append(group())
    owners = {"Aurora", "Boreas"}
    assert joining_privateers(state, DEFAULTS, "Aurora", owners, 3) == []
    against = settings(privateers_fight_own_ships=True)
    assert len(joining_privateers(state, against, "Aurora", owners, 3)) == 1


def test_sp_i32_peace_blocks_a_recall_only_with_the_setting():
    """SP-I32: existing groups may be recalled during the ten blocked turns; with
    `peace_blocks_privateer_recall` the recall is refused."""
    state = empty()
    state.privateers.append(group())
    state.player("Boreas").operations_blocked_until = 10
    assert quote_recall(state, DEFAULTS, "Boreas", 91, 5).cost == 100
    with pytest.raises(RuleViolation):
        quote_recall(state, settings(peace_blocks_privateer_recall=True), "Boreas", 91, 5)


def test_sp_i41_ship_costs_come_from_the_class_table():
    """SP-I41: an unregistered cost is the class table's (cruiser 200, so the recall of
    SP-I37 costs 100); another table gives another price."""
    state = empty()
    state.privateers.append(group())
    assert DEFAULTS.ship_cost("cruiser") == 200 and DEFAULTS.ship_cost("cruiser", 150) == 150
    table = {**DEFAULTS.ship_cost_table, "cruiser": 300}
    assert quote_recall(state, settings(ship_cost_table=table), "Boreas", 91, 5).cost == 150


# --- SP-I43: shared routes -----------------------------------------------------------------


def test_sp_i43_every_ship_on_a_shared_route_defends_unless_victim_only():
    """SP-I43: Boreas' guard defends the shared route in Aurora's raid; with
    `shared_route_defenders = victim_only` only Aurora's ship does."""
    state, shared = register_route(
        empty(),
        COMBAT,
        name="Shared",
        goods=400,
        owners=[("Aurora", 60), ("Boreas", 40)],
        ships=[
            ShipSpec(owner="Aurora", ship_class="destroyer", role="guard"),
            ShipSpec(owner="Boreas", ship_class="cruiser", role="guard"),
        ],
    )
    ships, _ = route_defence(state, DEFAULTS, shared, "Aurora")
    assert [s.owner for s in ships] == ["Aurora", "Boreas"]
    ships, _ = route_defence(
        state, settings(shared_route_defenders="victim_only"), shared, "Aurora"
    )
    assert [s.owner for s in ships] == ["Aurora"]


# --- SP-I15, SP-I33: bribes -----------------------------------------------------------------


def bribable(**record):
    state, _ = route(empty(), "Line", 300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    for key, value in record.items():
        setattr(state.player("Aurora"), key, value)
    return state


def test_sp_i15_immunity_refuses_a_route_bribe_unless_switched_off():
    """SP-I15, SP-I33: a route bribe against a player under route immunity is refused; with
    `immunity_blocks_bribed_raids = false` it is accepted."""
    state = bribable(route_immunity_granted=1, route_immunity_until=4)
    with pytest.raises(RuleViolation) as refused:
        quote_bribe(state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2))
    assert refused.value.params["clause"] == "SP-I15"
    open_season = settings(immunity_blocks_bribed_raids=False)
    assert (
        quote_bribe(state, open_season, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2)).victim
        == "Aurora"
    )


def test_sp_i33_the_briber_names_the_route_only_with_the_setting():
    """SP-I33: the rules draw the route; naming one is refused unless
    `bribe_target_choice = briber_chooses`. The strength (3d6: 2, 2, 2 → 300) follows."""
    state = bribable()
    state, second = route(state, "Second", 300)
    with pytest.raises(RuleViolation):
        apply_bribe(
            state,
            DEFAULTS,
            COMBAT,
            BribeOrder("Boreas", "Aurora", "route", 2, target=2),
            scripted(),
        )
    chooses = settings(bribe_target_choice="briber_chooses")
    _, bribe = apply_bribe(
        state,
        chooses,
        COMBAT,
        BribeOrder("Boreas", "Aurora", "route", 2, target=second.id),
        scripted(2, 2, 2),
    )
    assert (bribe.target, bribe.value) == (second.id, 300)


def test_sp_i33_a_cancelled_bribe_is_refunded_only_with_the_setting():
    """SP-I33: Aurora's route is gone when Boreas' bribe comes up: cancelled, told to Boreas
    with no refund; with `cancelled_bribe_refund` the cost (150) is refunded."""
    state = bribable()
    state, _ = route(state, "Other", 50)
    state, bribe = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2), scripted(1, 2, 2, 2)
    )
    assert bribe.target == 1 and bribe.cost == 150
    gone = remove_route(state, 1)
    for chosen, refund in ((DEFAULTS, 0), (settings(cancelled_bribe_refund=True), 150)):
        done = resolve(gone, 2, scripted(20), chosen)
        (told,) = done.outcome["private"]["Boreas"]
        assert told["key"] == "space_pirates.bribe.cancelled"
        assert told["params"]["refund"] == refund


# --- SP-I23, SP-I24: the orbital phase -----------------------------------------------------


def orbital(pirates, faces, chosen=DEFAULTS):
    """Aurora's planet (income 500, a destroyer in orbit) against `pirates` raiders."""
    state, target = planet(empty(), "Beta", 500, orbital=["destroyer"])
    with_history(state, "Aurora", [200], kind="planet")
    report = RaidReport(
        faction="Aurora",
        turn=5,
        seq=1,
        kind="planet",
        target=target.id,
        fleet=PirateFleet(raiders=pirates),
    )
    rc = ResolutionContext(state, chosen, COMBAT, scripted(*faces), Journal())
    squads = orbital_phase(rc, report, 0)
    return squads, report


def test_sp_i23_squads_come_from_the_survivors_unless_whole_fleet():
    """SP-I23: two raiders win the orbit with one left (the destroyer 5 → defence 1: one
    raider down; the raiders 5, 1 → defence 1: the destroyer down): 1 squad lands; with
    `squads_from = whole_fleet`, 2."""
    faces = (5, 1, 5, 1, 1)
    assert orbital(2, faces)[0] == 1
    assert orbital(2, faces, settings(squads_from="whole_fleet"))[0] == 2


def test_sp_i24_a_win_without_pirate_survivors_plunders_unless_raid_fails():
    """SP-I24: under `mutual_destruction_result = pirates_win` a mutual wipe is a pirate
    victory with no pirate ship left: the plunder follows with 0 squads; with
    `plunder_without_pirate_survivors = raid_fails` the raid fails instead."""
    wipe = settings(mutual_destruction_result="pirates_win")
    squads, report = orbital(1, (5, 1, 5, 1), wipe)
    assert squads == 0 and report.battle.mutual_wipe
    fails = settings(
        mutual_destruction_result="pirates_win", plunder_without_pirate_survivors="raid_fails"
    )
    squads, report = orbital(1, (5, 1, 5, 1), fails)
    assert squads is None and report.outcome == "failed"


# --- SP-I20, SP-I38: the history ----------------------------------------------------------


def test_sp_i38_planet_records_count_for_the_planet_fleet_only_with_the_setting():
    """SP-I20, SP-I38: the planet fleet looks at the last route records; with
    `planet_records_count_for_planet_fleet` planet records count too."""
    record = empty().player("Aurora")
    for kind, value in (("route", 100), ("planet", 500)):
        record.history.append(
            AttackRecord(
                turn=1,
                kind=kind,
                target=0,
                value=value,
                fleet=PirateFleet(raiders=1),
                outcome="successful",
            )
        )
    assert recent_route_values(record, DEFAULTS) == [100]
    counted = settings(planet_records_count_for_planet_fleet=True)
    assert recent_route_values(record, counted) == [100, 500]


# --- SP-I29, SP-I31: the base ---------------------------------------------------------------


def test_sp_i29_a_gone_base_is_forgotten_unless_switched_off():
    """SP-I29: when the base stops existing its location and failed attempts are cleared;
    with `forget_base_when_gone = false` they are kept."""
    for chosen, known in ((DEFAULTS, False), (settings(forget_base_when_gone=False), True)):
        state = empty()
        record = state.player("Aurora")
        record.base_known, record.base_location, record.failed_base_attacks = True, "moon", 1
        forget_gone_bases(state, chosen)
        assert (record.base_known, record.failed_base_attacks == 1) == (known, known)


def test_sp_i31_failed_attempts_raise_the_base_fleet_and_with_all_fleets_every_fleet():
    """SP-I31: one failed attempt makes the base fleet ⌊2 × 1250 × 1.2⌋ = 3000 under either
    scope; only `base_fail_growth_scope = all_fleets` adds the 20 % to B of every fleet."""
    state = empty()
    with_history(state, "Aurora", [1250], turn=15)
    record = state.player("Aurora")
    record.streak, record.failed_base_attacks = 1, 1
    wider = settings(base_fail_growth_scope="all_fleets")
    for chosen in (DEFAULTS, wider):
        assert base_fleet(record, chosen, 20, at_battle=True).value == 3000
    assert (bonus_pct(record, DEFAULTS), bonus_pct(record, wider)) == (0, 20)


def base_attack_wipe(chosen):
    """Aurora's destroyer against the one-raider base fleet; both die in round 1."""
    state, _ = route(empty(), "Line", 300)
    state.player("Aurora").streak = 4
    with_history(state, "Aurora", [50], turn=18)
    state, _ = apply_locate(state, chosen, "Aurora", 20, "a moon")
    state, _ = order_attack(state, chosen, "Aurora", 20, ["destroyer"])
    return resolve(state, 20, scripted(5, 1, 5, 1, 20), chosen)


def test_sp_i31_a_mutual_wipe_at_the_base_destroys_it_unless_attack_failed():
    """SP-I31: by default a mutual wipe follows `mutual_destruction_result` (defender wins:
    the base is destroyed); with `base_mutual_wipe_result = attack_failed` it is a failure."""
    assert base_attack_wipe(DEFAULTS).outcome["base_attacks"][0]["outcome"] == "destroyed"
    failed = base_attack_wipe(settings(base_mutual_wipe_result="attack_failed"))
    assert failed.outcome["base_attacks"][0]["outcome"] == "failed"
    assert failed.state.player("Aurora").failed_base_attacks == 1


# --- SP-I35: mercenaries --------------------------------------------------------------------


def mercenaries_lost(chosen):
    """Aurora's 100-income route guarded only by a one-raider contract (hired for 100);
    the pirates (1d6 2 → one raider) kill it: the contract's raider misses (1), the pirate
    hits (5) and the defence fails (1)."""
    state, line = route(empty(), "Line", 100)
    with_history(state, "Aurora", [900], turn=9)
    state, contract, _ = apply_hire(
        state, chosen, HireOrder("Aurora", 10, 100, station="route", target=line.id)
    )
    offered = resolve(state, 10, scripted(1, 2), chosen)
    choice = offered.state.waiting[0].choice_id
    return answer_buy_off(
        offered.state, chosen, choice, "Aurora", False, scripted(1, 5, 1)
    ), contract


def test_sp_i35_a_contract_with_no_ships_stays_until_ended_unless_switched_on():
    """SP-I35: a destroyed contract stays in force and its upkeep (20) is a question; with
    `mercenary_contract_ends_when_destroyed` it ends and the upkeep is only reported."""
    kept, contract = mercenaries_lost(DEFAULTS)
    (left,) = kept.state.contracts
    assert left.active and left.ships == [] and [d.amount for d in kept.state.upkeep_due] == [20]
    ends = settings(mercenary_contract_ends_when_destroyed=True)
    ended, _ = mercenaries_lost(ends)
    assert ended.state.contracts[0].ended_turn == 10 and ended.state.upkeep_due == []
    assert ended.outcome["upkeep"] == [{"contract": contract.id, "owner": "Aurora", "amount": 20}]
    assert ended.state.resolution is None


def test_sp_i35_upkeep_is_on_the_hired_value_unless_surviving_value():
    """SP-I35: a 300 contract down to one raider still owes ⌈20 % × 300⌉ = 60; with
    `mercenary_upkeep_basis = surviving_value`, ⌈20 % × 100⌉ = 20."""
    state, _ = route(empty(), "Line", 300)
    with_history(state, "Aurora", [900], turn=9)
    state, _, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    state.contracts[0].ships = state.contracts[0].ships[:1]
    assert [d.amount for d in resolve(state, 10, scripted(20)).state.upkeep_due] == [60]
    surviving = settings(mercenary_upkeep_basis="surviving_value")
    assert [d.amount for d in resolve(state, 10, scripted(20), surviving).state.upkeep_due] == [20]


# --- SP-I39: rounding -----------------------------------------------------------------------


def test_sp_i39_losses_round_down_unless_set_otherwise():
    """SP-I39: a loss of 2½ is 2 by default, 3 rounded up or to the nearest (halves up)."""
    half = Fraction(5, 2)
    assert loss(DEFAULTS, half) == 2
    assert loss(settings(loss_rounding="ceil"), half) == 3
    assert loss(settings(loss_rounding="nearest"), half) == 3
    assert loss(settings(loss_rounding="nearest"), Fraction(9, 4)) == 2
