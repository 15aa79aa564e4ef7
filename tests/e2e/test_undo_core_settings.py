"""A GM's undo of a core setting: the campaign is as it was before the setting changed."""

from __future__ import annotations

from tests.e2e.test_undo import undo


async def test_undoing_the_language_brings_back_the_servers_language(campaign):
    """`/campaign settings set setting:core.language value:ru`, undone: the campaign follows
    the server's language again (it had none of its own), so it posts in English."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await undo(campaign, "wrong language", confirm="Отменить")
    shown = await campaign.slash("/campaign settings show ruleset:core", as_="gm")
    assert "`language` = **the server's language → en** (en, ru)" in shown.embed.description
    info = await campaign.slash("/campaign info", as_="player1")
    assert info.embed.title == "Campaign “Test Campaign”"


async def test_undoing_a_second_language_change_brings_back_the_first(campaign):
    """A language the GM had set comes back as set, not as the server's."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await campaign.slash("/campaign settings set setting:core.language value:en", as_="gm")
    await undo(campaign, "keep it Russian")
    shown = await campaign.slash("/campaign settings show ruleset:core", as_="gm")
    assert "`language` = **ru** (en, ru)" in shown.embed.description
    info = await campaign.slash("/campaign info", as_="player1")
    assert info.embed.title == "Кампания «Test Campaign»"


async def test_undoing_secret_rolls_for_players_turns_them_off_again(campaign):
    """`core.secret_rolls_for_players` set to true, undone: players may no longer roll in
    secret."""
    await campaign.slash(
        "/campaign settings set setting:core.secret_rolls_for_players value:true", as_="gm"
    )
    await undo(campaign, "not this campaign")
    shown = await campaign.slash("/campaign settings show ruleset:core", as_="gm")
    assert "`secret_rolls_for_players` = **false**" in shown.embed.description
