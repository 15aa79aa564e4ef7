"""A die drawn from a turn's held seed (a hidden entry kept past the turn's end, such as a
raid's hidden duration roll, NO-I13) that does not re-derive is named as the held seed's:
`/history verify`, `python -m bot verify` and the export's page say the same words.

France (player2) raids with the auxiliary squadron Hirondelle, its duration roll hidden; the
raid ends and the roll and the turn's held seed are published. An attacker who rewrites the
whole log then changes the published die, with the commitment of the hidden entry and every
hash recomputed around it.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

from bot.storage.audit import canonical
from bot.verify_export import describe
from bot.verify_export import main
from bot.verify_export import verify_document
from tests.browser import page_verdict
from tests.e2e.test_export_page import page_of
from tests.e2e.test_fair_dice import rechain
from tests.e2e.test_fair_dice import rechain_database
from tests.e2e.test_naval_orders_hidden_raid import fair
from tests.e2e.test_naval_orders_hidden_raid import raid_played_out

__all__ = ["fair"]


def held_die_changed(document: dict[str, Any]) -> tuple[dict[str, Any], int, int, int]:
    """The export with the published held d3 changed, the hidden entry's commitment made to
    match and the chain recomputed; the hidden entry's number, the number of the entry
    publishing it, the true face."""
    tampered = copy.deepcopy(document)
    entries = tampered["entries"]
    hidden = next(e for e in entries if (e.get("dice") or {}).get("seed") == "held")
    reveal = next(
        e for e in entries if e["outcome"].get("secret_reveal", {}).get("entry") == hidden["seq"]
    )
    payload = reveal["outcome"]["secret_reveal"]["payload"]
    row = payload["rolls"][0]
    face = int(row[4])
    row[4] = str(face % 3 + 1)
    hidden["outcome"]["secret_commitment"] = hashlib.sha256(
        canonical(payload).encode("utf-8")
    ).hexdigest()
    rechain(tampered)
    return tampered, hidden["seq"], reveal["seq"], face


async def test_a_held_die_that_does_not_re_derive_is_named_as_the_held_seeds(
    fair, tmp_path, capsys
):
    """The verifier, `python -m bot verify`, `/history verify` and the page name the die and
    "turn 1's held seed" (not its revealed seed, which never drew it)."""
    document = await raid_played_out(fair)
    tampered, hidden, reveal, face = held_die_changed(document)
    expected = (
        f"Hidden entry #{hidden}, revealed in #{reveal}: die 1 of roll 1 (d3) "
        f"shows {face % 3 + 1}, but turn 1's held seed gives {face}."
    )

    verdict = verify_document(tampered)
    assert verdict.problem is not None
    assert (verdict.problem.kind, verdict.problem.seq) == ("held_secret_face", hidden)
    assert describe(verdict, "en")[1] == expected
    assert "а отложенное зерно хода 1 даёт" in describe(verdict, "ru")[1]

    path = tmp_path / "export.json"
    path.write_text(json.dumps(tampered), encoding="utf-8")
    assert main([str(path)]) == 1
    assert expected in capsys.readouterr().out

    async with fair.bot.db.transaction() as conn:
        for entry in tampered["entries"]:
            if entry["seq"] in (hidden, reveal):
                await conn.execute(
                    "UPDATE actions SET outcome = ? WHERE seq = ?",
                    (canonical(entry["outcome"]), entry["seq"]),
                )
    await rechain_database(fair)
    verified = await fair.slash("/history verify", as_="player2")
    assert verified.embed.description == expected

    for locale in ("en", "ru"):
        attrs, lines, _ = page_verdict(page_of(tampered, locale, tmp_path))
        assert (attrs["data-kind"], attrs["data-seq"]) == ("held_secret_face", str(hidden))
        assert lines == describe(verdict, locale)


def public_held_die_changed(document: dict[str, Any]) -> tuple[dict[str, Any], int, int, int]:
    """The export with the hidden held roll rewritten as a public entry's (its dice in the
    entry itself, no commitment, no reveal), its d3 changed and the chain recomputed — an
    entry the bot never writes; the entry's number, the true face and the changed one."""
    tampered = copy.deepcopy(document)
    entries = tampered["entries"]
    hidden = next(e for e in entries if (e.get("dice") or {}).get("seed") == "held")
    reveal = next(
        e for e in entries if e["outcome"].get("secret_reveal", {}).get("entry") == hidden["seq"]
    )
    rolls = copy.deepcopy(reveal["outcome"].pop("secret_reveal")["payload"]["rolls"])
    del hidden["outcome"]["secret_commitment"]
    face = int(rolls[0][4])
    rolls[0][4] = str(face % 3 + 1)
    hidden["rolls"] = rolls
    rechain(tampered)
    return tampered, hidden["seq"], face, face % 3 + 1


async def test_a_public_held_die_that_does_not_re_derive_is_named_the_same_by_both_verifiers(
    fair, tmp_path
):
    """A public entry whose die is drawn from the held seed and does not re-derive: the
    verifier and the export's page give the same verdict, in English and Russian, naming the
    die and "turn 1's held seed"."""
    document = await raid_played_out(fair)
    tampered, seq, face, shown = public_held_die_changed(document)

    verdict = verify_document(tampered)

    assert verdict.problem is not None
    assert (verdict.problem.kind, verdict.problem.seq) == ("held_face", seq)
    assert describe(verdict, "en")[1] == (
        f"Entry #{seq}: die 1 of roll 1 (d3) shows {shown}, but turn 1's held seed gives {face}."
    )
    assert f"а отложенное зерно хода 1 даёт {face}" in describe(verdict, "ru")[1]
    for locale in ("en", "ru"):
        attrs, lines, _ = page_verdict(page_of(tampered, locale, tmp_path))
        assert (attrs["data-kind"], attrs["data-seq"]) == ("held_face", str(seq))
        assert lines == describe(verdict, locale)
