"""SP-I33: the briber learns how each of their bribes ended in their own `/pirates status`:
cancelled (with what was refunded, as it was refunded), withdrawn, bought off, or come up and
fought; the victim's and any other player's status do not mention it. A sealed bribe's
briber is read through who sealed it."""

from __future__ import annotations

from space_pirates_helpers import COMBAT
from space_pirates_helpers import DEFAULTS
from space_pirates_helpers import answer
from space_pirates_helpers import empty
from space_pirates_helpers import order_attack
from space_pirates_helpers import resolve
from space_pirates_helpers import route
from space_pirates_helpers import scripted
from space_pirates_helpers import settings
from space_pirates_helpers import with_history

from bot.dice import Dice
from bot.rules.space_pirates.base import apply_locate
from bot.rules.space_pirates.bribe import BribeOrder
from bot.rules.space_pirates.bribe import apply_bribe
from bot.rules.space_pirates.bribe import withdraw_bribe
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.status import status

SEALED = {"c0ffee": "Boreas"}  # who paid the sealed bribe (the entry's sealed part)


def bribed(rules=DEFAULTS, turn=5):
    """Boreas bribes a sealed route raid on Aurora's one route, Line (strength 2d6: 3, 5)."""
    state, _ = route(empty(), "Line", 160)
    state = set_contacts(state, "Boreas", ["Aurora"])
    state = set_contacts(state, "Cygnus", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", turn, sealed="c0ffee")
    return apply_bribe(state, rules, COMBAT, order, scripted(3, 5)[0])


def told(state, faction, turn, rules=DEFAULTS, language="en"):
    """What `faction`'s status says during `turn`, as text."""
    return [m.render(language) for m in status(state, rules, faction, turn, SEALED).lines]


def about(lines, bribe):
    return [line for line in lines if f"#{bribe}" in line or f"№{bribe}" in line]


def test_a_bribe_cancelled_when_it_comes_up_is_told_to_its_briber_alone():
    """Aurora's route is removed before the bribe comes up: the bribe is cancelled. In turn 6
    Boreas's status says so, in English and Russian; Aurora's and Cygnus's say nothing of
    it."""
    state, bribe = bribed()
    state = remove_route(state, state.routes[0].id)

    after = resolve(state, 5, scripted(20)[0]).state

    (line,) = about(told(after, "Boreas", 6), bribe.id)
    assert line == (
        f"Your bribe #{bribe.id} (route raid against Aurora, turn 5) was cancelled in that "
        "turn's resolution: nothing refunded (SP-I33)"
    )
    (russian,) = about(told(after, "Boreas", 6, language="ru"), bribe.id)
    assert russian == (
        f"Ваш подкуп №{bribe.id} (налёт на торговый путь против фракции «Aurora», ход 5) "
        "отменён при розыгрыше того хода: ничего не возвращено (SP-I33)"
    )
    for other in ("Aurora", "Cygnus"):
        text = "\n".join(told(after, other, 6))
        assert "bribe" not in text.lower(), text
    assert about(told(after, "Boreas", 7), bribe.id) == []  # a turn on: no longer told


def test_the_refund_is_told_as_it_was_made():
    """`cancelled_bribe_refund` on when the bribe is cancelled: Boreas reads the refund,
    still after the GM turns the setting off."""
    refunding = settings(cancelled_bribe_refund=True)
    state, bribe = bribed(refunding)
    state = remove_route(state, state.routes[0].id)
    after = resolve(state, 5, scripted(20)[0], refunding).state

    for rules in (refunding, DEFAULTS):
        (line,) = about(told(after, "Boreas", 6, rules), bribe.id)
        assert line.endswith(f"turn's resolution: {bribe.cost} refunded (SP-I33)"), line


def test_a_bribe_cancelled_by_the_victims_base_assault_is_told_to_its_briber():
    """SP-I32: Aurora destroys the pirate base in the resolution of turn 5, which cancels
    Boreas's bribe against Aurora: Boreas's status says so."""
    state, _ = route(empty(), "Line", 300)
    state.player("Aurora").streak = 4
    with_history(state, "Aurora", [50], turn=3)
    state = set_contacts(state, "Boreas", ["Aurora"])
    order = BribeOrder("Boreas", "Aurora", "route", 5, sealed="c0ffee")
    state, bribe = apply_bribe(state, DEFAULTS, COMBAT, order, Dice.seeded(3))
    state, _ = apply_locate(state, DEFAULTS, "Aurora", 5, "a moon")
    state, _ = order_attack(state, DEFAULTS, "Aurora", 5, ["war_sun"])

    result = resolve(state, 5, Dice.seeded(5))

    assert result.outcome["base_attacks"][0]["outcome"] == "destroyed"
    (line,) = about(told(result.state, "Boreas", 6), bribe.id)
    assert "was cancelled in that turn's resolution: nothing refunded" in line
    assert about(told(result.state, "Aurora", 6), bribe.id) == []


def test_a_bribe_that_came_up_is_told_bought_off_or_fought():
    """The bribe comes up: while Aurora's answer is awaited Boreas reads that the attack is
    not over; Aurora buys it off, or refuses and the pirates raid the undefended Line."""
    state, bribe = bribed()
    waiting = resolve(state, 5, scripted(20)[0]).state
    (line,) = about(told(waiting, "Boreas", 6), bribe.id)
    assert line.endswith("came up: the pirates attack Line, and the attack is not over yet")

    bought = answer(waiting, True, scripted()[0]).state
    (line,) = about(told(bought, "Boreas", 6), bribe.id)
    assert line.endswith(": Aurora bought the pirates off (SP-I34)"), line

    fought = answer(waiting, False, Dice.seeded(1)).state
    (line,) = about(told(fought, "Boreas", 6), bribe.id)
    assert line.endswith("came up: the pirates attacked Line"), line
    assert about(told(fought, "Aurora", 6), bribe.id) == []


def test_a_withdrawn_bribe_is_told_as_withdrawn():
    """`bribe_withdraw_after_roll`: Boreas withdraws the bribe in turn 5; the status of turn
    6 says so."""
    allowed = settings(bribe_withdraw_after_roll=True)
    state, bribe = bribed(allowed)
    state = withdraw_bribe(state, allowed, "Boreas", bribe.id, 5, SEALED)
    assert about(told(state, "Boreas", 5, allowed), bribe.id) == []
    state = resolve(state, 5, scripted(20)[0], allowed).state
    (line,) = about(told(state, "Boreas", 6, allowed), bribe.id)
    assert line.endswith("(route raid against Aurora, turn 5) was withdrawn (SP-I33)"), line
