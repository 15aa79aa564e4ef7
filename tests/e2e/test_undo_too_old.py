"""`/history undo` past what the campaign still keeps to undo (`UNDO_MAX` journals here, as
the 32 MiB budget does in a large campaign) says why it stops there, unlike the campaign's
creation, which is never undone."""

from __future__ import annotations

from bot.storage import undo as undo_storage


async def test_an_undo_past_the_kept_journals_says_why(campaign, monkeypatch):
    monkeypatch.setattr(undo_storage, "UNDO_MAX", 4)
    await campaign.slash("/campaign gm add user:@player3", as_="gm")  # entry #2
    for face in range(1, 6):  # entries #3–#7; the oldest journals go past four
        campaign.script_dice([face])
        await campaign.slash("/roll dice:1d6", as_="player1")
    undone = 0
    while True:
        asked = await campaign.slash("/history undo reason:back", as_="gm")
        if asked.ephemeral:
            break
        await campaign.click(asked, "Undo", as_="gm")
        undone += 1
    assert undone == 4
    assert asked.embed.description == (
        "Entry #3 (roll) is too far back to undo: the campaign keeps what its newest commands "
        "changed only up to a limit, and this one's record is gone, so nothing before it can "
        "be undone either."
    ), asked.text()
    russian = await campaign.slash("/history undo reason:назад", as_="player3")
    assert russian.embed.description == (
        "Запись №3 (бросок) слишком давняя, чтобы её отменить: кампания хранит изменения лишь "
        "последних команд, в пределах лимита, и запись об этой уже не хранится, поэтому "
        "нельзя отменить и ничего до неё."
    ), russian.text()
