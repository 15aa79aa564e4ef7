"""SP-I45: a GM's `/pirates force` tells the players it concerns. Its answer pings the
player whose question the GM settled, and each other player the resolution it carried on then
reached; a player asked a new question is pinged by that question, once. The GM is not
pinged, nor the payer of a bribed attack (SP-I33).

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.confirming import confirmed
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_review import _upkeep_waits as upkeep_waits

pirates = base.pirates
after_a_raid = base.after_a_raid


def forced_answer(reply):
    """The force's public answer, the message titled by the defaults forced."""
    titles = ("Defaults forced by a GM", "Ведущий применил ответы по умолчанию")
    return next(
        m
        for m in [*reply.messages, *reply.followups]
        if not m.ephemeral and m.embeds and m.embeds[0].get("title", "").startswith(titles)
    )


async def test_a_forced_buy_off_pings_the_player_it_was_asked_of(pirates):
    """Vega's offer is forced (declined): the answer pings Vega's player, and only her, with
    a line saying a GM forced the default and what followed concerns her."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    await end_turn(pirates, 1)
    listed = await pirates.slash("/pirates force", as_="gm")

    confirmed = await pirates.click(listed, "Force 1 answer", as_="gm")

    told = forced_answer(confirmed)
    assert told.pings == {"player1"}, told.pings
    vega = f"<@{pirates.member('player1').id}>"
    assert told.content.startswith(vega), told.content
    assert "a GM forced the default answer" in told.content


async def test_a_forced_upkeep_pings_its_contracts_owner(after_a_raid):
    """`/pirates force choice:N` pays Vega's upkeep: Vega's player is pinged."""
    table = after_a_raid
    _, _, choice = await upkeep_waits(table)

    forced = await confirmed(table, f"/pirates force choice:{choice}", as_="gm")

    told = forced_answer(forced)
    assert told.pings == {"player1"}, told.pings


async def both_routes_raided(pirates) -> None:
    """Vega's Rich and Orion's Far are raided at turn 1's end: each owner is asked a buy-off."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    await pirates.slash("/pirates route add name:Far goods:2350", as_="player2")
    pirates.script_dice([1, 4, 6, 1, 4, 6])
    await end_turn(pirates, 1)


async def test_forcing_to_the_end_pings_each_player_it_reached_once(pirates):
    """Vega's offer is forced to the end: Orion's raid, asked and forced on the way, reaches
    Orion too; both are pinged by the answer, each once, the GM by nothing."""
    await both_routes_raided(pirates)
    listed = await pirates.slash("/pirates force rest:true", as_="gm")

    confirmed = await pirates.click(listed, "Force 1 answer", as_="gm")

    told = forced_answer(confirmed)
    assert told.pings == {"player1", "player2"}, told.pings
    assert "gm" not in confirmed.pings


async def test_a_forced_answer_that_asks_anew_pings_by_the_new_question_only(pirates):
    """Vega's offer is forced without `rest`: Orion's offer is asked next and pings Orion by
    itself; the answer pings Vega, not Orion a second time."""
    await both_routes_raided(pirates)
    listed = await pirates.slash("/pirates force", as_="gm")

    confirmed = await pirates.click(listed, "Force 1 answer", as_="gm")

    told = forced_answer(confirmed)
    assert told.pings == {"player1"}, told.pings
    asked = question_of(confirmed, "Pay 600")
    assert asked.pings == {"player2"}


async def test_a_russian_campaign_pings_in_russian(pirates):
    """The campaign in Russian: the ping line reads in Russian."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    await end_turn(pirates, 1, "Завершить ход")
    listed = await pirates.slash("/pirates force", as_="gm")

    confirmed = await pirates.click(listed, "Force 1 answer", as_="gm")

    told = forced_answer(confirmed)
    assert told.pings == {"player1"}
    assert "ведущий применил ответ по умолчанию" in told.content, told.content
