"""An answer, undone, is struck through in its fields too, with a title or without one: a
fleet's registration lists its ships in a field, a piracy's story its dice, rewards and VP,
and none of them reads as standing after the GM's undo (bot/announcements.py
`undone_edit`)."""

from __future__ import annotations

from tests.e2e.test_click_outbox import message
from tests.e2e.test_undo import OP_E1
from tests.e2e.test_undo import undo


async def test_an_undone_fleet_registration_strikes_its_ship_list_too(campaign):
    """Red registers 2 cruisers and a destroyer at Mecatol; the GM undoes it: the answer's
    text and its "Ships" field are struck through, line by line, under the GM's note."""
    table = campaign
    await table.slash("/campaign join faction:Red", as_="player1")
    registered = await table.slash(
        "/combat fleet set point:Mecatol ships:2 cruiser, 1 destroyer", as_="player1"
    )
    assert not registered.ephemeral, registered.text()
    assert registered.embed.title is None, registered.text()
    fields = [(f.name, f.value) for f in registered.embed.fields]
    assert fields == [
        ("Ships: #id (wounds/life)", "cruisers: #1 (0/2), #2 (0/2)\ndestroyers: #3 (0/1)")
    ], fields

    await undo(table, "test")

    shown = message(table, registered.message.id).embed
    assert shown.description.startswith("↩️ **Undone** by the GM: test (log entry #")
    assert "\n\n~~Red's fleet at Mecatol: 2 cruisers, 1 destroyer.~~" in shown.description
    struck = [(f.name, f.value) for f in shown.fields]
    assert struck == [
        (
            "~~Ships: #id (wounds/life)~~",
            "~~cruisers: #1 (0/2), #2 (0/2)~~\n~~destroyers: #3 (0/1)~~",
        )
    ], struck


async def test_an_undone_piracy_strikes_its_fields_under_its_struck_title(seated):
    """A piracy's story has a title, and its dice, the rewards owed, the piracy VP and the
    marker in fields (OP-5.2, OP-5.3); the GM undoes it: the title and every field, name and
    each line of the value, are struck through, so that neither the VP nor the marker reads
    as standing."""
    table = seated
    table.script_dice([5, 2, 6, 5])
    piracy = await table.slash(OP_E1, as_="player1")
    assert piracy.embed.title == "Piracy #1 — Ionian Sea", piracy.text()
    assert piracy.embed.field("Ottoman piracy VP") == "0/10"
    assert piracy.embed.field("Piracy marker") == "Ionian Sea, turn 1"
    before = [(f.name, f.value) for f in piracy.embed.fields]

    await undo(table, "declared in the wrong zone")

    shown = message(table, piracy.message.id).embed
    assert shown.title == "~~Piracy #1 — Ionian Sea~~"
    assert shown.description.startswith("↩️ **Undone** by the GM: declared in the wrong zone")
    struck = [(f.name, f.value) for f in shown.fields]
    assert ("~~Ottoman piracy VP~~", "~~0/10~~") in struck, struck
    assert ("~~Piracy marker~~", "~~Ionian Sea, turn 1~~") in struck, struck
    assert ("~~Rewards~~", "~~Hapsburgs: choose the reward for hit 1 of 2.~~") in struck, struck
    assert struck == [
        (f"~~{name}~~", "\n".join(f"~~{line}~~" for line in value.split("\n")))
        for name, value in before
    ], struck
