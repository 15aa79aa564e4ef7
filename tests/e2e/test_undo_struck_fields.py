"""An answer without a title, undone, is struck through in its fields too: a fleet's
registration lists its ships in a field, and none of them reads as registered after the
GM's undo (bot/announcements.py `undone_edit`)."""

from __future__ import annotations

from tests.e2e.test_click_outbox import message
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
