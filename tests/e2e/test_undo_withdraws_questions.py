"""An undone command takes back the questions it asked: their posts keep their text and lose
their buttons, whether the question is a pending choice (Ottoman piracy's reward) or one a
ruleset keeps in its own state (Space pirates' buy-off, SP-I45)."""

from __future__ import annotations

import pytest

from bot.standin import ClientRefused
from bot.standin import Table
from bot.storage.outbox import unsent
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import dies_before_posting
from tests.e2e.test_click_outbox import message
from tests.e2e.test_click_outbox import restart_posts
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import pirates  # noqa: F401
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_undo import OP_E1
from tests.e2e.test_undo import VP
from tests.e2e.test_undo import seated  # noqa: F401 - fixtures
from tests.e2e.test_undo import undo
from tests.e2e.test_undo import verified


def marked_undone(table: Table, message_id: int, told: str, reason: str, seq: int):
    """The question `message_id` as it reads marked undone: no buttons, its title struck
    through, who undid it and why (the undo's entry `seq`) before the text it `told`."""
    shown = message(table, message_id)
    assert shown.buttons == []
    note = f"↩️ **Undone** by the GM: {reason} (log entry #{seq})."
    assert shown.embed.description == f"{note}\n\n{told}"
    assert shown.embed.title.startswith("~~") and shown.embed.title.endswith("~~")
    return shown


async def test_an_undone_turn_end_takes_the_buttons_off_its_buy_off_question(
    pirates: Table,  # noqa: F811 - the fixture imported above
):
    """SP-I34, SP-I45: turn 1's end asks Vega to pay 600 to buy a raid off; the GM undoes
    that end before Vega answers. The offer stays in the channel as it was told, marked
    undone (its title struck through, who undid it and why first) and without its buttons:
    nobody can press a question of a turn end that no longer happened."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)
    offer = question_of(ended, "Pay 600")
    told = offer.embed.description

    await undo(pirates, "the raid was declared late")

    shown = marked_undone(pirates, offer.id, told, "the raid was declared late", 9)
    assert shown.content.startswith("~~") and shown.content.endswith("~~")  # its ping
    with pytest.raises(ClientRefused):
        await pirates.click(offer, "Pay 600", as_="player1")
    assert (await verified(pirates)).startswith("✅ The log is intact")


async def test_a_restart_between_the_undo_and_its_posts_still_takes_the_buttons_off(
    pirates: Table,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
):
    """The undo commits and the process dies before posting: after the restart the offer is
    edited in place, once, without its buttons; no message is posted anew."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    offer = question_of(await end_turn(pirates, 1), "Pay 600")
    asked = await pirates.slash("/history undo reason:the raid was declared late", as_="gm")
    with dies_before_posting(monkeypatch):
        await pirates.click(asked, "Undo", as_="gm")
    assert labels(message(pirates, offer.id)) == ["Pay 600", "Refuse"]

    shown = len(pirates.channel_messages())
    await pirates.restart()

    assert message(pirates, offer.id).buttons == []
    assert restart_posts(pirates) == []
    assert len(pirates.channel_messages()) == shown
    assert await unsent(pirates.bot.service.db) == []


async def test_an_undone_answer_takes_back_the_question_it_led_to_and_asks_its_own_again(
    pirates: Table,  # noqa: F811
):
    """SP-I34, SP-I44 with `defender_may_retreat`: Vega refuses the buy-off, round 1 is
    fought and Vega is asked whether to retreat; the GM undoes the refusal. The buy-off is
    asked again with its buttons, and the retreat question keeps its text, marked undone,
    without buttons."""
    await pirates.slash(
        "/campaign settings set setting:space_pirates.defender_may_retreat value:true", as_="gm"
    )
    await pirates.slash("/pirates route add name:Line goods:100 ships:cruiser", as_="player1")
    pirates.script_dice([1, 6])
    ended = await end_turn(pirates, 1)
    offer = question_of(ended, "Refuse and fight")
    before = labels(offer)
    pirates.script_dice([1, 1, 1, 1, 1])  # round 1: every shot misses
    declined = await pirates.click(offer, "Refuse and fight", as_="player1")
    retreat = question_of(declined, "Retreat")
    told = retreat.embed.description

    await undo(pirates, "clicked the wrong button")

    assert labels(message(pirates, offer.id)) == before
    shown = message(pirates, retreat.id)
    assert shown.buttons == []
    note = "↩️ **Undone** by the GM: clicked the wrong button"
    assert shown.embed.description.startswith(note)
    assert shown.embed.description.endswith(told)
    status = await pirates.slash("/turn status", as_="gm")
    assert "Vega has not answered the buy-off offer" in " ".join(
        f.value for f in status.embed.fields
    )


async def test_an_undone_piracy_takes_the_buttons_off_its_reward_question(
    seated: Table,  # noqa: F811
):
    """OP-5.3: the piracy is undone while the Habsburgs still owe their reward choice: the
    question keeps its story and loses its buttons."""
    seated.script_dice([5, 2, 6, 5])
    piracy = await seated.slash(OP_E1, as_="player1")
    assert VP in labels(piracy)

    await undo(seated, "declared in the wrong zone")

    assert message(seated, piracy.message.id).buttons == []
    with pytest.raises(ClientRefused):
        await seated.click(piracy, VP, as_="player2")


def last_with(table: Table, text: str):
    """The newest channel message whose text holds `text`."""
    return next(m for m in reversed(table.channel_messages()) if text in m.text())


async def test_a_question_asked_again_then_withdrawn_reads_undone_with_its_ping(
    pirates: Table,  # noqa: F811
):
    """SP-I34, SP-I45: turn 1's end offers Vega a buy-off; Vega refuses, the offer's message
    is deleted, and the GM undoes the refusal: the offer is asked again in a new message
    with a new ping. The GM then undoes the turn end, which asked it: the offer asked again
    reads undone (its title struck through, who undid it and why first, no buttons), and its
    new ping is struck through and says it no longer waits, as the first ones do."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    first = question_of(await end_turn(pirates, 1), "Pay 600")
    await pirates.click(first, "Refuse", as_="player1")
    pirates.standin.messages[first.id].deleted = True
    await undo(pirates, "clicked the wrong button")
    again = last_with(pirates, "Pay 600")
    assert again.id != first.id
    told = again.embed.description
    ping = last_with(pirates, "the pirates wait for your answer")
    assert ping.content.startswith("<@")

    await undo(pirates, "the raid was declared late")

    marked_undone(pirates, again.id, told, "the raid was declared late", 11)
    pinged = message(pirates, ping.id).content
    assert pinged.startswith("~~") and "the pirates wait for your answer.~~" in pinged
    assert "No longer waiting: undone by the GM (the raid was declared late" in pinged
    assert (await verified(pirates)).startswith("✅ The log is intact")
