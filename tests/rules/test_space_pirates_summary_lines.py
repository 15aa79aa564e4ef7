"""Space pirates' summary and report lines as players read them: a turn end that first
finishes an earlier resolution with default answers never says it waits for an answer it
gives at once (SP-I40, SP-I45); a planet raid's outcome names the rampage it starts."""

from __future__ import annotations

from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import settings

from bot.dice import Dice
from bot.i18n import Msg
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.turn import force_choices

RETREAT = settings(defender_may_retreat=True)


def test_retreat_questions_answered_by_default_on_the_way_are_not_told_as_waiting():
    """SP-I44, SP-I45: Aurora's buy-off of turn 3 is still open when turn 4 ends: it is
    declined by default, and the battle asks whether to retreat before each round, each
    time fighting on by default, until the pirates win. The summary tells the raid once,
    under its turn's heading, without "the resolution waits for Aurora's answer"."""
    state, _ = route(empty(), "Line", 100, ships=[("cruiser", "guard")])
    paused = resolve(state, 3, scripted(1, 6)[0], RETREAT)

    ended = resolve(paused.state, 4, Dice.seeded(1), RETREAT)

    lines = [m.render("en") for m in ended.lines]
    assert lines == [
        "First, turn 3's resolution ends: the questions it still waited for take their "
        "default answers (SP-I45):",
        "Aurora: Line raided: 100 income lost, streak 1 (1 cruiser lost)",
        "Turn 4's resolution:",
        "Aurora: no raid (d20 8 > 2)",
    ], lines
    assert not ended.state.waiting
    russian = [m.render("ru") for m in ended.lines]
    assert not any("ждёт ответа" in line for line in russian), russian


def test_a_planet_raid_that_starts_the_rampage_does_not_say_it_goes_on():
    """SP-I26: a successful planet raid turns the rampage on; the Russian report line says
    the pirates are on a rampage («пираты в разгуле»), not that it "continues" when it has
    just begun."""
    line = Msg(
        "space_pirates.report.outcome.planet_successful",
        bonus_before=0,
        bonus_after=30,
        penalty_before=0,
        penalty_after=0,
        rampage=Msg("space_pirates.report.rampage_on"),
    )
    assert line.render("ru") == ("Рейд успешен: бонус флота 0 → 30 %, пираты в разгуле"), (
        line.render("ru")
    )


def bribed_after_an_open_offer():
    """Aurora's route "Line" (a cruiser guard) and Boreas' route "A"; Caelum, in contact
    with Boreas, bribes a route raid on Boreas for turn 3 (SP-7, SP-I33). Turn 3's
    resolution pauses on Aurora's buy-off before Boreas' run (SP-I40)."""
    state, _ = route(empty(), "Line", 100, ships=[("cruiser", "guard")])
    state, _ = route(state, "A", 2350, owner="Boreas")
    state = set_contacts(state, "Caelum", ["Boreas"])
    state, _ = apply_bribe(
        state, DEFAULTS, COMBAT, BribeOrder("Caelum", "Boreas", "route", 3), Dice.seeded(1)
    )
    return resolve(state, 3, Dice.seeded(31)).state


def test_a_question_answered_by_default_on_the_way_does_not_tell_the_players_events_twice():
    """SP-I40, SP-I45: turn 4 ends over Aurora's open buy-off of turn 3. It is declined by
    default; Boreas' run then rolls no raid and comes to the bribed raid's buy-off, which is
    declined at once too. Boreas' line tells both events once, not "no raid" on a line of
    its own before the full line."""
    ended = resolve(bribed_after_an_open_offer(), 4, Dice.seeded(1))

    lines = [m.render("en") for m in ended.lines]
    assert lines[:4] == [
        "First, turn 3's resolution ends: the questions it still waited for take their "
        "default answers (SP-I45):",
        "Aurora: Line defended: immunity through turn 6",
        "Boreas: no raid (d20 16 > 2); A raided (bribed): 2350 income lost, streak 1",
        "Turn 4's resolution:",
    ], lines
    boreas = [line for line in lines if line.startswith("Boreas: no raid (d20 16 > 2)")]
    assert len(boreas) == 1, lines


def test_forcing_to_the_end_tells_each_players_events_once():
    """SP-I45: the GM forces Aurora's open buy-off to the end of the resolution; Boreas'
    bribed raid asks its buy-off on the way, forced at once. The channel reads Boreas' events
    once, without a line saying the resolution waits for Boreas' answer."""
    paused = bribed_after_an_open_offer()
    (offer,) = paused.waiting

    done = force_choices(paused, DEFAULTS, [offer.choice_id], Dice.seeded(1), to_the_end=True)

    lines = [m.render("en") for m in done.lines]
    assert lines == [
        "Aurora: Line defended: immunity through turn 6",
        "Boreas: no raid (d20 16 > 2); A raided (bribed): 2350 income lost, streak 1",
    ], lines
    assert not done.state.waiting and done.state.resolution is None
    russian = [m.render("ru") for m in done.lines]
    assert not any("ждёт ответа" in line for line in russian), russian


def test_forcing_one_question_still_tells_the_one_it_comes_to_as_waiting():
    """SP-I45: forcing only Aurora's buy-off leaves Boreas' bribed raid asking: that line
    still says the resolution waits for Boreas' answer."""
    paused = bribed_after_an_open_offer()
    (offer,) = paused.waiting

    done = force_choices(paused, DEFAULTS, [offer.choice_id], Dice.seeded(1))

    lines = [m.render("en") for m in done.lines]
    assert lines[-1].endswith("the resolution waits for Boreas' answer"), lines
    assert [w.faction for w in done.state.waiting] == ["Boreas"]
