"""SP-I11, FC-I17 in the log: a pirate battle's rolls in `/history show` name the raid they
were rolled in and the pirates' ships as the report does ("raider"), not fleet combat's
class ("destroyer") nor a battle number ("#0") that names nothing.

Player1 plays Vega. Faces are scripted in the order the engine rolls them.
"""

from __future__ import annotations

import re

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

pirates = base.pirates


async def test_the_battle_rolls_name_the_raid_and_the_pirates_raiders(pirates):
    """FC-I17: d20 1, 1d6 3 → one raider against Vega's two cruisers; the rolls of the
    battle the refusal starts read "Pirate raid on Line, round 1: 1 raider of the pirate
    fleet → cruisers of Vega" in `/history show` of that answer."""
    await pirates.slash("/pirates route add name:Line goods:160 ships:2 cruiser", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    pirates.script_dice([6] * 10 + [1] * 10)
    fought = await pirates.click(
        question_of(ended, "Refuse and fight"), "Refuse and fight", as_="player1"
    )
    assert "Line defended" in fought.embed.description

    listed = await pirates.slash("/history list", as_="gm")
    entry = re.search(r"#(\d+)` turn \d+ · \*\*pirates buy-off answer", listed.embed.description)
    assert entry, listed.embed.description
    shown = await pirates.slash(f"/history show entry:{entry.group(1)}", as_="gm")
    rolls = " ".join(f.name for f in shown.embed.fields)
    said = "Pirate raid on Line, round 1: 2 cruisers of Vega → raider of the pirate fleet, attack"
    assert said in rolls, rolls
    said = "Pirate raid on Line, round 1: 1 raider of the pirate fleet → cruisers of Vega, attack"
    assert said in rolls, rolls
    assert "Battle #" not in rolls and "destroyer" not in rolls
