"""Provably fair dice end to end, through the stand-in with the production dice: each turn's
seed committed when it opens, every die derived from it, revealed at turn end; /history
verify and the offline verifier both re-derive it and name each kind of tampering."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.fair_dice import commitment
from bot.standin import GuildSpec
from bot.standin import StandIn
from bot.standin import Table
from bot.storage import history
from bot.storage import seeds
from bot.storage.audit import GENESIS
from bot.storage.audit import canonical
from bot.storage.audit import chained_hash
from bot.verify_export import describe
from bot.verify_export import verify_document
from tests.e2e.play import red_attacks_blue


@pytest.fixture
async def fair(tmp_path: Path, standin_guild: GuildSpec) -> AsyncIterator[Table]:
    """The real bot with production dice (no face source: derived from the turn seed), and a
    campaign in #campaign whose GM is gm."""
    from bot.standin.privateer import privateer_factory

    standin = StandIn(standin_guild)
    factory = privateer_factory(database_path=tmp_path / "fair.db", guild_id=standin.guild.id)
    async with standin, Table(factory, standin=standin) as table:
        reply = await table.slash(
            "/campaign create name:Fair Seas rulesets:ottoman_piracy, fleet_combat", as_="gm"
        )
        assert not reply.ephemeral, reply.text()
        yield table
        table.check()


async def end_turn(table: Table, turn: int) -> Any:
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, f"End turn {turn}", as_="gm")


async def export(table: Table) -> dict[str, Any]:
    reply = await table.slash("/history export", as_="player1")
    (data,) = [a for a in reply.attachments if a.filename.endswith(".json.gz")]
    document: dict[str, Any] = json.loads(gzip.decompress(data.data))
    return document


async def verify_text(table: Table) -> str:
    return (await table.slash("/history verify", as_="player2")).text()


async def verify_embed(table: Table) -> str:
    """`/history verify`'s title and description, unwrapped."""
    embed = (await table.slash("/history verify", as_="player2")).embed
    return f"{embed.title}\n{embed.description}"


def rechain(document: dict[str, Any]) -> None:
    """Recompute every hash as an attacker who rewrites the whole log would."""
    prev = GENESIS
    for entry in document["entries"]:
        form = {k: v for k, v in entry.items() if k not in ("hash", "prev_hash")}
        entry["prev_hash"] = prev
        entry["hash"] = prev = chained_hash(prev, canonical(form))
    document["head"] = [len(document["entries"]), prev]


async def rechain_database(table: Table) -> None:
    """The same attacker on the database: every hash, the head, nothing else."""
    db = table.bot.db
    rows = await db.fetchall("SELECT seq FROM actions ORDER BY seq")
    entries = [e async for e in history.all_entries(db, 1)]
    assert len(entries) == len(rows)
    prev = GENESIS
    async with db.transaction() as conn:
        for entry in entries:
            digest = chained_hash(prev, canonical(entry.hashed_form()))
            await conn.execute(
                "UPDATE actions SET prev_hash = ?, hash = ? WHERE campaign_id = 1 AND seq = ?",
                (prev, digest, entry.seq),
            )
            prev = digest
        await conn.execute("UPDATE campaigns SET log_head = ? WHERE id = 1", (prev,))


async def played_turn(table: Table, turn: int = 1) -> dict[str, Any]:
    """Two rolls in a turn, its end (the seed revealed), one roll in the next; the export."""
    await table.slash("/roll dice:3d6+1 reason:boarding", as_="player1")
    await table.slash("/roll dice:2d20kh1", as_="player2")
    await end_turn(table, turn)
    await table.slash("/roll dice:d100", as_="player1")
    return await export(table)


async def test_a_turn_is_committed_rolled_revealed_and_verified_offline(fair, tmp_path):
    """The commitment is published when the turn opens (create reply, /turn status), each die
    is derived, the turn end reveals the seed with the chain head, and the export passes the
    offline verifier (`python -m bot verify`)."""
    status = await fair.slash("/turn status", as_="player1")
    commitment = status.embed.field("Fair dice").split("`")[1]
    assert len(commitment) == 64
    done = await end_turn(fair, 1)
    (revealed,) = [e for f in done.followups for e in f.embeds if "Fair dice" in e["title"]]
    seed = revealed["description"].split("`")[1]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == commitment
    assert revealed["footer"]["text"].startswith("⛓ #")
    document = await played_turn(fair, 2)
    assert document["anchors"]["heads"] and document["anchors"]["commitments"]
    verdict = verify_document(document)
    assert verdict.ok, describe(verdict)
    assert verdict.revealed_turns == 2 and verdict.derived_dice == 5
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    from bot.__main__ import main

    assert main(["verify", str(path)]) == 0
    text = await verify_text(fair)
    assert "intact" in text and "5 dice re-derived" in text and "Turn 3 is open" in text


async def test_the_real_bots_reveal_and_undone_turn_end_anchor_their_commitments(fair):
    """Dice derived from the committed seed (the real bot): the turn end's reveal anchors the
    next turn's commitment beside the chain head, and an undone turn end the reopened turn's
    new one, each as `🔒 T<turn> <sha256>` in its footer (the stand-in's test dice post
    neither)."""
    done = await end_turn(fair, 1)
    (revealed,) = [e for f in done.followups for e in f.embeds if "Fair dice" in e["title"]]
    opened = await seeds.seed_of(fair.bot.db, 1, 2)
    assert opened is not None
    assert revealed["footer"]["text"].endswith(f" · 🔒 T2 {opened.commitment}")
    asked = await fair.slash("/history undo reason:ended early", as_="gm")
    undone = await fair.click(asked, "Undo", as_="gm")
    reopened = await seeds.seed_of(fair.bot.db, 1, 1)
    assert reopened is not None
    assert undone.embed.footer.startswith("⛓ #")
    assert undone.embed.footer.endswith(f" · 🔒 T1 {reopened.commitment}")


async def test_a_reveal_struck_by_an_undone_turn_end_is_named_as_undone(fair):
    """A secret roll the turn's end revealed stays public when a GM undoes that end (its
    reveal entry struck through, the turn's seed out): `/reveal` of it says which undo
    struck that reveal and that what it published stays public, rather than pointing at a
    struck entry as if it stood; in the GM's language."""
    rolled = await fair.slash("/roll dice:1d20 reason:ambush secret:true", as_="gm")
    seq = int(rolled.embed.description.split("entry #")[1].split(",")[0])
    await end_turn(fair, 1)
    asked = await fair.slash("/history undo reason:ended early", as_="gm")
    await fair.click(asked, "Undo", as_="gm")
    document = await export(fair)
    reveal = next(e for e in document["entries"] if "secret_reveal" in e["outcome"])
    undo = document["entries"][-1]["seq"]
    again = await fair.slash(f"/reveal entry:{seq}", as_="gm")
    assert again.ephemeral
    assert (again.embed.description or again.content) == (
        f"Secret roll #{seq} was already revealed in entry #{reveal['seq']}; the undo in entry "
        f"#{undo} struck that entry, but what it published stays public "
        f"(/history show entry:{seq})."
    )


async def test_entries_name_their_interaction_and_derived_source(fair):
    """DESIGN Dice: each roll's entry says its faces were derived and names the interaction."""
    await fair.slash("/roll dice:2d6", as_="player1")
    document = await export(fair)
    roll = document["entries"][-1]
    assert roll["dice"]["source"] == "derived" and roll["dice"]["interaction"] > 0
    assert document["entries"][0]["outcome"]["seed_commitment"]["turn"] == 1


async def test_a_restart_mid_turn_keeps_the_seed_and_its_commitment(fair):
    """The seed is stored, not regenerated: after a restart the same commitment is shown and
    the turn's dice still verify against it at turn end."""
    await fair.slash("/roll dice:4d6", as_="player1")
    before = (await fair.slash("/turn status", as_="player1")).embed.field("Fair dice")
    await fair.restart()
    after = (await fair.slash("/turn status", as_="player1")).embed.field("Fair dice")
    assert before == after
    await fair.slash("/roll dice:4d6", as_="player1")
    await end_turn(fair, 1)
    verdict = verify_document(await export(fair))
    assert verdict.ok and verdict.derived_dice == 8


async def test_a_gm_secret_roll_is_hidden_from_players_and_its_reveal_verifies(fair):
    """Secret rolls: the channel sees the entry and a commitment; the GM alone sees faces;
    /reveal publishes them and both verifiers check them against the commitment and seed."""
    refused = await fair.slash("/roll dice:d20 secret:true", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()
    rolled = await fair.slash("/roll dice:2d20 reason:ambush secret:true", as_="gm")
    assert not rolled.ephemeral and "secret" in rolled.embed.title
    seq = int(rolled.embed.description.split("entry #")[1].split(",")[0])
    assert rolled.followups[0].ephemeral and "ambush" in rolled.followups[0].embeds[0]["title"]
    shown = await fair.slash(f"/history show entry:{seq}", as_="player1")
    assert "Hidden faces" not in shown.text() and "commitment" in shown.text()
    document = await export(fair)
    secret_entry = document["entries"][seq - 1]
    assert secret_entry["rolls"] == [] and "secret_commitment" in secret_entry["outcome"]
    gm_view = await fair.slash(f"/history show entry:{seq}", as_="gm")
    assert gm_view.ephemeral and "Hidden faces" in gm_view.text()
    not_yours = await fair.slash(f"/reveal entry:{seq}", as_="player1")
    assert not_yours.ephemeral
    revealed = await fair.slash(f"/reveal entry:{seq}", as_="gm")
    assert "revealed" in revealed.embed.title
    again = await fair.slash(f"/reveal entry:{seq}", as_="gm")
    assert again.ephemeral and "already revealed" in again.text()
    await end_turn(fair, 1)
    verdict = verify_document(await export(fair))
    assert verdict.ok, describe(verdict)
    assert verdict.derived_dice == 2
    assert "intact" in await verify_text(fair)


async def test_a_secret_roll_killed_before_its_posts_shows_only_its_entry_after_a_restart(
    fair, monkeypatch
):
    """The public entry and the roller's private faces are written with the roll (the
    outbox); the process dies before either is posted. The restart posts the entry and its
    commitment once; the faces stay private (the roller's interaction is gone: a GM reads
    them with /history show)."""
    from tests.e2e.test_click_outbox import dies_before_posting
    from tests.e2e.test_click_outbox import restart_posts

    with dies_before_posting(monkeypatch) as attempts:
        await fair.slash("/roll dice:2d20 reason:ambush secret:true", as_="gm")
    assert attempts == ["reply"]

    await fair.restart()
    (posted,) = restart_posts(fair)
    assert "secret" in posted.embed.title and "commitment" in posted.embed.description
    assert "ambush" not in posted.text()
    seq = int(posted.embed.description.split("entry #")[1].split(",")[0])
    gm_view = await fair.slash(f"/history show entry:{seq}", as_="gm")
    assert gm_view.ephemeral and "Hidden faces" in gm_view.text()


async def test_players_roll_in_secret_when_the_campaign_allows_it(fair):
    """Secret rolls are the GMs' unless a GM sets core.secret_rolls_for_players; then a player's
    secret roll is hidden from the other players but shown to the GM."""
    await fair.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    rolled = await fair.slash("/roll dice:d6 secret:true", as_="player1")
    assert not rolled.ephemeral and rolled.followups[0].ephemeral
    seq = int(rolled.embed.description.split("entry #")[1].split(",")[0])
    other = await fair.slash(f"/history show entry:{seq}", as_="player2")
    assert "Hidden faces" not in other.text()
    gm_view = await fair.slash(f"/history show entry:{seq}", as_="gm")
    assert "Hidden faces" in gm_view.text()


async def test_an_unrevealed_secret_roll_is_revealed_at_turn_end(fair):
    """The seed's reveal makes a secret roll recomputable, so the turn end publishes it."""
    await fair.slash("/roll dice:3d6 secret:true", as_="gm")
    await end_turn(fair, 1)
    document = await export(fair)
    assert any("secret_reveal" in e["outcome"] for e in document["entries"])
    verdict = verify_document(document)
    assert verdict.ok and verdict.derived_dice == 3


# -- tampering: each named by /history verify and by the offline verifier -----------------------


async def test_an_edited_face_is_named_with_its_die(fair):
    """A face changed in the database and the chain recomputed around it: the chain passes,
    the derivation names the die; the offline verifier names it in an edited export too."""
    document = await played_turn(fair)
    roll = next(e for e in document["entries"] if e["command"] == "roll")
    faces = [int(f) for f in roll["rolls"][0][4].split(",")]
    faces[1] = faces[1] % 6 + 1
    roll["rolls"][0][4] = ",".join(map(str, faces))
    rechain(document)
    verdict = verify_document(document)
    assert verdict.problem and verdict.problem.kind == "face"
    assert verdict.problem.seq == roll["seq"] and verdict.problem.params["die"] == 2
    db = fair.bot.db
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE rolls SET faces = ? WHERE action_id = (SELECT id FROM actions WHERE seq = ?)"
            " AND idx = 0",
            (",".join(map(str, faces)), roll["seq"]),
        )
    await rechain_database(fair)
    text = await verify_text(fair)
    assert f"Entry #{roll['seq']}: die 2 of roll 1 (d6)" in text


async def test_an_edited_seed_is_named_at_its_reveal(fair):
    """A revealed seed that does not hash to the turn's commitment is named at its reveal."""
    document = await played_turn(fair)
    closing = next(e for e in document["entries"] if "seed_reveal" in e["outcome"])
    closing["outcome"]["seed_reveal"]["seed"] = "00" * 32
    rechain(document)
    verdict = verify_document(document)
    assert verdict.problem and verdict.problem.kind == "seed"
    assert verdict.problem.seq == closing["seq"]
    db = fair.bot.db
    outcome = dict(closing["outcome"])
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE actions SET outcome = ? WHERE seq = ?", (canonical(outcome), closing["seq"])
        )
    await rechain_database(fair)
    assert f"Entry #{closing['seq']} reveals turn 1's seed" in await verify_text(fair)


async def test_an_edited_commitment_is_named(fair):
    """A commitment rewritten in the log (chain recomputed) no longer matches its seed, nor the
    commitment the bot posted in the channel."""
    document = await played_turn(fair)
    first = document["entries"][0]
    first["outcome"]["seed_commitment"]["sha256"] = "ab" * 32
    rechain(document)
    verdict = verify_document(document)
    assert verdict.problem and verdict.problem.kind == "seed"
    db = fair.bot.db
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE actions SET outcome = ? WHERE seq = 1", (canonical(first["outcome"]),)
        )
    await rechain_database(fair)
    assert "reveals turn 1's seed, but it does not match" in await verify_text(fair)


async def test_a_rewritten_log_disagrees_with_the_posted_head(fair):
    """An edit with the whole chain recomputed passes the chain; the head the bot posted in the
    channel at turn end names it. An edited posted head is named too."""
    document = await played_turn(fair)
    (head_seq, _), *_ = document["anchors"]["heads"]
    edited = json.loads(json.dumps(document))
    edited["anchors"]["heads"][0][1] = "cd" * 32
    verdict = verify_document(edited)
    assert verdict.problem and verdict.problem.kind == "posted_head"
    assert verdict.problem.seq == head_seq
    db = fair.bot.db
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE actions SET created_at = '2020-01-01T00:00:00+00:00' WHERE seq = 1"
        )
    await rechain_database(fair)
    assert f"chain head posted in the channel for entry #{head_seq}" in await verify_text(fair)


async def test_an_edited_posted_head_message_is_named(fair):
    """The bot's own turn-end message edited (the head in its footer changed)."""
    await played_turn(fair)
    for message in fair.standin.messages.values():
        for embed in message.embeds:
            footer = embed.get("footer", {}).get("text", "")
            if footer.startswith("⛓ #"):
                seq = footer.split()[1]
                embed["footer"]["text"] = f"⛓ {seq} {'ef' * 32}"
    assert "chain head posted in the channel for entry" in await verify_text(fair)


async def test_an_edited_secret_reveal_is_named(fair):
    """A reveal whose hidden part no longer hashes to the roll's commitment is named."""
    rolled = await fair.slash("/roll dice:d20 secret:true", as_="gm")
    seq = int(rolled.embed.description.split("entry #")[1].split(",")[0])
    await fair.slash(f"/reveal entry:{seq}", as_="gm")
    document = await export(fair)
    reveal = next(e for e in document["entries"] if "secret_reveal" in e["outcome"])
    payload = reveal["outcome"]["secret_reveal"]["payload"]
    row = payload["rolls"][0]
    row[4] = str(int(row[4]) % 20 + 1)
    rechain(document)
    verdict = verify_document(document)
    assert verdict.problem and verdict.problem.kind == "secret"
    assert verdict.problem.seq == reveal["seq"]
    db = fair.bot.db
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE actions SET outcome = ? WHERE seq = ?",
            (canonical(reveal["outcome"]), reveal["seq"]),
        )
    await rechain_database(fair)
    assert f"Entry #{reveal['seq']} reveals secret roll #{seq}" in await verify_text(fair)


async def test_two_swapped_entries_are_named(fair):
    """Two entries exchanged: in the export's order, and in the database's numbering."""
    document = await played_turn(fair)
    entries = document["entries"]
    entries[1], entries[2] = entries[2], entries[1]
    verdict = verify_document(document)
    assert verdict.problem and verdict.problem.kind == "reordered" and verdict.problem.seq == 2
    db = fair.bot.db
    async with db.transaction() as conn:
        await conn.execute("UPDATE actions SET seq = -1 WHERE seq = 2")
        await conn.execute("UPDATE actions SET seq = 2 WHERE seq = 3")
        await conn.execute("UPDATE actions SET seq = 3 WHERE seq = -1")
    assert "Entries were moved: the chain breaks at #2" in await verify_text(fair)


async def test_state_edited_outside_the_bot_is_named(fair):
    """The newest entry's state digest covers the stored state: a faction handed to another
    player in the database is named, offline too."""
    await fair.slash("/campaign join faction:Venice", as_="player1")
    document = await export(fair)
    assert verify_document(document).ok
    document["state"]["factions"][0][2] = 1
    verdict = verify_document(document)
    assert verdict.problem and verdict.problem.kind == "state"
    db = fair.bot.db
    async with db.transaction() as conn:
        await conn.execute("UPDATE factions SET user_id = 1")
    assert "stored campaign state (factions)" in await verify_text(fair)


async def test_language_and_turn_schedule_edited_outside_the_bot_are_named(fair):
    """The newest entry's digest (version 2) covers `core.language` and the turn schedule's
    settings too: an `on_deadline` or a language flipped in the database, which decide
    whether a turn ends itself and what the campaign posts in, is named, offline too."""
    gm_sets = "/campaign settings set setting:core.{} value:{}"
    done = await fair.slash(gm_sets.format("on_deadline", "end_turn"), as_="gm")
    assert not done.ephemeral, done.text()
    done = await fair.slash(gm_sets.format("language", "ru"), as_="gm")
    assert not done.ephemeral, done.text()
    document = await export(fair)
    assert document["language"] == "ru"
    newest = document["entries"][-1]
    assert newest["state"]["version"] == 2 and "core" in newest["state"]
    assert document["state"]["core"] == {
        "language": "ru",
        "on_deadline": "end_turn",
        "reminder_minutes": [1440, 60],
        "time_zone": "UTC",
    }
    assert verify_document(document).ok
    for field, value in (("on_deadline", "ping_gms"), ("language", "en")):
        edited = json.loads(json.dumps(document))
        edited["state"]["core"][field] = value
        verdict = verify_document(edited)
        assert verdict.problem is not None
        assert (verdict.problem.kind, verdict.problem.seq) == ("state", newest["seq"])
        assert verdict.problem.params == {"part": "core"}
    assert "✅ Журнал цел" in await verify_embed(fair)

    db = fair.bot.db
    async with db.transaction() as conn:
        await conn.execute("UPDATE turn_schedules SET on_deadline = 'ping_gms'")
    text = await verify_embed(fair)
    assert "❌" in text and "Сохранённое состояние кампании (core) не совпадает" in text, text
    async with db.transaction() as conn:
        await conn.execute("UPDATE turn_schedules SET on_deadline = 'end_turn'")
        await conn.execute("UPDATE campaigns SET language = 'en'")
    text = await verify_embed(fair)  # in English now: the flip itself decides that
    assert f"stored campaign state (core) differs from the digest in entry #{newest['seq']}" in (
        text
    )


async def test_cutting_the_entry_that_set_the_language_is_named(fair):
    """The entry that set `core.language` cut from the end of the log (and the head moved
    back to the entry before it, which no posted head covers): the state's language is no
    longer the one the newest remaining entry describes, in the export and in the database."""
    await fair.slash("/roll dice:2d6", as_="player1")
    done = await fair.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    assert not done.ephemeral, done.text()
    document = await export(fair)
    cut, before = document["entries"][-1], document["entries"][-2]
    assert cut["options"] == {"name": "language", "value": "ru"}
    del document["entries"][-1]
    document["head"] = [before["seq"], before["hash"]]
    verdict = verify_document(document)
    assert verdict.problem is not None
    assert (verdict.problem.kind, verdict.problem.seq) == ("state", before["seq"])
    assert verdict.problem.params == {"part": "core"}

    db = fair.bot.db
    async with db.transaction() as conn:
        await conn.execute("DELETE FROM actions WHERE seq = ?", (cut["seq"],))
        await conn.execute(
            "UPDATE campaigns SET log_count = ?, log_head = ?", (before["seq"], before["hash"])
        )
    text = await verify_embed(fair)
    assert "❌" in text, text
    assert f"(core) не совпадает с отпечатком в последней записи №{before['seq']}" in text, text


async def test_the_readme_snippet_checks_a_real_export(fair, tmp_path):
    """The README's standalone snippet, extracted and run as a player would on a real export
    (with a revealed secret roll), agrees with the bot's verifier; it names an edited face."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    snippet = re.search(r"<!-- verify-snippet -->\n```python\n(.*?)\n```", readme, re.S)
    assert snippet
    script = tmp_path / "check_dice.py"
    script.write_text(snippet.group(1), encoding="utf-8")
    await fair.slash("/roll dice:2d10 secret:true", as_="gm")
    document = await played_turn(fair)
    path = tmp_path / "export.json"

    def run() -> str:
        path.write_text(json.dumps(document), encoding="utf-8")
        done = subprocess.run(
            [sys.executable, str(script), str(path)], capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    derived = verify_document(document).derived_dice
    assert derived == 7
    # turn 1's seed, and its held seed, which no hidden entry kept: revealed at its end
    assert run() == f"OK: {derived} dice re-derived from 2 revealed seeds"
    roll = next(e for e in document["entries"] if e["command"] == "roll" and e["rolls"])
    faces = [int(f) for f in roll["rolls"][0][4].split(",")]
    faces[1] = faces[1] % 6 + 1
    roll["rolls"][0][4] = ",".join(map(str, faces))
    assert run().startswith(f"FAIL entry #{roll['seq']}: roll 1 die 2 shows {faces[1]}")


async def test_a_ruleset_battle_at_turn_end_is_derived_from_the_seed_and_verifies(fair):
    """Engines keep calling `dice.roll`: a fleet battle resolved at turn end (the confirming
    click's interaction) rolls derived dice that both verifiers re-derive."""
    await red_attacks_blue(fair)
    await end_turn(fair, 1)
    document = await export(fair)
    battle = next(e for e in document["entries"] if e["ruleset"] == "fleet_combat" and e["rolls"])
    assert battle["command"] == "turn end" and battle["dice"]["source"] == "derived"
    verdict = verify_document(document)
    assert verdict.ok, describe(verdict)
    assert verdict.derived_dice == sum(len(r[4].split(",")) for r in battle["rolls"])
    assert "intact" in await verify_text(fair)


async def test_a_seed_swapped_before_any_head_was_posted_disagrees_with_the_posted_commitment(
    fair,
):
    """The operator replaces turn 1's seed and its commitment in the database before anything
    else happens (chain recomputed): the reveal matches the log and every later head is posted
    from the rewritten log, but the commitment posted in the create message names it."""
    db = fair.bot.db
    new_seed = bytes(range(1, 33))
    entry = await history.entry(db, 1, 1)
    committed = {**entry.outcome["seed_commitment"], "sha256": commitment(new_seed)}
    outcome = {**entry.outcome, "seed_commitment": committed}
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE turn_seeds SET seed = ?, commitment = ? WHERE turn = 1",
            (new_seed.hex(), commitment(new_seed)),
        )
        await conn.execute("UPDATE actions SET outcome = ? WHERE seq = 1", (canonical(outcome),))
    await rechain_database(fair)
    document = await played_turn(fair)
    verdict = verify_document(document)
    assert verdict.problem and verdict.problem.kind == "posted_commitment"
    assert verdict.problem.params["turn"] == 1 and verdict.problem.seq == 1
    assert "commitment posted in the channel for turn 1 differs" in await verify_text(fair)
