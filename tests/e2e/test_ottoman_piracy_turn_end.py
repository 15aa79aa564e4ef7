"""A piracy still awaiting rewards when the GM ends the turn (OP-5.3, OP-I3, OP-I10): its
rewards are owed, and only a GM forces the default, so it stays open; the turn's end says
so and removes its marker, and the story, answered in the next turn, says the marker is
gone. Player1 plays the Ottomans, player2 the Habsburgs."""

from __future__ import annotations

from .play import refused_alone

VP = "+1 piracy VP"


async def test_an_open_piracy_outlives_the_turn_end_and_says_its_marker_is_gone(seated):
    seated.script_dice([6, 6, 6])
    asked = await seated.slash(
        "/corsairs piracy zone:Ionian Sea target:hapsburg corsairs:3 ports:2 leaders:barbarossa",
        as_="player1",
    )
    assert asked.embed.field("Piracy marker") == "Ionian Sea, turn 1"
    question = await seated.slash("/turn end", as_="gm")
    ended = await seated.click(question, "End turn 1", as_="gm")

    summary = next(e for m in ended.followups for e in m.embeds if "Ottoman piracy" in e["title"])
    told = summary["description"]
    assert "Piracy marker removed from 1 sea zone." in told
    assert "Piracy #1 (Ionian Sea): Hapsburgs must choose the reward for hit 1 of 3." in told
    assert "the piracy stays open past the turn's end, its marker gone" in told
    assert "until answered on its message or settled by a GM's /corsairs force" in told

    await seated.slash("/corsairs impulse power:ottoman", as_="gm")
    refused = await refused_alone(
        seated, "/corsairs piracy zone:Aegean Sea target:hapsburg corsairs:1 ports:1", "player1"
    )
    assert refused.startswith("Piracy #1 still awaits its rewards"), refused
    assert "a GM's /corsairs force (OP-I10)" in refused

    answered = await seated.click(asked, VP, as_="player2")
    assert "Hit 1: +1 piracy VP, 0 → 1." in answered.embed.field("Rewards")
    marker = answered.embed.field("Piracy marker")
    assert marker == "Ionian Sea, turn 1: removed at that turn's end", marker
