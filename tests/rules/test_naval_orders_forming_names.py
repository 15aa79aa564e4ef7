"""A name a formation under way will give a force at its turn's end (NO-2.7) is taken: a new
force, another fleet being formed, or a squadron of a fleet being dissolved cannot have it
(NO-4.10), or the two would become one force at the turn's end and one of them be lost."""

from __future__ import annotations

import pytest
from refusals import refused
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.rules.naval_orders import RegisterForce
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import register_force
from bot.rules.naval_orders import start_formation
from bot.rules.naval_orders.registry import qualified_name
from bot.rules.naval_orders.registry import qualifies


def grand_fleet_forming():
    """Britain's Red and Blue are being formed into the Grand Fleet in turn 1."""
    state = add_force(add_force(ports(), "Red"), "Blue")
    form = StartFormation(
        faction="Britain", kind="form_fleet", members=["Red", "Blue"], fleet_name="Grand Fleet"
    )
    return start_formation(state, DEFAULTS, form, 1).state


def test_a_new_force_cannot_take_the_name_of_a_fleet_being_formed():
    """France registers "grand fleet" while Britain's Grand Fleet is being formed: refused,
    and the turn's end makes Britain's fleet of Red and Blue, nothing of France's lost."""
    state = grand_fleet_forming()
    france = RegisterForce(
        name="grand fleet", owner="France", kind="line", ships=warships(2), location="1"
    )

    error = refused(register_force, state, DEFAULTS, france)

    assert error.message_key == "naval_orders.error.name_taken"
    assert error.params["clause"] == "NO-4.10"
    formed = end_turn(state, 1).state.forces["grand fleet"]
    assert formed.owner == "Britain"
    assert [s.name for s in formed.squadrons] == ["Red", "Blue"]


def test_a_second_fleet_cannot_be_formed_under_the_same_name():
    state = add_force(add_force(grand_fleet_forming(), "Green"), "White")
    second = StartFormation(
        faction="Britain", kind="form_fleet", members=["Green", "White"], fleet_name="GRAND FLEET"
    )

    assert refused(start_formation, state, DEFAULTS, second, 1).message_key == (
        "naval_orders.error.name_taken"
    )


def test_a_fleet_whose_squadron_has_that_name_is_not_dissolved_meanwhile():
    """Britain's Navy has a squadron Grand Fleet (saved by a release that let the Grand Fleet
    be begun beside it): it is not dissolved while the Grand Fleet is being formed, and the
    refusal names its squadron."""
    squadrons = [Squadron(name=n, kind="line", ships=warships(3)) for n in ("Grand Fleet", "X")]
    state = add_force(add_force(ports(), "Red"), "Blue")
    form = StartFormation(
        faction="Britain", kind="form_fleet", members=["Red", "Blue"], fleet_name="Grand Fleet"
    )
    state = start_formation(state, DEFAULTS, form, 1).state
    navy = add_force(ports(), "Navy", "fleet", squadrons=squadrons).forces["navy"]
    state.forces["navy"] = navy
    dissolve = StartFormation(faction="Britain", kind="dissolve_fleet", members=["Navy"])

    error = refused(start_formation, state, DEFAULTS, dissolve, 1)

    assert error.message_key == "naval_orders.error.squadron_force_taken"
    assert " ".join(error.message("ru").split()) == (
        "Флот «Navy» пока нельзя расформировать: его эскадра «Grand Fleet» стала бы "
        "соединением с названием, которое уже носит другое соединение. Сначала переименуйте "
        "эскадру (/флот_приказы соединения изменить название:Navy эскадры:…), затем "
        "расформируйте флот (NO-4.10)."
    )


def test_a_fleet_is_not_formed_under_the_name_of_another_fleets_squadron():
    """NO-2.7, NO-4.10: Britain's Navy has a squadron Grand Fleet, which becomes a force of
    that name when the Navy is dissolved: a fleet formed under that name is refused."""
    squadrons = [Squadron(name=n, kind="line", ships=warships(3)) for n in ("Grand Fleet", "X")]
    state = add_force(add_force(ports(), "Red"), "Blue")
    state = add_force(state, "Navy", "fleet", squadrons=squadrons)
    form = StartFormation(
        faction="Britain", kind="form_fleet", members=["Red", "Blue"], fleet_name="Grand Fleet"
    )

    error = refused(start_formation, state, DEFAULTS, form, 1)

    assert error.message_key == "naval_orders.error.name_of_squadron"
    assert " ".join(error.message("ru").split()) == (
        "Название «Grand Fleet» совпадает с названием эскадры «Grand Fleet» флота «Navy» или "
        "слишком на него похоже: при расформировании флота эскадра станет соединением под "
        "своим названием, так что назовите это соединение иначе (NO-4.10)."
    )


def test_a_fleet_is_not_registered_with_a_squadron_of_a_forming_fleets_name():
    """NO-2.7, NO-4.10: the squadron would become a force of the name the Grand Fleet takes
    at the turn's end; refused where it is given."""
    squadrons = [Squadron(name=n, kind="line", ships=warships(3)) for n in ("Grand Fleet", "X")]
    navy = RegisterForce(
        name="Navy", owner="Britain", kind="fleet", squadrons=squadrons, location="1"
    )

    error = refused(register_force, grand_fleet_forming(), DEFAULTS, navy)

    assert error.message_key == "naval_orders.error.squadron_name_taken"


def test_the_ping_tells_the_formation_short_without_the_clause():
    """The turn's end pings Britain that its fleet is formed, told short as every line of a
    ping is: no clause, no full stop before the next line's separator."""
    result = end_turn(grand_fleet_forming(), 1)

    told = [line.render("en") for line in result.affected_lines["Britain"]]
    assert told == ["Fleet formed: Grand Fleet"], told
    assert [line.render("ru") for line in result.affected_lines["Britain"]] == [
        "Флот сформирован: Grand Fleet"
    ]


@pytest.mark.parametrize(
    ("candidate", "expected"),
    [
        ("Grand Fleet [Britain]", True),
        ("Grand Fleet [Britain 2]", True),
        ("Grand Fleet", False),  # the plain name
        ("Alpha", False),  # a name a player gave by an edit
        ("Grand Fleet [France]", False),  # another faction's
        ("Grand Fleet [Britain2]", False),
        ("Home Fleet [Britain]", False),
    ],
)
def test_only_a_turns_ends_qualified_form_of_a_name_qualifies(candidate, expected):
    """An undo keeps, of the names formations under way give, only those a turn's end gave
    them (NO-4.10): the faction-qualified form of the name, numbered or not."""
    assert qualifies(candidate, "Grand Fleet", "Britain") is expected
    made = qualified_name(grand_fleet_forming(), "Grand Fleet", "Britain")
    assert qualifies(made, "Grand Fleet", "Britain")


def test_the_summary_tells_the_formation_under_its_force_as_every_change():
    """The turn's summary lists each force, then what changed for it, each change indented
    under it: the fleet formed too ("  Fleet formed: Grand Fleet (NO-2.7)."), in English and
    Russian, so it does not read as a force of the list without its bullet."""
    result = end_turn(grand_fleet_forming(), 1)

    english = [line.render("en") for line in result.lines]
    russian = [line.render("ru") for line in result.lines]

    formed = english.index("  Fleet formed: Grand Fleet (NO-2.7).")
    assert english[formed - 1].startswith("• Grand Fleet:"), english
    assert "  Флот сформирован: Grand Fleet (NO-2.7)." in russian, russian
