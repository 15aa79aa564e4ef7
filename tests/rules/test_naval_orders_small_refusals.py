"""Refusals that tell the player why and what next: a force in port only where a port is
(NO-3.3), a move during the layover (NO-2.11) and a second order after the GM's (NO-I2)."""

from __future__ import annotations

import pytest
import test_naval_orders_support as support

from bot.errors import RuleViolation
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import RegisterForce
from bot.rules.naval_orders import ReportPosition
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import register_force
from bot.rules.naval_orders import report_position
from bot.rules.naval_orders import send_by_packet

CRUISE = CruiseOrder(point="Ushant", location="14", turns=5)
RAID = RaidOrder(point="Biscay", location="22", turns=1)


def register(state, location, *, in_port=True):
    command = RegisterForce(
        owner="Britain",
        name="Hood",
        kind="line",
        ships=support.warships(3, 3),
        location=location,
        in_port=in_port,
    )
    return register_force(state, support.DEFAULTS, command)


@pytest.mark.parametrize("existing", [False, True], ids=["register", "edit"])
def test_a_force_is_recorded_in_port_only_where_a_port_is(existing):
    """NO-3.3: registering or editing a force "in port" at location 14, which has no port, is
    refused as `/navy position` refuses it, in both languages; at sea there is accepted."""
    state = support.add_force(support.ports(), "Hood") if existing else support.ports()
    with pytest.raises(RuleViolation) as refused:
        register(state, "14")
    assert refused.value.message_key == "naval_orders.error.not_a_port"
    assert refused.value.message("en") == "No port is registered at 14 (NO-3.3)."
    assert "14" in refused.value.message("ru") and "NO-3.3" in refused.value.message("ru")
    at_sea = register(state, "14", in_port=False).state.forces["hood"]
    assert (at_sea.location, at_sea.in_port) == ("14", False)
    in_port = register(state, support.HOME).state.forces["hood"]
    assert (in_port.location, in_port.in_port) == (support.HOME, True)


def test_a_force_recorded_in_port_before_the_check_can_still_have_its_ships_edited():
    """A force saved "in port" at 14 before ports were checked there keeps that place when
    its ships are edited (nothing new is recorded about its place); moving it there again
    from elsewhere is refused."""
    state = support.add_force(support.ports(), "Hood")
    state.forces["hood"].location, state.forces["hood"].in_port = "14", True
    edited = register(state, "14").state.forces["hood"]
    assert (edited.location, edited.in_port) == ("14", True)
    state.forces["hood"].in_port = False
    with pytest.raises(RuleViolation):
        register(state, "14")


def in_layover():
    """Hood cruised two turns in 14, came home on turn 3 and stays in port through turn 4."""
    two_turns = CruiseOrder(point="Ushant", location="14", turns=2)
    state = support.order(support.add_force(support.ports(), "Hood"), "Hood", two_turns, 1)
    state = support.move_to(state, "Hood", "14", 1)
    state = support.end_turn(state, 1).state
    state = support.end_turn(state, 2).state
    state = support.move_to(state, "Hood", support.HOME, 3, in_port=True)
    state = support.end_turn(state, 3).state
    assert state.forces["hood"].status == "layover"
    return state


def reported_by_the_gm_only(state: NavalOrdersState, location: str, turn: int) -> tuple[str, str]:
    """Hood's player reporting Hood in `location` on `turn` is refused, and the GM reporting
    it there is accepted: the refusal in English and in Russian."""
    command = ReportPosition(faction="Britain", force="Hood", location=location)
    with pytest.raises(RuleViolation) as refused:
        report_position(state, support.DEFAULTS, command, turn)
    by_gm = command.model_copy(update={"by_gm": True})
    moved = report_position(state, support.DEFAULTS, by_gm, turn).state
    assert moved.forces["hood"].location == location
    return refused.value.message("en"), refused.value.message("ru")


def test_a_move_in_the_layover_says_until_when_and_who_can_correct_it():
    """NO-2.11: the refusal names the layover's last turn, the turn the force may move again,
    and that the GM can correct its place; the GM's report is still accepted."""
    en, ru = reported_by_the_gm_only(in_layover(), "14", 4)
    assert "until the end of turn 4" in en and "from turn 5" in en and "GM" in en
    assert "NO-2.11" in en
    assert "до конца хода 4" in ru and "с хода 5" in ru and "ведущий" in ru


def test_a_players_order_after_the_gms_says_the_gm_gave_it_and_which():
    """NO-I2: the GM gave Hood this turn's order (Raiding); the player's own order, and one
    sent by packet boat, are refused naming the GM and the order; the next turn is open."""
    state = support.add_force(support.ports(), "Hood")
    state = support.order(state, "Hood", RAID, 2, by_gm=True)
    own = GiveOrder(faction="Britain", force="Hood", order=CRUISE)
    with pytest.raises(RuleViolation) as refused:
        give_order(state, support.DEFAULTS, own, 2)
    en = refused.value.message("en")
    assert en.startswith("The GM has already given Hood its new order for turn 2: “Raiding”.")
    assert "NO-I2" in en
    ru = refused.value.message("ru")
    assert ru.startswith("Ведущий уже отдал соединению «Hood» новый приказ на ход 2: «Рейдерство».")
    assert give_order(state, support.DEFAULTS, own, 3).state.forces["hood"].order is not None


def test_a_packet_after_the_gms_order_says_the_gm_gave_it():
    """NO-I2 by packet boat: Swift at sea got the GM's order this turn; the player's packet
    to it is refused naming the GM's order. A player's own first order keeps the old text."""
    state = support.add_force(support.ports(), "Swift", "auxiliary", location="14", in_port=False)
    state = support.add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    players = support.order(state, "Swift", CRUISE, 2)
    state = support.order(state, "Swift", CRUISE, 2, by_gm=True)
    packet = SendByPacket(faction="Britain", packet="Mercury", force="Swift", order=RAID)
    with pytest.raises(RuleViolation) as refused:
        send_by_packet(state, support.DEFAULTS, packet, 2)
    assert refused.value.message_key == "naval_orders.error.second_order_by_gm"
    assert "“Cruising”" in refused.value.message("en")
    with pytest.raises(RuleViolation) as second:
        send_by_packet(players, support.DEFAULTS, packet, 2)
    assert second.value.message_key == "naval_orders.error.second_order"


def raiding(turns=1):
    """Hood, ordered to raid 22 on turn 1, ends turn 1 there: its raid begins (d3 = 2)."""
    raid = RaidOrder(point="Biscay", location="22", turns=turns)
    state = support.order(support.add_force(support.ports(), "Hood"), "Hood", raid, 1)
    state = support.move_to(state, "Hood", "22", 1)
    state = support.end_turn(state, 1, 2).state
    assert state.forces["hood"].order.arrived_turn == 1
    return state


def test_a_raiding_force_cannot_leave_its_raiding_location():
    """NO-2.8, NO-I12: raiding in 22, Hood's player reporting it in 14 is refused, as a move
    in the layover is, in both languages; in port in 22 is no move away, and the GM can
    still correct its place."""
    en, ru = reported_by_the_gm_only(raiding(), "14", 2)
    assert en.startswith("Hood is raiding in location 22 and cannot leave it while the raid")
    assert "NO-2.8" in en and "NO-I12" in en and "GM" in en
    assert ru.startswith("Соединение «Hood» ведёт рейдерство в локации 22 и, пока оно длится,")
    assert "NO-2.8" in ru and "ведущий" in ru


def test_a_raid_that_has_ended_leaves_its_location():
    """NO-I14, NO-I16: Hood's raid of 0 + d3 = 2 turns is complete at the end of turn 2; from
    turn 3 it returns to a naval station, and its player reports it leaving 22."""
    state = raiding(turns=0)
    assert state.forces["hood"].status == "executing"
    state = support.end_turn(state, 2).state
    assert state.forces["hood"].status == "returning_to_station"
    assert support.move_to(state, "Hood", "14", 3).forces["hood"].location == "14"


def test_a_force_cannot_move_after_its_battle():
    """NO-2.12, NO-I4: Hood passed its raid test against a convoy in its own location 22;
    reporting it in 23 afterwards is refused, in both languages, naming the turn it may
    move again; the GM can correct its place."""
    state = support.command_test(raiding(), "Hood", "own", [6, 6], 2, convoy=True).state
    en, ru = reported_by_the_gm_only(state, "23", 2)
    assert en.startswith("Hood passed its command test to fight in location 22 this turn")
    assert "NO-2.12" in en and "NO-I4" in en and "from turn 3" in en and "GM" in en
    assert ru.startswith("Соединение «Hood» прошло тест на командование")
    assert "после боя оно не может двигаться" in ru and "с хода 3" in ru


def test_a_force_attacking_elsewhere_moves_to_its_battle_and_no_further():
    """NO-2.12, NO-I12: Hood passed its test against a convoy in an adjacent location; it is
    reported there (23), where it fights, and then no further (24 is refused)."""
    state = support.command_test(raiding(), "Hood", "adjacent", [6, 6], 2, convoy=True).state
    state = support.move_to(state, "Hood", "23", 2)
    assert state.forces["hood"].location == "23"
    with pytest.raises(RuleViolation) as refused:
        support.move_to(state, "Hood", "24", 2)
    assert refused.value.message_key == "naval_orders.error.cannot_move_after_battle"
    assert "location 23" in refused.value.message("en")


def test_a_force_saved_attacking_before_its_battles_place_was_kept_loads():
    """A state saved before the battle's place was kept: Hood attacking, with no
    `battle_location`, loads; its next reported place is taken as the battle's (accepted),
    and it cannot move on from there (NO-2.12)."""
    state = support.command_test(raiding(), "Hood", "own", [6, 6], 2, convoy=True).state
    saved = state.model_dump(mode="json")
    del saved["forces"]["hood"]["battle_location"]
    loaded = NavalOrdersState.model_validate(saved)
    assert loaded.forces["hood"].status == "attacking"
    moved = support.move_to(loaded, "Hood", "23", 2)
    assert moved.forces["hood"].location == "23"
    with pytest.raises(RuleViolation) as refused:
        support.move_to(moved, "Hood", "24", 2)
    assert refused.value.message_key == "naval_orders.error.cannot_move_after_battle"
