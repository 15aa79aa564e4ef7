"""SP-I33, SP-I45: `/pirates status faction:X` read by a GM names X where the player reads
"your" ("Your bribe", "Waiting for your answer"); the player still reads "your".

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates import end_turn

pirates = base.pirates
after_a_raid = base.after_a_raid


async def test_a_gm_reads_the_waiting_question_as_the_factions(pirates):
    """Vega's route is raided and the buy-off question waits: the GM's status of Vega says
    it waits for Vega's answer; Vega's own says "your"."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6, 20])
    await end_turn(pirates, 1)

    gm = await pirates.slash("/pirates status faction:Vega", as_="gm")
    own = await pirates.slash("/pirates status", as_="player1")

    assert "Waiting for Vega's answer:" in gm.embed.description, gm.text()
    assert "your" not in gm.embed.description.lower(), gm.text()
    assert "Waiting for your answer:" in own.embed.description, own.text()


async def test_a_gm_reads_a_bribe_as_the_factions(after_a_raid):
    """Orion bribes the pirates against Vega: the GM's status of Orion lists Orion's bribe."""
    table = after_a_raid
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    quote = await table.slash("/pirates bribe victim:Vega", as_="player2")
    table.script_dice([4, 6])
    await table.click(quote, "Confirm", as_="player2")

    gm = await table.slash("/pirates status faction:Orion", as_="gm")
    own = await table.slash("/pirates status", as_="player2")

    assert "Orion's bribe #" in gm.embed.description, gm.text()
    assert "Your bribe" not in gm.embed.description
    assert "Your bribe #" in own.embed.description, own.text()


async def test_a_russian_reader_reads_the_waiting_question_as_one_sentence(pirates):
    """Lyra's route is raided and the buy-off question waits: Lyra's player (Russian) reads
    «Ждёт вашего ответа: фракция «Lyra» не ответила…», the question going on after the
    colon from a small letter, not as a second sentence."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player3")
    pirates.script_dice([1, 4, 6, 20])
    await end_turn(pirates, 1)

    own = await pirates.slash("/pirates status", as_="player3")

    assert "Ждёт вашего ответа: фракция «Lyra» не ответила на предложение откупа №" in (
        own.embed.description
    ), own.text()
