"""`python -m bot verify EXPORT.json`: check a `/history export` with no database and no
Discord — the chain, the commitments, every revealed die, secret rolls, the heads and
commitments the bot posted in the channel, the state and the archive records. Prints OK or
the first failure with its entry number; exits 0 or 1."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bot.i18n import t
from bot.storage.audit import archive_digest
from bot.storage.state_digest import digests
from bot.verify_log import Anchors, LogChecker, Verdict, trusted_seeds


def verify_document(document: dict[str, Any]) -> Verdict:
    """Check an export's contents."""
    entries = list(document.get("entries", ()))
    checker = LogChecker(trusted_seeds(entries), {int(e["seq"]) for e in entries})
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


def main(argv: list[str]) -> int:
    """Check the export named on the command line."""
    if len(argv) != 1:
        print("usage: python -m bot verify EXPORT.json")  # noqa: T201
        return 2
    document = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    verdict = verify_document(document)
    for line in describe(verdict):
        print(line)  # noqa: T201
    return 0 if verdict.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
