"""What the log says of a turn's deadline, and deadlines typed with a unit twice (play-test M,
findings 1 and 2).

The campaign is the fleet combat one of tests/e2e/test_turn_flow.py (Red attacks Blue); the
clock stands at 2026-12-01 12:00 UTC.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.standin import GuildSpec
from bot.standin import QueuedFaces
from bot.standin import StandIn
from bot.standin import Table
from bot.standin.privateer import privateer_factory
from bot.standin.ratelimits import RateLimits
from tests.e2e.play import Clock
from tests.e2e.play import red_attacks_blue
from tests.e2e.play import refused_alone


@pytest.fixture
async def table(
    tmp_path: Path, standin_guild: GuildSpec, dice_faces: QueuedFaces, clock: Clock
) -> AsyncIterator[Table]:
    """A fleet combat campaign on a clock the test holds: Red has attacked Blue."""
    standin = StandIn(standin_guild, rate_limits=RateLimits(time_scale=0.01))
    factory = privateer_factory(
        database_path=tmp_path / "t.db", guild_id=standin.guild.id, faces=dice_faces, clock=clock
    )
    async with standin, Table(factory, standin=standin, faces=dice_faces) as played:
        created = await played.slash(
            "/campaign create name:Deadline rulesets:fleet_combat", as_="gm"
        )
        assert not created.ephemeral, created.text()
        await red_attacks_blue(played)
        yield played
        played.check()


async def newest_line(table: Table) -> str:
    """The newest entry of `/history list` as the GM reads it (its header and summary)."""
    listed = (await table.slash("/history list", as_="gm")).embed.description
    return listed.split("\n`#")[0]


async def test_a_deadline_set_and_cleared_says_its_date_in_the_log(table):
    """`/history list` and `/history show` of `/turn deadline set` give the deadline it set,
    in the campaign's time zone (a relative `48h` means nothing without it); `/turn deadline
    clear` says it was cleared. In Russian too."""
    zone = "/campaign settings set setting:core.time_zone value:Europe/Moscow"
    assert not (await table.slash(zone, as_="gm")).ephemeral
    await table.slash("/turn deadline set when:48h", as_="gm")
    line = await newest_line(table)
    assert "**turn deadline set**" in line
    assert line.endswith("\nDeadline of turn 1 set: 2026-12-03 15:00 MSK."), line
    seq = line.split("`")[1].removeprefix("#")
    shown = await table.slash(f"/history show entry:{seq}", as_="gm")
    assert shown.embed.description == "Deadline of turn 1 set: 2026-12-03 15:00 MSK."
    await table.slash("/turn deadline clear", as_="gm")
    assert (await newest_line(table)).endswith("\nDeadline of turn 1 cleared.")

    language = "/campaign settings set setting:core.language value:ru"
    assert not (await table.slash(language, as_="gm")).ephemeral
    await table.slash("/turn deadline set when:2026-12-05 18:00", as_="gm")
    assert (await newest_line(table)).endswith("\nДедлайн хода 1 назначен: 2026-12-05 18:00 MSK.")
    await table.slash("/turn deadline clear", as_="gm")
    assert (await newest_line(table)).endswith("\nДедлайн хода 1 снят.")


@pytest.mark.parametrize(("when", "unit"), [("1d 1d", "d"), ("12h 48h", "h"), ("1 day 1д", "д")])
async def test_a_deadline_giving_a_unit_twice_is_refused(table, when, unit):
    """`1d 1d` or `12h 48h` is a typo more likely than a sum (`12h` meant as a time of day):
    the GM is told privately which unit came twice, and the turn keeps having no deadline."""
    refused = await refused_alone(table, f"/turn deadline set when:{when}", as_="gm")
    assert refused.startswith(f"`{when}` gives `{unit}` twice"), refused
    status = await table.slash("/turn status", as_="gm")
    assert "Deadline: " not in status.text(), status.text()


async def test_a_deadline_with_each_unit_once_is_still_accepted(table):
    """`1 day and 12 hours` names each unit once: the turn ends 36 hours from now."""
    await table.slash("/turn deadline set when:1 day and 12 hours", as_="gm")
    assert (await newest_line(table)).endswith("\nDeadline of turn 1 set: 2026-12-03 00:00 UTC.")
