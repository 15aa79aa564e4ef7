"""The export's gzip parts and their grouping into messages, without Discord."""

from __future__ import annotations

import gzip
import hashlib
from pathlib import Path

import pytest

from bot.errors import GameError
from bot.history_export import PartWriter
from bot.history_export import Since
from bot.history_export import parse_since
from bot.history_export import spreadsheet_text
from bot.history_export import upload_batches


def incompressible(blocks: int) -> str:
    return "".join(hashlib.sha256(str(i).encode()).hexdigest() for i in range(blocks))


def test_parts_fit_the_limit_and_join_into_the_gzip_of_the_text(tmp_path: Path) -> None:
    """Every part is at most the limit; joined in order they are one gzip of all the text."""
    text = incompressible(2000)  # 128,000 characters that gzip cannot shrink much
    writer = PartWriter(tmp_path, "log.json", 10_000)
    for start in range(0, len(text), 777):
        writer.write(text[start : start + 777])
    parts = writer.close()
    assert [p.name for p in parts[:2]] == ["log.json.gz.001", "log.json.gz.002"]
    assert all(p.stat().st_size <= 10_000 for p in parts)
    assert all(p.stat().st_size == 10_000 for p in parts[:-1])
    assert gzip.decompress(b"".join(p.read_bytes() for p in parts)).decode() == text


def test_a_file_within_the_limit_is_one_plain_gz(tmp_path: Path) -> None:
    """A small export is one `NAME.gz`, with no part number."""
    writer = PartWriter(tmp_path, "log.csv", 10_000)
    writer.write("seq,turn\n1,1\n")
    (single,) = writer.close()
    assert single.name == "log.csv.gz"
    assert gzip.decompress(single.read_bytes()) == b"seq,turn\n1,1\n"


def test_messages_hold_at_most_ten_files_and_the_limit_in_bytes(tmp_path: Path) -> None:
    """Files are grouped in order; a message never passes the limit or ten files."""
    sizes = [600, 300, 200, 900, *[10] * 12]
    paths = []
    for i, size in enumerate(sizes):
        path = tmp_path / f"f{i:02d}"
        path.write_bytes(b"x" * size)
        paths.append(path)
    batches = upload_batches(paths, 1000)
    assert [[p.name for p in b] for b in batches][:3] == [
        ["f00", "f01"],
        ["f02"],
        ["f03", *[f"f{i:02d}" for i in range(4, 13)]],
    ]
    assert all(sum(p.stat().st_size for p in b) <= 1000 and len(b) <= 10 for b in batches)
    assert [p for b in batches for p in b] == paths


@pytest.mark.parametrize(
    ("text", "since"),
    [
        ("#120", Since(entry=120)),
        ("120", Since(entry=120)),
        ("T5", Since(turn=5)),
        ("turn 5", Since(turn=5)),
        ("ход 5", Since(turn=5)),
    ],
)
def test_since_reads_an_entry_number_or_a_turn(text: str, since: Since) -> None:
    """`since:` takes `#N`/`N` for an entry and `TN`/`turn N` for a turn."""
    assert parse_since(text) == since


def test_since_refuses_other_words() -> None:
    """Anything else names what is accepted."""
    with pytest.raises(GameError) as refused:
        parse_since("yesterday")
    assert refused.value.message_key == "error.export_since"


@pytest.mark.parametrize(
    ("typed", "cell"),
    [
        ("=1+1", "'=1+1"),
        ("+Red", "'+Red"),
        ("-ambush", "'-ambush"),
        ("@everyone", "'@everyone"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Red", "Red"),
        ("a=1", "a=1"),
        ("", ""),
    ],
)
def test_a_typed_text_cell_starting_as_a_formula_gets_a_quote(typed: str, cell: str) -> None:
    """OWASP's starts of a formula (`= + - @`, a tab, a carriage return) get a leading `'`;
    any other text is written as typed."""
    assert spreadsheet_text(typed) == cell
