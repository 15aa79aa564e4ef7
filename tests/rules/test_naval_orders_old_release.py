"""State and log written by an earlier release, read by this one (naval orders)."""

from __future__ import annotations

from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import msg_from_json
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import start_formation


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
