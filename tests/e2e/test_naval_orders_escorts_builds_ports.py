"""An escort of a convoy its formation is ending, a second construction order at a naval
station, and a force recorded in port where no port is (NO-1.1, NO-2.7, NO-3.3, NO-I2,
NO-I18), played through Discord.

Player1 plays Britain, player2 France, player3 Russia (in Russian); the GM's ports are those
of test_naval_orders.py: Portsmouth (Britain's naval station, 1), Plymouth (2), Brest
(France's naval station, 20). No die is rolled.
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.play import flat
from tests.e2e.play import saved_state
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import rules_of
from tests.e2e.test_naval_orders import text_of

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports


async def test_an_escort_of_a_convoy_putting_off_its_transports_is_refused_when_given(navy):
    """NO-2.7, NO-I18: Britain's Indiamen begins putting off both its transports in turn 1;
    France then orders Gloire to escort it. Refused privately, saying when the convoy is
    dissolved and what to do; Gloire keeps no order naming a convoy that is gone, and after
    the turn's end it awaits orders. Russia's Riga, forming a fleet under another name, is
    refused to Russia's own escort in Russian, naming the fleet and the turn it can be
    escorted from. Orders are public, so France knows of Indiamen as soon as it is
    registered."""
    await navy.slash(
        "/campaign settings set setting:naval_orders.orders_public value:true", as_="gm"
    )
    await navy.slash(
        "/navy forces register name:Indiamen kind:line location:1 ships:IV, 2 transport "
        "in_port:true",
        as_="player1",
    )
    begun = await navy.slash(
        "/navy formation kind:dissolve_convoy units:Indiamen vessels:2 transport", as_="player1"
    )
    assert "done at the end of turn 1" in flat(begun.text()), begun.text()
    await navy.slash(
        "/navy forces register name:Gloire kind:line location:20 ships:2xIII in_port:true",
        as_="player2",
    )

    refused = await give(
        navy, "Gloire", "escort", form(convoy="Indiamen", details=""), as_="player2"
    )

    assert refused.ephemeral
    assert (
        "Indiamen is putting off all its transports and merchantmen, done at the end of turn 1 "
        "(NO-2.7): it will then be no convoy, and an escort given now would be left with no "
        "convoy to escort, as only its Admiralty changes an order. Give another order, or the "
        "escort once Indiamen takes on transports again (NO-I18)."
    ) in flat(refused.text())
    mine = text_of(await navy.slash("/navy orders", as_="player2"))
    assert "Escort" not in mine and "awaiting orders" in mine, mine

    summary = await end_turn(navy, 1)

    assert "Convoy dissolved: Indiamen put off 2 vessels." in flat(summary), summary
    assert "• Gloire: awaiting orders\n" in summary, summary
    mine = text_of(await navy.slash("/navy orders", as_="player2"))
    assert "Gloire (France), location 20: awaiting orders" in flat(mine), mine
    assert "Escort" not in mine

    for line in (
        "/navy forces register name:Riga kind:line location:30 ships:III, 2 transport",
        "/navy forces register name:Narva kind:line location:30 ships:2xIII",
        "/navy forces register name:Baltic kind:line location:30 ships:2xIII",
    ):
        await navy.slash(line, as_="player3")
    await navy.slash(
        "/navy formation kind:form_fleet units:Riga, Narva fleet_name:Балтийский флот",
        as_="player3",
    )

    russian = await give(navy, "Baltic", "escort", form(convoy="Riga", details=""), as_="player3")

    assert russian.ephemeral
    assert (
        "Эскадра «Riga» входит во флот «Балтийский флот»: формирование флота завершится в "
        "конце хода 2"
    ) in flat(russian.text())
    assert "с хода 3 прикажите конвоировать флот «Балтийский флот»" in flat(russian.text())


async def build(table, station: str, details: str, *, as_: str):
    """Open the construction form for `station` and submit it."""
    opened = await table.slash(f"/navy order unit:{station} order:build", as_=as_)
    assert opened.modal is not None, opened.text()
    return await table.submit_modal(opened, form(details=details), as_=as_)


async def test_a_second_build_order_says_whether_the_gm_or_which_faction_gave_the_first(navy):
    """NO-I2: the GM gives Portsmouth its construction order for turn 1; Britain's player,
    opening the form, is told the GM gave it. In turn 2 Britain gives it, and the GM hands
    Portsmouth to France, then to Russia: France's player is told Britain gave this turn's
    order, and Russia's player is told so in Russian."""
    await build(navy, "Portsmouth", "two frigates", as_="gm")

    after_gm = await navy.slash("/navy order unit:Portsmouth order:build", as_="player1")

    assert after_gm.modal is None and after_gm.ephemeral
    assert (
        "The GM has already given Portsmouth its construction order for turn 1. A naval "
        "station receives one new order a turn (NO-I2); the next one can be given from the "
        "next turn."
    ) in flat(after_gm.text())

    await end_turn(navy, 1)
    await build(navy, "Portsmouth", "a sloop", as_="player1")
    await navy.slash(
        "/navy station add name:Portsmouth location:1 naval_station:true owner:France", as_="gm"
    )

    after_britain = await navy.slash("/navy order unit:Portsmouth order:build", as_="player2")

    assert after_britain.modal is None and after_britain.ephemeral
    assert ("Britain has already given Portsmouth its construction order for turn 2.") in flat(
        after_britain.text()
    )
    assert "The GM" not in after_britain.text()

    await navy.slash(
        "/navy station add name:Portsmouth location:1 naval_station:true owner:Russia", as_="gm"
    )
    russian = await navy.slash("/navy order unit:Portsmouth order:build", as_="player3")

    assert russian.modal is None and russian.ephemeral
    assert (
        "Фракция «Britain» уже отдала станции Portsmouth приказ на постройку на ход 2."
    ) in flat(russian.text())


async def saved_in_port(table, force_key: str) -> None:
    """The campaign's naval register as an earlier release saved it: the force `force_key`
    recorded in port where it lies (then accepted where no port is registered)."""

    def in_port(state: dict) -> None:
        state["forces"][force_key]["in_port"] = True

    await saved_state(table, "naval_orders", in_port)


async def test_a_force_saved_in_port_where_no_port_is_shows_so_in_navy_orders(navy):
    """NO-3.3: the Western Squadron was saved "in port" at 14, where no port is registered,
    before that was refused. `/navy orders` tells Britain's player and the GM so under the
    squadron, and what to do; France reads nothing of it. Reported at sea in 14, the
    squadron is shown without the line. Russia's player reads the same of its own force in
    Russian."""
    await navy.slash(
        "/navy forces register name:Western Squadron kind:line location:14 ships:3xIII",
        as_="player1",
    )
    await saved_in_port(navy, "western squadron")
    told = (
        "Western Squadron is recorded in port at 14, where no port is registered, and orders "
        "change only in port. Report where it is with /navy position (at sea, or in "
        "port where a port is), or the GM registers the port there with /navy station add."
    )

    mine = await navy.slash("/navy orders", as_="player1")
    gm = await navy.slash("/navy orders", as_="gm")
    france = await navy.slash("/navy orders", as_="player2")

    assert mine.ephemeral and told in flat(text_of(mine)), text_of(mine)
    assert "NO-3.3" in rules_of(mine)
    assert gm.ephemeral and told in flat(text_of(gm)), text_of(gm)
    assert "Western Squadron" not in text_of(france)

    reported = await navy.slash(
        "/navy position unit:Western Squadron location:14 in_port:false", as_="player1"
    )
    assert reported.ephemeral, reported.text()
    assert "no port is registered" not in text_of(await navy.slash("/navy orders", as_="gm"))

    await navy.slash(
        "/navy forces register name:Baltic kind:line location:30 ships:2xIII", as_="player3"
    )
    await saved_in_port(navy, "baltic")
    russian = flat(text_of(await navy.slash("/navy orders", as_="player3")))
    assert (
        "Соединение «Baltic» значится в порту в локации 30, но порта там нет в списке"
    ) in russian, russian
