"""What an order names stays in the register (NO-I2, NO-I18, NO-1.1, NO-I16, NO-I17).

An order stays in force until it is completed or replaced, and only the Admiralty changes
it: a port an order names (a transfer's end port, a blockade's port, a repair's or
disbanding's station, the station a force returns to) is not taken off the list, and a
convoy an escort names is not struck off the register, while that order, one recorded for
the end of a layover or one on its way by packet boat names it. The refusal names each order
(another player's forces only counted for a player) and says how to proceed; nothing
changes. A transfer's intermediate locations are places on the map, not ports.
"""

from __future__ import annotations

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import PORT_9
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.errors import RuleViolation
from bot.rules.naval_orders import BlockadeOrder
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import EscortOrder
from bot.rules.naval_orders import LandingOrder
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RegisterForce
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import RepairOrder
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import declare_return_station
from bot.rules.naval_orders import register_force
from bot.rules.naval_orders import register_station
from bot.rules.naval_orders import remove_force
from bot.rules.naval_orders import remove_station
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders.models import Order

TO_TOULON = MoveOrder(point="Toulon", destination=PORT_9, port="Toulon", via=["6"])
ADVICE = (
    "Only their Admiralty changes an order: change it first (a new order is given in port "
    "or sent by packet boat; a recorded order is marked carried out with /navy complete; a "
    "returning force names another station with /navy return), then take it off (NO-I18)."
)


def refusal(call, *args, **kwargs) -> RuleViolation:
    with pytest.raises(RuleViolation) as caught:
        call(*args, **kwargs)
    return caught.value


def with_packet(state: NavalOrdersState) -> NavalOrdersState:
    """Hood cruises at sea in 14; the packet boat Mercury lies in Portsmouth."""
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    state = add_force(state, "Hood", location="14", in_port=False)
    return order(state, "Hood", CruiseOrder(point="Hyères", location="14", turns=9), 1)


def by_packet(state: NavalOrdersState, model: Order) -> NavalOrdersState:
    """Mercury carries `model` to Hood in turn 2 (relay #1)."""
    command = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=model)
    return send_by_packet(end_turn(state, 1).state, DEFAULTS, command, 2).state


def laying_over(model: Order, base: NavalOrdersState | None = None) -> NavalOrdersState:
    """Hood, back at Portsmouth after a one-turn cruise, is given `model` in its layover:
    recorded for the layover's end. `base`: the register it is added to (the ports)."""
    state = add_force(base or ports(), "Hood")
    state = order(state, "Hood", CruiseOrder(point="Spithead", location="14", turns=1), 1)
    state = end_turn(move_to(state, "Hood", "14", 1), 1).state
    state = move_to(state, "Hood", HOME, 2, in_port=True)
    state = end_turn(state, 2).state
    state = order(state, "Hood", model, 3)
    assert state.forces["hood"].pending_order.order.kind == model.kind
    return state


def test_no_i17_the_end_port_of_a_transfer_in_force_stays_on_the_list():
    """NO-I17, NO-I18: Hood sails for Toulon; the GM cannot take Toulon off the list (the
    transfer would never end), told which order names it and how to proceed, in English
    and Russian; nothing changes."""
    state = order(add_force(ports(), "Hood"), "Hood", TO_TOULON, 1)

    refused = refusal(remove_station, state, "Toulon")

    assert refused.message("en") == (
        "Toulon cannot be taken off the list of ports yet. Without it, 1 order could not be "
        "completed: the order of Hood (“Transfer”). " + ADVICE
    )
    assert refused.message("ru") == (
        "Порт «Toulon» пока нельзя удалить из списка портов. Без него не выполнить 1 приказ: "
        "действующий приказ соединения «Hood» («Перемещение»). Приказы меняет только "
        "Адмиралтейство (игрок): сначала измените его (новый приказ отдаётся в порту или "
        "отправляется с покетботом; записанный приказ отмечается выполненным командой "
        "/флот_приказы выполнен; возвращающееся соединение называет другую станцию командой "
        "/флот_приказы вернуться), затем удалите порт (NO-I18)."
    )
    assert "toulon" in state.stations


def test_no_i18_two_orders_naming_the_port_are_counted_and_both_are_to_be_changed():
    """NO-I18: Hood and Ajax both sail for Toulon: the refusal counts 2 orders and asks for
    them both to be changed, in English and Russian (one order: "it", "его", above)."""
    state = order(add_force(ports(), "Hood"), "Hood", TO_TOULON, 1)
    state = order(add_force(state, "Ajax"), "Ajax", TO_TOULON, 1)

    refused = refusal(remove_station, state, "Toulon")

    assert (
        "Without it, 2 orders could not be completed: the order of Ajax (“Transfer”); the "
        "order of Hood (“Transfer”). Only their Admiralty changes an order: change them first "
        "(a new order"
    ) in refused.message("en")
    assert (
        "Без него не выполнить 2 приказа: действующий приказ соединения «Ajax» («Перемещение»); "
        "действующий приказ соединения «Hood» («Перемещение»). Приказы меняет только "
        "Адмиралтейство (игрок): сначала измените их (новый приказ"
    ) in refused.message("ru")


def test_no_i18_once_the_order_is_changed_the_port_comes_off():
    """NO-I18: Hood, still in port, is given a cruise in turn 2 instead: Toulon comes off."""
    state = order(add_force(ports(), "Hood"), "Hood", TO_TOULON, 1)
    state = order(state, "Hood", CruiseOrder(point="Ushant", location="14", turns=2), 2)

    assert "toulon" not in remove_station(state, "Toulon").state.stations


@pytest.mark.parametrize(
    ("model", "named"),
    [
        (BlockadeOrder(port="Toulon"), "Blockade of a seaport"),
        (BlockadeOrder(port=PORT_9), "Blockade of a seaport"),
        (TO_TOULON, "Transfer"),
    ],
    ids=["blockade by name", "blockade by location", "transfer"],
)
def test_no_1_1_an_order_on_its_way_or_recorded_for_the_layover_names_its_port(model, named):
    """NO-I7, NO-I18: a blockade of Toulon (named by name or by location) or a transfer
    there, on its way to Hood by packet boat, or recorded for the end of its layover, keeps
    Toulon on the list: the refusal says which."""
    on_its_way = refusal(remove_station, by_packet(with_packet(ports()), model), "Toulon")
    recorded = refusal(remove_station, laying_over(model), "Toulon")

    assert (
        "Without it, 1 order could not be completed: the order on its way to Hood by packet "
        f"boat (relay #1, “{named}”)."
    ) in on_its_way.message("en")
    assert (
        "Without it, 1 order could not be completed: the order recorded for Hood for the end "
        f"of its layover (“{named}”)."
    ) in recorded.message("en")
    assert "приказ, который покетбот везёт соединению «Hood» (доставка №1" in (
        on_its_way.message("ru")
    )
    assert "приказ соединения «Hood», записанный на конец стоянки" in recorded.message("ru")


def test_no_1_1_the_naval_station_of_a_repair_in_force_stays_on_the_list():
    """NO-1.1: Hood repairs at Portsmouth: Portsmouth stays on the list."""
    state = order(add_force(ports(), "Hood"), "Hood", RepairOrder(details="masts"), 1)

    refused = refusal(remove_station, state, "Portsmouth")

    assert "1 order could not be completed: the order of Hood (“Repair”)." in (
        refused.message("en")
    )


def test_no_i16_the_station_a_force_returns_to_stays_on_the_list():
    """NO-I16: Hood's cruise is complete and it returns to Portsmouth, as its player named
    it: Portsmouth stays on the list until another station is named."""
    state = add_force(ports(), "Hood", location="14", in_port=False)
    state = register_station(
        state, RegisterStation(name="Plymouth", location="2", naval_station=True)
    ).state
    state = order(state, "Hood", CruiseOrder(point="U", location="14", turns=1), 1, by_gm=True)
    state = end_turn(state, 1).state
    named = declare_return_station(state, DEFAULTS, "Britain", "Hood", "Portsmouth").state

    refused = refusal(remove_station, named, "Portsmouth")

    assert (
        "Without it, 1 order could not be completed: the return of Hood to this station "
        "(NO-I16). Only their Admiralty changes an order: change it first"
    ) in refused.message("en")
    assert "возвращение соединения «Hood» на эту станцию" in refused.message("ru")
    other = declare_return_station(named, DEFAULTS, "Britain", "Hood", "Plymouth").state
    assert "portsmouth" not in remove_station(other, "Portsmouth").state.stations


def test_no_5_2_a_port_on_a_transfers_way_comes_off_the_list():
    """NO-5.2: Hood's transfer to Toulon goes via location 2, where Plymouth lies. The
    intermediate location is a place on the players' map, which a port taken off the list
    leaves there: Plymouth comes off, and the transfer still goes via 2."""
    state = register_station(ports(), RegisterStation(name="Plymouth", location="2")).state
    via_plymouth = TO_TOULON.model_copy(update={"via": ["2"]})
    state = order(add_force(state, "Hood"), "Hood", via_plymouth, 1)

    removed = remove_station(state, "Plymouth").state

    assert "plymouth" not in removed.stations
    assert removed.forces["hood"].order.order.via == ["2"]


PUBLIC = DEFAULTS.model_copy(update={"orders_public": True})


def convoy(state: NavalOrdersState, owner: str = "Britain") -> NavalOrdersState:
    """The convoy Indiamen (warships and two transports) in Portsmouth, registered while
    orders are public: every player may know of it, and name it in an escort."""
    return add_force(
        state,
        "Indiamen",
        owner=owner,
        ships=[*warships(5), Ship(kind="transport"), Ship(kind="transport")],
        settings=PUBLIC,
    )


def convoy_fleet(state: NavalOrdersState) -> NavalOrdersState:
    """Britain's Convoy Fleet in Portsmouth: the squadron Van with a transport, Rear without;
    registered while orders are public, known to every player."""
    command = RegisterForce(
        owner="Britain",
        name="Convoy Fleet",
        kind="fleet",
        squadrons=[
            Squadron(name="Van", kind="line", ships=[*warships(3), Ship(kind="transport")]),
            Squadron(name="Rear", kind="line", ships=warships(3)),
        ],
        location=HOME,
        in_port=True,
    )
    return register_force(state, PUBLIC, command).state


def test_no_1_1_a_convoy_an_escort_names_stays_on_the_register():
    """NO-1.1, NO-I18: Hood escorts Indiamen; the convoy cannot be struck off (the escort
    could not be carried out), told in English and Russian; once Hood has a new order, it
    can. The escort itself can be struck off at any time."""
    state = order(convoy(add_force(ports(), "Hood")), "Hood", EscortOrder(convoy="Indiamen"), 1)

    refused = refusal(remove_force, state, "Indiamen")

    assert refused.message("en") == (
        "Indiamen cannot be struck off the register yet. Without it, 1 order could not be "
        "completed: the order of Hood (“Escort of a transport flotilla”). Only their "
        "Admiralty changes an order: change it first (a new order is given in port or sent "
        "by packet boat; a recorded order is marked carried out with /navy complete; another "
        "player's order is changed by that player or the GM), then strike it off (NO-I18)."
    )
    assert refused.message("ru").startswith(
        "Соединение «Indiamen» пока нельзя удалить из реестра. Без него не выполнить 1 приказ: "
        "действующий приказ соединения «Hood» («Конвоирование транспортной флотилии»). "
        "Приказы меняет только Адмиралтейство (игрок): сначала измените его ("
    )
    assert "indiamen" in state.forces
    assert "hood" not in remove_force(state, "Hood").state.forces
    changed = order(state, "Hood", LandingOrder(location="8"), 2)
    assert "indiamen" not in remove_force(changed, "Indiamen").state.forces


def test_no_i7_an_escort_on_its_way_or_recorded_for_the_layover_keeps_its_convoy():
    """NO-I7, NO-I18: an escort of Indiamen on its way to Hood by packet boat, or recorded
    for the end of its layover, keeps the convoy on the register."""
    escort = EscortOrder(convoy="Indiamen")
    on_its_way = refusal(remove_force, by_packet(with_packet(convoy(ports())), escort), "Indiamen")
    recorded = refusal(remove_force, laying_over(escort, convoy(ports())), "Indiamen")

    assert "the order on its way to Hood by packet boat (relay #1" in on_its_way.message("en")
    assert "the order recorded for Hood for the end of its layover" in recorded.message("en")


def test_issue_14_the_orders_only_counted_count_among_those_to_be_changed():
    """NO-1.1, NO-I18: Britain's Hood and France's Gloire and Jean Bart all escort
    Britain's Indiamen. Britain, striking it off, is told of 3 orders: Hood's, and those of
    2 forces of another player, not named; all 3 are to be changed ("them", "их")."""
    state = order(convoy(add_force(ports(), "Hood")), "Hood", EscortOrder(convoy="Indiamen"), 1)
    for name in ("Gloire", "Jean Bart"):
        state = add_force(state, name, owner="France")
        state = order(state, name, EscortOrder(convoy="Indiamen"), 1, faction="France")

    refused = refusal(remove_force, state, "Indiamen", reader="Britain")

    assert (
        "Without it, 3 orders could not be completed: the order of Hood (“Escort of a "
        "transport flotilla”); 2 orders of 2 forces of other players. Only their Admiralty "
        "changes an order: change them first"
    ) in refused.message("en")
    assert (
        "Без него не выполнить 3 приказа: действующий приказ соединения «Hood» "
        "(«Конвоирование транспортной флотилии»); 2 приказа 2 соединений других игроков. "
        "Приказы меняет только Адмиралтейство (игрок): сначала измените их"
    ) in refused.message("ru")


def test_issue_14_the_forces_only_counted_are_counted_as_forces_their_orders_as_orders():
    """NO-I18, issue 14: Britain's Hood escorts France's Indiamen, and a second escort of it
    is on its way to Hood by packet boat. France, striking its convoy off, is told of the 2
    orders of another player's force: the orders counted as orders, their force once."""
    escort = EscortOrder(convoy="Indiamen")
    packet = [Ship(kind="packet")]
    state = add_force(convoy(ports(), owner="France"), "Mercury", "packet", ships=packet)
    state = order(add_force(state, "Hood", location="14", in_port=False), "Hood", escort, 1)
    state = by_packet(state, escort)

    refused = refusal(remove_force, state, "Indiamen", reader="France")

    assert (
        "Without it, 2 orders could not be completed: 2 orders of another player's force."
    ) in refused.message("en")
    assert (
        "Без него не выполнить 2 приказа: 2 приказа соединения другого игрока."
    ) in refused.message("ru")
    assert "Hood" not in refused.message("en")


def test_issue_14_another_players_escort_is_counted_not_named_to_the_convoys_owner():
    """NO-1.1, issue 14: France's Gloire escorts Britain's Indiamen. Britain, striking off
    its convoy, is told one force of another player escorts it, not which (its orders are
    France's to read); the GM, who reads every order, is told Gloire."""
    state = add_force(convoy(ports()), "Gloire", owner="France")
    state = order(state, "Gloire", EscortOrder(convoy="Indiamen"), 1, faction="France")

    britain = refusal(remove_force, state, "Indiamen", reader="Britain").message("en")
    gm = refusal(remove_force, state, "Indiamen").message("en")

    assert "Without it, 1 order could not be completed: the order of another player's force." in (
        britain
    )
    assert "Gloire" not in britain
    assert "1 order could not be completed: the order of Gloire (“Escort of a transport" in gm
    assert "не выполнить 1 приказ: приказ соединения другого игрока" in refusal(
        remove_force, state, "Indiamen", reader="Britain"
    ).message("ru")


def test_no_1_1_a_force_escorting_itself_is_struck_off():
    """NO-1.1: an order of the force struck off goes with it, naming itself or not. An
    escort of itself is no longer given (test_naval_orders_escort_formation.py); Indiamen
    saved escorting itself by an earlier release is struck off all the same."""
    state = order(convoy(ports()), "Indiamen", CruiseOrder(point="Downs", location="3", turns=2), 1)
    given = state.forces["indiamen"]
    assert given.order is not None
    saved = given.order.model_copy(update={"order": EscortOrder(convoy="Indiamen")})
    state.forces["indiamen"] = given.model_copy(update={"order": saved})

    assert "indiamen" not in remove_force(state, "Indiamen").state.forces
