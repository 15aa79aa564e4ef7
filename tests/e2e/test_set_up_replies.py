"""What a set-up or bookkeeping command posts reads outcome first: the first line a player
reads says what happened ("Company Black Sails registered…"), not the ruleset's name, which
moves to the footer, in either language the campaign posts in."""

from __future__ import annotations

import pytest

from tests.e2e.play import set_up

# (who types it, the command, its first line in English, in Russian, the ruleset's name).
SET_UP = (
    (
        "gm",
        "/corsairs power power:ottoman player:@player1",
        "The power Ottomans is now played by the faction Ottomans (<@{player1}>).",
        "Державой «Османы» теперь играет фракция «Ottomans» (<@{player1}>).",
        "ottoman_piracy",
    ),
    (
        "gm",
        "/corsairs war power:hapsburg at_war:True",
        "Hapsburgs: at war with the Ottomans.",
        "Габсбурги: война с Османами.",
        "ottoman_piracy",
    ),
    (
        "gm",
        "/corsairs impulse power:ottoman",
        "Impulse 1: Ottomans.",
        "Импульс 1: Османы.",
        "ottoman_piracy",
    ),
    (
        "gm",
        "/corsairs hand cards:4 power:hapsburg",
        "Hapsburgs: 4 cards in hand.",
        "Габсбурги: на руке 4 карты.",
        "ottoman_piracy",
    ),
    (
        "player2",
        "/company add-company name:Black Sails fine:3",
        "Company Black Sails registered: owner Habsburgs, fine 3, no Holding.",
        "Компания Black Sails зарегистрирована: владелец Habsburgs, штраф 3, без Холдинга.",
        "company_raids",
    ),
    (
        "player2",
        "/combat fleet set point:Mecatol ships:2 cruiser",
        "Habsburgs' fleet at Mecatol: 2 cruisers.",
        "Флот фракции «Habsburgs» в точке Mecatol: 2 крейсера.",
        "fleet_combat",
    ),
    (
        "player2",
        "/pirates route add name:Silk Road goods:3",
        "Route #1 Silk Road registered",
        "Торговый путь №1 Silk Road зарегистрирован",
        "space_pirates",
    ),
    (
        "player2",
        "/pirates contacts factions:Ottomans",
        "Habsburgs has contact with: Ottomans",
        "Контакты фракции «Habsburgs»: Ottomans",
        "space_pirates",
    ),
    (
        "gm",
        "/pirates turn-order factions:Ottomans, Habsburgs",
        "Players are resolved in this order: Ottomans, Habsburgs",
        "Фракции разыгрываются в таком порядке: Ottomans, Habsburgs",
        "space_pirates",
    ),
    (
        "gm",
        "/navy station add name:Brest location:Brest",
        "Seaport Brest at location Brest, no owner.",
        "Морской порт Brest в локации Brest, без владельца.",
        "naval_orders",
    ),
    (
        "gm",
        "/combat turn-order factions:Habsburgs, Ottomans",
        "Players fire in this order: Habsburgs, Ottomans. Players not listed fire after them.",
        "Фракции стреляют в таком порядке: Habsburgs, Ottomans. Остальные стреляют после них.",
        "fleet_combat",
    ),
)
RULESETS = {
    "en": {
        "ottoman_piracy": "Ottoman piracy",
        "company_raids": "Company raids",
        "fleet_combat": "Fleet combat",
        "space_pirates": "Space pirates",
        "naval_orders": "Naval orders",
    },
    "ru": {
        "ottoman_piracy": "Османское пиратство",
        "company_raids": "Рейдерские атаки",
        "fleet_combat": "Флотский бой",
        "space_pirates": "Космические пираты",
        "naval_orders": "Морские приказы",
    },
}


def first_line(embed) -> str:
    """What a reader meets first in an embed: its author line, its title, else the first
    line of its text."""
    return embed.author or embed.title or (embed.description or "").split("\n")[0]


@pytest.mark.parametrize("language", ["en", "ru"])
async def test_every_set_up_reply_opens_with_what_happened(table, language):
    await set_up(
        table,
        [
            ("/campaign create name:Test", "gm"),
            (f"/campaign settings set setting:core.language value:{language}", "gm"),
            ("/campaign join faction:Ottomans", "player1"),
            ("/campaign join faction:Habsburgs", "player2"),
        ],
    )
    player1 = table.member("player1").id
    for who, line, english, russian, ruleset in SET_UP:
        posted = await table.slash(line, as_=who)
        assert not posted.ephemeral, (line, posted.text())
        said = (english if language == "en" else russian).format(player1=player1)
        assert first_line(posted.embed) == said, (line, posted.text())
        assert posted.embed.footer.startswith(RULESETS[language][ruleset]), posted.text()
