"""`/history show` of an entry a GM undid says so first: who undid it, in which entry, and
why; an entry that stands says nothing of the kind."""

from __future__ import annotations

from tests.e2e.test_undo import undo


async def test_an_undone_roll_shows_who_undid_it_first(campaign):
    campaign.script_dice([4, 2])
    await campaign.slash("/roll dice:2d6", as_="player1")  # entry #2
    await undo(campaign, "rolled in the wrong channel")  # entry #3
    gm = campaign.member("gm").id
    shown = await campaign.slash("/history show entry:2", as_="player1")
    first = shown.embed.description.splitlines()[0]
    assert first == f"↩️ **Undone** by <@{gm}> (entry #3). Reason: rolled in the wrong channel"
    assert shown.embed.fields[4].value == "2d6 (4, 2) = 6"  # its dice stay shown
    standing = await campaign.slash("/history show entry:3", as_="player1")
    assert "Undone by" not in (standing.embed.description or "")


async def test_an_undone_entry_says_so_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    campaign.script_dice([4, 2])
    await campaign.slash("/roll dice:2d6", as_="player1")  # entry #3
    await undo(campaign, "не тот канал", confirm="Отменить")  # entry #4
    gm = campaign.member("gm").id
    shown = await campaign.slash("/history show entry:3", as_="player1")
    first = shown.embed.description.splitlines()[0]
    assert first == f"↩️ **Отменена** записью №4. Кто отменил: <@{gm}>. Причина: не тот канал"
