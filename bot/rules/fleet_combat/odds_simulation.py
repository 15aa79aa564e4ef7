"""Monte Carlo odds vectorised across battles (FC-I17 automatic mode, the state model).

Many battles advance one round at a time as numpy arrays: each side is its classes'
positions on their damage chains (`odds_model`). A round, for every battle still on:
ship counts from the chain tables; each side's automatic targets from the rank key of the
other side's counts (`odds_arrays.AimTable`); then, class by class in firing order, one
group's wounds drawn from the Binomial(S·N, P(wound)) CDF and the target class moved along
its chain, no further than the kill cap allows (FC-I11) — damage is deferred (FC-I9), so
counts, targets and caps are all read at the start of the round.

Randomness is simulation-only, never game dice: one numpy Generator per call,
`numpy.random.default_rng(seed)`, created in `simulation_generator`; the seed is reported
with the result.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bot.rules.fleet_combat.odds_arrays import (
    AimTable,
    Bools,
    Floats,
    Ints,
    SideArrays,
    limit_table,
)
from bot.rules.fleet_combat.odds_model import Model, binomial_pmf

CHUNK = 1 << 16  # battles advanced together: arrays of this size stay in the CPU caches
GUIDE = 64  # guide-table buckets per wound distribution


def simulation_generator(seed: int) -> np.random.Generator:
    """The simulation's random numbers: simulation-only (never game dice, which go through
    `bot.dice.Dice` and the audit log), seeded, and the seed is reported with the odds."""
    return np.random.default_rng(seed)


class WoundSampler:
    """Wounds of one firing class at one target class: Binomial(S·dice, p) for a group of S
    ships, drawn by inverse CDF with a guide table (one uniform number per group)."""

    def __init__(self, dice: int, p: float, most: int) -> None:
        width = most * dice + 2
        cdf = np.full((most + 1, width), 2.0)
        guide = np.zeros((most + 1, GUIDE), dtype=np.int64)
        starts = np.arange(GUIDE) / GUIDE
        for ships in range(1, most + 1):
            n = ships * dice
            row = np.cumsum(binomial_pmf(n, p))
            row[-1] = 2.0  # rounding never draws past n
            cdf[ships, : n + 1] = row
            guide[ships] = np.searchsorted(row, starts, side="right")
        self.width = width
        self.cdf = cdf.reshape(-1)
        self.guide = guide.reshape(-1)

    def draw(self, ships: Ints, uniform: Floats) -> Ints:
        """Wounds for groups of `ships` ships, one uniform number in [0, 1) each."""
        bucket = (uniform * GUIDE).astype(np.int64)
        k = self.guide[ships * GUIDE + bucket]
        row = ships * self.width
        pending = np.flatnonzero(uniform >= self.cdf[row + k])
        while pending.size:
            k[pending] += 1
            left = uniform[pending] >= self.cdf[row[pending] + k[pending]]
            pending = pending[left]
        return k


class Simulation:
    """The arrays of one matchup, built once, then `run` for any number of battles."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.sides = (SideArrays.of(model.sides[0]), SideArrays.of(model.sides[1]))
        self.width = len(model.classes)
        self.aims = (AimTable(model, self.sides[0]), AimTable(model, self.sides[1]))
        kill_cap = model.settings.kill_cap
        self.limits: list[list[Ints]] = []
        for index in (0, 1):
            side = model.sides[index]
            most = max((int(c[0]) for c in self.sides[1 - index].counts), default=0)
            self.limits.append(
                [
                    limit_table(side, own, most, model.overflow_lost)
                    for own in range(len(side.chains))
                ]
            )
        self.no_cap = [
            [table.shape[0] - 1 for table in self.limits[index]] for index in (0, 1)
        ]
        self.kill_cap = kill_cap
        # firing groups per side: (model class, [(target model class, own index, sampler)])
        self.groups: list[list[tuple[int, list[tuple[int, int, WoundSampler]]]]] = []
        for shooter in (0, 1):
            mine, theirs = self.sides[shooter], self.sides[1 - shooter]
            groups = []
            for own, index in enumerate(mine.model_index):
                dice = model.dice[index]
                if not dice:
                    continue
                most = int(mine.counts[own][0])
                aims = [
                    (target, t_own, WoundSampler(dice, model.wound_p[index][target], most))
                    for t_own, target in enumerate(theirs.model_index)
                    if model.wound_p[index][target] > 0.0
                ]
                groups.append((index, aims))
            self.groups.append(groups)

    def run(
        self, battles: int, rng: np.random.Generator, cap: int
    ) -> tuple[list[Ints], list[Ints], Bools, Ints]:
        """End positions (per own class) of A and B, whether each battle hit the round cap
        (or stalled: nobody can hurt anybody), and the rounds it lasted (at least 1)."""
        ends_a = [np.zeros(battles, dtype=np.int64) for _ in self.sides[0].counts]
        ends_b = [np.zeros(battles, dtype=np.int64) for _ in self.sides[1].counts]
        capped = np.zeros(battles, dtype=np.bool_)
        lengths = np.ones(battles, dtype=np.int64)
        for start in range(0, battles, CHUNK):
            stop = min(start + CHUNK, battles)
            self._chunk(np.arange(start, stop), rng, cap, (ends_a, ends_b), capped, lengths)
        return ends_a, ends_b, capped, lengths

    def _chunk(
        self,
        ids: Ints,
        rng: np.random.Generator,
        cap: int,
        ends: tuple[list[Ints], list[Ints]],
        capped: Bools,
        lengths: Ints,
    ) -> None:
        size = ids.shape[0]
        positions = [
            [np.zeros(size, dtype=np.int64) for _ in side.counts] for side in self.sides
        ]
        rounds = 0
        while ids.size:
            counts = [
                self.sides[s].class_counts(positions[s], self.width, ids.size) for s in (0, 1)
            ]
            alive = counts[0].any(axis=0) & counts[1].any(axis=0)
            aims = [self.aims[1 - s].aims(self.aims[1 - s].key(counts[1 - s])) for s in (0, 1)]
            hurts = np.zeros(ids.size, dtype=np.bool_)
            for shooter in (0, 1):
                for index, targets in self.groups[shooter]:
                    present = counts[shooter][index] > 0
                    aim = aims[shooter][index]
                    for target, _, _ in targets:
                        hurts |= present & (aim == target)
            stop = ~alive | ~hurts | (rounds >= cap)
            if stop.any():
                done = np.flatnonzero(stop)
                who = ids[done]
                for s in (0, 1):
                    for own, track in enumerate(positions[s]):
                        ends[s][own][who] = track[done]
                capped[who] = alive[done]  # a round cap or a stall, not a decided battle
                lengths[who] = max(rounds, 1)
                keep = np.flatnonzero(~stop)
                ids = ids[keep]
                positions = [[track[keep] for track in side] for side in positions]
                counts = [c[:, keep] for c in counts]
                aims = [a[:, keep] for a in aims]
                if not ids.size:
                    break
            rounds += 1
            for shooter in (0, 1):
                self._fire(shooter, counts[shooter], aims[shooter], positions[1 - shooter], rng)

    def _fire(
        self,
        shooter: int,
        counts: Ints,
        aims: npt.NDArray[np.int16],
        targets: list[Ints],
        rng: np.random.Generator,
    ) -> None:
        """Side `shooter`'s groups in firing order (FC-I17), each moving its target class
        along its chain within the kill cap (FC-I11); excess burns (FC-I12)."""
        limits = self.limits[1 - shooter]
        no_cap = self.no_cap[1 - shooter]
        for index, groups in self.groups[shooter]:
            ships = counts[index]
            aim = aims[index]
            for target, own, sampler in groups:
                firing = np.flatnonzero((aim == target) & (ships > 0))
                if not firing.size:
                    continue
                size = ships[firing]
                wounds = sampler.draw(size, rng.random(firing.size))
                track = targets[own]
                before = track[firing]
                row = size if self.kill_cap else no_cap[own]
                reach = limits[own][row, before]
                track[firing] = np.minimum(before + wounds, reach)
