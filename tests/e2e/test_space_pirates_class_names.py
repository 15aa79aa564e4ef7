"""Space pirates names ship classes in the reader's language, never by the rules' keys
(`transport`, `war_sun`, `raider`): the refusals of a ship that cannot guard, privateer or
attack the base (SP-I10, SP-10.2, SP-I31), and the ships a mercenary contract lost
defending a route (SP-I35, SP-I43).

Player1 plays Vega, player3 (Russian) Lyra. Faces are scripted in the order the engine
rolls them.
"""

from __future__ import annotations

import re

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates import undefended_raid_refused

pirates = base.pirates

KEYS = ("transport", "fighter", "destroyer", "war_sun", "dreadnought", "raider")
REFUSE = "Refuse and fight"


def no_keys(text: str) -> None:
    """No English class key (nor a Latin letter's word of them) in a Russian text."""
    found = [k for k in KEYS if re.search(rf"\b{k}", text)]
    assert found == [], text


async def test_a_transport_typed_as_a_guard_is_refused_in_the_readers_words(pirates):
    """SP-I10: a transport cannot guard; Lyra reads «транспорты», Vega "transports"."""
    russian = await pirates.slash(
        "/pirates route add name:Соль goods:100 ships:транспорт охрана", as_="player3"
    )
    assert russian.ephemeral
    assert "Небоевой класс: транспорты не могут охранять или сражаться" in russian.text()
    no_keys(russian.text())
    english = await pirates.slash(
        "/pirates route add name:Salt goods:100 ships:transport guard", as_="player1"
    )
    assert english.ephemeral
    assert "Not a combat class: transports cannot guard or fight (SP-I10)" in english.text()


async def test_a_transport_sent_privateering_is_refused_in_russian(pirates):
    """SP-10.2: only combat ships go privateering; Lyra's transport is named in Russian."""
    await pirates.slash("/pirates tech faction:Lyra researched:true", as_="gm")
    await pirates.slash("/pirates contacts factions:Vega", as_="player3")
    added = await pirates.slash(
        "/pirates route add name:Лён goods:100 ships:транспорт", as_="player3"
    )
    ship = re.search(r"ship #(\d+)", added.embed.description)  # the campaign's English
    assert ship is not None, added.embed.description
    refused = await pirates.slash(
        f"/pirates privateers form target:Vega ships:{ship.group(1)}", as_="player3"
    )
    assert refused.ephemeral and refused.buttons == []
    assert "Небоевой класс: транспорты не могут" in refused.text(), refused.text()
    no_keys(refused.text())


async def test_a_transport_ordered_against_the_base_is_refused_as_unable_to_fight(pirates):
    """SP-I31: a transport is a known class that does not fight: the refusal says so in
    Russian, not "unknown class transport" with the rules' keys as the allowed list."""
    await undefended_raid_refused(pirates, "player3", "Линия")
    locate = await pirates.slash("/pirates base locate location:Пояс Койпера", as_="player3")
    await pirates.click(locate, "Подтвердить", as_="player3")

    refused = await pirates.slash("/pirates base assault ships:транспорт", as_="player3")

    assert refused.ephemeral and refused.buttons == []
    assert "Небоевой класс: транспорты не могут" in refused.text(), refused.text()
    assert "Неизвестный" not in refused.text()
    no_keys(refused.text())


async def test_a_mercenary_contracts_losses_are_named_in_russian(pirates):
    """SP-I35, SP-I43, SP-I44: Lyra's contract (one raider) guards Шёлк; the pirates' two
    raiders come, Lyra retreats before round 2 and the pirates win: the report names the
    contract and its raider in Russian."""
    await pirates.slash(
        "/campaign settings set setting:space_pirates.defender_may_retreat value:true", as_="gm"
    )
    await pirates.slash("/pirates route add name:Шёлк goods:450", as_="player3")
    pirates.script_dice([1, 2, 5, 1, 3])  # d20, then 4d6: value 550
    ended = await end_turn(pirates, 1)
    await pirates.click(question_of(ended, "Refuse"), "Refuse", as_="player3")
    quote = await pirates.slash(
        "/pirates mercenaries hire value:100 station:route target:1", as_="player3"
    )
    hired = await pirates.click(quote, "Подтвердить", as_="player3")
    contract = re.search(r"№(\d+)", hired.embed.description)
    assert contract is not None, hired.embed.description
    pirates.script_dice([1, 1, 1, 1, 1])  # d20, 4d6: value 220, two raiders
    ended = await end_turn(pirates, 2)
    pirates.script_dice([1, 1, 1])  # round 1: every shot misses
    fought = await pirates.click(question_of(ended, REFUSE), REFUSE, as_="player3")
    pirates.script_dice([1, 1])  # the pirates' parting volley
    await pirates.click(question_of(fought, "Retreat"), "Retreat", as_="player3")

    report = await pirates.slash("/pirates report turn:2", as_="player3")

    shown = report.embed.description
    assert f"Потери — наёмники по контракту №{contract.group(1)}: 1 рейдер" in shown, shown
    no_keys(shown)
    rounds = await pirates.click(report, "Вперёд ▶", as_="player3")
    last = (await pirates.click(rounds, "Вперёд ▶", as_="player3")).embed.description
    number = contract.group(1)
    assert f"Отступление — наёмники по контракту №{number}: в этом раунде их корабли" in last
    assert f"Выход из боя — наёмники по контракту №{number}: их корабли отходят на" in last
    assert "Фракция «наёмники" not in last and "фракции «наёмники" not in last, last
    told = await pirates.slash("/pirates report turn:2", as_="player1")
    assert told.ephemeral
    english = await pirates.slash("/pirates report turn:2 faction:Lyra", as_="gm")
    assert f"Losses of mercenary contract #{contract.group(1)}: 1 raider" in (
        english.embed.description
    )
