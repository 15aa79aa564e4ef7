"""What the log's texts say to a reader (play-test D): fleet combat's dice read in the
reader's language in `/history show` and on the export's page, whose commands and records
read as the log names them.

Player1 plays Red, player2 Blue, player3 Green and reads Russian.
"""

from __future__ import annotations

import re

from bot.standin import Table
from tests.e2e.test_fleet_combat import FC_E1_FACES
from tests.e2e.test_fleet_combat import declared
from tests.e2e.test_fleet_combat import give_fc_e1_orders
from tests.e2e.test_fleet_combat import seated as seated  # a fixture
from tests.e2e.test_space_pirates_sealed_briber import page_html


async def russian(table: Table) -> None:
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")


async def end_turn(table: Table, turn: int = 1, label: str = "End turn {turn}"):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, label.format(turn=turn), as_="gm")


async def test_fleet_combat_dice_read_in_russian_in_show_and_on_the_page(seated):
    """FC-E1 in a Russian campaign: `/history show` of the turn end labels every volley's
    dice in Russian, with Russian ship classes; the export's page labels them alike, names
    the commands as `/history list` does and says which entry wrote the battle's log."""
    table = seated
    battle = await declared(table)
    await give_fc_e1_orders(table, battle)
    await russian(table)
    table.script_dice(FC_E1_FACES)
    await end_turn(table, label="Завершить ход {turn}")

    listed = await table.slash("/history list", as_="player3")
    found = re.search(r"`#(\d+)` ход 1 · \*\*ход завершить\*\* · .* · Флотский бой", listed.text())
    assert found, listed.text()
    ended = int(found.group(1))
    shown = await table.slash(f"/history show entry:{ended}", as_="player3")
    names = [f.name for f in shown.embed.fields]
    assert "1. Бой №1, раунд 1: Red (2 крейсера) → Blue (дредноуты), атака [FC-5.10]" in names
    assert "2. Бой №1, раунд 1: Red (2 крейсера) → Blue (дредноуты), защита [FC-5.11]" in names
    assert "3. Бой №1, раунд 1: Blue (3 эсминца) → Red (крейсеры), атака [FC-5.10]" in names
    assert not [n for n in names if "fleet combat" in n or "cruiser" in n]

    exported = await table.slash("/history export", as_="player1")
    page = page_html(exported)
    assert "Бой №1, раунд 1: Red (2 крейсера) → Blue (дредноуты), атака" in page
    assert "fleet combat #1" not in page
    assert "<td>ход завершить" in page and "<td>turn end" not in page
    assert "<td>кампания создать" in page and "<td>campaign create" not in page
    assert f"Флотский бой · battle/1 · страница 1 · создана записью №{ended}" in page

    await table.slash("/campaign settings set setting:core.language value:en", as_="gm")
    shown = await table.slash(f"/history show entry:{ended}", as_="player1")
    names = [f.name for f in shown.embed.fields]
    assert (
        "1. Battle #1, round 1: 2 cruisers of Red → dreadnoughts of Blue, attack [FC-5.10]" in names
    )
