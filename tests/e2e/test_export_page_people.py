"""`/history export`'s page names the campaign's people as the guild shows them (their
display names, known when the export is made, though the bot does not keep the guild's
member list), never by their Discord ids; the files it exports, which the page verifies,
are the log as kept."""

from __future__ import annotations

import gzip
import json
import re

from bot.standin import Table
from bot.verify_export import verify_document


async def test_the_export_page_names_players_and_mentions_by_display_name(table: Table):
    await table.slash("/campaign create name:Old Sea rulesets:fleet_combat", as_="gm")
    await table.slash("/campaign join faction:Red", as_="player1")
    await table.slash("/campaign gm add user:@player2", as_="gm")
    await table.slash("/roll dice:2d6", as_="player1")

    reply = await table.slash("/history export", as_="gm")

    attachments = [*reply.attachments, *(a for m in reply.followups for a in m.attachments)]
    (page,) = [a for a in attachments if a.filename.endswith(".html")]
    (data,) = [a for a in attachments if a.filename.endswith(".json.gz")]
    shown = re.sub(r"<script.*?</script>", "", page.text, flags=re.S)
    ids = {str(table.member(name).id) for name in ("gm", "player1", "player2")}
    players = shown[shown.index('<select id="player"') : shown.index("</select>")]
    options = re.findall(r'<option value="(\d+)">([^<]*)</option>', players)
    assert sorted(label for _, label in options) == ["Game Master", "Player One (Red)"], options
    assert "@Player Two" in shown, shown
    assert not any(f">{i}" in shown or f"@{i}" in shown for i in ids), shown
    assert verify_document(json.loads(gzip.decompress(data.data))).ok
