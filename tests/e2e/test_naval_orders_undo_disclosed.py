"""An undone turn end does not hide again a force its end made known.

While orders are private a force's registration is hidden from the other players until the
turn ends; the end publishes it, and from then on they may name it (told it is not theirs,
NO-4.10, NO-I18). The GM's undo of that end reopens the turn, but the log keeps the end's
entries readable (undo never erases the log): the registration stays published, so the
force stays known to everyone. A force registered after the undo is hidden as usual.
Player1 plays Britain, player2 France.
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import newest_entry
from tests.e2e.play import refused_alone
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders_secrecy import show_text
from tests.e2e.test_undo import undo

navy = played.navy  # the campaign, three factions and the GM's ports

REGISTER = f"/navy forces register name:{WS} kind:line location:5 ships:3xIII"
NOT_YOURS = f"{WS} is not your force"


async def test_a_force_the_undone_turn_end_disclosed_stays_known(navy):
    """Britain registers its squadron in turn 1 (hidden from France); the GM ends turn 1,
    then undoes that end. France still reads the registration in `/history show`, and naming
    the squadron is told it is not France's, as after the end, not that no force has the
    name."""
    await navy.slash(REGISTER, as_="player1")
    hidden = await refused_alone(navy, f"/navy order unit:{WS} order:cruise", "player2")
    assert hidden == f"No force named “{WS}” is registered (NO-4.10)."
    await end_turn(navy, 1)

    undone = await undo(navy, "ended too early")
    assert "Turn 1 is open again" in undone.text(), undone.text()

    page = await navy.slash("/history list", as_="player2")
    shown = await navy.slash(
        f"/history show entry:{newest_entry(page, 'navy forces register')}", as_="player2"
    )
    assert "3 ships of rate III" in " ".join(show_text(shown).split())
    refused = await refused_alone(navy, f"/navy order unit:{WS} order:cruise", "player2")
    assert refused.startswith(NOT_YOURS), refused
    ranged = await refused_alone(navy, f"/navy range unit:{WS}", "player2")
    assert ranged.startswith(NOT_YOURS), ranged


async def test_france_escorts_a_convoy_the_undone_turn_end_disclosed(navy):
    """Britain's Indiamen, disclosed by turn 1's end, stays a convoy France may escort once
    that end is undone."""
    await navy.slash(
        "/navy forces register name:Indiamen kind:line location:1 ships:IV, 2 transport "
        "in_port:true",
        as_="player1",
    )
    await navy.slash(
        "/navy forces register name:Toulon kind:line location:20 ships:2xIII in_port:true",
        as_="player2",
    )
    await end_turn(navy, 1)
    await undo(navy, "ended too early")

    given = await give(navy, "Toulon", "escort", form(convoy="Indiamen", details=""), as_="player2")

    assert given.embed.description.startswith("New order for Toulon: Escort"), given.text()


async def test_a_force_registered_after_the_undo_is_hidden_until_the_turn_ends(navy):
    """Only what the undone end published stays known: Britain's Channel Fleet, registered
    in the reopened turn, is refused to France as a name no force has."""
    await navy.slash(REGISTER, as_="player1")
    await end_turn(navy, 1)
    await undo(navy, "ended too early")

    await navy.slash(
        "/navy forces register name:Channel kind:line location:6 ships:2xIV", as_="player1"
    )

    refused = await refused_alone(navy, "/navy range unit:Channel", "player2")
    assert refused == "No force named “Channel” is registered (NO-4.10)."
