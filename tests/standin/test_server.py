"""The stand-in speaks Discord's protocol to an unchanged discord.py client."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest
from discord.ext import commands
from discord.http import Route

from bot.standin import DiscordRejected
from bot.standin import StandIn
from bot.standin import Table
from bot.standin.fixture import READ_MESSAGE_HISTORY


async def test_wrong_token_fails_login_like_discord() -> None:
    standin = StandIn(token="right")
    async with standin:
        Route.BASE, saved = standin.api_base, Route.BASE
        client = discord.Client(intents=discord.Intents.none())
        try:
            with pytest.raises(discord.LoginFailure):
                await client.login("wrong")
        finally:
            Route.BASE = saved
            await client.close()


async def test_json_is_served_as_exactly_application_json() -> None:
    async with StandIn() as standin, aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bot {standin.token}"}
        async with session.get(f"{standin.api_base}/users/@me", headers=headers) as response:
            assert response.headers["Content-Type"] == "application/json"
            assert (await response.json())["id"] == str(standin.application_id)


async def test_route_the_stand_in_lacks_fails_the_test(demo_table: Table) -> None:
    bot = demo_table.bot
    assert bot is not None
    route = Route("POST", "/channels/{channel_id}/threads", channel_id=demo_table.channel().id)

    with pytest.raises(discord.NotFound):
        await bot.http.request(route, json={"name": "x"})

    with pytest.raises(DiscordRejected, match=r"standin\.unsupported"):
        demo_table.check()


async def test_bot_resumes_after_gateway_reconnect(demo_table: Table) -> None:
    await demo_table.standin.gateway.reconnect()
    await demo_table.standin.gateway.wait_connected()

    reply = await demo_table.slash("/roll dice:1d4")

    assert reply.embed.title == "Roll 1d4"


async def test_bot_receives_its_messages_on_the_gateway(demo_table: Table) -> None:
    bot = demo_table.bot
    assert bot is not None
    seen = asyncio.ensure_future(bot.wait_for("message", check=lambda m: bool(m.embeds), timeout=5))

    await demo_table.slash("/announce text:hello", as_="gm")

    message = await seen
    assert message.embeds[0].description == "hello"
    assert message.channel.name == "campaign"


async def test_guild_members_need_the_members_intent(demo_table: Table) -> None:
    bot = demo_table.bot
    assert bot is not None
    guild = bot.get_guild(demo_table.standin.guild.id)

    assert guild is not None
    assert [m.name for m in guild.members] == ["Privateer"]
    assert {c.name for c in guild.channels} == {"general", "campaign"}
    assert [t.name for t in guild.threads] == ["campaign-thread"]
    assert guild.get_role(demo_table.standin.guild.role("GM").id) is not None


async def test_auto_sharded_bot_connects_with_shard_info() -> None:
    def factory(**client_kwargs: object) -> commands.AutoShardedBot:
        return commands.AutoShardedBot(
            command_prefix="!", intents=discord.Intents.default(), **client_kwargs
        )

    async with Table(factory, sync_wait=0) as table:
        assert table.bot is not None
        assert table.bot.shard_count == 1
        assert table.bot.is_ready()


async def callback(
    session: aiohttp.ClientSession, standin: StandIn, record, body: dict, token: str = ""
) -> int:
    token = token or record.token
    url = f"{standin.api_base}/interactions/{record.id}/{token}/callback?with_response=1"
    async with session.post(url, json=body) as response:
        return response.status


async def test_callbacks_follow_discords_interaction_rules() -> None:
    async with StandIn() as standin, aiohttp.ClientSession() as session:
        guild = standin.guild
        slash = standin.new_interaction(
            2, guild.member("player1"), guild.channel("campaign"), {"name": "x"}
        )
        standin.interactions[slash.id] = slash

        update_on_slash = await callback(session, standin, slash, {"type": 7, "data": {}})
        said = {"content": "hi", "allowed_mentions": {"parse": []}}
        first = await callback(session, standin, slash, {"type": 4, "data": said})
        second = await callback(session, standin, slash, {"type": 4, "data": {"content": "again"}})
        forged = {"type": 4, "data": {"content": "x"}}
        unknown = await callback(session, standin, slash, forged, token="forged")

    assert (update_on_slash, first, second, unknown) == (400, 200, 400, 404)
    assert [(p.rule, p.code) for p in standin.problems] == [
        ("interaction.callback_type", 50035),
        ("interaction.already_acknowledged", 40060),
        ("interaction.unknown", 10062),
    ]


async def test_follow_up_after_the_token_expired_is_refused() -> None:
    standin = StandIn(token_lifetime=0.0)
    async with standin, aiohttp.ClientSession() as session:
        guild = standin.guild
        record = standin.new_interaction(
            2, guild.member("player1"), guild.channel("campaign"), {"name": "x"}
        )
        standin.interactions[record.id] = record
        await callback(session, standin, record, {"type": 5})
        url = f"{standin.api_base}/webhooks/{standin.application_id}/{record.token}?wait=1"
        async with session.post(url, json={"content": "late"}) as response:
            status = response.status

    assert status == 401
    assert [p.rule for p in standin.problems] == ["interaction.token_expired"]


async def test_an_enforced_nonce_is_unique_per_author_across_channels() -> None:
    """Discord checks an enforced nonce among the messages of the same author: the bot
    sending one again in another channel gets its first message back, and that channel
    shows nothing new."""
    async with StandIn() as standin, aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bot {standin.token}"}
        body = {
            "content": "hello",
            "allowed_mentions": {"parse": []},
            "nonce": "outbox-1",
            "enforce_nonce": True,
        }
        posted = []
        for name in ("campaign", "general"):
            url = f"{standin.api_base}/channels/{standin.guild.channel(name).id}/messages"
            async with session.post(url, headers=headers, json=body) as response:
                posted.append(await response.json())
        general = standin.channel_messages(standin.guild.channel("general").id)

    assert posted[1]["id"] == posted[0]["id"]
    assert posted[1]["channel_id"] == str(standin.guild.channel("campaign").id)
    assert general == []
    assert standin.problems == []


async def test_editing_a_message_gone_is_refused_as_discord_does_a_made_up_one_is_a_fault() -> None:
    """Discord answers Unknown Message to the edit of a message it no longer has: one posted
    before this stand-in started (an earlier run of `python -m bot local`) or deleted is
    gone, which a bot must expect, and is not held against it; an id no message ever had
    is the bot's mistake."""
    async with StandIn() as standin, aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bot {standin.token}"}
        url = f"{standin.api_base}/channels/{standin.guild.channel('campaign').id}/messages"
        body = {"content": "hello", "allowed_mentions": {"parse": []}}
        async with session.post(url, headers=headers, json=body) as response:
            deleted = int((await response.json())["id"])
        standin.messages[deleted].deleted = True
        statuses = {}
        for which, message_id in (
            ("earlier run", standin.first_id - 1),
            ("deleted", deleted),
            ("made up", standin.ids.next()),
        ):
            async with session.patch(f"{url}/{message_id}", headers=headers, json=body) as answer:
                statuses[which] = (answer.status, (await answer.json())["code"])

    assert statuses == {w: (404, 10008) for w in ("earlier run", "deleted", "made up")}
    assert [(p.rule, p.route) for p in standin.problems] == [
        ("message.unknown", "PATCH /channels/{channel}/messages/{message}")
    ]


async def test_a_bot_that_may_not_read_history_reads_no_messages() -> None:
    """Discord returns no messages from a channel's history to a bot without Read Message
    History there."""
    async with StandIn() as standin, aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bot {standin.token}"}
        url = f"{standin.api_base}/channels/{standin.guild.channel('campaign').id}/messages"
        body = {"content": "hello", "allowed_mentions": {"parse": []}}
        async with session.post(url, headers=headers, json=body) as response:
            assert response.status == 200
        async with session.get(url, headers=headers) as response:
            allowed = [m["content"] for m in await response.json()]
        standin.guild.everyone.permissions &= ~READ_MESSAGE_HISTORY
        async with session.get(url, headers=headers) as response:
            refused = [m["content"] for m in await response.json()]

    assert (allowed, refused) == (["hello"], [])
