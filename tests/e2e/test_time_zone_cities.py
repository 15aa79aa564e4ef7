"""`core.time_zone` by a city's name in the reader's language (Babel's exemplar cities:
«Москва», "Moscow"), offered by the autocomplete and accepted as typed; the campaign keeps
the zone's IANA name (`Europe/Moscow`)."""

from __future__ import annotations

TYPED = "/campaign settings set setting:core.time_zone value:"


async def test_a_russian_reader_picks_moscow_by_its_russian_name(table):
    await table.slash("/campaign create name:Clock rulesets:fleet_combat", as_="gm")
    offered = await table.autocomplete(TYPED + "моск", as_="player3", focused="value")
    assert [(c.name, c.value) for c in offered] == [("Москва (Europe/Moscow)", "Europe/Moscow")]
    english = await table.autocomplete(TYPED + "Moscow", as_="gm", focused="value")
    assert [(c.name, c.value) for c in english] == [("Moscow (Europe/Moscow)", "Europe/Moscow")]
    york = await table.autocomplete(TYPED + "нью-й", as_="player3", focused="value")
    assert [c.value for c in york] == ["America/New_York"]


async def test_a_city_typed_without_picking_is_kept_as_its_zone(table):
    await table.slash("/campaign create name:Clock rulesets:fleet_combat", as_="gm")
    chosen = await table.slash(TYPED + "Москва", as_="gm")
    assert chosen.embed.title == "`core.time_zone` is now **Europe/Moscow**."
    again = await table.slash(TYPED + "new york", as_="gm")
    assert again.embed.title == "`core.time_zone` is now **America/New_York**."
    shown = await table.slash("/campaign settings show ruleset:core", as_="gm")
    assert "`time_zone` = **America/New_York**" in shown.embed.description


async def test_an_unknown_zone_is_refused_naming_both_ways(table):
    await table.slash("/campaign create name:Clock rulesets:fleet_combat", as_="gm")
    refused = await table.slash(TYPED + "Атлантида", as_="gm")
    assert refused.ephemeral
    assert refused.embed.description == (
        "`Атлантида` is not a time zone. Type a zone's name, such as `Europe/Moscow` or"
        " `UTC`, or a city, such as “Moscow”, and pick the zone from the suggestions."
    )
    await table.slash("/campaign gm add user:@player3", as_="gm")  # a GM who reads Russian
    russian = await table.slash(TYPED + "Атлантида", as_="player3")
    assert russian.ephemeral
    assert russian.embed.description == (
        "`Атлантида` — не часовой пояс. Укажите название пояса, например `Europe/Moscow` или"
        " `UTC`, или город, например «Москва», и выберите пояс из подсказок."
    )
    shown = await table.slash("/campaign settings show ruleset:core", as_="gm")
    assert "`time_zone` = **UTC**" in shown.embed.description
