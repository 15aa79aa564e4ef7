"""Company raids: amounts as the reader writes them.

Player1 plays Anna, player2 Boris, player3 Vera (in Russian): Boris's Steelworks (fine 180),
Anna's Broker (value 300), as `board` in test_company_raids registers them. Faces of the
Black die are scripted in the order the bot rolls them.
"""

from __future__ import annotations

from .test_company_raids import CAPTURE
from .test_company_raids import COUNTER
from .test_company_raids import LAND
from .test_company_raids import RUSSIAN
from .test_company_raids import board  # noqa: F401 - the fixture

NBSP = "\u00a0"  # the Russian digit grouping


async def refused_alone(table, line: str, as_: str) -> str:
    """`line` typed by `as_` is answered to that player alone, nothing posted in the channel:
    the refusal's text."""
    posted = len(table.channel_messages())
    refused = await table.slash(line, as_=as_)
    assert refused.ephemeral, refused.text()
    assert len(table.channel_messages()) == posted
    return refused.embed.description


# --- amounts grouped the reader's way --------------------------------------------------


async def test_every_amount_is_grouped_in_english(board):  # noqa: F811
    """CR-I4, CR-4.3, CR-I16: a fine of 999,999 and a bonus on a value of 10¹² read grouped,
    as the board shows them; an exact figure beside a rounded one too."""
    await board.slash("/company edit-company name:Steelworks fine:999999", as_="player2")
    paid = await board.click(await board.slash(LAND, as_="player1"), "Pay the fine", as_="player1")
    assert paid.embed.description.startswith("**Fine: Anna pays Boris 999,999.**")

    await board.slash("/company add-piece name:Tycoon value:1000000000000", as_="player1")
    board.script_dice([3, 4])
    question = await board.slash("/company land piece:Tycoon company:Steelworks", as_="player1")
    failed = await board.click(question, CAPTURE, as_="player1")
    hit = await board.click(failed, COUNTER, as_="player2")
    story = hit.embed.description
    assert "Counterattack bonus: the bank pays Boris 1,000,000,000,000." in story
    assert "Tycoon (Anna, value 1,000,000,000,000) is removed from the board." in story

    await board.slash(
        "/campaign settings set setting:company_raids.counterattack_bonus_pct value:50", as_="gm"
    )
    await board.slash("/company add-piece name:Scout value:1000001", as_="player1")
    board.script_dice([3, 4])
    question = await board.slash("/company land piece:Scout company:Steelworks", as_="player1")
    failed = await board.click(question, CAPTURE, as_="player1")
    hit = await board.click(failed, COUNTER, as_="player2")
    assert (
        "Counterattack bonus: the bank pays Boris 500,001 (exact 500,000.5)."
        in hit.embed.description
    )

    offered = await board.autocomplete("/company land piece:Broker company:steel", as_="player1")
    assert [c.name for c in offered] == ["Steelworks (Boris, 999,999)"]


async def test_every_amount_is_grouped_in_russian(board):  # noqa: F811
    """The same amounts in a Russian campaign: grouped by spaces, a decimal comma."""
    await board.slash(RUSSIAN, as_="gm")
    await board.slash(
        "/campaign settings set setting:company_raids.counterattack_bonus_pct value:50", as_="gm"
    )
    await board.slash("/company edit-company name:Steelworks fine:999999", as_="player2")
    paid = await board.click(
        await board.slash(LAND, as_="player1"), "Заплатить штраф", as_="player1"
    )
    assert paid.embed.description.startswith(
        f"**Штраф: платит Anna, получает Boris — 999{NBSP}999.**"
    )

    await board.slash("/company add-piece name:Scout value:1000001", as_="player1")
    board.script_dice([3, 4])
    question = await board.slash("/company land piece:Scout company:Steelworks", as_="player1")
    failed = await board.click(question, "Попытаться захватить", as_="player1")
    hit = await board.click(failed, "Контратаковать", as_="player2")
    assert (
        f"платит банк, получает Boris — 500{NBSP}001 (без округления 500{NBSP}000,5)."
        in hit.embed.description
    )
