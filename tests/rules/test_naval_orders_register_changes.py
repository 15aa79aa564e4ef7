"""What an order needs stays as it is in the register, whatever the route (NO-1.1, NO-2.7,
NO-3.3, NO-5.2, NO-I7, NO-I16, NO-I17, NO-I18).

A port registered again at another location keeps no transfer ending where it was, nor a
blockade naming that location, nor a repair or disbanding there; a naval station registered
again as a plain seaport keeps no repair, disbanding or force returning there; a convoy is
not left without transports or merchantmen, a squadron not formed into a fleet under another
name, a fleet not dissolved, while an escort names it; and a port where a force lies in port
is neither taken off the list nor moved. Each is refused at once, naming what needs it and
how to proceed (another player's forces only counted for a player), and nothing changes.
"""

from __future__ import annotations

import pytest
from test_naval_orders_references import TO_TOULON
from test_naval_orders_references import by_packet
from test_naval_orders_references import convoy
from test_naval_orders_references import convoy_fleet
from test_naval_orders_references import laying_over
from test_naval_orders_references import refusal
from test_naval_orders_references import with_packet
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import PORT_9
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.rules.naval_orders import BlockadeOrder
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import DisbandOrder
from bot.rules.naval_orders import EscortOrder
from bot.rules.naval_orders import LandingOrder
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RegisterForce
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import RepairOrder
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import declare_return_station
from bot.rules.naval_orders import register_force
from bot.rules.naval_orders import register_station
from bot.rules.naval_orders import remove_station
from bot.rules.naval_orders import start_formation
from tests.e2e.play import flat


def toulon_at(state: NavalOrdersState, location: str) -> NavalOrdersState:
    """The GM registers Toulon again, at `location`."""
    return register_station(state, RegisterStation(name="Toulon", location=location)).state


def portsmouth_as_seaport(state: NavalOrdersState) -> NavalOrdersState:
    """The GM registers Portsmouth again, in location 1, as a plain seaport."""
    command = RegisterStation(name="Portsmouth", location=HOME, owner="Britain")
    return register_station(state, command).state


def portsmouth_at(state: NavalOrdersState, location: str) -> NavalOrdersState:
    """The GM registers Portsmouth again, still a naval station, at `location`."""
    command = RegisterStation(
        name="Portsmouth", location=location, naval_station=True, owner="Britain"
    )
    return register_station(state, command).state


# --- a port registered again at another location -----------------------------------------


def test_no_i17_a_port_a_transfer_ends_in_is_not_moved_away_from_its_end_point():
    """NO-5.2, NO-I17, NO-I18: Hood sails for Toulon in 9. The GM registering Toulon again
    in 12 is refused (a transfer to 9 would end in no port and never complete), told in
    English and Russian which order needs it and how to proceed; Toulon stays in 9. Once
    Hood has another order, Toulon moves."""
    state = order(add_force(ports(), "Hood"), "Hood", TO_TOULON, 1)

    refused = refusal(toulon_at, state, "12")

    assert refused.message("en") == (
        "Toulon cannot be moved from 9 to 12 yet. Without a port at 9, 1 order could not be "
        "completed: the order of Hood (“Transfer”). Only their Admiralty changes an order: "
        "change it first (a new order is given in port or sent by packet boat; a recorded "
        "order is marked carried out with /navy complete), then move the port (NO-I18)."
    )
    assert refused.message("ru") == (
        "Порт «Toulon» пока нельзя перенести из локации 9 в локацию 12. Без порта в локации 9 "
        "не выполнить 1 приказ: действующий приказ соединения «Hood» («Перемещение»). Приказы "
        "меняет только Адмиралтейство (игрок): сначала измените его (новый приказ отдаётся в "
        "порту или отправляется с покетботом; записанный приказ отмечается выполненным "
        "командой /флот_приказы выполнен), затем перенесите порт (NO-I18)."
    )
    assert state.stations["toulon"].location == PORT_9
    changed = order(state, "Hood", CruiseOrder(point="Ushant", location="14", turns=2), 2)
    assert toulon_at(changed, "12").stations["toulon"].location == "12"


def test_no_i7_a_transfer_on_its_way_or_recorded_for_the_layover_keeps_its_port_in_place():
    """NO-I7, NO-I18: a transfer to Toulon on its way to Hood by packet boat, or recorded
    for the end of its layover, keeps Toulon in 9."""
    on_its_way = refusal(toulon_at, by_packet(with_packet(ports()), TO_TOULON), "12")
    recorded = refusal(toulon_at, laying_over(TO_TOULON), "12")

    assert "the order on its way to Hood by packet boat (relay #1, “Transfer”)" in (
        on_its_way.message("en")
    )
    assert "the order recorded for Hood for the end of its layover (“Transfer”)" in (
        recorded.message("en")
    )


def test_no_1_1_a_blockade_of_a_ports_location_number_names_the_port_and_follows_it():
    """NO-1.1: a blockade of "9" is recorded as one of Toulon, the port listed there, as a
    blockade of "Toulon" is: both name the port, which they still find in 12, so Toulon
    moves."""
    by_location = order(add_force(ports(), "Hood"), "Hood", BlockadeOrder(port=PORT_9), 1)
    by_name = order(add_force(ports(), "Hood"), "Hood", BlockadeOrder(port="Toulon"), 1)

    assert by_location.forces["hood"].order.order == BlockadeOrder(port="Toulon")
    for state in (by_location, by_name):
        assert toulon_at(state, "12").stations["toulon"].location == "12"


@pytest.mark.parametrize("model", [RepairOrder(details="masts"), DisbandOrder()])
def test_no_1_1_a_naval_station_where_a_repair_or_disbanding_goes_on_is_not_moved(model):
    """NO-1.1: Hood repairs (or disbands ships) at Portsmouth in 1; Portsmouth registered
    again in 3 would leave it at no naval station: refused, naming the order."""
    state = order(add_force(ports(), "Hood"), "Hood", model, 1)

    refused = refusal(portsmouth_at, state, "3")

    assert f"the order of Hood (“{'Repair' if model.kind == 'repair' else 'Disbanding'}”)" in (
        refused.message("en")
    )
    assert state.stations["portsmouth"].location == HOME


def test_no_i16_a_force_returning_to_a_station_follows_it_to_its_new_location():
    """NO-I16: Hood, its cruise done, returns to Portsmouth, by name; the GM corrects
    Portsmouth's location to 3: the return still has its station, so it moves."""
    state = returning_to_portsmouth()

    moved = portsmouth_at(state, "3")

    assert moved.stations["portsmouth"].location == "3"
    assert moved.forces["hood"].return_station == "Portsmouth"


# --- a naval station registered again as a plain seaport ---------------------------------


def returning_to_portsmouth() -> NavalOrdersState:
    """Hood's one-turn cruise in 14 is done and it returns to Portsmouth, as named."""
    state = add_force(ports(), "Hood", location="14", in_port=False)
    state = order(state, "Hood", CruiseOrder(point="U", location="14", turns=1), 1, by_gm=True)
    state = end_turn(state, 1).state
    return declare_return_station(state, DEFAULTS, "Britain", "Hood", "Portsmouth").state


def test_no_i16_a_station_a_force_returns_to_stays_a_naval_station():
    """NO-I16: Hood returns to Portsmouth for new orders; the GM registering Portsmouth again
    as a plain seaport is refused (no naval station to return to), told in English and
    Russian; once Hood names another station, Portsmouth becomes a seaport."""
    state = returning_to_portsmouth()

    refused = refusal(portsmouth_as_seaport, state)

    assert flat(refused.message("en")) == (
        "Portsmouth cannot be made a plain seaport yet. Without a naval station there, 1 order "
        "could not be completed: the return of Hood to this station (NO-I16). Only their "
        "Admiralty changes an order: change it first (a new order is given in port or sent "
        "by packet boat; a recorded order is marked carried out with /navy complete; a "
        "returning force names another station with /navy return), then register it as a "
        "seaport (NO-I18)."
    )
    assert flat(refused.message("ru")) == (
        "Станцию «Portsmouth» пока нельзя сделать простым морским портом. Без военно-морской "
        "станции там не выполнить 1 приказ: возвращение соединения «Hood» на эту станцию "
        "(NO-I16). Приказы меняет только Адмиралтейство (игрок): сначала измените его (новый "
        "приказ отдаётся в порту или отправляется с покетботом; записанный приказ отмечается "
        "выполненным командой /флот_приказы выполнен; возвращающееся соединение называет "
        "другую станцию командой /флот_приказы вернуться), затем зарегистрируйте её как "
        "морской порт (NO-I18)."
    )
    assert state.stations["portsmouth"].naval_station
    plymouth = RegisterStation(name="Plymouth", location="2", naval_station=True)
    state = register_station(state, plymouth).state
    other = declare_return_station(state, DEFAULTS, "Britain", "Hood", "Plymouth").state
    assert not portsmouth_as_seaport(other).stations["portsmouth"].naval_station


@pytest.mark.parametrize(
    "state",
    [
        pytest.param(
            lambda: order(add_force(ports(), "Hood"), "Hood", RepairOrder(), 1), id="in force"
        ),
        pytest.param(lambda: laying_over(DisbandOrder()), id="recorded for the layover"),
    ],
)
def test_no_1_1_a_station_where_a_repair_or_disbanding_is_due_stays_a_naval_station(state):
    """NO-1.1, NO-I18: a repair in force at Portsmouth, or a disbanding recorded there for
    the end of Hood's layover, needs a naval station: Portsmouth stays one."""
    refused = refusal(portsmouth_as_seaport, state())

    assert "Portsmouth cannot be made a plain seaport yet. Without a naval station there, " in (
        refused.message("en")
    )
    assert "(“Repair”)" in refused.message("en") or "(“Disbanding”)" in refused.message("en")


def test_no_i17_a_transfer_ends_in_a_seaport_as_well():
    """NO-I17: a transfer's end is a port; a naval station made a plain seaport is still
    one, so a transfer to Portsmouth does not keep it a naval station."""
    state = add_force(ports(), "Hood", location=PORT_9)
    to_portsmouth = TO_TOULON.model_copy(
        update={"point": "Spithead", "destination": HOME, "port": "Portsmouth"}
    )
    state = order(state, "Hood", to_portsmouth, 1)

    assert not portsmouth_as_seaport(state).stations["portsmouth"].naval_station


# --- a port where a force lies in port ------------------------------------------------------


def test_no_3_3_a_port_where_forces_lie_in_port_is_not_taken_off_the_list():
    """NO-3.3: Hood and Victory lie in port at Portsmouth: taking Portsmouth off the list
    would leave them "in port" where no port is. Refused, naming them, in English and
    Russian; once both are reported at sea, Portsmouth comes off."""
    state = add_force(add_force(ports(), "Hood"), "Victory")

    refused = refusal(remove_station, state, "Portsmouth")

    assert flat(refused.message("en")) == (
        "Portsmouth cannot be taken off the list of ports yet: 2 forces lie in port there "
        "(Hood, Victory), and a force lies in port only where a port is. First report where "
        "each is now (at sea or in another port, with /navy position), then take the port "
        "off (NO-3.3)."
    )
    assert flat(refused.message("ru")) == (
        "Порт «Portsmouth» пока нельзя удалить из списка портов. В нём стоят 2 соединения "
        "(«Hood», «Victory»), а стоять в порту можно только там, где есть порт. Сначала "
        "отметьте командой /флот_приказы позиция, где каждое из них теперь (в море или в "
        "другом порту), затем удалите порт (NO-3.3)."
    )
    assert "portsmouth" in state.stations
    at_sea = move_to(move_to(state, "Hood", HOME, 1), "Victory", "2", 1)
    assert "portsmouth" not in remove_station(at_sea, "Portsmouth").state.stations


def test_no_3_3_a_port_where_a_force_lies_in_port_is_not_moved():
    """NO-3.3: Hood lies in port at Toulon (9): Toulon is not registered again in 12; the
    player is asked where it (Russian «оно», not «каждое из них») is now."""
    state = add_force(ports(), "Hood", location=PORT_9)

    refused = refusal(toulon_at, state, "12")

    assert refused.message("en").startswith(
        "Toulon cannot be moved from 9 to 12 yet: 1 force lies in port at 9 (Hood), and a "
        "force lies in port only where a port is."
    )
    assert (
        "В нём стоит 1 соединение («Hood»), а стоять в порту можно только там, где есть порт. "
        "Сначала отметьте командой /флот_приказы позиция, где оно теперь (в море или в другом "
        "порту), затем перенесите порт (NO-3.3)."
    ) in refused.message("ru")
    assert state.stations["toulon"].location == PORT_9


def test_no_3_3_a_force_at_sea_off_the_port_does_not_keep_it():
    """NO-3.3: Hood is at sea in 9, outside Toulon: Toulon comes off."""
    state = add_force(ports(), "Hood", location=PORT_9, in_port=False)

    assert "toulon" not in remove_station(state, "Toulon").state.stations


# --- a convoy an escort names --------------------------------------------------------------


def escorted(owner: str = "Britain") -> NavalOrdersState:
    """Hood (`owner`'s) escorts Britain's convoy Indiamen (a warship, two transports)."""
    state = add_force(convoy(ports()), "Hood", owner=owner)
    return order(state, "Hood", EscortOrder(convoy="Indiamen"), 1, faction=owner)


def reregister(state: NavalOrdersState, ships: list[Ship], reader: str | None = "Britain"):
    command = RegisterForce(
        owner="Britain", name="Indiamen", kind="line", ships=ships, location=HOME, in_port=True
    )
    return register_force(state, DEFAULTS, command, reader=reader)


def test_no_1_1_a_convoy_an_escort_names_is_not_registered_again_without_transports():
    """NO-1.1, NO-I18: Hood escorts Indiamen. Indiamen registered (or edited) again with
    warships only is refused, told in English and Russian; with one transport left it is a
    convoy still, and is changed."""
    state = escorted()

    refused = refusal(reregister, state, warships(5))

    assert flat(refused.message("en")) == (
        "Indiamen cannot be left without transports or merchantmen yet. Without them, 1 order "
        "could not be completed: the order of Hood (“Escort of a transport flotilla”). Only "
        "their Admiralty changes an order: change it first (a new order is given in port or "
        "sent by packet boat; a recorded order is marked carried out with /navy complete; "
        "another player's order is changed by that player or the GM), then change the convoy "
        "(NO-I18)."
    )
    assert flat(refused.message("ru")) == (
        "Соединение «Indiamen» пока нельзя оставить без транспортов и купцов. Без них не "
        "выполнить 1 приказ: действующий приказ соединения «Hood» («Конвоирование "
        "транспортной флотилии»). Приказы меняет только Адмиралтейство (игрок): сначала "
        "измените его "
        "(новый приказ отдаётся в порту или отправляется с покетботом; записанный приказ "
        "отмечается выполненным командой /флот_приказы выполнен; приказ другого игрока меняет "
        "он сам или ведущий), затем измените конвой (NO-I18)."
    )
    assert [s.kind for s in state.forces["indiamen"].ships].count("transport") == 2
    kept = reregister(state, [*warships(5), Ship(kind="merchant")]).state
    assert [s.kind for s in kept.forces["indiamen"].ships][-1] == "merchant"
    changed = order(state, "Hood", LandingOrder(location="8"), 2)
    assert reregister(changed, warships(5)).state.forces["indiamen"].ships == warships(5)


def test_issue_14_another_players_escort_is_counted_not_named_when_transports_go():
    """NO-1.1, issue 14: France's Gloire escorts Indiamen: Britain is told of one force of
    another player, not which; the GM is told Gloire."""
    state = escorted("France")

    britain = refusal(reregister, state, warships(5)).message("en")
    gm = refusal(reregister, state, warships(5), reader=None).message("en")

    assert "1 order could not be completed: the order of another player's force." in britain
    assert "Hood" not in britain
    assert "1 order could not be completed: the order of Hood (“Escort of a transport" in gm


def dissolving(state: NavalOrdersState, *vessels: Ship):
    command = StartFormation(
        faction="Britain", kind="dissolve_convoy", members=["Indiamen"], vessels=list(vessels)
    )
    return start_formation(state, DEFAULTS, command, 1)


def test_no_2_7_a_convoy_an_escort_names_does_not_put_off_all_its_transports():
    """NO-2.7, NO-1.1: Indiamen, escorted by Hood, begins putting off both its transports:
    refused, as above; putting off one of the two is allowed (still a convoy)."""
    state = escorted()

    refused = refusal(dissolving, state, Ship(kind="transport"), Ship(kind="transport"))

    assert refused.message_key == "naval_orders.error.convoy_emptied_named"
    assert "the order of Hood (“Escort of a transport flotilla”)" in refused.message("en")
    assert dissolving(state, Ship(kind="transport")).state.forces["indiamen"].status == "forming"


def squadrons_at_portsmouth(escort: bool) -> NavalOrdersState:
    """Britain's squadrons Indiamen (a convoy) and Victory in Portsmouth; Hood escorts
    Indiamen (if `escort`)."""
    state = add_force(convoy(ports()), "Victory")
    return (
        order(add_force(state, "Hood"), "Hood", EscortOrder(convoy="Indiamen"), 1)
        if escort
        else state
    )


def forming(state: NavalOrdersState, name: str):
    command = StartFormation(
        faction="Britain", kind="form_fleet", members=["Indiamen", "Victory"], fleet_name=name
    )
    return start_formation(state, DEFAULTS, command, 1)


def test_no_2_7_a_convoy_squadron_an_escort_names_is_not_formed_into_a_fleet_of_another_name():
    """NO-2.7, NO-1.1: Indiamen and Victory forming the Channel Fleet would end Indiamen as
    a force: refused while Hood escorts it, told in English and Russian. Named Indiamen, the
    fleet keeps the convoy's name and its transports, and forms."""
    state = squadrons_at_portsmouth(escort=True)

    refused = refusal(forming, state, "Channel Fleet")

    assert flat(refused.message("en")) == (
        "Indiamen cannot be formed into a fleet under another name yet. Without it, 1 order "
        "could not be completed: the order of Hood (“Escort of a transport flotilla”). Only "
        "their Admiralty changes an order: change it first (a new order is given in port or sent "
        "by packet boat; a recorded order is marked carried out with /navy complete; another "
        "player's order is changed by that player or the GM), or name the fleet Indiamen; "
        "then form it (NO-I18)."
    )
    assert flat(refused.message("ru")).startswith(
        "Эскадру «Indiamen» пока нельзя включить во флот под другим названием. Без неё не "
        "выполнить 1 приказ: действующий приказ соединения «Hood»"
    )
    assert state.forces["indiamen"].status == "awaiting_orders"
    assert forming(state, "Indiamen").state.forces["indiamen"].status == "forming"
    assert (
        forming(squadrons_at_portsmouth(escort=False), "Channel Fleet")
        .state.forces["victory"]
        .status
        == "forming"
    )


def test_no_2_7_a_fleet_an_escort_names_is_not_dissolved():
    """NO-2.7, NO-1.1: the Convoy Fleet (a squadron with transports and one without) is
    escorted by Hood: dissolving it into its squadrons is refused, naming the escort."""
    state = order(
        add_force(convoy_fleet(ports()), "Hood"), "Hood", EscortOrder(convoy="Convoy Fleet"), 1
    )
    command = StartFormation(faction="Britain", kind="dissolve_fleet", members=["Convoy Fleet"])

    refused = refusal(start_formation, state, DEFAULTS, command, 1)

    assert refused.message("en").startswith(
        "Convoy Fleet cannot be dissolved into its squadrons yet. Without it, 1 order could "
        "not be completed: the order of Hood (“Escort of a transport flotilla”)."
    )
    assert flat(refused.message("ru")).startswith(
        "Флот «Convoy Fleet» пока нельзя расформировать. Без него не выполнить 1 приказ: "
        "действующий приказ соединения «Hood»"
    )


def test_a_port_added_again_says_in_each_language_which_entry_it_replaces():
    """§4, NO-3.3: Toulon, a seaport, is added again as France's naval station: the reply
    says what it replaces; a new port says nothing of the kind."""
    again = RegisterStation(name="Toulon", location=PORT_9, naval_station=True, owner="France")
    lines = register_station(ports(), again).lines
    assert [line.render("en") for line in lines] == [
        "Naval station Toulon at location 9, owned by France.",
        "It replaces the earlier entry: seaport Toulon at location 9, no owner.",
    ]
    assert [line.render("ru") for line in lines] == [
        "Военно-морская станция Toulon в локации 9, владелец — France.",
        "Эта запись заменяет прежнюю: морской порт Toulon в локации 9, без владельца.",
    ]
    new = register_station(ports(), RegisterStation(name="Brest", location="20")).lines
    assert [line.render("en") for line in new] == ["Seaport Brest at location 20, no owner."]
