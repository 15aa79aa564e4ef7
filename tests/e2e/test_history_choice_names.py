"""`/history show` names an option that is one of its command's fixed choices as the reader's
command list names it: «вид: Линейная эскадра», «приказ: Крейсерство» in Russian, "kind: Line
squadron" in English; a power of the Ottoman piracy map by its name («держава: Османы»);
never the code the command carries ("line", "cruise", "ottoman"). A value no choice has is
shown as logged.

Player1 plays Britain, player3 Russia (in Russian); the campaign posts in Russian.
"""

from __future__ import annotations

from tests.e2e.play import seat_piracy
from tests.e2e.test_naval_orders import form
from tests.e2e.test_naval_orders import give


async def _entry(table, command: str, **options: str) -> int:
    """The number of the last log entry of `command` with `options`."""
    found = await table.bot.service.by_channel(table.channel().id)
    return max(
        [
            e.seq
            async for e in table.bot.service.log.entries(found.id)
            if e.command == command and all(e.options.get(k) == v for k, v in options.items())
        ]
    )


async def test_a_naval_order_and_a_force_kind_read_as_the_command_list_names_them(table):
    """NO-3.1, NO-4.10: the Russian player's force registered as kind:line and its cruising
    order show «Линейная эскадра» and «Крейсерство»; the English reader of the same entries,
    after the turn's end, reads "Line squadron" and "Cruising"."""
    await table.slash("/campaign create name:Балтика rulesets:naval_orders", as_="gm")
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await table.slash("/campaign join faction:Russia", as_="player3")
    await table.slash("/campaign join faction:Britain", as_="player1")
    await table.slash(
        "/navy station add name:Кронштадт location:1 naval_station:true owner:Russia", as_="gm"
    )
    await table.slash(
        "/navy forces register name:Балтийская kind:line location:1 ships:2xIII in_port:true",
        as_="player3",
    )
    await give(
        table,
        "Балтийская",
        "cruise",
        form(point="Готланд", location="14", turns="2"),
        as_="player3",
    )
    registered = await _entry(table, "navy forces register")
    ordered = await _entry(table, "navy order")

    shown = await table.slash(f"/history show entry:{registered}", as_="player3")
    options = shown.embeds[-1]["fields"]
    said = "\n".join(f["value"] for f in options if f["name"] == "Параметры")
    assert "**вид**: Линейная эскадра" in said, said
    assert "**название**: Балтийская" in said, said
    shown = await table.slash(f"/history show entry:{ordered}", as_="player3")
    said = "\n".join(f["value"] for f in shown.embeds[-1]["fields"] if f["name"] == "Параметры")
    assert "**приказ**: Крейсерство" in said, said
    assert "cruise" not in said

    question = await table.slash("/turn end", as_="gm")
    await table.click(question, "Завершить ход 1", as_="gm")
    await table.slash("/campaign settings set setting:core.language value:en", as_="gm")
    shown = await table.slash(f"/history show entry:{ordered}", as_="player1")
    assert "**order**: Cruising" in shown.embed.field("Options"), shown.text()
    shown = await table.slash(f"/history show entry:{registered}", as_="player1")
    assert "**kind**: Line squadron" in shown.embed.field("Options"), shown.text()


async def test_a_power_of_the_map_reads_by_its_name_and_a_house_power_as_typed(campaign):
    """OP-2.4: `/corsairs power power:ottoman` reads «держава: Османы» in a Russian campaign;
    a power of the GM's own ("Knights of Rhodes") reads as the GM typed it."""
    await seat_piracy(campaign)
    await campaign.slash("/corsairs power power:Knights of Rhodes player:@player3", as_="gm")
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    house = await _entry(campaign, "corsairs power", power="Knights of Rhodes")
    ottoman = await _entry(campaign, "corsairs power", power="ottoman")

    house = await campaign.slash(f"/history show entry:{house}", as_="player2")
    ottoman = await campaign.slash(f"/history show entry:{ottoman}", as_="player2")

    assert "**держава**: Knights of Rhodes" in house.embed.field("Параметры")
    assert "**держава**: Османы" in ottoman.embed.field("Параметры"), ottoman.text()
