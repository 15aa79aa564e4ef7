"""A campaign that holds a faction named as Space pirates name their own forces in a battle
(`pirates`: stored before `/campaign join` refused such a name) plays on: the faction's
participant in a raid's battle is not the pirates' (FC-I17: every participant's name
distinct), so it refuses a buy-off, the battle is fought and the turn ends, and the reports
name it as it is called and the pirates in words ("the pirate fleet").

Player1 plays `pirates`. Faces are scripted in the order the engine rolls them: d20 1, 1d6
3 → one raider against the faction's two cruisers guarding Line.
"""

from __future__ import annotations

import re

import pytest

from bot.campaigns import Actor
from tests.e2e.play import text_of
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of

ROUND_1 = (
    "pirates' 2 cruisers → the pirate fleet's raider: attack 6, 6, 6, 6 → 4 hits;"
    " defence 6, 6, 6, 6 → 0 wounds\n"
    "The pirate fleet's 1 raider → pirates' cruisers: attack 6 → 1 hit; defence 6 → 0 wounds"
)


@pytest.fixture
async def named_pirates(table):
    """A campaign playing space pirates and fleet combat whose faction `pirates` was stored
    before the name was refused; player1 plays it and guards Line with two cruisers."""
    await table.slash(
        "/campaign create name:Frontier rulesets:space_pirates, fleet_combat", as_="gm"
    )
    service = table.bot.service
    stored = await service.by_channel(table.channel("campaign").id)
    async with service.work(stored.id, Actor(user_id=table.member("gm").id)) as uow:
        await uow.writes.add_faction(stored.id, "pirates", None)
    for line in (
        "/campaign join faction:pirates",
        "/pirates route add name:Line goods:160 ships:2 cruiser",
    ):
        answered = await table.slash(line, as_="player1")
        assert not answered.ephemeral, answered.text()
    return table


async def raided(table):
    """Turn 1 ends with the raid on Line (d20 1, 1d6 3: one raider): the turn end's answer,
    whose follow-up offers `pirates` the buy-off."""
    table.script_dice([1, 3])
    return await end_turn(table, 1)


async def test_a_faction_named_pirates_refuses_a_buy_off_and_the_turn_ends(named_pirates):
    """SP-I11, SP-I34, FC-I17: the refusal fights the battle (before, it was refused: "An
    automatic battle needs … a different name for every fleet"); Line is defended, the
    report's rounds and the rolls' labels in the log name the faction and the pirate fleet
    apart, and the next turn ends."""
    table = named_pirates
    offered = await raided(table)
    table.script_dice([6] * 10 + [1] * 10)
    question = question_of(offered, "Refuse and fight")
    fought = await table.click(question, "Refuse and fight", as_="player1")

    assert not fought.ephemeral, fought.text()
    assert fought.embed.description == "pirates: Line defended: immunity through turn 4"
    report = await table.slash("/pirates report turn:1 page:2", as_="player1")
    assert ROUND_1 in text_of(report), text_of(report)
    listed = await table.slash("/history list", as_="gm")
    entry = re.search(r"#(\d+)` turn \d+ · \*\*pirates buy-off answer", listed.embed.description)
    assert entry, listed.embed.description
    shown = await table.slash(f"/history show entry:{entry.group(1)}", as_="gm")
    rolls = " ".join(f.name for f in shown.embed.fields)
    for said in (
        "Pirate raid on Line, round 1: 2 cruisers of pirates → raider of the pirate fleet",
        "Pirate raid on Line, round 1: 1 raider of the pirate fleet → cruisers of pirates",
    ):
        assert said in rolls, rolls
    ended = await end_turn(table, 2)
    assert "pirates: route raids skipped (immunity through turn 4)" in [
        text_of(m) for m in ended.followups
    ]


async def test_the_turn_end_answers_the_faction_named_pirates_by_default(named_pirates):
    """SP-I45: the question left open, the next turn's end takes its default (the buy-off
    refused) and fights the battle instead of stopping on the two names."""
    table = named_pirates
    await raided(table)
    table.script_dice([6] * 10 + [1] * 10)
    ended = await end_turn(table, 2)

    told = "\n".join(text_of(m) for m in ended.followups)
    assert "pirates: Line defended: immunity through turn 4" in told, told
    report = await table.slash("/pirates report turn:1 page:2", as_="player1")
    assert ROUND_1 in text_of(report), text_of(report)


async def test_a_faction_named_pirates_is_asked_to_retreat_and_retreats(named_pirates):
    """SP-I44 with `defender_may_retreat`: round 1 all misses and the battle waits, stored,
    for the faction's answer; asked as its side ("your side has 2 ships left, the pirates
    1 ship"), it retreats after the raider's parting volley: the pirates win and Line's
    cruisers are lost (SP-I12)."""
    table = named_pirates
    await table.slash(
        "/campaign settings set setting:space_pirates.defender_may_retreat value:true", as_="gm"
    )
    offered = await raided(table)
    table.script_dice([1] * 5)  # round 1: every shot misses
    declined = await table.click(
        question_of(offered, "Refuse and fight"), "Refuse and fight", as_="player1"
    )
    asked = question_of(declined, "Retreat")
    assert "Round 2 comes next: your side has 2 ships left, the pirates 1 ship" in text_of(asked)
    table.script_dice([1])  # the raider's parting volley
    retreated = await table.click(asked, "Retreat", as_="player1")

    assert retreated.embed.description.startswith("pirates: Line raided: "), retreated.text()
    routes = await table.slash("/pirates routes", as_="player1")
    assert "no ships" in routes.embed.description
