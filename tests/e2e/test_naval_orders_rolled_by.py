"""`/history stats` after a naval orders turn's end (NO-6.2, NO-I13): the raid's d3 the
GM's `/turn end` rolls counts for the player whose squadron raids, not for the GM.

Player1 plays Britain, player2 France, player3 Russia.
"""

from __future__ import annotations

from .test_naval_orders import REGISTER_WS
from .test_naval_orders import WS
from .test_naval_orders import end_turn
from .test_naval_orders import form
from .test_naval_orders import give
from .test_naval_orders import navy  # noqa: F401 (the fixture)


async def test_history_stats_credits_a_raids_duration_die_to_the_squadrons_player(navy):  # noqa: F811
    """The Western Squadron reaches its raid zone at the end of turn 2: its d3 (2) is
    Britain's, so the stats show Britain's player with one die and the GM with none."""
    await navy.slash(REGISTER_WS, as_="player1")
    await give(navy, WS, "raid", form(point="Ushant", location="5", turns="1"))
    await end_turn(navy, 1)
    await navy.slash(f"/navy position unit:{WS} location:5", as_="player1")
    navy.script_dice([2])
    assert "1 ordered + d3 (2) = 3 turns" in await end_turn(navy, 2)

    stats = await navy.slash("/history stats", as_="player2")

    britain = navy.member("player1").id
    fields = {f.name: f.value.splitlines()[:2] for f in stats.embed.fields}
    assert fields == {"Player One": [f"<@{britain}> · **Britain**", "1 die rolled"]}
