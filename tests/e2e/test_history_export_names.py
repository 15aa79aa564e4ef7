"""`/history export` names its files after the campaign, readably, whatever its alphabet:
Discord keeps only Latin letters, digits, dots, dashes and underscores of an attachment's
name, so a Cyrillic name is transliterated, and a name with nothing left to write is
`campaign`; no name ever reaches outside its file name."""

from __future__ import annotations

import pytest

from bot.history_export import export_stem
from bot.standin import Table


async def test_a_cyrillic_campaign_exports_files_named_by_its_transliterated_name(table: Table):
    created = await table.slash("/campaign create name:Чёрное море 1535", as_="gm")
    assert not created.ephemeral, created.text()
    await table.slash("/roll dice:2d6", as_="gm")

    reply = await table.slash("/history export", as_="gm")

    names = sorted(a.filename for a in reply.attachments)
    assert names == ["chyornoe-more-1535-log.csv.gz", "chyornoe-more-1535-log.json.gz"], names


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Mediterranean 1535", "mediterranean-1535"),
        ("Щит и Меч: Ягуар", "shchit-i-mech-yaguar"),
        ("Côte d'Azur", "cote-d-azur"),
        ("../../etc/passwd", "etc-passwd"),
        ("地中海", "campaign"),
        ("🏴‍☠️", "campaign"),
        ("Con", "con"),
        ("Я" * 200, "ya" * 30),
    ],
)
def test_every_name_gives_a_short_safe_readable_stem(name: str, stem: str):
    assert export_stem(name) == stem
