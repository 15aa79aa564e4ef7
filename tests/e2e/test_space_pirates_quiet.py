"""Space pirates' report buttons through Discord: an attack called off (its route or planet
gone before it was fought) reached nobody, as a roll that missed did: no report button and no
ping, and its question is redrawn as called off; the caption above the buttons names base
attacks too, now that they have buttons (SP-I31, SP-I32).

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from bot.interactions import NEUTRAL_COLOUR
from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_playthrough import base_destroyed_at_turn_2

pirates = base.pirates


async def test_an_attack_called_off_reads_as_called_off_with_no_report_button(pirates):
    """SP-I45: Vega's route Open is raided and the buy-off waits; Vega removes the route,
    then refuses: there is nothing left to fight. The question reads "The pirates' attack on
    Open was called off" (not "the raid goes on"), neutral, with no report button;
    `/pirates report` still shows the attack's numbers."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    asked = question_of(ended, "Refuse")
    removed = await confirmed(pirates, "/pirates route remove route:1", as_="player1")
    assert not removed.ephemeral, removed.text()

    answered = await pirates.click(asked, "Refuse", as_="player1")

    assert not answered.ephemeral, answered.text()
    assert answered.embed.title == "The pirates' attack on Open was called off"
    assert "Vega: Open: the attack was called off" in answered.embed.description
    settled = message(pirates, asked.id)
    assert settled.embeds[0]["color"] == NEUTRAL_COLOUR.value
    assert labels(settled) == []
    report = await pirates.slash("/pirates report turn:1", as_="player1")
    assert report.ephemeral and "The attack was called off" in report.embed.description


async def test_the_report_buttons_caption_names_base_attacks_too(pirates):
    """SP-I31, SP-I32: Vega's only event at the end of turn 2 is the assault on the pirate
    base; the caption above its report button speaks of raids and base attacks."""
    ended = await base_destroyed_at_turn_2(pirates)

    buttons = question_of(ended, "Report: Vega")
    assert buttons.content == (
        "Pirate reports of turn 2: every number of each raid and attack on the pirate base."
    )
