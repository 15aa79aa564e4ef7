"""Time passing in the terminal mode (`wait 25h`): the real bot's reminders and its turn end
at the deadline (CR-5.2, `core.on_deadline = end_turn`) played without waiting; and a
session's end waits for the bot's background work, so a turn ending at its deadline commits
once rather than being cut in half."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Awaitable
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from bot import turn_reports
from bot.standin import terminal

from . import ahead_bot
from . import demo_bot

pytestmark = pytest.mark.usefixtures("keep_logging")  # tests/conftest.py

ENDED = "⌛ Turn 1 ended automatically at its deadline"
ENDS_NOW = "⌛ Turn 1 ends now at its deadline"
SUMMARY = "Fleet combat: end of turn 1"
BATTLE = """\
as gm
/campaign create name:Black Sea rulesets:fleet_combat
/campaign settings set setting:core.on_deadline value:end_turn
as player1
/campaign join faction:Red
/combat fleet set point:Mecatol ships:2 cruiser
as player2
/campaign join faction:Blue
/combat fleet set point:Mecatol ships:3 destroyers
as player1
/combat attack point:Mecatol targets:Blue
as gm
"""


def play(db: Path, script: str, *extra: str) -> tuple[int, str]:
    """Run `script` on the database `db`; the exit status and the output."""
    path = db.with_suffix(".txt")
    path.write_text(script, encoding="utf-8")
    out = io.StringIO()
    status = terminal.main(["--script", str(path), "--db", str(db), *extra], out=out)
    return status, out.getvalue()


def after(output: str, line: str) -> str:
    """What the session printed for `line` (up to the next prompt)."""
    return output.split(f"> {line}\n", 1)[1].split("\ngm #campaign> ", 1)[0]


def deadline_ends(db: Path) -> tuple[str, str]:
    """A later run's `/history list` and `/turn status` (the bot on the real time)."""
    status, output = play(db, "as gm\n/history list\n/turn status\n")
    assert status == 0, output
    return after(output, "/history list"), after(output, "/turn status")


def flat(text: str) -> str:
    """The text with the boxes' borders and line breaks gone."""
    return " ".join(text.replace("│", " ").split())


def test_waiting_shows_the_reminders_and_the_turn_ending_once_at_its_deadline(
    tmp_path: Path,
) -> None:
    db = tmp_path / "local.db"
    script = BATTLE + "/turn deadline set when:25h\nwait 2h\nwait 1d\n/history verify\n"
    status, output = play(db, script, "--seed", "1")

    assert status == 0, output
    reminded = after(output, "wait 2h")
    assert reminded.startswith("⏩ 2h later\n"), reminded
    assert "⏰ Turn 1 ends" in reminded and ENDED not in reminded, reminded
    assert "@player1 (**Red**): fire orders in battle #1" in flat(reminded)
    ended = after(output, "wait 1d")
    assert ended.count("⏰ Turn 1 ends") == 1, ended  # the one an hour before the deadline
    assert ended.count(ENDED) == 1 and ended.count(SUMMARY) == 1, ended
    assert output.count(SUMMARY) == 1
    assert "✅ The log is intact" in after(output, "/history verify")
    listed, turn = deadline_ends(db)
    assert flat(listed).count("turn end at the deadline") == 1, listed
    assert "turn 2" in turn, turn


def test_json_mode_prints_what_a_wait_posted_one_row_each(tmp_path: Path) -> None:
    """`--json`: the reminders a wait brought, one row each, named by the `wait` line."""
    script = BATTLE + "/turn deadline set when:25h\nwait 2h\n"
    status, output = play(tmp_path / "local.db", script, "--json")

    assert status == 0, output
    rows = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    waited = [row for row in rows if row["action"] == "wait 2h"]
    assert [sorted(row) for row in waited] == [["action", "kind", "payload", "player"]]
    assert waited[0]["player"] == "gm" and waited[0]["kind"] == "posted", waited
    assert "⏰ Turn 1 ends" in json.dumps(waited[0]["payload"], ensure_ascii=False), waited


def test_wait_takes_durations_and_needs_a_bot_with_a_clock(tmp_path: Path) -> None:
    script = "wait soon\nwait 0m\nwait 1000000000d\nwait 999999999d\n/turn status\n"
    status, output = play(tmp_path / "local.db", script)
    assert status == 1, output
    assert "✗ 'soon' is no duration: give e.g. 25h, 30m, 2d or 1d 12h" in output
    assert "✗ time passes forward only" in output
    for days in ("1000000000d", "999999999d"):  # more than the bot's clock can hold
        assert after(output, f"wait {days}").startswith(
            f"✗ {days!r} is too long a wait: give at most 366d"
        ), output
    assert "There is no campaign in this channel" in flat(output.split("> /turn status")[1])
    demo = f"{demo_bot.__name__}:create_demo_bot"
    status, output = play(tmp_path / "demo.db", "wait 1h\n", "--bot", demo)
    assert status == 1, output
    assert "the bot reads no `clock` attribute: its time cannot be moved" in output


def slowed_end(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """The bot's turn ends (loaded with its cog, after this) take `seconds` longer, once their
    "ends now" message is posted."""
    original: Callable[..., Awaitable[Any]] = turn_reports.end_turn

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(seconds)
        return await original(*args, **kwargs)

    monkeypatch.setattr(turn_reports, "end_turn", slow)


def started_late(monkeypatch: pytest.MonkeyPatch, db: Path, hours: float) -> str:
    """`--bot` for the real bot on `db` with its clock `hours` ahead."""
    monkeypatch.setattr(ahead_bot, "DATABASE", db)
    monkeypatch.setattr(ahead_bot, "AHEAD", timedelta(hours=hours))
    return f"{ahead_bot.__name__}:make"


def test_a_script_ending_while_the_turn_ends_at_its_deadline_lets_it_commit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bot starts two hours after the deadline: its scheduler ends turn 1 at once, in the
    background, while the script's last line runs; the script's end waits for that end."""
    db = tmp_path / "local.db"
    status, output = play(db, BATTLE + "/turn deadline set when:1h\n")
    assert status == 0, output
    slowed_end(monkeypatch, 1.0)

    late = started_late(monkeypatch, db, 2)
    status, output = play(db, "as gm\n/turn status\n", "--bot", late)

    assert status == 0, output
    assert "abandons" not in output
    listed, turn = deadline_ends(db)
    assert flat(listed).count("turn end at the deadline") == 1, listed
    assert "turn 2" in turn, turn


def test_background_work_still_running_after_the_wait_is_named_and_retried_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the bounded wait the session says what it abandons: here a turn end whose "ends
    now" message is posted but which never committed, as when the process dies. The next
    start ten minutes on ends the turn once, from a second message; the two `turn deadline
    end` entries are the documented sign of an end drawn again (README, "Provably fair
    dice")."""
    db = tmp_path / "local.db"
    status, output = play(db, BATTLE + "/turn deadline set when:1h\n")
    assert status == 0, output
    monkeypatch.setattr(terminal, "BACKGROUND_WAIT", 0.3)
    with monkeypatch.context() as slowed:
        slowed_end(slowed, 5.0)
        status, output = play(
            db, "as gm\n/turn status\n", "--bot", started_late(monkeypatch, db, 2)
        )
    assert status == 0, output
    assert (
        "the bot still works after 0.3 s; stopping it abandons: task loop TurnCog.schedule_loop"
    ) in output
    listed, turn = deadline_ends(db)
    assert flat(listed).count("turn end at the deadline") == 1, listed
    assert "turn 1" in turn, turn  # its end never committed

    late = started_late(monkeypatch, db, 2 + 11 / 60)
    status, output = play(db, "as gm\n/history verify\n", "--bot", late)
    assert status == 0, output
    listed, turn = deadline_ends(db)
    assert flat(listed).count("turn end at the deadline") == 2, listed
    assert "turn 2" in turn, turn
