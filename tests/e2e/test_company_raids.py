"""Company raids played through Discord: `/company …` with the real bot on the stand-in.

Player1 plays Anna, player2 Boris, player3 Vera (in Russian). Faces of the Black die are
scripted in the order rules/company-raids.md rolls them: capture, counterattack, duel shots.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.interactions import LOSS_COLOUR
from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import SUCCESS_COLOUR
from bot.interactions import WAITING_COLOUR
from bot.rules.company_raids import CompanyRaidsSettings
from tests.e2e.confirming import confirmed
from tests.e2e.confirming import forced_by_button
from tests.e2e.confirming import pressed

from .play import assert_only_the_asked_answer
from .play import labels
from .play import refused_alone
from .play import set_up
from .play import struck_answered

LAND = "/company land piece:Broker company:Steelworks"
PAY = "Pay the fine"
CAPTURE = "Attempt a capture"
FINE = "Collect the fine"
COUNTER = "Counterattack"
FORCE = "Force default (GM)"


@pytest.fixture
async def board(table):
    """A Company raids campaign: Boris's Steelworks (fine 180), Anna's Broker (value 300)."""
    cast = (("player1", "Anna"), ("player2", "Boris"), ("player3", "Vera"))
    lines = [("/campaign create name:Raids rulesets:company_raids", "gm")]
    lines += [(f"/campaign join faction:{f}", who) for who, f in cast]
    company = "Company Steelworks registered: owner Boris, fine 180"
    lines.append(("/company add-company name:Steelworks fine:180", "player2", company))
    piece = "Piece Broker registered: owner Anna, value 300, elsewhere on the board."
    lines.append(("/company add-piece name:Broker value:300", "player1", piece))
    await set_up(table, lines)
    return table


async def board_shown(table) -> str:
    shown = await table.slash("/company status", as_="gm")
    return "\n".join(e.get("description", "") for e in shown.embeds)


async def attempt_capture(board, faces: list[int], piece: str = "Broker"):
    """Anna lands `piece` (Broker) in Steelworks and attempts a capture, the Black die
    scripted with `faces` (the capture roll first): the answer to her click."""
    board.script_dice(faces)
    question = await board.slash(f"/company land piece:{piece} company:Steelworks", as_="player1")
    return await board.click(question, CAPTURE, as_="player1")


async def counterattacked(board, piece: str, value: int, faces: list[int]):
    """Anna registers `piece` of `value` and attempts a capture with it (`attempt_capture`,
    `faces`); Boris counterattacks: the answer to his click."""
    await board.slash(f"/company add-piece name:{piece} value:{value}", as_="player1")
    failed = await attempt_capture(board, faces, piece)
    return await board.click(failed, COUNTER, as_="player2")


def assert_fine_paid(answer, chosen: str) -> None:
    """The incident ended with Anna paying Boris his fine of 180, `chosen` telling who chose
    it, and no button left to click."""
    story = answer.embed.description
    assert story.startswith("**Fine: Anna pays Boris 180.**")
    assert chosen in story
    assert answer.buttons == []


# --- each branch of an incident, by buttons ------------------------------------------------


async def test_landing_asks_the_trespasser_and_paying_closes_the_incident(board):
    """CR-2.2, CR-2.5: Anna is pinged with two buttons; paying owes Boris the fine (CR-I4)
    and marks Broker *attempted* (CR-I9)."""
    question = await board.slash(LAND, as_="player1")

    assert not question.ephemeral
    assert str(board.member("player1").id) in question.content
    assert labels(question) == [PAY, CAPTURE, FORCE]
    story = question.embed.description
    assert story.startswith(
        "**Incident #1: waiting for Anna to pay the fine or attempt a capture.**"
    )
    assert "Incident #1: Broker (Anna) stops in Steelworks, owned by Boris." in story

    paid = await board.click(question, PAY, as_="player1")

    assert_fine_paid(paid, "Anna chooses to pay the fine.")
    assert "Incident #1 is closed." in paid.embed.description
    assert struck_answered(paid.content)
    assert "Broker (Anna, value 300): in Steelworks; attempted: Steelworks" in await board_shown(
        board
    )


async def test_a_successful_capture_changes_the_marker(board):
    """CR-E1: BD 6 captures Steelworks; no fine; the marker goes to Anna (CR-2.8)."""
    captured = await attempt_capture(board, [6])

    story = captured.embed.description
    assert story.startswith("**Steelworks changes hands: the marker goes from Boris to Anna.**")
    assert "Capture roll, BD 6: the Company is captured." in story
    assert "pays" not in story
    assert "Steelworks: owner Anna, fine 180" in await board_shown(board)


async def test_a_failed_capture_asks_the_owner_who_collects_the_fine(board):
    """CR-E4: BD 2 fails; Boris gets the two buttons and takes the fine (CR-3.3, CR-3.5)."""
    failed = await attempt_capture(board, [2])

    # an edit notifies nobody: Boris is pinged by a follow-up, once (the question does not
    # repeat it); Anna's ping there is struck, answered
    assert struck_answered(failed.content)
    assert str(board.member("player2").id) not in failed.content
    assert [str(board.member("player2").id) in f.content for f in failed.followups] == [True]
    assert labels(failed) == [FINE, COUNTER, FORCE]
    assert "Capture roll, BD 2: the capture fails" in failed.embed.description

    fined = await board.click(failed, FINE, as_="player2")

    assert_fine_paid(fined, "Boris chooses to collect the fine.")


async def test_a_counterattack_that_hits_removes_the_raider_and_owes_the_bonus(board):
    """CR-E2: capture BD 3 fails, counterattack BD 4 hits; Broker is removed and the bank
    owes Boris 100 % of 300 (CR-4.2, CR-4.3, CR-I8)."""
    failed = await attempt_capture(board, [3, 4])

    hit = await board.click(failed, COUNTER, as_="player2")

    assert hit.embed.color == LOSS_COLOUR.value  # the raider's piece is removed
    story = hit.embed.description
    assert story.startswith(
        "**Broker (Anna, value 300) is removed from the board.**\n"
        "**Counterattack bonus: the bank pays Boris 300.**"
    )
    assert "Counterattack roll, BD 4: a hit." in story
    assert hit.embed.footer.startswith("Log entry #")
    assert "Broker (Anna, value 300): removed from the board" in await board_shown(board)


async def test_a_counterattack_that_misses_ends_with_no_fine(board):
    """CR-E3: capture BD 5 fails, counterattack BD 1 misses: no effect and no fine (CR-3.7)."""
    failed = await attempt_capture(board, [5, 1])

    missed = await board.click(failed, COUNTER, as_="player2")

    story = missed.embed.description
    assert story.startswith("**No effect: the raider may stay and no fine is due")
    assert "Counterattack roll, BD 1: a miss." in story
    assert "pays" not in story
    assert "in Steelworks; attempted: Steelworks" in await board_shown(board)


async def test_a_move_through_rival_companies_opens_an_incident_at_each(board):
    """CR-I5 with `incident_on_pass_through`: Steelworks passed through, then Mill where the
    move ends; the message tells both incidents."""
    await board.slash(
        "/campaign settings set setting:company_raids.incident_on_pass_through value:true", as_="gm"
    )
    await board.slash("/company add-company name:Mill fine:40", as_="player3")
    question = await board.slash(
        "/company land piece:Broker company:Mill passed:Steelworks", as_="player1"
    )
    assert "passes through Steelworks, owned by Boris" in question.embed.description

    paid = await board.click(question, PAY, as_="player1")

    assert paid.embed.title == "Company raids — incident #1, #2"
    assert "Incident #2: waiting for Anna" in paid.embed.description
    done = await board.click(paid, PAY, as_="player1")
    story = done.embed.description
    assert "Fine: Anna pays Boris 180." in story
    assert "Fine: Anna pays Vera 40." in story
    assert done.buttons == []


async def test_a_company_ahead_of_an_open_pass_through_move_is_held(board):
    """CR-I5 with `incident_on_pass_through`: while Anna's move waits in Steelworks, Vera's
    Mill lies ahead of it; Vera can neither raise its fine nor delete it before the piece
    gets there (each refusal says why and what to do), and the move meets Mill as it was."""
    await board.slash(
        "/campaign settings set setting:company_raids.incident_on_pass_through value:true", as_="gm"
    )
    await board.slash("/company add-company name:Mill fine:40", as_="player3")
    question = await board.slash(
        "/company land piece:Broker company:Mill passed:Steelworks", as_="player1"
    )

    raised = await board.slash("/company edit-company name:Mill fine:400", as_="gm")
    assert raised.ephemeral
    assert "Mill lies ahead of Broker, whose move is still open in incident #1" in raised.text()
    removed = await board.slash("/company remove-company name:Mill", as_="gm")
    assert removed.ephemeral and "(CR-I5)" in removed.text()
    assert "Mill lies ahead of Broker" in removed.text()

    paid = await board.click(question, PAY, as_="player1")
    done = await board.click(paid, PAY, as_="player1")
    assert "Fine: Anna pays Vera 40." in done.embed.description
    edited = await board.slash("/company edit-company name:Mill fine:400", as_="gm")
    assert not edited.ephemeral, edited.text()


async def test_a_fine_entered_each_time_by_button_or_by_command(board):
    """CR-I4 `enter_each_time`: the owner collects the recorded fine with a button, or types
    another amount with `/company fine`; another player's `/company fine` is refused with
    whose question it is."""
    await board.slash(
        "/campaign settings set setting:company_raids.fine_source value:enter_each_time", as_="gm"
    )
    question = await board.slash(LAND, as_="player1")
    asked = await board.click(question, PAY, as_="player1")
    assert labels(asked) == ["Collect the recorded fine: 180", FORCE]

    refused = await board.slash("/company fine amount:150", as_="player1")
    assert refused.ephemeral and "This question is for Boris (@player2)." in refused.text()
    russian = await board.slash("/company fine amount:150", as_="player3")
    assert "На этот вопрос отвечает @player2 (Boris)." in russian.text()
    entered = await board.slash("/company fine amount:150", as_="player2")

    assert "Boris enters the fine: 150." in entered.embed.description
    assert "Anna pays Boris 150." in entered.embed.description
    assert question.buttons == []
    assert "Anna pays Boris 150." in question.embed.description


# --- who may click, twice, after a restart, forced -----------------------------------------


async def test_a_click_by_the_wrong_player_is_refused_and_changes_nothing(board):
    """Only the player asked (or a GM) answers each step (CR-2.2, CR-3.2)."""
    question = await board.slash(LAND, as_="player1")
    before = await board_shown(board)

    intruders = (
        ("player2", "This question is for Anna (@player1)."),
        ("player3", "На этот вопрос отвечает @player1 (Anna)."),
    )
    await assert_only_the_asked_answer(board, question, CAPTURE, intruders, not_gm="player1")

    assert labels(question) == [PAY, CAPTURE, FORCE]
    assert await board_shown(board) == before


async def test_a_double_click_is_harmless(board):
    """Two clicks on the same button before the message changes: one answer, one refusal,
    one die rolled."""
    board.script_dice([3])
    question = await board.slash(LAND, as_="player1")

    first, second = await asyncio.gather(
        board.click(question, CAPTURE, as_="player1"),
        board.click(question, CAPTURE, as_="player1"),
    )

    replies = sorted([first, second], key=lambda r: r.ephemeral)
    assert "Capture roll, BD 3" in replies[0].embed.description
    assert replies[1].ephemeral and "already been answered" in replies[1].text()
    assert board.faces is not None and board.faces.pending == []
    shown = await board_shown(board)
    assert shown.count("waiting for Boris to collect the fine or counterattack") == 1


async def test_a_restart_mid_incident_loses_nothing(board):
    """The step's choice lives in the database: after a restart Boris still counterattacks."""
    failed = await attempt_capture(board, [1, 6])

    await board.restart()
    hit = await board.click(failed, COUNTER, as_="player2")

    assert "Counterattack roll, BD 6: a hit." in hit.embed.description
    assert hit.buttons == []


async def test_a_gm_forces_the_documented_answer_by_button(board):
    """CR-I19: the absent trespasser pays the fine (`forced_trespasser_choice = pay`)."""
    question = await board.slash(LAND, as_="player1")

    await forced_by_button(board, question)

    assert_fine_paid(question, "The GM (forced answer) chooses to pay the fine.")


async def test_a_gm_forces_the_documented_answer_by_command(board):
    """CR-I19 by `/company force`: the absent owner collects the fine; the question in the
    channel shows the settled incident without buttons."""
    failed = await attempt_capture(board, [1])
    refused = await board.slash("/company force", as_="player2")
    assert refused.ephemeral and "Only a GM" in refused.text()

    forced = await confirmed(board, "/company force incident:1", as_="gm")

    assert forced.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert "The GM (forced answer) chooses to collect the fine." in forced.embed.description
    assert failed.buttons == []
    assert "Anna pays Boris 180." in failed.embed.description
    nothing = await board.slash("/company force", as_="gm")
    assert nothing.ephemeral and "No incident is waiting" in nothing.text()


async def test_the_force_question_names_the_answer_this_step_gets(board):
    """CR-I19: the GM's confirmation names the answer the step will be given under the
    campaign's settings, not the defaults: with `forced_trespasser_choice = capture` it is
    a capture attempt, and the GM gets what was named; the owner's step then names the fine,
    and a fine entered each time names the recorded fine."""
    await board.slash(
        "/campaign settings set setting:company_raids.forced_trespasser_choice value:capture",
        as_="gm",
    )
    await board.slash(
        "/campaign settings set setting:company_raids.fine_source value:enter_each_time",
        as_="gm",
    )
    await board.slash(LAND, as_="player1")
    board.script_dice([3])

    asked = await board.slash("/company force", as_="gm")

    assert asked.ephemeral
    assert asked.embed.description.splitlines()[-2:] == [
        "The answer it will get (CR-I19): Attempt a capture.",
        "Only a GM's /history undo can take it back.",
    ]
    forced = await pressed(board, asked, as_="gm")
    assert "The GM (forced answer) chooses to attempt a capture." in forced.embed.description
    owner_step = await board.slash("/company force", as_="gm")
    assert "The answer it will get (CR-I19): Collect the fine." in owner_step.embed.description
    await pressed(board, owner_step, as_="gm")
    fine_step = await board.slash("/company force", as_="gm")
    assert (
        "The answer it will get (CR-I19): Collect the recorded fine: 180."
        in fine_step.embed.description
    )


async def test_a_fine_or_force_for_no_such_step_says_why(board):
    """CR-I4, CR-I19: `/company fine` or `/company force` naming an incident that is not open
    says so; one naming an incident that waits for another answer tells what it waits for;
    and under `fine_source = company_record` a fine typed with nothing waiting is told that
    the campaign reads fines from the record. Each refusal is the typist's alone."""
    await board.slash(LAND, as_="player1")

    unknown = await refused_alone(board, "/company fine amount:1 incident:99", "player2")
    other = await refused_alone(board, "/company fine amount:1 incident:1", "player2")
    forced = await refused_alone(board, "/company force incident:99", "gm")
    recorded = await refused_alone(board, "/company fine amount:1", "player2")

    assert (
        unknown
        == "Incident #99 is not open: no answer waits in it. /company status lists what is pending."
    )
    assert forced == unknown
    assert other == (
        "Incident #1: waiting for Anna to pay the fine or attempt a capture."
        " No fine is to be entered in it now."
    )
    assert recorded == (
        "No fine is entered here: this campaign reads each fine from the Company's record"
        " (CR-I4). A GM can have fines entered each time with `/campaign settings set"
        " setting:company_raids.fine_source value:enter_each_time`."
    )
    russian = await refused_alone(board, "/company fine amount:1 incident:99", "player3")
    assert russian == (
        "Инцидент №99 не открыт: в нём ничьего ответа не ждут. Что ждёт ответа, показывает"
        " /компания состояние."
    )


async def test_the_status_links_each_question_waiting(board):
    """`/company status` lists what is pending with a link to each question's message, so a
    player finds its buttons without scrolling the channel (README: the status tells "what
    is pending"); a settled question is no longer linked."""
    question = await board.slash(LAND, as_="player1")

    shown = await board_shown(board)

    assert "Incident #1: waiting for Anna to pay the fine or attempt a capture." in shown
    assert "Questions: [#1](https://discord.com/channels/" in shown
    assert f"/{question.message.id})" in shown
    await board.click(question, PAY, as_="player1")
    assert "Questions:" not in await board_shown(board)


async def test_a_settled_question_keeps_the_language_it_was_posted_in(board):
    """The question was posted in English; the campaign turns Russian before the GM forces
    the answer: the question is redrawn in English, the GM's public reply is Russian."""
    question = await board.slash(LAND, as_="player1")
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")

    forced = await confirmed(board, "/company force incident:1", as_="gm")

    assert forced.embed.title == "Рейдерские атаки — инцидент №1"
    assert question.embed.title == "Company raids — incident #1"
    assert question.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert question.buttons == []


# --- the Joker -----------------------------------------------------------------------------


async def corsair_enters_the_joker(board):
    """Banker (200) and Guard (100), Vera's, wait in the Joker; Anna's Corsair (350) enters it
    on the dice 3, 5, 1, 2, 4 (Banker, Corsair, Banker, Corsair, Guard); the duel's answer."""
    for line in (
        "/company add-piece name:Banker value:200 owner:Vera in_joker:true",
        "/company add-piece name:Guard value:100 owner:Vera in_joker:true",
    ):
        added = await board.slash(line, as_="gm")
        assert not added.ephemeral, added.text()
    await board.slash("/company add-piece name:Corsair value:350", as_="player1")
    board.script_dice([3, 5, 1, 2, 4])
    return await board.slash("/company enter piece:Corsair", as_="player1")


async def test_a_joker_duel_against_two_owner_pieces(board):
    """CR-I17: Corsair fights Banker then Guard, each defender firing first (CR-5.7): it
    beats Banker with shot 4 (prize 2 × 200), then Guard hits at once (prize 2 × 350)."""
    duel = await corsair_enters_the_joker(board)

    story = duel.embed.description
    assert "Incident #1: Corsair (Anna) enters the Joker owned by Vera." in story
    assert "Duel 1: Banker (Vera) against Corsair (Anna); Banker fires first." in story
    assert "Shots: Banker 3, Corsair 5, Banker 1, Corsair 2." in story
    assert "Corsair hits with shot 4 (BD 2)." in story
    assert "Joker prize: the bank pays Anna 400." in story
    assert "Duel 2: Guard (Vera) against Corsair (Anna); Guard fires first." in story
    assert "Guard hits with shot 1 (BD 4)." in story
    assert "the bank pays Vera 700." in story
    assert duel.buttons == []
    shown = await board_shown(board)
    assert "Joker: owned by Vera." in shown
    assert "Corsair (Anna, value 350): removed from the board" in shown


async def duel_at_the_shot_limit(board):
    """CR-I13 with `duel_max_shots = 2`: Corsair (Anna) enters Vera's Joker, held by Banker,
    and both shots miss: the duel waits for a GM's ruling. Returns the duel's message."""
    await board.slash(
        "/campaign settings set setting:company_raids.duel_max_shots value:2", as_="gm"
    )
    await board.slash("/company add-piece name:Banker value:200 owner:Vera in_joker:true", as_="gm")
    await board.slash("/company add-piece name:Corsair value:350", as_="player1")
    board.script_dice([1, 3])
    return await board.slash("/company enter piece:Corsair", as_="player1")


async def test_a_duel_at_the_shot_limit_waits_for_the_gm_ruling(board):
    """CR-I13: with `duel_max_shots = 2` two misses go to a GM ruling; only a GM rules."""
    duel = await duel_at_the_shot_limit(board)
    assert labels(duel) == ["The aggressor wins", "The defender wins", "No winner"]
    refused = await board.click(duel, "The aggressor wins", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()

    ruled = await board.click(duel, "The aggressor wins", as_="gm")

    assert "GM ruling: the aggressor wins the duel." in ruled.embed.description
    assert "Anna becomes the Joker's owner." in ruled.embed.description
    assert ruled.buttons == []


# --- refusals, language, settings, autocomplete ------------------------------------------


async def test_refusals_name_the_clause_and_change_nothing(board):
    """A second landing without re-entry (CR-3.9), one's own Company (CR-I5), a removed
    piece (CR-4.2), unknown names: ephemeral, nothing rolled, the board unchanged."""
    await board.click(await board.slash(LAND, as_="player1"), PAY, as_="player1")
    await board.slash("/company add-piece name:Clerk value:50", as_="player2")
    await counterattacked(board, "Scout", 80, [2, 2])
    before = await board_shown(board)

    for line, as_, refusal in (
        (
            LAND,
            "player1",
            "it must leave and enter again first (CR-3.9). A GM can drop this rule with "
            "`/campaign settings set setting:company_raids.reattack_requires_reentry "
            "value:false`.",
        ),
        (
            "/company land piece:Clerk company:Steelworks",
            "player2",
            "Steelworks is your own Company: stopping there opens no incident (CR-I5)",
        ),
        (
            "/company land piece:Scout company:Steelworks",
            "player1",
            "Scout has been removed from the board and cannot act (CR-4.2)",
        ),
        ("/company land piece:Ghost company:Steelworks", "player1", "No piece named “Ghost”"),
        ("/company land piece:Broker company:Atlantis", "player1", "No Company named “Atlantis”"),
        ("/company land piece:Broker company:Steelworks", "player3", "Broker — не ваша фигура."),
    ):
        refused = await board.slash(line, as_=as_)
        assert refused.ephemeral and refusal in refused.embed.description, refused.text()

    assert await board_shown(board) == before
    assert board.faces is not None and board.faces.pending == []


async def test_public_messages_use_the_campaigns_language_whoever_acts(board):
    """Vera (ru) lands in an English campaign: the story and the buttons are public, so they
    are English, and stay so when Boris answers; her refusals are Russian (issue 18). Once the
    GM makes the campaign Russian, Anna (en) gets a Russian story and Russian buttons."""
    await board.slash("/company add-piece name:Scout value:80", as_="player3")
    board.script_dice([1])
    question = await board.slash(
        "/компания остановиться фигура:Scout компания:Steelworks", as_="player3"
    )
    assert labels(question) == [PAY, CAPTURE, FORCE]
    assert question.embed.title == "Company raids — incident #1"
    failed = await board.click(question, CAPTURE, as_="player3")
    assert labels(failed) == [FINE, COUNTER, FORCE]

    fined = await board.click(failed, FINE, as_="player2")

    story = fined.embed.description
    assert story.startswith("**Fine: Vera pays Boris 180.**")
    status = await board.slash("/компания состояние", as_="player3")
    assert status.embed.title == "Company raids — turn 1"
    assert "Steelworks: owner Boris, fine 180" in status.embed.description
    refused = await board.slash(
        "/компания остановиться фигура:Призрак компания:Steelworks", as_="player3"
    )
    assert refused.ephemeral and "Фигура «Призрак» не зарегистрирована." in refused.text()

    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    board.script_dice([1])
    russian = await board.slash(LAND, as_="player1")
    assert labels(russian) == ["Заплатить штраф", "Попытаться захватить", "По умолчанию (ведущий)"]
    assert russian.embed.title == "Рейдерские атаки — инцидент №2"
    assert "Инцидент №2: Broker (Anna) останавливается в Компании Steelworks" in (
        russian.embed.description
    )
    answered = await board.click(russian, "Попытаться захватить", as_="player1")
    assert labels(answered) == ["Взыскать штраф", "Контратаковать", "По умолчанию (ведущий)"]
    refused = await board.slash("/company land piece:Ghost company:Steelworks", as_="player1")
    assert refused.ephemeral and "No piece named “Ghost”" in refused.embed.description
    status = await board.slash("/company status", as_="player2")
    assert status.embed.title == "Рейдерские атаки — ход 1"


async def test_every_setting_is_shown_with_its_description_in_both_languages(board):
    """Section 4, settings summary: all 25 settings, with the interpretation each cites."""
    shown = await board.slash("/campaign settings show ruleset:company_raids", as_="gm")
    text = "\n".join(e.get("description", "") for e in shown.embeds)
    for name in CompanyRaidsSettings.model_fields:
        assert f"`{name}` = **" in text, name
    assert "`capture_faces` = **4, 6**" in text
    assert "Faces on which a capture attempt succeeds (CR-I2)." in text
    russian = await board.slash("/campaign settings show ruleset:company_raids", as_="player3")
    assert "(CR-I19)" in "\n".join(e.get("description", "") for e in russian.embeds)
    assert "Faces on which" not in "\n".join(e.get("description", "") for e in russian.embeds)

    changed = await board.slash(
        "/campaign settings set setting:company_raids.capture_faces value:4, 5, 6", as_="gm"
    )
    assert not changed.ephemeral, changed.text()
    captured = await attempt_capture(board, [5])
    assert "Capture roll, BD 5: the Company is captured." in captured.embed.description


async def test_autocomplete_offers_a_player_only_their_own_pieces(board):
    await board.slash("/company add-piece name:Clerk value:50", as_="player2")
    mine = await board.autocomplete("/company land piece:", as_="player1")
    assert [c.value for c in mine] == ["Broker"]
    every = await board.autocomplete("/company land piece:", as_="gm")
    assert [c.value for c in every] == ["Broker", "Clerk"]
    companies = await board.autocomplete("/company land piece:Broker company:steel", as_="player1")
    assert [(c.name, c.value) for c in companies] == [("Steelworks (Boris, 180)", "Steelworks")]


async def joker_defended_by_choice(board):
    """CR-I17 `owner_choice`: Vera's Banker and Guard in the Joker Holding, Anna's Corsair
    on the board, ready to enter it."""
    await board.slash(
        "/campaign settings set setting:company_raids.joker_defender_order value:owner_choice",
        as_="gm",
    )
    for line in (
        "/company add-piece name:Banker value:200 owner:Vera in_joker:true",
        "/company add-piece name:Guard value:100 owner:Vera in_joker:true",
    ):
        await board.slash(line, as_="gm")
    await board.slash("/company add-piece name:Corsair value:350", as_="player1")


async def test_the_owner_picks_each_defender_by_button(board):
    """CR-I17 `owner_choice`: Vera picks Guard, the later piece, to defend first; Guard hits
    with the first shot (CR-5.7)."""
    await joker_defended_by_choice(board)
    question = await board.slash("/company enter piece:Corsair", as_="player1")
    assert str(board.member("player3").id) in question.content
    assert labels(question) == ["Defend with Banker", "Defend with Guard", FORCE]
    board.script_dice([6])

    picked = await board.click(question, "Defend with Guard", as_="player3")

    story = picked.embed.description
    assert "Vera sends Guard to defend." in story
    assert "Duel 1: Guard (Vera) against Corsair (Anna); Guard fires first." in story
    assert "Guard hits with shot 1 (BD 6)." in story
    assert picked.buttons == []


async def test_an_ownerless_joker_is_taken_and_its_holding_declared(board):
    """CR-5.4, CR-I11: Boris's piece enters the ownerless Joker and takes it free of charge;
    he declares Steelworks his Joker Holding; a player cannot declare another's."""
    await board.slash("/company add-piece name:Clerk value:50", as_="player2")

    entered = await board.slash("/company enter piece:Clerk", as_="player2")

    story = entered.embed.description
    assert "Boris becomes the Joker's owner free of charge, with Clerk." in story
    assert "Boris: declare the Companies of your Joker Holding with /company holding." in story
    waiting = "Waiting for Boris to declare the Joker Holding with /company holding."
    assert waiting in await board_shown(board)
    refused = await board.slash("/company holding companies:Steelworks", as_="player1")
    assert refused.ephemeral and "Only the Joker's owner" in refused.text()
    declared = await board.slash("/company holding companies:Steelworks", as_="player2")
    assert "Joker Holding of Boris: Steelworks." in declared.embed.description
    shown = await board_shown(board)
    assert "Joker: owned by Boris." in shown
    assert "Joker Holding: Steelworks." in shown


async def test_an_amount_is_shown_rounded_with_the_exact_figure_beside_it(board):
    """CR-I16: a 50 % bonus on a value of 333 is 166.5, shown half up as 167 with the exact
    figure beside it."""
    await board.slash(
        "/campaign settings set setting:company_raids.counterattack_bonus_pct value:50", as_="gm"
    )

    hit = await counterattacked(board, "Scout", 333, [1, 2])

    assert "Counterattack bonus: the bank pays Boris 167 (exact 166.5)." in hit.embed.description


async def test_a_large_board_is_shown_whole_over_several_embeds(board):
    """`/company status` never cuts the board: 90 Companies run over several embeds."""
    for number in range(90):
        await board.slash(
            f"/company add-company name:Company number {number:02d} fine:{number} "
            "holding:Northern Shipping Holding",
            as_="gm",
        )

    shown = await board.slash("/company status", as_="gm")

    embeds = shown.embeds + [e for f in shown.followups for e in f.embeds]
    assert len(embeds) > 1
    text = "\n".join(e.get("description", "") for e in embeds)
    assert "Company number 00: owner nobody, fine 0" in text
    assert "Company number 89: owner nobody, fine 89, Holding Northern Shipping Holding" in text


# --- names players type (review findings 3, 19, 32, 33) -------------------------------------

HOSTILE = "**Bold** @everyone <@&1> \u202eaes"


async def test_a_hostile_company_name_shows_literally_wherever_it_is_shown(board):
    """Player text never renders as Markdown, a ping or a role pill, and a right-to-left
    override is stripped when stored: in the reply, `/company status`, the question's ping,
    `/history list` and `/turn status` (STYLE "player text")."""
    added = await board.slash(f"/company add-company name:{HOSTILE} fine:10", as_="player2")
    literal = "\\*\\*Bold\\*\\* @\u200beveryone <\u200b@&1> aes"
    assert added.embed.description.startswith(f"Company {literal} registered: owner Boris")
    assert "\u202e" not in added.text() and "<@&1>" not in added.text()
    question = await board.slash(f"/company land piece:Broker company:{HOSTILE}", as_="player1")
    assert f"Incident #1: Broker (Anna) stops in {literal}, owned by Boris." in (
        question.embed.description
    )
    assert f"{literal}: owner Boris, fine 10" in await board_shown(board)
    history = await board.slash("/history list", as_="gm")
    assert literal in history.text() and "**Bold**" not in history.text()
    pending = await board.slash("/turn status", as_="gm")
    assert "waiting for Anna" in pending.text() and "<@&1>" not in pending.text()


async def test_a_role_mention_in_a_faction_name_is_not_a_pill(table):
    """A faction named `<@&1> Guild` is shown literally in the incident's ping and story."""
    lines = [("/campaign create name:Raids rulesets:company_raids", "gm")]
    lines += [("/campaign join faction:<@&1> Guild", "player1")]
    lines += [("/campaign join faction:Boris", "player2")]
    lines += [("/company add-company name:Steelworks fine:180", "player2")]
    lines += [("/company add-piece name:Mole value:50", "player1")]
    await set_up(table, lines)
    question = await table.slash("/company land piece:Mole company:Steelworks", as_="player1")
    assert "<@&1>" not in question.content and "<@&1>" not in question.embed.description
    assert "Mole (<\u200b@&1> Guild) stops in Steelworks" in question.embed.description


async def test_a_name_with_a_zero_width_space_is_the_same_company(board):
    """Names compare after NFKC, case folding and invisible characters are dropped: a
    look-alike `Steel\u200bworks` or `ＳＴＥＥＬＷＯＲＫＳ` is the registered Steelworks."""
    for look_alike in ("Steel\u200bworks", "ＳＴＥＥＬＷＯＲＫＳ"):
        refused = await board.slash(
            f"/company add-company name:{look_alike} fine:10", as_="player1"
        )
        assert refused.ephemeral and "already registered" in refused.text()
    board.script_dice([6])
    landed = await board.slash("/company land piece:Broker company:steel\u200bworks", as_="player1")
    assert "stops in Steelworks, owned by Boris" in landed.embed.description


async def test_a_removed_pieces_name_names_a_new_piece(board):
    """CR-4.2: Broker is removed by the counterattack; a new piece may be called Broker."""
    failed = await attempt_capture(board, [3, 4])
    await board.click(failed, COUNTER, as_="player2")

    again = await board.slash("/company add-piece name:Broker value:100", as_="player1")

    assert not again.ephemeral
    assert "Piece Broker registered: owner Anna, value 100" in again.embed.description
    assert "Broker (Anna, value 100): elsewhere on the board" in await board_shown(board)


async def test_a_piece_registration_names_its_square(board):
    """Section 1: the reply repeats the square the piece was registered on."""
    placed = await board.slash(
        "/company add-piece name:Clerk value:40 square:Steelworks", as_="player1"
    )
    assert placed.embed.description == (
        "Piece Clerk registered: owner Anna, value 40, in Steelworks."
    )


async def test_forcing_a_question_whose_message_is_gone_posts_the_story_anew(board):
    """CR-I19: the GM's forced answer is applied even when the question's message was
    deleted (or posted in an earlier run): the story is posted as a new message, and the GM
    sees the change, not an error (review finding 6)."""
    question = await board.slash(LAND, as_="player1")
    board.standin.messages[question.message.id].deleted = True

    forced = await confirmed(board, "/company force incident:1", as_="gm")

    assert not forced.ephemeral
    assert forced.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    stories = [
        m
        for m in board.channel_messages()
        if m.embeds and m.embed.title == "Company raids — incident #1"
    ]
    reposted = stories[-1]  # the GM's reply, then the story posted anew
    assert reposted.embed.description.startswith("**Fine: Anna pays Boris 180.**")
    assert reposted.buttons == []
    history = await board.slash("/history list", as_="gm")
    assert "forced answer" in history.text()


async def test_a_joker_owner_with_no_company_is_not_asked_for_a_holding(board):
    """CR-I11: Vera owns no Company, so no asset of hers reaches the Joker: her Holding is
    empty and nobody waits for her to declare it (review finding 7)."""
    await board.slash("/company add-piece name:Banker value:200 owner:Vera", as_="gm")

    entered = await board.slash("/company enter piece:Banker", as_="player3")

    story = entered.embed.description
    assert "Vera owns no Company, so their Joker Holding is empty" in story
    assert "declare the Companies" not in story
    shown = await board_shown(board)
    assert "Joker: owned by Vera." in shown and "to declare the Joker Holding" not in shown
    assert shown.startswith("**Waiting for**\nNo choice is pending.")
    pending = await board.slash("/turn status", as_="gm")
    assert "Joker Holding" not in pending.text()


async def test_colour_says_what_an_incident_came_to_and_the_outcome_reads_first(board):
    """Issue 18: waiting while Anna is asked; a capture is a success for the side that
    entered (a counterattack removing its piece is a loss, above); clauses go to the footer."""
    board.script_dice([6])
    question = await board.slash(LAND, as_="player1")
    assert question.embed.color == WAITING_COLOUR.value
    captured = await board.click(question, CAPTURE, as_="player1")
    assert captured.embed.color == SUCCESS_COLOUR.value
    first = captured.embed.description.splitlines()[0]
    assert first == "**Steelworks changes hands: the marker goes from Boris to Anna.**"
    assert "(CR-" not in captured.embed.description
    assert "Rules: CR-2.7, CR-2.8" in captured.embed.footer
    assert captured.embed.footer.startswith("Log entry #")


# --- found in a play-through ------------------------------------------------------------

RUSSIAN = "/campaign settings set setting:core.language value:ru"


async def test_the_bank_pays_in_russian_as_a_bank_not_as_a_faction(board):
    """CR-I8: the bank pays the counterattack bonus; in Russian it is «банк», never a
    faction named «банк»."""
    await board.slash(RUSSIAN, as_="gm")
    board.script_dice([3, 4])
    question = await board.slash("/company land piece:Broker company:Steelworks", as_="player1")
    failed = await board.click(question, "Попытаться захватить", as_="player1")

    hit = await board.click(failed, "Контратаковать", as_="player2")

    story = hit.embed.description
    assert "фракция «банк»" not in story
    assert "**Бонус за контратаку: банк платит фракции «Boris» 300.**" in story


async def test_a_fine_in_russian_names_who_pays_and_who_receives(board):
    """CR-2.5: Anna pays Boris the fine; the Russian line reads the same way."""
    await board.slash(RUSSIAN, as_="gm")
    question = await board.slash("/company land piece:Broker company:Steelworks", as_="player1")

    paid = await board.click(question, "Заплатить штраф", as_="player1")

    assert paid.embed.description.startswith(
        "**Штраф: фракция «Anna» платит фракции «Boris» 180.**"
    )


async def test_after_a_gm_ruling_the_headline_tells_the_ruling_not_the_wait(board):
    """CR-I13: two misses go to a GM ruling and the aggressor stays as a visitor meanwhile;
    once the GM rules that the aggressor won, the story opens with what happened, not with
    "stays as a visitor until the GM rules"."""
    duel = await duel_at_the_shot_limit(board)
    assert "Corsair stays in the Joker as a visitor until the GM rules" in duel.embed.description
    assert "\nThe GM: rule on the duel (The aggressor wins, " in duel.embed.description

    ruled = await board.click(duel, "The aggressor wins", as_="gm")

    headline = ruled.embed.description.split("\n\n")[0]
    assert headline.startswith("**GM ruling: the aggressor wins the duel.**")
    assert "until the GM rules" not in headline
    assert "Anna becomes the Joker's owner." in headline


async def test_a_refusal_shows_the_names_it_quotes_literally(board):
    """A refusal quoting what a player typed, or a hostile name registered earlier, never
    renders it as Markdown or a mention pill (STYLE "player text")."""
    hostile = "**Bold** <@123>"
    literal = "\\*\\*Bold\\*\\* <\u200b@123>"
    await board.slash(f"/company add-company name:{hostile} fine:10", as_="player2")

    for line, as_, refusal in (
        (f"/company land piece:Broker company:{hostile} x", "player1", f"{literal} x"),
        (f"/company land piece:{hostile} company:Steelworks", "player1", literal),
        (f"/company add-company name:{hostile} fine:5", "player2", literal),
        (f"/company edit-company name:{hostile} fine:5", "player1", literal),
        (f"/company move piece:Broker square:{hostile}", "player1", literal),
    ):
        refused = await board.slash(line, as_=as_)
        assert refused.ephemeral, refused.text()
        assert refusal in refused.embed.description, refused.text()
        assert "**Bold**" not in refused.embed.description


async def test_an_unknown_name_is_refused_with_the_registered_ones(board):
    """A Company or piece nobody registered: the refusal quotes the name as typed, lists
    what is registered and says how to register a new one, in the player's language."""
    await board.slash("/company add-company name:Acme Works fine:50", as_="player2")
    await board.slash("/company add-piece name:Runner value:20", as_="player1")

    wrong_company = await refused_alone(
        board, "/company land piece:Broker company:Acme Mine", "player1"
    )
    wrong_piece = await refused_alone(
        board, "/company land piece:Tank company:Acme Works", "player1"
    )
    in_russian = await refused_alone(
        board, "/компания остановиться фигура:Танк компания:Steelworks", "player3"
    )

    assert wrong_company == (
        "No Company named “Acme Mine” is registered. Companies: Acme Works, Steelworks. "
        "/company add-company registers a new one."
    )
    assert wrong_piece == (
        "No piece named “Tank” is registered. Pieces: Broker, Runner. "
        "/company add-piece registers a new one."
    )
    assert in_russian == (
        "Фигура «Танк» не зарегистрирована. Фигуры: Broker, Runner. "
        "Новую фигуру регистрирует команда /компания добавить-фигуру."
    )


async def test_a_name_registered_twice_is_refused_with_the_commands_that_change_it(board):
    """A second /company add-piece or add-company with a registered name says which commands
    change or remove the record instead; nothing changes."""
    before = await board_shown(board)

    piece = await refused_alone(board, "/company add-piece name:broker value:10", "player1")
    company = await refused_alone(board, "/company add-company name:Steelworks fine:5", "player2")
    in_russian = await refused_alone(
        board, "/компания добавить-компанию название:Steelworks штраф:5", "player3"
    )

    assert piece == (
        "A piece named “Broker” is already registered: correct its value with "
        "/company edit-piece, move it with /company move, or delete its record with "
        "/company remove-piece first."
    )
    assert company == (
        "A Company named “Steelworks” is already registered: change its owner, fine or "
        "Holding with /company edit-company, or delete its record with /company remove-company "
        "first."
    )
    assert in_russian.startswith("Компания «Steelworks» уже зарегистрирована:")
    assert "/компания изменить-компанию" in in_russian
    assert await board_shown(board) == before


async def test_a_joker_piece_landing_in_a_company_tells_that_the_joker_is_left(board):
    """CR-5.3, CR-I10: Vera's only piece in the Joker moves on and stops in Boris's
    Steelworks; the incident's story tells the table that the Joker is ownerless again."""
    await board.slash("/company add-piece name:Banker value:200 owner:Vera in_joker:true", as_="gm")

    question = await board.slash("/company land piece:Banker company:Steelworks", as_="player3")

    story = question.embed.description
    assert "Banker leaves the Joker." in story
    assert "Vera has no piece holding the Joker: it is ownerless again." in story
    assert story.index("leaves the Joker") < story.index("stops in Steelworks")
    assert "Joker: ownerless." in await board_shown(board)


async def test_a_piece_joining_its_own_joker_says_so_first(board):
    """CR-I10, CR-I12: Vera's Clerk enters the Joker her Banker holds; nothing is rolled and
    the story opens with what happened, not with a bare "the incident is closed"."""
    await board.slash("/company add-piece name:Banker value:200 owner:Vera in_joker:true", as_="gm")
    await board.slash("/company add-piece name:Clerk value:100 owner:Vera", as_="gm")

    joined = await board.slash("/company enter piece:Clerk", as_="player3")

    first = joined.embed.description.splitlines()[0]
    assert first == "**Clerk joins the owner's pieces in the Joker.**"
    assert joined.embed.color == NEUTRAL_COLOUR.value
    assert joined.buttons == []


async def test_the_russian_board_does_not_call_a_paid_fine_a_capture_attempt(board):
    """CR-I9: Broker paid at once, so it never tried to capture Steelworks; the Russian
    `/company status` says an incident was had there and what it takes to have another."""
    await board.slash(RUSSIAN, as_="gm")
    question = await board.slash("/company land piece:Broker company:Steelworks", as_="player1")
    await board.click(question, "Заплатить штраф", as_="player1")

    shown = await board.slash("/company status", as_="player3")

    text = shown.embed.description
    assert "пыталась захватить" not in text
    assert (
        "Broker (Anna, стоимость 300): в Компании Steelworks; "
        "инцидент уже был (нужно выйти и снова войти): Steelworks"
    ) in text


async def test_a_gm_forcing_many_answers_in_a_row_is_answered_at_once(board):
    """CR-I19: a GM forces six waiting incidents one after another. Each `/company force`
    redraws its question in the channel, and Discord lets a bot edit five channel messages
    per five seconds: the GM's own answer still comes first, within Discord's three seconds
    (here with Discord's real windows), and every question is redrawn in the end."""
    pieces = [f"Runner {n}" for n in range(6)]
    for piece in pieces:
        await board.slash(f"/company add-piece name:{piece} value:10", as_="player1")
    questions = [
        await board.slash(f"/company land piece:{piece} company:Steelworks", as_="player1")
        for piece in pieces
    ]
    board.standin.rate_limits.time_scale = 1.0

    for number in range(1, 7):
        forced = await confirmed(board, f"/company force incident:{number}", as_="gm")
        assert not forced.ephemeral, forced.text()
        assert forced.embed.description.startswith("**Fine: Anna pays Boris 180.**")

    for question in questions:
        assert question.buttons == []
        assert question.embed.description.startswith("**Fine: Anna pays Boris 180.**")


async def test_a_line_that_opens_with_the_gm_is_capitalised_in_russian_too(board):
    """CR-I19: in a Russian campaign the GM's forced answer opens its line with a capital."""
    await board.slash(RUSSIAN, as_="gm")
    question = await board.slash("/company land piece:Broker company:Steelworks", as_="player1")

    await forced_by_button(board, question, label="По умолчанию (ведущий)")

    said = question.embed.description
    assert "\nВедущий (ответ по умолчанию): решение — заплатить штраф." in said


async def test_a_long_move_keeps_its_latest_steps_and_total_in_view(board):
    """CR-I5 with `incident_on_pass_through`: a move through eleven of Boris's Companies to a
    twelfth opens twelve incidents told in one message. Discord shows 4,096 characters of
    it: the earliest steps give way (the log keeps them), never the outcome, the last
    incident's end or the total due."""
    await board.slash(
        "/campaign settings set setting:company_raids.incident_on_pass_through value:true", as_="gm"
    )
    names = [f"Riverside Textile Mill number {n:02d}" for n in range(1, 13)]
    for number, name in enumerate(names, start=1):
        await board.slash(f"/company add-company name:{name} fine:{number}", as_="player2")
    passed = ", ".join(names[:-1])
    question = await board.slash(
        f"/company land piece:Broker company:{names[-1]} passed:{passed}", as_="player1"
    )

    for number in range(1, 13):
        await confirmed(board, f"/company force incident:{number}", as_="gm")

    story = question.embed.description
    assert question.buttons == []
    assert story.startswith("**Fine: Anna pays Boris 1.**")
    assert story.endswith("Incident #12 is closed.\nIn all, Boris is due 78.")
    assert "… the earlier steps of this move are in /history list." in story
    assert len(story) <= 4096


async def test_the_russian_holding_request_names_the_command_to_use(board):
    """CR-I11: Vera, reading Russian, is told which command declares her Joker Holding."""
    await board.slash(RUSSIAN, as_="gm")
    await board.slash("/company add-company name:Bank House fine:10", as_="player3")
    await board.slash("/company add-piece name:Banker value:200", as_="player3")

    entered = await board.slash("/компания войти фигура:Banker", as_="player3")

    assert "Vera: укажите Компании своего Джокерного Холдинга командой /компания холдинг." in (
        entered.embed.description
    )


async def test_a_duel_waiting_for_the_gm_pings_the_gm(board):
    """CR-I13: a duel at the shot limit waits for a GM's ruling; the GM is pinged, as a
    player is for their own answers."""

    duel = await duel_at_the_shot_limit(board)

    gm = str(board.member("gm").id)
    assert duel.content == f"<@{gm}>, incident #1 waits for a GM's answer."
    assert duel.pings == frozenset({"gm"})


async def test_a_move_naming_a_company_twice_or_its_start_is_refused(board):
    """CR-I5 with `incident_on_pass_through`: each Company passed opens an incident and costs a
    fine, so a move that names one twice (or passes the square it starts from) is refused
    before anyone pays twice."""
    await board.slash(
        "/campaign settings set setting:company_raids.incident_on_pass_through value:true", as_="gm"
    )
    await board.slash("/company add-company name:Mill fine:40", as_="player3")
    await board.slash("/company add-piece name:Scout value:50 square:Mill", as_="player1")
    before = await board_shown(board)

    for line, refusal in (
        (
            "/company land piece:Broker company:Mill passed:Mill",
            "Broker's move ends in Mill, so it does not pass Mill: list as passed only the "
            "Companies crossed on the way (CR-I5).",
        ),
        (
            "/company land piece:Broker company:Mill passed:Steelworks, steelworks",
            "Steelworks is named twice in that move: a move passes each Company once and ends "
            "in the last (CR-I5).",
        ),
        (
            "/company land piece:Scout company:Steelworks passed:Mill",
            "Scout starts its move in Mill: it leaves that Company, it does not pass it (CR-I5).",
        ),
    ):
        refused = await board.slash(line, as_="player1")
        assert refused.ephemeral and refusal in refused.embed.description, refused.text()

    assert await board_shown(board) == before


async def test_turning_joker_holdings_off_stops_waiting_for_one(board):
    """CR-I11 (`track_joker_holding`): Boris takes the Joker and is asked for his Joker
    Holding; the GM then stops tracking Holdings. Nobody waits any more for a declaration
    the bot would refuse."""
    await board.slash("/company add-piece name:Clerk value:50", as_="player2")
    await board.slash("/company enter piece:Clerk", as_="player2")
    await board.slash(
        "/campaign settings set setting:company_raids.track_joker_holding value:false", as_="gm"
    )

    shown = await board_shown(board)
    pending = await board.slash("/turn status", as_="gm")

    assert shown.startswith("**Waiting for**\nNo choice is pending.")
    assert "Joker Holding" not in pending.text()
    refused = await board.slash("/company holding companies:Steelworks", as_="player2")
    assert refused.ephemeral and refused.embed.description == (
        "This campaign does not track Joker Holdings (CR-I11). A GM can track them with "
        "`/campaign settings set setting:company_raids.track_joker_holding value:true`."
    )


async def test_a_gm_registers_an_unowned_company_with_a_dash(board):
    """README: `-` clears the owner or the Holding, on add as on edit (CR-I5: unowned
    Companies); a player still registers only their own Companies."""
    added = await board.slash("/company add-company name:Free fine:10 owner:- holding:-", as_="gm")
    assert not added.ephemeral, added.text()
    assert added.embed.description == "Company Free registered: owner nobody, fine 10, no Holding."
    assert "Free: owner nobody, fine 10, no Holding" in await board_shown(board)
    refused = await board.slash("/company add-company name:Mine fine:10 owner:-", as_="player1")
    assert refused.ephemeral
    assert "Mine" not in await board_shown(board)


async def test_a_phones_dash_clears_a_companys_holding(board):
    """README: `-` for none, typed as a phone types it (an em dash), clears the Holding on
    `/company edit-company` as it clears `/pirates contacts` (CR-I4, CR-I6)."""
    await board.slash("/company add-company name:Free fine:10 holding:Northern", as_="gm")
    assert "Free: owner nobody, fine 10, Holding Northern" in await board_shown(board)

    edited = await board.slash("/company edit-company name:Free holding:\u2014", as_="gm")

    assert not edited.ephemeral, edited.text()
    assert "Free: owner nobody, fine 10, no Holding" in await board_shown(board)


async def test_a_pieces_value_reads_as_its_price_in_russian(table):
    """CR-I16: a Russian player registering or correcting a piece types «стоимость:», its
    price, while the settings' `value` stays «значение»: one English option name, two
    meanings, each named for what it is."""

    def option(command: str, *path: str) -> dict:
        options = table.command(command)["options"]
        for name in path:
            found = next(o for o in options if o["name"] == name)
            options = found.get("options", [])
        return found

    for sub in ("add-piece", "edit-piece"):
        assert option("company", sub, "value")["name_localizations"]["ru"] == "стоимость"
    settings = option("campaign", "settings", "set", "value")
    assert settings["name_localizations"]["ru"] == "значение"
