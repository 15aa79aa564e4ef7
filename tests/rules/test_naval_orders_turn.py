"""The end-of-turn step and the readers' views: the summary per player, forces lacking
orders, convoys and fleets formed and dissolved, a full transfer with its layover, orders
relayed by packet boat, the archive of finished orders (NO-I7, NO-I13…NO-I18)."""

from __future__ import annotations

from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import add_force
from test_naval_orders_support import command_test
from test_naval_orders_support import end_turn
from test_naval_orders_support import keys
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.rules.naval_orders import BlockadeOrder
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import LandingOrder
from bot.rules.naval_orders import MovementPlan
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import RepairOrder
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import archive_key
from bot.rules.naval_orders import awaited
from bot.rules.naval_orders import compute_range
from bot.rules.naval_orders import orders_overview
from bot.rules.naval_orders import register_packet_arrival
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders import start_formation
from bot.rules.naval_orders import waiting_for

CRUISE = CruiseOrder(point="Ushant", location="14", turns=2)
TRANSFER = MoveOrder(point="Toulon", destination="9", port="Toulon", via=["6"])


def test_summary_lists_each_players_forces_changes_and_who_lacks_orders():
    """The summary: per player (name order) their forces with status and order, each with
    what changed; then one line per player whose forces still lack orders."""
    state = add_force(ports(), "Hood")
    state = add_force(state, "Brest", owner="France")
    state = order(state, "Hood", CRUISE, 1)
    state = move_to(state, "Hood", "14", 1)
    result = end_turn(state, 1)
    assert keys(result.lines) == [
        "naval_orders.turn.owner",
        "naval_orders.turn.force",
        "naval_orders.turn.cruise_started",
        "naval_orders.turn.owner",
        "naval_orders.turn.force_awaiting",
        "naval_orders.waiting.owner",
    ]
    assert result.lines[0].params["owner"] == "Britain"
    # Everyone reads the summary: the forces lacking orders are counted, never named.
    assert result.lines[-1].params == {"owner": "France", "count": 1, "turn": 2}
    assert "Brest" not in result.lines[-1].render("en")
    assert [m.key for m in waiting_for(result.state, DEFAULTS, 2)] == ["naval_orders.waiting.owner"]
    assert result.audit_lines[0].key == "naval_orders.turn.audit"


def test_the_turn_end_names_owners_whose_forces_changed_and_who_owes_orders():
    """Issue 17: the summary pings Britain (Hood's cruise began); France's Brest changed
    nothing but still lacks orders, so `awaited` names France for the reminders."""
    state = add_force(ports(), "Hood")
    state = add_force(state, "Brest", owner="France")
    state = order(state, "Hood", CRUISE, 1)
    state = move_to(state, "Hood", "14", 1)
    result = end_turn(state, 1)
    assert result.affected == ["Britain"]
    assert [a.faction for a in awaited(result.state, DEFAULTS, 2)] == ["France"]


def test_empty_register_says_so():
    """No forces: one line, nobody to wait for."""
    result = end_turn(NavalOrdersState(), 1)
    assert keys(result.lines) == ["naval_orders.turn.no_forces"]
    assert waiting_for(NavalOrdersState(), DEFAULTS, 1) == []


def test_cruise_runs_its_turns_then_returns_layover_and_awaits_orders():
    """NO-4.3, NO-I14, NO-I16, NO-I7: 2 turns in 14 complete the order; the force returns,
    is back at Portsmouth, stays a turn, then awaits orders; the order is archived."""
    state = order(add_force(ports(), "Hood"), "Hood", CRUISE, 1)
    state = move_to(state, "Hood", "14", 1)
    state = end_turn(state, 1).state
    done = end_turn(state, 2)
    assert done.state.forces["hood"].status == "returning_to_station"
    record = done.archive[0]
    assert record.key == archive_key("Hood") and record.body.end == "completed"
    assert (record.body.given_turn, record.body.ended_turn) == (1, 2)
    state = move_to(done.state, "Hood", HOME, 3, in_port=True)
    state = end_turn(state, 3).state
    assert state.forces["hood"].status == "layover"
    assert compute_range(state.forces["hood"], DEFAULTS, MovementPlan()).held == "layover"
    state = end_turn(state, 4).state
    assert state.forces["hood"].status == "awaiting_orders"
    assert state.forces["hood"].order is None


def test_transfer_ends_in_its_port_with_a_layover():
    """NO-5.3, NO-I17: in port at the destination the transfer is complete."""
    state = order(add_force(ports(), "Hood"), "Hood", TRANSFER, 1)
    state = move_to(state, "Hood", "6", 1)
    state = end_turn(state, 1).state
    assert state.forces["hood"].status == "executing"
    state = move_to(state, "Hood", "9", 2, in_port=True)
    result = end_turn(state, 2)
    assert "naval_orders.turn.transfer_complete" in keys(result.lines)
    assert result.state.forces["hood"].status == "layover"


def test_packet_relay_is_listed_and_the_force_is_not_waiting():
    """NO-I18: an order on its way by packet boat shows in the owner's overview."""
    state = add_force(ports(), "Hood", location="14", in_port=False)
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    assert [m.key for m in waiting_for(state, DEFAULTS, 1)] == ["naval_orders.waiting.owner"]
    command = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=CRUISE)
    sent = send_by_packet(state, DEFAULTS, command, 1)
    assert waiting_for(sent.state, DEFAULTS, 1) == []
    lines = orders_overview(sent.state, DEFAULTS, viewer="Britain", is_gm=False, turn=1)
    assert "naval_orders.overview.relay" in keys(lines)
    assert orders_overview(sent.state, DEFAULTS, viewer="France", is_gm=False, turn=1)[0].key == (
        "naval_orders.overview.empty"
    )
    arrived = register_packet_arrival(sent.state, DEFAULTS, "Britain", 1, 2).state
    assert arrived.forces["mercury"].location == "14"
    relay_turn = end_turn(arrived, 2)
    assert "naval_orders.turn.relay_turn" in keys(relay_turn.lines)
    in_force = end_turn(relay_turn.state, 3).state
    assert in_force.forces["hood"].order.order.kind == "cruise"
    assert in_force.forces["hood"].status == "executing"


def test_convoy_forms_and_dissolves_in_a_turn_each():
    """NO-2.7: taking on transports and putting them off each take the turn (range 0)."""
    state = add_force(ports(), "Hood")
    vessels = [Ship(kind="transport"), Ship(kind="merchant")]
    form = StartFormation(faction="Britain", kind="form_convoy", members=["Hood"], vessels=vessels)
    state = start_formation(state, DEFAULTS, form, 1).state
    assert state.forces["hood"].status == "forming"
    state = end_turn(state, 1).state
    assert len(state.forces["hood"].ships) == 4
    assert compute_range(state.forces["hood"], DEFAULTS, MovementPlan()).total == 2
    drop = StartFormation(
        faction="Britain", kind="dissolve_convoy", members=["Hood"], vessels=vessels
    )
    state = end_turn(start_formation(state, DEFAULTS, drop, 2).state, 2).state
    assert len(state.forces["hood"].ships) == 2


def test_fleet_dissolves_into_its_squadrons():
    """NO-2.7: a fleet dissolved at the end of turn becomes its squadrons, each with the
    fleet's officer rating."""
    squadrons = [
        Squadron(name="Van", kind="line", ships=warships(3)),
        Squadron(name="Scouts", kind="auxiliary", ships=warships(6)),
    ]
    state = add_force(ports(), "Grand", "fleet", squadrons=squadrons, rating=2)
    command = StartFormation(faction="Britain", kind="dissolve_fleet", members=["Grand"])
    state = end_turn(start_formation(state, DEFAULTS, command, 1).state, 1).state
    assert sorted(state.forces) == ["scouts", "van"]
    assert state.forces["scouts"].kind == "auxiliary"
    assert state.forces["van"].officer_rating == 2


def test_gm_overview_shows_every_force_with_its_order_text():
    """A GM sees all forces and their orders; the owner's own orders show their text."""
    state = order(add_force(ports(), "Hood"), "Hood", CRUISE, 1)
    state = add_force(state, "Brest", owner="France")
    gm = orders_overview(state, DEFAULTS, viewer=None, is_gm=True, turn=1)
    assert keys(gm) == [
        "naval_orders.overview.lacking",
        "naval_orders.overview.force",
        "naval_orders.overview.force",
        "naval_orders.order_text.cruise",
    ]
    text = gm[-1].render("en")
    assert text.startswith("“Cruise Ushant with the forces of the Squadron “Hood” numbering")
    assert "2 ships of rate III" in text and "location No. 14, for 2 turns" in text
    assert "силами эскадры „Hood“ в количестве 2 кораблей III ранга" in gm[-1].render("ru")
    assert gm[0].render("en") == "France: 1 force lacks orders for turn 1: Brest."
    assert gm[0].render("ru") == "France: 1 соединение без приказов на ход 1: Brest."


def test_the_owner_alone_reads_which_of_their_forces_lack_orders():
    """`/navy orders` names a player's own forces lacking orders, never another's; the
    waiting list everyone reads counts them (`/turn status`, reminders, the turn's end)."""
    state = add_force(add_force(ports(), "Hood"), "Brest", owner="France")
    britain = orders_overview(state, DEFAULTS, viewer="Britain", is_gm=False, turn=1)
    assert britain[0].render("en") == "Britain: 1 force lacks orders for turn 1: Hood."
    assert "Brest" not in " ".join(m.render("en") for m in britain)
    public = [m.render("en") for m in waiting_for(state, DEFAULTS, 1)]
    assert public == [
        "Britain: 1 force lacks orders for turn 1.",
        "France: 1 force lacks orders for turn 1.",
    ]
    owed = [(a.faction, a.owes.render("ru")) for a in awaited(state, DEFAULTS, 1)]
    assert owed == [
        ("Britain", "1 соединение без приказов на ход 1"),
        ("France", "1 соединение без приказов на ход 1"),
    ]


def test_archive_sequence_numbers_stay_unique():
    """Finished orders leave the state as archive records with unique sequence numbers."""
    state = order(add_force(ports(), "Hood"), "Hood", CRUISE, 1)
    state = move_to(state, "Hood", "14", 1)
    state = end_turn(state, 1).state
    first = end_turn(state, 2)
    state = move_to(first.state, "Hood", HOME, 3, in_port=True)
    state = end_turn(end_turn(state, 3).state, 4).state
    second = order(state, "Hood", CRUISE, 5)
    assert second.next_archive_seq == first.state.next_archive_seq
    assert first.archive[0].seq < first.state.next_archive_seq


def waiting_for_a_transfer_by_packet():
    """Hood completes its cruise at turn 2's end, waiting in 14 for a transfer to Toulon via
    15 that Mercury brought (in force from turn 4, NO-I7); in turn 3 it sails to 15."""
    state = add_force(add_force(ports(), "Hood"), "Mercury", "packet", ships=[Ship(kind="packet")])
    state = order(state, "Hood", CRUISE, 1)
    state = end_turn(move_to(state, "Hood", "14", 1), 1).state
    transfer = MoveOrder(point="Channel", destination="9", port="Toulon", via=["15"])
    command = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=transfer)
    state = send_by_packet(state, DEFAULTS, command, 2).state
    state = register_packet_arrival(state, DEFAULTS, "Britain", 1, 2).state
    state = end_turn(state, 2).state
    assert state.forces["hood"].status == "awaiting_orders"
    return move_to(state, "Hood", "15", 3)


def test_a_force_whose_awaited_packet_order_lapses_returns_to_the_nearest_station():
    """NO-4.3, NO-I7, NO-I16: the transfer cannot take effect in 15, its intermediate
    location, and lapses; Hood, its cruise carried out and no order left, returns to the
    nearest naval station, as the summary says in both languages; it no longer awaits
    orders at sea, and no one is asked for its orders."""
    ended = end_turn(waiting_for_a_transfer_by_packet(), 3)

    hood = ended.state.forces["hood"]
    assert (hood.status, hood.order, hood.owes_return) == ("returning_to_station", None, False)
    assert ended.state.relays == []
    (lapsed,) = [m for m in ended.lines if m.key == "naval_orders.turn.relay_lapsed_return"]
    assert lapsed.render("en").endswith(
        "Hood has carried out its order and has no other: it must return to the nearest naval "
        "station for supplies and new orders (NO-4.3, NO-6.3, NO-I7)."
    )
    assert lapsed.render("ru").startswith(
        "  «Hood»: приказ, доставленный покетботом (доставка №1, «Перемещение»), выполнить "
        "нельзя, и он потерял силу. "
    )
    assert lapsed.render("ru").endswith(
        "Прежний приказ выполнен, другого у соединения нет: оно должно вернуться на ближайшую "
        "морскую станцию для пополнения запасов и получения новых приказов (NO-4.3, NO-6.3, "
        "NO-I7)."
    )
    assert "naval_orders.return.name_it" in keys(ended.lines)
    assert waiting_for(ended.state, DEFAULTS, 4) == []


def test_a_force_saved_waiting_for_a_packet_order_before_it_owed_a_return_loads():
    """A force saved by an earlier release while it waited at sea for an order by packet
    boat after its cruise has no `owes_return`: it loads, and should that order lapse it
    awaits orders where it is, as it did then (NO-I7)."""
    state = waiting_for_a_transfer_by_packet()
    saved = state.model_dump(mode="json")
    del saved["forces"]["hood"]["owes_return"]

    loaded = NavalOrdersState.model_validate(saved)

    assert loaded.forces["hood"].owes_return is False
    ended = end_turn(loaded, 3)
    assert ended.state.forces["hood"].status == "awaiting_orders"
    assert "naval_orders.turn.relay_lapsed" in keys(ended.lines)


def test_a_force_awaiting_orders_with_none_coming_is_said_to_await_them_once():
    """A force with no order and none on its way reads "awaiting orders", not "awaiting
    orders; no order" as well, in both languages; a force with an order keeps it."""
    state = order(add_force(add_force(ports(), "Hood"), "Baltic"), "Hood", CRUISE, 1)

    ended = end_turn(state, 1)

    text = [m.render("en") for m in ended.lines]
    ru = [m.render("ru") for m in ended.lines]
    assert "• Baltic: awaiting orders" in text
    assert "• Baltic: ожидает приказов" in ru
    assert not any("no order" in line for line in text)
    assert not any("нет приказа" in line for line in ru)
    assert any(line.startswith("• Hood: executing its order; Cruising") for line in text), text


def test_a_force_ending_its_cruise_with_an_order_by_packet_boat_reads_consistently():
    """Hood completes its two cruising turns at the end of turn 2, the turn a raiding order
    brought by packet boat reaches it; the raid takes effect from turn 4 (NO-2.9, NO-I7).
    Hood has its new order, so it is not sent to a naval station for one (NO-3.3): the
    summary says it awaits the coming order, never "no order" beside it, asks no player to
    name a station, and names no one with a possessive ("Hood's player")."""
    state = add_force(add_force(ports(), "Hood"), "Mercury", "packet", ships=[Ship(kind="packet")])
    state = order(state, "Hood", CRUISE, 1)
    state = move_to(state, "Hood", "14", 1)
    state = end_turn(state, 1).state
    raid = RaidOrder(point="Ushant", location="16", turns=1)
    command = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=raid)
    state = send_by_packet(state, DEFAULTS, command, 2).state
    state = register_packet_arrival(state, DEFAULTS, "Britain", 1, 2).state

    ended = end_turn(state, 2)

    text = [m.render("en") for m in ended.lines]
    assert "• Hood: awaiting orders; no order until turn 4, then Raiding" in text
    assert not any("no order" in line and "Hood" in line and "then" not in line for line in text)
    assert not any("names the nearest naval station" in line for line in text)
    assert (
        "  Hood completed its order “Cruising” after 2 turns; the order brought by packet boat "
        "has reached it, so it does not return to a naval station for new orders (NO-3.3, NO-I7)."
        in text
    )
    assert not any("Hood's" in line for line in text)
    assert (
        "  Hood passes the new order to its captains; it takes effect from turn 4 (NO-2.9, NO-I7)."
        in text
    )
    ru = [m.render("ru") for m in ended.lines]
    assert "• Hood: ожидает приказов; нет приказа до хода 4, затем «Рейдерство»" in ru


def after_battle(model, location, *, settings=DEFAULTS, raid_face=None):
    """Hood (two rate V ships) given `model` in turn 1 and recorded in `location`, passes its
    command test against an enemy convoy in its own location and ends turn 1."""
    state = add_force(ports(), "Hood", ships=warships(5, 5))
    state = order(state, "Hood", model, 1)
    state = move_to(state, "Hood", location, 1)
    state = command_test(
        state,
        "Hood",
        "own",
        [6, 6][: 1 if model.kind != "raid" else 2],
        1,
        convoy=True,
        settings=settings,
    ).state
    faces = () if raid_face is None else (raid_face,)
    return end_turn(state, 1, *faces, settings=settings)


def resumed(result, language):
    """The summary's line saying what Hood does after its battle, in `language`."""
    return [m.render(language) for m in result.lines if m.key.startswith("naval_orders.turn.res")]


def test_after_its_battle_each_order_goes_on_by_its_own_clause():
    """NO-4.7, NO-6.7, NO-I15: a cruise or raid that fought in its own location goes on; a
    transfer goes on after its battle (NO-5.6, NO-I11). Each summary cites its own order's
    clause, in both languages, and never the transfer's for a raid or a cruise."""
    own = NavalOrdersSettings(cruise_attack_own_location=True)
    cruise = after_battle(CRUISE, "14", settings=own)
    assert resumed(cruise, "en") == [
        "  Hood goes on with its cruise after the battle (NO-4.7, NO-I15)."
    ]
    raid = after_battle(RaidOrder(point="Biscay", location="22", turns=1), "22", raid_face=2)
    assert resumed(raid, "en") == [
        "  Hood goes on with its raid after the battle (NO-6.7, NO-I15)."
    ]
    assert resumed(raid, "ru") == [
        "  Соединение «Hood» после боя продолжает рейдерство (NO-6.7, NO-I15)."
    ]
    transfer = after_battle(TRANSFER, "6")
    assert resumed(transfer, "en") == [
        "  Hood goes on with its transfer after the battle (NO-5.6, NO-I11)."
    ]


def test_a_raid_complete_after_its_battle_does_not_go_on():
    """NO-6.3, NO-I14: Hood's raid of 0 + d3 (1) turns is complete at the end of the turn of
    its battle; the summary says so and that it returns, and not that the raid goes on."""
    raid = after_battle(RaidOrder(point="Biscay", location="22", turns=0), "22", raid_face=1)
    assert raid.state.forces["hood"].status == "returning_to_station"
    assert "naval_orders.turn.order_complete" in keys(raid.lines)
    assert resumed(raid, "en") == []
    summary = "\n".join(m.render("en") for m in raid.lines)
    assert "goes on" not in summary


def test_each_command_test_cites_the_clause_that_sets_its_target():
    """NO-4.6 (cruise 4+), NO-5.5 (transfer 6+), NO-6.6 (raid 6+): the verdict of each test
    cites its own order's clause, passed or failed, in both languages."""
    own = NavalOrdersSettings(cruise_attack_own_location=True)
    for model, location, faces, clause, settings in (
        (CRUISE, "14", [1], "NO-4.6", own),
        (TRANSFER, "6", [1], "NO-5.5", DEFAULTS),
        (TRANSFER, "6", [6], "NO-5.5", DEFAULTS),
        (RaidOrder(point="Biscay", location="22", turns=1), "22", [1, 1], "NO-6.6", DEFAULTS),
    ):
        state = order(add_force(ports(), "Hood", ships=warships(5, 5)), "Hood", model, 1)
        state = move_to(state, "Hood", location, 1)
        tested = command_test(state, "Hood", "own", faces, 1, convoy=True, settings=settings)
        verdict = next(m for m in tested.lines if m.key.startswith("naval_orders.test.verdict"))
        outcome = "success" if tested.result.success else "failure"
        assert verdict.render("en").endswith(f"{outcome} ({clause}).")
        assert verdict.render("ru").endswith(f"({clause}).")


def test_the_ping_says_whose_new_or_recorded_order_takes_effect():
    """NO-I7, NO-I18: the ping's line for an order brought by packet boat, and for one
    recorded during the layover, reads in Russian «новый приказ соединения «Hood» …» and
    «записанный приказ соединения «Hood» …», so the force's name does not read as the
    order's."""
    state = add_force(ports(), "Hood", location="14", in_port=False)
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    command = SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=CRUISE)
    sent = send_by_packet(state, DEFAULTS, command, 1)
    arrived = register_packet_arrival(sent.state, DEFAULTS, "Britain", 1, 2).state
    relay_turn = end_turn(arrived, 2)
    told = [m.render("ru") for m in relay_turn.affected_lines["Britain"]]
    assert "новый приказ соединения «Hood» вступает в силу с хода 4" in told, told

    state = order(
        add_force(ports(), "Hood"), "Hood", CruiseOrder(point="Ushant", location="14", turns=1), 1
    )
    state = move_to(state, "Hood", "14", 1)
    state = end_turn(state, 1).state
    state = move_to(state, "Hood", HOME, 2, in_port=True)
    state = end_turn(state, 2).state
    assert state.forces["hood"].status == "layover"
    state = order(state, "Hood", CRUISE, 3)
    in_force = end_turn(state, 3)
    told = [m.render("ru") for m in in_force.affected_lines["Britain"]]
    assert "записанный приказ соединения «Hood» вступает в силу с хода 4" in told, told


def test_each_force_in_the_summary_says_its_order_and_where_it_is_carried_out():
    """The summary's bullet of a force carrying out an order names the order and the place
    its mandatory text names (NO-4.10 the cruising location, NO-5.9 the transfer's
    destination and port, NO-6.9 the raiding location; NO-1.1, NO-I1: the seaport blockaded,
    the landing's location, the station a repair is carried out at), with its progress
    (NO-I14), in either language; an order that names no place reads as its kind."""
    state = ports()
    given = {
        "Hood": CRUISE,
        "Swift": TRANSFER,
        "Raven": RaidOrder(point="Finisterre", location="12", turns=1),
        "Stone": BlockadeOrder(port="Toulon"),
        "Wave": LandingOrder(location="7"),
        "Dock": RepairOrder(),
        "Blank": LandingOrder(),  # free forms (NO-I19): no location given
    }
    free = NavalOrdersSettings(strict_order_forms=False)
    for force, order_model in given.items():
        state = order(add_force(state, force), force, order_model, 1, settings=free)
    state = move_to(state, "Hood", "14", 1)
    lines = [line for line in end_turn(state, 1).lines if line.key == "naval_orders.turn.force"]
    english = [line.render("en") for line in lines]
    russian = [line.render("ru") for line in lines]

    assert english == [
        "• Blank: executing its order; Amphibious landing",
        "• Dock: executing its order; Repair at naval station Portsmouth",
        "• Hood: executing its order; Cruising in location No. 14 (1 of 2 turns)",
        "• Raven: executing its order; Raiding in location No. 12 (not yet in its location)",
        "• Stone: executing its order; Blockade of the seaport Toulon",
        "• Swift: executing its order; Transfer to location No. 9 (Toulon)",
        "• Wave: executing its order; Amphibious landing in location No. 7",
    ]
    assert russian == [
        "• Blank: выполняет приказ; Высадка морского десанта",
        "• Dock: выполняет приказ; Ремонт на военно-морской станции Portsmouth",
        "• Hood: выполняет приказ; Крейсерство в локации №14 (ходов: 1 из 2)",
        "• Raven: выполняет приказ; Рейдерство в локации №12 (ещё не в своей локации)",
        "• Stone: выполняет приказ; Блокада морского порта Toulon",
        "• Swift: выполняет приказ; Перемещение в локацию №9 (Toulon)",
        "• Wave: выполняет приказ; Высадка морского десанта в локации №7",
    ]


def raid_fought_next_door(turns: int):
    """Hood (two rate V ships) raids location 22 for `turns` + d3 (1) turns from turn 1: it
    reaches 22, passes its command test against a convoy in the adjacent 23, is recorded
    there after the battle, and turn 1 ends."""
    state = add_force(ports(), "Hood", ships=warships(5, 5))
    state = order(state, "Hood", RaidOrder(point="Biscay", location="22", turns=turns), 1)
    state = move_to(state, "Hood", "22", 1)
    state = command_test(state, "Hood", "adjacent", [6, 6], 1, convoy=True).state
    return end_turn(move_to(state, "Hood", "23", 1), 1, 1)


def test_a_raid_complete_after_a_battle_away_is_not_sent_back_to_its_zone():
    """NO-I14, NO-6.3, NO-I15: Hood's raid of 0 + d3 (1) turns is complete at the end of the
    turn it fought next door: it returns to the nearest naval station, and the summary does
    not also send it back to location 22. With 1 + d3 (1) turns it has a turn to go: it is
    sent back to 22 from turn 2, after the line saying it started raiding."""
    complete = raid_fought_next_door(0)
    going_on = raid_fought_next_door(1)

    assert complete.state.forces["hood"].status == "returning_to_station"
    assert "naval_orders.turn.order_complete" in keys(complete.lines)
    summary = "\n".join(m.render("en") for m in complete.lines)
    assert "head back" not in summary, summary
    assert "naval_orders.turn.return_to_zone" not in keys(complete.lines)
    assert going_on.state.forces["hood"].status == "returning_to_zone"
    lines = [m.render("en") for m in going_on.lines]
    assert lines.index(
        "  Hood fought outside its zone and must head back to location 22 from turn 2 (NO-I15)."
    ) > lines.index("  Hood starts raiding: 1 ordered + d3 (1) = 2 turns (NO-6.2, NO-I13)."), lines


def test_a_raid_of_one_turn_reads_one_turn():
    """NO-I13: a raid of 0 + d3 (1) turns, or of d6 (1) under `raid_duration_mode = d6`,
    lasts "1 turn", not "1 turns"; 1 + d3 (1) lasts "2 turns". Russian counts «ходов: … = 1»."""
    one = raid_fought_next_door(0)
    two = raid_fought_next_door(1)
    d6 = NavalOrdersSettings(raid_duration_mode="d6")
    rolled = after_battle(
        RaidOrder(point="Biscay", location="22", turns=3), "22", settings=d6, raid_face=1
    )

    def started(result, language="en"):
        return [
            m.render(language) for m in result.lines if m.key.startswith("naval_orders.turn.raid_d")
        ]

    assert started(one) == ["  Hood starts raiding: 0 ordered + d3 (1) = 1 turn (NO-6.2, NO-I13)."]
    assert started(two) == ["  Hood starts raiding: 1 ordered + d3 (1) = 2 turns (NO-6.2, NO-I13)."]
    assert started(rolled) == ["  Hood starts raiding: d6 = 1, 1 turn (NO-2.8, NO-I13)."]
    assert started(one, "ru") == [
        "  Соединение «Hood» начинает рейдерство, ходов: 0 по приказу + d3 (1) = 1 "
        "(NO-6.2, NO-I13)."
    ]
