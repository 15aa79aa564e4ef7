"""The terminal mode (`python -m bot local`) with files: `attach PATH` uploads a file from the
disk for the next slash command's attachment option."""

from __future__ import annotations

import io
from pathlib import Path

from bot.standin import terminal


def test_the_terminal_attaches_a_file_from_the_disk_to_the_next_command(
    tmp_path: Path, keep_logging
):
    """`attach PATH` uploads a file the next slash command names by its file name: a GM
    imports a settings file in the terminal. A file that is not there is a failed line, and
    an attachment serves one command only."""
    settings = tmp_path / "odds.toml"
    settings.write_text("[fleet_combat]\nallow_split_fire = true\n", encoding="utf-8")
    script = tmp_path / "play.txt"
    script.write_text(
        "as gm\n/campaign create name:Files rulesets:fleet_combat\n"
        f"attach {tmp_path / 'missing.toml'}\n"
        f"attach {settings}\nexpect odds.toml\n"
        "/campaign settings import file:odds.toml\nexpect allow_split_fire\nclick Import\n"
        "expect Imported\n/campaign settings import file:odds.toml\n",
        encoding="utf-8",
    )
    out = io.StringIO()
    status = terminal.main(["--script", str(script), "--db", str(tmp_path / "t.db")], out=out)
    shown = out.getvalue()
    assert status == 1, shown
    failed = [line for line in shown.splitlines() if line.startswith("✗")]
    assert len(failed) == 2, shown
    assert failed[0].startswith("✗ cannot read") and "missing.toml" in failed[0]
    assert "names no uploaded file 'odds.toml' (files given: none)" in failed[1]
    size = len(settings.read_bytes())
    assert f"📎 odds.toml ({size} bytes), for the next command: e.g. file:odds.toml" in shown
