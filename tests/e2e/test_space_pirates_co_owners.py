"""SP-I43 through Discord, as a newcomer's play-test met it: a co-owner whose ships die
defending a shared route in the other owner's raid reads it in the answer's summary (with
a report button of its own), in its own `/pirates report`, with the battle's rounds, and in
its `/pirates status`.

Player1 plays Vega, player2 Orion. Faces are scripted in the order the engine rolls them.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.test_space_pirates import guarded_route_raided

pirates = base.pirates

# Vega's raid (three raiders, `guarded_route_raided`), refused: Orion's cruiser rolls 1, 1,
# the raiders 6, 6, 6 and the cruiser's defence 1, 1, 1 (destroyed). Orion's own roll: 20.
BATTLE = [1, 1, 6, 6, 6, 1, 1, 1, 20]


async def orions_cruiser_lost_in_vegas_raid(pirates):
    """Orion's cruiser guards Vega and Orion's route Shared; the pirates raid it through Vega,
    who refuses the buy-off, and win. The refusal's answer."""
    route = "name:Shared goods:100 owners:Vega:60, Orion:40 ships:cruiser@Orion faction:Vega"
    return await guarded_route_raided(pirates, route, "gm", BATTLE)


async def test_a_co_owner_reads_the_cruiser_it_lost_in_the_other_owners_raid(pirates):
    """SP-I43: Orion's cruiser guards Vega and Orion's route; the pirates raid it through
    Vega and win. The answer's summary says Orion lost it and offers Orion's report; Orion's
    own report and status tell the loss, and its report pages the battle."""
    fought = await orions_cruiser_lost_in_vegas_raid(pirates)

    told = flat(fought.embed.description)
    assert "Vega: Shared raided: 60 income lost, streak 1 (Orion lost 1 cruiser)" in told, told
    assert "Report: Orion" in [b.label for b in fought.buttons]

    report = await pirates.slash("/pirates report turn:1", as_="player2")
    assert report.ephemeral
    shown = flat(report.embed.description)
    assert (
        "Orion's ships defended Shared when the pirates attacked Vega (route raid; "
        "resolution of turn 1, attack 1): the pirates won the battle"
    ) in shown, shown
    assert "Losses of Orion: 1 cruiser" in shown
    page = await pirates.click(report, "Next ▶", as_="player2")
    assert "Attack 1 on Vega: battle round 1 of 1" in flat(page.embed.description)

    status = await pirates.slash("/pirates status", as_="player2")
    assert (
        "In the resolution of turn 1 you lost 1 cruiser defending Shared when the pirates "
        "attacked Vega (/pirates report turn:1)"
    ) in flat(status.embed.description)


async def test_the_battle_pages_name_the_co_owner_whose_cruiser_fought(pirates):
    """SP-I43: in Vega's own report the battle page credits the cruiser and its loss to
    Orion, who registered it, as the summary does, not to Vega."""
    await orions_cruiser_lost_in_vegas_raid(pirates)

    report = await pirates.slash("/pirates report turn:1", as_="player1")
    assert "Losses of Orion: 1 cruiser" in flat(report.embed.description)
    page = flat((await pirates.click(report, "Next ▶", as_="player1")).embed.description)

    assert "Orion's 1 cruiser → the pirate fleet's raiders" in page, page
    assert "→ Orion's cruiser:" in page and "Losses of Orion: 1 cruiser" in page, page
    assert "Vega's" not in page and "Losses of Vega" not in page, page
