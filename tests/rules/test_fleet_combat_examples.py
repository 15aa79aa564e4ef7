"""The worked examples FC-E1…FC-E7 (rules/fleet-combat.md §5) replayed with scripted dice,
and the space pirates examples that run through fleet combat's automatic mode."""

from __future__ import annotations

import pytest
from test_fleet_combat_support import battle
from test_fleet_combat_support import give_orders
from test_fleet_combat_support import order
from test_fleet_combat_support import scripted
from test_fleet_combat_support import ships_of

from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.fleet_combat import DeclareRetreat
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import declare_retreat
from bot.rules.fleet_combat import eligible_classes
from bot.rules.fleet_combat import fight_automatic
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat import legal_targets
from bot.rules.fleet_combat import resolve_round

DEFAULTS = FleetCombatSettings()


def test_fc_e1_deferred_damage_and_concentration_on_most_wounded():
    """FC-E1 (FC-4.6, FC-5.13, FC-5.14, FC-I9, FC-I10): c1 fires although it dies at the end
    of the round; tied cruisers: lowest id first; the second packet finishes c1."""
    state = battle([("A", {"cruiser": 2}), ("B", {"destroyer": 3, "dreadnought": 1})])
    state = give_orders(state, "A", order("cruiser", "B", "dreadnought"))
    state = give_orders(
        state, "B", order("destroyer", "A", "cruiser"), order("dreadnought", "A", "cruiser")
    )
    dice, faces = scripted(5, 2, 6, 1, 3, 5, 6, 5, 4, 2, 6, 4, 1, 3, 1)

    outcome = resolve_round(state, DEFAULTS, 1, dice, turn=1)

    assert faces.remaining() == []
    volleys = outcome.report.volleys
    assert [(v.shooter, v.ship_class, v.hits, v.wounds, v.kill_cap) for v in volleys] == [
        ("A", "cruiser", 2, 1, 2),
        ("B", "destroyer", 2, 1, 3),
        ("B", "dreadnought", 1, 1, 1),
    ]
    assert [
        [(h.ship_id, h.wounds, h.destroyed) for h in p.hits] for p in outcome.report.packets
    ] == [
        [(6, 1, False)],
        [(1, 1, False)],
        [(1, 2, True)],
    ]
    assert ships_of(outcome.state, "A") == [(2, "cruiser", 0)]
    assert ships_of(outcome.state, "B") == [
        (3, "destroyer", 0),
        (4, "destroyer", 0),
        (5, "destroyer", 0),
        (6, "dreadnought", 1),
    ]
    assert outcome.state.reserve == {"A": {"cruiser": 1}}
    assert not outcome.report.ended
    assert outcome.lines[-1] == Msg("fleet_combat.battle.frozen", battle=1)
    assert state.battle(1).rounds_fought == 0, "the input state is never changed"


def test_fc_e2_kill_cap_single_dreadnought_destroys_one_fighter():
    """FC-E2 (FC-5.18, FC-5.19, FC-I11): the source's example: three hits by one dreadnought
    destroy one fighter; the fighters escalate to the dreadnought (FC-5.6, FC-5.7)."""
    state = battle([("A", {"fighter": 4}), ("B", {"dreadnought": 1})])
    state = give_orders(state, "A", order("fighter", "B", "dreadnought"))
    dice, faces = scripted(6, 2, 6, 3, 4, 2, 6, 4, 5)

    outcome = resolve_round(state, DEFAULTS, 1, dice)

    assert faces.remaining() == []
    assert [v.wounds for v in outcome.report.volleys] == [1, 3]
    assert outcome.report.volleys[1].defence_faces == [], "fighters have no defence"
    cap_packet = outcome.report.packets[1]
    assert (cap_packet.kills, cap_packet.lost_to_cap) == (1, 2)
    assert ships_of(outcome.state, "A") == [(2, "fighter", 0), (3, "fighter", 0), (4, "fighter", 0)]
    assert ships_of(outcome.state, "B") == [(5, "dreadnought", 1)]


@pytest.mark.parametrize(("overflow", "c1_wounds"), [("wound_without_destroying", 1), ("lost", 0)])
def test_fc_e3_kill_cap_overflow_wounds_without_destroying(overflow, c1_wounds):
    """FC-E3 (FC-I11 `kill_cap_overflow`): after the cap, c1 may take life − 1 wounds;
    with `lost` it keeps 0."""
    settings = FleetCombatSettings(kill_cap_overflow=overflow)
    state = battle(
        [("A", {"cruiser": 2}), ("B", {"war_sun": 1})], wounds={"A": {"cruiser": [0, 1]}}
    )
    dice, faces = scripted(6, 1, 2, 3, 2, 3, 5, 6, 1, 1, 2, 4)

    outcome = resolve_round(state, settings, 1, dice)

    assert faces.remaining() == []
    assert outcome.report.volleys[0].target_class == "war_sun", "FC-5.7: escalates to level 5"
    assert outcome.report.volleys[1].wounds == 3
    assert ships_of(outcome.state, "A") == [(1, "cruiser", c1_wounds)]
    assert ships_of(outcome.state, "B") == [(3, "war_sun", 1)]
    assert outcome.report.packets[1].lost_to_cap == 2 - c1_wounds


def test_fc_e4_transports_die_with_their_sides_last_combat_ship():
    """FC-E4 (FC-5.8, FC-5.9, FC-I13, FC-I16): transports cannot be targeted and die at the
    end of the round in which their side's last combat ship is destroyed."""
    state = battle([("A", {"destroyer": 1, "transport": 2}), ("B", {"cruiser": 1})])
    state = give_orders(state, "A", order("destroyer", "B", "cruiser"))
    dice, faces = scripted(4, 5, 3, 4)

    outcome = resolve_round(state, DEFAULTS, 1, dice)

    assert faces.remaining() == []
    assert outcome.report.volleys[0].defence_faces == [], "no hits, no defence roll"
    assert outcome.report.volleys[1].target_class == "destroyer"
    assert [(loss.ship_id, loss.cause) for loss in outcome.report.losses] == [
        (1, "wounds"),
        (2, "transport"),
        (3, "transport"),
    ]
    assert ships_of(outcome.state, "A") == []
    assert outcome.report.ended
    assert outcome.report.result is not None
    assert outcome.report.result.reason == "one_side_remains"
    assert outcome.report.result.holders == ["B"]
    assert outcome.state.battle(1).result == outcome.report.result


def test_fc_e5_ladder_escalates_only_to_the_lowest_level_present():
    """FC-E5 (FC-5.6, FC-5.7, FC-I8): fighters facing a dreadnought and a war sun may shoot
    only the dreadnought; once it is gone, the war sun."""
    assert eligible_classes("fighter", {"dreadnought": 1, "war_sun": 1}, DEFAULTS) == [
        "dreadnought"
    ]
    assert eligible_classes("fighter", {"war_sun": 1}, DEFAULTS) == ["war_sun"]
    state = battle([("A", {"fighter": 3}), ("B", {"dreadnought": 1, "war_sun": 1})])
    targets = legal_targets(state, DEFAULTS, 1, "A", "fighter")
    assert [(t.opponent, t.target_class) for t in targets] == [("B", "dreadnought")]


def test_fc_e6_retreat_with_parting_volley_in_round_two():
    """FC-E6 (FC-6.1–6.4, FC-I15, FC-I17): refused in round 1; in round 2 A fires nothing,
    B's cruisers auto-target the highest level, D1 dies, d2 and d3 leave 2 points."""
    state = battle(
        [("A", {"dreadnought": 1, "destroyer": 2}), ("B", {"cruiser": 3})],
        wounds={"A": {"dreadnought": [1]}},
    )
    with pytest.raises(RuleViolation) as refused:
        declare_retreat(state, DEFAULTS, DeclareRetreat(battle_id=1, faction="A"))
    assert refused.value.message_key == "fleet_combat.error.retreat_too_early"
    assert refused.value.params["clause"] == "FC-6.4"

    state.battle(1).rounds_fought = 1  # the battle is already in its round 2
    state = declare_retreat(state, DEFAULTS, DeclareRetreat(battle_id=1, faction="A")).state
    dice, faces = scripted(5, 6, 2, 5, 1, 3, 2, 4, 3)

    outcome = resolve_round(state, DEFAULTS, 1, dice, turn=2)

    assert faces.remaining() == []
    [volley] = outcome.report.volleys
    assert (volley.shooter, volley.target_class, volley.at_retreater) == ("B", "dreadnought", True)
    assert (volley.hits, volley.wounds) == (3, 2)
    assert ships_of(outcome.state, "A") == [(2, "destroyer", 0), (3, "destroyer", 0)]
    assert outcome.report.left == ["A"]
    assert outcome.state.battle(1).participant("A").status == "left"
    assert Msg("fleet_combat.round.retreated", faction="A", count=2) in outcome.lines
    assert outcome.report.result is not None
    assert outcome.report.result.holders == ["B"]


def test_fc_e7_excess_hits_burn_and_unlisted_groups_fire_after_listed_ones():
    """FC-E7 (FC-5.16, FC-5.17, FC-I7, FC-I12): the second wound finds no destroyer and burns;
    B's unlisted fighters fire after its destroyer, at an automatic target."""
    state = battle([("A", {"cruiser": 2}), ("B", {"destroyer": 1, "fighter": 2})])
    state = give_orders(state, "A", order("cruiser", "B", "destroyer"))
    state = give_orders(state, "B", order("destroyer", "A", "cruiser"))
    dice, faces = scripted(5, 6, 6, 2, 1, 3, 6, 2, 1, 4)

    outcome = resolve_round(state, DEFAULTS, 1, dice)

    assert faces.remaining() == []
    assert [(v.shooter, v.ship_class, v.source) for v in outcome.report.volleys] == [
        ("A", "cruiser", "order"),
        ("B", "destroyer", "order"),
        ("B", "fighter", "automatic"),
    ]
    first = outcome.report.packets[0]
    assert (first.wounds, first.kills, first.burned) == (2, 1, 1)
    assert ships_of(outcome.state, "A") == [(1, "cruiser", 0), (2, "cruiser", 0)]
    assert ships_of(outcome.state, "B") == [(4, "fighter", 0), (5, "fighter", 0)]


def test_sp_e3_automatic_battle_to_the_finish_pirates_win():
    """SP-E3 through FC-I17 "to the finish": two rounds back to back, no freeze; the
    defender fires first; D0 dies in round 2 and 3 raiders remain."""
    defender = fleet_from_counts("defender", {"dreadnought": 1})
    pirates = fleet_from_counts("pirates", {"destroyer": 4})
    dice, faces = scripted(4, 6, 2, 6, 2, 5, 1, 3, 6, 2, 4, 3, 5, 1, 6, 5, 5, 2, 1, 3)

    result = fight_automatic(defender, pirates, DEFAULTS, dice, max_rounds=50)

    assert faces.remaining() == []
    assert result.rounds_fought == 2
    assert result.winning_side == "pirates"
    assert result.fleets["defender"].ships == []
    assert len(result.fleets["pirates"].ships) == 3
    assert result.losses == {"pirates": {"destroyer": 1}, "defender": {"dreadnought": 1}}


def test_sp_e4_automatic_battle_defender_holds():
    """SP-E4: the cruisers kill both raiders in one round (cap 2); c0 keeps 1 wound."""
    defender = fleet_from_counts("defender", {"cruiser": 2})
    pirates = fleet_from_counts("pirates", {"destroyer": 2})
    dice, faces = scripted(5, 2, 6, 6, 6, 1, 4, 5, 3, 2)

    result = fight_automatic(defender, pirates, DEFAULTS, dice)

    assert faces.remaining() == []
    assert result.winning_side == "defender"
    assert [(s.id, s.wounds) for s in result.fleets["defender"].ships] == [(1, 1), (2, 0)]


def test_sp_e6_automatic_battle_cap_loses_the_second_wound():
    """SP-E6: one cruiser, two raiders: round 1 one raider dies and a wound is lost to the
    cap; round 2 the last raider dies."""
    planet = fleet_from_counts("planet", {"cruiser": 1})
    pirates = fleet_from_counts("pirates", {"destroyer": 2})
    dice, faces = scripted(6, 5, 3, 1, 2, 5, 6, 5, 1, 4, 3)

    result = fight_automatic(planet, pirates, DEFAULTS, dice)

    assert faces.remaining() == []
    assert result.rounds[0].packets[0].lost_to_cap == 1
    assert result.rounds_fought == 2
    assert result.winning_side == "planet"
    assert [(s.id, s.wounds) for s in result.fleets["planet"].ships] == [(1, 0)]
