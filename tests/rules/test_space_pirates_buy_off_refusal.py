"""What a refused buy-off meets (SP-I34), judged when the offer is made: a fight where the
route or the planet has defenders (SP-I10, SP-I21) or troops that cover the buildings
(SP-I22); otherwise no fight, which the question tells instead of promising one."""

from __future__ import annotations

import pytest
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import with_history

from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire


def offered_route(state):
    """The buy-off offer of a raid on Aurora's only route (d20 1, 2d6 4, 6: value 6000)."""
    (offer,) = resolve(state, 5, scripted(1, 4, 6)[0]).state.waiting
    return offer


def test_a_route_without_guards_or_mercenaries_meets_no_fight():
    """SP-I10, SP-I34: no ship guards Rich and no contract is stationed there."""
    state, _ = route(empty(), "Rich", 2350)
    assert offered_route(state).attack.if_refused == "no_defence"


def test_a_route_with_only_a_transport_meets_no_fight():
    """SP-I10, FC-I13: a transport does not fight, so the route is still undefended."""
    state, _ = route(empty(), "Rich", 2350, ships=[("transport", "transport")])
    assert offered_route(state).attack.if_refused == "no_defence"


def test_a_route_with_stationed_mercenaries_meets_a_fight():
    """SP-I35: a contract stationed at Rich defends it, so the refusal leads to a battle."""
    state, rich = route(empty(), "Rich", 2350)
    with_history(state, "Aurora", [600], turn=4)
    state, _, _ = apply_hire(
        state, DEFAULTS, HireOrder("Aurora", 5, 150, station="route", target=rich.id)
    )
    assert offered_route(state).attack.if_refused == "fight"


def test_a_guarded_route_meets_a_fight():
    """SP-I10: a cruiser guards Rich."""
    state, _ = route(empty(), "Rich", 2350, ships=[("cruiser", "guard")])
    assert offered_route(state).attack.if_refused == "fight"


@pytest.mark.parametrize(
    ("fields", "orbital", "mode", "expected"),
    [
        ({"population": 1000}, [], "standing_flag", "no_defence"),
        ({"troops": 2}, [], "standing_flag", "troops_avoid"),
        ({"troops": 2, "cover_buildings": True}, [], "standing_flag", "fight"),
        ({"troops": 2}, [], "ask_when_raided", "troops_asked"),
        ({"population": 1000}, ["cruiser"], "standing_flag", "fight"),
    ],
    ids=["nothing", "troops_avoid", "troops_cover", "troops_asked", "orbital"],
)
def test_a_planet_raid_meets_a_fight_only_where_one_follows(fields, orbital, mode, expected):
    """SP-I21, SP-I22, SP-I34: the orbital battle when a combat ship defends the planet;
    else its troops: none, avoiding, covering the buildings (a ground fight), or asked."""
    settings = DEFAULTS.model_copy(update={"plunder_choice_mode": mode})
    state, _ = planet(empty(), "Gamma", 400, orbital=orbital, **fields)
    state.player("Aurora").streak = 11
    with_history(state, "Aurora", [200])
    (offer,) = resolve(state, 9, scripted(1)[0], settings).state.waiting
    assert offer.attack.kind == "planet"
    assert offer.attack.if_refused == expected
