"""Messages Discord refused to post, after the refusal: an undo takes back what its command
never posted (neither /turn status nor a restart posts the undone question, nor pings its
player).

Company raids: Anna (player1) lands Broker in Boris's (player2) Steelworks; Discord refuses
the message with the incident's question.
"""

from __future__ import annotations

import tests.e2e.test_company_raids as raids
from bot.standin import Table
from tests.e2e.test_confirmations_unseen import open_questions
from tests.e2e.test_unposted_questions import asking
from tests.e2e.test_unposted_questions import incidents
from tests.e2e.test_unposted_questions import landed_unseen

board = raids.board

STILL_HELD = "could not be posted in the channel"


async def test_an_undone_landing_never_posts_its_held_question(board: Table, monkeypatch):
    """Anna's landing is done but Discord refused its question; the GM undoes the landing.
    The undo does not claim messages it could not mark, /turn status posts nothing and says
    nothing is held, and neither does a restart: nobody sees the undone question."""
    await landed_unseen(board, monkeypatch)
    asked = await board.slash("/history undo reason:wrong landing", as_="gm")
    undone = await board.click(asked, "Undo", as_="gm")
    assert "not marked undone" not in undone.text()
    assert await open_questions(board) == []

    status = await board.slash("/turn status", as_="gm")
    assert STILL_HELD not in status.text()
    assert asking(board) == []
    assert incidents(board) == []

    await board.restart()
    await board.slash("/turn status", as_="player1")
    assert asking(board) == []
    assert incidents(board) == []
