"""`/combat order` with a target that names the opponent but no class of theirs (`target:Blue`)
is refused saying what is missing and how to write it, with the classes the group may
shoot there, in the reader's language; nothing is recorded."""

from __future__ import annotations

from tests.e2e.play import red_and_blue_at_mecatol
from tests.e2e.play import refused_alone
from tests.e2e.play import set_up


async def test_a_target_without_its_class_says_to_write_the_class_after_the_faction(campaign):
    """Green (player3, who reads Russian) attacks Blue at Mecatol: each names the other
    alone as the target of their group."""
    await red_and_blue_at_mecatol(campaign, green=True)
    await set_up(
        campaign,
        [
            ("/combat fleet set point:Mecatol ships:2 cruiser", "player3"),
            ("/combat attack point:Mecatol targets:Blue", "player3"),
        ],
    )

    for typed in ("Green", "Green:", "green :"):
        said = await refused_alone(
            campaign, f"/combat order battle:1 class:destroyer target:{typed}", "player2"
        )
        assert said == (
            "“Green” says whom to fire at, not at which of their ships: write the class after"
            " the faction, e.g. “Green: cruiser”. Classes: cruisers."
        ), said
    russian = await refused_alone(campaign, "/бой приказ бой:1 класс:крейсер цель:Blue", "player3")
    assert russian == (
        "«Blue» — это противник, но не класс его кораблей: укажите класс после фракции,"
        " например «Blue: эсминец». Классы: эсминцы."
    ), russian

    panel = await campaign.slash("/combat orders battle:1", as_="player2")
    assert "Green" not in panel.embed.description, panel.text()  # no order was recorded
