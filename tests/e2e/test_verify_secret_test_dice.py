"""A secret roll made with test dice is counted among the entries whose faces cannot be
re-derived once it is revealed, as a roll made in the open is: `/history verify`,
`python -m bot verify` and the export's page give the same count, in both languages."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.standin import Table
from bot.verify_export import verdict_lines
from bot.verify_export import verify_document
from tests.browser import page_verdict
from tests.e2e.test_export_page import page_of
from tests.e2e.test_fair_dice import end_turn
from tests.e2e.test_fair_dice import export
from tests.e2e.test_verify_cli import run
from tests.e2e.test_verify_cli import saved

TWO = "2 entries were rolled with test dice or before fair dice: their faces cannot be re-derived."
TWO_RU = (
    "2 записи брошены тестовыми кубиками или до введения честных кубиков: их грани не пересчитать."
)
ONE_RU = (
    "1 запись брошена тестовыми кубиками или до введения честных кубиков: её грани не пересчитать."
)


async def verified(table: Table) -> str:
    reply = await table.slash("/history verify", as_="player1")
    return str((reply.followups[0] if reply.followups else reply).embed.description)


async def test_a_revealed_secret_roll_of_test_dice_counts_as_not_re_derivable(
    table: Table, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    """A roll in the open and a secret roll revealed at its turn's end, both of the local
    stand-in's test dice: two entries whose faces cannot be re-derived, not one."""
    await table.slash("/campaign create name:Test Seas rulesets:fleet_combat", as_="gm")
    await table.slash("/roll dice:2d6", as_="player1")
    await end_turn(table, 1)
    await table.slash("/roll dice:1d6 secret:true", as_="gm")
    await end_turn(table, 2)
    assert TWO in await verified(table)

    document = await export(table)
    verdict = verify_document(document)
    assert verdict.ok and verdict.unprovable == 2 and verdict.derived_dice == 0
    code, out = run([saved(document, tmp_path)], capsys)
    assert code == 0 and TWO in out, out
    for locale, sentence in (("en", TWO), ("ru", TWO_RU)):
        _, lines, _ = page_verdict(page_of(document, locale, tmp_path))
        assert lines == verdict_lines(document, verdict, locale)
        assert sentence in lines, lines

    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    assert TWO_RU in await verified(table)
    code, out = run([saved(document, tmp_path), "--lang", "ru"], capsys)
    assert code == 0 and TWO_RU in out, out


async def test_one_entry_of_test_dice_reads_in_its_own_words_on_the_page(
    table: Table, tmp_path: Path
):
    """One entry whose faces cannot be re-derived reads «её грани» (the words for exactly one,
    "=1" in the catalog) on the export's page as in `/history verify`: the page's texts choose
    the form for one number before its plural category, as `t()` does."""
    await table.slash("/campaign create name:Test Seas rulesets:fleet_combat", as_="gm")
    await table.slash("/roll dice:2d6", as_="player1")
    await end_turn(table, 1)

    document = await export(table)
    verdict = verify_document(document)
    assert verdict.ok and verdict.unprovable == 1
    _, lines, _ = page_verdict(page_of(document, "ru", tmp_path))
    assert lines == verdict_lines(document, verdict, "ru")
    assert ONE_RU in lines, lines
