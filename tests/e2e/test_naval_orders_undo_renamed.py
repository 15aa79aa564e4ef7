"""An undone turn end does not take back a rename everyone was told of (NO-4.10).

France's Western Squadron was kept apart from Britain's hidden one of that name; turn 1's
end made both known and renamed France's Western Squadron [France], and said so in the
summary and in France's ping. The GM's undo of that end reopens the turn, but the log keeps
the summary readable (undo never erases the log): France's squadron keeps the name everyone
was told, its orders and the escorts naming it follow, and the turn's end, played again,
does not rename it nor announce it a second time. Player1 plays Britain, player2 France.
"""

from __future__ import annotations

import pytest

from tests.e2e import test_naval_orders as played
from tests.e2e.play import refused_alone
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import gm_overview
from tests.e2e.test_undo import undo

navy = played.navy  # the campaign, three factions and the GM's ports

FRENCH_WS = f"{WS} [France]"
REGISTER = "/navy forces register name:{name} kind:line location:{at} ships:{ships} in_port:true"


@pytest.fixture
async def renamed(navy):
    """Britain's Western Squadron and France's, registered in turn 1 while orders are
    private; turn 1's end renamed France's, and the GM undid that end."""
    await navy.slash(REGISTER.format(name=WS, at=1, ships="3xIII"), as_="player1")
    await navy.slash(REGISTER.format(name=WS, at=20, ships="2xIII"), as_="player2")
    summary = await end_turn(navy, 1)
    assert f"{WS} is renamed {FRENCH_WS}" in summary, summary
    undone = await undo(navy, "ended too early")
    assert "Turn 1 is open again" in undone.text(), undone.text()
    return navy


async def test_the_renamed_force_keeps_the_name_everyone_was_told(renamed):
    """After the undo France commands its squadron by the name the summary gave it, Britain
    is told it is not theirs, and the plain name is Britain's alone."""
    ranged = await renamed.slash(f"/navy range unit:{FRENCH_WS}", as_="player2")
    assert text_of(ranged).startswith(f"{FRENCH_WS} may move 3 locations"), ranged.text()
    mine = text_of(await renamed.slash("/navy orders", as_="player2"))
    assert f"{FRENCH_WS} (France), location 20" in mine, mine
    refused = await refused_alone(renamed, f"/navy range unit:{WS}", "player2")
    assert refused.startswith(f"{WS} is not your force"), refused
    british = await refused_alone(renamed, f"/navy range unit:{FRENCH_WS}", "player1")
    assert british.startswith(f"{FRENCH_WS} is not your force"), british


async def test_the_turns_end_played_again_does_not_rename_it_twice(renamed):
    """France orders its squadron after the undo; the turn's end played again neither
    renames it nor pings France about a rename, and the order stands."""
    await give(
        renamed, FRENCH_WS, "cruise", form(point="Biscay", location="21", turns="2"), as_="player2"
    )

    summary = await end_turn(renamed, 1)

    assert "renamed" not in summary, summary
    assert f"{FRENCH_WS}: executing its order; Cruising" in summary, summary
    overview = await gm_overview(renamed)
    assert f"{FRENCH_WS} (France), location 20" in overview, overview
    assert f"{WS} (Britain), location 1" in overview, overview


async def test_an_escort_given_before_the_undo_names_the_new_name(navy):
    """France's Toulon was ordered, before turn 1 ended, to escort France's Indiamen, kept
    apart from Britain's: the end renamed the convoy and the escort with it. After the undo
    the escort still names Indiamen [France], the convoy's name."""
    indiamen = "/navy forces register name:Indiamen kind:line location:{at} ships:IV, 2 transport"
    await navy.slash(indiamen.format(at=1) + " in_port:true", as_="player1")
    await navy.slash(indiamen.format(at=20) + " in_port:true", as_="player2")
    await navy.slash(REGISTER.format(name="Toulon", at=20, ships="2xIII"), as_="player2")
    await give(navy, "Toulon", "escort", form(convoy="Indiamen", details=""), as_="player2")
    await end_turn(navy, 1)

    await undo(navy, "ended too early")

    orders = text_of(await navy.slash("/navy orders", as_="player2"))
    assert "Escort the transport flotilla Indiamen [France] with" in orders, orders
    refused = await refused_alone(navy, "/navy forces remove name:Indiamen [France]", "player2")
    assert "Toulon" in refused, refused


async def test_a_numbered_name_is_kept_too(navy):
    """Russia named its squadron Western Squadron [France], so turn 1's end renamed France's
    Western Squadron [France 2]: after the undo France commands it by that name, and the
    turn's end played again keeps it so without a word. Britain, who read both names in the
    summary, is told each is not theirs."""
    await navy.slash(REGISTER.format(name=WS, at=1, ships="3xIII"), as_="player1")
    await navy.slash(REGISTER.format(name=WS, at=20, ships="2xIII"), as_="player2")
    await navy.slash(REGISTER.format(name=FRENCH_WS, at=20, ships="IV"), as_="player3")
    assert f"{WS} is renamed {WS} [France 2]" in await end_turn(navy, 1)

    await undo(navy, "ended too early")

    ranged = await navy.slash(f"/navy range unit:{WS} [France 2]", as_="player2")
    assert text_of(ranged).startswith(f"{WS} [France 2] may move"), ranged.text()
    for named in (f"{WS} [France 2]", FRENCH_WS):  # both read in the summary
        refused = await refused_alone(navy, f"/navy range unit:{named}", "player1")
        assert refused.startswith(f"{named} is not your force"), refused
    summary = await end_turn(navy, 1)
    assert "renamed" not in summary, summary
    overview = await gm_overview(navy)
    assert f"{WS} [France 2] (France), location 20" in overview, overview
    assert f"{FRENCH_WS} (Russia), location 20" in overview, overview


async def test_a_fleet_made_and_renamed_by_the_undone_end_is_made_under_the_told_name(navy):
    """France formed a fleet it called Western Squadron while Britain's was hidden; turn 1's
    end made it and renamed it Western Squadron [France]. Once that end is undone and played
    again, the fleet is made under the name the summary told, and nothing is renamed."""
    await navy.slash(REGISTER.format(name=WS, at=1, ships="3xIII"), as_="player1")
    for name in ("Toulon", "Marseille"):
        await navy.slash(REGISTER.format(name=name, at=20, ships="2xIII"), as_="player2")
    await navy.slash(
        f"/navy formation kind:form_fleet units:Toulon, Marseille fleet_name:{WS}", as_="player2"
    )
    assert f"{WS} is renamed {FRENCH_WS}" in await end_turn(navy, 1)
    await undo(navy, "ended too early")

    summary = await end_turn(navy, 1)

    assert "renamed" not in summary, summary
    assert f"Fleet formed: {FRENCH_WS}" in summary, summary
    overview = await gm_overview(navy)
    assert f"{FRENCH_WS} (France), location 20" in overview, overview


async def test_a_formation_renamed_under_way_keeps_the_told_name(navy):
    """Formations take two turns. France's Grand Fleet was registered first; Britain began
    forming a fleet of that name, and turn 1's end renamed it Grand Fleet [Britain]. Once
    that end is undone and played again, nothing is renamed, and turn 2's end makes the
    fleet under the told name."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.formation_turns value:2", as_="gm"
    )
    await navy.slash(REGISTER.format(name="Grand Fleet", at=20, ships="2xIII"), as_="player2")
    for name in ("Red", "Blue"):
        await navy.slash(REGISTER.format(name=name, at=1, ships="2xIII"), as_="player1")
    await navy.slash(
        "/navy formation kind:form_fleet units:Red, Blue fleet_name:Grand Fleet", as_="player1"
    )
    assert "Grand Fleet is renamed Grand Fleet [Britain]" in await end_turn(navy, 1)
    await undo(navy, "ended too early")

    again = await end_turn(navy, 1)

    assert "renamed" not in again, again
    made = await end_turn(navy, 2)
    assert "Fleet formed: Grand Fleet [Britain]" in made and "renamed" not in made, made


async def test_undoing_an_edit_of_a_dissolving_fleet_restores_its_squadron_names(navy):
    """Formations take two turns. Britain dissolves its Channel Fleet of squadrons Toulon and
    Green, then renames them Alpha and Beta by an edit; the GM undoes the edit (no turn end,
    no rename anyone was told of): the fleet gives Toulon and Green again, so Toulon is a
    name taken and Alpha a free one."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.formation_turns value:2", as_="gm"
    )
    fleet = (
        "/navy forces {verb} name:Channel Fleet {where}"
        "squadrons:{a} (line): 2xIII; {b} (line): 2xIV"
    )
    await navy.slash(
        fleet.format(
            verb="register", where="kind:fleet location:1 in_port:true ", a="Toulon", b="Green"
        ),
        as_="player1",
    )
    await navy.slash("/navy formation kind:dissolve_fleet units:Channel Fleet", as_="player1")
    await navy.slash(fleet.format(verb="edit", where="", a="Alpha", b="Beta"), as_="player1")

    await undo(navy, "wrong squadrons")

    refused = await refused_alone(
        navy, REGISTER.format(name="Toulon", at=1, ships="2xIII"), "player1"
    )
    assert "Toulon" in refused and "already taken" in refused, refused
    alpha = await navy.slash(REGISTER.format(name="Alpha", at=1, ships="2xIII"), as_="player1")
    assert text_of(alpha).startswith("Alpha (line squadron) of Britain is registered"), alpha.text()
