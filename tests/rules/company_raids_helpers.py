"""Shared set-ups for the Company raids tests: the players and pieces of the worked examples
(rules/company-raids.md, section 5) and a scripted roller that proves every face was used."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bot.dice import Dice
from bot.dice import ScriptedFaces
from bot.rules import company_raids as cr
from bot.rules.company_raids import CompanyRaidsSettings
from bot.rules.company_raids import CompanyRaidsState

DEFAULTS = CompanyRaidsSettings()


def scripted(*faces: int) -> tuple[Dice, ScriptedFaces]:
    source = ScriptedFaces(faces)
    return Dice(source), source


def no_dice() -> Dice:
    """A roller that fails the test if the engine rolls anything."""
    return Dice.scripted([])


def settings(**changes: Any) -> CompanyRaidsSettings:
    return CompanyRaidsSettings.model_validate({**DEFAULTS.model_dump(), **changes})


def steelworks_board(
    config: CompanyRaidsSettings = DEFAULTS, *, broker_value: int = 300
) -> CompanyRaidsState:
    """CR-E1: Anna's Broker (300) and Boris's Steelworks (fine 180)."""
    state = CompanyRaidsState()
    state = cr.register_company(state, config, "Steelworks", owner="Boris", fine=180).state
    state = cr.register_piece(state, config, "Broker", owner="Anna", value=broker_value).state
    return state


def joker_board(
    config: CompanyRaidsSettings = DEFAULTS, *, clerk: bool = False
) -> CompanyRaidsState:
    """CR-E5/E8: Vera's Banker (200) in the Joker (and her Clerk, 120, entered later);
    Gleb's Corsair (350) outside, Anna's Scout (90) outside."""
    state = CompanyRaidsState()
    state = cr.register_piece(state, config, "Banker", owner="Vera", value=200, in_joker=True).state
    if clerk:
        state = cr.enter(
            cr.register_piece(state, config, "Clerk", owner="Vera", value=120).state,
            config,
            "Clerk",
            no_dice(),
        ).state
    state = cr.register_piece(state, config, "Corsair", owner="Gleb", value=350).state
    return cr.register_piece(state, config, "Scout", owner="Anna", value=90).state


def with_vera_holding(
    state: CompanyRaidsState, config: CompanyRaidsSettings = DEFAULTS
) -> CompanyRaidsState:
    """Vera, the Joker's owner, registers her Quay and declares it her Joker Holding
    (CR-I11), so that there is a Holding to clear when she loses the Joker."""
    state = cr.register_company(state, config, "Quay", owner="Vera", fine=10).state
    return cr.declare_joker_holding(state, config, ["Quay"], by_faction="Vera").state


def due(outcome: cr.RaidOutcome) -> list[tuple[str, str | None, str, Fraction, Fraction]]:
    """(kind, payer, payee, exact, shown) of every amount the call made due."""
    return [(p.kind, p.payer, p.payee, p.exact_amount, p.due_amount) for p in outcome.payments]


def rendered(outcome: cr.RaidOutcome, language: str = "en") -> list[str]:
    return [line.render(language) for line in outcome.lines]
