"""Space pirates' summary and report lines as players read them: a turn end that first
finishes an earlier resolution with default answers never says it waits for an answer it
gives at once (SP-I40, SP-I45); a planet raid's outcome names the rampage it starts."""

from __future__ import annotations

from space_pirates_helpers import empty, resolve, route, scripted, settings

from bot.dice import Dice
from bot.i18n import Msg

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
        "Aurora: Line raided: 100 income lost, streak 1",
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
    assert line.render("ru") == (
        "Рейд успешен: бонус флота 0 → 30 %, штраф 0 → 0, пираты в разгуле"
    ), line.render("ru")
