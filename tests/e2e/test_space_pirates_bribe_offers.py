"""SP-I33, SP-I34: what a bribed attack's buy-off offer and a cancelled bribe tell, and to whom.

With `reveal_briber_to_victim` on, the victim learns who paid in their own report, private to
them and the GMs; the offer is posted in the channel, pinging the victim, so it says the raid
is bribed and never who paid: asked, answered, forced by a GM, in English and in Russian. Its
footer cites the buy-off's clause (SP-I34).

A bribe cancelled when it comes up is told to the GM who ends the turn with who paid (a
sealed bribe's payer too) and why.

Vega (player1) and Orion (player2), with a GM; Vega, in contact with Orion, bribes the pirates
to raid Orion's one route, Line (goods 200: 2d6 for the fleet's strength).
"""

from __future__ import annotations

import json

from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_sealed_briber import frontier as frontier  # a fixture
from tests.e2e.test_space_pirates_sealed_briber import public_texts
from tests.e2e.test_space_pirates_sealed_briber import vega_bribes

REVEAL = "/campaign settings set setting:space_pirates.reveal_briber_to_victim value:"


def shown(message) -> str:
    """Everything a message shows: its text, its embeds' titles, descriptions and footers."""
    return (message.content or "") + json.dumps(message.embeds, ensure_ascii=False)


async def test_the_offer_says_bribed_but_not_who_paid_and_the_victims_report_does(frontier):
    """The setting on: the offer pinging Orion reads "Bribed raid on route Line", names
    no briber, and cites SP-I34; answered, it names none either; Orion's own report, private,
    names Vega."""
    table = frontier
    await table.slash(REVEAL + "true", as_="gm")
    await vega_bribes(table)
    table.script_dice([20])
    ended = await end_turn(table, 1)

    offer = question_of(ended, "Refuse")
    assert not offer.ephemeral and offer.pings == {"player2"}
    text = offer.embeds[0]["description"]
    assert "Bribed raid on route Line" in text, text
    assert "Vega" not in shown(offer) and "briber" not in shown(offer)
    assert offer.embeds[0]["footer"]["text"].startswith("Rules: SP-I34")
    assert not any("Vega" in shown(m) for m in ended.followups if not m.ephemeral)

    refused = await table.click(offer, "Refuse", as_="player2")
    assert "Line raided (bribed)" in public_texts(refused)
    assert "Vega" not in public_texts(refused)
    report = await table.slash("/pirates report turn:1", as_="player2")
    assert report.ephemeral
    assert "Bribed raid on route Line (briber: Vega)" in report.embed.description


async def test_the_russian_offer_and_its_forced_answer_name_no_briber(frontier):
    """The campaign in Russian: the offer reads «налёт по подкупу» without Vega or «заказчик»,
    and what the GM's force posts (the forced answer, the question redrawn as settled) names
    her nowhere; the GM's own report does."""
    table = frontier
    await table.slash(REVEAL + "true", as_="gm")
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await vega_bribes(table)
    table.script_dice([20])
    ended = await end_turn(table, 1, "Завершить ход")

    offer = question_of(ended, "Отказаться")
    text = shown(offer)
    assert "Line" in text and "подкуп" in text.lower(), text
    assert "Vega" not in text and "заказчик" not in text
    assert offer.embeds[0]["footer"]["text"].startswith("Правила: SP-I34")

    listed = await table.slash("/pirates force", as_="gm")
    forced = await table.click(listed, "Force 1 answer", as_="gm")
    public = public_texts(forced)
    assert "Line" in public and "Vega" not in public and "заказчик" not in public
    gm = await table.slash("/pirates report faction:Orion turn:1", as_="gm")
    assert "(briber: Vega)" in gm.embed.description


async def test_a_cancelled_sealed_bribe_tells_the_gm_who_paid_and_why(frontier):
    """The setting off (a sealed bribe): Orion strikes off Line before the turn ends; the
    GM who ends it reads, privately, that Vega's bribe was cancelled because the route is no
    longer Orion's; the channel reads neither."""
    table = frontier
    await vega_bribes(table)
    remove = await table.slash("/pirates route remove route:1", as_="player2")
    await table.click(remove, "Remove", as_="player2")
    table.script_dice([20] * 5)
    ended = await end_turn(table, 1)

    (private,) = [m for m in ended.followups if "was cancelled" in (m.content or "")]
    assert private.ephemeral
    assert "Bribe #" in private.content and "of Vega against Orion" in private.content
    assert "route #1 is no longer Orion's; refund 0" in private.content, private.content
    public = "\n".join(shown(m) for m in ended.followups if not m.ephemeral)
    assert "Vega" not in public and "cancelled" not in public
