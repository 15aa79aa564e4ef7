"""One board point, however it is typed (FC-4.1): `Port Royal` is the point `Port-Royal`,
`Орел` the point `Орёл`, for the fleets, the battles, the fleet list and `/combat odds` alike.

A GM who declares a battle at `Port Royal` means the `Port-Royal` on the board, and a fleet
saved at either spelling (a campaign saved before the spellings were read as one point) fights
in the battle declared at the other. Player1 plays Red, player2 Blue.
"""

from __future__ import annotations

from typing import Any

from bot.standin import Table
from tests.e2e.play import saved_state
from tests.e2e.play import set_up


async def saved_at(table: Table, faction: str, point: str) -> None:
    """`faction`'s fleet as the campaign had it saved: at `point`, in another spelling of the
    point where the other fleets are."""

    def moved(state: dict[str, Any]) -> None:
        for fleet in state["fleets"]:
            if fleet["faction"] == faction:
                fleet["point"] = point

    await saved_state(table, "fleet_combat", moved)


async def seated(table: Table, red_at: str, other: str, other_saved_at: str) -> None:
    """Red (player1) has 2 cruisers at `red_at`; the 3 destroyers of `other` (Blue, player2,
    or Green, player3, who reads Russian) are saved at `other_saved_at`."""
    player = {"Blue": "player2", "Green": "player3"}[other]
    await set_up(
        table,
        [
            ("/campaign join faction:Red", "player1"),
            (f"/campaign join faction:{other}", player),
            (f"/combat fleet set point:{red_at} ships:2 cruiser", "player1"),
            ("/combat fleet set point:Tortuga ships:3 destroyer", player),
        ],
    )
    await saved_at(table, other, other_saved_at)


async def test_a_fleet_saved_at_another_spelling_fights_in_the_battle_declared_there(campaign):
    """Red is at `Port-Royal`, Blue saved at `Port Royal`: the fleet list shows one point with
    both fleets, `/combat odds` finds Blue's fleet at either spelling, and the GM's battle
    declared at `Port Royal` is fought by both fleets at `Port-Royal`."""
    table = campaign
    await seated(table, "Port-Royal", "Blue", "Port Royal")

    listed = await table.slash("/combat fleet show", as_="player1")
    assert [f.name for f in listed.embed.fields] == ["Port-Royal"]
    both = ["Red: 2 cruisers", "Blue: 3 destroyers"]
    assert listed.embed.field("Port-Royal").splitlines() == both
    for typed in ("Port Royal", "port-royal", "PORT_ROYAL"):
        at_point = await table.slash(f"/combat fleet show point:{typed}", as_="player2")
        assert at_point.embed.field("Port-Royal").splitlines() == both, typed
        odds = await table.slash(
            f"/combat odds a_faction:Blue b_faction:Red point:{typed}", as_="player2"
        )
        assert odds.embed.title == "Odds: Blue (fires first) against Red", (typed, odds.text())
        assert odds.embed.field("Blue") == "3 destroyers"

    battle = await table.slash("/combat attack point:Port Royal targets:Blue faction:Red", as_="gm")
    assert not battle.ephemeral, battle.text()
    assert battle.embed.title == "Battle #1 at Port-Royal"
    assert battle.embed.field("Blue").startswith("3 destroyers")
    shown = await table.slash("/combat fleet show", as_="player2")
    assert shown.embed.field("Port-Royal — battle #1").splitlines() == both
    question = await table.slash("/combat resolve battle:1", as_="gm")
    # Red's 4 dice at 5+: two hits on Blue's destroyers, both wound; Blue's 3 at 5+: none.
    table.script_dice([5, 6, 1, 2, 3, 4, 1, 1, 1])
    report = await table.click(question, "Fight round 1 of battle #1", as_="gm")
    embeds = report.message.all_embeds
    told = [e.description or "" for e in embeds] + [f.value for e in embeds for f in e.fields]
    assert "Blue loses 2 destroyers." in told
    after = await table.slash("/combat fleet show point:Port Royal", as_="player2")
    assert after.embed.field("Port-Royal — battle #1").splitlines() == [
        "Red: 2 cruisers",
        "Blue: 1 destroyer",
    ]


async def test_fleets_set_at_two_spellings_meet_where_the_first_was_set(campaign):
    """Typed by the players themselves: Blue's fleet set at `port royal` is at Red's
    `Port-Royal`, and Blue's attack declared at `PORT_ROYAL` is the battle there."""
    table = campaign
    await set_up(
        table,
        [
            ("/campaign join faction:Red", "player1"),
            ("/campaign join faction:Blue", "player2"),
            ("/combat fleet set point:Port-Royal ships:2 cruiser", "player1"),
            ("/combat fleet set point:port royal ships:3 destroyer", "player2", "Port-Royal"),
        ],
    )
    battle = await table.slash("/combat attack point:PORT_ROYAL targets:Red", as_="player2")
    assert battle.embed.title == "Battle #1 at Port-Royal", battle.text()
    assert battle.embed.field("Red").startswith("2 cruisers")
    assert battle.embed.field("Blue").startswith("3 destroyers")


async def test_a_russian_campaign_reads_yo_and_ye_as_one_point(campaign):
    """The same in Russian: Red at `Орёл`, Green saved at `орел`; Green's player, who reads
    Russian, opens the battle with `/бой атака точка:Орел`: it is at `Орёл` and both fleets
    are in it; the list and the odds agree."""
    table = campaign
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await seated(table, "Орёл", "Green", "орел")

    listed = await table.slash("/бой флот показать", as_="player3")
    assert [f.name for f in listed.embed.fields] == ["Орёл"]
    assert listed.embed.field("Орёл").splitlines() == ["Red: 2 крейсера", "Green: 3 эсминца"]
    for typed in ("Орел", "ОРЁЛ"):
        at_point = await table.slash(f"/бой флот показать точка:{typed}", as_="player3")
        assert at_point.embed.field("Орёл").splitlines() == [
            "Red: 2 крейсера",
            "Green: 3 эсминца",
        ], typed
        odds = await table.slash(
            f"/бой шансы фракция_а:Green фракция_б:Red точка:{typed}", as_="player3"
        )
        assert odds.embed.title.startswith("Шансы: Green"), (typed, odds.text())
        assert odds.embed.field("Green") == "3 эсминца"

    battle = await table.slash("/бой атака точка:Орел цели:Red", as_="player3")
    assert not battle.ephemeral, battle.text()
    assert battle.embed.title == "Бой №1 в точке Орёл"
    assert battle.embed.field("Red").startswith("2 крейсера")
    assert battle.embed.field("Green").startswith("3 эсминца")
