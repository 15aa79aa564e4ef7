"""Russian refusals of Space pirates write a number as «№ 3», never as "#3": the number a
player typed, and the numbers the refusal offers instead (SP-I37: "yours: № 3, № 4"); the
English ones keep "#3"."""

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
    offers 3 and 4 as «№ 3, № 4»; the English one as "#3, #4"."""
    with pytest.raises(NotFound) as caught:
        quote_recall(boreas_groups(3, 4), DEFAULTS, "Boreas", 99, turn=5)
    assert caught.value.message("ru") == (
        "Вашей группы каперов № 99 нет; ваши: № 3, № 4 (их показывает /пираты состояние)."
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
def test_every_russian_refusal_writes_a_number_after_a_spaced_number_sign(key):
    """Each Russian refusal of the ruleset that names a numbered route, planet, ship,
    contract, group, bribe, offer or question reads «№ 3» (with the numbers in every
    parameter), never "#3" or «№3»."""
    names = set(re.findall(r"{(\w+)", str(RU[key])))
    shown = t(key, "ru", **{name: 3 for name in names})
    assert "#" not in shown, shown
    assert re.search(r"№ 3\b", shown), shown
    assert not re.search(r"№\S", shown), shown
