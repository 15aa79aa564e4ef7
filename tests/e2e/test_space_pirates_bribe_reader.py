"""SP-I33: a bribe's private text says who sees it in words true for whoever reads it: the
briber in their confirmation, and the GM reading the entry in `/history show` ("Only the
player who placed it and the GMs see it"), never "Only you", which read to the GM as if the
GM had placed it.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra; Orion and Lyra, in contact with
Vega, bribe a route raid on Vega's one route, Line (goods 200: 2d6 for the fleet).
"""

from __future__ import annotations

import re

import tests.e2e.test_space_pirates as base
from tests.e2e.test_naval_orders_secrecy import show_text

pirates = base.pirates

EN = "Only the player who placed it and the GMs see it until it happens"
RU = "До нападения его видят только игрок, сделавший подкуп, и ведущие"


async def bribes(table, player: str, entry_word: str) -> tuple[str, int]:
    """`player` bribes a raid on Vega: the confirmation's text and the entry's number."""
    await table.slash("/pirates contacts factions:Vega", as_=player)
    quote = await table.slash("/pirates bribe victim:Vega", as_=player)
    table.script_dice([2, 3])
    placed = await table.click(quote, quote.buttons[0].label, as_=player)
    told = placed.embed.description
    log = (await table.slash("/history list", as_="gm")).text()
    numbers = re.findall(rf"`#(\d+)` [^\n]*\*\*{entry_word}\*\*", log)
    assert numbers, log
    return told, int(numbers[0])


async def test_the_gm_reads_a_bribe_as_placed_by_its_player(pirates):
    """Orion's confirmation and the GM's `/history show` of the entry say the player who
    placed it and the GMs see it; neither says "Only you"."""
    await pirates.slash("/pirates route add name:Line goods:200", as_="player1")
    told, seq = await bribes(pirates, "player2", "pirates bribe")
    assert EN in " ".join(told.split()), told
    assert "Only you" not in told

    shown = await pirates.slash(f"/history show entry:{seq}", as_="gm")
    text = " ".join(show_text(shown).split())
    assert shown.ephemeral and EN in text, text
    assert "Only you" not in text


async def test_the_russian_briber_reads_the_same(pirates):
    """Lyra reads Russian: her confirmation and her own `/history show` of the entry say
    «видят только игрок, сделавший подкуп, и ведущие», not «видите только вы»."""
    await pirates.slash("/pirates route add name:Line goods:200", as_="player1")
    told, seq = await bribes(pirates, "player3", "pirates bribe")
    assert RU in " ".join(told.split()), told

    shown = await pirates.slash(f"/history show entry:{seq}", as_="player3")
    texts = [show_text(shown), *(show_text(m) for m in shown.followups if m.ephemeral)]
    text = " ".join(" ".join(texts).split())
    assert RU in text, text
    assert "его видите только вы" not in text
