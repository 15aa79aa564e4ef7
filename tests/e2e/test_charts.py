"""Charts in the bot's answers: `/combat odds` attaches its picture, `/history stats` one per
die size, both rendered in the worker pool; the terminal mode lists them with their sizes."""

from __future__ import annotations

import io
from pathlib import Path

from bot.compute import ComputeLimits
from bot.compute import ComputePool
from bot.standin import terminal


async def test_odds_attach_a_chart_in_the_readers_language(campaign):
    """FC-I17: the text answer stays; a PNG complements it, with alt text in the reader's
    language (player3 reads Russian)."""
    english = await campaign.slash(
        "/combat odds a:3 destroyer, 1 cruiser b:2 cruiser", as_="player1"
    )
    russian = await campaign.slash(
        "/combat odds a:3 destroyer, 1 cruiser b:2 cruiser", as_="player3"
    )
    for reply in (english, russian):
        assert reply.embed.title and reply.ephemeral  # odds are private unless public:true
        (chart,) = reply.attachments
        assert chart.filename == "odds.png" and chart.data.startswith(b"\x89PNG")
        assert 0 < chart.size < 150_000
    assert english.attachments[0].description == "The odds as a chart"
    assert russian.attachments[0].description == "Шансы в виде графика"


async def test_history_stats_attach_one_chart_per_die_size(campaign):
    """Each player's faces against a fair die, a picture per die size; the χ² text stays."""
    campaign.script_dice([1, 2, 3, 4, 5, 6] * 10 + [7] * 4)
    await campaign.slash("/roll dice:60d6", as_="player1")
    await campaign.slash("/roll dice:4d20", as_="player2")
    reply = await campaign.slash("/history stats", as_="player1")
    assert "Looks fair" in reply.embed.fields[0].value
    assert [a.filename for a in reply.attachments] == ["luck-d6.png", "luck-d20.png"]
    assert all(a.data.startswith(b"\x89PNG") and a.size < 150_000 for a in reply.attachments)


async def test_history_stats_answer_without_charts_when_the_pool_is_full(campaign):
    """The picture complements the text: with the pool full the text still comes."""
    pool = ComputePool(ComputeLimits(workers=1, waiting=0))
    campaign.bot.compute = pool
    await campaign.slash("/roll dice:6d6", as_="player1")
    async with pool.slot(campaign.member("player2").id):
        reply = await campaign.slash("/history stats", as_="player1")
    assert reply.embed.fields and reply.attachments == []


def test_the_terminal_mode_lists_the_chart_with_its_size(tmp_path: Path, keep_logging):
    """Playing in the terminal, the odds answer shows its attachment and its size."""
    script = tmp_path / "play.txt"
    script.write_text(
        "as gm\n/campaign create name:Charts rulesets:fleet_combat\n"
        "/combat odds a:2 cruiser b:3 destroyer\nexpect odds.png\n",
        encoding="utf-8",
    )
    out = io.StringIO()
    status = terminal.main(["--script", str(script), "--db", str(tmp_path / "t.db")], out=out)
    assert status == 0, out.getvalue()
    line = next(line for line in out.getvalue().splitlines() if "📎 odds.png" in line)
    assert line.endswith(" bytes)") and int(line.split("(")[1].split()[0]) > 1000
