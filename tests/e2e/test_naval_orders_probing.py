"""Naming another player's force does not tell whether it exists, while the player may not
know of it.

While orders are private (`naval_orders.orders_public` off, the default) a force's
registration is hidden from the other players in the log until the turn ends. Until then a
player who names that force, in any command that acts for a force, is refused exactly as for
a name no force has: the refusal must not tell France that Britain has a squadron called so
(NO-4.10, NO-I18). Once its registration is public (the turn it was registered in has ended,
or orders are public) the refusal says it is not theirs, as before. The same holds for an
order by packet boat: its relay number. Player1 plays Britain, player2 France.
"""

from __future__ import annotations

import pytest

from tests.e2e import test_naval_orders as played
from tests.e2e.play import refused_alone
from tests.e2e.play import saved_state
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import at_sea_with_swift
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import send

navy = played.navy  # the campaign, three factions and the GM's ports

GHOST = "Eastern Squadron"  # a name no force has
# Every command that names a force France would act for: `{unit}` is the name typed.
NAMING = (
    "/navy order unit:{unit} order:cruise",
    "/navy range unit:{unit}",
    "/navy test unit:{unit} enemy_at:adjacent",
    "/navy position unit:{unit} location:6",
    "/navy forces edit name:{unit} rating:2",
    "/navy forces remove name:{unit}",
    "/navy complete unit:{unit}",
    "/navy return unit:{unit} station:Brest",
    "/navy packet packet:Courier unit:{unit} order:cruise",
    "/navy formation kind:form_fleet units:{unit}, Toulon fleet_name:Levant",
)


@pytest.fixture
async def hidden(navy):
    """Britain's Western Squadron (at sea in 5) and packet boat Swift registered in turn 1,
    orders private; France's Toulon squadron and packet boat Courier in Brest."""
    await at_sea_with_swift(navy)
    for line in (
        "/navy forces register name:Toulon kind:line location:20 ships:2xIII in_port:true",
        "/navy forces register name:Courier kind:packet location:20 ships:packet in_port:true",
    ):
        registered = await navy.slash(line, as_="player2")
        assert "is registered" in registered.embed.description, registered.text()
    return navy


@pytest.mark.parametrize("line", NAMING)
async def test_a_hidden_force_is_refused_as_a_name_no_force_has(hidden, line):
    """France names Britain's squadron, registered this turn: the refusal reads as for a
    name nobody registered, word for word, privately, nothing posted."""
    unknown = await refused_alone(hidden, line.format(unit=GHOST), "player2")
    assert unknown == f"No force named “{GHOST}” is registered (NO-4.10)."

    refused = await refused_alone(hidden, line.format(unit=WS), "player2")

    assert refused == unknown.replace(GHOST, WS)


async def test_the_name_is_echoed_as_typed(hidden):
    """The refusal repeats the name as France typed it, not as Britain registered it (the
    spelling of the registered name would give it away)."""
    typed = "/navy order unit:western SQUADRON order:cruise"
    refused = await refused_alone(hidden, typed, "player2")

    assert refused == "No force named “western SQUADRON” is registered (NO-4.10)."


async def test_once_the_turn_ends_the_force_is_known_and_not_theirs(hidden):
    """The turn's end publishes the registration: France may know the squadron now, and is
    told it is not theirs."""
    await end_turn(hidden, 1)

    refused = await refused_alone(hidden, f"/navy order unit:{WS} order:cruise", "player2")
    assert refused.startswith(f"{WS} is not your force"), refused
    ranged = await refused_alone(hidden, f"/navy range unit:{WS}", "player2")
    assert ranged.startswith(f"{WS} is not your force"), ranged


async def test_with_public_orders_the_force_is_known_at_once(navy):
    """Under `orders_public` a registration is in everyone's log at once: naming Britain's
    squadron, registered after the GM made orders public, is told it is not France's."""
    changed = await navy.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    assert not changed.ephemeral, changed.text()
    await at_sea_with_swift(navy)

    refused = await refused_alone(navy, f"/navy position unit:{WS} location:6", "player2")

    assert refused.startswith(f"{WS} is not your force"), refused


async def test_another_players_packet_order_is_refused_as_a_number_no_relay_has(hidden):
    """Britain sends Swift with a transfer to its squadron (relay #1). France marking relay #1
    arrived is refused as for relay #9, which nobody sent: neither the squadron nor the
    order by packet boat is named."""
    transfer = form(point="Channel", destination="2", port="Plymouth", via="3")
    sent = await send(hidden, "Swift", WS, "move", transfer)
    assert "(relay #1)" in sent.embed.description, sent.text()
    unknown = await refused_alone(hidden, "/navy arrived relay:9", "player2")

    refused = await refused_alone(hidden, "/navy arrived relay:1", "player2")

    assert refused == unknown.replace("#9", "#1")
    assert WS not in refused


LOOK_ALIKE = "Wеstern Squadron"  # a Cyrillic е: looks like Britain's Western Squadron
REGISTER_LOOK_ALIKE = f"/navy forces register name:{LOOK_ALIKE} kind:line location:20 ships:III"


async def test_a_gm_registering_a_look_alike_of_a_hidden_force_is_told_which(hidden):
    """NO-4.10: the GM, who reads every force, may not give France a name that looks like
    Britain's hidden squadron's, and is told which force it looks like. (France itself
    is answered as for a free name: tests/e2e/test_naval_orders_hidden_names.py.)"""
    for_france = await refused_alone(hidden, f"{REGISTER_LOOK_ALIKE} owner:France", "gm")

    assert f"looks too much like “{WS}”, another force's name" in for_france


async def test_once_public_a_look_alike_is_refused_naming_the_force(hidden):
    """After the turn's end France may know Britain's squadron: the refusal names it."""
    await end_turn(hidden, 1)

    refused = await refused_alone(hidden, REGISTER_LOOK_ALIKE, "player2")

    assert f"“{LOOK_ALIKE}” looks too much like “{WS}”, another force's name" in refused


INDIAMEN = "/navy forces register name:Indiamen kind:line location:1 ships:IV, 2 transport"


async def escort(table, convoy: str, *, as_: str = "player2") -> str:
    """Toulon (France) is given an escort of `convoy` by its form: the answer's text."""
    answer = await give(table, "Toulon", "escort", form(convoy=convoy, details=""), as_=as_)
    return answer.embed.description


async def test_an_escort_of_a_hidden_convoy_is_refused_as_of_a_name_no_force_has(hidden):
    """NO-1.1, NO-4.10: France's escort naming Britain's Indiamen, registered this turn, is
    refused as one naming a convoy nobody registered; so it is while Indiamen puts off its
    transports, with no word of when. The GM, who reads every force, is told that."""
    await hidden.slash(f"{INDIAMEN} in_port:true", as_="player1")
    unknown = await escort(hidden, "Ghost Convoy")
    assert (
        unknown
        == "“Ghost Convoy” is not a registered force with transports or merchantmen (NO-1.1)."
    )

    assert await escort(hidden, "indiamen") == unknown.replace("Ghost Convoy", "indiamen")
    await hidden.slash(
        "/navy formation kind:dissolve_convoy units:Indiamen vessels:2 transport", as_="player1"
    )
    assert await escort(hidden, "Indiamen") == unknown.replace("Ghost Convoy", "Indiamen")
    orders = await hidden.slash("/navy orders", as_="player2")
    assert "Escort" not in orders.text(), orders.text()

    by_gm = await escort(hidden, "Indiamen", as_="gm")
    assert "Indiamen is putting off all its transports and merchantmen" in by_gm, by_gm


async def test_once_public_a_convoy_is_escorted(hidden):
    """After the turn's end France may know Britain's Indiamen, and escorts it."""
    await hidden.slash(f"{INDIAMEN} in_port:true", as_="player1")
    await end_turn(hidden, 1)

    given = await escort(hidden, "Indiamen")

    assert given.startswith("New order for Toulon: Escort"), given


async def test_a_gm_dissolving_a_fleet_beside_a_hidden_force_is_told_which(hidden):
    """NO-4.10: Britain's Channel Fleet has a squadron “Tоulon” (a Cyrillic о), like France's
    Toulon registered this turn. The GM, who reads every force, is refused dissolving it
    and told which force it looks like. (Britain itself is answered as for any dissolution:
    tests/e2e/test_naval_orders_hidden_names.py.)"""
    look_alike = "Tоulon"
    await hidden.slash(
        "/navy forces register name:Channel Fleet kind:fleet location:1 in_port:true "
        f"squadrons:{look_alike} (line): 2xIII; Blue (line): 2xIV",
        as_="player1",
    )
    dissolve = "/navy formation kind:dissolve_fleet units:Channel Fleet"

    by_gm = await refused_alone(hidden, dissolve, "gm")

    assert "would become a force named too much like “Toulon”" in by_gm, by_gm


async def test_a_relay_to_a_hidden_force_stays_unknown_when_orders_turn_public(hidden):
    """Britain sends Swift to its squadron (relay #1) while orders are private; the GM then
    makes orders public. The squadron's registration is still hidden from France until the
    turn ends: France marking relay #1 arrived is refused as for relay #9, naming nothing."""
    transfer = form(point="Channel", destination="2", port="Plymouth", via="3")
    await send(hidden, "Swift", WS, "move", transfer)
    await hidden.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    unknown = await refused_alone(hidden, "/navy arrived relay:9", "player2")

    refused = await refused_alone(hidden, "/navy arrived relay:1", "player2")

    assert refused == unknown.replace("#9", "#1")
    assert WS not in refused


async def test_a_state_saved_before_disclosure_was_kept_knows_every_force(hidden):
    """A naval state saved by a release that kept no disclosure (no `disclosed` on its
    forces) loads with every force known: France is told Britain's squadron is not theirs,
    as that release told it."""

    def as_before(state):
        for force in state["forces"].values():
            del force["disclosed"]

    await saved_state(hidden, "naval_orders", as_before)

    refused = await refused_alone(hidden, f"/navy order unit:{WS} order:cruise", "player2")

    assert refused.startswith(f"{WS} is not your force"), refused
