"""`/history show` of a typed answer to a buy-off or a mercenary upkeep (SP-I34, SP-I35,
SP-I45): its options named as the command was typed (`/pirates offer number pay`), and its
turn with the resolution it goes on, in the reader's language."""

from __future__ import annotations

import pytest

from bot.standin import Table
from tests.e2e.test_history_texts import newest
from tests.e2e.test_space_pirates import after_a_raid  # noqa: F401 - a fixture
from tests.e2e.test_space_pirates import dismiss_confirmed
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import pirates  # noqa: F401 - a fixture
from tests.e2e.test_space_pirates_review import _upkeep_waits as upkeep_waits


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


@pytest.mark.parametrize(("pay", "en", "ru"), [("true", "yes", "да"), ("false", "no", "нет")])
async def test_a_typed_upkeep_answer_shows_its_options_as_typed(
    after_a_raid: Table,  # noqa: F811 - the fixture imported above
    pay: str,
    en: str,
    ru: str,
):
    """Turn 2 ends on Vega's 200 upkeep (SP-I35); during turn 3 Vega pays it, or ends the
    contract, with `/pirates offer number:N pay:…`. Its entry shows `number: N` and `pay` as
    typed (not the button's code `pay` or `end`), and turn 3 as the resolution of turn 2;
    a Russian reader reads the same in Russian."""
    _, _, number = await upkeep_waits(after_a_raid)
    answered = await after_a_raid.slash(f"/pirates offer number:{number} pay:{pay}", as_="player1")
    assert not answered.ephemeral, answered.text()
    entry = await newest(after_a_raid)

    shown = await after_a_raid.slash(f"/history show entry:{entry}", as_="player1")
    assert field(shown, "Options") == f"**number**: {number}\n**pay**: {en}"
    assert field(shown, "Turn") == "3 (resolution of turn 2)"

    await after_a_raid.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await after_a_raid.slash(f"/history show entry:{entry}", as_="player1")
    assert field(shown, "Параметры") == f"**номер**: {number}\n**заплатить**: {ru}"
    assert field(shown, "Ход") == "3 (розыгрыш хода 2)"


async def test_a_dismissal_that_ends_a_waiting_upkeep_shows_the_contract_as_typed(
    after_a_raid: Table,  # noqa: F811 - the fixture imported above
):
    """Turn 2 ends on Vega's 200 upkeep (SP-I35); during turn 3 Vega dismisses the contract
    with `/pirates mercenaries dismiss contract:N`, which ends the upkeep (SP-I45). Its entry
    shows the command and `contract: N` as typed (not the question's number and the button's
    code), in the reader's language."""
    _, contract, _ = await upkeep_waits(after_a_raid)
    await dismiss_confirmed(after_a_raid, contract)
    entry = await newest(after_a_raid)

    shown = await after_a_raid.slash(f"/history show entry:{entry}", as_="player1")
    assert shown.embed.title.endswith("pirates mercenaries dismiss"), shown.embed.title
    assert field(shown, "Options") == f"**contract**: {contract}"
    assert field(shown, "Turn") == "3 (resolution of turn 2)"

    await after_a_raid.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await after_a_raid.slash(f"/history show entry:{entry}", as_="player1")
    assert field(shown, "Параметры") == f"**контракт**: {contract}"
