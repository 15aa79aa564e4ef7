"""A volley's target class as the round's narration names it (FC-5.2, FC-5.10): one ship
as one ("Blue's cruiser", «цель — крейсер»), several by the class ("Blue's cruisers"); a
round logged before the target's count was kept reads as it did (the class's name)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules.fleet_combat import RoundReport
from bot.rules.fleet_combat import round_lines

VOLLEY: dict[str, Any] = {
    "shooter": "Red",
    "ship_class": "destroyer",
    "ships": 2,
    "target": "Blue",
    "target_class": "cruiser",
    "source": "order",
    "attack_dice": 2,
    "hit_on": 5,
    "attack_faces": [6, 1],
    "hits": 1,
    "defence": 5,
    "defence_faces": [2],
    "wounds": 1,
    "kill_cap": 2,
}


def volley_line(volley: dict[str, Any], locale: str) -> str:
    """The round's volley line, from a round report stored with this volley."""
    report = RoundReport.model_validate(
        {"battle_id": 1, "point": "Vega", "round": 1, "volleys": [volley]}
    )
    (line,) = [m for m in round_lines(report, retreat_distance=1) if m.key.endswith("volley")]
    return line.render(locale)


@pytest.mark.parametrize(
    ("targets", "locale", "told"),
    [
        (1, "en", "Red's 2 destroyers → Blue's cruiser: "),
        (3, "en", "Red's 2 destroyers → Blue's cruisers: "),
        (1, "ru", "Red: 2 эсминца → Blue, цель — крейсер: "),
        (2, "ru", "Red: 2 эсминца → Blue, цель — крейсеры: "),
    ],
)
def test_one_target_ship_is_named_as_one(targets: int, locale: str, told: str) -> None:
    assert volley_line({**VOLLEY, "targets": targets}, locale).startswith(told)


def test_a_round_logged_before_the_count_was_kept_reads_as_it_did() -> None:
    """The old shape: no `targets` in the stored volley."""
    assert volley_line(VOLLEY, "en").startswith("Red's 2 destroyers → Blue's cruisers: ")
