"""`python -m bot verify EXPORT.json`: check a `/history export` (its JSON, the .json.gz, or
the parts of a split one) with no database and no Discord — the chain, the commitments,
every revealed die, secret rolls, the heads and commitments the bot posted in the channel,
the state and the archive records. An incremental export (`since`) is checked from its
first entry's `prev_hash`. Prints OK or the first failure with its entry number; exits 0
or 1.

`python -m bot verify --database TARGET` checks a database instead: every campaign's log as
`/history verify` does, and every roll row for one that belongs to no entry (PostgreSQL has
no foreign key from a roll to its entry, migration 010)."""

from __future__ import annotations

import glob
import gzip
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.i18n import t
from bot.storage.audit import archive_digest
from bot.storage.state_digest import digests
from bot.verify_log import Anchors
from bot.verify_log import LogChecker
from bot.verify_log import Verdict
from bot.verify_log import trusted_seeds

GZIP_MAGIC = b"\x1f\x8b"
PART_NUMBER = re.compile(r"\.\d{3}$")
ORPHANS_SHOWN = 20  # `--database`: the rolls of no entry listed at most


def verify_document(document: dict[str, Any]) -> Verdict:
    """Check an export's contents."""
    entries = list(document.get("entries", ()))
    since = document.get("since")
    start = None if since is None else (int(since["seq"]), str(since["prev_hash"]))
    checker = LogChecker(trusted_seeds(entries), {int(e["seq"]) for e in entries}, start)
    for entry in entries:
        if checker.add(entry):
            break
    posted = document.get("anchors", {})
    anchors = Anchors(
        heads={int(seq): str(digest) for seq, digest in posted.get("heads", ())},
        commitments={int(turn): str(digest) for turn, digest in posted.get("commitments", ())},
    )
    head = document.get("head")
    state = document.get("state")
    return checker.finish(
        head=None if head is None else (int(head[0]), str(head[1])),
        anchors=anchors,
        state=None if state is None else digests(state),
        archive={
            (str(a["ruleset"]), str(a["key"]), int(a["seq"])): archive_digest(str(a["body"]))
            for a in document.get("archive", ())
        },
    )


def describe(verdict: Verdict, locale: str = "en") -> list[str]:
    """The verdict as lines of text (the same catalog texts as `/history verify`)."""
    if verdict.problem is not None:
        params = {"count": verdict.count, **verdict.problem.params, "seq": verdict.problem.seq}
        params = {k: "—" if v is None else v for k, v in params.items()}
        return [
            t("history.verify.bad.title", locale),
            t(f"history.verify.bad.{verdict.problem.kind}", locale, **params),
        ]
    lines = [t("history.verify.ok", locale, count=verdict.count)]
    if verdict.first > 1:
        lines.append(t("history.verify.since", locale, seq=verdict.first, prev=verdict.first_prev))
    lines.append(
        t(
            "history.verify.derived",
            locale,
            count=verdict.derived_dice,
            turns=verdict.revealed_turns,
        )
    )
    if verdict.open_turn is not None:
        lines.append(
            t(
                "history.verify.open",
                locale,
                turn=verdict.open_turn,
                commitment=verdict.open_commitment,
            )
        )
    if verdict.unprovable:
        lines.append(t("history.verify.unprovable", locale, count=verdict.unprovable))
    return lines


def export_parts(paths: Sequence[Path]) -> list[Path]:
    """The files of one export in order: one part named alone brings its siblings
    (`NAME.json.gz.001` → `.002`, …); parts are taken in the order of their numbers."""
    if len(paths) == 1 and PART_NUMBER.search(paths[0].name):
        stem = PART_NUMBER.sub("", paths[0].name)
        paths = list(paths[0].parent.glob(glob.escape(stem) + ".[0-9][0-9][0-9]"))
    if all(PART_NUMBER.search(p.name) for p in paths):
        return sorted(paths, key=lambda p: p.name)
    return list(paths)


def read_export(paths: Sequence[Path]) -> dict[str, Any]:
    """An export's document from `NAME.json`, `NAME.json.gz`, or the parts of a split one."""
    data = b"".join(path.read_bytes() for path in export_parts(paths))
    if data[:2] == GZIP_MAGIC:
        data = gzip.decompress(data)
    document = json.loads(data.decode("utf-8"))
    if not isinstance(document, dict):
        raise ValueError("not an export")
    return document


async def verify_database(target: Path | str, locale: str = "en") -> int:
    """`--database TARGET`: every campaign's log as `/history verify` checks it, then every
    roll row of the database for one whose entry does not exist; prints each failure and a
    summary; 0 when all is well, 1 otherwise."""
    from bot.storage.database import Database
    from bot.storage.log import AuditLog
    from bot.storage.verify import orphan_rolls

    db = await Database.open(target)
    try:
        log = AuditLog(db)
        ids = [int(r[0]) for r in await db.fetchall("SELECT id FROM campaigns ORDER BY id")]
        failed = 0
        for campaign_id in ids:
            verdict = await log.verify(campaign_id)
            if not verdict.ok:
                failed += 1
                lines = describe(verdict, locale) if isinstance(verdict, Verdict) else []
                shown = " ".join(lines) or str(getattr(verdict, "problem", ""))
                print(f"campaign {campaign_id}: {shown}")  # noqa: T201
        orphans = await orphan_rolls(db, limit=ORPHANS_SHOWN + 1)
        for orphan in orphans[:ORPHANS_SHOWN]:
            text = t("history.verify.bad.orphan_roll", locale, **orphan.params)
            print(f"{db.label}: {text}")  # noqa: T201
        print(  # noqa: T201
            f"{db.label}: {len(ids) - failed} of {len(ids)} campaigns verify; "
            + (
                "every roll belongs to an entry."
                if not orphans
                else "rolls of no entry above"
                + (
                    f" (the first {ORPHANS_SHOWN}; there are more)."
                    if len(orphans) > ORPHANS_SHOWN
                    else "."
                )
            )
        )
    finally:
        await db.close()
    return 0 if failed == 0 and not orphans else 1


def main(argv: list[str]) -> int:
    """Check the export named on the command line (its file, .gz or parts), or with
    `--database TARGET` (`sqlite:PATH`, a path or a `postgresql://` URL) a whole database."""
    if not argv or (argv[0] == "--database" and len(argv) != 2):
        print(  # noqa: T201
            "usage: python -m bot verify EXPORT.json | EXPORT.json.gz | PART.001 PART.002 …\n"
            "       python -m bot verify --database sqlite:PATH | postgresql://…"
        )
        return 2
    if argv[0] == "--database":
        import asyncio

        from bot.db_commands import database_arg

        target = database_arg(argv[1])
        if isinstance(target, Path) and not target.exists():
            print(f"There is no database at {target}: name the SQLite file to verify.")  # noqa: T201
            return 2
        return asyncio.run(verify_database(target))
    document = read_export([Path(arg) for arg in argv])
    verdict = verify_document(document)
    for line in describe(verdict):
        print(line)  # noqa: T201
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
