"""Deadline and reminder parsing and the schedule's next due time (issue 17)."""

from __future__ import annotations

from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest

from bot.storage.schedule import Schedule
from bot.turn_flow import ScheduleError
from bot.turn_flow import next_due
from bot.turn_flow import parse_deadline
from bot.turn_flow import parse_duration
from bot.turn_flow import parse_reminders

NOW = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "hours"), [("48h", 48), ("1d 12h", 36), ("90m", 1.5), ("2д", 48), ("5ч", 5)]
)
def test_a_deadline_given_as_a_duration_counts_from_now(text, hours):
    """`/turn deadline set when:48h` ends the turn 48 hours from now."""
    assert parse_deadline(text, NOW, "UTC") == NOW + timedelta(hours=hours)


def test_a_deadline_given_as_a_date_is_read_in_the_campaigns_time_zone():
    """A date and time is the campaign's local time (Moscow is UTC+3 all year)."""
    when = parse_deadline("2026-12-02 18:00", NOW, "Europe/Moscow")
    assert when == datetime(2026, 12, 2, 15, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("2026-11-30 18:00", "error.turn_flow.past"),
        ("0h", "error.turn_flow.past"),
        ("400d", "error.turn_flow.too_far"),
        ("3000000 days", "error.turn_flow.too_far"),
        ("999999999999d", "error.turn_flow.too_far"),
        ("tomorrow", "error.turn_flow.when"),
    ],
)
def test_a_deadline_in_the_past_far_away_or_unreadable_is_refused(text, key):
    with pytest.raises(ScheduleError) as refused:
        parse_deadline(text, NOW, "UTC")
    assert refused.value.message_key == key


def test_an_unknown_time_zone_is_refused():
    with pytest.raises(ScheduleError) as refused:
        parse_deadline("2026-12-02 18:00", NOW, "Mars/Olympus")
    assert refused.value.message_key == "error.turn_flow.time_zone"


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("48 hours", 48),
        ("1 hour", 1),
        ("2 days", 48),
        ("1 day and 12 hours", 36),
        ("1 Day, 12 Hrs", 36),
        ("90 minutes", 1.5),
        ("48 часов", 48),
        ("2 дня", 48),
        ("5 дней", 120),
        ("1 день и 12 часов", 36),
        ("1 сутки", 24),
        ("90 минут", 1.5),
        ("48h", 48),
        ("1d 12h", 36),
        ("2д", 48),
    ],
)
def test_a_duration_is_read_with_its_unit_as_a_letter_or_a_word(text, hours):
    assert parse_duration(text) == timedelta(hours=hours)


@pytest.mark.parametrize("text", ["48", "hours", "48 hoursx", "полтора часа", "48 hours ago"])
def test_a_text_that_is_no_duration_is_not_read_as_one(text):
    assert parse_duration(text) is None


def test_reminder_points_are_minutes_before_the_deadline_latest_first():
    assert parse_reminders("1h, 24h") == (1440, 60)
    assert parse_reminders("none") == ()
    assert parse_reminders("1 day, 2 hours") == (1440, 120)
    with pytest.raises(ScheduleError):
        parse_reminders("soon")


def test_reminder_points_without_a_comma_are_told_to_take_one_in_both_languages():
    """`24h 1h` is refused with the reminders' own advice (a comma), in Russian too."""
    with pytest.raises(ScheduleError) as refused:
        parse_reminders("24h 1h")
    assert refused.value.message("ru") == (
        "В `24h 1h` единица `h` указана дважды: сроки напоминаний разделяются запятыми, "
        "например `24h, 1h`."
    )


@pytest.mark.parametrize(
    ("when", "time_zone", "key"),
    [
        ("0001-01-01 00:00", "Europe/Moscow", "error.turn_flow.past"),
        ("9999-12-31 23:59", "America/Los_Angeles", "error.turn_flow.too_far"),
        ("31.12.9999 23:59", "America/Los_Angeles", "error.turn_flow.too_far"),
    ],
)
def test_a_date_off_the_calendar_in_utc_is_refused_as_past_or_too_far(when, time_zone, key):
    """The edge of the calendar, once moved to UTC, is refused rather than overflowing."""
    with pytest.raises(ScheduleError) as refused:
        parse_deadline(when, NOW, time_zone)
    assert refused.value.message_key == key


def test_the_next_due_time_is_the_first_reminder_point_not_done_then_the_deadline():
    """Default points 24 h and 1 h before a deadline 48 h away."""
    start = int(NOW.timestamp())
    deadline = start + 48 * 3600
    schedule = Schedule(1, turn=1, deadline_at=deadline, reminded_until=start)
    assert next_due(schedule, start) == deadline - 24 * 3600
    later = Schedule(1, turn=1, deadline_at=deadline, reminded_until=deadline - 24 * 3600)
    assert next_due(later, deadline - 24 * 3600) == deadline - 3600
    last = Schedule(1, turn=1, deadline_at=deadline, reminded_until=deadline - 1800)
    assert next_due(last, deadline - 1800) == deadline
    assert next_due(Schedule(1), start) is None


def test_each_awaited_player_is_listed_once_with_all_they_owe_and_no_preview():
    """Review #8, SP-I45: Вега owes a mercenary upkeep (SP-I35) and an Ottoman reward choice:
    one entry with both; Aurora's two abandoned operation quotes (previews of her own
    commands, SP-6) make her owe nothing."""
    from types import SimpleNamespace

    from bot.rules.space_pirates import SpacePiratesSettings
    from bot.rules.space_pirates import SpacePiratesState
    from bot.rules.space_pirates.models import UpkeepDue
    from bot.storage.campaigns import Choice
    from bot.storage.campaigns import Faction
    from bot.turn_flow import awaited_players

    state = SpacePiratesState(
        upkeep_due=[UpkeepDue(choice_id=17, contract=15, owner="Вега", turn=2, amount=20)]
    )
    aurora, vega = 101, 102
    choices = [
        Choice(1, 1, "space_pirates", "sp_operation", aurora, {"op": "bribe"}, "open"),
        Choice(2, 1, "space_pirates", "sp_operation", aurora, {"op": "recall"}, "open"),
        Choice(3, 1, "ottoman_piracy", "op_reward", vega, {}, "open"),
    ]
    factions = [Faction(1, "Aurora", aurora), Faction(2, "Вега", vega)]

    [owed] = awaited_players(
        SimpleNamespace(turn=3),
        {"space_pirates": (state, SpacePiratesSettings())},
        choices,
        factions,
    )

    assert (owed.user_id, owed.faction) == (vega, "Вега")
    assert owed.owes.render("en") == (
        "an answer to mercenary upkeep #17: 20 for contract #15, pay it or end the contract; "
        "a choice waiting for an answer (Ottoman piracy)"
    )
    assert owed.owes.render("ru").startswith(
        "ответ на содержание наёмников №17: 20 по контракту №15"
    )


def test_a_player_of_several_factions_owes_what_each_of_them_owes():
    """A player of three factions, two of them with one naval force each lacking orders
    and one with two (NO-1.1): `/turn status`, the reminders and the turn's end count
    every faction's forces, each named, rather than "1 force" once for all."""
    from types import SimpleNamespace

    from bot.rules.naval_orders import NavalOrdersSettings
    from bot.rules.naval_orders import NavalOrdersState
    from bot.rules.naval_orders import RegisterForce
    from bot.rules.naval_orders import Ship
    from bot.rules.naval_orders import register_force
    from bot.storage.campaigns import Faction
    from bot.turn_flow import Pings
    from bot.turn_flow import awaited_players
    from bot.turn_flow import owe_awaited

    settings = NavalOrdersSettings()
    state = NavalOrdersState()
    for owner, name in [("Aurora", "A1"), ("Вега", "V1"), ("Orion", "O1"), ("Orion", "O2")]:
        command = RegisterForce(
            owner=owner, name=name, kind="line", ships=[Ship(rate=3)], location="Brest"
        )
        state = register_force(state, settings, command).state
    factions = [Faction(1, "Aurora", 7), Faction(2, "Вега", 7), Faction(3, "Orion", 7)]

    [owed] = awaited_players(
        SimpleNamespace(turn=1), {"naval_orders": (state, settings)}, [], factions
    )

    assert owed.faction == "Aurora, Orion, Вега"
    assert owed.owes.render("en") == (
        "Aurora: 1 force lacks orders for turn 1; Orion: 2 forces lack orders for turn 1;"
        " Вега: 1 force lacks orders for turn 1"
    )
    assert owed.owes.render("ru") == (
        "Aurora: 1 соединение без приказов на ход 1; Orion: 2 соединения без приказов на"
        " ход 1; Вега: 1 соединение без приказов на ход 1"
    )
    pings = Pings()
    owe_awaited(pings, {"naval_orders": (state, settings)}, factions, 1)
    assert pings.line("en") == (
        "The turn's end concerns you: <@7> — awaited from you (Naval orders): Aurora: 1 force"
        " lacks orders for turn 1; Orion: 2 forces lack orders for turn 1; Вега: 1 force"
        " lacks orders for turn 1"
    )


def test_a_turn_end_ping_tells_what_is_owed_and_pings_who_owes_it_alone():
    """A player pinged for their pieces is told what they now owe in that ruleset, a
    question's owner what they owe beside it; a player pinged with nothing owed reads the
    reason as before; a player who only owes something is pinged for it, after the others."""
    from bot.i18n import Msg
    from bot.turn_flow import Pings

    orders = Msg("fleet_combat.owes.orders", battle=1, point="Mecatol", round=2)
    upkeep = Msg("space_pirates.owes.upkeep_choice", amount=20, contract=15, choice=16)
    pings = Pings()
    pings.add(1, "affected", "fleet_combat")
    pings.add(2, "affected", "fleet_combat")
    pings.add(3, "question", "ottoman_piracy")
    pings.add(5, "question", "space_pirates")
    pings.owe(5, "space_pirates", upkeep)
    pings.owe(1, "fleet_combat", orders)
    pings.owe(1, "fleet_combat", orders)
    pings.owe(1, "space_pirates", upkeep)
    pings.owe(4, "fleet_combat", orders)

    assert list(pings) == [1, 2, 3, 5, 4]
    assert pings.line("en") == (
        "The turn's end concerns you: <@1> — something happened to your pieces (Fleet"
        " combat), awaited from you: fire orders or a retreat in battle #1 at Mecatol, round 2"
        " (FC-I7), awaited from you (Space pirates): an answer to mercenary upkeep #16: 20 for"
        " contract #15, pay it or end the contract; <@2> — something happened to your pieces"
        " (Fleet combat); <@3> — a question waits for your answer (Ottoman piracy); <@5> — a"
        " question waits for your answer (Space pirates): an answer to mercenary upkeep #16: 20"
        " for contract #15, pay it or end the contract; <@4> — awaited from you (Fleet"
        " combat): fire orders or a retreat in battle #1 at Mecatol, round 2 (FC-I7)"
    )
    assert pings.line("ru").startswith(
        "Конец хода касается вас: <@1> — что-то произошло с вашими силами (Флотский бой), и"
        " от вас ждут: приказы на стрельбу или отступление в бою №1 в точке Mecatol, раунд 2"
        " (FC-I7), от вас ждут (Космические пираты): ответ на содержание наёмников №16: 20 по"
        " контракту №15"
    )


def test_a_long_list_of_debts_is_counted_before_a_player_is_left_a_bare_mention():
    """With no ruleset telling what happened, a player owing orders in 39 battles is told
    the first two and how many more (`/turn status` tells them all), as is a question's
    owner owing as many: neither is left a bare mention while that fits."""
    from bot.i18n import Msg
    from bot.turn_flow import Pings

    pings = Pings()
    pings.add(12, "question", "space_pirates")
    for battle in range(1, 40):
        orders = Msg("fleet_combat.owes.orders", battle=battle, point="Mecatol", round=2)
        pings.owe(11, "fleet_combat", orders)
        pings.owe(12, "fleet_combat", orders)

    first_two = (
        "fire orders or a retreat in battle #1 at Mecatol, round 2 (FC-I7); fire orders or a"
        " retreat in battle #2 at Mecatol, round 2 (FC-I7); …and 37 more"
    )
    assert pings.line("en") == (
        "The turn's end concerns you: <@12> — a question waits for your answer (Space"
        f" pirates), awaited from you (Fleet combat): {first_two}; <@11> — awaited from you"
        f" (Fleet combat): {first_two}"
    )


def test_a_long_turn_end_ping_drops_what_is_owed_before_it_cuts_a_mention():
    """A message holds 2,000 characters: with many players owing orders in many battles,
    the ping first leaves out what each owes, then why; every player is still mentioned
    whole, so every one is pinged."""
    from bot.i18n import Msg
    from bot.turn_flow import Pings

    point = "Mecatol Rex, the long way around the Gravity Rift"
    pings = Pings()
    for user in range(1, 13):
        pings.add(10**17 + user, "affected", "fleet_combat")
        for battle in range(1, 4):
            orders = Msg("fleet_combat.owes.orders", battle=battle, point=point, round=2)
            pings.owe(10**17 + user, "fleet_combat", orders)
    shorter = pings.line("en")
    assert len(shorter) <= 2000 and "awaited from you" not in shorter
    assert all(f"<@{user}> — something happened" in shorter for user in pings)

    for user in range(13, 80):
        pings.add(10**17 + user, "question", "space_pirates")
    mentions = pings.line("en")
    assert len(mentions) <= 2000 and "something happened" not in mentions
    listed = mentions.removeprefix("The turn's end concerns you: ").split(", ")
    assert listed == [f"<@{user}>" for user in list(pings)[: len(listed)]]
    assert len(listed) >= 70


def test_a_question_asked_of_the_gms_waits_for_its_faction_only_while_nobody_plays_it():
    """OP-5.3: a piracy's reward question asked of the GMs (no owner) for a faction nobody
    plays is that faction's, with no player; one naming a faction a player now plays is
    not told as the faction's debt with no player (its player owes it as the question's
    owner once it is handed over)."""
    from types import SimpleNamespace

    from bot.storage.campaigns import Choice
    from bot.storage.campaigns import Faction
    from bot.turn_flow import awaited_players

    choices = [
        Choice(1, 1, "ottoman_piracy", "op_reward", None, {"faction": "Habsburgs"}, "open"),
        Choice(2, 1, "ottoman_piracy", "op_reward", None, {"faction": "venetians"}, "open"),
    ]
    factions = [Faction(1, "Habsburgs", 5), Faction(2, "Venetians", None)]

    [owed] = awaited_players(SimpleNamespace(turn=1), {}, choices, factions)

    assert (owed.user_id, owed.faction) == (None, "Venetians")
    assert owed.owes.render("en") == "a choice waiting for an answer (Ottoman piracy)"
