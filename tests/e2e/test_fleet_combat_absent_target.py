"""`/combat order` at a class the opponent does not have in the battle is refused saying so,
not blaming the class ladder: a play-test read "Your destroyers cannot fire at cruisers now:
the target may be at most 1 level higher" against a fleet with no cruiser at all (FC-5.2,
FC-5.4). Nothing is recorded."""

from __future__ import annotations

from tests.e2e.play import red_attacks_blue
from tests.e2e.play import refused_alone
from tests.e2e.play import set_up


async def test_a_class_the_opponent_lacks_is_refused_as_missing(campaign):
    """Red (2 cruisers) and Green (player3, who reads Russian; 2 cruisers) attack Blue (3
    destroyers) at Mecatol; each names a class its opponent has none of."""
    await red_attacks_blue(campaign, green=True)
    await set_up(
        campaign,
        [
            ("/combat fleet set point:Mecatol ships:2 cruiser", "player3"),
            ("/combat attack point:Mecatol targets:Blue", "player3"),
        ],
    )

    said = await refused_alone(
        campaign, "/combat order battle:1 class:cruiser target:Blue: dreadnought", "player1"
    )
    assert said == (
        "Blue has no dreadnoughts in this battle. Your cruisers may fire at: destroyers (FC-5.2)."
    ), said
    lacking = await refused_alone(
        campaign, "/combat order battle:1 class:destroyer target:Red: destroyer", "player2"
    )
    assert lacking.startswith("Red has no destroyers in this battle."), lacking
    russian = await refused_alone(
        campaign, "/бой приказ бой:1 класс:крейсер цель:Blue: дредноут", "player3"
    )
    assert russian == (
        "У фракции «Blue» в этом бою нет кораблей «дредноуты». Ваши крейсеры могут выбрать"
        " целью: эсминцы (FC-5.2)."
    ), russian

    panel = await campaign.slash("/combat orders battle:1", as_="player1")
    assert "dreadnought" not in panel.embed.description, panel.text()
