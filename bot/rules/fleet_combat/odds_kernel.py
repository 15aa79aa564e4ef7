"""The odds' loops compiled with numba: the Monte Carlo round loop (`simulate`) and the
exact method's row loop (`solve_rows`, with the solve within one row, `within_row`).

`simulate` walks the tables `odds_simulation.Simulation` builds (chain positions' ship
counts, kill-cap reaches, the wound samplers' CDFs and guides, automatic targets) battle
by battle, the way `Simulation` describes a round: ship counts and targets read at the
start of the round (damage deferred, FC-I9), then each side's groups in firing order moving
their target class along its chain within the kill cap (FC-I11), excess burning (FC-I12).
Automatic targets are looked up by the target side's ship-count vector as a mixed-radix
number (`signature`), tabulated beforehand.

Why compiled loops: vectorised across battles with numpy, a round costs a dozen array
operations per firing class, and a six-class fleet reaches about a third of a million
battles a second; the same steps compiled run about twice as fast. In the exact method a
row's triangular system is one forward substitution, which numpy can only do as a Python
loop over columns (or as series of matrix products, as it was), and the pushes to later
rows and columns skip the moves of probability 0, which dense matrix products cannot. numba
compiles these once per machine and caches them beside this file, in `__pycache__` (see
`_compile` for when).

Randomness stays the simulation's seeded numpy Generator: the caller passes its 32-bit
uniforms in, one per group and round, and the loop stops when they run out so the caller
can pass more (`progress`).
"""

from __future__ import annotations

import logging
from typing import Any

import numba
import numpy as np
import numpy.typing as npt

log = logging.getLogger(__name__)

GUIDE_BITS = 10  # as `odds_simulation.GUIDE_BITS`

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
Uniforms = npt.NDArray[np.uint32]
Floats = npt.NDArray[np.float64]


def _simulate(
    battles: int,
    cap: int,
    may_stall: bool,
    uniforms: Uniforms,
    progress: Ints,
    positions: Ints,
    owns: Ints,
    models: Ints,
    counts: Ints,
    radix: Ints,
    aims: Ints,
    aim_offsets: Ints,
    width: int,
    limits: Ints,
    limit_offsets: Ints,
    groups: Ints,
    thresholds: Ints,
    certain: npt.NDArray[np.int16],
    guide: npt.NDArray[np.int32],
    reach: Ints,
    ends: Ints,
    hurts: Bools,
    survivors_a: Ints,
    survivors_b: Ints,
    capped: Bools,
    lengths: Ints,
) -> int:
    """Battles `progress[0]`… up to `battles`, the one under way `progress[1]` rounds in
    (its chain positions in `positions`, side rows, own class columns). Each battle's
    ships left go to `survivors_a`/`survivors_b` (model class rows, `models` maps own
    classes to them), whether it stopped alive (round cap or stall) to `capped`, and its
    rounds (at least 1) to `lengths`. Returns the uniforms used; `progress` and
    `positions` say where it stopped (all battles done, or fewer uniforms left than a
    round needs).

    `groups` rows, in firing order per side (side 0's first): shooter side, own class,
    model class, sampler row stride, and offsets into `thresholds` (row width at [5]),
    `certain`/`guide` (the buckets), `reach` (per sampler row, into the target side's
    `limits`), `ends` (−1: the kill cap may bind, use `reach`) and `hurts`."""
    used = 0
    ship = np.zeros((2, counts.shape[1]), dtype=np.int64)
    signature = np.zeros(2, dtype=np.int64)
    live = np.zeros(2, dtype=np.bool_)
    total = groups.shape[0]
    battle, rounds = progress[0], progress[1]
    while battle < battles:
        for side in range(2):
            code = 0
            any_ship = False
            for own in range(owns[side]):
                n = counts[side, own, positions[side, own]]
                ship[side, own] = n
                code += n * radix[side, own]
                any_ship = any_ship or n > 0
            signature[side] = code
            live[side] = any_ship
        alive = live[0] and live[1]
        stop = not alive or rounds >= cap
        if not stop and may_stall:
            stop = True
            for g in range(total):
                shooter = groups[g, 0]
                aim = aims[aim_offsets[1 - shooter] + signature[1 - shooter] * width + groups[g, 2]]
                if aim >= 0 and ship[shooter, groups[g, 1]] > 0 and hurts[groups[g, 9] + aim]:
                    stop = False
                    break
        if stop:
            for own in range(owns[0]):
                survivors_a[models[0, own], battle] = ship[0, own]
            for own in range(owns[1]):
                survivors_b[models[1, own], battle] = ship[1, own]
            capped[battle] = alive
            lengths[battle] = max(rounds, 1)
            battle += 1
            rounds = 0
            positions[:, :] = 0
            continue
        if used + total > uniforms.shape[0]:
            break
        rounds += 1
        # where side 0's and side 1's groups find their targets this round
        aims_at_b = aim_offsets[1] + signature[1] * width
        aims_at_a = aim_offsets[0] + signature[0] * width
        for g in range(total):
            word = np.int64(uniforms[used + g])
            info = groups[g]
            shooter = info[0]
            target = aims[(aims_at_b if shooter == 0 else aims_at_a) + info[2]]
            ships = ship[shooter, info[1]]
            if target < 0 or ships == 0:
                continue
            row = target * info[3] + ships
            bucket = info[6] + (row << GUIDE_BITS) + (word >> (32 - GUIDE_BITS))
            wounds = np.int64(certain[bucket])
            if wounds < 0:  # a bucket holding a CDF step: search from the guide
                at = np.int64(guide[bucket])
                while word >= thresholds[info[4] + at]:
                    at += 1
                wounds = at - row * info[5]
            # no test for zero wounds: an unpredictable branch costs more than the update
            target_side = 1 - shooter
            before = positions[target_side, target]
            if info[8] >= 0:
                furthest = ends[info[8] + target]
            else:
                furthest = limits[limit_offsets[target_side] + reach[info[7] + row] + before]
            positions[target_side, target] = min(before + wounds, furthest)
        used += total
    progress[0], progress[1] = battle, rounds
    return used


def _within_row(moves: Floats, ends: Ints, factor: Floats, inflow: Floats, out: Floats) -> None:
    """The mass reaching each column of a row while the row side stays, into `out`:
    x = inflow + Aᵀ (factor · x), A being the column side's moves without self-loops
    (`moves[c, c']`, c < c' < ends[c]: every move goes to a later column, none to `ends[c]`
    or past it). Column by column, each column's total is final when reached and is
    carried forward once."""
    size = inflow.shape[0]
    for column in range(size):
        out[column] = inflow[column]
    for column in range(size):
        carried = out[column] * factor[column]
        if carried != 0.0:
            row = moves[column]
            for later in range(column + 1, ends[column]):
                out[later] += row[later] * carried


def _solve_rows(
    weights: Floats,
    order: Ints,
    signatures: Ints,
    t_rows: Floats,
    t_columns: Floats,
    column_ends: Ints,
    groups: Ints,
    column_group: Ints,
    leave: Floats,
    factors: Floats,
    reach: Ints,
    floor: float,
    pushed: Floats,
) -> None:
    """`odds_dense.solve`'s row loop. Row by row (`order`, the live rows, at position p):
    the mass reaching each column while the row side stays (`within_row`, in place in
    `weights`); then what the visits (arrived · `leave[p]`) from the first to the last
    column above `floor` send on, summed per live column signature (column c has signature
    `groups[column_group[c]]`; −1: a dead column) into `pushed`, goes to the later rows
    below `reach[p]` with the row side's moves for that signature (`t_rows`), skipping the
    moves of probability 0. `column_ends[s, c]`: one past the last column that column c
    can move to when the row side's signature is s."""
    columns = weights.shape[1]
    count = groups.shape[0]
    first = np.zeros(count, dtype=np.int64)  # per signature: columns first…end pushed
    end = np.zeros(count, dtype=np.int64)  # (end 0: nothing this row)
    for position in range(order.shape[0]):
        r = order[position]
        arrived = weights[r]
        if not arrived.any():
            continue
        moves = t_columns[signatures[position]]
        ends = column_ends[signatures[position]]
        within_row(moves, ends, factors[position], arrived, arrived)
        top = reach[position]
        if top <= r + 1:
            continue
        visits = leave[position]
        for column in range(columns):
            visit = arrived[column] * visits[column]
            group = column_group[column]
            if group < 0 or not visit > floor:
                continue
            out = pushed[group]
            if end[group] == 0:
                first[group] = column
                end[group] = column
            stop = ends[column]
            if stop > end[group]:  # zero what this column reaches first
                out[end[group] : stop] = 0.0
                end[group] = stop
            row = moves[column]
            for later in range(column, stop):  # every move goes to a later column
                out[later] += visit * row[later]
        for group in range(count):
            if end[group] == 0:
                continue
            out = pushed[group]
            low, high = first[group], end[group]
            end[group] = 0
            leaving = t_rows[groups[group], r]
            for target in range(r + 1, top):
                chance = leaving[target]
                if chance != 0.0:
                    into = weights[target]
                    for column in range(low, high):
                        into[column] += chance * out[column]


def _compiled(function: Any) -> Any:
    """`function` compiled, its machine code cached on disk where numba finds a writable
    place (beside this file, else the user's cache directory); compiled in each process
    where it finds none (installed read-only, run by a user without a home), rather than
    refusing to load: numba raises at decoration when no cache location is writable."""
    try:
        return numba.njit(cache=True, nogil=True)(function)
    except RuntimeError:
        log.warning("no writable numba cache for %s: compiled in each process", function.__name__)
        return numba.njit(nogil=True)(function)


simulate: Any = _compiled(_simulate)
within_row: Any = _compiled(_within_row)
solve_rows: Any = _compiled(_solve_rows)


def _compile() -> None:
    """Compile (or load from the cache) the exact method's loops at import, for its first
    answer: the forkserver of `bot.compute` imports this module once for all its
    workers. `simulate`, which takes about a second and a half to compile the first time
    on a machine, compiles on its first call (Monte Carlo runs for large fleets, where a
    simulation takes that long anyway) and loads from the cache after that."""
    floats = np.zeros(0, dtype=np.float64)
    square = np.zeros((0, 0), dtype=np.float64)
    ints = np.zeros(0, dtype=np.int64)
    within_row(square, ints, floats, floats, floats)
    cube = np.zeros((0, 0, 0), dtype=np.float64)
    table = np.zeros((0, 0), dtype=np.int64)
    solve_rows(
        square, ints, ints, cube, cube, table, ints, ints, square, square, ints, 0.0, square
    )  # fmt: skip


_compile()
