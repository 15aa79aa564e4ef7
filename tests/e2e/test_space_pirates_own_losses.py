"""The raided player's own ships lost in a route battle, as the public summary tells them.

A play-test found that a player whose guard died defending a route read only "Lane raided:
100 income lost" in the channel: the destroyer was gone (SP-3.1, SP-I12) and only the
private report said so, while a co-owner's losses in the same line were named (SP-I43).

Player1 plays Vega. Faces are scripted in the order the engine rolls them: the raid d20,
the strength die, then the battle (Vega's destroyer, then the raiders, then the defence).
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.test_space_pirates import guarded_route_raided

pirates = base.pirates

# d20 1 (attack), 1d6 6: value 300, three raiders (`guarded_route_raided`); refused: the
# destroyer misses (1), the raiders hit 6, 6, 6 and the destroyer's defence rolls 1, 1, 1
# (destroyed).
BATTLE = [1, 6, 6, 6, 1, 1, 1]


async def lost_the_guard(pirates, label="End turn", answer="Refuse and fight"):
    route = "name:Lane goods:100 ships:destroyer"
    return await guarded_route_raided(pirates, route, "player1", BATTLE, label, answer)


async def test_the_summary_names_the_guard_the_raided_player_lost(pirates):
    """SP-3.1: the pirates win the battle on Vega's route; the channel's line says the
    income and the destroyer are lost, and the history's summary says it too."""
    fought = await lost_the_guard(pirates)

    told = flat(fought.embed.description)
    assert "Vega: Lane raided: 100 income lost, streak 1 (1 destroyer lost)" in told, told
    routes = await pirates.slash("/pirates routes", as_="player1")
    assert "no ships" in routes.embed.description
    log = await pirates.slash("/history list", as_="player2")
    assert "(1 destroyer lost)" in flat(log.embed.description)


async def test_the_russian_summary_names_the_lost_guard(pirates):
    """The same loss in a campaign that posts in Russian."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    fought = await lost_the_guard(pirates, "Завершить ход", "Отказаться и сражаться")

    told = flat(fought.embed.description)
    assert "(потери: 1 эсминец)" in told, told
