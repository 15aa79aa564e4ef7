"""`/combat fleet show` at a point with a battle: the battle's participants are listed under
it, and a fleet at the point that is not in the battle apart (FC-4.1, FC-I5)."""

from __future__ import annotations

from tests.e2e.play import set_up


async def blue_attacks_red_with_green_by(table):
    """Red, Blue and Green at A; Blue attacks Red (battle #1); Green stays out of it."""
    await set_up(
        table,
        [
            ("/campaign join faction:Red", "player1"),
            ("/campaign join faction:Blue", "player2"),
            ("/campaign join faction:Green", "player3"),
            ("/combat fleet set point:A ships:2 fighter, 3 transport", "player1"),
            ("/combat fleet set point:A ships:1 dreadnought", "player2"),
            ("/combat fleet set point:A ships:1 destroyer", "player3"),
            ("/combat fleet set point:B ships:1 cruiser", "player3"),
            ("/combat attack point:A targets:Red", "player2"),
        ],
    )


async def test_a_bystander_is_listed_apart_from_the_battle(campaign):
    await blue_attacks_red_with_green_by(campaign)

    shown = await campaign.slash("/combat fleet show", as_="player2")

    fields = [(f.name, f.value) for f in shown.embed.fields]
    assert fields[:3] == [
        ("A — battle #1", "Red: 2 fighters, 3 transports\nBlue: 1 dreadnought"),
        ("A — not in battle #1", "Green: 1 destroyer"),
        ("B", "Green: 1 cruiser"),
    ], fields


async def test_a_bystander_is_listed_apart_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await blue_attacks_red_with_green_by(campaign)

    shown = await campaign.slash("/combat fleet show", as_="player3")

    names = [f.name for f in shown.embed.fields]
    assert names[:2] == ["A — бой №1", "A — не участвуют в бою №1"], names
    assert shown.embed.field("A — не участвуют в бою №1").startswith("Green: 1 эсминец")
