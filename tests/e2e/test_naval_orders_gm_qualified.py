"""The GM's replies name a force kept apart by the name the GM tells it apart by (NO-4.10).

While France's Western Squadron is kept apart from Britain's hidden one, the GM reads and
types it as Western Squadron [France]; the plain name is Britain's to the GM. So the GM's
replies about France's squadron name it Western Squadron [France], and an order the GM
gives it through the form reaches France's squadron, not Britain's. France still reads its
own replies under the name it gave. Player1 plays Britain, player2 France.
"""

from __future__ import annotations

import pytest

from tests.e2e import test_naval_orders as played
from tests.e2e.play import newest_entry
from tests.e2e.play import refused_alone
from tests.e2e.play import text_of
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import send

navy = played.navy  # the campaign, three factions and the GM's ports

FRENCH_WS = f"{WS} [France]"
REGISTER = "/navy forces register name:{name} kind:line location:{at} ships:2xIII in_port:true"


@pytest.fixture
async def kept_apart(navy):
    """Britain's and France's Western Squadrons, registered this turn, orders private."""
    await navy.slash(REGISTER.format(name=WS, at=1), as_="player1")
    await navy.slash(REGISTER.format(name=WS, at=20), as_="player2")
    return navy


async def test_the_gms_replies_use_the_qualified_name(kept_apart):
    """The GM moves, edits and measures France's squadron: each reply names it Western
    Squadron [France]."""
    moved = await kept_apart.slash(f"/navy position unit:{FRENCH_WS} location:21", as_="gm")
    assert text_of(moved).startswith(f"{FRENCH_WS} is at location 21"), moved.text()
    edited = await kept_apart.slash(f"/navy forces edit name:{FRENCH_WS} rating:1", as_="gm")
    assert text_of(edited).startswith(f"{FRENCH_WS} (line squadron) of France"), edited.text()
    ranged = await kept_apart.slash(f"/navy range unit:{FRENCH_WS}", as_="gm")
    assert text_of(ranged).startswith(f"{FRENCH_WS} may move"), ranged.text()
    mine = await kept_apart.slash(f"/navy position unit:{WS} location:22", as_="player2")
    assert text_of(mine).startswith(f"{WS} is at location 22"), mine.text()


async def test_the_gms_order_through_the_form_reaches_the_kept_apart_force(kept_apart):
    """The GM orders France's squadron to cruise through the form: France's squadron gets
    the order, Britain's none, and the form and reply name it Western Squadron [France]."""
    opened = await kept_apart.slash(f"/navy order unit:{FRENCH_WS} order:cruise", as_="gm")
    assert FRENCH_WS in opened.modal.title, opened.modal.title

    given = await give(
        kept_apart, FRENCH_WS, "cruise", form(point="Biscay", location="21", turns="2"), as_="gm"
    )

    assert text_of(given).startswith(f"New order for {FRENCH_WS}: Cruising"), given.text()
    french = text_of(await kept_apart.slash("/navy orders", as_="player2"))
    assert "Biscay" in french, french
    british = text_of(await kept_apart.slash("/navy orders", as_="player1"))
    assert "Biscay" not in british, british


async def test_the_log_france_reads_keeps_britains_hidden_name_hidden(kept_apart):
    """The GM moves, edits, orders and tests France's squadron by its qualified name; the
    GM's private replies say Western Squadron [France], but the log entries France reads
    (and everyone, once the turn ends) name it as France named it: the qualified name
    would tell France that another faction holds a hidden force called so (NO-4.10)."""
    moved = await kept_apart.slash(f"/navy position unit:{FRENCH_WS} location:21", as_="gm")
    assert text_of(moved).startswith(f"{FRENCH_WS} is at location 21"), moved.text()
    await kept_apart.slash(f"/navy forces edit name:{FRENCH_WS} rating:1", as_="gm")
    await give(
        kept_apart, FRENCH_WS, "cruise", form(point="Biscay", location="21", turns="2"), as_="gm"
    )
    kept_apart.script_dice([6])
    tested = await kept_apart.slash(f"/navy test unit:{FRENCH_WS} enemy_at:adjacent", as_="gm")
    assert f"Command test of {FRENCH_WS} (Cruising)" in text_of(tested), tested.text()

    page = await kept_apart.slash("/history list", as_="player2")

    french = " ".join(page.embed.description.split())
    assert "[France]" not in french, french
    assert f"{WS} is at location 21" in french, french
    assert f"{WS} (line squadron) of France" in french, french
    assert f"New order for {WS}: Cruising" in french, french
    # The entry's options too: the unit as France names it, not as the GM typed it.
    for command in ("navy position", "navy forces edit"):
        shown = await kept_apart.slash(
            f"/history show entry:{newest_entry(page, command)}", as_="player2"
        )
        options = shown.embed.field("Options")
        assert "[France]" not in options and WS in options, options
    gms = await kept_apart.slash("/history list", as_="gm")
    entry = newest_entry(gms, "navy test")
    logged = (await kept_apart.slash(f"/history show entry:{entry}", as_="gm")).embed.description
    assert f"Command test of {WS} (Cruising)" in logged, logged
    assert "[France]" not in logged, logged


@pytest.mark.parametrize(
    ("line", "refusal"),
    [
        ("/navy test unit:{unit} enemy_at:own", "{unit} may not attack now (awaiting orders)"),
        ("/navy complete unit:{unit}", "{unit} has no order to complete"),
        ("/navy return unit:{unit} station:Brest", "{unit} is not returning to a naval station"),
        ("/navy packet packet:{unit} unit:{unit} order:cruise", "{unit} is not a packet boat"),
    ],
)
async def test_the_gms_refusals_use_the_qualified_name(kept_apart, line, refusal):
    """A GM refused a command for France's squadron reads which force is meant: Western
    Squadron [France]; France, refused the same, reads the name it gave."""
    gm = await refused_alone(kept_apart, line.format(unit=FRENCH_WS), "gm")
    assert gm.startswith(refusal.format(unit=FRENCH_WS)), gm

    french = await refused_alone(kept_apart, line.format(unit=WS), "player2")
    assert french.startswith(refusal.format(unit=WS)), french
    assert "[France]" not in french, french


async def test_the_gm_is_asked_and_told_of_a_removal_by_the_qualified_name(kept_apart):
    """The GM strikes off France's squadron: the question and the reply name Western
    Squadron [France], and Britain's squadron stays."""
    asked = await kept_apart.slash(f"/navy forces remove name:{FRENCH_WS}", as_="gm")
    assert asked.embed.title.startswith(f"Strike {FRENCH_WS} of France"), asked.embed.title

    struck = await kept_apart.click(asked, "Remove", as_="gm")

    assert FRENCH_WS in text_of(struck), struck.text()
    overview = text_of(await kept_apart.slash("/navy orders", as_="gm"))
    assert f"{WS} (Britain)" in overview and "(France)" not in overview, overview


async def test_an_escorts_refusal_to_the_gm_names_the_convoy_and_escort_qualified(kept_apart):
    """France's Western Squadron (kept apart) carries transports, and France's Toulon
    escorts it. The GM, refused its removal, reads Western Squadron [France] and the order
    that names it."""
    await kept_apart.slash(f"/navy forces edit name:{FRENCH_WS} ships:2xIII, 2 transport", as_="gm")
    await kept_apart.slash(REGISTER.format(name="Toulon", at=20), as_="player2")
    await give(kept_apart, "Toulon", "escort", form(convoy=WS, details=""), as_="player2")

    refused = await refused_alone(kept_apart, f"/navy forces remove name:{FRENCH_WS}", "gm")

    assert refused.startswith(FRENCH_WS), refused
    assert "Toulon" in refused, refused


async def test_a_ports_refusal_to_the_gm_names_the_forces_there_qualified(kept_apart):
    """The GM takes Brest off the list while France's squadron lies in port there: the
    refusal names it Western Squadron [France], the force the GM must move first."""
    refused = await refused_alone(kept_apart, "/navy station remove name:Brest", "gm")

    assert f"({FRENCH_WS})" in refused, refused


async def test_the_gms_removal_of_a_packet_boat_names_the_force_it_carried_an_order_to(
    kept_apart,
):
    """France's packet boat Courier carries a transfer to France's squadron (kept apart) at
    sea. The GM strikes Courier off: the reply says the order for Western Squadron [France]
    is lost, not for Britain's Western Squadron; France, striking it, reads its own name."""
    await kept_apart.slash(f"/navy position unit:{FRENCH_WS} location:21", as_="gm")
    await kept_apart.slash(
        "/navy forces register name:Courier kind:packet location:20 ships:packet in_port:true",
        as_="player2",
    )
    transfer = form(point="Biscay", destination="20", port="Brest", via="22")
    await send(kept_apart, "Courier", WS, "move", transfer, as_="player2")

    asked = await kept_apart.slash("/navy forces remove name:Courier", as_="gm")
    lost = f"The order Courier carried to {FRENCH_WS} (relay #1) is lost with it."
    assert lost in text_of(asked), asked.text()
    struck = await kept_apart.click(asked, "Remove", as_="gm")
    assert lost in text_of(struck), struck.text()
