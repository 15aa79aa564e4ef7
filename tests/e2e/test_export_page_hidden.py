"""`/history export`'s page reads a hidden entry as `/history show` reads it to any player:
once the turn's end has published it, in full (a force registered, a secret roll's faces),
the reveal entries with their line; a ruleset's hidden entry is never called a secret roll.
Its player filter names each player with the factions they play, not those a GM acted for.

Player1 plays Britain, player2 France, player3 Russia.
"""

from __future__ import annotations

import gzip
import json
import re

from bot.verify_export import verify_document
from tests.e2e import test_naval_orders as played
from tests.e2e.test_naval_orders import end_turn
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders_gm_for_player import REGISTER_FOR_BRITAIN
from tests.e2e.test_naval_orders_gm_for_player import REGISTERED
from tests.e2e.test_naval_orders_secrecy import end_turn_ru

navy = played.navy  # the campaign: three factions and the GM's ports


def rows(page: str) -> dict[str, str]:
    """The page's table rows by entry number, as their text reads."""
    found = {}
    for seq, row in re.findall(r'<tr[^>]*data-seq="(\d+)"[^>]*>(.*?)</tr>', page, re.S):
        found[seq] = " ".join(re.sub(r"<[^>]+>", " ", row).split())
    return found


async def export(table, as_: str) -> tuple[str, dict]:
    reply = await table.slash("/history export", as_=as_)
    attachments = [*reply.attachments, *(a for m in reply.followups for a in m.attachments)]
    (page,) = [a for a in attachments if a.filename.endswith(".html")]
    (data,) = [a for a in attachments if a.filename.endswith(".json.gz")]
    return page.text, json.loads(gzip.decompress(data.data))


async def test_the_page_reads_published_hidden_entries_as_history_show_does(navy):
    await navy.slash(REGISTER_FOR_BRITAIN, as_="gm")
    await navy.slash("/roll dice:1d20+100 secret:true", as_="gm")
    await end_turn(navy, 1)

    page, document = await export(navy, "player2")

    assert verify_document(document).ok
    entries = {str(e["seq"]): e for e in document["entries"]}
    (register,) = [s for s, e in entries.items() if e["command"] == "navy forces register"]
    (secret,) = [s for s, e in entries.items() if e["command"] == "roll"]
    shown = rows(page)
    assert REGISTERED in shown[register], shown[register]
    assert "secret roll" not in shown[register], shown[register]
    assert "Secret roll, revealed in entry #" in shown[secret], shown[secret]
    assert "1d20 (" in shown[secret] and "+ 100 =" in shown[secret], shown[secret]
    reveals = {
        e["outcome"]["secret_reveal"]["entry"]: s
        for s, e in entries.items()
        if e["command"] in ("entry reveal", "roll reveal")
    }
    assert sorted(reveals) == sorted([int(register), int(secret)])
    assert f"#{register}" in shown[reveals[int(register)]], shown[reveals[int(register)]]
    said = shown[reveals[int(secret)]]
    assert f"Secret roll #{secret} revealed" in said and "revealed in entry" not in said, said
    reveal = await navy.slash(f"/history show entry:{reveals[int(secret)]}", as_="player2")
    assert f"Secret roll #{secret} revealed" in reveal.embed.description

    players = page[page.index('<select id="player"') : page.index("</select>")]
    labels = sorted(re.findall(r'<option value="\d+">([^<]*)</option>', players))
    assert not any(label.startswith("Game Master (") for label in labels), labels
    assert any(label.endswith("(Britain)") for label in labels), labels


async def test_a_revealed_order_reads_its_options_by_the_order_commands_own_names_in_russian(
    navy,
):
    """In a Russian campaign `/history show` of a published order names its options as
    `/navy order` and its form name them: «соединение», «количество ходов», never a word of
    another command («по_умолчанию») nor an English one."""
    await navy.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await navy.slash(played.REGISTER_WS, as_="player1")
    await played.give(navy, played.WS, "cruise", form(point="Ushant", location="5", turns="2"))
    await end_turn_ru(navy, 1)

    _, document = await export(navy, "player2")
    entries = document["entries"]
    (order,) = [e["seq"] for e in entries if e["command"] == "navy order"]
    shown = await navy.slash(f"/history show entry:{order}", as_="player2")
    options = " ".join(f.value for f in shown.embed.fields if f.name == "Параметры")
    assert "**соединение**: Western Squadron" in options, options
    assert "**количество ходов**: 2" in options, options
    assert "по_умолчанию" not in options and "**turns**" not in options, options
