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

from bot.rules.fleet_combat.odds_arrays import (
    AimTable,
    Bools,
    Floats,
    Ints,
    SideArrays,
    limit_table,
)
from bot.rules.fleet_combat.odds_model import Model, binomial_pmf

CHUNK = 1 << 15  # battles advanced together: arrays of this size stay in the CPU caches
GUIDE = 64  # guide-table buckets per wound distribution


def simulation_generator(seed: int) -> np.random.Generator:
    """The simulation's random numbers: simulation-only (never game dice, which go through
    `bot.dice.Dice` and the audit log), seeded, and the seed is reported with the odds."""
    return np.random.default_rng(seed)


class WoundSampler:
    """Wounds of one firing class: Binomial(S·dice, p_t) for a group of S ships aiming at
    target class t, drawn by inverse CDF with a guide table (one uniform number per group).
    Rows are (target, ships) pairs: row = target · (most + 1) + ships."""

    def __init__(self, dice: int, wound_p: list[float], most: int) -> None:
        width = most * dice + 2
        rows = len(wound_p) * (most + 1)
        cdf = np.full((rows, width), 2.0)
        guide = np.zeros((rows, GUIDE), dtype=np.int64)
        starts = np.arange(GUIDE) / GUIDE
        for target, p in enumerate(wound_p):
            for ships in range(1, most + 1):
                n = ships * dice
                row = np.cumsum(binomial_pmf(n, p))
                row[-1] = 2.0  # rounding never draws past n
                line = target * (most + 1) + ships
                cdf[line, : n + 1] = row
                guide[line] = np.searchsorted(row, starts, side="right")
        self.most = most
        self.width = width
        self.cdf = cdf.reshape(-1)
        self.guide = guide.reshape(-1)

    def draw(self, rows: Ints, uniform: Floats) -> Ints:
        """Wounds for groups in sampler rows `rows`, one uniform number in [0, 1) each."""
        bucket = (uniform * GUIDE).astype(np.int64)
        k = self.guide[rows * GUIDE + bucket]
        start = rows * self.width
        pending = np.flatnonzero(uniform >= self.cdf[start + k])
        while pending.size:
            k[pending] += 1
            left = uniform[pending] >= self.cdf[start[pending] + k[pending]]
            pending = pending[left]
        found: Ints = k
        return found


class Group:
    """One firing class of one side: its own index, its model class, the target table row
    offset per target own class, its sampler, and which targets it can hurt."""

    def __init__(self, own: int, index: int, sampler: WoundSampler, hurts: Bools) -> None:
        self.own = own
        self.index = index
        self.sampler = sampler
        self.hurts = hurts  # per target own index + 1 (0: no target)


class Simulation:
    """The arrays of one matchup, built once, then `run` for any number of battles."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.sides = (SideArrays.of(model.sides[0]), SideArrays.of(model.sides[1]))
        self.width = len(model.classes)
        self.kill_cap = model.settings.kill_cap
        longest = [max(side.lengths, default=1) for side in self.sides]
        # chain tables padded to one length: ships per position, per own class
        self.counts = [
            _padded([table for table in side.counts], longest[i], 0)
            for i, side in enumerate(self.sides)
        ]
        # per target side: limits[own, cap row, position] (FC-I11), the last row "no cap"
        self.limits: list[Ints] = []
        self.no_cap: list[int] = []
        for index in (0, 1):
            side = model.sides[index]
            most = max((int(c[0]) for c in self.sides[1 - index].counts), default=0)
            tables = [
                limit_table(side, own, most, model.overflow_lost) for own in range(len(side.chains))
            ]
            limits = np.zeros((len(tables), most + 2, longest[index]), dtype=np.int64)
            for own, table in enumerate(tables):
                limits[own, :, : table.shape[1]] = table
            self.limits.append(limits)
            self.no_cap.append(most + 1)
        # where each firing class aims at a side, as that side's own class index (−1: none)
        self.aims: list[AimTable] = []
        for arrays in self.sides:
            to_own = np.full(self.width + 1, -1, dtype=np.int64)
            for own, index in enumerate(arrays.model_index):
                to_own[index] = own
            self.aims.append(AimTable(model, arrays, to_own))
        # chain tables flattened: ships at own class o, position d = flat[o · length + d]
        self.count_offsets = [
            (np.arange(table.shape[0]) * table.shape[1])[:, None] for table in self.counts
        ]
        self.count_flat = [table.reshape(-1) for table in self.counts]
        self.groups: list[list[Group]] = []
        for shooter in (0, 1):
            mine, theirs = self.sides[shooter], self.sides[1 - shooter]
            groups = []
            for own, index in enumerate(mine.model_index):
                dice = model.dice[index]
                if not dice:
                    continue
                wound_p = [model.wound_p[index][target] for target in theirs.model_index]
                sampler = WoundSampler(dice, wound_p, int(mine.counts[own][0]))
                hurts = np.asarray([False] + [p > 0.0 for p in wound_p], dtype=np.bool_)
                groups.append(Group(own, index, sampler, hurts))
            self.groups.append(groups)

    def run(
        self, battles: int, rng: np.random.Generator, cap: int
    ) -> tuple[Ints, Ints, Bools, Ints]:
        """End positions (own class rows, battle columns) of A and B, whether each battle
        hit the round cap (or stalled: nobody can hurt anybody), and the rounds it lasted
        (at least 1)."""
        ends = (
            np.zeros((len(self.sides[0].counts), battles), dtype=np.int64),
            np.zeros((len(self.sides[1].counts), battles), dtype=np.int64),
        )
        capped = np.zeros(battles, dtype=np.bool_)
        lengths = np.ones(battles, dtype=np.int64)
        for start in range(0, battles, CHUNK):
            stop = min(start + CHUNK, battles)
            self._chunk(np.arange(start, stop), rng, cap, ends, capped, lengths)
        return ends[0], ends[1], capped, lengths

    def _chunk(
        self,
        ids: Ints,
        rng: np.random.Generator,
        cap: int,
        ends: tuple[Ints, Ints],
        capped: Bools,
        lengths: Ints,
    ) -> None:
        positions = [np.zeros((len(side.counts), ids.size), dtype=np.int64) for side in self.sides]
        rounds = 0
        while ids.size:
            counts = [self.count_flat[s][positions[s] + self.count_offsets[s]] for s in (0, 1)]
            alive = np.asarray(counts[0].any(axis=0) & counts[1].any(axis=0), dtype=np.bool_)
            # target own index per firing class of each shooter (rows: model classes)
            aims = [
                self.aims[1 - s]
                .aims(self.aims[1 - s].key(counts[1 - s]), counts[1 - s])
                .astype(np.int64)
                for s in (0, 1)
            ]
            hurts = np.zeros(ids.size, dtype=np.bool_)
            for shooter in (0, 1):
                for group in self.groups[shooter]:
                    aim = aims[shooter][group.index]
                    hurts |= (counts[shooter][group.own] > 0) & group.hurts[aim + 1]
            stop = ~alive | ~hurts | (rounds >= cap)
            if stop.any():
                done = np.flatnonzero(stop)
                who = ids[done]
                for s in (0, 1):
                    ends[s][:, who] = positions[s][:, done]
                capped[who] = alive[done]  # a round cap or a stall, not a decided battle
                lengths[who] = max(rounds, 1)
                keep = np.flatnonzero(~stop)
                if not keep.size:
                    return
                ids = ids[keep]
                positions = [np.ascontiguousarray(track[:, keep]) for track in positions]
                counts = [c[:, keep] for c in counts]
                aims = [a[:, keep] for a in aims]
            rounds += 1
            for shooter in (0, 1):
                self._fire(shooter, counts[shooter], aims[shooter], positions[1 - shooter], rng)

    def _fire(
        self,
        shooter: int,
        counts: Ints,
        aims: Ints,
        targets: Ints,
        rng: np.random.Generator,
    ) -> None:
        """Side `shooter`'s groups in firing order (FC-I17), each moving its target class
        along its chain within the kill cap (FC-I11); excess burns (FC-I12)."""
        limits = self.limits[1 - shooter]
        caps, length = limits.shape[1], limits.shape[2]
        flat_limits = limits.reshape(-1)
        no_cap = self.no_cap[1 - shooter]
        battles = targets.shape[1]
        flat = targets.reshape(-1)  # a view (C order): own class · battles + battle
        assert targets.flags.c_contiguous
        for group in self.groups[shooter]:
            ships = counts[group.own]
            aim = aims[group.index]
            firing = np.flatnonzero((ships > 0) & (aim >= 0))
            if not firing.size:
                continue
            size = ships[firing]
            target = aim[firing]
            rows = target * (group.sampler.most + 1) + size
            wounds = group.sampler.draw(rows, rng.random(firing.size))
            at = target * battles + firing
            before = flat[at]
            row = size if self.kill_cap else no_cap
            reach = flat_limits[(target * caps + row) * length + before]
            flat[at] = np.minimum(before + wounds, reach)


def _padded(tables: list[Ints], length: int, fill: int) -> Ints:
    """Rows of different lengths as one array, padded with `fill`."""
    out = np.full((len(tables), length), fill, dtype=np.int64)
    for row, table in enumerate(tables):
        out[row, : table.shape[0]] = table
    return out
