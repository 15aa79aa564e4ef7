"""Terminal mode: scripts of typed lines, rendered embeds and buttons, JSON output."""

from __future__ import annotations

import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.standin import terminal

from . import demo_bot

DEMO = f"{demo_bot.__name__}:create_demo_bot"


@pytest.fixture(autouse=True)
def keep_logging() -> Iterator[None]:
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    yield
    root.setLevel(level)
    root.handlers[:] = handlers


def play(tmp_path: Path, script: str, *extra: str) -> tuple[int, str]:
    path = tmp_path / "play.txt"
    path.write_text(script, encoding="utf-8")
    out = io.StringIO()
    argv = ["--script", str(path), "--db", str(tmp_path / "local.db"), "--bot", DEMO, *extra]
    status = terminal.main(argv, out=out)
    return status, out.getvalue()


def test_script_plays_commands_players_and_buttons(tmp_path: Path) -> None:
    status, output = play(
        tmp_path,
        "# a comment\n/roll dice:2d6 reason:ambush\nexpect Roll 2d6\n"
        "as gm\n/confirm\nclick Confirm\n",
    )

    assert status == 0, output
    assert "player1 #campaign> /roll dice:2d6 reason:ambush" in output
    assert "▌Roll 2d6" in output
    assert "Total:" in output
    assert "· rolled by player1 (en-US)" in output
    assert "[Confirm] [Cancel] [Later] [Docs]" in output
    assert "▌Confirmed" in output
    assert "(Confirm) (Cancel) (Later)" in output


def test_failed_line_and_failed_expectation_give_exit_status_1(tmp_path: Path) -> None:
    status, output = play(tmp_path, "/roll\n/roll dice:1d4\nexpect nothing like this\n")

    assert status == 1
    assert "✗ /roll needs required option(s): dice" in output
    assert "✗ expected 'nothing like this' in the last output" in output


def test_json_mode_prints_one_discord_payload_per_line(tmp_path: Path) -> None:
    status, output = play(tmp_path, "/slow\n/feedback\n", "--json")

    rows = [json.loads(line) for line in output.splitlines()]
    assert status == 0
    assert [(r["kind"], r["type"]) for r in rows] == [
        ("message", 5),
        ("followup", 5),
        ("modal", 9),
    ]
    assert rows[0]["payload"]["content"] == "first result"
    assert rows[1]["payload"]["flags"] & 64
    assert rows[2]["payload"]["title"] == "Feedback"


def test_modal_and_select_lines(tmp_path: Path) -> None:
    status, output = play(
        tmp_path,
        "/feedback\nmodal Topic=dice; Details=too slow\n/menu\nselect Choose fruit = apple, Pear\n",
    )

    assert "Thanks for 'dice': 'too slow'" in output
    assert "✗ select has no option 'Pear'" in output
    assert status == 1


def test_missing_script_is_a_usage_error(tmp_path: Path) -> None:
    assert terminal.main(["--script", str(tmp_path / "none.txt")], out=io.StringIO()) == 2
