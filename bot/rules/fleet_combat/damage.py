"""Placing one wound packet on one class: concentration on the most wounded ship (FC-5.14,
FC-5.15, FC-5.22, FC-I10) and the kill cap with its overflow (FC-5.18, FC-I11).

The same function serves the round engine (real ships, tie-breaks) and the odds
calculator (bare wound counts), so the arithmetic exists once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field


@dataclass
class Placement:
    """What one packet did: (index, wounds added, destroyed) per ship touched, in order."""

    touched: list[tuple[int, int, bool]] = field(default_factory=list)
    kills: int = 0
    lost_to_cap: int = 0
    unplaced: int = 0


def place_wounds(
    wounds: list[int],
    life: int,
    amount: int,
    *,
    kills_allowed: int | None,
    overflow_lost: bool,
    pick: Callable[[list[int]], int] | None = None,
) -> Placement:
    """Put `amount` wounds on ships of one class whose current wounds are `wounds` (mutated).

    Ships with `wounds >= life` are already destroyed and skipped. Each wound goes to the
    most wounded surviving ship until it is destroyed (FC-I10); `pick(tied_indices)` breaks
    ties (default: the first index, i.e. the caller's order). After `kills_allowed` kills the
    next most wounded ship may take wounds up to life − 1 unless `overflow_lost`, and the rest
    is lost (FC-I11). `unplaced` is what remains when no ship is left (to burn, FC-I12).
    """
    result = Placement()
    remaining = amount
    while remaining > 0:
        alive = [i for i, w in enumerate(wounds) if w < life]
        if not alive:
            break
        top = max(wounds[i] for i in alive)
        need = life - top
        capped = kills_allowed is not None and result.kills >= kills_allowed
        if capped and (overflow_lost or need <= 1):
            result.lost_to_cap += remaining
            return result
        tied = [i for i in alive if wounds[i] == top]
        index = tied[0] if len(tied) == 1 or pick is None else pick(tied)
        if capped:
            added = min(need - 1, remaining)  # FC-I11: wound without destroying
            wounds[index] += added
            result.touched.append((index, added, False))
            result.lost_to_cap += remaining - added
            return result
        if remaining >= need:
            wounds[index] = life
            result.touched.append((index, need, True))
            result.kills += 1
            remaining -= need
        else:
            wounds[index] += remaining
            result.touched.append((index, remaining, False))
            remaining = 0
    result.unplaced = remaining
    return result


def wound_steps(
    state: tuple[int, ...], life: int, cap: int | None, *, overflow_lost: bool
) -> tuple[tuple[int, ...], ...]:
    """`place_wounds` in compact form, one wound at a time, for the odds calculator.

    A class is `(unwounded, w1, w2, …)`: the count of unwounded ships, then the wounds of
    the wounded ones, most first. Returns the class after 0, 1, 2, … wounds of one packet
    with kill cap `cap` (None = no cap); the last entry is where further wounds change
    nothing (all ships gone, or the cap and its overflow used up). Ships are identical, so
    tie-breaks do not matter here. A property test checks this against `place_wounds`.
    """
    unwounded, wounded = state[0], list(state[1:])
    kills = 0
    steps = [state]
    while True:
        if wounded:
            top = wounded[0]
        elif unwounded:
            top = 0
        else:
            break  # FC-I12: nothing left of the class
        if cap is not None and kills >= cap and (overflow_lost or life - top <= 1):
            break  # FC-I11: the rest of the packet is lost
        if wounded:
            wounded[0] += 1
        else:
            unwounded -= 1
            wounded.append(1)
        if wounded[0] >= life:
            wounded.pop(0)
            kills += 1
        steps.append((unwounded, *wounded))
    return tuple(steps)
