"""Every button and select of the bot goes through one control dispatcher (bot/controls.py).

Messages posted before that dispatcher carry the old custom_ids (`pc:` choices, `fc:` fleet
combat, `hp:` history pages); they stay in channels for weeks in a play-by-post game, so a
click on one after the upgrade and a restart must still work.
"""

from __future__ import annotations

from bot.standin import Table
from bot.standin.seen import SeenMessage

from .play import PIRACY_CAST
from .play import red_attacks_blue
from .play import seat_piracy

LEGACY = (("x:choice:", "pc:"), ("x:fleet_combat.", "fc:"), ("x:history.page:", "hp:"))


def as_posted_before_the_upgrade(table: Table, message: SeenMessage) -> list[str]:
    """Rewrite a stored message's custom_ids to the forms the previous version posted."""
    ids = []

    def rewrite(components: list[dict[str, object]]) -> None:
        for component in components:
            custom_id = component.get("custom_id")
            if isinstance(custom_id, str):
                for new, old in LEGACY:
                    if custom_id.startswith(new):
                        custom_id = old + custom_id[len(new) :]
                component["custom_id"] = custom_id
                ids.append(custom_id)
            children = component.get("components")
            if isinstance(children, list):
                rewrite(children)

    rewrite(message.stored.components)
    return ids


async def test_an_old_reward_button_answers_its_choice_after_the_upgrade(campaign: Table):
    table = campaign
    await seat_piracy(table, PIRACY_CAST[:2])
    table.script_dice([5, 2, 6, 5])
    question = await table.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa "
        "adjacent_squadrons:1 adjacent_place:Messina ports:2",
        as_="player1",
    )
    ids = as_posted_before_the_upgrade(table, question.message)
    assert ids and all(i.startswith("pc:") for i in ids)
    await table.restart()

    stolen = await table.click(question.message, "+1 piracy VP", as_="player1")
    assert stolen.ephemeral
    owner = table.member("player2").id
    assert stolen.embed.description == f"This question is for Habsburgs (<@{owner}>)."
    answered = await table.click(question.message, "+1 piracy VP", as_="player2")
    assert not answered.ephemeral, answered.text()
    assert "+1 piracy VP, 0 → 1." in answered.embed.field("Rewards")


async def test_an_old_give_orders_button_opens_the_panel_after_the_upgrade(campaign: Table):
    table = campaign
    battle = await red_attacks_blue(table)
    assert as_posted_before_the_upgrade(table, battle.message) == ["fc:orders:1"]
    await table.restart()

    panel = await table.click(battle.message, "Give orders", as_="player1")
    assert panel.ephemeral
    assert panel.selects, panel.text()


async def test_an_old_history_page_button_turns_the_page_after_the_upgrade(campaign: Table):
    table = campaign
    for n in range(12):
        await table.slash(f"/roll dice:1d6 reason:roll {n}", as_="player1")
    first = await table.slash("/history list", as_="player1")
    ids = as_posted_before_the_upgrade(table, first.message)
    assert [i.split(":")[0] for i in ids] == ["hp", "hp"]
    await table.restart()

    older = await table.click(first.message, "Older ▶", as_="player1")
    assert older.updated_message
    assert "`#1`" in older.embed.description
    assert "`#13`" not in older.embed.description


async def test_a_button_nobody_handles_gets_a_private_answer(campaign: Table):
    table = campaign
    listed = await table.slash("/history list", as_="player1")
    for component in listed.message.stored.components:
        for child in component.get("components", []):
            child.update(custom_id="x:no_such.control:1", disabled=False)
    refused = await table.click(listed.message, "Older ▶", as_="player1")
    assert refused.ephemeral
    assert "no longer does anything" in refused.embed.description
