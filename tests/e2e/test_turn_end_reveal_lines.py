"""The turn's end lists each secret roll it reveals on one line of its own: a repeated roll
(`3#1d6`) keeps its repetitions on that line, so none reads as another roll of the list."""

from __future__ import annotations


async def test_a_repeated_secret_roll_is_one_line_of_the_turn_ends_reveals(campaign):
    gm = f"<@{campaign.member('gm').id}>"
    campaign.script_dice([6, 1, 1, 4])
    await campaign.slash("/roll dice:3#1d6 secret:true", as_="gm")  # entry #2
    await campaign.slash("/roll dice:1d6 reason:watch secret:true", as_="gm")  # entry #3
    question = await campaign.slash("/turn end", as_="gm")
    ended = await campaign.click(question, "End turn 1", as_="gm")
    (told,) = [
        e
        for f in ended.followups
        for e in f.embeds
        if e["title"] == "🔓 2 secret rolls revealed at the end of turn 1"
    ]
    assert told["description"].splitlines() == [
        f"Secret roll #2 by {gm}: 1. 1d6 (6) = 6; 2. 1d6 (1) = 1; 3. 1d6 (1) = 1",
        f"Secret roll #3 by {gm}, watch: 1d6 (4) = 4",
    ], told["description"]
