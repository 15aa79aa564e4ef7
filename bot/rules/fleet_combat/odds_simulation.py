"""Monte Carlo odds (FC-I17 automatic mode, the state model): the tables of a matchup, and
the battles run either by the compiled loop (`odds_kernel`, fed by `_KernelTables`) or, for
fleets with too many ship-count vectors to tabulate their targets, by a pool vectorised
across battles with numpy, as described here; both take the same steps.

A pool of battles advances one round at a time as numpy arrays: each side is its classes'
positions on their damage chains (`odds_model`). A round, for every battle in the pool:
ship counts from the chain tables; each side's automatic targets from the rank key of the
other side's counts (`odds_arrays.AimTable`); then, class by class in firing order, one
group's wounds drawn from the Binomial(S·N, P(wound)) CDF and the target class moved along
its chain, no further than the kill cap allows (FC-I11) — damage is deferred (FC-I9), so
counts, targets and caps are all read at the start of the round. A battle that ends gives
its place in the pool to the next one, so every round works on full arrays.

Randomness is simulation-only, never game dice: one numpy Generator per call,
`numpy.random.default_rng(seed)`, created in `simulation_generator`; the seed is reported
with the result. Its bit generator's 64-bit words are split into two uniform 32-bit
integers, one per group and battle.
"""

from __future__ import annotations

import math
from typing import Any
from typing import Literal

import numpy as np
import numpy.typing as npt

from bot.rules.fleet_combat.odds_arrays import AimTable
from bot.rules.fleet_combat.odds_arrays import Bools
from bot.rules.fleet_combat.odds_arrays import Ints
from bot.rules.fleet_combat.odds_arrays import SideArrays
from bot.rules.fleet_combat.odds_arrays import limit_table
from bot.rules.fleet_combat.odds_model import Model
from bot.rules.fleet_combat.odds_model import binomial_pmf

CHUNK = 1 << 13  # battles advanced together: arrays of this size stay in the CPU caches
GUIDE_BITS = 10
GUIDE = 1 << GUIDE_BITS  # guide-table buckets per wound distribution
Wounds = npt.NDArray[np.signedinteger[Any]]  # wounds per battle (small integers)


def simulation_generator(seed: int) -> np.random.Generator:
    """The simulation's random numbers: simulation-only (never game dice, which go through
    `bot.dice.Dice` and the audit log), seeded, and the seed is reported with the odds."""
    return np.random.default_rng(seed)


class WoundSampler:
    """Wounds of one firing class: Binomial(S·dice, p_t) for a group of S ships aiming at
    target class t, drawn by inverse CDF from one uniform 32-bit integer per group (the CDF
    is rounded to multiples of 2⁻³², far below any sampling error). The integer's top bits
    pick a bucket: most buckets lie between two CDF steps and give the wounds at once; the
    few that hold a step start a search from the guide. Rows are (target, ships) pairs:
    row = target · (most + 1) + ships; a row of 0 ships (or a target it cannot wound)
    always draws 0."""

    def __init__(self, dice: int, wound_p: list[float], most: int) -> None:
        width = most * dice + 2
        rows = len(wound_p) * (most + 1)
        # thresholds[k]: 2³² · P(wounds ≤ k); past the last outcome, out of reach
        thresholds = np.full((rows, width), 1 << 33, dtype=np.int64)
        guide = np.zeros((rows, GUIDE), dtype=np.int64)
        ends = np.zeros((rows, GUIDE), dtype=np.int64)
        starts = np.arange(GUIDE, dtype=np.int64) << (32 - GUIDE_BITS)
        for target, p in enumerate(wound_p):
            for ships in range(1, most + 1):
                n = ships * dice
                row = np.rint(np.cumsum(binomial_pmf(n, p)) * 2.0**32).astype(np.int64)
                row[-1] = 1 << 33  # rounding never draws past n
                line = target * (most + 1) + ships
                thresholds[line, : n + 1] = row
                guide[line] = np.searchsorted(row, starts, side="right")
                ends[line] = np.searchsorted(row, starts + (1 << (32 - GUIDE_BITS)) - 1, "right")
        self.most = most
        self.rows = rows
        self.width = width
        self.thresholds = thresholds.reshape(-1)
        small: type[np.signedinteger[Any]] = np.int16 if width < 1 << 15 else np.int64
        # wounds of a bucket without a CDF step in it, −1 for the others
        certain = np.where(guide == ends, guide, -1).reshape(-1)
        self.certain: Wounds = certain.astype(small)
        # the guide holds flat threshold positions (row · width + wounds); `wounds` maps
        # them back
        self.guide = (guide + (np.arange(rows) * width)[:, None]).reshape(-1)
        self.wounds = np.tile(np.arange(width, dtype=small), rows)

    def draw(self, rows: Ints, uniform: Ints) -> Wounds:
        """Wounds for groups in sampler rows `rows`, one uniform 32-bit integer each."""
        bucket = (rows << GUIDE_BITS) + (uniform >> (32 - GUIDE_BITS))
        found: Wounds = self.certain[bucket]
        unsure = np.flatnonzero(found < 0)
        if unsure.size:
            words = uniform[unsure]
            at = self.guide[bucket[unsure]]
            pending = np.flatnonzero(words >= self.thresholds[at])
            while pending.size:
                at[pending] += 1
                pending = pending[words[pending] >= self.thresholds[at[pending]]]
            found[unsure] = self.wounds[at]
        return found


class Group:
    """One firing class of one side: its own index, its model class, its sampler, and
    which targets it can hurt."""

    def __init__(
        self,
        own: int,
        index: int,
        sampler: WoundSampler,
        hurts: Bools,
        reach: Ints,
        ends: Ints | None,
    ) -> None:
        self.own = own
        self.index = index
        self.sampler = sampler
        self.stride = sampler.most + 1  # sampler row = target · stride + ships
        self.hurts = hurts  # per target own index, then the "no target" row (False)
        self.reach = reach  # per sampler row, where its kill-cap row starts in `limits`
        # when the kill cap never stops this group short of its wounds: each target's
        # last chain position (then the reach table is not needed)
        self.ends = ends


class Simulation:
    """The arrays of one matchup, built once, then `run` for any number of battles.

    Each side's positions carry one extra row after its own classes: the "no target" row,
    where a group that has no target (or no ships) sends its zero wounds, so every group
    handles every battle of the pool without compacting."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.sides = (SideArrays.of(model.sides[0]), SideArrays.of(model.sides[1]))
        self.width = len(model.classes)
        self.kill_cap = model.settings.kill_cap
        self.owns = [len(side.counts) for side in self.sides]
        longest = [max(side.lengths, default=1) for side in self.sides]
        # chain tables padded to one length: ships per position, per own class
        self.counts = [
            _padded([table for table in side.counts], longest[i], 0)
            for i, side in enumerate(self.sides)
        ]
        # per target side: limits[own, cap row, position] (FC-I11), the last row "no cap";
        # the "no target" row's limits are 0, so it stays at 0
        self.limits: list[Ints] = []
        self.no_cap: list[int] = []
        for index in (0, 1):
            side = model.sides[index]
            most = max((int(c[0]) for c in self.sides[1 - index].counts), default=0)
            tables = [
                limit_table(side, own, most, model.overflow_lost) for own in range(len(side.chains))
            ]
            limits = np.zeros((len(tables) + 1, most + 2, longest[index]), dtype=np.int64)
            for own, table in enumerate(tables):
                limits[own, :, : table.shape[1]] = table
            self.limits.append(limits)
            self.no_cap.append(most + 1)
        # where each firing class aims at a side, as that side's own class index (the
        # "no target" row when it has none)
        self.aims: list[AimTable] = []
        for index, arrays in enumerate(self.sides):
            to_own = np.full(self.width + 1, self.owns[index], dtype=np.int64)
            for own, model_index in enumerate(arrays.model_index):
                to_own[model_index] = own
            self.aims.append(AimTable(model, arrays, to_own, np.int64))
        # chain tables flattened: ships at own class o, position d = flat[o · length + d]
        self.count_offsets = [
            (np.arange(table.shape[0]) * table.shape[1])[:, None] for table in self.counts
        ]
        # ships per position as small integers (less memory to stream through each round)
        self.count_flat = [table.reshape(-1).astype(np.int16) for table in self.counts]
        # the aim key's "has ships" bits (`AimTable.key`), per own class and position
        self.bit_flat = [
            ((table > 0) << np.arange(table.shape[0])[:, None])
            .reshape(-1)
            .astype(np.uint8 if table.shape[0] <= 8 else np.int64)
            for table in self.counts
        ]
        self.columns = np.arange(CHUNK, dtype=np.int64)
        # chain positions as small integers when every chain is short enough
        self.position_type = np.int16 if max(longest) < 1 << 15 else np.int64
        self.flat_limits = [limits.reshape(-1).astype(self.position_type) for limits in self.limits]
        self.groups: list[list[Group]] = []
        for shooter in (0, 1):
            mine, theirs = self.sides[shooter], self.sides[1 - shooter]
            groups = []
            for own, index in enumerate(mine.model_index):
                dice = model.dice[index]
                if not dice:
                    continue
                wound_p = [model.wound_p[index][target] for target in theirs.model_index]
                sampler = WoundSampler(dice, [*wound_p, 0.0], int(mine.counts[own][0]))
                hurts = np.asarray([p > 0.0 for p in wound_p] + [False], dtype=np.bool_)
                limits = self.limits[1 - shooter]
                target, ships = np.divmod(np.arange(sampler.rows), sampler.most + 1)
                row = ships if self.kill_cap else np.full_like(ships, self.no_cap[1 - shooter])
                reach = (target * limits.shape[1] + row) * limits.shape[2]
                ends = _chain_ends(theirs, limits, reach, ships * dice)
                groups.append(Group(own, index, sampler, hurts, reach, ends))
            self.groups.append(groups)
        # Every class of the other side always has a target while this side has ships
        # (FC-5.6, FC-5.7: the ladder widens rather than leave a group without one), so
        # nobody can be unable to hurt anybody unless a class cannot fire or wound.
        self.may_stall = any(
            not model.dice[index] for side in self.sides for index in side.model_index
        ) or any(not group.hurts[:-1].all() for groups in self.groups for group in groups)
        self.kernel: _KernelTables | Literal[False] | None = None  # built on the first run

    def _state(
        self, positions: list[Ints], rounds: Ints, cap: int
    ) -> tuple[list[Ints], list[Ints], Bools, Bools]:
        """Ship counts (own class rows), target rows per firing class of each shooter, live
        battles and battles that stop here (decided, round cap, or nobody can hurt anybody)."""
        at = [positions[s][: self.owns[s]] + self.count_offsets[s] for s in (0, 1)]
        counts = [self.count_flat[s][at[s]] for s in (0, 1)]
        present = [self.bit_flat[s][at[s]].sum(axis=0, dtype=np.int64) for s in (0, 1)]
        alive = (present[0] > 0) & (present[1] > 0)
        aims = []
        for s in (0, 1):
            table = self.aims[1 - s]
            found = table.aims(table.key(counts[1 - s], present[1 - s]), counts[1 - s])
            aims.append(found.astype(np.int64, copy=False))
        stop = ~alive | (rounds >= cap)
        if self.may_stall:
            hurts = np.zeros(alive.size, dtype=np.bool_)
            for shooter in (0, 1):
                for group in self.groups[shooter]:
                    aim = aims[shooter][group.index]
                    hurts |= (counts[shooter][group.own] > 0) & group.hurts[aim]
            stop |= ~hurts
        return counts, aims, alive, stop

    def run(
        self, battles: int, rng: np.random.Generator, cap: int
    ) -> tuple[Ints, Ints, Bools, Ints]:
        """Ships left per model class (rows; battle columns, in the order the battles
        ended) of A and B, whether each battle hit the round cap (or stalled: nobody can
        hurt anybody), and the rounds it lasted (at least 1).

        The compiled loop (`odds_kernel`) when both sides' automatic targets can be
        tabulated per ship-count vector, else the pool vectorised with numpy (`_run_pool`)."""
        if self.kernel is None:
            self.kernel = _KernelTables.of(self)
        if self.kernel is not False:
            return self.kernel.run(battles, rng, cap)
        ends_a, ends_b, capped, lengths = self._run_pool(battles, rng, cap)
        survivors = [
            self.sides[s].class_counts(list(ends), self.width, capped.size)
            for s, ends in enumerate((ends_a, ends_b))
        ]
        return survivors[0], survivors[1], capped, lengths

    def _run_pool(
        self, battles: int, rng: np.random.Generator, cap: int
    ) -> tuple[Ints, Ints, Bools, Ints]:
        """`run` vectorised across battles, with end chain positions (own class rows)
        instead of ships: a pool of up to CHUNK battles advances round by
        round; a battle that ends gives its place to the next one, so the pool stays full
        until the last battles."""
        first = [np.zeros((own + 1, 1), dtype=np.int64) for own in self.owns]
        counts0, aims0, alive0, stop0 = self._state(first, np.zeros(1, dtype=np.int64), cap)
        if stop0[0]:  # every battle ends where it starts
            return (
                np.zeros((self.owns[0], battles), dtype=np.int64),
                np.zeros((self.owns[1], battles), dtype=np.int64),
                np.full(battles, bool(alive0[0])),
                np.ones(battles, dtype=np.int64),
            )
        # what each battle ends with, in the order battles end
        ends: tuple[list[Ints], list[Ints]] = ([], [])
        capped: list[Bools] = []
        lengths: list[Ints] = []
        size = min(CHUNK, battles)
        entered = size  # battles that have entered the pool
        positions = [np.zeros((own + 1, size), dtype=self.position_type) for own in self.owns]
        rounds = np.zeros(size, dtype=np.int64)
        while True:
            counts, aims, alive, stop = self._state(positions, rounds, cap)
            if stop.any():
                done = np.flatnonzero(stop)
                for s in (0, 1):
                    ends[s].append(np.take(positions[s][: self.owns[s]], done, axis=1))
                capped.append(alive[done])  # a round cap or a stall, not a decided battle
                lengths.append(np.maximum(rounds[done], 1))
                fresh = min(done.size, battles - entered)
                if fresh:
                    slots = done[:fresh]
                    entered += fresh
                    rounds[slots] = 0
                    for s in (0, 1):
                        positions[s][:, slots] = 0
                        counts[s][:, slots] = counts0[s]
                        aims[s][:, slots] = aims0[s]
                if fresh < done.size:
                    keep = ~stop
                    keep[done[:fresh]] = True
                    kept = np.flatnonzero(keep)
                    if not kept.size:
                        return (
                            np.concatenate(ends[0], axis=1).astype(np.int64),
                            np.concatenate(ends[1], axis=1).astype(np.int64),
                            np.concatenate(capped),
                            np.concatenate(lengths),
                        )
                    rounds = rounds[kept]
                    positions = [np.take(track, kept, axis=1) for track in positions]
                    counts = [np.take(c, kept, axis=1) for c in counts]
                    aims = [np.take(a, kept, axis=1) for a in aims]
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
        along its chain within the kill cap (FC-I11); excess burns (FC-I12). Damage is
        deferred (FC-I9): `counts` and `aims` are read at the start of the round."""
        flat_limits = self.flat_limits[1 - shooter]
        battles = targets.shape[1]
        flat = targets.reshape(-1)  # a view (C order): own class · battles + battle
        assert targets.flags.c_contiguous
        columns = self.columns[:battles]
        groups = self.groups[shooter]
        # one uniform 32-bit integer per group and battle (held in 64-bit integers, as
        # the tables' indices): each 64-bit draw gives two
        pairs = (len(groups) + 1) // 2
        raw = np.asarray(rng.bit_generator.random_raw(pairs * battles)).reshape(pairs, battles)
        low, high = (raw & 0xFFFFFFFF).view(np.int64), (raw >> 32).view(np.int64)
        uniforms = [half for pair in zip(low, high, strict=True) for half in pair]
        for group, uniform in zip(groups, uniforms, strict=False):
            target = aims[group.index]
            rows = target * group.stride + counts[group.own]
            wounds = group.sampler.draw(rows, uniform)
            at = target * battles + columns
            before = flat[at]
            if group.ends is not None:  # the kill cap never binds: only the chain's end
                reach = group.ends[target]
            else:
                reach = flat_limits[group.reach[rows] + before]
            before += wounds
            flat[at] = np.minimum(before, reach, out=before)


def _chain_ends(target: SideArrays, limits: Ints, reach: Ints, most: Ints) -> Ints | None:
    """Each target class's last chain position (0 for the "no target" row), if for every
    sampler row (target, ships) and chain position the kill-cap reach is no shorter than
    the chain's end or the most wounds the group can deal (FC-I11 never binds); else None."""
    ends = np.asarray([*(length - 1 for length in target.lengths), 0], dtype=np.int64)
    small = np.int16 if ends.max() < 1 << 15 else np.int64
    stride = len(reach) // len(ends)
    flat = limits.reshape(-1)
    for row, start in enumerate(reach.tolist()):
        end = int(ends[row // stride])
        positions = np.arange(end + 1)
        plain = np.minimum(positions + int(most[row]), end)
        if (flat[start + positions] < plain).any():
            return None
    return ends.astype(small)


def _padded(tables: list[Ints], length: int, fill: int) -> Ints:
    """Rows of different lengths as one array, padded with `fill`."""
    out = np.full((len(tables), length), fill, dtype=np.int64)
    for row, table in enumerate(tables):
        out[row, : table.shape[0]] = table
    return out


# Ship-count vectors per side up to which automatic targets are tabulated for the compiled
# loop (`_KernelTables`); past it (fleets of very many ships in many classes) the pool runs.
SIGNATURES_TABULATED = 1 << 18
# 32-bit uniforms drawn at a time for the compiled loop (rounds × groups per battle).
UNIFORMS_BLOCK = 1 << 18


class _KernelTables:
    """`Simulation`'s tables laid out for `odds_kernel.simulate`: every side's arrays
    padded into one, every group's sampler concatenated with its offsets, and each side's
    automatic targets per ship-count vector (mixed radix: Σ ships · radix)."""

    def __init__(self, simulation: Simulation, aims: list[Ints]) -> None:
        sim = simulation
        widest = max(max(sim.owns), 1)
        longest = max(table.shape[1] for table in sim.counts)
        self.owns = np.asarray(sim.owns, dtype=np.int64)
        self.models = np.zeros((2, widest), dtype=np.int64)
        self.counts = np.zeros((2, widest, longest), dtype=np.int64)
        self.radix = np.zeros((2, widest), dtype=np.int64)
        for s in (0, 1):
            table = sim.counts[s]
            self.counts[s, : table.shape[0], : table.shape[1]] = table
            self.radix[s, : table.shape[0]] = _radix(table[:, 0])
            self.models[s, : table.shape[0]] = sim.sides[s].model_index
        self.aims = np.concatenate([a.reshape(-1) for a in aims]).astype(np.int64)
        self.aim_offsets = np.asarray([0, aims[0].size], dtype=np.int64)
        self.width = sim.width
        self.limits = np.concatenate([sim.limits[0].reshape(-1), sim.limits[1].reshape(-1)])
        self.limit_offsets = np.asarray([0, sim.limits[0].size], dtype=np.int64)
        rows: list[list[int]] = []
        parts: dict[str, list[Ints]] = {k: [] for k in ("thr", "certain", "guide", "reach")}
        ends: list[Ints] = []
        hurts: list[Bools] = []
        sizes = {"thr": 0, "certain": 0, "reach": 0, "ends": 0, "hurts": 0}
        for shooter in (0, 1):
            for group in sim.groups[shooter]:
                sampler = group.sampler
                ends_at = -1
                if group.ends is not None:
                    ends_at = sizes["ends"]
                    ends.append(group.ends.astype(np.int64))
                    sizes["ends"] += group.ends.size
                rows.append(
                    [
                        shooter,
                        group.own,
                        group.index,
                        group.stride,
                        sizes["thr"],
                        sampler.width,
                        sizes["certain"],
                        sizes["reach"],
                        ends_at,
                        sizes["hurts"],
                    ]
                )
                parts["thr"].append(sampler.thresholds)
                parts["certain"].append(sampler.certain)
                parts["guide"].append(sampler.guide)
                parts["reach"].append(group.reach.astype(np.int64))
                hurts.append(group.hurts)
                sizes["thr"] += sampler.thresholds.size
                sizes["certain"] += sampler.certain.size
                sizes["reach"] += group.reach.size
                sizes["hurts"] += group.hurts.size
        self.groups = np.asarray(rows, dtype=np.int64).reshape(-1, 10)
        # the bucket tables in small integers: fewer cache lines per draw
        self.thresholds = _joined(parts["thr"], np.int64)
        self.certain = _joined(parts["certain"], np.int16)
        self.guide = _joined(parts["guide"], np.int32)
        self.reach = _joined(parts["reach"], np.int64)
        self.ends = _joined(ends, np.int64)
        self.hurts = np.concatenate(hurts) if hurts else np.zeros(0, dtype=np.bool_)
        self.may_stall = sim.may_stall

    @classmethod
    def of(cls, simulation: Simulation) -> _KernelTables | Literal[False]:
        """The tables, or False when a side has more ship-count vectors than
        SIGNATURES_TABULATED."""
        aims = []
        for side in (0, 1):
            arrays = simulation.sides[side]
            starts = [int(table[0]) for table in arrays.counts]
            if math.prod(n + 1 for n in starts) > SIGNATURES_TABULATED:
                return False
            # every ship-count vector of the side (own class rows), in signature order
            grid = np.indices([n + 1 for n in starts[::-1]]).reshape(len(starts), -1)[::-1]
            table = simulation.aims[side]
            found = table.aims(table.key(grid), grid).astype(np.int64)
            # own class index of the target in this side; −1 for none (the "no target" row)
            found[found == simulation.owns[side]] = -1
            aims.append(np.ascontiguousarray(found.T))  # (signature, model class)
        return cls(simulation, aims)

    def run(
        self, battles: int, rng: np.random.Generator, cap: int
    ) -> tuple[Ints, Ints, Bools, Ints]:
        """`Simulation.run` with the compiled loop."""
        from bot.rules.fleet_combat import odds_kernel  # numba loads only when simulating

        survivors_a = np.zeros((self.width, battles), dtype=np.int64)
        survivors_b = np.zeros((self.width, battles), dtype=np.int64)
        capped = np.zeros(battles, dtype=np.bool_)
        lengths = np.zeros(battles, dtype=np.int64)
        progress = np.zeros(2, dtype=np.int64)
        positions = np.zeros(self.radix.shape, dtype=np.int64)
        left = np.zeros(0, dtype=np.uint32)
        per_round = max(self.groups.shape[0], 1)
        while progress[0] < battles:
            wanted = min(UNIFORMS_BLOCK, (battles - int(progress[0])) * per_round * 16)
            words = rng.bit_generator.random_raw((wanted + 1) // 2)
            uniforms = np.concatenate([left, np.asarray(words).view(np.uint32)])
            used = odds_kernel.simulate(
                battles, cap, self.may_stall, uniforms, progress, positions,
                self.owns, self.models, self.counts, self.radix, self.aims, self.aim_offsets,
                self.width, self.limits, self.limit_offsets, self.groups, self.thresholds,
                self.certain, self.guide, self.reach, self.ends, self.hurts,
                survivors_a, survivors_b, capped, lengths,
            )  # fmt: skip
            left = uniforms[used:]
        return survivors_a, survivors_b, capped, lengths


def _radix(starts: Ints) -> Ints:
    """Mixed-radix place values for ship counts 0…starts[i] per class."""
    return np.concatenate([[1], np.cumprod(starts[:-1] + 1)]).astype(np.int64)


def _joined(parts: list[Ints], dtype: type[np.signedinteger[Any]]) -> Ints:
    return np.concatenate(parts).astype(dtype) if parts else np.zeros(0, dtype=dtype)
