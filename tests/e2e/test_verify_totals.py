"""What an entry says of its dice is checked against its faces, by every verifier.

Faces re-derived from the seed prove no die was changed; they prove nothing of the total a
roll row states, nor of a `/roll`'s result. Whoever runs the bot could rewrite those in an
open turn's entries and recompute every hash: `/history verify`, `python -m bot verify` and
the export's page now name the entry, the roll, what its faces give and what it says. Clean
logs of every ruleset and of every kind of `/roll` still verify.
"""

from __future__ import annotations

import copy
import gzip
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.export_page import export_page
from bot.secret_rolls import payload_commitment
from bot.standin import QueuedFaces
from bot.standin import Table
from bot.storage.audit import canonical
from bot.verify_export import describe
from bot.verify_export import verdict_lines
from bot.verify_export import verify_document
from tests.browser import page_verdict
from tests.e2e.play import red_attacks_blue
from tests.e2e.test_all_rulesets_campaign import create
from tests.e2e.test_all_rulesets_campaign import play_turn_one
from tests.e2e.test_fair_dice import end_turn
from tests.e2e.test_fair_dice import export
from tests.e2e.test_fair_dice import fair
from tests.e2e.test_fair_dice import rechain
from tests.e2e.test_fair_dice import rechain_database
from tests.test_upgrade import SQLITE_ONLY
from tests.test_upgrade import old_database

__all__ = ["fair", "old_database"]

Document = dict[str, Any]
ROOT = Path(__file__).resolve().parents[2]

# `/roll` expressions of every form the bot logs, with the faces each rolls: keep and drop,
# explosions (at the maximum and on a comparison), successes, a product, a repeat, a
# subtracted group, and a roll whose explosions run out of dice.
ROLLS = [
    ("4d6kh3", [6, 5, 1, 4]),
    ("4d6dl1", [2, 2, 5, 3]),
    ("2d20kl1", [17, 4]),
    ("3d6!", [6, 6, 2, 3, 1]),
    ("3d6!>=5", [5, 1, 6, 2, 4]),
    ("6d6>=5", [5, 6, 1, 2, 5, 3]),
    ("4d6kh3>=4", [4, 1, 6, 4]),
    ("2d6*10+1d4", [3, 4, 2]),
    ("3#1d20", [7, 19, 1]),
    ("3d6-1d4+2", [1, 2, 3, 4]),
    ("98d6!", [6, 6, 6] + [1] * 97),
]


async def every_kind_of_roll(table: Table, faces: QueuedFaces) -> None:
    """Player3 rolls each of `ROLLS` (its faces queued), the GM a secret roll revealed."""
    for dice, rolled in ROLLS:
        faces.push(rolled)
        reply = await table.slash(f"/roll dice:{dice} reason:check", as_="player3")
        assert not reply.ephemeral, reply.text()
    faces.push([6, 3])
    secret = await table.slash("/roll dice:2d6+1 secret:true", as_="gm")
    seq = int(secret.embed.description.split("entry #")[1].split(",")[0])
    revealed = await table.slash(f"/reveal entry:{seq}", as_="gm")
    assert not revealed.ephemeral, revealed.text()
    assert faces.pending == []


def verified_offline(document: dict[str, Any], saved: Path) -> subprocess.CompletedProcess[str]:
    """`python -m bot verify` run on the export saved at `saved`, as a player runs it."""
    saved.write_text(json.dumps(document), encoding="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "bot", "verify", str(saved)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


async def exported(table: Table, folder: Path) -> tuple[Document, Path]:
    """`/history export`: the JSON document, and the page saved in `folder`."""
    reply = await table.slash("/history export", as_="player1")
    attachments = [*reply.attachments, *(a for m in reply.followups for a in m.attachments)]
    (data,) = [a for a in attachments if a.filename.endswith(".json.gz")]
    (page,) = [a for a in attachments if a.filename.endswith(".html")]
    saved = folder / page.filename
    saved.write_bytes(page.data)
    return json.loads(gzip.decompress(data.data)), saved


async def test_every_ruleset_and_every_kind_of_roll_still_verify_everywhere(
    table: Table, dice_faces: QueuedFaces, tmp_path: Path
):
    """A turn of all five rulesets (a battle, piracy, a landing, naval orders, a bribe), then
    every form of `/roll` and a revealed secret roll, the turn ended: `/history verify`, the
    offline check of the export and its page each find every total and result agreeing."""
    await create(table)
    await play_turn_one(table)
    await every_kind_of_roll(table, dice_faces)
    question = await table.slash("/turn end", as_="gm")
    await table.click(question, "End turn 1", as_="gm")
    verified = await table.slash("/history verify", as_="player3")
    assert verified.embed.title.startswith("✅"), verified.text()
    document, page = await exported(table, tmp_path)
    rulesets = {e["ruleset"] for e in document["entries"] if e["rolls"]}
    assert {"core", "fleet_combat", "ottoman_piracy"} <= rulesets
    capped = [e for e in document["entries"] if e["outcome"].get("explosions_capped")]
    assert len(capped) == 1  # 98d6!: two dice left to explode, the third 6 did not
    verdict = verify_document(document)
    assert verdict.ok, describe(verdict)
    attrs, lines, _ = page_verdict(page)
    assert attrs["data-state"] == "verified", lines
    assert lines == verdict_lines(document, verdict, "en")


def rewritten(document: Document) -> None:
    """Every hash recomputed, as whoever runs the bot would after rewriting an entry of an
    open turn: the heads the bot posts later (at the turn's end) are the rewritten log's."""
    rechain(document)
    hashes = {e["seq"]: e["hash"] for e in document["entries"]}
    document["anchors"]["heads"] = [[seq, hashes[seq]] for seq, _ in document["anchors"]["heads"]]


def first_roll(document: Document, dice: str) -> Document:
    return next(e for e in document["entries"] if e["options"].get("dice") == dice)


def boarding_total(document: Document) -> None:
    """The `/roll 3d6+1` total rewritten (its total, its term's value, its summary)."""
    entry = first_roll(document, "3d6+1")
    outcome = entry["outcome"]
    outcome["terms"][0]["value"] += 1
    outcome["total"] += 1
    outcome["summary"] = f"{outcome['expression']} = {outcome['total']}"
    rewritten(document)


def boarding_summary(document: Document) -> None:
    """Only the `/roll 3d6+1` summary, the line `/history list` shows, rewritten."""
    entry = first_roll(document, "3d6+1")
    entry["outcome"]["summary"] = "3d6+1 = 20"
    rewritten(document)


def row_total(document: Document) -> None:
    """The `/roll 4d6kh3` roll row's total raised by one."""
    entry = first_roll(document, "4d6kh3")
    entry["rolls"][0][6] += 1
    rewritten(document)


def volley_hits(document: Document) -> None:
    """A fleet combat volley's hit count (its row's successes) raised by one."""
    entry = next(e for e in document["entries"] if e["ruleset"] == "fleet_combat" and e["rolls"])
    entry["rolls"][0][8] += 1
    rewritten(document)


def volley_faces_count(document: Document) -> None:
    """A fleet combat volley noted with one die more than it rolled."""
    entry = next(e for e in document["entries"] if e["ruleset"] == "fleet_combat" and e["rolls"])
    row = entry["rolls"][0]
    count = len(row[4].split(","))
    row[2] = f"{count + 1}d{row[3]}"
    rewritten(document)


def volley_sides(sides: int) -> Callable[[Document], None]:
    """A fleet combat volley's dice said to have `sides` sides (0: not a die at all; 10**20:
    a face no double can hold exactly)."""

    def tamper(document: Document) -> None:
        entry = next(
            e for e in document["entries"] if e["ruleset"] == "fleet_combat" and e["rolls"]
        )
        entry["rolls"][0][3] = sides
        rewritten(document)

    return tamper


def secret_total(document: Document) -> None:
    """The secret roll's hidden result rewritten when it was written (its commitment made
    over the rewritten part), so the reveal matches its commitment."""
    reveal = next(e for e in document["entries"] if "secret_reveal" in e["outcome"])
    payload = reveal["outcome"]["secret_reveal"]["payload"]
    payload["outcome"]["total"] += 1
    seq = reveal["outcome"]["secret_reveal"]["entry"]
    secret = next(e for e in document["entries"] if e["seq"] == seq)
    secret["outcome"]["secret_commitment"] = payload_commitment(canonical(payload))
    rewritten(document)


TAMPERING: dict[str, tuple[Callable[[Document], None], str]] = {
    "a /roll's total": (boarding_total, "roll_result"),
    "a /roll's summary": (boarding_summary, "roll_result"),
    "a roll row's total": (row_total, "roll_total"),
    "a volley's hits": (volley_hits, "roll_successes"),
    "a volley's dice": (volley_faces_count, "roll_dice"),
    "a secret roll's result": (secret_total, "revealed_roll_result"),
    "a volley of dice without sides": (volley_sides(0), "edited"),
    "a volley of 10**20-sided dice": (volley_sides(10**20), "face"),
}


async def tamperable(table: Table) -> Document:
    """A fleet battle resolved at the turn's end, `/roll`s of 3d6+1 and 4d6kh3, a secret roll
    revealed; the export."""
    await red_attacks_blue(table)
    await table.slash("/roll dice:3d6+1 reason:boarding", as_="player1")
    await table.slash("/roll dice:4d6kh3", as_="player2")
    rolled = await table.slash("/roll dice:2d6 secret:true", as_="gm")
    secret = int(rolled.embed.description.split("entry #")[1].split(",")[0])
    await table.slash(f"/reveal entry:{secret}", as_="gm")
    await end_turn(table, 1)
    return await export(table)


@pytest.mark.parametrize("case", sorted(TAMPERING))
async def test_a_rewritten_total_or_result_is_named_offline_and_on_the_page(fair, tmp_path, case):
    """Each rewrite, every hash recomputed: `python -m bot verify FILE` exits 1 naming the
    entry, what its faces give and what it says; the page says the very same (alternately in
    English and Russian) and marks that entry."""
    tamper, kind = TAMPERING[case]
    document = await tamperable(fair)
    assert verify_document(document).ok
    tampered = copy.deepcopy(document)
    tamper(tampered)
    verdict = verify_document(tampered)
    assert verdict.problem is not None and verdict.problem.kind == kind, describe(verdict)
    lines = verdict_lines(tampered, verdict)
    assert lines[0] == "❌ The log has been tampered with"
    assert f"#{verdict.problem.seq}" in lines[1]

    done = verified_offline(tampered, tmp_path / "tampered.json")
    assert done.returncode == 1, done.stdout + done.stderr
    assert done.stdout.splitlines() == lines

    locale = "ru" if sorted(TAMPERING).index(case) % 2 else "en"
    page = tmp_path / f"log-{locale}.html"
    page.write_text(export_page(tampered, locale), encoding="utf-8")
    attrs, shown, marks = page_verdict(page)
    assert attrs["data-state"] == "failed"
    assert (attrs["data-kind"], attrs["data-seq"]) == (kind, str(verdict.problem.seq))
    assert shown == verdict_lines(tampered, verdict, locale)
    assert marks[str(verdict.problem.seq)] == "failed"


async def verify_lines(table: Table) -> str:
    """`/history verify` as player2 reads it: its title and its text."""
    verdict = (await table.slash("/history verify", as_="player2")).embed
    return f"{verdict.title}\n{verdict.description}"


async def test_a_d100_rewritten_in_an_open_turn_fails_history_verify_before_and_after_its_end(
    fair,
):
    """The play-tester's case: player1 rolls d100 for treasure; behind the bot its result is
    rewritten to 100 (total, term, summary) and every hash recomputed. `/history verify`
    names the entry at once, while the turn is open, and again once its end reveals the
    seed: the faces give the roll's own number, the entry says 100."""
    rolled = await fair.slash("/roll dice:d100 reason:treasure", as_="player1")
    seq = int(rolled.embed.footer.split("Entry #")[1].split(" ")[0])
    real = int(rolled.embed.title.rsplit(" ", 1)[1])
    db = fair.bot.db
    row = await db.fetchone("SELECT outcome FROM actions WHERE seq = ?", (seq,))
    outcome = json.loads(row[0])
    outcome.update(total=100, summary="1d100 = 100")
    outcome["terms"][0]["value"] = 100
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE actions SET outcome = ? WHERE seq = ?", (canonical(outcome), seq)
        )
    await rechain_database(fair)
    said = (
        f"❌ The log has been tampered with\nEntry #{seq}: its result says `100`, "
        f"but `1d100` replayed on its logged faces gives `{real}`."
    )
    assert await verify_lines(fair) == said
    await end_turn(fair, 1)
    assert await verify_lines(fair) == said


async def test_a_roll_rows_total_rewritten_in_the_database_fails_history_verify(fair):
    """A 4d6kh3's stored total raised by one behind the bot, every hash recomputed (the
    play-tester's second case): `/history verify` names the roll, its faces and both
    totals; in Russian for a Russian campaign."""
    rolled = await fair.slash("/roll dice:4d6kh3", as_="player2")
    seq = int(rolled.embed.footer.split("Entry #")[1].split(" ")[0])
    db = fair.bot.db
    stored = await db.fetchone(
        "SELECT r.faces, r.total FROM rolls r JOIN actions a ON a.id = r.action_id WHERE a.seq = ?",
        (seq,),
    )
    faces, total = stored[0], stored[1]
    async with db.transaction() as conn:
        await conn.execute(
            "UPDATE rolls SET total = ? WHERE action_id = (SELECT id FROM actions WHERE seq = ?)",
            (total + 1, seq),
        )
    await rechain_database(fair)
    await fair.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = faces.replace(",", ", ")
    said = (
        f"❌ Журнал подделан\nЗапись №{seq}: в броске 1 (`4d6kh3`) выпало {shown}, "
        f"в сумме это {total}, а в записи указано {total + 1}."
    )
    assert await verify_lines(fair) == said


@SQLITE_ONLY
async def test_a_roll_the_previous_release_logged_is_read_and_checked(
    old_database: Path, table: Table
):
    """Entries written before derived dice, secret rolls and state digests (no `dice`, no
    `state`) are read like new ones: the previous release's `/roll 2d6+1` (entry #9: faces 6
    and 1, plus 1: 8) said to have made 9, every hash recomputed, is named with what its
    logged faces give (the untouched old log verifies: tests/test_upgrade.py)."""
    db = table.bot.db
    row = await db.fetchone("SELECT outcome FROM actions WHERE seq = 9")
    outcome = json.loads(row[0])
    assert (outcome["expression"], outcome["total"]) == ("2d6+1", 8)
    outcome.update(total=9, summary="2d6+1 = 9")
    async with db.transaction() as conn:
        await conn.execute("UPDATE actions SET outcome = ? WHERE seq = 9", (canonical(outcome),))
    await rechain_database(table)
    said = (
        "❌ The log has been tampered with\n"
        "Entry #9: its result says `9`, but `2d6+1` replayed on its logged faces gives `8`."
    )
    assert await verify_lines(table) == said
