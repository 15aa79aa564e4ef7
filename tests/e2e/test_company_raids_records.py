"""Company raids: the records a player or a GM edits while an incident is open, amounts as
the reader writes them, and edits that change nothing.

Player1 plays Anna, player2 Boris, player3 Vera (in Russian): Boris's Steelworks (fine 180),
Anna's Broker (value 300), as `board` in test_company_raids registers them. Faces of the
Black die are scripted in the order the bot rolls them.
"""

from __future__ import annotations

from bot.verify_export import verify_document

from .confirming import confirmed
from .play import refused_alone
from .test_company_raids import CAPTURE
from .test_company_raids import COUNTER
from .test_company_raids import FINE
from .test_company_raids import LAND
from .test_company_raids import PAY
from .test_company_raids import RUSSIAN
from .test_company_raids import board  # noqa: F401 - the fixture
from .test_company_raids import board_shown
from .test_company_raids import counterattacked
from .test_history_export import read_gz
from .test_undo import verified

SETTLE = (
    "Settle the incident first (a GM can force the answer with /company force, or undo its"
    " steps with /history undo)"
)
NBSP = "\u00a0"  # the Russian digit grouping


async def logged(table, command: str) -> int:
    """How many entries of the log name `command`."""
    log = await table.slash("/history list", as_="gm")
    return log.text().count(command)


# --- records locked while an incident is open ------------------------------------------


async def test_a_trespasser_cannot_lower_its_pieces_value_before_the_counterattack(board):  # noqa: F811
    """CR-4.3: Anna lands Broker (value 300), sets its value to 0, fails the capture and
    Boris's counterattack hits: the edit was refused, so the bank pays Boris 300."""
    board.script_dice([3, 4])
    question = await board.slash(LAND, as_="player1")

    refusal = await refused_alone(board, "/company edit-piece name:Broker value:0", "player1")

    assert refusal == (
        "Broker is in incident #1, which is still open: its value counts in what that incident"
        f" pays (CR-4.3). {SETTLE}, then correct the value."
    )
    failed = await board.click(question, CAPTURE, as_="player1")
    hit = await board.click(failed, COUNTER, as_="player2")
    assert "**Counterattack bonus: the bank pays Boris 300.**" in hit.embed.description
    assert await logged(board, "company edit-piece") == 0


async def test_an_owner_cannot_raise_the_fine_before_collecting_it(board):  # noqa: F811
    """CR-I4: after Anna's capture fails, Boris sets Steelworks' fine to 999,999 and collects
    the fine: the edit was refused, so Anna pays the 180 recorded when the incident opened."""
    board.script_dice([3])
    failed = await board.click(await board.slash(LAND, as_="player1"), CAPTURE, as_="player1")

    line = "/company edit-company name:Steelworks fine:999999"
    refusal = await refused_alone(board, line, "player2")

    assert refusal == (
        "Steelworks is in incident #1, which is still open: the incident goes on with the owner"
        f" and fine it opened with (CR-I4). {SETTLE}, then change the record."
    )
    fined = await board.click(failed, FINE, as_="player2")
    assert fined.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert "Steelworks: owner Boris, fine 180" in await board_shown(board)


async def test_the_owner_stays_while_the_incident_asks_and_a_gm_settles_it_first(board):  # noqa: F811
    """CR-I4: while Anna's landing waits, Boris cannot give Steelworks away, nor a GM change
    its owner or fine; the incident and the board both still name Boris. Once a GM forces the
    answer (CR-I19), the GM's correction goes through."""
    await board.slash(LAND, as_="player1")

    refusal = await refused_alone(board, "/company edit-company name:Steelworks owner:-", "player2")
    assert refusal.startswith("Steelworks is in incident #1, which is still open")
    by_gm = await refused_alone(
        board, "/company edit-company name:Steelworks owner:- fine:200", "gm"
    )
    assert by_gm == refusal
    piece = await refused_alone(board, "/company edit-piece name:Broker value:1", "gm")
    assert piece.startswith("Broker is in incident #1")
    shown = await board_shown(board)
    assert "Incident #1: waiting for Anna to pay the fine or attempt a capture." in shown
    assert "Steelworks: owner Boris, fine 180" in shown

    await confirmed(board, "/company force", as_="gm")
    edited = await board.slash("/company edit-company name:Steelworks owner:- fine:200", as_="gm")

    assert not edited.ephemeral
    assert "Company Steelworks updated: owner nobody, fine 200" in edited.embed.description


async def test_a_piece_in_the_joker_keeps_its_value_while_a_duel_is_asked(board):  # noqa: F811
    """CR-5.10: while Anna decides whether to attack Vera's Joker, Vera's Banker, whose value
    makes the prize, keeps it; the refusal reads in Vera's Russian."""
    await board.slash(
        "/campaign settings set setting:company_raids.joker_entry_forces_duel value:false",
        as_="gm",
    )
    await board.slash("/company add-piece name:Banker value:200 in_joker:true", as_="player3")
    await board.slash("/company enter piece:Broker", as_="player1")

    refusal = await refused_alone(board, "/company edit-piece name:Banker value:5", "player3")

    assert refusal.startswith(
        "Фигура Banker участвует в инциденте №1, который ещё не исчерпан: от её стоимости"
        " зависит, сколько по нему причитается (CR-5.10). Сначала доведите инцидент до конца"
    )
    assert "/компания по_умолчанию" in refusal and "/журнал отменить" in refusal


async def test_a_move_or_removal_held_by_an_open_incident_says_how_to_settle_it(board):  # noqa: F811
    """CR-2.2: while Anna decides, Broker cannot move and Boris cannot remove Steelworks;
    each refusal says what to do, as an edit's does. Once a GM forces the answer, both go
    through."""
    await board.slash(LAND, as_="player1")

    move = await refused_alone(board, "/company move piece:Broker", "player1")
    removal = await refused_alone(board, "/company remove-company name:Steelworks", "player2")

    assert move == f"Broker is in incident #1, which is still open (CR-2.2). {SETTLE}."
    assert removal == (
        f"Steelworks is in incident #1, which is still open (CR-2.2). {SETTLE},"
        " then remove the Company."
    )
    await confirmed(board, "/company force", as_="gm")
    moved = await board.slash("/company move piece:Broker", as_="player1")
    assert not moved.ephemeral


async def test_a_move_off_a_company_names_it_in_the_log_and_the_log_verifies(board):  # noqa: F811
    """CR-I9: Anna lands Broker in Steelworks and pays; moving Broker off frees Steelworks.
    The move's log entry names Steelworks, and the log verifies, in the bot and offline."""
    question = await board.slash(LAND, as_="player1")
    await board.click(question, PAY, as_="player1")
    moved = await board.slash("/company move piece:Broker", as_="player1")
    assert "Broker has left: it may raid Steelworks again" in moved.embed.description

    exported = read_gz(await board.slash("/history export", as_="player1"))
    (entry,) = [e for e in exported["entries"] if e["command"] == "company move"]
    assert entry["outcome"]["summary"][-1] == {
        "key": "company_raids.board.marks_cleared",
        "params": {"companies": "Steelworks", "piece": "Broker"},
    }
    assert (await verified(board)).startswith("✅ The log is intact")
    assert verify_document(exported).ok


async def test_a_landing_that_names_its_stop_as_passed_is_refused(board):  # noqa: F811
    """CR-I5: Broker's move ends in Steelworks, so Steelworks is not a Company it passed:
    the landing is refused to Anna alone and no incident opens."""
    line = "/company land piece:Broker company:Steelworks passed:Steelworks"

    refusal = await refused_alone(board, line, "player1")

    assert refusal == (
        "Broker's move ends in Steelworks, so it does not pass Steelworks: list as passed"
        " only the Companies crossed on the way (CR-I5)."
    )
    assert "Incident #" not in await board_shown(board)


async def test_a_player_cannot_leave_his_company_ownerless(board):  # noqa: F811
    """README (`/company add-company`): only a GM has a Company with no owner. Boris's
    `owner:-` on his Steelworks is refused to him alone, logs nothing and the board still
    names him; the GM's goes through."""
    line = "/company edit-company name:Steelworks owner:-"

    refusal = await refused_alone(board, line, "player2")

    assert refusal == "Only a GM makes a Company ownerless: Steelworks stays yours."
    assert "Steelworks: owner Boris, fine 180" in await board_shown(board)
    assert await logged(board, "company edit-company") == 0
    edited = await board.slash(line, as_="gm")
    assert "Company Steelworks updated: owner nobody, fine 180" in edited.embed.description


# --- amounts grouped the reader's way --------------------------------------------------


async def test_every_amount_is_grouped_in_english(board):  # noqa: F811
    """CR-I4, CR-4.3, CR-I16: a fine of 999,999 and a bonus on a value of 10¹² read grouped,
    as the board shows them; an exact figure beside a rounded one too."""
    await board.slash("/company edit-company name:Steelworks fine:999999", as_="player2")
    paid = await board.click(await board.slash(LAND, as_="player1"), "Pay the fine", as_="player1")
    assert paid.embed.description.startswith("**Fine: Anna pays Boris 999,999.**")

    hit = await counterattacked(board, "Tycoon", 1000000000000, [3, 4])
    story = hit.embed.description
    assert "Counterattack bonus: the bank pays Boris 1,000,000,000,000." in story
    assert "Tycoon (Anna, value 1,000,000,000,000) is removed from the board." in story

    await board.slash(
        "/campaign settings set setting:company_raids.counterattack_bonus_pct value:50", as_="gm"
    )
    hit = await counterattacked(board, "Scout", 1000001, [3, 4])
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
        f"**Штраф: фракция «Anna» платит фракции «Boris» 999{NBSP}999.**"
    )

    await board.slash("/company add-piece name:Scout value:1000001", as_="player1")
    board.script_dice([3, 4])
    question = await board.slash("/company land piece:Scout company:Steelworks", as_="player1")
    failed = await board.click(question, "Попытаться захватить", as_="player1")
    hit = await board.click(failed, "Контратаковать", as_="player2")
    assert (
        "банк платит фракции «Boris» "
        f"500{NBSP}001 (без округления 500{NBSP}000,5)." in hit.embed.description
    )


# --- an edit that changes nothing ------------------------------------------------------


async def test_a_joker_holding_declared_again_changes_nothing_and_logs_nothing(board):  # noqa: F811
    """CR-I11: Boris declares his Joker Holding, then the same Companies again (in another
    order): the second is answered to him alone, and the log keeps one declaration."""
    await board.slash("/company add-company name:Oilworks fine:50", as_="player2")
    await board.slash("/company add-piece name:Clerk value:50", as_="player2")
    await board.slash("/company enter piece:Clerk", as_="player2")
    declared = await board.slash("/company holding companies:Steelworks, Oilworks", as_="player2")
    assert not declared.ephemeral

    again = await refused_alone(board, "/company holding companies:Oilworks, Steelworks", "player2")

    assert again == ("Nothing changed: the Joker Holding of Boris is already Steelworks, Oilworks.")
    assert await logged(board, "company holding") == 1
    changed = await board.slash("/company holding companies:Steelworks", as_="player2")
    assert "Joker Holding of Boris: Steelworks." in changed.embed.description


async def test_a_record_edited_to_what_it_already_says_changes_nothing(board):  # noqa: F811
    """The same value for a piece, the same owner, fine and Holding for a Company: each is
    answered to its typist alone, in their language, and logged nowhere."""
    same_value = await refused_alone(board, "/company edit-piece name:Broker value:300", "player1")
    assert same_value == "Nothing changed: piece Broker already has value 300."
    same_record = await refused_alone(
        board, "/company edit-company name:Steelworks fine:180 owner:Boris holding:-", "player2"
    )
    assert same_record == (
        "Nothing changed: Company Steelworks already has owner Boris, fine 180, no Holding."
    )
    await board.slash("/company add-piece name:Banker value:2000 owner:Vera", as_="gm")
    russian = await refused_alone(board, "/company edit-piece name:Banker value:2000", "player3")
    assert russian == f"Ничего не изменилось: стоимость фигуры Banker уже 2{NBSP}000."

    assert await logged(board, "company edit-") == 0
    edited = await board.slash("/company edit-piece name:Broker value:310", as_="player1")
    assert "Piece Broker updated: owner Anna, value 310." in edited.embed.description
