"""A question Discord refuses to post: the command it answers is done (its change and its
log entry committed), so the question stays open, and it must not stay unseen. Its player is
told privately that nobody sees it yet and how to post it; `/turn status` (anyone, here)
posts what Discord refused, marked as posted late, and says what it still could not post;
the player answers the question where it then stands. A restart posts it too.

Company raids: Anna (player1) lands Broker in Boris's (player2) Steelworks; Discord refuses
the message with the incident's question (a 503, or the channel refusing the bot).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import discord
import pytest

import tests.e2e.test_company_raids as raids
from bot.standin import Table
from tests.e2e.play import labels
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import PAY
from tests.e2e.test_confirmations_unseen import discord_refusal
from tests.e2e.test_confirmations_unseen import open_questions

board = raids.board

ANNA_ASKED = "incident #1 waits for your answer (Anna)."
HELD = (
    "Done, but Discord refused to post its message in the channel, so nobody sees it yet "
    "(a question in it waits unseen). Type /turn status here to post it again."
)
LATE = "(posted late: Discord refused it at first)"


@contextmanager
def discord_refuses_questions(
    monkeypatch: pytest.MonkeyPatch, error: discord.HTTPException
) -> Iterator[list[str]]:
    """Discord refuses every message with buttons the bot sends (as the command's answer or
    in the channel); the rest go through. Yields what was refused."""
    refused: list[str] = []
    originals = {
        "response": (discord.InteractionResponse, "send_message"),
        "follow-up": (discord.Webhook, "send"),
        "channel": (discord.abc.Messageable, "send"),
    }

    def failing(real, name):
        async def send(self, *args, **kwargs):
            if kwargs.get("view") is not None:
                refused.append(name)
                raise error
            return await real(self, *args, **kwargs)

        return send

    with monkeypatch.context() as patched:
        for name, (owner, attribute) in originals.items():
            patched.setattr(owner, attribute, failing(getattr(owner, attribute), name))
        yield refused


def unavailable() -> discord.HTTPException:
    return discord_refusal(discord.DiscordServerError, 503, 0, "Service Unavailable")


def asking(table: Table) -> list:
    """The channel's messages that ask Anna the incident's question."""
    return [m for m in table.channel_messages() if ANNA_ASKED in m.content]


def incidents(table: Table) -> list[int]:
    """The channel's messages that show the incident."""
    return [
        m.id
        for m in table.channel_messages()
        if m.embed is not None and m.embed.title == "Company raids — incident #1"
    ]


async def landed_unseen(board: Table, monkeypatch: pytest.MonkeyPatch):
    """Anna lands while Discord refuses the question: returns what she was told."""
    with discord_refuses_questions(monkeypatch, unavailable()) as refused:
        told = await board.slash(LAND, as_="player1")
    assert refused and refused[0] == "response"
    return told


async def test_a_refused_question_is_told_and_turn_status_posts_it(board: Table, monkeypatch):
    """Anna's landing is done but its question cannot be posted: she reads that nobody sees
    it yet and how to post it; it stays open. The GM's /turn status posts it, marked late,
    with its buttons; Anna answers it there."""
    told = await landed_unseen(board, monkeypatch)
    assert told.ephemeral
    assert told.embed.description == HELD
    assert "unexpected" not in told.text()
    assert asking(board) == []
    assert len(await open_questions(board)) == 1

    status = await board.slash("/turn status", as_="gm")
    assert "could not be posted" not in status.text()
    (question,) = asking(board)
    assert question.content.startswith(LATE)
    assert labels(question)[:2] == [PAY, "Attempt a capture"]

    paid = await board.click(question, PAY, as_="player1")
    assert paid.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert await open_questions(board) == []
    await board.slash("/turn status", as_="gm")
    assert incidents(board) == [question.id]  # nothing is posted twice


async def test_still_refused_turn_status_says_so_and_a_later_one_posts_it(
    board: Table, monkeypatch
):
    """Discord still refuses when the GM types /turn status: the status says a message could
    not be posted and how to take the command back; the next status, once Discord takes it,
    posts the question once."""
    await landed_unseen(board, monkeypatch)
    with discord_refuses_questions(monkeypatch, unavailable()):
        status = await board.slash("/turn status", as_="gm")
    assert "⚠️ 1 message of this campaign could not be posted in the channel" in status.text()
    assert "/history undo" in status.text()
    assert asking(board) == []

    await board.slash("/turn status", as_="player2")
    assert len(asking(board)) == 1
    await board.slash("/turn status", as_="gm")
    assert len(asking(board)) == 1


async def test_a_restart_posts_a_refused_question_once(board: Table, monkeypatch):
    """Nobody typed /turn status: the next start posts the question, once."""
    await landed_unseen(board, monkeypatch)
    await board.restart()
    assert len(asking(board)) == 1
    await board.slash("/turn status", as_="gm")
    assert len(asking(board)) == 1


async def test_a_russian_campaign_says_it_in_russian(board: Table, monkeypatch):
    """The status line and the late note read in the campaign's language."""
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await landed_unseen_asked(board, monkeypatch)
    with discord_refuses_questions(monkeypatch, unavailable()):
        status = await board.slash("/turn status", as_="gm")
    assert "⚠️ 1 сообщение этой кампании не удалось отправить в канал" in status.text()

    await board.slash("/turn status", as_="gm")
    (question,) = [m for m in board.channel_messages() if m.buttons]
    assert question.content.startswith("(отправлено с опозданием: сначала Discord его не принял)")


async def landed_unseen_asked(board: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    with discord_refuses_questions(monkeypatch, unavailable()) as refused:
        await board.slash(LAND, as_="player1")
    assert refused and refused[0] == "response"
