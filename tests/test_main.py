"""`python -m bot` without a token says what to set, in one sentence, with no traceback."""

from __future__ import annotations

import os
import subprocess
import sys


def test_missing_token_gives_one_clear_sentence(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout.strip().splitlines() == [
        "DISCORD_TOKEN is not set: copy .env.example to .env and put your bot token in it."
    ]
    assert "Traceback" not in done.stderr
