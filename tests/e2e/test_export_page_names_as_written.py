"""The export page shows names as they were written: the zero-width spaces that stop
Discord's pings (`@​everyone`, `<​@1>`) belong to Discord, not to the page, where nothing pings
and a copied name must read as typed; the page still escapes its HTML, and the JSON keeps
the log as it is (play-test M, finding 12)."""

from __future__ import annotations

import gzip
import json
import re

from bot.standin import Table

ZERO_WIDTH_SPACE = "\u200b"


async def test_the_export_page_shows_hostile_names_as_written_and_still_escaped(campaign: Table):
    joined = await campaign.slash("/campaign join faction:@everyone", as_="player1")
    assert not joined.ephemeral, joined.text()
    rolled = await campaign.slash("/roll dice:1d6 reason:<@1> <b>bold</b>", as_="player2")
    assert not rolled.ephemeral, rolled.text()
    log = (await campaign.slash("/history list", as_="gm")).embed.description
    assert f"@{ZERO_WIDTH_SPACE}everyone" in log  # in Discord it still pings nobody

    reply = await campaign.slash("/history export", as_="player1")
    (page,) = [a for m in reply.followups for a in m.attachments if a.filename.endswith(".html")]
    html = page.data.decode("utf-8")
    rows = re.sub(r"<script.*?</script>", "", html, flags=re.S)  # the embedded export aside
    assert ZERO_WIDTH_SPACE not in rows
    assert "Joined as @everyone." in rows, rows
    assert "&lt;@1&gt; &lt;b&gt;bold&lt;/b&gt;" in rows  # as written, never markup
    assert "<b>bold" not in rows

    (data,) = [a for a in reply.attachments if a.filename.endswith(".json.gz")]
    document = json.loads(gzip.decompress(data.data))
    joined_entry = next(e for e in document["entries"] if e["command"] == "campaign join")
    assert f"@{ZERO_WIDTH_SPACE}everyone" in json.dumps(joined_entry, ensure_ascii=False)
