"""Conformance fixes of the route raids, fleets, battles, planet raids, plunder and the base
(SP-1…SP-10, SP-I1…SP-I30): each test names the clause a player saw broken, and asserts
what the report or status now says, or what the state becomes."""

from __future__ import annotations

from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import answer
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import raid
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.rules.space_pirates.messages import offer_lines
from bot.rules.space_pirates.messages import report_lines
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.status import status
from bot.rules.space_pirates.turn import answer_plunder
from cogs.space_pirates.operations import Operation
from cogs.space_pirates.operations import quote


def no_troops_planet(streak=10):
    state, p = planet(empty(), "Home", 600, population=1005)
    state.player("Aurora").streak = streak
    with_history(state, "Aurora", [150])
    return state, p


def plunder_text(report, language="en"):
    return [m.render(language) for m in report_lines(report)]


def test_sp_i25_the_birth_rate_factor_setting_is_what_the_player_is_told():
    """SP-I25 `birth_rate_factor_pct`: with the factor set to 75, the raid's report and the
    status tell the birth rate at 75 %, not halved; the default still says halved."""
    state, _ = no_troops_planet()
    changed = settings(birth_rate_factor_pct=75)
    after, reports = raid(state, 5, [1], settings=changed)
    text = " ".join(plunder_text(reports[-1]))
    assert "100 population carried off" in text, text
    assert "75 %" in text and "halved" not in text, text
    shown = [m.render("en") for m in status(after, changed, "Aurora", 6).lines]
    assert "Home: birth rate cut to 75 % through turn 8" in shown, shown
    russian = " ".join(plunder_text(reports[-1], "ru"))
    assert "75 %" in russian and "вдвое" not in russian, russian

    after, reports = raid(state, 5, [1])
    text = " ".join(plunder_text(reports[-1]))
    assert "birth rate halved through turn 8" in text, text
    # SP-I25: the GM applies the capture, so the report says the record was not lowered
    assert "apply it by hand: the planet's registered population is unchanged" in text, text
    assert "вычтите вручную" in " ".join(plunder_text(reports[-1], "ru"))
    shown = [m.render("en") for m in status(after, DEFAULTS, "Aurora", 6).lines]
    assert "Home: birth rate halved through turn 8" in shown, shown


def test_sp_i25_no_birth_rate_penalty_is_told_when_it_lasts_no_turn():
    """SP-I25 `birth_rate_penalty_turns = 0`: the population is still carried off, and the
    report says nothing of a birth-rate penalty (it never said "until turn 0")."""
    state, p = no_troops_planet()
    after, reports = raid(state, 5, [1], settings=settings(birth_rate_penalty_turns=0))
    text = plunder_text(reports[-1])
    told = (
        "100 population carried off "
        "(apply it by hand: the planet's registered population is unchanged)"
    )
    assert told in text, text
    assert not any("birth rate" in line for line in text), text
    assert after.planet(p.id).birth_rate_penalty_until is None


def test_sp_i30_the_locate_quote_names_the_campaigns_percentage():
    """SP-6.3, SP-I30 `locate_cost_pct`: at 20 % the quote asks 20 % of the largest fleet
    and says so (it said "10 %" whatever the setting), in English and Russian."""
    state, _ = planet(empty(), "Home", 600)
    state.player("Aurora").streak = 2
    with_history(state, "Aurora", [1250], turn=3)
    changed = settings(locate_cost_pct=20)
    (line,) = quote(
        state, changed, COMBAT, Operation("locate", "Aurora", 5, {"location": "Kuiper belt"})
    )
    assert line.render("en").startswith(
        "Locating the pirate base costs 250 (20 % of the largest pirate fleet, 1250)"
    ), line.render("en")
    assert "20 %" in line.render("ru") and "10 %" not in line.render("ru"), line.render("ru")
    (line,) = quote(
        state, DEFAULTS, COMBAT, Operation("locate", "Aurora", 5, {"location": "Kuiper belt"})
    )
    assert "costs 125 (10 % of the largest pirate fleet, 1250)" in line.render("en")


def test_sp_i1_i16_the_rolls_name_the_campaigns_die():
    """SP-I1, SP-I16 `raid_die_faces`: on a d100 the summary and the report name the d100
    the bot rolled, for the raid chance and the planet check (they said "d20")."""
    d100 = settings(raid_die_faces=100)
    state, _ = route(empty(), "Line", 300)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [150])
    state, _ = planet(state, "Home", 600)
    result = resolve(state, 5, Dice.scripted([50, 60]), d100)
    summary = [m.render("en") for m in result.lines]
    assert summary == ["Aurora: no raid (d100 50 > 12); no planet raid (d100 60 > 2)"], summary
    text = [m.render("en") for r in result.archive for m in report_lines(r.body)]
    assert "d100: 50 against 12 — no attack" in text, text
    check = "Planet check: streak 10, planet points 2, d100 60"
    assert any(line.startswith(check) for line in text), text
    russian = " ".join(m.render("ru") for m in result.lines)
    assert "d100 50 > 12" in russian and "d20" not in russian, russian

    default = resolve(state, 5, Dice.scripted([15, 20]))
    assert [m.render("en") for m in default.lines] == [
        "Aurora: no raid (d20 15 > 12); no planet raid (d20 20 > 2)"
    ]


def test_sp_i6_the_big_income_rule_names_the_campaigns_threshold_and_multiplier():
    """SP-1.10, SP-I6 `big_income_threshold`, `big_income_multiplier`: above 2000 with ×10,
    the strength line says so (it said "above 1000 … × 12" whatever the settings)."""
    changed = settings(big_income_threshold=2000, big_income_multiplier=10)
    state, _ = route(empty(), "Line", 2350)
    _, (report,) = raid(state, 3, [1, 4, 6], settings=changed, accept=True)
    text = [m.render("en") for m in report_lines(report)]
    assert (
        "Strength: income 2350 above 2000 → 2d6 × 10: 4, 6 → 100; × 1 (streak 0, bonus 0 %) = "
        "100; value 5000"
    ) in text, text
    russian = [m.render("ru") for m in report_lines(report)]
    assert any("выше 2000 → 2d6 × 10" in line for line in russian), russian

    _, (report,) = raid(state, 3, [1, 4, 6], accept=True)
    text = [m.render("en") for m in report_lines(report)]
    big = "Strength: income 2350 above 1000 → 2d6 × 12: 4, 6 → 120"
    assert any(line.startswith(big) for line in text), text


def test_sp_i1_a_certain_attack_names_the_campaigns_die():
    """SP-I1 `raid_die_faces`: on a d10, 11 points attack without a roll, and the report
    says "10 points or more" (it said 20 whatever the die)."""
    state, _ = route(empty(), "Line", 300)
    state.player("Aurora").streak = 9
    d10 = settings(raid_die_faces=10)
    _, (report,) = raid(state, 3, [3, 3, 3], settings=d10, accept=True)
    lines = [m for m in report_lines(report) if m.key.endswith("chance_automatic")]
    assert [m.render("en") for m in lines] == [
        "10 points or more: the attack happens without a roll"
    ]
    assert [m.render("ru") for m in lines] == ["10 очков и больше: атака без броска"]

    state.player("Aurora").streak = 18
    _, (report,) = raid(state, 3, [3, 3, 3], accept=True)
    text = [m.render("en") for m in report_lines(report)]
    assert "20 points or more: the attack happens without a roll" in text, text


def troops_planet():
    state, p = planet(empty(), "Home", 600, troops=2, buildings=2)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [150])
    return state, p


def test_sp_i22_the_plunder_question_tells_what_avoiding_takes_at_the_campaigns_settings():
    """SP-I22 `passive_troops_loot_pct`, `industry_block_turns`: asked how the troops meet
    the pirates, the owner reads the share the pirates would take (75 %), and no industry
    block when it lasts no turn; the report of avoiding then says no block either (both
    said "half the income and block industry" whatever the settings)."""
    changed = settings(
        plunder_choice_mode="ask_when_raided", passive_troops_loot_pct=75, industry_block_turns=0
    )
    state, _ = troops_planet()
    paused = resolve(state, 5, Dice.scripted([1]), changed)
    offer = answer(paused.state, False, Dice.scripted([]), settings=changed).state.waiting[0]
    prompt = offer_lines(offer)[-1]
    assert prompt.render("en") == (
        "3 pirate squads land on Home: avoid them (they take 75 % of the income) or cover "
        "the buildings (ground fight)?"
    ), prompt.render("en")
    assert "75 % дохода)" in prompt.render("ru"), prompt.render("ru")
    avoided = answer_plunder(
        answer(paused.state, False, Dice.scripted([]), settings=changed).state,
        changed,
        offer.choice_id,
        "Aurora",
        False,
        Dice.scripted([]),
    )
    (report,) = [r.body for r in avoided.archive if hasattr(r.body, "planet")]
    text = [m.render("en") for m in report_lines(report)]
    assert "The troops avoid the pirates: they take 450 of 600" in text, text

    asked = settings(plunder_choice_mode="ask_when_raided")
    paused = resolve(state, 5, Dice.scripted([1]), asked)
    offer = answer(paused.state, False, Dice.scripted([]), settings=asked).state.waiting[0]
    assert offer_lines(offer)[-1].render("en") == (
        "3 pirate squads land on Home: avoid them (they take half the income and block "
        "industry) or cover the buildings (ground fight)?"
    )


def test_sp_10_7_i37_the_recall_quote_names_the_campaigns_percentage():
    """SP-10.7, SP-I37 `privateer_recall_cost_pct`: at 30 % the recall quote asks 30 % of
    the group's ships and says so (it said "50 %" whatever the setting), in both languages."""
    state = empty()
    ships = [RegisteredShip(id=90, owner="Boreas", ship_class="cruiser", cost=200)]
    state.privateers.append(
        PrivateerGroup(id=7, owner="Boreas", target="Aurora", formed_turn=3, ships=ships)
    )
    recall = Operation("recall", "Boreas", 5, {"group": 7, "ships": None})
    (line,) = quote(state, settings(privateer_recall_cost_pct=30), COMBAT, recall)
    assert (
        line.render("en")
        == "Recalling group #7 costs 60 (30 % of its ships' 200) (SP-10.7, SP-I37)"
    )
    assert line.render("ru") == (
        "Отзыв группы №7 стоит 60 (30 % стоимости её кораблей, 200) (SP-10.7, SP-I37)."
    )
    (line,) = quote(state, DEFAULTS, COMBAT, recall)
    assert "costs 100 (50 % of its ships' 200)" in line.render("en")


def test_sp_i16_a_planet_check_with_no_roll_says_so():
    """SP-I16: planet points that reach the die's faces attack without a roll; the report
    says no roll was needed (it read "d20 — — attack"), in English and Russian."""
    state, _ = planet(empty(), "Home", 600)
    state.player("Aurora").streak = 12
    with_history(state, "Aurora", [150])
    certain = settings(planet_points_per_streak_above_threshold=10)
    _, reports = raid(state, 5, [], settings=certain)
    (check,) = [m for m in report_lines(reports[-1]) if "planet_check" in m.key]
    assert check.render("en") == (
        "Planet check: streak 12, planet points 22 — no roll needed on a d20: attack"
    )
    assert check.render("ru") == "Проверка рейда: серия 12, очки 22 — бросок d20 не нужен: атака"
