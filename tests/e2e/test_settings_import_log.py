"""A settings import's log entry tells each setting it changed as the GM's question did, as
it was → as it became (a yes/no setting as the file writes it), in the reader's language."""

from __future__ import annotations

from tests.e2e.confirming import confirmed
from tests.e2e.play import newest_entry

FILE = "[fleet_combat]\nallow_split_fire = true\n[core]\nfactions_per_player = 2\n"
CHANGES = [
    "`fleet_combat.allow_split_fire`: false → **true**",
    "`core.factions_per_player`: 1 → **2**",
]


async def test_a_settings_import_entry_tells_each_setting_old_to_new(campaign):
    """The GM imports a file turning split fire on and allowing two factions per player: the
    question lists both old → new; `/history show` of the import's entry then tells the
    same two lines under its count, in English and, once the campaign plays in Russian, in
    Russian; the list line carries them too."""
    files = {"s.toml": FILE.encode()}
    asked = await campaign.slash("/campaign settings import file:s.toml", as_="gm", files=files)
    assert asked.embed.description.splitlines()[:2] == CHANGES
    await campaign.click(asked, "Cancel", as_="gm")
    applied = await confirmed(
        campaign, "/campaign settings import file:s.toml", as_="gm", files=files
    )
    assert applied.embed.title == "Settings imported: 2 settings changed"

    page = await campaign.slash("/history list", as_="player2")
    seq = newest_entry(page, "campaign settings import")
    shown = await campaign.slash(f"/history show entry:{seq}", as_="player2")
    assert shown.embed.description.splitlines() == [
        "Settings imported: 2 settings changed.",
        *(f"{line}." for line in CHANGES),
    ]
    # What the file set, under the option the GM typed, not the log's own word for it.
    assert shown.field("Options") == (
        "**file**: core: factions_per_player: 2; fleet_combat: allow_split_fire: yes"
    )
    listed = next(line for line in page.embed.description.split("\n`#") if f"{seq}`" in line)
    assert "false → **true**" in listed, page.embed.description

    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await campaign.slash(f"/history show entry:{seq}", as_="player2")
    assert shown.embed.description.splitlines() == [
        "Настройки загружены: изменены 2 настройки.",
        *(f"{line}." for line in CHANGES),
    ]
    assert shown.field("Параметры") == (
        "**файл**: core: factions_per_player: 2; fleet_combat: allow_split_fire: да"
    )
