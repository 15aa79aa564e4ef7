"""A round the GM fights with `/combat resolve` before the turn's end tells what comes next:
the battle waits for the end of the turn, which fights the next round (FC-I6, FC-5.23), not
"frozen until the next turn", which a play-tester read as the battle being done for the
turn."""

from __future__ import annotations

from tests.e2e.play import red_attacks_blue


async def test_a_round_fought_before_the_turn_end_says_the_battle_waits_for_it(campaign):
    """Red attacks Blue; the GM fights round 1 at once (every die misses); the turn's end
    then fights round 2, as the report said."""
    await red_attacks_blue(campaign)
    question = await campaign.slash("/combat resolve battle:1", as_="gm")
    campaign.script_dice([1] * 7)  # Red's 4 dice and Blue's 3 miss

    report = await campaign.click(question, "Fight round 1 of battle #1", as_="gm")

    told = report.embed
    assert told.title == "Battle #1 at Mecatol — round 1, turn 1"
    assert told.description.splitlines()[0] == (
        "**Battle #1 at Mecatol, round 1: Red lost no ships; Blue lost no ships — still"
        " fighting (round 2 at the end of the turn)**"
    ), told.description
    assert told.field("After the round") == (
        "This round was fought before the end of the turn: battle #1 waits for the turn's"
        " end, which fights round 2; fire orders for it may change until then."
    )
    assert "frozen" not in report.text()
    logged = await campaign.slash("/combat status battle:1 round:1", as_="player2")
    assert logged.embed.field("After the round") == told.field("After the round")

    question = await campaign.slash("/turn end", as_="gm")
    campaign.script_dice([1] * 7)
    await campaign.click(question, "End turn 1", as_="gm")
    summary = [m.text() for m in campaign.channel_messages() if "end of turn 1" in m.text()]
    assert "Battle #1 at Mecatol, round 2: Red lost no ships; Blue lost no ships" in " ".join(
        summary[-1].split()
    ), summary
