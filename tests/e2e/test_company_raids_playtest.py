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
