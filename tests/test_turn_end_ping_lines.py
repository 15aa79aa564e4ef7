"""The turn's end ping with what happened to each player's pieces (`Pings.told`): a line per
player, two of a ruleset's lines each and the rest counted, and never past a message's 2,000
characters however many players it pings: those it has no room to tell are still mentioned,
after the others."""

from __future__ import annotations

import re

import pytest

from bot.announcements import _message
from bot.campaigns import TurnSummary
from bot.i18n import Msg
from bot.i18n import t
from bot.turn_flow import Pings
from bot.turn_reports import affected_json
from bot.turn_reports import affected_of
from bot.turn_reports import turn_end_mentions

BIG = 10**17  # Discord ids are 17 to 20 digits long


def battle(number: int, faction: str) -> Msg:
    return Msg(
        "fleet_combat.turn.line",
        battle=number,
        point="Mecatol Rex, the long way around the Gravity Rift",
        rounds=Msg("fleet_combat.turn.line.round", round=2),
        losses=Msg("fleet_combat.turn.line.lost", faction=faction, ships="2 cruisers"),
        status=Msg("fleet_combat.turn.line.fighting"),
    )


def raided(route: str) -> Msg:
    return Msg("space_pirates.event.raided", target=route, income=60, streak=2, bribed="")


def mentioned(text: str) -> list[int]:
    return [int(u) for u in re.findall(r"<@(\d+)>", text)]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_ruleset_tells_two_lines_and_counts_the_rest(language):
    """Four battles of Red's: the ping tells the first two and that there are 2 more, then
    what Red owes; Space pirates' one line follows on the same player's line."""
    pings = Pings()
    pings.add(1, "affected", "fleet_combat", [battle(n, "Red") for n in range(1, 5)])
    pings.add(1, "affected", "space_pirates", [raided("Rich")])
    pings.owe(1, "fleet_combat", Msg("fleet_combat.owes.orders", battle=1, point="X", round=3))
    text = pings.line(language)
    head, row = text.splitlines()
    assert (
        head == {"en": "The turn's end concerns you:", "ru": "Конец хода касается вас:"}[language]
    )
    fleet = Msg("ruleset.fleet_combat").render(language)
    pirates = Msg("ruleset.space_pirates").render(language)
    first, second = (battle(n, "Red").render(language) for n in (1, 2))
    more = {"en": "…and 2 more", "ru": "…и ещё 2"}[language]
    owed = {"en": "awaited from you: ", "ru": "от вас ждут: "}[language]
    assert row.startswith(f"<@1> — {fleet}: {first}; {second}; {more}; {owed}")
    assert row.endswith(f" · {pirates}: {raided('Rich').render(language)}")
    assert "#3" not in row and "#4" not in row


def test_a_player_pinged_for_a_question_alone_reads_it_as_before_among_told_lines():
    """A question's owner has no lines: their line says a question waits, as before."""
    pings = Pings()
    pings.add(1, "affected", "space_pirates", [raided("Rich")])
    pings.add(2, "question", "space_pirates")
    assert pings.line("en").splitlines() == [
        "The turn's end concerns you:",
        "<@1> — Space pirates: Rich raided: 60 income lost, streak 2",
        "<@2> — a question waits for your answer (Space pirates)",
    ]


@pytest.mark.parametrize("language", ["en", "ru"])
def test_a_long_ping_tells_the_first_players_and_names_the_rest(language):
    """60 players, each with two battles, two raids and fire orders owed: the ping holds
    2,000 characters. It tells the first players whole, then «…and N more players:» with
    every other player's mention; every player is mentioned once, in order."""
    pings = Pings()
    users = [BIG + n for n in range(60)]
    for n, user in enumerate(users):
        pings.add(user, "affected", "fleet_combat", [battle(n, f"F{n}"), battle(n + 100, "F")])
        pings.add(user, "affected", "space_pirates", [raided("A"), raided("B"), raided("C")])
        pings.owe(
            user, "fleet_combat", Msg("fleet_combat.owes.orders", battle=n, point="X", round=2)
        )

    text = pings.line(language)

    assert len(text) <= 2000
    assert mentioned(text) == users
    rows = text.splitlines()[1:]
    told = [row for row in rows if " — " in row]
    assert 1 <= len(told) < 60
    assert all(battle(n, f"F{n}").render(language) in row for n, row in enumerate(told))
    rest = 60 - len(told)
    more = {"en": f"…and {rest} more players: ", "ru": f"…и ещё {rest} игрок"}[language]
    assert rows[-1].startswith(more)
    assert mentioned(rows[-1]) == users[len(told) :]


def test_a_ping_too_long_even_for_its_mentions_keeps_whole_mentions():
    """Hundreds of players: no line fits with the others' mentions; the ping falls back to
    the mentions alone, each whole, within 2,000 characters."""
    pings = Pings()
    for user in range(BIG, BIG + 200):
        pings.add(user, "affected", "space_pirates", [raided("A")])
    text = pings.line("en")
    assert len(text) <= 2000
    listed = text.removeprefix("The turn's end concerns you: ").split(", ")
    assert listed == [f"<@{u}>" for u in list(pings)[: len(listed)]]


def test_the_ping_row_keeps_each_factions_lines_and_reads_an_older_row():
    """The ping's row keeps the lines by faction and gives them back; a row of an older
    version (`[ruleset, [factions]]`) gives the factions without lines."""
    summary = TurnSummary(
        "fleet_combat",
        [],
        1,
        2,
        ["Red", "Blue"],
        affected_lines={"Red": [battle(1, "Red")]},
    )
    row = affected_json(summary)
    assert row == ["fleet_combat", ["Red", "Blue"], {"Red": [battle(1, "Red").to_json()]}]
    back = affected_of(row)
    assert (back.ruleset, back.affected, back.affected_lines) == (
        "fleet_combat",
        ["Red", "Blue"],
        {"Red": [battle(1, "Red")]},
    )
    older = affected_of(["fleet_combat", ["Red", "Blue"]])
    assert (older.affected, older.affected_lines) == (["Red", "Blue"], {})


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("note", ["outbox.posted_after_restart", "outbox.posted_late"])
def test_a_full_ping_posted_late_keeps_its_note_within_a_message(language, note):
    """However many players a ping tells, posted after a restart or after Discord refused it
    at first it still leads with that note and stays within 2,000 characters (a longer
    message is refused, and the ping and the turn's seed would never be posted)."""
    for players in range(5, 60):
        pings = Pings()
        for n in range(players):
            pings.add(BIG + n, "affected", "fleet_combat", [battle(n, f"F{n}"), raided("A")])
        posted = _message({"content": turn_end_mentions(pings, language)}, note=t(note, language))
        assert len(posted["content"]) <= 2000, players
        assert posted["content"].startswith(t(note, language) + "\n")


def test_what_a_player_owes_is_told_in_two_items_and_counted_so_the_others_keep_their_lines():
    """Red fights fifteen battles and owes fire orders in each: their line tells two of the
    fifteen orders owed and counts the other thirteen, as it does the battles, so Blue's
    raid and Green's battle keep lines of their own rather than a bare mention."""
    pings = Pings()
    pings.add(BIG + 1, "affected", "fleet_combat", [battle(n, "Red") for n in range(1, 16)])
    for number in range(1, 16):
        point = "Mecatol Rex, the long way around the Gravity Rift"
        orders = Msg("fleet_combat.owes.orders", battle=number, point=point, round=3)
        pings.owe(BIG + 1, "fleet_combat", orders)
    pings.add(BIG + 2, "affected", "space_pirates", [raided("Amber Way")])
    pings.add(BIG + 3, "affected", "fleet_combat", [battle(16, "Green")])
    text = pings.line("en")
    rows = text.splitlines()[1:]
    assert [mentioned(row) for row in rows] == [[BIG + 1], [BIG + 2], [BIG + 3]]
    assert "battle #2 at Mecatol Rex" in rows[0] and "battle #3 at" not in rows[0]
    assert rows[0].endswith("round 3 (FC-I7); …and 13 more")
    assert len(text) <= 2000
