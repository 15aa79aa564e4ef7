"""An earlier round names its ships as it was fought, whatever the GM's tables say later
(FC-I4, FC-I17, SP-I9), read through Discord.

Fleet combat names a class by its key (the FC glossary's word for the default classes, the
GM's own word for a class they added): a class cannot be renamed, only removed and another
added. A space pirates battle names a pirate side's ships by pirate type, from SP-I9's
table, which a settings file can change.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as sp
from tests.e2e.confirming import confirmed
from tests.e2e.test_fleet_combat_options import declared
from tests.e2e.test_fleet_combat_options import end_turn
from tests.e2e.test_fleet_combat_options import seated
from tests.e2e.test_space_pirates import question_of

pirates = sp.pirates
__all__ = ["pirates", "seated"]  # the fixtures

# SP-I9 as the GM changes it after the battle: raiders are fighters now.
RAIDERS_ARE_FIGHTERS = """[space_pirates.pirate_ship_table]
raider = { combat_class = "fighter", cost = 100, squads = 1 }
cruiser = { combat_class = "cruiser", cost = 200, squads = 2 }
battleship = { combat_class = "dreadnought", cost = 400, squads = 4 }
"""


async def test_sp_i9_a_pirate_battles_rounds_keep_their_raiders_after_the_table_changes(pirates):
    """FC-I17, SP-I9: Lyra's two cruisers beat one raider (a destroyer by the default
    table). Once the GM's settings file makes raiders fighters, Lyra's report still calls
    the pirates' ship a raider in its battle rounds (not "1 эсминец"), and so does the GM's
    English copy."""
    await pirates.slash("/pirates route add name:Линия goods:160 ships:2 cruiser", as_="player3")
    pirates.script_dice([1, 3])  # the d20 attacks; 1d6 3: value 150, one raider
    ended = await end_turn_pirates(pirates)
    pirates.script_dice([6] * 10 + [1] * 10)
    await pirates.click(question_of(ended, "Refuse and fight"), "Refuse and fight", as_="player3")
    before = await first_round(pirates, "player3")
    assert "Пиратский флот: 1 рейдер → Lyra, цель — крейсеры" in before, before

    imported = await confirmed(
        pirates,
        "/campaign settings import file:s.toml",
        as_="gm",
        files={"s.toml": RAIDERS_ARE_FIGHTERS.encode()},
    )
    assert imported.embed.title == "Settings imported: 1 setting changed"
    assert 'raider = { combat\\_class = "fighter"' in imported.embed.description

    after = await first_round(pirates, "player3")
    assert after == before
    assert "эсминц" not in after and "истребит" not in after, after
    english = await first_round(pirates, "gm", "Next ▶", " faction:Lyra")
    assert "The pirate fleet's 1 raider → Lyra's cruisers" in english, english
    assert "destroyer" not in english and "fighter" not in english, english


async def end_turn_pirates(table):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, "End turn 1", as_="gm")


async def first_round(table, who, next_label="Вперёд ▶", faction=""):
    """The first battle round of the turn 1 report, as `who` reads it."""
    report = await table.slash(f"/pirates report turn:1{faction}", as_=who)
    page = await table.click(report, next_label, as_=who)
    return page.embed.description


async def test_fc_i4_a_class_the_gm_removed_still_reads_as_fought_in_an_earlier_round(seated):
    """FC-I4: the GM adds corvettes (life 2), Red fights round 1 with two and one is
    wounded; the battle is closed, Red's fleet removed, and the GM goes back to the default
    table, which has no corvettes. Round 1's log still names them and counts the wound
    against a life of 2, in English and in Russian."""
    added = await seated.slash(
        "/combat stats set class:Corvette attack:2x4+ defence:5+ life:2 level:2", as_="gm"
    )
    assert "**Corvette** — level 2 · attack 2×4+ · defence 5+ · life 2" in added.embed.description
    await seated.slash("/combat fleet set point:Mecatol ships:2 corvette", as_="player1")
    await declared(seated)
    # Red's corvettes miss; Blue's destroyers hit once and the corvette's defence fails;
    # Blue's dreadnought misses.
    seated.script_dice([1, 1, 1, 1, 5, 1, 1, 1, 1, 1, 1])
    await end_turn(seated)
    fought = (await seated.slash("/combat status battle:1 round:1", as_="player2")).embed
    wound = "Volley 2 → Red's corvette: #7 +1 → 1/2"
    assert fought.field("End of round: wounds placed") == wound
    await confirmed(seated, "/combat close battle:1", as_="gm")
    await confirmed(seated, "/combat fleet remove point:Mecatol", as_="player1")
    reset = await confirmed(seated, "/combat stats reset", as_="gm")
    assert "orvette" not in reset.embed.description

    later = (await seated.slash("/combat status battle:1 round:1", as_="player2")).embed
    assert "**1. Red's 2 × corvette → Blue's destroyers**" in later.description
    assert later.field("End of round: wounds placed") == wound
    assert later.field("Still in the battle").startswith("Red: 2 × corvette (wounds: 1, 0)")
    await seated.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = (await seated.slash("/combat status battle:1 round:1", as_="player3")).embed
    assert "**2. Blue: 3 эсминца → Red, цель — corvette**" in russian.description
    assert russian.field("Конец раунда: раны нанесены") == "Залп 2 → Red, corvette: #7 +1 → 1/2"
    assert seated.faces.pending == []
