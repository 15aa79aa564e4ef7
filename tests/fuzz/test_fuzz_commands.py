"""Every command, fuzzed through the stand-in (Hardening, "Also"): hypothesis types options
a careless or hostile player would (markup, mentions, bidirectional and zero-width
controls, the longest strings, numbers at and past their bounds) as any member, in and out
of the campaign channel, and sometimes clicks a button of the answer, in one campaign that
plays every ruleset. No answer may be an unhandled error ("Something unexpected" counts),
no request may break Discord's rules (the stand-in fails those), and the log must verify
at the end.

What Discord's own client refuses to send (a number past an option's bounds, a string
past its length, a missing required option) is refused by the stand-in's parser before
the bot sees it; those examples count as refused, not as failures. Option strings are
typed quoted, so they carry no `"` and no line break (the typed-line format's limit).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck
from hypothesis import Phase
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.i18n import t
from bot.standin import ClientRefused
from bot.standin import QueuedFaces
from bot.standin import StandIn
from bot.standin import StandInError
from bot.standin import Table
from bot.standin import demo_guild
from bot.standin.privateer import privateer_factory
from bot.standin.ratelimits import RateLimits

STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)
MEMBERS = ("gm", "player1", "player2", "player3")
CHANNELS = ("campaign", "campaign", "campaign", "campaign-thread", "general")
UNEXPECTED = [t("error.unexpected", lang, error_id="").split("`")[0] for lang in ("en", "ru")]

HOSTILE = [
    "@everyone",
    "@here",
    "<@1>",
    "<@&1>",
    "<#1>",
    "[click](https://example.com)",
    "```py\nx```".replace("\n", " "),
    "**bold** __u__ ~~s~~ ||spoiler||",
    "\u202e2d6",
    "\u200b",
    "Blue\u200b",
    "BLUE",
    "ﬁ",
    "\u0000",
    " ",
    "",
    "0",
    "-1",
    "1e309",
    "NaN",
    "2d6" * 40,
    "9999d9999",
    "1d0",
    "Ottomans",
    "Habsburgs",
    "hapsburg",
    "ottoman",
    "Ionian Sea",
    "x" * 100,
    "я" * 6001,
]


def player_text(max_size: int = 120) -> st.SearchStrategy[str]:
    """Strings a player could type into an option (no `"`, no line break: see above)."""
    typed = st.text(
        alphabet=st.characters(blacklist_characters='"\n\r', blacklist_categories=("Cs",)),
        max_size=max_size,
    )
    return st.one_of(st.sampled_from(HOSTILE + KNOWN), typed)


def number_values(option: dict[str, Any], integer: bool) -> st.SearchStrategy[str]:
    """An option's number at its bounds, just past them and anywhere between."""
    low = option.get("min_value")
    high = option.get("max_value")
    edges = [0, 1, -1, 2**53, -(2**53)]
    for bound in (low, high):
        if bound is not None:
            edges += [bound, bound - 1, bound + 1]
    inner = st.integers(
        int(low) if low is not None else -1000, int(high) if high is not None else 1000
    )
    values: st.SearchStrategy[Any] = st.one_of(st.sampled_from(edges), inner)
    if not integer:
        values = st.one_of(values, st.floats(allow_nan=False, allow_infinity=False, width=32))
    return values.map(str)


def option_value(option: dict[str, Any]) -> st.SearchStrategy[str]:
    """A typed value for one option of a command."""
    kind = option["type"]
    choices = [str(c["value"]) for c in option.get("choices") or []]
    if choices:
        return st.one_of(st.sampled_from(choices), player_text(20))
    if kind == STRING:
        return player_text()
    if kind in (INTEGER, NUMBER):
        return number_values(option, kind == INTEGER)
    if kind == BOOLEAN:
        return st.sampled_from(["true", "false"])
    if kind == USER:
        return st.sampled_from([f"@{m}" for m in MEMBERS])
    if kind == ROLE:
        return st.sampled_from(["@GM", "@Players"])
    if kind == MENTIONABLE:
        return st.sampled_from([*(f"@{m}" for m in MEMBERS), "@GM"])
    if kind == CHANNEL:
        return st.sampled_from(["#campaign", "#general"])
    return st.just("upload.json")  # ATTACHMENT


def leaf_commands(table: Table) -> list[tuple[str, list[dict[str, Any]]]]:
    """Every slash command the bot synced, as (typed path, its options)."""
    found: list[tuple[str, list[dict[str, Any]]]] = []

    def walk(path: str, node: dict[str, Any]) -> None:
        options = node.get("options") or []
        subs = [o for o in options if o.get("type") in (1, 2)]
        if not subs:
            found.append((path, list(options)))
        for sub in subs:
            walk(f"{path} {sub['name']}", sub)

    for command in table.commands:
        if command.type == 1:
            walk(f"/{command.name}", command.data)
    return sorted(found)


class ErrorRecords(logging.Handler):
    """Every ERROR the bot logs (an unhandled error is logged with its error id)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Fuzzed:
    """The table, its event loop, and what the run saw."""

    def __init__(self, loop: asyncio.AbstractEventLoop, table: Table) -> None:
        self.loop = loop
        self.table = table
        self.commands = leaf_commands(table)
        self.errors = ErrorRecords()
        self.ran = 0
        self.refused = 0
        self.clicked = 0
        self.failures: list[str] = []

    def run(self, coroutine: Any) -> Any:
        return self.loop.run_until_complete(coroutine)


SETUP = (
    ("/campaign create name:Fuzz", "gm"),
    ("/campaign join faction:Ottomans", "player1"),
    ("/campaign join faction:Habsburgs", "player2"),
    ("/campaign join faction:Blue", "player3"),
    ("/corsairs power power:ottoman player:@player1", "gm"),
    ("/corsairs power power:hapsburg player:@player2", "gm"),
    ("/corsairs war power:hapsburg at_war:true", "gm"),
    ("/corsairs impulse power:ottoman", "gm"),
    ("/combat fleet set point:Mecatol ships:2 cruiser", "player1"),
    ("/combat fleet set point:Mecatol ships:3 destroyer", "player3"),
    ("/combat attack point:Mecatol targets:Blue", "player1"),
    ("/company add-company name:Steelworks fine:180", "player2"),
    ("/company add-piece name:Broker value:300", "player1"),
    ("/navy station add name:Portsmouth location:1 naval_station:true owner:Habsburgs", "gm"),
    (
        "/navy forces register name:Western Squadron kind:line location:1 ships:3xIII, V "
        "in_port:true rating:1",
        "player2",
    ),
)
# Names the campaign knows, so that options also reach real objects.
KNOWN = ["Mecatol", "Steelworks", "Broker", "Western Squadron", "Portsmouth", "1", "2"]


async def seat_players(table: Table) -> None:
    """A campaign with every ruleset: the three players in it, a fleet battle, a company and
    a piece, a naval station and a squadron."""
    for line, member in SETUP:
        done = await table.slash(line, as_=member)
        assert not unexpected([done.text()]), f"{line}: {done.text()}"


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Fuzzed]:
    """One stand-in and bot for the whole run (the campaign grows from example to example)."""
    loop = asyncio.new_event_loop()
    path: Path = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    standin = StandIn(demo_guild(), rate_limits=RateLimits(time_scale=0.01))
    faces = QueuedFaces(seed=7)
    factory = privateer_factory(database_path=path, guild_id=standin.guild.id, faces=faces)
    table = Table(factory, standin=standin, faces=faces)
    loop.run_until_complete(standin.start())
    loop.run_until_complete(table.start())
    loop.run_until_complete(seat_players(table))
    run = Fuzzed(loop, table)
    logging.getLogger().addHandler(run.errors)
    try:
        yield run
    finally:
        logging.getLogger().removeHandler(run.errors)
        loop.run_until_complete(table.close())
        loop.run_until_complete(standin.close())
        loop.close()


def unexpected(texts: list[str]) -> list[str]:
    return [text for text in texts if any(marker in text for marker in UNEXPECTED)]


def play_one(fuzzed: Fuzzed, data: st.DataObject, path: str, options: list[dict[str, Any]]) -> None:
    """One command with drawn options, by a drawn member in a drawn channel, and maybe a
    click on a button of its answer; what went wrong is noted in `fuzzed.failures`."""
    parts = [path]
    files = {}
    for option in options:
        if not option.get("required") and not data.draw(st.booleans(), label=option["name"]):
            continue
        value = data.draw(option_value(option), label=option["name"])
        if option["type"] == ATTACHMENT:
            files["upload.json"] = data.draw(st.binary(max_size=200), label="upload")
        parts.append(f'{option["name"]}:"{value}"')
    line = " ".join(parts)
    actor = data.draw(st.sampled_from(MEMBERS), label="as")
    channel = data.draw(st.sampled_from(CHANNELS), label="in")
    click = not data.draw(st.booleans(), label="leave the buttons")  # the simplest clicks
    pick = data.draw(st.integers(0, 24), label="button")
    clicker = data.draw(st.sampled_from(MEMBERS), label="clicker")
    action = f"{line} as {actor} in #{channel}"
    fuzzed.errors.records.clear()
    try:
        reply = fuzzed.run(fuzzed.table.slash(line, as_=actor, channel=channel, files=files))
    except ClientRefused:
        fuzzed.refused += 1
        return
    except StandInError as error:  # the bot broke one of Discord's rules
        fuzzed.failures.append(f"{action}: {error}")
        return
    fuzzed.ran += 1
    texts = [m.text() for m in reply.messages]
    clickable = [
        b.label for m in reply.messages for b in m.buttons if b.custom_id and not b.disabled
    ]
    if click and clickable:
        label = clickable[pick % len(clickable)]
        action += f", then {label!r} clicked by {clicker}"
        try:
            clicked = fuzzed.run(fuzzed.table.click(reply, label, as_=clicker))
        except ClientRefused:  # e.g. a button the player cannot see
            pass
        except StandInError as error:
            fuzzed.failures.append(f"{action}: {error}")
        else:
            fuzzed.clicked += 1
            texts += [m.text() for m in clicked.messages]
    logged = [r.getMessage() for r in fuzzed.errors.records]
    if unexpected(texts) or logged:
        fuzzed.failures.append(f"{action}: {unexpected(texts)} {logged}")


def test_no_command_answers_with_an_unhandled_error(fuzzed: Fuzzed) -> None:
    """Any command with any options, by anyone, anywhere, gets a clear answer or a
    refusal; afterwards `/history verify` finds the log intact.

    Each example plays every command once, in order; a dozen examples make several hundred
    interactions. Failures are collected, not raised, so hypothesis never replays an
    example on a campaign that has moved on (no shrinking: each failure names its command).
    """

    @settings(
        max_examples=8,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(data=st.data())
    def explore(data: st.DataObject) -> None:
        for path, options in fuzzed.commands:
            play_one(fuzzed, data, path, options)

    explore()
    print(
        f"\nfuzz: {len(fuzzed.commands)} commands; {fuzzed.ran} interactions answered, "
        f"{fuzzed.refused} refused by the client, {fuzzed.clicked} buttons clicked"
    )
    assert fuzzed.failures == [], "\n\n".join(fuzzed.failures)
    verified = fuzzed.run(fuzzed.table.slash("/history verify", as_="gm"))
    assert "❌" not in verified.text()
    assert "intact" in verified.text(), verified.text()
    assert fuzzed.ran > 300
