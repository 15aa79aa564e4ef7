"""The GM's `/combat resolve` question says once that groups without orders get automatic
targets: a play-test read it twice in a row, in the line naming who has no orders yet and
again in the body under it (FC-I7, FC-I17)."""

from __future__ import annotations

from tests.e2e.play import red_attacks_blue


async def test_the_resolve_question_tells_automatic_targets_once(campaign):
    """Red attacks Blue; neither gives orders; the GM asks to fight round 1 now."""
    await red_attacks_blue(campaign)

    question = await campaign.slash("/combat resolve battle:1", as_="gm")
    text = " ".join(question.embed.description.split())
    assert "no fire orders yet from Red, Blue" in text, text
    assert text.count("automatic targets") == 1, text
    assert text.endswith("The end of turn still fights its own round."), text
