"""Timing a ruleset's end-of-turn step inside the unchanged `end_turn` (the benchmarks'
breakdown of a turn end into the step and the rest)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from collections.abc import Iterator
from contextlib import contextmanager

from bot import rulesets
from bot.rulesets import RulesetSpec
from bot.rulesets import SettingsT
from bot.rulesets import StateT
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult


@contextmanager
def timed_end_of_turn(
    spec: RulesetSpec[StateT, SettingsT], cog: str, record: Callable[[float], object]
) -> Iterator[None]:
    """While inside, the registry holds `spec` with its end-of-turn step wrapped: `record` is
    given the seconds of each call. The spec is registered as it was on the way out."""
    original = spec.end_of_turn
    assert original is not None

    def step(context: TurnContext[StateT, SettingsT]) -> TurnStepResult[StateT]:
        start = time.perf_counter()
        try:
            return original(context)
        finally:
            record(time.perf_counter() - start)

    rulesets.register(dataclasses.replace(spec, end_of_turn=step), cog=cog)
    try:
        yield
    finally:
        rulesets.register(spec, cog=cog)
