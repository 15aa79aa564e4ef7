"""`/history show` gives a logged answer (the option "answer" of a click on a question) as
the button the player clicked read, in the reader's language: every code a button of
Ottoman piracy, Company raids or Space pirates logs has its label; a defender picked by its
index reads as the piece the entry's events say it picked; a code no button carries (or a
pick whose entry does not tell the piece) is shown as logged. The
step a Company raids answer answered reads as the choice it asked, and an undo names the
entry it undid, in the reader's language too."""

from __future__ import annotations

import typing

import pytest

from bot import rulesets
from bot.rules.company_raids.models import Step
from cogs.company_raids.steps import ANSWERS as RAID_ANSWERS
from cogs.history import choice_names
from cogs.history import options_text
from cogs.space_pirates.choices import ANSWERS as PIRATE_ANSWERS

CODES = [
    *(("ottoman_piracy", "corsairs reward", c) for c in ("vp", "card", "hand", "sq.0")),
    ("ottoman_piracy", "corsairs force", "force"),
    *(("company_raids", "company answer", c) for c in sorted(RAID_ANSWERS)),
    ("company_raids", "company force", "force"),
    *(("space_pirates", "pirates buy-off", c) for pair in PIRATE_ANSWERS.values() for c in pair),
]


@pytest.mark.parametrize(("ruleset", "command", "code"), CODES)
@pytest.mark.parametrize("locale", ["en", "ru"])
def test_every_answer_a_button_logs_reads_as_its_label(ruleset, command, code, locale):
    shown = options_text({"answer": code}, locale, command, ruleset)
    label = shown.split(": ", 1)[1]
    # A key the catalog lacks would read as the key itself.
    assert label != code and not label.startswith(("ottoman_piracy.", "corsairs.")), shown
    assert not label.startswith(("company_raids.", "company.", "pirates.")), shown


@pytest.mark.parametrize(
    ("ruleset", "english", "russian"),
    [
        ("ottoman_piracy", "+1 piracy VP", "+1 VP за пиратство"),
        ("space_pirates", "Pay", "Заплатить"),
    ],
)
def test_an_answer_reads_in_the_readers_language(ruleset, english, russian):
    code = "vp" if ruleset == "ottoman_piracy" else "accept"
    assert options_text({"answer": code}, "en", "x", ruleset) == f"**answer**: {english}"
    assert options_text({"answer": code}, "ru", "x", ruleset) == f"**ответ**: {russian}"


def test_a_code_no_button_carries_is_shown_as_logged():
    assert options_text({"answer": "d0"}, "en", "company answer", "company_raids") == (
        "**answer**: d0"
    )
    assert options_text({"answer": "vp"}, "en", "roll", "core") == "**answer**: vp"


PICKED = {"incident": 1, "step": "defender_choice", "answer": "d1"}
PICK_EVENTS = [
    {"kind": "chosen", "incident": 1, "step": "defender_choice", "option": "Gu*ard*", "by": "Vera"},
    {
        "kind": "duel",
        "duel": {
            "number": 1,
            "defender": "Gu*ard*",
            "defender_owner": "Vera",
            "defender_value": 100,
            "aggressor": "Corsair",
            "aggressor_owner": "Anna",
            "aggressor_value": 350,
            "first": "defender",
            "faces": [6],
            "result": "defender",
        },
    },
]


@pytest.mark.parametrize(
    ("locale", "read"),
    [("en", "Defend with Gu\\*ard\\* (Vera)"), ("ru", "Защитник — Gu\\*ard\\* (Vera)")],
)
def test_a_defender_picked_by_its_index_reads_as_the_piece_and_its_owner(locale, read):
    """CR-I17: the defender's button logs its index; the entry's events name the piece and
    its owner, shown literally (a name's Markdown escaped)."""
    outcome = {"summary": [], "events": PICK_EVENTS}
    shown = options_text(PICKED, locale, "company answer", "company_raids", outcome=outcome)
    assert shown.splitlines()[-1].split(": ", 1)[1] == read, shown


def test_a_defender_pick_whose_entry_does_not_tell_the_piece_is_shown_as_logged():
    """An entry whose outcome keeps no events (or events that do not parse) shows the index
    as logged; one that keeps the pick but no duel names the piece without its owner."""
    for outcome in ({"summary": []}, {"events": "x"}, {"events": [{"kind": "chosen"}]}):
        shown = options_text(PICKED, "en", "company answer", "company_raids", outcome=outcome)
        assert shown.splitlines()[-1] == "**answer**: d1", (outcome, shown)
    picked_only = {"events": PICK_EVENTS[:1]}
    shown = options_text(PICKED, "en", "company answer", "company_raids", outcome=picked_only)
    assert shown.splitlines()[-1] == "**answer**: Defend with Gu\\*ard\\*", shown


def test_a_fine_reads_as_typed_or_as_the_recorded_fine_collected():
    """CR-I4: `/company fine amount:120` logs the amount it typed; the button that collects
    the recorded fine logs none, and reads as that button did, in the reader's language."""
    typed = {"answer": "amount", "amount": 120}
    assert options_text(typed, "en", "company fine", "company_raids").splitlines() == [
        "**answer**: Enter the fine",
        "**amount**: 120",
    ]
    clicked = {"answer": "amount", "amount": None}
    assert options_text(clicked, "ru", "company answer", "company_raids").splitlines()[0] == (
        "**ответ**: Взыскать записанный штраф"
    )


@pytest.mark.parametrize("step", typing.get_args(Step))
@pytest.mark.parametrize("locale", ["en", "ru"])
def test_every_step_an_answer_logs_reads_as_the_choice_it_asked(step, locale):
    """Company raids logs the step an answer answered: it reads as the choice, never the
    code ("owner_choice") or a key the catalog lacks."""
    shown = options_text({"step": step}, locale, "company answer", "company_raids")
    label = shown.split(": ", 1)[1]
    assert label != step and "_" not in label and not label.startswith("company_raids."), shown


def test_a_step_reads_in_the_readers_language_and_an_unknown_one_as_logged():
    options = {"incident": 1, "step": "owner_choice", "answer": "counterattack"}
    assert options_text(options, "ru", "company answer", "company_raids").splitlines() == [
        "**инцидент**: 1",
        "**шаг**: взыскать штраф или контратаковать",
        "**ответ**: Контратаковать",
    ]
    assert options_text({"step": "later"}, "en", "company answer", "company_raids") == (
        "**step**: later"
    )


def test_an_undo_names_the_entry_it_undid_in_the_readers_language():
    options = {"seq": 8, "reason": "x"}
    assert options_text(options, "en", "history undo") == "**undone entry**: 8\n**reason**: x"
    assert options_text(options, "ru", "history undo") == (
        "**отменённая запись**: 8\n**причина**: x"
    )


async def test_every_typed_option_a_ruleset_declares_is_one_its_command_types(table):
    """`RulesetSpec.typed_options` names an answer's logged options as its command types
    them (SP-I45: `/pirates offer number pay`): each name is an option of the registered
    command, so `/history show` reads the declaration, in the command's order."""
    declared = choice_names(table.bot.tree)
    named = {
        (command, typed)
        for spec in rulesets.available()
        for command, names in spec.typed_options.items()
        for typed in names.values()
    }
    assert ("pirates offer", "number") in named
    assert not {n for n in named if n not in declared}, sorted(named)
    logged = {"answer": "decline", "choice": 1}
    shown = options_text(logged, "ru", "pirates offer", "space_pirates", declared)
    assert shown == "**номер**: 1\n**заплатить**: нет"


@pytest.mark.parametrize(
    ("locale", "read"),
    [
        ("en", "**answer**: End the contract\n**choice**: 2"),
        ("ru", "**ответ**: Расторгнуть контракт\n**выбор**: 2"),
    ],
)
def test_an_older_dismissal_that_ended_an_upkeep_reads_as_logged(locale, read):
    """SP-I35: a dismissal that ended a waiting upkeep, logged before it kept the contract
    typed, keeps the question's number and the button's code: it reads as they were."""
    logged = {"answer": "end", "choice": 2}
    assert options_text(logged, locale, "pirates mercenaries dismiss", "space_pirates") == read
