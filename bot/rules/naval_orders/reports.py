"""Value objects the engine reports without changing the state: a movement range and a
command test, each with every modifier itemised (NO-I4, NO-I8)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

BaseRule = Literal["line", "auxiliary", "packet", "fleet_slowest", "fleet_fixed"]
ModifierReason = Literal[
    "transports",
    "damaged",
    "port_exit",
    "port_entry",
    "port_once",
    "catch_wind",
    "combat",
    "rating",
    "auxiliary_squadrons",
    "light_rates",
    "heavy_rates",
    "unrated",
]


class Modifier(BaseModel):
    """One itemised modifier: why, by how much, the clause that says so, how many counted."""

    reason: ModifierReason
    amount: int
    clause: str
    count: int | None = None


class MovementRange(BaseModel):
    """The range this turn: base, modifiers, total (floored at `min_range`, NO-I4).

    `held` names why the range is 0 whatever the modifiers (forming, layover: NO-I4, NO-I7);
    `stops_after_combat` says the force cannot move after its battle (NO-2.12); `port_free`
    names a fleet or packet boat that declared port moves and pays nothing for them (NO-I4,
    NO-I22)."""

    force: str
    base: int
    base_rule: BaseRule
    modifiers: list[Modifier]
    total: int
    floored: bool
    held: Literal["forming", "layover"] | None = None
    stops_after_combat: bool = False
    port_free: Literal["fleet", "packet"] | None = None


# The clause of each order's command test (its dice and target number, NO-I8).
TEST_CLAUSES = {"cruise": "NO-4.6", "move": "NO-5.5", "raid": "NO-6.6"}


class CommandTestResult(BaseModel):
    """A command test rolled (NO-4.6, NO-5.5, NO-6.6, NO-I8) and what it allows (NO-I9)."""

    force: str
    order: Literal["cruise", "move", "raid"]
    dice: int
    faces: list[int]
    modifiers: list[Modifier]
    modifier: int
    total: int
    target: int
    success: bool
    must_return_to_zone: bool

    @property
    def clause(self) -> str:
        """The clause setting the test's dice and its target: cruising NO-4.6, transfer
        NO-5.5, raiding NO-6.6."""
        return TEST_CLAUSES[self.order]
