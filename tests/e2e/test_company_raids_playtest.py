"""Company raids as played: findings of a play-test session, each as a player meets it.

Player1 plays Anna, player2 Boris, player3 Vera (in Russian); the board is the one of
`test_company_raids`: Boris's Steelworks (fine 180), Anna's Broker (value 300).
"""

from __future__ import annotations

import pytest

from tests.e2e import test_company_raids as raids
from tests.e2e.confirming import confirmed

board = raids.board


async def test_a_piece_removed_from_the_joker_reads_as_removed_first(board):
    """CR-I10: Anna's Broker holds the Joker and Anna removes its record. The public answer
    opens with the removal itself (what the command did), then what follows from it: the
    Joker ownerless again and Anna's Joker Holding cleared (CR-5.3, CR-I11). An undo strikes
    that first line, so it must be the removal."""
    entered = await board.slash("/company enter piece:Broker", as_="player1")
    assert not entered.ephemeral, entered.text()

    removed = await confirmed(board, "/company remove-piece name:Broker", as_="player1")

    lines = removed.embed.description.splitlines()
    assert lines[0] == "Piece Broker removed.", lines
    assert "Broker leaves the Joker." in lines
    assert "Anna has no piece holding the Joker: it is ownerless again." in lines


async def test_a_russian_duel_header_does_not_decline_a_piece_name(board):
    """CR-I13: in a Russian campaign the duel's header pairs the two pieces without a
    preposition that would need the name declined ("против Corsair" reads as a mistake),
    and says who fires first whatever the name's gender."""
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await board.slash("/company add-piece name:Banker value:200", as_="player3")
    await board.slash("/company enter piece:Banker", as_="player3")
    await board.slash("/company add-piece name:Corsair value:350", as_="player1")
    board.script_dice([2])  # Banker hits with the first shot

    duel = await board.slash("/company enter piece:Corsair", as_="player1")

    told = duel.embed.description
    assert "Дуэль 1: Banker (Vera) — Corsair (Anna); первый выстрел делает Banker." in told
    assert "против" not in told


PASSING = "/campaign settings set setting:company_raids.incident_on_pass_through value:true"


async def passing_through_steelworks(board, faces: list[int]):
    """CR-I5 with `incident_on_pass_through`: Anna's Broker passes Boris's Steelworks on its
    way to Vera's Mill, the Black die scripted with `faces`: the question at Steelworks."""
    await board.slash(PASSING, as_="gm")
    await board.slash("/company add-company name:Mill fine:40", as_="player3")
    board.script_dice(faces)
    return await board.slash(
        "/company land piece:Broker company:Mill passed:Steelworks", as_="player1"
    )


@pytest.mark.parametrize(
    ("faces", "clicks", "outcome"),
    [
        ([], [(raids.PAY, "player1")], "Fine: Anna pays Boris 180."),
        ([4], [(raids.CAPTURE, "player1")], "the marker goes from Boris to Anna"),
        ([2], [(raids.CAPTURE, "player1"), (raids.FINE, "player2")], "Anna pays Boris 180."),
        ([2, 1], [(raids.CAPTURE, "player1"), (raids.COUNTER, "player2")], "BD 1: a miss."),
    ],
    ids=["fine", "capture", "fine after a failed capture", "missed counterattack"],
)
async def test_a_piece_passing_through_is_told_it_moves_on(board, faces, clicks, outcome):
    """CR-I5, CR-I9: whatever ends the incident at a Company the piece only passes through
    (the fine, a capture, the fine after a failed capture, a missed counterattack), Broker
    does not stay there: the story says it moves on to Mill, where its move ends, and only
    there may it stay until its next move (CR-3.8, CR-3.9)."""
    answer = await passing_through_steelworks(board, faces)
    for label, who in clicks:
        answer = await board.click(answer, label, as_=who)

    told = answer.embed.description
    assert outcome in told
    assert "Broker leaves Steelworks and moves on towards Mill." in told
    assert "may stay in Steelworks" not in told
    assert "Incident #2: waiting for Anna to pay the fine or attempt a capture." in told

    done = await board.click(answer, raids.PAY, as_="player1")
    assert "Broker may stay in Mill until its next move" in done.embed.description
    assert "Broker (Anna, value 300): in Mill; attempted: Mill" in await raids.board_shown(board)


async def test_a_russian_piece_passing_through_is_told_it_moves_on(board):
    """CR-I5: the same in Russian: Broker pays at Steelworks and goes on to Mill; nothing
    says it may stay in Steelworks."""
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    question = await passing_through_steelworks(board, [])

    paid = await board.click(question, "Заплатить штраф", as_="player1")

    told = paid.embed.description
    assert "Broker покидает Компанию Steelworks и продолжает ход к Компании Mill." in told
    assert "может оставаться в Компании Steelworks" not in told
