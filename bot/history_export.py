"""`/history export` written as it is read: the log streamed into gzip files, each cut to the
guild's upload limit, so a log of millions of entries never sits in memory whole.

The JSON file is the document `python -m bot verify` reads (`campaign`, `language`, `entries`,
`archive`, `anchors`, `head`, `state`, and `since` for an incremental export), one entry per
line. When a
file is larger than the limit its gzip stream is cut into `NAME.json.gz.001`, `.002`, …:
joined in order (`cat NAME.json.gz.* > NAME.json.gz`) they are one gzip file again.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
import zlib
from collections.abc import AsyncIterator
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any
from typing import BinaryIO

from bot.campaigns import CORE
from bot.dice import RollRecord
from bot.i18n import DEFAULT_LANGUAGE
from bot.log_text import purpose_text
from bot.secret_rolls import is_roll
from bot.storage.audit import UNDO_COMMAND
from bot.storage.audit import AuditEntry
from bot.storage.audit import roll_from_hashed

# Cyrillic letters as Latin ones (Russian, with the Ukrainian and Belarusian extras): Discord
# keeps only ASCII letters, digits, dots, dashes and underscores of an attachment's name.
_CYRILLIC = {
    "а": "a",
    "б": "b",
    "в": "v",
    "г": "g",
    "д": "d",
    "е": "e",
    "ё": "yo",
    "ж": "zh",
    "з": "z",
    "и": "i",
    "й": "y",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ъ": "",
    "ы": "y",
    "ь": "",
    "э": "e",
    "ю": "yu",
    "я": "ya",
    "є": "ye",
    "і": "i",
    "ї": "yi",
    "ґ": "g",
    "ў": "u",
}
STEM_MAX = 60  # characters of the campaign's name kept in the files' names
GZIP_WBITS = 31  # zlib's gzip container (header and CRC), what `gzip.open` reads
FLUSH_CHARS = 256 * 1024  # text gathered before it is compressed
CSV_HEADER = (
    "seq",
    "turn",
    "ruleset",
    "command",
    "actor_id",
    "faction",
    "created_at",
    "roll",
    "purpose",
    "clause",
    "notation",
    "faces",
    "total",
    "target",
    "successes",
    "hash",
    "interaction",
    "undone_by",
    "undid",
    "undo_reason",
    "reveals",
    "purpose_text",
)
# What a row of `CSV_HEADER` says (README, "The CSV file"): one row per roll (`roll` counts
# from 0, as the dice's derivation does), or one row for an entry without rolls; an undone
# entry names the undo that undid it (`undone_by`), an undo the entries it undid and why
# (`undid`, `undo_reason`); a reveal's rows carry the rolls of the secret entry it publishes
# (`reveals`: that entry's number, whose own row has the turn and interaction they were
# derived with).

# What a spreadsheet runs as a formula when a cell starts with it (OWASP, "CSV injection"):
# `=HYPERLINK(…)`, `@SUM(…)`, a DDE call such as `=cmd|' …`.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(text: str) -> str:
    """A cell of free text (`faction`, `purpose`, `undo_reason`, `purpose_text`: names and
    reasons players and GMs typed) as a spreadsheet shows it: one starting as a formula does
    gets a leading `'`, so it reads as the text it is and runs nothing. The columns the bot
    writes in its own grammar (numbers, `notation` such as `-1d4+3`, `target` such as `>=5`,
    `clause`, `hash`) are left as they are: data a program reads back, in which no player
    chooses a letter and no function can be spelt (a spreadsheet may show `-1d4+3` as an
    error, and runs nothing)."""
    return f"'{text}" if text.startswith(FORMULA_START) else text


class PartWriter:
    """Text compressed into one gzip stream, written to files of at most `limit` bytes."""

    def __init__(self, directory: Path, name: str, limit: int) -> None:
        if limit < 1024:
            raise ValueError("a part must hold at least 1 KiB")
        self.directory = directory
        self.name = name
        self.limit = limit
        self.parts: list[Path] = []
        self._compress = zlib.compressobj(6, zlib.DEFLATED, GZIP_WBITS)
        self._text: list[str] = []
        self._chars = 0
        self._file: BinaryIO | None = None
        self._room = 0

    def write(self, text: str) -> None:
        """Add text; it is compressed once enough has gathered."""
        self._text.append(text)
        self._chars += len(text)
        if self._chars >= FLUSH_CHARS:
            self._flush_text()

    def _flush_text(self) -> None:
        data = "".join(self._text).encode("utf-8")
        self._text.clear()
        self._chars = 0
        self._emit(self._compress.compress(data))

    def _emit(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            if self._file is None or self._room == 0:
                self._next_part()
            assert self._file is not None
            taken = view[: self._room]
            self._file.write(taken)
            self._room -= len(taken)
            view = view[len(taken) :]

    def _next_part(self) -> None:
        if self._file is not None:
            self._file.close()
        path = self.directory / f"{self.name}.gz.{len(self.parts) + 1:03d}"
        self.parts.append(path)
        self._file = path.open("wb")
        self._room = self.limit

    def close(self) -> list[Path]:
        """Finish the stream; the files in order (one file is named `NAME.gz`)."""
        self._flush_text()
        self._emit(self._compress.flush())
        if self._file is not None:
            self._file.close()
        if len(self.parts) == 1:
            single = self.directory / f"{self.name}.gz"
            self.parts[0].rename(single)
            self.parts = [single]
        return self.parts


def csv_rows(
    entry: AuditEntry, *, undone_by: int | None = None, locale: str = DEFAULT_LANGUAGE
) -> list[list[Any]]:
    """The CSV rows of one entry (`CSV_HEADER`): one per roll, or one with empty roll
    columns; a reveal's, one per roll of the entry it reveals. `undone_by`: the undo entry
    that undid it; `locale`: the language of `purpose_text`."""
    rolls = list(entry.rolls)
    revealed = entry.outcome.get("secret_reveal")
    reveals: int | str = ""
    # Whose purposes the rows hold: a core entry's (a /roll's reason, shown as typed) or a
    # ruleset's labels; a reveal's rows are the revealed entry's (a secret /roll's, or a
    # ruleset's hidden entry's).
    labels_of: str | None = entry.ruleset
    if isinstance(revealed, dict) and not rolls:
        reveals = int(revealed.get("entry") or 0) or ""
        payload = revealed.get("payload", {})
        rolls = [roll_from_hashed(row) for row in payload.get("rolls", ())]
        labels_of = CORE if "options" in payload and is_roll(payload) else None
    rows: list[tuple[int | None, RollRecord | None]] = [*enumerate(rolls)] or [(None, None)]
    dice = entry.dice or {}
    undo = entry.command == UNDO_COMMAND
    undid = " ".join(str(s) for s in entry.outcome.get("undid", ())) if undo else ""
    reason = str(entry.options.get("reason") or "") if undo else ""
    return [
        [
            entry.seq,
            entry.turn,
            entry.ruleset,
            entry.command,
            entry.actor_id,
            spreadsheet_text(entry.faction or ""),
            entry.created_at,
            "" if i is None else i,
            spreadsheet_text(r.purpose) if r else "",
            (r.clause or "") if r else "",
            r.notation if r else "",
            " ".join(map(str, r.faces)) if r else "",
            r.total if r else "",
            (r.target or "") if r else "",
            "" if r is None or r.successes is None else r.successes,
            entry.hash,
            dice.get("interaction", ""),
            undone_by or "",
            undid,
            spreadsheet_text(reason),
            reveals,
            spreadsheet_text(purpose_text(r.purpose, locale, escaped=False, ruleset=labels_of))
            if r
            else "",
        ]
        for i, r in rows
    ]


@dataclass
class ExportFiles:
    """What an export wrote: its files in sending order and the entries it holds."""

    json_parts: list[Path] = field(default_factory=list)
    csv_parts: list[Path] = field(default_factory=list)
    entries: int = 0
    first_seq: int | None = None
    last_seq: int | None = None

    @property
    def files(self) -> list[Path]:
        """Every file, JSON first."""
        return [*self.json_parts, *self.csv_parts]


def export_stem(campaign: str) -> str:
    """The export's file names' stem: the campaign's name as Discord keeps it in an
    attachment's name (lower-case ASCII letters and digits joined by dashes), Cyrillic
    transliterated and accents dropped; `campaign` when nothing of it is left."""
    latin = "".join(_CYRILLIC.get(c, c) for c in unicodedata.normalize("NFC", campaign.lower()))
    plain = unicodedata.normalize("NFKD", latin).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")
    return stem[:STEM_MAX].rstrip("-") or "campaign"


def _field(name: str, value: Any) -> str:
    return f"{json.dumps(name)}: {json.dumps(value, ensure_ascii=False)},\n"


async def write_export(
    entries: AsyncIterator[AuditEntry],
    archive: AsyncIterator[tuple[str, str, int, str]],
    *,
    directory: Path,
    stem: str,
    limit: int,
    prev_hash: str,
    last_seq: int,
    document: Mapping[str, Any],
    undone: Mapping[int, int] | None = None,
    locale: str = DEFAULT_LANGUAGE,
) -> ExportFiles:
    """Stream `entries` (oldest first, up to `last_seq`, the head the document names) into
    `stem-log.json.gz` and `stem-log.csv.gz`, each cut into parts of at most `limit` bytes.

    `prev_hash` is the hash before the first entry (GENESIS for a whole log); `document` holds
    the other top-level fields of the JSON (campaign, anchors, head, state, since); `undone`:
    the undo entry that undid each undone entry, by its number (the CSV's `undone_by`, an
    undo after `last_seq` left out); `locale`: the language of the CSV's `purpose_text`."""
    undone = {seq: by for seq, by in (undone or {}).items() if by <= last_seq}
    out = ExportFiles()
    as_json = PartWriter(directory, f"{stem}-log.json", limit)
    as_csv = PartWriter(directory, f"{stem}-log.csv", limit)
    table = io.StringIO()
    writer = csv.writer(table)
    writer.writerow(CSV_HEADER)
    as_json.write("{\n")
    for name, value in document.items():
        as_json.write(_field(name, value))
    as_json.write('"entries": [\n')
    prev = prev_hash
    async for entry in entries:
        if entry.seq > last_seq:
            break
        line = json.dumps(
            {**entry.hashed_form(), "hash": entry.hash, "prev_hash": prev}, ensure_ascii=False
        )
        as_json.write(("" if out.entries == 0 else ",\n") + line)
        prev = entry.hash
        out.entries += 1
        out.first_seq = entry.seq if out.first_seq is None else out.first_seq
        out.last_seq = entry.seq
        writer.writerows(csv_rows(entry, undone_by=undone.get(entry.seq), locale=locale))
        if table.tell() >= FLUSH_CHARS:
            as_csv.write(table.getvalue())
            table.seek(0)
            table.truncate()
    as_csv.write(table.getvalue())
    as_json.write('\n],\n"archive": [\n')
    first = True
    async for ruleset, key, seq, body in archive:
        record = {"ruleset": ruleset, "key": key, "seq": seq, "body": body}
        as_json.write(("" if first else ",\n") + json.dumps(record, ensure_ascii=False))
        first = False
    as_json.write("\n]\n}\n")
    out.json_parts = as_json.close()
    out.csv_parts = as_csv.close()
    return out


def upload_batches(paths: list[Path], limit: int, per_message: int = 10) -> list[list[Path]]:
    """Files grouped into messages: at most `per_message` files and `limit` bytes each."""
    batches: list[list[Path]] = [[]]
    size = 0
    for path in paths:
        length = path.stat().st_size
        if batches[-1] and (len(batches[-1]) == per_message or size + length > limit):
            batches.append([])
            size = 0
        batches[-1].append(path)
        size += length
    return [batch for batch in batches if batch]


@dataclass(frozen=True)
class Since:
    """Where an incremental export starts: an entry number or a turn."""

    entry: int | None = None
    turn: int | None = None


def parse_since(text: str) -> Since:
    """`#120` or `120` is an entry number; `T5`, `turn 5` or `ход 5` a turn."""
    from bot.errors import GameError

    word = text.strip().lower().replace(" ", "")
    for prefix in ("turn", "ход", "t", "т"):
        if word.startswith(prefix) and word[len(prefix) :].isdigit():
            return Since(turn=int(word[len(prefix) :]))
    number = word.removeprefix("#").removeprefix("№")
    if number.isdigit() and int(number) >= 1:
        return Since(entry=int(number))
    raise GameError("error.export_since", since=text)
