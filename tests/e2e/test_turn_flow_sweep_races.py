"""A GM's command committed while the scheduler sweeps, between its reading of the due
schedules and its locking of the campaign: on PostgreSQL each runs on its own connection, so
the command goes through first. What the GM set stays set, and the sweep acts on it (SQLite
serialises the two: its sweep holds the only writer from the start).

As in test_turn_flow.py: player1 plays Red, player2 Blue, player3 Green; Red has attacked
Blue at Mecatol, so the turn waits for fire orders from Red and Blue (FC-I7). The bot reads
the time from `clock`; the test moves it and runs the scheduler's step itself.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.standin import GuildSpec
from bot.standin import QueuedFaces
from bot.standin import StandIn
from bot.standin import Table
from bot.standin.privateer import privateer_factory
from bot.standin.ratelimits import RateLimits
from bot.storage import schedule as schedule_storage
from tests.e2e.play import START
from tests.e2e.play import Clock
from tests.e2e.play import red_attacks_blue
from tests.e2e.test_turn_flow import tick


@pytest.fixture
async def battle(
    database_target: Path | str, standin_guild: GuildSpec, dice_faces: QueuedFaces, clock: Clock
) -> AsyncIterator[Table]:
    """The fleet combat campaign of test_turn_flow.py on PostgreSQL, deadline in 48 h."""
    if not isinstance(database_target, str):
        pytest.skip("SQLite's sweep holds the only writer: no command commits during it")
    standin = StandIn(standin_guild, rate_limits=RateLimits(time_scale=0.01))
    factory = privateer_factory(
        database_path=database_target, guild_id=standin.guild.id, faces=dice_faces, clock=clock
    )
    async with standin, Table(factory, standin=standin, faces=dice_faces) as played:
        await played.slash("/campaign create name:Race rulesets:fleet_combat", as_="gm")
        await red_attacks_blue(played, green=True)
        await played.slash("/turn deadline set when:48h", as_="gm")
        yield played
        played.check()


async def sweep_while(played: Table, monkeypatch: pytest.MonkeyPatch, line: str) -> list[Any]:
    """One scheduler step during which the GM types `line`, answered and committed just
    after the sweep read the due schedules; the public messages the step posted (the GM's
    answer and what it posted left out)."""
    original = schedule_storage.ScheduleWrites.due
    answers = []

    async def due_then_the_gm(self: Any, now: int, limit: int, shards: Any = None) -> Any:
        found = await original(self, now, limit, shards)
        if not answers:
            answers.append(await played.slash(line, as_="gm"))
            answers.append(len(played.channel_messages()))
        return found

    monkeypatch.setattr(schedule_storage.ScheduleWrites, "due", due_then_the_gm)
    await played.bot.get_cog("TurnCog").scheduler.tick()
    monkeypatch.setattr(schedule_storage.ScheduleWrites, "due", original)
    answer, answered = answers
    assert not answer.ephemeral, answer.text()
    return played.channel_messages()[answered:]  # the sweep posts once it commits


async def test_a_time_zone_set_during_a_sweep_stays_and_the_log_verifies(
    battle, clock, monkeypatch
):
    """At hour 24 the reminder is due; the GM sets the time zone as the sweep starts. The
    reminder goes out, the time zone stays Asia/Tokyo, and /history verify finds the log
    intact (the stored settings are those of the GM's entry)."""
    played = battle
    clock.at(24)
    posted = await sweep_while(
        played, monkeypatch, "/campaign settings set setting:core.time_zone value:Asia/Tokyo"
    )
    assert [m.content[:9] for m in posted] == ["⏰ Turn 1 "]
    shown = await played.slash("/campaign settings show ruleset:core", as_="gm")
    assert "`time_zone` = **Asia/Tokyo**" in shown.embed.description, shown.embed.description
    verified = await played.slash("/history verify", as_="gm")
    assert verified.embed.title.startswith("✅"), (verified.embed.title, verified.text())


async def test_a_deadline_set_during_a_sweep_stands(battle, clock, monkeypatch):
    """At hour 24 the GM moves the deadline 72 h on as the sweep starts: the sweep reminds
    nobody of the old deadline, /turn status shows the new one, and its 24 h reminder comes
    at hour 72."""
    played = battle
    clock.at(24)
    assert await sweep_while(played, monkeypatch, "/turn deadline set when:72h") == []
    deadline = int((START + timedelta(hours=96)).timestamp())
    status = await played.slash("/turn status", as_="gm")
    assert f"<t:{deadline}:R>" in status.embed.description, status.embed.description
    clock.at(48)
    assert await tick(played) == []
    clock.at(72)
    [reminder] = await tick(played)
    assert reminder.content.startswith(f"⏰ Turn 1 ends <t:{deadline}:R>")


async def test_a_deadline_cleared_during_a_sweep_stays_cleared(battle, clock, monkeypatch):
    """At hour 24 the GM clears the deadline as the sweep starts: no reminder, /turn status
    shows none, and nothing is posted at hour 48."""
    played = battle
    clock.at(24)
    assert await sweep_while(played, monkeypatch, "/turn deadline clear") == []
    status = await played.slash("/turn status", as_="gm")
    assert "<t:" not in (status.embed.description or ""), status.embed.description
    clock.at(48)
    assert await tick(played) == []
