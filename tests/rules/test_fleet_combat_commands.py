"""Fleet combat commands as the cog will call them: fleets, declarations, orders, status,
the end-of-turn step, `waiting_for`, settings helpers and the registry entry."""

from __future__ import annotations

import json
import typing

import pytest
from test_fleet_combat_support import POINT
from test_fleet_combat_support import battle
from test_fleet_combat_support import give_orders
from test_fleet_combat_support import order
from test_fleet_combat_support import register
from test_fleet_combat_support import ships_of

from bot.dice import Dice
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import DeclareRetreat
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RegisterFleet
from bot.rules.fleet_combat import RoundReport
from bot.rules.fleet_combat import SetFireOrders
from bot.rules.fleet_combat import apply_class_table
from bot.rules.fleet_combat import awaited
from bot.rules.fleet_combat import battle_status
from bot.rules.fleet_combat import class_table_of
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import declare_retreat
from bot.rules.fleet_combat import end_of_turn
from bot.rules.fleet_combat import firing_groups
from bot.rules.fleet_combat import move_fleet
from bot.rules.fleet_combat import parse_class_table
from bot.rules.fleet_combat import register_fleet
from bot.rules.fleet_combat import remove_fleet
from bot.rules.fleet_combat import replace_class_stats
from bot.rules.fleet_combat import resolve_round
from bot.rules.fleet_combat import round_lines
from bot.rules.fleet_combat import set_fire_orders
from bot.rules.fleet_combat import target_counts
from bot.rules.fleet_combat import waiting_for
from bot.rules.fleet_combat.messages import battle_line
from bot.rules.fleet_combat.messages import ending_lines
from bot.rules.fleet_combat.messages import retreated_lines
from bot.rulesets import Awaited
from bot.rulesets import TurnContext
from bot.rulesets import cog_of
from bot.rulesets import get

DEFAULTS = FleetCombatSettings()

SETTINGS_SUMMARY = [
    "class_levels",
    "non_combat_classes",
    "die_faces",
    "defence_blocks_on_equal",
    "ship_stats",
    "hostility_model",
    "rounds_per_resolution",
    "allow_split_fire",
    "allow_hold_fire",
    "missing_orders",
    "target_reach",
    "deferred_damage",
    "wound_tie_break",
    "kill_cap",
    "kill_cap_overflow",
    "burn_excess",
    "transports_die_on_mutual_wipe",
    "transport_loss_scope",
    "wounds_persist_between_battles",
    "retreat_min_round",
    "parting_volley_uses_ladder",
    "retreat_distance_points",
    "max_rounds",
    "auto_target_policy",
]


def rule_error(call, *args):
    with pytest.raises(RuleViolation) as caught:
        call(*args)
    return caught.value.message_key, caught.value.params.get("clause")


# --- registry and settings -------------------------------------------------------------------


def test_spec_is_registered_with_models_and_turn_step():
    """The registry finds the ruleset by key with its models, cog and end-of-turn step."""
    spec = get("fleet_combat")
    assert spec is SPEC or spec.key == SPEC.key
    assert (spec.settings_model, spec.state_model, cog_of(spec.key)) == (
        FleetCombatSettings,
        FleetCombatState,
        "cogs.fleet_combat",
    )
    assert spec.end_of_turn is end_of_turn
    assert spec.waiting_for is waiting_for


def test_settings_have_one_field_per_row_of_the_settings_summary():
    """§4 settings summary: every setting is a field with the documented default, typed
    so the generic settings command can edit it."""
    assert list(FleetCombatSettings.model_fields) == SETTINGS_SUMMARY
    defaults = FleetCombatSettings()
    assert (defaults.die_faces, defaults.retreat_min_round, defaults.max_rounds) == (6, 2, 0)
    assert (defaults.hostility_model, defaults.auto_target_policy) == (
        "declared_pairs",
        "highest_level",
    )
    allowed = {int, bool, dict, list, typing.Literal}
    for name, info in FleetCombatSettings.model_fields.items():
        origin = typing.get_origin(info.annotation) or info.annotation
        assert origin in allowed, name
    assert FleetCombatSettings.model_validate(defaults.model_dump()) == defaults


def test_replace_class_stats_adds_a_class_fleets_can_use():
    """FC-I1, FC-I4: a GM adds a class (notation parsed) and players can register it."""
    settings = replace_class_stats(
        DEFAULTS, "Frigate", attack="2х6+", defence="5+", life=2, level=2
    )
    assert settings.ship_stats["frigate"].attack_notation == "2×6+"
    assert settings.class_levels["frigate"] == 2
    state = register(FleetCombatState(), "A", {"frigate": 2}, settings=settings)
    assert ships_of(state, "A") == [(1, "frigate", 0), (2, "frigate", 0)]
    barge = replace_class_stats(settings, "barge", attack=None, defence=None, life=1, level=None)
    assert "barge" in barge.non_combat_classes
    assert "barge" not in barge.class_levels


def test_replace_class_stats_rejects_bad_notation():
    """FC-I2, FC-I4: unreadable attack notation is refused and the settings stay valid."""
    with pytest.raises(RuleViolation) as caught:
        replace_class_stats(DEFAULTS, "frigate", attack="lots", defence="5+", life=2, level=2)
    assert (caught.value.message_key, caught.value.params["clause"]) == (
        "fleet_combat.error.bad_stats",
        "FC-I4",
    )


def test_uploaded_class_table_replaces_ladder_and_stats():
    """FC-I1, FC-I4: an uploaded JSON table becomes the campaign's ladder and statistics."""
    text = json.dumps(
        {
            "scout": {"level": 1, "attack": "1x5+", "defence": None, "life": 1},
            "battleship": {"level": 2, "attack": "3x4+", "defence": "4+", "life": 4},
            "tender": {"level": None, "life": 1},
        }
    )
    settings = apply_class_table(DEFAULTS, parse_class_table(text))
    assert list(settings.ship_stats) == ["scout", "battleship", "tender"]
    assert settings.class_levels == {"scout": 1, "battleship": 2}
    assert settings.non_combat_classes == ["tender"]
    assert class_table_of(settings).classes["battleship"].attack == "3x4+"
    with pytest.raises(RuleViolation):
        parse_class_table('{"tender": {"level": null}}')
    with pytest.raises(RuleViolation):
        parse_class_table("not json")


# --- fleets -------------------------------------------------------------------------------------


def test_register_edit_keeps_ids_and_wounds_and_never_mutates_input():
    """Registration order gives ids; an edit keeps the lowest ids and their wounds."""
    state = register(FleetCombatState(), "A", {"cruiser": 2, "fighter": 1}, wounds={"cruiser": [1]})
    assert ships_of(state, "A") == [(1, "cruiser", 1), (2, "cruiser", 0), (3, "fighter", 0)]
    edited = register(state, "A", {"cruiser": 1, "dreadnought": 1})
    assert ships_of(edited, "A") == [(1, "cruiser", 1), (4, "dreadnought", 0)]
    assert ships_of(state, "A") == [(1, "cruiser", 1), (2, "cruiser", 0), (3, "fighter", 0)]
    removed = register_fleet(edited, DEFAULTS, RegisterFleet(faction="A", point=POINT, ships={}))
    assert removed.fleet is None
    assert removed.state.fleets == []


@pytest.mark.parametrize(
    ("ships", "wounds", "expected"),
    [
        ({"frigate": 1}, None, ("fleet_combat.error.unknown_class", "FC-I4")),
        ({"cruiser": 1}, {"cruiser": [2]}, ("fleet_combat.error.wounds_reach_life", "FC-3.1")),
        ({"cruiser": -1}, None, ("fleet_combat.error.bad_count", "FC-I4")),
        (
            {"cruiser": 1},
            {"cruiser": [0, 0]},
            ("fleet_combat.error.too_many_wound_entries", "FC-2.3"),
        ),
    ],
)
def test_register_refuses_bad_fleets(ships, wounds, expected):
    """FC-I4, FC-3.1: unknown classes and impossible wound counts are refused."""
    command = RegisterFleet(faction="A", point=POINT, ships=ships, wounds=wounds)
    assert rule_error(register_fleet, FleetCombatState(), DEFAULTS, command) == expected


@pytest.mark.parametrize("ships", [{}, {"cruiser": 0}, {"cruiser": 0, "destroyer": 0}])
def test_zero_ships_where_the_faction_has_no_fleet_are_refused(ships):
    """FC-I4: zero ships remove a fleet; where the faction has none the command is refused
    as the fleet not found (naming the faction, the point and where its fleets are), and
    the state is unchanged."""
    state = register(FleetCombatState(), "A", {"cruiser": 2})
    command = RegisterFleet(faction="A", point="Vega", ships=ships)
    with pytest.raises(NotFound) as refused:
        register_fleet(state, DEFAULTS, command)
    assert refused.value.message("en") == f"A has no fleet at Vega. Its fleets are at: {POINT}."
    assert ships_of(state, "A") == [(1, "cruiser", 0), (2, "cruiser", 0)]
    assert [f.point for f in state.fleets] == [POINT]


def test_engaged_fleet_cannot_be_edited_or_moved_until_it_retreats():
    """FC-4.2, FC-I6: a fleet in a frozen battle stays engaged; only a GM correction edits
    it; after retreating (FC-6.3) the players record its move."""
    state = battle([("A", {"cruiser": 1, "destroyer": 1}), ("B", {"cruiser": 1})])
    command = RegisterFleet(faction="A", point=POINT, ships={"cruiser": 1})
    assert rule_error(register_fleet, state, DEFAULTS, command) == (
        "fleet_combat.error.fleet_engaged",
        "FC-I6",
    )
    assert rule_error(move_fleet, state, DEFAULTS, "A", POINT, "Vega") == (
        "fleet_combat.error.fleet_engaged",
        "FC-4.2",
    )
    gm = command.model_copy(update={"allow_while_engaged": True})
    assert ships_of(register_fleet(state, DEFAULTS, gm).state, "A") == [(1, "cruiser", 0)]
    state.battle(1).rounds_fought = 1
    state = declare_retreat(state, DEFAULTS, DeclareRetreat(battle_id=1, faction="A")).state
    state = resolve_round(state, DEFAULTS, 1, Dice.seeded(1)).state
    moved = move_fleet(state, DEFAULTS, "A", POINT, "Vega")
    assert moved.fleet is not None and moved.fleet.point == "Vega"
    with pytest.raises(NotFound):
        move_fleet(moved.state, DEFAULTS, "A", POINT, "Vega")


# --- declaring and orders ---------------------------------------------------------------------


def test_declare_attack_needs_both_players_at_the_point():
    """FC-4.1: only players on the same board point can fight; not oneself."""
    state = register(
        register(FleetCombatState(), "A", {"cruiser": 1}), "B", {"cruiser": 1}, point="Vega"
    )
    elsewhere = DeclareAttack(attacker="A", targets=["B"], point=POINT, turn=1)
    assert rule_error(declare_attack, state, DEFAULTS, elsewhere) == (
        "fleet_combat.error.not_at_point",
        "FC-4.1",
    )
    myself = DeclareAttack(attacker="A", targets=["A"], point=POINT, turn=1)
    assert rule_error(declare_attack, state, DEFAULTS, myself) == (
        "fleet_combat.error.attack_self",
        "FC-4.1",
    )


def test_declare_attack_opens_battle_and_locks_movement():
    """FC-4.1, FC-4.2, FC-I5: the battle opens at the point; both sides are movement-locked."""
    state = register(register(FleetCombatState(), "A", {"cruiser": 1}), "B", {"cruiser": 1})
    outcome = declare_attack(
        state, DEFAULTS, DeclareAttack(attacker="A", targets=["B"], point=POINT, turn=3)
    )
    assert outcome.opened
    assert (outcome.battle.id, outcome.battle.declared_turn) == (1, 3)
    assert outcome.movement_locked == ["A", "B"]
    assert Msg("fleet_combat.attack.movement_locked", factions="A, B") in outcome.lines
    assert state.battles == []


def test_fire_orders_merge_in_place_and_refuse_duplicates_and_unknown_groups():
    """FC-5.1, FC-I7: `replace = false` swaps one class's order in place; one order per
    class; only classes the participant has."""
    state = battle([("A", {"cruiser": 1, "destroyer": 1}), ("B", {"destroyer": 1, "cruiser": 1})])
    state = give_orders(
        state, "A", order("cruiser", "B", "cruiser"), order("destroyer", "B", "destroyer")
    )
    merged = set_fire_orders(
        state,
        DEFAULTS,
        SetFireOrders(
            battle_id=1, faction="A", orders=[order("cruiser", "B", "destroyer")], replace=False
        ),
    ).state
    assert [(o.ship_class, o.targets[0].target_class) for o in merged.battle(1).orders["A"]] == [
        ("cruiser", "destroyer"),
        ("destroyer", "destroyer"),
    ]
    twice = SetFireOrders(battle_id=1, faction="A", orders=[order("cruiser", "B", "cruiser")] * 2)
    assert rule_error(set_fire_orders, state, DEFAULTS, twice) == (
        "fleet_combat.error.duplicate_order",
        "FC-I7",
    )
    absent = SetFireOrders(battle_id=1, faction="A", orders=[order("war_sun", "B", "cruiser")])
    assert rule_error(set_fire_orders, state, DEFAULTS, absent) == (
        "fleet_combat.error.no_such_group",
        "FC-5.1",
    )
    stranger = SetFireOrders(battle_id=1, faction="Z", orders=[])
    assert rule_error(set_fire_orders, state, DEFAULTS, stranger) == (
        "fleet_combat.error.not_participant",
        "FC-I5",
    )
    with pytest.raises(NotFound):
        set_fire_orders(state, DEFAULTS, SetFireOrders(battle_id=9, faction="A", orders=[]))


def test_retreating_participant_gives_no_fire_orders():
    """FC-6.2: a retreater fires nothing, so its orders are dropped and refused."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})])
    state = give_orders(state, "A", order("cruiser", "B", "cruiser"))
    state.battle(1).rounds_fought = 1
    state = declare_retreat(state, DEFAULTS, DeclareRetreat(battle_id=1, faction="A")).state
    assert "A" not in state.battle(1).orders
    command = SetFireOrders(battle_id=1, faction="A", orders=[order("cruiser", "B", "cruiser")])
    assert rule_error(set_fire_orders, state, DEFAULTS, command) == (
        "fleet_combat.error.retreating_no_orders",
        "FC-6.2",
    )
    withdrawn = declare_retreat(
        state, DEFAULTS, DeclareRetreat(battle_id=1, faction="A", cancel=True)
    )
    assert withdrawn.battle.retreats == []


def test_a_fleet_the_gm_removed_mid_battle_neither_retreats_nor_is_shot_down():
    """FC-6.3: once a GM removes a fighting fleet, its faction has nothing to retreat with:
    a retreat is refused; one declared before the removal leaves the battle without the
    report saying a parting volley destroyed ships it never shot at (FC-6.2)."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})])
    state.battle(1).rounds_fought = 1
    retreat = DeclareRetreat(battle_id=1, faction="A")
    removed = remove_fleet(state, DEFAULTS, "A", POINT, allow_while_engaged=True).state
    assert rule_error(declare_retreat, removed, DEFAULTS, retreat) == (
        "fleet_combat.error.retreat_without_ships",
        "FC-6.3",
    )
    declared = declare_retreat(state, DEFAULTS, retreat).state
    emptied = remove_fleet(declared, DEFAULTS, "A", POINT, allow_while_engaged=True).state
    fought = resolve_round(emptied, DEFAULTS, 1, Dice.seeded(1))
    told = [line.render("en") for line in fought.lines]
    assert "A leaves the battle with no ships in it: nothing is left to move (FC-6.3)." in told
    assert not any("parting volley destroyed" in line for line in told)
    summary = battle_line([fought.report], ["A", "B"], retreat_distance=2).render("en")
    assert "A left the battle with no ships in it (FC-6.3)" in summary
    assert "parting volley" not in summary


def test_a_group_holding_fire_is_told_in_its_turn_and_an_older_report_still_reads():
    """FC-I7: A fires first and its cruiser holds; the round's lines tell that before B's
    volley. A report logged before the place was kept loads and tells it after the volleys."""
    settings = DEFAULTS.model_copy(update={"allow_hold_fire": True})
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})], settings=settings)
    state = give_orders(state, "A", FireOrder(ship_class="cruiser", hold=True), settings=settings)
    fought = resolve_round(state, settings, 1, Dice.seeded(1))
    held = "A's cruisers held fire as ordered (FC-I7)."

    def told(report):
        lines = [line.render("en") for line in round_lines(report, retreat_distance=2)]
        volley = next(i for i, line in enumerate(lines) if line.startswith("B's 1 cruiser → "))
        return lines.index(held) - volley

    assert told(fought.report) == -1
    saved = fought.report.model_dump(mode="json")
    for group in saved["held"]:
        del group["after"]
    assert told(RoundReport.model_validate(saved)) > 0


def test_older_reports_of_a_removed_fleet_leaving_read_as_newer_ones():
    """FC-6.3: a round saved before the bot told a removed fleet's leaving apart (only in
    `left_without_ships`), or while it kept such factions in a field of their own
    (`left_empty`), loads and reads as a newer one: the faction that lost no ship left with
    none in the battle; the one the parting volley emptied is still told so."""
    base = {"battle_id": 1, "point": POINT, "round": 2, "left": ["A", "B"]}
    lost = [{"faction": "B", "ship_id": 3, "ship_class": "cruiser", "cause": "wounds"}]
    before = {**base, "left_without_ships": ["A", "B"], "losses": lost}
    apart = {**base, "left_without_ships": ["B"], "left_empty": ["A"], "losses": lost}
    for saved in (before, apart):
        report = RoundReport.model_validate(saved)
        told = [line.render("en") for line in retreated_lines(report, retreat_distance=2)]
        assert told == [
            "A leaves the battle with no ships in it: nothing is left to move (FC-6.3).",
            "The parting volley destroyed every ship of B: nothing is left to move (FC-6.3).",
        ]
        summary = battle_line([report], ["A", "B"], retreat_distance=2).render("en")
        assert "A left the battle with no ships in it (FC-6.3)" in summary
        assert "B retreated, but the parting volley destroyed all its ships (FC-6.3)" in summary


def test_firing_groups_and_status_as_data():
    """FC-I7, FC-I8: the cog reads groups in firing order with legal targets, and status."""
    state = battle([("A", {"dreadnought": 1, "fighter": 2}), ("B", {"destroyer": 1, "war_sun": 1})])
    state = give_orders(state, "A", order("dreadnought", "B", "war_sun"))
    groups = firing_groups(state, DEFAULTS, 1, "A")
    assert [(g.ship_class, g.ships, g.attack_dice, g.order is not None) for g in groups] == [
        ("dreadnought", 1, 3, True),
        ("fighter", 2, 2, False),
    ]
    assert [t.target_class for t in groups[0].legal_targets] == ["destroyer", "war_sun"]
    assert [t.target_class for t in groups[1].legal_targets] == ["destroyer"]
    status = battle_status(state, DEFAULTS, 1)
    assert (status.point, status.next_round, status.retreat_allowed) == (POINT, 1, False)
    assert [(p.faction, p.orders_given) for p in status.participants] == [("A", True), ("B", False)]


def test_target_counts_name_each_participants_combat_ships_by_class():
    """FC-5.2, FC-5.8: the ships of each class a target is named by, as the round counts
    them: each participant's combat ships at the battle's point, by (faction, class);
    transports are no target and are left out."""
    state = battle(
        [("A", {"dreadnought": 1, "fighter": 2}), ("B", {"destroyer": 1, "transport": 3})]
    )
    battle_1 = state.battles[0]
    assert target_counts(state, DEFAULTS, battle_1) == {
        ("A", "dreadnought"): 1,
        ("A", "fighter"): 2,
        ("B", "destroyer"): 1,
    }


# --- end of turn and waiting ------------------------------------------------------------------


def test_end_of_turn_fights_one_round_of_every_active_battle_and_names_auto_targets():
    """FC-I6, FC-I17: one round per battle per resolution; groups without orders are
    auto-targeted and the outcome says so (the battle log tells the volleys); the summary is
    one line per battle; the outcome is JSON."""
    state = battle([("A", {"cruiser": 2}), ("B", {"cruiser": 2})])
    state = register(state, "C", {"dreadnought": 1}, point="Vega")
    state = register(state, "D", {"dreadnought": 1}, point="Vega")
    state = declare_attack(
        state, DEFAULTS, DeclareAttack(attacker="C", targets=["D"], point="Vega", turn=1)
    ).state
    state = give_orders(state, "A", order("cruiser", "B", "cruiser"))
    step = end_of_turn(TurnContext(state=state, settings=DEFAULTS, turn=1, dice=Dice.seeded(11)))
    assert [b.rounds_fought for b in step.state.battles] == [1, 1]
    assert [b.rounds_fought for b in state.battles] == [0, 0]
    keys = [line.key for line in step.lines]
    assert keys == [
        "fleet_combat.turn.line",
        "fleet_combat.turn.line",
        "fleet_combat.turn.full_report",
    ]
    auto = [a["shooter"] for r in step.outcome["rounds"] for a in r["auto_targeted"]]
    assert set(auto) == {"B", "C", "D"}
    json.dumps(step.outcome)
    assert step.outcome["rounds"][0]["auto_targeted"] == [
        {"shooter": "B", "ship_class": "cruiser", "source": "automatic"}
    ]
    restored = FleetCombatState.model_validate_json(step.state.model_dump_json())
    assert restored == step.state


def test_end_of_turn_without_battles_says_so():
    """End of turn with nothing to fight reports that in one line."""
    step = end_of_turn(
        TurnContext(state=FleetCombatState(), settings=DEFAULTS, turn=1, dice=Dice.scripted([]))
    )
    assert [line.key for line in step.lines] == ["fleet_combat.turn.no_battles"]


def test_waiting_for_names_participants_without_orders_or_retreat():
    """FC-I7: the GM sees who has not given fire orders for the coming round."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1}), ("C", {"transport": 1})])
    assert waiting_for(state, DEFAULTS, 1) == [
        Msg("fleet_combat.waiting.orders", battle=1, point=POINT, round=1, factions="A, B")
    ]
    state = give_orders(state, "A", order("cruiser", "B", "cruiser"))
    assert waiting_for(state, DEFAULTS, 1)[0].params["factions"] == "B"
    state = give_orders(state, "B", order("cruiser", "A", "cruiser"))
    assert waiting_for(state, DEFAULTS, 1) == []


def test_awaited_names_each_participant_owing_orders_for_the_reminders():
    """FC-I7, issue 17: each armed participant without orders is named on its own, with what
    it owes in the battle, without its name (shown before it; review #25). C, with only a
    transport, owes nothing. Round 1 admits no retreat (FC-6.4, FC-I15): fire orders alone
    are owed; from `retreat_min_round` on, fire orders or a retreat."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1}), ("C", {"transport": 1})])
    owes = Msg("fleet_combat.owes.fire_orders", battle=1, point=POINT, round=1)
    assert awaited(state, DEFAULTS, 1) == [Awaited("A", owes), Awaited("B", owes)]
    early = DEFAULTS.model_copy(update={"retreat_min_round": 1})
    either = Msg("fleet_combat.owes.orders", battle=1, point=POINT, round=1)
    assert awaited(state, early, 1) == [Awaited("A", either), Awaited("B", either)]


def test_the_turn_end_names_every_side_of_a_battle_that_fought():
    """Issue 17: the summary of a round pings all the battle's sides, C included."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1}), ("C", {"transport": 1})])
    step = end_of_turn(TurnContext(state=state, settings=DEFAULTS, turn=1, dice=Dice.seeded(3)))
    assert sorted(step.affected) == ["A", "B", "C"]


def test_removing_a_fleet_takes_it_off_the_point_and_an_unknown_one_is_not_found():
    """FC-I6 bookkeeping: a registered fleet can be removed; a missing one is NotFound."""
    state = register(FleetCombatState(), "A", {"cruiser": 2})
    removed = remove_fleet(state, DEFAULTS, "A", POINT)
    assert removed.state.fleet("A", POINT) is None
    assert state.fleet("A", POINT) is not None  # the input is unchanged
    with pytest.raises(NotFound):
        remove_fleet(removed.state, DEFAULTS, "A", POINT)


def test_a_fleet_not_at_the_point_named_lists_where_the_faction_has_fleets():
    """A remove, move or repair at a point where the faction has no fleet names the points
    where it has one (as typed, escaped), or says it has none, in both languages."""
    from bot.rules.fleet_combat import remove_fleet
    from bot.rules.fleet_combat.fleets import repair_fleet

    state = register(FleetCombatState(), "A", {"cruiser": 2}, point="Vega")
    state = register(state, "A", {"cruiser": 1}, point="*Altair*")
    state = register(state, "B", {"cruiser": 1}, point="Deneb")
    with pytest.raises(NotFound) as refused:
        remove_fleet(state, DEFAULTS, "A", "Deneb")
    assert refused.value.message("en") == (
        "A has no fleet at Deneb. Its fleets are at: \\*Altair\\*, Vega."
    )
    assert refused.value.message("ru") == (
        "У фракции «A» нет флота в точке Deneb. Её флоты стоят в точках: \\*Altair\\*, Vega."
    )
    with pytest.raises(NotFound) as moved:
        move_fleet(state, DEFAULTS, "A", "Deneb", "Vega")
    assert moved.value.message("en") == refused.value.message("en")
    with pytest.raises(NotFound) as none:
        repair_fleet(state, DEFAULTS, "C", "Vega")
    assert (
        none.value.message("en") == "C has no fleet at Vega: it has no fleet registered anywhere."
    )
    assert none.value.message("ru") == (
        "У фракции «C» нет флота в точке Vega: у неё вообще нет зарегистрированных флотов."
    )


def test_a_class_a_gm_named_is_shown_as_typed_in_refusals():
    """FC-I4: a class added with Markdown and a mass mention in its name reads literally in
    every refusal that names it (unknown class, wounds, orders, the table kept, an upload),
    never bold and never pinging, in both languages."""
    from bot.errors import GameError
    from bot.rules.fleet_combat import FireOrder
    from bot.rules.fleet_combat import settings_guard
    from bot.rules.fleet_combat.fleets import validate_ships

    custom = replace_class_stats(
        DEFAULTS, "*Ghost* @everyone", attack="1x5+", defence="4+", life=1, level=2
    )
    ghost = "*ghost*_@everyone"
    literal = "\\*ghost\\*\\_@\u200beveryone"
    state = battle([("A", {ghost: 1}), ("B", {"cruiser": 1})], settings=custom)
    no_target = FireOrder(ship_class=ghost, targets=[])
    refusals = [
        lambda: validate_ships(custom, {"**x**": 1}),
        lambda: validate_ships(custom, {ghost: 1}, {ghost: [0, 0]}),
        lambda: set_fire_orders(
            state, custom, SetFireOrders(battle_id=1, faction="A", orders=[no_target])
        ),
        lambda: set_fire_orders(
            state, custom, SetFireOrders(battle_id=1, faction="B", orders=[no_target])
        ),
        lambda: settings_guard(state, custom, DEFAULTS),
    ]
    for refusal in refusals:
        with pytest.raises(GameError) as refused:
            refusal()
        for language in ("en", "ru"):
            text = refused.value.message(language)
            assert literal in text and "@everyone" not in text, text
    with pytest.raises(GameError) as upload:
        parse_class_table('{"**x** @here": {"attack": "1x5+", "defence": "4+", "life": 0}}')
    assert upload.value.message("en") == (
        "The ship table is not valid: \\*\\*x\\*\\* @\u200bhere — life: at least 1 (FC-I4)."
    )


# --- a round fought before the turn's end ----------------------------------------------------


def test_a_round_fought_before_the_turn_end_waits_for_it_and_an_old_log_still_reads():
    """FC-I6, FC-5.23: a round the GM fights before the turn's end says the battle waits for
    that end, which fights the next round (in English and Russian); a round logged before
    the report kept `before_turn_end` loads and reads as frozen until the next turn."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})])
    early = resolve_round(state, DEFAULTS, 1, Dice.scripted([1] * 4), before_turn_end=True)
    report = early.report
    assert report.result is None and report.before_turn_end

    assert ending_lines(report)[0].render("en") == (
        "This round was fought before the end of the turn: battle #1 waits for the turn's"
        " end, which fights round 2 (FC-I6); fire orders for it may change until then."
    )
    assert ending_lines(report)[0].render("ru") == (
        "Этот раунд разыгран до конца хода: бой №1 ждёт конца хода, когда будет разыгран"
        " раунд 2 (FC-I6); до тех пор приказы на стрельбу можно менять."
    )
    assert (
        battle_line([report], ["A", "B"])
        .render("ru")
        .endswith("бой продолжается (раунд 2 — в конце хода, FC-I6)")
    )
    stored = json.loads(report.model_dump_json())
    del stored["before_turn_end"]
    old = RoundReport.model_validate(stored)
    assert not old.before_turn_end
    assert ending_lines(old)[0].render("en") == "Battle #1 is frozen until the next turn (FC-5.23)."
