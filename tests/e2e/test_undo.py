"""A GM's audited undo played through Discord (issue 17): the campaign returns to exactly
what it was before the undone command, the log keeps the entry struck through with a
compensating entry, and `/history verify` stays OK.

"Exactly" is checked on everything a command can change: ruleset states and settings, the
ruleset archive, pending choices (but the ones the undone command opened, which close as
undone), the turn and its records, factions, GMs and the turn schedule.
"""

from __future__ import annotations

import pytest

from bot.campaigns import Actor
from bot.errors import Conflict
from bot.undo import UndoService

OP_E1 = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa "
    "adjacent_squadrons:1 adjacent_place:Messina "
    "fortresses:Malta (Hospitallers), Corfu (Papacy) ports:2"
)
VP = "+1 piracy VP"


async def snapshot(table) -> dict[str, list[tuple]]:
    """Everything of campaign 1 a command can change (the undo's own question excluded)."""
    db = table.bot.service.db
    queries = {
        "state": "SELECT ruleset, schema_version, state, settings FROM ruleset_state "
        "WHERE campaign_id = 1 ORDER BY ruleset",
        "archive": "SELECT ruleset, key, seq, body FROM ruleset_archive WHERE campaign_id = 1 "
        "ORDER BY ruleset, key, seq",
        "choices": "SELECT id, ruleset, kind, owner_id, payload, status FROM pending_choices "
        "WHERE campaign_id = 1 AND kind != 'history_undo' "
        "AND id NOT IN (SELECT choice_id FROM undone_choices) ORDER BY id",
        "campaign": "SELECT turn, factions_per_player FROM campaigns WHERE id = 1",
        "turns": "SELECT number, resolved_by FROM turns WHERE campaign_id = 1 ORDER BY number",
        "factions": "SELECT id, name, user_id FROM factions WHERE campaign_id = 1 ORDER BY id",
        "gms": "SELECT kind, target_id FROM campaign_gms WHERE campaign_id = 1 ORDER BY 1, 2",
        "schedule": "SELECT * FROM turn_schedules WHERE campaign_id = 1",
    }
    return {name: [tuple(r) for r in await db.fetchall(sql)] for name, sql in queries.items()}


async def undo(table, reason="a mistake"):
    """The GM's `/history undo`, confirmed; returns the confirmation as edited."""
    question = await table.slash(f"/history undo reason:{reason}", as_="gm")
    assert not question.ephemeral, question.text()
    return await table.click(question, "Undo", as_="gm")


async def verified(table) -> str:
    reply = await table.slash("/history verify", as_="gm")
    return reply.followups[0].embed.title if reply.followups else reply.embed.title


@pytest.fixture
async def seated(campaign):
    """Ottomans (player1), Habsburgs (player2, at war), France (player3); piracy VP 3."""
    table = campaign
    for player, faction in (
        ("player1", "Ottomans"),
        ("player2", "Habsburgs"),
        ("player3", "France"),
    ):
        await table.slash(f"/campaign join faction:{faction}", as_=player)
    for power, player in (("ottoman", "player1"), ("hapsburg", "player2"), ("france", "player3")):
        await table.slash(f"/corsairs power power:{power} player:@{player}", as_="gm")
    await table.slash("/corsairs war power:hapsburg at_war:true", as_="gm")
    await table.slash("/corsairs vp value:3", as_="gm")
    return table


async def test_undo_of_a_roll_strikes_it_through_and_a_player_may_not_undo(seated):
    """Issue 17: a roll undone leaves the campaign as it was; its entry stays in the log
    struck through, with its dice; a player's undo is refused; verify stays OK."""
    table = seated
    before = await snapshot(table)
    table.script_dice([4, 2])
    rolled = await table.slash("/roll dice:2d6", as_="player1")
    assert not rolled.ephemeral
    assert (await table.bot.service.get(1)).log_count > 0
    refused = await table.slash("/history undo reason:mine", as_="player1")
    assert refused.ephemeral
    done = await undo(table, "rolled in the wrong channel")
    assert done.embed.title.startswith("↩️ #")
    assert await snapshot(table) == before
    listed = (await table.slash("/history list", as_="gm")).embed.description.splitlines()
    assert listed[0].startswith("`#") and "**history undo**" in listed[0]
    assert listed[2].startswith("~~`#") and listed[2].endswith("undone")
    assert "2 dice" in listed[2]
    assert (await verified(table)).startswith("✅ The log is intact")


async def test_undo_of_a_piracy_whose_reward_is_pending_closes_its_choice(seated):
    """Issue 17 (OP-5.3): the piracy is undone while the Habsburgs still owe a reward
    choice: the state is as before the piracy, and the reward buttons now answer that the
    command was undone."""
    table = seated
    before = await snapshot(table)
    table.script_dice([5, 2, 6, 5])
    piracy = await table.slash(OP_E1, as_="player1")
    assert VP in [b.label for b in piracy.buttons]
    assert await snapshot(table) != before
    await undo(table, "declared in the wrong zone")
    assert await snapshot(table) == before
    late = await table.click(piracy, VP, as_="player2")
    assert late.ephemeral
    assert late.embed.description == "The command that asked this was undone."
    assert (await verified(table)).startswith("✅ The log is intact")


async def test_undo_of_two_commands_in_a_row_goes_newest_first(seated):
    """Issue 17: two commands undone one after the other return the campaign to the state
    before each; an undo of the undo is refused (redo is a new command)."""
    table = seated
    first_before = await snapshot(table)
    await table.slash("/corsairs vp value:5", as_="gm")
    second_before = await snapshot(table)
    await table.slash("/corsairs vp value:7", as_="gm")
    assert await snapshot(table) != second_before
    await undo(table)
    assert await snapshot(table) == second_before
    newest = (await table.bot.service.get(1)).log_count  # the compensating entry
    with pytest.raises(Conflict) as refused:
        await UndoService(table.bot.service).undo(1, Actor(table.member("gm").id), newest, "redo")
    assert refused.value.message_key == "error.undo.of_undo"
    await undo(table)
    assert await snapshot(table) == first_before
    assert (await verified(table)).startswith("✅ The log is intact")
    status = await table.slash("/corsairs status", as_="gm")
    assert status.embed.field("Ottoman piracy VP") == "3/10"


async def test_a_fleet_turn_end_with_three_battles_is_not_undone(campaign):
    """A turn end that fought a round in three battles (FC-I7: automatic targets) revealed
    turn 1's dice seed (provably fair dice): reopening turn 1 would let anyone predict its
    dice, so the undo is refused before anything changes, and verify stays OK."""
    table = campaign
    for player, faction in (("player1", "Red"), ("player2", "Blue"), ("player3", "Green")):
        await table.slash(f"/campaign join faction:{faction}", as_=player)
    for player, point in (
        ("player1", "Alpha"),
        ("player2", "Alpha"),
        ("player1", "Beta"),
        ("player3", "Beta"),
        ("player2", "Gamma"),
        ("player3", "Gamma"),
    ):
        fleet = await table.slash(f"/combat fleet set point:{point} ships:2 cruiser", as_=player)
        assert not fleet.ephemeral, fleet.text()
    for player, point, target in (
        ("player1", "Alpha", "Blue"),
        ("player1", "Beta", "Green"),
        ("player2", "Gamma", "Green"),
    ):
        attack = await table.slash(f"/combat attack point:{point} targets:{target}", as_=player)
        assert not attack.ephemeral, attack.text()
    question = await table.slash("/turn end", as_="gm")
    ended = await table.click(question, "End turn 1", as_="gm")
    assert ended.followups
    after = await snapshot(table)
    assert after["campaign"] == [(2, 1)]
    assert {key for _, key, _, _ in after["archive"]} == {"battle/1", "battle/2", "battle/3"}
    refused = await table.slash("/history undo reason:ended a day early", as_="gm")
    assert refused.ephemeral
    assert "cannot be undone" in refused.embed.description
    assert "reveals that turn's dice seed" in refused.embed.description
    assert await snapshot(table) == after
    assert (await verified(table)).startswith("✅ The log is intact")


async def test_campaign_creation_cannot_be_undone(campaign):
    """Issue 17: the newest entry is the campaign's creation: nothing before it, nothing to
    revert; the GM is told so and nothing changes."""
    before = await snapshot(campaign)
    refused = await campaign.slash("/history undo reason:start over", as_="gm")
    assert refused.ephemeral
    assert refused.embed.description == (
        "Entry #1 (campaign create) cannot be undone, so nothing before it can be either."
    )
    assert await snapshot(campaign) == before


async def test_undo_of_a_deadline_restores_the_schedule(campaign):
    """Issue 17: setting a deadline is a command like any other: undone, the turn has no
    deadline again and `/turn status` says nothing of one."""
    table = campaign
    before = await snapshot(table)
    await table.slash("/turn deadline set when:48h", as_="gm")
    assert await snapshot(table) != before
    await undo(table, "wrong turn")
    assert await snapshot(table) == before
    status = await table.slash("/turn status", as_="gm")
    assert status.embed.description is None


async def test_verify_catches_an_undo_mark_edited_by_hand(seated):
    """Issue 17: the undo marks live beside the chain, but the compensating entries name
    what they undid: a mark removed by hand is reported by `/history verify`."""
    table = seated
    await table.slash("/corsairs vp value:5", as_="gm")
    await undo(table)
    assert (await verified(table)).startswith("✅ The log is intact")
    async with table.bot.service.db.transaction() as conn:
        await conn.execute("DELETE FROM undone_actions")
    assert await verified(table) == "❌ The log has been tampered with"
