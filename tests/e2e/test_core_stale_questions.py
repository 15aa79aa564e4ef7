"""Two questions asked about the same thing: once one is answered, the other one's buttons
say what happened instead of doing it twice."""

from __future__ import annotations


async def test_the_older_of_two_undo_questions_does_not_undo_twice(campaign):
    await campaign.slash("/roll dice:1d6", as_="player1")
    first = await campaign.slash("/history undo reason:first", as_="gm")
    second = await campaign.slash("/history undo reason:second", as_="gm")
    done = await campaign.click(second, "Undo", as_="gm")
    assert "undone" in done.embed.title
    stale = await campaign.click(first, "Undo", as_="gm")
    assert stale.ephemeral
    said = stale.embed.description
    assert said == "Entry #2 was already undone (entry #3); nothing was undone again.", said
    listed = await campaign.slash("/history list", as_="player1")
    assert listed.embed.description.count("history undo") == 1


async def test_the_older_of_two_turn_end_questions_does_not_end_the_next_turn(campaign):
    first = await campaign.slash("/turn end", as_="gm")
    second = await campaign.slash("/turn end", as_="gm")
    await campaign.click(second, "End turn 1", as_="gm")
    stale = await campaign.click(first, "End turn 1", as_="gm")
    assert stale.ephemeral
    assert stale.embed.description == (
        "Turn 1 has already been resolved; nothing was resolved again."
    )
    cancel = await campaign.click(first, "Cancel", as_="gm")
    assert cancel.embed.title == "Turn 1 had already ended; this question is closed."
    assert "cancelled" not in cancel.text()
