"""Fleet combat commands typed twice, or typed when they would change nothing: the player
alone reads why, nothing is posted in the channel and the log keeps no empty entry.

Player1 plays Red, player2 Blue, player3 Green (in Russian). Faces are scripted in the order
the bot rolls them: for each volley the attack dice, then the defence dice.
"""

from __future__ import annotations

import pytest

from tests.e2e.play import newest_entry
from tests.e2e.play import red_attacks_blue
from tests.e2e.test_fleet_combat import refusal


@pytest.fixture
async def seated(campaign):
    """Red, Blue and Green joined; Red has 2 cruisers (#1, #2) and Blue 3 destroyers (#3–#5)
    at Mecatol; Red attacks Blue there (battle #1)."""
    await red_attacks_blue(campaign, green=True)
    return campaign


async def end_turn(table, turn=1):
    """The GM's /turn end, confirmed."""
    question = await table.slash("/turn end", as_="gm")
    await table.click(question, f"End turn {turn}", as_="gm")


async def logged(table, command):
    """How many entries of the log name `command`."""
    log = await table.slash("/history list", as_="gm")
    return log.text().count(command)


async def test_a_retreat_declared_twice_or_called_off_unasked_changes_nothing(seated):
    """FC-6.1: the second `/combat retreat` and a `cancel` with no retreat declared answer the
    player alone and post nothing; the one retreat declared still stands."""
    table = seated
    table.script_dice([1] * 7)  # round 1: nobody hits
    await end_turn(table)
    unasked = await table.slash("/combat retreat battle:1 cancel:True", as_="player1")
    assert refusal(unasked) == (
        "Red has declared no retreat from battle #1: there is nothing to call off (FC-6.1)."
    )
    declared = await table.slash("/combat retreat battle:1", as_="player1")
    assert not declared.ephemeral
    posted = len(table.channel_messages())

    again = await table.slash("/combat retreat battle:1", as_="player1")

    assert refusal(again) == (
        "Red already retreats in round 2 of battle #1; nothing changed. Call it off with"
        " /combat retreat cancel:true (FC-6.1)."
    )
    assert len(table.channel_messages()) == posted
    assert await logged(table, "combat retreat") == 1
    green = await table.slash("/combat retreat battle:1 cancel:True", as_="player2")
    assert "Blue" in refusal(green)
    by_gm = await table.slash("/combat retreat battle:1 faction:Red", as_="gm")
    assert refusal(by_gm).startswith("Red already retreats in round 2")
    called_off = await table.slash("/combat retreat battle:1 cancel:True", as_="player1")
    assert called_off.embed.description == "Red calls off the retreat from battle #1."


async def test_moving_a_fleet_to_the_point_it_is_at_is_refused(seated):
    """A fleet "moved" to its own point (however it is spelt) posts no empty fleet message:
    the player reads that it is already there, and the log keeps no move."""
    table = seated
    await table.slash("/combat fleet set point:Rigel ships:2 fighters", as_="player3")
    posted = len(table.channel_messages())

    same = await table.slash("/combat fleet move point:Rigel to:rigel", as_="player3")

    assert refusal(same) == "Флот фракции «Green» уже стоит в точке Rigel."
    assert len(table.channel_messages()) == posted
    assert await logged(table, "combat fleet move") == 0
    moved = await table.slash("/combat fleet move point:Rigel to:Vega", as_="player3")
    assert moved.embed.description == "Green's fleet moved from Rigel to Vega: 2 fighters."


async def test_allies_registered_again_are_refused_and_post_nothing(seated):
    """FC-I5: the GM names Blue and Green allies (after Green joins the battle), then types
    the same again: the second is refused privately, the first stands."""
    table = seated
    await table.slash("/combat fleet set point:Mecatol ships:2 destroyer", as_="player3")
    await table.slash("/combat attack point:Mecatol targets:Red", as_="player3")
    allied = await table.slash("/combat allies battle:1 factions:Blue, Green", as_="gm")
    assert allied.embed.description.startswith("Battle #1: Blue, Green fight as allies now.")
    posted = len(table.channel_messages())

    again = await table.slash("/combat allies battle:1 factions:green, Blue", as_="gm")

    assert refusal(again) == (
        "Blue, Green are already allies in battle #1; nothing changed (FC-I5)."
    )
    assert len(table.channel_messages()) == posted
    assert await logged(table, "combat allies") == 1


async def test_a_negative_ship_count_is_named_as_such(seated):
    """`-1 cruiser` is a count below zero, not an unknown class named "-1 cruiser"."""
    refused = await seated.slash(
        "/combat fleet set point:Rigel ships:-1 cruiser, 2 fighters", as_="player1"
    )

    # Discord shows the escaped "\\-" as a plain dash.
    assert refusal(refused) == "“\\-1 cruiser”: a ship count cannot be below 0."


async def test_a_class_fighting_a_battle_keeps_its_level_until_the_battle_ends(seated):
    """FC-I6, FC-I13: Blue's destroyers fight in battle #1; the GM's `level:0` (non-combat)
    would have them destroyed unrolled at the round's end as transports are. It is refused,
    the GM alone reads why, nothing is posted, and the round is fought with destroyers that
    fire and are fired at. A class no ship fights with still changes, and so may the
    destroyers' attack."""
    table = seated
    posted = len(table.channel_messages())

    refused = await table.slash("/combat stats set class:destroyer level:0", as_="gm")

    assert refusal(refused) == (
        "In battle #1 destroyers are fighting: their level cannot change until that battle is"
        " over. Their attack, defence and life can change now (FC-I6)."
    )
    assert len(table.channel_messages()) == posted
    assert await logged(table, "combat stats") == 0
    shown = await table.slash("/combat stats show", as_="gm")
    assert "**Destroyers** — level 2" in shown.text()
    assert not (await table.slash("/combat stats set class:war_sun level:0", as_="gm")).ephemeral
    attack = await table.slash("/combat stats set class:destroyer attack:1x6+", as_="gm")
    assert not attack.ephemeral, attack.text()

    await table.slash("/combat order battle:1 class:cruiser target:Blue: destroyer", as_="player1")
    table.script_dice([6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1])
    await end_turn(table)
    status = await table.slash("/combat status battle:1", as_="gm")
    said = status.embed.description
    assert "Blue's 3 destroyers → Red's cruisers" in said  # they fired (attack 1×6+)
    assert "Blue lost 2 destroyers — still fighting" in said  # the kill cap, not FC-I13


async def test_an_order_given_again_as_it_stands_is_refused_and_logs_nothing(seated):
    """FC-5.3: the same fire order sent twice (typed, or picked again on the panel) answers
    the player alone that it already stands and writes no second entry; another order for
    that class (hold fire) is recorded and logged, as is another faction's."""
    table = seated
    order = "/combat order battle:1 class:cruiser target:Blue: destroyer"
    given = await table.slash(order, as_="player1")
    assert given.embed.description.startswith("Red's fire orders for round 1 of battle #1")
    posted = len(table.channel_messages())

    again = await table.slash(order.replace("Blue", "blue"), as_="player1")

    assert refusal(again) == (
        "Red already has that fire order for round 1 of battle #1; nothing changed (FC-5.3)."
    )
    picked = await table.select(given, 0, values=["Blue — destroyers (3, level 2)"], as_="player1")
    assert refusal(picked) == refusal(again)
    assert len(table.channel_messages()) == posted
    assert await logged(table, "combat order") == 1
    by_gm = await table.slash(order + " faction:Red", as_="gm")
    assert refusal(by_gm) == refusal(again)

    # Another order for the same class is recorded and logged, in place of the first.
    await table.slash(
        "/campaign settings set setting:fleet_combat.allow_hold_fire value:true", as_="gm"
    )
    hold = await table.slash("/combat order battle:1 class:cruiser target:hold", as_="player1")
    assert hold.embed.description.splitlines() == [
        "Red's fire orders for round 1 of battle #1 are recorded.",
        "1. 2 cruisers (4 dice at 5+) → hold fire",
    ]
    assert await logged(table, "combat order") == 2
    blue = await table.slash(
        "/combat order battle:1 class:destroyer target:Red: cruiser", as_="player2"
    )
    assert blue.embed.description.startswith("Blue's fire orders for round 1")
    assert await logged(table, "combat order") == 3


async def test_a_round_the_gm_fights_shows_only_the_battle_the_gm_named(seated):
    """`/combat resolve` takes the battle only: its entry lists that option, not the round the
    bot fixed when it asked the GM to confirm (the summary names the round)."""
    table = seated
    table.script_dice([1] * 7)
    question = await table.slash("/combat resolve battle:1", as_="gm")
    await table.click(question, "Fight round 1 of battle #1", as_="gm")
    page = await table.slash("/history list", as_="player2")
    seq = newest_entry(page, "combat resolve")

    shown = await table.slash(f"/history show entry:{seq}", as_="player2")
    assert shown.field("Options") == "**battle**: 1"
    assert shown.embed.description.startswith("Battle #1 at Mecatol, round 1.")
