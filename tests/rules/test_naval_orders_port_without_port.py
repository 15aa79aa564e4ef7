"""A force saved "in port" where no port is registered, as a state saved before a force was
recorded in port only where a port is (NO-3.3), is shown as such in `/navy orders`, to its
player and to the GM, with what to do; nothing changes by itself. No die is rolled here."""

from __future__ import annotations

from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import HOME
from test_naval_orders_support import add_force
from test_naval_orders_support import move_to
from test_naval_orders_support import ports

from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import orders_overview
from bot.rules.naval_orders import register_station

KEY = "naval_orders.overview.no_port_here"


def saved_in_port_at_14() -> NavalOrdersState:
    """Hood and Swift, Britain's, as a state saved the old way stored them: Hood "in port" at
    14, where no port is registered; Swift in port at Portsmouth."""
    state = add_force(add_force(ports(), "Hood", location="14", in_port=False), "Swift")
    saved = state.model_dump(mode="json")
    saved["forces"]["hood"]["in_port"] = True
    return NavalOrdersState.model_validate(saved)


def overview(state: NavalOrdersState, *, viewer: str | None = "Britain", is_gm: bool = False):
    return orders_overview(state, DEFAULTS, viewer=viewer, is_gm=is_gm, turn=1)


def test_no_3_3_a_force_saved_in_port_where_no_port_is_says_so_and_what_to_do():
    """NO-3.3: Britain's player and the GM read, under Hood, that it is recorded in port at
    14 where no port is, and how to set it right, in English and Russian; Swift, in port at
    Portsmouth, has no such line; France reads nothing of Hood."""
    state = saved_in_port_at_14()

    mine = overview(state)
    gm = overview(state, viewer=None, is_gm=True)

    (line,) = [m for m in mine if m.key == KEY]
    assert line.render("en") == (
        "  Hood is recorded in port at 14, where no port is registered, and orders change "
        "only in port (NO-3.3). Report where it is with /navy position (at sea, or in port "
        "where a port is), or the GM registers the port there with /navy station add."
    )
    assert line.render("ru") == (
        "  Соединение «Hood» значится в порту в локации 14, но порта там нет в списке, а "
        "приказы меняются только в порту (NO-3.3). Отметьте, где оно сейчас, командой "
        "/флот_приказы позиция (в море или в порту, который есть в списке), или ведущий "
        "зарегистрирует там порт командой /флот_приказы станция добавить."
    )
    assert [m.key for m in gm].count(KEY) == 1
    keys = [m.key for m in mine]
    assert keys.index(KEY) == keys.index("naval_orders.overview.force") + 1  # under Hood
    assert KEY not in [m.key for m in overview(state, viewer="France")]


def test_no_3_3_the_line_goes_once_the_force_is_reported_or_the_port_registered():
    """NO-3.3: reported at sea in 14, or with a port registered there by the GM, Hood is
    shown without the line."""
    state = saved_in_port_at_14()
    at_sea = move_to(state, "Hood", "14", 1)
    port = register_station(state, RegisterStation(name="Margate", location="14")).state
    home = move_to(state, "Hood", HOME, 1, in_port=True)

    for fixed in (at_sea, port, home):
        assert KEY not in [m.key for m in overview(fixed)]
