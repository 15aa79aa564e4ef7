"""The worked examples SP-E1…SP-E6 replayed exactly with scripted dice, faces in the order
the spec lists them (section 5)."""

from __future__ import annotations

from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import answer
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import with_history

from bot.rules.space_pirates.models import PirateFleet


def e1_state():
    state = empty()
    state, r1 = route(state, "R1", 450)
    state, _ = route(state, "R2", 80)
    state, _ = route(state, "R3", 130)
    state.player("Aurora").streak = 2
    return state, r1


def test_sp_e1_chance_draw_strength_fleet_and_an_undefended_route():
    """SP-E1: 6 points, d20 5 hits; d5 1 draws R1; 4d6 16 × 1.2 → V 960, 1 cruiser and 7
    raiders; the buy-off costs 96 and is declined; R1 is undefended: streak 3, 450 lost."""
    state, r1 = e1_state()
    dice, faces = scripted(5, 1, 3, 5, 6, 2)
    result = resolve(state, 4, dice)

    assert faces.remaining() == []
    (pending,) = result.state.waiting
    report = pending.report
    assert report["chance"]["points"]["total"] == 6
    assert report["draw"]["weights"] == [2, 1, 2] and report["draw"]["target"] == r1.id
    assert report["strength"]["strength"] == "19.2" and report["value"] == 960
    assert PirateFleet.model_validate(report["fleet"]) == PirateFleet(cruisers=1, raiders=7)
    assert pending.attack.cost == 96

    after = answer(result.state, False, scripted()[0])
    record = after.state.player("Aurora")
    assert record.streak == 3
    assert [(h.kind, h.target, h.value, h.outcome) for h in record.history] == [
        ("route", r1.id, 960, "successful")
    ]
    final = after.archive[0].body
    assert final.income_lost == 450 and final.defended is False and final.outcome == "successful"
    assert after.state.waiting == []


def test_sp_e2_rich_route_twelve_times_then_a_buy_off():
    """SP-E2: 2350 → 2d6 × 12 = 120, V 6000: 4 battleships, 6 cruisers, 32 raiders; the
    buy-off for 600 is accepted: bought_off record, +5 %, streak unchanged."""
    state, _ = route(empty(), "Rich", 2350)
    dice, faces = scripted(1, 4, 6)
    result = resolve(state, 3, dice)

    assert faces.remaining() == []
    (pending,) = result.state.waiting
    assert pending.attack.value == 6000
    assert pending.attack.fleet == PirateFleet(battleships=4, cruisers=6, raiders=32)
    assert pending.attack.cost == 600
    after = answer(result.state, True, scripted()[0])
    record = after.state.player("Aurora")
    assert record.buy_off_bonus_pct == 5 and record.streak == 0
    assert record.history[0].outcome == "bought_off"


def test_sp_e3_defended_route_lost_to_the_pirates():
    """SP-E3: V 400 = 4 raiders beat the dreadnought in two rounds: streak 1, D0 lost,
    income 250 lost."""
    state, r = route(empty(), "Line", 250, ships=[("dreadnought", "guard")])
    dice, faces = scripted(1, 6, 2)
    result = resolve(state, 5, dice)
    battle = scripted(4, 6, 2, 6, 2, 5, 1, 3, 6, 2, 4, 3, 5, 1, 6, 5, 5, 2, 1, 3)
    after = answer(result.state, False, battle[0])

    assert faces.remaining() == [] and battle[1].remaining() == []
    report = after.archive[0].body
    assert report.battle.result == "pirate_victory" and report.battle.rounds == 2
    assert report.income_lost == 250
    assert after.state.player("Aurora").streak == 1
    assert after.state.route(r.id).ships == []
    assert [rec.key for rec in after.archive[1:]] == [report.battle.log_key] * 2


def test_sp_e4_defended_route_held_streak_reset_and_immunity():
    """SP-E4: turn 8, 3 × 1.4 → V 210, 2 raiders; the cruisers win in one round: streak 0,
    immunity granted 8 until 11, c0 keeps 1 wound."""
    state, r = route(empty(), "Line", 160, ships=[("cruiser", "guard"), ("cruiser", "guard")])
    state.player("Aurora").streak = 4
    dice, faces = scripted(3, 3)
    result = resolve(state, 8, dice)
    assert result.state.waiting[0].attack.value == 210
    battle = scripted(5, 2, 6, 6, 6, 1, 4, 5, 3, 2)
    after = answer(result.state, False, battle[0])

    assert faces.remaining() == [] and battle[1].remaining() == []
    record = after.state.player("Aurora")
    assert record.streak == 0
    assert (record.route_immunity_granted, record.route_immunity_until) == (8, 11)
    assert [s.wounds for s in after.state.route(r.id).ships] == [1, 0]
    assert after.archive[0].body.income_lost == 0


def e5_state():
    state = empty()
    state, alpha = planet(state, "Alpha", 900, troops=4, buildings=3, cover_buildings=True)
    state, _ = planet(state, "Beta", 500)
    state, _ = planet(state, "Gamma", 1500, orbital=["cruiser"])
    state.player("Aurora").streak = 11
    with_history(state, "Aurora", [200, 150, 100])
    return state, alpha


def test_sp_e5_planet_raid_decided_by_ground_combat():
    """SP-E5: d20 2 ≤ 2; Alpha (defence 0, richer than Beta); 4 raiders, no orbital fight;
    the ground fight of the table plunders 2 of 3 buildings: loot 600, 1 troop left,
    bonus 0 → 30, rampage, Alpha on cooldown."""
    state, alpha = e5_state()
    dice, faces = scripted(2)
    result = resolve(state, 9, dice)
    (pending,) = result.state.waiting
    assert pending.attack.kind == "planet" and pending.attack.target == alpha.id
    assert pending.attack.fleet == PirateFleet(raiders=4)
    ground = scripted(5, 6, 1, 2, 4, 2, 3, 2, 4, 6, 6, 1, 5, 2, 4)
    after = answer(result.state, False, ground[0])

    assert faces.remaining() == [] and ground[1].remaining() == []
    report = after.archive[0].body
    plunder = report.planet.plunder
    assert plunder.garrisons == [2, 1, 1]
    assert [(a.building, a.pirate_hits, a.troop_hits) for a in plunder.attacks] == [
        (1, 2, 1),
        (2, 0, 1),
        (3, 1, 1),
        (2, 0, 1),
    ]
    assert plunder.loot == 600 and plunder.captured == 0 and plunder.industry_blocked is None
    record = after.state.player("Aurora")
    assert record.planet_raid_bonus_pct == 30 and record.rampage
    planet_after = after.state.planet(alpha.id)
    assert planet_after.troops == 1 and planet_after.last_attacked_turn == 9


def test_sp_e6_failed_planet_raid_and_the_minus_three():
    """SP-E6: 2 raiders against one cruiser lose in two rounds: bonus 30 → 0, penalty 3,
    planet points 0, rampage cleared, streak unchanged."""
    state, delta = planet(empty(), "Delta", 700, orbital=["cruiser"])
    record = state.player("Aurora")
    record.streak, record.planet_raid_bonus_pct, record.rampage = 12, 30, True
    with_history(state, "Aurora", [100, 80, 60])
    dice, faces = scripted(1)
    result = resolve(state, 10, dice)
    assert result.state.waiting[0].attack.fleet == PirateFleet(raiders=2)
    battle = scripted(6, 5, 3, 1, 2, 5, 6, 5, 1, 4, 3)
    after = answer(result.state, False, battle[0])

    assert faces.remaining() == [] and battle[1].remaining() == []
    record = after.state.player("Aurora")
    assert (record.planet_raid_bonus_pct, record.planet_penalty_points) == (0, 3)
    assert not record.rampage and record.streak == 12
    assert after.state.planet(delta.id).last_attacked_turn == 10
    assert after.archive[0].body.outcome == "failed"
    assert DEFAULTS.planet_raid_base_points - record.planet_penalty_points < 0
