"""Through Discord: an order the packet boat brought shows as arrived (NO-I7); a cruise the
GM ends at sea sends the force back to the nearest naval station (NO-4.3, NO-I16); the
player naming that station is told the GM's confirming command, and `/navy orders` shows
the station; a repair sent by packet names it, never a blank (NO-1.1).

Player1 plays Britain, player3 Russia; the GM's ports are those of test_naval_orders.py:
Portsmouth (1, naval station), Plymouth (2), Brest (20).
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import flat_text_of
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import at_sea_with_swift
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import gm_overview
from tests.e2e.test_naval_orders import send
from tests.e2e.test_naval_orders import transfer_by_packet

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports


async def test_an_order_the_packet_boat_brought_shows_as_arrived_in_navy_orders(navy):
    """NO-2.9, NO-I7: after /navy arrived in turn 1, the player's /navy orders says the
    transfer has arrived and takes effect from turn 3, no longer that it is on its way."""
    await transfer_by_packet(navy)
    before = flat_text_of(await navy.slash("/navy orders", as_="player1"))
    assert "On its way by packet boat Swift (relay #1)" in before

    await navy.slash("/navy arrived relay:1", as_="player1")

    after = flat_text_of(await navy.slash("/navy orders", as_="player1"))
    assert "On its way" not in after
    assert "Brought by packet boat Swift (relay #1), arrived; takes effect from turn 3: “" in after


async def test_a_cruise_the_gm_ends_at_sea_returns_and_the_station_is_named_and_confirmed(navy):
    """NO-4.3, NO-I16: the GM gives the Western Squadron at sea a cruise and ends it the same
    turn: it is returning to the nearest naval station. Its player names Portsmouth and is
    told the GM's command; /navy orders shows it as named, then, once the GM gives that
    command, as confirmed. A repair sent to it by packet boat names Portsmouth, not "…"."""
    await at_sea_with_swift(navy)
    await give(navy, WS, "cruise", form(point="Scilly", location="14", turns="1"), as_="gm")

    completed = await navy.slash(f"/navy complete unit:{WS}", as_="gm")

    assert (
        f"{WS} now returns to the nearest naval station. Its player names it with /navy "
        "return, and a GM naming it with /navy return confirms it."
    ) in flat_text_of(completed)
    assert f"{WS} (Britain), location 5: returning to the nearest naval station" in flat_text_of(
        await navy.slash("/navy orders", as_="player1")
    )
    named = await navy.slash(f"/navy return unit:{WS} station:Portsmouth", as_="player1")
    assert f"/navy return unit:{WS} station:Portsmouth" in flat_text_of(
        named
    ) and "the GM confirms it is the nearest by giving the same command" in flat_text_of(named)
    assert (
        "Returning to naval station Portsmouth, as its player named it; the GM has yet to "
        "confirm it is the nearest."
    ) in flat_text_of(await navy.slash("/navy orders", as_="player1"))

    await navy.slash(f"/navy return unit:{WS} station:Portsmouth", as_="gm")

    assert (
        "Returning to naval station Portsmouth, confirmed by the GM as the nearest."
    ) in flat_text_of(await navy.slash("/navy orders", as_="player1"))
    await end_turn(navy, 1)  # one new order a turn (NO-I2): the cruise was turn 1's
    sent = await send(navy, "Swift", WS, "repair", form(details="Careen the hulls"))
    told = flat_text_of(sent)
    assert (
        "at naval station Portsmouth, to which the force is returning — Careen the hulls.”"
    ) in told
    assert (
        f"“Repair” takes effect only if {WS} is at a naval station by then, such as "
        "Portsmouth, to which it is returning."
    ) in told
    assert "…" not in told and "…" not in await gm_overview(navy)


async def test_navy_return_for_a_force_not_returning_says_what_to_do_in_russian(navy):
    """NO-I16: in a Russian campaign, /navy return for a squadron awaiting orders at sea is
    refused with its status and what to do instead."""
    await navy.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await navy.slash(
        "/navy forces register name:Baltic kind:line location:31 ships:2xIII", as_="player3"
    )

    refused = await navy.slash("/navy return unit:Baltic station:Portsmouth", as_="player3")

    told = flat_text_of(refused)
    assert "Соединение «Baltic» не возвращается на морскую станцию" in told
    assert "Сейчас соединение «Baltic» ожидает приказов." in told
    assert "/флот_приказы покетбот" in told


RANGE = (
    "“{typed}” is no location number: location numbers are whole numbers from 0 to 999999, "
    "at most 6 digits (NO-3.3)."
)


async def test_a_station_named_by_a_number_out_of_range_is_refused_naming_the_range(navy):
    """NO-3.3, NO-I16: the Western Squadron returns to the nearest naval station; its player
    names station -1, then 1000000: each is refused privately naming the range of location
    numbers (it used to be told only that no port or station is registered there), and the
    squadron still waits for its station. So is a construction order for station −3 (a
    typographic minus) and the GM taking station 0000001 off the list; station 1 is
    Portsmouth, named by its location, and the return to it is recorded."""
    await at_sea_with_swift(navy)
    await give(navy, WS, "cruise", form(point="Scilly", location="14", turns="1"), as_="gm")
    await navy.slash(f"/navy complete unit:{WS}", as_="gm")

    for typed in ("-1", "1000000"):
        refused = await navy.slash(f"/navy return unit:{WS} station:{typed}", as_="player1")
        assert refused.ephemeral
        assert flat_text_of(refused) == RANGE.format(typed=typed), refused.text()
    build = await navy.slash("/navy order unit:−3 order:build", as_="player1")
    assert build.ephemeral and flat_text_of(build) == RANGE.format(typed="−3"), build.text()
    removed = await navy.slash("/navy station remove name:0000001", as_="gm")
    assert removed.ephemeral, removed.text()
    assert flat_text_of(removed) == RANGE.format(typed="0000001"), removed.text()
    unknown = await navy.slash(f"/navy return unit:{WS} station:7", as_="player1")
    assert flat_text_of(unknown) == ("No port or naval station “7” is registered (NO-3.3)."), (
        unknown.text()
    )
    assert f"{WS} (Britain), location 5: returning to the nearest naval station" in flat_text_of(
        await navy.slash("/navy orders", as_="player1")
    )

    named = await navy.slash(f"/navy return unit:{WS} station:1", as_="player1")

    assert "returns to naval station Portsmouth" in flat_text_of(named), named.text()
    assert "Returning to naval station Portsmouth, as its player named it" in flat_text_of(
        await navy.slash("/navy orders", as_="player1")
    )


async def test_a_station_number_out_of_range_is_refused_in_russian(navy):
    """NO-3.3: Russia's player orders construction at station 1234567: refused privately in
    Russian, naming the range."""
    refused = await navy.slash("/navy order unit:1234567 order:build", as_="player3")

    assert refused.ephemeral
    assert flat_text_of(refused) == (
        "«1234567» не может быть номером локации: номера локаций — целые числа от 0 до "
        "999999, не длиннее 6 цифр (NO-3.3)."
    ), refused.text()
