"""The export page names people as the guild shows them: the player filter and column by
display name (with the factions each played), a mention in a summary as @name; the raw id
only for someone the bot no longer knows. Names are the page's presentation: the export it
embeds and verifies is the log as exported, without them."""

from __future__ import annotations

import json
import re
from typing import Any

from bot.export_page import export_page
from bot.export_page import people_ids

GM, ANN = 1191168914227200006, 1191168914227200007
GONE = 1191168914227200099


def entries() -> list[dict[str, Any]]:
    def entry(seq: int, actor: int, faction: str | None, summary: str) -> dict[str, Any]:
        return {
            "seq": seq,
            "turn": 1,
            "actor_id": actor,
            "faction": faction,
            "ruleset": "core",
            "command": "campaign gm add",
            "outcome": {"summary": summary},
        }

    return [
        entry(1, GM, None, "Campaign created."),
        entry(2, ANN, "Red", "Joined as Red."),
        entry(3, ANN, "Blue", "Joined as Blue."),
        entry(4, GM, None, f"<@{ANN}> is now GM."),
        entry(5, GM, None, f"<@{GONE}> is no longer GM; <@&42> was never one."),
    ]


def page(names: dict[int, str]) -> str:
    # Ann plays Red and Blue; the GM, who acted for Red once, plays nothing.
    document = {"campaign": "Old Sea", "entries": [*entries(), gm_for_red()]}
    return export_page(document, "en", names, played={ANN: ["Red", "Blue"]})


def gm_for_red() -> dict[str, Any]:
    return {
        "seq": 6,
        "turn": 1,
        "actor_id": GM,
        "faction": "Red",
        "ruleset": "core",
        "command": "roll",
        "outcome": {"summary": "2d6 = 7"},
    }


def visible(html: str) -> str:
    """The page without its scripts (the embedded export keeps the ids it logged)."""
    return re.sub(r"<script.*?</script>", "", html, flags=re.S)


def test_the_player_filter_lists_each_player_once_with_the_factions_they_play() -> None:
    html = page({GM: "Game Master", ANN: "Ann"})
    players = html[html.index('<select id="player"') : html.index("</select>")]
    options = re.findall(r'<option value="(\d+)">([^<]*)</option>', players)
    assert options == [(str(ANN), "Ann (Red, Blue)"), (str(GM), "Game Master")]


def test_mentions_in_summaries_read_as_names_and_an_unknown_one_as_its_id() -> None:
    html = visible(page({GM: "Game Master", ANN: "Ann", 42: "Captains"}))
    assert "@Ann is now GM." in html
    assert f"@{GONE} is no longer GM; @Captains was never one." in html
    assert "&lt;@" not in html and f"<td>{GM}</td>" not in html


def test_names_are_presentation_only_the_embedded_export_is_unchanged() -> None:
    document = {"campaign": "Old Sea", "entries": entries()}
    html = export_page(document, "en", {ANN: "Ann"})
    embedded = re.search(r'<script type="application/json" id="export">(.*?)</script>', html, re.S)
    assert embedded, "the page embeds the export"
    assert json.loads(embedded[1]) == document


def test_the_people_of_an_export_are_its_actors_and_everyone_its_summaries_mention() -> None:
    users, roles = people_ids(entries())
    assert users == {GM, ANN, GONE}
    assert roles == {42}
