"""A force the GM registers for a player while orders are private is a hidden entry of the
GM's making, recorded for the player's faction: that player reads it in full (privately),
as they would had they registered it themselves; the other players still read only who
made it, when, for which faction, and its commitment. The GM's station distances are
hidden from the players the same way until the turn ends (they tell where a force may be).

Player1 plays Britain, player2 France, player3 Russia (in Russian).
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import newest_entry
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders_secrecy import show_text
from tests.e2e.test_naval_orders_secrecy import verified

navy = played.navy  # the campaign: three factions and the GM's ports

REGISTER_FOR_BRITAIN = (
    "/navy forces register name:Frigates kind:auxiliary location:14 "
    "ships:2xV, VI jury rating:2 owner:Britain"
)
REGISTERED = "Frigates (auxiliary squadron) of Britain is registered"
MAKEUP = "officer rating +2, 2 ships of rate V, 1 ship of rate VI"
HIDDEN_REGISTER = "🔒 A force's registration (its ships and place), hidden until the turn ends"
DISTANCES = "/navy station distances location:17 distances:Portsmouth: 3, Brest: 4"
HIDDEN_TEST = "🔒 A command test and its dice, hidden until the turn ends"
HIDDEN_DISTANCES = "🔒 The distances from a location to the naval stations, hidden until"


async def test_the_faction_a_gm_registers_a_force_for_reads_it_in_full(navy):
    """Britain's player reads the GM's registration of their Frigates in the list and in
    the entry, privately; France's player reads only the hidden line, publicly."""
    registered = await navy.slash(REGISTER_FOR_BRITAIN, as_="gm")
    assert registered.ephemeral

    page = await navy.slash("/history list", as_="player1")
    assert page.ephemeral
    assert REGISTERED in " ".join(page.embed.description.split())
    shown = await navy.slash(
        f"/history show entry:{newest_entry(page, 'navy forces register')}", as_="player1"
    )
    assert shown.ephemeral
    text = " ".join(show_text(shown).split())
    assert MAKEUP in text and "location 14, at sea" in text

    other = await navy.slash("/history list", as_="player2")
    assert not other.ephemeral
    assert HIDDEN_REGISTER in other.embed.description
    assert "Frigates" not in other.embed.description
    seen = await navy.slash(
        f"/history show entry:{newest_entry(other, 'navy forces register')}", as_="player2"
    )
    assert not seen.ephemeral
    text = show_text(seen)
    assert "commitment `" in text and "Britain" in text
    for word in ("Frigates", "rate V", "location 14"):
        assert word not in text, word


async def test_the_gms_registration_for_a_player_is_published_at_the_turns_end(navy):
    """The turn's end publishes it for everyone, and the log verifies."""
    await navy.slash(REGISTER_FOR_BRITAIN, as_="gm")
    await end_turn(navy, 1)
    page = await navy.slash("/history list", as_="player3")
    assert not page.ephemeral
    shown = await navy.slash(
        f"/history show entry:{newest_entry(page, 'navy forces register')}", as_="player3"
    )
    assert "2 ships of rate V" in " ".join(show_text(shown).split())
    assert (await verified(navy)).startswith("✅ The log is intact")


async def test_station_distances_are_hidden_from_the_players_until_the_turns_end(navy):
    """The GM's distances from location 17 (where a force may be returning from) are read by
    the GM alone until the turn ends: the players read that distances were recorded and
    the commitment, neither the location nor the distances."""
    saved = await navy.slash(DISTANCES, as_="gm")
    assert saved.ephemeral

    for reader in ("player1", "player2"):
        page = await navy.slash("/history list", as_=reader)
        assert not page.ephemeral, reader
        assert HIDDEN_DISTANCES in page.embed.description, reader
        shown = await navy.slash(
            f"/history show entry:{newest_entry(page, 'navy station distances')}", as_=reader
        )
        text = show_text(shown)
        for word in ("Location 17", "Portsmouth", "Brest"):
            assert word not in text, (reader, word)
    gm = await navy.slash("/history list", as_="gm")
    assert gm.ephemeral and "Portsmouth" in gm.embed.description

    await end_turn(navy, 1)
    after = await navy.slash("/history list", as_="player2")
    assert "Portsmouth" in after.embed.description
    assert (await verified(navy)).startswith("✅ The log is intact")


async def test_a_russian_campaign_tells_of_hidden_distances_in_russian(navy):
    """In a Russian campaign the players read the hidden line in Russian."""
    await navy.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await navy.slash(DISTANCES, as_="gm")
    listed = (await navy.slash("/history list", as_="player3")).embed.description
    assert "🔒 Расстояния от локации до военно-морских станций, скрытые до конца хода" in listed


async def test_the_command_test_a_gm_takes_for_a_force_is_its_factions_to_read(navy):
    """NO-I8: the GM takes the Western Squadron's command test for Britain while orders are
    private. The entry is recorded for Britain, the force's faction: Britain's player reads
    the test and its die in the log, privately, as had they taken it; France's player reads
    only the hidden line."""
    await navy.slash(played.REGISTER_WS, as_="player1")
    await played.give(
        navy, played.WS, "cruise", played.form(point="Ushant", location="5", turns="2")
    )
    await navy.slash(f"/navy position unit:{played.WS} location:5", as_="player1")
    navy.script_dice([5])
    tested = await navy.slash(f"/navy test unit:{played.WS} enemy_at:adjacent", as_="gm")
    assert tested.ephemeral and "Command test of Western Squadron" in text_of(tested)

    page = await navy.slash("/history list", as_="player1")
    assert page.ephemeral
    shown = await navy.slash(
        f"/history show entry:{newest_entry(page, 'navy test')}", as_="player1"
    )
    assert shown.ephemeral
    assert "Command test of Western Squadron (Cruising): 1d6 → 5." in " ".join(
        show_text(shown).split()
    )

    other = await navy.slash("/history list", as_="player2")
    assert HIDDEN_TEST in other.embed.description and "Western" not in other.embed.description
