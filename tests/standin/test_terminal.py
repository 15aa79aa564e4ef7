"""Terminal mode: scripts of typed lines, rendered embeds and buttons, JSON output."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.standin import terminal

from . import demo_bot

DEMO = f"{demo_bot.__name__}:create_demo_bot"


pytestmark = pytest.mark.usefixtures("keep_logging")  # tests/conftest.py


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


def test_json_mode_prints_autocomplete_suggestions_as_one_row(tmp_path: Path) -> None:
    status, output = play(tmp_path, "complete /pick fruit:ap\n", "--json")

    assert status == 0, output
    assert [json.loads(line) for line in output.splitlines()] == [
        {
            "kind": "autocomplete",
            "payload": {
                "choices": [
                    {"name": "Apple", "value": "apple"},
                    {"name": "Apricot", "value": "apricot"},
                ]
            },
        }
    ]


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


def test_select_keeps_an_option_label_that_holds_commas_whole(tmp_path: Path) -> None:
    """`select` matches the menu's labels first: a comma inside a label does not split it."""
    status, output = play(
        tmp_path,
        "/squadrons\n"
        "select Send squadrons = Hapsburg — carriers (2, level 3), Venice\n"
        "expect sent s0 + s2\n",
    )

    assert status == 0, output
    assert "sent s0 + s2" in output


def test_a_button_from_an_earlier_run_is_refused_with_the_reason(tmp_path: Path) -> None:
    """Messages live only while a run lasts: clicking one from before says so, no traceback."""
    first, _ = play(tmp_path, "/confirm\n")
    status, output = play(tmp_path, "click Confirm\n")

    assert first == 0
    assert status == 1
    assert "✗ no message in #campaign shows a button 'Confirm'" in output
    assert "not kept between runs" in output
    assert "Traceback" not in output


def test_a_copied_database_keeps_the_synced_commands(tmp_path: Path) -> None:
    """The commands the bot synced are kept in the `--db` file itself (no sidecar file), so
    the real bot, which syncs only when its commands changed, still has them from a copy."""
    first = tmp_path / "first"
    first.mkdir()
    script = first / "play.txt"
    script.write_text("/roll dice:1d4\n", encoding="utf-8")
    out = io.StringIO()
    assert terminal.main(["--script", str(script), "--db", str(first / "a.db")], out=out) == 0
    assert [p.name for p in first.iterdir() if "standin" in p.name] == []
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "b.db").write_bytes((first / "a.db").read_bytes())
    again = io.StringIO()
    status = terminal.main(["--script", str(script), "--db", str(copy / "b.db")], out=again)
    assert status == 0, again.getvalue()
    assert "/campaign create" in again.getvalue()  # /roll ran: no campaign here yet


def test_a_run_killed_before_its_end_keeps_the_synced_commands(tmp_path: Path) -> None:
    """A run killed outright (its end never reached, its last commits still in the -wal
    file) leaves the commands the bot synced in the `--db` file: the bot, which remembers
    syncing them, does not sync again, and the next run's commands are still answered."""
    db = tmp_path / "local.db"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    killed = subprocess.Popen(
        [sys.executable, "-m", "bot", "local", "--db", str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
    )
    try:
        assert killed.stdout is not None
        for line in killed.stdout:
            if "Type help." in line:  # the bot has started: its commands are synced
                break
    finally:
        killed.kill()  # SIGKILL: no `finally` of the run, no checkpoint of the -wal
        killed.wait(timeout=60)

    script = tmp_path / "play.txt"
    script.write_text("/roll dice:1d4\n", encoding="utf-8")
    again = io.StringIO()
    status = terminal.main(["--script", str(script), "--db", str(db)], out=again)
    assert "no synced command" not in again.getvalue()
    assert "/campaign create" in again.getvalue()  # /roll ran: no campaign here yet
    assert status == 0, again.getvalue()
