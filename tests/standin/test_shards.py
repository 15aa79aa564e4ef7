"""The stand-in shards sessions as Discord does: a guild's events go to its shard only."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from typing import Any

import aiohttp
import discord
import pytest
from discord.ext import commands

from bot.standin import GuildSpec
from bot.standin import InteractionFailed
from bot.standin import StandIn
from bot.standin import StandInError
from bot.standin import Table
from bot.standin import demo_guild
from bot.standin.state import APPLICATION_COMMAND

from .conftest import TEST_TIME_SCALE

SOME_TIME_MS = 283_996_800_000


def guild_on_shard(shard: int, count: int, name: str) -> GuildSpec:
    guild_id = ((SOME_TIME_MS * count + shard) << 22) | 7
    return replace(demo_guild(), name=name, id=guild_id)


def two_shard_standin() -> StandIn:
    from bot.standin.ratelimits import RateLimits

    return StandIn(
        guild_on_shard(0, 2, "Zero"),
        other_guilds=[guild_on_shard(1, 2, "One")],
        shards=2,
        rate_limits=RateLimits(time_scale=TEST_TIME_SCALE),
    )


class WhereBot(commands.AutoShardedBot):
    """Answers /where with the shard it runs; notes every message event it receives."""

    def __init__(self, **client_kwargs: Any) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            **client_kwargs,
        )
        self.messages_seen: list[int | None] = []

        @self.tree.command(name="where", description="Which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            assert interaction.guild is not None
            await interaction.response.send_message(
                f"{interaction.guild.name} on shard {interaction.guild.shard_id}"
            )

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        self.messages_seen.append(message.guild.id if message.guild else None)


def where_factory(**options: Any):
    def factory(**client_kwargs: Any) -> WhereBot:
        return WhereBot(**options, **client_kwargs)

    return factory


async def test_gateway_bot_recommends_the_stand_ins_shard_count() -> None:
    async with two_shard_standin() as standin, aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bot {standin.token}"}
        async with session.get(f"{standin.api_base}/gateway/bot", headers=headers) as response:
            body = await response.json()

    assert body["shards"] == 2
    assert body["url"] == standin.gateway_url
    assert set(body["session_start_limit"]) == {
        "total",
        "remaining",
        "reset_after",
        "max_concurrency",
    }


async def test_each_shard_session_gets_only_its_guilds_events_also_after_a_resume() -> None:
    standin = two_shard_standin()
    async with standin, contextlib.AsyncExitStack() as stack:
        tables = [
            await stack.enter_async_context(
                Table(
                    where_factory(shard_count=2, shard_ids=[shard]),
                    standin=standin,
                    guild_id=guild.id,
                )
            )
            for shard, guild in enumerate(standin.guilds)
        ]
        for shard, table in enumerate(tables):
            assert table.bot is not None
            assert [g.name for g in table.bot.guilds] == [table.guild.name]
            assert table.bot.guilds[0].shard_id == shard

        before = [(await t.slash("/where")).text() for t in tables]
        await standin.gateway.reconnect()
        await standin.gateway.wait_connected()
        for table in tables:
            assert table.bot is not None
            await table.bot.wait_until_ready()
        for guild in standin.guilds:
            assert standin.gateway.connected_to(guild.id)
        after = [(await t.slash("/where")).text() for t in tables]
        seen = [t.bot.messages_seen for t in tables if isinstance(t.bot, WhereBot)]

    for text in (before, after):
        assert "Zero on shard 0" in text[0] and "One on shard 1" in text[1]
    zero, one = (g.id for g in standin.guilds)
    assert seen == [[zero, zero], [one, one]]


async def test_a_guild_whose_shard_is_not_connected_gets_no_interaction() -> None:
    standin = two_shard_standin()
    factory = where_factory(shard_count=2, shard_ids=[0])
    async with standin, Table(factory, standin=standin) as table:
        table.guild_id = standin.guilds[1].id
        with pytest.raises(InteractionFailed, match=r"no session .* has guild .*'s shard"):
            await table.slash("/where")


async def test_identify_with_a_shard_outside_its_count_is_closed_with_4010() -> None:
    standin = two_shard_standin()
    async with standin, aiohttp.ClientSession() as session:
        ws = await session.ws_connect(standin.gateway_url)
        hello = await ws.receive_json()
        identify = {"token": standin.token, "intents": 1, "shard": [2, 2]}
        await ws.send_json({"op": 2, "d": identify})
        closed = await ws.receive()
        await ws.close()

    assert hello["op"] == 10
    assert (closed.type, closed.data) == (aiohttp.WSMsgType.CLOSE, 4010)
    assert [p.rule for p in standin.problems] == ["gateway.shard"]


async def test_a_bot_given_a_shard_outside_its_count_does_not_start() -> None:
    standin = two_shard_standin()
    factory = where_factory(shard_count=2, shard_ids=[2])
    async with standin:
        with pytest.raises(StandInError, match="did not become ready"):
            async with Table(factory, standin=standin, startup_timeout=5):
                pass

    assert [p.rule for p in standin.problems] == ["gateway.shard"]


async def test_two_sessions_of_one_guild_each_get_the_interactions_sent_through_them() -> None:
    """Two bots on one shard of one guild (as during a rolling restart), on a stand-in that
    sends each interaction to one session: each table's commands reach its own bot only,
    the guild's other events reach both, and an interaction sent without naming a session
    goes to each in turn."""
    from bot.standin.ratelimits import RateLimits

    standin = StandIn(
        one_session_per_interaction=True, rate_limits=RateLimits(time_scale=TEST_TIME_SCALE)
    )
    async with standin, contextlib.AsyncExitStack() as stack:
        first, second = [
            await stack.enter_async_context(Table(where_factory(), standin=standin))
            for _ in range(2)
        ]
        seen = [first.watch_interactions(), second.watch_interactions()]
        sessions = [first.session_id, second.session_id]
        assert None not in sessions and sessions[0] != sessions[1]
        assert {s.session_id for s in standin.gateway.sessions_of(standin.guild.id)} == set(
            sessions
        )

        one = await first.slash("/where")
        two = await second.slash("/where")
        three = await first.slash("/where")
        assert seen == [[one.interaction_id, three.interaction_id], [two.interaction_id]]
        for reply, via in ((one, 0), (two, 1), (three, 0)):
            assert standin.interactions[reply.interaction_id].session_ids == [sessions[via]]
            assert "Privateer Table on shard 0" in reply.text()

        where = first._parser().parse("/where", first.member()).data
        in_turn = []
        for _ in range(4):
            record = standin.new_interaction(
                APPLICATION_COMMAND, first.member(), first.channel(), where
            )
            await standin.send_interaction(record)
            await asyncio.wait_for(record.acknowledged.wait(), 5)
            in_turn += record.session_ids
        assert in_turn[0::2] == [in_turn[0]] * 2 and in_turn[1::2] == [in_turn[1]] * 2
        assert set(in_turn) == set(sessions)
        with pytest.raises(RuntimeError, match="no session 'gone'"):
            await standin.send_interaction(
                standin.new_interaction(
                    APPLICATION_COMMAND, first.member(), first.channel(), where
                ),
                via="gone",
            )
        bots = [t.bot for t in (first, second)]

    assert all(isinstance(b, WhereBot) for b in bots)
    # Every public answer (3 by the tables, 4 in turn) reached both bots as MESSAGE_CREATE.
    assert [len(b.messages_seen) for b in bots if isinstance(b, WhereBot)] == [7, 7]
