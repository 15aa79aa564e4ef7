"""State and log written by an earlier release, read by this one (naval orders)."""

from __future__ import annotations

import json

from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import msg_from_json
from bot.rules.naval_orders import BlockadeOrder
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import orders_overview
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders import start_formation
from tests.e2e.play import flat


def test_a_fleet_dissolving_since_an_earlier_release_is_reported_by_its_name():
    """NO-2.7: an earlier release began a dissolution without noting the fleet's name (only
    its key); the turn's report still names the fleet as its player wrote it."""
    squadrons = [
        Squadron(name="Van", kind="line", ships=warships(3)),
        Squadron(name="Scouts", kind="auxiliary", ships=warships(6)),
    ]
    state = add_force(ports(), "Grand Fleet", "fleet", squadrons=squadrons, rating=2)
    command = StartFormation(faction="Britain", kind="dissolve_fleet", members=["Grand Fleet"])
    state = start_formation(state, DEFAULTS, command, 1).state
    fleet = state.forces["grand fleet"]
    assert fleet.formation is not None
    fleet.formation.fleet_name = None  # as the earlier release stored it

    report = "\n".join(line.render("en") for line in end_turn(state, 1).lines)

    assert "Grand Fleet dissolved into Van, Scouts (NO-2.7)." in report, report
    assert "grand fleet dissolved" not in report


def old_entry(key: str) -> dict:
    """A formation line as an earlier release wrote it in the log: no `fleet` parameter."""
    line = Msg(f"naval_orders.formation.{key}", forces=MsgList(["Red", "Blue"]), turn=1, count=0)
    return line.to_json()


def test_formation_lines_an_earlier_release_logged_read_as_they_did():
    """`/history list` of a fleet formed or dissolved under an earlier release: its line
    named no fleet and still reads whole (no "{fleet}" left), in both languages."""
    begun = msg_from_json(old_entry("form_fleet.begun"))
    done = msg_from_json(old_entry("dissolve_fleet.done"))
    assert isinstance(begun, Msg) and isinstance(done, Msg)
    forming = "Red, Blue are forming a fleet; done at the end of turn 1 (NO-2.7)."
    assert begun.render("en") == forming
    assert done.render("en") == "Fleet dissolved into Red, Blue (NO-2.7)."
    for line in (begun, done):
        assert "{" not in line.render("ru"), line.render("ru")


def overview_text(state, locale: str = "en") -> str:
    lines = orders_overview(state, DEFAULTS, viewer=None, is_gm=True, turn=2)
    return flat("\n".join(line.render(locale) for line in lines))


def test_a_blockade_saved_by_its_ports_location_number_names_the_port():
    """NO-1.1: an earlier release kept a blockade's port as typed, "9" for Toulon (location
    9), in force and on its way by packet boat. Loaded now, both name Toulon, as the GM's
    list does, in the overview in either language; one naming no listed port loads as it
    was saved."""
    state = add_force(ports(), "Hood")
    state = add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    state = add_force(state, "Nelson", location="14", in_port=False)
    state = order(state, "Hood", BlockadeOrder(port="Toulon", details="off the mole"), 1)
    blockade = BlockadeOrder(port="Toulon")
    command = SendByPacket(faction="Britain", packet="Mercury", force="Nelson", order=blockade)
    state = send_by_packet(state, DEFAULTS, command, 1).state
    saved = state.model_dump(mode="json")
    saved["forces"]["hood"]["order"]["order"]["port"] = "9"  # as the earlier release kept it
    saved["relays"][0]["order"]["order"]["port"] = "9"

    loaded = NavalOrdersState.model_validate_json(json.dumps(saved))

    assert loaded.forces["hood"].order.order.port == "Toulon"
    assert loaded.relays[0].order.order.port == "Toulon"
    shown = overview_text(loaded)
    assert "“Blockade the seaport Toulon with the forces of" in shown, shown
    assert "seaport 9 " not in shown, shown
    assert "«Блокировать морской порт Toulon силами" in overview_text(loaded, "ru")
    saved["forces"]["hood"]["order"]["order"]["port"] = "7"  # no port is listed at 7
    kept = NavalOrdersState.model_validate_json(json.dumps(saved))
    assert kept.forces["hood"].order.order.port == "7"
