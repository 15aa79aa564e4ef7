"""Fire-order panels drawn for a round that is no longer the coming one (FC-5.3: a target is
chosen before that round's dice). A panel is private and may stay open for days in a
play-by-post game: a pick on one after its round was fought, undone, or the battle ended, or
after its owner declared a retreat, records nothing and says so, with the coming round's
panel in its place. Panels posted before they carried their round still take picks.

Red (player1, 2 cruisers) attacks Blue (player2, 3 destroyers) at Mecatol: battle #1.
"""

from __future__ import annotations

from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.play import red_attacks_blue

CRUISERS = "2 cruisers fire at…"
AT_DESTROYERS = "Blue — destroyers (3, level 2)"
NO_ORDERS = "No fire orders yet: automatic targets"


async def fight_round(table: Table, number: int) -> None:
    """The GM fights round `number` of battle #1 at once; nobody hits."""
    asked = await table.slash("/combat resolve battle:1", as_="gm")
    table.script_dice([1] * 7)  # Red's 4 attack dice, Blue's 3: all miss
    fought = await table.click(asked, f"Fight round {number} of battle #1", as_="gm")
    assert f"round {number}" in fought.embed.title, fought.text()


async def red_orders(table: Table) -> str:
    """Red's line in the battle's status: orders given or not."""
    status = await table.slash("/combat status battle:1", as_="player1")
    return status.message.field("Red")  # the status embed, after any round report


async def test_a_pick_on_the_panel_of_a_round_already_fought_records_nothing(campaign):
    """The play-test: Red opens the round 1 panel, the GM fights round 1, Red picks from
    the old menu. The pick is not taken as a round 2 order: Red is told privately, on the
    panel, that round 1 was fought, and sees the round 2 panel, which does take picks."""
    table = campaign
    battle = await red_attacks_blue(table)
    panel = await table.slash("/combat orders battle:1", as_="player1")
    assert panel.embed.title == "Fire orders — battle #1, round 1 (Red)"
    await fight_round(table, 1)

    stale = await table.select(panel, CRUISERS, values=[AT_DESTROYERS], as_="player1")

    assert stale.ephemeral and stale.updated_message
    assert stale.embed.title == "Fire orders — battle #1, round 2 (Red)"
    assert stale.embed.description.splitlines() == [
        "Your pick was not recorded.",
        "Round 1 of battle #1 was fought after this menu was opened."
        " Here are the orders for round 2.",
        "1. 2 cruisers (4 dice at 5+) → automatic target",
    ]
    assert (await red_orders(table)).endswith(NO_ORDERS)
    fresh = await table.select(stale, CRUISERS, values=[AT_DESTROYERS], as_="player1")
    assert fresh.embed.title == "Fire orders — battle #1, round 2 (Red)"
    assert fresh.embed.description == "1. 2 cruisers (4 dice at 5+) → Blue's destroyers"
    assert (await red_orders(table)).endswith("Fire orders given ✓")
    # The battle message posted at the attack opens the coming round's panel.
    again = await table.click(battle, "Give orders", as_="player1")
    assert again.embed.title == "Fire orders — battle #1, round 2 (Red)"


async def test_a_pick_after_the_round_was_undone_records_nothing(campaign):
    """Red opens the round 2 panel; the GM undoes round 1: the panel's pick is refused and
    the round 1 panel shown instead."""
    table = campaign
    await red_attacks_blue(table)
    await fight_round(table, 1)
    panel = await table.slash("/combat orders battle:1", as_="player1")
    assert panel.embed.title == "Fire orders — battle #1, round 2 (Red)"
    asked = await table.slash("/history undo reason:fought too early", as_="gm")
    undone = await table.click(asked, "Undo", as_="gm")
    assert undone.embed.title.endswith(" undone"), undone.text()

    stale = await table.select(panel, CRUISERS, values=[AT_DESTROYERS], as_="player1")

    assert stale.embed.title == "Fire orders — battle #1, round 1 (Red)"
    assert stale.embed.description.splitlines()[:2] == [
        "Your pick was not recorded.",
        "This menu was for round 2 of battle #1, but a round has been undone since."
        " Here are the orders for round 1.",
    ]
    assert (await red_orders(table)).endswith(NO_ORDERS)


async def test_a_pick_after_declaring_a_retreat_records_nothing(campaign):
    """FC-6.2: a retreating side fires nothing that round. A panel opened before the
    retreat is redrawn as the retreat's, its menus gone."""
    table = campaign
    await red_attacks_blue(table)
    await fight_round(table, 1)
    panel = await table.slash("/combat orders battle:1", as_="player1")
    retreat = await table.slash("/combat retreat battle:1", as_="player1")
    assert not retreat.ephemeral, retreat.text()

    stale = await table.select(panel, CRUISERS, values=[AT_DESTROYERS], as_="player1")

    assert stale.embed.description.splitlines()[:2] == [
        "Your pick was not recorded.",
        "You declared a retreat from battle #1 for round 2 after this menu was opened.",
    ]
    assert "You retreat this round" in stale.embed.description
    assert stale.selects == []
    assert "FC-6.2" in stale.embed.footer


async def test_a_pick_or_give_orders_after_the_battle_ended_is_refused(campaign):
    """FC-I16: once the GM closes the battle, the old panel's pick says it is over and
    leaves no menus; the battle message's old "Give orders" is refused privately."""
    table = campaign
    battle = await red_attacks_blue(table)
    panel = await table.slash("/combat orders battle:1", as_="player1")
    closed = await confirmed(table, "/combat close battle:1", as_="gm")
    assert not closed.ephemeral, closed.text()

    stale = await table.select(panel, CRUISERS, values=[AT_DESTROYERS], as_="player1")

    assert stale.ephemeral
    assert stale.embed.title == "Battle #1 is already over."
    assert stale.selects == []
    late = await table.click(battle, "Give orders", as_="player1")
    assert late.ephemeral
    assert late.embed.description == "Battle #1 is already over (FC-I16)."


async def test_an_old_page_button_shows_the_coming_rounds_panel(campaign):
    """Six classes take two pages of menus; a page button of the round 1 panel, clicked
    after round 1, shows round 2's panel and says why."""
    table = campaign
    await red_attacks_blue(table)
    await table.slash(
        "/combat fleet set point:Vega ships:fighter, destroyer, cruiser, carrier, dn, war sun",
        as_="player1",
    )
    await table.slash("/combat fleet set point:Vega ships:2 destroyer", as_="player2")
    await table.slash("/combat attack point:Vega targets:Blue", as_="player1")  # battle #2
    panel = await table.slash("/combat orders battle:2", as_="player1")
    asked = await table.slash("/combat resolve battle:2", as_="gm")
    table.script_dice([1] * 14)  # Red's 12 attack dice, Blue's 2: all miss
    await table.click(asked, "Fight round 1 of battle #2", as_="gm")

    second = await table.click(panel, "Classes 2/2", as_="player1")

    assert second.embed.title == "Fire orders — battle #2, round 2 (Red)"
    assert second.embed.description.splitlines()[0] == (
        "Round 1 of battle #2 was fought after this menu was opened."
        " Here are the orders for round 2."
    )
    assert [b.label for b in second.buttons] == ["Classes 1/2", "Classes 2/2"]


async def test_a_panel_posted_before_panels_carried_their_round_still_takes_a_pick(
    campaign,
):
    """A panel drawn by the earlier release (its menus' custom_ids without the round),
    after a restart: the pick counts for the coming round and the panel says which."""
    table = campaign
    await red_attacks_blue(table)
    panel = await table.slash("/combat orders battle:1", as_="player1")
    for row in panel.message.stored.components:
        for control in row.get("components", []):
            assert control["custom_id"].endswith(":1")  # drawn for round 1
            control["custom_id"] = control["custom_id"].rsplit(":", 1)[0]
    await table.restart()

    picked = await table.select(panel, CRUISERS, values=[AT_DESTROYERS], as_="player1")

    assert picked.embed.description.splitlines() == [
        "Red's fire orders for round 1 of battle #1 are recorded.",
        "1. 2 cruisers (4 dice at 5+) → Blue's destroyers",
    ]
    assert (await red_orders(table)).endswith("Fire orders given ✓")
