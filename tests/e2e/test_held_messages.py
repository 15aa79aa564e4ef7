"""Messages Discord refused to post, after the refusal: an undo takes back what its command
never posted (neither /turn status nor a restart posts the undone question, nor pings its
player), and a message Discord finds invalid (a 400: posting it again cannot help) is given
up, a GM told once by /turn status, while the messages held after it are still posted.

Company raids: Anna (player1) lands Broker in Boris's (player2) Steelworks, Vera (player3)
lands Scout there too; Discord refuses the messages with their incidents' questions.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import discord
import pytest

import tests.e2e.test_company_raids as raids
from bot.standin import Table
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_confirmations_unseen import discord_refusal
from tests.e2e.test_confirmations_unseen import open_questions
from tests.e2e.test_unposted_questions import ANNA_ASKED
from tests.e2e.test_unposted_questions import asking
from tests.e2e.test_unposted_questions import incidents
from tests.e2e.test_unposted_questions import landed_unseen
from tests.e2e.test_unposted_questions import unavailable

board = raids.board

VERA_LANDS = "/company land piece:Scout company:Steelworks"
STILL_HELD = "could not be posted in the channel"
GIVEN_UP = "⚠️ 1 message of this campaign was given up: Discord found it invalid"
LATE = "(posted late: Discord refused it at first)"
TOLD_INVALID = "Done, but Discord found its message invalid and refused it, so nobody will see it"


def invalid() -> discord.HTTPException:
    return discord_refusal(discord.HTTPException, 400, 50035, "Invalid Form Body")


@contextmanager
def discord_refuses(
    monkeypatch: pytest.MonkeyPatch,
    error: discord.HTTPException,
    refused: Callable[[dict[str, Any]], bool],
) -> Iterator[None]:
    """Discord refuses with `error` every message the bot sends or redraws (as the
    command's answer or in the channel) that `refused` picks by its keyword arguments; the
    rest go through."""
    originals = [
        (discord.InteractionResponse, "send_message"),
        (discord.InteractionResponse, "edit_message"),
        (discord.Interaction, "edit_original_response"),
        (discord.Webhook, "send"),
        (discord.abc.Messageable, "send"),
        (discord.PartialMessage, "edit"),
        (discord.Message, "edit"),
    ]

    def failing(real):
        async def send(self, *args, **kwargs):
            if refused(kwargs):
                raise error
            return await real(self, *args, **kwargs)

        return send

    with monkeypatch.context() as patched:
        for owner, attribute in originals:
            patched.setattr(owner, attribute, failing(getattr(owner, attribute)))
        yield


def with_buttons(kwargs: dict[str, Any]) -> bool:
    return kwargs.get("view") is not None


def asking_anna(kwargs: dict[str, Any]) -> bool:
    return with_buttons(kwargs) and ANNA_ASKED in str(kwargs.get("content") or "")


def questions_posted(table: Table) -> list[str]:
    """The text of the channel's messages that ask a question (with buttons)."""
    return [m.content for m in table.channel_messages() if m.buttons]


async def test_an_undone_landing_never_posts_its_held_question(board: Table, monkeypatch):
    """Anna's landing is done but Discord refused its question; the GM undoes the landing.
    The undo does not claim messages it could not mark, /turn status posts nothing and says
    nothing is held, and neither does a restart: nobody sees the undone question."""
    await landed_unseen(board, monkeypatch)
    asked = await board.slash("/history undo reason:wrong landing", as_="gm")
    undone = await board.click(asked, "Undo", as_="gm")
    assert "not marked undone" not in undone.text()
    assert await open_questions(board) == []

    status = await board.slash("/turn status", as_="gm")
    assert STILL_HELD not in status.text()
    assert asking(board) == []
    assert incidents(board) == []

    await board.restart()
    await board.slash("/turn status", as_="player1")
    assert asking(board) == []
    assert incidents(board) == []


async def test_an_invalid_question_is_given_up_and_a_gm_told_once(board: Table, monkeypatch):
    """Discord finds Anna's question invalid: she reads that nobody will see it (not that
    /turn status posts it). A player's /turn status says nothing of it; the GM's says once
    that it was given up and how to take the command back; nothing retries it."""
    with discord_refuses(monkeypatch, invalid(), with_buttons):
        told = await board.slash(LAND, as_="player1")
    assert told.ephemeral
    assert told.embed.description.startswith(TOLD_INVALID)
    assert "/history undo" in told.embed.description

    players = await board.slash("/turn status", as_="player2")
    assert GIVEN_UP not in players.text()
    first = await board.slash("/turn status", as_="gm")
    assert GIVEN_UP in first.text()
    assert STILL_HELD not in first.text()
    again = await board.slash("/turn status", as_="gm")
    assert GIVEN_UP not in again.text()
    await board.restart()
    assert asking(board) == []
    assert GIVEN_UP not in (await board.slash("/turn status", as_="gm")).text()


async def test_an_invalid_held_question_does_not_block_the_next_one(board: Table, monkeypatch):
    """Anna's and then Vera's questions are held (Discord unavailable). When the GM types
    /turn status, Discord finds Anna's invalid: it is given up, and Vera's, behind it, is
    posted late; the status says one was given up and none is still held."""
    await board.slash("/company add-piece name:Scout value:100", as_="player3")
    with discord_refuses(monkeypatch, unavailable(), with_buttons):
        await board.slash(LAND, as_="player1")
        await board.slash(VERA_LANDS, as_="player3")
    assert questions_posted(board) == []

    with discord_refuses(monkeypatch, invalid(), asking_anna):
        status = await board.slash("/turn status", as_="gm")
    assert GIVEN_UP in status.text()
    assert STILL_HELD not in status.text()
    (vera,) = questions_posted(board)
    assert vera.startswith("(posted late: Discord refused it at first)")
    assert "(Vera)" in vera

    status = await board.slash("/turn status", as_="gm")
    assert GIVEN_UP not in status.text()
    assert STILL_HELD not in status.text()
    assert len(questions_posted(board)) == 1


async def test_a_valid_question_behind_a_refused_one_is_posted(board: Table, monkeypatch):
    """Both questions are waiting to be posted again when Discord, still unavailable for
    Anna's, takes Vera's: /turn status posts Vera's and says one message is still held."""
    await board.slash("/company add-piece name:Scout value:100", as_="player3")
    with discord_refuses(monkeypatch, unavailable(), with_buttons):
        await board.slash(LAND, as_="player1")
        await board.slash(VERA_LANDS, as_="player3")

    with discord_refuses(monkeypatch, unavailable(), asking_anna):
        status = await board.slash("/turn status", as_="gm")
    assert "⚠️ 1 message of this campaign could not be posted in the channel" in status.text()
    (vera,) = questions_posted(board)
    assert "(Vera)" in vera

    await board.slash("/turn status", as_="gm")
    assert len(asking(board)) == 1
    assert len(questions_posted(board)) == 2


def titled(*titles: str) -> Callable[[dict[str, Any]], bool]:
    def picks(kwargs: dict[str, Any]) -> bool:
        return any(e.title in titles for e in kwargs.get("embeds") or [])

    return picks


def channel_titles(table: Table) -> list[str]:
    return [e["title"] for m in table.channel_messages() for e in m.embeds if e.get("title")]


async def test_a_turn_end_posts_its_reports_behind_a_refused_one(campaign: Table, monkeypatch):
    """Discord refuses the turn end's first messages (the confirmation redrawn as ended, its
    report): the revealed seed after them is posted all the same and the GM told that
    nobody sees them yet; /turn status redraws the confirmation and posts the report late,
    each once."""
    question = await campaign.slash("/turn end", as_="gm")
    refused = titled("Turn 1 has ended", "Nothing happened between turns")
    with discord_refuses(monkeypatch, unavailable(), refused):
        ended = await campaign.click(question, "End turn 1", as_="gm")
    assert "nobody sees it yet" in ended.text()
    assert "🎲 Fair dice: turn 1 revealed" in channel_titles(campaign)
    assert "Turn 1 has ended" not in channel_titles(campaign)
    assert "Nothing happened between turns" not in channel_titles(campaign)

    status = await campaign.slash("/turn status", as_="gm")
    assert STILL_HELD not in status.text()
    (confirmation,) = [m for m in campaign.channel_messages() if m.id == question.message.id]
    assert confirmation.embed.title == "Turn 1 has ended"
    assert not [b for b in confirmation.buttons if not b.disabled]
    (report,) = [m for m in campaign.channel_messages() if m.content.startswith(LATE)]
    assert report.embed.title == "Nothing happened between turns"

    await campaign.slash("/turn status", as_="gm")
    await campaign.restart()
    assert channel_titles(campaign).count("Turn 1 has ended") == 1
    assert channel_titles(campaign).count("Nothing happened between turns") == 1
    assert channel_titles(campaign).count("🎲 Fair dice: turn 1 revealed") == 1


async def test_a_russian_campaign_tells_its_gm_in_russian(board: Table, monkeypatch):
    """The status line about a message given up reads in the campaign's language."""
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    with discord_refuses(monkeypatch, invalid(), with_buttons):
        await board.slash(LAND, as_="player1")
    status = await board.slash("/turn status", as_="gm")
    assert "⚠️ 1 сообщение этой кампании отброшено: Discord счёл его неверным" in status.text()
    assert "/журнал отменить" in status.text()
