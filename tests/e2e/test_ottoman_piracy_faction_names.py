"""Ottoman piracy reads a faction's name as every other command does: any case, or the
start only one faction's name has; an unknown or ambiguous name gets the one refusal every
command gives.

Player1 plays the Ottomans, player2 the Habsburgs, player3 France (in Russian).
"""

from __future__ import annotations

from .test_core_refusals_text import refusal


async def test_a_gm_names_the_faction_of_a_power_by_the_start_of_its_name(seated):
    """`faction:habs` is the Habsburgs, as `/campaign` and the other rulesets read it."""
    reply = await seated.slash("/corsairs power power:venice faction:habs", as_="gm")

    assert not reply.ephemeral, reply.text()
    status = await seated.slash("/corsairs status", as_="gm")
    assert "Venice: Habsburgs (@player2)" in status.text()


async def test_a_target_named_by_the_start_of_its_players_faction_name(seated):
    """`target:Fra` names France's power through the faction that plays it; a power's own
    name still wins over a faction's."""
    seated.script_dice([1, 1, 1])

    reply = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:Fra corsairs:1", as_="player1"
    )

    assert not reply.ephemeral, reply.text()
    assert "target: France" in reply.embed.description


async def test_an_ambiguous_or_unknown_faction_gets_the_one_refusal(seated):
    """A start two factions share names neither; nothing changes."""
    await seated.slash("/campaign join faction:Habsburg Spain", as_="gm")

    said = await refusal(seated, "/corsairs power power:venice faction:habs")

    assert said == (
        "There is no faction “habs” in this campaign. "
        "Factions: France, Habsburg Spain, Habsburgs, Ottomans."
    )
    said = await refusal(seated, "/corsairs power power:venice faction:Genoese")
    assert said.startswith("There is no faction “Genoese” in this campaign.")
    status = await seated.slash("/corsairs status", as_="gm")
    assert "Venice: " not in status.text()


async def test_a_new_power_refused_for_the_ottomans_faction_is_named_as_typed(seated):
    """OP-I2: the Ottomans' faction cannot also play a new power; the refusal names that
    power as the GM typed it, not by its key ("atlantis_kingdom")."""
    said = await refusal(seated, "/corsairs power power:Atlantis Kingdom faction:Ottomans")

    assert said.startswith(
        "The faction Ottomans cannot play both the Ottomans and Atlantis Kingdom: "
    ), said
