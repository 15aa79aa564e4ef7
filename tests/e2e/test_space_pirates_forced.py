"""SP-I45 through Discord: a question a GM settles with `/pirates force` (a buy-off SP-I34,
the plunder choice SP-I22, a retreat SP-I44, a mercenary upkeep SP-I35) loses its ping and
its buttons and is redrawn, in its own message, to show how it was settled, as a question
the player answered is; an undo of the force asks it there again.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from bot.interactions import LOSS_COLOUR
from bot.interactions import NEUTRAL_COLOUR
from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.play import struck_answered
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_review import _upkeep_waits
from tests.e2e.test_space_pirates_undo import as_asked
from tests.e2e.test_space_pirates_undo import shows_again
from tests.e2e.test_space_pirates_undo import undone

pirates = base.pirates
after_a_raid = base.after_a_raid

REFUSE = "Refuse and fight"
FORCED = "Vega did not answer: a GM forced the default."


async def forced_all(table: Table, *, rest: bool = False) -> None:
    """The GM forces every waiting question through the private list and its confirm."""
    listed = await table.slash("/pirates force" + (" rest:true" if rest else ""), as_="gm")
    assert listed.ephemeral, listed.text()
    button = next(b.label for b in listed.buttons if b.label.startswith("Force"))
    confirmed = await table.click(listed, button, as_="gm")
    assert any(not m.ephemeral for m in confirmed.followups), confirmed.text()


async def test_a_forced_buy_off_shows_how_the_raid_ended_without_buttons(pirates):
    """SP-I34, SP-I45: Vega's open route is raided; the GM forces `buy_off_default`
    (decline). The offer's message no longer waits for Vega (her ping struck, answered by
    the GM) nor offers "Pay 15": it reads "Pirates raid Open", coloured as a loss, and says
    a GM forced the default."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    asked = question_of(ended, "Pay 15")
    shown = len(pirates.channel_messages())

    await forced_all(pirates)

    settled = message(pirates, asked.id)
    assert labels(settled) == []
    assert struck_answered(settled.content, "✅ Answered by the GM.")  # the ping, not emptied
    assert settled.embeds[0]["title"] == "Pirates raid Open"
    assert settled.embeds[0]["color"] == LOSS_COLOUR.value
    description = settled.embeds[0]["description"]
    assert FORCED in description
    assert settled.embeds[0]["footer"]["text"].startswith("Rules: SP-I45")
    assert "Vega: Open raided: 160 income lost, streak 1" in description
    assert len(pirates.channel_messages()) == shown + 1  # the GM's forced summary, no repost


async def test_a_forced_upkeep_shows_the_contract_paid_without_buttons(after_a_raid):
    """SP-I35, SP-I45: `/pirates force choice:N` pays Vega's upkeep
    (`mercenary_upkeep_default`); the upkeep question reads "Vega pays the mercenaries" with
    no "Pay 200" left to click."""
    table = after_a_raid
    ended, contract, choice = await _upkeep_waits(table)
    asked = question_of(ended, "Pay 200")

    forced = await confirmed(table, f"/pirates force choice:{choice}", as_="gm")
    assert not forced.ephemeral, forced.text()

    settled = message(table, asked.id)
    assert labels(settled) == []
    assert struck_answered(settled.content, "✅ Answered by the GM.")  # the ping, not emptied
    assert settled.embeds[0]["title"] == "Vega pays the mercenaries"
    assert settled.embeds[0]["color"] == NEUTRAL_COLOUR.value
    assert (
        f"Vega pays 200 upkeep: contract #{contract} runs on" in (settled.embeds[0]["description"])
    )


async def test_forcing_one_question_by_its_number_asks_the_gm_first(after_a_raid):
    """SP-I45: `/pirates force choice:N` asks first, as every GM force does: the GM alone
    reads the question it settles; Cancel leaves Vega's upkeep question waiting, with its
    buttons, and logs nothing; an unknown number is refused at once, nothing asked."""
    table = after_a_raid
    ended, _, choice = await _upkeep_waits(table)
    asked = question_of(ended, "Pay 200")
    logged = (await table.slash("/history list", as_="gm")).embed.description

    unknown = await table.slash(f"/pirates force choice:{choice + 50}", as_="gm")
    assert unknown.ephemeral and not unknown.buttons
    assert f"There is no open choice #{choice + 50}." in unknown.text()
    listed = await table.slash(f"/pirates force choice:{choice}", as_="gm")
    assert listed.ephemeral
    assert [b.label for b in listed.buttons] == ["Force 1 answer", "Cancel"]
    assert "Vega" in listed.text()
    cancelled = await table.click(listed, "Cancel", as_="gm")
    assert cancelled.ephemeral or not cancelled.followups

    assert "Pay 200" in labels(message(table, asked.id))
    assert (await table.slash("/history list", as_="gm")).embed.description == logged


async def test_forcing_to_the_end_redraws_only_the_questions_that_were_posted(pirates):
    """SP-I40, SP-I45: Vega's offer is posted; forcing to the end settles it, then asks and
    settles Orion's on the way. Vega's message shows how the raid ended; nothing is posted
    for Orion's question, which nobody saw."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    await pirates.slash("/pirates route add name:Far goods:2350", as_="player2")
    pirates.script_dice([1, 4, 6, 1, 4, 6])
    ended = await end_turn(pirates, 1)
    asked = question_of(ended, "Pay 600")
    shown = len(pirates.channel_messages())

    await forced_all(pirates, rest=True)

    settled = message(pirates, asked.id)
    assert labels(settled) == []
    assert settled.embeds[0]["title"] == "Pirates raid Rich"
    assert "Orion" in settled.embeds[0]["description"]
    assert len(pirates.channel_messages()) == shown + 1
    assert not any(b.label.startswith("Pay") for m in pirates.channel_messages() for b in m.buttons)


async def test_an_undone_force_asks_the_question_again_in_its_message(pirates):
    """SP-I45: the GM forces Vega's offer, then undoes the force: the offer's message reads
    again as asked, with its ping and working buttons, and Vega answers there."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)
    asked = question_of(ended, "Pay 600")
    before = as_asked(asked)
    await forced_all(pirates)
    assert labels(message(pirates, asked.id)) == []

    await undone(pirates)

    again = shows_again(pirates, asked, before)
    paid = await pirates.click(again, "Pay 600", as_="player1")
    assert paid.embed.title == "Vega buys the raid off"
