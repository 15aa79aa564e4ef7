"""What a Russian reader of Space pirates reads: the seed's terms («налёт» is a route raid,
«рейд» a planet raid), decimals written with a comma, agreement and cases as a native
writes them, and no line that says something which did not happen."""

from __future__ import annotations

import re

import pytest
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import raid
from space_pirates_helpers import route

from bot.i18n import catalog
from bot.i18n import t
from bot.rules.space_pirates.messages import report_lines
from bot.rules.space_pirates.models import MercenaryContract
from bot.rules.space_pirates.models import PirateShip
from bot.rules.space_pirates.models import UpkeepDue
from bot.rules.space_pirates.reports import Journal
from bot.rules.space_pirates.upkeep import settle_upkeep

RU = catalog("ru")
RULESET_TEXTS = sorted(k for k in RU if k.startswith(("space_pirates.", "pirates.")))


def test_sp_i7_the_strength_multiplier_and_strength_are_written_with_a_decimal_comma():
    """Aurora's 450 route at streak 2 rolls 4d6 16: × 1.2 = 19.2, V 960 (SP-E1). The Russian
    report writes «× 1,2 … = 19,2», as the bot writes every other Russian decimal; the
    English one keeps "× 1.2 … = 19.2"."""
    state, _ = route(empty(), "R1", 450)
    state.player("Aurora").streak = 2
    _, (report,) = raid(state, 4, [1, 3, 5, 6, 2])

    russian = [m.render("ru") for m in report_lines(report)]
    english = [m.render("en") for m in report_lines(report)]
    assert (
        "Сила: доход 450 → 4d6: 3, 5, 6, 2 = 16; × 1,2 (серия 2, бонус 0 %) = 19,2; стоимость 960"
        in russian
    )
    assert (
        "Strength: income 450 → 4d6: 3, 5, 6, 2 = 16; × 1.2 (streak 2, bonus 0 %) = 19.2; value 960"
        in english
    )


@pytest.mark.parametrize("key", RULESET_TEXTS)
def test_a_last_turn_reads_as_an_ordinal(key):
    """«по ход 4 включительно» is not Russian: every text of the ruleset that names the last
    turn of an immunity, a peace, a penalty or a bonus says «по 4-й ход включительно» (not
    «до хода 4», which reads as "before turn 4")."""
    assert not re.search(r"\bпо ход\b", str(RU[key])), RU[key]


def test_sp_i15_the_immunity_a_defence_wins_reads_as_russian():
    """Orion held its route in resolution 1: immune in turns 2–4 (SP-I15, SP-E4)."""
    assert (
        t("space_pirates.event.defended", "ru", target="Гамма", until=4)
        == "путь Гамма отбит: иммунитет по 4-й ход включительно"
    )


def test_sp_i34_a_buy_off_in_the_summary_is_a_noun_not_a_plural_verb():
    """«Сириус: Шёлковый: откупились за 600» has a plural verb and no subject; the other
    events of the summary line are noun phrases («налёт на путь …: потеряно 450 дохода»)."""
    assert t("space_pirates.event.bought_off", "ru", target="Шёлковый", cost=600) == (
        "Шёлковый: откуп за 600"
    )


def test_sp_4_1_the_dice_of_a_planet_raid_are_labelled_as_a_planet_raid():
    """The seed calls an attack on a planet «рейд» and one on a route «налёт»; the dice of a
    planet raid's battle read «Рейд пиратов на планету …» in /history show."""
    assert t("space_pirates.roll.title.planet", "ru", where="Сириус-1") == (
        "Рейд пиратов на планету Сириус-1"
    )
    assert t("space_pirates.roll.title.planet", "en", where="Sirius") == (
        "Pirate planet raid on Sirius"
    )


def test_sp_i35_upkeep_asks_for_payment_in_the_genitive():
    """«требуют содержание» → «требуют платы за содержание»."""
    asked = t("pirates.question.upkeep_body", "ru", contract=2, amount=30)
    empty_contract = t("pirates.question.upkeep_body_no_ships", "ru", contract=1, amount=54)
    assert asked.startswith("Наёмники по контракту №2 требуют платы за содержание за этот ход: 30.")
    assert "требует платы за содержание за этот ход: 54." in empty_contract


def _ended(ships: list[PirateShip], language: str) -> str:
    """Aurora ends contract #2 at its upkeep (SP-I35); the line the channel reads."""
    state = empty()
    state.contracts.append(
        MercenaryContract(
            id=2, owner="Aurora", hired_turn=3, hire_value=150, value=150, ships=ships
        )
    )
    due = UpkeepDue(choice_id=7, contract=2, owner="Aurora", turn=6, amount=30, no_ships=not ships)
    journal = Journal()
    settle_upkeep(state, DEFAULTS, due, pay=False, journal=journal)
    (line,) = journal.lines
    return line.render(language)


def test_sp_i35_ending_a_contract_with_no_ships_left_says_no_ships_leave():
    """Contract #2 lost its last raider; ending it does not tell of ships that leave."""
    assert _ended([], "ru") == (
        "Фракция «Aurora» расторгает контракт наёмников №2: кораблей у него не осталось"
    )
    assert _ended([], "en") == "Aurora ends mercenary contract #2: it has no ships left"
    assert _ended([PirateShip(pirate_type="raider")], "ru") == (
        "Фракция «Aurora» расторгает контракт наёмников №2; корабли уходят"
    )


def test_sp_i22_an_industry_block_of_several_turns_reads_from_one_turn_to_another():
    assert t("space_pirates.report.industry_blocked", "ru", start=9, end=10) == (
        "Промышленность заблокирована с 9-го по 10-й ход"
    )
