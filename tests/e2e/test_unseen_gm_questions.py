"""The GM's own questions, `/turn end` and `/history undo`, when Discord refuses to show them
(a 503): nothing is asked, so nothing is left open that nobody sees; the GM is told to type
the command again, and typed again it asks and works."""

from __future__ import annotations

import discord

from tests.e2e.test_confirmations_unseen import NOT_ASKED
from tests.e2e.test_confirmations_unseen import answers_fail
from tests.e2e.test_confirmations_unseen import discord_refusal
from tests.e2e.test_undo import undo


def unavailable() -> discord.HTTPException:
    return discord_refusal(discord.DiscordServerError, 503, 0, "Service Unavailable")


async def open_core_questions(table) -> list[str]:
    """The kinds of the campaign's questions still waiting for an answer."""
    rows = await table.bot.service.db.fetchall(
        "SELECT kind FROM pending_choices WHERE status = 'open'"
    )
    return [str(row[0]) for row in rows]


async def test_a_turn_end_question_discord_refuses_leaves_nothing_open(campaign, monkeypatch):
    with answers_fail(monkeypatch, unavailable(), only_questions=True) as refused:
        told = await campaign.slash("/turn end", as_="gm")
    assert refused == ["response"]
    assert told.ephemeral and told.embed.description == NOT_ASKED
    assert await open_core_questions(campaign) == []

    asked = await campaign.slash("/turn end", as_="gm")
    done = await campaign.click(asked, "End turn 1", as_="gm")
    assert done.embed.title == "Turn 1 has ended", done.text()
    assert await open_core_questions(campaign) == []


async def test_an_undo_question_discord_refuses_leaves_nothing_open(campaign, monkeypatch):
    await campaign.slash("/turn deadline set when:48h", as_="gm")
    with answers_fail(monkeypatch, unavailable(), only_questions=True) as refused:
        told = await campaign.slash("/history undo reason:typo", as_="gm")
    assert refused == ["response"]
    assert told.ephemeral and told.embed.description == NOT_ASKED
    assert await open_core_questions(campaign) == []

    undone = await undo(campaign, "typo")
    assert undone.embed.title.startswith("↩️ "), undone.text()
    assert await open_core_questions(campaign) == []
