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


async def test_a_late_return_stops_the_count_until_the_force_is_back(navy):
    """NO-I14, NO-I15: the squadron cruising 4 turns in location 5 attacks into 6 on arrival
    in turn 1 (1 of 4) and is still in 6 at the end of turn 2, its turn of returning, which
    counts (2 of 4): it is late, and its player is told that its turns away no longer count.
    Turn 3, still in 6, does not count (2 of 4, where it used to say 3); back in 5 in turn 4
    it counts again (3 of 4), and the cruise is complete after turn 5, not turn 4."""
    await attack_from_the_zone_on_arrival(navy, "cruise", "4", [3])
    assert "(1 of 4 turns)" in await end_turn(navy, 1)

    second = await end_turn(navy, 2)
    assert "(2 of 4 turns)" in second
    assert "Western Squadron (Britain) has not returned to its zone by turn 2: late" in second
    assert (
        "Western Squadron: its turns away from location 5 from turn 3 on do not count toward "
        "its order; only the turn of the attack and the turns of the way back within the "
        "deadline do."
    ) in " ".join(second.split())
    assert "NO-I14" in second.rsplit("Rules: ", 1)[1]

    third = await end_turn(navy, 3)
    assert "(2 of 4 turns)" in third, third
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    fourth = await end_turn(navy, 4)
    assert (
        "• Western Squadron: executing its order; Cruising in location No. 5 (3 of 4 turns)"
    ) in fourth
    assert "completed its order" not in fourth
    fifth = await end_turn(navy, 5)
    assert "Western Squadron completed its order “Cruising” after 4 turns" in fifth
