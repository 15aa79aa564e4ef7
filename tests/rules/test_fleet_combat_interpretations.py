"""One test per behaviour-changing interpretation FC-I1…FC-I17, with its setting flipped
where it has one (rules/fleet-combat.md §4)."""

from __future__ import annotations

import pytest
from test_fleet_combat_support import POINT
from test_fleet_combat_support import battle
from test_fleet_combat_support import give_orders
from test_fleet_combat_support import order
from test_fleet_combat_support import scripted
from test_fleet_combat_support import ships_of

from bot.dice import Dice
from bot.errors import RuleViolation
from bot.log_text import purpose_text
from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import DeclareRetreat
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RegisterFleet
from bot.rules.fleet_combat import SetFireOrders
from bot.rules.fleet_combat import ShipStats
from bot.rules.fleet_combat import close_battle
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import declare_retreat
from bot.rules.fleet_combat import default_class_table
from bot.rules.fleet_combat import eligible_classes
from bot.rules.fleet_combat import firing_groups
from bot.rules.fleet_combat import legal_targets
from bot.rules.fleet_combat import parse_attack_notation
from bot.rules.fleet_combat import register_fleet
from bot.rules.fleet_combat import repair_fleet
from bot.rules.fleet_combat import resolve_round
from bot.rules.fleet_combat import set_allies
from bot.rules.fleet_combat import set_damage_priority
from bot.rules.fleet_combat import set_fire_orders

DEFAULTS = FleetCombatSettings()


def violation(call, *args):
    with pytest.raises(RuleViolation) as caught:
        call(*args)
    return caught.value


# --- FC-I1 the ladder, carriers, transports ---------------------------------------------


def test_fc_i1_carrier_is_a_level_three_combat_ship():
    """FC-I1: carriers sit at level 3 beside cruisers as a separate target; fighters cannot
    reach them while the owner has destroyers, destroyers can."""
    counts = {"destroyer": 1, "carrier": 2, "cruiser": 1}
    assert eligible_classes("fighter", counts, DEFAULTS) == ["destroyer"]
    assert eligible_classes("destroyer", counts, DEFAULTS) == ["destroyer", "cruiser", "carrier"]
    assert DEFAULTS.is_combat_class("carrier")


def test_fc_i1_carrier_made_non_combat_is_never_a_target_and_never_fires():
    """FC-I1 `non_combat_classes` + carrier: carriers neither fire nor can be targeted, and
    die with their side's last combat ship like transports (FC-I13)."""
    settings = FleetCombatSettings(non_combat_classes=["transport", "colonizer", "carrier"])
    state = battle(
        [("A", {"destroyer": 1, "carrier": 1}), ("B", {"cruiser": 1})], settings=settings
    )
    assert [t.target_class for t in legal_targets(state, settings, 1, "B", "cruiser")] == [
        "destroyer"
    ]
    dice, faces = scripted(1, 5, 6, 1, 1)

    outcome = resolve_round(state, settings, 1, dice)

    assert faces.remaining() == []
    assert [v.ship_class for v in outcome.report.volleys] == ["destroyer", "cruiser"]
    assert [(x.ship_class, x.cause) for x in outcome.report.losses] == [
        ("destroyer", "wounds"),
        ("carrier", "transport"),
    ]


# --- FC-I2 attack notation -------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "parsed"),
    [("2x5+", (2, 5)), ("2х5+", (2, 5)), ("3×4+", (3, 4)), ("6+", (1, 6)), ("—", (0, None))],
)
def test_fc_i2_attack_notation_accepts_latin_cyrillic_and_times(text, parsed):
    """FC-I2: `N×K+`, `K+` = 1×K+, with Latin x, Cyrillic х or ×; a dash means no attack."""
    assert parse_attack_notation(text) == parsed


def test_fc_i2_unreadable_notation_is_refused_naming_the_clause():
    """FC-I2: text that is not notation is a RuleViolation citing FC-I2."""
    error = violation(parse_attack_notation, "five or more")
    assert (error.message_key, error.params["clause"]) == (
        "fleet_combat.error.bad_notation",
        "FC-I2",
    )


def test_fc_i2_a_group_rolls_all_its_dice_in_one_roll():
    """FC-5.10, FC-I2: two 2×5+ cruisers roll 4d6 in one audited roll, hits on 5+."""
    state = battle([("A", {"cruiser": 2}), ("B", {"fighter": 1})])
    dice, _ = scripted(5, 4, 6, 1, 1)
    resolve_round(state, DEFAULTS, 1, dice)
    attack = dice.records[0]
    assert (attack.notation, attack.clause, attack.target, attack.successes) == (
        "4d6",
        "FC-5.10",
        ">=5",
        2,
    )


def test_fc_i2_hit_values_outside_the_die_always_or_never_hit():
    """FC-I2: K ≤ 1 always hits, K ≥ 7 never hits on a d6; `die_faces` changes the die."""
    settings = FleetCombatSettings(
        ship_stats={
            **DEFAULTS.ship_stats,
            "fighter": ShipStats(attack_dice=1, attack_hit=1, life=1),
            "destroyer": ShipStats(attack_dice=1, attack_hit=7, defence=6, life=1),
        }
    )
    assert settings.hit_probability("fighter") == 1.0
    assert settings.hit_probability("destroyer") == 0.0
    eight = settings.model_copy(update={"die_faces": 8})
    assert eight.hit_probability("destroyer") == 2 / 8
    state = battle([("A", {"destroyer": 1}), ("B", {"fighter": 1})], settings=eight)
    dice, faces = scripted(8, 8, 8)  # a face of 8 only fits a d8
    outcome = resolve_round(state, eight, 1, dice)
    assert faces.remaining() == []
    assert dice.records[0].notation == "1d8"
    assert outcome.report.volleys[0].hits == 1


# --- FC-I3 defence ---------------------------------------------------------------------


@pytest.mark.parametrize(("blocks_on_equal", "wounds"), [(True, 0), (False, 2)])
def test_fc_i3_defence_face_equal_to_value_blocks(blocks_on_equal, wounds):
    """FC-2.3, FC-I3: a defence face equal to D neutralises the hit; with
    `defence_blocks_on_equal = false` it is a wound."""
    settings = FleetCombatSettings(defence_blocks_on_equal=blocks_on_equal)
    state = battle([("A", {"cruiser": 1}), ("B", {"dreadnought": 1})], settings=settings)
    state = give_orders(state, "A", order("cruiser", "B", "dreadnought"), settings=settings)
    dice, _ = scripted(5, 5, 4, 4, 1, 1, 1)
    outcome = resolve_round(state, settings, 1, dice)
    assert outcome.report.volleys[0].defence_faces == [4, 4]
    assert outcome.report.volleys[0].wounds == wounds


def test_fc_i3_class_without_defence_rolls_no_defence_dice():
    """FC-5.11, FC-I3: fighters have no defence value, so every hit is a wound, no roll."""
    state = battle([("A", {"destroyer": 2}), ("B", {"fighter": 2})])
    dice, faces = scripted(5, 6, 1, 1)
    outcome = resolve_round(state, DEFAULTS, 1, dice)
    assert faces.remaining() == []
    assert (outcome.report.volleys[0].wounds, outcome.report.volleys[0].defence_faces) == (2, [])
    assert len(dice.records) == 2


# --- FC-I4 default statistics -----------------------------------------------------------


def test_fc_i4_default_table_is_the_spec_table():
    """FC-I4: data/fleet_combat/ship_stats.json holds exactly the spec's default table."""
    expected = {
        "fighter": (1, "1×6+", "—", 1),
        "destroyer": (2, "1×5+", "6+", 1),
        "cruiser": (3, "2×5+", "5+", 2),
        "carrier": (3, "1×6+", "5+", 3),
        "dreadnought": (4, "3×4+", "4+", 3),
        "war_sun": (5, "4×3+", "3+", 5),
    }
    actual = {
        name: (DEFAULTS.class_levels[name], s.attack_notation, s.defence_notation, s.life)
        for name, s in DEFAULTS.ship_stats.items()
        if DEFAULTS.is_combat_class(name)
    }
    assert actual == expected
    assert DEFAULTS.non_combat_classes == ["transport", "colonizer"]
    assert DEFAULTS.ship_stats["transport"] == ShipStats(life=1)
    assert list(default_class_table().classes) == [*expected, "transport", "colonizer"]


# --- FC-I5 participants, sides, hostility --------------------------------------------------


def test_fc_i5_bystander_at_the_point_stays_out_unless_all_present():
    """FC-I5: players neither declaring nor named stay out; `hostility_model = all_present`
    brings everyone at the point in, all hostile to each other."""
    fleets = [("A", {"cruiser": 1}), ("B", {"cruiser": 1}), ("C", {"cruiser": 1})]
    declared = battle(fleets, attacker="A", targets=["B"])
    assert [p.faction for p in declared.battle(1).participants] == ["A", "B"]
    everyone = FleetCombatSettings(hostility_model="all_present")
    melee = battle(fleets, attacker="A", targets=["B"], settings=everyone)
    assert [p.faction for p in melee.battle(1).participants] == ["A", "B", "C"]
    assert melee.battle(1).hostile_pairs == [("A", "B"), ("A", "C"), ("B", "C")]


def test_fc_i5_all_present_attack_names_everyone_who_joins():
    """FC-I5 `hostility_model = all_present`: A attacks B, and C and D, also at the point,
    join the battle; the attack's line names them too, not only the declared target. A
    later declaration names only those it brings in (E, who arrived since)."""
    from test_fleet_combat_support import register

    melee = FleetCombatSettings(hostility_model="all_present")
    state = FleetCombatState(turn_order=["A", "B", "C", "D", "E"])
    for faction in ("A", "B", "C", "D"):
        state = register(state, faction, {"cruiser": 1}, settings=melee)
    attack = DeclareAttack(attacker="A", targets=["B"], point=POINT, turn=1)

    opened = declare_attack(state, melee, attack)

    assert [p.faction for p in opened.battle.participants] == ["A", "B", "C", "D"]
    assert opened.lines[0].render("en") == (
        "A attacks B at Sol: battle #1 begins, and everyone at the point joins it, C, D too"
        " (FC-4.1, FC-I5)."
    )
    assert opened.lines[0].render("ru") == (
        "Фракция «A» объявляет нападение в точке Sol (цели: B): начинается бой №1, и в него"
        " вступают все, кто находится в этой точке, в том числе C, D (FC-4.1, FC-I5)."
    )
    arrived = register(opened.state, "E", {"destroyer": 1}, settings=melee)
    joined = declare_attack(
        arrived, melee, DeclareAttack(attacker="C", targets=["B"], point=POINT, turn=1)
    )
    assert joined.lines[0].render("en") == (
        "C attacks B at Sol and joins battle #1; everyone at the point joins it, E too (FC-I5)."
    )
    assert declare_attack(state, DEFAULTS, attack).lines[0].render("en") == (
        "A attacks B at Sol: battle #1 begins (FC-4.1)."
    )


def test_fc_i5_second_declaration_joins_the_battle_and_fire_only_at_hostiles():
    """FC-I5: a later declaration at the point joins the same battle and adds its pair;
    A and C both fight B but not each other, so A never shoots C."""
    state = battle(
        [("A", {"cruiser": 1}), ("B", {"destroyer": 1}), ("C", {"dreadnought": 1})], targets=["B"]
    )
    outcome = declare_attack(
        state, DEFAULTS, DeclareAttack(attacker="C", targets=["B"], point=POINT, turn=1)
    )
    assert not outcome.opened
    assert outcome.battle.hostile_pairs == [("A", "B"), ("B", "C")]
    assert outcome.movement_locked == ["B", "C"]
    assert [t.opponent for t in legal_targets(outcome.state, DEFAULTS, 1, "A", "cruiser")] == ["B"]
    error = violation(
        set_fire_orders,
        outcome.state,
        DEFAULTS,
        SetFireOrders(battle_id=1, faction="A", orders=[order("cruiser", "C", "dreadnought")]),
    )
    assert (error.message_key, error.params["clause"]) == (
        "fleet_combat.error.not_hostile",
        "FC-I5",
    )


def test_fc_i5_allies_share_a_side_and_cannot_be_attacked():
    """FC-I5: allies are never hostile; declared enemies cannot be made allies
    (`declared_pairs`), while with `all_present` the implied pair is dropped."""
    state = battle(
        [("A", {"cruiser": 1}), ("B", {"cruiser": 1}), ("C", {"cruiser": 1})], targets=["B"]
    )
    state = declare_attack(
        state, DEFAULTS, DeclareAttack(attacker="C", targets=["B"], point=POINT, turn=1)
    ).state
    allied = set_allies(state, DEFAULTS, 1, ["A", "C"])
    assert {p.side for p in allied.battle.participants if p.faction in "AC"} == {"A"}
    error = violation(
        declare_attack,
        allied.state,
        DEFAULTS,
        DeclareAttack(attacker="A", targets=["C"], point=POINT, turn=1),
    )
    assert error.message_key == "fleet_combat.error.attack_ally"
    error = violation(set_allies, state, DEFAULTS, 1, ["A", "B"])
    assert (error.message_key, error.params["clause"]) == (
        "fleet_combat.error.allies_hostile",
        "FC-I5",
    )
    melee = FleetCombatSettings(hostility_model="all_present")
    everyone = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})], settings=melee)
    assert set_allies(everyone, melee, 1, ["A", "B"]).battle.hostile_pairs == []


# --- FC-I6 one round per resolution ----------------------------------------------------


def test_fc_i6_rounds_per_resolution_zero_fights_to_the_end():
    """FC-I6 `rounds_per_resolution = 0`: the end-of-turn step runs rounds until the end."""
    from bot.rules.fleet_combat import end_of_turn
    from bot.rulesets import TurnContext

    settings = FleetCombatSettings(rounds_per_resolution=0)
    state = battle([("A", {"dreadnought": 2}), ("B", {"fighter": 3})], settings=settings)
    step = end_of_turn(TurnContext(state=state, settings=settings, turn=1, dice=Dice.seeded(3)))
    finished = step.state.battle(1)
    assert finished.result is not None
    assert finished.rounds_fought >= 1
    # every round fought goes to the battle's log, in order
    assert [(r.key, r.seq) for r in step.archive] == [
        ("battle/1", n) for n in range(1, finished.rounds_fought + 1)
    ]
    assert step.archive[-1].body.ended


def test_a_battle_log_saved_with_the_ended_flag_reads_as_it_was_written():
    """FC-I16: round reports logged when each kept an `ended` flag beside its result load as
    the same reports: the last one ended the battle, the others did not, and they are saved
    without the flag."""
    from bot.rules.fleet_combat import RoundReport
    from bot.rules.fleet_combat import end_of_turn
    from bot.rulesets import TurnContext

    settings = FleetCombatSettings(rounds_per_resolution=0)
    state = battle([("A", {"dreadnought": 2}), ("B", {"fighter": 3})], settings=settings)
    step = end_of_turn(TurnContext(state=state, settings=settings, turn=1, dice=Dice.seeded(3)))
    reports = [r.body for r in step.archive]
    saved = [{**r.model_dump(mode="json"), "ended": r.result is not None} for r in reports]

    old = [RoundReport.model_validate(body) for body in saved]

    assert len(old) >= 2 and old == reports
    assert [r.ended for r in old] == [False] * (len(old) - 1) + [True]
    assert not any("ended" in r.model_dump() for r in old)


# --- FC-I7 orders and firing order -------------------------------------------------------


def test_fc_i7_listed_groups_fire_in_listing_order():
    """FC-I7: a participant's groups fire in the order it lists them, not by level."""
    state = battle([("A", {"cruiser": 2}), ("B", {"destroyer": 1, "dreadnought": 1})])
    state = give_orders(
        state, "B", order("dreadnought", "A", "cruiser"), order("destroyer", "A", "cruiser")
    )
    outcome = resolve_round(state, DEFAULTS, 1, Dice.seeded(1))
    assert [v.ship_class for v in outcome.report.volleys] == ["cruiser", "dreadnought", "destroyer"]


def test_fc_i7_missing_orders_hold_fire_setting():
    """FC-I7 `missing_orders = hold_fire`: a group without an order does not fire."""
    settings = FleetCombatSettings(missing_orders="hold_fire")
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})], settings=settings)
    state = give_orders(state, "A", order("cruiser", "B", "destroyer"), settings=settings)
    dice, faces = scripted(1, 1)
    outcome = resolve_round(state, settings, 1, dice)
    assert faces.remaining() == []
    assert [(h.shooter, h.reason) for h in outcome.report.held] == [("B", "missing_orders")]


def test_fc_i7_hold_fire_refused_unless_allowed():
    """FC-I7: firing is mandatory; with `allow_hold_fire` a group may be ordered to hold."""
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})])
    hold = SetFireOrders(
        battle_id=1, faction="A", orders=[FireOrder(ship_class="cruiser", hold=True)]
    )
    assert violation(set_fire_orders, state, DEFAULTS, hold).params["clause"] == "FC-I7"
    allowed = FleetCombatSettings(allow_hold_fire=True)
    state = set_fire_orders(state, allowed, hold).state
    dice, faces = scripted(1)
    outcome = resolve_round(state, allowed, 1, dice)
    assert faces.remaining() == []
    assert [(h.shooter, h.reason) for h in outcome.report.held] == [("A", "hold_order")]


def test_fc_i7_split_fire_divides_dice_and_shares_the_kill_cap():
    """FC-I7 `allow_split_fire`: a group may split its dice between targets; each part is
    its own volley, and the group's kill cap (FC-I11) covers all its parts together."""
    split = FireOrder(
        ship_class="cruiser",
        targets=[
            FireTarget(opponent="B", target_class="fighter", dice=1),
            FireTarget(opponent="B", target_class="destroyer"),
        ],
    )
    command = SetFireOrders(battle_id=1, faction="A", orders=[split])
    state = battle([("A", {"cruiser": 1}), ("B", {"fighter": 2, "destroyer": 1})])
    error = violation(set_fire_orders, state, DEFAULTS, command)
    assert (error.message_key, error.params["clause"]) == ("fleet_combat.error.split_fire", "FC-I7")
    settings = FleetCombatSettings(allow_split_fire=True)
    state = set_fire_orders(state, settings, command).state
    dice, faces = scripted(5, 5, 1, 1, 1, 1)

    outcome = resolve_round(state, settings, 1, dice)

    assert faces.remaining() == []
    parts = outcome.report.volleys[:2]
    assert [(v.target_class, v.attack_dice, v.wounds) for v in parts] == [
        ("fighter", 1, 1),
        ("destroyer", 1, 1),
    ]
    assert [(p.kills, p.lost_to_cap) for p in outcome.report.packets[:2]] == [(1, 0), (0, 1)]


# --- FC-I8 the ladder ------------------------------------------------------------------------


def test_fc_i8_order_above_reach_refused_naming_the_clause():
    """FC-5.4, FC-I8: fighters may not be ordered at cruisers while destroyers remain."""
    state = battle([("A", {"fighter": 2}), ("B", {"destroyer": 1, "cruiser": 1})])
    command = SetFireOrders(battle_id=1, faction="A", orders=[order("fighter", "B", "cruiser")])
    error = violation(set_fire_orders, state, DEFAULTS, command)
    assert (error.message_key, error.params["clause"]) == (
        "fleet_combat.error.target_not_eligible",
        "FC-5.4",
    )
    assert error.params["allowed"].render("en") == "destroyers"
    assert "the target may be at most 1 level higher" in error.message("en")
    assert error.message("en").endswith(
        " `/campaign settings set setting:fleet_combat.target_reach value:…`."
    )
    assert "не более чем на 1 уровень," in error.message("ru")


def test_fc_i8_a_wider_reach_is_the_reach_the_refusal_tells():
    """FC-I8 `target_reach = 2`: fighters may fire two levels up, not three, and the refusal
    says two."""
    state = battle([("A", {"fighter": 2}), ("B", {"destroyer": 1, "dreadnought": 1})])
    command = SetFireOrders(battle_id=1, faction="A", orders=[order("fighter", "B", "dreadnought")])
    error = violation(set_fire_orders, state, FleetCombatSettings(target_reach=2), command)
    assert "the target may be at most 2 levels higher" in error.message("en")
    assert "не более чем на 2 уровня," in error.message("ru")


def test_fc_i8_transports_can_never_be_targeted():
    """FC-5.8, FC-I13: an order at transports is refused."""
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1, "transport": 1})])
    command = SetFireOrders(battle_id=1, faction="A", orders=[order("cruiser", "B", "transport")])
    error = violation(set_fire_orders, state, DEFAULTS, command)
    assert (error.message_key, error.params["clause"]) == (
        "fleet_combat.error.target_transport",
        "FC-5.8",
    )


def test_fc_i8_target_reach_setting():
    """FC-I8 `target_reach`: 0 keeps destroyers at their own level or below."""
    counts = {"fighter": 1, "cruiser": 1}
    assert eligible_classes("destroyer", counts, DEFAULTS) == ["fighter", "cruiser"]
    assert eligible_classes("destroyer", counts, FleetCombatSettings(target_reach=0)) == ["fighter"]


def test_fc_i8_eligibility_is_judged_per_opponent():
    """FC-I8: B's fighters do not screen C's dreadnought from A's fighters."""
    state = battle([("A", {"fighter": 2}), ("B", {"fighter": 1}), ("C", {"dreadnought": 1})])
    targets = legal_targets(state, DEFAULTS, 1, "A", "fighter")
    assert [(t.opponent, t.target_class) for t in targets] == [
        ("B", "fighter"),
        ("C", "dreadnought"),
    ]


def test_fc_i8_order_made_illegal_before_the_round_falls_back_to_automatic():
    """FC-5.3, FC-I8: an order checked again at the round; if its target is gone the group
    gets an automatic target, reported as such."""
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1, "dreadnought": 1})])
    state = give_orders(state, "A", order("cruiser", "B", "destroyer"))
    command = RegisterFleet(
        faction="B", point=POINT, ships={"dreadnought": 1}, allow_while_engaged=True
    )
    state = register_fleet(state, DEFAULTS, command).state
    outcome = resolve_round(state, DEFAULTS, 1, Dice.seeded(2))
    first = outcome.report.volleys[0]
    assert (first.target_class, first.source) == ("dreadnought", "invalid_order")


# --- FC-I9 deferred damage ---------------------------------------------------------------


@pytest.mark.parametrize(("deferred", "b_fires"), [(True, True), (False, False)])
def test_fc_i9_destroyed_ship_still_fires_unless_damage_is_immediate(deferred, b_fires):
    """FC-I9: with deferred damage every ship alive at the start of the round fires; with
    `deferred_damage = false` a ship destroyed by an earlier volley does not."""
    settings = FleetCombatSettings(deferred_damage=deferred)
    state = battle([("A", {"cruiser": 1}), ("B", {"destroyer": 1})], settings=settings)
    faces = [5, 1, 1] + ([1] if b_fires else [])
    dice, source = scripted(*faces)
    outcome = resolve_round(state, settings, 1, dice)
    assert source.remaining() == []
    assert [v.shooter for v in outcome.report.volleys] == (["A", "B"] if b_fires else ["A"])
    assert ships_of(outcome.state, "B") == []


# --- FC-I10 tie-break ----------------------------------------------------------------------


def _e1_state():
    state = battle([("A", {"cruiser": 2}), ("B", {"destroyer": 3, "dreadnought": 1})])
    state = give_orders(state, "A", order("cruiser", "B", "dreadnought"))
    return give_orders(
        state, "B", order("destroyer", "A", "cruiser"), order("dreadnought", "A", "cruiser")
    )


E1_FACES = (5, 2, 6, 1, 3, 5, 6, 5, 4, 2, 6, 4, 1, 3, 1)


def test_fc_i10_random_tie_break_rolls_one_die_over_tied_ships():
    """FC-I10 `wound_tie_break = random`: FC-E1 with a d2 over c1, c2 (face 2 → c2)."""
    settings = FleetCombatSettings(wound_tie_break="random")
    dice, faces = scripted(*E1_FACES, 2)
    outcome = resolve_round(_e1_state(), settings, 1, dice)
    assert faces.remaining() == []
    assert (dice.records[-1].notation, dice.records[-1].clause) == ("1d2", "FC-I10")
    # The die's label, kept in the log, is a catalog key with its parameters: it reads in
    # each reader's language.
    label = purpose_text(dice.records[-1].purpose, "en", escaped=False)
    assert label == "Battle #1, round 1: A — which ship (#1, #2) takes the wound"
    label = purpose_text(dice.records[-1].purpose, "ru", escaped=False)
    assert label == "Бой №1, раунд 1: A — какой корабль (#1, #2) получит рану"
    assert ships_of(outcome.state, "A") == [(1, "cruiser", 0)]


def test_fc_i10_owner_choice_uses_the_owners_priority_list():
    """FC-I10 `wound_tie_break = owner_choice`: the owner's list puts c2 first."""
    settings = FleetCombatSettings(wound_tie_break="owner_choice")
    state = set_damage_priority(_e1_state(), settings, 1, "A", [2, 1]).state
    dice, _ = scripted(*E1_FACES)
    assert ships_of(resolve_round(state, settings, 1, dice).state, "A") == [(1, "cruiser", 0)]


# --- FC-I11 kill cap ----------------------------------------------------------------------


def test_fc_i11_no_kill_cap_lets_one_dreadnought_kill_three_fighters():
    """FC-I11 `kill_cap = false`: FC-E2's three wounds destroy three fighters."""
    settings = FleetCombatSettings(kill_cap=False)
    state = battle([("A", {"fighter": 4}), ("B", {"dreadnought": 1})], settings=settings)
    dice, _ = scripted(6, 2, 6, 3, 4, 2, 6, 4, 5)
    outcome = resolve_round(state, settings, 1, dice)
    assert ships_of(outcome.state, "A") == [(4, "fighter", 0)]
    assert outcome.report.volleys[1].kill_cap is None


# --- FC-I12 burn ------------------------------------------------------------------------------


def test_fc_i12_excess_spills_to_the_next_class_when_burn_is_off():
    """FC-I12 `burn_excess = false`: FC-E7's second wound moves on to a fighter."""
    settings = FleetCombatSettings(burn_excess=False)
    state = battle(
        [("A", {"cruiser": 2}), ("B", {"destroyer": 1, "fighter": 2})], settings=settings
    )
    state = give_orders(state, "A", order("cruiser", "B", "destroyer"), settings=settings)
    state = give_orders(state, "B", order("destroyer", "A", "cruiser"), settings=settings)
    dice, _ = scripted(5, 6, 6, 2, 1, 3, 6, 2, 1, 4)
    outcome = resolve_round(state, settings, 1, dice)
    first = outcome.report.packets[0]
    assert (first.spilled_to, first.kills, first.burned) == (["fighter"], 2, 0)
    assert ships_of(outcome.state, "B") == [(5, "fighter", 0)]


# --- FC-I13 transports ------------------------------------------------------------------------


@pytest.mark.parametrize(("die", "survive"), [(True, 0), (False, 1)])
def test_fc_i13_transports_on_mutual_wipe(die, survive):
    """FC-I13 `transports_die_on_mutual_wipe`: when both sides lose their last combat ships
    in one round, transports die by default and survive with the setting off."""
    settings = FleetCombatSettings(transports_die_on_mutual_wipe=die)
    state = battle(
        [("A", {"destroyer": 1, "transport": 1}), ("B", {"destroyer": 1})], settings=settings
    )
    dice, _ = scripted(6, 1, 6, 1)
    outcome = resolve_round(state, settings, 1, dice)
    assert len(ships_of(outcome.state, "A")) == survive
    assert outcome.report.result is not None
    assert outcome.report.result.reason == "no_combat_ships_left"


@pytest.mark.parametrize(("scope", "survive"), [("side", 1), ("participant", 0)])
def test_fc_i13_transport_loss_scope(scope, survive):
    """FC-I13 `transport_loss_scope`: an ally's transports are covered by its side's combat
    ships by default; judged per participant, they die at once."""
    settings = FleetCombatSettings(transport_loss_scope=scope)
    state = battle(
        [("A", {"cruiser": 1}), ("A2", {"transport": 1}), ("B", {"destroyer": 1})],
        attacker="B",
        targets=["A", "A2"],
        settings=settings,
    )
    state = set_allies(state, settings, 1, ["A", "A2"]).state
    dice, faces = scripted(1, 1, 1)
    outcome = resolve_round(state, settings, 1, dice)
    assert faces.remaining() == []
    assert len(ships_of(outcome.state, "A2")) == survive


def test_fc_i13_retreaters_transports_leave_with_surviving_combat_ships():
    """FC-I13, FC-I15: a retreater whose combat ships survive takes its transports along."""
    state = battle([("A", {"dreadnought": 1, "transport": 2}), ("B", {"fighter": 1})])
    state.battle(1).rounds_fought = 1
    state = declare_retreat(state, DEFAULTS, DeclareRetreat(battle_id=1, faction="A")).state
    dice, _ = scripted(1)
    outcome = resolve_round(state, DEFAULTS, 1, dice)
    assert [c for _, c, _ in ships_of(outcome.state, "A")] == [
        "dreadnought",
        "transport",
        "transport",
    ]
    assert outcome.report.left == ["A"]


# --- FC-I14 persistent wounds ---------------------------------------------------------------


@pytest.mark.parametrize(("persist", "c1_wounds"), [(True, 1), (False, 0)])
def test_fc_i14_wounds_persist_after_the_battle(persist, c1_wounds):
    """FC-I14 `wounds_persist_between_battles`: survivors keep their wound tokens after the
    battle by default; with the setting off they are cleared when it ends."""
    settings = FleetCombatSettings(wounds_persist_between_battles=persist)
    state = battle([("A", {"cruiser": 2}), ("B", {"destroyer": 2})], settings=settings)
    dice, _ = scripted(5, 2, 6, 6, 6, 1, 4, 5, 3, 2)
    outcome = resolve_round(state, settings, 1, dice)
    assert outcome.report.ended
    assert ships_of(outcome.state, "A") == [(1, "cruiser", c1_wounds), (2, "cruiser", 0)]
    repaired = repair_fleet(outcome.state, settings, "A", POINT).state
    assert ships_of(repaired, "A") == [(1, "cruiser", 0), (2, "cruiser", 0)]


# --- FC-I15 retreat --------------------------------------------------------------------------


def test_fc_i15_retreat_min_round_setting_allows_round_one():
    """FC-6.4, FC-I15 `retreat_min_round = 1`: a retreat in round 1 is accepted."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})])
    settings = FleetCombatSettings(retreat_min_round=1)
    outcome = declare_retreat(state, settings, DeclareRetreat(battle_id=1, faction="A"))
    assert outcome.battle.retreats == ["A"]


@pytest.mark.parametrize(("ladder", "expected"), [(True, "destroyer"), (False, "war_sun")])
def test_fc_i15_parting_volley_ladder_setting(ladder, expected):
    """FC-I15 `parting_volley_uses_ladder`: with the ladder fighters may only hit the
    retreater's destroyer; without it the automatic policy picks the war sun."""
    settings = FleetCombatSettings(parting_volley_uses_ladder=ladder)
    state = battle(
        [("A", {"destroyer": 1, "war_sun": 1}), ("B", {"fighter": 2})], settings=settings
    )
    state.battle(1).rounds_fought = 1
    state = declare_retreat(state, settings, DeclareRetreat(battle_id=1, faction="A")).state
    assert legal_targets(state, settings, 1, "B", "fighter")[-1].target_class == expected
    outcome = resolve_round(state, settings, 1, Dice.seeded(5))
    assert [(v.target_class, v.at_retreater) for v in outcome.report.volleys] == [(expected, True)]


def test_fc_i15_everyone_fires_at_the_retreater():
    """FC-6.2, FC-I15: with a hostile player retreating, orders must target a retreater;
    an earlier order at someone else is overridden at the round."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1}), ("C", {"cruiser": 1})])
    state.battle(1).rounds_fought = 1
    state = give_orders(state, "A", order("cruiser", "C", "cruiser"))
    state = declare_retreat(state, DEFAULTS, DeclareRetreat(battle_id=1, faction="B")).state
    command = SetFireOrders(battle_id=1, faction="A", orders=[order("cruiser", "C", "cruiser")])
    error = violation(set_fire_orders, state, DEFAULTS, command)
    assert (error.message_key, error.params["clause"]) == (
        "fleet_combat.error.must_fire_at_retreater",
        "FC-6.2",
    )
    # The orders panel reads A's order as the round will (`GroupStatus.aim`).
    assert [g.aim for g in firing_groups(state, DEFAULTS, 1, "A")] == ["retreat_override"]
    outcome = resolve_round(state, DEFAULTS, 1, Dice.seeded(8))
    assert [(v.shooter, v.target, v.source) for v in outcome.report.volleys] == [
        ("A", "B", "retreat_override"),
        ("C", "A", "automatic"),
    ]


def test_fc_i15_everyone_retreating_means_no_fire_and_all_leave():
    """FC-I15: if every participant retreats in the same round, nobody fires, all leave."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})])
    state.battle(1).rounds_fought = 1
    for faction in ("A", "B"):
        state = declare_retreat(state, DEFAULTS, DeclareRetreat(battle_id=1, faction=faction)).state
    dice, _ = scripted()
    outcome = resolve_round(state, DEFAULTS, 1, dice)
    assert dice.records == []
    assert outcome.report.volleys == []
    assert outcome.report.result is not None
    assert outcome.report.result.reason == "all_left"


def test_fc_i15_a_retreater_destroyed_by_the_parting_volley_is_not_told_to_move():
    """FC-6.3, FC-I15: A retreats with one destroyer; B's cruiser hits twice and both
    defence dice fail, so the destroyer falls. A has nothing left to move: the round and the
    turn's summary say so instead of "moves 2 points"."""
    from bot.rules.fleet_combat.turn import summary_lines

    state = battle([("A", {"destroyer": 1}), ("B", {"cruiser": 1})])
    state.battle(1).rounds_fought = 1
    state = declare_retreat(state, DEFAULTS, DeclareRetreat(battle_id=1, faction="A")).state
    dice, faces = scripted(6, 6, 1, 1)

    outcome = resolve_round(state, DEFAULTS, 1, dice)

    assert faces.remaining() == []
    assert ships_of(outcome.state, "A") == []
    told = [line.render("en") for line in outcome.lines]
    assert not any("moves 2 points" in line for line in told)
    assert "The parting volley destroyed every ship of A: nothing is left to move (FC-6.3)." in told
    summary = summary_lines([outcome.report], retreat_distance=2)[0].render("en")
    assert "moves" not in summary
    assert "A retreated, but the parting volley destroyed all its ships (FC-6.3)" in summary


# --- FC-I16 battle end ------------------------------------------------------------------------


def test_fc_i16_max_rounds_ends_in_a_draw():
    """FC-I16 `max_rounds`: after round N the battle ends as a draw with both standing."""
    settings = FleetCombatSettings(max_rounds=1)
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})], settings=settings)
    dice, _ = scripted(1, 1, 1, 1)
    outcome = resolve_round(state, settings, 1, dice)
    assert outcome.report.result is not None
    assert (outcome.report.result.reason, outcome.report.result.holders) == (
        "round_cap",
        ["A", "B"],
    )


def test_fc_i16_gm_may_close_a_battle():
    """FC-I16: the GM may close a battle by command; later commands see it as over."""
    state = battle([("A", {"cruiser": 1}), ("B", {"cruiser": 1})])
    closed = close_battle(state, DEFAULTS, 1)
    assert closed.battle.result is not None
    assert closed.battle.result.reason == "closed_by_gm"
    error = violation(resolve_round, closed.state, DEFAULTS, 1, Dice.seeded(1))
    assert (error.message_key, error.params["clause"]) == (
        "fleet_combat.error.battle_over",
        "FC-I16",
    )


# --- FC-I17 automatic policy -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("policy", "expected"),
    [("highest_level", "dreadnought"), ("lowest_level", "fighter"), ("most_ships", "destroyer")],
)
def test_fc_i17_auto_target_policy(policy, expected):
    """FC-I17 `auto_target_policy`: highest level (default), lowest level, or most ships."""
    settings = FleetCombatSettings(auto_target_policy=policy)
    state = battle(
        [("A", {"fighter": 1, "destroyer": 3, "dreadnought": 1}), ("B", {"cruiser": 1})],
        settings=settings,
    )
    outcome = resolve_round(state, settings, 1, Dice.seeded(4))
    assert [v.target_class for v in outcome.report.volleys if v.shooter == "B"] == [expected]


def test_fc_i17_ties_go_to_more_ships_then_class_order_then_turn_order():
    """FC-I17: on one level, the class with more ships; then fighter…war sun order; then
    the earlier participant."""
    more = battle([("A", {"cruiser": 1, "carrier": 2}), ("B", {"destroyer": 1})])
    assert (
        resolve_round(more, DEFAULTS, 1, Dice.seeded(1)).report.volleys[-1].target_class
        == "carrier"
    )
    even = battle([("A", {"cruiser": 1, "carrier": 1}), ("B", {"destroyer": 1})])
    assert (
        resolve_round(even, DEFAULTS, 1, Dice.seeded(1)).report.volleys[-1].target_class
        == "cruiser"
    )
    two = battle(
        [("A", {"cruiser": 1}), ("B", {"cruiser": 1}), ("C", {"destroyer": 1})], attacker="C"
    )
    last = resolve_round(two, DEFAULTS, 1, Dice.seeded(1)).report.volleys[0]
    assert (last.shooter, last.target) == ("A", "C")
    first = [
        v
        for v in resolve_round(two, DEFAULTS, 1, Dice.seeded(1)).report.volleys
        if v.shooter == "C"
    ]
    assert first[0].target == "A"


def test_fc_i17_unlisted_groups_fire_by_ascending_level():
    """FC-I7, FC-I17: without orders, groups fire fighters first, up to the war sun, with
    cruisers before carriers on level 3."""
    state = battle(
        [("A", {"war_sun": 1, "carrier": 1, "cruiser": 1, "fighter": 1}), ("B", {"dreadnought": 3})]
    )
    outcome = resolve_round(state, DEFAULTS, 1, Dice.seeded(6))
    assert [v.ship_class for v in outcome.report.volleys if v.shooter == "A"] == [
        "fighter",
        "cruiser",
        "carrier",
        "war_sun",
    ]
