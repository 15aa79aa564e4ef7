"""One test per interpretation that changes behaviour (SP-I1…SP-I43), with its setting
flipped where it has one; scripted dice, faces in the order the procedure rolls them."""

from __future__ import annotations

from fractions import Fraction

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import raid
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.errors import NotAllowed
from bot.errors import RuleViolation
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.base import base_exists
from bot.rules.space_pirates.base import base_fleet
from bot.rules.space_pirates.base import quote_locate
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import answer_bribe_offer
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.bribe import withdraw_bribe
from bot.rules.space_pirates.chance import raid_points
from bot.rules.space_pirates.chance import route_weight
from bot.rules.space_pirates.fleet import generate_route_fleet
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire
from bot.rules.space_pirates.mercenaries import dismiss_contract
from bot.rules.space_pirates.mercenaries import mercenary_pool
from bot.rules.space_pirates.mercenaries import quote_dismiss
from bot.rules.space_pirates.mercenaries import upkeep_to_end
from bot.rules.space_pirates.models import PlayerPirates
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.planet_raid import planet_points
from bot.rules.space_pirates.privateers import apply_recall
from bot.rules.space_pirates.privateers import quote_recall
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.status import status
from bot.rules.space_pirates.turn import answer_buy_off
from bot.rules.space_pirates.turn import answer_plunder
from bot.rules.space_pirates.turn import answer_upkeep
from bot.rules.space_pirates.turn import force_choice
from bot.rules.space_pirates.turn import waiting_for


def scripted(*faces):
    return Dice.scripted(faces)


def one_route(income=300, ships=(), streak=0):
    state, r = route(empty(), "Line", income, ships=ships)
    state.player("Aurora").streak = streak
    return state, r


# --- SP-I1…SP-I5 ------------------------------------------------------------------------


def test_sp_i1_twenty_points_attack_without_a_roll():
    """SP-I1: with 20 or more points the attack happens without the d20."""
    state, _ = one_route(100, streak=19)
    _, (report,) = raid(state, 3, [2], accept=True)
    assert report.chance.automatic and report.chance.face is None


def test_sp_i1_no_routes_no_roll():
    """SP-I1: a player with no trade routes makes no roll."""
    state, _ = planet(empty(), "Home", 300)
    _, (report,) = raid(state, 3, [])
    assert report.outcome == "no_routes"


def test_sp_i2_a_route_at_exactly_one_hundred():
    """SP-I2: 100 is not rich (weight 1, base 1) unless `rich_route_inclusive`."""
    state, r = one_route(100)
    assert raid_points(state, "Aurora", DEFAULTS, 1).base == 1
    assert route_weight(r, DEFAULTS) == 1
    inclusive = settings(rich_route_inclusive=True)
    assert raid_points(state, "Aurora", inclusive, 1).base == 2
    assert route_weight(r, inclusive) == 2


def test_sp_i3_every_additional_route_adds_a_point_unless_a_minimum_is_set():
    """SP-I3: the richest route sets the base; others add 1 each, or only above
    `extra_route_min_income`."""
    state, _ = route(empty(), "A", 450)
    state, _ = route(state, "B", 40)
    state, _ = route(state, "C", 60)
    assert raid_points(state, "Aurora", DEFAULTS, 1).total == 4
    assert raid_points(state, "Aurora", settings(extra_route_min_income=50), 1).total == 3


def test_sp_i5_primary_owner_only_rolls_for_a_shared_route():
    """SP-I5: a shared route is in each owner's roll, or only the first owner's with
    `primary_owner`."""
    state, _ = route(empty(), "Shared", 400, owners=[("Aurora", 60), ("Boreas", 40)])
    assert raid_points(state, "Boreas", DEFAULTS, 1).routes == 1
    assert (
        raid_points(state, "Boreas", settings(shared_route_rolled_by="primary_owner"), 1).routes
        == 0
    )


def test_sp_i5_i13_shared_route_loses_the_victims_share():
    """SP-I5, SP-I13: the victim loses their own share of the combined income."""
    state, _ = route(empty(), "Shared", 400, owners=[("Aurora", 60), ("Boreas", 40)])
    state.turn_order = ["Boreas", "Aurora"]
    _, reports = raid(state, 2, [1, 1, 1, 1, 1, 20])
    report = reports[-1]
    (report,) = [r for r in reports if r.faction == "Boreas" and r.outcome == "successful"]
    assert report.income_lost == 160


# --- SP-I6…SP-I8, SP-I42 ----------------------------------------------------------------


def test_sp_i6_a_poor_route_rolls_no_dice_but_one_raider_attacks():
    """SP-I6, SP-2.5: income below 100 gives 0 dice and one raider; with
    `min_strength_dice = 1` one die is rolled."""
    record = PlayerPirates()
    generated = generate_route_fleet(80, record, DEFAULTS, scripted())
    assert (generated.dice, generated.value, generated.fleet.raiders) == (0, 0, 1)
    generated = generate_route_fleet(80, record, settings(min_strength_dice=1), scripted(4))
    assert (generated.dice, generated.value) == (1, 200)


def test_sp_i6_the_jump_at_one_thousand():
    """SP-I6: income 1000 rolls 10d6; 1001 rolls 1d6 × 12."""
    record = PlayerPirates()
    assert generate_route_fleet(1000, record, DEFAULTS, Dice.seeded(1)).dice == 10
    big = generate_route_fleet(1001, record, DEFAULTS, scripted(3))
    assert (big.dice, big.raw_strength, big.big_income) == (1, 36, True)


def test_sp_i7_product_or_sum_of_the_multipliers():
    """SP-I7: streak 2 and B = 30: 10 × 1.2 × 1.3 = 15.6 (V 780), or summed 10 × 1.5 = 15."""
    record = PlayerPirates(streak=2, planet_raid_bonus_pct=30)
    product = generate_route_fleet(200, record, DEFAULTS, scripted(4, 6))
    assert (str(product.multiplier), product.value) == ("39/25", 780)
    summed = generate_route_fleet(
        200, record, settings(multiplier_combination="sum"), scripted(4, 6)
    )
    assert summed.value == 750


def test_sp_i42_payments_have_a_floor_at_the_fleet_cost():
    """SP-I42: a V-0 raid still costs the minimum raider's 100 for a buy-off (10), or 0
    with `payment_value_floor = none`."""
    state, _ = one_route(50)
    result = resolve(state, 2, scripted(1))
    assert result.state.waiting[0].attack.cost == 10
    result = resolve(state, 2, scripted(1), settings(payment_value_floor="none"))
    assert result.state.waiting[0].attack.cost == 0


def test_sp_i39_payment_rounding():
    """SP-I39: payments round up by default; `floor` rounds them down (V 210 → 21 either way,
    V 215 → 22 or 21)."""
    state, _ = one_route(160, streak=4)
    state.player("Aurora").buy_off_bonus_pct = 2
    # 3 × 1.4 × 1.02 = 4.284 → V 214 → 21.4
    assert resolve(state, 2, scripted(1, 3)).state.waiting[0].attack.cost == 22
    floor = settings(payment_rounding="floor")
    assert resolve(state, 2, scripted(1, 3), floor).state.waiting[0].attack.cost == 21


# --- SP-I10…SP-I15 ----------------------------------------------------------------------


def test_sp_i10_police_ships_fight_unless_switched_off():
    """SP-I10: a police-module cruiser defends its route; with `police_ships_fight = false`
    the route is undefended."""
    state, _ = one_route(300, ships=[("cruiser", "police")])
    _, (report,) = raid(state, 2, [1, 1, 1, 1], battle=Dice.seeded(4))
    assert report.defended is True
    _, (report,) = raid(state, 2, [1, 1, 1, 1], settings=settings(police_ships_fight=False))
    assert report.defended is False and report.outcome == "successful"


def test_sp_i10_unarmed_transports_do_not_defend_and_survive_an_undefended_raid():
    """SP-I10: transports alone leave the route undefended and are not destroyed, unless
    `undefended_raid_destroys_transports`."""
    state, r = one_route(300, ships=[("transport", "transport")])
    after, (report,) = raid(state, 2, [1, 1, 1, 1])
    assert report.defended is False and len(after.route(r.id).ships) == 1
    after, _ = raid(
        state, 2, [1, 1, 1, 1], settings=settings(undefended_raid_destroys_transports=True)
    )
    assert after.route(r.id).ships == []


def test_sp_i11_mutual_wipe_is_a_defender_victory_or_the_pirates():
    """SP-I11: one destroyer against one raider, both die in round 1: a defender victory by
    default (streak reset, immunity), a pirate victory with `pirates_win`."""
    state, _ = one_route(100, ships=[("destroyer", "guard")], streak=1)
    faces = [1, 1]  # d20, 1d6 → V 55 → 1 raider
    battle = [6, 1, 6, 1]  # destroyer hits, raider fails defence; raider hits, defence fails
    after, (report,) = raid(state, 2, faces, battle)
    assert report.battle.mutual_wipe and report.outcome == "defender_victory"
    assert after.player("Aurora").streak == 0
    after, (report,) = raid(
        state, 2, faces, battle, settings(mutual_destruction_result="pirates_win")
    )
    assert report.outcome == "successful" and after.player("Aurora").streak == 2


def test_sp_i11_stalemate_after_the_round_cap():
    """SP-I11: a battle still undecided after `auto_battle_max_rounds` is a stalemate:
    streak unchanged, no immunity, survivors keep their wounds."""
    state, _ = one_route(160, ships=[("cruiser", "guard")], streak=3)
    after, (report,) = raid(state, 2, [1, 3], [1, 1, 1, 1], settings(auto_battle_max_rounds=1))
    assert report.outcome == "stalemate"
    record = after.player("Aurora")
    assert record.streak == 3 and record.route_immunity_until is None


def test_sp_i12_pirate_victory_loses_stationed_mercenaries_too():
    """SP-I12, SP-I35: on a pirate victory the stationed mercenary contract loses its ships."""
    state, r = one_route(400)
    with_history(state, "Aurora", [300], turn=1)
    state, contract, _ = apply_hire(
        state, DEFAULTS, HireOrder("Aurora", 2, 100, station="route", target=r.id)
    )
    after, (report,) = raid(state, 2, [1, 6, 6, 6, 6], battle=Dice.seeded(3))
    assert report.defended and report.battle.participants[0] == f"mercenaries #{contract.id}"
    if report.outcome == "successful":
        assert after.contracts[0].ships == []


def test_sp_i13_income_lost_once_per_turn_per_route():
    """SP-I13: a bribed raid on the same route in the same resolution loses no more income,
    unless `route_income_loss_once_per_turn = false`."""
    state, _ = one_route(300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    state, _ = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2), scripted(1, 1, 1)
    )
    _, reports = raid(state, 2, [1, 1, 1, 1])
    reports[-1]
    assert [r.income_lost for r in reports if r.outcome == "successful"] == [300, 0]
    again = settings(route_income_loss_once_per_turn=False)
    _, reports = raid(state, 2, [1, 1, 1, 1], settings=again)
    reports[-1]
    assert [r.income_lost for r in reports if r.outcome == "successful"] == [300, 300]


def test_sp_i14_quiet_turn_resets_the_streak_only_with_the_setting():
    """SP-I14: a turn without a raid leaves the streak, or resets it with
    `streak_resets_on_quiet_turn`."""
    state, _ = one_route(300, streak=2)
    after, _ = raid(state, 2, [20])
    assert after.player("Aurora").streak == 2
    after, _ = raid(state, 2, [20], settings=settings(streak_resets_on_quiet_turn=True))
    assert after.player("Aurora").streak == 0


def test_sp_i15_immunity_skips_the_next_three_resolutions():
    """SP-I15: immunity granted in 8 covers 9…11, not 12."""
    state, _ = one_route(300)
    record = state.player("Aurora")
    record.route_immunity_granted, record.route_immunity_until = 8, 11
    for turn in (9, 11):
        _, (report,) = raid(state, turn, [])
        assert report.outcome == "skipped_immunity"
    _, (report,) = raid(state, 12, [20])
    assert report.outcome == "no_attack"


def test_sp_i15_immunity_won_this_resolution_does_not_stop_a_later_bribe():
    """SP-I15, SP-I33: a bribed raid later in the same resolution goes ahead, unless
    `immunity_covers_rest_of_resolution`."""
    state, _ = one_route(160, ships=[("cruiser", "guard"), ("cruiser", "guard")], streak=4)
    state = set_contacts(state, "Boreas", ["Aurora"])
    state, _ = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 8), scripted(1)
    )
    battle = [5, 2, 6, 6, 6, 1, 4, 5, 3, 2]  # SP-E4's battle
    _, reports = raid(state, 8, [3, 3], [*battle, 5, 5, 5, 5, 1, 1, 1, 1, 1])
    reports[-1]
    assert [r.mode for r in reports] == ["regular", "bribed"]
    rest = settings(immunity_covers_rest_of_resolution=True)
    after, reports = raid(state, 8, [3, 3], battle, rest)
    reports[-1]
    assert [r.mode for r in reports] == ["regular"]
    assert after.bribes[0].status == "cancelled"


# --- SP-I16…SP-I27 ----------------------------------------------------------------------


def planet_state(streak=10, **planet_fields):
    state, p = planet(empty(), "Home", 600, **planet_fields)
    state.player("Aurora").streak = streak
    with_history(state, "Aurora", [150])
    return state, p


def test_sp_i16_planet_check_needs_the_streak_threshold():
    """SP-I16: no planet check below streak 10."""
    state, _ = planet_state(streak=9)
    _, reports = raid(state, 5, [])
    reports[-1]
    assert reports == [] or all(r.kind == "route" for r in reports)


def test_sp_i16_planet_roll_may_require_a_route_attack():
    """SP-I16: with `planet_roll_requires_route_attack`, no planet check in a turn without a
    route attack."""
    state, _ = planet_state()
    _, reports = raid(state, 5, [20], settings=settings(planet_roll_requires_route_attack=True))
    reports[-1]
    assert [r.kind for r in reports] == ["route"]


def test_sp_i17_planet_points_and_the_penalty():
    """SP-I17: points = max(0, 2 − penalty), plus per streak step above 10 with the setting."""
    record = PlayerPirates(streak=12, planet_penalty_points=3)
    assert planet_points(record, DEFAULTS) == 0
    assert planet_points(record, settings(planet_points_per_streak_above_threshold=1)) == 1


def test_sp_i17_streak_reset_clears_the_penalty_unless_switched_off():
    """SP-I17: a defender victory that resets the streak clears the planet penalty, or not."""
    state, _ = one_route(160, ships=[("cruiser", "guard"), ("cruiser", "guard")], streak=4)
    state.player("Aurora").planet_penalty_points = 3
    battle = [5, 2, 6, 6, 6, 1, 4, 5, 3, 2]
    after, _ = raid(state, 8, [3, 3], battle)
    assert after.player("Aurora").planet_penalty_points == 0
    keep = settings(planet_penalty_clears_on_streak_reset=False)
    after, _ = raid(state, 8, [3, 3], battle, keep)
    assert after.player("Aurora").planet_penalty_points == 3


def test_sp_i18_richest_then_weakest():
    """SP-I18: by default the undefended planet; with `richest_then_weakest` the richer one."""
    state, poor = planet(empty(), "Poor", 300)
    state, rich = planet(state, "Rich", 900, orbital=["cruiser"])
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [150])
    first = resolve(state, 5, scripted(1))
    assert first.state.waiting[0].attack.target == poor.id
    second = resolve(state, 5, scripted(1), settings(planet_target_priority="richest_then_weakest"))
    assert second.state.waiting[0].attack.target == rich.id


def test_sp_i19_cooldown_of_six_turns():
    """SP-I19: a planet attacked in 5 is not eligible before 11."""
    state, p = planet_state()
    state.planets[0].last_attacked_turn = 5
    assert resolve(state, 10, scripted()).state.waiting == []
    assert resolve(state, 11, scripted(1)).state.waiting[0].attack.target == p.id


def test_sp_i20_bought_off_fleets_count_only_with_the_setting():
    """SP-I20, SP-I38: the planet fleet ignores bought-off records unless
    `history_includes_bought_off`."""
    state, _ = planet_state()
    with_history(state, "Aurora", [500])
    state.player("Aurora").history[-1].outcome = "bought_off"
    assert resolve(state, 5, scripted(1)).state.waiting[0].attack.value == 300
    counted = settings(history_includes_bought_off=True)
    assert resolve(state, 5, scripted(1), counted).state.waiting[0].attack.value == 1000


def test_sp_i21_planet_defence_win_resets_streak_only_with_the_setting():
    """SP-I21: a won orbital battle fails the raid but keeps the streak, unless
    `planet_defence_win_resets_streak` (the +3 penalty stays)."""
    state, _ = planet_state(streak=12, orbital=["cruiser"])
    state.player("Aurora").history[0].value = 100
    battle = [6, 5, 3, 1, 2, 5, 6, 5, 1, 4, 3]  # SP-E6
    after, _ = raid(state, 10, [1], battle)
    assert after.player("Aurora").streak == 12
    after, _ = raid(state, 10, [1], battle, settings(planet_defence_win_resets_streak=True))
    record = after.player("Aurora")
    assert (record.streak, record.planet_penalty_points) == (0, 3)


def test_sp_i22_troops_avoiding_the_pirates():
    """SP-I22: troops without the flag: 50 % loot, industry blocked in T (or T+1 with
    `next_turn`)."""
    state, _ = planet_state(troops=3)
    _, reports = raid(state, 5, [1])
    report = reports[-1]
    plunder = report.planet.plunder
    assert (plunder.branch, plunder.loot, plunder.industry_blocked) == ("avoid", 300, (5, 5))
    _, reports = raid(state, 5, [1], settings=settings(industry_block_starts="next_turn"))
    report = reports[-1]
    assert report.planet.plunder.industry_blocked == (6, 6)


def test_sp_i25_no_troops_captures_a_tenth_and_halves_the_birth_rate():
    """SP-I25: 100 % loot, ⌊10 % population⌋ captured, birth rate halved in T+1…T+3. The
    bot reports the capture and the GM applies it: the registered population stays."""
    state, p = planet_state(population=1005)
    after, reports = raid(state, 5, [1])
    report = reports[-1]
    plunder = report.planet.plunder
    assert (plunder.loot, plunder.captured, plunder.birth_rate_penalty_until) == (600, 100, 8)
    assert after.planet(p.id).population == 1005


def test_sp_i23_empty_building_uses_an_attack_unless_switched_off():
    """SP-I23: 1 troop over 3 buildings leaves two empty; each empty building costs an
    attack, or not with `empty_building_uses_attack = false`."""
    state, _ = planet_state(troops=1, buildings=3, cover_buildings=True)
    state.player("Aurora").history[0].value = 50  # → 1 raider, 1 squad
    _, reports = raid(state, 5, [1], [1, 1] * 10, settings(ground_attacks=2))
    report = reports[-1]
    assert [a.building for a in report.planet.plunder.attacks] == [1, 2]
    free = settings(ground_attacks=2, empty_building_uses_attack=False)
    _, reports = raid(state, 5, [1], [1, 1] * 10, free)
    report = reports[-1]
    attacks = report.planet.plunder.attacks
    assert report.planet.plunder.plundered_buildings == 2 and [a.building for a in attacks] == [
        1,
        1,
    ]


def test_sp_i24_anything_taken_counts_a_capture_as_success():
    """SP-I24: an income-0 planet without troops yields loot 0: failed under `any_loot`,
    successful under `anything_taken` (population was captured)."""
    state, _ = planet(empty(), "Rock", 0, population=100)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [150])
    _, reports = raid(state, 5, [1])
    report = reports[-1]
    assert report.outcome == "failed" and report.planet.plunder.captured == 10
    _, reports = raid(state, 5, [1], settings=settings(planet_raid_success_rule="anything_taken"))
    report = reports[-1]
    assert report.outcome == "successful"


def test_sp_i26_rampage_forces_a_route_attack_without_a_roll():
    """SP-I26: under rampage a route is attacked every turn, no d20."""
    state, _ = one_route(300)
    state.player("Aurora").rampage = True
    _, (report,) = raid(state, 5, [1, 1, 1], accept=True)
    assert report.mode == "forced" and report.chance.forced


def test_sp_i26_rampage_defence_keeps_streak_and_gives_no_immunity():
    """SP-4.12, SP-I26: a defender victory under rampage resets nothing."""
    state, _ = one_route(160, ships=[("cruiser", "guard"), ("cruiser", "guard")], streak=4)
    state.player("Aurora").rampage = True
    after, (report,) = raid(state, 8, [3], [5, 2, 6, 6, 6, 1, 4, 5, 3, 2])
    record = after.player("Aurora")
    assert report.outcome == "defender_victory"
    assert (record.streak, record.route_immunity_until) == (4, None)


def test_sp_i26_rampage_survives_a_failed_planet_raid_with_the_setting():
    """SP-I26: `rampage_ends_on = base_destroyed_only` keeps rampage after a failure."""
    state, _ = planet_state(streak=12, orbital=["cruiser"])
    state.player("Aurora").rampage = True
    state.player("Aurora").history[0].value = 100
    battle = [6, 5, 3, 1, 2, 5, 6, 5, 1, 4, 3]
    after, _ = raid(state, 10, [1], battle)
    assert not after.player("Aurora").rampage
    after, _ = raid(state, 10, [1], battle, settings(rampage_ends_on="base_destroyed_only"))
    assert after.player("Aurora").rampage


def test_sp_i27_failed_raid_scales_the_bonus_down_with_the_setting():
    """SP-I27: −30 points (floor 0) by default; × 0.7 with `scale_down`."""
    state, _ = planet_state(streak=12, orbital=["cruiser"])
    state.player("Aurora").planet_raid_bonus_pct = 60
    state.player("Aurora").history[0].value = 100
    battle = [6, 5, 3, 1, 2, 5, 6, 5, 1, 4, 3]
    after, _ = raid(state, 10, [1], battle)
    assert after.player("Aurora").planet_raid_bonus_pct == 30
    after, _ = raid(state, 10, [1], battle, settings(planet_raid_fail_loss_mode="scale_down"))
    assert after.player("Aurora").planet_raid_bonus_pct == 42
    # A loss above 100 % takes the whole bonus, never below 0 (the floor keeps the fleet
    # size at 100 % or more): it went to −30.
    beyond = settings(planet_raid_fail_loss_mode="scale_down", planet_raid_fail_loss_pct=150)
    after, _ = raid(state, 10, [1], battle, beyond)
    assert after.player("Aurora").planet_raid_bonus_pct == 0


# --- SP-I28…SP-I36 ----------------------------------------------------------------------


def test_sp_i28_police_reduce_the_points_but_never_below_one():
    """SP-I28: a route policed by ⌈income/500⌉ ships gives −1 point, floor 1."""
    state, _ = one_route(600, ships=[("cruiser", "police")])
    assert raid_points(state, "Aurora", DEFAULTS, 1).police_reduction == 0
    state, _ = one_route(600, ships=[("cruiser", "police"), ("cruiser", "police")])
    points = raid_points(state, "Aurora", DEFAULTS, 1)
    assert (points.police_reduction, points.total) == (1, 1)


def test_sp_i28_own_share_basis_for_shared_routes():
    """SP-I28: judged on the combined income, or on the owner's share with `own_share`."""
    state, _ = route(
        empty(),
        "Shared",
        800,
        owners=[("Aurora", 50), ("Boreas", 50)],
        ships=[("cruiser", "police")],
    )
    assert raid_points(state, "Aurora", DEFAULTS, 1).police_reduction == 0
    share = settings(police_income_basis="own_share")
    assert raid_points(state, "Aurora", share, 1).police_reduction == 1


def test_sp_i29_buy_off_bonus_alone_makes_no_base_unless_any_bonus():
    """SP-I29: a base exists with streak or planet bonus; a buy-off bonus only with
    `any_bonus`."""
    record = PlayerPirates(buy_off_bonus_pct=5)
    assert not base_exists(record, DEFAULTS)
    assert base_exists(record, settings(base_exists_rule="any_bonus"))


def test_sp_i30_locating_falls_back_to_the_latest_record():
    """SP-I30: with no record in the 10-turn window the latest counts."""
    state, _ = one_route(300, streak=1)
    with_history(state, "Aurora", [800], turn=1)
    assert quote_locate(state, DEFAULTS, "Aurora", 30).largest_fleet == 800


def test_sp_i31_base_fleet_window_at_battle_or_order():
    """SP-I31: the base fleet looks at T−9…T in battle, or T−10…T−1 with `order`."""
    record = PlayerPirates(streak=1)
    state, _ = one_route(300, streak=1)
    with_history(state, "Aurora", [900], turn=10)
    with_history(state, "Aurora", [300], turn=19)
    record = state.player("Aurora")
    assert base_fleet(record, DEFAULTS, 20, at_battle=True).largest_fleet == 300
    order = settings(base_fleet_window_at="order")
    assert base_fleet(record, order, 20, at_battle=True).largest_fleet == 900


def test_sp_i33_bribed_planet_in_cooldown_is_cancelled_or_reselected():
    """SP-I33: a planet bribe whose planet went into cooldown earlier in the resolution is
    cancelled, or with `reselect` goes to the next eligible planet."""
    state, home = planet(empty(), "Home", 600)
    state, other = planet(state, "Other", 300, orbital=["cruiser"])
    state = set_contacts(state, "Boreas", ["Aurora"])
    with_history(state, "Aurora", [150])
    state, bribe = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "planet", 5), scripted()
    )
    assert bribe.target == home.id
    state.planets[0].last_attacked_turn = 5
    after, _ = raid(state, 5, [])
    assert after.bribes[0].status == "cancelled"
    again = settings(bribed_planet_in_cooldown="reselect")
    result = resolve(state, 5, scripted(), again)
    assert result.state.waiting[0].attack.target == other.id


def test_sp_i33_reveal_briber_only_with_the_setting():
    """SP-I33: the victim's report names the briber only with `reveal_briber_to_victim`."""
    state, _ = one_route(300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    state, _ = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2), scripted(1, 1, 1)
    )
    _, reports = raid(state, 2, [20], accept=True)
    reports[-1]
    assert reports[-1].briber is None
    _, reports = raid(state, 2, [20], accept=True, settings=settings(reveal_briber_to_victim=True))
    reports[-1]
    assert reports[-1].briber == "Boreas"


def test_sp_i33_reveal_briber_is_read_when_a_sealed_bribe_comes_up():
    """SP-I33: a bribe sealed at placement (the setting off) names no briber in the state;
    with `reveal_briber_to_victim` on when it comes up, its report says the victim learns
    who paid (the cog names the briber from who sealed it), and names nobody itself."""
    state, _ = one_route(300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 2, sealed="c0ffee")
    state, _ = apply_bribe(state, DEFAULTS, COMBAT, order, scripted(1, 1, 1))
    _, reports = raid(state, 2, [20], accept=True)
    assert (reports[-1].briber, reports[-1].names_briber) == (None, False)
    _, reports = raid(state, 2, [20], accept=True, settings=settings(reveal_briber_to_victim=True))
    assert (reports[-1].briber, reports[-1].names_briber) == (None, True)


def test_sp_i34_forced_default_can_accept():
    """SP-I34: the GM forces `buy_off_default`; with `accept` the raid is bought off."""
    state, _ = one_route(300)
    accept = settings(buy_off_default="accept")
    result = resolve(state, 2, scripted(1, 1, 1, 1), accept)
    forced = force_choice(result.state, accept, result.state.waiting[0].choice_id, scripted())
    assert forced.state.player("Aurora").buy_off_bonus_pct == 5
    assert forced.archive[0].body.buy_off_forced


def test_sp_i34_open_offers_are_forced_at_the_next_resolution():
    """SP-I34, SP-I45: an offer still open when the next resolution starts is forced to the
    default (decline) first."""
    state, _ = one_route(300)
    first = resolve(state, 2, scripted(1, 1, 1, 1))
    second = resolve(first.state, 3, scripted(20))
    assert [r["outcome"] for r in second.outcome["raids"]] == ["successful", "no_attack"]


def test_sp_i35_pool_uses_latest_record_only_with_the_setting():
    """SP-I35: no record in the 3-turn window means a pool of 0, or the latest record's
    value ÷ 3 with `mercenary_pool_uses_latest_record`."""
    state, _ = one_route(300)
    with_history(state, "Aurora", [900], turn=1)
    assert mercenary_pool(state, DEFAULTS, "Aurora", 10).pool == 0
    latest = settings(mercenary_pool_uses_latest_record=True)
    assert mercenary_pool(state, latest, "Aurora", 10).pool == 300


def test_sp_i35_no_upkeep_in_the_hiring_turn_with_the_setting():
    """SP-I35: upkeep is owed from the hiring turn's resolution, or from the next."""
    state, _ = one_route(300)
    with_history(state, "Aurora", [900], turn=9)
    state, _, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    assert "upkeep" in resolve(state, 10, scripted(20)).outcome
    later = settings(mercenary_upkeep_in_hire_turn=False)
    assert "upkeep" not in resolve(state, 10, scripted(20), later).outcome


def test_sp_i36_privateer_raid_points_add_to_the_target():
    """SP-I36: each active group adds `privateer_raid_points` to its target's roll."""
    state, _ = one_route(300)
    ship = RegisteredShip(id=99, owner="Boreas", ship_class="cruiser")
    state.privateers.append(
        PrivateerGroup(id=98, owner="Boreas", target="Aurora", formed_turn=1, ships=[ship])
    )
    assert raid_points(state, "Aurora", DEFAULTS, 2).privateers == 0
    assert raid_points(state, "Aurora", settings(privateer_raid_points=2), 2).privateers == 2


def test_status_shows_the_chance_and_what_makes_it_up():
    """`/pirates status`: 6 points of 20 = 30 %, with its parts (SP-I1)."""
    state, _ = route(empty(), "R1", 450)
    state, _ = route(state, "R2", 80)
    state, _ = route(state, "R3", 130)
    state.player("Aurora").streak = 2
    shown = status(state, DEFAULTS, "Aurora", 4)
    assert shown.raid_chance == Fraction(3, 10)
    assert shown.lines[-1].key == "space_pirates.status.chance"


def test_locating_is_refused_once_the_base_is_known():
    """SP-I30: a known base is not located again."""
    state, _ = one_route(300, streak=1)
    with_history(state, "Aurora", [800], turn=1)
    state, _ = apply_locate(state, DEFAULTS, "Aurora", 5, "moon")
    with pytest.raises(RuleViolation):
        quote_locate(state, DEFAULTS, "Aurora", 5)


def test_sp_i22_ask_when_raided_pauses_for_the_owners_branch():
    """SP-I22, SP-I45: under `ask_when_raided`, after the orbital win on a planet with troops
    the owner chooses: covering the buildings fights on the ground; the GM's forced
    default is the standing flag (off: avoid, 50 %)."""
    ask = settings(plunder_choice_mode="ask_when_raided")
    state, _ = planet_state(troops=1)
    result = resolve(state, 5, scripted(1), ask)
    offer = result.state.waiting[0]
    landed = answer_buy_off(result.state, ask, offer.choice_id, "Aurora", False, scripted())
    (choice,) = landed.state.waiting
    assert choice.choice == "plunder" and choice.attack.squads == 3
    covered = answer_plunder(
        landed.state, ask, choice.choice_id, "Aurora", True, scripted(5, 5, 5, 1)
    )
    report = covered.archive[0].body
    assert report.plunder_choice == "cover" and report.planet.plunder.branch == "ground_combat"
    assert report.planet.plunder.loot == 600
    forced = force_choice(landed.state, ask, choice.choice_id, scripted())
    report = forced.archive[0].body
    assert report.plunder_forced and report.planet.plunder.branch == "avoid"
    assert forced.forced == {choice.choice_id: "avoid"}
    with pytest.raises(NotAllowed):
        answer_plunder(landed.state, ask, choice.choice_id, "Boreas", True, scripted())


def hired_state():
    state, _ = one_route(300)
    with_history(state, "Aurora", [900], turn=9)
    state, contract, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    return state, contract


def test_sp_i35_upkeep_is_a_choice_pay_or_end():
    """SP-I35, SP-I45: the upkeep waits for its owner; ending the contract sends the ships
    away; the forced default pays, but a contract with no ships left ends."""
    state, contract = hired_state()
    result = resolve(state, 10, scripted(20))
    (due,) = result.state.upkeep_due
    assert (due.contract, due.amount) == (contract.id, 60)
    assert waiting_for(result.state, DEFAULTS, 11)[-1].key == "space_pirates.waiting.upkeep"
    ended = answer_upkeep(result.state, DEFAULTS, due.choice_id, "Aurora", False, scripted())
    assert not ended.state.contracts[0].active and ended.state.upkeep_due == []
    paid = force_choice(result.state, DEFAULTS, due.choice_id, scripted())
    assert paid.state.contracts[0].active and paid.forced == {due.choice_id: "pay"}
    empty_ships = result.state.model_copy(deep=True)
    empty_ships.contracts[0].ships = []
    forced = force_choice(empty_ships, DEFAULTS, due.choice_id, scripted())
    assert not forced.state.contracts[0].active and forced.forced == {due.choice_id: "end"}
    with pytest.raises(NotAllowed):
        answer_upkeep(result.state, DEFAULTS, due.choice_id, "Boreas", True, scripted())


def test_sp_i35_a_dismissal_while_its_upkeep_waits_ends_that_upkeep_for_its_owner_alone():
    """SP-I35, SP-I40: between resolutions a dismissal is quoted with no upkeep to end; while
    the resolution waits on the contract's upkeep, dismissing it is quoted as ending that
    upkeep, by its owner alone (a GM's answer, for any owner); any other dismissal waits for
    the resolution to end."""
    state, contract = hired_state()
    assert quote_dismiss(state, "Aurora", contract.id, 10) is None
    with pytest.raises(NotAllowed) as between:
        quote_dismiss(state, "Boreas", contract.id, 10)
    paused = resolve(state, 10, scripted(20)).state
    (due,) = paused.upkeep_due

    assert quote_dismiss(paused, "Aurora", contract.id, 11) == due
    assert upkeep_to_end(paused, None, contract.id) == due
    with pytest.raises(NotAllowed) as waiting:
        quote_dismiss(paused, "Boreas", contract.id, 11)
    assert waiting.value.message("en") == between.value.message("en")
    assert waiting.value.message("en") == f"Contract #{contract.id} is not yours."
    with pytest.raises(RuleViolation) as running:
        quote_dismiss(paused, "Aurora", contract.id + 1, 11)
    assert running.value.message_key == "space_pirates.error.resolution_running"


def test_sp_i35_upkeep_default_end_with_the_setting():
    """SP-I35: with `mercenary_upkeep_default = end`, an unanswered upkeep ends the contract
    when the next resolution starts."""
    state, _ = hired_state()
    first = resolve(state, 10, scripted(20))
    second = resolve(first.state, 11, scripted(20), settings(mercenary_upkeep_default="end"))
    assert not second.state.contracts[0].active
    kept = resolve(first.state, 11, scripted(20))
    assert kept.state.contracts[0].active


def test_sp_i35_dismissed_contract_owes_no_upkeep():
    """SP-I35: a contract dismissed during the turn owes nothing in its resolution."""
    state, contract = hired_state()
    state = dismiss_contract(state, "Aurora", contract.id, 10)
    assert "upkeep" not in resolve(state, 10, scripted(20)).outcome


def test_sp_i33_withdraw_after_the_roll_only_with_the_setting():
    """SP-I33: a placed bribe is binding, unless `bribe_withdraw_after_roll` (same turn)."""
    state, _ = one_route(300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    state, bribe = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2), scripted(1, 1, 1)
    )
    with pytest.raises(RuleViolation):
        withdraw_bribe(state, DEFAULTS, "Boreas", bribe.id, 2)
    free = settings(bribe_withdraw_after_roll=True)
    after = withdraw_bribe(state, free, "Boreas", bribe.id, 2)
    assert after.bribes[0].status == "withdrawn"
    _, reports = raid(after, 2, [20], settings=free)
    assert [r.mode for r in reports] == ["regular"]


def test_sp_i37_partial_recall_only_with_the_setting():
    """SP-I37: a group is recalled whole; with `privateer_partial_recall` the named ships
    split off, priced alone."""
    ships = [
        RegisteredShip(id=i, owner="Aurora", ship_class=c)
        for i, c in enumerate(["cruiser", "destroyer"], start=1)
    ]
    state = empty()
    state.privateers.append(
        PrivateerGroup(id=7, owner="Aurora", target="Boreas", formed_turn=3, ships=ships)
    )
    with pytest.raises(RuleViolation):
        quote_recall(state, DEFAULTS, "Aurora", 7, 5, [2])
    part = settings(privateer_partial_recall=True)
    assert quote_recall(state, part, "Aurora", 7, 5, [2]).cost == 50
    after, _, _ = apply_recall(state, part, "Aurora", 7, 5, scripted(2), [2])
    kept, recalled = after.privateers
    assert [s.id for s in kept.ships] == [1] and kept.recalled_turn is None
    assert [s.id for s in recalled.ships] == [2] and recalled.returns_turn == 7


def test_sp_i34_bribed_offer_at_placement():
    """SP-I34 `at_placement`: the victim is offered the buy-off when the bribe is placed;
    accepting records a bought-off attack dated the placement turn and the +5 % reaches
    that turn's regular raid; declining means no second offer in the resolution."""
    timing = settings(bribed_offer_timing="at_placement")
    state, _ = one_route(300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    state, bribe = apply_bribe(
        state, timing, COMBAT, BribeOrder("Boreas", "Aurora", "route", 2), scripted(1, 1, 1)
    )
    assert waiting_for(state, timing, 2)[-1].key == "space_pirates.waiting.bribe_offer"
    with pytest.raises(NotAllowed):
        answer_bribe_offer(state, timing, bribe.offer_number, "Boreas", True)
    bought = answer_bribe_offer(state, timing, bribe.offer_number, "Aurora", True)
    record = bought.player("Aurora")
    assert record.buy_off_bonus_pct == 5 and record.history[0].outcome == "bought_off"
    result = resolve(bought, 2, scripted(1, 2, 2, 2), timing)
    assert result.state.waiting[0].attack.value == 315  # 6 × 1.05 × 50
    declined = answer_bribe_offer(state, timing, bribe.offer_number, "Aurora", False)
    _, reports = raid(declined, 2, [20], settings=timing)
    assert [(r.mode, r.buy_off) for r in reports] == [("regular", None), ("bribed", "declined")]
    forced = resolve(state, 2, scripted(20), timing)
    assert forced.outcome["buy_off_offers_forced"] == [bribe.offer_number]
