"""The log table of `/history export`'s page shows each entry's summary as it reads in Discord:
bold and code as such, escaped player text without its backslashes, and nothing a player typed
becomes markup or a link."""

from __future__ import annotations

from typing import Any

from bot.export_page import export_page


def page_of(summary: str) -> str:
    entry: dict[str, Any] = {
        "seq": 1,
        "turn": 1,
        "actor_id": 7,
        "faction": "Red",
        "ruleset": "core",
        "command": "campaign settings import",
        "outcome": {"summary": summary},
    }
    return export_page({"campaign": "Old Sea", "entries": [entry]}, "en", {7: "Ann"})


def row_of(page: str) -> str:
    start = page.index("<small>", page.index("campaign settings import")) + len("<small>")
    return page[start : page.index("</small>", start)]


def test_bold_and_code_read_as_in_discord_not_as_asterisks() -> None:
    row = row_of(page_of("1 setting changed: `core.turn_deadline` 2 → **3**"))
    assert row == "1 setting changed: <code>core.turn_deadline</code> 2 → <strong>3</strong>"


def test_escaped_player_text_reads_without_its_backslashes() -> None:
    assert row_of(page_of(r"Red joined as Sea\_Wolf \*1\*")) == "Red joined as Sea_Wolf *1*"


def test_player_text_never_becomes_markup_or_a_link() -> None:
    row = row_of(page_of("<img src=x onerror=alert(1)> [pay](javascript:alert(1)) <https://x.y>"))
    assert "<img" not in row and "<a " not in row
    assert row.startswith("&lt;img src=x onerror=alert(1)&gt;")
    assert "[pay](javascript:alert(1))" in row
