"""Russian texts of Space pirates write a number as «№3», never as "#3" or «№ 3», as the
bot's other Russian texts do («запись №11», «бой №1»): the number a player typed, and the
numbers a refusal offers instead (SP-I37: «ваши: №3, №4»); the English ones keep "#3"."""

from __future__ import annotations

import re

import pytest
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty

from bot.errors import NotFound
from bot.i18n import catalog
from bot.i18n import t
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.privateers import quote_recall


def boreas_groups(*ids: int):
    state = empty()
    for group in ids:
        ship = RegisteredShip(id=90 + group, owner="Boreas", ship_class="cruiser")
        state.privateers.append(
            PrivateerGroup(id=group, owner="Boreas", target="Aurora", formed_turn=3, ships=[ship])
        )
    return state


def test_sp_i37_an_unknown_group_is_refused_with_the_readers_groups_by_number():
    """Boreas types group 99 while her groups are 3 and 4: the Russian refusal names 99 and
    offers 3 and 4 as «№3, №4»; the English one as "#3, #4"."""
    with pytest.raises(NotFound) as caught:
        quote_recall(boreas_groups(3, 4), DEFAULTS, "Boreas", 99, turn=5)
    assert caught.value.message("ru") == (
        "Вашей группы каперов №99 нет; ваши: №3, №4 (их показывает /пираты состояние)."
    )
    assert caught.value.message("en").startswith(
        "There is no privateer group #99 of yours; yours: #3, #4"
    )


RU = catalog("ru")
REFUSALS = sorted(
    key
    for key, text in RU.items()
    if key.startswith(("space_pirates.error.", "pirates.error.")) and "№" in str(text)
)


@pytest.mark.parametrize("key", REFUSALS)
def test_every_russian_refusal_writes_a_number_right_after_the_number_sign(key):
    """Each Russian refusal of the ruleset that names a numbered route, planet, ship,
    contract, group, bribe, offer or question reads «№3» (with the numbers in every
    parameter), never "#3" or «№ 3»."""
    names = set(re.findall(r"{(\w+)", str(RU[key])))
    shown = t(key, "ru", **{name: 3 for name in names})
    assert "#" not in shown, shown
    assert re.search(r"№3\b", shown), shown
    assert not re.search(r"№\s", shown), shown


RULESET_TEXTS = sorted(
    key for key in RU if key.startswith(("space_pirates.", "pirates.")) and "№" in str(RU[key])
)


@pytest.mark.parametrize("key", RULESET_TEXTS)
def test_every_russian_text_of_the_ruleset_numbers_alike(key):
    """Not only the refusals: a route's line («Торговый путь №1 Spice Lane»), a buy-off
    offer, a report: one form of «№3» throughout, so two answers in a row never read «№ 1»
    and «№3» for the same kind of number."""
    names = set(re.findall(r"{(\w+)", str(RU[key])))
    shown = t(key, "ru", **{name: 3 for name in names})
    assert not re.search(r"№\s", shown), shown
