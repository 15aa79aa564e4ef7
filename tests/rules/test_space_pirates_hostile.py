"""Space pirates' lines as players read them, in both languages: counts with their plural
forms (SP-I37)."""

from __future__ import annotations

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.errors import NotAllowed
from bot.rules.space_pirates.messages import offer_lines
from bot.rules.space_pirates.messages import report_lines
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.reports import RaidReport
from bot.rules.space_pirates.turn import answer_buy_off


def test_a_recalled_group_of_one_ship_returns_as_one_ship():
    """SP-10.8, SP-I37: a group of one cruiser recalled in turn 2 returns in the resolution
    of turn 5: "(1 ship)", not "(1 ships)"; two ships read "(2 ships)"."""
    state = empty()
    for group, ships in ((1, 1), (2, 2)):
        state.privateers.append(
            PrivateerGroup(
                id=group,
                owner="Boreas",
                target="Aurora",
                formed_turn=1,
                ships=[
                    RegisteredShip(id=10 * group + i, owner="Boreas", ship_class="cruiser")
                    for i in range(ships)
                ],
                recalled_turn=2,
                returns_turn=5,
            )
        )
    lines = [m.render("en") for m in resolve(state, 5, scripted()[0]).lines]
    one = "Privateer group #1 returns to Boreas (1 ship: 1 cruiser (#10)); their upkeep resumes."
    two = "Privateer group #2 returns to Boreas (2 ships: 1 cruiser (#20), 1 cruiser (#21)); their"
    assert any(line.startswith(one) for line in lines), lines
    assert any(line.startswith(two) for line in lines), lines
    russian = [m.render("ru") for m in resolve(state, 5, scripted()[0]).lines]
    resumes = "; содержание её кораблей возобновляется."
    first = (
        f"Группа каперов №1 возвращается к фракции «Boreas» (1 корабль: 1 крейсер (№10)){resumes}"
    )
    second = "Группа каперов №2 возвращается к фракции «Boreas» (2 корабля: 1 крейсер (№20), "
    assert any(line.startswith(first) for line in russian), russian
    assert any(line.startswith(second + f"1 крейсер (№21)){resumes}") for line in russian)


RETREAT = settings(defender_may_retreat=True)


def asked_to_retreat():
    """Aurora's route (one cruiser guard) raided by 3 raiders; Aurora refuses the buy-off;
    round 1 misses everywhere; the retreat question comes before round 2 (SP-I44)."""
    state, _ = route(empty(), "Line", 100, ships=[("cruiser", "guard")])
    paused = resolve(state, 3, scripted(1, 6)[0], RETREAT)
    offer = paused.state.waiting[0].choice_id
    return answer_buy_off(
        paused.state, RETREAT, offer, "Aurora", False, scripted(1, 1, 1, 1, 1)[0], combat=COMBAT
    )


def test_the_retreat_question_counts_ships_with_their_plural_forms():
    """SP-I44: "your side has 1 ship left, the pirates 3 ships", in both languages."""
    (question,) = asked_to_retreat().state.waiting
    prompt = offer_lines(question)[-1]
    assert prompt.render("en") == (
        "Round 2 comes next: your side has 1 ship left, the pirates 3 ships. Fight on or retreat?"
    )
    assert "1 корабль" in prompt.render("ru") and "3 корабля" in prompt.render("ru")


def test_a_refused_buy_off_no_longer_reads_as_offered_while_the_battle_waits():
    """SP-I34, SP-I44: once Aurora refused to pay and the battle waits for the retreat
    answer, the line the channel reads says the battle goes on, not "buy-off offered"."""
    asked = asked_to_retreat()
    lines = [m.render("en") for m in asked.lines]
    assert lines == [
        "Aurora: pirates at Line: the battle goes on — the resolution waits for Aurora's answer"
    ], lines
    assert "идёт бой" in asked.lines[0].render("ru")


def test_a_turn_ended_over_an_open_offer_tells_each_resolution_once():
    """SP-I40, SP-I45: turn 1's offer to Aurora is still open when the GM ends turn 2; the
    offer is forced (declined: Line raided) and turn 2's roll misses. The summary has one
    line for turn 1's raid and one for turn 2's roll, not turn 1's raid told again, each
    under the heading of its turn."""
    state, _ = route(empty(), "Line", 450)
    waiting = resolve(state, 1, scripted(1, 3, 5, 6, 2)[0]).state
    lines = [m.render("en") for m in resolve(waiting, 2, scripted(20)[0]).lines]
    assert lines == [
        "First, turn 1's resolution ends: the questions it still waited for take their "
        "default answers (SP-I45):",
        "Aurora: Line raided: 450 income lost, streak 1",
        "Turn 2's resolution:",
        "Aurora: no raid (d20 20 > 3)",
    ], lines


def test_a_buy_off_question_says_it_waits_once():
    """SP-I34: the offer's lines end with the price and that it waits for the answer, said
    once (not again as "Waiting for the buy-off answer"), then, the route being undefended,
    that a refusal meets no battle."""
    state, _ = route(empty(), "Line", 450)
    (offer,) = resolve(state, 1, scripted(1, 3, 5, 6, 2)[0]).state.waiting
    lines = [m.render("en") for m in offer_lines(offer)]
    assert lines[-2:] == [
        "Buy-off offered for 80, waiting for the answer",
        "If you refuse, there is no battle: the pirates raid Line (SP-I10)",
    ], lines
    assert not any("Waiting for" in line for line in lines), lines


def test_a_planet_raid_says_which_candidate_it_attacks():
    """SP-4.1, SP-I18: with two planets eligible the report lists both in the order of
    SP-I18 and then names the one attacked (Beta: defence 0 beats Alpha's cruiser)."""
    state, _ = route(empty(), "Line", 100)
    state, _ = planet(state, "Alpha", 900, orbital=["cruiser"])
    state, _ = planet(state, "Beta", 300)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [200], turn=1)
    paused = resolve(state, 2, scripted(20, 1)[0])  # the route roll misses; d20 1: planet
    (offer,) = paused.state.waiting
    lines = [m.render("en") for m in offer_lines(offer)]
    beta = lines.index("Candidate Beta: defence 0, income 300")
    assert lines[beta + 1] == "Candidate Alpha: defence 200, income 900", lines
    assert lines[beta + 2] == "Planet Beta is attacked", lines
    assert "Атакована планета Beta" in [m.render("ru") for m in offer_lines(offer)]


def test_a_buy_off_offer_says_when_the_route_has_no_defenders():
    """SP-1.11, SP-I34: the victim decides with the route's defence known: an undefended
    route's offer says so (refusing loses it without a battle); a guarded one's does not."""
    state, _ = route(empty(), "Line", 450)
    (offer,) = resolve(state, 1, scripted(1, 3, 5, 6, 2)[0]).state.waiting
    assert "The route is not defended" in [m.render("en") for m in offer_lines(offer)]
    state, _ = route(empty(), "Line", 450, ships=[("cruiser", "guard")])
    (offer,) = resolve(state, 1, scripted(1, 3, 5, 6, 2)[0]).state.waiting
    assert "The route is not defended" not in [m.render("en") for m in offer_lines(offer)]


def test_an_answer_by_another_faction_names_whose_question_it_is():
    """SP-I45: only the player asked answers; Boreas answering Aurora's buy-off question is
    told whose it is, the name shown as typed (no bold, no ping), in both languages."""
    state, _ = route(empty(), "Line", 100, owner="**Aurora** @everyone")
    paused = resolve(state, 3, scripted(1, 6)[0])
    offer = paused.state.waiting[0].choice_id
    with pytest.raises(NotAllowed) as refused:
        answer_buy_off(paused.state, DEFAULTS, offer, "Boreas", True, scripted()[0])
    shown = "\\*\\*Aurora\\*\\* @\u200beveryone"
    assert refused.value.message("en") == f"This question is for {shown}."
    assert refused.value.message("ru") == f"На этот вопрос отвечает фракция «{shown}»."


def test_a_retreat_a_gm_answered_is_marked_on_the_report_s_battle_line():
    """SP-I44, SP-I45: a GM retreats Aurora's side for Aurora; the raid's report marks the
    battle line with it, in both languages; Aurora's own answer leaves it unmarked."""
    asked = asked_to_retreat()
    (question,) = asked.state.waiting

    def battle_line(by_gm):
        done = answer_buy_off(
            asked.state,
            RETREAT,
            question.choice_id,
            "Aurora",
            True,
            scripted(1, 1, 1)[0],
            combat=COMBAT,
            by_gm=by_gm,
        )
        (report,) = [r.body for r in done.archive if isinstance(r.body, RaidReport)]
        return next(m for m in report_lines(report) if ".report.battle." in m.key)

    by_gm = battle_line(True)
    assert by_gm.render("en") == (
        "Battle: the pirates win after 2 rounds (a GM answered the retreat question)"
    )
    assert by_gm.render("ru") == (
        "Бой: пираты победили за 2 раунда (на вопрос об отступлении ответил ведущий)"
    )
    assert battle_line(False).render("en") == "Battle: the pirates win after 2 rounds"
