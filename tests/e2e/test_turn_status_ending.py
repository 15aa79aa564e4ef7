"""`/turn status` while a turn's end is paused on a question (SP-I40, SP-I45): the campaign's
counter has moved on, but what players read first is that the end of the turn they ended is
still running, what it waits for and who is asked; once answered, the new turn alone."""

from __future__ import annotations

import pytest

from tests.e2e.test_space_pirates import end_turn


@pytest.fixture
async def raided(table):
    """Orion's only route is raided at the end of turn 1 and offered a buy-off (SP-I34):
    the resolution waits for player1's answer."""
    await table.slash("/campaign create name:Med rulesets:space_pirates, fleet_combat", as_="gm")
    await table.slash("/campaign join faction:Orion", as_="player1")
    await table.slash("/pirates route add name:Line goods:200", as_="player1")
    table.script_dice([1, 3, 3])
    ended = await end_turn(table, 1)
    question = next(m for m in ended.followups if any("Pay" in b.label for b in m.buttons))
    return table, question


async def test_status_tells_the_end_still_running_and_who_is_asked(raided):
    table, _ = raided
    player1 = table.member("player1").id

    status = await table.slash("/turn status", as_="player1")

    assert status.embed.title == "Med — end of turn 1 under way"
    assert status.embed.description.splitlines()[0] == (
        f"⏳ Space pirates: the end of turn 1 is not finished yet, it waits for an answer "
        f"from <@{player1}> (**Orion**). Turn 2 has begun meanwhile."
    )


async def test_once_answered_the_status_tells_the_new_turn(raided):
    table, question = raided
    await table.click(question, "Pay 30", as_="player1")

    status = await table.slash("/turn status", as_="player1")

    assert status.embed.title == "Med — turn 2"
    assert "end of turn 1" not in (status.embed.description or "")


async def test_a_campaign_playing_in_russian_reads_the_same(raided):
    table, _ = raided
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    player1 = table.member("player1").id

    status = await table.slash("/turn status", as_="player1")

    assert status.embed.title == "Med — завершается ход 1"
    assert status.embed.description.splitlines()[0] == (
        f"⏳ Космические пираты: конец хода 1 ещё не завершён, ждём ответа от <@{player1}> "
        "(**Orion**). Тем временем уже идёт ход 2."
    )
