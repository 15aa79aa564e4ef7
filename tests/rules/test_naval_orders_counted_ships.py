"""An order's wording counts its ships after «в количестве» (NO-4.10): in Russian the count
stands in the genitive, whatever the number — «в количестве 1 корабля», «2 кораблей III
ранга», «5 кораблей», «21 корабля» — where a force's own list says «2 корабля III ранга».
English reads the same either way."""

from __future__ import annotations

import pytest

from bot.rules.naval_orders import ships_msg


@pytest.mark.parametrize(
    ("count", "counted", "listed"),
    [
        (1, "1 корабля III ранга", "1 корабль III ранга"),
        (2, "2 кораблей III ранга", "2 корабля III ранга"),
        (4, "4 кораблей III ранга", "4 корабля III ранга"),
        (5, "5 кораблей III ранга", "5 кораблей III ранга"),
        (11, "11 кораблей III ранга", "11 кораблей III ранга"),
        (21, "21 корабля III ранга", "21 корабль III ранга"),
        (22, "22 кораблей III ранга", "22 корабля III ранга"),
    ],
)
def test_a_count_of_rated_ships_in_an_order_is_in_the_genitive(count, counted, listed):
    assert ships_msg({"III": count}, counted=True).render("ru") == counted
    assert ships_msg({"III": count}).render("ru") == listed
    english = ships_msg({"III": count}, counted=True).render("en")
    assert english == ships_msg({"III": count}).render("en")


def test_every_kind_of_ship_an_order_counts_reads_in_the_genitive():
    counts = {"II": 1, "transport": 3, "merchant": 2, "packet": 5}
    assert ships_msg(counts, counted=True).render("ru") == (
        "1 корабля II ранга, 3 транспортов, 2 купцов, 5 покетботов"
    )
    assert ships_msg({}, counted=True).render("ru") == "0 кораблей"
