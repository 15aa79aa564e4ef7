"""A saved roll rolled in secret (`/rolls save`, then `/roll dice:<name> secret:true`): its
hidden part keeps the name as typed, and every reader of it (the roller's `/history show`,
`/reveal`, the turn's end that reveals it) reads the expression the roll was made with, not
the name; so the turn still ends, by a GM's click or at its deadline."""

from __future__ import annotations

from tests.e2e.play import newest_entry


async def test_a_secret_saved_roll_is_shown_revealed_and_the_turn_ends(campaign):
    await campaign.slash("/rolls save name:atk expression:2d6+1", as_="gm")
    campaign.script_dice([4, 6, 2, 3])
    rolled = await campaign.slash("/roll dice:atk secret:true", as_="gm")  # entry #2
    assert "entry #2" in rolled.text(), rolled.text()
    await campaign.slash("/roll dice:atk secret:true", as_="gm")  # entry #3

    hidden = await campaign.slash("/history show entry:2", as_="gm")
    assert hidden.ephemeral
    assert "2d6 (4, 6) + 1 = 11" in hidden.text(), hidden.text()

    revealed = await campaign.slash("/reveal entry:2", as_="gm")
    assert not revealed.ephemeral, revealed.text()
    assert revealed.embed.title == "🔓 Secret roll #2 revealed: 11"
    assert revealed.embed.description == "atk: 2d6 (4, 6) + 1 = 11"

    question = await campaign.slash("/turn end", as_="gm")
    ended = await campaign.click(question, "End turn 1", as_="gm")
    assert ended.embed.title == "Turn 1 has ended", ended.text()
    gm = f"<@{campaign.member('gm').id}>"
    posted = "\n".join(
        f"{e.title}\n{e.description}"
        for m in campaign.channel_messages("campaign")[-4:]
        for e in m.all_embeds
    )
    assert f"Secret roll #3 by {gm}, atk: 2d6 (2, 3) + 1 = 6" in posted, posted
    status = await campaign.slash("/turn status", as_="player1")
    assert "turn 2" in status.embed.title, status.text()
    verified = await campaign.slash("/history verify", as_="player1")
    assert verified.embed.title.startswith("✅"), verified.text()


async def test_a_secret_saved_roll_logged_by_name_still_reveals_after_the_name_changes(campaign):
    """The hidden part names the saved roll as typed; its expression is the one rolled then,
    so saving the name again (or deleting it) changes nothing of the roll's reveal."""
    await campaign.slash("/rolls save name:atk expression:1d20+2", as_="player1")
    await campaign.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    campaign.script_dice([17])
    await campaign.slash("/roll dice:atk secret:true", as_="player1")
    await campaign.slash("/rolls save name:atk expression:3d6", as_="player1")
    seq = newest_entry(await campaign.slash("/history list", as_="player1"), "roll")
    revealed = await campaign.slash(f"/reveal entry:{seq}", as_="player1")
    assert revealed.embed.description == "atk: 1d20 (17) + 2 = 19", revealed.text()
