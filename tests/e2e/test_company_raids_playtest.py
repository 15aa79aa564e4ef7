"""Company raids as played: findings of a play-test session, each as a player meets it.

Player1 plays Anna, player2 Boris, player3 Vera (in Russian); the board is the one of
`test_company_raids`: Boris's Steelworks (fine 180), Anna's Broker (value 300).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e import test_company_raids as raids
from tests.e2e.confirming import confirmed
from tests.e2e.play import refused_alone
from tests.e2e.play import saved_state

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


@pytest.mark.parametrize(
    "name", ["Joker", "JOKER", "J0ker", "J\u043eker", "Джокер", "джокер", "Джокер-спрут"]
)
async def test_a_company_cannot_take_the_joker_squares_name(board, name):
    """CR-5, CR-I5: the Joker square is not a Company, so no Company may take its name, in
    either language or any spelling that looks like it; the refusal says why, and nothing is
    registered."""
    before = await raids.board_shown(board)

    refused = await refused_alone(board, f"/company add-company name:{name} fine:10", "player1")

    assert refused == (
        f"“{name}” is the name of the Joker square, which is not a Company (CR-I5): pick a name "
        "no one can mistake for it."
    )
    assert await raids.board_shown(board) == before


async def test_the_joker_named_as_a_square_points_to_the_joker_commands(board):
    """CR-I5: with no Company of that name, `square:Joker` (or `company:Джокер`) is refused
    saying the Joker is not a Company and which command ends a move there; Broker stays
    where it was. Vera reads the refusal of a Company named like the Joker in Russian."""
    moved = await refused_alone(board, "/company move piece:Broker square:Joker", "player1")
    assert moved == (
        "“Joker” is the Joker, not a Company (CR-I5): a piece ends its move there with /company "
        "enter, and is registered there with /company add-piece in_joker:True."
    )
    landed = await refused_alone(board, "/company land piece:Broker company:Джокер", "player1")
    assert landed.startswith("“Джокер” is the Joker, not a Company")
    placed = await refused_alone(
        board, "/company add-piece name:Clerk value:100 square:joker", "player3"
    )
    assert placed == (
        "«joker» — это Джокер, а не Компания (CR-I5): фигура заканчивает ход в Джокере командой "
        "/компания войти, а регистрируется в нём командой /компания добавить-фигуру "
        "в_джокере:True."
    )
    named = await refused_alone(board, "/company add-company name:Джокер fine:10", "player3")
    assert named == (
        "«Джокер» — так называется клетка Джокера, а она не Компания (CR-I5): выберите "
        "название, которое с ней не спутать."
    )
    assert "Broker (Anna, value 300): elsewhere on the board" in await raids.board_shown(board)


async def test_a_company_saved_under_the_jokers_name_still_loads(board):
    """CR-I5: a campaign saved before the Joker's name was refused, with Anna's Company
    "Joker" holding her Clerk, still loads: the Company keeps its record and name, a square
    named exactly so is still that Company, and the Joker square itself is still entered
    with /company enter."""

    def joker_company(state: dict[str, Any]) -> None:
        state["companies"]["joker"] = {"name": "Joker", "owner": "Anna", "fine": 10}
        state["pieces"]["clerk"] = {"name": "Clerk", "owner": "Anna", "value": 100}
        state["pieces"]["clerk"]["company"] = "joker"

    await saved_state(board, "company_raids", joker_company)

    shown = await raids.board_shown(board)
    assert "Joker: owner Anna, fine 10, no Holding" in shown
    assert "Clerk (Anna, value 100): in Joker" in shown
    moved = await board.slash("/company move piece:Broker square:Joker", as_="player1")
    assert moved.embed.description.startswith("Broker moves to Joker."), moved.text()
    entered = await board.slash("/company enter piece:Clerk", as_="player1")
    assert "Anna becomes the Joker's owner free of charge, with Clerk." in entered.text()


async def test_a_russian_status_with_nothing_pending_reads_naturally(board):
    """A Russian campaign's status with no open question says, under "Ждём ответа", that
    nobody's answer is awaited, in words a Russian reader would use."""
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    shown = await raids.board_shown(board)

    assert shown.startswith("**Ждём ответа**\nСейчас ничьего ответа не ждём.\n"), shown
