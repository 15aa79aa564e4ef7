"""Large amounts read with the reader's digit grouping: 100,000,000,000 in English,
100 000 000 000 in Russian (Babel's CLDR data); numbers that name things (entries, battles)
stay as they are."""

from __future__ import annotations

from .play import set_up

NBSP = "\u00a0"


async def test_a_large_piece_value_and_fine_are_grouped_in_each_language(table):
    lines = [("/campaign create name:Raids rulesets:company_raids", "gm")]
    lines += [
        ("/campaign join faction:Anna", "player1"),
        ("/campaign join faction:Вера", "player3"),
    ]
    await set_up(table, lines)
    added = await table.slash("/company add-company name:Mill fine:1234567", as_="player1")
    assert added.embed.description == (
        "Company Mill registered: owner Anna, fine 1,234,567, no Holding."
    )
    piece = await table.slash("/company add-piece name:П value:100000000000", as_="player3")
    assert piece.embed.description.startswith(
        "Piece П registered: owner Вера, value 100,000,000,000,"
    )
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    edited = await table.slash("/company edit-piece name:П value:100000000001", as_="player3")
    assert edited.embed.description == (
        f"Фигура П изменена: владелец Вера, стоимость 100{NBSP}000{NBSP}000{NBSP}001."
    )
    status = await table.slash("/company status", as_="player3")
    text = "\n".join(e.get("description", "") for e in status.embeds)
    assert f"штраф 1{NBSP}234{NBSP}567" in text
