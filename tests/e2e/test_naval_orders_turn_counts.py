"""Through Discord: how the turn's end counts a cruise or raid whose force attacks (NO-I14).

Player1 plays Britain; the GM's ports are those of test_naval_orders.py: Portsmouth (1,
naval station), Plymouth (2), Brest (20). The Western Squadron (rating +1, one rate-V ship)
cruises or raids in location 5; location 6 is adjacent to it.
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.test_naval_orders import REGISTER_WS
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports


async def attack_from_the_zone_on_arrival(navy, order: str, turns: str, faces: list[int]) -> None:
    """Turn 1: the squadron, ordered to `order` in location 5, arrives there, passes its
    command test against an enemy (a convoy) in the adjacent location 6 and ends the turn
    there."""
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, order, form(point="Ushant", location="5", turns=turns))
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    navy.script_dice(faces)
    tested = await navy.slash(
        f"/navy test unit:{WS} enemy_at:adjacent enemy_has_transports:true", as_="player1"
    )
    assert "success" in tested.text(), tested.text()
    await navy.slash(f"/navy position unit:{WS} location:6", as_="player1")


async def test_a_cruise_counts_the_turn_it_arrives_and_attacks_from_its_zone(navy):
    """NO-I14: the squadron arrives in its cruising location 5 in turn 1 and attacks into 6
    the same turn. The turn of arrival is a turn spent away on an authorised attack, and it
    counts (1 of 3); the turn of returning counts too (2 of 3), and the cruise is complete
    after its third turn, not a turn late."""
    await attack_from_the_zone_on_arrival(navy, "cruise", "3", [3])

    first = await end_turn(navy, 1)

    assert "Western Squadron starts cruising in location 5." in first
    assert "(1 of 3 turns)" in first
    assert "must head back to location 5 from turn 2" in first
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    second = await end_turn(navy, 2)
    assert "(2 of 3 turns)" in second
    third = await end_turn(navy, 3)
    assert "Western Squadron completed its order “Cruising” after 3 turns" in third


async def test_a_raid_rolls_its_duration_the_turn_it_arrives_and_attacks(navy):
    """NO-I13, NO-I14: a raiding squadron that attacks a convoy in the adjacent location on
    the turn it arrives has started raiding: its d3 is rolled at that turn's end, and the
    turn counts."""
    await attack_from_the_zone_on_arrival(navy, "raid", "1", [6, 6])
    navy.script_dice([2])

    first = await end_turn(navy, 1)

    assert "Western Squadron starts raiding: 1 ordered + d3 (2) = 3 turns." in first
    assert "(1 of 3 turns)" in first
    assert navy.faces is not None and navy.faces.pending == []
