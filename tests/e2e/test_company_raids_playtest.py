"""Company raids as played: findings of a play-test session, each as a player meets it.

Player1 plays Anna, player2 Boris, player3 Vera (in Russian); the board is the one of
`test_company_raids`: Boris's Steelworks (fine 180), Anna's Broker (value 300).
"""

from __future__ import annotations

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
