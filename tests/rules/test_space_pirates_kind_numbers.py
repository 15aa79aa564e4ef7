"""Numbers counted per kind (`SpacePiratesState.take_id`): routes, planets, ships, contracts,
privateer groups, bribes, base attack orders and pending choices each count from 1, a
removed one's number is never given again, and a state saved when one counter numbered
everything counts every kind on from that counter."""

from __future__ import annotations

import pytest

from bot.errors import NotFound
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import answer_bribe_offer
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.bribe import open_offers_of
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.spec import kept_numbers
from tests.rules.space_pirates_helpers import COMBAT
from tests.rules.space_pirates_helpers import empty
from tests.rules.space_pirates_helpers import planet
from tests.rules.space_pirates_helpers import raid
from tests.rules.space_pirates_helpers import resolve
from tests.rules.space_pirates_helpers import route
from tests.rules.space_pirates_helpers import scripted
from tests.rules.space_pirates_helpers import settings

AT_PLACEMENT = settings(bribed_offer_timing="at_placement")


def test_each_kind_counts_from_one_and_never_gives_a_number_again():
    """Route #1 (ships #1, #2), route #2, planet #1 (ship #3 in orbit); route #2 removed,
    the next route is #3."""
    state, silk = route(empty(), "Silk", 300, ships=[("cruiser", "guard")] * 2)
    state, amber = route(state, "Amber", 200)
    state, tau = planet(state, "Tau", 900, orbital=["cruiser"])

    assert (silk.id, amber.id, tau.id) == (1, 2, 1)
    assert [s.id for s in silk.ships] == [1, 2]
    assert [s.id for s in tau.orbital_ships] == [3]
    state = remove_route(state, amber.id)
    state, opal = route(state, "Opal", 100)
    assert opal.id == 3
    assert state.route(1) == silk
    assert state.planet(1) == tau


def test_an_old_state_counts_every_kind_on_from_its_one_counter():
    """Saved with one counter at 9 (route #1 with ships #2, #3, planet #4, route #5
    removed…): the numbers kept read as they were, and the next route, planet and ship each
    take 9, a number no earlier object had."""
    state, _ = route(empty(), "Silk", 300, ships=[("cruiser", "guard")] * 2)
    state, _ = planet(state, "Tau", 900)
    saved = state.model_dump(mode="json")
    saved["routes"][0]["ships"][0]["id"], saved["routes"][0]["ships"][1]["id"] = 2, 3
    saved["planets"][0]["id"] = 4
    saved.pop("next_ids", None)
    saved["next_id"] = 9
    old = SpacePiratesState.model_validate(saved)

    assert old.route(1) is not None and old.planet(4) is not None
    assert [s.id for s in old.routes[0].ships] == [2, 3]
    old, amber = route(old, "Amber", 200, ships=[("cruiser", "guard")])
    old, rho = planet(old, "Rho", 10)
    assert (amber.id, rho.id, amber.ships[0].id) == (9, 9, 9)
    old, opal = route(old, "Opal", 100)
    assert opal.id == 10
    assert SpacePiratesState.model_validate(old.model_dump(mode="json")).next_ids == old.next_ids


def test_an_offer_made_at_placement_is_numbered_with_the_questions():
    """SP-I34: turn 1's resolution asked Aurora buy-off question #1. Boreas' bribe of turn 2
    is bribe #1, but its offer at placement is offer #2, the number Aurora answers it by:
    #1 finds no open offer."""
    state, _ = route(empty(), "Line", 300)
    state, _ = raid(state, 1, [1, 2, 2, 2])
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 2)
    state, bribe = apply_bribe(state, AT_PLACEMENT, COMBAT, order, scripted(1, 1, 1)[0])

    assert (bribe.id, bribe.offer_number) == (1, 2)
    assert open_offers_of(state, "Aurora") == [2]
    with pytest.raises(NotFound):
        answer_bribe_offer(state, AT_PLACEMENT, 1, "Aurora", True)
    bought = answer_bribe_offer(state, AT_PLACEMENT, 2, "Aurora", True)
    assert bought.bribes[0].status == "bought_off"


def test_an_offer_made_before_offers_had_their_own_number_goes_by_its_bribes():
    """SP-I34: an open offer saved when the bribe's number was the offer's (one counter
    numbered both) is still answered by that number."""
    state, _ = route(empty(), "Line", 300)
    state, _ = raid(state, 1, [1, 2, 2, 2])
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 2)
    state, _ = apply_bribe(state, AT_PLACEMENT, COMBAT, order, scripted(1, 1, 1)[0])
    saved = state.model_dump(mode="json")
    del saved["bribes"][0]["offer_id"]
    saved["bribes"][0]["id"] = 7
    old = SpacePiratesState.model_validate(saved)

    assert open_offers_of(old, "Aurora") == [7]
    bought = answer_bribe_offer(old, AT_PLACEMENT, 7, "Aurora", True)
    assert bought.bribes[0].status == "bought_off"


def test_an_offer_forced_at_the_turns_end_is_logged_by_the_number_its_victim_knows():
    """SP-I34: Aurora leaves offer #2 (Boreas' bribe #1) unanswered; turn 2's resolution
    takes the default for it, and its entry names offer #2, the number Aurora would have
    given to /pirates offer, not the bribe's."""
    state, _ = route(empty(), "Line", 300)
    state, _ = raid(state, 1, [1, 2, 2, 2])
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 2)
    state, bribe = apply_bribe(state, AT_PLACEMENT, COMBAT, order, scripted(1, 1, 1)[0])

    forced = resolve(state, 2, scripted(*[20] * 40)[0], AT_PLACEMENT)

    assert (bribe.id, bribe.offer_number) == (1, 2)
    assert forced.outcome["buy_off_offers_forced"] == [2]
    assert "bribe_offers_forced" not in forced.outcome  # that key listed bribes' numbers


def test_an_undo_keeps_each_kinds_next_number_even_for_a_state_saved_with_one_counter():
    """README: a removed one's number is not given again, an undone one's neither. The undo
    restores a state saved when one counter (`next_id` 4) numbered everything; the undone
    command had handed out choice #6 and route #4: the restored state goes on with choice
    #7 and route #5, and the kinds the undone command never numbered go on from 4."""
    restored = SpacePiratesState.model_validate({"next_id": 4})
    undone = SpacePiratesState.model_validate({"next_id": 4, "next_ids": {"choice": 7, "route": 5}})
    kept = kept_numbers(undone, restored)
    assert (kept.take_id("choice"), kept.take_id("route"), kept.take_id("planet")) == (7, 5, 4)
    # nothing handed out: the restored state is kept as it is
    assert kept_numbers(restored, restored) is restored


def test_an_upkeep_question_shows_its_number_beside_the_offers_it_sits_between():
    """SP-I35, SP-I45: offers and upkeep questions share one series of numbers, the one
    `/pirates offer number:` takes (so no number ever names two questions). Turn 10's
    resolution: Aurora declines offer #1 (route Line), then contract #1's upkeep is asked as
    #2. What the turn waits for and her status name it «содержание наёмников №2» / "mercenary
    upkeep #2", as the offer reads «предложение откупа №1», so the offers' numbers 1, 3…
    visibly skip the upkeep's 2 rather than a number gone missing."""
    from bot.rules.space_pirates.mercenaries import HireOrder
    from bot.rules.space_pirates.mercenaries import apply_hire
    from bot.rules.space_pirates.spec import awaited
    from bot.rules.space_pirates.turn import waiting_for
    from tests.rules.space_pirates_helpers import DEFAULTS
    from tests.rules.space_pirates_helpers import answer
    from tests.rules.space_pirates_helpers import with_history

    state, _ = route(empty(), "Line", 300)
    with_history(state, "Aurora", [900], turn=9)
    state, _, _ = apply_hire(state, DEFAULTS, HireOrder("Aurora", 10, 300))
    offered = resolve(state, 10, scripted(1, 3, 3, 3)[0])
    (offer,) = offered.state.waiting
    asked = answer(offered.state, False, scripted()[0]).state
    (due,) = asked.upkeep_due
    assert (offer.choice_id, due.choice_id) == (1, 2)

    (owed,) = awaited(asked, DEFAULTS, 11)
    (line,) = waiting_for(asked, DEFAULTS, 11)
    assert owed.owes.render("ru") == (
        "ответ на содержание наёмников №2: 60 по контракту №1 — оплатить или расторгнуть"
    )
    assert owed.owes.render("en") == (
        "an answer to mercenary upkeep #2: 60 for contract #1, pay it or end the contract"
    )
    assert line.render("ru") == (
        "Фракция «Aurora» не оплатила и не расторгла контракт наёмников №1"
        " (содержание наёмников №2, 60)"
    )
    assert line.render("en") == (
        "Aurora has not paid or ended mercenary contract #1 (mercenary upkeep #2, 60)"
    )


def test_an_upkeep_line_stored_before_it_had_a_number_still_reads_as_written():
    """SP-I45: a reminder or deadline post saved before upkeep questions were numbered keeps
    its owed line, without the question's number, in its payload; drawn again after a
    restart it reads as it was written, never as a template with braces."""
    from bot.turn_flow import AwaitedPlayer

    stored = {
        "user": 5,
        "faction": "Vega",
        "owes": {"key": "space_pirates.owes.upkeep", "params": {"amount": 20, "contract": 15}},
    }
    owed = AwaitedPlayer.from_json(stored)
    assert owed.owes.render("en") == (
        "upkeep 20 for mercenary contract #15: pay it or end the contract"
    )
    assert owed.owes.render("ru") == (
        "содержание 20 по контракту наёмников №15: оплатить или расторгнуть"
    )
