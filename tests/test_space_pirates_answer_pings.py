"""SP-I43, SP-I45: the message pinging the players an answer's carried-on resolution reached
(cogs/space_pirates/choices.py `_answer_pings`). With more lines than a message holds it
keeps whole lines and says how many more, and pings only the players whose line it shows:
nobody is pinged for a line they cannot see."""

from __future__ import annotations

import re
from types import SimpleNamespace

from bot.announcements import CONTENT_MAX
from bot.i18n import Msg
from bot.rules.space_pirates import ChoiceOutcome
from bot.rules.space_pirates import SpacePiratesState
from cogs.space_pirates.choices import _answer_pings

ANSWERING = 1000  # the player who answered: never pinged


def reached(count: int) -> ChoiceOutcome:
    """`count` factions, each played by its own user (101, 102, …), each raided after the
    answer, with a long route name so that the lines do not all fit."""
    told = {
        f"Faction {n}": [
            Msg("space_pirates.report.ships_lost", owner=f"Faction {n}", ships="1 cruiser"),
            Msg("space_pirates.base.refused", faction=f"Faction {n} of the Long Name {n:03}"),
        ]
        for n in range(1, count + 1)
    }
    return ChoiceOutcome(state=SpacePiratesState(), told=told)


def ctx(language: str = "en") -> SimpleNamespace:
    users = {f"Faction {n}": 100 + n for n in range(1, 100)}
    return SimpleNamespace(user_of=users.get, user_id=ANSWERING, public_locale=language)


def test_many_lines_are_cut_by_whole_lines_pinging_only_those_shown():
    [message] = _answer_pings(ctx(), reached(40), [])

    lines = message.content.splitlines()
    assert len(message.content) <= CONTENT_MAX
    shown, more = lines[:-1], lines[-1]
    assert 1 < len(shown) < 40
    assert more == f"…and {40 - len(shown)} more"
    for n, line in enumerate(shown, start=1):  # each line whole, its own player's
        assert line.startswith(f"<@{100 + n}> — what the answer led to concerns you: ")
        assert line.endswith(
            f"Faction {n} of the Long Name {n:03}'s base attack could not take place"
        )
    assert list(message.pinged) == [100 + n for n in range(1, len(shown) + 1)]
    mentions = message.body("en")["allowed_mentions"]
    assert mentions["users"] == [100 + n for n in range(1, len(shown) + 1)]
    assert {int(u) for u in re.findall(r"<@(\d+)>", message.content)} == set(mentions["users"])


def test_in_russian_the_count_of_the_rest_reads_in_russian():
    [message] = _answer_pings(ctx("ru"), reached(40), [])

    shown = message.content.splitlines()[:-1]
    assert message.content.splitlines()[-1] == f"…и ещё {40 - len(shown)}"
    assert len(message.pinged) == len(shown)


def test_lines_that_fit_are_all_shown_and_pinged():
    [message] = _answer_pings(ctx(), reached(3), [])

    assert len(message.content.splitlines()) == 3
    assert list(message.pinged) == [101, 102, 103]


def test_one_line_longer_than_a_message_is_shortened_keeping_its_mention():
    told = {"Faction 1": [Msg("space_pirates.base.refused", faction="Long" * 800)]}
    outcome = ChoiceOutcome(state=SpacePiratesState(), told=told)

    [message] = _answer_pings(ctx(), outcome, [])

    assert len(message.content) <= CONTENT_MAX
    assert message.content.startswith("<@101> — ") and message.content.endswith("…")
    assert list(message.pinged) == [101]
