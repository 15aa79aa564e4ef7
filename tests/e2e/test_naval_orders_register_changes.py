"""What an order needs stays as it is in the register, by every route (NO-1.1, NO-2.7,
NO-3.3, NO-I16, NO-I17, NO-I18), played through Discord.

Player1 plays Britain, player2 France, player3 Russia (in Russian); the GM's ports are those
of test_naval_orders.py: Portsmouth (Britain's naval station, 1), Plymouth (2), Brest (20).
"""

from __future__ import annotations

import pytest

from tests.e2e import test_naval_orders as played
from tests.e2e.play import flat
from tests.e2e.play import refused_alone
from tests.e2e.test_naval_orders import REGISTER_WS
from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import rules_of
from tests.e2e.test_naval_orders import text_of
from tests.e2e.test_naval_orders_references import gloire_escorts_indiamen

navy = played.navy  # the fixture: the campaign, its factions and the GM's ports


async def test_ports_and_a_convoy_orders_need_are_kept_as_they_are(navy):
    """The Western Squadron sails from Portsmouth for Plymouth (2), and the Revenge repairs
    at Portsmouth. The GM registering Plymouth again in 4 is refused, naming the transfer;
    making Portsmouth a plain seaport, or taking it off the list, is refused, naming the
    repair. France's Gloire, in port at Brest, keeps Brest on the list; it escorts Britain's
    convoy Indiamen: Britain's player, editing Indiamen down to its warship, is
    told one force of another player escorts it, not which. Russia's player, forming a fleet
    of its escorted convoy Riga under another name, is told in Russian. Nothing changes:
    the ports are listed as before, and once the transfer is replaced Plymouth moves."""
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "move", form(point="Channel", destination="2", port="Plymouth", via="3"))
    await navy.slash(
        "/navy forces register name:Revenge kind:line location:1 ships:2xIII in_port:true",
        as_="player1",
    )
    await give(navy, "Revenge", "repair", form(details="new masts"))

    moved = await navy.slash("/navy station add name:Plymouth location:4", as_="gm")
    seaport = await navy.slash(
        "/navy station add name:Portsmouth location:1 naval_station:false owner:Britain",
        as_="gm",
    )
    removed = await navy.slash("/navy station remove name:Portsmouth", as_="gm")

    assert moved.ephemeral and (
        "Plymouth cannot be moved from 2 to 4 yet. Without a port at 2, 1 order could not be "
        "completed: the order of Western Squadron (“Transfer”). Only their Admiralty changes an "
        "order: change it first"
    ) in flat(moved.text())
    assert (
        "Portsmouth cannot be made a plain seaport yet. Without a naval station there, 1 order "
        "could not be completed: the order of Revenge (“Repair”)."
    ) in flat(seaport.text())
    assert "NO-I18" in seaport.text()
    assert (
        "Portsmouth cannot be taken off the list of ports yet. Without it, 1 order could not be "
        "completed: the order of Revenge (“Repair”)."
    ) in flat(removed.text())
    listed = text_of(await navy.slash("/navy station list", as_="gm"))
    assert "Plymouth" in listed and "Portsmouth" in listed

    await gloire_escorts_indiamen(navy, gloire_at="20")
    brest = await navy.slash("/navy station remove name:Brest", as_="gm")

    assert brest.ephemeral and (
        "Brest cannot be taken off the list of ports yet: 1 force lies in port there (Gloire), "
        "and a force lies in port only where a port is. First report where it is now (at sea "
        "or in another port, with /navy position), then take the port off (NO-3.3)."
    ) in flat(brest.text())

    edited = await navy.slash("/navy forces edit name:Indiamen ships:IV", as_="player1")

    assert edited.ephemeral and (
        "Indiamen cannot be left without transports or merchantmen yet. Without them, 1 order "
        "could not be completed: the order of another player's force."
    ) in flat(edited.text())
    assert "Gloire" not in edited.text()

    for line in (
        "/navy forces register name:Riga kind:line location:30 ships:III, 2 transport",
        "/navy forces register name:Narva kind:line location:30 ships:2xIII",
        "/navy forces register name:Baltic kind:line location:30 ships:2xIII",
    ):
        await navy.slash(line, as_="player3")
    await give(navy, "Baltic", "escort", form(convoy="Riga", details=""), as_="player3")

    fleet = await navy.slash(
        "/navy formation kind:form_fleet units:Riga, Narva fleet_name:Балтийский флот",
        as_="player3",
    )

    assert (
        "Эскадру «Riga» пока нельзя включить во флот под другим названием. Без неё не "
        "выполнить 1 приказ: действующий приказ соединения «Baltic» («Конвоирование "
        "транспортной флотилии»). Приказы меняет только Адмиралтейство (игрок): сначала "
        "измените его"
    ) in flat(fleet.text())
    assert "или назовите флот «Riga»" in flat(fleet.text())

    await end_turn(navy, 1)
    await give(navy, WS, "cruise", form(point="Ushant", location="5", turns="2"))
    moved = await navy.slash("/navy station add name:Plymouth location:4", as_="gm")
    assert "Plymouth" in text_of(moved) and "4" in text_of(moved), moved.text()


async def test_a_name_differing_only_in_case_from_the_factions_force_is_refused(navy):
    """NO-4.10: Britain's player registers "western squadron" beside its Western Squadron:
    refused privately, naming it; the register keeps one Western Squadron, as it was."""
    await navy.slash(REGISTER_WS, as_="player1")

    refused = await navy.slash(
        "/navy forces register name:western squadron kind:auxiliary location:3 ships:2xV",
        as_="player1",
    )

    assert refused.ephemeral
    assert flat(text_of(refused)).startswith(
        f"“western squadron” differs from Britain's force “{WS}” only in letter case"
    ), refused.text()
    overview = text_of(await navy.slash("/navy orders", as_="gm"))
    assert f"{WS} (Britain), location 1" in overview, overview
    assert "western squadron" not in overview and "location 3" not in overview, overview


async def test_a_port_added_again_under_its_name_says_what_it_replaces(navy):
    """§4, NO-3.3: the GM adds Plymouth again, now Britain's naval station: the public reply
    says the entry replaces the earlier one, a seaport with no owner, and the list has one
    Plymouth."""
    added = await navy.slash(
        "/navy station add name:Plymouth location:2 naval_station:true owner:Britain", as_="gm"
    )

    assert not added.ephemeral
    assert flat(text_of(added)) == (
        "Naval station Plymouth at location 2, owned by Britain. It replaces the earlier entry: "
        "seaport Plymouth at location 2, no owner."
    ), added.text()
    listed = text_of(await navy.slash("/navy station list", as_="gm"))
    assert listed.count("Plymouth") == 1, listed


OUT_OF_RANGE = "is no location number: location numbers are whole numbers from 0 to 999999"


@pytest.mark.parametrize(
    ("line", "as_", "typed"),
    [
        ("/navy forces register name:Lyon kind:line location:-3 ships:2xIII", "player1", "-3"),
        (
            "/navy forces register name:Lyon kind:line location:1234567 ships:2xIII",
            "player1",
            "1234567",
        ),
        (f"/navy position unit:{WS} location:-1", "player1", "-1"),
        (f"/navy position unit:{WS} location:0000012", "player1", "0000012"),
        ("/navy station add name:Cadiz location:-31", "gm", "-31"),
        ("/navy station distances location:9999999 distances:Brest: 3", "gm", "9999999"),
    ],
)
async def test_a_location_number_out_of_range_is_refused_naming_the_range(navy, line, as_, typed):
    """NO-4.2: a negative location number, or one of more than six digits, is refused
    privately, naming the allowed range; the register is as it was."""
    await navy.slash(REGISTER_WS, as_="player1")
    before = text_of(await navy.slash("/navy orders", as_="gm"))

    refused = flat(await refused_alone(navy, line, as_))

    assert refused.startswith(f"“{typed}” {OUT_OF_RANGE}, at most 6 digits"), refused
    assert text_of(await navy.slash("/navy orders", as_="gm")) == before
    assert "Cadiz" not in text_of(await navy.slash("/navy station list", as_="gm"))


@pytest.mark.parametrize(
    ("order", "values", "typed"),
    [
        ("cruise", form(point="Ushant", location="-5", turns="2"), "-5"),
        ("raid", form(point="Ushant", location="1000000", turns="2"), "1000000"),
        ("move", form(point="Channel", destination="2", port="Plymouth", via="3, -4"), "-4"),
        ("move", form(point="Channel", destination="−2", port="Plymouth", via="3"), "−2"),
        ("blockade", form(port="-20", details="off the Goulet"), "-20"),
        ("blockade", form(port="1000000", details=""), "1000000"),
        ("blockade", form(port="0000020", details=""), "0000020"),
    ],
)
async def test_an_order_forms_location_number_out_of_range_is_refused(navy, order, values, typed):
    """NO-4.2, NO-5.2, NO-1.1: the form's location, destination or "via" number, or a
    blockaded port given by a number, out of range is refused privately, naming the range
    (a port's number used to be told only that no port is registered there); the squadron
    still lacks its order."""
    await navy.slash(REGISTER_WS, as_="player1")

    refused = await give(navy, WS, order, values)

    assert refused.ephemeral
    assert flat(text_of(refused)).startswith(f"“{typed}” {OUT_OF_RANGE}"), refused.text()
    assert "awaiting orders" in text_of(await navy.slash("/navy orders", as_="player1"))


async def test_a_blockaded_ports_number_out_of_range_is_refused_in_russian(navy):
    """NO-1.1: Russia's player blockades port "−7" (a typographic minus), then port
    1234567: each is refused privately in Russian, naming the range, and the squadron
    still lacks its order; port 20 (Brest's location) is blockaded, named Brest."""
    await navy.slash(
        "/флот_приказы соединения зарегистрировать название:Балтийская эскадра вид:line "
        "локация:19 корабли:2xIII",
        as_="player3",
    )
    for typed in ("−7", "1234567"):
        opened = await navy.slash(
            "/флот_приказы приказ соединение:Балтийская эскадра приказ:blockade", as_="player3"
        )
        refused = await navy.submit_modal(opened, form(port=typed, details="у Гуле"), as_="player3")
        assert refused.ephemeral
        assert flat(text_of(refused)) == (
            f"«{typed}» не может быть номером локации: номера локаций — целые числа "
            "от 0 до 999999, не длиннее 6 цифр (NO-1.1)."
        ), refused.text()
        listed = text_of(await navy.slash("/navy orders", as_="gm"))
        assert "Балтийская эскадра" in listed and "Blockade" not in listed, listed

    opened = await navy.slash(
        "/флот_приказы приказ соединение:Балтийская эскадра приказ:blockade", as_="player3"
    )
    given = await navy.submit_modal(opened, form(port="20", details="у Гуле"), as_="player3")
    assert given.ephemeral
    assert "«Блокировать морской порт Brest силами эскадры" in flat(text_of(given)), given.text()


async def test_a_distance_row_naming_a_station_twice_is_refused(navy):
    """NO-I16: the GM types Brest twice in one row (once in capitals): refused privately,
    nothing recorded; typed once each, Portsmouth and Brest equally near are recorded, and
    the reply says the bot leaves the choice between them to the player and the GM."""
    twice = "/navy station distances location:17 distances:Brest: 3, Portsmouth: 4, BREST: 5"
    refused = flat(await refused_alone(navy, twice, "gm"))
    assert refused == (
        "“BREST” is named twice in the distances: give each naval station its distance once "
        "(NO-I16)."
    ), refused

    tied = await navy.slash(
        "/navy station distances location:17 distances:Brest: 3, Portsmouth: 3", as_="gm"
    )

    assert tied.ephemeral
    assert flat(text_of(tied)) == (
        "Location 17: Brest 3, Portsmouth 3. The naval stations Brest, Portsmouth are equally "
        "near (3): the bot does not choose between them. A force returning from location 17 "
        "names one with /navy return, and the GM chooses by confirming it with the same command."
    ), tied.text()
    assert "NO-I16" in rules_of(tied)
