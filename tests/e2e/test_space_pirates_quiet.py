"""Space pirates' report buttons through Discord: an attack called off (its route or planet
gone before it was fought) reached nobody, as a roll that missed did: no report button and no
ping, and its question is redrawn as called off; the caption above the buttons names base
attacks too, now that they have buttons (SP-I31, SP-I32).

Player1 plays Vega, player2 Orion, player3 (Russian) Lyra.
"""

from __future__ import annotations

import tests.e2e.test_space_pirates as base
from tests.e2e.confirming import confirmed
from tests.e2e.play import labels
from tests.e2e.test_click_outbox import message
from tests.e2e.test_space_pirates import end_turn
from tests.e2e.test_space_pirates import question_of
from tests.e2e.test_space_pirates_playthrough import base_destroyed_at_turn_2

pirates = base.pirates


async def test_a_route_under_an_open_question_cannot_be_removed_to_call_the_attack_off(pirates):
    """SP-I45: Vega's route Open is raided and the buy-off waits; removing the route now would
    call the attack off, so it is refused, saying to answer first. Vega refuses: the raid
    goes on, with its report button; then the route can be removed."""
    await pirates.slash("/pirates route add name:Open goods:160", as_="player1")
    pirates.script_dice([1, 3])
    ended = await end_turn(pirates, 1)
    asked = question_of(ended, "Refuse")
    refused = await pirates.slash("/pirates route remove route:1", as_="player1")
    assert refused.ephemeral and refused.buttons == [], refused.text()
    assert "Answer first" in refused.text()

    answered = await pirates.click(asked, "Refuse", as_="player1")

    assert not answered.ephemeral, answered.text()
    assert "called off" not in answered.embed.title
    assert labels(message(pirates, asked.id)) == ["Report: Vega"]
    removed = await confirmed(pirates, "/pirates route remove route:1", as_="player1")
    assert not removed.ephemeral, removed.text()


async def test_the_report_buttons_caption_names_base_attacks_too(pirates):
    """SP-I31, SP-I32: Vega's only event at the end of turn 2 is the assault on the pirate
    base; the caption above its report button speaks of raids and base attacks."""
    ended = await base_destroyed_at_turn_2(pirates)

    buttons = question_of(ended, "Report: Vega")
    assert buttons.content == (
        "Pirate reports of turn 2: every number of each raid and attack on the pirate base."
    )
