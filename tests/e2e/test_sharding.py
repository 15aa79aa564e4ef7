"""Several bot processes, each running its share of the shards (SHARD_COUNT, SHARD_IDS).

Two guilds whose ids fall on shards 0 and 1 of two; one bot runs SHARD_IDS=0, another
SHARD_IDS=1, both against one stand-in and one database file. Discord sends a guild's events
only to the session of its shard, so each bot answers its own guild and never sees the other.
Their background work is shared out the same way: each bot's turn scheduler and its posting
of the outbox left unsent at start-up take only the campaigns of its own shard's guild.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from collections.abc import Callable
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.standin import GuildSpec
from bot.standin import QueuedFaces
from bot.standin import StandIn
from bot.standin import Table
from bot.standin import demo_guild
from bot.standin.privateer import privateer_factory
from bot.standin.ratelimits import RateLimits
from bot.storage import outbox
from tests.e2e.play import START
from tests.e2e.play import Clock
from tests.e2e.play import red_attacks_blue

SHARD_COUNT = 2
# Milliseconds since Discord's epoch (2024) in a guild id's high bits decide its shard.
SOME_TIME_MS = 283_996_800_000


def guild_on_shard(shard: int, name: str, locale: str = "en-US") -> GuildSpec:
    """The demo guild under another name, with an id on `shard` of SHARD_COUNT."""
    guild_id = ((SOME_TIME_MS + shard) << 22) | 1
    assert (guild_id >> 22) % SHARD_COUNT == shard
    return replace(demo_guild(), name=name, id=guild_id, locale=locale)


def sharded_standin(*, second_locale: str = "en-US") -> StandIn:
    """One Discord with a guild on each shard; GET /gateway/bot recommends two shards."""
    return StandIn(
        guild_on_shard(0, "Table Zero"),
        other_guilds=[guild_on_shard(1, "Table One", second_locale)],
        shards=SHARD_COUNT,
        rate_limits=RateLimits(time_scale=0.01),
    )


@contextlib.asynccontextmanager
async def running(
    standin: StandIn, database_path: Path, clock: Clock | None = None
) -> AsyncIterator[tuple[Table, Table]]:
    """The bot of SHARD_IDS=0 playing in its guild, and the bot of SHARD_IDS=1 in its own."""
    async with standin, contextlib.AsyncExitStack() as stack:
        tables = []
        for shard, guild in enumerate(standin.guilds):
            faces = QueuedFaces(seed=1)
            factory = privateer_factory(
                database_path=database_path,
                guild_id=guild.id,
                faces=faces,
                clock=clock,
                shard_count=SHARD_COUNT,
                shard_ids=[shard],
            )
            table = Table(factory, standin=standin, guild_id=guild.id, faces=faces)
            tables.append(await stack.enter_async_context(table))
        yield tables[0], tables[1]
        for table in tables:
            table.check()


@pytest.fixture
async def processes(tmp_path: Path) -> AsyncIterator[tuple[Table, Table]]:
    """The two processes, each with an English guild."""
    async with running(sharded_standin(), tmp_path / "shared.db") as tables:
        yield tables


@pytest.fixture
async def scheduled(tmp_path: Path, clock: Clock) -> AsyncIterator[tuple[Table, Table]]:
    """The two processes on `clock`, guild One in Russian; in each guild a fleet combat
    campaign whose turn waits for Red's and Blue's fire orders, its deadline 48 h away."""
    standin = sharded_standin(second_locale="ru")
    async with running(standin, tmp_path / "shared.db", clock) as tables:
        for table in tables:
            await waiting_battle(table)
            set_deadline = await table.slash("/turn deadline set when:48h", as_="gm")
            assert not set_deadline.ephemeral, set_deadline.text()
        yield tables


async def waiting_battle(table: Table) -> None:
    """A fleet combat campaign: Red has attacked Blue at Mecatol, the turn waits for both."""
    created = await table.slash("/campaign create name:Deadline rulesets:fleet_combat", as_="gm")
    assert not created.ephemeral, created.text()
    await red_attacks_blue(table)


async def step(table: Table, processes: tuple[Table, Table]) -> list[list[Any]]:
    """One step of `table`'s bot's turn scheduler; the public messages posted meanwhile in
    each process's guild (its campaign channel)."""
    before = [len(t.channel_messages()) for t in processes]
    assert table.bot is not None
    await table.bot.get_cog("TurnCog").scheduler.tick()  # type: ignore[union-attr]
    return [t.channel_messages()[n:] for t, n in zip(processes, before, strict=True)]


async def test_each_process_connects_only_the_shard_it_is_given(processes):
    for shard, table in enumerate(processes):
        bot = table.bot
        assert bot is not None and bot.is_ready()
        assert (bot.shard_count, bot.shard_ids, sorted(bot.shards)) == (2, [shard], [shard])
        assert [g.id for g in bot.guilds] == [table.guild_id]
    gateway = processes[0].standin.gateway
    sessions = sorted(s.shard for s in gateway.sessions if s.shard is not None)
    assert sessions == [[0, 2], [1, 2]]


async def test_each_process_answers_its_own_guild_and_sees_none_of_the_other(processes):
    zero, one = processes
    seen_by_zero, seen_by_one = zero.watch_interactions(), one.watch_interactions()

    created_zero = await zero.slash("/campaign create name:Zero rulesets:ottoman_piracy", as_="gm")
    created_one = await one.slash("/campaign create name:One rulesets:fleet_combat", as_="gm")
    zero.script_dice([5])
    one.script_dice([2])
    roll_zero = await zero.slash("/roll dice:1d6 reason:zero", as_="player1")
    roll_one = await one.slash("/roll dice:1d6 reason:one", as_="player2")

    assert created_zero.embed.title == "Campaign “Zero” created"
    assert created_one.embed.title == "Campaign “One” created"
    assert roll_zero.embed.title == "🎲 zero: 5"
    assert roll_one.embed.title == "🎲 one: 2"
    assert seen_by_zero == [created_zero.interaction_id, roll_zero.interaction_id]
    assert seen_by_one == [created_one.interaction_id, roll_one.interaction_id]
    assert [m.guild.name for m in zero.channel_messages()] == ["Table Zero"] * 2
    assert [m.guild.name for m in one.channel_messages()] == ["Table One"] * 2


async def test_buttons_and_channel_posts_stay_with_the_shard_of_their_guild(processes):
    zero, one = processes
    await zero.slash("/campaign create name:Zero rulesets:ottoman_piracy", as_="gm")
    await one.slash("/campaign create name:One rulesets:ottoman_piracy", as_="gm")
    seen_by_zero, seen_by_one = zero.watch_interactions(), one.watch_interactions()

    asked = await one.slash("/turn end", as_="gm")
    ended = await one.click(asked, "End turn 1", as_="gm")

    assert seen_by_zero == []
    assert seen_by_one == [asked.interaction_id, ended.interaction_id]
    assert ended.embed.title == "Turn 1 has ended"
    info_zero = await zero.slash("/campaign info", as_="player1")
    info_one = await one.slash("/campaign info", as_="player1")
    assert (info_zero.embed.field("Turn"), info_one.embed.field("Turn")) == ("1", "2")


async def test_one_process_without_shard_settings_runs_every_recommended_shard(tmp_path):
    standin = sharded_standin()
    factory = privateer_factory(database_path=tmp_path / "t.db", guild_id=None)

    async with standin, Table(without_identify_pause(factory), standin=standin) as table:
        bot = table.bot
        assert bot is not None
        assert (bot.shard_count, sorted(bot.shards)) == (2, [0, 1])
        assert sorted(g.id for g in bot.guilds) == sorted(g.id for g in standin.guilds)
        first = await table.slash("/campaign info", as_="gm")
        table.guild_id = standin.guilds[1].id
        second = await table.slash("/campaign info", as_="gm")

    # No campaign in either channel; what matters is that both guilds were answered.
    assert first.ephemeral and second.ephemeral


def without_identify_pause(factory: Callable[..., Any]) -> Callable[..., Any]:
    """discord.py waits 5 s before each IDENTIFY but the first (Discord's limit is one per
    5 s); the stand-in has no such limit, so the test does not wait."""

    def build(**client_kwargs: Any) -> Any:
        bot = factory(**client_kwargs)

        async def no_pause(shard_id: int | None, *, initial: bool = False) -> None:
            return None

        bot.before_identify_hook = no_pause
        return bot

    return build


async def test_a_reminder_due_in_each_guild_is_posted_once_by_the_process_of_its_shard(
    scheduled, clock
):
    """Both guilds' reminders fall due at once; each process's scheduler claims and posts
    only its own shard's (shard 0's bot steps first and leaves guild One's alone), in the
    guild's language: guild One is Russian, and the bot of shard 1 has it in its cache."""
    zero, one = scheduled
    deadline = int((START + timedelta(hours=48)).timestamp())
    clock.at(23.9)
    assert await step(zero, scheduled) == [[], []]
    assert await step(one, scheduled) == [[], []]

    clock.at(24)
    [in_zero], in_one = await step(zero, scheduled)
    assert in_one == []
    assert in_zero.content.startswith(f"⏰ Turn 1 ends <t:{deadline}:R>")
    assert in_zero.guild.name == "Table Zero"
    assert set(in_zero.pings) == {"player1", "player2"}
    in_zero_again, [russian] = await step(one, scheduled)
    assert in_zero_again == []
    assert russian.content.startswith(f"⏰ Ход 1 заканчивается <t:{deadline}:R>")
    assert russian.guild.name == "Table One"
    assert set(russian.pings) == {"player1", "player2"}
    for table in scheduled:
        assert await step(table, scheduled) == [[], []]

    clock.at(48)
    [passed_zero], in_one = await step(zero, scheduled)
    assert in_one == []
    in_zero, [passed_one] = await step(one, scheduled)
    assert in_zero == []
    assert passed_zero.pings == {"gm"}
    assert passed_one.pings == {"gm"}
    for table in scheduled:
        assert await step(table, scheduled) == [[], []]


async def test_an_unsent_message_of_each_guild_is_posted_at_start_up_by_its_shards_bot_only(
    processes,
):
    """Each guild's campaign has a message a crash left unsent; the bot of shard 0 starts
    again and posts only guild Zero's, guild One's waits for the bot of its own shard."""
    zero, one = processes
    await zero.slash("/campaign create name:Zero rulesets:ottoman_piracy", as_="gm")
    await one.slash("/campaign create name:One rulesets:ottoman_piracy", as_="gm")
    for table in processes:
        assert table.bot is not None
        db = table.bot.db
        campaign = await db.fetchone(
            "SELECT id, channel_id FROM campaigns WHERE guild_id = ?", (table.guild_id,)
        )
        async with db.transaction() as conn:
            await outbox.add(
                conn,
                campaign_id=campaign["id"],
                channel_id=campaign["channel_id"],
                interaction_id=None,
                choice_id=None,
                payload={"locale": "en-US", "content": f"unsent in {table.guild.name}"},
            )
    before = [len(t.channel_messages()) for t in processes]

    def posted() -> list[list[str]]:
        return [
            [m.content for m in t.channel_messages()[n:]]
            for t, n in zip(processes, before, strict=True)
        ]

    await zero.restart()
    assert posted() == [["(posted after a restart)\nunsent in Table Zero"], []]
    await one.restart()
    assert posted() == [
        ["(posted after a restart)\nunsent in Table Zero"],
        ["(posted after a restart)\nunsent in Table One"],
    ]
    await zero.restart()
    assert len(posted()[0]) == 1
