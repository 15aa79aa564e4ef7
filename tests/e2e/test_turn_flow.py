"""Deadlines and reminders played through Discord on a simulated clock (issue 17).

Player1 plays Red, player2 Blue, player3 Green. Red attacks Blue at Mecatol, so the turn
waits for fire orders from Red and Blue (FC-I7); Green owes nothing. The bot reads the time
from `clock`; the test moves it and runs the scheduler's step itself (no sleeping).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path

import pytest

from bot.campaigns import CampaignService
from bot.standin import GuildSpec
from bot.standin import QueuedFaces
from bot.standin import StandIn
from bot.standin import Table
from bot.standin.privateer import privateer_factory
from bot.standin.ratelimits import RateLimits
from bot.turn_flow import TurnFlow
from tests.e2e.play import START
from tests.e2e.play import Clock
from tests.e2e.play import red_attacks_blue
from tests.e2e.play import refused_alone


@pytest.fixture
async def table(
    tmp_path: Path, standin_guild: GuildSpec, dice_faces: QueuedFaces, clock: Clock
) -> AsyncIterator[Table]:
    """The real bot on the stand-in, reading the time from `clock`."""
    standin = StandIn(standin_guild, rate_limits=RateLimits(time_scale=0.01))
    factory = privateer_factory(
        database_path=tmp_path / "t.db", guild_id=standin.guild.id, faces=dice_faces, clock=clock
    )
    async with standin, Table(factory, standin=standin, faces=dice_faces) as played:
        yield played
        played.check()


@pytest.fixture
async def battle(table: Table) -> Table:
    """A fleet combat campaign: Red has attacked Blue at Mecatol; Green stays out."""
    created = await table.slash("/campaign create name:Deadline rulesets:fleet_combat", as_="gm")
    assert not created.ephemeral, created.text()
    await red_attacks_blue(table, green=True)
    await table.slash("/combat fleet set point:Tor ships:1 cruiser", as_="player3")
    return table


async def tick(table: Table) -> list:
    """Run one scheduler step; the public messages it posted."""
    assert table.bot is not None
    before = len(table.channel_messages())
    await table.bot.get_cog("TurnCog").scheduler.tick()  # type: ignore[union-attr]
    return table.channel_messages()[before:]


async def stays_open_without_deadline(table: Table, clock: Clock, *hours: float) -> None:
    """At each of `hours` the scheduler does nothing; turn 1 is still open, with no deadline
    (`/turn status` shows the deadline heading alone)."""
    for hour in hours:
        clock.at(hour)
        assert await tick(table) == []
    status = await table.slash("/turn status", as_="gm")
    assert status.embed.title == "Deadline — turn 1"
    assert status.embed.description is None
    assert (await table.bot.service.get(1)).turn == 1


def names(table: Table, message) -> set[str]:
    """The usernames a message pinged."""
    return set(message.pings)


async def test_reminders_ping_the_awaited_players_at_each_point_and_the_deadline_ends_once(
    battle, clock
):
    """Issue 17: reminders at 24 h and 1 h before the deadline ping exactly the players who
    owe a move (Red; Blue muted them; Green owes nothing); a restart between them loses
    nothing; at the deadline the turn ends automatically, once."""
    table = battle
    muted = await table.slash("/turn reminders mute", as_="player2")
    assert muted.ephemeral and "will not ping you" in muted.embed.title
    setting = await table.slash(
        "/campaign settings set setting:core.on_deadline value:end_turn", as_="gm"
    )
    assert not setting.ephemeral, setting.text()
    deadline = int((START + timedelta(hours=48)).timestamp())
    answer = await table.slash("/turn deadline set when:48h", as_="gm")
    assert answer.embed.title == "Deadline set for turn 1"
    assert answer.embed.description == f"Turn 1 ends <t:{deadline}:R> (<t:{deadline}:f>)."

    clock.at(23.9)
    assert await tick(table) == []
    clock.at(24)
    [reminder] = await tick(table)
    assert reminder.content.startswith(f"⏰ Turn 1 ends <t:{deadline}:R>")
    assert names(table, reminder) == {"player1"}
    assert "**Red**" in reminder.content and "**Blue**" in reminder.content
    assert "Green" not in reminder.content
    assert await tick(table) == []

    await table.restart()
    clock.at(47.5)
    [second] = await tick(table)
    assert names(table, second) == {"player1"}
    clock.at(47.9)
    assert await tick(table) == []

    clock.at(48)
    posted = await tick(table)
    # First the message whose id its dice are derived from, redrawn as the end committed
    # (as a GM's confirmation is), then the summaries.
    assert [m.embeds[0]["title"] for m in posted[:2]] == [
        "⌛ Turn 1 ended automatically at its deadline",
        "Fleet combat: end of turn 1",
    ]
    # As after a confirmed /turn end: one message pings the battle's sides only, with the
    # revealed seed.
    [pinging] = [m for m in posted if m.pings]
    assert names(table, pinging) == {"player1", "player2"}
    assert pinging.embeds[0]["title"] == "🎲 Fair dice: turn 1 revealed"
    status = await table.slash("/turn status", as_="gm")
    assert status.embed.title == "Deadline — turn 2"
    clock.at(60)
    assert await tick(table) == []
    ends = [
        line
        for line in (await table.slash("/history list", as_="gm")).embed.description.splitlines()
        if "**turn end**" in line
    ]
    assert len(ends) == 2  # the fleet combat step and the closing entry, for turn 1 only


async def test_reminder_points_missed_while_down_become_one_reminder(battle, clock):
    """Issue 17: the bot was down across both reminder points; on start-up one reminder is
    posted, not one per missed point."""
    table = battle
    await table.slash("/turn deadline set when:2d", as_="gm")
    await table.restart()
    clock.at(47.5)
    [reminder] = await tick(table)
    assert names(table, reminder) == {"player1", "player2"}
    assert await tick(table) == []


async def test_a_claimed_reminder_is_posted_once_after_a_crash(battle, clock):
    """Issue 17: a reminder claimed just before a crash (written, not yet posted) is posted
    once after the restart, and never again."""
    table = battle
    await table.slash("/turn deadline set when:48h", as_="gm")
    clock.at(24)
    assert table.bot is not None
    flow = TurnFlow(table.bot.service)  # type: ignore[attr-defined]
    claimed = await flow.sweep(clock())
    assert len(claimed.posts) == 1
    await table.restart()
    [reminder] = await tick(table)
    assert names(table, reminder) == {"player1", "player2"}
    assert await tick(table) == []


async def test_the_deadline_pings_the_gms_by_default(battle, clock):
    """Issue 17: when the deadline passes (default `ping_gms`), the GMs are pinged with who
    still owes what, and nobody else; the turn does not end."""
    table = battle
    await table.slash("/turn deadline set when:1h", as_="gm")
    clock.at(1)
    [passed] = await tick(table)
    assert names(table, passed) == {"gm"}
    assert passed.content.startswith("⌛ Turn 1's deadline passed <t:")
    assert "**Red**" in passed.content and "**Blue**" in passed.content
    status = await table.slash("/turn status", as_="gm")
    assert status.embed.title == "Deadline — turn 1"


async def test_turn_status_shows_the_deadline_and_who_owes_a_move(battle, clock):
    """Issue 17: `/turn status` shows the deadline as a Discord timestamp and each awaited
    player with what they owe; a player cannot set a deadline; clearing it stops reminders."""
    table = battle
    refused = await table.slash("/turn deadline set when:48h", as_="player1")
    assert refused.ephemeral
    await table.slash("/turn deadline set when:2026-12-02T18:00", as_="gm")
    status = await table.slash("/turn status", as_="player3")
    deadline = int(datetime(2026, 12, 2, 18, 0, tzinfo=UTC).timestamp())
    assert f"<t:{deadline}:R>" in status.embed.description
    owed = status.embed.field("Still owe a move (2)")  # public: the campaign's language
    assert "(**Red**)" in owed and "(**Blue**)" in owed
    cleared = await table.slash("/turn deadline clear", as_="gm")
    assert not cleared.ephemeral
    clock.at(30)
    assert await tick(table) == []


async def test_turn_status_is_acknowledged_by_a_deferral_before_its_answer(battle, monkeypatch):
    """Issue 11 item 7: `/turn status` reads every ruleset's state (13.6 s with 5,000
    battles), so it defers first: while the reading is held up the interaction is already
    acknowledged ("thinking…", public) and nothing is answered yet; the answer then replaces
    the "thinking" message, still public."""
    table = battle
    reading = asyncio.Event()
    state = CampaignService.state

    async def held_up(self, campaign, ruleset):
        await reading.wait()
        return await state(self, campaign, ruleset)

    monkeypatch.setattr(CampaignService, "state", held_up)
    asking = asyncio.ensure_future(table.slash("/turn status", as_="player3"))
    try:
        async with asyncio.timeout(2.5):  # within Discord's 3 s
            while not any(r.response_type == 5 for r in table.standin.interactions.values()):
                await table.standin.next_change()
        assert not asking.done()
        [record] = [r for r in table.standin.interactions.values() if r.response_type == 5]
        assert record.command_name == "turn status"
        assert record.followup_ids == []  # acknowledged, not yet answered
    finally:
        reading.set()
    status = await asking
    assert status.deferred and status.response_type == 5  # "thinking…", not an update
    assert not status.ephemeral and status.message is not None and not status.message.loading
    assert status.embed.title == "Deadline — turn 1"


async def test_the_turn_end_summary_pings_the_players_something_happened_to(battle):
    """Issue 17: the GM's confirmed turn end fights the round at Mecatol; its summary pings
    Red's and Blue's players and nobody else (not Green, not the GM)."""
    table = battle
    question = await table.slash("/turn end", as_="gm")
    ended = await table.click(question, "End turn 1", as_="gm")
    pinged = [set(m.pings) for m in ended.followups if m.pings]
    assert pinged == [{"player1", "player2"}]  # one message after the reports, nobody else


async def test_an_automatic_turn_end_undone_is_not_ended_again_by_its_passed_deadline(
    battle, clock
):
    """Issue 17: the turn ended automatically at its deadline; the GM undoes that end. The
    reopened turn's deadline had passed, so it is cleared (and the GM told so): the
    scheduler's retry ten minutes later ends nothing, and `/turn status` shows no deadline."""
    table = battle
    await table.slash("/campaign settings set setting:core.on_deadline value:end_turn", as_="gm")
    await table.slash("/turn deadline set when:48h", as_="gm")
    clock.at(48)
    posted = await tick(table)
    assert posted[0].embeds[0]["title"] == "⌛ Turn 1 ended automatically at its deadline"
    question = await table.slash("/history undo reason:Blue's orders were late", as_="gm")
    assert question.embed.title.startswith("Undo turn 1's end")
    done = await table.click(question, "Undo", as_="gm")
    assert "Turn 1's deadline had passed, so the reopened turn has none" in (done.embed.description)
    clock.at(48.5)  # past the retry of the automatic end
    assert await tick(table) == []
    status = await table.slash("/turn status", as_="gm")
    assert status.embed.title == "Deadline — turn 1"
    assert status.embed.description is None
    clock.at(96)
    assert await tick(table) == []
    assert (await table.bot.service.get(1)).turn == 1


async def test_after_an_automatic_end_is_undone_the_next_undo_reverts_a_real_change(battle, clock):
    """The end at the deadline is undone: its message is marked undone (its anchor kept).
    The start it logged before that message changed nothing, so the GM's next undo is not
    offered it (a no-op to confirm) but the newest command that changed something, the
    deadline; the start stays in the log, as it happened."""
    table = battle
    await table.slash("/campaign settings set setting:core.on_deadline value:end_turn", as_="gm")
    await table.slash("/turn deadline set when:48h", as_="gm")
    clock.at(48)
    [announced, *_] = await tick(table)
    question = await table.slash("/history undo reason:Blue's orders were late", as_="gm")
    await table.click(question, "Undo", as_="gm")
    marked = announced.embeds[0]
    assert marked["title"] == "~~⌛ Turn 1 ended automatically at its deadline~~"
    assert marked["footer"]["text"].startswith("⛓ #")

    again = await table.slash("/history undo reason:no deadline this turn", as_="gm")
    assert again.embed.title == "Undo entry #10 (turn deadline set)?"
    done = await table.click(again, "Undo", as_="gm")
    assert done.embed.title == "↩️ #10 undone"
    listed = (await table.slash("/history list", as_="gm")).embed.description
    [start] = [line for line in listed.splitlines() if "turn end at the deadline" in line]
    assert not start.startswith("~~")


async def test_a_deadline_set_inside_the_reminder_window_reminds_the_players_at_once(battle, clock):
    """A deadline a minute away (inside the 1 h reminder point) pings the players who owe a
    move as soon as it is set (Red and Blue, not Green), once; at the deadline only the GM is
    pinged."""
    table = battle
    before = len(table.channel_messages())
    deadline = int((START + timedelta(minutes=1)).timestamp())
    answer = await table.slash("/turn deadline set when:1m", as_="gm")
    assert answer.embed.title == "Deadline set for turn 1"
    assert answer.embed.description == f"Turn 1 ends <t:{deadline}:R> (<t:{deadline}:f>)."
    [reminder] = [m for m in table.channel_messages()[before:] if m.pings]
    assert reminder.content.startswith(f"⏰ Turn 1 ends <t:{deadline}:R>")
    assert names(table, reminder) == {"player1", "player2"}
    assert "**Red**" in reminder.content and "**Blue**" in reminder.content
    assert "Green" not in reminder.content
    clock.at(0.5 / 60)
    assert await tick(table) == []
    clock.at(1 / 60)
    [passed] = await tick(table)
    assert names(table, passed) == {"gm"}


async def test_new_reminder_points_after_the_deadline_passed_do_not_announce_it_again(
    battle, clock
):
    """The deadline passed and the GMs were pinged; a GM then changes the reminder points:
    the passed deadline is not announced a second time (nor, with `end_turn`, would the
    turn's end start again)."""
    table = battle
    await table.slash("/turn deadline set when:1h", as_="gm")
    clock.at(1)
    [passed] = await tick(table)
    assert passed.content.startswith("⌛ Turn 1's deadline passed")
    changed = await table.slash("/campaign settings set setting:core.reminders value:2h", as_="gm")
    assert not changed.ephemeral, changed.text()
    clock.at(1.1)
    assert await tick(table) == []


async def test_a_deadline_set_before_the_reminder_window_waits_for_its_points(battle, clock):
    """Set two days ahead, nobody is pinged until the 24 h point."""
    table = battle
    before = len(table.channel_messages())
    await table.slash("/turn deadline set when:48h", as_="gm")
    assert [m for m in table.channel_messages()[before:] if m.pings] == []
    assert await tick(table) == []


@pytest.mark.parametrize("when", ["3000000 days", "999999999999 days", "400d"])
async def test_a_deadline_too_far_to_count_is_refused_as_more_than_a_year_away(battle, when):
    """However far it is (even past the calendar's end), the GM is told privately that the
    deadline is more than a year away, and the turn keeps having none."""
    table = battle
    refused = await refused_alone(table, f"/turn deadline set when:{when}", as_="gm")
    assert refused == f"`{when}` is more than a year away.", refused
    status = await table.slash("/turn status", as_="gm")
    assert "Deadline: " not in status.text(), status.text()


@pytest.mark.parametrize("value", ["3000000 days", "999999999999d", "24h, 400d"])
async def test_a_reminder_point_more_than_a_year_ahead_is_refused(battle, value):
    """No deadline is more than a year away, so neither is a reminder point: the GM is told
    privately, and the reminders stay as they were."""
    table = battle
    line = f"/campaign settings set setting:core.reminders value:{value}"
    refused = await refused_alone(table, line, as_="gm")
    assert refused.startswith(f"`{value.split(', ')[-1]}` is more than a year"), refused
    shown = await table.slash("/campaign settings show", as_="gm")
    assert "24h, 1h" in shown.text(), shown.text()


@pytest.mark.parametrize(("value", "culprit"), [("24h 1h", "24h 1h"), ("2h, 30m 10m", "30m 10m")])
async def test_reminder_points_without_a_comma_are_refused_with_the_comma_spelt_out(
    battle, value, culprit
):
    """`24h 1h` is two reminder points missing their comma: the GM is told privately that
    points are separated by commas (not a deadline's `2d 12h` advice), and the reminders
    stay as they were."""
    table = battle
    line = f"/campaign settings set setting:core.reminders value:{value}"
    refused = await refused_alone(table, line, as_="gm")
    unit = culprit.split()[-1][-1]
    assert refused == (
        f"`{culprit}` gives `{unit}` twice: reminder points are separated by commas, "
        "such as `24h, 1h`."
    ), refused
    shown = await table.slash("/campaign settings show", as_="gm")
    assert "24h, 1h" in shown.text(), shown.text()


@pytest.mark.parametrize(
    ("time_zone", "when", "refusal"),
    [
        ("Europe/Moscow", "0001-01-01 00:00", "is not in the future."),
        ("America/Los_Angeles", "9999-12-31 23:59", "is more than a year away."),
        ("America/Los_Angeles", "31.12.9999 23:59", "is more than a year away."),
    ],
)
async def test_a_deadline_at_the_calendars_edge_is_refused_clearly(
    battle, time_zone, when, refusal
):
    """A date whose UTC time falls off the calendar is refused privately as past or as
    more than a year away, and the turn keeps having no deadline."""
    table = battle
    zone_line = f"/campaign settings set setting:core.time_zone value:{time_zone}"
    assert not (await table.slash(zone_line, as_="gm")).ephemeral
    refused = await refused_alone(table, f"/turn deadline set when:{when}", as_="gm")
    assert refused == f"`{when}` {refusal}", refused
    status = await table.slash("/turn status", as_="gm")
    assert "Deadline: " not in status.text(), status.text()
