"""`/history show` of a secret roll reads like any roll's once it is revealed: its options
(the dice as typed, the reason) and a field per roll with its purpose and faces, as for a
roll made in the open."""

from __future__ import annotations

from tests.e2e.test_core_playtest_texts import posted_text


async def secret_roll(table) -> None:
    await table.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    table.script_dice([3, 2])
    await table.slash("/roll dice:2d6+3 reason:stealth check secret:true", as_="player1")


async def test_a_revealed_secret_roll_shows_its_options_and_dice(campaign):
    await secret_roll(campaign)  # entry #3
    campaign.script_dice([3, 2])
    open_roll = await campaign.slash("/roll dice:2d6+3 reason:stealth check", as_="player1")
    assert "Entry #4" in open_roll.text()
    await campaign.slash("/reveal entry:3", as_="player1")

    shown = await campaign.slash("/history show entry:3", as_="player2")
    assert not shown.ephemeral
    plain = await campaign.slash("/history show entry:4", as_="player2")
    assert shown.field("Options") == plain.field("Options") + "\n**secret**: yes"
    assert shown.field("1. stealth check") == plain.field("1. stealth check")
    assert shown.field("1. stealth check") == "2d6 (3, 2) + 3 = 8"
    # The faces once, in the field, under the total the roll came to, as in the open roll's.
    assert shown.embed.description == "🔓 Secret roll, revealed in entry #5.\n2d6+3 = 8."
    assert plain.embed.description == "2d6+3 = 8."


async def test_a_hidden_secret_roll_shows_its_roller_and_the_gm_what_was_typed_privately(campaign):
    """Before its reveal, its roller and the GMs read privately the options as typed and the
    faces; another player reads neither, only that the roll is secret, publicly."""
    await secret_roll(campaign)  # entry #3

    for reader in ("player1", "gm"):
        own = await campaign.slash("/history show entry:3", as_=reader)
        assert own.ephemeral, reader
        assert own.field("Options") == "**dice**: 2d6+3\n**reason**: stealth check\n**secret**: yes"
        assert own.field("🔒 Hidden faces (you and the GMs only)") == "2d6 (3, 2) + 3 = 8"
    other = await campaign.slash("/history show entry:3", as_="player2")
    assert not other.ephemeral
    assert other.field("Options") == "**secret**: yes"
    assert "stealth" not in other.text() and "2d6" not in other.text()


async def secret_roll_kept_in_an_older_form(campaign, roller: str, seq: int) -> None:
    """`/roll dice:3d6!=6>=5 secret:true` by `roller` (log entry `seq`), its kept expression
    then rewritten as an earlier release wrote it: `3d6!>=5`."""
    campaign.script_dice([6, 2, 5, 1])
    await campaign.slash("/roll dice:3d6!=6>=5 secret:true", as_=roller)
    async with campaign.bot.db.transaction() as conn:
        await conn.execute(
            "UPDATE secret_rolls SET payload = replace(payload, '!=6>=5', '!>=5') WHERE seq = ?",
            (seq,),
        )


async def test_a_secret_roll_kept_in_an_older_form_shows_its_result_not_other_faces(campaign):
    """A secret roll whose kept faces do not fit its expression as read today (`3d6!=6>=5`
    kept as an earlier release wrote it, `3d6!>=5`: explode on 5 or more) is not rebuilt on
    them: its roller reads its result, not faces the roll never made, and so does everyone
    once it is revealed."""
    await campaign.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    await secret_roll_kept_in_an_older_form(campaign, "player1", 3)

    own = await campaign.slash("/history show entry:3", as_="player1")
    assert own.ephemeral
    assert own.field("Options") == "**dice**: 3d6!>=5\n**secret**: yes"
    assert own.field("🔒 Hidden faces (you and the GMs only)") == "3d6!>=5 = 2."
    revealed = await campaign.slash("/reveal entry:3", as_="player1")
    assert revealed.embed.description == "3d6!>=5 = 2."
    shown = await campaign.slash("/history show entry:3", as_="player2")
    assert shown.embed.description == "🔓 Secret roll, revealed in entry #4.\n3d6!>=5 = 2."


async def test_a_secret_roll_kept_in_an_older_form_is_told_at_the_turns_end(campaign):
    """The turn's end reveals such a roll with its result, as `/reveal` does."""
    await secret_roll_kept_in_an_older_form(campaign, "gm", 2)
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "End turn 1", as_="gm")
    gm = f"<@{campaign.member('gm').id}>"
    assert f"Secret roll #2 by {gm}: 3d6!>=5 = 2" in posted_text(campaign)
