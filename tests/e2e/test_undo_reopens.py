"""A GM's `/history undo` of an answer reopens the question it answered: the question's
message shows it again as it was asked, with working buttons, and the player answers it
again. The redraw is written with the undo (the outbox): a restart between the undo's
commit and its posts still redraws it, once. A question whose post was never kept is open
again without buttons, and the undo's answer says how a GM settles it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.standin import Table
from bot.storage.outbox import unsent
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import dies_before_posting
from tests.e2e.test_click_outbox import message
from tests.e2e.test_click_outbox import restart_posts
from tests.e2e.test_company_raids import FORCE
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import PAY
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture
from tests.e2e.test_space_pirates import after_a_raid  # noqa: F401 - fixtures
from tests.e2e.test_space_pirates import pirates  # noqa: F401 - fixtures
from tests.e2e.test_tiny_ruleset import registered
from tests.e2e.test_undo import verified

ASKED = "Red reaches the bridge: pay the toll or sneak past?"
COLLECT = "Collect the recorded fine: 180"


@pytest.fixture
def toll_bridge() -> Iterator[None]:
    with registered():
        yield


@pytest.fixture
async def bridge(toll_bridge: None, table: Table) -> Table:
    created = await table.slash("/campaign create name:Bridge rulesets:tiny_toll", as_="gm")
    assert not created.ephemeral, created.text()
    await table.slash("/campaign join faction:Red", as_="player1")
    return table


async def undo_question(table: Table):
    question = await table.slash("/history undo reason:clicked the wrong button", as_="gm")
    assert not question.ephemeral, question.text()
    return question


async def answered_again(table: Table, asked_id: int):
    """The question's message shows it again as asked, with working buttons, and the player's
    new answer is taken."""
    again = message(table, asked_id)
    assert again.embed.title == ASKED
    assert [b.label for b in again.buttons] == ["Pay the toll", "Sneak past"]
    assert not any(b.disabled for b in again.buttons)
    table.script_dice([5])
    sneaked = await table.click(again, "Sneak past", as_="player1")
    assert sneaked.embed.title == "Red rolls 5 and sneaks past (TB-2)."
    return sneaked


async def test_an_undone_answer_asks_its_question_again_and_the_game_goes_on(bridge: Table):
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    paid = await bridge.click(asked, "Pay the toll", as_="player1")
    assert paid.embed.title == "Red pays the toll and crosses."
    assert message(bridge, asked.message.id).buttons == []

    done = await bridge.click(await undo_question(bridge), "Undo", as_="gm")
    assert done.embed.title.startswith("↩️ #")
    assert "open again" not in done.embed.description  # the question was redrawn
    await answered_again(bridge, asked.message.id)
    assert message(bridge, asked.message.id).buttons == []
    ended = await bridge.click(await bridge.slash("/turn end", as_="gm"), "End turn 1", as_="gm")
    assert "1 crossing this turn; 0 tolls paid so far." in ended.text()  # the toll undone
    assert (await verified(bridge)).startswith("✅ The log is intact")


async def test_a_restart_between_the_undo_and_its_posts_redraws_the_question_once(
    bridge: Table, monkeypatch: pytest.MonkeyPatch
):
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    await bridge.click(asked, "Pay the toll", as_="player1")
    question = await undo_question(bridge)
    with dies_before_posting(monkeypatch) as attempts:
        died = await bridge.click(question, "Undo", as_="gm")
    assert attempts == ["edit"] and died.ephemeral
    assert message(bridge, asked.message.id).buttons == []  # not redrawn yet

    shown = len(bridge.channel_messages())
    await bridge.restart()
    again = message(bridge, asked.message.id)
    assert again.embed.title == ASKED
    assert [b.label for b in again.buttons] == ["Pay the toll", "Sneak past"]
    assert restart_posts(bridge) == []  # edited in place: no new message
    assert len(bridge.channel_messages()) == shown
    assert await unsent(bridge.bot.service.db) == []
    await bridge.restart()
    assert len(bridge.channel_messages()) == shown

    paid = await bridge.click(again, "Pay the toll", as_="player1")
    assert paid.embed.title == "Red pays the toll and crosses."


async def test_a_question_whose_post_was_not_kept_is_open_again_and_the_answer_says_so(
    bridge: Table,
):
    """A question asked before the bot kept its posts: nothing is posted for it; the undo's
    answer names it and the GM's force command."""
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    await bridge.click(asked, "Pay the toll", as_="player1")
    db = bridge.bot.service.db
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM outbox")
    question = await undo_question(bridge)
    shown = len(bridge.channel_messages())
    done = await bridge.click(question, "Undo", as_="gm")
    said = done.embed.description
    assert "1 question is open again without its buttons ([Toll bridge question](" in said, said
    assert "force command (/company force, /corsairs force, /pirates force)" in said
    assert message(bridge, asked.message.id).buttons == []
    assert len(bridge.channel_messages()) == shown


async def test_a_company_raids_step_undone_shows_that_step_again(board: Table):  # noqa: F811
    """CR-I4 `enter_each_time`: Anna pays, Boris collects; the GM undoes the collection:
    the story shows Boris's step again (not the closed incident), and he collects there."""
    await board.slash(
        "/campaign settings set setting:company_raids.fine_source value:enter_each_time", as_="gm"
    )
    question = await board.slash(LAND, as_="player1")
    await board.click(question, PAY, as_="player1")
    step = message(board, question.message.id)
    assert labels(step) == [COLLECT, FORCE]
    collected = await board.click(step, COLLECT, as_="player2")
    assert "Anna pays Boris 180." in collected.embed.description
    assert collected.buttons == []

    await board.click(await undo_question(board), "Undo", as_="gm")
    again = message(board, question.message.id)
    assert labels(again) == [COLLECT, FORCE]
    assert again.embed.description == step.embed.description
    collected = await board.click(again, COLLECT, as_="player2")
    assert "Anna pays Boris 180." in collected.embed.description
    assert (await verified(board)).startswith("✅ The log is intact")


async def test_an_undone_operation_names_no_question_for_its_private_quote(
    after_a_raid: Table,  # noqa: F811 - the fixture imported above
):
    """Space pirates: Orion's confirmed bribe is undone; its quote was Orion's own private
    Confirm, not a question to anyone: the undo's answer names no question to settle."""
    played = after_a_raid
    await played.slash("/pirates contacts factions:Vega", as_="player2")
    quote = await played.slash("/pirates bribe victim:Vega", as_="player2")
    played.script_dice([4, 6])
    placed = await played.click(quote, "Confirm", as_="player2")
    assert placed.ephemeral and "placed" in placed.embed.description
    done = await played.click(await undo_question(played), "Undo", as_="gm")
    assert done.embed.title.startswith("↩️ #")
    assert "open again" not in done.embed.description


async def test_a_question_open_again_without_buttons_is_named_and_linked_not_numbered(
    bridge: Table,
):
    """The undo's answer names the question a GM must settle as players know it: its
    ruleset, whom it waits for, and a link to the message it was asked in; no internal
    number a player would take for a log entry."""
    asked = await bridge.slash("/toll reach faction:Red", as_="player1")
    await bridge.click(asked, "Pay the toll", as_="player1")
    async with bridge.bot.service.db.transaction() as conn:
        await conn.execute("DELETE FROM outbox")
    done = await bridge.click(await undo_question(bridge), "Undo", as_="gm")
    said = done.embed.description
    player = bridge.member("player1").id
    where = f"{bridge.guild_id}/{bridge.channel().id}/{asked.message.id}"
    link = f"https://discord.com/channels/{where}"
    assert f"([Toll bridge question]({link}) to <@{player}>)" in said, said
    assert "(#" not in said
