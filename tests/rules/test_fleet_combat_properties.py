"""Properties over random fleets and settings (hypothesis): counts never negative, survivors'
wounds below life, kills per packet within the group size, wounds accounted for, same dice
give the same battle, and the odds' compact arithmetic equal to the engine's."""

from __future__ import annotations

from hypothesis import HealthCheck
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.dice import Dice
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fight_automatic
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat.damage import place_wounds
from bot.rules.fleet_combat.damage import wound_steps
from bot.rules.fleet_combat.odds_model import compact

DEFAULTS = FleetCombatSettings()
COMBAT = ["fighter", "destroyer", "cruiser", "carrier", "dreadnought", "war_sun"]

counts = st.dictionaries(st.sampled_from([*COMBAT, "transport"]), st.integers(1, 4), max_size=4)
switches = st.fixed_dictionaries(
    {
        "kill_cap": st.booleans(),
        "kill_cap_overflow": st.sampled_from(["wound_without_destroying", "lost"]),
        "burn_excess": st.booleans(),
        "deferred_damage": st.booleans(),
        "wound_tie_break": st.sampled_from(["lowest_id", "random"]),
        "auto_target_policy": st.sampled_from(["highest_level", "lowest_level", "most_ships"]),
        "transports_die_on_mutual_wipe": st.booleans(),
    }
)


small_counts = st.dictionaries(
    st.sampled_from([*COMBAT, "transport"]), st.integers(1, 3), max_size=2
)


@st.composite
def fleets(draw, faction, ship_counts=counts):
    ships = draw(ship_counts)
    wounds = {
        name: [draw(st.integers(0, DEFAULTS.stats_of(name).life - 1)) for _ in range(n)]
        for name, n in ships.items()
    }
    return fleet_from_counts(faction, ships, wounds=wounds)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fleets("A"), fleets("B"), switches, st.integers(0, 2**32))
def test_automatic_battles_keep_every_invariant(fleet_a, fleet_b, changes, seed):
    """FC-3.1, FC-I10–I13: counts never negative; survivors below life; each packet's kills
    within its group (kill cap); every wound placed, lost to the cap or burned; same dice,
    same battle."""
    rules = FleetCombatSettings(**changes)
    result = fight_automatic(fleet_a, fleet_b, rules, Dice.seeded(seed), max_rounds=4)
    again = fight_automatic(fleet_a, fleet_b, rules, Dice.seeded(seed), max_rounds=4)
    assert [r.model_dump() for r in again.rounds] == [r.model_dump() for r in result.rounds]

    for before in (fleet_a, fleet_b):
        after = result.fleets[before.faction]
        lost = result.losses.get(before.faction, {})
        assert all(n >= 0 for n in lost.values())
        for name, n in before.count_by_class().items():
            assert after.count_by_class().get(name, 0) + lost.get(name, 0) == n
        assert all(0 <= s.wounds < rules.stats_of(s.ship_class).life for s in after.ships)

    for report in result.rounds:
        for packet in report.packets:
            volley = report.volleys[packet.volley]
            if rules.kill_cap:
                assert packet.kills <= volley.ships
            placed = sum(hit.wounds_added for hit in packet.hits)
            assert placed + packet.lost_to_cap + packet.burned == packet.wounds
            assert min(packet.lost_to_cap, packet.burned) >= 0


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 4), min_size=0, max_size=6),
    st.integers(1, 5),
    st.one_of(st.none(), st.integers(0, 4)),
    st.booleans(),
    st.integers(0, 30),
)
def test_compact_wound_steps_equal_the_engines_placement(wounds, life, cap, lost, amount):
    """The odds calculator's chain (`wound_steps`) places wounds exactly as `place_wounds`."""
    wounds = [min(w, life - 1) for w in wounds]
    steps = wound_steps(compact(wounds), life, cap, overflow_lost=lost)
    engine = list(wounds)
    place_wounds(engine, life, amount, kills_allowed=cap, overflow_lost=lost)
    assert steps[min(amount, len(steps) - 1)] == compact([w for w in engine if w < life])


@settings(max_examples=25, deadline=None)
@given(
    fleets("A", small_counts),
    fleets("B", small_counts),
    st.sampled_from(["highest_level", "lowest_level", "most_ships"]),
)
def test_exact_odds_are_a_distribution(fleet_a, fleet_b, policy):
    """Exact odds sum to one and expected survivors stay between 0 and the fleet size.

    Fleets are small (two classes, three ships each) so the exact state space stays quick.
    """
    rules = FleetCombatSettings(auto_target_policy=policy)
    result = combat_odds(fleet_a, fleet_b, rules, method="exact", max_rounds=0)
    assert abs(result.a_wins + result.b_wins + result.draw - 1.0) < 1e-9
    for fleet, expected in (
        (fleet_a, result.expected_survivors_a),
        (fleet_b, result.expected_survivors_b),
    ):
        assert set(expected) == set(fleet.count_by_class())
        for name, mean in expected.items():
            assert -1e-9 <= mean <= fleet.count_by_class()[name] + 1e-9
