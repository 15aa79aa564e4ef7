"""The cards the Ottomans take in one piracy (OP-5.5, OP-I12), told once with their number:
the status, the impulse that releases them and a turn's end say "the 2 cards taken in
piracy #1", not the same sentence once per card."""

from __future__ import annotations

from bot.standin import Table

PIRACY = "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:2 ports:2 hand:3"
LOCKED = "The 2 cards taken in piracy #1 (Hapsburgs) cannot be played until the next impulse."
RELEASED = "The 2 cards the Ottomans took in piracy #1 (Hapsburgs) can now be played."


async def two_cards_taken(table: Table) -> None:
    """VP at the cap and no squadron: both hits take a card from a hand of 3."""
    await table.slash("/corsairs vp value:10", as_="gm")
    table.script_dice([6, 6, 2, 1])
    story = await table.slash(PIRACY, as_="player1")
    assert "Piracy #1 is resolved." in story.embed.field("Rewards"), story.text()


async def test_the_status_and_the_next_impulse_count_the_cards_of_one_piracy(seated: Table):
    await two_cards_taken(seated)
    status = await seated.slash("/corsairs status", as_="player2")
    assert status.embed.field("Stolen cards") == LOCKED
    impulse = await seated.slash("/corsairs impulse power:hapsburg", as_="gm")
    assert impulse.embed.description.count("can now be played") == 1, impulse.text()
    assert RELEASED in impulse.embed.description


async def test_the_turns_end_counts_them_too(seated: Table):
    await two_cards_taken(seated)
    question = await seated.slash("/turn end", as_="gm")
    await seated.click(question, "End turn 1", as_="gm")
    summary = next(
        m
        for m in seated.channel_messages()
        if m.embed
        and "end of turn 1" in (m.embed.title or "")
        and "Ottoman" in (m.embed.title or "")
    )
    told = summary.embed.description
    assert told.count("can now be played") == 1 and RELEASED in told, told
