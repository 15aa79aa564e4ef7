"""`/history list` after a turn end: the reveals the turn's end wrote in a row (one per secret
roll or hidden entry it published) make one line of the list, so the first page still shows
what the players did; a player's filter lists them one by one, and the page buttons neither
skip an entry nor show one twice."""

from __future__ import annotations

import re

from bot.standin import Table
from tests.e2e.play import posting_in

LINE = re.compile(r"~*`#(\d+)`(?:–`#(\d+)`)?")


def listed_seqs(page) -> list[int]:
    """The entry numbers a `/history list` page shows, newest first (a folded line's every
    one)."""
    seqs: list[int] = []
    for line in (page.embed.description or "").splitlines():
        found = LINE.match(line)
        if found:
            first, last = int(found[1]), int(found[2] or found[1])
            seqs += range(last, first - 1, -1)
    return seqs


def heads(page) -> list[str]:
    """The first line of each entry (or folded run) on a `/history list` page."""
    return [line for line in page.embed.description.splitlines() if LINE.match(line)]


async def secret_rolls_then_turn_end(table: Table, secrets: int, end: str = "End turn 1") -> None:
    """Player1 rolls in the open; the GM rolls `secrets` secret rolls, left hidden, and ends
    turn 1 (pressing `end`), which reveals them."""
    await table.slash("/roll dice:1d20 reason:boarding", as_="player1")
    for _ in range(secrets):
        await table.slash("/roll dice:1d6 secret:true", as_="gm")
    question = await table.slash("/turn end", as_="gm")
    await table.click(question, end, as_="gm")


async def test_a_turn_ends_reveals_are_one_line_and_the_players_actions_stay_on_page_one(
    campaign: Table,
):
    """Five secret rolls revealed by the turn's end are one line (their numbers, how many,
    the turn end that wrote them, how to read each and what they reveal); player1's roll
    before them is still on the first page."""
    # Player1's roll #2, the secret rolls #3–#7, the rulesets' turn ends #8 and #9, the
    # reveals #10–#14, the turn's end #15.
    await secret_rolls_then_turn_end(campaign, 5)
    gm = f"<@{campaign.member('gm').id}>"
    page = await campaign.slash("/history list", as_="player1")
    lines = heads(page)
    assert lines[0].startswith("`#15` turn 1 · **turn end**")
    assert lines[1] == (
        f"`#10`–`#14` turn 1 · **5 hidden entries revealed** · the end of turn 1, ended by {gm}"
    )
    assert (
        "🔓 /history show entry:10 … entry:14 shows each; they reveal entries #3, 4, 5, 6, 7."
        in page.embed.description
    )
    assert "**roll reveal**" not in page.embed.description
    assert lines[-1].startswith("`#2` turn 1 · **roll** · ")  # player1's roll: on the page
    assert listed_seqs(page) == list(range(15, 1, -1))
    one = await campaign.slash("/history show entry:10", as_="player1")
    assert "Secret roll #3 revealed" in one.embed.description


async def test_a_russian_list_counts_the_reveals_in_russian(campaign: Table):
    """The folded line reads in the campaign's language, the count's plural form included."""
    await posting_in(campaign, "ru")
    await secret_rolls_then_turn_end(campaign, 5, "Завершить ход 1")
    page = await campaign.slash("/history list", as_="player3")
    text = page.embed.description
    assert "**5 скрытых записей раскрыто** · конец хода 1, его завершил" in text, text
    assert "/журнал показать запись:" in text and "покажет каждую; раскрыты записи №" in text


async def test_a_filter_by_who_ended_the_turn_lists_each_reveal(campaign: Table):
    """The reveals go under the name of the GM who ended the turn: a filter by that GM asks
    for them, and lists each one; a filter by turn still folds them."""
    await secret_rolls_then_turn_end(campaign, 3)  # secret rolls #3–#5, reveals #8–#10
    gms = await campaign.slash("/history list player:@gm", as_="player1")
    assert listed_seqs(gms)[:4] == [11, 10, 9, 8]
    assert "hidden entries revealed" not in gms.embed.description
    assert gms.embed.description.count("**roll reveal** · the end of turn 1") == 3
    turn = await campaign.slash("/history list turn:1", as_="player1")
    assert "`#8`–`#10` turn 1 · **3 hidden entries revealed**" in turn.embed.description


async def test_paging_across_a_folded_run_neither_skips_nor_repeats_an_entry(campaign: Table):
    """Eight rolls of turn 2 after the turn's end put the twelve reveals last on the first
    page, whole; the older pages follow from the entry before them, and "◀ Newer" comes back
    to the same pages: every entry is listed once."""
    await secret_rolls_then_turn_end(campaign, 12)  # the reveals #17–#28, the turn's end #29
    for _ in range(8):
        await campaign.slash("/roll dice:1d4", as_="player3")  # #30–#37
    page = await campaign.slash("/history list", as_="player1")
    first = heads(page)  # a page button redraws the same message: each page read as shown
    pages = [listed_seqs(page)]
    while not page.button("Older ▶").disabled:
        page = await campaign.click(page, "Older ▶", as_="player1")
        pages.append(listed_seqs(page))
    assert len(first) == 10 and pages[0][-12:] == list(range(28, 16, -1))
    assert [seq for seqs in pages for seq in seqs] == list(range(37, 0, -1))
    back = [listed_seqs(page)]
    while not page.button("◀ Newer").disabled:
        page = await campaign.click(page, "◀ Newer", as_="player1")
        back.append(listed_seqs(page))
    assert back[::-1] == pages


async def test_an_undone_turn_ends_reveals_stay_one_line_struck_through(campaign: Table):
    """A GM undoes the turn's end: its reveals are still one line, struck through as undone
    (what they revealed stays public)."""
    await secret_rolls_then_turn_end(campaign, 3)  # reveals #8–#10, the turn's end #11
    asked = await campaign.slash("/history undo reason:early", as_="gm")
    await campaign.click(asked, "Undo", as_="gm")
    page = await campaign.slash("/history list", as_="player1")
    assert (
        "~~`#8`–`#10` turn 1 · **3 hidden entries revealed** · the end of turn 1, ended by "
        in page.embed.description
    )
    assert "~~🔓 /history show entry:8 … entry:10 shows each;" in page.embed.description
    assert listed_seqs(page) == list(range(12, 0, -1))
