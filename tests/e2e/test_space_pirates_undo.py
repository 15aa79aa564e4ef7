"""A GM's `/history undo` of an answer to a Space pirates question (SP-I45: a buy-off offer
SP-I34, the plunder choice under `ask_when_raided` SP-I22, a retreat SP-I44, a mercenary
upkeep SP-I35) asks the question again: its message shows it as it was asked, in the
language it was asked in, with working buttons, and the player answers it there. The
redraw is written with the undo: a restart between the undo's commit and its posts still
redraws it, once.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import copy

import pytest

import tests.e2e.test_space_pirates as base
from bot.standin import Table
from bot.storage.outbox import unsent
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import RESTARTED
from tests.e2e.test_click_outbox import dies_before_posting
from tests.e2e.test_click_outbox import message
from tests.e2e.test_click_outbox import restart_posts
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_operations import fought_round_1
from tests.e2e.test_space_pirates_planet_raid import _pirates_land_on_alpha
from tests.e2e.test_space_pirates_review import _upkeep_waits
from tests.e2e.test_space_pirates_review import waiting_text
from tests.e2e.test_undo import verified

pirates = base.pirates
after_a_raid = base.after_a_raid

REFUSE = "Refuse"  # Rich is undefended: no fight follows (SP-I34)


async def undone(table: Table, confirm: str = "Undo") -> None:
    """The GM undoes the newest command (the answer) through the confirmation."""
    question = await table.slash("/history undo reason:clicked the wrong button", as_="gm")
    assert not question.ephemeral, question.text()
    done = await table.click(question, confirm, as_="gm")
    assert done.embed.title.startswith("↩️ "), done.text()
    assert "open again" not in (done.embed.description or "")  # nothing left to settle
    assert "снова открыт" not in (done.embed.description or "")


def as_asked(asked) -> tuple[str, list[dict[str, object]], list[str]]:
    """What a question's message shows: its ping, its embeds and its buttons."""
    return asked.content, copy.deepcopy(asked.embeds), labels(asked)


def shows_again(table: Table, asked, before) -> object:
    """The question's message reads as it was asked, every button working; the ping that
    asked it is posted anew, below (an edit notifies nobody), and the message keeps no
    second copy of it."""
    again = message(table, asked.id)
    ping, embeds, buttons = before
    assert as_asked(again) == ("", embeds, buttons), (as_asked(again), before)
    assert not any(b.disabled for b in again.buttons)
    pinged = table.channel_messages()[-1]
    assert pinged.id != asked.id and pinged.content.endswith(ping), pinged.content
    assert len(pinged.pings) == 1, pinged.pings  # the player asked, notified again
    return again


async def test_an_undone_buy_off_payment_asks_the_offer_again(pirates):
    """SP-I34: Vega pays the 600 buy-off; the GM undoes the payment. The offer reads again
    as asked with "Pay 600" and "Refuse", `/turn status` waits for Vega again,
    and Vega refuses there: the route is raided and the question shows how it ended."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)
    asked = question_of(ended, "Pay 600")
    before = as_asked(asked)
    assert before[2] == ["Pay 600", REFUSE]
    paid = await pirates.click(asked, "Pay 600", as_="player1")
    assert paid.embed.title == "Vega buys the raid off"
    assert labels(message(pirates, asked.id)) == ["Report: Vega"]

    await undone(pirates)

    again = shows_again(pirates, asked, before)
    status = await pirates.slash("/turn status", as_="gm")
    assert "Vega has not answered the buy-off offer" in waiting_text(status)
    refused = await pirates.click(again, REFUSE, as_="player1")
    assert not refused.ephemeral, refused.text()
    assert refused.embed.title == "Pirates raid Rich"
    assert labels(message(pirates, asked.id)) == ["Report: Vega"]
    assert (await verified(pirates)).startswith("✅ The log is intact")


async def test_an_undone_plunder_choice_asks_the_owner_again(pirates):
    """SP-I22 under `ask_when_raided`: Vega's troops avoid the pirates on Alpha; the GM
    undoes it and the landing question is back with both buttons; Vega covers the
    buildings instead."""
    landed = await _pirates_land_on_alpha(pirates, cover="false")
    asked = question_of(landed, "Cover the buildings")
    before = as_asked(asked)
    avoided = await pirates.click(asked, "Avoid the pirates", as_="player1")
    assert not avoided.ephemeral, avoided.text()
    assert labels(message(pirates, asked.id)) != before[2]

    await undone(pirates)

    again = shows_again(pirates, asked, before)
    assert before[2] == ["Cover the buildings", "Avoid the pirates"]
    pirates.script_dice([5, 6, 1, 2, 3, 4, 2, 3, 2, 4, 1, 6, 6, 1, 2, 5, 2, 3, 4, 1, 6])
    covered = await pirates.click(again, "Cover the buildings", as_="player1")
    assert covered.embed.title == "Pirates plunder Alpha"
    assert "Vega: planet Alpha plundered: loot 600" in covered.embed.description


async def test_an_undone_retreat_asks_again_before_the_round(pirates):
    """SP-I44 with `defender_may_retreat`: before round 2 Vega retreats; the GM undoes it.
    The question is back with "Retreat" and "Fight on", the cruiser is still on the route,
    and Vega retreats again there."""
    declined = await fought_round_1(pirates)
    asked = question_of(declined, "Retreat")
    before = as_asked(asked)
    pirates.script_dice([1, 1, 1])  # the pirates' parting volley
    retreated = await pirates.click(asked, "Retreat", as_="player1")
    assert "streak 1" in retreated.embed.description

    await undone(pirates)

    again = shows_again(pirates, asked, before)
    assert before[2] == ["Retreat", "Fight on"]
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert "1 cruiser (guard, Vega)" in routes.embed.description
    pirates.script_dice([1, 1, 1])
    retreated = await pirates.click(again, "Retreat", as_="player1")
    assert "streak 1" in retreated.embed.description


async def test_an_undone_upkeep_payment_asks_for_the_upkeep_again(after_a_raid):
    """SP-I35: Vega pays the 200 upkeep; the GM undoes it; the question is back with
    "Pay 200" and "End the contract" and Vega ends the contract there."""
    table = after_a_raid
    ended, contract, _ = await _upkeep_waits(table)
    asked = question_of(ended, "Pay 200")
    before = as_asked(asked)
    paid = await table.click(asked, "Pay 200", as_="player1")
    assert f"Vega pays 200 upkeep: contract #{contract} runs on" in paid.embed.description

    await undone(table)

    again = shows_again(table, asked, before)
    assert before[2] == ["Pay 200", "End the contract"]
    status = await table.slash("/turn status", as_="gm")
    assert "Vega has not paid or ended mercenary contract" in waiting_text(status)
    ended_contract = await table.click(again, "End the contract", as_="player1")
    assert not ended_contract.ephemeral, ended_contract.text()
    assert ended_contract.embed.title == "Vega ends the mercenary contract"


async def test_a_russian_offer_is_asked_again_in_russian(pirates):
    """The campaign plays in Russian: Lyra's offer, paid then undone, reads again in Russian
    with its Russian buttons, which still answer."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await pirates.slash("/pirates route add name:Шёлк goods:2350", as_="player3")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1, label="Завершить ход")
    asked = question_of(ended, "Заплатить 600")
    before = as_asked(asked)
    assert before[2] == ["Заплатить 600", "Отказаться"]
    await pirates.click(asked, "Заплатить 600", as_="player3")

    await undone(pirates, confirm="Отменить")

    again = shows_again(pirates, asked, before)
    assert again.embeds[0]["title"] == "Пираты предлагают фракции «Lyra» откупиться"
    refused = await pirates.click(again, "Отказаться", as_="player3")
    assert not refused.ephemeral, refused.text()


async def test_a_restart_between_the_undo_and_its_posts_asks_the_offer_again_once(
    pirates, monkeypatch: pytest.MonkeyPatch
):
    """The undo commits; the process dies before anything is posted. After the restart the
    offer reads again as asked (edited in place, no new message), once; its buttons answer."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)
    asked = question_of(ended, "Pay 600")
    before = as_asked(asked)
    await pirates.click(asked, "Pay 600", as_="player1")
    question = await pirates.slash("/history undo reason:paid by mistake", as_="gm")
    with dies_before_posting(monkeypatch) as attempts:
        died = await pirates.click(question, "Undo", as_="gm")
    assert attempts and died.ephemeral
    assert labels(message(pirates, asked.id)) == ["Report: Vega"]  # not redrawn yet

    shown = len(pirates.channel_messages())
    await pirates.restart()
    again = shows_again(pirates, asked, before)
    # Edited in place; only the ping that asks Vega again is a new message.
    assert [m.content for m in restart_posts(pirates)] == [f"{RESTARTED}\n{before[0]}"]
    assert len(pirates.channel_messages()) == shown + 1
    assert await unsent(pirates.bot.service.db) == []
    await pirates.restart()
    assert len(pirates.channel_messages()) == shown + 1

    paid = await pirates.click(again, "Pay 600", as_="player1")
    assert paid.embed.title == "Vega buys the raid off"


async def test_an_offer_asked_before_its_post_was_kept_is_named_by_the_undo(pirates):
    """SP-I45: Vega's buy-off offer was posted before the bot kept its posts (a campaign
    older than the outbox); Vega pays, the GM undoes the payment. The offer is open again
    but its message cannot be redrawn: the undo's answer names it, Space pirates' question
    to Vega's player, and the command a GM answers it with."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, "Pay 600"), "Pay 600", as_="player1")
    async with pirates.bot.service.db.transaction() as conn:
        await conn.execute("DELETE FROM outbox")
    question = await pirates.slash("/history undo reason:clicked the wrong button", as_="gm")

    done = await pirates.click(question, "Undo", as_="gm")

    said = done.embed.description
    player = pirates.member("player1").id
    assert "1 question is open again without its buttons (Space pirates question to " in said
    assert f"Space pirates question to <@{player}>)" in said, said
    assert "/pirates force" in said, said
    status = await pirates.slash("/turn status", as_="gm")
    assert "Vega has not answered the buy-off offer" in waiting_text(status)


async def test_numbers_handed_out_before_an_undo_are_not_given_again(pirates):
    """README (`/pirates routes`): a removed one's number is not given again. Turn 1's end
    offers Vega buy-off #1 on Spine; the GM undoes that end and the turn is ended again: the
    offer, asked anew, is #2 (the channel's #1 stays the undone one). Route #2 registered,
    then undone: the next route is #3. The log still verifies."""
    await pirates.slash("/pirates route add name:Spine goods:100", as_="player1")
    pirates.script_dice([1, 6])
    ended = await end_turn(pirates, 1)
    assert "#1" in waiting_text(await pirates.slash("/turn status", as_="gm"))
    assert question_of(ended, REFUSE) is not None

    question = await pirates.slash("/history undo reason:ended too early", as_="gm")
    reopened = await pirates.click(question, "Undo", as_="gm")
    assert "Turn 1 is open again" in reopened.embed.description, reopened.text()
    pirates.script_dice([1, 6])
    await end_turn(pirates, 1)
    waits = waiting_text(await pirates.slash("/turn status", as_="gm"))
    assert "buy-off offer #2 (route raid, Spine, 30)" in waits, waits
    await pirates.slash("/pirates offer number:2 pay:false", as_="player1")

    added = await pirates.slash("/pirates route add name:Drift goods:50", as_="player1")
    assert "#2" in added.text(), added.text()
    await undone(pirates)
    again = await pirates.slash("/pirates route add name:Reach goods:50", as_="player1")
    assert "Route #3 Reach" in again.text(), again.text()
    assert (await verified(pirates)).startswith("✅ The log is intact")
