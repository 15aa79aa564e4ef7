"""The fixed choices of Space pirates' options read as words in the reader's command list,
not as command tokens: a mercenary contract's `station` is «Торговый путь» / "Trade route"
(not «торговый_путь»), a bribe's `kind` the attack it buys, «Налёт на торговый путь» /
"Route raid" or «Рейд на планету» / "Planet raid" (the seed's terms, SP-1, SP-4). The
values typed stay `route`, `planet`, `reserve`.

A contract's `station` is where its mercenaries serve (SP-I35), not Naval orders' naval
station (a campaign may play both): in Russian it is «место_службы», moved with
«/пираты наёмники переместить», while Naval orders' stays «станция».

Player1 plays Vega, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat

pirates = base.pirates
after_a_raid = base.after_a_raid


async def _last_entry(table, command: str) -> int:
    found = await table.bot.service.by_channel(table.channel().id)
    return max(
        [e.seq async for e in table.bot.service.log.entries(found.id) if e.command == command]
    )


def _options(shown, title: str) -> str:
    return "\n".join(f["value"] for f in shown.embeds[-1]["fields"] if f["name"] == title)


async def test_sp_i35_a_contracts_station_reads_as_a_place_in_the_log(after_a_raid):
    """Vega hires mercenaries with `station:route target:1`; the entry reads "station: Trade
    route" in English and, once the campaign posts in Russian, «место_службы: Торговый
    путь»."""
    table = after_a_raid
    hire = await table.slash(
        "/pirates mercenaries hire value:200 station:route target:1", as_="player1"
    )
    await table.click(hire, "Confirm", as_="player1")
    entry = await _last_entry(table, "pirates mercenaries hire")

    english = _options(await table.slash(f"/history show entry:{entry}", as_="gm"), "Options")
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = _options(
        await table.slash(f"/history show entry:{entry}", as_="player3"), "Параметры"
    )
    assert "**место_службы**: Торговый путь" in russian, russian
    assert "торговый_путь" not in flat(russian), russian
    assert "**station**: Trade route" in english, english


def _synced(table, *path: str) -> dict:
    """A synced command, or its subcommand or option, by the English names along `path`."""
    found = table.command(path[0])
    for name in path[1:]:
        found = next(o for o in found["options"] if o["name"] == name)
    return found


async def test_sp_i35_a_russian_reader_tells_a_contracts_station_from_a_naval_station(table):
    """In the Russian command list a contract's station (SP-I35), at hiring and when moved,
    is «место_службы», with the same choices and values; the move is «переместить»;
    Naval orders' station group and its return's station stay «станция»."""
    moved = _synced(table, "pirates", "mercenaries", "station")
    hire = _synced(table, "pirates", "mercenaries", "hire", "station")
    where = _synced(table, "pirates", "mercenaries", "station", "station")

    assert moved["name_localizations"]["ru"] == "переместить"
    for found in (hire, where):
        assert found["name_localizations"]["ru"] == "место_службы"
        assert [c["value"] for c in found["choices"]] == ["reserve", "route", "planet"]
    assert _synced(table, "navy", "station")["name_localizations"]["ru"] == "станция"
    assert _synced(table, "navy", "return", "station")["name_localizations"]["ru"] == "станция"


async def test_sp_i35_a_contract_moved_in_russian_is_named_so_in_help_and_the_log(after_a_raid):
    """Lyra's player reads Russian: /help finds the move by its new name and by the one it
    had (`пираты наёмники станция`), and shows «/пираты наёмники переместить … место_службы:»;
    Vega's contract moved to the reserve is logged as "pirates mercenaries station", and as
    «пираты наёмники переместить» with «место_службы: Резерв» once the campaign posts in
    Russian."""
    table = after_a_raid
    for typed in ("пираты наёмники переместить", "/пираты наёмники станция"):
        shown = await table.slash(f"/help command:{typed}", as_="player3")
        assert shown.embed.title == "/пираты наёмники переместить", shown.text()
        assert "`место_службы` (обязательный) — Где они служат" in shown.text()
        assert "`цель` (необязательный) — Номер торгового пути или планеты, где они служат" in (
            flat(shown.text())
        )
    refused = await table.slash(
        "/пираты наёмники нанять значение:100 место_службы:route", as_="player3"
    )
    assert refused.ephemeral and flat(refused.embed.description) == (
        "Укажите в параметре цель: номер торгового пути или планеты, где они служат (SP-I35)."
    )
    hire = await table.slash(
        "/pirates mercenaries hire value:200 station:route target:1", as_="player1"
    )
    await table.click(hire, "Confirm", as_="player1")
    await table.slash("/pirates mercenaries station contract:1 station:reserve", as_="player1")
    entry = await _last_entry(table, "pirates mercenaries station")

    english = await table.slash(f"/history show entry:{entry}", as_="gm")
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await table.slash(f"/history show entry:{entry}", as_="player3")

    assert english.embed.title == f"Entry #{entry}: pirates mercenaries station"
    assert shown.embed.title == f"Запись №{entry}: пираты наёмники переместить", shown.text()
    assert "**место_службы**: Резерв" in _options(shown, "Параметры")


def test_sp_7_1_a_bribes_kind_names_the_attack_in_each_language():
    """The synced `kind` choices of /pirates bribe: "Route raid" / «Налёт на торговый путь»
    and "Planet raid" / «Рейд на планету», carrying `route` and `planet`."""
    from bot.i18n import t
    from cogs.space_pirates.commands import BRIBE_KINDS
    from cogs.space_pirates.commands import STATIONS

    kinds = [(c.name, t(f"cmd:{c.name}", "ru"), c.value) for c in BRIBE_KINDS]
    assert kinds == [
        ("Route raid", "Налёт на торговый путь", "route"),
        ("Planet raid", "Рейд на планету", "planet"),
    ]
    places = [(c.name, t(f"cmd:{c.name}", "ru"), c.value) for c in STATIONS]
    assert places == [
        ("Reserve", "Резерв", "reserve"),
        ("Trade route", "Торговый путь", "route"),
        ("Planet", "Планета", "planet"),
    ]
