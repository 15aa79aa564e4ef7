"""`/combat fleet set` with zero ships (`0`, `0 cruiser`) for a faction with no fleet at that
point is refused privately as no fleet there, naming the faction and the point, in the
reader's language; nothing is registered or logged (FC-I4). Where the fleet is, zero
ships remove it: that is asked first, as `/combat fleet remove` is."""

from __future__ import annotations

from tests.e2e.confirming import clicked_by
from tests.e2e.confirming import pressed
from tests.e2e.play import red_and_blue_at_mecatol
from tests.e2e.play import refused_alone


async def test_zero_ships_where_the_faction_has_no_fleet_is_refused(campaign):
    """Red has 2 cruisers at Mecatol and nothing at Vega; Green (player3, who reads Russian)
    has no fleet at all."""
    await red_and_blue_at_mecatol(campaign, green=True)
    before = (await campaign.slash("/combat fleet show", as_="gm")).text()

    for ships in ("0", "0 cruiser", "cruiser x0", "0 cruisers, 0 destroyers"):
        said = await refused_alone(
            campaign, f"/combat fleet set point:Vega ships:{ships}", "player1"
        )
        assert said == "Red has no fleet at Vega. Its fleets are at: Mecatol.", (ships, said)
    as_gm = await refused_alone(campaign, "/combat fleet set point:Vega ships:0 faction:Blue", "gm")
    assert as_gm == "Blue has no fleet at Vega. Its fleets are at: Mecatol.", as_gm
    russian = await refused_alone(
        campaign, "/бой флот изменить точка:Вега корабли:0 крейсеров", "player3"
    )
    assert russian == (
        "У фракции «Green» нет флота в точке Вега: у неё вообще нет зарегистрированных флотов."
    ), russian

    assert (await campaign.slash("/combat fleet show", as_="gm")).text() == before
    log = (await campaign.slash("/history list", as_="gm")).text()
    assert "combat fleet set" in log and "Vega" not in log and "Вега" not in log, log


async def fleets_at_mecatol(table) -> str:
    return (await table.slash("/combat fleet show point:Mecatol", as_="gm")).text()


async def set_entries(table) -> int:
    """How many `/combat fleet set` the log holds."""
    return (await table.slash("/history list", as_="gm")).text().count("combat fleet set")


async def test_zero_ships_where_the_fleet_is_ask_before_removing_it(campaign):
    """Where the fleet is, zero ships remove it, so Red's player is asked first, privately,
    with the fleet's ships; nothing changes until Remove. Only the asker answers; Cancel
    keeps the fleet; asked again, Remove removes it, logged as the set it is; a second
    click is told the question is answered."""
    await red_and_blue_at_mecatol(campaign)
    logged = await set_entries(campaign)

    asked = await campaign.slash("/combat fleet set point:Mecatol ships:0", as_="player1")

    assert asked.ephemeral
    assert asked.embed.title == "Remove the fleet of Red at Mecatol: 2 cruisers?"
    assert asked.embed.description.splitlines() == [
        "Zero ships take the fleet off the register. To change the fleet instead, list the"
        " ships it keeps.",
        "Only a GM's /history undo can take it back.",
    ]
    assert [b.label for b in asked.buttons] == ["Remove", "Cancel"]
    assert "Red: 2 cruisers" in await fleets_at_mecatol(campaign)
    other = await clicked_by(campaign, asked, "Remove", as_="player2")
    assert other.ephemeral
    assert other.embed.description == (
        f"This question is for Red (<@{campaign.member('player1').id}>)."
    )
    cancelled = await campaign.click(asked, "Cancel", as_="player1")
    assert cancelled.embed.title == "Cancelled: nothing was removed"
    assert "Red: 2 cruisers" in await fleets_at_mecatol(campaign)
    assert await set_entries(campaign) == logged

    again = await campaign.slash("/combat fleet set point:Mecatol ships:0", as_="player1")
    removed = await pressed(campaign, again, as_="player1")

    assert not removed.ephemeral, removed.text()
    assert "Red's fleet at Mecatol is no longer registered." in removed.text()
    shown = await fleets_at_mecatol(campaign)
    assert "Red" not in shown and "Blue: 3 destroyers" in shown
    assert await set_entries(campaign) == logged + 1
    twice = await clicked_by(campaign, again, "Remove", as_="player1")
    assert twice.ephemeral and "already been answered" in twice.text(), twice.text()
    assert await set_entries(campaign) == logged + 1


async def test_a_fleet_changed_after_the_question_is_not_removed(campaign):
    """A GM's `0 cruiser` for Blue, whose fleet is 3 destroyers, is asked too (zero ships
    in all); Blue's player then registers a dreadnought there: the GM's Remove is refused
    on the question, saying it changed, and the dreadnought stays."""
    await red_and_blue_at_mecatol(campaign)
    asked = await campaign.slash(
        "/combat fleet set point:Mecatol ships:0 cruiser faction:Blue", as_="gm"
    )
    assert asked.embed.title == "Remove the fleet of Blue at Mecatol: 3 destroyers?"
    changed = await campaign.slash(
        "/combat fleet set point:Mecatol ships:1 dreadnought", as_="player2"
    )
    assert not changed.ephemeral, changed.text()
    logged = await set_entries(campaign)

    late = await campaign.click(asked, "Remove", as_="gm")

    assert late.embed.title == "Nothing was removed"
    assert "changed since you were asked" in late.embed.description
    assert late.followups == []
    assert "Blue: 1 dreadnought" in await fleets_at_mecatol(campaign)
    assert await set_entries(campaign) == logged


async def test_the_question_in_russian(campaign):
    """Green's player reads Russian: the question and its line are in Russian."""
    await red_and_blue_at_mecatol(campaign, green=True)
    await campaign.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player3")

    asked = await campaign.slash("/бой флот изменить точка:Mecatol корабли:0", as_="player3")

    assert asked.embed.title == "Удалить флот фракции «Green» в точке Mecatol: 2 крейсера?"
    assert asked.embed.description.splitlines()[0] == (
        "Ноль кораблей снимает флот с учёта. Чтобы изменить флот, перечислите корабли, которые"
        " в нём остаются."
    )
    assert [b.label for b in asked.buttons][1] == "Отмена"


async def test_a_fleet_removed_after_the_question_is_not_removed_twice(campaign):
    """Red's player is asked about `ships:0`, then removes the fleet with `/combat fleet
    remove`: the first question's Remove is refused on the question, naming the fleet as
    gone, and nothing more is logged."""
    await red_and_blue_at_mecatol(campaign)
    asked = await campaign.slash("/combat fleet set point:Mecatol ships:0", as_="player1")
    gone = await pressed(
        campaign,
        await campaign.slash("/combat fleet remove point:Mecatol", as_="player1"),
        as_="player1",
    )
    assert "Red's fleet at Mecatol is no longer registered." in gone.text()
    logged = await set_entries(campaign)

    late = await campaign.click(asked, "Remove", as_="player1")

    assert late.embed.title == "Nothing was removed"
    assert "Red has no fleet at Mecatol" in late.embed.description, late.embed.description
    assert late.followups == []
    assert await set_entries(campaign) == logged
