"""Clicks and the deadline's turn end, durable (Hardening, items 3 and 7 of issue 11).

A click that writes acknowledges in time (a write waiting for the lock defers it, then the
clicked message is edited); what its commit shows (the question redrawn, the next player's
question and ping) is written with the change and, when the process dies between commit and
post, posted (or edited in place) after the restart. The deadline's automatic turn end runs
the confirmed `/turn end`'s code: the same summaries, pings and ruleset follow-ups (a
buy-off question), through the outbox, once.

A kill between commit and post is simulated by making every post of the outbox's sender fail
after the commit (`dies_before_posting`); `table.restart()` starts a fresh bot on the same
database and stand-in.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import discord
import pytest

from bot import announcements
from bot.standin.fixture import READ_MESSAGE_HISTORY
from bot.storage import database
from bot.storage import outbox
from bot.storage.outbox import unsent
from bot.turn_flow import TurnFlow
from tests.e2e.test_company_raids import CAPTURE
from tests.e2e.test_company_raids import COUNTER
from tests.e2e.test_company_raids import FINE
from tests.e2e.test_company_raids import FORCE
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import board  # noqa: F401
from tests.e2e.test_confirmations_unseen import discord_refusal
from tests.e2e.test_held_messages import discord_refuses
from tests.e2e.test_ottoman_piracy import OP_E1
from tests.e2e.test_ottoman_piracy import VP
from tests.e2e.test_ottoman_piracy import seated  # noqa: F401
from tests.e2e.test_space_pirates import pirates  # noqa: F401
from tests.e2e.test_turn_flow import table  # noqa: F401 - the clock-reading table

RESTARTED = "(posted after a restart)"
DEFERRED_UPDATE = 6  # Discord's DEFERRED_UPDATE_MESSAGE


@contextmanager
def dies_before_posting(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every post or edit of the outbox's sender fails as if the process died right after
    the commit; yields the attempts."""
    attempts: list[str] = []

    def killed(what: str):
        async def die(*args: object, **kwargs: object) -> None:
            attempts.append(what)
            raise ConnectionAbortedError("the process died between commit and post")

        return die

    with monkeypatch.context() as patched:
        patched.setattr(announcements, "reply", killed("reply"))
        patched.setattr(announcements, "update_message", killed("edit"))
        patched.setattr(announcements, "_post_in_channel", killed("channel"))
        yield attempts


def message(played, message_id: int):
    """The channel's message with that id, as it reads now."""
    return next(m for m in played.channel_messages() if m.id == message_id)


def restart_posts(played) -> list:
    return [m for m in played.channel_messages() if m.content.startswith(RESTARTED)]


async def test_a_reward_click_killed_before_its_edit_redraws_the_question_after_a_restart(
    seated,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """OP-5.3: the target's first reward commits; the process dies before the story is
    redrawn. After the restart the question shows the first reward and asks the second hit,
    with its buttons and ping, and the target answers it there."""
    played = seated
    played.script_dice([5, 2, 6, 5])
    question = await played.slash(OP_E1, as_="player1")
    with dies_before_posting(monkeypatch) as attempts:
        died = await played.click(question, VP, as_="player2")
    assert attempts == ["edit"] and died.ephemeral  # the player saw an error, not the reward
    before = message(played, question.message.id)
    assert "Hit 1: +1 piracy VP" not in before.embed.field("Rewards")

    await played.restart()
    redrawn = message(played, question.message.id)
    assert "Hit 1: +1 piracy VP, 3 → 4." in redrawn.embed.field("Rewards")
    assert "hit 2 of 2" in redrawn.embed.field("Rewards")
    assert redrawn.content == before.content  # still the target's question
    assert await unsent(played.bot.service.db) == []
    answered = await played.click(redrawn, VP, as_="player2")
    assert "Hit 2: +1 piracy VP, 4 → 5." in answered.embed.field("Rewards")
    assert answered.buttons == []


async def test_a_step_click_killed_before_its_post_asks_the_next_player_after_a_restart(
    board,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """CR-3.3: Anna's capture fails (BD 2) and commits with Boris's question; the process
    dies before the story is redrawn and Boris pinged. After the restart the story carries
    Boris's buttons, a message pings exactly Boris, and his click collects the fine."""
    played = board
    played.script_dice([2])
    question = await played.slash(LAND, as_="player1")
    with dies_before_posting(monkeypatch) as attempts:
        await played.click(question, CAPTURE, as_="player1")
    assert attempts == ["edit"]

    await played.restart()
    story = message(played, question.message.id)
    assert [b.label for b in story.buttons] == [FINE, COUNTER, FORCE]
    assert "Capture roll, BD 2: the capture fails" in story.embed.description
    (ping,) = restart_posts(played)
    assert ping.pings == frozenset({"player2"})
    fined = await played.click(story, FINE, as_="player2")
    assert fined.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    await played.restart()
    assert len(restart_posts(played)) == 1  # posted once


async def test_a_step_click_killed_before_its_redraw_posts_the_question_anew_when_it_is_gone(
    board,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """CR-3.3: Anna's capture fails and commits with Boris's question; the process dies
    before the story is redrawn, and the story's message is gone by the restart (deleted, or
    posted in an earlier run of `python -m bot local`). After the restart the bot starts,
    posts the story anew with Boris's buttons, once, and his click collects the fine there."""
    played = board
    played.script_dice([2])
    question = await played.slash(LAND, as_="player1")
    with dies_before_posting(monkeypatch):
        await played.click(question, CAPTURE, as_="player1")
    played.standin.messages[question.message.id].deleted = True

    await played.restart()
    [story] = [m for m in restart_posts(played) if m.embeds]
    assert [b.label for b in story.buttons] == [FINE, COUNTER, FORCE]
    assert "Capture roll, BD 2: the capture fails" in story.embed.description
    fined = await played.click(story, FINE, as_="player2")
    assert fined.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    shown = len(played.channel_messages())
    await played.restart()
    assert len(played.channel_messages()) == shown  # posted once


async def test_a_step_click_whose_redraw_discord_refuses_after_a_restart_is_held(
    board,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """CR-3.3: Anna's capture fails and commits with Boris's question; the process dies
    before the story is redrawn, and after the restart Discord refuses the redraw (the bot
    lost its permissions there): it is held, not given up, and the next `/turn status`
    redraws the story with Boris's buttons."""
    played = board
    played.script_dice([2])
    question = await played.slash(LAND, as_="player1")
    with dies_before_posting(monkeypatch):
        await played.click(question, CAPTURE, as_="player1")
    forbidden = discord_refusal(discord.Forbidden, 403, 50013, "Missing Permissions")
    with discord_refuses(monkeypatch, forbidden, lambda kwargs: True):
        await played.restart()
    assert FINE not in [b.label for b in message(played, question.message.id).buttons]

    await played.slash("/turn status", as_="player3")
    story = message(played, question.message.id)
    assert [b.label for b in story.buttons] == [FINE, COUNTER, FORCE]
    assert "Capture roll, BD 2: the capture fails" in story.embed.description


async def test_a_click_whose_write_waits_for_the_lock_is_acknowledged_in_time(
    board,  # noqa: F811 - the fixture imported above
    tmp_path,
    monkeypatch,
):
    """Another process holds the write lock: the click is deferred before Discord's 3 s
    (the stand-in refuses a late answer), then the story is edited once the lock is free."""
    played = board
    monkeypatch.setattr(database, "WRITE_WAIT_NOTICE", 0.05)
    question = await played.slash(LAND, as_="player1")
    other = sqlite3.connect(tmp_path / "t.db", isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        clicking = asyncio.ensure_future(played.click(question, "Pay the fine", as_="player1"))
        while not any(
            r.response_type == DEFERRED_UPDATE for r in played.standin.interactions.values()
        ):
            await played.standin.next_change()
        assert not clicking.done()
    finally:
        other.execute("ROLLBACK")
        other.close()
    await clicking
    story = message(played, question.message.id)
    assert story.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert story.buttons == []


@pytest.fixture
async def frontier(pirates, clock):  # noqa: F811 - the fixtures imported above
    """Space pirates with Vega's 2350 route; the deadline ends the turn (core.on_deadline).
    Built on the clock-reading table imported above."""
    played = pirates
    await played.slash("/pirates route add name:Rich goods:2350", as_="player1")
    await played.slash("/campaign settings set setting:core.on_deadline value:end_turn", as_="gm")
    await played.slash("/turn deadline set when:1h", as_="gm")
    played.script_dice([1, 4, 6])  # SP-E2: d20 1 raids the route, 2d6 4, 6 → value 6000
    return played


async def tick(played) -> None:
    await played.bot.get_cog("TurnCog").scheduler.tick()


def buy_off(messages) -> list:
    return [m for m in messages if any(b.label == "Pay 600" for b in m.buttons)]


async def test_the_deadline_posts_the_buy_off_question_a_confirmed_end_would(frontier, clock):
    """SP-I34 at an automatic end: the summary, then the buy-off question pinging exactly
    Vega's player, whose click pays; the turn ends once (a second step posts nothing)."""
    played = frontier
    before = len(played.channel_messages())
    clock.at(1)
    await tick(played)
    posted = played.channel_messages()[before:]
    assert [m.embeds[0]["title"] for m in posted[:2]] == [
        # Its dice follow this message's id; the end redraws it.
        "⌛ Turn 1 is ending automatically at its deadline",
        "Space pirates: end of turn 1",
    ]
    (question,) = buy_off(posted)
    assert question.pings == frozenset({"player1"})
    assert [m.pings for m in posted if m.pings] == [{"player1"}]  # nobody else is pinged
    clock.at(2)
    await tick(played)
    assert len(played.channel_messages()) == before + len(posted)
    paid = await played.click(question, "Pay 600", as_="player1")
    assert not paid.ephemeral and "600" in paid.embed.description
    assert await TurnFlow(played.bot.service).unposted() == []


async def test_an_automatic_end_killed_before_posting_posts_everything_once_after_a_restart(
    frontier,
    clock,
    monkeypatch,
):
    """The automatic end commits, its posts die; after the restart the summary and the
    buy-off question are in the channel once, and the question answers Vega's click."""
    played = frontier
    clock.at(1)
    with dies_before_posting(monkeypatch) as attempts:
        await tick(played)
    assert attempts == ["channel"]
    assert buy_off(played.channel_messages()) == []
    status = await played.slash("/turn status", as_="gm")
    # The turn end committed: its resolution waits for the buy-off answer (SP-I45).
    assert status.embed.title == "Frontier — end of turn 1 under way"

    await played.restart()
    posted = restart_posts(played)
    [ends] = [
        m for m in played.channel_messages() if m.embeds and "⌛" in m.embeds[0].get("title", "")
    ]
    assert ends.embeds[0]["title"] == "⌛ Turn 1 is ending automatically at its deadline"
    (question,) = buy_off(posted)
    assert question.pings == frozenset({"player1"})
    await played.restart()
    assert len(restart_posts(played)) == len(posted)
    paid = await played.click(question, "Pay 600", as_="player1")
    assert not paid.ephemeral and "600" in paid.embed.description


async def test_an_automatic_end_killed_between_a_post_and_its_mark_posts_it_once(
    frontier,
    clock,
    monkeypatch,
):
    """The automatic end commits and posts its summary; the process dies before marking it
    posted. After the restart (within Discord's few minutes for a nonce) the summary is not
    posted a second time, the buy-off question it was to post next is, pinging Vega's
    player once, and it answers her click."""
    played = frontier
    real_mark = outbox.mark_sent
    marks: list[int] = []

    async def dies_at_the_summary(db, row, message_id):
        marks.append(row.id)
        if len(marks) == 2:  # the ⌛ message's redraw is marked; the summary's is not
            raise ConnectionAbortedError("the process died between a post and its mark")
        await real_mark(db, row, message_id)

    clock.at(1)
    with monkeypatch.context() as patched:
        patched.setattr(outbox, "mark_sent", dies_at_the_summary)
        await tick(played)
    summaries = [m for m in played.channel_messages() if summary_of(m, "Space pirates")]
    assert len(summaries) == 1 and buy_off(played.channel_messages()) == []

    await played.restart()
    summaries = [m for m in played.channel_messages() if summary_of(m, "Space pirates")]
    assert len(summaries) == 1  # posted once
    (question,) = buy_off(played.channel_messages())
    assert [m.pings for m in played.channel_messages() if m.pings] == [{"player1"}]
    paid = await played.click(question, "Pay 600", as_="player1")
    assert not paid.ephemeral and "600" in paid.embed.description


def summary_of(message, ruleset: str) -> bool:
    """Whether `message` leads with a ruleset's end-of-turn summary."""
    return bool(message.embeds) and message.embeds[0].get("title", "").startswith(
        f"{ruleset}: end of turn"
    )


async def test_a_click_killed_before_its_edit_redraws_the_question_without_reading_history(
    board,  # noqa: F811 - the fixture imported above
    monkeypatch,
):
    """CR-3.3: the bot may not read the channel's history (Discord then returns no
    messages); Anna's capture fails and commits with Boris's question, and the process dies
    before the story is redrawn. After the restart the story itself is redrawn with Boris's
    buttons (edited by its id), not posted a second time beside the one still showing
    Anna's."""
    played = board
    everyone = played.standin.guild.everyone
    everyone.permissions &= ~READ_MESSAGE_HISTORY
    played.script_dice([2])
    question = await played.slash(LAND, as_="player1")
    with dies_before_posting(monkeypatch):
        await played.click(question, CAPTURE, as_="player1")

    await played.restart()
    story = message(played, question.message.id)
    assert [b.label for b in story.buttons] == [FINE, COUNTER, FORCE]
    assert "Capture roll, BD 2: the capture fails" in story.embed.description
    assert [m for m in restart_posts(played) if m.embeds] == []  # no second story
