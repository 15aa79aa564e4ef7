"""A return station the GM confirmed binds (NO-4.3, NO-6.3, NO-I16): the turn's end does
not put another in its place, a player cannot rename it, and a state saved before the GM's
confirmation was stored apart still loads.

Hood ends a cruise at sea and returns; Portsmouth (location 1) and Plymouth (location 2)
are both British naval stations.
"""

from __future__ import annotations

import pytest
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import move_to
from test_naval_orders_support import order
from test_naval_orders_support import ports

from bot.errors import GameError
from bot.errors import NotAllowed
from bot.i18n import Msg
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import declare_return_station
from bot.rules.naval_orders import register_station


def rendered(error: GameError, lang: str) -> str:
    return Msg(error.message_key, **error.params).render(lang)


def returning(*, by_gm: bool = True) -> NavalOrdersState:
    """Hood completed a one-turn cruise in location 14 at the end of turn 1 and returns to
    Portsmouth, which the GM (or, `by_gm=False`, its player) named."""
    state = ports()
    plymouth = RegisterStation(name="Plymouth", location="2", naval_station=True, owner="Britain")
    state = register_station(state, plymouth).state
    state = add_force(state, "Hood")
    state = order(state, "Hood", CruiseOrder(point="U", location="14", turns=1), 1)
    state = end_turn(move_to(state, "Hood", "14", 1), 1).state
    faction = "GM" if by_gm else "Britain"
    return declare_return_station(state, DEFAULTS, faction, "Hood", "Portsmouth", by_gm=by_gm).state


def test_no_i16_a_station_the_gm_confirmed_is_where_the_return_ends():
    """In port at Plymouth, another naval station, Hood is still returning to Portsmouth,
    which the GM confirmed: the turn's end says so and keeps the station; in Portsmouth
    the return ends and the layover follows (NO-2.11)."""
    state = move_to(returning(), "Hood", "2", 2, in_port=True)

    ended = end_turn(state, 2)

    hood = ended.state.forces["hood"]
    assert (hood.status, hood.return_station) == ("returning_to_station", "Portsmouth")
    text = [line.render("en") for line in ended.lines]
    assert (
        "  Hood is in port at naval station Plymouth, but the GM confirmed Portsmouth as the "
        "station it returns to: it goes on returning there (NO-I16)."
    ) in text
    assert not any("is back at naval station" in line for line in text)
    assert any("ведущий подтвердил" in line.render("ru") for line in ended.lines)
    home = end_turn(move_to(ended.state, "Hood", "1", 3, in_port=True), 3)
    assert home.state.forces["hood"].status == "layover"
    assert "  Hood is back at naval station Portsmouth (NO-2.11)." in [
        line.render("en") for line in home.lines
    ]


def test_no_i16_a_station_its_player_named_ends_the_return_at_any_naval_station():
    """Not confirmed by the GM, the station its player named does not bind: Hood back in
    port at Plymouth lays over there, as before."""
    state = move_to(returning(by_gm=False), "Hood", "2", 2, in_port=True)

    hood = end_turn(state, 2).state.forces["hood"]

    assert hood.status == "layover" and hood.return_station is None


def test_no_i16_a_player_cannot_rename_the_station_the_gm_confirmed():
    """The player naming Plymouth instead is refused, saying who confirmed what, and the
    station stays confirmed; the GM may still change it."""
    state = returning()

    with pytest.raises(NotAllowed) as refused:
        declare_return_station(state, DEFAULTS, "Britain", "Hood", "Plymouth")

    error = refused.value
    assert rendered(error, "en") == (
        "The GM has confirmed Portsmouth as the naval station Hood returns to; only the GM "
        "changes it (NO-I16)."
    )
    assert "изменить это может только ведущий" in rendered(error, "ru")
    hood = state.forces["hood"]
    assert (hood.return_station, hood.return_station_confirmed) == ("Portsmouth", True)
    changed = declare_return_station(state, DEFAULTS, "GM", "Hood", "Plymouth", by_gm=True)
    assert changed.state.forces["hood"].return_station == "Plymouth"


def test_no_i16_a_state_saved_before_the_gms_confirmation_was_stored_loads():
    """A force stored without `return_station_by_gm` loads: a station confirmed that the
    bot did not take from the distance table was the GM's, and still binds; none, or one
    its player named, does not."""
    saved = returning().model_dump(mode="json")
    del saved["forces"]["hood"]["return_station_by_gm"]
    loaded = NavalOrdersState.model_validate(saved)
    assert loaded.forces["hood"].return_station_by_gm is True
    named = returning(by_gm=False).model_dump(mode="json")
    del named["forces"]["hood"]["return_station_by_gm"]
    assert NavalOrdersState.model_validate(named).forces["hood"].return_station_by_gm is False
    plain = ports().model_dump(mode="json")
    plain = add_force(NavalOrdersState.model_validate(plain), "Hood").model_dump(mode="json")
    del plain["forces"]["hood"]["return_station_by_gm"]
    assert NavalOrdersState.model_validate(plain).forces["hood"].return_station_by_gm is False
