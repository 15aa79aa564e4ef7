"""`/combat fleet set` with zero ships (`0`, `0 cruiser`) for a faction with no fleet at that
point is refused privately as no fleet there, naming the faction and the point, in the
reader's language; nothing is registered or logged (FC-I4)."""

from __future__ import annotations

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


async def test_zero_ships_still_remove_a_fleet_that_is_there(campaign):
    """Where the fleet is, zero ships remove it as before: `0` as `0 cruiser` does."""
    await red_and_blue_at_mecatol(campaign)

    removed = await campaign.slash("/combat fleet set point:Mecatol ships:0", as_="player1")

    assert not removed.ephemeral, removed.text()
    assert "Red's fleet at Mecatol is no longer registered." in removed.text()
    shown = await campaign.slash("/combat fleet show point:Mecatol", as_="player1")
    assert "Red" not in shown.text() and "Blue" in shown.text()
