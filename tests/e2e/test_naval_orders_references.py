"""What an order names stays in the register, and a repair goes by packet boat to a force
making for a naval station (NO-1.1, NO-I7, NO-I16, NO-I17, NO-I18), played through Discord.

Player1 plays Britain, player2 France, player3 Russia (in Russian); the GM's ports are those
of test_naval_orders.py: Portsmouth (Britain's naval station, 1), Plymouth (2), Brest (20).
"""

from __future__ import annotations

from tests.e2e import test_naval_orders as played
from tests.e2e.confirming import confirmed
from tests.e2e.confirming import refused_at_once
from tests.e2e.play import flat
from tests.e2e.test_naval_orders import REGISTER_WS
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import at_sea_with_swift
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import gm_overview
from tests.e2e.test_naval_orders import rules_of
from tests.e2e.test_naval_orders import send
from tests.e2e.test_naval_orders import text_of
from tests.e2e.test_naval_orders import transfer_by_packet

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports


async def gloire_escorts_indiamen(navy, gloire_at: str) -> None:
    """Britain's convoy Indiamen (a warship and 2 transports) in port at Portsmouth (1),
    registered while the GM had orders public (so France knows of it), and France's Gloire,
    in port at `gloire_at`, given its escort once orders are private again."""
    public = "/campaign settings set setting:naval_orders.orders_public value:"
    await navy.slash(f"{public}true", as_="gm")
    await navy.slash(
        "/navy forces register name:Indiamen kind:line location:1 ships:IV, 2 transport "
        "in_port:true",
        as_="player1",
    )
    await navy.slash(f"{public}false", as_="gm")
    await navy.slash(
        f"/navy forces register name:Gloire kind:line location:{gloire_at} ships:2xIII "
        "in_port:true",
        as_="player2",
    )
    await give(navy, "Gloire", "escort", form(convoy="Indiamen", details=""), as_="player2")


async def test_a_port_a_transfer_ends_in_stays_on_the_list_until_the_order_changes(navy):
    """NO-I17, NO-I18: the Western Squadron sails from Portsmouth for Plymouth. The GM's
    `/navy station remove name:Plymouth` is refused at once, before anything is asked,
    naming the squadron's transfer and how to proceed; Plymouth stays listed. Given a
    cruise instead in the next turn, the squadron names Plymouth no more, and the GM takes
    it off after confirming."""
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "move", form(point="Channel", destination="2", port="Plymouth", via="3"))

    refused = await refused_at_once(navy, "/navy station remove name:Plymouth", as_="gm")

    assert (
        "Plymouth cannot be taken off the list of ports yet. Without it, 1 order could not be "
        "completed: the order of Western Squadron (“Transfer”). Only their Admiralty changes an "
        "order: change it first (a new order is given in port or sent by packet boat; a "
        "recorded order is marked carried out with /navy complete; a returning force names "
        "another station with /navy return), then take it off (NO-I18)."
    ) in flat(refused.text())
    assert "Plymouth" in text_of(await navy.slash("/navy station list", as_="gm"))

    await end_turn(navy, 1)
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))
    removed = await confirmed(navy, "/navy station remove name:Plymouth", as_="gm")

    assert "Plymouth is taken off the list of ports." in text_of(removed)


async def test_a_transfer_on_its_way_by_packet_keeps_its_end_port(navy):
    """NO-I7, NO-I18: Swift carries the Western Squadron a transfer to Plymouth: the GM's
    removal of Plymouth names the order on its way."""
    await transfer_by_packet(navy)

    refused = await refused_at_once(navy, "/navy station remove name:Plymouth", as_="gm")

    assert (
        "Without it, 1 order could not be completed: the order on its way to Western Squadron "
        "by packet boat (relay #1, “Transfer”)."
    ) in flat(refused.text())


async def test_a_convoy_an_escort_names_stays_on_the_register_told_in_russian(navy):
    """NO-1.1, NO-I18: Russia's Baltic escorts Russia's convoy Riga. Russia's player, who
    reads Russian, cannot strike the convoy off: told at once, in Russian, which order names
    it. Struck off first, the escort goes; then the convoy can be struck off too."""
    for line in (
        "/navy forces register name:Riga kind:line location:1 ships:III, 2 transport in_port:true",
        "/navy forces register name:Baltic kind:line location:1 ships:2xIII in_port:true",
    ):
        await navy.slash(line, as_="player3")
    await give(navy, "Baltic", "escort", form(convoy="Riga", details=""), as_="player3")

    refused = await refused_at_once(navy, "/navy forces remove name:Riga", as_="player3")

    assert (
        "Соединение «Riga» пока нельзя удалить из реестра. Без него не выполнить 1 приказ: "
        "действующий приказ соединения «Baltic» («Конвоирование транспортной флотилии»). "
        "Приказы меняет только Адмиралтейство (игрок): сначала измените его (новый приказ"
    ) in flat(refused.text())
    assert "NO-I18" in refused.text()
    await confirmed(navy, "/navy forces remove name:Baltic", as_="player3")
    removed = await confirmed(navy, "/navy forces remove name:Riga", as_="player3")
    assert "удалено из реестра" in text_of(removed)


async def test_another_players_escort_is_counted_to_the_convoys_owner_and_named_to_the_gm(
    navy,
):
    """NO-1.1, issue 14: France's Gloire escorts Britain's Indiamen. Britain's player is told
    that one force of another player escorts the convoy, not which; the GM is told Gloire."""
    await gloire_escorts_indiamen(navy, gloire_at="1")

    britain = await refused_at_once(navy, "/navy forces remove name:Indiamen", as_="player1")
    gm = await refused_at_once(navy, "/navy forces remove name:Indiamen", as_="gm")

    assert "Without it, 1 order could not be completed: the order of another player's force." in (
        flat(britain.text())
    )
    assert "Gloire" not in britain.text()
    assert "1 order could not be completed: the order of Gloire (“Escort of a" in flat(gm.text())


async def test_a_repair_goes_by_packet_to_a_squadron_making_for_a_naval_station(navy):
    """NO-1.1, NO-I7: the Western Squadron is at sea in 5, making for Portsmouth. Its player
    sends it a repair by the packet boat Swift: the form opens, the order is sent, and the
    reply warns that it takes effect only if the squadron is at a naval station when it is
    due. Swift reaches it in turn 1; recorded at Portsmouth (1) by the end of turn 2, the
    squadron takes the repair there from turn 3."""
    await at_sea_with_swift(navy)

    sent = await send(navy, "Swift", WS, "repair", form(details="new masts"))

    told = flat(text_of(sent))
    assert "Packet boat Swift carries a new order (Repair) to Western Squadron (relay #1)." in told
    assert (
        "As things stand the order could not take effect and would lapse: Western Squadron is "
        "not at a naval station, so it cannot be given “Repair”. It is checked again where "
        "Western Squadron is when it takes effect, once the packet boat has reached it and "
        "the relay turn has passed."
    ) in told
    assert {"NO-1.1", "NO-I7"} <= rules_of(sent)
    await navy.slash("/navy arrived relay:1", as_="player1")
    await end_turn(navy, 1)
    await navy.slash(f"/navy position unit:{WS} location:1", as_="player1")

    in_force = await end_turn(navy, 2)

    assert "the order brought by packet boat (relay #1) takes effect from turn 3." in in_force
    assert "at naval station Portsmouth" in await gm_overview(navy)
