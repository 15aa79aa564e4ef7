"""A GM ends a turn before its deadline, the scheduler moves on, then the GM undoes that
end: the reopened turn gets its deadline back while it is still ahead, with the reminders
it missed, and the undo's answer says so; a deadline that passed meanwhile is told, and the
turn stays open for the GM's /turn end, never ended behind their back.

As in test_turn_flow.py: player1 plays Red, player2 Blue, player3 Green; Red has attacked
Blue at Mecatol, so the turn waits for fire orders from Red and Blue (FC-I7). The bot reads
the time from `clock`; the test moves it and runs the scheduler's step itself.
"""

from __future__ import annotations

from datetime import timedelta

from tests.e2e.play import START
from tests.e2e.test_turn_flow import battle  # noqa: F401 - a fixture
from tests.e2e.test_turn_flow import names
from tests.e2e.test_turn_flow import stays_open_without_deadline
from tests.e2e.test_turn_flow import table  # noqa: F401 - a fixture
from tests.e2e.test_turn_flow import tick


async def end_early_then_undo(played, clock, *, ended_at: float, undone_at: float):
    """The GM ends turn 1 at `ended_at` hours, the scheduler steps at each hour until
    `undone_at`, and the GM undoes the end then: the undo's answer."""
    clock.at(ended_at)
    question = await played.slash("/turn end", as_="gm")
    await played.click(question, "End turn 1", as_="gm")
    hour = int(ended_at) + 1
    while hour <= undone_at:
        clock.at(hour)
        await tick(played)
        hour += 1
    clock.at(undone_at)
    asked = await played.slash("/history undo reason:ended before Blue's orders", as_="gm")
    assert asked.embed.title.startswith("Undo turn 1's end"), asked.text()
    return await played.click(asked, "Undo", as_="gm")


async def test_an_early_end_undone_gives_the_turn_its_deadline_and_reminders_back(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """Deadline in 48 h, the turn ended at hour 1, undone at hour 30: the undo says the
    deadline stands again and `/turn status` shows it; the 24 h reminder, missed while the
    turn was closed, pings Red's and Blue's players once at the scheduler's next step, the
    1 h one at hour 47, and at hour 48 the GMs are pinged (`ping_gms`)."""
    played = battle
    deadline = int((START + timedelta(hours=48)).timestamp())
    when = f"<t:{deadline}:R> (<t:{deadline}:f>)"
    await played.slash("/turn deadline set when:48h", as_="gm")

    done = await end_early_then_undo(played, clock, ended_at=1, undone_at=30)

    assert f"Its deadline stands again: turn 1 ends {when}." in done.embed.description
    status = await played.slash("/turn status", as_="player3")
    assert status.embed.title == "Deadline — turn 1"
    assert f"<t:{deadline}:R>" in status.embed.description
    [reminder] = await tick(played)
    assert reminder.content.startswith(f"⏰ Turn 1 ends {when}")
    assert names(played, reminder) == {"player1", "player2"}
    assert await tick(played) == []
    clock.at(47)
    [last] = await tick(played)
    assert names(played, last) == {"player1", "player2"}
    clock.at(48)
    [passed] = await tick(played)
    assert passed.content.startswith("⌛ Turn 1's deadline passed")
    assert names(played, passed) == {"gm"}


async def test_an_early_end_undone_after_its_deadline_passed_leaves_the_turn_to_the_gm(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """With `end_turn`: deadline in 2 h, the turn ended at hour 1, undone at hour 3. The undo
    says the deadline passed and the turn stays open for /turn end; the scheduler ends
    nothing, and `/turn status` shows no deadline."""
    played = battle
    await played.slash("/campaign settings set setting:core.on_deadline value:end_turn", as_="gm")
    deadline = int((START + timedelta(hours=2)).timestamp())
    await played.slash("/turn deadline set when:2h", as_="gm")

    done = await end_early_then_undo(played, clock, ended_at=1, undone_at=3)

    said = done.embed.description
    assert (
        f"Turn 1's deadline passed <t:{deadline}:R> (<t:{deadline}:f>) while the turn was "
        "closed, so the reopened turn has none: it stays open until a GM ends it with "
        "/turn end"
    ) in said, said
    await stays_open_without_deadline(played, clock, 3.5, 24)
