"""Narration is told once and survives the audit log: a message read back from an entry's
JSON renders exactly as it did when the entry was written, in both languages."""

from __future__ import annotations

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import msg_from_json
from bot.i18n import unfilled
from bot.rules.fleet_combat.messages import JoinedMsg
from bot.rules.fleet_combat.messages import class_count


def test_a_list_of_ships_reads_back_from_the_log_as_it_was_shown() -> None:
    """The losses line of a round ("Red loses 2 cruisers, 1 dreadnought.") once reached the
    log as "Red loses {ships}." because the list lost its parts in JSON."""
    line = Msg(
        "fleet_combat.round.losses",
        faction="Red",
        ships=JoinedMsg([class_count("cruiser", 2), class_count("dreadnought", 1)]),
    )
    back = msg_from_json(line.to_json())
    for language in ("en", "ru"):
        assert back.render(language) == line.render(language)
        assert "{" not in back.render(language)
    assert "2 cruisers, 1 dreadnought" in back.render("en")


def test_lists_written_before_the_fix_still_render_their_parts() -> None:
    """Entries already in a log keep the old list form ({"key": …, "parts": […]})."""
    old = {
        "key": "fleet_combat.round.losses",
        "params": {
            "faction": "Red",
            "ships": {
                "key": "fleet_combat.list",
                "parts": [{"key": "fleet_combat.count.cruiser", "params": {"count": 2}}],
            },
        },
    }
    assert msg_from_json(old).render("en") == "Red loses 2 cruisers."


def test_unfilled_names_each_missing_parameter_and_unknown_keys() -> None:
    assert unfilled(Msg("fleet_combat.round.losses", faction="Red", ships="x")) == []
    assert unfilled(Msg("fleet_combat.round.losses", faction="Red")) == [
        "fleet_combat.round.losses: {ships} (en)",
        "fleet_combat.round.losses: {ships} (ru)",
    ]
    assert unfilled(Msg("no.such.key")) == ["no.such.key: no such message"]
    nested = MsgList([Msg("fleet_combat.round.losses", ships="x")])
    assert unfilled(nested) == [
        "fleet_combat.round.losses: {faction} (en)",
        "fleet_combat.round.losses: {faction} (ru)",
    ]


def test_two_different_lists_are_not_equal() -> None:
    assert MsgList(["a"]) != MsgList(["b"])
    assert MsgList(["a"]) == MsgList(["a"])
