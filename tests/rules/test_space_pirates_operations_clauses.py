"""Clause checks for the operations and the end of the turn (SP-I31…SP-I45): the boundaries
and branches where a player would notice the bot doing something the clause does not say.
Scripted dice, faces in the order the procedure rolls them."""

from __future__ import annotations

import pytest
from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import answer
from space_pirates_helpers import empty
from space_pirates_helpers import planet
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.errors import RuleViolation
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.bribe import bribes_visible_to
from bot.rules.space_pirates.mercenaries import HireOrder
from bot.rules.space_pirates.mercenaries import apply_hire
from bot.rules.space_pirates.models import PrivateerGroup
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.privateers import PrivateerOrder
from bot.rules.space_pirates.privateers import quote_privateers
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.registry import set_privateer_tech
from bot.rules.space_pirates.status import status


def scripted(*faces):
    return Dice.scripted(faces)


def privateer_state(peace_until):
    """Boreas, with the technology, a cruiser and contact with Aurora, who is at peace
    with the pirates through `peace_until` (SP-I32)."""
    state, _ = route(empty(), "Far", 300, owner="Boreas", ships=[("cruiser", "guard")])
    state = set_contacts(state, "Boreas", ["Aurora"])
    state = set_privateer_tech(state, "Boreas", True)
    state.player("Aurora").peace_until = peace_until
    return state, state.routes[0].ships[0].id


def test_sp_i32_i36_forming_privateers_is_refused_through_the_last_turn_of_peace():
    """SP-I32, SP-I36: the base fell in turn 20, so Aurora is at peace in turns 21…30.
    Forming privateers against her is refused in each of those turns, the last one
    included, naming SP-I32; from turn 31 it is allowed."""
    state, ship = privateer_state(peace_until=30)
    for turn in (21, 30):
        with pytest.raises(RuleViolation) as refused:
            order = PrivateerOrder("Boreas", "Aurora", turn, [ship])
            quote_privateers(state, DEFAULTS, COMBAT, order)
        assert refused.value.message_key == "space_pirates.error.victim_at_peace"
        assert refused.value.params["clause"] == "SP-I32"
    quote = quote_privateers(
        state, DEFAULTS, COMBAT, PrivateerOrder("Boreas", "Aurora", 31, [ship])
    )
    assert quote.active_from == 32


def test_sp_i33_i40_a_bribe_whose_victim_has_nothing_left_is_cancelled_and_told():
    """SP-I33, SP-I40: Boreas bribes a raid on Aurora's only route in turn 5; Aurora then
    removes it, and no turn order is registered. When the bribe comes up in resolution 5 it
    is cancelled (the route is no longer Aurora's): Boreas is told, without a refund, and
    the bribe no longer shows as placed."""
    state, line = route(empty(), "Line", 300)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 5)
    state, bribe = apply_bribe(state, DEFAULTS, COMBAT, order, scripted(1, 1, 1))
    state = remove_route(state, line.id)

    result = resolve(state, 5, scripted())

    assert result.outcome.get("bribes_cancelled") == [bribe.id]
    (told,) = result.outcome["private"]["Boreas"]
    assert told["key"] == "space_pirates.bribe.cancelled"
    assert told["params"]["refund"] == 0
    assert result.state.bribes[0].status == "cancelled"
    assert bribes_visible_to(result.state, "Boreas") == []


def cooldown_lines(lines):
    return [m.render("en") for m in lines if m.key.startswith("space_pirates.effects.cooldown")]


def test_sp_i40_step_5_tells_when_a_raided_planets_cooldown_starts_and_ends():
    """SP-I40 step 5, SP-I19: Beta is plundered in resolution 9, so it cannot be raided
    before turn 15. The report step says so when the cooldown starts (resolution 9) and
    when it ends (resolution 14, the last one it covers); resolutions in between say
    nothing about it."""
    state, _ = planet(empty(), "Beta", 500, population=1000)
    state.player("Aurora").streak = 10
    with_history(state, "Aurora", [200])
    offered = resolve(state, 9, scripted(1))
    raided = answer(offered.state, False, scripted())
    assert raided.archive[0].body.outcome == "successful"
    assert cooldown_lines(raided.lines) == ["Beta (Aurora) cannot be raided before turn 15"]
    assert cooldown_lines(resolve(raided.state, 10, scripted()).lines) == []
    assert cooldown_lines(resolve(raided.state, 14, scripted()).lines) == [
        "Beta (Aurora) can be raided again from turn 15"
    ]
    one_turn = settings(planet_raid_cooldown_turns=1)
    raided = answer(
        resolve(state, 9, scripted(1), one_turn).state, False, scripted(), settings=one_turn
    )
    assert cooldown_lines(raided.lines) == []


def test_sp_i35_the_status_shows_the_upkeep_the_resolution_will_ask_for():
    """SP-I35 `mercenary_upkeep_basis`: a 300 contract (3 raiders) down to one raider. Its
    owner's status shows the upkeep the next resolution asks for: ⌈20 % × 300⌉ = 60 on
    the hired value (the default), ⌈20 % × 100⌉ = 20 on the surviving value."""
    state, _ = route(empty(), "Line", 300)
    with_history(state, "Aurora", [900], turn=9)
    state, _, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    state.contracts[0].ships = state.contracts[0].ships[:1]
    for rules, upkeep in ((DEFAULTS, 60), (settings(mercenary_upkeep_basis="surviving_value"), 20)):
        (line,) = [m for m in status(state, rules, "Aurora", 10).lines if "contract" in m.key]
        assert (
            line.render("en")
            == f"Mercenary contract #{state.contracts[0].id}: 1 ship, in reserve, upkeep {upkeep}"
        )
        (due,) = resolve(state, 10, scripted(20), rules).state.upkeep_due
        assert due.amount == upkeep


def test_sp_i37_a_returning_group_tells_that_its_upkeep_resumes():
    """SP-10.8, SP-I37 (and SP-I36: the upkeep stopped when the group was formed): a group
    recalled in turn 12 with a d6 of 4 rejoins Boreas in resolution 16, and the line says
    that its ships' upkeep resumes, in English and in Russian."""
    ships = [RegisteredShip(id=90, owner="Boreas", ship_class="cruiser")]
    state = empty()
    state.privateers.append(
        PrivateerGroup(
            id=7,
            owner="Boreas",
            target="Aurora",
            formed_turn=3,
            ships=ships,
            recalled_turn=12,
            returns_turn=16,
        )
    )
    (line,) = resolve(state, 16, scripted()).lines
    assert line.render("en") == (
        "Privateer group #7 returns to Boreas (1 ship: 1 cruiser (#90)); their upkeep resumes."
        " They wait in the reserve (/pirates status): register them again on a route or in"
        " orbit, or send them privateering again"
    )
    assert line.render("ru") == (
        "Группа каперов №7 возвращается к фракции «Boreas» (1 корабль: 1 крейсер (№90));"
        " содержание её кораблей возобновляется. Они ждут в резерве (/пираты состояние):"
        " зарегистрируйте их снова на пути или на орбите или снова отправьте в каперство"
    )
