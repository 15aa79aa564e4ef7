"""SP-I35, SP-I42: a hire whose value is below the cost of the ships it brings is refused
saying why the contract is worth more than was asked, and what the player can still do."""

from __future__ import annotations

import pytest
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import route
from space_pirates_helpers import with_history

from bot.errors import RuleViolation
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import quote_hire
from bot.rules.space_pirates.settings import SpacePiratesSettings


def refusal(history: int, asked: int, settings: SpacePiratesSettings = DEFAULTS) -> RuleViolation:
    state, _ = route(empty(), "Line", 300)
    with_history(state, "Aurora", [history], turn=9)
    with pytest.raises(RuleViolation) as refused:
        quote_hire(state, settings, HireOrder("Aurora", 10, asked))
    return refused.value


def test_a_value_below_the_smallest_contract_says_it_counts_as_the_ships_cost() -> None:
    refused = refusal(171, 50)  # pool ⌊171 / 3⌋ = 57; one raider costs 100
    assert refused.message("en") == (
        "Asking 50 still brings 1 raider, and a contract is worth at least the ships it brings"
        " (SP-I42), so this one is worth 100. That exceeds the 57 available for hire: the"
        " largest fleet that attacked you lately (171) ÷ 3, less 0 already hired this turn"
        " (SP-I35). No contract is worth less than 100: you can hire once at least 100 is"
        " available."
    )
    assert refused.message("ru") == (
        "Значение 50 всё равно приводит корабли (1 рейдер), а контракт стоит не меньше"
        " приведённых кораблей (SP-I42), поэтому этот стоит 100. Это больше, чем доступно для"
        " найма (57): самый большой пиратский флот, недавно атаковавший вас (171), ÷ 3, минус 0"
        " за наёмников, уже нанятых в этом ходу (SP-I35). Контракта дешевле 100 не бывает:"
        " нанять можно будет, когда для найма станет доступно не меньше 100."
    )


def test_a_value_asked_as_it_is_worth_keeps_the_plain_refusal() -> None:
    refused = refusal(171, 100)
    assert refused.message("en").startswith("A contract worth 100 exceeds the 57 available")


def test_a_smaller_contract_that_fits_is_named() -> None:
    """With every cruiser bought first and two raiders at least, 250 brings a cruiser and
    two raiders (400) while a contract of 200 (two raiders) fits the pool of 300."""
    settings = DEFAULTS.model_copy(update={"cruiser_share_pct": 100, "min_raiders": 2})
    refused = refusal(900, 250, settings)
    text = refused.message("en")
    assert "Asking 250 still brings 1 cruiser, 2 raiders" in text
    assert "so this one is worth 400. That exceeds the 300 available" in text
    assert text.endswith("A contract worth at most 300 can still be hired.")
    assert refused.message("ru").endswith("Контракт стоимостью не больше 300 нанять ещё можно.")
