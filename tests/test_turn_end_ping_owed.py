"""Every ruleset's owed line (`RulesetSpec.awaited`) read inside the turn's end ping, in
both languages: after why the player is pinged, as what is awaited from them, never as the
object of «you owe» (a line such as "1 force lacks orders" is no thing one owes)."""

from __future__ import annotations

import pytest

from bot.i18n import Msg
from bot.turn_flow import Pings

OWED = {
    "fleet_combat": Msg("fleet_combat.owes.orders", battle=1, point="Mecatol", round=2),
    "naval_orders": Msg("naval_orders.owes.orders", count=1, turn=2, forces="Flying Squadron"),
    "space_pirates": Msg("space_pirates.owes.upkeep_choice", amount=20, contract=15, choice=16),
    "ottoman_piracy": Msg("turn_flow.owes.choice", ruleset=Msg("ruleset.ottoman_piracy")),
}
MORE = [
    Msg(
        "space_pirates.owes.buy_off",
        kind=Msg("space_pirates.kind.route"),
        target="Line",
        cost=40,
        choice=3,
    ),
    Msg("space_pirates.owes.plunder", target="Home", choice=4),
    Msg("space_pirates.owes.bribe_offer", kind=Msg("space_pirates.kind.route"), cost=40, bribe=7),
]
AFTER_WHY = {"en": ", awaited from you: ", "ru": ", и от вас ждут: "}
ALONE = {"en": "awaited from you ({ruleset}): ", "ru": "от вас ждут ({ruleset}): "}


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("ruleset", sorted(OWED))
def test_every_owed_line_reads_after_why_the_player_is_pinged(ruleset, language):
    """Pinged for their pieces in the ruleset: «…(ruleset), awaited from you: <line>»;
    pinged for something in another: «…, awaited from you (ruleset): <line>»."""
    owed = OWED[ruleset]
    name = Msg(f"ruleset.{ruleset}").render(language)
    line = owed.render(language)
    assert "{" not in line
    pings = Pings()
    pings.add(1, "affected", ruleset)
    pings.owe(1, ruleset, owed)
    assert pings.line(language).endswith(f"({name}){AFTER_WHY[language]}{line}")
    other = Pings()
    other.add(1, "affected", "company_raids")
    other.owe(1, ruleset, owed)
    assert other.line(language).endswith(", " + ALONE[language].format(ruleset=name) + line)


@pytest.mark.parametrize("language", ["en", "ru"])
def test_space_pirates_answers_read_after_a_question(language):
    """A question of the space pirates waits for the player: each answer it waits for is
    named after it, its names filled."""
    pings = Pings()
    pings.add(1, "question", "space_pirates")
    for owed in MORE:
        pings.owe(1, "space_pirates", owed)
    text = pings.line(language)
    assert "{" not in text
    assert all(owed.render(language) in text for owed in MORE)
