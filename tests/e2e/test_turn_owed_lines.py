"""What the turn's end ping says each pinged player still owes reads as a sentence in both
languages, whatever the ruleset words it as: a thing to do (fire orders, an answer) or a
state (forces lacking orders)."""

from __future__ import annotations

import pytest

from tests.e2e.test_naval_orders import WS
from tests.e2e.test_naval_orders import navy as navy  # a fixture
from tests.e2e.test_naval_orders_takes_effect import ended
from tests.e2e.test_naval_orders_takes_effect import transfer_by_packet

PINGS = {
    "en": "The turn's end concerns you: {who} — Naval orders: Western Squadron: the order"
    " brought by packet boat (“Transfer”) has lapsed; awaited from you: 1 force lacks orders"
    " for turn 3",
    "ru": "Конец хода касается вас: {who} — Морские приказы: «Western Squadron»: приказ,"
    " доставленный покетботом («Перемещение»), потерял силу; от вас ждут: 1 соединение без"
    " приказов на ход 3",
}


def ping_of(done) -> str:
    """The content of the ping a turn's end posts."""
    [ping] = [m for m in done.followups if m.pings]
    return ping.content


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_a_squadron_lacking_orders_is_told_in_the_ping(navy, language):
    """The Western Squadron's transfer, brought by packet boat, lapses at the end of turn 2
    and it lacks orders for turn 3: Britain's player is pinged with what is awaited from
    them (not «you owe 1 force lacks orders»), in the campaign's language, after what
    happened to the squadron (named there as the summary names it); the ping is public, so
    what is awaited counts the force without naming it."""
    await transfer_by_packet(navy)
    await navy.slash(f"/navy position unit:{WS} location:3", as_="player1")
    await navy.slash("/navy arrived relay:1", as_="player1")
    await ended(navy, 1)
    label = "End turn {turn}"
    if language == "ru":
        await navy.slash("/campaign settings set setting:core.language value:ru", as_="gm")
        label = "Завершить ход {turn}"
    content = ping_of(await ended(navy, 2, label))
    who = f"<@{navy.member('player1').id}>"
    assert " ".join(content.split()) == PINGS[language].format(who=who)
