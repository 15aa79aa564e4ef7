"""Refusals name their clause and change nothing; every command and the end of turn leave
the state they were given untouched (DESIGN.md: engines are pure)."""

from __future__ import annotations

from pathlib import Path

import pytest
import test_naval_orders_support as support

from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import catalog
from bot.rules.naval_orders import BuildOrder
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import GiveBuildOrder
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import MoveOrder
from bot.rules.naval_orders import RaidOrder
from bot.rules.naval_orders import RegisterForce
from bot.rules.naval_orders import ReportPosition
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import Ship
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import give_build_order
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import register_force
from bot.rules.naval_orders import register_packet_arrival
from bot.rules.naval_orders import report_position
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders import start_formation
from bot.rules.naval_orders import take_command_test

ROOT = Path(__file__).resolve().parents[2]
CRUISE = CruiseOrder(point="Ushant", location="14", turns=5)
RAID = RaidOrder(point="Biscay", location="22", turns=1)


def world():
    """Britain: Hood in port, Swift cruising at sea (turn 1 resolved), packet Mercury in
    port. France: Brest in port."""
    state = support.add_force(support.ports(), "Hood")
    state = support.add_force(state, "Swift", "auxiliary", ships=support.warships(5, 6))
    state = support.order(state, "Swift", CRUISE, 1)
    state = support.move_to(state, "Swift", "14", 1)
    state = support.add_force(state, "Mercury", "packet", ships=[Ship(kind="packet")])
    state = support.add_force(state, "Brest", owner="France")
    state = support.order(state, "Hood", RAID, 1)
    return support.end_turn(state, 1).state


def give(faction, force, model, turn=2):
    return lambda state: give_order(
        state, support.DEFAULTS, GiveOrder(faction=faction, force=force, order=model), turn
    )


CASES = [
    (
        "second order in one turn",
        lambda s: give("Britain", "Hood", CRUISE, 2)(give("Britain", "Hood", RAID, 2)(s).state),
        RuleViolation,
        "NO-I2",
    ),
    ("someone else's force", give("France", "Hood", CRUISE), NotAllowed, "NO-I18"),
    ("unknown force", give("Britain", "Victory", CRUISE), NotFound, "NO-4.10"),
    (
        "missing field",
        give("Britain", "Hood", CruiseOrder(point="Ushant", turns=2)),
        RuleViolation,
        "NO-I19",
    ),
    (
        "impossible turns",
        give("Britain", "Hood", CruiseOrder(point="U", location="1", turns=0)),
        RuleViolation,
        "NO-4.2",
    ),
    (
        "transfer to a place with no port",
        give("Britain", "Hood", MoveOrder(point="X", destination="5", port="X", via=["2"])),
        RuleViolation,
        "NO-I17",
    ),
    (
        "transfer ending where it starts",
        give(
            "Britain", "Hood", MoveOrder(point="P", destination="1", port="Portsmouth", via=["6"])
        ),
        RuleViolation,
        "NO-5.2",
    ),
    (
        "transfer via its end point",
        give("Britain", "Hood", MoveOrder(point="T", destination="9", port="Toulon", via=["9"])),
        RuleViolation,
        "NO-5.2",
    ),
    (
        "transfer via its start point",
        give("Britain", "Hood", MoveOrder(point="T", destination="9", port="Toulon", via=["1"])),
        RuleViolation,
        "NO-5.2",
    ),
    (
        "port name wrong",
        give("Britain", "Hood", MoveOrder(point="X", destination="9", port="Brest", via=["2"])),
        RuleViolation,
        "NO-I17",
    ),
    ("order at sea without a packet boat", give("Britain", "Swift", RAID), RuleViolation, "NO-3.3"),
    ("order for a packet boat", give("Britain", "Mercury", CRUISE), RuleViolation, "NO-I22"),
    (
        "build order to a fleet",
        give("Britain", "Hood", BuildOrder(details="a frigate")),
        RuleViolation,
        "NO-1.1",
    ),
    (
        "build at someone else's station",
        lambda s: give_build_order(
            s,
            support.DEFAULTS,
            GiveBuildOrder(
                faction="France", station="Portsmouth", order=BuildOrder(details="a frigate")
            ),
            2,
        ),
        NotAllowed,
        "NO-1.1",
    ),
    (
        "build at a mere seaport",
        lambda s: give_build_order(
            s,
            support.DEFAULTS,
            GiveBuildOrder(
                faction="Britain", station="Toulon", order=BuildOrder(details="a frigate")
            ),
            2,
        ),
        RuleViolation,
        "NO-1.1",
    ),
    (
        "packet to a force in port",
        lambda s: send_by_packet(
            s,
            support.DEFAULTS,
            SendByPacket(faction="Britain", packet="Mercury", force="Hood", order=CRUISE),
            2,
        ),
        RuleViolation,
        "NO-I18",
    ),
    (
        "packet that is not a packet boat",
        lambda s: send_by_packet(
            s,
            support.DEFAULTS,
            SendByPacket(faction="Britain", packet="Hood", force="Swift", order=RAID),
            2,
        ),
        RuleViolation,
        "NO-I22",
    ),
    (
        "unknown relay",
        lambda s: register_packet_arrival(s, support.DEFAULTS, "Britain", 7, 2),
        NotFound,
        "NO-I18",
    ),
    (
        "test outside the cruising scope",
        lambda s: take_command_test(
            s, support.DEFAULTS, support.request_for("Swift", "other"), support.scripted()[0], 2
        ),
        RuleViolation,
        "NO-I10",
    ),
    (
        "test for someone else's force",
        lambda s: take_command_test(
            s,
            support.DEFAULTS,
            support.request_for("Swift", "adjacent", faction="France"),
            support.scripted()[0],
            2,
        ),
        NotAllowed,
        "NO-I18",
    ),
    (
        "rating out of range",
        lambda s: register_force(
            s,
            support.DEFAULTS,
            RegisterForce(
                owner="Britain",
                name="New",
                kind="line",
                officer_rating=3,
                ships=support.warships(3),
                location="1",
            ),
        ),
        RuleViolation,
        "NO-I8",
    ),
    (
        "fleet of one squadron",
        lambda s: register_force(
            s,
            support.DEFAULTS,
            RegisterForce(owner="Britain", name="New", kind="fleet", squadrons=[], location="1"),
        ),
        RuleViolation,
        "NO-I3",
    ),
    (
        "name of another player's force",
        lambda s: register_force(
            s,
            support.DEFAULTS,
            RegisterForce(
                owner="France", name="Hood", kind="line", ships=support.warships(3), location="1"
            ),
        ),
        RuleViolation,
        "NO-4.10",
    ),
    (
        "in port where there is no port",
        lambda s: report_position(
            s,
            support.DEFAULTS,
            ReportPosition(faction="Britain", force="Swift", location="14", in_port=True),
            2,
        ),
        RuleViolation,
        "NO-3.3",
    ),
    (
        "fleet from squadrons of two players",
        lambda s: start_formation(
            s,
            support.DEFAULTS,
            StartFormation(
                faction="Britain",
                kind="form_fleet",
                members=["Hood", "Brest"],
                fleet_name="Mixed",
                by_gm=True,
            ),
            2,
        ),
        RuleViolation,
        "NO-2.7",
    ),
]


@pytest.mark.parametrize(("case", "call", "error", "clause"), CASES, ids=[c[0] for c in CASES])
def test_refusal_names_its_clause_and_changes_nothing(case, call, error, clause):
    """NO-I2, NO-I18, NO-I19 and the rest: a refused command raises a domain error whose
    message names the clause, and the state it was given is unchanged."""
    state = world()
    before = state.model_dump()
    with pytest.raises(error) as caught:
        call(state)
    assert caught.value.params["clause"] == clause
    assert "{clause}" in catalog("en")[caught.value.message_key]
    assert state.model_dump() == before


def test_busy_packet_boat_is_a_conflict():
    """NO-I22: a packet boat carries one order at a time."""
    state = world()
    command = SendByPacket(faction="Britain", packet="Mercury", force="Swift", order=RAID)
    sent = send_by_packet(state, support.DEFAULTS, command, 2).state
    other = SendByPacket(faction="Britain", packet="Mercury", force="Swift", order=CRUISE)
    with pytest.raises(Conflict):
        send_by_packet(sent, support.DEFAULTS, other, 3)


def test_commands_and_end_of_turn_leave_their_input_untouched():
    """Purity: each step's input state dumps the same before and after."""
    state = world()
    steps = [
        give("France", "Brest", CRUISE),
        lambda s: send_by_packet(
            s,
            support.DEFAULTS,
            SendByPacket(faction="Britain", packet="Mercury", force="Swift", order=RAID),
            2,
        ),
        lambda s: register_packet_arrival(s, support.DEFAULTS, "Britain", 1, 2),
        lambda s: support.command_test(s, "Swift", "adjacent", [6], 2),
        lambda s: move_to_outcome(s),
        lambda s: start_formation(
            s,
            support.DEFAULTS,
            StartFormation(
                faction="France",
                kind="form_convoy",
                members=["Brest"],
                vessels=[Ship(kind="transport")],
            ),
            2,
        ),
        lambda s: support.end_turn(s, 2, 2),
        lambda s: support.end_turn(s, 3),
    ]
    for step in steps:
        before = state.model_dump()
        outcome = step(state)
        assert state.model_dump() == before
        state = outcome.state


def move_to_outcome(state):
    return report_position(
        state, support.DEFAULTS, ReportPosition(faction="Britain", force="Hood", location="22"), 2
    )


def test_rules_package_imports_no_randomness_discord_or_database():
    """DESIGN.md: engines are pure; every die comes from the Dice passed in."""
    for path in (ROOT / "bot" / "rules" / "naval_orders").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for forbidden in ("import random", "from random", "discord", "aiosqlite", "secrets"):
            assert forbidden not in text, f"{path.name} mentions {forbidden}"


def test_the_spec_registers_the_ruleset_with_its_end_of_turn_and_waiting_list():
    """The registry offers `naval_orders` with its typed models, its end-of-turn step (run by
    `/turn end`) and its waiting list (read by `/turn status`)."""
    import bot.rules.naval_orders as engine
    from bot import rulesets

    spec = rulesets.get("naval_orders")
    assert spec is engine.SPEC and spec.schema_version == engine.SCHEMA_VERSION == 1
    assert spec.state_model is engine.NavalOrdersState
    assert spec.settings_model is engine.NavalOrdersSettings
    assert spec.end_of_turn is engine.end_of_turn and spec.waiting_for is engine.waiting_for
    assert rulesets.cog_of("naval_orders") == "cogs.naval_orders"


@pytest.mark.parametrize(
    ("faction", "force", "kind", "error", "clause"),
    [
        ("Britain", "Victory", "cruise", NotFound, "NO-4.10"),
        ("France", "Hood", "cruise", NotAllowed, "NO-I18"),
        ("Britain", "Mercury", "cruise", RuleViolation, "NO-I22"),
        ("Britain", "Hood", "raid", RuleViolation, "NO-I2"),
    ],
)
def test_the_order_form_is_refused_before_it_opens(faction, force, kind, error, clause):
    """NO-4.10, NO-I18, NO-I22, NO-I2: what does not depend on the form is checked before a
    player fills it (a second order: Hood already has its turn-2 order); nothing changes."""
    from bot.rules.naval_orders import check_order_form_opens

    state = give("Britain", "Hood", CRUISE, 2)(world()).state
    before = state.model_dump()
    with pytest.raises(error) as caught:
        check_order_form_opens(state, support.DEFAULTS, faction, force, kind, 2)
    assert caught.value.params["clause"] == clause
    assert state.model_dump() == before


def test_the_order_form_opens_for_the_owner_and_for_a_gm_override():
    """NO-I18: the owner opens the form for an order-free turn; a GM overrides NO-I2; a force
    at sea with an order is refused before the form opens (NO-3.3: by packet boat)."""
    from bot.rules.naval_orders import check_order_form_opens

    fresh = world()
    assert (
        check_order_form_opens(fresh, support.DEFAULTS, "Britain", "Hood", "raid", 2).name == "Hood"
    )
    state = give("Britain", "Hood", CRUISE, 2)(fresh).state
    opened = check_order_form_opens(state, support.DEFAULTS, "", "Hood", "raid", 2, by_gm=True)
    assert opened.name == "Hood"
    with pytest.raises(RuleViolation) as at_sea:
        check_order_form_opens(state, support.DEFAULTS, "Britain", "Swift", "raid", 2)
    assert at_sea.value.params["clause"] == "NO-3.3"
