"""Issue 18 for fleet combat and `/roll`: what is posted for everyone (and buttons meant for
someone else) is in the campaign's language, private replies in the reader's own; the
Russian reads naturally (plurals from the number, decimal comma, «фракция» before a name);
and issue 11.8: names players gave are escaped wherever fleet combat shows them.

Player1 plays Red, player2 Blue (both read English), player3 Green (reads Russian).
"""

from __future__ import annotations

import re

import pytest

from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import combat_odds
from bot.rules.fleet_combat import fleet_from_counts


@pytest.fixture
async def fleets(campaign):
    """Red, Blue and Green joined; Red has 2 cruisers and Green 3 destroyers at Mecatol."""
    for player, faction in (("player1", "Red"), ("player2", "Blue"), ("player3", "Green")):
        await campaign.slash(f"/campaign join faction:{faction}", as_=player)
    await campaign.slash("/combat fleet set point:Mecatol ships:2 cruiser", as_="player1")
    await campaign.slash("/combat fleet set point:Mecatol ships:3 destroyer", as_="player3")
    return campaign


async def russian(table) -> None:
    await table.slash("/campaign settings set setting:core.language value:ru", as_="gm")


async def test_a_russian_reader_attacks_in_an_english_campaign(fleets):
    """The attack, its ping, the battle's buttons and the log are in English, whoever
    declared it; the attacker's own orders panel and refusals are in Russian."""
    table = fleets
    battle = await table.slash("/бой атака точка:Mecatol цели:Red", as_="player3")

    assert not battle.ephemeral
    red = table.member("player1").id
    assert battle.content == (
        f"<@{red}>: Green attacks you at Mecatol. Give your fire orders before the turn ends."
    )
    assert battle.pings == {"player1"}
    assert battle.embed.title == "Battle #1 at Mecatol"
    assert battle.embed.description.startswith("Green attacks Red at Mecatol: battle #1 begins.")
    assert [b.label for b in battle.buttons] == ["Give orders"]
    panel = await table.click(battle, "Give orders", as_="player3")
    assert panel.ephemeral
    assert panel.embed.title == "Приказы на стрельбу — бой №1, раунд 1 (Green)"
    english = await table.click(battle, "Give orders", as_="player1")
    assert english.embed.title == "Fire orders — battle #1, round 1 (Red)"
    refused = await table.slash("/бой отступить бой:1", as_="player3")
    assert refused.ephemeral and "Объявить отступление на раунд 1 нельзя" in refused.text()
    listed = await table.slash("/бой состояние", as_="player3")
    assert listed.embed.title == "Battle #1 at Mecatol"


async def test_an_english_reader_attacks_in_a_russian_campaign(fleets):
    """The other way round: the campaign's language is Russian, so the post, the ping and the
    buttons the attacked player clicks are Russian; the English attacker's panel is English."""
    table = fleets
    await russian(table)
    battle = await table.slash("/combat attack point:Mecatol targets:Green", as_="player1")

    green = table.member("player3").id
    assert battle.content == (
        f"<@{green}>: фракция «Red» нападает на вас в точке Mecatol. "
        "Отдайте приказы на стрельбу до конца хода."
    )
    assert battle.embed.title == "Бой №1 в точке Mecatol"
    assert battle.embed.description.splitlines()[:2] == [
        "Фракция «Red» объявляет нападение в точке Mecatol (цели: Green): начинается бой №1.",
        "До конца хода больше не двигаются: Red, Green.",
    ]
    assert battle.embed.field("Red").startswith("2 крейсера")
    assert [b.label for b in battle.buttons] == ["Отдать приказы"]
    panel = await table.click(battle, "Отдать приказы", as_="player1")
    assert panel.embed.title == "Fire orders — battle #1, round 1 (Red)"
    moved = await table.slash("/combat fleet move point:Mecatol to:Vega", as_="player2")
    assert moved.ephemeral
    assert "Blue has no fleet at Mecatol: it has no fleet registered anywhere." in moved.text()


async def test_a_round_reads_in_natural_russian_with_plurals_from_the_numbers(fleets):
    """The GM's confirm buttons, the round report ("→ 2 удачных выстрела", "→ 1 рана") and the pager
    follow the campaign's language; the pager is ◀ Новые · Старые ▶ like /журнал список."""
    table = fleets
    await russian(table)
    await table.slash("/combat attack point:Mecatol targets:Green", as_="player1")
    question = await table.slash("/combat resolve battle:1", as_="gm")
    assert [b.label for b in question.buttons] == ["Разыграть раунд 1 боя №1", "Отмена"]
    # Red's 4 dice at 5+: two hits on destroyers, both wound (defence 6+); Green's 3 at 5+: none.
    table.script_dice([5, 6, 1, 2, 3, 4, 1, 1, 1])
    report = await table.click(question, "Разыграть раунд 1 боя №1", as_="gm")

    text = report.embed.description
    assert "**1. Red: 2 крейсера → Green, цель — эсминцы**" in text
    assert "Атака 5+, 4 кубика: 5, 6, 1, 2 → 2 удачных выстрела" in text
    assert "Защита 6+: 3, 4 → 2 раны" in text
    assert "Атака 5+, 3 кубика: 1, 1, 1 → 0 удачных выстрелов" in text
    everything = "\n".join(
        [e.description or "" for e in report.message.all_embeds]
        + [f.value for e in report.message.all_embeds for f in e.fields]
    )
    assert "Фракция «Green» теряет: 2 эсминца." in everything
    assert ".;" not in everything
    assert not re.search(r"(выстрелов|ран|кубиков) \d", everything)  # number first
    again = await table.slash("/combat resolve battle:1", as_="gm")
    table.script_dice([1, 1, 1, 1, 1])
    await table.click(again, "Разыграть раунд 2 боя №1", as_="gm")
    status = await table.slash("/combat status battle:1", as_="player1")
    assert [b.label for b in status.buttons] == ["◀ Новые", "Старые ▶", "Отдать приказы"]
    assert status.button("◀ Новые").disabled and not status.button("Старые ▶").disabled
    older = await table.click(status, "Старые ▶", as_="player2")
    assert older.embed.title == "Бой №1 в точке Mecatol — раунд 1, ход 1"
    newer = await table.click(older, "◀ Новые", as_="player2")
    assert newer.embed.title == "Бой №1 в точке Mecatol — раунд 2, ход 1"


async def test_posted_odds_use_the_campaigns_language_and_a_decimal_comma(fleets):
    """Odds are private (the reader's language) unless posted (the campaign's)."""
    table = fleets
    await russian(table)
    expected = combat_odds(
        fleet_from_counts("A", {"cruiser": 2}),
        fleet_from_counts("B", {"destroyer": 3}),
        FleetCombatSettings(),
    )
    chance = f"{100 * expected.a_wins:.1f}"
    posted = await table.slash(
        "/combat odds a_faction:Red b_faction:Green public:true", as_="player1"
    )
    assert not posted.ephemeral
    assert posted.embed.title == "Шансы: Red (стреляет первым) ⚔ Green"
    assert f"Red — победа: {chance.replace('.', ',')} %" in posted.embed.description
    assert re.search(r"Средняя длина боя: \d+,\d раунда", posted.embed.description)
    private = await table.slash("/combat odds a:2 cruiser b:3 destroyer", as_="player1")
    assert private.ephemeral
    assert f"Fleet A wins: {chance}%" in private.embed.description


@pytest.mark.parametrize(
    ("language", "reader", "successes", "footer", "refusal"),
    [
        ("en", "player3", "3 successes", "Entry #", "например к6"),
        ("ru", "player1", "3 успеха", "Запись №", "like d6"),
    ],
)
async def test_a_roll_is_posted_in_the_campaigns_language(
    campaign, language, reader, successes, footer, refusal
):
    """A Russian reader's roll in an English campaign reads English, and an English
    reader's in a Russian campaign reads Russian (the successes counted too); a refusal is
    private, in the reader's own language."""
    await campaign.slash(f"/campaign settings set setting:core.language value:{language}", as_="gm")
    campaign.script_dice([5, 6, 2, 5])
    rolled = await campaign.slash("/roll dice:4d6>=5 reason:Attack", as_=reader)
    assert not rolled.ephemeral
    assert rolled.embed.title == "🎲 Attack: 3"
    assert successes in rolled.embed.description
    assert rolled.embed.footer.startswith(footer)
    bad = await campaign.slash("/roll dice:2d", as_=reader)
    assert bad.ephemeral and refusal in bad.text()


HOSTILE = {
    "player1": "**x**",
    "player2": "[a](http://b)",
    "player3": "```",
}


async def test_hostile_names_are_shown_literally_and_ping_nobody(campaign):
    """Faction and point names with Markdown, a masked link, a code fence, @everyone and a
    right-to-left override show as typed in every fleet message and ping nobody unasked."""
    table = campaign
    for player, faction in HOSTILE.items():
        joined = await table.slash(f"/campaign join faction:{faction}", as_=player)
        assert not joined.ephemeral, joined.text()
    point = "@everyone \u202e_Vega_"
    red = await table.slash(f"/combat fleet set point:{point} ships:2 cruiser", as_="player1")
    assert red.embed.description == (
        "\\*\\*x\\*\\*'s fleet at @\u200beveryone \\_Vega\\_: 2 cruisers."
    )
    assert red.pings == frozenset()
    await table.slash(f"/combat fleet set point:{point} ships:3 destroyer", as_="player2")
    await table.slash(f"/combat fleet set point:{point} ships:1 dreadnought", as_="player3")
    battle = await table.slash(
        f"/combat attack point:{point} targets:[a](http://b), ```", as_="player1"
    )
    assert battle.pings == {"player2", "player3"}
    assert "\\*\\*x\\*\\* attacks you at @\u200beveryone \\_Vega\\_." in battle.content
    assert battle.embed.title == "Battle #1 at @\u200beveryone \\_Vega\\_"
    assert battle.embed.description.startswith(
        "\\*\\*x\\*\\* attacks \\[a](http://b), \\`\\`\\` at @\u200beveryone \\_Vega\\_"
    )
    names = [f.name for f in battle.embed.fields[:3]]
    assert names == ["\\*\\*x\\*\\*", "\\[a](http://b)", "\\`\\`\\`"]
    shown = await table.slash("/combat fleet show", as_="player2")
    assert shown.embed.fields[0].name == "@\u200beveryone \\_Vega\\_ — battle #1"
    assert "\\[a](http://b): 3 destroyers" in shown.embed.fields[0].value
    table.script_dice([1] * 8)
    question = await table.slash("/combat resolve battle:1", as_="gm")
    report = await table.click(question, "Fight round 1 of battle #1", as_="gm")
    assert "**1. \\*\\*x\\*\\*'s 2 cruisers → " in report.embed.description
    for message in (red, battle, shown, report):
        raw = message.text()
        assert "\u202e" not in raw and "](http" not in raw.replace("\\[a](http", "")
    listed = await table.slash("/combat status", as_="player1")
    assert "@\u200beveryone" in listed.text() and "@everyone" not in listed.text()


async def test_refusals_show_what_was_typed_literally(fleets):
    """A private refusal quotes the player's text escaped: it cannot bold, link or fence."""
    table = fleets
    bad_ships = await table.slash(
        "/combat fleet set point:Vega ships:2 **cruiser**x, 1 [a](http://b)", as_="player1"
    )
    assert bad_ships.ephemeral
    # "2 *" reads as a count (2 × …), the rest as a class name, shown as typed
    assert "Unknown ship class “\\*cruiser\\*\\*x”." in bad_ships.embed.description
    await table.slash("/combat attack point:Mecatol targets:Green", as_="player1")
    bad_target = await table.slash(
        "/combat order battle:1 class:cruiser target:```Green: cruiser", as_="player1"
    )
    assert bad_target.ephemeral
    # the name before the class is no faction of the battle (FC-5.3): quoted escaped
    assert "no faction “\\`\\`\\`Green” in battle #1" in bad_target.embed.description


async def test_an_attacker_named_like_a_mention_pings_only_the_attacked_player(campaign):
    """The attack's content names the attacker: a name written as the GM's mention is shown
    escaped (it would not ping anyway); only the attacked player is notified."""
    gm = campaign.member("gm").id
    await campaign.slash(f"/campaign join faction:<@{gm}> @here", as_="player1")
    await campaign.slash("/campaign join faction:Blue", as_="player2")
    await campaign.slash("/combat fleet set point:Vega ships:2 cruiser", as_="player1")
    await campaign.slash("/combat fleet set point:Vega ships:1 destroyer", as_="player2")
    battle = await campaign.slash("/combat attack point:Vega targets:Blue", as_="player1")
    assert battle.pings == {"player2"}
    assert f"<@\u200b{gm}> @\u200bhere attacks you at Vega." in battle.content
