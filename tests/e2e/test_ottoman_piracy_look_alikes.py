"""Ottoman piracy against names that only look right: a sea zone or a power written with a
Cyrillic letter or a small `L` for a capital `I`, and an impulse of a power that does not
exist. Each is refused to the one who typed it, and nothing changes.

Player1 plays the Ottomans, player2 the Habsburgs (at war with the Ottomans), player3
France (in Russian). Faces are scripted: anti-piracy roll, piracy roll.
"""

from __future__ import annotations

import pytest

from .play import refused_alone

IONIAN_WITH_A_CYRILLIC_A = "Ionian Se\u0430"
HAPSBURGS_WITH_A_CYRILLIC_A = "H\u0430psburgs"


@pytest.mark.parametrize("zone", [IONIAN_WITH_A_CYRILLIC_A, "lonian Sea"])
async def test_a_zone_that_only_looks_like_a_used_one_gets_no_second_piracy(seated, zone):
    """OP-1.4, OP-I3: piracy in the Ionian Sea marks it for the turn; the same zone typed
    with a Cyrillic `а` or a small `L` is not a new zone with a marker of its own: refused,
    naming the zone it looks like, and the turn keeps its one marker."""
    seated.script_dice([1, 1])
    first = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2", as_="player1"
    )
    assert not first.ephemeral, first.text()
    seated.script_dice([1, 1])

    said = await refused_alone(
        seated, f"/corsairs piracy zone:{zone} target:hapsburg corsairs:2", "player1"
    )

    assert said.startswith(f"“{zone}” looks too much like the sea zone Ionian Sea"), said
    assert said.endswith("(OP-1.4).")
    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("Piracy markers this turn") == "Ionian Sea (1 piracy)"


async def test_a_zone_of_the_players_own_is_told_apart_only_by_its_spelling(seated):
    """OP-1.4: a zone off the map ("Pirate Cove") is taken as typed and marked; a look-alike
    of it with a Cyrillic `о` is refused as a look-alike of that zone, not marked anew."""
    seated.script_dice([1, 1])
    await seated.slash(
        "/corsairs piracy zone:Pirate Cove target:hapsburg corsairs:2", as_="player1"
    )
    seated.script_dice([1, 1])

    said = await refused_alone(
        seated, "/corsairs piracy zone:Pirate C\u043eve target:hapsburg corsairs:2", "player1"
    )

    assert said.startswith("“Pirate C\u043eve” looks too much like the sea zone Pirate Cove")
    status = await seated.slash("/corsairs status", as_="gm")
    assert "Pirate C\u043eve" not in status.text()


async def test_a_new_power_that_looks_like_a_known_one_is_refused(seated):
    """`/corsairs power` registers a power the map does not have (a house rule's), but not
    one that reads as the Hapsburgs: it would be a second "Hapsburgs" in every list,
    and piracy could be declared on either. Nothing is registered."""
    said = await refused_alone(
        seated, f"/corsairs power power:{HAPSBURGS_WITH_A_CYRILLIC_A} player:@player3", "gm"
    )

    assert said == (
        f"“{HAPSBURGS_WITH_A_CYRILLIC_A}” looks too much like the power Hapsburgs: name that "
        "power as it is written, or give a new power a name no one can mistake for it."
    )
    status = await seated.slash("/corsairs status", as_="gm")
    assert HAPSBURGS_WITH_A_CYRILLIC_A not in status.text()


async def test_a_look_alike_of_a_registered_house_power_is_refused_in_russian(seated):
    """A house power ("Knights of Rhodes") registered, its look-alike with a Cyrillic `К` is
    refused too; player3, made a GM, reads the refusal in their own language, Russian."""
    await seated.slash("/corsairs power power:Knights of Rhodes player:@player3", as_="gm")
    await seated.slash("/campaign gm add user:@player3", as_="gm")

    said = await refused_alone(
        seated, "/corsairs power power:\u041anights of Rhodes player:@player3", "player3"
    )

    assert said.startswith(
        "«\u041anights of Rhodes» слишком похоже на название державы «Knights of Rhodes»"
    ), said


@pytest.mark.parametrize("power", ["Atlantis", HAPSBURGS_WITH_A_CYRILLIC_A])
async def test_an_impulse_of_an_unknown_power_is_refused_and_frees_no_card(seated, power):
    """OP-5.5, OP-I12: a card stolen in the Ottoman impulse is locked until the next one. An
    impulse typed for a power nobody registered (or a look-alike of one) is refused as
    /corsairs war refuses it: the Ottoman impulse goes on and the card stays locked."""
    seated.script_dice([6, 1])  # no anti-piracy dice: the piracy roll, then the card's d4
    asked = await seated.slash(
        "/corsairs piracy zone:Aegean Sea target:hapsburg corsairs:1 hand:4", as_="player1"
    )
    seated.script_dice([2])
    await seated.click(asked, "Give a random card", as_="player2")

    said = await refused_alone(seated, f"/corsairs impulse power:{power}", "gm")

    assert said.startswith(f"Unknown power “{power}”. Known: England, France"), said
    status = await seated.slash("/corsairs status", as_="gm")
    assert status.embed.field("Impulse") == "1: Ottomans"
    assert "cannot be played until the next impulse" in status.embed.field("Stolen cards")
