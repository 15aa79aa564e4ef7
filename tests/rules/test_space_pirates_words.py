"""Texts a play-test read wrong: the report of a route defended under rampage (SP-I15,
SP-I26), a failed planet raid's penalty that did not change (SP-I17), an upkeep question
saved before it knew the contract had no ships (SP-I35), and log entries of operations
written before they were logged by their real commands."""

from __future__ import annotations

import pytest
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import raid
from space_pirates_helpers import route
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.command_names import option_word
from bot.log_text import command_label
from bot.rules.space_pirates.messages import outcome_line
from bot.rules.space_pirates.models import SpacePiratesState
from cogs.space_pirates.choices import upkeep_asked


def test_a_route_defended_under_rampage_reports_no_immunity():
    """SP-I26: under rampage two cruisers beat the raider (the faces of
    `test_sp_i26_rampage_defence_keeps_streak_and_gives_no_immunity`): the report's outcome
    says the rampage goes on and no immunity is gained, never "immunity until turn 0"."""
    state, _ = route(empty(), "Line", 160, ships=[("cruiser", "guard"), ("cruiser", "guard")])
    state.player("Aurora").streak = 4
    state.player("Aurora").rampage = True
    _, (report,) = raid(state, 8, [3], [5, 2, 6, 6, 6, 1, 4, 5, 3, 2])
    assert report.outcome == "defender_victory" and report.immunity_until is None

    line = outcome_line(report)

    assert line.render("en") == (
        "Defender victory: streak stays 4, but the rampage goes on and no immunity is gained "
        "(SP-I15, SP-I26)"
    )
    assert line.render("ru") == (
        "Победа защитников: серия остаётся 4, но разгул продолжается, и иммунитета нет "
        "(SP-I15, SP-I26)"
    )


def test_an_upkeep_question_saved_before_it_knew_of_lost_ships_still_loads():
    """An upkeep question saved without `no_ships` loads, and asks as it did."""
    saved = {
        "upkeep_due": [{"choice_id": 17, "contract": 9, "owner": "Aurora", "turn": 3, "amount": 60}]
    }
    (due,) = SpacePiratesState.model_validate(saved).upkeep_due

    assert not due.no_ships
    assert "its ships leave" in upkeep_asked(due).render("en")


def test_operations_logged_by_their_old_names_read_as_their_commands():
    """Entries written when quoted operations were logged as `pirates locate` and the like
    read as the commands players type, in either language."""
    for old, english, russian in (
        ("pirates locate", "pirates base locate", "пираты база найти"),
        ("pirates assault", "pirates base assault", "пираты база атаковать"),
        ("pirates hire", "pirates mercenaries hire", "пираты наёмники нанять"),
        ("pirates privateers", "pirates privateers form", "пираты каперы собрать"),
        ("pirates recall", "pirates privateers recall", "пираты каперы отозвать"),
    ):
        assert command_label(old, "en") == english
        assert command_label(old, "ru") == russian
        assert command_label(english, "ru") == russian


def test_the_buy_off_offer_number_reads_the_same_in_old_and_new_entries():
    """`/pirates offer` logged its offer's number as `bribe` before the option was named
    `number`: `/history show` names both «номер» in Russian, and each by its own name in
    English."""
    assert option_word("pirates offer", "number", "ru") == "номер"
    assert option_word("pirates offer", "bribe", "ru") == "номер"
    assert option_word("pirates offer", "number", "en") == "number"
    assert option_word("pirates offer", "bribe", "en") == "bribe"


@pytest.mark.parametrize(("points", "penalty"), [(0, None), (3, "penalty 1 → 4")])
def test_a_failed_planet_raid_names_the_penalty_only_when_it_changes(points, penalty):
    """SP-I17, SP-I24: an income-0 planet without troops yields nothing, so the raid fails
    (the faces of `test_sp_i24_anything_taken_counts_a_capture_as_success`). Under
    `planet_raid_fail_penalty_points = 0` the penalty stays 1 and the outcome says nothing
    of it, as a success's says nothing; the default adds 3 and names it, in either
    language."""
    state, _ = planet(empty(), "Rock", 0, population=100)
    state.player("Aurora").streak = 10
    state.player("Aurora").planet_penalty_points = 1
    with_history(state, "Aurora", [150])
    _, reports = raid(state, 5, [1], settings=settings(planet_raid_fail_penalty_points=points))
    assert reports[-1].outcome == "failed"

    english, russian = (outcome_line(reports[-1]).render(locale) for locale in ("en", "ru"))

    assert english.startswith("Planet raid failed: fleet bonus 0 → 0 %, "), english
    assert russian.startswith("Рейд провалился: бонус флота 0 → 0 %, "), russian
    if penalty is None:
        assert "penalty" not in english and "штраф" not in russian, (english, russian)
    else:
        assert penalty in english and penalty.replace("penalty", "штраф") in russian
