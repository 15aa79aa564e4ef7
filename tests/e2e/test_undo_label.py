"""`/history undo` tells what it undid by the name `/history list` gives that command, in
the reader's language: a click by its catalogued label, a slash command by its words as the
reader's command list names them."""

from __future__ import annotations

from bot.standin import Table
from tests.e2e.test_company_raids import LAND
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture
from tests.e2e.test_undo import undo


async def undo_line(table: Table, undone_word: str) -> str:
    """The line of `/history list` that tells the newest undo (`undone_word`: "undone" or
    «отменена:» in the campaign's language)."""
    log = await table.slash("/history list", as_="player1")
    return next(line for line in log.embed.description.splitlines() if undone_word in line)


async def test_an_undone_click_is_named_as_the_log_names_it_in_russian(
    board: Table,  # noqa: F811 - the fixture imported above
):
    """A Russian campaign: the undone answer to a Company question reads «компания: ответ на
    выбор (кнопка)», as its own line of the log does, not the command's internal name."""
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    question = await board.slash(LAND, as_="player1")
    paid = await board.click(question, "Заплатить штраф", as_="player1")
    assert not paid.ephemeral, paid.text()
    log = await board.slash("/history list", as_="player1")
    assert "**компания: ответ на выбор (кнопка)**" in log.embed.description

    await undo(board, "ошибка", confirm="Отменить")

    line = await undo_line(board, "отменена:")
    assert line.endswith(" (компания: ответ на выбор (кнопка)) отменена: ошибка.")
    await board.slash("/campaign settings set setting:core.language value:en", as_="gm")
    line = await undo_line(board, "undone:")  # the same entry read in English
    assert line.endswith(" (company answer (a button)) undone: ошибка.")


async def test_an_undone_slash_command_is_named_in_the_campaigns_words(campaign: Table):
    """`/roll` undone reads «бросок» in a Russian campaign, as its line of the log does."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    rolled = await campaign.slash("/roll dice:1d6", as_="player1")
    assert not rolled.ephemeral, rolled.text()

    await undo(campaign, "mistake", confirm="Отменить")

    assert (await undo_line(campaign, "отменена:")).endswith(" (бросок) отменена: mistake.")


async def test_russian_undo_lines_agree_with_the_entry_they_undo(campaign: Table):
    """Play-test M, finding 7: what is undone is a «запись», so every Russian line of an undo
    agrees with it: the answer «Запись №N отменена», the undo's summary «Запись №N (бросок)
    отменена: …», the struck line of the log «· отменена», and /history show of the undone
    entry «Отменена записью №M»; never the neuter «отменено» agreeing with nothing."""
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    rolled = await campaign.slash("/roll dice:1d6", as_="player1")
    assert not rolled.ephemeral, rolled.text()
    log = await campaign.slash("/history list", as_="player1")
    seq = int(log.embed.description.split("`#")[1].split("`")[0])

    done = await undo(campaign, "ошибка", confirm="Отменить")

    assert done.embed.title == f"↩️ Запись №{seq} отменена"
    lines = (await campaign.slash("/history list", as_="player1")).embed.description.splitlines()
    assert lines[1] == f"Запись №{seq} (бросок) отменена: ошибка."
    struck = next(line for line in lines if line.startswith(f"~~`#{seq}`"))
    assert struck.endswith("~~ · отменена"), struck
    shown = await campaign.slash(f"/history show entry:{seq}", as_="player1")
    assert shown.embed.description.startswith(f"↩️ **Отменена** записью №{seq + 1}.")
    assert "отменено" not in "\n".join([done.embed.title, *lines, shown.embed.description])
