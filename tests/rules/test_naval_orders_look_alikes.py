"""Names that look alike are refused for new forces, squadrons and ports (NO-3.3, NO-4.10).

An order names its force by "its unique name … allowing it to be clearly and precisely
identified" (NO-4.10), and the port it makes for: `Hооd` with Cyrillic `о`s beside `Hood`,
or `H00d` with zeros, would be a second force no one can tell from the first. The refusal
names the one it looks like; the same name in another case is refused too, naming the
force it would be mistaken for (its exact name registers it again, an edit).
A register saved with such a pair before this was refused still loads and plays.
"""

from __future__ import annotations

import json

import pytest
from refusals import refused
from test_naval_orders_support import DEFAULTS
from test_naval_orders_support import PORT_9
from test_naval_orders_support import add_force
from test_naval_orders_support import end_turn
from test_naval_orders_support import order
from test_naval_orders_support import ports
from test_naval_orders_support import warships

from bot.errors import RuleViolation
from bot.rules.naval_orders import CruiseOrder
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import RegisterForce
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import Squadron
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import orders_overview
from bot.rules.naval_orders import register_force
from bot.rules.naval_orders import register_station
from bot.rules.naval_orders import start_formation
from tests.e2e.play import flat

HOOD_CYRILLIC = "H\u043e\u043ed"  # Hood with two Cyrillic о
RED_CYRILLIC = "R\u0435d"  # Red with a Cyrillic е
TOULON_CYRILLIC = "T\u043eulon"


def text(error: RuleViolation, locale: str = "en") -> str:
    return flat(error.message(locale))


def force(name: str, **fields) -> RegisterForce:
    values = {"owner": "Britain", "kind": "line", "ships": warships(3), "location": "1"}
    return RegisterForce(name=name, **(values | fields))


def fleet_of(*names: str) -> list[Squadron]:
    return [Squadron(name=n, kind="line", ships=warships(3)) for n in names]


def test_a_new_force_named_like_a_registered_one_is_refused_naming_it():
    state = add_force(ports(), "Hood")
    for typed in (HOOD_CYRILLIC, "H00d"):
        error = refused(register_force, state, DEFAULTS, force(typed, owner="France"))
        assert error.params["clause"] == "NO-4.10"
        assert text(error) == (
            f"“{typed}” looks too much like “Hood”, another force's name: an order names its "
            "force by a unique name that identifies it clearly, so pick one no one can mistake "
            "for it (NO-4.10)."
        )
    assert text(refused(register_force, state, DEFAULTS, force(HOOD_CYRILLIC)), "ru") == (
        f"«{HOOD_CYRILLIC}» слишком похоже на «Hood», название другого соединения: приказ "
        "называет соединение по уникальному названию, так что выберите такое, которое с ним "
        "не спутать (NO-4.10)."
    )
    # The same name in capitals is no second force beside Hood, nor a silent rename of it:
    # refused, naming Hood; its exact name registers it again (an edit).
    error = refused(register_force, state, DEFAULTS, force("HOOD", ships=warships(2)))
    assert error.params["clause"] == "NO-4.10"
    assert text(error) == (
        "“HOOD” differs from Britain's force “Hood” only in letter case, and the two could not "
        "be told apart. To change Hood, register it again under its exact name or use /navy "
        "forces edit; to add another force, pick a name no one can mistake for it (NO-4.10)."
    )
    assert text(error, "ru") == (
        "«HOOD» отличается от названия соединения «Hood» (Britain) только регистром букв, и их "
        "не различить. Чтобы изменить «Hood», зарегистрируйте его заново под точным названием "
        "или воспользуйтесь /флот_приказы соединения изменить; для нового соединения выберите "
        "название, которое с ним не спутать (NO-4.10)."
    )
    edited = register_force(state, DEFAULTS, force("Hood", ships=warships(2))).state
    assert list(edited.forces) == ["hood"] and len(edited.forces["hood"].ships) == 1
    assert edited.forces["hood"].name == "Hood"
    # Another owner's exact name is still today's refusal.
    taken = refused(register_force, state, DEFAULTS, force("hood", owner="France"))
    assert taken.message_key == "naval_orders.error.name_taken"


def test_a_fleet_formed_or_dissolved_under_a_look_alike_name_is_refused():
    state = add_force(ports(), "Hood")
    state = add_force(state, "Red")
    state = add_force(state, "Blue")
    form = StartFormation(
        faction="Britain", kind="form_fleet", members=["Red", "Blue"], fleet_name=HOOD_CYRILLIC
    )
    error = refused(start_formation, state, DEFAULTS, form, 1)
    assert error.message_key == "naval_orders.error.force_look_alike"
    assert error.params["existing"] == "Hood"
    # A fleet named like one of its own squadrons is not a second force beside it.
    like_member = form.model_copy(update={"fleet_name": RED_CYRILLIC})
    assert start_formation(state, DEFAULTS, like_member, 1).state.forces["red"].status == "forming"
    # A fleet being formed keeps its name for the turn's end: no force may take a look-alike.
    grand = form.model_copy(update={"fleet_name": "Grand Fleet"})
    forming = start_formation(state, DEFAULTS, grand, 1).state
    error = refused(register_force, forming, DEFAULTS, force("Gr\u0430nd Fleet"))
    assert error.params["existing"] == "Grand Fleet"
    # A fleet whose squadron would become a force named like another is not dissolved (the
    # two saved by a release that did not check squadron names against force names).
    state = add_force(ports(), "Navy", "fleet", squadrons=fleet_of(HOOD_CYRILLIC, "Blue"))
    state.forces["hood"] = add_force(ports(), "Hood").forces["hood"]
    dissolve = StartFormation(faction="Britain", kind="dissolve_fleet", members=["Navy"])
    error = refused(start_formation, state, DEFAULTS, dissolve, 1)
    assert text(error) == (
        f"Navy cannot be dissolved yet: its squadron “{HOOD_CYRILLIC}” would become a force "
        "named too much like “Hood”. Rename the squadron first (/navy forces edit name:Navy "
        "squadrons:…), then dissolve the fleet (NO-4.10)."
    )
    assert text(error, "ru") == (
        f"Флот «Navy» пока нельзя расформировать: его эскадра «{HOOD_CYRILLIC}» стала бы "
        "соединением с названием, слишком похожим на «Hood». Сначала переименуйте эскадру "
        "(/флот_приказы соединения изменить название:Navy эскадры:…), затем расформируйте "
        "флот (NO-4.10)."
    )


def test_a_fleet_is_not_registered_with_look_alike_squadrons():
    command = force("Navy", kind="fleet", ships=[], squadrons=fleet_of("Red", RED_CYRILLIC))
    error = refused(register_force, ports(), DEFAULTS, command)
    assert error.params["clause"] == "NO-I3"
    assert text(error) == (
        f"The squadrons “{RED_CYRILLIC}” and “Red” look too much alike: each becomes a force "
        "of its name when the fleet is dissolved, so give them names no one can mistake (NO-I3)."
    )
    assert text(error, "ru").startswith(
        f"Названия эскадр «{RED_CYRILLIC}» и «Red» слишком похожи: при расформировании флота"
    )
    # The same name twice stays today's refusal.
    twice = force("Navy", kind="fleet", ships=[], squadrons=fleet_of("Red", "RED"))
    assert refused(register_force, ports(), DEFAULTS, twice).message_key == (
        "naval_orders.error.duplicate_squadron"
    )


def test_a_port_named_or_placed_like_a_registered_one_is_refused():
    state = ports()  # Portsmouth at 1 (naval station), Toulon at 9
    error = refused(register_station, state, RegisterStation(name=TOULON_CYRILLIC, location="5"))
    assert text(error) == (
        f"“{TOULON_CYRILLIC}” looks too much like the port Toulon: orders name the port a "
        "force makes for, so pick a name no one can mistake for it (NO-3.3)."
    )
    assert text(error, "ru") == (
        f"«{TOULON_CYRILLIC}» слишком похоже на порт «Toulon»: приказы называют порт, куда "
        "идёт соединение, так что выберите название, которое с ним не спутать (NO-3.3)."
    )
    at_l = refused(register_station, state, RegisterStation(name="Brest", location="l"))
    assert text(at_l) == (
        "The location “l” looks too much like 1, where the port Portsmouth is: a location has "
        "one port, so give a location no one can mistake for it (NO-3.3)."
    )
    assert text(at_l, "ru") == (
        "Локация «l» слишком похожа на локацию «1», где стоит порт «Portsmouth»: в одной локации "
        "один порт, так что укажите локацию, которую с ней не спутать (NO-3.3)."
    )
    # Toulon registered again (any case) is Toulon changed, not a new port.
    again = register_station(state, RegisterStation(name="TOULON", location=PORT_9))
    assert sorted(again.state.stations) == ["portsmouth", "toulon"]


def saved_with_pairs() -> NavalOrdersState:
    """A register saved before look-alikes were refused: Hood and Hооd, Toulon and Tоulon, a
    fleet with squadrons Red and Rеd."""
    state = add_force(ports(), "Hood")
    raw = state.model_dump(mode="json")
    twin = dict(raw["forces"]["hood"], name=HOOD_CYRILLIC)
    raw["forces"][HOOD_CYRILLIC.casefold()] = twin
    navy = add_force(
        ports(), "Navy", "fleet", squadrons=fleet_of("Red", "Blue"), location=PORT_9
    ).model_dump(mode="json")["forces"]["navy"]
    navy["squadrons"][1]["name"] = RED_CYRILLIC
    raw["forces"]["navy"] = navy
    raw["stations"][TOULON_CYRILLIC.casefold()] = dict(
        raw["stations"]["toulon"], name=TOULON_CYRILLIC, location="10"
    )
    return NavalOrdersState.model_validate_json(json.dumps(raw))


def test_a_register_saved_with_look_alike_pairs_loads_and_plays():
    state = saved_with_pairs()
    assert {f.name for f in state.forces.values()} == {"Hood", HOOD_CYRILLIC, "Navy"}
    # Both forces are edited, ordered and moved on as before.
    state = register_force(state, DEFAULTS, force(HOOD_CYRILLIC, ships=warships(4, 4))).state
    state = register_force(state, DEFAULTS, force("Hood", ships=warships(5))).state
    cruise = CruiseOrder(point="Ushant", location="14", turns=2)
    state = order(state, HOOD_CYRILLIC, cruise, 1)
    state = order(state, "Hood", cruise, 1)
    # The fleet keeps its squadrons through an edit of its officer.
    navy = state.forces["navy"]
    edit = force("Navy", kind="fleet", ships=[], squadrons=navy.squadrons, officer_rating=1)
    edit = edit.model_copy(update={"location": PORT_9, "in_port": True})
    state = register_force(state, DEFAULTS, edit).state
    assert [s.name for s in state.forces["navy"].squadrons] == ["Red", RED_CYRILLIC]
    # Both ports are changed as before.
    state = register_station(
        state, RegisterStation(name=TOULON_CYRILLIC, location="10", naval_station=True)
    ).state
    state = register_station(state, RegisterStation(name="Toulon", location=PORT_9)).state
    result = end_turn(state, 1)
    after = result.state
    assert after.forces["hood"].status == after.forces[HOOD_CYRILLIC.casefold()].status
    assert after.forces["hood"].order is not None
    lines = orders_overview(after, NavalOrdersSettings(), viewer=None, is_gm=True, turn=2)
    shown = " ".join(line.render("en") for line in lines)
    assert "Hood" in shown and HOOD_CYRILLIC in shown
    # Dissolving the fleet asks for a squadron to be renamed first.
    dissolve = StartFormation(faction="Britain", kind="dissolve_fleet", members=["Navy"])
    error = refused(start_formation, after, DEFAULTS, dissolve, 2)
    assert error.message_key == "naval_orders.error.squadron_force_look_alike"


@pytest.mark.parametrize(
    ("key", "names"),
    [
        ("naval_orders.error.force_look_alike", ("force", "existing")),
        ("naval_orders.error.squadron_look_alike", ("squadron", "existing")),
        ("naval_orders.error.squadron_force_look_alike", ("squadron", "existing", "fleet")),
        ("naval_orders.error.station_look_alike", ("station", "existing")),
        ("naval_orders.error.location_look_alike", ("location", "existing", "station")),
    ],
)
@pytest.mark.parametrize("language", ["en", "ru"])
def test_the_names_in_a_look_alike_refusal_read_literally(key, names, language):
    """A name with Markdown or a mention shows as typed: nothing renders bold, nobody is
    pinged."""
    hostile = "**Bold** <@123456789012345678>"
    for name in names:
        params = dict.fromkeys(names, "Hood") | {name: hostile}
        message = RuleViolation(key, clause="NO-4.10", **params).message(language)
        assert r"\*\*Bold\*\*" in message and "<@123456789012345678>" not in message


def test_a_fleet_is_not_registered_with_a_squadron_named_like_another_force():
    """NO-4.10: a squadron becomes a force of its name when its fleet is dissolved, so the
    name is checked when the fleet is registered: refused in both languages."""
    state = add_force(ports(), "Hood")
    command = force("Navy", kind="fleet", ships=[], squadrons=fleet_of(HOOD_CYRILLIC, "Blue"))
    error = refused(register_force, state, DEFAULTS, command)
    assert text(error) == (
        f"The squadron “{HOOD_CYRILLIC}” looks too much like “Hood”, another force's name: "
        "each squadron becomes a force of its name when the fleet is dissolved, so give it a "
        "name no one can mistake for it (NO-4.10)."
    )
    assert text(error, "ru") == (
        f"Название эскадры «{HOOD_CYRILLIC}» слишком похоже на «Hood», название другого "
        "соединения: при расформировании флота каждая эскадра станет соединением под своим "
        "названием, так что дайте ей название, которое с ним не спутать (NO-4.10)."
    )
    same = command.model_copy(update={"squadrons": fleet_of("Hood", "Blue")})
    assert text(refused(register_force, state, DEFAULTS, same), "ru") == (
        "Эскадра «Hood» носит название другого соединения: при расформировании флота каждая "
        "эскадра станет соединением под своим названием, так что дайте ей название, которого "
        "нет ни у одного соединения (NO-4.10)."
    )
