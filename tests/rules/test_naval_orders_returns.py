"""What a player reads about an order by packet boat and a force returning to its station
(NO-1.1, NO-4.3, NO-6.3, NO-I7, NO-I16).

An order brought by packet boat shows as arrived, with the turn it takes effect from; a
repair or disbanding sent to a force away from a naval station says where it is carried
out, never a blank, and what makes it take effect. A player naming the station a force
returns to is told how the GM confirms it, and `/navy orders` shows the station named. A
cruise or raid the GM ends at sea sends the force back to the nearest naval station, as
at the end of its count; `/navy return` for a force not returning says what to do.
"""

from __future__ import annotations

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import add_force
from test_naval_orders_support import order as give
from test_naval_orders_support import ports

from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import RepairOrder
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import complete_order
from bot.rules.naval_orders import declare_return_station
from bot.rules.naval_orders import orders_overview
from bot.rules.naval_orders import register_packet_arrival
from bot.rules.naval_orders import register_station
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders import set_station_distances


def at_sea() -> NavalOrdersState:
    """Hood (2 ships of rate III) at sea in location 14 with no order; the packet boat
    Mercury in Portsmouth (the naval station, location 1)."""
    state = add_force(ports(), "Mercury", "packet", ships=[Ship(kind="packet")])
    return add_force(state, "Hood", location="14", in_port=False)


def ended_cruise(settings: NavalOrdersSettings = DEFAULTS, model=None) -> NavalOrdersState:
    """Hood given a cruise at sea in turn 1, then ended by the GM the same turn."""
    state = give(at_sea(), "Hood", model or CruiseOrder(point="U", location="14", turns=3), 1)
    return complete_order(state, settings, "Britain", "Hood", 1, by_gm=True).state


def overview(state: NavalOrdersState, lang: str, turn: int = 2) -> list[str]:
    lines = orders_overview(state, DEFAULTS, viewer="Britain", is_gm=False, turn=turn)
    return [line.render(lang) for line in lines]


def sent(state: NavalOrdersState, turn: int = 2):
    command = SendByPacket(
        faction="Britain", packet="Mercury", force="Hood", order=RepairOrder(details="new masts")
    )
    return send_by_packet(state, DEFAULTS, command, turn)


def test_no_i7_an_order_the_packet_boat_brought_shows_as_arrived_with_its_turn():
    """NO-2.9, NO-I7: once the packet boat is registered as arrived in turn 2, `/navy orders`
    no longer says the order is on its way: it has arrived and takes effect from turn 4."""
    state = give(at_sea(), "Hood", CruiseOrder(point="U", location="14", turns=9), 1)
    out = sent(state)
    assert any(
        "On its way by packet boat Mercury (relay #1)" in t for t in overview(out.state, "en")
    )

    there = register_packet_arrival(out.state, DEFAULTS, "Britain", out.relay.id, 2)

    en, ru = overview(there.state, "en"), overview(there.state, "ru")
    assert not any("On its way" in t for t in en)
    assert any(
        t.startswith(
            "  Brought by packet boat Mercury (relay #1), arrived; takes effect from turn 4: "
        )
        for t in en
    )
    assert not any("В пути" in t for t in ru)
    assert any(
        t.startswith("  Доставлен покетботом «Mercury» (доставка №1), вступает в силу с хода 4: ")
        for t in ru
    )


def test_no_1_1_a_repair_by_packet_says_where_it_is_carried_out_never_a_blank():
    """NO-1.1, NO-I7: a repair sent to Hood at sea names no station yet: the order says it is
    carried out at the station where Hood is when it takes effect, and the warning says
    what makes it work; no "…" anywhere, in the reply or in `/navy orders`."""
    out = sent(give(at_sea(), "Hood", CruiseOrder(point="U", location="14", turns=9), 1))

    en = [line.render("en") for line in out.lines]
    ru = [line.render("ru") for line in out.lines]
    assert en[1] == (
        "“Repair the ships of the Squadron “Hood” numbering 2 ships of rate III at the "
        "naval station where the force is when the order takes effect — new "
        "masts.”"
    )
    assert en[-1] == "“Repair” takes effect only if Hood is at a naval station by then (NO-1.1)."
    assert (
        "на той военно-морской станции, где соединение будет, когда приказ вступит в силу"
        in (ru[1])
    )
    assert ru[-1] == (
        "Приказ «Ремонт» вступит в силу, только если к тому времени соединение «Hood» будет на "
        "военно-морской станции (NO-1.1)."
    )
    for text in en + ru + overview(out.state, "en") + overview(out.state, "ru"):
        assert "…" not in text


def test_no_i16_a_repair_by_packet_to_a_returning_force_names_its_station():
    """NO-1.1, NO-I16: Hood returns to Portsmouth, named by its player: the repair sent to
    it names Portsmouth as the station it is returning to, and so does the warning."""
    state = declare_return_station(ended_cruise(), DEFAULTS, "Britain", "Hood", "Portsmouth").state

    out = sent(state)

    en = [line.render("en") for line in out.lines]
    ru = [line.render("ru") for line in out.lines]
    assert "at naval station Portsmouth, to which the force is returning — new masts.”" in en[1]
    assert en[-1] == (
        "“Repair” takes effect only if Hood is at a naval station by then, such as "
        "Portsmouth, to which it is returning (NO-1.1, NO-I16)."
    )
    assert "на военно-морской станции Portsmouth, куда возвращается соединение" in ru[1]
    assert "например, на станции Portsmouth, куда соединение возвращается" in ru[-1]
    assert not any("…" in t for t in en + ru + overview(out.state, "en"))


def test_no_i16_the_player_is_told_the_gms_command_and_the_station_shows_in_orders():
    """NO-I16: the player names Portsmouth: the reply gives the exact command the GM gives to
    confirm it, and `/navy orders` shows the station as named, then as confirmed."""
    named = declare_return_station(ended_cruise(), DEFAULTS, "Britain", "Hood", "Portsmouth")

    assert [line.render("en") for line in named.lines] == [
        "Hood returns to naval station Portsmouth; the GM confirms it is the nearest"
        " by giving the same command: /navy return unit:Hood station:Portsmouth (NO-I16)."
    ]
    assert "/флот_приказы вернуться соединение:Hood станция:Portsmouth" in (
        named.lines[0].render("ru")
    )
    assert (
        "  Returning to naval station Portsmouth, as its player named it; the GM has yet to "
        "confirm it is the nearest (NO-I16)."
    ) in overview(named.state, "en")
    assert any("ведущий ещё не подтвердил" in t for t in overview(named.state, "ru"))

    confirmed = declare_return_station(
        named.state, DEFAULTS, "GM", "Hood", "Portsmouth", by_gm=True
    ).state

    assert (
        "  Returning to naval station Portsmouth, confirmed by the GM as the nearest (NO-I16)."
    ) in overview(confirmed, "en")
    assert not any("has yet to confirm" in t for t in overview(confirmed, "en"))


@pytest.mark.parametrize(
    "model",
    [CruiseOrder(point="U", location="14", turns=3), RaidOrder(point="U", location="14", turns=1)],
    ids=["cruise", "raid"],
)
def test_no_4_3_a_cruise_the_gm_ends_at_sea_returns_to_the_nearest_station(model):
    """NO-4.3, NO-6.3, NO-I16: the GM ends Hood's cruise (or raid) at sea the turn it was
    given: Hood is returning to the nearest naval station, not awaiting orders, the GM is
    told how the station is named, and the player's /navy return is accepted."""
    state = give(at_sea(), "Hood", model, 1)

    done = complete_order(state, DEFAULTS, "Britain", "Hood", 1, by_gm=True)

    assert done.state.forces["hood"].status == "returning_to_station"
    assert [line.render("en") for line in done.lines][-1] == (
        "Hood now returns to the nearest naval station (NO-4.3, NO-6.3). Its player names it "
        "with /navy return, and a GM naming it with /navy return confirms it (NO-I16)."
    )
    assert (
        done.lines[-1]
        .render("ru")
        .startswith("Теперь соединение «Hood» возвращается на ближайшую морскую станцию")
    )
    named = declare_return_station(done.state, DEFAULTS, "Britain", "Hood", "Portsmouth")
    assert named.state.forces["hood"].return_station == "Portsmouth"


def test_no_i16_under_the_distance_table_a_gm_ended_cruise_takes_the_nearest_station():
    """NO-I16 `distance_table`: the station comes from the table, as at the end of a count."""
    table = NavalOrdersSettings(nearest_station_by="distance_table")
    state = set_station_distances(at_sea(), "14", {"Portsmouth": 3}).state
    state = give(state, "Hood", CruiseOrder(point="U", location="14", turns=3), 1, settings=table)

    done = complete_order(state, table, "Britain", "Hood", 1, by_gm=True)

    hood = done.state.forces["hood"]
    assert (hood.status, hood.return_station, hood.return_station_confirmed) == (
        "returning_to_station",
        "Portsmouth",
        True,
    )
    assert done.lines[-1].render("en") == (
        "Hood now returns to the nearest naval station, Portsmouth (NO-4.3, NO-6.3, NO-I16)."
    )


def test_no_i16_a_gm_ended_cruise_in_a_naval_station_begins_the_layover():
    """NO-I7, NO-I16: a cruise ended while Hood lies in Portsmouth needs no return."""
    state = add_force(ports(), "Hood")
    state = give(state, "Hood", CruiseOrder(point="U", location="14", turns=3), 1)

    done = complete_order(state, DEFAULTS, "Britain", "Hood", 1, by_gm=True)

    assert done.state.forces["hood"].status == "layover"


def test_no_i16_return_for_a_force_not_returning_says_what_to_do():
    """NO-I16: /navy return for Hood, awaiting orders at sea: refused, with its status and
    what to do instead, in English and Russian."""
    with pytest.raises(RuleViolation) as refused:
        declare_return_station(at_sea(), DEFAULTS, "Britain", "Hood", "Portsmouth")

    msg = Msg(refused.value.message_key, **refused.value.params)
    assert msg.render("en") == (
        "Hood is not returning to a naval station (NO-I16). It is now awaiting orders. /navy "
        "return names the station only for a force whose cruising or raiding order is "
        "completed; to send Hood to a station otherwise, give it a transfer to that port (in "
        "port with /navy order, at sea with /navy packet)."
    )
    assert "Сейчас соединение «Hood» ожидает приказов." in msg.render("ru")


def with_chatham() -> NavalOrdersState:
    """`at_sea` with a second British naval station, Chatham, at location 3."""
    chatham = RegisterStation(name="Chatham", location="3", naval_station=True, owner="Britain")
    return register_station(at_sea(), chatham).state


def test_no_i16_a_station_named_twice_in_a_distance_row_is_refused():
    """NO-I16: Portsmouth given twice, by its name and by its location: refused, naming
    both, and nothing recorded."""
    state = with_chatham()
    with pytest.raises(RuleViolation) as caught:
        set_station_distances(state, "14", {"Portsmouth": 3, "Chatham": 4, "1": 5})
    refused = caught.value
    assert " ".join(refused.message("en").split()) == (
        "Portsmouth is named twice in the distances (“Portsmouth” and “1”): give each naval "
        "station its distance once (NO-I16)."
    )
    assert " ".join(refused.message("ru").split()) == (
        "Станция «Portsmouth» указана в расстояниях дважды («Portsmouth» и «1»): укажите "
        "расстояние до каждой военно-морской станции один раз (NO-I16)."
    )
    assert state.station_distances == {}


def test_no_i16_equally_near_stations_are_left_for_the_player_and_the_gm_to_choose():
    """NO-I16 `distance_table`: Portsmouth and Chatham are both 3 from location 14. The
    reply says the bot does not choose; a cruise the GM ends there leaves Hood returning
    with no station chosen, its player names one, and the GM's naming confirms it."""
    table = NavalOrdersSettings(nearest_station_by="distance_table")
    saved = set_station_distances(with_chatham(), "14", {"Portsmouth": 3, "Chatham": 3})
    assert [line.render("en") for line in saved.lines][1] == (
        "The naval stations Portsmouth, Chatham are equally near (3): the bot does not choose "
        "between them. A force returning from location 14 names one with /navy return, and "
        "the GM chooses by confirming it with the same command (NO-I16)."
    )
    assert [line.render("ru") for line in saved.lines][1] == (
        "Военно-морские станции Portsmouth, Chatham одинаково близки (3): бот не выбирает "
        "между ними. Соединение, возвращающееся из локации 14, называет одну из них командой "
        "/флот_приказы вернуться, а ведущий делает выбор, подтверждая её той же командой "
        "(NO-I16)."
    )
    state = give(
        saved.state, "Hood", CruiseOrder(point="U", location="14", turns=3), 1, settings=table
    )

    done = complete_order(state, table, "Britain", "Hood", 1, by_gm=True)

    hood = done.state.forces["hood"]
    assert (hood.status, hood.return_station) == ("returning_to_station", None)
    assert (
        done.lines[-1]
        .render("en")
        .startswith(
            "Hood now returns to the nearest naval station (NO-4.3, NO-6.3). Its player names it"
        )
    )
    named = declare_return_station(done.state, table, "Britain", "Hood", "Chatham")
    assert named.state.forces["hood"].return_station == "Chatham"
    confirmed = declare_return_station(named.state, table, "Britain", "Hood", "Chatham", by_gm=True)
    assert confirmed.state.forces["hood"].return_station_confirmed
    # One station nearer than the other is still the table's choice.
    nearer = set_station_distances(with_chatham(), "14", {"Portsmouth": 3, "Chatham": 4})
    assert len(nearer.lines) == 1
