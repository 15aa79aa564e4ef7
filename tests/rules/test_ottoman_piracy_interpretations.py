"""Ottoman piracy: one test per interpretation that changes behaviour (OP-I1-I14), with its
setting flipped where it has one. Scripted dice make every outcome exact."""

from __future__ import annotations

import pytest
from ottoman_piracy_helpers import DEFAULTS
from ottoman_piracy_helpers import at_war
from ottoman_piracy_helpers import declaration
from ottoman_piracy_helpers import in_ottoman_impulse

from bot.dice import Dice
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.rules import ottoman_piracy as op
from bot.rules.ottoman_piracy import models


def target_dice(
    state: models.OttomanPiracyState,
    settings: models.OttomanPiracySettings,
    decl: models.PiracyDeclaration,
) -> list[int]:
    return [s.dice for s in op.count_target_dice(state, settings, decl)]


def refused_key(excinfo: pytest.ExceptionInfo[RuleViolation]) -> tuple[str, object]:
    return excinfo.value.message_key, excinfo.value.params.get("clause")


# --- OP-I1 ---------------------------------------------------------------------------------


def test_op_i1_hits_are_fives_and_sixes_by_default_and_sixes_only_when_set() -> None:
    """OP-I1: faces 5 and 6 hit; with `hit_min_face = 6` a 5 misses in both rolls."""
    decl = declaration(squadrons=[models.SquadronGroup(power="hapsburg", location="zone")])
    # 2 target dice: `5, 1` sinks a corsair, leaving 1 Ottoman die: `5` hits.
    default = op.declare_piracy(at_war(), DEFAULTS, decl, Dice.scripted([5, 1, 5]), turn=1)
    assert (default.piracy.anti_piracy_hits, default.piracy.hits) == (1, 1)

    sixes = models.OttomanPiracySettings(hit_min_face=6)
    # `5, 1` misses, both corsairs stay: 2 Ottoman dice `5, 6`, one hit.
    strict = op.declare_piracy(at_war(), sixes, decl, Dice.scripted([5, 1, 5, 6]), turn=1)
    assert (strict.piracy.anti_piracy_hits, strict.piracy.hits) == (0, 1)


# --- OP-I2 ---------------------------------------------------------------------------------


def test_op_i2_piracy_without_corsairs_is_refused_unless_the_setting_allows_it() -> None:
    """OP-I2: no corsair, no piracy; with `require_corsairs = false` the declaration stands,
    the marker is placed, and step 4 is never reached."""
    with pytest.raises(RuleViolation) as refused:
        op.declare_piracy(at_war(), DEFAULTS, declaration(corsairs=0), Dice.scripted([]), turn=1)
    assert refused_key(refused) == ("ottoman_piracy.error.no_corsairs", "OP-I2")
    setting = "setting:ottoman_piracy.require_corsairs value:false`."
    assert refused.value.message("en").endswith(f" `/campaign settings set {setting}")
    russian = (
        " `/кампания настройки изменить настройка:ottoman_piracy.require_corsairs значение:false`."
    )
    assert refused.value.message("ru").endswith(russian)

    lax = models.OttomanPiracySettings(require_corsairs=False)
    outcome = op.declare_piracy(at_war(), lax, declaration(corsairs=0), Dice.scripted([]), turn=1)
    assert outcome.piracy.ottoman_dice is None
    assert outcome.piracy.hits == 0
    assert outcome.state.piracy_markers[0].zone_key == "ionian_sea"


def test_op_i2_the_ottomans_cannot_be_the_target() -> None:
    """OP-1.2, OP-I2: the target is another power."""
    with pytest.raises(RuleViolation) as refused:
        op.declare_piracy(
            at_war(), DEFAULTS, declaration(target="Ottomans"), Dice.scripted([]), turn=1
        )
    assert refused_key(refused) == ("ottoman_piracy.error.target_is_ottoman", "OP-1.2")


def test_op_i2_the_target_must_control_an_adjacent_port() -> None:
    """OP-1.2, OP-I2: a power without a port on the zone cannot be targeted."""
    with pytest.raises(RuleViolation) as refused:
        op.declare_piracy(
            at_war(), DEFAULTS, declaration(target_ports=0), Dice.scripted([]), turn=1
        )
    assert refused_key(refused) == ("ottoman_piracy.error.no_target_port", "OP-1.2")


def test_op_1_3_the_target_need_not_be_at_war_with_the_ottomans() -> None:
    """OP-1.3: a target at peace is still a valid target."""
    outcome = op.declare_piracy(
        in_ottoman_impulse(),
        DEFAULTS,
        declaration(target="england"),
        Dice.scripted([1, 1]),
        1,
    )
    assert outcome.piracy.target == "england"


def test_op_i2_piracy_is_declared_only_in_an_ottoman_impulse() -> None:
    """OP-1.1, OP-I2: the Ottomans must be the active power; before any impulse is started
    nobody is, and the refusal says who starts theirs and how."""
    before = models.OttomanPiracyState(at_war_with_ottomans=["hapsburg"])
    with pytest.raises(RuleViolation) as refused:
        op.declare_piracy(before, DEFAULTS, declaration(), Dice.scripted([]), turn=1)
    assert refused_key(refused) == ("ottoman_piracy.error.no_impulse", "OP-I2")
    assert "a GM starts their impulse with /corsairs impulse power:ottoman" in (
        refused.value.message("en")
    )
    france_active = op.start_impulse(before, "France").state
    with pytest.raises(RuleViolation) as refused:
        op.declare_piracy(france_active, DEFAULTS, declaration(), Dice.scripted([]), turn=1)
    assert refused_key(refused) == ("ottoman_piracy.error.not_ottoman_impulse", "OP-1.1")
    ottoman_active = op.start_impulse(france_active, "ottoman").state
    outcome = op.declare_piracy(ottoman_active, DEFAULTS, declaration(), Dice.scripted([1, 1]), 1)
    assert outcome.piracy.impulse == 2


# --- OP-I3 ---------------------------------------------------------------------------------


def test_op_i3_a_house_rule_may_allow_two_piracies_per_zone_per_turn() -> None:
    """OP-I3: `piracy_per_zone_per_turn = 2` lets a second piracy in, refuses a third."""
    twice = models.OttomanPiracySettings(piracy_per_zone_per_turn=2)
    state = at_war()
    for _ in range(2):
        state = op.declare_piracy(state, twice, declaration(), Dice.scripted([1, 1]), 1).state
    assert state.piracy_markers[0].piracy_ids == [1, 2]
    with pytest.raises(RuleViolation):
        op.declare_piracy(state, twice, declaration(), Dice.scripted([]), turn=1)


def test_op_i3_a_marker_of_an_earlier_turn_does_not_block_the_zone() -> None:
    """OP-I3: markers count for their own turn only, even before the end-of-turn step."""
    first = op.declare_piracy(at_war(), DEFAULTS, declaration(), Dice.scripted([1, 1]), turn=1)
    later = op.declare_piracy(first.state, DEFAULTS, declaration(), Dice.scripted([1, 1]), turn=2)
    assert later.piracy.id == 2


def test_op_i3_custom_sea_zones_are_marked_too() -> None:
    """OP-1.4: a zone missing from the map data is keyed by its name."""
    first = op.declare_piracy(
        at_war(), DEFAULTS, declaration(sea_zone="Sea of Marmara"), Dice.scripted([1, 1]), 1
    )
    assert first.state.piracy_markers[0].zone_key == "sea_of_marmara"
    with pytest.raises(RuleViolation):
        op.declare_piracy(
            first.state, DEFAULTS, declaration(sea_zone="sea of  marmara"), Dice.scripted([]), 1
        )


# --- OP-I4 ---------------------------------------------------------------------------------


def test_op_i4_target_squadrons_in_the_zone_give_two_dice_each() -> None:
    """OP-2.2: 2 dice per target squadron in the piracy zone."""
    decl = declaration(squadrons=[models.SquadronGroup(power="hapsburg", location="zone", count=2)])
    assert target_dice(at_war(), DEFAULTS, decl) == [4]


def test_op_i4_adjacent_squadrons_of_the_target_or_powers_at_war_give_one_die() -> None:
    """OP-2.3: 1 die per squadron of the target or of a power at war, in an adjacent sea zone
    or port; a power at peace gives none; Ottoman squadrons never do."""
    decl = declaration(
        target="papacy",
        squadrons=[
            models.SquadronGroup(power="papacy", location="adjacent_sea", place="Adriatic Sea"),
            models.SquadronGroup(power="venice", location="adjacent_port", place="Corfu", count=2),
            models.SquadronGroup(power="france", location="adjacent_sea", place="Tyrrhenian Sea"),
            models.SquadronGroup(power="ottoman", location="adjacent_sea", place="Aegean Sea"),
        ],
    )
    sources = op.count_target_dice(at_war("venice"), DEFAULTS, decl)
    assert [(s.dice, s.excluded) for s in sources] == [
        (1, None),
        (2, None),
        (0, "not_at_war"),
        (0, "ottoman"),
    ]


def test_op_i4_third_power_squadrons_in_the_zone_itself_give_dice_only_by_setting() -> None:
    """OP-I4: a squadron of a third power at war in the piracy zone gives no die by default,
    and `other_powers_in_zone_dice` per squadron when set."""
    decl = declaration(squadrons=[models.SquadronGroup(power="venice", location="zone")])
    sources = op.count_target_dice(at_war("venice"), DEFAULTS, decl)
    assert [(s.dice, s.excluded) for s in sources] == [(0, "third_power_in_zone")]
    one_each = models.OttomanPiracySettings(other_powers_in_zone_dice=1)
    assert target_dice(at_war("venice"), one_each, decl) == [1]
    assert target_dice(at_war(), one_each, decl) == [0]  # not at war: still nothing


# --- OP-I5 ---------------------------------------------------------------------------------


def test_op_i5_keys_and_fortified_cities_give_no_dice_unless_set() -> None:
    """OP-2.5, OP-I5: only fortresses count; with `fortified_spaces_count` every fortified
    space does."""
    decl = declaration(
        fortified_spaces=[
            models.FortifiedSpace(name="Naples", controller="hapsburg", space_type="key"),
            models.FortifiedSpace(
                name="Taranto", controller="hapsburg", space_type="fortified_city"
            ),
            models.FortifiedSpace(name="Malta", controller="hospitallers"),
        ]
    )
    sources = op.count_target_dice(at_war(), DEFAULTS, decl)
    assert [(s.dice, s.excluded) for s in sources] == [
        (0, "not_a_fortress"),
        (0, "not_a_fortress"),
        (1, None),
    ]
    every = models.OttomanPiracySettings(fortified_spaces_count=True)
    assert target_dice(at_war(), every, decl) == [1, 1, 1]


# --- OP-I6 ---------------------------------------------------------------------------------


def test_op_i6_besieged_or_unrest_fortresses_and_powers_at_peace_give_no_dice() -> None:
    """OP-2.4, OP-I6: a fortress counts only if not besieged, not in unrest, and held by the
    target, a power at war, or the Hospitallers (Papal Corfu at peace gives nothing)."""
    decl = declaration(
        fortified_spaces=[
            models.FortifiedSpace(name="Messina", controller="hapsburg", besieged=True),
            models.FortifiedSpace(name="Tunis", controller="hapsburg", unrest=True),
            models.FortifiedSpace(name="Corfu", controller="papacy"),
            models.FortifiedSpace(name="Venice", controller="venice"),
            models.FortifiedSpace(name="Coron", controller="ottoman"),
        ]
    )
    sources = op.count_target_dice(at_war("venice"), DEFAULTS, decl)
    assert [(s.dice, s.excluded) for s in sources] == [
        (0, "besieged"),
        (0, "unrest"),
        (0, "not_at_war"),
        (1, None),
        (0, "ottoman"),
    ]


def test_op_i6_hospitallers_count_for_any_target_or_only_one_at_war_by_setting() -> None:
    """OP-I6: Hospitaller fortresses count whatever the target's war status; with
    `hospitallers_count = false` only for a target at war with the Ottomans."""
    decl = declaration(
        target="papacy",
        fortified_spaces=[models.FortifiedSpace(name="Malta", controller="Knights of St John")],
    )
    assert decl.fortified_spaces[0].controller == "hospitallers"
    assert target_dice(at_war(), DEFAULTS, decl) == [1]
    strict = models.OttomanPiracySettings(hospitallers_count=False)
    assert target_dice(at_war(), strict, decl) == [0]
    assert target_dice(at_war("papacy"), strict, decl) == [1]


# --- OP-I7 ---------------------------------------------------------------------------------


def test_op_i7_extra_anti_piracy_hits_are_lost_or_sink_squadrons_by_setting() -> None:
    """OP-I7: hits beyond the corsairs are lost; with `anti_piracy_hits_hit_squadrons` they
    sink the Ottoman squadrons in the zone (reported; players remove them)."""
    decl = declaration(
        corsairs=1,
        ottoman_squadrons=2,
        squadrons=[models.SquadronGroup(power="hapsburg", location="zone", count=2)],
    )
    lost = op.declare_piracy(at_war(), DEFAULTS, decl, Dice.scripted([6, 6, 6, 1]), turn=1)
    assert (lost.piracy.corsairs_lost, lost.piracy.ottoman_squadrons_lost) == (1, 0)
    assert any(line.key == "ottoman_piracy.line.extra_hits_lost" for line in lost.lines)

    sinking = models.OttomanPiracySettings(anti_piracy_hits_hit_squadrons=True)
    sunk = op.declare_piracy(at_war(), sinking, decl, Dice.scripted([6, 6, 6, 1]), turn=1)
    assert (sunk.piracy.corsairs_lost, sunk.piracy.ottoman_squadrons_lost) == (1, 2)
    assert sunk.piracy.ottoman_dice is None


# --- OP-I8 ---------------------------------------------------------------------------------


def test_op_i8_corsairs_are_counted_after_the_anti_piracy_roll_unless_set_before() -> None:
    """OP-I8: 2 corsairs, 1 sunk, 2 target ports: base 1 after step 3 (as in OP-6.8), base 2
    when counted before it."""
    decl = declaration(squadrons=[models.SquadronGroup(power="hapsburg", location="zone")])
    after = op.declare_piracy(at_war(), DEFAULTS, decl, Dice.scripted([6, 1, 1]), turn=1)
    assert after.piracy.ottoman_dice is not None
    assert (after.piracy.ottoman_dice.base, after.piracy.ottoman_dice.total) == (1, 1)

    before = models.OttomanPiracySettings(corsair_count_timing="before_anti_piracy")
    counted = op.declare_piracy(at_war(), before, decl, Dice.scripted([6, 1, 1, 1]), turn=1)
    assert counted.piracy.ottoman_dice is not None
    assert (counted.piracy.ottoman_dice.corsairs_counted, counted.piracy.ottoman_dice.base) == (
        2,
        2,
    )


def test_op_4_2_a_single_target_port_gives_one_base_die() -> None:
    """OP-4.2, OP-I8: either condition alone gives a base of 1."""
    dice = op.count_ottoman_dice(DEFAULTS, declaration(corsairs=3, target_ports=1), 3)
    assert (dice.base, dice.base_reason) == (1, "one_port")
    dice = op.count_ottoman_dice(DEFAULTS, declaration(corsairs=3, target_ports=3), 3)
    assert (dice.base, dice.base_reason) == (2, "otherwise")


# --- OP-I9 ---------------------------------------------------------------------------------


def test_op_i9_two_leaders_add_both_ratings_or_only_the_highest_by_setting() -> None:
    """OP-4.4, OP-I9: Barbarossa 1 + Dragut 2 = 3 extra dice; `leader_rating_mode = max`
    gives 2."""
    both = declaration(naval_leaders=["Barbarossa", "Драгут"])
    assert op.count_ottoman_dice(DEFAULTS, both, 2).total == 2 + 3
    best = models.OttomanPiracySettings(leader_rating_mode="max")
    counted = op.count_ottoman_dice(best, both, 2)
    assert counted.total == 2 + 2
    assert [(b.leader, b.counted) for b in counted.leaders] == [
        ("barbarossa", False),
        ("dragut", True),
    ]


def test_op_i9_piracy_ratings_come_from_the_settings_table() -> None:
    """OP-I9: the ratings table is a setting; an unknown leader is NotFound."""
    table = models.OttomanPiracySettings(piracy_ratings={"Barbarossa": 3, "Turgut Reis": 1})
    assert op.count_ottoman_dice(table, declaration(naval_leaders=["barbarossa"]), 2).total == 5
    with pytest.raises(NotFound):
        op.declare_piracy(
            at_war(), DEFAULTS, declaration(naval_leaders=["Nelson"]), Dice.scripted([]), 1
        )


# --- OP-I10 --------------------------------------------------------------------------------


def test_op_i10_the_chooser_is_the_target_or_the_ottomans_by_setting() -> None:
    """OP-I10: by default the target chooses; `reward_chooser = ottoman` hands the choice to
    the Ottomans (the options stay the same)."""
    dice = [6, 6]  # no anti-piracy dice; 2 Ottoman dice, 2 hits
    default = op.declare_piracy(at_war(), DEFAULTS, declaration(), Dice.scripted(dice), 1)
    assert default.piracy.chooser == "hapsburg"
    ottoman = models.OttomanPiracySettings(reward_chooser="ottoman")
    chosen_by_ottomans = op.declare_piracy(at_war(), ottoman, declaration(), Dice.scripted(dice), 1)
    assert chosen_by_ottomans.piracy.chooser == "ottoman"
    assert "Османы" in chosen_by_ottomans.lines[-1].render("ru")


def test_op_i12_with_the_ottomans_choosing_only_the_target_states_its_hand() -> None:
    """OP-I10 `reward_chooser = ottoman`, OP-I12: the Ottoman player may take a card from the
    Habsburgs' unknown hand but may not say how many cards it holds; taking it asks the
    Habsburgs, whose answer takes the card (1dH) for that hit and nothing else."""
    ottoman = models.OttomanPiracySettings(reward_chooser="ottoman")
    state = at_war().model_copy(
        update={"power_factions": {"ottoman": "Suleiman", "hapsburg": "Charles"}}
    )
    declared = op.declare_piracy(state, ottoman, declaration(), Dice.scripted([6, 6]), 1)
    assert [(o.reward, o.needs_hand_size) for o in declared.options] == [
        ("card", True),
        ("vp", False),
    ]
    with pytest.raises(NotAllowed) as refused:
        op.choose_reward(
            declared.state,
            ottoman,
            1,
            "card",
            Dice.scripted([1]),
            hand_size=1,
            by_faction="Suleiman",
        )
    assert refused.value.message_key == "ottoman_piracy.error.not_your_hand"

    taken = op.choose_reward(
        declared.state, ottoman, 1, "card", Dice.scripted([]), by_faction="Suleiman"
    )
    assert taken.piracy.status == "awaiting_hand_size" and taken.applied == []
    assert op.asked_power(taken.piracy) == "hapsburg"
    assert taken.state.hand_sizes == {}
    assert [o.reward for o in taken.options] == ["card"]  # no other reward for the target
    with pytest.raises(NotAllowed):
        op.set_hand_size(taken.state, ottoman, 1, 3, Dice.scripted([2]), by_faction="Suleiman")
    stated = op.set_hand_size(taken.state, ottoman, 1, 3, Dice.scripted([2]), by_faction="Charles")
    assert [(r.reward, r.how, r.card_index) for r in stated.piracy.rewards] == [
        ("card", "chosen", 2)
    ]
    assert stated.state.hand_sizes == {"hapsburg": 2}
    assert (stated.piracy.status, op.asked_power(stated.piracy)) == ("awaiting_choice", "ottoman")
    assert [o.reward for o in stated.options] == ["card", "vp"]  # hit 2: the Ottomans choose

    empty = op.set_hand_size(taken.state, ottoman, 1, 0, Dice.scripted([]), by_faction="Charles")
    assert [(r.reward, r.how) for r in empty.piracy.rewards] == [("vp", "automatic")] * 2


def test_op_i10_forced_order_follows_the_setting() -> None:
    """OP-I10: `forced_reward_order = [card, squadron, vp]` forces a card first (1dH roll)."""
    order = models.OttomanPiracySettings(forced_reward_order=["card", "squadron", "vp"])
    dice = Dice.scripted([6, 1, 4])  # one hit; then d5 -> 4
    declared = op.declare_piracy(at_war(), order, declaration(target_hand_size=5), dice, turn=1)
    forced = op.force_default_reward(declared.state, order, 1, dice)
    assert [(r.reward, r.card_index) for r in forced.piracy.rewards] == [("card", 4)]


def test_op_i10_a_card_first_in_the_order_asks_its_hand_rather_than_forcing_the_next() -> None:
    """OP-I10, OP-I12: with the card first in `forced_reward_order` and the hand unknown, the
    card is still the first possible reward: the force asks for the hand instead of giving
    VP; given the hand, it takes the card."""
    order = models.OttomanPiracySettings(forced_reward_order=["card", "vp", "squadron"])
    dice = Dice.scripted([6, 1, 3])  # one hit; then d4 -> 3
    declared = op.declare_piracy(at_war(), order, declaration(), dice, turn=1)
    with pytest.raises(RuleViolation) as refused:
        op.force_default_reward(declared.state, order, 1, dice)
    assert refused_key(refused) == ("ottoman_piracy.error.force_hand_size_needed", "OP-I12")
    forced = op.force_default_reward(declared.state, order, 1, dice, hand_size=4)
    assert [(r.reward, r.card_index) for r in forced.piracy.rewards] == [("card", 3)]
    assert forced.state.piracy_vp == 0


def test_op_i10_one_possible_reward_is_applied_and_none_loses_the_remaining_hits() -> None:
    """OP-5.9, OP-I10: with VP capped, no cards and no squadron every hit is lost at once."""
    outcome = op.declare_piracy(
        at_war(vp=10), DEFAULTS, declaration(target_hand_size=0), Dice.scripted([5, 6]), 1
    )
    assert [(r.reward, r.how) for r in outcome.piracy.rewards] == [(None, "lost"), (None, "lost")]
    assert outcome.piracy.status == "done"
    assert outcome.options == []


# --- OP-I11 --------------------------------------------------------------------------------


def test_op_i11_only_the_targets_own_squadrons_can_be_given_up_unless_set() -> None:
    """OP-I11: an ally's squadron in range is not a reward option by default; with
    `squadron_reward_owner = target_or_allies` it is, after the target's own."""
    decl = declaration(
        target_hand_size=0,
        squadrons=[
            models.SquadronGroup(power="venice", location="adjacent_port", place="Corfu"),
            models.SquadronGroup(power="hapsburg", location="adjacent_port", place="Messina"),
        ],
    )
    faces = [1, 1, 6, 6]  # 2 anti-piracy dice miss; 2 Ottoman dice, 2 hits
    default = op.declare_piracy(at_war("venice"), DEFAULTS, decl, Dice.scripted(faces), 1)
    assert [(o.reward, o.squadron and o.squadron.power) for o in default.options] == [
        ("squadron", "hapsburg"),
        ("vp", None),
    ]
    allies = models.OttomanPiracySettings(squadron_reward_owner="target_or_allies")
    shared = op.declare_piracy(at_war("venice"), allies, decl, Dice.scripted(faces), 1)
    assert [o.squadron.power for o in shared.options if o.squadron] == ["hapsburg", "venice"]
    with pytest.raises(RuleViolation) as which:
        op.choose_reward(shared.state, allies, 1, "squadron", Dice.scripted([]))
    assert which.value.message_key == "ottoman_piracy.error.which_squadron"
    venetian = next(o for o in shared.options if o.squadron and o.squadron.power == "venice")
    given = op.choose_reward(
        shared.state, allies, 1, "squadron", Dice.scripted([]), squadron=venetian.squadron_index
    )
    assert given.applied[0].squadron is not None
    assert given.applied[0].squadron.place == "Corfu"


# --- OP-I12 --------------------------------------------------------------------------------


def one_card_hit(settings: models.OttomanPiracySettings, hand: int | None) -> op.PiracyOutcome:
    """One Ottoman hit with VP capped and no squadron: a card is the only possible reward."""
    return op.declare_piracy(
        at_war(vp=10), settings, declaration(target_hand_size=hand), Dice.scripted([6, 1]), 1
    )


def test_op_5_7_no_card_from_an_empty_hand() -> None:
    """OP-5.7: a card is not offered from an empty hand, and choosing it is refused."""
    only_vp = op.declare_piracy(
        at_war(), DEFAULTS, declaration(target_hand_size=0), Dice.scripted([6, 5]), 1
    )
    assert [(r.reward, r.how) for r in only_vp.piracy.rewards] == [
        ("vp", "automatic"),
        ("vp", "automatic"),
    ]
    state = in_ottoman_impulse(at_war_with_ottomans=["hapsburg"], piracy_vp=0)
    two_hits = op.declare_piracy(
        state,
        DEFAULTS,
        declaration(
            target_hand_size=0,
            squadrons=[
                models.SquadronGroup(power="hapsburg", location="adjacent_sea", place="Aegean")
            ],
        ),
        Dice.scripted([1, 6, 5]),
        1,
    )
    with pytest.raises(RuleViolation) as refused:
        op.choose_reward(two_hits.state, DEFAULTS, 1, "card", Dice.scripted([]))
    assert refused_key(refused) == ("ottoman_piracy.error.empty_hand", "OP-5.7")


def test_op_i12_a_card_as_the_only_reward_is_taken_automatically_with_a_logged_roll() -> None:
    """OP-5.9, OP-I12: one possible reward is applied at once: 1dH picks the card."""
    dice = Dice.scripted([6, 1, 2])
    outcome = op.declare_piracy(at_war(vp=10), DEFAULTS, declaration(target_hand_size=3), dice, 1)
    assert [(r.reward, r.how, r.card_index) for r in outcome.piracy.rewards] == [
        ("card", "automatic", 2)
    ]
    assert (dice.records[-1].notation, dice.records[-1].purpose) == ("1d3", op.ROLL_RANDOM_CARD)
    assert outcome.state.hand_sizes == {"hapsburg": 2}


def test_op_i12_unknown_hand_size_is_asked_only_when_a_card_is_the_only_reward() -> None:
    """OP-I12: the piracy waits for the hand size; H >= 1 takes the card, H = 0 loses the hit."""
    waiting = one_card_hit(DEFAULTS, None)
    assert waiting.piracy.status == "awaiting_hand_size"
    assert op.waiting_for(waiting.state, DEFAULTS, 1)[0].key == "ottoman_piracy.waiting.hand_size"

    taken = op.set_hand_size(waiting.state, DEFAULTS, 1, 4, Dice.scripted([4]))
    assert [(r.reward, r.card_index, r.hand_size) for r in taken.piracy.rewards] == [("card", 4, 4)]
    empty = op.set_hand_size(waiting.state, DEFAULTS, 1, 0, Dice.scripted([]))
    assert [r.how for r in empty.piracy.rewards] == ["lost"]


def test_op_i12_choosing_a_card_from_an_unknown_hand_needs_its_size() -> None:
    """OP-I12: the bot cannot roll 1dH without H; given with the choice, it rolls."""
    declared = op.declare_piracy(at_war(), DEFAULTS, declaration(), Dice.scripted([6, 6]), 1)
    assert declared.options[0].needs_hand_size
    with pytest.raises(RuleViolation) as refused:
        op.choose_reward(declared.state, DEFAULTS, 1, "card", Dice.scripted([]))
    assert refused_key(refused) == ("ottoman_piracy.error.hand_size_needed", "OP-I12")
    taken = op.choose_reward(declared.state, DEFAULTS, 1, "card", Dice.scripted([1]), hand_size=2)
    assert taken.piracy.hand_size == 1
    assert [o.reward for o in taken.options] == ["card", "vp"]


def test_op_i12_physical_draw_takes_the_card_without_a_roll() -> None:
    """OP-I12: with `random_card_method = physical_draw` the bot records the card, no roll."""
    physical = models.OttomanPiracySettings(random_card_method="physical_draw")
    dice = Dice.scripted([6, 1])
    outcome = op.declare_piracy(at_war(vp=10), physical, declaration(target_hand_size=3), dice, 1)
    assert [(r.reward, r.card_index) for r in outcome.piracy.rewards] == [("card", None)]
    assert [r.purpose for r in dice.records] == [op.ROLL_PIRACY]
    assert len(outcome.state.card_locks) == 1


def test_op_i12_a_stolen_card_unlocks_at_the_next_impulse() -> None:
    """OP-5.5, OP-I12: locked during the piracy's impulse, playable from the next one."""
    state = at_war(vp=10)  # in the Ottomans' impulse 1
    taken = op.declare_piracy(
        state, DEFAULTS, declaration(target_hand_size=3), Dice.scripted([6, 1, 1]), 1
    )
    assert taken.state.card_locks[0].impulse == 1
    after = op.start_impulse(taken.state, "hapsburg")
    assert after.state.card_locks == []
    assert [line.key for line in after.lines][-1] == "ottoman_piracy.line.card_unlocked"


def test_op_i12_with_the_setting_a_card_waits_for_the_next_ottoman_impulse() -> None:
    """OP-I12: `stolen_card_lock = until_next_ottoman_impulse` keeps the card locked through
    other powers' impulses."""
    ottoman_lock = models.OttomanPiracySettings(stolen_card_lock="until_next_ottoman_impulse")
    state = op.start_impulse(at_war(vp=10), "ottoman").state
    taken = op.declare_piracy(
        state, ottoman_lock, declaration(target_hand_size=3), Dice.scripted([6, 1, 1]), 1
    )
    hapsburg = op.start_impulse(taken.state, "hapsburg").state
    assert len(hapsburg.card_locks) == 1
    ottoman = op.start_impulse(hapsburg, "Ottomans").state
    assert ottoman.card_locks == []


# --- OP-I13 --------------------------------------------------------------------------------


def test_op_i13_a_variant_cap_above_ten_lets_vp_grow_past_ten() -> None:
    """OP-I13: `piracy_vp_cap = 12` offers VP at 10 and caps at 12."""
    higher = models.OttomanPiracySettings(piracy_vp_cap=12)
    declared = op.declare_piracy(
        at_war(vp=10), higher, declaration(target_hand_size=0), Dice.scripted([6, 6]), 1
    )
    assert [(r.reward, r.vp_after) for r in declared.piracy.rewards] == [
        ("vp", 11),
        ("vp", 12),
    ]


def test_op_i13_a_cap_lowered_below_the_vp_gained_keeps_them_and_reads_as_reached() -> None:
    """OP-I13: the Ottomans gained 11 piracy VP under a cap of 12, then the GM lowers the cap
    to 10. The 11 stay (they were gained); +1 VP is not offered, and choosing it on a question
    asked before is refused naming the 11 and the cap; what shows the VP against the cap
    reads "11 (cap 10 reached)", never "11/10"; saving such settings tells the GM."""
    twelve = models.OttomanPiracySettings(piracy_vp_cap=12)
    squadron = declaration(squadrons=[models.SquadronGroup(power="hapsburg", location="zone")])
    # 2 Habsburg dice `1, 1` miss; 2 Ottoman dice `6, 6`: two hits, VP offered under 12.
    gained = at_war("hapsburg", vp=11)
    asked = op.declare_piracy(gained, twelve, squadron, Dice.scripted([1, 1, 6, 6]), 1)
    assert "vp" in [o.reward for o in asked.options]

    with pytest.raises(RuleViolation) as refused:
        op.choose_reward(asked.state, DEFAULTS, 1, "vp", Dice.scripted([]), hit=1)
    assert refused_key(refused) == ("ottoman_piracy.error.vp_past_cap", "OP-I13")
    assert refused.value.message("en") == (
        "The Ottomans have 11 piracy VP, past the cap of 10, and cannot have more; "
        "choose another reward (OP-I13)."
    )
    assert refused.value.message("ru") == (
        "У Османов уже 11 VP за пиратство — это выше предела 10, больше быть не может; "
        "выберите другую награду (OP-I13)."
    )

    # No squadron and no card to give (2 Ottoman dice `6, 6`): neither hit can be paid, and
    # the 11 VP stay.
    empty_hand = declaration(target_hand_size=0)
    lost = op.declare_piracy(at_war(vp=11), DEFAULTS, empty_hand, Dice.scripted([6, 6]), 1)
    assert [r.how for r in lost.piracy.rewards] == ["lost", "lost"]
    assert lost.state.piracy_vp == 11
    assert lost.lines[-1].render("en") == (
        "Piracy #1 is resolved. Ottoman piracy VP: 11 (cap 10 reached)."
    )
    assert lost.lines[-1].render("ru") == (
        "Пиратство №1 завершено. VP Османов за пиратство: 11 (предел 10 достигнут)."
    )

    status = op.piracy_status(lost.state, DEFAULTS, turn=1)
    assert status.lines[0].render("en") == "Ottoman piracy VP: 11 (cap 10 reached)"
    assert status.lines[0].render("ru") == "VP Османов за пиратство: 11 (предел 10 достигнут)"
    assert op.vp_value(11, 10).render("en") == "11 (cap 10 reached)"
    assert op.vp_value(11, 10).render("ru") == "11 (предел 10 достигнут)"
    assert [op.vp_value(vp, 10).render("en") for vp in (9, 10)] == ["9/10", "10/10"]

    warned = op.SPEC.state_warnings
    assert warned is not None
    assert [w.render("en") for w in warned(lost.state, DEFAULTS)] == [
        "The Ottomans already have 11 piracy VP, past the cap of 10: they keep them, and +1 VP "
        "is no longer offered as a piracy reward (OP-I13)."
    ]
    assert warned(lost.state, twelve) == []
    assert warned(at_war(vp=10), DEFAULTS) == []


# --- OP-I14 --------------------------------------------------------------------------------


def test_op_i14_cp_are_recorded_and_enforced_only_by_setting() -> None:
    """OP-I14: 2 CP are recorded; with `enforce_cp` the impulse's CP must cover each piracy."""
    recorded = op.declare_piracy(at_war(), DEFAULTS, declaration(), Dice.scripted([1, 1]), 1)
    assert recorded.piracy.cp_cost == 2
    assert any(line.key == "ottoman_piracy.line.cp_spent" for line in recorded.lines)

    enforce = models.OttomanPiracySettings(enforce_cp=True)
    with pytest.raises(RuleViolation) as unknown:
        op.declare_piracy(at_war(), enforce, declaration(), Dice.scripted([]), 1)
    assert refused_key(unknown) == ("ottoman_piracy.error.cp_budget_unknown", "OP-I14")
    assert unknown.value.message("en") == (
        "This campaign enforces CP: a GM registers the Ottoman CP for this impulse first, with "
        "/corsairs impulse power:ottoman cp:… (OP-I14). A GM stops counting CP with "
        "`/campaign settings set setting:ottoman_piracy.enforce_cp value:false`."
    )
    assert "/корсары импульс держава:ottoman cp:…" in unknown.value.message("ru")
    budget = op.start_impulse(at_war(), "ottoman", cp=3).state
    first = op.declare_piracy(budget, enforce, declaration(), Dice.scripted([1, 1]), 1)
    assert first.state.impulse.cp_remaining == 1
    with pytest.raises(RuleViolation) as short:
        op.declare_piracy(
            first.state, enforce, declaration(sea_zone="Aegean Sea"), Dice.scripted([]), 1
        )
    assert refused_key(short) == ("ottoman_piracy.error.not_enough_cp", "OP-I14")
    assert short.value.message("en") == (
        "Piracy costs 2 CP and this impulse has only 1 CP left (OP-I14). A GM sets the cost with"
        " `/campaign settings set setting:ottoman_piracy.piracy_cp_cost value:…`, or stops"
        " counting CP with `/campaign settings set setting:ottoman_piracy.enforce_cp value:false`."
    )
    assert (
        "Ведущий задаёт стоимость командой `/кампания настройки изменить"
        " настройка:ottoman_piracy.piracy_cp_cost значение:…` или отключает учёт CP командой"
        " `/кампания настройки изменить настройка:ottoman_piracy.enforce_cp значение:false`."
    ) in short.value.message("ru")


# --- bookkeeping ---------------------------------------------------------------------------


def test_war_status_is_registered_by_name_and_the_ottomans_cannot_be_at_war() -> None:
    """OP-2.3: powers at war are tracked by key, whatever language they are typed in."""
    state = op.set_at_war(in_ottoman_impulse(), "Венеция", True).state
    state = op.set_at_war(state, "the Habsburgs", True).state
    assert state.at_war_with_ottomans == ["hapsburg", "venice"]
    assert op.set_at_war(state, "venice", False).state.at_war_with_ottomans == ["hapsburg"]
    with pytest.raises(RuleViolation):
        op.set_at_war(state, "Ottoman Empire", True)
