"""SP-I45: a question settled without its player's click no longer offers its buttons. Its
message is redrawn as settled, as a GM's force redraws it: titled by how its attack ended
(or by the answer given), saying how it was settled, no button left to click; its ping line
stays struck through and marked answered.

Settled without a click: an upkeep answered by dismissing its contract (SP-I35), a buy-off
answered by `/pirates offer` (SP-I34), a buy-off or an upkeep left open until the next turn's
end takes its default.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from bot.interactions import LOSS_COLOUR
from bot.interactions import NEUTRAL_COLOUR
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_review import _upkeep_waits as upkeep_waits
from tests.e2e.test_space_pirates_undo import as_asked
from tests.e2e.test_space_pirates_undo import shows_again
from tests.e2e.test_space_pirates_undo import undone

pirates = base.pirates
after_a_raid = base.after_a_raid

VEGA_ASKED = "the pirates wait for your answer."


def description(shown) -> str:
    return "\n".join(e.get("description") or "" for e in shown.embeds)


async def test_dismissing_the_contract_redraws_its_upkeep_question_without_buttons(after_a_raid):
    """SP-I35: Vega's upkeep question waits; she dismisses the contract instead of clicking.
    The question no longer offers "Pay 200": it reads "Vega ends the mercenary contract",
    says the ships leave, and its ping is struck through, answered."""
    table = after_a_raid
    ended, contract, _ = await upkeep_waits(table)
    asked = question_of(ended, "Pay 200")

    await base.dismiss_confirmed(table, contract)

    settled = message(table, asked.id)
    assert labels(settled) == []
    assert settled.embeds[0]["title"] == "Vega ends the mercenary contract"
    assert settled.embeds[0]["color"] == NEUTRAL_COLOUR.value
    assert f"Vega ends mercenary contract #{contract}; the ships leave" in description(settled)
    assert settled.content.startswith("~~") and VEGA_ASKED in settled.content
    assert settled.content.endswith("✅ Answered.")


async def test_an_undone_dismissal_asks_the_upkeep_again_in_its_message(after_a_raid):
    """SP-I35, SP-I45: the GM undoes Vega's dismissal: the upkeep question reads again as
    asked, with its buttons, and Vega pays there."""
    table = after_a_raid
    ended, contract, _ = await upkeep_waits(table)
    asked = question_of(ended, "Pay 200")
    before = as_asked(asked)
    await base.dismiss_confirmed(table, contract)
    assert labels(message(table, asked.id)) == []

    await undone(table)

    again = shows_again(table, asked, before)
    paid = await table.click(again, "Pay 200", as_="player1")
    assert paid.embed.title == "Vega pays the mercenaries"


async def test_a_buy_off_paid_by_command_redraws_the_offer_without_buttons(pirates):
    """SP-I34: Vega pays the buy-off with `/pirates offer` rather than its button: the
    offer's message reads "Vega buys the raid off" and offers nothing more to click."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)
    asked = question_of(ended, "Pay 600")
    number = asked.buttons[0].custom_id.split(":")[2]

    paid = await pirates.slash(f"/pirates offer number:{number} pay:true", as_="player1")
    assert not paid.ephemeral, paid.text()

    settled = message(pirates, asked.id)
    assert labels(settled) == []
    assert settled.embeds[0]["title"] == "Vega buys the raid off"
    assert "600" in description(settled)
    assert settled.content.endswith("✅ Answered.")


async def test_a_buy_off_left_open_is_redrawn_as_the_turns_end_settled_it(pirates):
    """SP-I34, SP-I45: Vega leaves her offer open through turn 2; its end takes the default
    (decline). The offer's message reads "Pirates raid Open", coloured as a loss, says the
    turn's end took the default, and offers no "Pay 15"."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    asked = question_of(await end_turn(pirates, 1), "Pay 15")

    pirates.script_dice([20, 20, 20, 20])
    await end_turn(pirates, 2)

    settled = message(pirates, asked.id)
    assert labels(settled) == []
    assert settled.embeds[0]["title"] == "Pirates raid Open"
    assert settled.embeds[0]["color"] == LOSS_COLOUR.value
    text = description(settled)
    assert "Vega did not answer before turn 2 ended: the default was taken." in text
    assert "Vega: Open raided: 160 income lost, streak 1" in text
    assert settled.content.startswith("~~") and VEGA_ASKED in settled.content
    assert settled.content.endswith("✅ Settled at the turn's end.")


async def test_an_upkeep_left_open_is_redrawn_paid_by_the_turns_end(after_a_raid):
    """SP-I35, SP-I45: Vega leaves the upkeep of turn 2 unanswered; turn 3's end pays it
    (`mercenary_upkeep_default`). Its message reads "Vega pays the mercenaries" with no
    button; turn 3's own upkeep is a new question."""
    table = after_a_raid
    ended, contract, _ = await upkeep_waits(table)
    asked = question_of(ended, "Pay 200")

    table.script_dice([20] * 6)
    later = await end_turn(table, 3)

    settled = message(table, asked.id)
    assert labels(settled) == []
    assert settled.embeds[0]["title"] == "Vega pays the mercenaries"
    text = description(settled)
    assert "Vega did not answer before turn 3 ended" in text
    assert f"contract #{contract} runs on" in text
    assert question_of(later, "Pay 200").id != asked.id


async def test_a_russian_offer_settled_by_the_turns_end_reads_in_russian(pirates):
    """The campaign in Russian: the redrawn offer says in Russian that the turn's end took
    the default."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1, "Завершить ход")
    asked = next(m for m in ended.followups if any("15" in b.label for b in m.buttons))

    pirates.script_dice([20, 20, 20, 20])
    await end_turn(pirates, 2, "Завершить ход")

    settled = message(pirates, asked.id)
    assert labels(settled) == []
    text = description(settled)
    assert "Фракция «Vega» не ответила до конца хода 2" in text, text
    assert settled.content.endswith("✅ Решено в конце хода.")


async def test_an_undone_turn_end_asks_the_offer_again_in_its_message(pirates):
    """SP-I45: the GM undoes turn 2's end, which settled Vega's offer: the offer's message
    reads again as asked, with "Pay 15", and Vega pays there."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    asked = question_of(await end_turn(pirates, 1), "Pay 15")
    before = as_asked(asked)
    pirates.script_dice([20, 20, 20, 20])
    await end_turn(pirates, 2)
    assert labels(message(pirates, asked.id)) == []

    question = await pirates.slash("/history undo reason:ended too early", as_="gm")
    reopened = await pirates.click(question, "Undo", as_="gm")
    assert "Turn 2 is open again" in reopened.embed.description, reopened.text()

    again = shows_again(pirates, asked, before)
    paid = await pirates.click(again, "Pay 15", as_="player1")
    assert paid.embed.title == "Vega buys the raid off"
