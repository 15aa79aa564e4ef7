"""A GM's audited undo played through Discord (issue 17): the campaign returns to exactly
what it was before the undone command, the log keeps the entry struck through with a
compensating entry, and `/history verify` stays OK.

"Exactly" is checked on everything a command can change: ruleset states and settings, the
ruleset archive, pending choices (but the ones the undone command opened, which close as
undone), the turn and its records, factions, GMs and the turn schedule.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.campaigns import Actor
from bot.errors import Conflict
from bot.fair_dice import derive_faces
from bot.standin import ClientRefused
from bot.storage import seeds
from bot.undo import UndoService
from bot.verify_export import describe
from bot.verify_export import verdict_lines
from bot.verify_export import verify_document
from tests.browser import page_verdict
from tests.e2e.test_export_page import page_of
from tests.e2e.test_fair_dice import end_turn
from tests.e2e.test_fair_dice import export
from tests.e2e.test_fair_dice import fair
from tests.e2e.test_fair_dice import rechain

__all__ = ["fair"]

OP_E1 = (
    "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 leaders:barbarossa "
    "adjacent_squadrons:1 adjacent_place:Messina "
    "fortresses:Malta (Hospitallers), Corfu (Papacy) ports:2"
)
VP = "+1 piracy VP"


async def snapshot(table) -> dict[str, list[tuple]]:
    """Everything of campaign 1 a command can change (the confirmations excluded: the undo's
    own question, and the turn end's, which an undone turn end leaves answered)."""
    db = table.bot.service.db
    queries = {
        "state": "SELECT ruleset, schema_version, state, settings FROM ruleset_state "
        "WHERE campaign_id = 1 ORDER BY ruleset",
        "archive": "SELECT ruleset, key, seq, body FROM ruleset_archive WHERE campaign_id = 1 "
        "ORDER BY ruleset, key, seq",
        "choices": "SELECT id, ruleset, kind, owner_id, payload, status FROM pending_choices "
        "WHERE campaign_id = 1 AND kind NOT IN ('history_undo', 'turn_end') "
        "AND id NOT IN (SELECT choice_id FROM undone_choices) ORDER BY id",
        "campaign": "SELECT turn, factions_per_player FROM campaigns WHERE id = 1",
        "turns": "SELECT number, resolved_by FROM turns WHERE campaign_id = 1 ORDER BY number",
        "factions": "SELECT id, name, user_id FROM factions WHERE campaign_id = 1 ORDER BY id",
        "gms": "SELECT kind, target_id FROM campaign_gms WHERE campaign_id = 1 ORDER BY 1, 2",
        "schedule": "SELECT * FROM turn_schedules WHERE campaign_id = 1",
    }
    return {name: [tuple(r) for r in await db.fetchall(sql)] for name, sql in queries.items()}


def pirate_numbers(taken: dict[str, list[tuple]]) -> dict[str, int]:
    """The space pirates' next number of each kind in a `snapshot`."""
    row = next(r for r in taken["state"] if r[0] == "space_pirates")
    return dict(json.loads(row[2]).get("next_ids", {}))


def without_pirate_numbers(taken: dict[str, list[tuple]]) -> dict[str, list[tuple]]:
    """A `snapshot` without the space pirates' next numbers, which an undo keeps (README:
    a number handed out is not given again)."""
    rows = []
    for row in taken["state"]:
        if row[0] == "space_pirates":
            state = json.loads(row[2])
            state.pop("next_ids", None)
            row = (row[0], row[1], json.dumps(state, sort_keys=True), *row[3:])
        rows.append(row)
    return {**taken, "state": rows}


async def undo(table, reason="a mistake", confirm="Undo"):
    """The GM's `/history undo`, confirmed with its `confirm` button ("Отменить" in a Russian
    campaign); returns the confirmation as edited."""
    question = await table.slash(f"/history undo reason:{reason}", as_="gm")
    assert not question.ephemeral, question.text()
    return await table.click(question, confirm, as_="gm")


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
    await table.slash("/corsairs impulse power:ottoman", as_="gm")
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
    choice: the state is as before the piracy, and the reward question has lost its
    buttons."""
    table = seated
    before = await snapshot(table)
    table.script_dice([5, 2, 6, 5])
    piracy = await table.slash(OP_E1, as_="player1")
    assert VP in [b.label for b in piracy.buttons]
    assert await snapshot(table) != before
    await undo(table, "declared in the wrong zone")
    assert await snapshot(table) == before
    with pytest.raises(ClientRefused):
        await table.click(piracy, VP, as_="player2")
    assert piracy.message.buttons == []
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


async def three_battles(table) -> None:
    """Red, Blue, Green with two cruisers at each of three points, two battles declared (the
    test declares the third)."""
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
    for player, point, target in (("player1", "Alpha", "Blue"), ("player1", "Beta", "Green")):
        attack = await table.slash(f"/combat attack point:{point} targets:{target}", as_=player)
        assert not attack.ephemeral, attack.text()


def entry_of(document: dict[str, Any], seq: int) -> dict[str, Any]:
    return next(e for e in document["entries"] if e["seq"] == seq)


def faces_from(document: dict[str, Any], entry: dict[str, Any], seed: bytes) -> list[int]:
    """The faces `entry`'s first roll would have had from `seed`."""
    _, _, _, sides, faces, *_ = entry["rolls"][0]
    return derive_faces(
        seed,
        campaign=entry["campaign_id"],
        turn=entry["turn"],
        entry=entry["seq"],
        roll=0,
        count=len(faces.split(",")),
        sides=sides,
        interaction=entry["dice"]["interaction"],
    )


def readme_snippet(document: dict[str, Any], folder: Path) -> str:
    """The README's standalone checker run on an export, as a player would."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    snippet = re.search(r"<!-- verify-snippet -->\n```python\n(.*?)\n```", readme, re.S)
    assert snippet
    script, path = folder / "check_dice.py", folder / "export.json"
    script.write_text(snippet.group(1), encoding="utf-8")
    path.write_text(json.dumps(document), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(path)], capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


async def test_a_fleet_turn_end_with_three_battles_is_undone_and_its_turn_gets_a_new_seed(
    fair, tmp_path
):
    """Issue 17: a turn end that fought a round in three battles (FC-I6, FC-I7: automatic
    targets) is undone: every stored state, the archive, the turn and its records return to
    exactly what they were before it. Its closing entry had revealed turn 1's seed, so turn 1
    reopens with a new seed whose commitment the undo publishes (and the seed of turn 2,
    never played, is revealed); dice after the undo come from the new seed, not the old one.
    A player's undo and an undo of the undo are refused; a second undo goes one command
    further back. `/history verify`, the offline verifier and the export page's verifier all
    say OK once the turn ends again, having re-derived the undone turn end's dice too (and
    so does the README's standalone checker). The secret roll the undone end revealed stays
    revealed: the turn's next end does not reveal it again."""
    table = fair
    db = table.bot.service.db
    await three_battles(table)
    secret = await table.slash("/roll dice:3d6 secret:true", as_="gm")
    secret_seq = int(secret.embed.description.split("entry #")[1].split(",")[0])
    before_third = await snapshot(table)
    await table.slash("/combat attack point:Gamma targets:Green", as_="player2")
    question = await table.slash("/turn end", as_="gm")
    before = await snapshot(table)
    old = await seeds.seed_of(db, 1, 1)
    assert old is not None
    ended = await table.click(question, "End turn 1", as_="gm")
    assert ended.followups
    after = await snapshot(table)
    assert after["campaign"] == [(2, 1)] and after["turns"] == [(1, table.member("gm").id)]
    assert {key for _, key, _, _ in after["archive"]} == {"battle/1", "battle/2", "battle/3"}

    refused = await table.slash("/history undo reason:mine", as_="player1")
    assert refused.ephemeral
    assert await snapshot(table) == after

    asked = await table.slash("/history undo reason:ended a day early", as_="gm")
    first, last = await db.fetchone(
        "SELECT first_seq, last_seq FROM undo_units WHERE campaign_id = 1 "
        "ORDER BY last_seq DESC LIMIT 1"
    )
    assert asked.embed.title == f"Undo turn 1's end (entries #{first}–#{last})?"
    described = asked.embed.description
    assert described.startswith(f"Turn 1's end: {last - first + 1} log entries, ")
    assert "3 rounds fought in 3 battles" in described  # the fleet step's entry line
    assert "turn 1 reopens" in described and "new seed" in described
    done = await table.click(asked, "Undo", as_="gm")
    assert done.embed.title == f"↩️ #{first}–#{last} undone"
    assert await snapshot(table) == before

    new = await seeds.seed_of(db, 1, 1)
    assert new is not None and new.seed != old.seed
    assert await seeds.seed_of(db, 1, 2) is None  # the next end commits turn 2 afresh
    undo_seq = (await table.bot.service.get(1)).log_count
    document = await export(table)
    compensating = entry_of(document, undo_seq)
    closing = entry_of(document, last)
    assert closing["outcome"]["seed_reveal"] == {"turn": 1, "seed": old.seed.hex()}
    new_held = await seeds.seed_of(db, 1, seeds.held_key(1))
    assert new_held is not None
    assert compensating["outcome"]["seed_commitment"] == {
        "turn": 1,
        "sha256": new.commitment,
        "held_sha256": new_held.commitment,
    }
    # turn 1's held seed was revealed at its end (no hidden entry kept it); turn 2's now
    (abandoned_held,) = compensating["outcome"]["held_reveal"]
    assert abandoned_held["turn"] == 2
    assert (
        hashlib.sha256(bytes.fromhex(abandoned_held["seed"])).hexdigest()
        == (closing["outcome"]["seed_commitment"]["held_sha256"])
    )
    abandoned = compensating["outcome"]["seed_reveal"]
    assert abandoned["turn"] == 2
    assert closing["outcome"]["seed_commitment"]["turn"] == 2
    assert closing["outcome"]["seed_commitment"]["sha256"] == (
        hashlib.sha256(bytes.fromhex(abandoned["seed"])).hexdigest()
    )
    assert new.commitment in done.embed.description
    assert f"🔒 T1 {new.commitment}" in done.embed.footer  # anchored in the channel
    listed = (await table.slash("/history list", as_="gm")).embed.description
    struck = [line for line in listed.splitlines() if line.startswith("~~`#")]
    assert [line.split("`")[1] for line in struck] == [f"#{s}" for s in range(last, first - 1, -1)]
    assert all("**turn end**" in line or "**roll reveal**" in line for line in struck)
    status = await table.slash("/turn status", as_="gm")
    assert new.commitment in status.embed.field("Fair dice")

    # The secret roll the turn end revealed stays revealed (its faces are in the log).
    revealed = await table.slash(f"/reveal entry:{secret_seq}", as_="gm")
    assert revealed.ephemeral and "already" in revealed.text()
    with pytest.raises(Conflict) as again:
        await UndoService(table.bot.service).undo(1, Actor(table.member("gm").id), undo_seq, "redo")
    assert again.value.message_key == "error.undo.of_undo"
    await undo(table, "Gamma was not at war")
    assert await snapshot(table) == before_third

    rolled = await table.slash("/roll dice:12d20", as_="player1")
    assert not rolled.ephemeral
    assert (await verified(table)).startswith("✅ The log is intact")
    await end_turn(table, 1)
    document = await export(table)
    roll = [e for e in document["entries"] if e["command"] == "roll"][-1]
    assert roll["turn"] == 1 and roll["seq"] > undo_seq
    faces = [int(f) for f in roll["rolls"][0][4].split(",")]
    assert faces == faces_from(document, roll, new.seed)
    assert faces != faces_from(document, roll, old.seed)
    verdict = verify_document(document)
    assert verdict.ok, describe(verdict)
    rolled_faces = sum(
        len(r[4].split(",")) for e in document["entries"] for r in e["rolls"] if r[4]
    )
    assert verdict.derived_dice == rolled_faces + 3  # the undone end's, the secret 3d6
    assert (await verified(table)).startswith("✅ The log is intact")
    reveals = [
        e["outcome"]["secret_reveal"]["entry"]
        for e in document["entries"]
        if e["command"] == "roll reveal"
    ]
    assert reveals == [secret_seq]  # once, by the undone end
    # turn 1's old and new seeds and the abandoned turn 2's, each with its held seed
    assert readme_snippet(document, tmp_path) == (
        f"OK: {verdict.derived_dice} dice re-derived from 6 revealed seeds"
    )
    page = page_of(document, "en", tmp_path)
    for seq in range(first, last + 1):  # struck through in the page's table too
        assert f'<tr class="undone" data-seq="{seq}"' in page.read_text(encoding="utf-8")
    attrs, lines, _ = page_verdict(page)
    assert attrs["data-state"] == "verified"
    assert lines == verdict_lines(document, verdict, "en")

    # A die after the undo drawn from the revealed seed (what a bot predicting it would
    # write) is caught by every verifier.
    forged = copy.deepcopy(document)
    forged_roll = entry_of(forged, roll["seq"])
    old_faces = faces_from(forged, forged_roll, old.seed)
    forged_roll["rolls"][0][4] = ",".join(map(str, old_faces))
    forged_roll["rolls"][0][6] = sum(old_faces)
    rechain(forged)
    verdict = verify_document(forged)
    assert verdict.problem is not None
    assert (verdict.problem.kind, verdict.problem.seq) == ("face", roll["seq"])
    assert readme_snippet(forged, tmp_path).startswith(f"FAIL entry #{roll['seq']}: roll 1")
    attrs, lines, _ = page_verdict(page_of(forged, "ru", tmp_path))
    assert (attrs["data-kind"], attrs["data-seq"]) == ("face", str(roll["seq"]))
    assert lines == describe(verdict, "ru")


async def test_undo_of_a_turn_end_closes_the_buy_off_question_it_asked(table):
    """Issue 17 (SP-I34: SP-E2's numbers): turn 2's end raids Vega's route and asks Vega's
    player to buy it off; the GM undoes that end before the answer: the state is as before
    it, turn 2 is open again, and the offer has lost its Pay button (space pirates keep
    their questions in the ruleset's state, which no longer holds this one)."""
    created = await table.slash(
        "/campaign create name:Frontier rulesets:space_pirates, fleet_combat", as_="gm"
    )
    assert not created.ephemeral, created.text()
    for player, faction in (("player1", "Vega"), ("player2", "Orion")):
        await table.slash(f"/campaign join faction:{faction}", as_=player)
    await table.slash("/pirates route add name:Rich goods:2350", as_="player1")
    table.script_dice([20])
    await end_turn(table, 1)
    question = await table.slash("/turn end", as_="gm")
    before = await snapshot(table)
    table.script_dice([1, 4, 6])
    ended = await table.click(question, "End turn 2", as_="gm")
    offer = next(m for m in ended.followups if any(b.label == "Pay 600" for b in m.buttons))
    asked = await table.slash("/history undo reason:the raid was declared late", as_="gm")
    assert asked.embed.title.startswith("Undo turn 2's end")
    assert "Space pirates" in asked.embed.description
    await table.click(asked, "Undo", as_="gm")
    after = await snapshot(table)
    # everything as before, but the offer's number (#1) is not handed out again
    assert "choice" not in pirate_numbers(before) and pirate_numbers(after)["choice"] == 2
    assert without_pirate_numbers(after) == without_pirate_numbers(before)
    with pytest.raises(ClientRefused):
        await table.click(offer, "Pay 600", as_="player1")
    assert offer.buttons == []
    assert await snapshot(table) == after
    status = await table.slash("/turn status", as_="gm")
    assert status.embed.title.endswith("turn 2")
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
