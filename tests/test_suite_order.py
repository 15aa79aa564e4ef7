"""The suite's longest single tests run first: with xdist, one that started late was the run's
tail (one worker busy for a minute or more while the other had nothing left to do)."""

from __future__ import annotations

from typing import Any

from tests.conftest import pytest_collection_modifyitems
from tests.rules import test_fleet_combat_odds_saved as odds_saved
from tests.soak import test_soak


class Collected:
    """A collected test as the ordering hook reads it: its name and whether it is `longest`."""

    def __init__(self, name: str, *, longest: bool = False) -> None:
        self.name = name
        self.longest = longest

    def get_closest_marker(self, name: str) -> object | None:
        return object() if name == "longest" and self.longest else None


def test_the_longest_tests_come_first_and_the_others_keep_their_order() -> None:
    items: list[Any] = [
        Collected("a"),
        Collected("soak", longest=True),
        Collected("b"),
        Collected("odds", longest=True),
        Collected("c"),
    ]

    pytest_collection_modifyitems(items)

    assert [i.name for i in items] == ["soak", "odds", "a", "b", "c"]


def test_the_soak_and_the_python_programmes_saved_odds_are_marked_longest() -> None:
    soak = test_soak.test_kills_at_random_points_lose_nothing_and_show_everything
    assert [m.name for m in getattr(soak, "pytestmark", [])] == ["longest"]
    (parametrized,) = odds_saved.test_exact_odds_equal_the_saved_results.pytestmark
    longest = [p.id for p in parametrized.args[1] if any(m.name == "longest" for m in p.marks)]
    assert longest == ["18-destroyer+cruiser-v-fighter+dreadnought"]
