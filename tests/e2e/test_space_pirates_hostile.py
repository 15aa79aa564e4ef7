"""Space pirates as players type it and read it: what the bot prints typed back, Russian
words, a quote that promises what the confirm then refuses, a bribed raid that must name
what it attacks (SP-I10, SP-I31, SP-I33, SP-I34).

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates import end_turn, question_of

pirates = base.pirates


async def test_ships_typed_as_the_lists_print_them_or_in_russian(pirates):
    """SP-I10: `/pirates routes` prints "2 cruisers (guard, Vega)"; typed back as
    "2 cruisers" it registers two cruisers; Lyra types Russian class and role names
    ("2 крейсера полиция, эсминец") and the shorthand "dn"."""
    plural = await pirates.slash(
        "/pirates route add name:Silk goods:300 ships:2 cruisers, 1 destroyers", as_="player1"
    )
    assert not plural.ephemeral, plural.text()
    assert "2 cruisers (guard, Vega)" in plural.embed.description
    russian = await pirates.slash(
        "/pirates route add name:Шёлк goods:600 ships:2 крейсера полиция, эсминец, dn охрана",
        as_="player3",
    )
    assert not russian.ephemeral, russian.text()
    shown = russian.embed.description
    assert "2 cruisers (police, Lyra)" in shown and "1 destroyer (guard, Lyra)" in shown
    assert "1 dreadnought (guard, Lyra)" in shown
    refused = await pirates.slash("/pirates route add name:Bad goods:5 ships:фрегат", as_="player3")
    assert refused.ephemeral and "фрегат" in refused.text()
    assert "крейсер" in refused.text(), refused.text()

