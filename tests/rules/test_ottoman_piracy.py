"""Ottoman piracy: the worked examples OP-E1-E4 replayed with scripted dice, and the flow
the cog drives (rewards hit by hit, idempotence, forced defaults, markers, status, turn end).

Faces are listed in the order rules/ottoman-piracy.md rolls them: anti-piracy roll, piracy
roll, then card rolls. `ScriptedFaces.remaining()` proves the engine consumed exactly them.
"""

from __future__ import annotations

import importlib

import pytest
from ottoman_piracy_helpers import dragut_in_the_aegean
from ottoman_piracy_helpers import habsburgs_at_war
from ottoman_piracy_helpers import in_ottoman_impulse
from ottoman_piracy_helpers import ionian_example

from bot import rulesets
from bot.dice import Dice
from bot.dice import ScriptedFaces
from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.rules import ottoman_piracy as op
from bot.rules.ottoman_piracy.models import FortifiedSpace
from bot.rules.ottoman_piracy.models import OttomanPiracySettings
from bot.rules.ottoman_piracy.models import OttomanPiracyState
from bot.rules.ottoman_piracy.models import PiracyDeclaration
from bot.rules.ottoman_piracy.models import SquadronGroup
from bot.rulesets import TurnContext

DEFAULTS = OttomanPiracySettings()


def scripted(*faces: int) -> tuple[Dice, ScriptedFaces]:
    source = ScriptedFaces(faces)
    return Dice(source), source


def test_op_e1_source_example_replayed_exactly() -> None:
    """OP-E1 (OP-6.1-6.11): 2 Habsburg dice (Messina squadron, Hospitaller Malta; Papal
    Corfu excluded), `5, 2` sinks one corsair, 1 + 1 (Barbarossa) Ottoman dice roll `6, 5`,
    and the Habsburgs give the Messina squadron, then 1 VP: 3 -> 4."""
    dice, faces = scripted(5, 2, 6, 5)
    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)

    piracy = declared.piracy
    counted = [(s.place, s.dice, s.excluded) for s in piracy.target_dice]
    assert counted == [("Messina", 1, None), ("Malta", 1, None), ("Corfu", 0, "not_at_war")]
    assert piracy.target_dice_total == 2
    assert piracy.anti_piracy_faces == [5, 2]
    assert (piracy.corsairs_lost, piracy.corsairs_left) == (1, 1)
    assert piracy.ottoman_squadrons_lost == 0  # OP-I7: the Ottoman squadron plays no part
    assert piracy.ottoman_dice is not None
    assert (piracy.ottoman_dice.base, piracy.ottoman_dice.base_reason) == (1, "one_corsair")
    assert (piracy.ottoman_dice.leader_bonus, piracy.ottoman_dice.total) == (1, 2)
    assert (piracy.piracy_faces, piracy.hits) == ([6, 5], 2)
    assert piracy.status == "awaiting_choice"
    assert [o.reward for o in declared.options] == ["squadron", "card", "vp"]

    first = op.choose_reward(declared.state, DEFAULTS, piracy.id, "squadron", dice, hit=1)
    assert first.applied[0].squadron is not None
    assert first.applied[0].squadron.place == "Messina"
    assert [o.reward for o in first.options] == ["card", "vp"]  # Messina's squadron is gone

    second = op.choose_reward(first.state, DEFAULTS, piracy.id, "vp", dice, hit=2)
    assert second.state.piracy_vp == 4
    assert second.piracy.status == "done"
    assert [(r.hit, r.reward, r.how) for r in second.piracy.rewards] == [
        (1, "squadron", "chosen"),
        (2, "vp", "chosen"),
    ]
    assert [m.zone_key for m in second.state.piracy_markers] == ["ionian_sea"]
    assert faces.remaining() == []
    assert [(r.purpose, r.clause, r.faces) for r in dice.records] == [
        (op.ROLL_ANTI_PIRACY, "OP-3.2", (5, 2)),
        (op.ROLL_PIRACY, "OP-5.2", (6, 5)),
    ]


def france_e2(vp: int = 9) -> tuple[OttomanPiracyState, PiracyDeclaration]:
    declaration = PiracyDeclaration(
        sea_zone="Gulf of Lyon",
        target="France",
        corsairs=2,
        target_ports=2,
        naval_leaders=["Dragut"],
        squadrons=[SquadronGroup(power="france", location="adjacent_port", place="Marseille")],
        target_hand_size=0,
    )
    return in_ottoman_impulse(piracy_vp=vp), declaration


def test_op_e2_vp_cap_then_only_squadron_then_hit_lost() -> None:
    """OP-E2: with an empty hand France picks VP (9 -> 10); VP capped and no cards, hit 2 must
    take its squadron (OP-5.9, applied automatically); hit 3 has no reward and is lost."""
    state, declaration = france_e2()
    dice, faces = scripted(3, 5, 6, 2, 6)
    declared = op.declare_piracy(state, DEFAULTS, declaration, dice, turn=1)
    assert declared.piracy.target_dice_total == 1
    assert declared.piracy.corsairs_left == 2
    assert declared.piracy.ottoman_dice is not None
    assert declared.piracy.ottoman_dice.total == 4  # base 2 + Dragut 2
    assert declared.piracy.hits == 3
    assert [o.reward for o in declared.options] == ["squadron", "vp"]  # OP-5.7: no card

    chosen = op.choose_reward(declared.state, DEFAULTS, declared.piracy.id, "vp", dice, hit=1)
    assert chosen.state.piracy_vp == 10
    assert [(r.hit, r.reward, r.how) for r in chosen.piracy.rewards] == [
        (1, "vp", "chosen"),
        (2, "squadron", "automatic"),
        (3, None, "lost"),
    ]
    assert chosen.piracy.status == "done"
    assert chosen.piracy.squadrons_in_range[0].count == 0
    assert faces.remaining() == []


def e3_declaration() -> PiracyDeclaration:
    """OP-E3: Dragut and 3 corsairs in the Tyrrhenian Sea against the Papacy, which holds 4
    cards and two ports."""
    return PiracyDeclaration(
        sea_zone="Tyrrhenian Sea",
        target="Papacy",
        corsairs=3,
        target_ports=2,
        naval_leaders=["Dragut"],
        target_hand_size=4,
    )


def test_op_e3_no_anti_piracy_dice_and_a_random_card() -> None:
    """OP-E3: the Papacy has no dice, so step 3 is skipped (OP-3.1); 4 Ottoman dice roll
    `1, 5, 6, 3`; a card is taken with a logged d4 -> 3 (OP-I12), the hand drops to 3 and
    the card is locked until the next impulse; then VP 2 -> 3."""
    state = in_ottoman_impulse(piracy_vp=2)
    declaration = e3_declaration()
    dice, faces = scripted(1, 5, 6, 3, 3)
    declared = op.declare_piracy(state, DEFAULTS, declaration, dice, turn=1)
    assert declared.piracy.target_dice_total == 0
    assert declared.piracy.anti_piracy_faces == []
    assert declared.piracy.hits == 2
    assert [r.purpose for r in dice.records] == [op.ROLL_PIRACY]

    card = op.choose_reward(declared.state, DEFAULTS, 1, "card", dice, hit=1)
    assert (card.applied[0].card_index, card.applied[0].hand_size) == (3, 4)
    assert card.piracy.hand_size == 3
    assert dice.records[-1].notation == "1d4"
    assert dice.records[-1].clause == "OP-I12"
    assert [(lock.from_power, lock.lock) for lock in card.state.card_locks] == [
        ("papacy", "until_next_impulse")
    ]

    vp = op.choose_reward(card.state, DEFAULTS, 1, "vp", dice, hit=2)
    assert vp.state.piracy_vp == 3
    assert vp.piracy.status == "done"
    assert faces.remaining() == []


def e4_declaration(**changes: object) -> PiracyDeclaration:
    fields: dict[str, object] = {
        "sea_zone": "Adriatic Sea",
        "target": "hapsburg",
        "corsairs": 1,
        "target_ports": 1,
        "naval_leaders": ["barbarossa"],
        "squadrons": [SquadronGroup(power="hapsburg", location="zone")],
        "fortified_spaces": [FortifiedSpace(name="Trieste", controller="hapsburg")],
    }
    fields.update(changes)
    return PiracyDeclaration.model_validate(fields)


def test_a_fortress_listed_twice_is_refused_by_the_engine() -> None:
    """OP-2.4: each fortress gives at most one die: a declaration listing Trieste twice (one
    in another case) is refused before any die is rolled, naming the fortress."""
    dice, faces = scripted(6, 1, 5)
    twice = [
        FortifiedSpace(name="Trieste", controller="hapsburg"),
        FortifiedSpace(name="TRIESTE", controller="hapsburg"),
    ]
    declaration = e4_declaration(fortified_spaces=twice)
    with pytest.raises(RuleViolation) as refused:
        op.declare_piracy(in_ottoman_impulse(), DEFAULTS, declaration, dice, turn=3)
    assert refused.value.message("en") == (
        "The fortress “TRIESTE” is listed twice: each fortress gives at most one die (OP-2.4). "
        "Name it once."
    )
    assert faces.remaining() == [6, 1, 5]


def test_op_e4_all_corsairs_sunk_no_ottoman_roll_and_marker_stays() -> None:
    """OP-E4: 2 + 1 = 3 Habsburg dice roll `6, 1, 5`; the single corsair sinks, the second
    hit is lost (OP-I7); no Ottoman roll, Barbarossa unused (OP-4.1); the marker stays."""
    dice, faces = scripted(6, 1, 5)
    outcome = op.declare_piracy(in_ottoman_impulse(), DEFAULTS, e4_declaration(), dice, turn=3)
    assert outcome.piracy.target_dice_total == 3
    assert (outcome.piracy.anti_piracy_hits, outcome.piracy.corsairs_left) == (2, 0)
    assert outcome.piracy.ottoman_dice is None
    assert outcome.piracy.hits == 0
    assert outcome.piracy.status == "done"
    assert len(dice.records) == 1
    assert [(m.zone_key, m.turn) for m in outcome.state.piracy_markers] == [("adriatic_sea", 3)]
    assert faces.remaining() == []


def test_op_e4_second_declaration_in_the_zone_same_turn_is_refused() -> None:
    """OP-E4, OP-1.4, OP-I3: one piracy per zone per turn, whatever name the zone is given."""
    first = op.declare_piracy(
        in_ottoman_impulse(), DEFAULTS, e4_declaration(), Dice.scripted([6, 1, 5]), turn=3
    )
    for name in ("Adriatic Sea", "adriatic", "Адриатическое море"):
        with pytest.raises(RuleViolation) as refused:
            op.declare_piracy(
                first.state, DEFAULTS, e4_declaration(sea_zone=name), Dice.scripted([]), turn=3
            )
        assert refused.value.message_key == "ottoman_piracy.error.zone_already_used"
        assert refused.value.params["clause"] == "OP-1.4"
    setting = "setting:ottoman_piracy.piracy_per_zone_per_turn value:…`."
    assert refused.value.message("en").endswith(f" `/campaign settings set {setting}")
    assert refused.value.message("ru").endswith(
        " `/кампания настройки изменить настройка:ottoman_piracy.piracy_per_zone_per_turn "
        "значение:…`."
    )


def test_piracy_vp_never_exceeds_the_cap_and_vp_is_not_offered_at_ten() -> None:
    """OP-5.8, OP-I13: at 10 piracy VP reward (c) is unavailable and choosing it is refused."""
    dice = Dice.scripted([2, 2, 6, 6, 1])
    declared = op.declare_piracy(
        habsburgs_at_war(vp=10), DEFAULTS, ionian_example(target_hand_size=2), dice, turn=1
    )
    assert "vp" not in [o.reward for o in declared.options]
    with pytest.raises(RuleViolation) as refused:
        op.choose_reward(declared.state, DEFAULTS, 1, "vp", dice, hit=1)
    assert refused.value.message_key == "ottoman_piracy.error.vp_capped"
    assert refused.value.params["clause"] == "OP-5.8"
    with pytest.raises(RuleViolation) as out_of_range:
        op.set_piracy_vp(declared.state, DEFAULTS, 11, dice)
    assert out_of_range.value.message("en") == "Piracy VP must be from 0 to 10 (OP-5.8)."


def test_vp_set_to_the_cap_settles_the_hits_left_without_a_choice() -> None:
    """OP-5.8, OP-5.9, OP-I13: OP-E1 with an empty Habsburg hand: a squadron and +1 VP are
    the rewards. The VP set to 10 leaves the squadron as hit 1's only possible reward, taken
    at once, and hit 2 with none, lost; with no piracy waiting the track is only corrected."""
    dice, faces = scripted(5, 2, 6, 5)
    declared = op.declare_piracy(
        habsburgs_at_war(), DEFAULTS, ionian_example(target_hand_size=0), dice, turn=1
    )
    assert [o.reward for o in declared.options] == ["squadron", "vp"]

    capped = op.set_piracy_vp(declared.state, DEFAULTS, 10, dice)
    assert isinstance(capped, op.PiracyOutcome)
    assert [(r.hit, r.reward, r.how) for r in capped.piracy.rewards] == [
        (1, "squadron", "automatic"),
        (2, None, "lost"),
    ]
    assert capped.piracy.status == "done"
    assert capped.state.in_progress is None
    assert (capped.state.piracy_vp, faces.remaining()) == (10, [])

    corrected = op.set_piracy_vp(capped.state, DEFAULTS, 4, dice)
    assert not isinstance(corrected, op.PiracyOutcome)
    assert corrected.state.piracy_vp == 4


def test_a_cap_lowered_to_the_vp_gained_settles_the_hits_anew() -> None:
    """OP-5.8, OP-5.9, OP-I13: OP-E1 at 3 VP with an empty Habsburg hand: a squadron and
    +1 VP. New settings with a cap of 3 leave the squadron as hit 1's only reward and hit 2
    none, as a VP correction does; settings that leave the rewards as they were (a higher
    cap, another hit face) change nothing, nor do any once nothing waits."""
    dice, faces = scripted(5, 2, 6, 5)
    declared = op.declare_piracy(
        habsburgs_at_war(vp=3), DEFAULTS, ionian_example(target_hand_size=0), dice, turn=1
    )
    for unchanged in ({"piracy_vp_cap": 12}, {"hit_min_face": 4}):
        kept = DEFAULTS.model_copy(update=unchanged)
        assert op.settings_changed(declared.state, DEFAULTS, kept, dice) is None

    lowered = DEFAULTS.model_copy(update={"piracy_vp_cap": 3})
    settled = op.settings_changed(declared.state, DEFAULTS, lowered, dice)

    assert settled is not None
    assert [(r.hit, r.reward, r.how) for r in settled.piracy.rewards] == [
        (1, "squadron", "automatic"),
        (2, None, "lost"),
    ]
    assert settled.state.in_progress is None and settled.archive
    assert declared.state.in_progress is not None  # the state given is left as it was
    assert (settled.state.piracy_vp, faces.remaining()) == (3, [])
    assert op.settings_changed(settled.state, lowered, DEFAULTS, dice) is None


def test_a_cap_raised_past_the_vp_gained_offers_vp_again() -> None:
    """OP-I13: at a cap of 3 with 3 VP the question offers a squadron and a card; a cap of
    10 gives +1 VP back to the question, nothing settled (a real choice)."""
    capped = DEFAULTS.model_copy(update={"piracy_vp_cap": 3})
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(habsburgs_at_war(vp=3), capped, ionian_example(), dice, turn=1)
    assert [o.reward for o in declared.options] == ["squadron", "card"]

    raised = op.settings_changed(declared.state, capped, DEFAULTS, dice)

    assert raised is not None
    assert [o.reward for o in raised.options] == ["squadron", "card", "vp"]
    assert raised.applied == [] and raised.piracy.status == "awaiting_choice"


def test_vp_reward_at_nine_stops_at_ten_for_the_next_hit() -> None:
    """OP-5.8: two hits at 9 VP: the first may take VP, the second no longer can."""
    dice = Dice.scripted([1, 1, 6, 6, 6])  # 2 corsairs survive: 2 + 1 dice, 3 hits
    state = habsburgs_at_war(vp=9)
    declared = op.declare_piracy(state, DEFAULTS, ionian_example(target_hand_size=1), dice, turn=1)
    after = op.choose_reward(declared.state, DEFAULTS, 1, "vp", dice, hit=1)
    assert after.state.piracy_vp == 10
    assert [o.reward for o in after.options] == ["squadron", "card"]


def test_a_second_answer_for_the_same_hit_is_a_conflict() -> None:
    """Idempotence: the button of hit 1 clicked twice pays once; a finished piracy has no
    hit awaiting; an unknown piracy is NotFound."""
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)
    once = op.choose_reward(declared.state, DEFAULTS, 1, "vp", dice, hit=1)
    with pytest.raises(Conflict) as twice:
        op.choose_reward(once.state, DEFAULTS, 1, "vp", dice, hit=1)
    assert twice.value.message_key == "ottoman_piracy.error.stale_hit"
    done = op.choose_reward(once.state, DEFAULTS, 1, "vp", dice, hit=2)
    assert done.state.piracy_vp == 5
    with pytest.raises(Conflict) as finished:
        op.choose_reward(done.state, DEFAULTS, 1, "vp", dice)
    assert finished.value.message_key == "ottoman_piracy.error.no_hit_awaiting"
    with pytest.raises(Conflict):
        op.force_default_reward(done.state, DEFAULTS, 1, dice)
    with pytest.raises(NotFound):
        op.choose_reward(done.state, DEFAULTS, 7, "vp", dice)


def test_engine_functions_leave_the_given_state_untouched() -> None:
    """Engines are pure: the outcome carries a new state; a refused action changes nothing."""
    state = habsburgs_at_war()
    before = state.model_dump()
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(state, DEFAULTS, ionian_example(), dice, turn=1)
    assert state.model_dump() == before
    pending = declared.state.model_dump()
    with pytest.raises(RuleViolation):
        op.choose_reward(declared.state, DEFAULTS, 1, "card", dice, hit=1)  # hand unknown
    assert declared.state.model_dump() == pending


def test_a_new_piracy_waits_until_the_pending_one_has_its_rewards() -> None:
    """OP-5.3: the procedure completes before the next piracy is declared."""
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)
    with pytest.raises(RuleViolation) as refused:
        op.declare_piracy(
            declared.state, DEFAULTS, e4_declaration(), Dice.scripted([6, 1, 5]), turn=1
        )
    assert refused.value.message_key == "ottoman_piracy.error.piracy_in_progress"


def test_a_state_saved_with_derived_fields_loads_and_the_zone_stays_marked() -> None:
    """OP-1.4, OP-2, OP-4, OP-5.3: a state saved when the marker and the piracy awaiting its
    rewards kept their zone's key (`zone_key`), and the piracy its dice and corsair totals,
    loads as the same state, each read from the rest: the Ionian Sea stays marked, the piracy
    still waits with the OP-E1 counts, and the state is saved without them."""
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)
    saved = declared.state.model_dump(mode="json")
    saved["piracy_markers"][0]["zone_key"] = "ionian_sea."
    pending = saved["pending_piracy"]
    pending.update(zone_key="ionian_sea.", target_dice_total=2, corsairs_left=1)
    pending["ottoman_dice"].update(leader_bonus=1, total=2)

    old = OttomanPiracyState.model_validate(saved)

    assert old == declared.state
    assert [m.zone_key for m in old.piracy_markers] == ["ionian_sea"]
    piracy = old.in_progress
    assert piracy is not None and piracy.awaiting_hit == 1
    assert (piracy.target_dice_total, piracy.corsairs_left) == (2, 1)
    assert piracy.ottoman_dice is not None
    assert (piracy.ottoman_dice.leader_bonus, piracy.ottoman_dice.total) == (1, 2)
    stored = old.model_dump_json()
    for derived in ("zone_key", "target_dice_total", "corsairs_left", "leader_bonus", "total"):
        assert f'"{derived}"' not in stored, derived


def test_forced_default_takes_vp_then_squadron_then_card() -> None:
    """OP-I10: the GM's forced reward is the first possible of VP, squadron, card: at 9 VP
    hit 1 takes VP (-> 10), hit 2 the squadron; every remaining hit is forced."""
    dice = Dice.scripted([5, 2, 6, 5])
    state = habsburgs_at_war(vp=9)
    declared = op.declare_piracy(state, DEFAULTS, ionian_example(target_hand_size=5), dice, turn=1)
    forced = op.force_default_reward(declared.state, DEFAULTS, 1, dice)
    assert [(r.reward, r.how) for r in forced.piracy.rewards] == [
        ("vp", "forced"),
        ("squadron", "forced"),
    ]
    assert forced.state.piracy_vp == 10
    assert forced.state.card_locks == []
    assert forced.piracy.status == "done"


def test_forced_default_for_one_hit_only_leaves_the_next_hit_to_the_chooser() -> None:
    """OP-I10: `all_remaining=False` forces only the awaiting hit."""
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)
    forced = op.force_default_reward(declared.state, DEFAULTS, 1, dice, all_remaining=False)
    assert [r.reward for r in forced.piracy.rewards] == ["vp"]
    assert forced.piracy.awaiting_hit == 2


def test_forced_card_with_unknown_hand_size_asks_for_it() -> None:
    """OP-I10, OP-I12: when only a card is left and the hand size is unknown, the forced
    default cannot roll the card; given the hand size, it rolls 1dH."""
    state = in_ottoman_impulse(piracy_vp=10)  # VP capped, and no squadron in range
    declaration = ionian_example(squadrons=[], fortified_spaces=[])
    declared = op.declare_piracy(state, DEFAULTS, declaration, Dice.scripted([6, 1, 1]), turn=1)
    assert declared.piracy.status == "awaiting_hand_size"
    with pytest.raises(RuleViolation) as refused:
        op.force_default_reward(declared.state, DEFAULTS, 1, Dice.scripted([]))
    assert refused.value.message_key == "ottoman_piracy.error.force_hand_size_needed"
    forced = op.force_default_reward(declared.state, DEFAULTS, 1, Dice.scripted([2]), hand_size=3)
    assert forced.piracy.rewards[0].card_index == 2
    assert forced.piracy.status == "done"


def test_end_of_turn_clears_markers_and_releases_cards_once() -> None:
    """OP-1.4, OP-I3: markers are removed at the end-of-turn resolution, so the zone may be
    used again next turn; OP-I12: stolen cards become playable. A second run is a no-op."""
    dice = Dice.scripted([1, 5, 6, 3, 3])
    state = in_ottoman_impulse(piracy_vp=2)
    declaration = e3_declaration()
    declared = op.declare_piracy(state, DEFAULTS, declaration, dice, turn=4)
    taken = op.choose_reward(declared.state, DEFAULTS, 1, "card", dice)
    done = op.choose_reward(taken.state, DEFAULTS, 1, "vp", dice)
    assert done.state.piracy_markers and done.state.card_locks

    step = op.end_of_turn(TurnContext(state=done.state, settings=DEFAULTS, turn=4, dice=dice))
    cleared = step.state
    assert isinstance(cleared, OttomanPiracyState)
    assert cleared.piracy_markers == []
    assert cleared.card_locks == []
    assert cleared.piracy_vp == 3
    assert step.outcome["markers_removed"] == ["tyrrhenian_sea"]
    again = op.end_of_turn(TurnContext(state=cleared, settings=DEFAULTS, turn=4, dice=dice))
    assert again.outcome == {"already_resolved": 4}

    # The turn's impulses end with it (OP-I2): the next turn's piracy waits for theirs.
    with pytest.raises(RuleViolation) as refused:
        op.declare_piracy(cleared, DEFAULTS, declaration, Dice.scripted([]), turn=5)
    assert refused.value.message_key == "ottoman_piracy.error.no_impulse"
    ottoman_impulse = op.start_impulse(cleared, "ottoman").state
    next_turn = op.declare_piracy(
        ottoman_impulse, DEFAULTS, declaration, Dice.scripted([1, 1, 1, 1]), turn=5
    )
    assert [m.turn for m in next_turn.state.piracy_markers] == [5]


def test_end_of_turn_keeps_a_piracy_awaiting_rewards_and_reports_it() -> None:
    """Pending choices survive the turn's end (rules/README "Pending choices")."""
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)
    step = op.end_of_turn(TurnContext(state=declared.state, settings=DEFAULTS, turn=1, dice=dice))
    assert isinstance(step.state, OttomanPiracyState)
    assert step.state.in_progress is not None
    assert step.outcome["pending_piracy"] == 1
    assert any(line.key == "ottoman_piracy.waiting.reward" for line in step.lines)


def test_waiting_for_lists_the_pending_reward_choice() -> None:
    """The turn's `waiting_for` names who must choose, and for which hit (OP-I10)."""
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)
    waiting = op.waiting_for(declared.state, DEFAULTS, 1)
    assert [(m.key, m.params["hit"], m.params["hits"]) for m in waiting] == [
        ("ottoman_piracy.waiting.reward", 1, 2)
    ]
    assert "Hapsburgs" in waiting[0].render("en")
    assert "Габсбурги" in waiting[0].render("ru")
    done = op.force_default_reward(declared.state, DEFAULTS, 1, dice)
    assert op.waiting_for(done.state, DEFAULTS, 1) == []


def test_status_shows_vp_zones_used_this_turn_and_locked_cards() -> None:
    """`/corsairs status`: VP, zones used this turn, stolen cards and when they unlock."""
    dice = Dice.scripted([1, 5, 6, 3, 3])
    declaration = dragut_in_the_aegean(target_hand_size=4)
    declared = op.declare_piracy(in_ottoman_impulse(piracy_vp=2), DEFAULTS, declaration, dice, 2)
    taken = op.choose_reward(declared.state, DEFAULTS, 1, "card", dice)
    status = op.piracy_status(taken.state, DEFAULTS, turn=2)
    assert (status.piracy_vp, status.piracy_vp_cap) == (2, 10)
    assert [m.zone_key for m in status.zones_used] == ["aegean_sea"]
    assert [(c.from_power, c.lock) for c in status.card_locks] == [("venice", "until_next_impulse")]
    assert status.in_progress is not None
    rendered = [line.render("ru") for line in status.lines]
    assert rendered[0] == "VP Османов за пиратство: 2/10"
    assert "Эгейское море" in rendered[1]
    assert "следующего импульса" in rendered[2]
    assert op.piracy_status(taken.state, DEFAULTS, turn=3).zones_used == []


def test_spec_registers_the_ruleset_with_its_models_and_steps() -> None:
    """The registry's discovery (bot.rules.<key>.SPEC) finds the ruleset with its steps."""
    spec = importlib.import_module("bot.rules.ottoman_piracy").SPEC
    assert isinstance(spec, rulesets.RulesetSpec)
    assert spec.key in rulesets.KNOWN_RULESETS
    assert spec is op.SPEC
    assert spec.settings_model is OttomanPiracySettings
    assert spec.state_model is OttomanPiracyState
    assert rulesets.cog_of(spec.key) == "cogs.ottoman_piracy"
    assert spec.schema_version == 2  # resolved piracies live in the archive (migration 003)
    assert spec.end_of_turn is op.end_of_turn
    assert spec.waiting_for is op.waiting_for


def test_settings_defaults_match_the_settings_summary() -> None:
    """rules/ottoman-piracy.md, settings summary: every setting with its documented default."""
    assert OttomanPiracySettings().model_dump() == {
        "hit_min_face": 5,
        "require_corsairs": True,
        "piracy_per_zone_per_turn": 1,
        "other_powers_in_zone_dice": 0,
        "fortified_spaces_count": False,
        "hospitallers_count": True,
        "anti_piracy_hits_hit_squadrons": False,
        "corsair_count_timing": "after_anti_piracy",
        "leader_rating_mode": "sum",
        "piracy_ratings": {"barbarossa": 1, "dragut": 2},
        "reward_chooser": "target",
        "forced_reward_order": ["vp", "squadron", "card"],
        "squadron_reward_owner": "target_only",
        "random_card_method": "bot_index_roll",
        "stolen_card_lock": "until_next_impulse",
        "piracy_vp_cap": 10,
        "piracy_cp_cost": 2,
        "enforce_cp": False,
    }


def test_settings_reject_an_incomplete_forced_order_and_unknown_names() -> None:
    """OP-I10: the forced order lists each reward once; a typo in a setting is an error."""
    with pytest.raises(ValueError, match="forced_reward_order"):
        OttomanPiracySettings(forced_reward_order=["vp", "vp", "card"])
    with pytest.raises(ValueError, match="extra"):
        OttomanPiracySettings.model_validate({"hit_min_fase": 6})


def test_state_round_trips_through_json_mid_piracy() -> None:
    """The storage layer keeps the state as JSON: a pending piracy survives a restart."""
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)
    restored = OttomanPiracyState.model_validate_json(declared.state.model_dump_json())
    assert restored == declared.state
    finished = op.choose_reward(restored, DEFAULTS, 1, "squadron", dice, hit=1)
    assert finished.piracy.awaiting_hit == 2


def test_the_logged_line_names_the_power_and_the_faction_that_now_plays_it() -> None:
    """OP-1.1: the GM's record of who plays a power reads as a sentence, the power and the
    faction each named once; clearing it says nobody plays the power."""
    given = op.assign_power(habsburgs_at_war(), "ottoman", "Ottomans")
    cleared = op.assign_power(given.state, "ottoman", None)
    assert [m.render("en") for m in given.lines + cleared.lines] == [
        "The power Ottomans is now played by the faction Ottomans.",
        "Nobody plays the power Ottomans now.",
    ]
    assert [m.render("ru") for m in given.lines + cleared.lines] == [
        "Державой «Османы» теперь играет фракция «Ottomans».",
        "Державой «Османы» теперь никто не играет.",
    ]
    assert cleared.state.faction_of(op.OTTOMAN) is None


def test_only_the_chooser_and_the_ottoman_player_may_act_when_factions_are_known() -> None:
    """OP-1.1, OP-5.3: a registered faction acts only for its own power; None is the GM."""
    state = op.assign_power(habsburgs_at_war(), "Ottomans", "Suleiman").state
    state = op.assign_power(state, "Habsburgs", "Charles").state
    with pytest.raises(NotAllowed):
        op.declare_piracy(
            state, DEFAULTS, ionian_example(), Dice.scripted([]), turn=1, by_faction="Charles"
        )
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(
        state, DEFAULTS, ionian_example(), dice, turn=1, by_faction="Suleiman"
    )
    with pytest.raises(NotAllowed):
        op.choose_reward(declared.state, DEFAULTS, 1, "vp", dice, by_faction="Suleiman")
    chosen = op.choose_reward(declared.state, DEFAULTS, 1, "vp", dice, by_faction="Charles")
    assert chosen.state.piracy_vp == 4
    assert chosen.state.powers_of("Charles") == ["hapsburg"]


def test_another_faction_s_reward_refusal_names_the_chooser_literally() -> None:
    """OP-5.3: the refusal of a reward chosen by the wrong faction names the faction whose
    choice it is, its Markdown and mentions shown as typed, in both languages."""
    state = op.assign_power(habsburgs_at_war(), "Ottomans", "Suleiman").state
    state = op.assign_power(state, "Habsburgs", "**Charles** @everyone").state
    dice = Dice.scripted([5, 2, 6, 5])
    declared = op.declare_piracy(
        state, DEFAULTS, ionian_example(), dice, turn=1, by_faction="Suleiman"
    )
    with pytest.raises(NotAllowed) as refused:
        op.choose_reward(declared.state, DEFAULTS, 1, "vp", dice, by_faction="Suleiman")
    shown = "\\*\\*Charles\\*\\* @\u200beveryone"  # bold and the ping broken
    assert refused.value.message("en") == f"This reward is for {shown} to choose (OP-5.3)."
    assert refused.value.message("ru") == f"Эту награду выбирает фракция «{shown}» (OP-5.3)."
