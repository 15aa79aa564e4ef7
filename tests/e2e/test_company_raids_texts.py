"""Company raids as a play-tester read it: refusals, board lines, the rules footer,
`/history show` (a die's target, the step an answer answered, an undo's entry) and an undone
board answer, in English and Russian.

Player1 plays Anna, player2 Boris, player3 Vera (in Russian); the board is the one of
`test_company_raids`: Boris's Steelworks (fine 180), Anna's Broker (value 300).
"""

from __future__ import annotations

import re

import pytest

from bot.rules import company_raids as cr
from bot.standin import Table
from cogs.company_raids.render import status_embeds
from tests.e2e import test_company_raids as raids
from tests.e2e.play import refused_alone
from tests.e2e.test_click_outbox import message
from tests.e2e.test_undo import undo

board = raids.board

RUSSIAN = "/campaign settings set setting:core.language value:ru"


async def test_a_player_registering_an_unowned_company_is_told_only_a_gm_may(board: Table):
    """Section 1, CR-I5: only a GM registers a Company with no owner. The Company does not
    exist yet, so the refusal says who may register it, not that it is "not yours"; nothing
    is registered. In Russian too."""
    before = await raids.board_shown(board)
    unowned = "/company add-company name:Free fine:10 owner:-"

    refused = await refused_alone(board, unowned, "player2")

    assert refused == (
        "Only a GM registers a Company without an owner. To register Free as your own "
        "Company, leave the owner out."
    )
    assert await raids.board_shown(board) == before
    await board.slash(RUSSIAN, as_="gm")
    russian = await refused_alone(board, unowned, "player3")
    assert russian == (
        "Компанию без владельца регистрирует только ведущий. Чтобы зарегистрировать Free как "
        "свою Компанию, не указывайте владельца."
    )
    made = await board.slash(unowned, as_="gm")
    assert not made.ephemeral, made.text()


async def corsair_wins_the_joker(board: Table, holding: str = ""):
    """Boris's Banker (200) holds the Joker (and Boris declares `holding`, if given, his
    Joker Holding); Anna's Corsair (350) enters it and wins the duel (faces 1, 2). The
    duel's answer."""
    await board.slash("/company add-piece name:Banker value:200", as_="player2")
    await board.slash("/company enter piece:Banker", as_="player2")
    if holding:
        await board.slash(f"/company holding companies:{holding}", as_="player2")
    await board.slash("/company add-piece name:Corsair value:350", as_="player1")
    board.script_dice([1, 2])
    return await board.slash("/company enter piece:Corsair", as_="player1")


async def joker_lost_and_left(board: Table):
    """Boris's Banker holds the Joker; Anna's Corsair wins the duel (faces 1, 2), then
    moves on: the duel's and the move's answers. Neither Boris nor Anna owns a Company,
    so neither ever had a Joker Holding (CR-I11)."""
    await board.slash("/company remove-company name:Steelworks", as_="gm")
    duel = await corsair_wins_the_joker(board)
    moved = await board.slash("/company move piece:Corsair", as_="player1")
    return duel, moved


async def test_no_joker_holding_is_said_cleared_when_none_was_declared(board: Table):
    """CR-I10, CR-I11 clear a Holding that exists: Boris loses the Joker and Anna leaves it,
    neither having declared one; no line announces a Holding cleared, in either language."""
    duel, moved = await joker_lost_and_left(board)

    assert "Anna becomes the Joker's owner." in duel.embed.description
    assert "Joker Holding of Boris" not in duel.embed.description
    told = moved.embed.description
    assert "Anna has no piece holding the Joker: it is ownerless again." in told
    assert "Joker Holding" not in told


async def test_a_declared_joker_holding_is_said_cleared_when_the_joker_is_lost(board: Table):
    """CR-I11: Boris declared Steelworks his Joker Holding; losing the Joker clears it, and
    the duel says so."""
    duel = await corsair_wins_the_joker(board, holding="Steelworks")

    assert "The Joker Holding of Boris is cleared." in duel.embed.description


async def test_a_piece_leaving_a_company_is_told_which_company_it_may_raid_again(board: Table):
    """CR-I9: Broker paid its fine in Steelworks; when it moves on, the line that clears
    its mark names Steelworks, in English and in Russian."""
    question = await board.slash(raids.LAND, as_="player1")
    await board.click(question, raids.PAY, as_="player1")

    moved = await board.slash("/company move piece:Broker", as_="player1")

    assert moved.embed.description.splitlines() == [
        "Broker moves elsewhere on the board.",
        "Broker has left: it may raid Steelworks again.",
    ]
    await board.slash(RUSSIAN, as_="gm")
    again = await board.slash(raids.LAND, as_="player1")
    await board.click(again, "Заплатить штраф", as_="player1")
    russian = await board.slash("/company move piece:Broker", as_="player1")
    assert (
        "Фигура Broker ушла и может снова атаковать Компанию Steelworks."
        in russian.embed.description
    )


async def fined_after_failed_capture(board: Table):
    failed = await raids.attempt_capture(board, [2])
    return await board.click(failed, raids.FINE, as_="player2")


async def counterattack_hit(board: Table):
    return await raids.counterattacked(board, "Scout", 100, [3, 2])


@pytest.mark.parametrize(
    ("play", "cited"),
    [
        (lambda board: raids.attempt_capture(board, [6]), "CR-2.7, CR-2.8, CR-3.9"),
        (fined_after_failed_capture, "CR-3.2, CR-3.5, CR-3.9"),
        (counterattack_hit, "CR-3.2, CR-4.2, CR-4.3"),
    ],
    ids=["capture", "fine after a failed capture", "counterattack hit"],
)
async def test_the_rules_footer_cites_the_roll_before_what_it_decided(board: Table, play, cited):
    """The footer lists the clauses as the story tells them: the capture roll (CR-2.7)
    before the capture it decided (CR-2.8); the failed capture that passes the initiative
    (CR-3.2) before the fine (CR-3.5) or the counterattack's removal and bonus (CR-4.2,
    CR-4.3)."""
    answer = await play(board)

    assert answer.embed.footer.endswith(f"Rules: {cited}"), answer.embed.footer


def entry_of(answer) -> int:
    """The log entry an answer's footer names ("Log entry #8")."""
    found = re.search(r"Log entry #(\d+)", answer.embed.footer)
    assert found is not None, answer.embed.footer
    return int(found.group(1))


async def test_history_show_gives_the_black_dies_faces_in_the_campaigns_language(board: Table):
    """CR-I1, CR-I3: the counterattack hits on a face of the set {2,4,6}; `/history show`
    gives that target in words of the campaign's language: "in {2,4,6}" in English,
    «∈ {2,4,6}» in Russian, never the English word inside Russian text."""
    hit = await raids.counterattacked(board, "Scout", 100, [3, 4])
    seq = entry_of(hit)

    shown = await board.slash(f"/history show entry:{seq}", as_="gm")
    values = [f.value for f in shown.embed.fields]
    assert any(v.endswith("target in {2,4,6}: 1 success") for v in values), values

    await board.slash(RUSSIAN, as_="gm")
    russian = await board.slash(f"/history show entry:{seq}", as_="gm")
    values = [f.value for f in russian.embed.fields]
    assert any(v.endswith("цель ∈ {2,4,6}: 1 успех") for v in values), values
    assert not any(" in {" in v for v in values), values


async def test_history_show_names_the_step_answered_and_the_entry_undone_in_russian(
    board: Table,
):
    """README (`/history show`): options are named in the reader's language. Boris's
    counterattack logs the step it answered: it reads as the choice asked («взыскать штраф
    или контратаковать»), not the code `owner_choice`; an undo's entry names the entry it
    undid («отменённая запись»), not `seq`."""
    hit = await raids.counterattacked(board, "Scout", 100, [3, 4])
    seq = entry_of(hit)
    await board.slash(RUSSIAN, as_="gm")

    shown = await board.slash(f"/history show entry:{seq}", as_="gm")
    options = next(f.value for f in shown.embed.fields if f.name == "Параметры")
    assert options.splitlines() == [
        "**ответ**: Контратаковать",
        "**инцидент**: 1",
        "**шаг**: взыскать штраф или контратаковать",
    ]

    await board.slash("/company add-piece name:Pawn value:1", as_="player1")  # seq + 2
    undone = await undo(board, "x", confirm="Отменить")
    assert f"запись журнала №{seq + 3}" in undone.text(), undone.text()
    logged = await board.slash(f"/history show entry:{seq + 3}", as_="gm")
    options = next(f.value for f in logged.embed.fields if f.name == "Параметры")
    assert options.splitlines() == ["**причина**: x", f"**отменённая запись**: {seq + 2}"]


async def test_an_undone_board_answer_is_struck_through_from_its_first_line_to_its_last(
    board: Table,
):
    """A board answer has no title: undone, every line of it is struck through under the
    GM's note, so that "it is ownerless again" does not read as still standing."""
    _, moved = await joker_lost_and_left(board)
    lines = moved.embed.description.splitlines()
    assert len(lines) > 2, lines

    await undo(board, "test")

    shown = message(board, moved.message.id).embed.description
    note, blank, *told = shown.splitlines()
    assert note.startswith("↩️ **Undone** by the GM: test (log entry #")
    assert blank == ""
    assert told == [f"~~{line}~~" for line in lines]


async def test_history_show_names_the_defender_picked_from_the_joker(board: Table):
    """CR-I17 `owner_choice`: the button that sends a defender logs its place among the
    pieces offered (`d1`); `/history show` names the piece and its owner as the button read,
    in the reader's language, and the entry and its hash stay as they were logged."""
    await raids.joker_defended_by_choice(board)
    question = await board.slash("/company enter piece:Corsair", as_="player1")
    board.script_dice([6])
    picked = await board.click(question, "Defend with Guard", as_="player3")
    seq = entry_of(picked)

    shown = await board.slash(f"/history show entry:{seq}", as_="gm")
    options = next(f.value for f in shown.embed.fields if f.name == "Options")
    assert "**answer**: Defend with Guard (Vera)" in options.splitlines(), options
    await board.slash(RUSSIAN, as_="gm")
    russian = await board.slash(f"/history show entry:{seq}", as_="gm")
    options = next(f.value for f in russian.embed.fields if f.name == "Параметры")
    assert "**ответ**: Защитник — Guard (Vera)" in options.splitlines(), options
    row = await board.bot.db.fetchone("SELECT options FROM actions WHERE seq = ?", (seq,))
    assert row is not None and '"answer":"d1"' in row[0].replace(" ", ""), row
    verified = await board.slash("/history verify", as_="gm")
    assert "✅ Журнал цел" in verified.text(), verified.text()


async def test_the_russian_board_agrees_with_one_piece_and_with_any_pieces_name(board: Table):
    """`/company status` in Russian (CR-I10, CR-I18): a single piece in the Joker is «фигура
    владельца», several are «фигуры владельца»; a removed piece's line names the «фигура»
    its participle agrees with, whatever the gender of the piece's own name (Scout, a
    masculine word in Russian)."""
    await raids.counterattacked(board, "Scout", 100, [3, 4])
    await board.slash(RUSSIAN, as_="gm")
    assert "Scout (Anna, стоимость 100): фигура удалена с поля" in await raids.board_shown(board)

    await board.slash("/company add-piece name:Banker value:200 in_joker:true", as_="player2")
    assert "В Джокере: фигура владельца Banker; гостей нет." in await raids.board_shown(board)

    await board.slash("/company add-piece name:Guard value:100 in_joker:true", as_="player2")
    shown = await raids.board_shown(board)
    assert "В Джокере: фигуры владельца Banker, Guard; гостей нет." in shown
    assert "фигура владельца Banker;" not in shown


async def test_visitors_in_the_joker_are_counted_in_the_right_number(board: Table):
    """CR-I18: Anna's Corsair declines the duel (CR-I12 off) and stays in Boris's Joker as a
    visitor: one visitor is «гость», as "visitor" in English."""
    await board.slash(
        "/campaign settings set setting:company_raids.joker_entry_forces_duel value:false",
        as_="gm",
    )
    await board.slash("/company add-piece name:Banker value:200 in_joker:true", as_="player2")
    await board.slash("/company add-piece name:Corsair value:350", as_="player1")
    question = await board.slash("/company enter piece:Corsair", as_="player1")
    await board.click(question, "Decline the duel", as_="player1")
    assert "In the Joker: owner piece Banker; visitor Corsair." in await raids.board_shown(board)

    await board.slash(RUSSIAN, as_="gm")
    assert "В Джокере: фигура владельца Banker; гость Corsair." in await raids.board_shown(board)


async def test_a_piece_registered_twice_is_told_its_value_is_corrected_by_edit_piece(board: Table):
    """The Russian refusal (Vera's, in her client's language) calls a piece's value
    «стоимость», as the option `value` and every other line do, never «ценность»."""
    await board.slash(RUSSIAN, as_="gm")

    refused = await refused_alone(board, "/company add-piece name:Broker value:10", "player3")

    assert "её стоимость исправляет команда /компания изменить-фигуру" in refused, refused
    assert "ценность" not in refused


@pytest.mark.parametrize(
    ("language", "prize"),
    [
        ("en", "Joker prize: the bank pays Anna 0."),
        ("ru", "Премия Джокера: банк платит фракции «Anna» 0."),
    ],
    ids=["en", "ru"],
)
async def test_a_joker_prize_of_nothing_is_told_but_not_as_the_outcome(
    board: Table, language: str, prize: str
):
    """CR-I14: Boris's Banker is worth 0, so Anna's Corsair wins the Joker and a
    prize of 2 × 0. The headline (bold) says what changed, the Joker changing hands; the
    prize of 0 is not an outcome, but the story still tells it."""
    if language == "ru":
        await board.slash(RUSSIAN, as_="gm")
    await board.slash("/company add-piece name:Banker value:0", as_="player2")
    await board.slash("/company enter piece:Banker", as_="player2")
    await board.slash("/company add-piece name:Corsair value:350", as_="player1")
    board.script_dice([1, 2])

    duel = await board.slash("/company enter piece:Corsair", as_="player1")

    headline, body = duel.embed.description.split("\n\n", 1)
    assert headline.startswith("**"), headline
    assert "**Anna" in headline or "«Anna»" in headline, headline
    assert prize.split(":")[0] not in headline, headline
    assert prize in body, body


@pytest.mark.parametrize(
    ("language", "registered", "shown"),
    [
        (
            "en",
            "Company Mills registered: owner Anna, fine 100, no Holding.",
            ["Mills: owner Anna, fine 100, no Holding", "No Joker Holding."],
        ),
        (
            "ru",
            "Компания Mills зарегистрирована: владелец Vera, штраф 100, без Холдинга.",
            ["Mills: владелец Vera, штраф 100, без Холдинга", "Джокерного Холдинга нет."],
        ),
    ],
    ids=["en", "ru"],
)
async def test_a_company_or_joker_without_a_holding_says_so_in_words(
    board: Table, language: str, registered: str, shown: list[str]
):
    """CR-I11: a Company with no Holding, and the Joker's owner with no Joker Holding, are
    told in words, not by a bare dash; so is a Joker Holding declared empty. Anna plays in
    English, Vera in Russian (her refusal is in her client's language)."""
    player, faction = ("player1", "Anna") if language == "en" else ("player3", "Vera")
    if language == "ru":
        await board.slash(RUSSIAN, as_="gm")
    added = await board.slash("/company add-company name:Mills fine:100", as_=player)
    assert added.embed.description == registered
    await board.slash("/company add-piece name:Banker value:200 in_joker:true", as_=player)
    board_lines = (await raids.board_shown(board)).splitlines()
    assert [line for line in shown if line in board_lines] == shown, board_lines
    assert not [line for line in board_lines if "—" in line], board_lines

    declared = await board.slash("/company holding companies:-", as_=player)
    empty = {
        "en": f"The Joker Holding of {faction} is empty.",
        "ru": f"Джокерный Холдинг фракции «{faction}» пуст.",
    }[language]
    assert declared.embed.description.startswith(empty), declared.embed.description
    again = await refused_alone(board, "/company holding companies:-", player)
    unchanged = {
        "en": f"Nothing changed: the Joker Holding of {faction} is already empty.",
        "ru": f"Ничего не изменилось: Джокерный Холдинг фракции «{faction}» уже пуст.",
    }[language]
    assert again == unchanged


@pytest.mark.parametrize(
    ("locale", "line"),
    [("en", "Questions: {links} and 5 more"), ("ru", "Вопросы: {links} и ещё 5")],
)
def test_the_status_links_the_first_twenty_questions_and_counts_the_rest(locale, line):
    """`/company status` with 25 questions waiting links the first 20, by incident, and
    counts the rest, so the line stays whole within an embed."""
    url = "https://discord.com/channels/1/2/{}"
    questions = [(number, url.format(number)) for number in range(1, 26)]
    shown = cr.status(cr.CompanyRaidsState(), cr.CompanyRaidsSettings())

    (embed,) = status_embeds(shown, 1, locale, questions)

    links = ", ".join(f"[#{n}]({url.format(n)})" for n in range(1, 21))
    assert line.format(links=links) in (embed.description or "").splitlines()
