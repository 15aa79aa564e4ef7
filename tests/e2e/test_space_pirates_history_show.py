"""`/history show` of a typed answer to a buy-off (SP-I34, SP-I45): its options named as
the command was typed (`/pirates offer number pay`), and its turn with the resolution it
goes on, in the reader's language."""

from __future__ import annotations

from bot.standin import Table
from tests.e2e.test_history_texts import newest
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import pirates  # noqa: F401 - a fixture


def field(shown, name: str) -> str:
    return next(f.value for f in shown.embed.fields if f.name == name)


async def test_a_typed_buy_off_answer_shows_its_options_and_the_turn_it_resolves(
    pirates: Table,  # noqa: F811 - the fixture imported above
):
    """Turn 1's end offers Vega a buy-off (d20 1, 2d6 4 and 6: 600 to pay); during turn 2
    Vega refuses it with `/pirates offer number:1 pay:false`. Its entry shows
    `number: 1`, `pay: no` (not the button's code and the question's inner name), and
    turn 2 as the resolution of turn 1; a Russian reader reads the same in Russian."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    await end_turn(pirates, 1)
    refused = await pirates.slash("/pirates offer number:1 pay:false", as_="player1")
    assert not refused.ephemeral, refused.text()
    entry = await newest(pirates)

    shown = await pirates.slash(f"/history show entry:{entry}", as_="player1")
    assert field(shown, "Options") == "**number**: 1\n**pay**: no"
    assert field(shown, "Turn") == "2 (resolution of turn 1)"

    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await pirates.slash(f"/history show entry:{entry}", as_="player1")
    assert field(shown, "Параметры") == "**номер**: 1\n**заплатить**: нет"
    assert field(shown, "Ход") == "2 (розыгрыш хода 1)"
