"""A GM's undo of a schedule command: a setting (time zone, reminders, on_deadline) or the
deadline set or cleared. The undo puts back what the command changed; what the scheduler
did since (a reminder sent, the GMs pinged at the deadline) stays done and is not sent
again. A deadline the undo would bring back that passed meanwhile does not come back: the
turn stays open for the GM, as after an undone turn end (test_undo_early_end_deadline.py).

As in test_turn_flow.py: player1 plays Red, player2 Blue, player3 Green; Red has attacked
Blue at Mecatol, so the turn waits for fire orders from Red and Blue (FC-I7). The bot reads
the time from `clock`; the test moves it and runs the scheduler's step itself.
"""

from __future__ import annotations

import json
from datetime import timedelta

from tests.e2e.play import START
from tests.e2e.test_turn_flow import battle  # noqa: F401 - a fixture
from tests.e2e.test_turn_flow import names
from tests.e2e.test_turn_flow import stays_open_without_deadline
from tests.e2e.test_turn_flow import table  # noqa: F401 - a fixture
from tests.e2e.test_turn_flow import tick
from tests.e2e.test_undo import undo
from tests.e2e.test_undo import verified

ZONE = "/campaign settings set setting:core.time_zone value:Asia/Tokyo"


def at(hours: float) -> int:
    """The moment `hours` after the start, in epoch seconds."""
    return int((START + timedelta(hours=hours)).timestamp())


async def core_setting(played, name: str) -> str:
    """The line of /campaign settings show for a core setting."""
    shown = await played.slash("/campaign settings show ruleset:core", as_="gm")
    [line] = [x for x in shown.embed.description.splitlines() if x.startswith(f"`{name}`")]
    return line


async def test_an_undone_time_zone_does_not_ping_the_gms_for_the_deadline_again(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """Deadline in 2 h, time zone set, the GMs pinged at the deadline; the time zone undone:
    it is UTC again, the GMs are not pinged a second time, and the log verifies."""
    played = battle
    await played.slash("/turn deadline set when:2h", as_="gm")
    await played.slash(ZONE, as_="gm")
    clock.at(2)
    [passed] = await tick(played)
    assert passed.content.startswith("⌛ Turn 1's deadline passed")
    assert names(played, passed) == {"gm"}

    await undo(played, "wrong zone")

    assert (await core_setting(played, "time_zone")).startswith("`time_zone` = **UTC**")
    clock.at(2.5)
    assert await tick(played) == []
    clock.at(30)
    assert await tick(played) == []
    assert (await verified(played)).startswith("✅")


async def test_an_undone_time_zone_does_not_send_a_reminder_again(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """Deadline in 48 h, time zone set, the 24 h reminder sent; the time zone undone: the 24 h
    reminder is not sent again, the 1 h one comes at hour 47."""
    played = battle
    await played.slash("/turn deadline set when:48h", as_="gm")
    await played.slash(ZONE, as_="gm")
    clock.at(24)
    [reminder] = await tick(played)
    assert names(played, reminder) == {"player1", "player2"}

    await undo(played, "wrong zone")

    clock.at(24.2)
    assert await tick(played) == []
    clock.at(47)
    [last] = await tick(played)
    assert last.content.startswith(f"⏰ Turn 1 ends <t:{at(48)}:R>")


async def test_an_undone_time_zone_of_an_older_journal_does_not_send_a_reminder_again(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """A time zone changed before the journal kept the row a command wrote (only the row
    before it, as older versions kept it): its undo, too, leaves the 24 h reminder sent."""
    played = battle
    await played.slash("/turn deadline set when:48h", as_="gm")
    await played.slash(ZONE, as_="gm")
    db = played.bot.service.db
    row = await db.fetchone("SELECT last_seq, journal FROM undo_units ORDER BY last_seq DESC")
    assert row is not None
    ops = [{k: v for k, v in op.items() if k != "after"} for op in json.loads(row[1])]
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE undo_units SET journal = ? WHERE last_seq = ?", (json.dumps(ops), row[0])
        )
    clock.at(24)
    assert len(await tick(played)) == 1

    await undo(played, "wrong zone")

    assert (await core_setting(played, "time_zone")).startswith("`time_zone` = **UTC**")
    clock.at(24.2)
    assert await tick(played) == []
    clock.at(47)
    assert len(await tick(played)) == 1
    assert (await verified(played)).startswith("✅")


async def test_undone_reminders_remind_at_the_points_put_back(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """Deadline in 48 h; the GM sets reminders to 1 h only, then undoes it at hour 10: the
    24 h reminder comes at hour 24 after all, then the 1 h one."""
    played = battle
    await played.slash("/turn deadline set when:48h", as_="gm")
    await played.slash("/campaign settings set setting:core.reminders value:1h", as_="gm")
    clock.at(10)
    await undo(played, "keep both reminders")

    assert (await core_setting(played, "reminders")).startswith("`reminders` = **24h, 1h**")
    clock.at(23.9)
    assert await tick(played) == []
    clock.at(24)
    [reminder] = await tick(played)
    assert names(played, reminder) == {"player1", "player2"}
    clock.at(47)
    assert len(await tick(played)) == 1


async def clear_undone(played, clock, deadline: int, undone_at: float):
    """Turn 1's deadline set `deadline` hours ahead and cleared at hour 1; at hour
    `undone_at` the scheduler has nothing to do, and the GM undoes the clear. The undo's
    answer."""
    await played.slash(f"/turn deadline set when:{deadline}h", as_="gm")
    clock.at(1)
    await played.slash("/turn deadline clear", as_="gm")
    clock.at(undone_at)
    assert await tick(played) == []
    return await undo(played, "clear was a mistake")


async def test_an_undone_clear_after_the_deadline_passed_leaves_the_turn_to_the_gm(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """With `end_turn`: deadline in 2 h, cleared at hour 1, the clear undone at hour 3. The
    undo says the deadline passed and does not come back; the scheduler ends nothing, turn 1
    stays open without a deadline, and the log verifies."""
    played = battle
    await played.slash("/campaign settings set setting:core.on_deadline value:end_turn", as_="gm")

    done = await clear_undone(played, clock, deadline=2, undone_at=3)

    said = done.embed.description
    assert (
        f"Turn 1's deadline passed <t:{at(2)}:R> (<t:{at(2)}:f>), before this undo, so it does "
        "not come back: the turn stays open until a GM ends it with /turn end"
    ) in said, said
    await stays_open_without_deadline(played, clock, 3.01, 24)
    assert (await verified(played)).startswith("✅")


async def test_an_undone_clear_before_the_deadline_brings_it_back(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """Deadline in 48 h, cleared at hour 1, the clear undone at hour 30: /turn status shows
    the deadline again, the 24 h reminder missed while it was cleared pings Red's and Blue's
    players once at the next step, and at hour 48 the GMs are pinged."""
    played = battle

    done = await clear_undone(played, clock, deadline=48, undone_at=30)

    assert "does not come back" not in done.embed.description
    status = await played.slash("/turn status", as_="gm")
    assert f"<t:{at(48)}:R>" in status.embed.description
    [reminder] = await tick(played)
    assert names(played, reminder) == {"player1", "player2"}
    assert await tick(played) == []
    clock.at(48)
    [passed] = await tick(played)
    assert names(played, passed) == {"gm"}


async def test_an_undone_deadline_set_does_not_bring_back_a_passed_one(
    battle,  # noqa: F811 - the fixture
    clock,
):
    """In Russian, with `end_turn`: deadline in 2 h, moved at hour 1 to hour 6, the move
    undone at hour 3: the 2 h deadline, passed, does not come back, and the undo says so;
    nothing ends the turn."""
    played = battle
    await played.slash("/campaign settings set setting:core.on_deadline value:end_turn", as_="gm")
    await played.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await played.slash("/turn deadline set when:2h", as_="gm")
    clock.at(1)
    await played.slash("/turn deadline set when:5h", as_="gm")
    clock.at(3)

    done = await undo(played, "not yet", confirm="Отменить")

    said = done.embed.description
    assert (
        f"Дедлайн хода 1 прошёл <t:{at(2)}:R> (<t:{at(2)}:f>), ещё до этой отмены, поэтому он "
        "не возвращается: ход остаётся открытым, пока ведущий не завершит его командой "
        "/ход завершить"
    ) in said, said
    clock.at(3.01)
    assert await tick(played) == []
    clock.at(7)
    assert await tick(played) == []
    assert (await played.bot.service.get(1)).turn == 1
