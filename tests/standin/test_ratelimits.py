"""Discord's rate limits in the stand-in: buckets on an injected clock, real 429s to the bot."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import discord.http
import pytest

from bot.standin import StandIn
from bot.standin import Table
from bot.standin.ratelimits import RateLimits

from .conftest import TEST_TIME_SCALE
from .conftest import demo_factory

MESSAGES = "/channels/{channel}/messages"
FOLLOW_UP = "/webhooks/{app}/{token}"


class Clock:
    """Time that moves only when a test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class WaitClock(Clock):
    """Time that passes only while discord.py waits out a rate limit: each wait of its HTTP
    client (the headers' `Reset-After`, a 429's `retry_after`) moves the clock on by the time
    waited, and waits that overlap move it on once. A burst of requests reaches the limiter at
    one instant however slowly a busy machine runs the bot, and a window resets exactly when
    the bot has waited it out: what the limiter counts depends on the requests alone."""

    async def sleep(self, delay: float, result: Any = None) -> Any:
        until = self.now + delay
        await asyncio.sleep(delay)
        self.now = max(self.now, until)
        return result


class _WaitingOn:
    """The `asyncio` discord.py's HTTP client sees: the real one, whose `sleep` also moves a
    `WaitClock` on."""

    def __init__(self, clock: WaitClock) -> None:
        self.sleep = clock.sleep

    def __getattr__(self, name: str) -> Any:
        return getattr(asyncio, name)


@pytest.fixture
def wait_clock(monkeypatch: pytest.MonkeyPatch) -> WaitClock:
    """A `WaitClock` that discord.py's rate-limit waits move on."""
    clock = WaitClock()
    monkeypatch.setattr(discord.http, "asyncio", _WaitingOn(clock))
    return clock


def test_a_route_bucket_counts_down_then_refuses_until_its_window_resets() -> None:
    clock = Clock()
    limits = RateLimits(clock=clock)

    sent = [limits.check("POST", MESSAGES, {"channel": "7"}) for _ in range(5)]
    clock.now += 1.5
    refused = limits.check("POST", MESSAGES, {"channel": "7"})
    clock.now += 3.5
    again = limits.check("POST", MESSAGES, {"channel": "7"})

    assert [d.headers["X-RateLimit-Remaining"] for d in sent] == ["4", "3", "2", "1", "0"]
    assert all(d.headers["X-RateLimit-Limit"] == "5" for d in sent)
    assert not refused.allowed
    assert refused.retry_after == 3.5
    assert refused.body() == {
        "message": "You are being rate limited.",
        "retry_after": 3.5,
        "global": False,
    }
    assert refused.headers["X-RateLimit-Scope"] == "user"
    assert refused.headers["Via"]
    assert again.allowed
    assert again.headers["X-RateLimit-Remaining"] == "4"
    assert limits.refused == {"channel-message-create": 1}


def test_each_channel_has_its_own_bucket() -> None:
    limits = RateLimits(clock=Clock())
    for _ in range(5):
        limits.check("POST", MESSAGES, {"channel": "7"})

    assert not limits.check("POST", MESSAGES, {"channel": "7"}).allowed
    assert limits.check("POST", MESSAGES, {"channel": "8"}).allowed


def test_the_global_limit_spans_routes_but_not_interaction_endpoints() -> None:
    clock = Clock()
    limits = RateLimits(clock=clock)
    for index in range(50):
        assert limits.check("GET", "/users/{user}", {"user": str(index)}).allowed

    refused = limits.check("GET", "/channels/{channel}", {"channel": "1"})
    follow_up = limits.check("POST", FOLLOW_UP, {"app": "1", "token": "t"})

    assert not refused.allowed
    assert refused.is_global
    assert refused.headers["X-RateLimit-Global"] == "true"
    assert refused.headers["X-RateLimit-Scope"] == "global"
    assert follow_up.allowed
    clock.now += 1.0
    assert limits.check("GET", "/channels/{channel}", {"channel": "1"}).allowed


def test_time_scale_shrinks_every_window_alike() -> None:
    clock = Clock()
    limits = RateLimits(clock=clock, time_scale=0.01)
    for _ in range(5):
        limits.check("POST", FOLLOW_UP, {"app": "1", "token": "t"})

    refused = limits.check("POST", FOLLOW_UP, {"app": "1", "token": "t"})

    assert refused.retry_after == 0.02
    clock.now += 0.02
    assert limits.check("POST", FOLLOW_UP, {"app": "1", "token": "t"}).allowed


async def test_the_bot_waits_out_a_channel_bucket_and_every_message_arrives(
    wait_clock: WaitClock,
) -> None:
    """Twelve concurrent sends to one channel: the bucket of five runs dry, discord.py reads
    the headers and waits for the window before sending on, twice (5 + 5 + 2), and never
    meets a 429."""
    limits = RateLimits(clock=wait_clock, time_scale=TEST_TIME_SCALE)
    standin = StandIn(rate_limits=limits)
    async with standin, Table(demo_factory(standin), standin=standin) as table:
        bot = table.bot
        assert bot is not None
        channel = bot.get_channel(table.channel("general").id)
        assert isinstance(channel, discord.TextChannel)

        await asyncio.gather(*(channel.send(f"burst {i}") for i in range(12)))

        posted = [m.content for m in table.standin.channel_messages(channel.id)]
        table.check()
    assert sorted(posted) == sorted(f"burst {i}" for i in range(12))
    assert limits.ran_dry["channel-message-create"] == 2
    assert limits.refused == {}


async def test_the_bot_retries_global_429s_and_every_request_succeeds(
    wait_clock: WaitClock,
) -> None:
    """discord.py cannot foresee the global limit: 80 requests at once meet real 429s
    (`global: true`), wait `retry_after` (under half a second here) and all succeed."""
    limits = RateLimits(clock=wait_clock, time_scale=0.5)
    standin = StandIn(rate_limits=limits)
    async with standin, Table(demo_factory(standin), standin=standin) as table:
        bot = table.bot
        assert bot is not None
        user = table.member("player1").id

        users = await asyncio.gather(*(bot.http.get_user(user) for _ in range(80)))

    assert {u["id"] for u in users} == {str(user)}
    assert limits.refused["global"] >= 1
