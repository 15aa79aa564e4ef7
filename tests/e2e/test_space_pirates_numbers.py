"""The numbers a newcomer reads are the ones the commands take (SP-I34, SP-I35, SP-I45):
the buy-off offer `/turn status` names is answered by `/pirates offer` with that number,
`/pirates status` lists the player's open offers and running contracts with their numbers,
autocomplete offers them, and a number that finds nothing says which ones there are.

Player1 plays Vega, player2 Orion. Faces are scripted in the order the engine rolls them.
"""

from __future__ import annotations

import re

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

pirates = base.pirates


async def offer_waiting(table) -> int:
    """Vega's open route is raided at the end of turn 1 (d20 1, 1d6 3: one raider); the
    offer's number as `/turn status` shows it."""
    await table.slash("/pirates route add name:Open goods:160", as_="player1")
    table.script_dice([1, 3])
    ended = await end_turn(table, 1)
    question_of(ended, "Pay 15")
    status = await table.slash("/turn status", as_="player1")
    waiting = flat(" ".join(f.value for f in status.embed.fields))
    found = re.search(r"buy-off offer #(\d+) \(route raid, Open, 15\)", waiting)
    assert found, waiting
    return int(found.group(1))


async def test_the_offer_number_turn_status_shows_is_what_pirates_offer_takes(pirates):
    """SP-I34, SP-I45: `/pirates status` lists the offer by the number `/turn status`
    shows; autocomplete offers it; `/pirates offer` with it refuses the buy-off as the
    button does (the raid goes on); a wrong number says which offers are open."""
    number = await offer_waiting(pirates)

    status = await pirates.slash("/pirates status", as_="player1")
    shown = flat(status.embed.description)
    assert (
        f"Waiting for your answer: Vega has not answered the buy-off offer #{number} "
        "(route raid, Open, 15) — answer with its buttons or /pirates offer"
    ) in shown, shown
    offered = await pirates.autocomplete("/pirates offer number:", as_="player1")
    assert [(c.name, c.value) for c in offered] == [
        (f"#{number}: Open, buy-off price 15 (Vega)", number)
    ]
    assert await pirates.autocomplete("/pirates offer number:", as_="player2") == []
    assert number != 15
    priced = await pirates.slash("/pirates offer number:15 pay:True", as_="player1")
    assert priced.ephemeral
    assert (
        f"15 is the price of buy-off offer #{number}, not its number: to answer it, "
        f"give number:{number}"
    ) in flat(priced.text())

    wrong = await pirates.slash(f"/pirates offer number:{number + 50} pay:False", as_="player1")
    assert wrong.ephemeral
    assert (
        f"There is no open buy-off offer or mercenary upkeep #{number + 50} for you; "
        f"open ones: #{number}"
    ) in flat(wrong.text())
    stolen = await pirates.slash(f"/pirates offer number:{number} pay:True", as_="player2")
    assert stolen.ephemeral and "This question is for Vega." in stolen.text()

    answered = await pirates.slash(f"/pirates offer number:{number} pay:False", as_="player1")
    assert not answered.ephemeral, answered.text()
    assert answered.embed.title == "Pirates raid Open", answered.text()
    assert "Shown in full in [the question](" in answered.embed.description
    linked = re.search(r"/(\d+)\)", answered.embed.description)  # the question's message
    assert linked is not None, answered.embed.description
    asked = message(pirates, int(linked.group(1)))
    assert "Vega: Open raided: 160 income lost, streak 1" in flat(asked.text())
    after = await pirates.slash("/pirates status", as_="player1")
    assert "Waiting for your answer" not in after.embed.description


async def test_a_contract_number_that_finds_nothing_names_the_running_ones(pirates):
    """SP-I35: the contract is #N (contracts are numbered on their own); `/pirates status`
    lists it, autocomplete offers it, and a number that is no contract is refused naming
    the running contracts."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 6])  # value 300: the pool of turn 2 is 100
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, "Refuse"), "Refuse", as_="player1")
    quote = await pirates.slash("/pirates mercenaries hire value:100", as_="player1")
    hired = await pirates.click(quote, "Confirm", as_="player1")
    contract = int(re.search(r"Contract #(\d+) signed", hired.text()).group(1))

    status = await pirates.slash("/pirates status", as_="player1")
    assert f"contract #{contract}" in status.embed.description.lower(), status.text()
    offered = await pirates.autocomplete("/pirates mercenaries dismiss contract:", as_="player1")
    assert [c.value for c in offered] == [contract]
    listed = await pirates.autocomplete("/pirates base assault contracts:", as_="player1")
    assert [c.value for c in listed] == [str(contract)]

    refused = await pirates.slash("/pirates mercenaries dismiss contract:99", as_="player1")
    assert refused.ephemeral
    assert (
        f"Vega has no running mercenary contract #99; theirs: #{contract} "
        "(/pirates status lists them)"
    ) in flat(refused.text())
