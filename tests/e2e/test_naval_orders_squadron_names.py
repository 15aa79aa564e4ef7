"""A fleet's squadron names are checked where they are given (NO-2.7, NO-I3, NO-4.10).

Each squadron becomes a force of its name when its fleet is dissolved, so a squadron may not
bear, or look like, the name of another force its player may know of: registering or
editing the fleet says so at once, rather than the dissolution turns later. A hidden force's
name is answered as any free name is, so that trying squadron names tells nothing of it.
Player1 plays Britain, player2 France.
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import refused_alone
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import end_turn

navy = played.navy  # the campaign, three factions and the GM's ports

TOULON = "/navy forces register name:Toulon kind:line location:20 ships:2xIII in_port:true"
FLEET = (
    "/navy forces register name:Channel Fleet kind:fleet location:1 in_port:true "
    "squadrons:{name} (line): 2xIII; Blue (line): 2xIV"
)
TAKEN = (
    "The squadron “Toulon” bears the name of another force: each squadron becomes a force "
    "of its name when the fleet is dissolved, so give it a name no other force has (NO-4.10)."
)


async def test_a_squadron_named_like_a_known_force_is_refused_at_once(navy):
    """France's Toulon is known after turn 1: Britain's fleet with a squadron Toulon, or
    Tоulon with a Cyrillic о, is refused when registered, naming the clash."""
    await navy.slash(TOULON, as_="player2")
    await end_turn(navy, 1)

    refused = await refused_alone(navy, FLEET.format(name="Toulon"), "player1")
    assert refused == TAKEN, refused
    alike = await refused_alone(navy, FLEET.format(name="Tоulon"), "player1")
    assert alike.startswith("The squadron “Tоulon” looks too much like “Toulon”"), alike
    overview = text_of(await navy.slash("/navy orders", as_="player1"))
    assert "Channel Fleet" not in overview, overview


async def test_an_edit_naming_a_new_squadron_so_is_refused(navy):
    """Britain's fleet is registered with Red and Blue; France's Toulon is known. Editing
    the squadrons to Toulon and Blue is refused."""
    await navy.slash(TOULON, as_="player2")
    await navy.slash(FLEET.format(name="Red"), as_="player1")
    await end_turn(navy, 1)

    refused = await refused_alone(
        navy,
        "/navy forces edit name:Channel Fleet squadrons:Toulon (line): 2xIII; Blue (line): 2xIV",
        "player1",
    )

    assert refused == TAKEN, refused


async def test_a_hidden_forces_name_is_taken_as_a_free_squadron_name(navy):
    """France's Toulon is registered this turn, hidden from Britain: Britain's fleet with a
    squadron Toulon is answered word for word as with a free name."""
    await navy.slash(TOULON, as_="player2")
    free = text_of(await navy.slash(FLEET.format(name="Nantes"), as_="player1"))
    asked = await navy.slash("/navy forces remove name:Channel Fleet", as_="player1")
    await navy.click(asked, "Remove", as_="player1")

    taken = text_of(await navy.slash(FLEET.format(name="Toulon"), as_="player1"))

    assert taken == free.replace("Nantes", "Toulon"), taken
