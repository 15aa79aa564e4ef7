"""The soak (issue 11), shorter: 600 mixed commands over 20 campaigns, the bot a subprocess
killed with SIGKILL at random points (timed from here, and by itself between a commit and
its post) and started again; `python -m bot bench soak` runs the full 10,000.

What players saw is checked against the log once the outbox has caught up: every roll and
turn end seen answered is logged, everything logged was shown, `/history verify` is OK in
every campaign, and nobody saw "Something unexpected went wrong".
"""

from __future__ import annotations

import pytest

from bot.bench.soak import soak


@pytest.mark.longest
async def test_kills_at_random_points_lose_nothing_and_show_everything(tmp_path):
    lines: list[str] = []
    figures = await soak(
        600, 20, folder=tmp_path, out=lines.append, kill_every=120, die_after_commit=0.01
    )
    shown = "\n".join(lines)
    # The soak did what it claims: kills of both kinds, answers lost to them, the outbox
    # posting after restarts.
    assert figures.timed_kills >= 3, shown
    assert figures.commit_kills >= 1, shown
    assert figures.unanswered >= 1, shown
    assert figures.posted_after_restart >= 1, shown
    assert figures.rolls_seen > 400 and figures.turn_ends_logged >= 1, shown
    # What it checks.
    assert figures.missing == 0, shown
    assert figures.unshown == 0, shown
    assert figures.verify_ok == 20, shown
    assert figures.unexpected == 0, shown
    assert set(figures.standin_problems) <= {"interaction.deadline"}, shown
