"""An engine call a rule refuses, for the rules tests of every ruleset: the error it raised,
for a test to read its key, clause and texts in both languages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.errors import GameError
from bot.errors import RuleViolation


def refused(
    call: Callable[..., object],
    *args: Any,
    error: type[GameError] = RuleViolation,
    **kwargs: Any,
) -> Any:
    """`call(*args, **kwargs)` raises `error` (a `RuleViolation` unless given): the error.
    Anything else raised, or nothing, fails the test."""
    with pytest.raises(error) as caught:
        call(*args, **kwargs)
    return caught.value
