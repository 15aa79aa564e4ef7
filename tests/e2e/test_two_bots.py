"""Two bot processes serving one guild at once, racing on one campaign (issue 19).

Two `PrivateerBot`s on one stand-in and one PostgreSQL database, both holding the same guild
(as while a rolling restart runs a shard twice). The stand-in sends each interaction to one
of them: `first`'s actions reach the first bot, `second`'s the second. Whatever each bot
keeps in memory, the database decides: 200 rolls alternating between the bots, 50 under
way at any moment, are each answered once and logged in one unbroken chain; two GMs
confirming the turn end through different bots end it once; two players answering one
question through different bots answer it once.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.campaigns import CORE
from bot.standin import GuildSpec
from bot.standin import MemberSpec
from bot.standin import QueuedFaces
from bot.standin import Reply
from bot.standin import StandIn
from bot.standin import Table
from bot.standin import demo_guild
from bot.standin.privateer import privateer_factory
from bot.standin.ratelimits import RateLimits
from bot.storage.log import AuditLog

from .play import seat_piracy
from .play import set_up
from .test_ottoman_piracy import VP

pytestmark = pytest.mark.parametrize("database_target", ["postgresql"], indirect=True)

ROLLS = 200
# Rolls under way at once, shared by the two bots. Both bots, Discord's stand-in and its
# schema checks run on one event loop here: 200 at once would miss Discord's 3 s for want
# of CPU, not because of the bots (each acknowledges a wait at the row lock after 1 s).
IN_FLIGHT = 50
# OP-6 with one Ottoman hit: 2 corsairs in the Adriatic, no dice against them, the Ottoman
# dice `6, 1`: one hit, so one reward to choose.
ONE_HIT = "/corsairs piracy zone:Adriatic Sea target:hapsburg corsairs:2 ports:2"


@pytest.fixture
def standin_guild() -> GuildSpec:
    """The demo guild and a second GM, gm2, who plays no faction."""
    demo = demo_guild()
    return replace(demo, members=(*demo.members, MemberSpec("gm2", "Second GM", roles=("GM",))))


@pytest.fixture
async def bots(
    database_target: Path | str, standin_guild: GuildSpec, dice_faces: QueuedFaces
) -> AsyncIterator[tuple[Table, Table]]:
    """Two bots on one database, both in the stand-in's guild; a table for each."""
    standin = StandIn(
        standin_guild,
        one_session_per_interaction=True,
        rate_limits=RateLimits(time_scale=0.01),
    )
    async with standin, contextlib.AsyncExitStack() as stack:
        tables = []
        for _ in range(2):
            factory = privateer_factory(
                database_path=database_target, guild_id=standin.guild.id, faces=dice_faces
            )
            # Rolls racing for the campaign's row lock are acknowledged within Discord's
            # 3 s (deferred) and answered within the token's 15 minutes: a burst's last
            # answer may come later than the table's usual 10 s.
            table = Table(factory, standin=standin, faces=dice_faces, settle_timeout=60)
            tables.append(await stack.enter_async_context(table))
        first, second = tables
        assert first.session_id != second.session_id
        yield first, second
        for table in tables:
            table.check()


@pytest.fixture
async def race(bots: tuple[Table, Table]) -> tuple[Table, Table]:
    """A campaign made through the first bot, gm2 named a second GM through the second."""
    first, second = bots
    created = await first.slash("/campaign create name:Race rulesets:ottoman_piracy", as_="gm")
    assert not created.ephemeral, created.text()
    await set_up(second, [("/campaign gm add user:@gm2", "gm")])
    return bots


def sessions_used(table: Table, replies: list[Reply]) -> list[str]:
    """The gateway session each reply's interaction was sent to."""
    return [s for r in replies for s in table.standin.interactions[r.interaction_id].session_ids]


def private_texts(reply: Reply) -> list[str]:
    """What only the player saw of a reply (a refusal after a deferred click included)."""
    return [m.text() for m in reply.messages if m.ephemeral]


async def campaign_log(table: Table) -> tuple[int, AuditLog]:
    assert table.bot is not None and table.bot.db is not None
    row = await table.bot.db.fetchone("SELECT id FROM campaigns WHERE name = ?", ("Race",))
    return int(row["id"]), AuditLog(table.bot.db)


async def test_200_interleaved_rolls_through_two_bots_are_each_answered_and_logged_once(race):
    first, second = race
    players = ("player1", "player2", "player3")

    in_flight = asyncio.Semaphore(IN_FLIGHT)

    async def roll(i: int) -> Reply:
        async with in_flight:
            return await (first, second)[i % 2].slash(
                f"/roll dice:1d6 reason:r{i}", as_=players[i % 3]
            )

    replies = await asyncio.gather(*(roll(i) for i in range(ROLLS)))

    assert sessions_used(first, replies[0::2]) == [first.session_id] * (ROLLS // 2)
    assert sessions_used(first, replies[1::2]) == [second.session_id] * (ROLLS // 2)
    for i, reply in enumerate(replies):
        assert not reply.ephemeral, reply.text()
        assert reply.embed.title.startswith(f"🎲 r{i}: "), reply.text()
    entry_numbers = [int(r.embed.footer.split("#")[1].split(" ")[0]) for r in replies]
    assert len(set(entry_numbers)) == ROLLS
    posted = [
        m for m in first.channel_messages() if m.embeds and (m.embed.title or "").startswith("🎲")
    ]
    assert len(posted) == ROLLS

    campaign_id, log = await campaign_log(second)
    entries = [e async for e in log.entries(campaign_id)]
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    rolls = [e for e in entries if e.command == "roll"]
    assert sorted(e.seq for e in rolls) == sorted(entry_numbers)
    assert sorted(e.options["reason"] for e in rolls) == sorted(f"r{i}" for i in range(ROLLS))
    for bot_table in race:
        verified = await bot_table.slash("/history verify", as_="player1")
        assert f"intact: {len(entries)} entries verified" in verified.text()


@pytest.mark.parametrize("clicked", ["at once", "one after the other"])
async def test_two_gms_confirming_the_turn_end_through_two_bots_end_it_once(race, clicked):
    """Both clicks reach the bots at once, or (as a busy machine may run them) the second
    bot takes its click only once the first bot's turn end is written: either way the turn
    ends once and the other GM is refused, their question left as it was."""
    first, second = race
    asked_first = await first.slash("/turn end", as_="gm")
    asked_second = await second.slash("/turn end", as_="gm2")
    assert asked_first.embed.title == asked_second.embed.title == "End turn 1?"
    before = len(first.channel_messages())

    clicks = (
        first.click(asked_first, "End turn 1", as_="gm"),
        second.click(asked_second, "End turn 1", as_="gm2"),
    )
    if clicked == "at once":
        confirmed = list(await asyncio.gather(*clicks))
    else:
        confirmed = [await click for click in clicks]

    assert sessions_used(first, confirmed) == [first.session_id, second.session_id]
    ended = [r for r in confirmed if r.updated_message and r.embed.title == "Turn 1 has ended"]
    refused = [r for r in confirmed if r not in ended]
    assert len(ended) == len(refused) == 1, [r.text() for r in confirmed]
    (refusal,) = private_texts(refused[0])
    assert "Turn 1 has already been resolved; nothing was resolved again." in refusal
    # The loser's question is left as it was (its click refused at once, or after waiting
    # for the winner's turn end: the reply is then the question, not a new message).
    lost = (asked_first, asked_second)[confirmed.index(refused[0])]
    assert lost.embed.title == "End turn 1?"
    summaries = [
        m
        for m in first.channel_messages()[before:]
        if m.embeds and m.embed.title == "Nothing happened between turns"
    ]
    assert len(summaries) == 1

    campaign_id, log = await campaign_log(first)
    entries = [e async for e in log.entries(campaign_id)]
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    # One turn end: the ruleset's entry and the closing one, each once, both of turn 1.
    turn_ends = [(e.ruleset, e.options["turn"]) for e in entries if e.command == "turn end"]
    assert turn_ends == [("ottoman_piracy", 1), (CORE, 1)]
    for bot_table in race:
        status = await bot_table.slash("/turn status", as_="player1")
        assert status.embed.title == "Race — turn 2"
        verified = await bot_table.slash("/history verify", as_="player2")
        assert f"intact: {len(entries)} entries verified" in verified.text()


async def test_one_question_answered_at_once_through_two_bots_is_answered_once(race):
    """The Habsburg player and a GM (both may answer the reward question) click +1 piracy
    VP at the same moment, each through another bot: one VP, one refusal."""
    first, second = race
    await seat_piracy(first)
    await set_up(second, [("/corsairs vp value:3", "gm", "0 → 3")])
    first.script_dice([6, 1])
    question = await first.slash(ONE_HIT, as_="player1")
    assert "Hapsburgs: choose the reward for hit 1 of 1." in question.embed.field("Rewards")

    answers = await asyncio.gather(
        first.click(question, VP, as_="player2"),
        second.click(question, VP, as_="gm2"),
    )

    assert sessions_used(first, list(answers)) == [first.session_id, second.session_id]
    refusals = [text for r in answers for text in private_texts(r)]
    assert len(refusals) == 1 and "This choice has already been answered." in refusals[0]
    rewards = question.embed.field("Rewards")  # the question as it stands now
    assert rewards.count("+1 piracy VP, 3 → 4.") == 1, rewards
    assert question.buttons == []
    for bot_table in race:
        status = await bot_table.slash("/corsairs status", as_="gm")
        assert status.embed.field("Ottoman piracy VP") == "4/10"

    campaign_id, log = await campaign_log(second)
    entries = [e async for e in log.entries(campaign_id)]
    assert [e.command for e in entries].count("corsairs reward") == 1
    assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
    assert (await log.verify(campaign_id)).ok
