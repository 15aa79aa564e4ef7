"""A player learns nothing of another player's hidden force by trying its name (NO-4.10).

While orders are private (the default) a force registered this turn is hidden from the other
players until the turn ends. France registering a force under the very name of Britain's
hidden squadron, or a name like it, gets the answer any free name gets, and plays it as its
own: France's force is kept apart from Britain's, and France and Britain each mean their own
force by the name. The GM, who sees both, tells them apart by the faction-qualified name,
`Western Squadron [France]`. The turn's end makes both known, and the later one takes that
name for good (the summary says so), so that orders, reports and battles name every force
unambiguously from then on. Player1 plays Britain, player2 France, player3 Russia.
"""

from __future__ import annotations

import pytest

from tests.e2e import test_naval_orders as played
from tests.e2e.play import refused_alone
from tests.e2e.play import saved_state
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import gm_overview

navy = played.navy  # the campaign, three factions and the GM's ports

FREE = "Eastern Squadron"  # a name no force has
FRENCH_WS = f"{WS} [France]"
LOOK_ALIKE = "Wеstern Squadron"  # a Cyrillic е
REGISTER = "/navy forces register name:{name} kind:line location:20 ships:2xIII in_port:true"
CRUISE = form(point="Biscay", location="21", turns="2")


@pytest.fixture
async def hidden(navy):
    """Britain's Western Squadron registered this turn in Portsmouth, orders private."""
    registered = await navy.slash(
        f"/navy forces register name:{WS} kind:line location:1 ships:3xIII in_port:true",
        as_="player1",
    )
    assert "is registered" in registered.embed.description, registered.text()
    return navy


async def registers(table, name: str, *, as_: str = "player2") -> str:
    """`name` registered by `as_` in Brest: the answer, which only they see."""
    answer = await table.slash(REGISTER.format(name=name), as_=as_)
    assert answer.ephemeral, answer.text()
    return text_of(answer)


@pytest.mark.parametrize("name", [WS, WS.upper(), LOOK_ALIKE])
async def test_a_hidden_forces_name_is_taken_as_a_free_one(hidden, name):
    """France registering the name of Britain's hidden squadron (any case), or one like it,
    is answered word for word as for a name nobody has; so are France's orders for it."""
    free = await registers(hidden, FREE)

    taken = await registers(hidden, name)

    assert taken == free.replace(FREE, name)
    ordered_free = await give(hidden, FREE, "cruise", CRUISE, as_="player2")
    ordered = await give(hidden, name, "cruise", CRUISE, as_="player2")
    assert text_of(ordered) == text_of(ordered_free).replace(FREE, name)


async def test_each_player_commands_their_own_force_by_the_name(hidden):
    """Britain and France each mean their own Western Squadron: France's edit and order
    reach France's, Britain's order Britain's; neither hears of the other's."""
    await registers(hidden, WS)
    edited = await hidden.slash(f"/navy forces edit name:{WS} rating:2", as_="player2")
    assert text_of(edited).startswith(
        f"{WS} (line squadron) of France is updated: officer rating +2"
    )
    assert "location 20" in text_of(edited), edited.text()
    await give(hidden, WS, "cruise", CRUISE, as_="player2")
    britain = await give(hidden, WS, "cruise", form(point="Ushant", location="5", turns="1"))

    assert "Ushant" in text_of(britain) and "Biscay" not in text_of(britain)
    french = text_of(await hidden.slash("/navy orders", as_="player2"))
    assert "Biscay" in french and "Ushant" not in french and "Britain" not in french
    british = text_of(await hidden.slash("/navy orders", as_="player1"))
    assert "Ushant" in british and "Biscay" not in british and "France" not in british


async def test_a_player_striking_off_their_force_leaves_the_other(hidden):
    """France strikes off its Western Squadron: Britain's stays, with its place."""
    await registers(hidden, WS)
    asked = await hidden.slash(f"/navy forces remove name:{WS}", as_="player2")
    await hidden.click(asked, "Remove", as_="player2")

    overview = await gm_overview(hidden)

    assert f"{WS} (Britain)" in overview and "(France)" not in overview, overview


async def test_the_gm_tells_the_two_apart_by_the_faction_qualified_name(hidden):
    """The GM reads and is offered France's squadron as `Western Squadron [France]`, and
    moves it by that name; the plain name is Britain's, registered first."""
    await registers(hidden, WS)

    overview = await gm_overview(hidden)
    assert f"{FRENCH_WS} (France), location 20:" in overview, overview
    assert f"{WS} (Britain), location 1:" in overview, overview
    offered = await hidden.autocomplete("/navy position unit:", as_="gm")
    assert sorted(c.value for c in offered) == [WS, FRENCH_WS]
    french = await hidden.autocomplete("/navy position unit:", as_="player2")
    assert [c.value for c in french] == [WS]
    await hidden.slash(f"/navy position unit:{FRENCH_WS} location:22", as_="gm")
    await hidden.slash(f"/navy position unit:{WS} location:6", as_="gm")

    mine = text_of(await hidden.slash("/navy orders", as_="player2"))
    assert f"{WS} (France), location 22:" in mine, mine
    british = text_of(await hidden.slash("/navy orders", as_="player1"))
    assert f"{WS} (Britain), location 6:" in british, british


async def test_at_the_turns_end_the_later_force_takes_its_factions_name(hidden):
    """Both forces are known once turn 1 ends: France's squadron is Western Squadron
    [France] from then on, as the summary says, and keeps its order; the plain name is
    Britain's, which France is told is not theirs."""
    await registers(hidden, WS)
    await give(hidden, WS, "cruise", CRUISE, as_="player2")

    summary = await end_turn(hidden, 1)

    assert f"{WS} is renamed {FRENCH_WS}: another force already bore that name" in summary
    orders = text_of(await hidden.slash("/navy orders", as_="player2"))
    assert FRENCH_WS in orders and "Biscay" in orders, orders
    refused = await refused_alone(hidden, f"/navy range unit:{WS}", "player2")
    assert refused.startswith(f"{WS} is not your force"), refused
    ranged = await hidden.slash(f"/navy range unit:{FRENCH_WS}", as_="player2")
    assert text_of(ranged).startswith(f"{FRENCH_WS} may move 3 locations"), ranged.text()


async def test_a_look_alike_is_renamed_too_and_a_lone_name_is_kept(hidden):
    """France's look-alike of Britain's squadron takes France's name at the turn's end;
    Russia's Eastern Squadron, which clashes with nothing, keeps its name."""
    await registers(hidden, LOOK_ALIKE)
    await registers(hidden, FREE, as_="player3")

    summary = await end_turn(hidden, 1)

    assert f"{LOOK_ALIKE} is renamed {LOOK_ALIKE} [France]" in summary, summary
    assert f"{FREE} [Russia]" not in summary
    overview = await gm_overview(hidden)
    assert f"{LOOK_ALIKE} [France]" in overview and FREE in overview, overview


async def test_once_known_the_name_is_taken(hidden):
    """After the turn's end France may know Britain's squadron: the name is refused as
    taken, as a known force's name always was."""
    await end_turn(hidden, 1)

    refused = await refused_alone(hidden, REGISTER.format(name=WS), "player2")

    assert WS in refused and "(NO-4.10)" in refused, refused


async def test_a_fleet_formed_under_a_hidden_name_takes_its_factions_name(hidden):
    """France forms a fleet it calls Western Squadron while Britain's is hidden: begun as
    under any name, the fleet made at the turn's end is Western Squadron [France]."""
    for name in ("Toulon", "Marseille"):
        await registers(hidden, name)
    begun = await hidden.slash(
        f"/navy formation kind:form_fleet units:Toulon, Marseille fleet_name:{WS}", as_="player2"
    )
    assert begun.ephemeral and "forming" in text_of(begun).lower(), begun.text()

    summary = await end_turn(hidden, 1)

    assert f"{WS} is renamed {FRENCH_WS}" in summary, summary
    overview = await gm_overview(hidden)
    assert f"{FRENCH_WS} (France), location 20" in overview, overview


async def test_a_name_a_hidden_formation_gives_is_taken_as_a_free_one(navy):
    """Britain is forming a fleet Grand Fleet, its orders private: France registering Grand
    Fleet is answered as for a free name; the turn's end makes Britain's fleet, and France's
    squadron takes France's name."""
    for name in ("Red", "Blue"):
        await navy.slash(REGISTER.format(name=name).replace("20", "1"), as_="player1")
    await navy.slash(
        "/navy formation kind:form_fleet units:Red, Blue fleet_name:Grand Fleet", as_="player1"
    )
    free = await registers(navy, FREE)

    taken = await registers(navy, "Grand Fleet")

    assert taken == free.replace(FREE, "Grand Fleet")
    summary = await end_turn(navy, 1)
    assert "Grand Fleet is renamed Grand Fleet [France]" in summary, summary


async def test_dissolving_a_fleet_beside_a_hidden_force_tells_nothing(navy):
    """France's Toulon is hidden; Britain's Channel Fleet has a squadron “Tоulon” (a
    Cyrillic о). Dissolving it begins as any dissolution; at the turn's end that squadron
    takes Britain's name."""
    look_alike = "Tоulon"
    await registers(navy, "Toulon")
    await navy.slash(
        "/navy forces register name:Channel Fleet kind:fleet location:1 in_port:true "
        f"squadrons:{look_alike} (line): 2xIII; Blue (line): 2xIV",
        as_="player1",
    )

    begun = await navy.slash(
        "/navy formation kind:dissolve_fleet units:Channel Fleet", as_="player1"
    )

    assert begun.ephemeral and text_of(begun).startswith("Channel Fleet"), begun.text()
    assert "Toulon" not in text_of(begun)
    summary = await end_turn(navy, 1)
    assert f"{look_alike} is renamed {look_alike} [Britain]" in summary, summary


INDIAMEN = "/navy forces register name:Indiamen kind:line location:{at} ships:IV, 2 transport"


async def test_an_escort_names_its_players_own_convoy_and_follows_its_new_name(hidden):
    """Britain's convoy Indiamen is hidden; France registers its own Indiamen and orders
    Toulon and Rochefort to escort it: the escorts are France's (France's Indiamen is not
    ordered to escort itself, NO-1.1). At the turn's end the convoy becomes Indiamen
    [France], and both escorts name it so."""
    await hidden.slash(INDIAMEN.format(at=1) + " in_port:true", as_="player1")
    await hidden.slash(INDIAMEN.format(at=20) + " in_port:true", as_="player2")
    await registers(hidden, "Toulon")
    await registers(hidden, "Rochefort")
    escorted = await give(
        hidden, "Toulon", "escort", form(convoy="Indiamen", details=""), as_="player2"
    )
    assert text_of(escorted).startswith("New order for Toulon: Escort"), escorted.text()
    itself = await give(
        hidden, "Indiamen", "escort", form(convoy="Indiamen", details=""), as_="player2"
    )
    assert itself.ephemeral and text_of(itself).startswith("Indiamen cannot escort itself"), (
        itself.text()
    )
    second = await give(
        hidden, "Rochefort", "escort", form(convoy="Indiamen", details=""), as_="player2"
    )
    assert text_of(second).startswith("New order for Rochefort: Escort"), second.text()

    await end_turn(hidden, 1)

    orders = text_of(await hidden.slash("/navy orders", as_="player2"))
    assert orders.count("Escort the transport flotilla Indiamen [France] with") == 2, orders
    refused = await refused_alone(hidden, "/navy forces remove name:Indiamen [France]", "player2")
    assert "Toulon" in refused, refused


async def test_a_state_saved_before_names_were_kept_apart_plays_on(hidden):
    """A naval state saved by a release that kept no faction-qualified names (no `clash`
    on its forces) loads and plays on: France takes the hidden name as a free one, and the
    turn's end renames France's force."""

    def as_before(state):
        for force in state["forces"].values():
            force.pop("clash", None)

    await saved_state(hidden, "naval_orders", as_before)
    free = await registers(hidden, FREE)

    taken = await registers(hidden, WS)

    assert taken == free.replace(FREE, WS)
    summary = await end_turn(hidden, 1)
    assert f"{WS} is renamed {FRENCH_WS}" in summary, summary


async def test_a_player_cannot_reach_their_force_by_its_qualified_name(hidden):
    """France's Western Squadron is kept apart as Western Squadron [France], but France is
    never told so: that name is free to France (registered as any free name is, a new
    force), and naming it reaches no force of France's."""
    await registers(hidden, WS)
    free = await refused_alone(hidden, f"/navy range unit:{FREE}", "player2")

    unreached = await refused_alone(hidden, f"/navy range unit:{FRENCH_WS}", "player2")

    assert unreached == free.replace(FREE, FRENCH_WS)
    assert await registers(hidden, FRENCH_WS) == (await registers(hidden, FREE)).replace(
        FREE, FRENCH_WS
    )
    mine = text_of(await hidden.slash("/navy orders", as_="player2"))
    assert mine.count(" (France), location 20") == 3, mine


async def test_the_gm_re_registering_by_the_qualified_name_keeps_the_players_name(hidden):
    """The GM corrects France's squadron by the name they are offered, Western Squadron
    [France]: France still knows it as Western Squadron, and commands it by that name."""
    await registers(hidden, WS)

    await hidden.slash(
        f"/navy forces register name:{FRENCH_WS} kind:line location:21 ships:4xIII "
        "in_port:false owner:France",
        as_="gm",
    )

    mine = text_of(await hidden.slash("/navy orders", as_="player2"))
    assert f"{WS} (France), location 21:" in mine and "[France]" not in mine, mine
    ranged = await hidden.slash(f"/navy range unit:{WS}", as_="player2")
    assert text_of(ranged).startswith(f"{WS} may move"), ranged.text()
    overview = await gm_overview(hidden)
    assert f"{FRENCH_WS} (France), location 21:" in overview, overview


async def test_a_longest_name_renamed_still_fits_a_command(navy):
    """Britain's hidden squadron and France's bear the longest name a command takes: the
    name France's takes at the turn's end is shortened to fit, and France commands it."""
    longest = "Squadron of the " + "Western Approaches " * 4
    longest = (longest + "x" * 80)[:80]
    await navy.slash(REGISTER.format(name=longest).replace("20", "1"), as_="player1")
    await registers(navy, longest)
    qualified = f"{longest[: 80 - len(' [France]')].rstrip()} [France]"

    summary = await end_turn(navy, 1)

    assert f"is renamed {qualified}" in summary, summary
    assert len(qualified) <= 80
    ranged = await navy.slash(f"/navy range unit:{qualified}", as_="player2")
    assert text_of(ranged).startswith(f"{qualified} may move"), ranged.text()


async def test_a_qualified_name_another_player_took_gives_a_numbered_one(hidden):
    """Russia names its squadron Western Squadron [France] while France's Western Squadron
    is kept apart under that name: at the turn's end France's takes Western Squadron
    [France 2], and no two forces share a name."""
    await registers(hidden, WS)
    await registers(hidden, FRENCH_WS, as_="player3")

    summary = await end_turn(hidden, 1)

    assert f"{WS} is renamed {WS} [France 2]" in summary, summary
    overview = await gm_overview(hidden)
    assert f"{WS} [France 2] (France), location 20:" in overview, overview
    assert f"{FRENCH_WS} (Russia), location 20:" in overview, overview
    assert f"{WS} (Britain), location 1:" in overview, overview
    ranged = await hidden.slash(f"/navy range unit:{WS} [France 2]", as_="player2")
    assert text_of(ranged).startswith(f"{WS} [France 2] may move"), ranged.text()


async def test_a_force_whose_namesake_is_gone_keeps_its_name(hidden):
    """Britain strikes off its hidden Western Squadron before the turn ends: France's keeps
    its name, and the GM reads and is offered it by that name alone."""
    await registers(hidden, WS)
    asked = await hidden.slash(f"/navy forces remove name:{WS}", as_="player1")
    await hidden.click(asked, "Remove", as_="player1")

    summary = await end_turn(hidden, 1)

    assert "renamed" not in summary, summary
    overview = await gm_overview(hidden)
    assert f"{WS} (France), location 20:" in overview and "[France]" not in overview, overview
    offered = await hidden.autocomplete("/navy position unit:", as_="gm")
    assert [c.value for c in offered] == [WS]
