"""Through Discord: an order brought by packet boat to a force whose cruise ends that turn
is carried out as the cruise ends; the force is not sent home to a station for orders it
already has (NO-3.3, NO-4.3, NO-I7).

Player1 plays Britain; the GM's ports are those of test_naval_orders.py: Portsmouth (1,
naval station), Plymouth (2), Brest (20). The Western Squadron cruises in location 5, and
the packet boat Swift carries it a raid in location 7.
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import REGISTER_WS
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import gm_overview
from tests.e2e.test_naval_orders import send

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports

RAID_TEXT = "to location No. 7, for 1 turn.”"


async def cruising_with_a_raid_arrived_in_turn_2(navy, turns: str) -> None:
    """Turn 1: the squadron arrives in 5 to cruise `turns` turns. Turn 2: Swift brings it a
    raid in 7 (relay #1), registered as arrived: it takes effect from turn 4 (NO-I7)."""
    await navy.slash(REGISTER_WS, as_="player1")
    await navy.slash(
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
        as_="player1",
    )
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns=turns))
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    await end_turn(navy, 1)
    await send(navy, "Swift", WS, "raid", form(point="Biscay", location="7", turns="1"))
    await navy.slash("/navy position unit:Swift location:5", as_="player1")
    arrived = await navy.slash("/navy arrived relay:1", as_="player1")
    assert "takes effect from turn 4" in text_of(arrived)


async def test_a_packet_order_due_as_the_cruise_ends_takes_effect_without_a_return(navy):
    """The cruise's third turn is turn 3, and the raid takes effect from turn 4: the summary
    says the cruise is complete and the raid follows, not that the squadron returns to the
    nearest naval station nor that its player must name one; it raids from turn 4."""
    await cruising_with_a_raid_arrived_in_turn_2(navy, "3")
    await end_turn(navy, 2)

    third = await end_turn(navy, 3)

    assert "Western Squadron completed its order “Cruising” after 3 turns" in third
    assert "the order brought by packet boat (relay #1) takes effect from turn 4" in third
    assert "returns to the nearest naval station" not in third
    assert "names the nearest naval station" not in third
    assert (
        "• Western Squadron: executing its order; Raiding in location No. 7 "
        "(not yet in its location)"
    ) in third
    overview = await gm_overview(navy)
    assert RAID_TEXT in overview and "returning" not in overview


async def test_a_cruise_ending_in_the_packets_arrival_turn_waits_for_its_order(navy):
    """The cruise's second and last turn is turn 2, when the raid arrives: turn 3 is the
    relay turn. The squadron is not sent home to a station: it waits in 5 for the raid,
    which takes effect from turn 4, as the packet's reply said."""
    await cruising_with_a_raid_arrived_in_turn_2(navy, "2")

    second = await end_turn(navy, 2)

    assert "Western Squadron completed its order “Cruising” after 2 turns" in second
    assert "returns to the nearest naval station" not in second
    assert "names the nearest naval station" not in second
    assert "no order until turn 4, then Raiding" in second
    refused = await navy.slash(f"/navy return unit:{WS} station:Portsmouth", as_="player1")
    assert f"{WS} is not returning to a naval station" in text_of(refused)
    third = await end_turn(navy, 3)
    assert "the order brought by packet boat (relay #1) takes effect from turn 4" in third
    assert (
        "• Western Squadron: executing its order; Raiding in location No. 7 "
        "(not yet in its location)"
    ) in third


async def transfer_brought_while_cruising(navy, turns: int) -> None:
    """Turn 1: the squadron arrives in 5 to cruise `turns` turns. Turn 2: Swift brings it a
    transfer to Portsmouth via 6 (relay #1), registered as arrived (in force from turn 4)."""
    await navy.slash(REGISTER_WS, as_="player1")
    await navy.slash(
        "/navy forces register name:Swift kind:packet location:1 ships:packet in_port:true",
        as_="player1",
    )
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns=str(turns)))
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    await end_turn(navy, 1)
    transfer = form(point="Channel", destination="1", port="Portsmouth", via="6")
    await send(navy, "Swift", WS, "move", transfer)
    await navy.slash("/navy position unit:Swift location:5", as_="player1")
    await navy.slash("/navy arrived relay:1", as_="player1")


async def cruise_ended_waiting_for_a_transfer(navy) -> None:
    """A 2-turn cruise with the transfer brought in turn 2: the cruise is complete at turn
    2's end and the squadron waits in 5 for the transfer."""
    await transfer_brought_while_cruising(navy, 2)
    second = await end_turn(navy, 2)
    assert "no order until turn 4, then Transfer" in second, second


async def test_a_force_whose_awaited_packet_order_lapses_returns_to_a_station(navy):
    """NO-4.3, NO-I7, NO-I16: in the relay turn the squadron sails to 6, the transfer's
    only intermediate location, so the transfer cannot take effect there and lapses. Its
    cruise carried out and no order left, the squadron is not left at sea without one: the
    summary says it returns to the nearest naval station and that its player names it; the
    player then names Portsmouth (refused while it waited)."""
    await cruise_ended_waiting_for_a_transfer(navy)
    await navy.slash(f"/navy position unit:{WS} location:6", as_="player1")

    third = " ".join((await end_turn(navy, 3)).split())

    assert "the order brought by packet boat (relay #1, “Transfer”) cannot take effect" in third
    assert (
        "Western Squadron has carried out its order and has no other: it must return to the "
        "nearest naval station for supplies and new orders."
    ) in third, third
    assert "The player of Western Squadron names the nearest naval station" in third
    assert "• Western Squadron: returning to the nearest naval station; no order" in third
    assert "goes on as before" not in third
    named = await navy.slash(f"/navy return unit:{WS} station:Portsmouth", as_="player1")
    assert "Western Squadron returns to naval station Portsmouth" in text_of(named)


async def test_a_force_whose_awaited_packet_order_lapses_in_a_station_stays_its_layover(navy):
    """NO-2.11, NO-4.3: in the relay turn the squadron enters Portsmouth, the transfer's
    end port, so the transfer (which would end where it starts) lapses: the squadron is back
    at a naval station after its cruise, and spends turn 4 there in layover."""
    await cruise_ended_waiting_for_a_transfer(navy)
    await navy.slash(f"/navy position unit:{WS} location:1 in_port:true", as_="player1")

    third = " ".join((await end_turn(navy, 3)).split())

    assert "it must return to the nearest naval station for supplies and new orders" in third
    assert "names the nearest naval station" not in third
    assert "Western Squadron is back at naval station Portsmouth" in third, third
    assert "• Western Squadron: in port replenishing (layover)" in third
    fourth = await end_turn(navy, 4)
    assert "• Western Squadron: awaiting orders" in fourth, fourth


async def test_moving_a_force_waiting_for_its_packet_order_says_it_lapses_and_it_returns(navy):
    """NO-3.3, NO-4.3, NO-I7: reported in 6, the transfer's only intermediate location, in
    the relay turn, the squadron is told in the position's answer, before the turn's end,
    that the transfer could not take effect there and lapses at turn 3's end unless it is
    recorded elsewhere, and that, its cruise carried out, it then returns to the nearest
    naval station. Reported back in 5, where the transfer can take effect, it is not."""
    await cruise_ended_waiting_for_a_transfer(navy)

    moved = await navy.slash(f"/navy position unit:{WS} location:6", as_="player1")

    told = " ".join(text_of(moved).split())
    assert moved.ephemeral
    assert (
        "Where Western Squadron is now, the order brought by packet boat (relay #1, "
        "“Transfer”) could not take effect: An intermediate location of a transfer lies on its "
        "way, not at its start: Western Squadron is already at location 6."
    ) in told, told
    assert (
        "Unless Western Squadron is recorded elsewhere by the end of turn 3, that order lapses "
        "then; Western Squadron has carried out its order and has no other, so it must then "
        "return to the nearest naval station for supplies and new orders"
    ) in told, told
    back = await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    assert "could not take effect" not in text_of(back), text_of(back)
    third = await end_turn(navy, 3)
    assert "the order brought by packet boat (relay #1) takes effect from turn 4" in third


async def test_moving_a_cruising_force_where_its_packet_order_lapses_says_so(navy):
    """NO-3.3, NO-4.3, NO-I7: still cruising in 5 (3 turns), the squadron has a transfer via
    6 brought by packet boat in turn 2; reported in 6 that turn, it is told the transfer
    lapses at turn 3's end unless it is recorded elsewhere, that it goes on cruising, and
    that a cruise carried out without the transfer sends it back to a naval station."""
    await transfer_brought_while_cruising(navy, 3)

    moved = await navy.slash(f"/navy position unit:{WS} location:6", as_="player1")

    told = " ".join(text_of(moved).split())
    assert "the order brought by packet boat (relay #1, “Transfer”) could not take effect" in told
    assert (
        "Unless Western Squadron is recorded elsewhere by the end of turn 3, that order lapses "
        "then. Western Squadron goes on with its order “Cruising”; if that is carried out where "
        "the order brought by packet boat cannot take effect, or after that order has lapsed, "
        "Western Squadron must return to the nearest naval station"
    ) in told, told
