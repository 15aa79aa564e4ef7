"""A fleet of transports alone loses them when attacked (FC-5.9, FC-I13: its side has no
combat ship). The round's report says so, not that they went down "with their side's last
combat ship", which that side never had."""

from __future__ import annotations

from tests.e2e.play import flat
from tests.e2e.play import set_up


async def red_attacks_greens_transports(table, label="End turn 1"):
    """Red (1 fighter) attacks Green (3 transports) at C; the turn ends (no die is rolled:
    Red's fighter has nothing it may shoot at, FC-5.8)."""
    await set_up(
        table,
        [
            ("/campaign join faction:Red", "player1"),
            ("/campaign join faction:Green", "player3"),
            ("/combat fleet set point:C ships:1 fighter", "player1"),
            ("/combat fleet set point:C ships:3 transport", "player3"),
            ("/combat attack point:C targets:Green", "player1"),
        ],
    )
    question = await table.slash("/turn end", as_="gm")
    await table.click(question, label, as_="gm")
    return await table.slash("/combat status battle:1", as_="player1")


async def test_transports_without_a_combat_ship_on_their_side(campaign):
    status = await red_attacks_greens_transports(campaign)

    report = flat(status.text())
    assert "Transports of Green are destroyed: their side has no combat ships." in (report), report
    assert "last combat ship" not in report


async def test_transports_without_a_combat_ship_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    status = await red_attacks_greens_transports(campaign, "Завершить ход 1")

    report = flat(status.text())
    assert "Транспорты гибнут, потому что у их стороны нет боевых кораблей: Green." in report, (
        report
    )
    assert "последним" not in report


async def test_transports_lost_with_the_last_combat_ship_keep_their_line(campaign):
    """Green had a destroyer, which Red's dreadnought sinks: its transports go down with it."""
    await set_up(
        campaign,
        [
            ("/campaign join faction:Red", "player1"),
            ("/campaign join faction:Green", "player3"),
            ("/combat fleet set point:C ships:1 dreadnought", "player1"),
            ("/combat fleet set point:C ships:1 destroyer, 2 transport", "player3"),
            ("/combat attack point:C targets:Green", "player1"),
        ],
    )
    campaign.script_dice([6, 6, 6, 1, 1, 1, 1])  # Red hits 3 times; Green's blocks fail
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "End turn 1", as_="gm")

    report = flat((await campaign.slash("/combat status battle:1", as_="player1")).text())
    assert "Transports of Green are destroyed with their side's last combat ship." in (report), (
        report
    )
