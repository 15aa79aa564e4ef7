"""The ruleset registry: each ruleset declares its key, models, cog and end-of-turn step.

Rules modules (bot/rules/<key>.py) build a `RulesetSpec` named `SPEC`; this module finds
them by key. Nothing here imports discord or the database.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from bot.dice import Dice
from bot.i18n import Msg

# Every ruleset the project knows, in end-of-turn order (a fixed order, DESIGN.md "End of turn").
KNOWN_RULESETS: tuple[str, ...] = (
    "space_pirates",
    "ottoman_piracy",
    "naval_orders",
    "company_raids",
    "fleet_combat",
)


@dataclass(frozen=True)
class ArchiveRecord:
    """A record a ruleset keeps but never changes again (a battle's round report), stored
    apart from the state so commands do not parse and rewrite it: `key` names the series
    (e.g. one battle's log), `seq` orders it and is unique within it."""

    key: str
    seq: int
    body: BaseModel


@dataclass
class TurnStepResult:
    """What one ruleset's end-of-turn step did: the new state, the summary lines posted to the
    channel, the records it adds to the ruleset's archive, and `audit_lines`, the summary the
    audit entry keeps when it should be shorter than `lines` (None: `lines`)."""

    state: BaseModel
    lines: list[Msg] = field(default_factory=list)
    outcome: dict[str, Any] = field(default_factory=dict)
    archive: list[ArchiveRecord] = field(default_factory=list)
    audit_lines: list[Msg] | None = None


@dataclass
class TurnContext:
    """What an end-of-turn step receives; `turn` is the turn being resolved."""

    state: Any
    settings: Any
    turn: int
    dice: Dice
    factions: dict[str, int | None] = field(default_factory=dict)


EndOfTurnStep = Callable[[TurnContext], TurnStepResult]
WaitingFor = Callable[[Any, Any, int], list[Msg]]


@dataclass(frozen=True)
class RulesetSpec:
    """One ruleset's declaration for the registry."""

    key: str
    settings_model: type[BaseModel]
    state_model: type[BaseModel]
    cog_module: str
    schema_version: int = 1
    end_of_turn: EndOfTurnStep | None = None
    waiting_for: WaitingFor | None = None

    @property
    def title_key(self) -> str:
        """The catalog key of the ruleset's display name."""
        return f"ruleset.{self.key}"


_REGISTRY: dict[str, RulesetSpec] = {}


def register(spec: RulesetSpec) -> RulesetSpec:
    """Add a ruleset to the registry (idempotent per key)."""
    _REGISTRY[spec.key] = spec
    return spec


def unregister(key: str) -> None:
    """Remove a ruleset from the registry (tests that register their own)."""
    _REGISTRY.pop(key, None)


def available() -> list[RulesetSpec]:
    """The rulesets that are implemented, in end-of-turn order."""
    for key in KNOWN_RULESETS:
        if key not in _REGISTRY:
            try:
                module = importlib.import_module(f"bot.rules.{key}")
            except ModuleNotFoundError as exc:
                if exc.name != f"bot.rules.{key}":
                    raise
                continue
            spec = getattr(module, "SPEC", None)
            if isinstance(spec, RulesetSpec):
                register(spec)
    return [_REGISTRY[k] for k in KNOWN_RULESETS if k in _REGISTRY] + [
        s for k, s in _REGISTRY.items() if k not in KNOWN_RULESETS
    ]


def get(key: str) -> RulesetSpec:
    """The spec of one ruleset; KeyError when it is not implemented."""
    for spec in available():
        if spec.key == key:
            return spec
    raise KeyError(key)
