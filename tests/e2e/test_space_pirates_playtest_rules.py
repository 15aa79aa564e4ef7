"""Space pirates and fleet combat as a hostile play-test met them: a route put on another
faction's books, words after a ship class dropped, a turn's end answering a player's
question without telling the GM, and a target faction outside the battle read as a class.

Player1 plays Vega, player2 Orion, player3 (who reads Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.play import flat
from tests.e2e.play import refused_alone
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

pirates = base.pirates


async def raid_chance(table, as_: str) -> str:
    status = flat((await table.slash("/pirates status", as_=as_)).embed.description)
    return status.split("Chance of a route raid next resolution:")[1].split("(")[0].strip()


# -- a route shared with a faction the player does not play (SP-I1, SP-I5) --------------------


async def test_a_player_cannot_put_a_route_on_another_factions_books(pirates):
    """Lyra registers routes naming Vega as a 99 % co-owner: refused, in Russian, naming Vega;
    Vega's raid chance and route list do not change. Vega cannot do it to Orion either, nor
    add Orion to a route Vega owns alone. A GM registers the shared route."""
    await pirates.slash("/pirates route add name:Home goods:50", as_="player1")
    before = await raid_chance(pirates, "player1")

    said = await refused_alone(
        pirates,
        "/pirates route add name:Imposed goods:5000 owners:Lyra:1, Vega:99",
        "player3",
    )
    assert said == (
        "Путь, общий с фракциями, которыми вы не играете (Vega), регистрирует только ведущий: "
        "доля владельца добавляет путь в его бросок на налёт и повышает шанс налёта "
        "(SP-I1, SP-I5). Укажите во владельцах только свои фракции или попросите ведущего."
    ), said
    english = await refused_alone(
        pirates, "/pirates route add name:Imposed goods:5000 owners:Vega:1, Orion:99", "player1"
    )
    assert english.startswith(
        "Only a GM registers a route shared with a faction you do not play (Orion)"
    ), english
    edited = await refused_alone(
        pirates, "/pirates route edit route:1 owners:Vega:50, Orion:50", "player1"
    )
    assert "(Orion)" in edited, edited

    assert await raid_chance(pirates, "player1") == before
    routes = flat((await pirates.slash("/pirates routes", as_="gm")).embed.description)
    assert "Imposed" not in routes and "Orion 50%" not in routes, routes

    shared = await pirates.slash(
        "/pirates route add name:Agreed goods:300 owners:Lyra:50, Vega:50 faction:Lyra", as_="gm"
    )
    assert not shared.ephemeral, shared.text()
    assert "Agreed" in flat(
        (await pirates.slash("/pirates routes", as_="player1")).embed.description
    )


# -- words after a ship class (SP-I10, SP-I28; FC-4) -------------------------------------------


async def test_words_after_a_ship_class_are_refused_naming_them_and_the_roles(pirates):
    """`2 эсминца полицейские` was saved as two guard destroyers, `транспорт вооружённый` as an
    unarmed transport: each is refused naming the words not understood and the roles that
    are, and no route is saved; `2 эсминца полиция` still registers police."""
    for ships, words, ship_class in (
        ("2 эсминца полицейские", "полицейские", "эсминца"),
        ("транспорт вооружённый", "вооружённый", "транспорт"),
        ("2 крейсера блаблабла", "блаблабла", "крейсера"),
    ):
        said = await refused_alone(
            pirates, f"/pirates route add name:A goods:200 ships:{ships}", "player3"
        )
        assert said == (
            f"«{words}» после «{ship_class}» не понято: после класса укажите только роль — "
            "охрана, полиция или транспорт — и владельца после @, например 2 крейсера "
            "полиция, транспорт@Орион (SP-I10)."
        ), said
    english = await refused_alone(
        pirates, "/pirates route add name:A goods:200 ships:2 cruisers policemen", "player1"
    )
    assert english.startswith(
        "“policemen” after “cruisers” is not understood: after the class write only its role, "
        "guard, police or transport"
    ), english
    routes = await pirates.slash("/pirates routes", as_="gm")
    assert "A" not in flat(routes.embed.description).split(), routes.text()

    police = await pirates.slash(
        "/pirates route add name:B goods:200 ships:2 эсминца полиция, war sun", as_="player3"
    )
    assert not police.ephemeral, police.text()
    listed = flat((await pirates.slash("/pirates routes", as_="player3")).embed.description)
    assert "2 destroyers (police, Lyra)" in listed, listed


async def test_a_fleet_with_words_after_a_class_is_refused_naming_them(pirates):
    """`/combat fleet set` with `2 крейсера мусор, 1 дредноут` was saved as 2 cruisers and a
    dreadnought: refused naming «мусор», nothing saved; the same fleet typed right is saved."""
    said = await refused_alone(
        pirates, "/combat fleet set point:Alpha ships:2 крейсера мусор, 1 дредноут", "player3"
    )
    assert said.startswith(
        "«мусор» после «крейсера» не понято: запись — это число и класс, раны в скобках"
    ), said
    english = await refused_alone(
        pirates, "/combat fleet set point:Alpha ships:2 cruisers junk", "player1"
    )
    assert english.startswith("“junk” after “cruisers” is not understood"), english
    assert "Alpha" not in flat((await pirates.slash("/combat fleet show", as_="gm")).text())

    saved = await pirates.slash(
        "/combat fleet set point:Alpha ships:2 крейсерами, 1 дредноут, 1 war sun", as_="player3"
    )
    assert not saved.ephemeral, saved.text()


# -- a target faction outside the battle (FC-5.2, FC-I7) ---------------------------------------


async def test_a_target_faction_outside_the_battle_is_refused_as_a_faction(pirates):
    """Orion attacks Lyra at Alpha. Its destroyers told to fire at Vega (a faction of the
    campaign, not in the battle) are told Vega is not in the battle; at a name that is no
    faction and no class, that it is neither; a class alone still fires at Lyra."""
    for line, who in (
        ("/combat fleet set point:Alpha ships:2 cruiser, 1 dreadnought", "player3"),
        ("/combat fleet set point:Alpha ships:3 destroyer", "player2"),
        ("/combat attack point:Alpha targets:Lyra", "player2"),
    ):
        done = await pirates.slash(line, as_=who)
        assert not done.ephemeral, done.text()

    vega = await refused_alone(
        pirates, "/combat order battle:1 class:destroyer target:Vega", "player2"
    )
    assert vega == (
        "There is no faction “Vega” in battle #1. The only faction you can fire at there: Lyra."
    )
    nobody = await refused_alone(
        pirates, "/combat order battle:1 class:destroyer target:Nobody", "player2"
    )
    assert nobody.startswith(
        "“Nobody” is neither a faction in battle #1 nor a ship class. There you can fire at "
        "Lyra: write the class after the faction, e.g. “Lyra: cruiser”."
    ), nobody
    russian = await refused_alone(pirates, "/бой приказ бой:1 класс:крейсер цель:Vega", "player3")
    only_orion = "В бою №1 нет фракции «Vega». Стрелять там можно только по фракции Orion."
    assert russian == only_orion, russian

    fired = await pirates.slash(
        "/combat order battle:1 class:destroyer target:cruisers", as_="player2"
    )
    assert "1. 3 destroyers (3 dice at 5+) → Lyra's cruisers" in fired.text(), fired.text()


# -- the turn's end answers open questions by their defaults (SP-I45) --------------------------


async def test_the_turn_end_confirmation_lists_the_questions_it_answers_by_default(pirates):
    """Vega's route is raided at turn 1's end and Vega leaves the buy-off unanswered. The GM's
    `/turn end` for turn 2 says, before the click, that Vega's offer will be answered by its
    default; in a Russian campaign, in Russian. With nothing open it lists nothing."""
    quiet = await pirates.slash("/turn end", as_="gm")
    assert quiet.embed.fields == [], quiet.text()
    await pirates.click(quiet, "Cancel", as_="gm")

    await pirates.slash("/pirates route add name:Spine goods:100", as_="player1")
    pirates.script_dice([1, 6])
    ended = await end_turn(pirates, 1)
    assert question_of(ended, "Refuse") is not None

    asked = await pirates.slash("/turn end", as_="gm")
    field = asked.embed.field(
        "If the turn ends now, these questions are answered by their defaults"
    )
    assert field == (
        "Space pirates: Vega has not answered the buy-off offer #1 (route raid, Spine, 30)"
    ), field

    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    russian = await pirates.slash("/turn end", as_="gm")
    field = russian.embed.field(
        "Если завершить ход сейчас, на эти вопросы будут даны ответы по умолчанию"
    )
    assert field == (
        "Космические пираты: Фракция «Vega» не ответила на предложение откупа №1 "
        "(налёт на торговый путь, Spine, 30)"
    ), field


async def test_a_player_the_paused_resolution_has_not_reached_is_named_and_not_said_forced(
    pirates,
):
    """SP-I40, SP-I45: turn 1's resolution pauses on Vega's buy-off before it comes to Lyra.
    The GM's `/turn end` for turn 2 names Lyra too: her questions will take their defaults
    unasked. Lyra's raid then comes up inside that end (d20 1, 1d6 6) and its offer, never
    posted, is declined by default: her report says it was never asked, not that a GM forced
    it (Vega's, which was posted, says forced); no question is posted to her."""
    await pirates.slash("/pirates route add name:Spine goods:100", as_="player1")
    await pirates.slash("/pirates route add name:Lyra Way goods:100", as_="player3")
    pirates.script_dice([1, 6])
    await end_turn(pirates, 1)

    asked = await pirates.slash("/turn end", as_="gm")
    field = asked.embed.field(
        "If the turn ends now, these questions are answered by their defaults"
    )
    assert field == (
        "Space pirates: Vega has not answered the buy-off offer #1 (route raid, Spine, 30)\n"
        "Space pirates: Turn 1's resolution has not come to Lyra yet: a question it comes to "
        "for them takes its default without being asked (SP-I45)"
    ), field

    pirates.script_dice([1, 6, 20, 20])
    ended = await pirates.click(asked, "End turn 2", as_="gm")
    assert not any(b.label == "Refuse" for m in ended.followups for b in m.buttons)
    lyra = flat((await pirates.slash("/pirates report turn:1 faction:Lyra", as_="gm")).text())
    assert (
        "Buy-off for 30 declined (never asked: the turn ended first, so its default was taken)"
        in lyra
    ), lyra
    assert "forced by the GM" not in lyra, lyra
    russian = flat((await pirates.slash("/pirates report turn:1", as_="player3")).text())
    assert (
        "Откуп за 30 отклонён (вопрос не задавался: ход закончился раньше, принят ответ по "
        "умолчанию)" in russian
    ), russian
    vega = flat((await pirates.slash("/pirates report turn:1", as_="player1")).text())
    assert "Buy-off for 30 declined (forced by the GM)" in vega, vega
