"""SP-I32: a base attack's report line, read in a later turn, tells the rewards the base's
fall gave as they were when it fell, whatever the GM sets later; a report stored before they
were kept reads the campaign's current settings, as it did."""

from __future__ import annotations

from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import base_destroyed_in_turn_20
from space_pirates_helpers import settings

from bot.rules.space_pirates.base import BaseAttackReport
from bot.rules.space_pirates.base import base_attack_line


def destroyed_report():
    """Aurora destroys the pirate base in the resolution of turn 20 (SP-E7)."""
    result = base_destroyed_in_turn_20()
    (report,) = [r.body for r in result.archive if isinstance(r.body, BaseAttackReport)]
    return report


def test_a_base_attack_report_reads_its_rewards_as_they_were():
    """The report made with the defaults (+100 per planet until 23, peace until 30) reads
    the same after the GM changes the bonus, its turns and the peace; a report stored before
    the rewards were kept reads the campaign's current settings, as it did."""
    report = destroyed_report()
    expected = (
        "Aurora destroyed the pirate base: +100 income per planet through turn 23, "
        "no pirates through turn 30"
    )
    assert base_attack_line(report, DEFAULTS).render("en") == expected
    changed = settings(base_bonus_income_per_planet=250, base_bonus_turns=5, peace_turns=4)
    stored = BaseAttackReport.model_validate_json(report.model_dump_json())
    assert base_attack_line(stored, changed).render("en") == expected
    assert "+100" in base_attack_line(stored, changed).render("ru")

    old = report.model_dump(mode="json")
    for kept in ("income_bonus", "income_bonus_until", "peace_until"):
        del old[kept]
    before = BaseAttackReport.model_validate(old)
    assert base_attack_line(before, changed).render("en") == (
        "Aurora destroyed the pirate base: +250 income per planet through turn 25, "
        "no pirates through turn 24"
    )
