"""Refusals and previews that say what actually happened (SP-I18, SP-I10, SP-I35).

A play-test found a planet bribe against a faction with no planets at all refused with the
cooldown rule ("no planet the pirates may raid this turn"), a negative ship count refused
as an unknown ship class ("Unknown ship class -2 cruiser"), and a second mercenary preview
silently taking the place of the first, whose Confirm then answered that the choice had
"already been answered".

Player1 plays Vega, player2 Orion, player3 Lyra; `after_a_raid` gives the pirates a base.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.play import refused_alone

pirates = base.pirates
after_a_raid = base.after_a_raid


async def test_a_planet_bribe_against_a_faction_without_planets_says_it_has_none(after_a_raid):
    """SP-I18: Lyra has registered no planet: the bribe is refused because Lyra has none,
    not because of a cooldown."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Lyra", as_="player1")

    told = flat(await refused_alone(table, "/pirates bribe victim:Lyra kind:planet", "player1"))

    assert "Lyra has no planets registered" in told, told
    assert "this turn" not in told and "SP-I19" not in told, told


async def test_a_negative_ship_count_is_refused_as_a_count(pirates):
    """SP-I10: "-2 cruiser" and "0 cruiser" are counts out of range, not unknown classes."""
    for typed in ("-2 cruiser", "0 cruiser"):
        line = f"/pirates route add name:Bad goods:100 ships:{typed}"
        told = flat(await refused_alone(pirates, line, "player1"))
        assert f"“{typed}”: the number of ships must be a whole number from 1 to 500" in told
        assert "Unknown ship class" not in told, told


async def test_a_newer_mercenary_preview_says_it_replaces_the_earlier_one(after_a_raid):
    """SP-I35: the first preview says nothing of others; the second says it replaces the
    first, whose buttons answer no more: a click on them says a newer question replaced it."""
    table = after_a_raid
    first = await table.slash("/pirates mercenaries hire value:300", as_="player1")
    assert "replaces" not in flat(first.embed.description)

    second = await table.slash("/pirates mercenaries hire value:400", as_="player1")

    told = flat(second.embed.description)
    assert "This preview replaces your earlier one" in told, told
    stale = flat((await table.click(first, "Confirm", as_="player1")).text())
    assert "A newer question replaced this one" in stale, stale
    assert "already been answered" not in stale, stale
    hired = await table.click(second, "Confirm", as_="player1")
    assert "signed" in hired.embed.description, hired.text()


async def test_a_preview_left_at_the_turn_end_says_its_turn_ended_in_russian_too(pirates):
    """A preview nobody confirmed closes with its turn: its Cancel and Confirm say so, in the
    reader's language, not that it was answered, and place nothing."""
    await pirates.slash("/pirates route add name:Line goods:200", as_="player1")
    await pirates.slash("/pirates contacts factions:Vega", as_="player3")
    quote = await pirates.slash("/pirates bribe victim:Vega", as_="player3")
    pirates.script_dice([20, 20, 20])
    question = await pirates.slash("/turn end", as_="gm")
    await pirates.click(question, "End turn 1", as_="gm")

    for button in ("Отмена", "Подтвердить"):
        late = await pirates.click(quote, button, as_="player3")

        assert late.ephemeral and flat(late.embed.description) == (
            "Этот расчёт относился к уже закончившемуся ходу и теперь ничего не выполнит "
            "(если это ещё нужно, повторите команду)."
        ), (button, late.text())
    status = flat((await pirates.slash("/pirates status", as_="player3")).embed.description)
    assert "подкуп" not in status.lower(), status
