"""Play-by-post turn flow: a turn's deadline, reminders of who still owes a move, and what
happens when the deadline passes.

The schedule lives in the database (`bot.storage.schedule`). `TurnFlow.sweep(now)` is the
one step the scheduler repeats: in one transaction it claims every reminder point and
deadline that fell due, writes what to announce to the outbox, and advances each campaign's
next due time; the sender posts the outbox and marks it. A restart therefore loses nothing,
several missed reminder points become one reminder, and nothing is announced twice. Time is
passed in (`now`), never read here, so tests drive the schedule with a clock of their own.
The same step then prunes the outbox: posted messages a week old that no undo can redraw go,
a bounded batch at a time (`bot.storage.outbox.prune`). Nothing here imports discord.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo
from zoneinfo import ZoneInfoNotFoundError
from zoneinfo import available_timezones

from babel.core import get_global
from babel.dates import get_timezone_location
from pydantic import BaseModel

from bot import rulesets
from bot import settings_edit
from bot.campaigns import CORE
from bot.campaigns import Actor
from bot.campaigns import Announce
from bot.campaigns import AuditEntry
from bot.campaigns import Campaign
from bot.campaigns import CampaignService
from bot.campaigns import Choice
from bot.campaigns import Faction
from bot.campaigns import TurnEndReport
from bot.campaigns import setting_summary
from bot.campaigns import summary_json
from bot.errors import Conflict
from bot.errors import GameError
from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import LANGUAGES
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import language_of
from bot.i18n import msg_from_json
from bot.i18n import t
from bot.storage import outbox
from bot.storage.campaigns import CampaignWrites
from bot.storage.schedule import DEFAULT_REMINDER_MINUTES
from bot.storage.schedule import Schedule
from bot.storage.schedule import ScheduleReads
from bot.storage.schedule import ScheduleWrites
from bot.storage.schedule import TurnPost
from bot.storage.shards import Shards
from bot.text import name_key
from bot.text import shown
from bot.verify_log import DEADLINE_END

PING_GMS = "ping_gms"
END_TURN = "end_turn"
ON_DEADLINE = (PING_GMS, END_TURN)
# Why a turn's end at its deadline was given up (a deadline announcement's `why`): its
# message could not be posted, the channel being gone or closed to the bot
# (`CHANNEL_CLOSED`), or Discord failing it otherwise (`POST_FAILED`); or the end itself
# failed (`END_FAILED`).
CHANNEL_CLOSED = "channel"
POST_FAILED = "post"
END_FAILED = "end"
SCHEDULE_SETTINGS = ("time_zone", "reminders", "on_deadline")
# Each schedule setting's field in `Schedule`.
SCHEDULE_FIELDS = {
    "time_zone": "time_zone",
    "reminders": "reminder_minutes",
    "on_deadline": "on_deadline",
}
MAX_REMINDERS = 5
MAX_AHEAD = timedelta(days=365)
# The longest duration `parse_duration` reads (`timedelta` holds no longer one).
_LONGEST_SECONDS = int(timedelta(days=999_999_999).total_seconds())
SWEEP_BATCH = 500  # campaigns claimed per sweep; the rest wait for the next minute
# Outbox batches one sweep prunes at most (each `outbox.PRUNE_BATCH` rows, its own short
# transaction): 2,000 rows a minute, far above what even a busy bot posts, so a backlog (the
# first sweep after an upgrade) clears over a few hours without holding the lock for long.
PRUNE_ROUNDS = 4

log = logging.getLogger(__name__)

# A duration's units as GMs write them, one letter or the word, in English and in Russian
# (each Russian word in the forms its numbers take: «1 день», «2 дня», «5 дней»).
_UNIT_WORDS = {
    86400: ("d", "day", "days", "д", "дн", "день", "дня", "дней", "сутки", "суток"),
    3600: ("h", "hr", "hrs", "hour", "hours", "ч", "час", "часа", "часов"),
    60: ("m", "min", "mins", "minute", "minutes", "м", "мин", "минута", "минуты", "минут"),
}
_UNIT_SECONDS = {word: seconds for seconds, words in _UNIT_WORDS.items() for word in words}
_UNIT = "|".join(sorted(_UNIT_SECONDS, key=len, reverse=True))  # the longest word first
_PART = rf"(\d+)\s*({_UNIT})\.?(?![^\W\d_])"  # a unit ends where its word does
_DURATION_PART = re.compile(_PART, re.IGNORECASE)
# Parts one after another, or joined by a comma, "and" or «и»: `1 day 12 hours`, `1д и 12ч`.
_DURATION = re.compile(rf"^\s*{_PART}(?:\s*(?:,|\band\b|\bи\b)?\s*{_PART})*\s*$", re.IGNORECASE)
_DATE_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M", "%d.%m.%Y %H:%M")


class ScheduleError(GameError):
    """A deadline, duration or schedule setting the GM typed is not accepted."""

    key = "error.turn_flow.when"


def parse_duration(text: str) -> timedelta | None:
    """`48h`, `1d 12h`, `90m` (also `2д`, `5ч`), the units spelt out too (`48 hours`,
    `2 days`, `1 day and 12 hours`, «48 часов», «2 дня», «90 минут»); None when the text is
    not a duration; refused when it gives a unit twice (`1d 1d`, `1 day 1д`)."""
    if not _DURATION.match(text):
        return None
    parts = [
        (int(n), _UNIT_SECONDS[unit.lower()], unit) for n, unit in _DURATION_PART.findall(text)
    ]
    # A unit given twice (`1d 1d`, `12h 48h`) is a typo more likely than a sum: refused
    # rather than silently added up to a deadline the GM did not mean.
    seen: set[int] = set()
    for _, unit_seconds, unit in parts:
        if unit_seconds in seen:
            raise ScheduleError("error.turn_flow.unit_twice", value=text, unit=unit)
        seen.add(unit_seconds)
    seconds = sum(n * unit_seconds for n, unit_seconds, _ in parts)
    # `timedelta` holds no more than `_LONGEST`: a longer duration reads as that long, which
    # is still far over a year (`MAX_AHEAD`), so each caller refuses it as too long.
    return timedelta(seconds=min(seconds, _LONGEST_SECONDS))


# What zoneinfo lists that is no place's time zone: the machine's own, and tzdata's filler.
NOT_A_PLACE = frozenset({"localtime", "Factory", "posixrules"})
# Discord shows at most this many autocomplete choices.
MAX_CHOICES = 25


@cache
def time_zones() -> tuple[str, ...]:
    """The IANA names of the time zones zoneinfo knows here (`zone` accepts each), sorted."""
    return tuple(sorted(set(available_timezones()) - NOT_A_PLACE))


@cache
def zone_cities(language: str) -> dict[str, str]:
    """Each time zone's city in `language` (CLDR's exemplar city, through Babel: «Москва»,
    "Moscow"), by IANA name; an alias (`US/Eastern`: its zone's city is New York's) and a
    zone of no place (`UTC`, `Etc/GMT+3`) have none."""
    aliases = get_global("zone_aliases")
    cities = {}
    for name in time_zones():
        if name in aliases or name.startswith("Etc/"):
            continue
        try:
            city = get_timezone_location(name, locale=language, return_city=True)
        except (LookupError, ValueError):
            continue
        if city and city != name:
            cities[name] = city
    return cities


def _folded(text: str) -> str:
    """A name as typed and as listed compared alike: case, `ё`, `_`, `-` and spaces aside."""
    return " ".join(text.casefold().replace("ё", "е").replace("_", " ").replace("-", " ").split())


@cache
def _zones_by_city() -> dict[str, str]:
    """The IANA name of each city's zone, the city in any language the bot speaks."""
    found: dict[str, str] = {}
    for language in LANGUAGES:
        for name, city in zone_cities(language).items():
            found.setdefault(_folded(city), name)
    return found


def time_zone_choices(typed: str, locale: object = DEFAULT_LANGUAGE) -> list[tuple[str, str]]:
    """The time zones matching what was typed, for `core.time_zone`'s autocomplete, each as
    (what the reader of `locale` is shown, its IANA name): those whose IANA name contains
    it (case ignored, a space read as `_`, as in `New_York`), or whose city does in the
    reader's language or in English («моск», "mosc": `Москва (Europe/Moscow)`); the ones
    with a part that starts with it (`Europe/Moscow` for "mos") first, at most
    `MAX_CHOICES`."""
    language = language_of(locale)
    needle = _folded(typed)
    cities = zone_cities(language)
    english = zone_cities(DEFAULT_LANGUAGE)
    found = []
    for name in time_zones():
        words = [_folded(p) for p in name.split("/")]
        words += [_folded(c) for c in (cities.get(name), english.get(name)) if c]
        if needle in _folded(name) or any(needle in w for w in words):
            first = any(w.startswith(needle) for w in words)
            found.append((not first, name))
    found.sort()
    return [
        (f"{cities[name]} ({name})" if name in cities else name, name)
        for _, name in found[:MAX_CHOICES]
    ]


def zone(name: str) -> ZoneInfo:
    """A time zone by its IANA name (`Europe/Moscow`), or by its city in any language the
    bot speaks («Москва», "Moscow": `zone_cities`); refused when unknown."""
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        pass
    found = _zones_by_city().get(_folded(name))
    if found is None:
        raise ScheduleError("error.turn_flow.time_zone", value=name)
    return ZoneInfo(found)


def parse_deadline(text: str, now: datetime, time_zone: str) -> datetime:
    """When the turn ends: a duration from `now` (`48h`) or a date and time in the campaign's
    time zone (`2026-12-03 18:00`). Refused when it is not in the future or over a year out."""
    duration = parse_duration(text)
    if duration is not None:
        if duration > MAX_AHEAD:  # so far ahead that adding it may pass the calendar's end
            raise ScheduleError("error.turn_flow.too_far", value=text)
        when = now + duration
    else:
        for form in _DATE_FORMATS:
            try:
                local = datetime.strptime(text.strip(), form)  # noqa: DTZ007 - zone set below
            except ValueError:
                continue
            try:
                when = local.replace(tzinfo=zone(time_zone)).astimezone(UTC)
            except OverflowError:
                # A date at the calendar's edge (`0001-01-01 00:00` east of UTC, `9999-12-31
                # 23:59` west of it) has no UTC time: it is long past or far over a year out.
                key = "error.turn_flow.past" if local.year == 1 else "error.turn_flow.too_far"
                raise ScheduleError(key, value=text) from None
            break
        else:
            raise ScheduleError("error.turn_flow.when", value=text)
    if when <= now:
        raise ScheduleError("error.turn_flow.past", value=text)
    if when - now > MAX_AHEAD:
        raise ScheduleError("error.turn_flow.too_far", value=text)
    return when


def deadline_text(deadline: int, time_zone: str) -> str:
    """A deadline (epoch seconds) as the log keeps it: in the campaign's time zone, as a
    deadline is typed, with the zone's abbreviation (`2026-12-06 18:00 MSK`), so it reads
    the same in Discord, the CSV and the export page (a Discord timestamp would not)."""
    try:
        local = datetime.fromtimestamp(deadline, zone(time_zone))
    except ScheduleError:
        local = datetime.fromtimestamp(deadline, UTC)
    return f"{local:%Y-%m-%d %H:%M} {local.tzname()}"


def parse_reminders(text: str) -> tuple[int, ...]:
    """Reminder points as minutes before the deadline, latest first: `24h, 1h`; `none` for
    no reminders."""
    words = [w.strip() for w in text.replace(";", ",").split(",") if w.strip()]
    if not words or [w.lower() for w in words] in (["none"], ["нет"]):
        return ()
    minutes = set()
    for word in words:
        try:
            duration = parse_duration(word)
        except ScheduleError as refused:
            # `24h 1h` is two points missing their comma, not a deadline's parts.
            raise ScheduleError(
                "error.turn_flow.reminder_unit_twice", value=word, unit=refused.params["unit"]
            ) from refused
        if duration is None or duration < timedelta(minutes=1):
            raise ScheduleError("error.turn_flow.reminders", value=text, count=MAX_REMINDERS)
        if duration > MAX_AHEAD:  # earlier than any deadline can be set
            raise ScheduleError("error.turn_flow.reminder_too_early", value=word)
        minutes.add(int(duration.total_seconds()) // 60)
    if len(minutes) > MAX_REMINDERS:
        raise ScheduleError("error.turn_flow.reminders", value=text, count=MAX_REMINDERS)
    return tuple(sorted(minutes, reverse=True))


def reminders_text(minutes: Sequence[int]) -> str:
    """Reminder points as a GM types them (`24h, 1h`)."""
    parts = []
    for m in minutes:
        parts.append(f"{m // 60}h" if m % 60 == 0 else f"{m}m")
    return ", ".join(parts) or "none"


def next_due(schedule: Schedule, now: int) -> int | None:
    """When the scheduler must next look at this campaign: the first reminder point after
    `now` not yet done, else the deadline; None without a deadline."""
    if schedule.deadline_at is None:
        return None
    done = schedule.reminded_until if schedule.reminded_until is not None else -(2**62)
    points = [
        schedule.deadline_at - m * 60
        for m in schedule.reminder_minutes
        if schedule.deadline_at - m * 60 > max(now, done)
    ]
    return min([*points, schedule.deadline_at])


def deadline_reached(schedule: Schedule) -> bool:
    """Whether the scheduler has acted on the deadline (pinged the GMs, or began the turn's
    end, whose retry or giving up is then its own): reminder points changed afterwards do
    not make it due again."""
    deadline, done = schedule.deadline_at, schedule.reminded_until
    return deadline is not None and done is not None and done >= deadline


def reminds_now(schedule: Schedule, now: int) -> bool:
    """Whether a deadline set at `now` falls inside the reminder window: a reminder point is
    already past, the deadline is not."""
    deadline = schedule.deadline_at
    if deadline is None or deadline <= now:
        return False
    return any(deadline - m * 60 <= now for m in schedule.reminder_minutes)


@dataclass(frozen=True)
class AwaitedPlayer:
    """Someone the turn waits for: a player (None when the faction is unclaimed) and what
    they owe; `more`, how many more things they owe than `owes` tells (told "…and N
    more" when `awaited_players` was given a limit, the rest left to `/turn status`)."""

    user_id: int | None
    faction: str | None
    owes: Msg
    more: int = 0

    def to_json(self) -> dict[str, Any]:
        """Stored in an announcement's payload."""
        return {"user": self.user_id, "faction": self.faction, "owes": self.owes.to_json()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AwaitedPlayer:
        """Read back from an announcement's payload."""
        owes = msg_from_json(data["owes"])
        assert isinstance(owes, Msg)
        return cls(data.get("user"), data.get("faction"), owes)


def is_question(choice: Choice) -> bool:
    """A pending choice that asks someone something: not a preview of a player's own command
    (`rulesets.is_preview`, a private Confirm/Cancel nobody else sees)."""
    return not rulesets.is_preview(choice.ruleset, choice.kind)


def questions(choices: Sequence[Choice]) -> list[Choice]:
    """The choices that ask someone something (previews left out)."""
    return [c for c in choices if is_question(c)]


def awaited_players(
    campaign: Campaign,
    states: dict[str, tuple[BaseModel, BaseModel]],
    choices: Sequence[Choice],
    factions: Sequence[Faction],
    *,
    unplayed_questions: bool = True,
    limit: int | None = None,
) -> list[AwaitedPlayer]:
    """Everyone the turn still waits for, each player once with everything they owe: what
    the rulesets name (`RulesetSpec.awaited`) and the questions waiting for their answer
    (a ruleset's previews are not questions); a faction nobody plays, with the questions
    asked of the GMs for it too (unless `unplayed_questions` is off). With `limit`, each
    tells the first `limit` things it owes and counts the rest (`owes_text`)."""
    players = {name_key(f.name): f for f in factions}
    owed: dict[object, tuple[int | None, list[str], list[Owed]]] = {}

    def add(user: int | None, faction: str | None, owes: Msg, owed_by: str | None) -> None:
        _, names, items = owed.setdefault(user if user is not None else faction, (user, [], []))
        if faction and faction not in names:
            names.append(faction)
        items.append((owed_by, owes))

    for key, (state, settings) in states.items():
        spec = rulesets.get(key)
        if spec.awaited is None:
            continue
        for item in spec.awaited(state, settings, campaign.turn):
            faction = players.get(name_key(item.faction))
            user = faction.user_id if faction is not None else None
            add(user, item.faction, item.owes, item.faction)
    by_user = {f.user_id: f.name for f in factions if f.user_id is not None}
    for choice in questions(choices):
        owes = Msg("turn_flow.owes.choice", ruleset=Msg(f"ruleset.{choice.ruleset}"))
        if choice.owner_id is not None:
            add(choice.owner_id, by_user.get(choice.owner_id), owes, None)
            continue
        # Asked of the GMs for a faction nobody plays (its next player takes it over).
        asked = choice.payload.get("faction")
        unplayed = players.get(name_key(asked)) if isinstance(asked, str) else None
        if unplayed_questions and unplayed is not None and unplayed.user_id is None:
            add(None, unplayed.name, owes, None)
    return [
        AwaitedPlayer(
            user,
            ", ".join(names) or None,
            owes_text(items, limit),
            max(0, len(unique_owed(items)) - limit) if limit is not None else 0,
        )
        for user, names, items in owed.values()
    ]


@dataclass(frozen=True)
class Ending:
    """A turn whose end is not finished (`ending_of`): the rulesets still resolving it,
    each paused on a question (`RulesetSpec.resolving`), and the players those rulesets
    wait for, each once as (their user, or None for an unclaimed faction; the faction)."""

    turn: int
    rulesets: list[str]
    asked: list[tuple[int | None, str]]


def ending_of(
    campaign: Campaign,
    states: dict[str, tuple[BaseModel, BaseModel]],
    factions: Sequence[Faction],
    current: int | None = None,
) -> Ending | None:
    """The earliest turn before `current` (the campaign's turn unless given: a turn's end
    reads it before the campaign's counter moves) whose end a ruleset has not finished
    resolving in `states` (its resolution paused on a question, e.g. a buy-off offer,
    SP-I40, SP-I45), with whom those rulesets wait for (`RulesetSpec.awaited`); None when
    every end is finished."""
    current = campaign.turn if current is None else current
    users = {name_key(f.name): f.user_id for f in factions}
    found: dict[str, int] = {}
    asked: list[tuple[int | None, str]] = []
    for key, (state, settings) in states.items():
        spec = rulesets.get(key)
        turn = spec.resolving(state) if spec.resolving is not None else None
        if turn is None or turn >= current:
            continue
        found[key] = turn
        for item in spec.awaited(state, settings, current) if spec.awaited else ():
            player = (users.get(name_key(item.faction)), item.faction)
            if player not in asked:
                asked.append(player)
    if not found:
        return None
    return Ending(min(found.values()), list(found), asked)


# What a player owes and the faction it is owed for (None: a question, which names its
# ruleset rather than a faction).
Owed = tuple[str | None, Msg]


def unique_owed(items: Sequence[Owed]) -> list[Owed]:
    """Each thing owed once, in the order found."""
    unique: list[Owed] = []
    for item in items:
        if item not in unique:
            unique.append(item)
    return unique


def owes_text(items: Sequence[Owed], limit: int | None = None) -> Msg:
    """What one player owes: each thing once, in the order found; for a player owing for
    several factions, each thing with the faction it is owed for, so that two factions'
    like debts ("1 force lacks orders") are both told. With `limit`, the first `limit`
    things and how many more (the turn's end ping: `/turn status` tells them all)."""
    unique = unique_owed(items)
    several = len({faction for faction, _ in unique if faction}) > 1
    told = [
        Msg("turn_flow.owes.for_faction", faction=shown(faction), owes=owes)
        if several and faction
        else owes
        for faction, owes in unique
    ]
    if limit is not None and len(told) > limit:
        told = [*told[:limit], Msg("turn_flow.ping.more", count=len(told) - limit)]
    return told[0] if len(told) == 1 else MsgList(told, separator="; ")


# How many lines of what happened to a player's pieces in one ruleset, and of what they owe
# there, the turn's end ping tells; the rest are counted ("…and 2 more"): the summary above
# it and `/turn status` tell them all.
PING_LINES = 2


class Pings(list[int]):
    """The players a turn's end pings, in order, each with why (`reasons`: something
    happened to their pieces in a ruleset, or a question of a ruleset waits for them), what
    happened, in the ruleset's own short lines (`told`, `TurnStepResult.affected_lines`),
    and what each now owes in a ruleset (`owed`)."""

    def __init__(self) -> None:
        super().__init__()
        self.reasons: dict[int, list[tuple[str, str]]] = {}
        self.told: dict[int, dict[str, list[Msg]]] = {}
        self.owed: dict[int, dict[str, list[Owed]]] = {}

    def add(self, user: int | None, why: str, ruleset: str, lines: Sequence[Msg] = ()) -> None:
        """Ping `user` (nobody when None) for `why` (`affected`, `question`) in `ruleset`;
        `lines` say what happened to their pieces there."""
        if user is None:
            return
        if user not in self.reasons:
            self.append(user)
            self.reasons[user] = []
        if (why, ruleset) not in self.reasons[user]:
            self.reasons[user].append((why, ruleset))
        if why == "affected" and lines:
            told = self.told.setdefault(user, {}).setdefault(ruleset, [])
            told += [line for line in lines if line not in told]

    def owe(self, user: int | None, ruleset: str, owes: Msg, *, faction: str | None = None) -> None:
        """What `user` owes now in `ruleset` (`RulesetSpec.awaited`) for `faction`, told with
        why they are pinged; a player who owes something is pinged for it alone too (forces
        left without orders for the turn that starts)."""
        if user is None:
            return
        if user not in self.reasons:
            self.append(user)
            self.reasons[user] = []
        items = self.owed.setdefault(user, {}).setdefault(ruleset, [])
        if (faction, owes) not in items:
            items.append((faction, owes))

    def why(self, user: int, *, with_owed: bool = True, owed_told: int | None = None) -> list[Msg]:
        """Why `user` is pinged: each reason (what happened, in its ruleset's lines when it
        gave some), with what they owe in its ruleset (once), then what they owe in a
        ruleset they are pinged for nothing else (without `with_owed`: the reasons alone, or
        what they owe where that is their only reason). `owed_told`: what they owe in a
        ruleset told in that many things at most, the rest counted."""
        owed = dict(self.owed.get(user, {})) if with_owed or not self.reasons[user] else {}
        told: list[Msg] = []
        for why, ruleset in self.reasons[user]:
            name = Msg(f"ruleset.{ruleset}")
            items = owed.pop(ruleset, None)
            lines = self.told.get(user, {}).get(ruleset) if why == "affected" else None
            params: dict[str, Any] = {"ruleset": name}
            key = f"turn_flow.ping.{why}"
            if lines:
                key, params["lines"] = "turn_flow.ping.told", told_lines(lines)
            if items:
                key, params["owes"] = f"{key}_owes", owes_text(items, owed_told)
            told.append(Msg(key, **params))
        for ruleset, items in owed.items():
            owes = owes_text(items, owed_told)
            told.append(Msg("turn_flow.ping.owes", ruleset=Msg(f"ruleset.{ruleset}"), owes=owes))
        return told

    def line(self, locale: str, limit: int = 2000) -> str:
        """`The turn's end concerns you: @a — something happened to your pieces (Fleet
        combat), and you owe fire orders …; …`, within `limit` characters (a message's):
        with what each owes; if that is too long, what each owes in a ruleset told in
        `PING_LINES` things and counted; if that is too, only why; then only the mentions.
        A mention is never cut: a player is pinged only by a whole one.

        When a ruleset told what happened (`told`), each player has a line of their own:
        `@a — Fleet combat: Battle #1 at Mecatol, round 1: Red lost 2 cruisers — …`; when
        they do not all fit, the first players' lines are told and the others are named
        after them (`…and 3 more players: @d, @e, @f`)."""
        if self.told:
            text = self._told_line(locale, limit)
            if text is not None:
                return text
        # Only why keeps what a player owes where that is their only reason (counted too).
        for with_owed, owed_told in ((True, None), (True, PING_LINES), (False, PING_LINES)):
            players = self._rows(locale, owed_told, with_owed=with_owed, separator=", ")
            text = t("turn_flow.turn_end_pings", locale, players="; ".join(players))
            if len(text) <= limit:
                return text
        mentions: list[str] = []
        for user in self:
            more = [*mentions, f"<@{user}>"]
            if len(t("turn_flow.turn_end_pings", locale, players=", ".join(more))) > limit:
                break
            mentions = more
        return t("turn_flow.turn_end_pings", locale, players=", ".join(mentions))

    def _told_line(self, locale: str, limit: int) -> str | None:
        """One line per player, as many whole as fit with the others' mentions after them;
        when they do not all fit, what each owes in a ruleset is told in `PING_LINES` things
        and counted first (`/turn status` tells it whole); None when not even the first line
        fits."""
        whole_rows = self._rows(locale, None)
        text = t("turn_flow.turn_end_pings_told", locale, players="\n".join(whole_rows))
        if len(text) <= limit:
            return text
        rows = self._rows(locale, PING_LINES)
        for whole in range(len(rows), 0, -1):
            rest = self[whole:]
            more = [
                t(
                    "turn_flow.ping.more_players",
                    locale,
                    count=len(rest),
                    users=", ".join(f"<@{u}>" for u in rest),
                )
            ]
            body = "\n".join(rows[:whole] + (more if rest else []))
            text = t("turn_flow.turn_end_pings_told", locale, players=body)
            if len(text) <= limit:
                return text
        return None

    def _rows(
        self, locale: str, owed_told: int | None, *, with_owed: bool = True, separator: str = " · "
    ) -> list[str]:
        """Each player's line: their mention and why they are pinged (`why`), the reasons
        joined by `separator`."""
        return [
            t(
                "turn_flow.ping.player",
                locale,
                user=f"<@{u}>",
                what=MsgList(
                    self.why(u, with_owed=with_owed, owed_told=owed_told), separator=separator
                ),
            )
            for u in self
        ]


def owe_awaited(
    pings: Pings,
    states: dict[str, tuple[BaseModel, BaseModel]],
    factions: Sequence[Faction],
    turn: int,
) -> None:
    """What each player owes for `turn` in the rulesets' `states` (`RulesetSpec.awaited`),
    added to `pings` for the faction it is owed by, so that two factions' like debts ("1
    force lacks orders") are both told to a player of both."""
    users = {name_key(f.name): f.user_id for f in factions}
    for key, (state, settings) in states.items():
        spec = rulesets.get(key)
        if spec.awaited is None:
            continue
        for item in spec.awaited(state, settings, turn):
            pings.owe(users.get(name_key(item.faction)), key, item.owes, faction=item.faction)


def told_lines(lines: Sequence[Msg]) -> Msg:
    """What happened to a player's pieces in one ruleset: its first `PING_LINES` lines,
    then how many more the summary tells."""
    shown: list[Msg] = list(lines[:PING_LINES])
    if len(lines) > PING_LINES:
        shown.append(Msg("turn_flow.ping.more", count=len(lines) - PING_LINES))
    return MsgList(shown, separator="; ")


@dataclass(frozen=True)
class TurnEnd:
    """A campaign whose deadline passed with `on_deadline = end_turn`: its turn to end."""

    campaign_id: int
    turn: int


@dataclass(frozen=True)
class SweepResult:
    """What one sweep claimed: announcements to post and turns to end automatically."""

    posts: list[TurnPost]
    ends: list[TurnEnd]
    pruned: int = 0  # posted outbox rows deleted after the claim


def _post_payload(
    campaign: Campaign, schedule: Schedule, awaited: Sequence[AwaitedPlayer], pinged: list[int]
) -> dict[str, Any]:
    """What a reminder or a deadline post says: where, which turn and deadline, who still
    owes what, and whom it pings."""
    return {
        "channel_id": campaign.channel_id,
        "guild_id": campaign.guild_id,
        "turn": campaign.turn,
        "deadline": schedule.deadline_at,
        "awaited": [a.to_json() for a in awaited],
        "pinged": pinged,
    }


async def _gms(campaigns: CampaignWrites, campaign: Campaign) -> tuple[list[int], list[int]]:
    """The campaign's GMs an announcement pings: its users (the creator first among them,
    sorted) and its roles."""
    gms = await campaigns.gm_entries(campaign.id)
    users = sorted({campaign.created_by} | {t for k, t in gms if k == "user"})
    return users, sorted(t for k, t in gms if k == "role")


def clock_of(client: object) -> datetime:
    """The running bot's current time (`PrivateerBot.clock`; tests give the bot their own)."""
    clock: Callable[[], datetime] = getattr(client, "clock")  # noqa: B009 - typed here
    return clock()


def epoch(moment: datetime) -> int:
    """Whole seconds since 1970 (UTC), what the schedule stores."""
    return int(moment.timestamp())


class TurnFlow:
    """Deadlines, reminder settings and mutes (GM and player commands) and the scheduler's
    sweep."""

    def __init__(self, service: CampaignService) -> None:
        self.service = service
        self.reads = ScheduleReads(service.db)

    # -- reads -------------------------------------------------------------------------------

    async def schedule(self, campaign: Campaign) -> Schedule:
        """The campaign's schedule; a deadline of an earlier turn is no longer shown."""
        schedule = await self.reads.schedule(campaign.id)
        if schedule.turn != campaign.turn:
            schedule = replace(schedule, turn=None, deadline_at=None)
        return schedule

    async def _states(
        self, campaign: Campaign, wanted: Callable[[rulesets.AnySpec], bool]
    ) -> dict[str, tuple[BaseModel, BaseModel]]:
        """The committed (state, settings) of each of the campaign's rulesets `wanted`."""
        states = {}
        for key in campaign.rulesets:
            try:
                spec = rulesets.get(key)
            except KeyError:
                continue
            if wanted(spec):
                states[key] = await self.service.state(campaign, key)
        return states

    async def _awaiting_states(self, campaign: Campaign) -> dict[str, tuple[BaseModel, BaseModel]]:
        """The committed (state, settings) of each of the campaign's rulesets that names
        the factions it waits for (`RulesetSpec.awaited`)."""
        return await self._states(campaign, lambda spec: spec.awaited is not None)

    async def ending(self, campaign: Campaign) -> Ending | None:
        """The earliest turn whose end a ruleset has not finished resolving (committed
        state, `ending_of`): the campaign's turn counter has moved on meanwhile, so
        `/turn status` tells this end first."""
        states = await self._states(campaign, lambda spec: spec.resolving is not None)
        return ending_of(campaign, states, await self.service.factions(campaign.id))

    async def awaited(
        self,
        campaign: Campaign,
        *,
        leaving: int | None = None,
        unplayed_questions: bool = True,
        limit: int | None = None,
    ) -> list[AwaitedPlayer]:
        """Who the campaign's turn waits for (committed state). With `leaving`, as if that
        player had given up every faction they play: what each of them owes is the
        faction's own, unplayed (what a `/campaign leave` leaves open); the questions asked
        of the player stay theirs. Without `unplayed_questions`, a faction nobody plays
        owes only what its rulesets name, not the questions asked of the GMs for it. With
        `limit`, each tells that many things it owes and counts the rest."""
        factions = await self.service.factions(campaign.id)
        if leaving is not None:
            factions = [replace(f, user_id=None) if f.user_id == leaving else f for f in factions]
        return awaited_players(
            campaign,
            await self._awaiting_states(campaign),
            await self.service.open_choices(campaign.id),
            factions,
            unplayed_questions=unplayed_questions,
            limit=limit,
        )

    async def notified(self, campaign_id: int, report: TurnEndReport) -> Pings:
        """Who a turn's end summary pings, and why: the players of the factions something
        happened to (each ruleset's `affected`), the owners of the questions now waiting
        for them, and the players who owe something for the turn that starts, each with what
        the rulesets say they owe (`RulesetSpec.awaited`). A preview of a player's own command
        is no question: it pings nobody (a secret bribe stays the briber's, SP-I33)."""
        factions = {name_key(f.name): f.user_id for f in await self.service.factions(campaign_id)}
        pings = Pings()
        for summary in report.summaries:
            for faction in summary.affected:
                lines = summary.affected_lines.get(faction, [])
                pings.add(factions.get(name_key(faction)), "affected", summary.ruleset, lines)
        for choice in questions(await self.service.open_choices(campaign_id)):
            pings.add(choice.owner_id, "question", choice.ruleset)
        campaign = await self.service.get(campaign_id)
        states = await self._awaiting_states(campaign)
        owe_awaited(pings, states, await self.service.factions(campaign_id), campaign.turn)
        return pings

    async def begin_deadline_end(self, campaign_id: int, turn: int, actor: Actor) -> AuditEntry:
        """The first step of a turn ended by its deadline, which no interaction of a player
        starts: log it (`DEADLINE_END`), committed before the bot posts the message whose id,
        assigned by Discord, the turn end's dice are derived from (cogs/turn.py) in place of
        an interaction's. The entry's chain head goes in that message: a second attempt
        (after a crash between the post and the turn's end) logs a second entry, so a turn
        end drawn again shows in the log and in the channel. Raises Conflict when the turn
        has already ended."""
        async with self.service.work(campaign_id, actor) as uow:
            if uow.campaign.turn != turn:
                raise Conflict("error.turn_already_ended", turn=turn)
            summary = summary_json([Msg("turn_flow.log.deadline_end", turn=turn)])
            return await uow.append(
                DEADLINE_END, options={"turn": turn}, outcome={"summary": summary}
            )

    async def stop_deadline_end(self, campaign_id: int, turn: int, why: str) -> None:
        """A deadline's turn end is given up (`why`: `CHANNEL_CLOSED`, `POST_FAILED`,
        `END_FAILED`): the turn stays open and is not retried every ten minutes; a GM ends it
        with /turn end. In the same transaction the GMs are told, pinged in the channel (the
        scheduler's sender posts it), and `given_up` keeps why for `/turn status`, which a
        GM can read even when the channel is closed to the bot (a deadline announcement
        with `why`)."""
        async with self.service.db.transaction() as conn:
            writes = ScheduleWrites(conn)
            # The campaign first (locked on PostgreSQL), then its schedule as committed.
            campaign = await CampaignWrites(conn).campaign(campaign_id)
            if campaign is None:
                return
            schedule = await writes.schedule(campaign_id)
            if schedule.turn != turn:
                return
            await writes.claim(campaign_id, schedule.reminded_until, None)
            users, roles = await _gms(CampaignWrites(conn), campaign)
            payload = {**_post_payload(campaign, schedule, [], users), "roles": roles, "why": why}
            await writes.add_post(campaign_id, "deadline", payload)

    async def given_up(self, campaign: Campaign, schedule: Schedule, now: datetime) -> str | None:
        """Why the end of the campaign's turn at its passed deadline was given up (and the
        turn left open for a GM's /turn end), or None when it was not: `schedule` is the
        turn's (`schedule`), and a deadline set again since is not given up."""
        deadline = schedule.deadline_at
        if deadline is None or deadline > epoch(now) or schedule.due_at is not None:
            return None
        post = await self.reads.newest_post(campaign.id, "deadline")
        told = post.payload if post is not None else {}
        if "why" not in told or told["turn"] != campaign.turn or told["deadline"] != deadline:
            return None
        return str(told["why"])

    async def unposted(self, shards: Shards | None = None) -> list[TurnPost]:
        """Announcements claimed but not yet marked posted (after a crash: posted once now);
        with `shards`, only those of campaigns whose guild is on them."""
        return await self.reads.unposted(shards=shards)

    async def mark_posted(self, post_id: int) -> None:
        """The sender delivered the announcement."""
        async with self.service.db.transaction() as conn:
            await ScheduleWrites(conn).mark_posted(post_id)

    # -- GM and player commands --------------------------------------------------------------

    async def set_deadline(
        self,
        campaign_id: int,
        actor: Actor,
        when: str,
        now: datetime,
        *,
        announce: Announce[Schedule] | None = None,
    ) -> Schedule:
        """Set the current turn's deadline (a duration or a local date and time). Reminder
        points already past when it is set are not announced one by one: a deadline set
        inside the reminder window (`1h` with reminders at 24h and 1h) is due at once, so the
        next sweep reminds the players who owe something, once (`reminds_now`). `announce`
        (here and below) writes what the change posts in its transaction
        (bot/announcements.py)."""
        async with self.service.work(campaign_id, actor) as uow:
            writes = ScheduleWrites(uow.writes.conn, uow.writes.journal)
            schedule = await writes.schedule(campaign_id)
            deadline = epoch(parse_deadline(when, now, schedule.time_zone))
            schedule = replace(
                schedule,
                turn=uow.campaign.turn,
                deadline_at=deadline,
                reminded_until=epoch(now),
            )
            due = (
                epoch(now) if reminds_now(schedule, epoch(now)) else next_due(schedule, epoch(now))
            )
            schedule = replace(schedule, due_at=due)
            await writes.save(schedule)
            shown = deadline_text(deadline, schedule.time_zone)
            summary = summary_json(
                [Msg("turn_flow.log.deadline_set", turn=uow.campaign.turn, when=shown)]
            )
            await uow.append(
                "turn deadline set",
                options={"when": when},
                outcome={"turn": uow.campaign.turn, "deadline": deadline, "summary": summary},
            )
            if announce is not None:
                await announce(uow, schedule)
        return schedule

    async def clear_deadline(
        self, campaign_id: int, actor: Actor, *, announce: Announce[int] | None = None
    ) -> int:
        """Remove the current turn's deadline and its pending reminders; returns that turn
        (read in the transaction: a turn end may have committed since the command came)."""
        async with self.service.work(campaign_id, actor) as uow:
            writes = ScheduleWrites(uow.writes.conn, uow.writes.journal)
            schedule = await writes.schedule(campaign_id)
            if schedule.deadline_at is None or schedule.turn != uow.campaign.turn:
                raise Conflict("error.turn_flow.no_deadline")
            await writes.save(
                replace(schedule, turn=None, deadline_at=None, reminded_until=None, due_at=None)
            )
            summary = summary_json([Msg("turn_flow.log.deadline_cleared", turn=uow.campaign.turn)])
            await uow.append(
                "turn deadline clear", outcome={"turn": uow.campaign.turn, "summary": summary}
            )
            if announce is not None:
                await announce(uow, uow.campaign.turn)
        return uow.campaign.turn

    async def set_setting(
        self,
        campaign_id: int,
        actor: Actor,
        name: str,
        raw: str,
        now: datetime,
        *,
        announce: Announce[Any] | None = None,
    ) -> str:
        """Change a schedule setting (`core.time_zone`, `core.reminders`, `core.on_deadline`);
        returns the value as shown. A value the setting already has is refused
        (`settings_edit.unchanged`): nothing is written, logged or announced."""
        async with self.service.work(campaign_id, actor) as uow:
            writes = ScheduleWrites(uow.writes.conn, uow.writes.journal)
            schedule = before = await writes.schedule(campaign_id)
            if name == "time_zone":
                shown = zone(raw).key
                schedule = replace(schedule, time_zone=shown)
            elif name == "reminders":
                minutes = parse_reminders(raw)
                schedule = replace(schedule, reminder_minutes=minutes)
                if not deadline_reached(schedule):  # else it would be announced again
                    schedule = replace(schedule, due_at=next_due(schedule, epoch(now)))
                shown = reminders_text(minutes)
            elif name == "on_deadline":
                shown = raw.strip().lower()
                if shown not in ON_DEADLINE:
                    raise ScheduleError(
                        "error.setting_value", name=name, value=raw, allowed=", ".join(ON_DEADLINE)
                    )
                schedule = replace(schedule, on_deadline=shown)
            else:
                raise ScheduleError("error.setting_unknown", name=name)
            if getattr(schedule, SCHEDULE_FIELDS[name]) == getattr(before, SCHEDULE_FIELDS[name]):
                raise settings_edit.unchanged(name, shown)
            await writes.save(schedule)
            await uow.append(
                "campaign settings set",
                options={"name": name, "value": raw},
                outcome={
                    "value": shown,
                    "summary": summary_json([setting_summary(f"{CORE}.{name}", shown)]),
                },
            )
            if announce is not None:
                await announce(uow, shown)
        return shown

    async def set_muted(
        self,
        campaign_id: int,
        actor: Actor,
        muted: bool,
        *,
        announce: Announce[bool] | None = None,
    ) -> bool:
        """A player mutes (or unmutes) reminders for themselves; False when unchanged."""
        async with self.service.db.transaction() as conn:
            changed = await ScheduleWrites(conn).set_muted(campaign_id, actor.user_id, muted)
            await self.service.announced(conn, campaign_id, announce, changed)
        return changed

    # -- the scheduler's step ----------------------------------------------------------------

    async def sweep(
        self, now: datetime, limit: int = SWEEP_BATCH, shards: Shards | None = None
    ) -> SweepResult:
        """Claim everything due at `now` in one transaction: one reminder per campaign however
        many of its points passed, the deadline's announcement (or its automatic end), and
        each campaign's next due time. With `shards` (a process running some of the shards)
        only the campaigns whose guild is on them: each process sweeps its own share.

        Each schedule is read again once its campaign is locked, and the sweep writes only
        the columns it owns (`ScheduleWrites.claim`): a GM's setting or deadline committed
        after `due` read the list (on PostgreSQL, from another connection) is acted on and
        kept, never written back over."""
        moment = epoch(now)
        posts: list[TurnPost] = []
        ends: list[TurnEnd] = []
        async with self.service.db.transaction() as conn:
            writes = ScheduleWrites(conn)
            campaigns = CampaignWrites(conn)
            for found in await writes.due(moment, limit, shards):
                campaign = await campaigns.campaign(found.campaign_id)
                if campaign is None:
                    continue
                schedule = await writes.schedule(campaign.id)  # as committed, under the lock
                due = schedule.due_at
                if schedule.deadline_at is None or due is None or due > moment:
                    continue  # cleared, or set again, since `due` read it
                if campaign.turn != schedule.turn:  # the turn ended before its deadline
                    # Nothing more is due; its deadline stays, unshown (`schedule`), for an
                    # undo of that end to give the reopened turn back (`reopen_deadline`).
                    await writes.claim(campaign.id, schedule.reminded_until, None)
                    continue
                if moment >= schedule.deadline_at:
                    post, end = await self._deadline(writes, campaigns, campaign, schedule, moment)
                    if post is not None:
                        posts.append(post)
                    if end is not None:
                        ends.append(end)
                    continue
                post = await self._reminder(writes, campaigns, campaign, schedule)
                if post is not None:
                    posts.append(post)
                claimed = replace(schedule, reminded_until=moment)
                await writes.claim(campaign.id, moment, next_due(claimed, moment))
        return SweepResult(posts, ends, await self.prune_outbox(now, shards))

    async def prune_outbox(self, now: datetime, shards: Shards | None = None) -> int:
        """Delete posted messages nothing needs any more (`outbox.prune`), up to
        `PRUNE_ROUNDS` batches while batches come back full; returns how many went. A
        failure is only logged: what the sweep claimed is posted all the same, and the next
        sweep prunes again."""
        pruned = 0
        # The questions a ruleset keeps in its own state are not pending choices: their
        # posts stay, so that an undo can always redraw them (`RulesetSpec.reasked`).
        kept = [f"x:{spec.key}." for spec in rulesets.available() if spec.reasked is not None]
        try:
            for _ in range(PRUNE_ROUNDS):
                batch = await outbox.prune(self.service.db, now, shards=shards, kept_controls=kept)
                pruned += batch
                if batch < outbox.PRUNE_BATCH:
                    break
        except Exception:
            log.exception("the outbox could not be pruned; the next sweep tries again")
        return pruned

    async def _awaited_in(
        self, campaigns: CampaignWrites, campaign: Campaign
    ) -> list[AwaitedPlayer]:
        states: dict[str, tuple[BaseModel, BaseModel]] = {}
        for key in campaign.rulesets:
            try:
                spec = rulesets.get(key)
            except KeyError:
                continue
            row = await campaigns.ruleset_state(campaign.id, key)
            if spec.awaited is None or row is None or row.schema_version != spec.schema_version:
                continue
            states[key] = (
                spec.state_model.model_validate_json(row.state),
                spec.settings_model.model_validate_json(row.settings),
            )
        return awaited_players(
            campaign,
            states,
            await campaigns.open_choices(campaign.id),
            await campaigns.factions(campaign.id),
        )

    async def _reminder(
        self,
        writes: ScheduleWrites,
        campaigns: CampaignWrites,
        campaign: Campaign,
        schedule: Schedule,
    ) -> TurnPost | None:
        """One reminder pinging the awaited players who have not muted reminders; nothing
        when nobody owes anything."""
        awaited = await self._awaited_in(campaigns, campaign)
        if not awaited:
            return None
        muted = await writes.muted_users(campaign.id)
        pinged = sorted({a.user_id for a in awaited if a.user_id is not None} - muted)
        payload = _post_payload(campaign, schedule, awaited, pinged)
        post_id = await writes.add_post(campaign.id, "reminder", payload)
        return TurnPost(post_id, campaign.id, "reminder", payload)

    async def _deadline(
        self,
        writes: ScheduleWrites,
        campaigns: CampaignWrites,
        campaign: Campaign,
        schedule: Schedule,
        moment: int,
    ) -> tuple[TurnPost | None, TurnEnd | None]:
        """The deadline passed: ping the GMs with who still owes what, or end the turn (the
        claim leaves a retry in ten minutes: the turn's end moves the campaign on, and a
        schedule of an ended turn is cleared, so the end happens once)."""
        if schedule.on_deadline == END_TURN:
            await writes.claim(campaign.id, moment, moment + 600)
            return None, TurnEnd(campaign.id, campaign.turn)
        awaited = await self._awaited_in(campaigns, campaign)
        users, roles = await _gms(campaigns, campaign)
        payload = {**_post_payload(campaign, schedule, awaited, users), "roles": roles}
        post_id = await writes.add_post(campaign.id, "deadline", payload)
        await writes.claim(campaign.id, moment, None)
        return TurnPost(post_id, campaign.id, "deadline", payload), None


__all__ = [
    "CHANNEL_CLOSED",
    "DEADLINE_END",
    "DEFAULT_REMINDER_MINUTES",
    "END_FAILED",
    "END_TURN",
    "ON_DEADLINE",
    "PING_GMS",
    "PING_LINES",
    "POST_FAILED",
    "SCHEDULE_SETTINGS",
    "AwaitedPlayer",
    "Ending",
    "Pings",
    "Schedule",
    "ScheduleError",
    "SweepResult",
    "TurnEnd",
    "TurnFlow",
    "TurnPost",
    "awaited_players",
    "clock_of",
    "deadline_reached",
    "deadline_text",
    "ending_of",
    "epoch",
    "is_question",
    "next_due",
    "owe_awaited",
    "parse_deadline",
    "parse_duration",
    "parse_reminders",
    "questions",
    "reminds_now",
    "time_zone_choices",
]
