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


KALMAR = (
    "/navy forces register name:{name} kind:fleet location:3 "
    "squadrons:Red (line): 2xIII; Blue (auxiliary): 3xV"
)


async def test_a_squadron_named_as_another_fleets_squadron_is_refused_at_once(navy):
    """Britain's fleet Kalmar has squadrons Red and Blue. A second fleet with a squadron Red
    would be refused dissolving for good once Kalmar is dissolved: it is refused when
    registered, naming Kalmar's squadron, and nothing is registered."""
    await navy.slash(KALMAR.format(name="Kalmar"), as_="player1")

    refused = await refused_alone(navy, KALMAR.format(name="Kalmar2"), "player1")

    assert refused == (
        "The squadron “Red” is named, or looks too much like, “Red”, a squadron of the fleet "
        "Kalmar: each squadron becomes a force of its name when its fleet is dissolved, so "
        "give it a name no other force or squadron has (NO-4.10)."
    ), refused
    overview = text_of(await navy.slash("/navy orders", as_="player1"))
    assert "Kalmar2" not in overview, overview


async def test_a_force_named_as_a_fleets_squadron_is_refused_at_once(navy):
    """France's fleet Kalmar, known after turn 1, has a squadron Red: Britain's new force Red
    is refused when registered (the GM's too), as is Rеd with a Cyrillic е."""
    await navy.slash(KALMAR.format(name="Kalmar"), as_="player2")
    await end_turn(navy, 1)

    refused = await refused_alone(
        navy, "/navy forces register name:Red kind:line location:3 ships:2xIII", "player1"
    )
    alike = await refused_alone(
        navy, "/navy forces register name:Rеd kind:line location:3 ships:2xIII", "player1"
    )
    by_gm = await refused_alone(
        navy,
        "/navy forces register name:Red kind:line location:3 ships:2xIII owner:Britain",
        "gm",
    )

    assert refused == (
        "The name “Red” is, or looks too much like, “Red”, a squadron of the fleet Kalmar: "
        "that squadron becomes a force of its name when the fleet is dissolved, so give this "
        "force another name (NO-4.10)."
    ), refused
    assert alike.startswith("The name “Rеd” is, or looks too much like, “Red”"), alike
    assert by_gm == refused, by_gm
    overview = text_of(await navy.slash("/navy orders", as_="player1"))
    assert "Red" not in overview, overview


async def test_a_hidden_fleets_squadron_name_is_taken_as_a_free_name(navy):
    """France's fleet Kalmar is registered this turn, hidden from Britain: Britain's force Red
    is answered word for word as a free name is (a fleet's squadron Red too: below)."""
    await navy.slash(KALMAR.format(name="Kalmar"), as_="player2")
    line = "/navy forces register name:{name} kind:line location:3 ships:2xIII"
    free = text_of(await navy.slash(line.format(name="Green"), as_="player1"))
    taken = text_of(await navy.slash(line.format(name="Red"), as_="player1"))

    assert taken == free.replace("Green", "Red"), taken


async def test_a_fleet_whose_squadron_name_was_taken_since_says_how_to_dissolve_it(navy):
    """France's fleet Kalmar and Britain's fleet Kalmar2 both got a squadron Red in turn 1,
    each hidden from the other. France dissolves Kalmar, so a force Red exists: Britain's
    dissolving of Kalmar2 is refused naming its own squadron and the edit that frees it;
    after the rename Kalmar2 is dissolved."""
    await navy.slash(KALMAR.format(name="Kalmar"), as_="player2")
    await navy.slash(KALMAR.format(name="Kalmar2"), as_="player1")
    await end_turn(navy, 1)
    await navy.slash("/navy formation kind:dissolve_fleet units:Kalmar", as_="player2")
    dissolve = "/navy formation kind:dissolve_fleet units:Kalmar2"

    await end_turn(navy, 2)
    refused = await refused_alone(navy, dissolve, "player1")
    await navy.slash(
        "/navy forces edit name:Kalmar2 squadrons:Gota (line): 2xIII; Svea (auxiliary): 3xV",
        as_="player1",
    )
    begun = await navy.slash(dissolve, as_="player1")
    summary = await end_turn(navy, 3)

    expected = (
        "Kalmar2 cannot be dissolved yet: its squadron “Red” would become a force of a name "
        "another force already bears. Rename the squadron first (/navy forces edit "
        "name:Kalmar2 squadrons:…), then dissolve the fleet (NO-4.10)."
    )
    assert refused == expected, refused
    assert "cannot" not in text_of(begun), text_of(begun)
    assert "Kalmar2 dissolved into Gota, Svea." in summary, summary
