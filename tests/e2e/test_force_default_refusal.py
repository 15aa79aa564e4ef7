"""A player who is neither the GM nor the one a question asks, clicking its "Force default
(GM)", is told that only a GM may (the button is the GM's), not whom the question is for."""

from __future__ import annotations

from tests.e2e import test_ottoman_piracy as piracy
from tests.e2e.test_ottoman_piracy import FORCE
from tests.e2e.test_ottoman_piracy import OP_E1

seated = piracy.seated  # the fixture: the piracy cast seated, the Habsburgs at war


async def test_a_third_players_force_default_click_is_refused_as_the_gms_button(seated):
    seated.script_dice([5, 2, 6, 5])
    asked = await seated.slash(OP_E1, as_="player1")  # the Habsburgs (player2) choose

    refused = await seated.click(asked, FORCE, as_="player3")

    assert refused.ephemeral
    assert "только ведущий кампании" in refused.text(), refused.text()  # player3: Russian
    assert "На этот вопрос отвечает" not in refused.text()
    own = await seated.click(asked, "+1 piracy VP", as_="player3")  # their own buttons: whose
    assert own.ephemeral and "На этот вопрос отвечает" in own.text(), own.text()
    assert "Habsburgs" in own.text()


async def test_a_player_clicking_force_default_on_a_company_question_is_refused_as_not_gm(table):
    await table.slash("/campaign create name:Mix rulesets:company_raids", as_="gm")
    await table.slash("/campaign join faction:Vega", as_="player1")
    await table.slash("/campaign join faction:Orion", as_="player2")
    for line, player in (
        ("/company add-company name:Steel fine:10", "player2"),
        ("/company add-piece name:P3 value:10", "player1"),
    ):
        added = await table.slash(line, as_=player)
        assert not added.ephemeral, added.text()
    asked = await table.slash("/company land piece:P3 company:Steel", as_="player1")  # Vega's
    assert "Force default (GM)" in [b.label for b in asked.buttons], asked.text()

    refused = await table.click(asked, "Force default (GM)", as_="player2")

    assert refused.ephemeral and "Only a GM" in refused.text(), refused.text()
