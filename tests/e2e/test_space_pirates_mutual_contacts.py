"""SP-7.1, SP-10.2: contact is established between two factions, so it goes both ways:
Vega declaring contact with Orion lets Orion bribe the pirates against Vega too, a state
saved when only one side had declared it reads the same, and dropping a contact drops it on
both sides.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import refused_alone
from tests.e2e.play import saved_state

pirates = base.pirates
after_a_raid = base.after_a_raid


async def test_contact_declared_by_one_side_serves_the_other(after_a_raid):
    """Vega declares contact with Orion; the answer says Orion has contact with Vega too,
    and Orion's bribe against Vega is quoted, not refused."""
    table = after_a_raid

    declared = await table.slash("/pirates contacts factions:Orion", as_="player1")

    assert declared.embed.description.startswith("Vega has contact with: Orion")
    assert "so Orion has contact with Vega too" in declared.embed.description
    assert "each of these" not in declared.embed.description
    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    assert "A raid on Vega costs 50 %" in quote.embed.description, quote.text()


async def test_contacts_with_several_factions_are_listed(after_a_raid):
    """Vega declares contact with Orion and Lyra, then clears both: the answers list them
    as several factions."""
    table = after_a_raid

    declared = await table.slash("/pirates contacts factions:Orion, Lyra", as_="player1")
    cleared = await table.slash("/pirates contacts factions:-", as_="player1")

    text = declared.embed.description
    assert "each of these has contact with Vega too: Orion, Lyra" in text, text
    text = cleared.embed.description
    assert "each of these no longer has contact with Vega either: Orion, Lyra" in text, text


async def test_a_russian_reader_is_told_in_which_option_contacts_are_named(after_a_raid):
    """SP-7.1: Lyra's player, who reads Russian, asks for the contacts: the answer says the
    list goes «в параметре фракции:», as a Russian text names an option to type."""
    shown = await after_a_raid.slash("/pirates contacts", as_="player3")

    assert shown.embed.description == (
        "Контакты фракции «Lyra»: —\nЧтобы изменить их, укажите весь список в параметре "
        "фракции: (например, фракции:Orion, Lyra); фракции:- очищает его."
    )


async def test_a_contact_saved_on_one_side_only_serves_both(after_a_raid):
    """An earlier release kept Vega's contact with Orion on Vega's side alone: Orion may
    still bribe against Vega."""
    table = after_a_raid

    def one_way(state):
        state["players"].setdefault("Vega", {})["contacts"] = ["Orion"]
        state["players"].setdefault("Orion", {})["contacts"] = []

    await saved_state(table, "space_pirates", one_way)

    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    assert "A raid on Vega costs 50 %" in quote.embed.description, quote.text()


async def test_dropping_a_contact_drops_it_for_both(after_a_raid):
    """Orion declared contact with Vega; Vega then clears her contacts: the answer says
    Orion no longer has contact with Vega, and Orion's bribe is refused."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")

    cleared = await table.slash("/pirates contacts factions:-", as_="player1")

    assert "so Orion no longer has contact with Vega either" in cleared.embed.description, (
        cleared.text()
    )
    assert "each of these" not in cleared.embed.description
    refused = await refused_alone(table, "/pirates bribe victim:Vega", as_="player2")
    assert "You have no contact with Vega" in refused, refused
