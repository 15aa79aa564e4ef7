"""`python -m bot verify` as a player handed an export uses it: the verdict says what it was
checked against in the channel and which entries no posted head covers (an export stripped of
its heads says a rewrite could not be checked), the exported page says the same; `--help`,
a missing file or one that is not an export get one sentence and their own exit code; the
verdict reads in the campaign's language or the one asked for; `--database` words a failure
with the catalog's sentences."""

from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from bot.standin import Table
from bot.verify_export import FAILED
from bot.verify_export import NOT_AN_EXPORT
from bot.verify_export import UNREADABLE
from bot.verify_export import USAGE
from bot.verify_export import VERIFIED
from bot.verify_export import main
from bot.verify_export import verdict_lines
from bot.verify_export import verify_database
from bot.verify_export import verify_document
from tests.browser import page_verdict
from tests.e2e.test_export_page import page_of
from tests.e2e.test_fair_dice import end_turn
from tests.e2e.test_fair_dice import export
from tests.e2e.test_fair_dice import fair
from tests.e2e.test_fair_dice import rechain

__all__ = ["fair"]

CHANNEL = "Checked against what the bot posted in the channel: chain heads: {}, commitments: {}."
NO_HEADS = (
    "⚠️ This export holds no chain head posted in the channel: a rewrite of its entries "
    "(edited, then hashed again) could not be checked, only that they agree with one another."
)


def saved(document: dict[str, Any], folder: Path, name: str = "log.json") -> str:
    path = folder / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main(args)
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return code, captured.out.splitlines()


async def test_the_verdict_says_what_the_channel_anchors_and_what_it_does_not(
    fair: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """An intact export ends with the channel line of `/history verify`; entries after the
    last posted head are named as not checkable against a rewrite; an export whose heads are
    removed, or emptied, and whose entry is rewritten with the chain recomputed, still
    verifies, but says plainly that a rewrite could not be checked. The page says the same."""
    await fair.slash("/roll dice:2d6 reason:morale", as_="player1")
    await end_turn(fair, 1)  # its message carries the head of the turn end's entry
    document = await export(fair)
    heads = len(document["anchors"]["heads"])
    commitments = len(document["anchors"]["commitments"])
    assert heads >= 1 and commitments == 2
    code, lines = run([saved(document, tmp_path)], capsys)
    assert code == VERIFIED
    assert lines[0].startswith("✅ The log is intact")
    assert lines[-1] == CHANNEL.format(heads, commitments)  # the turn end's head is the last

    await fair.slash("/roll dice:d20 reason:ambush", as_="player1")
    await fair.slash("/roll dice:d100 reason:loot", as_="player2")
    document = await export(fair)
    last = document["entries"][-1]["seq"]
    code, lines = run([saved(document, tmp_path)], capsys)
    assert code == VERIFIED
    assert lines[-2:] == [
        CHANNEL.format(heads, commitments),
        f"⚠️ No chain head posted in the channel covers entries #{last - 1}–#{last} (heads "
        "are posted at turn ends and at undos of them): a rewrite of them (edited, then hashed "
        "again) could not be checked.",
    ]
    assert lines == verdict_lines(document, verify_document(document), "en")
    attrs, shown, _ = page_verdict(page_of(document, "en", tmp_path))
    assert attrs["data-state"] == "verified" and shown == lines

    roll = next(e for e in document["entries"] if e["options"].get("reason") == "morale")
    roll["options"]["reason"] = "morale (the GM approved a re-roll)"
    rechain(document)
    code, lines = run([saved(document, tmp_path)], capsys)
    assert code == FAILED and "chain head posted in the channel" in lines[1]  # anchored
    for strip in ("emptied", "removed"):
        stripped = copy.deepcopy(document)
        if strip == "emptied":
            stripped["anchors"] = {"heads": [], "commitments": []}
        else:
            del stripped["anchors"]
        code, lines = run([saved(stripped, tmp_path)], capsys)
        assert code == VERIFIED  # nothing in the export contradicts it…
        assert lines[-2] == CHANNEL.format(0, 0)
        assert lines[-1].startswith(NO_HEADS)  # …and it says what was not checked
        attrs, shown, _ = page_verdict(page_of(stripped, "ru", tmp_path))
        assert shown == verdict_lines(stripped, verify_document(stripped), "ru")
        assert shown[-1].startswith("⚠️ В этой выгрузке нет ни одной вершины цепочки")


async def test_a_single_uncovered_entry_is_named_alone(
    fair: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    await end_turn(fair, 1)
    await fair.slash("/roll dice:d6", as_="player1")
    document = await export(fair)
    last = document["entries"][-1]["seq"]
    code, lines = run(["--lang", "ru", saved(document, tmp_path)], capsys)
    assert code == VERIFIED
    assert lines[-1] == (
        f"⚠️ Последнюю запись, №{last}, не покрывает ни одна вершина цепочки, опубликованная "
        "в канале (их публикуют в конце хода и при отмене его завершения): если её переписали "
        "(изменили и пересчитали хеши), этого не проверить."
    )


async def test_an_ordinary_undo_posts_no_head_and_the_verdict_does_not_say_it_does(
    fair: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """Play-test M, finding 3: only a turn's end (or an undo of one) posts a chain head; an
    ordinary undo's answer has none, so its entry is named as not covered, and the verdict
    says heads come at turn ends and at their undos, not at every undo (both languages)."""
    await end_turn(fair, 1)
    await fair.slash("/roll dice:2d6 reason:secret", as_="player1")
    question = await fair.slash("/history undo reason:test", as_="gm")
    answer = await fair.click(question, "Undo", as_="gm")
    assert "⛓" not in answer.text(), answer.text()
    document = await export(fair)
    last = document["entries"][-1]["seq"]
    assert document["entries"][-1]["command"] == "history undo"
    code, lines = run([saved(document, tmp_path)], capsys)
    assert code == VERIFIED
    assert lines[-1] == (
        f"⚠️ No chain head posted in the channel covers entries #{last - 1}–#{last} (heads "
        "are posted at turn ends and at undos of them): a rewrite of them (edited, then hashed "
        "again) could not be checked."
    )
    stripped = {**document, "anchors": {"heads": [], "commitments": []}}
    code, lines = run([saved(stripped, tmp_path)], capsys)
    assert lines[-1].endswith(
        "The bot posts a head (⛓ #entry hash) at each turn's end and at each undo of one: "
        "compare those with the entries' hashes."
    )
    code, lines = run(["--lang", "ru", saved(stripped, tmp_path)], capsys)
    assert lines[-1].endswith(
        "Бот публикует вершину (⛓ #запись хеш) в конце каждого хода и при каждой отмене его "
        "завершения: сверьте их с хешами записей."
    )


async def test_the_csv_of_an_export_is_named_and_its_json_pointed_to(
    fair: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """Play-test M, finding 11: /history export gives a `.json.gz` and a `.csv.gz`; a player
    who names the CSV is told it is the CSV, for reading, and which file to verify instead
    (exit 4, both languages); a CSV renamed is still known by how it begins."""
    await fair.slash("/roll dice:2d6 reason:morale", as_="player1")
    reply = await fair.slash("/history export", as_="player1")
    (table,) = [a for a in reply.attachments if a.filename.endswith(".csv.gz")]
    (data,) = [a for a in reply.attachments if a.filename.endswith(".json.gz")]
    path = tmp_path / table.filename
    path.write_bytes(table.data)
    (tmp_path / data.filename).write_bytes(data.data)
    beside = tmp_path / data.filename
    code, lines = run([str(path)], capsys)
    assert code == NOT_AN_EXPORT
    assert lines == [
        f"{path} is the CSV of /history export, for reading in a spreadsheet: it holds no hash "
        f"chain, so it was not checked. Verify the JSON export it came with: python -m bot "
        f"verify {beside}"
    ]
    code, lines = run(["--lang", "ru", str(path)], capsys)
    assert code == NOT_AN_EXPORT
    assert lines == [
        f"Файл {path} — CSV из /журнал выгрузить, его открывают в электронной таблице: цепочки "
        f"хешей в нём нет, поэтому он не проверен. Проверьте JSON-выгрузку, полученную вместе с "
        f"ним: python -m bot verify {beside}"
    ]
    assert run([str(beside)], capsys)[0] == VERIFIED  # the file it points to verifies
    renamed = tmp_path / "log.gz"
    renamed.write_bytes(table.data)
    code, lines = run([str(renamed)], capsys)
    assert code == NOT_AN_EXPORT
    assert lines[0].startswith(f"{renamed} is the CSV of /history export")
    assert lines[0].endswith("Verify the .json.gz file that came with it.")


async def test_help_and_ordinary_mistakes_get_one_sentence_and_their_own_exit_code(
    fair: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """No traceback: `--help` shows the usage and the exit codes (0); naming nothing, or a
    language the bot does not speak, is a wrong command line (2); a missing file (3); a file
    that is not JSON, a gzip file cut short, JSON that is no export (4); each named in one
    sentence, in the language asked for."""
    code, lines = run(["--help"], capsys)
    assert code == 0
    assert lines[0].startswith("usage: python -m bot verify")
    assert "exit codes: 0 verified, 1 tampered or damaged, 2 a wrong command line" in " ".join(
        lines
    )
    code, lines = run([], capsys)
    assert code == USAGE
    assert lines[-1] == "Name an export's file(s) or --database TARGET, not both and not neither."
    assert main(["--lang", "de", "log.json"]) == USAGE
    capsys.readouterr()

    missing = tmp_path / "nowhere.json.gz"
    code, lines = run([str(missing)], capsys)
    assert (code, lines) == (
        UNREADABLE,
        [
            f"There is no file {missing}: name the export /history export gave (its .json.gz, "
            "its .json, or the parts of a split one)."
        ],
    )
    text = tmp_path / "notes.txt"
    text.write_text("my notes, not an export", encoding="utf-8")
    code, lines = run([str(text)], capsys)
    assert (code, lines) == (
        NOT_AN_EXPORT,
        [
            f"{text} is not an export of /history export: it is neither JSON nor "
            "gzip-compressed JSON, so it was not checked."
        ],
    )
    document = await export(fair)
    cut = tmp_path / "cut.json.gz"
    cut.write_bytes(gzip.compress(json.dumps(document).encode())[:200])
    code, lines = run([str(cut)], capsys)
    assert code == NOT_AN_EXPORT and lines == [
        f"{cut} is gzip-compressed but damaged or cut short, so it was not checked: save the "
        "export again (every part of a split one)."
    ]
    other = saved({"name": "not a log"}, tmp_path, "other.json")
    code, lines = run(["--lang", "ru", other], capsys)
    assert code == NOT_AN_EXPORT
    assert lines == [
        f"Файл {other} — JSON, но не такая выгрузка, какую пишет /журнал выгрузить (нет списка "
        "записей или его части устроены иначе), поэтому он не проверен."
    ]
    code, lines = run(["--lang", "ru", str(missing)], capsys)
    assert code == UNREADABLE and lines[0].startswith(f"Файла {missing} нет")


async def test_the_verdict_reads_in_the_campaigns_language_or_the_one_asked_for(
    fair: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """The export names its campaign's language: a Russian campaign's verdict is in Russian
    by default, `--lang en` gives English; a tampered one is named in the language asked."""
    await fair.slash("/roll dice:2d6", as_="player1")
    await fair.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    document = await export(fair)
    assert document["language"] == "ru"
    path = saved(document, tmp_path)
    code, lines = run([path], capsys)
    assert code == VERIFIED and lines[0].startswith("✅ Журнал цел: проверены 3 записи.")
    assert lines[-2].startswith("Сверено с опубликованным ботом в канале")
    code, lines = run([path, "--lang", "en"], capsys)
    assert code == VERIFIED and lines[0] == "✅ The log is intact: 3 entries verified."

    roll = next(e for e in document["entries"] if e["command"] == "roll")
    roll["rolls"][0][4] = "6,6"
    code, lines = run([saved(document, tmp_path)], capsys)
    assert code == FAILED
    assert lines == [
        "❌ Журнал подделан",
        f"Запись №{roll['seq']} изменена задним числом (предыдущие записи целы: 1).",
    ]


async def test_database_names_edited_undo_marks_in_the_catalogs_words(
    fair: Table, capsys: pytest.CaptureFixture[str]
):
    """`--database` on a campaign whose undo marks were edited by hand prints the sentence
    `/history verify` gives, not the raw key `undo_marks`, after the verdict's title and a
    dash (not run into it: "tampered with The chain"); in Russian with `--lang ru`."""
    await fair.slash("/roll dice:d100 reason:treasure", as_="gm")
    question = await fair.slash("/history undo reason:misclick", as_="gm")
    await fair.click(question, "Undo", as_="gm")
    path = fair.bot.db.label
    async with fair.bot.db.transaction() as conn:
        await conn.execute("DELETE FROM undone_actions")
    assert await verify_database(Path(path)) == FAILED
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (
        "campaign 1: ❌ The log has been tampered with — The chain is intact, but the entries "
        "marked undone are not the ones the undo entries name: the marks were edited."
    )
    assert out[1].endswith(": 0 of 1 campaigns verify; every roll belongs to an entry.")
    assert "undo_marks" not in "\n".join(out)
    assert await verify_database(Path(path), "ru") == FAILED
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("кампания 1: ❌ Журнал подделан — Цепочка")
    assert out[1].endswith(": проверку прошли 0 кампаний из 1; каждый бросок принадлежит записи.")
