"""What the log says of a turn's deadline, and deadlines typed with a unit twice (play-test M,
findings 1 and 2).

The campaign is the fleet combat one of tests/e2e/test_turn_flow.py (`battle`); the
clock stands at 2026-12-01 12:00 UTC.
"""

from __future__ import annotations

import pytest

from bot.standin import Table
from tests.e2e.play import refused_alone
from tests.e2e.test_turn_flow import battle  # noqa: F401 - a fixture
from tests.e2e.test_turn_flow import table  # noqa: F401 - a fixture


async def newest_line(played: Table) -> str:
    """The newest entry of `/history list` as the GM reads it (its header and summary)."""
    listed = (await played.slash("/history list", as_="gm")).embed.description
    return listed.split("\n`#")[0]


async def test_a_deadline_set_and_cleared_says_its_date_in_the_log(battle):  # noqa: F811 - the fixture
    """`/history list` and `/history show` of `/turn deadline set` give the deadline it set,
    in the campaign's time zone (a relative `48h` means nothing without it); `/turn deadline
    clear` says it was cleared. In Russian too."""
    zone = "/campaign settings set setting:core.time_zone value:Europe/Moscow"
    assert not (await battle.slash(zone, as_="gm")).ephemeral
    await battle.slash("/turn deadline set when:48h", as_="gm")
    line = await newest_line(battle)
    assert "**turn deadline set**" in line
    assert line.endswith("\nDeadline of turn 1 set: 2026-12-03 15:00 MSK."), line
    seq = line.split("`")[1].removeprefix("#")
    shown = await battle.slash(f"/history show entry:{seq}", as_="gm")
    assert shown.embed.description == "Deadline of turn 1 set: 2026-12-03 15:00 MSK."
    await battle.slash("/turn deadline clear", as_="gm")
    assert (await newest_line(battle)).endswith("\nDeadline of turn 1 cleared.")

    language = "/campaign settings set setting:core.language value:ru"
    assert not (await battle.slash(language, as_="gm")).ephemeral
    await battle.slash("/turn deadline set when:2026-12-05 18:00", as_="gm")
    assert (await newest_line(battle)).endswith("\nДедлайн хода 1 назначен: 2026-12-05 18:00 MSK.")
    await battle.slash("/turn deadline clear", as_="gm")
    assert (await newest_line(battle)).endswith("\nДедлайн хода 1 снят.")


@pytest.mark.parametrize(("when", "unit"), [("1d 1d", "d"), ("12h 48h", "h"), ("1 day 1д", "д")])
async def test_a_deadline_giving_a_unit_twice_is_refused(battle, when, unit):  # noqa: F811 - the fixture
    """`1d 1d` or `12h 48h` is a typo more likely than a sum (`12h` meant as a time of day):
    the GM is told privately which unit came twice, and the turn keeps having no deadline."""
    refused = await refused_alone(battle, f"/turn deadline set when:{when}", as_="gm")
    assert refused.startswith(f"`{when}` gives `{unit}` twice"), refused
    status = await battle.slash("/turn status", as_="gm")
    assert "Deadline: " not in status.text(), status.text()


async def test_a_deadline_with_each_unit_once_is_still_accepted(battle):  # noqa: F811 - the fixture
    """`1 day and 12 hours` names each unit once: the turn ends 36 hours from now."""
    await battle.slash("/turn deadline set when:1 day and 12 hours", as_="gm")
    assert (await newest_line(battle)).endswith("\nDeadline of turn 1 set: 2026-12-03 00:00 UTC.")
