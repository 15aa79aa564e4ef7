"""Space pirates through Discord, what a play-test in English met: contacts looked up
without being cleared (SP-7.1, SP-10.2), a dismissal asked first (SP-I35), a GM's force
redrawn with its outcome (SP-I45), a GM registering a route for its one owner (SP-I5), the
texts of refusals, of planets without troops (SP-4.10) and of a recall's 1d6 (SP-10.8), and
a buy-off answered by command told once (SP-I34).

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.confirming import clicked_by
from tests.e2e.play import labels
from tests.e2e.play import refused_alone
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_review import _upkeep_waits as upkeep_waits

pirates = base.pirates
after_a_raid = base.after_a_raid


def description(shown) -> str:
    return "\n".join(e.get("description") or "" for e in shown.embeds)


async def test_contacts_without_an_option_are_shown_and_kept(after_a_raid):
    """SP-7.1: `/pirates contacts` alone shows Vega her contacts, privately, and changes
    nothing: Orion may still bribe against her; `/pirates status` lists them too."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Orion", as_="player1")

    shown = await table.slash("/pirates contacts", as_="player1")

    assert shown.ephemeral, shown.text()
    assert "Vega has contact with: Orion" in shown.text(), shown.text()
    assert "no longer" not in shown.text()
    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    assert "A raid on Vega costs 50 %" in quote.embed.description, quote.text()
    status = await table.slash("/pirates status", as_="player2")
    assert "\nContacts: Vega\n" in status.embed.description, status.text()


async def test_contacts_are_cleared_by_a_dash_only(after_a_raid):
    """SP-7.1: `factions:-` clears Vega's contacts, for everyone to read, and says which
    contact went on both sides; her status then says she has none."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")

    cleared = await table.slash("/pirates contacts factions:-", as_="player1")

    assert not cleared.ephemeral, cleared.text()
    assert cleared.embed.description.startswith("Vega has contact with: —"), cleared.text()
    assert "so Orion no longer has contact with Vega either" in cleared.embed.description
    refused = await refused_alone(table, "/pirates bribe victim:Vega", as_="player2")
    assert "You have no contact with Vega" in refused, refused
    status = await table.slash("/pirates status", as_="player1")
    assert "Contacts: none (/pirates contacts)" in status.embed.description, status.text()


async def test_a_dismissal_is_asked_first_and_only_its_player_confirms(after_a_raid):
    """SP-I35: dismissing asks privately first (Confirm / Cancel); Orion's click is refused,
    Vega's ends the contract for everyone to read, and a second click changes nothing."""
    table = after_a_raid
    quote = await table.slash("/pirates mercenaries hire value:1000", as_="player1")
    await table.click(quote, "Confirm", as_="player1")

    asked = await table.slash("/pirates mercenaries dismiss contract:1", as_="player1")

    assert asked.ephemeral, asked.text()
    assert labels(asked) == ["Confirm", "Cancel"], labels(asked)
    assert "End mercenary contract #1" in asked.embed.description, asked.text()
    status = await table.slash("/pirates status", as_="player1")
    assert "Mercenary contract #1" in status.embed.description, status.text()
    refused = await clicked_by(table, asked, "Confirm", as_="player2")
    assert refused.ephemeral and "player1" in refused.text(), refused.text()
    done = await table.click(asked, "Confirm", as_="player1")
    assert "Contract #1 dismissed" in done.embed.description, done.text()
    assert labels(done) == []  # no second click
    public = done.followups[0]
    assert not public.ephemeral
    assert "Contract #1 dismissed" in description(public)
    status = await table.slash("/pirates status", as_="player1")
    assert "Mercenary contract #1" not in status.embed.description, status.text()


async def test_a_dismissal_cancelled_keeps_the_contract(after_a_raid):
    table = after_a_raid
    quote = await table.slash("/pirates mercenaries hire value:1000", as_="player1")
    await table.click(quote, "Confirm", as_="player1")
    asked = await table.slash("/pirates mercenaries dismiss contract:1", as_="player1")

    cancelled = await table.click(asked, "Cancel", as_="player1")

    assert cancelled.ephemeral and "Cancelled" in cancelled.text(), cancelled.text()
    status = await table.slash("/pirates status", as_="player1")
    assert "Mercenary contract #1" in status.embed.description, status.text()


async def test_a_dismissal_that_settles_a_waiting_upkeep_is_asked_first_too(after_a_raid):
    """SP-I35: the question says the waiting upkeep is ended too; confirmed, the upkeep's
    question is settled as answered with the command."""
    table = after_a_raid
    ended, contract, _ = await upkeep_waits(table)
    question = question_of(ended, "Pay 200")

    asked = await table.slash(f"/pirates mercenaries dismiss contract:{contract}", as_="player1")

    assert asked.ephemeral and labels(asked) == ["Confirm", "Cancel"], asked.text()
    assert "its upkeep of 200 is not paid" in asked.embed.description, asked.text()
    assert labels(message(table, question.id)) == ["Pay 200", "End the contract"]
    refused = await clicked_by(table, asked, "Confirm", as_="player2")
    assert refused.ephemeral, refused.text()
    done = await table.click(asked, "Confirm", as_="player1")
    assert f"Vega ends mercenary contract #{contract}; the ships leave" in (
        done.embed.description
    ), done.text()
    assert labels(done) == []
    text = description(message(table, question.id))
    assert text.startswith("Vega answered with /pirates mercenaries dismiss."), text
    assert labels(message(table, question.id)) == []


async def test_a_forced_default_redraws_the_gms_question_with_the_outcome(after_a_raid):
    """SP-I45: once Force is clicked, the GM's private question reads what was forced."""
    table = after_a_raid
    _, contract, _ = await upkeep_waits(table)
    listed = await table.slash("/pirates force", as_="gm")

    forced = await table.click(listed, "Force 1 answer", as_="gm")

    text = forced.text()
    assert forced.ephemeral and "Force the default for" not in text, text
    assert forced.embed.title == "Forced: 1 question", forced.embed.title
    assert f"Vega pays 200 upkeep: contract #{contract} runs on" in text, text
    assert labels(forced) == []


async def test_a_gm_registers_a_route_for_its_one_owner(pirates):
    """SP-I5: `owners:Orion` alone names whose route it is; with no owner named, the GM is
    told how to name it."""
    added = await pirates.slash(
        "/pirates route add name:Gold Line goods:2350 owners:Orion", as_="gm"
    )

    assert not added.ephemeral, added.text()
    routes = await pirates.slash("/pirates routes", as_="gm")
    assert "Gold Line" in routes.embed.description and "Orion 100%" in routes.embed.description
    refused = await refused_alone(pirates, "/pirates route add name:Nowhere goods:5", as_="gm")
    assert refused == (
        "As a GM, add faction: to say whose route this is, e.g. faction:Lyra, "
        "or name its owners, e.g. owners:Lyra."
    ), refused


async def test_range_and_ship_refusals_read_as_sentences(pirates):
    """SP-1.5, SP-I10: a range error starts with a capital in both languages; ships
    without a class say that a class is missing."""
    goods = await refused_alone(pirates, "/pirates route add name:Nowhere goods:-5", as_="player1")
    assert goods == "Goods income must be between 0 and 1000000000, not -5 (SP-1.5).", goods
    russian = await refused_alone(pirates, "/pirates route add name:Нигде goods:-1", as_="player3")
    assert (
        russian == "Доход от товаров: значение должно быть от 0 до 1000000000, а не -1 (SP-1.5)."
    ), russian
    troops = await refused_alone(
        pirates, "/pirates planet add name:Бета income:5 troops:-3", as_="player3"
    )
    assert troops.startswith("Войска: значение должно быть от 0 до"), troops
    ships = await refused_alone(
        pirates, "/pirates route add name:Nowhere goods:5 ships:police, destroyer", as_="player1"
    )
    assert ships.startswith("“police” names no ship class:"), ships
    assert "at most" not in ships


async def test_a_planet_without_troops_says_what_a_plunder_takes(pirates):
    """SP-4.10: no troops, so neither covering nor avoiding applies."""
    bare = await pirates.slash("/pirates planet add name:Beta income:500", as_="player1")
    held = await pirates.slash("/pirates planet add name:Tau income:500 troops:2", as_="player1")

    text = bare.embed.description
    assert "troops avoid" not in text and "troops cover" not in text, text
    assert "troops 0, buildings 1, no troops: a plunder takes all its income" in text, text
    assert "troops avoid the pirates" in held.embed.description


async def test_an_offer_answered_by_command_tells_its_story_once(pirates):
    """SP-I34: the question redrawn tells the story; the command's reply names the outcome
    and links to it."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    asked = question_of(await end_turn(pirates, 1), "Pay 600")
    number = asked.buttons[0].custom_id.split(":")[2]

    answered = await pirates.slash(f"/pirates offer number:{number} pay:true", as_="player1")

    assert answered.embed.title == "Vega buys the raid off", answered.embed.title
    assert "Shown in full in [the question](" in answered.embed.description
    assert "bought off for 600" not in answered.embed.description, answered.text()
    assert "bought off for 600" in description(message(pirates, asked.id))
