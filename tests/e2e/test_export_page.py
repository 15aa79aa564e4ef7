"""The self-checking page of `/history export`, opened in headless Chromium from a file: its
verdict (state, the entry it names, the very texts) equals `verify_document`'s, which equals
`/history verify`'s, for an untouched export and for each tampering the verify tests use; in
both languages."""

from __future__ import annotations

import copy
import gzip
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bot.export_page import export_page
from bot.standin import Table
from bot.verify_export import describe
from bot.verify_export import verdict_lines
from bot.verify_export import verify_document
from tests.browser import page_verdict
from tests.e2e.play import red_attacks_blue
from tests.e2e.test_fair_dice import end_turn
from tests.e2e.test_fair_dice import export
from tests.e2e.test_fair_dice import fair
from tests.e2e.test_fair_dice import rechain

__all__ = ["fair"]

Document = dict[str, Any]


async def eventful_campaign(table: Table) -> Document:
    """Factions, a fleet battle resolved at turn end, plain and secret rolls, a reveal, the
    next turn's roll: every kind of entry the verifier checks; the export."""
    await red_attacks_blue(table)
    await table.slash("/roll dice:3d6+1 reason:boarding", as_="player1")
    rolled = await table.slash("/roll dice:d20 secret:true", as_="gm")
    secret = int(rolled.embed.description.split("entry #")[1].split(",")[0])
    await table.slash(f"/reveal entry:{secret}", as_="gm")
    await end_turn(table, 1)
    await table.slash("/roll dice:d100", as_="player1")
    return await export(table)


def edit_face(document: Document) -> None:
    roll = next(e for e in document["entries"] if e["command"] == "roll" and e["rolls"])
    faces = [int(f) for f in roll["rolls"][0][4].split(",")]
    faces[1] = faces[1] % 6 + 1
    roll["rolls"][0][4] = ",".join(map(str, faces))
    rechain(document)


def edit_seed(document: Document) -> None:
    closing = next(e for e in document["entries"] if "seed_reveal" in e["outcome"])
    closing["outcome"]["seed_reveal"]["seed"] = "00" * 32
    rechain(document)


def edit_commitment(document: Document) -> None:
    document["entries"][0]["outcome"]["seed_commitment"]["sha256"] = "ab" * 32
    rechain(document)


def edit_posted_head(document: Document) -> None:
    document["anchors"]["heads"][0][1] = "cd" * 32


def rewrite_log(document: Document) -> None:
    document["entries"][0]["created_at"] = "2020-01-01T00:00:00+00:00"
    rechain(document)


def rewrite_below_recorded_head(document: Document) -> None:
    """A rewrite that leaves the head the bot recorded (and no posted head to compare): the
    chain no longer ends there, which is no entry missing (a last entry #N+1 never was)."""
    head = document["head"]
    document["entries"][1]["created_at"] = "2020-01-01T00:00:00+00:00"
    rechain(document)
    document["head"] = head
    document["anchors"]["heads"] = []


def append_after_recorded_head(document: Document) -> None:
    """The last entry added after the head the bot recorded (the head is the entry before
    it's): the chain runs past that head, which is no entry missing."""
    entries = document["entries"]
    document["head"] = [len(entries) - 1, entries[-2]["hash"]]


def edit_secret_reveal(document: Document) -> None:
    reveal = next(e for e in document["entries"] if "secret_reveal" in e["outcome"])
    row = reveal["outcome"]["secret_reveal"]["payload"]["rolls"][0]
    row[4] = str(int(row[4]) % 20 + 1)
    rechain(document)


def swap_entries(document: Document) -> None:
    entries = document["entries"]
    entries[1], entries[2] = entries[2], entries[1]


def edit_entry(document: Document) -> None:
    document["entries"][3]["command"] = "roll twice"


def remove_entry(document: Document) -> None:
    del document["entries"][4]


def edit_state(document: Document) -> None:
    document["state"]["factions"][0][2] = 1


def edit_on_deadline(document: Document) -> None:
    document["state"]["core"]["on_deadline"] = "end_turn"  # a core setting (digest version 2)


def edit_battle_log(document: Document) -> None:
    record = document["archive"][0]
    record["body"] = record["body"].replace("cruiser", "dreadnought", 1)


def remove_battle_log(document: Document) -> None:
    del document["archive"][0]


TAMPERING: dict[str, tuple[Callable[[Document], None], str]] = {
    "an edited face": (edit_face, "face"),
    "an edited seed": (edit_seed, "seed"),
    "an edited commitment": (edit_commitment, "seed"),
    "an edited posted head": (edit_posted_head, "posted_head"),
    "a rewritten log": (rewrite_log, "posted_head"),
    "a rewrite below the recorded head": (rewrite_below_recorded_head, "head"),
    "an edited secret reveal": (edit_secret_reveal, "secret"),
    "two swapped entries": (swap_entries, "reordered"),
    "an edited entry": (edit_entry, "edited"),
    "a removed entry": (remove_entry, "removed"),
    "state edited outside the bot": (edit_state, "state"),
    "a turn schedule edited outside the bot": (edit_on_deadline, "state"),
    "an edited battle log": (edit_battle_log, "archive_edited"),
    "a removed battle log": (remove_battle_log, "archive_removed"),
    # last in the sorted order, so every case above keeps its language
    "with an entry appended after the recorded head": (append_after_recorded_head, "head"),
}


def page_of(document: Document, locale: str, folder: Path) -> Path:
    page = folder / f"log-{locale}.html"
    page.write_text(export_page(document, locale), encoding="utf-8")
    return page


@pytest.mark.parametrize(("reader", "locale"), [("player3", "en"), ("player1", "ru")])
async def test_an_untouched_export_page_says_verified_in_the_campaigns_language(
    fair, tmp_path, reader, locale
):
    """The page attached to `/history export` checks the whole log (chain, battle log,
    commitments, every derived die, the secret roll's reveal) and says what `/history verify`
    says, every entry marked verified. It is attached in the channel, so it reads in the
    campaign's language, not the exporter's (issue 18): player3 reads Russian in an English
    campaign, player1 English in a Russian one."""
    document = await eventful_campaign(fair)
    assert document["archive"], "the battle wrote its log"
    if locale == "ru":
        await fair.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    reply = await fair.slash("/history export", as_=reader)
    attachments = [*reply.attachments, *(a for m in reply.followups for a in m.attachments)]
    (attached,) = [a for a in attachments if a.filename.endswith(".html")]
    (data,) = [a for a in attachments if a.filename.endswith(".json.gz")]
    page = tmp_path / attached.filename
    page.write_bytes(attached.data)
    assert f'<html lang="{locale}">' in attached.text
    assert "<script src" not in attached.text and "<link" not in attached.text  # self-contained
    assert "boarding" in attached.text and "[FC-5.10]" in attached.text  # purposes, clauses
    boarding = next(e for e in document["entries"] if e["command"] == "roll" and e["rolls"])
    purpose, _, notation, _, faces, _, total, *_ = boarding["rolls"][0]
    shown = f"{purpose}: <code>{notation}</code> → {faces.replace(',', ', ')} (Σ {total})"
    assert shown in attached.text
    attrs, lines, marks = page_verdict(page)
    exported = json.loads(gzip.decompress(data.data))
    verdict = verify_document(exported)
    assert verdict.ok and verdict.derived_dice > 0
    assert attrs["data-state"] == "verified"
    assert lines == verdict_lines(exported, verdict, locale)
    assert set(marks.values()) == {"verified"} and len(marks) == verdict.count


@pytest.mark.parametrize(
    ("tamper", "recorded"),
    [(rewrite_below_recorded_head, 0), (append_after_recorded_head, -1)],
)
async def test_a_chain_off_its_recorded_head_is_named_at_that_head(fair, tamper, recorded):
    """A chain that does not end at the head the bot recorded is named at that head: at the
    last entry when it was rewritten below it, at the entry before the last when the last was
    added after it (never as an entry missing after the chain's end)."""
    document = await eventful_campaign(fair)
    tamper(document)
    verdict = verify_document(document)
    assert verdict.problem is not None
    assert (verdict.problem.kind, verdict.problem.seq) == (
        "head",
        len(document["entries"]) + recorded,
    )


@pytest.mark.parametrize("case", sorted(TAMPERING))
async def test_a_tampered_export_page_names_what_history_verify_names(fair, tmp_path, case):
    """Each tampering of the verify tests, in the page: the same kind, the same entry, the
    same sentence (alternately in English and Russian), that entry marked as the first that
    does not verify."""
    tamper, kind = TAMPERING[case]
    document = await eventful_campaign(fair)
    tampered = copy.deepcopy(document)
    tamper(tampered)
    verdict = verify_document(tampered)
    assert verdict.problem is not None and verdict.problem.kind == kind
    locale = "ru" if sorted(TAMPERING).index(case) % 2 else "en"
    attrs, lines, marks = page_verdict(page_of(tampered, locale, tmp_path))
    assert attrs["data-state"] == "failed"
    assert (attrs["data-kind"], attrs["data-seq"]) == (kind, str(verdict.problem.seq or ""))
    assert lines == describe(verdict, locale)
    if str(verdict.problem.seq) in marks:
        assert marks[str(verdict.problem.seq)] == "failed"
