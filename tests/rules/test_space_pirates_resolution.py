"""The resolution as a whole: a pending choice pauses everything after it (SP-I40, SP-I45),
the defender's retreat between rounds (SP-I44) and losses on a shared route (SP-I43).
Scripted dice, faces in the order the procedure rolls them."""

from __future__ import annotations

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import order_attack
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import settings
from space_pirates_helpers import shared_route
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.errors import NotAllowed
from bot.errors import RuleViolation
from bot.rules.fleet_combat import automatic_result
from bot.rules.fleet_combat import fight_automatic_rounds
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat import open_automatic
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire
from bot.rules.space_pirates.messages import offer_lines
from bot.rules.space_pirates.messages import report_lines
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.spec import settled_at_end
from bot.rules.space_pirates.spec import unreached
from bot.rules.space_pirates.turn import answer_buy_off
from bot.rules.space_pirates.turn import answer_retreat
from bot.rules.space_pirates.turn import force_choice
from bot.rules.space_pirates.turn import force_choices
from bot.rules.space_pirates.turn import operations_open
from bot.rules.space_pirates.turn import waiting_for

RETREAT = settings(defender_may_retreat=True)


def scripted(*faces):
    return Dice.scripted(faces)


def reports(result):
    return [r.body for r in result.archive if isinstance(r.body, RaidReport)]


def two_players():
    """Aurora and Boreas, one 100-income route each (1 raid point, one strength die)."""
    state, _ = route(empty(), "Line", 100, ships=[("cruiser", "guard")])
    state, _ = route(state, "Far", 100, owner="Boreas")
    state.turn_order = ["Aurora", "Boreas"]
    return state


# --- SP-I40, SP-I45: one pending choice pauses the whole resolution ------------------------


def test_sp_i40_i45_a_buy_off_pauses_later_players_the_upkeep_and_operations():
    """SP-I40, SP-I45: while Aurora's buy-off waits, Boreas has not rolled, no upkeep is due,
    the turn is not resolved and operations are refused; the answer carries it all on."""
    state = two_players()
    with_history(state, "Boreas", [900], turn=9)
    state, _, _ = apply_hire(state, DEFAULTS, HireOrder("Boreas", 10, 300))
    paused = resolve(state, 10, scripted(1, 6))
    assert [r["faction"] for r in paused.outcome["raids"]] == []
    assert paused.state.upkeep_due == [] and paused.state.last_resolved_turn == 0
    assert paused.state.resolution is not None and paused.state.resolution.players == ["Boreas"]
    assert [m.key for m in waiting_for(paused.state, DEFAULTS, 11)] == [
        "space_pirates.waiting.buy_off"
    ]
    with pytest.raises(RuleViolation) as refused:
        operations_open(paused.state)
    assert refused.value.params["clause"] == "SP-I40"
    # the same turn ended again changes nothing
    assert resolve(paused.state, 10, scripted()).outcome == {"already_resolved": 10}
    choice = paused.state.waiting[0].choice_id
    done = answer_buy_off(paused.state, DEFAULTS, choice, "Aurora", True, scripted(20))
    assert [(r["faction"], r["outcome"]) for r in done.outcome["raids"]] == [
        ("Aurora", "bought_off"),
        ("Boreas", "no_attack"),
    ]
    # step 4 now runs: Boreas' upkeep pauses the resolution again, before step 5
    (due,) = done.state.upkeep_due
    assert done.state.resolution is not None and done.state.last_resolved_turn == 0
    paid = force_choice(done.state, DEFAULTS, due.choice_id, scripted())
    assert paid.state.resolution is None and paid.state.last_resolved_turn == 10
    assert paid.outcome["resolution_finished"] == 10
    operations_open(paid.state)


def test_sp_i45_a_pause_left_open_is_forced_when_the_next_turn_ends():
    """SP-I45: the GM ending the next turn forces the open choice's default (decline), which
    finishes the paused resolution (Boreas rolls then) before the new one starts."""
    state = two_players()
    paused = resolve(state, 4, scripted(1, 6)).state
    # turn 4 goes on: decline, the battle (round 1 only: the cruiser kills nothing, the
    # raiders kill it), Boreas' roll; then turn 5: Aurora 20, Boreas 20
    later = resolve(paused, 5, scripted(1, 1, 6, 6, 6, 1, 1, 1, 20, 20, 20))
    outcomes = [(r.turn, r.faction, r.outcome) for r in reports(later)]
    assert outcomes == [
        (4, "Aurora", "successful"),
        (4, "Boreas", "no_attack"),
        (5, "Aurora", "no_attack"),
        (5, "Boreas", "no_attack"),
    ]
    assert later.state.last_resolved_turn == 5 and later.state.resolution is None


def test_sp_i45_questions_of_players_not_reached_yet_are_named_and_marked_unasked():
    """SP-I40, SP-I45: turn 4 pauses on Aurora's offer before Boreas' step 3 and before the
    upkeep of Cygnus' reserve contract: `/turn end`'s confirmation names both (their questions
    will not be asked). Ending turn 5 declines Aurora's posted offer by force, and Boreas'
    offer, which arises then (d20 1, 1d6 6) and is never posted, by default: Boreas' report
    says it was never asked, Aurora's that the GM forced it."""
    state, _ = route(empty(), "Line", 100)
    state, _ = route(state, "Far", 100, owner="Boreas")
    state.turn_order = ["Aurora", "Boreas"]
    with_history(state, "Cygnus", [900], turn=2)
    state, _, _ = apply_hire(state, DEFAULTS, HireOrder("Cygnus", 3, 300))
    paused = resolve(state, 4, scripted(1, 6)).state
    assert unreached(paused) == ["Boreas", "Cygnus"]
    named = [m.render("en") for m in settled_at_end(paused, DEFAULTS, 5)]
    assert named[-1] == (
        "Turn 4's resolution has not come to Boreas, Cygnus yet: a question it comes to for "
        "them takes its default without being asked (SP-I45)"
    )
    later = resolve(paused, 5, scripted(1, 6, 20, 20))
    told = {
        r.faction: [m.render("en") for m in report_lines(r)] for r in reports(later) if r.turn == 4
    }
    assert "Buy-off for 30 declined (forced by the GM)" in told["Aurora"]
    assert (
        "Buy-off for 30 declined (never asked: the turn ended first, so its default was taken)"
        in told["Boreas"]
    )
    assert unreached(later.state) == []


# --- SP-I44: retreat --------------------------------------------------------------------


def raided_with_retreat():
    """Aurora's route (one cruiser guard) raided by 3 raiders; round 1 misses everywhere;
    the retreat question comes before round 2."""
    state, _ = route(empty(), "Line", 100, ships=[("cruiser", "guard")])
    paused = resolve(state, 3, scripted(1, 6), RETREAT)
    offer = paused.state.waiting[0].choice_id
    return answer_buy_off(
        paused.state, RETREAT, offer, "Aurora", False, scripted(1, 1, 1, 1, 1), combat=COMBAT
    )


def test_sp_i44_no_retreat_question_by_default():
    """SP-I11, SP-I44: by default nobody retreats; the battle is fought out at once."""
    state, _ = route(empty(), "Line", 100, ships=[("cruiser", "guard")])
    paused = resolve(state, 3, scripted(1, 6))
    offer = paused.state.waiting[0].choice_id
    done = answer_buy_off(paused.state, DEFAULTS, offer, "Aurora", False, Dice.seeded(3))
    (report,) = reports(done)
    assert done.state.waiting == [] and done.state.resolution is None
    assert report.outcome in ("successful", "defender_victory") and not report.battle.retreated


def test_sp_i44_the_defender_is_asked_before_round_two_and_a_retreat_is_a_pirate_victory():
    """SP-I44: with `defender_may_retreat`, before round 2 the victim chooses; a retreat takes
    the side out under the pirates' parting volley, the raid is a pirate victory, and SP-I12
    loses the surviving cruiser too (`all_participants`)."""
    asked = raided_with_retreat()
    (question,) = asked.state.waiting
    assert question.choice == "retreat" and question.faction == "Aurora"
    prompt = offer_lines(question)[-1]
    assert prompt.key == "space_pirates.report.retreat_prompt"
    assert prompt.params["round"] == 2
    assert (prompt.params["own"].params, prompt.params["pirates"].params) == (
        {"count": 1},
        {"count": 3},
    )
    assert waiting_for(asked.state, RETREAT, 4)[0].key == "space_pirates.waiting.retreat"
    with pytest.raises(NotAllowed):
        answer_retreat(asked.state, RETREAT, question.choice_id, "Boreas", True, scripted())
    # the parting volley: 3 raider dice, all misses
    done = answer_retreat(
        asked.state, RETREAT, question.choice_id, "Aurora", True, scripted(1, 1, 1)
    )
    (report,) = reports(done)
    assert report.outcome == "successful" and report.battle.retreated
    assert report.battle.rounds == 2 and report.streak_after == 1
    assert report.ships_lost == {"Aurora": {"cruiser": 1}}
    assert done.state.routes[0].ships == [] and done.state.resolution is None
    destroyed_only = RETREAT.model_copy(update={"pirate_victory_losses": "destroyed_only"})
    kept = answer_retreat(
        asked.state, destroyed_only, question.choice_id, "Aurora", True, scripted(1, 1, 1)
    )
    assert [s.ship_class for s in kept.state.routes[0].ships] == ["cruiser"]


def test_sp_i44_fighting_on_asks_again_and_the_forced_default_fights_on():
    """SP-I44, SP-I45: "fight on" plays round 2 and asks again before round 3; the GM's
    forced default also fights on, and the battle can still be won."""
    asked = raided_with_retreat()
    choice = asked.state.waiting[0].choice_id
    # round 2: the cruiser 6, 6 → 2 hits, defence 1, 1 → 2 wounds (cap 1); raiders miss
    on = answer_retreat(
        asked.state, RETREAT, choice, "Aurora", False, scripted(6, 6, 1, 1, 1, 1, 1)
    )
    (again,) = on.state.waiting
    assert again.choice == "retreat" and again.battle["round"] == 3
    # forced: fight on; rounds 3 and 4 kill the last two raiders (asked again before 4)
    forced = force_choice(on.state, RETREAT, again.choice_id, scripted(6, 1, 1, 1, 1))
    last = forced.state.waiting[0]
    assert last.battle["round"] == 4
    won = force_choice(forced.state, RETREAT, last.choice_id, scripted(6, 1, 1, 1))
    (report,) = reports(won)
    assert report.outcome == "defender_victory" and not report.battle.retreated
    assert report.battle.rounds == 4 and won.state.player("Aurora").route_immunity_until == 6


def test_sp_i44_an_orbital_retreat_keeps_the_surviving_ships_and_the_plunder_follows():
    """SP-I44: retreating from an orbital battle is a pirate victory; the plunder follows
    (no troops: all the income and 10 % of the population) and the orbital cruiser stays."""
    state, _ = planet(empty(), "Beta", 500, population=1000, orbital=["cruiser"])
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [200])
    paused = resolve(state, 9, scripted(1), RETREAT)
    offer = paused.state.waiting[0].choice_id
    # 4 raiders; round 1: cruiser 1, 1; raiders 1, 1, 1, 1
    asked = answer_buy_off(
        paused.state, RETREAT, offer, "Aurora", False, scripted(1, 1, 1, 1, 1, 1)
    )
    (question,) = asked.state.waiting
    assert question.choice == "retreat"
    done = answer_retreat(
        asked.state, RETREAT, question.choice_id, "Aurora", True, scripted(1, 1, 1, 1)
    )
    (report,) = reports(done)
    assert report.battle.retreated and report.outcome == "successful"
    assert (report.planet.plunder.loot, report.planet.plunder.captured) == (500, 100)
    assert [s.ship_class for s in done.state.planets[0].orbital_ships] == ["cruiser"]


def test_sp_i44_a_base_attack_retreat_is_a_failure_and_the_survivors_come_home():
    """SP-I44, SP-I31: retreating from a base attack fails it (+20 % next time), keeps the
    surviving ships, and the resolution then carries on with the players' steps."""
    state, _ = route(empty(), "Line", 300)
    state.player("Aurora").streak = 4
    with_history(state, "Aurora", [300], turn=18)
    state, _ = apply_locate(state, DEFAULTS, "Aurora", 20, "a moon")
    state, quote = order_attack(state, RETREAT, "Aurora", 20, ["cruiser"])
    assert quote.fleet.raiders == 6
    # round 1: the cruiser 1, 1; six raiders all 1
    asked = resolve(state, 20, scripted(1, 1, 1, 1, 1, 1, 1, 1), RETREAT)
    (question,) = asked.state.waiting
    assert (question.choice, question.attack.kind) == ("retreat", "base")
    assert "raids" not in asked.outcome or asked.outcome["raids"] == []
    # parting volley (6 misses), then Aurora's regular roll: 20, no attack
    done = answer_retreat(
        asked.state, RETREAT, question.choice_id, "Aurora", True, scripted(1, 1, 1, 1, 1, 1, 20)
    )
    assert [b["outcome"] for b in done.outcome["base_attacks"]] == ["failed"]
    assert done.state.player("Aurora").failed_base_attacks == 1
    (log,) = [r.body for r in done.archive if r.key == "base/20/Aurora"]
    assert [s.ship_class for s in log.survivors] == ["cruiser"] and log.battle.retreated
    assert [r.outcome for r in reports(done)] == ["no_attack"]
    assert done.state.resolution is None and done.state.base_attack_orders == []


def test_fc_i17_automatic_battle_pauses_between_rounds_and_takes_a_listed_retreat():
    """FC-I17, FC-I15: the automatic battle stops before a round when asked, and a
    participant the caller lists retreats in that round (does not fire, takes the parting
    volley, leaves); the other side holds the field."""
    a = fleet_from_counts("A", {"cruiser": 1})
    b = fleet_from_counts("B", {"destroyer": 1})
    participants = [(a, "a"), (b, "b")]
    state = open_automatic(participants)
    first = fight_automatic_rounds(
        state, COMBAT, scripted(1, 1, 1), pause_before=lambda battle: battle.next_round == 2
    )
    assert len(first) == 1 and state.battles[0].result is None
    state.battles[0].retreats = ["A"]
    rest = fight_automatic_rounds(state, COMBAT, scripted(1))
    result = automatic_result(state, participants, first + rest)
    assert result.result.retreated == ["A"] and result.winning_side == "b"
    assert rest[0].volleys[0].shooter == "B" and len(rest[0].volleys) == 1


# --- SP-I43: a shared route's losses belong to whoever registered the ships -----------------


def test_sp_i43_a_co_owners_ships_lost_are_that_co_owners_losses():
    """SP-I43: Boreas' cruiser defends the shared route in Aurora's raid; when the pirates
    win it is reported as Boreas' loss, Aurora's streak and income loss stay Aurora's."""
    paused = resolve(shared_route(), 2, scripted(1, 6))
    offer = paused.state.waiting[0].choice_id
    # the cruiser 1, 1; three raiders 6, 6, 6 → defence 1, 1, 1: destroyed; Boreas rolls 20
    done = answer_buy_off(
        paused.state, DEFAULTS, offer, "Aurora", False, scripted(1, 1, 6, 6, 6, 1, 1, 1, 20)
    )
    aurora = next(r for r in reports(done) if r.faction == "Aurora")
    assert aurora.ships_lost == {"Boreas": {"cruiser": 1}}
    assert aurora.income_lost == 60 and aurora.streak_after == 1
    assert done.state.player("Boreas").streak == 0


def test_sp_i45_the_gm_forces_to_the_end_of_the_resolution():
    """SP-I45: forcing the open buy-off leaves Boreas' later offer waiting; forcing
    `to_the_end` answers it too (decline: undefended, successful) and ends the resolution."""
    state = two_players()
    paused = resolve(state, 4, scripted(1, 6))
    choice = paused.state.waiting[0].choice_id
    # Aurora: decline, the battle's round 1 (the raiders kill the cruiser); Boreas: 1, 6
    faces = (1, 1, 6, 6, 6, 1, 1, 1, 1, 6)
    one = force_choices(paused.state, DEFAULTS, [choice], scripted(*faces))
    assert [w.faction for w in one.state.waiting] == ["Boreas"] and one.state.resolution
    done = force_choices(paused.state, DEFAULTS, [choice], scripted(*faces), to_the_end=True)
    assert done.state.waiting == [] and done.state.resolution is None
    assert [(r.faction, r.outcome) for r in reports(done)] == [
        ("Aurora", "successful"),
        ("Boreas", "successful"),
    ]


def test_sp_i45_a_force_names_the_answer_it_gave_each_question():
    """SP-I45: what a force did names the default each question got, in the order forced
    (its post is redrawn with it): `buy_off_default` for both offers forced to the end,
    "accept" when the GM's setting says so, fighting on for a retreat (SP-I44)."""
    paused = resolve(two_players(), 4, scripted(1, 6))
    choice = paused.state.waiting[0].choice_id
    faces = (1, 1, 6, 6, 6, 1, 1, 1, 1, 6)
    done = force_choices(paused.state, DEFAULTS, [choice], scripted(*faces), to_the_end=True)
    (first, later) = done.forced
    assert first == choice and done.forced == {choice: "decline", later: "decline"}
    accepting = DEFAULTS.model_copy(update={"buy_off_default": "accept"})
    paid = force_choices(paused.state, accepting, [choice], scripted(1, 6))
    assert paid.forced == {choice: "accept"}
    asked = raided_with_retreat()
    retreat = asked.state.waiting[0].choice_id
    fought = force_choices(asked.state, RETREAT, [retreat], scripted(6, 6, 1, 1, 1, 1, 1))
    assert fought.forced == {retreat: "fight"}
