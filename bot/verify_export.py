"""`python -m bot verify EXPORT.json`: check a `/history export` (its JSON, the .json.gz, or
the parts of a split one) with no database and no Discord — the chain, the commitments,
every revealed die, secret rolls, the heads and commitments the bot posted in the channel,
the state and the archive records. An incremental export (`since`) is checked from its
first entry's `prev_hash`. Prints the verdict, then what it was checked against in the
channel (and which entries no posted head covers, so a rewrite of them is not checked).

`python -m bot verify --database TARGET` checks a database instead: every campaign's log as
`/history verify` does, and every roll row for one that belongs to no entry (PostgreSQL has
no foreign key from a roll to its entry, migration 010).

`--lang en|ru` picks the language of what it prints (by default the export's campaign
language when the export names it, else English). Exit codes: `EXIT_CODES`."""

from __future__ import annotations

import argparse
import glob
import gzip
import json
import re
import sys
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import LANGUAGES
from bot.i18n import t
from bot.storage.audit import VerifyReport
from bot.storage.audit import archive_digest
from bot.storage.state_digest import digests
from bot.verify_log import Anchors
from bot.verify_log import LogChecker
from bot.verify_log import Verdict
from bot.verify_log import trusted_seeds

GZIP_MAGIC = b"\x1f\x8b"
PART_NUMBER = re.compile(r"\.\d{3}$")
ORPHANS_SHOWN = 20  # `--database`: the rolls of no entry listed at most

# What the process exits with (README, "Provably fair dice").
VERIFIED = 0  # the log (every campaign's, with --database) verifies
FAILED = 1  # it does not: tampered, damaged, or a roll of no entry
USAGE = 2  # the command line is wrong (argparse's own code)
# No file (or database) at the path named, or it cannot be read: a missing part of a split
# export, a PostgreSQL server that cannot be reached or refuses the login.
UNREADABLE = 3
# The file is not an export as /history export writes it, nor the database one that this
# version of the bot can read as it is (empty, another program's, damaged, an older or a
# newer version's schema): nothing was checked, and nothing written.
NOT_AN_EXPORT = 4
EXIT_CODES = (
    f"exit codes: {VERIFIED} verified, {FAILED} tampered or damaged, {USAGE} a wrong command "
    f"line, {UNREADABLE} no file (or database) to read at the path named, {NOT_AN_EXPORT} not "
    "an export the bot wrote, nor a database of this version of the bot"
)


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


def channel_lines(document: dict[str, Any], verdict: Verdict, locale: str = "en") -> list[str]:
    """What an intact export was checked against in the channel (the line `/history verify`
    ends with), and a warning for the entries no posted head covers: a rewrite of them
    (edited, then hashed again) changes no hash anyone posted, so it could not be checked."""
    posted = document.get("anchors")
    posted = posted if isinstance(posted, dict) else {}
    heads = [int(seq) for seq, _ in posted.get("heads", ())]
    commitments = len(list(posted.get("commitments", ())))
    lines = [t("history.verify.anchors", locale, heads=len(heads), commitments=commitments)]
    first, last = verdict.first, verdict.first + verdict.count - 1
    covered = max((seq for seq in heads if first <= seq <= last), default=first - 1)
    if not heads:
        lines.append(t("history.verify.no_heads", locale))
    elif covered == last - 1:
        lines.append(t("history.verify.unanchored_last", locale, seq=last))
    elif covered < last:
        lines.append(t("history.verify.unanchored", locale, first=covered + 1, last=last))
    return lines


def verdict_lines(document: dict[str, Any], verdict: Verdict, locale: str = "en") -> list[str]:
    """What the verifier prints (and the exported page shows) for an export: the verdict,
    then, when it holds, what it was checked against in the channel."""
    lines = describe(verdict, locale)
    return lines + channel_lines(document, verdict, locale) if verdict.ok else lines


def export_parts(paths: Sequence[Path]) -> list[Path]:
    """The files of one export in order: one part named alone brings its siblings
    (`NAME.json.gz.001` → `.002`, …); parts are taken in the order of their numbers. A part
    named that does not exist stays named alone: reading it tells it is missing."""
    if len(paths) == 1 and PART_NUMBER.search(paths[0].name) and paths[0].exists():
        stem = PART_NUMBER.sub("", paths[0].name)
        paths = list(paths[0].parent.glob(glob.escape(stem) + ".[0-9][0-9][0-9]"))
    if all(PART_NUMBER.search(p.name) for p in paths):
        return sorted(paths, key=lambda p: p.name)
    return list(paths)


# The CSV /history export writes beside its JSON: `NAME-log.csv.gz`, or its parts (`.001`).
CSV_NAME = re.compile(r"\.csv(\.gz)?(\.\d{3})?$", re.IGNORECASE)
# How that CSV begins: its header's first columns (`bot.history_export.CSV_HEADER`).
CSV_START = b"seq,turn,ruleset,command,"


def json_name(found: re.Match[str]) -> str:
    """The JSON's ending for a CSV's (`.csv.gz` → `.json.gz`, a part's number kept)."""
    return ".json" + (found[1] or "") + (found[2] or "")


def is_csv(paths: Sequence[Path]) -> bool:
    """Whether the file named is the CSV of a /history export (by its name, or by how it
    begins once decompressed), not its JSON."""
    if CSV_NAME.search(paths[0].name):
        return True
    try:
        with paths[0].open("rb") as file:
            head = file.read(len(CSV_START) + 64)
        if head[:2] == GZIP_MAGIC:
            with gzip.open(paths[0], "rb") as file:
                head = file.read(len(CSV_START))
    except (OSError, EOFError, zlib.error):
        return False
    return head.startswith(CSV_START)


def read_export(paths: Sequence[Path]) -> dict[str, Any]:
    """An export's document from `NAME.json`, `NAME.json.gz`, or the parts of a split one."""
    data = b"".join(path.read_bytes() for path in export_parts(paths))
    if data[:2] == GZIP_MAGIC:
        data = gzip.decompress(data)
    document = json.loads(data.decode("utf-8"))
    if not isinstance(document, dict) or not isinstance(document.get("entries"), list):
        raise TypeError("not an export")  # JSON, but no entries: not what /history export wrote
    return document


async def verify_database(target: Path | str, locale: str = "en") -> int:
    """`--database TARGET`: every campaign's log as `/history verify` checks it, then every
    roll row of the database for one whose entry does not exist; prints each failure and a
    summary; 0 when all is well, 1 otherwise. The database is only read
    (`Database.open_read_only`): never created, migrated or written to."""
    from bot.storage.database import Database
    from bot.storage.log import AuditLog
    from bot.storage.verify import orphan_rolls

    db = await Database.open_read_only(target)
    try:
        log = AuditLog(db)
        ids = [int(r[0]) for r in await db.fetchall("SELECT id FROM campaigns ORDER BY id")]
        failed = 0
        for campaign_id in ids:
            verdict = await log.verify(campaign_id)
            if not verdict.ok:
                failed += 1
                shown = " — ".join(
                    describe(verdict, locale)
                    if isinstance(verdict, Verdict)
                    else report_lines(verdict, locale)
                )
                print(t("verify_cli.campaign", locale, id=campaign_id, text=shown))  # noqa: T201
        orphans = await orphan_rolls(db, limit=ORPHANS_SHOWN + 1)
        for orphan in orphans[:ORPHANS_SHOWN]:
            text = t("history.verify.bad.orphan_roll", locale, **orphan.params)
            print(f"{db.label}: {text}")  # noqa: T201
        if not orphans:
            rolls = t("verify_cli.rolls_ok", locale)
        elif len(orphans) > ORPHANS_SHOWN:
            rolls = t("verify_cli.rolls_more", locale, shown=ORPHANS_SHOWN)
        else:
            rolls = t("verify_cli.rolls_orphan", locale)
        # The plural follows the campaigns that verify: «проверку прошла 1 кампания из 5».
        summary = t(
            "verify_cli.summary", locale, count=len(ids) - failed, total=len(ids), rolls=rolls
        )
        print(f"{db.label}: {summary}")  # noqa: T201
    finally:
        await db.close()
    return VERIFIED if failed == 0 and not orphans else FAILED


def report_lines(report: VerifyReport, locale: str = "en") -> list[str]:
    """A chain check's report (a damaged file, or undo marks off the chain) in the words of
    `/history verify`."""
    damaged = report.problem == "damaged"
    title = "history.verify.damaged.title" if damaged else "history.verify.bad.title"
    params = {"seq": report.seq, "count": report.count, "detail": report.detail}
    shown = {k: "—" if v is None else v for k, v in params.items()}
    return [t(title, locale), t(f"history.verify.bad.{report.problem}", locale, **shown)]


def parser() -> argparse.ArgumentParser:
    """The command line (`--help` shows it)."""
    found = argparse.ArgumentParser(
        prog="python -m bot verify",
        description=(
            "Check a /history export (its .json.gz, its .json, or the parts of a split one: "
            "naming the first part brings the others), or with --database every campaign of a "
            "database, as /history verify does."
        ),
        epilog=EXIT_CODES + ".",
    )
    found.add_argument("export", nargs="*", metavar="EXPORT", help="the export's file(s)")
    found.add_argument(
        "--database",
        metavar="TARGET",
        help="sqlite:PATH, a SQLite file's path, or a postgresql:// URL",
    )
    found.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="the language of the verdict (default: the export's campaign language, else en)",
    )
    return found


def main(argv: list[str]) -> int:
    """Check the export named on the command line (its file, .gz or parts), or with
    `--database TARGET` (`sqlite:PATH`, a path or a `postgresql://` URL) a whole database.
    Each mistake (a missing file, one that is not an export) is one sentence and its own
    exit code."""
    command = parser()
    try:
        options = command.parse_args(argv)
    except SystemExit as done:  # --help (0) or a wrong command line (2): argparse said why
        return int(done.code or 0)
    if (options.database is None) == (not options.export):
        command.print_usage()
        print(t("verify_cli.one_target", options.lang or DEFAULT_LANGUAGE))  # noqa: T201
        return USAGE
    if options.database is not None:
        return verify_database_main(options.database, options.lang or DEFAULT_LANGUAGE)
    paths = [Path(arg) for arg in options.export]
    locale = options.lang or DEFAULT_LANGUAGE
    try:
        document = read_export(paths)
        verdict = verify_document(document)
    except FileNotFoundError as missing:
        print(t("verify_cli.missing", locale, path=missing.filename))  # noqa: T201
        return UNREADABLE
    except (EOFError, zlib.error, gzip.BadGzipFile):  # BadGzipFile is an OSError: first
        print(t("verify_cli.truncated", locale, path=paths[0]))  # noqa: T201
        return NOT_AN_EXPORT
    except OSError as error:
        name = error.filename or paths[0]
        print(t("verify_cli.unreadable", locale, path=name, reason=error.strerror))  # noqa: T201
        return UNREADABLE
    except (UnicodeDecodeError, json.JSONDecodeError):
        if is_csv(paths):  # the other file /history export gave: point to the JSON beside it
            sibling = CSV_NAME.sub(json_name, paths[0].name)
            if sibling == paths[0].name:
                print(t("verify_cli.csv_unnamed", locale, path=paths[0]))  # noqa: T201
            else:
                json_path = paths[0].with_name(sibling)
                print(t("verify_cli.csv", locale, path=paths[0], json=json_path))  # noqa: T201
            return NOT_AN_EXPORT
        print(t("verify_cli.not_json", locale, path=paths[0]))  # noqa: T201
        return NOT_AN_EXPORT
    except (KeyError, TypeError, ValueError, AttributeError, IndexError):
        print(t("verify_cli.malformed", locale, path=paths[0]))  # noqa: T201
        return NOT_AN_EXPORT
    if options.lang is None and document.get("language") in LANGUAGES:
        locale = str(document["language"])
    for line in verdict_lines(document, verdict, locale):
        print(line)  # noqa: T201
    return VERIFIED if verdict.ok else FAILED


def verify_database_main(database: str, locale: str) -> int:
    """`--database TARGET`: a missing SQLite file, one that is no Privateer database, a
    server that cannot be reached, or a database the bot cannot read as it is, is one
    sentence; else every campaign is checked."""
    import asyncio

    from bot.db_commands import database_arg
    from bot.storage.health import DatabaseUnreachable
    from bot.storage.health import DatabaseUnusable

    target = database_arg(database)
    if isinstance(target, Path) and not target.is_file():
        print(t("verify_cli.no_database", locale, path=target))  # noqa: T201
        return UNREADABLE
    try:
        return asyncio.run(verify_database(target, locale))
    except DatabaseUnusable as unusable:
        print(unusable.message.render(locale))  # noqa: T201 - one sentence for the operator
        return UNREADABLE if isinstance(unusable, DatabaseUnreachable) else NOT_AN_EXPORT


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
