"""Provably fair dice at a turn ended by its deadline (`core.on_deadline = end_turn`): no
player's click starts it, so its dice are derived from the id Discord gives the message the
bot posts first ("turn N ends now at its deadline"), which whoever runs the bot cannot know
before; the start is logged before that post, so a turn end drawn again after a crash shows
in the log and in the channel. Production dice, the bot's clock moved by hand."""

from __future__ import annotations

import gzip
import json
import sys
from collections.abc import AsyncIterator
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.errors import GameError
from bot.export_page import export_page
from bot.standin import GuildSpec
from bot.standin import StandIn
from bot.standin import Table
from bot.verify_export import describe
from bot.verify_export import verify_document
from tests.e2e.play import START
from tests.e2e.play import Clock
from tests.e2e.play import red_attacks_blue
from tests.e2e.play import set_up
from tests.e2e.test_fair_dice import rechain

ENDS_NOW = "⌛ Turn 1 ends now at its deadline"
ENDED = "⌛ Turn 1 ended automatically at its deadline"


@pytest.fixture
async def fair(tmp_path: Path, standin_guild: GuildSpec, clock: Clock) -> AsyncIterator[Table]:
    """The real bot with production dice, reading the time from `clock`: Red has attacked
    Blue at Mecatol (the battle rolls at the turn's end), and the 1 h deadline ends turn 1."""
    from bot.standin.privateer import privateer_factory

    standin = StandIn(standin_guild)
    factory = privateer_factory(
        database_path=tmp_path / "fair.db", guild_id=standin.guild.id, clock=clock
    )
    async with standin, Table(factory, standin=standin) as table:
        await set_up(table, [("/campaign create name:Fair Seas rulesets:fleet_combat", "gm")])
        await red_attacks_blue(table)
        await set_up(
            table,
            [
                ("/campaign settings set setting:core.on_deadline value:end_turn", "gm"),
                ("/turn deadline set when:1h", "gm"),
            ],
        )
        yield table
        table.check()


async def tick(table: Table) -> list:
    """One scheduler step; the public messages it posted."""
    before = len(table.channel_messages())
    await table.bot.get_cog("TurnCog").scheduler.tick()  # type: ignore[union-attr]
    return table.channel_messages()[before:]


async def export(table: Table) -> dict[str, Any]:
    reply = await table.slash("/history export", as_="player1")
    (data,) = [a for a in reply.attachments if a.filename.endswith(".json.gz")]
    document: dict[str, Any] = json.loads(gzip.decompress(data.data))
    return document


def battle_entry(document: dict[str, Any]) -> dict[str, Any]:
    return next(e for e in document["entries"] if e["ruleset"] == "fleet_combat" and e["rolls"])


async def test_the_dice_follow_the_id_of_the_message_posted_first_and_verify(fair, clock):
    clock.at(1)
    posted = await tick(fair)

    announced = posted[0]
    assert announced.embeds[0]["title"] == ENDED  # redrawn once the end committed
    assert announced.embeds[0]["footer"]["text"].startswith("⛓ #")  # its logged start's head
    document = await export(fair)
    battle = battle_entry(document)
    assert battle["command"] == "turn end" and battle["dice"]["source"] == "derived"
    assert battle["dice"]["interaction"] == announced.id
    verdict = verify_document(document)
    assert verdict.ok, describe(verdict)
    assert verdict.derived_dice == sum(len(r[4].split(",")) for r in battle["rolls"])
    assert "intact" in (await fair.slash("/history verify", as_="player2")).text()
    # Offline nothing sees the channel: the entry names the message for a player to compare.
    shown = await fair.slash(f"/history show entry:{battle['seq']}", as_="player2")
    assert shown.embed.field("Dice drawn from message").startswith(f"`{announced.id}`: the id")
    page = export_page(document, "en")
    assert f"Dice drawn from message: <code>{announced.id}</code>" in page


async def test_the_turn_end_is_told_once_above_its_outcome(fair, clock):
    """One story in the channel: the message the end's dice follow says the turn ends now
    and, once the end committed, is redrawn to say it ended, keeping the anchor of its
    logged start (the channel check still finds it); no second header repeats it, and the
    next message opens with what happened (the battle's round)."""
    clock.at(1)
    announced, summary, *rest = await tick(fair)

    titles = [e.get("title", "") for m in (announced, summary, *rest) for e in m.embeds]
    assert [title for title in titles if title.startswith("⌛")] == [ENDED]
    shown = announced.embeds[0]
    assert shown["description"].startswith("Its dice are derived from this message's id")
    assert shown["footer"]["text"].startswith("⛓ #")
    assert summary.embeds[0]["title"] == "Fleet combat: end of turn 1"
    assert summary.embeds[0]["description"].startswith("Battle #1 at Mecatol, round 1:")
    assert "intact" in (await fair.slash("/history verify", as_="player2")).text()


class ProcessDied(BaseException):
    """The process stops midway: nothing in it catches this, as nothing runs after a kill."""


async def test_a_changed_message_id_fails_verification(fair, clock):
    """The operator claims the dice came from another id (the chain recomputed around it):
    the dice the seed gives for it are not the ones rolled."""
    clock.at(1)
    await tick(fair)
    document = await export(fair)
    battle = battle_entry(document)

    battle["dice"]["interaction"] = 0  # what a deadline's end used before
    rechain(document)

    verdict = verify_document(document)
    assert verdict.problem is not None and verdict.problem.kind == "face"
    assert verdict.problem.seq == battle["seq"]


async def test_dice_from_an_id_no_posted_message_has_fail_the_channel_check(
    fair, clock, monkeypatch
):
    """Bot code changed to grind an id offline posts its message but draws from the id it
    chose: the log and the export hold together, but `/history verify`, which reads the
    channel, finds no message of the bot with that id announcing the turn's end."""
    scheduler = fair.bot.get_cog("TurnCog").scheduler  # type: ignore[union-attr]
    posts = scheduler.post_deadline_end

    async def ground(*args: object, **kwargs: object) -> int:
        posted = await posts(*args, **kwargs)
        return posted + 1

    clock.at(1)
    with monkeypatch.context() as patched:
        patched.setattr(scheduler, "post_deadline_end", ground)
        announced, *_ = await tick(fair)
    # Such code also redraws the message it names once the end committed, by its id: Discord
    # answers that no message has it.
    assert [p.rule for p in fair.take_problems()] == ["message.unknown"]

    document = await export(fair)
    battle = battle_entry(document)
    assert battle["dice"]["interaction"] == announced.id + 1
    assert verify_document(document).ok  # offline, nothing shows the id is not the message's
    verdict = (await fair.slash("/history verify", as_="player2")).embed
    assert verdict.title == "❌ The log has been tampered with"
    assert (
        f"dice drawn from message {announced.id + 1}, but this channel holds no message of "
        "the bot with that id announcing that end (never posted, or deleted since)"
    ) in verdict.description


async def test_a_turn_end_logged_before_message_ids_still_verifies(fair, clock, monkeypatch):
    """A log from before deadline ends drew from a message's id: its turn end names no
    message (0), and the channel check has nothing to ask of it."""
    scheduler = fair.bot.get_cog("TurnCog").scheduler  # type: ignore[union-attr]
    posts = scheduler.post_deadline_end

    async def as_before(*args: object, **kwargs: object) -> int:
        await posts(*args, **kwargs)
        return 0

    clock.at(1)
    with monkeypatch.context() as patched:
        patched.setattr(scheduler, "post_deadline_end", as_before)
        await tick(fair)

    document = await export(fair)
    assert battle_entry(document)["dice"]["interaction"] == 0
    assert verify_document(document).ok
    assert "intact" in (await fair.slash("/history verify", as_="player2")).text()


async def test_a_crash_before_the_end_commits_shows_the_second_draw(fair, clock, monkeypatch):
    """The bot posts the message, then dies before the turn's end commits. After the restart
    the deadline's retry posts a second message and ends the turn with its id: the log keeps
    both starts, the channel both messages, and the dice verify against the second."""

    async def dies(*args: object, **kwargs: object) -> None:
        raise ProcessDied("the process died before the turn end committed")

    clock.at(1)
    with monkeypatch.context() as patched:
        # The module the bot loaded its cog from (discord.py loads a fresh one).
        patched.setattr(sys.modules["cogs.turn"], "end_turn", dies)
        before = len(fair.channel_messages())
        with pytest.raises(ProcessDied):
            await tick(fair)
        [first] = fair.channel_messages()[before:]
    assert first.embeds[0]["title"] == ENDS_NOW
    status = await fair.slash("/turn status", as_="gm")
    assert status.embed.title == "Fair Seas — turn 1"  # nothing resolved
    # The end is still to come (its retry is due): nothing before it may be undone now.
    busy = await fair.slash("/history undo reason:wrong deadline", as_="gm")
    told = " ".join(busy.text().replace("│", " ").split())
    assert "Turn 1 is ending at its deadline right now" in told, told

    await fair.restart()
    clock.at(1 + 10 / 60)  # the deadline's claim retries ten minutes on
    posted = await tick(fair)

    second = posted[0]
    assert second.embeds[0]["title"] == ENDED and second.id != first.id
    assert first.embeds[0]["title"] == ENDS_NOW  # its end never committed
    document = await export(fair)
    starts = [e for e in document["entries"] if e["command"] == "turn deadline end"]
    assert [e["options"]["turn"] for e in starts] == [1, 1]
    heads = [m.embeds[0]["footer"]["text"] for m in (first, second)]
    assert heads == [f"⛓ #{e['seq']} {e['hash']}" for e in starts]
    assert battle_entry(document)["dice"]["interaction"] == second.id
    verdict = verify_document(document)
    assert verdict.ok, describe(verdict)
    listed = (await fair.slash("/history list", as_="gm")).embed.description
    assert listed.count("turn end at the deadline") == 2
    assert "intact" in (await fair.slash("/history verify", as_="player2")).text()


async def test_an_undo_confirmed_while_the_turn_ends_at_its_deadline_is_refused(
    fair, clock, monkeypatch
):
    """A GM asks to undo the deadline, and confirms while the turn is ending at it (its
    start logged, its message being posted): the undo is refused and changes nothing, the
    end goes on, and once it is posted the GM's next undo reverts the end itself. The same
    while a crashed end waits for its retry."""
    asked = await fair.slash("/history undo reason:wrong deadline", as_="gm")
    assert asked.embed.title.endswith("(turn deadline set)?")
    scheduler = fair.bot.get_cog("TurnCog").scheduler  # type: ignore[union-attr]
    posting = scheduler.post_deadline_end
    clicked = []

    async def confirmed_meanwhile(*args: object, **kwargs: object) -> discord.Message:
        clicked.append(await fair.click(asked, asked.buttons[0].label, as_="gm"))
        again = await fair.slash("/history undo reason:wrong deadline", as_="gm")
        clicked.append(again)
        return await posting(*args, **kwargs)  # type: ignore[no-any-return]

    clock.at(1)
    with monkeypatch.context() as patched:
        patched.setattr(scheduler, "post_deadline_end", confirmed_meanwhile)
        posted = await tick(fair)

    busy = "Turn 1 is ending at its deadline right now; ask /history undo again once its end"
    told = [" ".join(reply.text().replace("│", " ").split()) for reply in clicked]
    assert [busy in text for text in told] == [True, True], told
    assert posted[0].embeds[0]["title"] == ENDED
    document = await export(fair)
    commands = [e["command"] for e in document["entries"]]
    assert "history undo" not in commands
    assert commands.index("turn deadline set") < commands.index("turn deadline end")
    undo = await fair.slash("/history undo reason:too early", as_="gm")
    assert undo.embed.title.startswith("Undo turn 1's end"), undo.embed.title
    assert "intact" in (await fair.slash("/history verify", as_="player2")).text()


async def test_a_channel_closed_to_the_bot_leaves_the_turn_open_for_the_gm(
    fair, clock, monkeypatch
):
    """Without its message the end has no id to draw from: it does not fall back to a
    value known in advance. The turn stays open, the deadline is not retried (one start
    logged), and the GM's /turn end ends it."""

    async def refused(*args: object, **kwargs: object) -> None:
        raise discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), "Missing Access")

    clock.at(1)
    with monkeypatch.context() as patched:
        patched.setattr(discord.PartialMessageable, "send", refused)
        assert await tick(fair) == []
        clock.at(2)
        assert await tick(fair) == []

    # Nothing could be posted in the channel: the GM's /turn status (answered through the
    # interaction, not the channel) says the end was given up, why, and what to do.
    status = await fair.slash("/turn status", as_="gm")
    assert status.embed.title == "Fair Seas — turn 1"
    deadline = int((START + timedelta(hours=1)).timestamp())
    assert status.embed.description == (
        f"⚠️ The deadline passed <t:{deadline}:R> (<t:{deadline}:f>), but turn 1 could not "
        "end automatically: the bot could not post its message in this channel (the channel "
        "is gone, or the bot lacks the Send Messages or Embed Links permission here). It "
        "stays open until a GM ends it with /turn end."
    )
    document = await export(fair)
    assert [e["command"] for e in document["entries"]].count("turn deadline end") == 1
    # The start it logged changed nothing: an undo is offered the newest real change.
    undo = await fair.slash("/history undo reason:wrong deadline", as_="gm")
    assert undo.embed.title.endswith("(turn deadline set)?")
    await fair.click(undo, "Cancel", as_="gm")
    question = await fair.slash("/turn end", as_="gm")
    ended = await fair.click(question, "End turn 1", as_="gm")
    assert ended.embed.title == "Turn 1 has ended"
    assert "intact" in (await fair.slash("/history verify", as_="player2")).text()


@pytest.mark.parametrize("failure", ["end", "post"])
async def test_a_failing_end_is_given_up_once_and_left_to_the_gm(fair, clock, monkeypatch, failure):
    """The end fails inside the running bot (a rule refuses it, or Discord answers the
    post with an error): it is not retried every ten minutes, which would post a message
    and log a start each time, reading as the dice drawn again. One start is logged, the
    channel is told the turn stays open, and the GM's /turn end ends it."""

    async def refused(*args: object, **kwargs: object) -> None:
        raise GameError("error.turn_already_ended", turn=1)

    async def unavailable(*args: object, **kwargs: object) -> None:
        raise discord.HTTPException(SimpleNamespace(status=503, reason="Unavailable"), "down")

    posted = []
    with monkeypatch.context() as patched:
        if failure == "end":
            patched.setattr(sys.modules["cogs.turn"], "end_turn", refused)
        else:
            scheduler = fair.bot.get_cog("TurnCog").scheduler  # type: ignore[union-attr]
            patched.setattr(scheduler, "post_deadline_end", unavailable)
        for i in range(4):
            clock.at(1 + i * 10 / 60)
            posted += await tick(fair)

    titles = [m.embeds[0]["title"] for m in posted if m.embeds]
    assert titles == ([ENDS_NOW] if failure == "end" else [])
    why = {
        "end": "resolving its end failed (the error is in the bot's log)",
        "post": "Discord did not accept the message its dice are drawn from",
    }[failure]
    [told] = [m for m in posted if not m.embeds]
    gm = fair.member("gm").id
    assert told.content == (
        f"⚠️ Turn 1 could not end at its deadline: {why}. It stays open.\n"
        f"<@{gm}>: end it with /turn end."
    )
    assert told.pings == {"gm"}  # the GMs, who must act; no player
    document = await export(fair)
    assert [e["command"] for e in document["entries"]].count("turn deadline end") == 1
    status = await fair.slash("/turn status", as_="gm")
    assert status.embed.title == "Fair Seas — turn 1"
    assert f"could not end automatically: {why}." in status.embed.description
    question = await fair.slash("/turn end", as_="gm")
    ended = await fair.click(question, "End turn 1", as_="gm")
    assert ended.embed.title == "Turn 1 has ended"
    assert "intact" in (await fair.slash("/history verify", as_="player2")).text()
