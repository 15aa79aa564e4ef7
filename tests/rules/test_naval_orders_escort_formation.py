"""An escort is not given to a convoy its formation is about to end (NO-1.1, NO-2.7, NO-3.3,
NO-3.4, NO-I18).

A formation under way is made at its turn's end: a convoy putting off its last transports
is then no convoy, a squadron formed into a fleet under another name and a fleet dissolved
into its squadrons are then no force of that name. An escort of it, given in that turn,
would be left naming a convoy that is gone, and only its Admiralty changes an order (the bot
never ends one by itself): so the escort is refused when it is given, in port, by packet
boat or for the end of a layover, saying when the formation is made and what to do. The
reverse order of events (the escort first, then the formation) is refused by the formation
(test_naval_orders_register_changes.py).
"""

from __future__ import annotations

from test_naval_orders_references import convoy
from test_naval_orders_references import convoy_fleet
from test_naval_orders_references import refusal
from test_naval_orders_references import with_packet
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports

from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import EscortOrder
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import LandingOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders import start_formation
from tests.e2e.play import flat

ESCORT = EscortOrder(convoy="Indiamen")
TRANSPORT = Ship(kind="transport")


def formation(state, kind, members, *, turn=1, settings=DEFAULTS, **fields) -> NavalOrdersState:
    command = StartFormation(faction="Britain", kind=kind, members=members, **fields)
    return start_formation(state, settings, command, turn).state


def putting_off(*vessels: Ship, settings: NavalOrdersSettings = DEFAULTS) -> NavalOrdersState:
    """Britain's convoy Indiamen (warships, two transports) in Portsmouth begins putting off
    `vessels` in turn 1; France's Gloire lies in Portsmouth too, without orders."""
    state = add_force(convoy(ports()), "Gloire", owner="France")
    return formation(
        state, "dissolve_convoy", ["Indiamen"], vessels=list(vessels), settings=settings
    )


def escort(state, force="Gloire", faction="France", turn=1, settings=DEFAULTS):
    command = GiveOrder(faction=faction, force=force, order=ESCORT)
    return give_order(state, settings, command, turn)


def test_no_i18_an_escort_of_a_convoy_putting_off_its_last_transports_is_refused():
    """NO-2.7, NO-I18: Indiamen begins putting off both its transports in turn 1; France's
    Gloire is then ordered to escort it. At the turn's end Indiamen would be no convoy and
    the escort would name a convoy that is gone: refused, in English and Russian, saying
    when the convoy is dissolved; Gloire keeps its turn's order to give."""
    state = putting_off(TRANSPORT, TRANSPORT)

    refused = refusal(escort, state)

    assert refused.message_key == "naval_orders.error.escort_convoy_dissolving"
    assert flat(refused.message("en")) == (
        "Indiamen is putting off all its transports and merchantmen, done at the end of turn 1 "
        "(NO-2.7): it will then be no convoy, and an escort given now would be left with no "
        "convoy to escort, as only its Admiralty changes an order. Give another order, or the "
        "escort once Indiamen takes on transports again (NO-I18)."
    )
    assert flat(refused.message("ru")) == (
        "Соединение «Indiamen» расформировывает конвой: все его транспорты и купцы уходят в "
        "конце хода 1 (NO-2.7). После этого конвоя не будет, и отданный сейчас приказ о "
        "конвоировании нельзя было бы выполнить, а изменить приказ может только Адмиралтейство. "
        "Отдайте другой приказ или прикажите конвоировать соединение «Indiamen», когда оно "
        "снова примет транспорты (NO-I18)."
    )
    assert state.forces["gloire"].order is None
    landing = GiveOrder(faction="France", force="Gloire", order=LandingOrder(location="8"))
    assert give_order(state, DEFAULTS, landing, 1).state.forces["gloire"].order is not None


def test_no_2_7_with_transports_left_the_convoy_stays_one_and_is_escorted():
    """NO-2.7: putting off one of its two transports, Indiamen is a convoy still: the escort
    is given, and still names a convoy after the turn's end."""
    state = escort(putting_off(TRANSPORT)).state

    after = end_turn(state, 1).state

    assert after.forces["gloire"].order.order == ESCORT
    assert [s.kind for s in after.forces["indiamen"].ships].count("transport") == 1


def test_no_i18_an_escort_sent_by_packet_or_recorded_for_the_layover_is_refused_too():
    """NO-I7, NO-I18: the same escort sent by packet boat to Hood at sea, or given to Hood in
    its layover (recorded for the layover's end), is refused as given in port."""
    at_sea = end_turn(with_packet(convoy(ports())), 1).state
    at_sea = formation(at_sea, "dissolve_convoy", ["Indiamen"], vessels=[TRANSPORT] * 2, turn=2)
    command = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=ESCORT)
    by_packet = refusal(send_by_packet, at_sea, DEFAULTS, command, 2)

    state = add_force(convoy(ports()), "Hood")
    state = order(state, "Hood", CruiseOrder(point="Spithead", location="14", turns=1), 1)
    state = end_turn(move_to(state, "Hood", "14", 1), 1).state
    state = end_turn(move_to(state, "Hood", HOME, 2, in_port=True), 2).state
    assert state.forces["hood"].status == "layover"
    state = formation(state, "dissolve_convoy", ["Indiamen"], vessels=[TRANSPORT] * 2, turn=3)
    recorded = refusal(order, state, "Hood", ESCORT, 3)

    assert by_packet.message_key == "naval_orders.error.escort_convoy_dissolving"
    assert recorded.message_key == "naval_orders.error.escort_convoy_dissolving"


def test_no_i18_an_escort_of_a_squadron_forming_a_fleet_of_another_name_is_refused():
    """NO-2.7, NO-I18: Indiamen and Victory are forming the Channel Fleet: Indiamen will be
    no force by the turn's end, so an escort of it is refused, naming the fleet and the turn
    it can be escorted from. Forming a fleet named Indiamen, the convoy keeps its name and
    its transports, and the escort is given."""
    state = add_force(add_force(convoy(ports()), "Victory"), "Gloire", owner="France")
    other = formation(state, "form_fleet", ["Indiamen", "Victory"], fleet_name="Channel Fleet")
    same = formation(state, "form_fleet", ["Indiamen", "Victory"], fleet_name="Indiamen")

    refused = refusal(escort, other)

    assert refused.message_key == "naval_orders.error.escort_convoy_forming_fleet"
    assert flat(refused.message("en")) == (
        "Indiamen is being formed into the fleet Channel Fleet, done at the end of turn 1 "
        "(NO-2.7): no force will then be named Indiamen, and an escort given now would be "
        "left with no convoy to escort, as only its Admiralty changes an order. Give another "
        "order, or escort Channel Fleet from turn 2 (NO-I18)."
    )
    assert flat(refused.message("ru")).startswith(
        "Эскадра «Indiamen» входит во флот «Channel Fleet»: формирование флота завершится в "
        "конце хода 1 (NO-2.7)"
    )
    given = escort(same).state
    assert end_turn(given, 1).state.forces["indiamen"].kind == "fleet"


def test_no_i18_an_escort_of_a_fleet_dissolving_into_its_squadrons_is_refused():
    """NO-2.7, NO-I18: the Convoy Fleet is dissolving into Van and Rear: an escort of it is
    refused, pointing to the squadron with the transports from the next turn; the escort of
    Van is given then."""
    base = add_force(ports(), "Gloire", owner="France")
    state = formation(convoy_fleet(base), "dissolve_fleet", ["Convoy Fleet"])
    command = GiveOrder(faction="France", force="Gloire", order=EscortOrder(convoy="Convoy Fleet"))

    refused = refusal(give_order, state, DEFAULTS, command, 1)

    assert refused.message_key == "naval_orders.error.escort_convoy_dissolving_fleet"
    assert flat(refused.message("en")).startswith(
        "Convoy Fleet is dissolving into its squadrons, done at the end of turn 1 (NO-2.7): "
        "no force will then be named Convoy Fleet"
    )
    assert "escort the squadron with the transports from turn 2" in flat(refused.message("en"))
    after = end_turn(state, 1).state
    van = command.model_copy(update={"order": EscortOrder(convoy="Van")})
    assert give_order(after, DEFAULTS, van, 2).state.forces["gloire"].order is not None


def test_no_2_7_a_formation_of_two_turns_refuses_the_escort_in_its_second_turn():
    """NO-I7 `formation_turns = 2`: Indiamen puts off its transports through turns 1 and 2;
    an escort given in turn 2 is refused, saying turn 2."""
    slow = NavalOrdersSettings(formation_turns=2)
    state = end_turn(putting_off(TRANSPORT, TRANSPORT, settings=slow), 1, settings=slow).state

    refused = refusal(escort, state, turn=2, settings=slow)

    assert "done at the end of turn 2" in refused.message("en")


def test_no_1_1_a_convoy_is_not_ordered_to_escort_itself():
    """NO-1.1: the escort is of a transport flotilla by other forces (NO-2.7: the escorting
    warships guard the transports). Indiamen, a convoy with two transports in Portsmouth,
    ordered to escort Indiamen is refused, in English and Russian, and keeps its turn's
    order to give; France's Gloire may still escort it."""
    state = convoy(add_force(ports(), "Gloire", owner="France"))

    refused = refusal(escort, state, force="Indiamen", faction="Britain")
    escorted = escort(state)

    assert refused.message_key == "naval_orders.error.escort_itself"
    assert flat(refused.message("en")) == (
        "Indiamen cannot escort itself: an escort is given to other forces, to guard a "
        "transport flotilla (NO-1.1)."
    )
    assert flat(refused.message("ru")) == (
        "Соединение «Indiamen» не может конвоировать само себя: конвоирование поручают "
        "другим соединениям, для охраны транспортной флотилии (NO-1.1)."
    )
    assert escorted.state.forces["gloire"].order is not None
    assert escorted.state.forces["gloire"].order.order == EscortOrder(convoy="Indiamen")
