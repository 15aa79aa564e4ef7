"""The log's own words as a reader reads them: a ruleset's roll label and a command on the
export's page in the page's language, an archive record by the entry that wrote it, and a
list's summary cut without leaving Markdown open."""

from __future__ import annotations

from typing import Any

import pytest

from bot.export_page import export_page
from bot.text import clip_markdown


def page_of(entries: list[dict[str, Any]], archive: list[dict[str, Any]], locale: str) -> str:
    return export_page({"campaign": "Old Sea", "entries": entries, "archive": archive}, locale)


def entry(seq: int, command: str, **extra: Any) -> dict[str, Any]:
    return {"seq": seq, "turn": 1, "actor_id": 7, "ruleset": "core", "command": command} | extra


RAID_ROLL = ["space_pirates.roll.raid_chance", "SP-I1", "1d20", 20, "4", 0, 4, None, None]


@pytest.mark.parametrize(
    ("locale", "label", "command"),
    [("en", "raid chance", "turn end"), ("ru", "шанс налёта", "ход завершить")],
)
def test_a_rulesets_roll_and_a_command_read_in_the_pages_language(locale, label, command):
    page = page_of(
        [entry(2, "turn end", ruleset="space_pirates", rolls=[RAID_ROLL], outcome={})], [], locale
    )
    assert "space_pirates.roll.raid_chance" not in page.split("<script")[0]
    assert f"<li>{label} <span" in page
    assert f"<td>{command}</td>" in page


def test_an_archive_record_names_the_entry_that_wrote_it() -> None:
    written = entry(
        5, "turn end", ruleset="fleet_combat", outcome={"archive": [["battle/1", 1, "ab"]]}
    )
    record = {"ruleset": "fleet_combat", "key": "battle/1", "seq": 1, "body": "{}"}
    page = page_of([entry(1, "campaign create", outcome={}), written], [record], "en")
    assert "Fleet combat · battle/1 · page 1 · written by entry #5" in page
    page = page_of([entry(1, "campaign create", outcome={}), written], [record], "ru")
    assert "Флотский бой · battle/1 · страница 1 · создана записью №5" in page
    alone = page_of([], [record], "en")  # an export from a later entry on
    assert "page 1 · written by an entry before this export" in alone


@pytest.mark.parametrize(
    ("text", "limit", "cut"),
    [
        ("committed as `bf0bd3a5664fbcc1d2e3f4a5`.", 24, "committed as `bf0bd3a5…`"),
        (r"Sea\*\*Wolf sails on", 6, "Sea\\*…"),
        ("**Red** holds **the whole line**", 24, "**Red** holds **the w…**"),
        ("~~a **b c d e f g h~~", 12, "~~a **b…**~~"),
        ("short", 10, "short"),
    ],
)
def test_a_cut_summary_keeps_its_markdown_balanced(text, limit, cut) -> None:
    assert clip_markdown(text, limit) == cut
    assert len(clip_markdown(text, limit)) <= limit
