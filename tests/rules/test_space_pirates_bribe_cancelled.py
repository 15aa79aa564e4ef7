"""SP-I33: a bribe cancelled when it comes up is told to the GMs with who paid and why, in
English and Russian: the victim under peace or route immunity, the route or planet no
longer the victim's, the planet in cooldown after an earlier raid."""

from __future__ import annotations

from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import with_history

from bot.i18n import msg_from_json
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.registry import set_contacts


def bribed(kind="route"):
    """Aurora's route Line (income 160) and planet Home; Boreas, in contact, bribes the
    pirates against Aurora in turn 5."""
    state, line = route(empty(), "Line", 160)
    state, home = planet(state, "Home", 300)
    with_history(state, "Aurora", [100], turn=1)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", kind, 5)
    state, bribe = apply_bribe(state, DEFAULTS, COMBAT, order, scripted(3)[0])
    return state, line, home, bribe


def told(state):
    """The GM's private lines of turn 5's resolution, in English and Russian."""
    result = resolve(state, 5, scripted(*([20] * 10))[0])
    lines = [msg_from_json(m) for ms in result.outcome["private"].values() for m in ms]
    assert len(lines) == 1
    return lines[0].render("en"), lines[0].render("ru")


def test_a_route_removed_names_the_briber_and_the_route():
    state, line, _, bribe = bribed()
    english, russian = told(remove_route(state, line.id))
    assert english == (
        f"Bribe #{bribe.id} of Boreas against Aurora was cancelled when it came up: route #1 "
        "is no longer Aurora's; refund 0 (SP-I33)"
    )
    assert russian == (
        f"Подкуп №{bribe.id} от фракции «Boreas» против фракции «Aurora» отменён, когда до "
        "него дошла очередь: торговый путь №1 больше не принадлежит фракции «Aurora»; "
        "возврат 0 (SP-I33)"
    )


def test_route_immunity_and_peace_are_named():
    state, _, _, _ = bribed()
    immune = state.model_copy(deep=True)
    record = immune.player("Aurora")
    record.route_immunity_granted, record.route_immunity_until = 4, 7
    english, russian = told(immune)
    assert "Aurora's routes are immune to raids (SP-I15)" in english
    assert "торговые пути фракции «Aurora» защищены иммунитетом (SP-I15)" in russian
    peace = state.model_copy(deep=True)
    peace.player("Aurora").peace_until = 9
    english, russian = told(peace)
    assert "Aurora is under peace (SP-I32)" in english
    assert "у фракции «Aurora» мир с пиратами (SP-I32)" in russian


def test_a_planet_in_cooldown_is_named():
    state, _, home, _ = bribed("planet")
    state.planet(home.id).last_attacked_turn = 5
    english, russian = told(state)
    assert "planet Home is in cooldown after an earlier raid (SP-I19)" in english
    assert "планету Home пока нельзя атаковать после более раннего рейда (SP-I19)" in russian
