"""What the buy-off question offers a player who would refuse (SP-I34): "Refuse and fight"
only where a fight follows the refusal (a battle at the route or in orbit, or troops that
cover the buildings); where the attack meets no defence the button reads "Refuse" and the
question says what happens instead. Either button answers the same way ("decline"), so a
question posted before keeps working.

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra. Faces are scripted in the order
the engine rolls them.
"""

from __future__ import annotations

import pytest

import tests.e2e.test_space_pirates as base
from tests.e2e.test_space_pirates import end_turn

pirates = base.pirates


def offered(ended):
    """The buy-off question of a turn end: its text and its buttons' labels."""
    question = next(m for m in ended.followups if any("Pay" in b.label for b in m.buttons))
    return question, question.embeds[0]["description"], [b.label for b in question.buttons]


async def test_an_undefended_route_is_refused_without_a_promised_fight(pirates):
    """SP-I10, SP-I34: Rich has no guard and no mercenaries, so a refusal meets no defence:
    the button reads "Refuse" and the question says the pirates raid Rich without a battle;
    the click declines as "Refuse and fight" did, and the raid takes Rich's income."""
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player1")
    pirates.script_dice([1, 4, 6])
    ended = await end_turn(pirates, 1)

    question, text, labels = offered(ended)

    assert labels == ["Pay 600", "Refuse"]
    pay, refuse = question.buttons
    assert refuse.custom_id == pay.custom_id.replace(":accept:", ":decline:")  # as before
    assert text.splitlines()[-1] == "If you refuse, there is no battle: the pirates raid Rich"
    assert "fight" not in text and "battle goes on" not in text
    refused = await pirates.click(question, "Refuse", as_="player1")
    assert refused.embed.title == "Pirates raid Rich"
    report = await pirates.slash("/pirates report turn:1", as_="player1")
    assert "Buy-off for 600 declined" in report.embed.description


async def test_a_defended_route_still_offers_refuse_and_fight(pirates):
    """SP-I10, SP-I34: two cruisers guard Line, so refusing leads to a battle: the button
    still reads "Refuse and fight", and the question adds nothing about a raid unopposed."""
    await pirates.slash("/pirates route add name:Line goods:160 ships:2 cruiser", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)

    _, text, labels = offered(ended)

    assert labels == ["Pay 15", "Refuse and fight"]
    assert "If you refuse" not in text


async def test_an_undefended_route_in_russian(pirates):
    """SP-I34 in Russian: Lyra's undefended route; the button reads «Отказаться», and the
    question says that there will be no battle."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    await pirates.slash("/pirates route add name:Rich goods:2350", as_="player3")
    pirates.script_dice([1, 4, 6])  # Vega and Orion have no routes, so no roll
    ended = await end_turn(pirates, 1, label="Завершить ход")

    question, text, labels = offered_ru(ended)

    assert labels == ["Заплатить 600", "Отказаться"]
    assert text.splitlines()[-1] == (
        "Если откажетесь, боя не будет: пираты беспрепятственно совершат налёт на путь Rich"
    )
    refused = await pirates.click(question, "Отказаться", as_="player3")
    assert refused.embed.title == "Пираты грабят путь Rich"


def offered_ru(ended):
    question = next(m for m in ended.followups if any("Заплатить" in b.label for b in m.buttons))
    return question, question.embeds[0]["description"], [b.label for b in question.buttons]


async def bribed_planet_raid(
    table, planet: str, settings: tuple[str, ...] = (), turn_label: str = "End turn"
):
    """Orion bribes a planet raid on Vega's planet Alpha (2d6 1, 3 at placement: a fleet of
    400, 4 raiders, buy-off 40); at the end of turn 1 Vega's own raid misses (d20 20) and
    the bribe comes up with its buy-off question."""
    for setting in settings:
        await table.slash(f"/campaign settings set setting:space_pirates.{setting}", as_="gm")
    await table.slash("/pirates route add name:Line goods:200", as_="player1")
    await table.slash(f"/pirates planet add name:Alpha income:900 {planet}", as_="player1")
    await table.slash("/pirates contacts factions:Vega", as_="player2")
    quote = await table.slash("/pirates bribe victim:Vega kind:planet", as_="player2")
    table.script_dice([1, 3])
    await table.click(quote, "Confirm", as_="player2")
    table.script_dice([20])
    return await end_turn(table, 1, label=turn_label)


@pytest.mark.parametrize(
    ("planet", "settings", "button", "told"),
    [
        (
            "troops:0 buildings:3",
            (),
            "Refuse",
            "Planet Alpha has no defenders, in orbit or on the ground: if you refuse, there"
            " is no fight, and the pirates plunder it",
        ),
        (
            "troops:4 buildings:3 cover:false",
            (),
            "Refuse",
            "Planet Alpha has no defenders in orbit, and its troops avoid the pirates: if you"
            " refuse, there is no fight, and the pirates plunder it",
        ),
        (
            "troops:4 buildings:3 cover:false",
            ("plunder_choice_mode value:ask_when_raided",),
            "Refuse",
            "Planet Alpha has no defenders in orbit: if you refuse, the pirates land, and you"
            " then choose whether its troops cover the buildings (a ground fight) or avoid"
            " the pirates",
        ),
        ("troops:4 buildings:3 cover:true", (), "Refuse and fight", None),
        ("troops:0 buildings:3 ships:1 cruiser", (), "Refuse and fight", None),
    ],
    ids=["nothing", "troops_avoid", "troops_asked", "troops_cover", "orbital_ship"],
)
async def test_a_planet_raid_offers_a_fight_only_when_one_follows(
    pirates, planet, settings, button, told
):
    """SP-I21, SP-I22, SP-I34: no orbital ship and no troops, or troops that avoid the
    pirates, or troops whose owner will be asked: no fight follows the refusal by itself, so
    the button reads "Refuse" and the question says what follows; troops that cover the
    buildings, or a ship in orbit, fight: "Refuse and fight"."""
    ended = await bribed_planet_raid(pirates, planet, settings)

    question, text, labels = offered(ended)

    assert labels == ["Pay 40", button]
    if told is None:
        assert "If you refuse" not in text and "if you refuse" not in text
    else:
        assert text.splitlines()[-1] == told
    refused = await pirates.click(question, button, as_="player1")
    assert not refused.ephemeral


async def test_a_planet_without_defenders_in_russian(pirates):
    """SP-I34 in Russian: Alpha has neither orbital ships nor troops."""
    await pirates.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    ended = await bribed_planet_raid(pirates, "troops:0 buildings:3", turn_label="Завершить ход")

    _, text, labels = offered_ru(ended)

    assert labels == ["Заплатить 40", "Отказаться"]
    assert text.splitlines()[-1] == (
        "У планеты Alpha нет защитников ни на орбите, ни на земле: если откажетесь, боя не"
        " будет, и пираты разграбят её"
    )


async def test_a_member_who_plays_no_faction_cannot_answer_the_buy_off(table):
    """SP-I34: only the victim's player (or a GM) answers. Player3 joined no faction: the
    click is refused privately, the question keeps its buttons and its ping, and Vega's
    player then answers it."""
    await table.slash(
        "/campaign create name:Frontier rulesets:space_pirates, fleet_combat", as_="gm"
    )
    await table.slash("/campaign join faction:Vega", as_="player1")
    await table.slash("/pirates route add name:Line goods:200", as_="player1")
    table.script_dice([1, 3, 3])
    question, _, labels = offered(await end_turn(table, 1))

    refused = await table.click(question, "Refuse", as_="player3")

    assert refused.ephemeral
    assert refused.embed.description == "На этот вопрос отвечает фракция «Vega»."
    now = next(m for m in table.channel_messages() if m.id == question.id)
    assert [b.label for b in now.buttons] == labels == ["Pay 30", "Refuse"]
    assert "Answered" not in now.content
    answered = await table.click(question, "Refuse", as_="player1")
    assert answered.embed.title == "Pirates raid Line"
