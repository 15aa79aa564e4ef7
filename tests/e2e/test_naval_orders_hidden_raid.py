"""A raid's hidden duration roll (NO-I13 `raid_extra_roll_hidden`) through Discord.

With the setting on, the d3 rolled as a raid starts is a hidden entry of the turn's end:
the players read that a roll was made, and its commitment, but not the die, in the turn's
report, `/navy orders`, `/history list`, `/history show` and the export; the GMs read it in
full. It stays hidden until the raid ends (its length is then known anyway), when the turn's
end publishes it and `/history verify` checks it against its commitment. France (player2)
raids with the auxiliary squadron Hirondelle in location 22.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.fair_dice import HELD_DERIVATION
from bot.fair_dice import derive_faces
from bot.standin import GuildSpec
from bot.standin import StandIn
from bot.standin import Table
from bot.storage import history
from bot.verify_export import describe
from bot.verify_export import verdict_lines
from bot.verify_export import verify_document
from tests.browser import page_verdict
from tests.e2e import test_naval_orders as played
from tests.e2e.test_export_page import page_of
from tests.e2e.test_fair_dice import rechain
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give
from tests.e2e.test_naval_orders import hidden_raid
from tests.e2e.test_naval_orders import text_of
from tests.e2e.test_naval_orders_secrecy import end_turn_ru
from tests.e2e.test_naval_orders_secrecy import exported
from tests.e2e.test_naval_orders_secrecy import show_text

navy = played.navy

HIDDEN_ROLL = "🔒 The raid's duration roll, hidden from the players until the raid ends"
DIE = "d3 (2)"  # what the GM reads: "1 ordered + d3 (2) = 3 turns"
ROLLED = "Hirondelle starts raiding: 1 ordered + d3 (2) = 3 turns (NO-6.2, NO-I13)."


def names_the_die(text: str) -> bool:
    """Whether a text speaks of a d3 (not two letters of a commitment's hex)."""
    return re.search(r"\b1?d3\b", text) is not None


def hidden_entry(page: str) -> int:
    """The number of the entry a `/history list` page shows as the hidden raid roll."""
    lines = page.splitlines()
    for index, line in enumerate(lines[1:], start=1):
        if HIDDEN_ROLL in line:
            found = re.match(r"~*`#(\d+)`", lines[index - 1])
            assert found, lines[index - 1]
            return int(found[1])
    raise AssertionError(page)


async def test_players_read_that_a_roll_was_hidden_and_the_gm_reads_the_die(navy):
    """The turn's report, the player's list, entry and export say nothing of the d3; the
    GM's list and entry show it, privately."""
    await hidden_raid(navy)
    navy.script_dice([2])

    report = await end_turn(navy, 1)

    assert "Hirondelle starts raiding; its duration is known to the GM." in report
    assert not names_the_die(report) and "3 turns" not in report
    page = await navy.slash("/history list", as_="player2")
    assert not page.ephemeral
    assert not names_the_die(page.embed.description) and "1 die" not in page.embed.description
    seq = hidden_entry(page.embed.description)
    assert (await navy.slash("/history list", as_="player1")).embed.description.count(
        HIDDEN_ROLL
    ) == 1
    for entry in range(seq, seq + 3):  # the hidden roll, the turn's report, the closing entry
        shown = await navy.slash(f"/history show entry:{entry}", as_="player2")
        assert not shown.ephemeral
        text = show_text(shown)
        assert not names_the_die(text) and "raid duration" not in text and "→" not in text, text
    hidden = await navy.slash(f"/history show entry:{seq}", as_="player2")
    assert "commitment `" in show_text(hidden)
    export = await navy.slash("/history export", as_="player2")
    document = json.loads(exported(export))
    assert "raid_d3" not in exported(export) and "raid_duration" not in exported(export)
    assert max(e["seq"] for e in document["entries"]) < seq
    owner = text_of(await navy.slash("/navy orders", as_="player2"))
    assert "(1 turn raided so far)" in owner and "of 3" not in owner

    gm_page = await navy.slash("/history list", as_="gm")
    assert gm_page.ephemeral
    assert DIE in gm_page.embed.description
    gm_entry = await navy.slash(f"/history show entry:{seq}", as_="gm")
    assert gm_entry.ephemeral
    assert ROLLED in show_text(gm_entry)
    assert "(1 of 3 turns)" in text_of(await navy.slash("/navy orders", as_="gm"))


async def test_the_roll_stays_hidden_until_the_raid_ends_then_everyone_reads_it(navy):
    """Turn 2's end keeps the roll hidden; turn 3's, where the raid of 1 + 2 turns is
    complete, publishes it: the list names the reveal and the entry shows the die."""
    await hidden_raid(navy)
    navy.script_dice([2])
    await end_turn(navy, 1)
    page = (await navy.slash("/history list", as_="player2")).embed.description
    seq = hidden_entry(page)

    await end_turn(navy, 2)
    assert HIDDEN_ROLL in (await navy.slash("/history list", as_="player2")).embed.description
    assert DIE not in show_text(await navy.slash(f"/history show entry:{seq}", as_="player2"))

    report = await end_turn(navy, 3)

    assert "Hirondelle completed its order “Raiding” after 3 turns" in report
    page = (await navy.slash("/history list", as_="player2")).embed.description
    assert HIDDEN_ROLL not in page
    assert f"Hidden entry #{seq} revealed" in page
    shown = await navy.slash(f"/history show entry:{seq}", as_="player2")
    assert not shown.ephemeral
    assert ROLLED in show_text(shown)
    assert "revealed in entry #" in show_text(shown)


async def test_a_raid_of_no_ordered_turns_that_ends_at_once_is_revealed_at_once(navy):
    """N = 0 and a d3 of 1: the raid is complete at the end of the turn it starts in, so
    that turn's end publishes the roll too."""
    await hidden_raid(navy, turns="0")
    navy.script_dice([1])

    report = await end_turn(navy, 1)

    assert "Hirondelle completed its order “Raiding” after 1 turn" in report
    page = (await navy.slash("/history list", as_="player2")).embed.description
    assert HIDDEN_ROLL not in page
    assert "0 ordered + d3 (1) = 1 turn" in page


@pytest.fixture
async def fair(tmp_path: Path, standin_guild: GuildSpec) -> AsyncIterator[Table]:
    """The real bot with production dice (derived from the turn seed), and the naval
    orders campaign of the other tests."""
    from bot.standin.privateer import privateer_factory

    standin = StandIn(standin_guild)
    factory = privateer_factory(database_path=tmp_path / "fair.db", guild_id=standin.guild.id)
    async with standin, Table(factory, standin=standin) as table:
        await table.slash("/campaign create name:Seven Years rulesets:naval_orders", as_="gm")
        await table.slash("/campaign join faction:France", as_="player2")
        yield table
        table.check()


async def test_the_published_roll_is_checked_against_its_commitment_and_seed(fair):
    """With the production dice, `/history verify` re-derives the d3 once the raid's end
    has published it, and the player's export of the whole log verifies on its own."""
    await hidden_raid(fair, turns="0")
    turn = 1
    while "completed its order" not in await end_turn(fair, turn):
        turn += 1
        assert turn <= 3

    verdict = (await fair.slash("/history verify", as_="player2")).text()
    assert "✅ The log is intact" in verdict
    assert "🎲 1 die re-derived" in verdict
    export = await fair.slash("/history export", as_="player2")
    document = json.loads(exported(export))
    assert verify_document(document).problem is None
    assert any("secret_reveal" in e["outcome"] for e in document["entries"])


async def test_an_undone_turn_ends_hidden_roll_is_published_by_the_next_turn_end(navy):
    """The GM undoes the turn's end that started the raid: its hidden roll decides nothing
    any more, so the next end of the turn publishes it (the player's export then reaches
    past it) and rolls the raid's duration again, hidden in turn."""
    await hidden_raid(navy)
    navy.script_dice([2])
    await end_turn(navy, 1)
    undone = hidden_entry((await navy.slash("/history list", as_="player2")).embed.description)
    done = await navy.slash("/history undo reason:wrong position", as_="gm")
    await navy.click(done, "Undo", as_="gm")

    navy.script_dice([3])
    await end_turn(navy, 1)

    page = (await navy.slash("/history list", as_="player2")).embed.description
    assert f"Hidden entry #{undone} revealed" in page
    assert page.count(HIDDEN_ROLL) == 1  # the new roll, hidden
    document = json.loads(exported(await navy.slash("/history export", as_="player2")))
    assert max(e["seq"] for e in document["entries"]) > undone
    assert verify_document(document).problem is None
    gm = show_text(await navy.slash(f"/history show entry:{hidden_entry(page)}", as_="gm"))
    assert "1 ordered + d3 (3) = 4 turns" in gm


async def test_a_russian_campaign_reads_of_the_hidden_roll_in_russian(navy):
    """In a Russian campaign the players read the hidden roll's line in Russian, and its
    reveal when the raid of 1 + 1 turns ends."""
    await navy.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await hidden_raid(navy, turns="1")
    navy.script_dice([1])
    await end_turn_ru(navy, 1)

    page = (await navy.slash("/history list", as_="player2")).embed.description
    assert "🔒 Бросок продолжительности рейдерства, скрытый от игроков до его конца" in page
    assert not names_the_die(page)

    await end_turn_ru(navy, 2)
    page = (await navy.slash("/history list", as_="player2")).embed.description
    assert "скрытая запись раскрыта" in page
    assert "ходов: 1 по приказу + d3 (1) = 2" in page


async def test_no_player_derives_the_hidden_roll_from_the_seed_the_turn_end_reveals(fair):
    """The turn's end reveals its seed; the hidden d3 rolled in it must not come from that
    seed (anyone could recompute it from the entry number, the die's place and the
    interaction id, all public). It comes from the turn's held seed, committed when the turn
    opened and published only by the entry that reveals the roll when the raid ends; then
    everyone re-derives it from that seed."""
    await hidden_raid(fair, turns="1")
    question = await fair.slash("/turn end", as_="gm")
    done = await fair.click(question, "End turn 1", as_="gm")
    posted = "\n".join([text_of(done), *(text_of(f) for f in done.followups)])
    turn_seed = re.search(r"Seed of turn 1:\s*`([0-9a-f]{64})`", posted)
    assert turn_seed, posted
    seq = hidden_entry((await fair.slash("/history list", as_="player2")).embed.description)
    gm = show_text(await fair.slash(f"/history show entry:{seq}", as_="gm"))
    face = int(re.search(r"d3 \((\d)\)", gm)[1])  # type: ignore[index]
    entries = {e.seq: e for e in [e async for e in history.all_entries(fair.bot.db, 1)]}
    marker = entries[seq].hashed_form()["dice"]

    # What a player holds now: the revealed turn seed, and every seed published so far.
    public = [turn_seed[1]] + [
        item["seed"] for e in entries.values() for item in e.outcome.get("held_reveal", ())
    ]
    assert marker["seed"] == "held"  # the entry says which seed its dice come from
    opening = entries[1].outcome["seed_commitment"]
    assert all(
        hashlib.sha256(bytes.fromhex(s)).hexdigest() != opening["held_sha256"] for s in public
    )

    turn = 2
    while "completed its order" not in await end_turn(fair, turn):
        turn += 1
        assert turn <= 4
    document = json.loads(exported(await fair.slash("/history export", as_="player2")))
    (reveal,) = [
        e for e in document["entries"] if e["outcome"].get("secret_reveal", {}).get("entry") == seq
    ]
    (held,) = reveal["outcome"]["held_reveal"]
    assert held["turn"] == 1
    held_seed = bytes.fromhex(held["seed"])
    assert hashlib.sha256(held_seed).hexdigest() == opening["held_sha256"]  # committed first
    rolled = derive_faces(
        held_seed,
        campaign=1,
        turn=1,
        entry=seq,
        roll=0,
        count=1,
        sides=3,
        interaction=int(marker["interaction"]),
        derivation=HELD_DERIVATION,
    )
    assert rolled == [face]
    verdict = verify_document(document)
    assert verdict.problem is None and verdict.derived_dice == 1


async def raid_played_out(table) -> dict[str, Any]:
    """A hidden raid of no ordered turns, turns ended until it is complete (its roll and the
    held seed published); the player's export."""
    await hidden_raid(table, turns="0")
    turn = 1
    while "completed its order" not in await end_turn(table, turn):
        turn += 1
        assert turn <= 3
    document: dict[str, Any] = json.loads(
        exported(await table.slash("/history export", as_="player2"))
    )
    return document


async def test_the_page_and_the_readme_snippet_re_derive_the_held_die(fair, tmp_path):
    """The exported page and the README's snippet re-derive the held d3 from the held seed,
    as `python -m bot verify` does; a held seed edited in the log is named, in the page as
    by the verifier."""
    document = await raid_played_out(fair)
    verdict = verify_document(document)
    assert verdict.ok and verdict.derived_dice == 1
    attrs, lines, _ = page_verdict(page_of(document, "en", tmp_path))
    assert attrs["data-state"] == "verified"
    assert lines == verdict_lines(document, verdict, "en")

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    snippet = re.search(r"<!-- verify-snippet -->\n```python\n(.*?)\n```", readme, re.S)
    assert snippet
    script = tmp_path / "check_dice.py"
    script.write_text(snippet.group(1), encoding="utf-8")
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script), str(path)], capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith("OK: 1 dice re-derived from "), done.stdout

    tampered = copy.deepcopy(document)
    reveal = next(  # the roll's reveal, or the closing entry of the turn it ended in
        e
        for e in tampered["entries"]
        if any(held["turn"] == 1 for held in e["outcome"].get("held_reveal", ()))
    )
    reveal["outcome"]["held_reveal"][0]["seed"] = "00" * 32
    rechain(tampered)
    verdict = verify_document(tampered)
    assert verdict.problem is not None
    assert (verdict.problem.kind, verdict.problem.seq) == ("held_seed", reveal["seq"])
    assert "held seed" in describe(verdict, "en")[1]
    attrs, lines, _ = page_verdict(page_of(tampered, "ru", tmp_path))
    assert (attrs["data-kind"], attrs["data-seq"]) == ("held_seed", str(reveal["seq"]))
    assert lines == describe(verdict, "ru")
    path.write_text(json.dumps(tampered), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script), str(path)], capture_output=True, text=True)
    assert done.stdout.startswith(f"FAIL entry #{reveal['seq']}: turn 1's held seed"), done.stdout


async def test_an_undone_turn_ends_held_roll_and_the_new_one_verify_with_the_held_seeds(fair):
    """With the production dice, the GM undoes the turn's end that started the raid: the
    undo reveals that end's held seed (its hidden roll decides nothing now), the reopened
    turn gets a new one, and once the new raid ends both hidden rolls are re-derived, each
    from its own held seed."""
    await hidden_raid(fair, turns="0")
    await end_turn(fair, 1)
    done = await fair.slash("/history undo reason:wrong position", as_="gm")
    undone = await fair.click(done, "Undo", as_="gm")
    assert undone.embed.title.startswith("↩️")
    turn = 1
    while "completed its order" not in await end_turn(fair, turn):
        turn += 1
        assert turn <= 3
    document = json.loads(exported(await fair.slash("/history export", as_="player2")))
    verdict = verify_document(document)
    assert verdict.problem is None and verdict.derived_dice == 2
    held = [h for e in document["entries"] for h in e["outcome"].get("held_reveal", ())]
    assert [h["turn"] for h in held].count(1) == 2  # the undone end's held seed, the new one
    assert "✅ The log is intact" in (await fair.slash("/history verify", as_="player2")).text()


async def test_an_export_held_back_by_the_hidden_roll_says_it_waits_for_the_raids_end(navy):
    """The export stops before the hidden roll, and says so truly: the roll is not published
    at the turn's end but when the raid ends or a GM reveals it (in either language)."""
    await hidden_raid(navy)
    navy.script_dice([2])
    await end_turn(navy, 1)
    seq = hidden_entry((await navy.slash("/history list", as_="player2")).embed.description)

    export = await navy.slash("/history export", as_="player2")
    said = " ".join(export.embed.description.split())
    assert f"Entries from #{seq} on are left out" in said
    assert "when the raid ends" in said and "/reveal" in said
    assert "after the turn's end" not in said
    later = await navy.slash(f"/history export since:#{seq}", as_="player2")
    refused = " ".join(later.text().split())
    assert later.ephemeral and f"entry #{seq} and those after it wait" in refused
    assert "when the raid ends" in refused and "after the turn's end" not in refused
    russian = await navy.slash(f"/history export since:#{seq}", as_="player3")
    assert "с концом рейда" in " ".join(russian.text().split())


async def two_hidden_raids(table: Table) -> None:
    """Hirondelle's hidden raid (`hidden_raid`, no ordered turns) and Mouette's beside it, of
    player2, both starting at the next turn's end."""
    await hidden_raid(table, turns="0")
    await table.slash(
        "/navy forces register name:Mouette kind:auxiliary location:23 ships:2xV",
        as_="player2",
    )
    await give(
        table, "Mouette", "raid", form(point="Biscay", location="23", turns="0"), as_="player2"
    )


async def test_each_raid_started_in_one_turn_end_is_published_when_it_ends(navy):
    """Two raids start at the same turn's end (d3 of 1 and of 3): each roll is a hidden entry
    of its own, so the short raid's roll is published when it ends, while the long raid's
    stays hidden until that one ends too."""
    await two_hidden_raids(navy)
    navy.script_dice([1, 3])  # forces in name order: Hirondelle, then Mouette

    report = await end_turn(navy, 1)

    assert "Hirondelle completed its order" in report and "Mouette completed" not in report
    page = (await navy.slash("/history list", as_="player2")).embed.description
    assert page.count(HIDDEN_ROLL) == 1  # Mouette's, still running
    mouette = hidden_entry(page)
    assert "0 ordered + d3 (1) = 1 turn" in page  # Hirondelle's, published
    assert not re.search(r"d3 \(3\)", page)
    await end_turn(navy, 2)
    assert "d3 (3)" not in (await navy.slash("/history list", as_="player2")).embed.description

    report = await end_turn(navy, 3)

    assert "Mouette completed its order" in report
    page = (await navy.slash("/history list", as_="player2")).embed.description
    assert HIDDEN_ROLL not in page
    assert f"Hidden entry #{mouette} revealed" in page
    shown = show_text(await navy.slash(f"/history show entry:{mouette}", as_="player2"))
    assert "Mouette starts raiding: 0 ordered + d3 (3) = 3 turns" in shown


async def test_two_raids_rolls_verify_once_the_later_raid_publishes_the_held_seed(fair):
    """With the production dice, two raids' hidden rolls of one turn end share its held
    seed: it is published once, with the last of them, and then both dice re-derive."""
    await two_hidden_raids(fair)
    completed, turn = 0, 1
    while completed < 2:
        completed += (await end_turn(fair, turn)).count("completed its order")
        turn += 1
        assert turn <= 4
    document = json.loads(exported(await fair.slash("/history export", as_="player2")))
    verdict = verify_document(document)
    assert verdict.problem is None and verdict.derived_dice == 2
    # the raids' rolls (the orders, hidden until their turn's end, aside)
    revealed = [e for e in document["entries"] if "raid_rolls" in str(e["outcome"])]
    revealed = [e for e in revealed if "secret_reveal" in e["outcome"]]
    assert len(revealed) == 2
    held = [e for e in document["entries"] if "held_reveal" in e["outcome"]]
    first_turn = [e for e in held if any(h["turn"] == 1 for h in e["outcome"]["held_reveal"])]
    assert len(first_turn) == 1 and first_turn[0]["seq"] >= revealed[-1]["seq"]
