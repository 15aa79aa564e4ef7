"""Toll bridge (TB-*): a faction reaching the bridge pays the toll or tries to sneak past
(a d6 at `sneak_on` or more, TB-2); each turn's end counts the crossings (TB-3)."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field

from pydantic import BaseModel
from pydantic import Field

from bot.dice import Dice
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rulesets import RulesetSpec
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult


class TollSettings(BaseModel):
    sneak_on: int = Field(default=5, ge=2, le=6, description="TB-2: lowest face that sneaks by")


class TollState(BaseModel):
    waiting: list[str] = Field(default_factory=list)
    tolls: int = 0
    crossings: int = 0


@dataclass
class TollOutcome:
    state: TollState
    lines: list[Msg] = field(default_factory=list)


def reach(state: TollState, _settings: TollSettings, faction: str) -> TollOutcome:
    """TB-1: a faction at the bridge must answer before it reaches it again."""
    if faction in state.waiting:
        raise RuleViolation("tiny_toll.error.waiting", clause="TB-1")
    new = state.model_copy(update={"waiting": [*state.waiting, faction]})
    return TollOutcome(new, [Msg("tiny_toll.reached", faction=faction)])


def answer(
    state: TollState, settings: TollSettings, faction: str, pay: bool, dice: Dice
) -> TollOutcome:
    """TB-2: pay, or roll a d6: `sneak_on` or more crosses free, anything less pays double."""
    waiting = [f for f in state.waiting if f != faction]
    if pay:
        line = Msg("tiny_toll.paid", faction=faction)
        tolls = state.tolls + 1
    else:
        face = dice.roll_one(6, "tiny_toll.sneak", clause="TB-2")
        sneaked = face >= settings.sneak_on
        line = Msg(
            "tiny_toll.sneaked" if sneaked else "tiny_toll.caught", faction=faction, face=face
        )
        tolls = state.tolls + (0 if sneaked else 2)
    new = TollState(waiting=waiting, tolls=tolls, crossings=state.crossings + 1)
    return TollOutcome(new, [line])


def end_of_turn(ctx: TurnContext[TollState, TollSettings]) -> TurnStepResult[TollState]:
    """TB-3: the turn's crossings are counted and start again from zero."""
    lines = [Msg("tiny_toll.turn", count=ctx.state.crossings, tolls=ctx.state.tolls)]
    return TurnStepResult(ctx.state.model_copy(update={"crossings": 0}), lines)


SPEC = RulesetSpec(
    key="tiny_toll", settings_model=TollSettings, state_model=TollState, end_of_turn=end_of_turn
)
