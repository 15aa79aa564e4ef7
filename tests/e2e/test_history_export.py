"""`/history export` at scale: gzip files cut to the upload limit, incremental copies, and
the offline verifier reading both."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from bot.standin import Table
from bot.verify_export import describe
from bot.verify_export import main
from bot.verify_export import read_export
from bot.verify_export import verify_document

from .test_fair_dice import end_turn
from .test_fair_dice import fair  # noqa: F401 - the fixture

pytestmark = pytest.mark.usefixtures("fair")


async def play_two_turns(table: Table) -> None:
    await table.slash("/roll dice:3d6+1 reason:boarding", as_="player1")
    await end_turn(table, 1)
    await table.slash("/roll dice:2d20kh1", as_="player2")
    await table.slash("/roll dice:d100", as_="player1")
    await end_turn(table, 2)
    await table.slash("/roll dice:4d6", as_="player1")


def save(reply: Any, folder: Path) -> list[Path]:
    paths = []
    for attachment in reply.attachments:
        path = folder / attachment.filename
        path.write_bytes(attachment.data)
        paths.append(path)
    return paths


async def test_export_is_gzip_and_verifies_offline_as_its_gz_file(fair, tmp_path):  # noqa: F811
    """The JSON arrives as one .json.gz (the log is small) that `python -m bot verify` reads."""
    await play_two_turns(fair)
    reply = await fair.slash("/history export", as_="player1")
    assert "2 gzip-compressed files" in reply.embed.description
    paths = save(reply, tmp_path)
    (document,) = [p for p in paths if p.name == "fair-seas-log.json.gz"]
    assert main([str(document)]) == 0


async def test_a_large_export_is_cut_into_parts_within_the_upload_limit(
    fair,  # noqa: F811
    tmp_path,
    monkeypatch,
):
    """Each file is at most the interaction's upload limit (the stand-in's, made small); the
    message counts the parts; the parts, joined, are the
    whole log and verify (naming one part brings the others)."""
    monkeypatch.setattr("bot.standin.limits.ATTACHMENT_SIZE_LIMIT", 2048)
    await play_two_turns(fair)
    reply = await fair.slash("/history export", as_="player1")
    messages = [reply.message, *reply.followups]
    paths = [p for m in messages for p in save(m, tmp_path)]
    parts = sorted(p for p in paths if ".json.gz." in p.name)
    assert len(parts) > 1 and all(p.stat().st_size <= 2048 for p in paths)
    assert f"JSON parts: {len(parts)}" in reply.embed.description
    assert "cat fair-seas-log.json.gz.* > fair-seas-log.json.gz" in reply.embed.description
    joined = json.loads(gzip.decompress(b"".join(p.read_bytes() for p in parts)))
    assert joined == read_export([parts[0]])
    assert verify_document(joined).ok
    assert main([str(parts[1])]) == 0


async def test_an_incremental_export_starts_at_the_turn_and_verifies_from_its_prev_hash(
    fair,  # noqa: F811
):
    """`since:T2` holds the entries of turn 2 on; it verifies from the hash before its first
    entry, which is the last hash of the full export up to there."""
    await play_two_turns(fair)
    full = read_gz(await fair.slash("/history export", as_="player1"))
    since = read_gz(await fair.slash("/history export since:T2", as_="player1"))
    first = since["entries"][0]["seq"]
    assert [e["seq"] for e in since["entries"]] == [
        e["seq"] for e in full["entries"] if e["turn"] >= 2
    ]
    before = next(e for e in full["entries"] if e["seq"] == first - 1)
    assert since["since"] == {"seq": first, "prev_hash": before["hash"]}
    verdict = verify_document(since)
    assert verdict.ok, describe(verdict)
    assert f"Checked from entry #{first} on" in "\n".join(describe(verdict))
    by_entry = read_gz(await fair.slash(f"/history export since:#{first}", as_="player1"))
    assert by_entry["entries"] == since["entries"]


async def test_an_incremental_export_after_an_undone_turn_end_verifies(fair):  # noqa: F811
    """An undone turn end commits its turn again, so the channel's oldest posting of that
    turn's commitment (the campaign's first message, the undone end's) lies before a copy
    that starts later: the copy of an intact log still verifies, each copy in the chain
    checking what it holds (README, "An incremental export ... What lies before its start
    ... is the earlier copy's to check")."""
    await fair.slash("/roll dice:2d6 reason:before", as_="player1")
    await end_turn(fair, 1)
    await fair.slash("/roll dice:3d6 reason:played in the undone turn", as_="player1")
    redo = await fair.slash("/history undo reason:a roll too many", as_="gm")
    await fair.click(redo, "Undo", as_="gm")
    reopen = await fair.slash("/history undo reason:ended too early", as_="gm")
    await fair.click(reopen, "Undo", as_="gm")
    await fair.slash("/roll dice:1d4 reason:in the reopened turn", as_="player1")
    await end_turn(fair, 1)
    await fair.slash("/roll dice:1d8 reason:turn two", as_="player1")
    assert verify_document(read_gz(await fair.slash("/history export", as_="player1"))).ok
    for since in ("T2", "#3", "#6"):
        copy = read_gz(await fair.slash(f"/history export since:{since}", as_="player1"))
        verdict = verify_document(copy)
        assert verdict.ok, (since, describe(verdict))
    # a commitment the copy holds that no posted head covers is still compared with the
    # one posted for its turn
    tampered = read_gz(await fair.slash("/history export since:#3", as_="player1"))
    tampered["anchors"] = {"heads": [], "commitments": [[2, "0" * 64]]}
    assert verify_document(tampered).problem.kind == "posted_commitment"


async def test_an_incremental_export_with_a_forged_start_fails(fair):  # noqa: F811
    """Changing the hash an incremental copy continues from breaks its first entry."""
    await play_two_turns(fair)
    since = read_gz(await fair.slash("/history export since:#3", as_="player1"))
    since["since"]["prev_hash"] = "0" * 64
    assert not verify_document(since).ok


async def test_export_since_refuses_what_is_not_an_entry_or_a_later_turn(fair):  # noqa: F811
    """A word that is no entry or turn, or a start past the log's end, is refused."""
    bad = await fair.slash("/history export since:yesterday", as_="player1")
    assert bad.ephemeral and "neither an entry" in bad.text()
    late = await fair.slash("/history export since:T9", as_="player1")
    assert late.ephemeral and "Nothing to export" in late.text()


def read_gz(reply: Any) -> dict[str, Any]:
    (data,) = [a for a in reply.attachments if a.filename.endswith(".json.gz")]
    document: dict[str, Any] = json.loads(gzip.decompress(data.data))
    return document
