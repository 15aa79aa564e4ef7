"""Exact odds with dense numpy matrices (FC-I17 automatic mode, no round cap).

The same dynamic programme as `odds._exact`, written as matrix algebra over whole rows:

- For each side and each ship-count vector of the other side (its *signature*: all its
  volleys depend on, FC-I7, FC-I11), one transition matrix over the side's states: per own
  class a chain matrix per packet (the binomial with the kill cap's reach and the chain's
  end, FC-I11/FC-I12; terms below the tolerance left out exactly as `Model._offsets` does),
  composed in firing order and combined over classes with a Kronecker product.
- Rows are one side's states in id order (every move raises the id), columns the other's.
  In row r the column side moves alone while the row side stays: a triangular linear system
  over the row's columns (the self-loop summed as a geometric series, as in `_exact`),
  solved by forward substitution. What leaves the row is summed per column signature and
  pushed to the later rows the row side's moves reach. The row loop is compiled
  (`odds_kernel.solve_rows`): with the zero moves skipped it does about the work of a
  calculator that spreads each state's mass over both sides' binomials.
- A side of one class whose every chain position is a state (the usual one-class fleet)
  has its packet matrices built straight into the transition tensor.

Each side is restricted to its reachable states (`reachable`): with the ladder shielding
classes (FC-I8) they are often far fewer than the product of the chains, which is what
lets mixed fleets of a dozen multi-life ships a side be solved exactly. `fits` tells when
the matrices stay within memory; `odds` falls back to the pure-Python programme otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np

from bot.rules.fleet_combat.odds_arrays import AimTable
from bot.rules.fleet_combat.odds_arrays import Bools
from bot.rules.fleet_combat.odds_arrays import Floats
from bot.rules.fleet_combat.odds_arrays import Ints
from bot.rules.fleet_combat.odds_arrays import SideArrays
from bot.rules.fleet_combat.odds_arrays import limit_table
from bot.rules.fleet_combat.odds_model import Model
from bot.rules.fleet_combat.odds_model import binomial_rows

STALL = 1.0 - 1e-12  # as `odds._STALL`: nobody can hurt anybody, a round-cap draw
# Largest transition tensors kept (floats, both sides together): 12M ≈ 96 MB.
DENSE_ENTRIES = 12_000_000
# Visits below the tolerance times this are not pushed to later rows (`solve`).
VISIT_FLOOR = 1e-6


def reachable(model: Model, index: int) -> Ints:
    """Side `index`'s states a battle can reach, ascending. From a state, the other side's
    firing classes (those it starts with) aim at some of its classes (FC-I8, FC-I17); a
    round can add any number of wounds to each of those at once, so every state of that
    box is a successor. A superset of the states the exact method reaches, closed under
    its moves, and often far smaller than the product of the chains when the ladder
    shields classes."""
    side, other = model.sides[index], model.sides[1 - index]
    firing = [i for i in range(len(model.classes)) if model.dice[i] and other.counts_at(0)[i]]
    if len(side.chains) == 1 and firing:  # one class: every wound count can be reached
        return np.arange(side.size, dtype=np.int64)
    lengths = [len(chain) for chain in side.chains]
    # state → the classes of the box it was first found in (all of that box is listed): a
    # state aiming at no class outside them has its own box inside that one
    covered: dict[int, frozenset[int]] = {0: frozenset()}
    stack = [0]
    while stack:
        state = stack.pop()
        if not side.alive(state):
            continue
        aims = model.aim_vector(side.counts_at(state))
        hit = frozenset(side.position[t] for i in firing if (t := aims[i]) is not None)
        if hit <= covered[state]:
            continue
        digits = side.decode(state)
        box = np.asarray([state], dtype=np.int64)
        for own in sorted(hit):
            steps = np.arange(lengths[own] - digits[own], dtype=np.int64) * side.strides[own]
            box = (box[:, None] + steps[None, :]).reshape(-1)
        for found in box.tolist():
            if found not in covered:
                covered[found] = hit
                stack.append(found)
    return np.asarray(sorted(covered), dtype=np.int64)


class DenseSide:
    """A side's reachable states (`reachable`; positions 0… in id order, every move goes
    to a later one) with their chain positions, ship counts, live flags and count
    signatures."""

    def __init__(self, model: Model, index: int) -> None:
        self.index = index
        self.side = model.sides[index]
        self.arrays = SideArrays.of(self.side)
        self.ids = reachable(model, index)
        self.size = int(self.ids.size)
        self.digits = self.arrays.digits(self.ids)
        self.counts = self.arrays.class_counts(self.digits, len(model.classes), self.size)
        self.alive: Bools = np.asarray(self.counts.any(axis=0), dtype=np.bool_)
        unique, inverse = unique_rows(self.counts.T)
        self.signatures = unique  # one ship-count vector per row
        self.signature = inverse.reshape(-1)
        # where the other side's classes aim at each state: distinct aim vectors, members
        aims_of = AimTable(model, self.arrays)
        own_counts = self.counts[self.arrays.model_index]
        aims = aims_of.aims(aims_of.key(own_counts), own_counts)
        groups, members = unique_rows(aims.T.astype(np.int64))
        self.aim_groups = groups
        self.aim_members = members.reshape(-1)


def unique_rows(rows: Ints) -> tuple[Ints, Ints]:
    """`np.unique(rows, axis=0, return_inverse=True)` for small integers from −1 up: each
    row as one mixed-radix number, first column most significant, so that the numbers sort
    as the rows do (numpy sorts rows through a structured view, far slower on small tables)."""
    if rows.size == 0 or int(rows.min()) < -1:
        unique, inverse = np.unique(rows, axis=0, return_inverse=True)
        return unique, inverse.reshape(-1)
    spans = [int(top) + 2 for top in rows.max(axis=0)]  # digits 0…top + 1
    if math.prod(spans) >= 1 << 62:
        unique, inverse = np.unique(rows, axis=0, return_inverse=True)
        return unique, inverse.reshape(-1)
    places = np.ones(len(spans), dtype=np.int64)
    for column in range(len(spans) - 2, -1, -1):
        places[column] = places[column + 1] * spans[column + 1]
    keys = (rows.astype(np.int64) + 1) @ places
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    return rows[first], inverse.reshape(-1)


def cost(row: DenseSide, column: DenseSide) -> float:
    """Multiply-adds of `solve` with `row` as the row side, at their worst: the in-row
    forward substitutions and the pushes to later rows (half of each is the triangle of
    later states; the compiled loop skips the moves of probability 0 on top of that)."""
    r, c = float(row.size), float(column.size)
    return r * c * c / 2 + r * r * len(column.signatures) * c / 2


def build_cost(sides: tuple[DenseSide, DenseSide]) -> tuple[int, float]:
    """Building both transition tensors: the (attacker signature, aim group) blocks, and
    their entries times the classes multiplied into each."""
    blocks = 0
    entries = 0.0
    for target, attacker in (sides, sides[::-1]):
        signatures = len(attacker.signatures)
        blocks += signatures * len(target.aim_groups)
        entries += signatures * float(target.size) ** 2 * (1 + len(target.digits))
    return blocks, entries


def fits(sides: tuple[DenseSide, DenseSide]) -> bool:
    """Whether both sides' transition tensors stay within DENSE_ENTRIES floats."""
    a, b = sides
    entries = len(b.signatures) * a.size * a.size + len(a.signatures) * b.size * b.size
    return entries <= DENSE_ENTRIES


Packet = tuple[int, float, int | None]  # dice, P(one die wounds), kill cap


def transitions(model: Model, target: DenseSide, attacker: DenseSide, index: int) -> Floats:
    """T[s, x, x']: P(side `index` moves from x to x' in a round | the attacker's ship
    counts are signature s), over the target's reachable states. Rows of dead states are
    the identity."""
    size = target.size
    tensor = np.zeros((len(attacker.signatures), size, size))
    groups, members = target.aim_groups, target.aim_members
    rows_of = [np.flatnonzero(members == g) for g in range(len(groups))]
    same = [d[:, None] == d[None, :] for d in target.digits]  # per own class: unchanged
    plans = {
        (s, g): _packets(model, index, counts, aim_vector)
        for s, counts in enumerate(attacker.signatures.tolist())
        for g, aim_vector in enumerate(groups.tolist())
    }
    # one class whose every chain position is reachable: states are chain positions
    plain = len(target.digits) == 1 and bool((target.digits[0] == np.arange(size)).all())
    if plain and len(groups) == 2 and size > 1:
        built = _plain_transitions(model, target, plans)
        if built is not None:
            return built
    single = _packet_matrices(model, index, plans.values())
    chains_of: dict[tuple[int, tuple[Packet, ...]], Floats] = {}
    for (s, g), packets in plans.items():
        rows = rows_of[g]
        if plain and packets:
            (only,) = packets.values()
            matrix = _composed(single, 0, only)
            low, high = int(rows[0]), int(rows[-1]) + 1
            if high - low == rows.size:  # consecutive states: plain slices, no gathers
                tensor[s, low:high] = matrix[low:high]
            else:
                tensor[s, rows, :] = matrix[rows]
            continue
        block = np.ones((rows.size, size))
        for own, d in enumerate(target.digits):
            listed = packets.get(own)
            if not listed:
                block *= same[own][rows]
                continue
            chain = chains_of.get((own, listed))
            if chain is None:
                chain = chains_of[(own, listed)] = _composed(single, own, listed)
            block *= chain[d[rows][:, None], d[None, :]]
        tensor[s, rows, :] = block
    return tensor


def _composed(
    single: dict[tuple[int, Packet], Floats], own: int, listed: tuple[Packet, ...]
) -> Floats:
    """Several groups' packets on one class, applied in firing order (FC-I17)."""
    chain = single[(own, listed[0])]
    for packet in listed[1:]:
        chain = chain @ single[(own, packet)]
    return chain


def _packets(
    model: Model, index: int, counts: list[int], aims: list[int]
) -> dict[int, tuple[Packet, ...]]:
    """Per own class of side `index`, the packets an attacker with ship counts `counts`
    aiming per `aims` sends at it, in firing order (FC-I17)."""
    side = model.sides[index]
    packets: dict[int, list[Packet]] = {}
    for shooter, size in enumerate(counts):
        target = aims[shooter]
        if not size or not model.dice[shooter] or target < 0:
            continue
        cap = size if model.settings.kill_cap else None
        packet = (size * model.dice[shooter], model.wound_p[shooter][target], cap)
        packets.setdefault(side.position[target], []).append(packet)
    return {own: tuple(listed) for own, listed in packets.items()}


def _packet_matrices(
    model: Model, index: int, plans: Iterable[dict[int, tuple[Packet, ...]]]
) -> dict[tuple[int, Packet], Floats]:
    """Every packet's matrix on its class, P(chain position d → d + k) as `Model._offsets`
    (the binomial within the reach of the kill cap, FC-I11; the rest at the reach; terms
    below the tolerance left out), built per class for all its packets at once."""
    wanted: dict[int, list[Packet]] = {}
    for plan in plans:
        for own, listed in plan.items():
            for packet in listed:
                if packet not in wanted.setdefault(own, []):
                    wanted[own].append(packet)
    found: dict[tuple[int, Packet], Floats] = {}
    for own, packets in wanted.items():
        matrices = _class_matrices(model, index, own, packets)
        for number, packet in enumerate(packets):
            found[(own, packet)] = matrices[number]
    return found


def _class_matrices(
    model: Model, index: int, own: int, packets: list[Packet], out: Floats | None = None
) -> Floats:
    """The matrices of `_packet_matrices` for packets on one class, stacked (into `out`
    when given)."""
    side = model.sides[index]
    length = len(side.chains[own])
    positions = np.arange(length)
    most = max(n for n, _, _ in packets)
    caps = max((cap for _, _, cap in packets if cap is not None), default=0)
    table = limit_table(side, own, caps, model.overflow_lost)
    limits = np.stack([table[caps + 1 if cap is None else cap] for _, _, cap in packets])
    # pmf[k, length − 1 + i] = P(i wounds) for the kept terms (zero elsewhere), so that
    # a window of `length` starting at length − 1 − d is row d of the shifted binomial
    dice = np.asarray([n for n, _, _ in packets], dtype=np.int64)
    terms = binomial_rows(dice.tolist(), [p for _, p, _ in packets])
    # tail[k, i] = P(at least i wounds), summed from the top as `Model._pmf_tail` does
    tail = np.zeros((len(packets), most + 2))
    tail[:, : most + 1] = np.cumsum(terms[:, ::-1], axis=1)[:, ::-1]
    # the kept terms: from the first to the last above the tolerance (`Model._pmf_tail`)
    above = terms > model.tolerance
    found = above.any(axis=1)
    lowest = np.where(found, np.argmax(above, axis=1), 0)
    highest = np.where(found, most + 1 - np.argmax(above[:, ::-1], axis=1), 1)
    wounds = np.arange(most + 1)
    kept = (wounds[None, :] >= lowest[:, None]) & (wounds[None, :] < highest[:, None])
    pmf = np.zeros((len(packets), 2 * length + most + 2))
    pmf[:, length - 1 : length + most] = np.where(kept, terms, 0.0)
    room = limits - positions[None, :]  # (packets, positions)
    windows = np.lib.stride_tricks.sliding_window_view(pmf, length, axis=1)
    shifted = windows[:, length - 1 :: -1, :] if length > 1 else windows[:, :1, :]
    ends = dice[:, None] >= room
    share = np.where(
        ends, tail[np.arange(len(packets))[:, None], np.minimum(room, dice[:, None] + 1)], 0.0
    )
    ends &= share > model.tolerance
    which, start = np.nonzero(ends)
    # d → d + k below the reach; the reach itself gets the tail (which holds its own term)
    if bool(((room < highest[:, None] - 1) & (limits < length - 1)).any()):
        # kept terms past a reach: cut them off
        matrices = np.multiply(shifted, positions[None, None, :] < limits[:, :, None], out=out)
        matrices[which, start, limits[which, start]] += share[which, start]
    else:  # no kept term lies past a reach: the binomial rows as they are
        if out is None:
            matrices = shifted.copy()
        else:
            matrices = out
            np.copyto(matrices, shifted)
        matrices[which, start, limits[which, start]] = share[which, start]
    return matrices


def _plain_transitions(
    model: Model, target: DenseSide, plans: dict[tuple[int, int], dict[int, tuple[Packet, ...]]]
) -> Floats | None:
    """`transitions` when the target is one class whose every chain position is a state,
    the last one dead, and each attacker signature s ≥ 1 sends one packet at the live
    states (in the usual order, signature 0 firing nothing): the packet matrices are built
    straight into the tensor. None when the plans are not of that shape."""
    size = target.size
    members = target.aim_members
    alive_group = int(members[0])
    if not (bool((members[:-1] == alive_group).all()) and members[-1] != alive_group):
        return None
    signatures = 1 + max(s for s, _ in plans)
    packets: list[Packet] = []
    for s in range(signatures):
        listed = plans.get((s, alive_group), {}).get(0, ())
        if (s == 0) != (len(listed) == 0) or len(listed) > 1 or plans.get((s, 1 - alive_group)):
            return None
        packets.extend(listed)
    if not packets:
        return None
    tensor = np.empty((signatures, size, size))
    tensor[0] = np.eye(size)
    _class_matrices(model, target.index, 0, packets, out=tensor[1:])
    tensor[1:, size - 1, :] = 0.0  # the dead state stays where it is
    tensor[1:, size - 1, size - 1] = 1.0
    return tensor


def solve(
    model: Model, by_rows: int, sides: tuple[DenseSide, DenseSide] | None = None
) -> tuple[Floats, list[tuple[int, int, float]], float, int]:
    """The end-state weights W[r, c] (rows: side `by_rows`), the stalled states with their
    weights, the expected number of rounds and the number of live states visited."""
    from bot.rules.fleet_combat.odds_kernel import solve_rows  # numba loads when needed

    if sides is None:
        sides = (DenseSide(model, 0), DenseSide(model, 1))
    row_side, column_side = sides[by_rows], sides[1 - by_rows]
    # row side's moves when the column side (signature s) fires, and vice versa
    t_rows = transitions(model, row_side, column_side, by_rows)
    if mirrored(model):  # the same fleet on both sides: the same moves (read only)
        t_columns = t_rows
    else:
        t_columns = transitions(model, column_side, row_side, 1 - by_rows)
    rows, columns = row_side.size, column_side.size
    weights = np.zeros((rows, columns))
    weights[0, 0] = 1.0
    live = column_side.alive
    sigma = column_side.signature
    groups, column_group = np.unique(sigma, return_inverse=True)
    column_group = np.where(live, column_group.reshape(-1), -1)  # dead columns push nothing
    order = np.flatnonzero(row_side.alive)
    signatures = row_side.signature[order]
    stay_columns = np.einsum("scc->sc", t_columns)
    # per live row: P(the row side stays), P(both stay) and the rounds per arrival
    stay_rows = np.einsum("srr->rs", t_rows)[order][:, sigma]
    stay = stay_rows * stay_columns[signatures]
    stuck = (stay > STALL) & live[None, :]
    moving = live[None, :] & ~stuck
    leave = np.where(moving, 1.0 / np.where(moving, 1.0 - stay, 1.0), 0.0)
    factors = leave * stay_rows  # per visit, the share that stays in the row
    # Visits at or below the floor are not pushed on: with the model's tolerance (binomial
    # terms below it are skipped already) a millionth of it, so that all the states
    # together leave out far less than the results' 1e-12; none with tolerance 0
    floor = model.tolerance * VISIT_FLOOR
    reach = _last_nonzero(t_rows)[order]
    pushed = np.zeros((groups.size, columns))  # per column signature, what visits send on
    solve_rows(
        weights, order, signatures, t_rows, t_columns, _move_ends(t_columns), groups,
        column_group, leave, factors, reach, floor, pushed,
    )  # fmt: skip
    arrived_all = weights[order]
    rounds = float((arrived_all * leave).sum())
    visited = int(np.count_nonzero(arrived_all * live[None, :]))
    found = np.nonzero(stuck & (arrived_all != 0.0))
    stalled = [
        (int(order[p]), int(c), float(arrived_all[p, c]))
        for p, c in zip(found[0].tolist(), found[1].tolist(), strict=True)
    ]
    weights[order] = arrived_all * ~live[None, :]  # dead columns: the battle ended there
    return weights, stalled, rounds, visited


def mirrored(model: Model) -> bool:
    """Whether both sides are the same fleet: the same classes with the same wounds, so the
    same chains, states, targets and moves (every figure of the model is per class)."""
    a, b = model.sides
    return a.own == b.own and a.chains == b.chains


def _move_ends(tensor: Floats) -> Ints:
    """Per signature s and state x, one past the last state x moves to (T[s, x, :])."""
    size = tensor.shape[2]
    return np.asarray(size - np.argmax(tensor[:, :, ::-1] != 0.0, axis=2), dtype=np.int64)


def _last_nonzero(tensor: Floats) -> Ints:
    """Per row state, one past the last state any signature's transition reaches."""
    nonzero = tensor.sum(axis=0) != 0.0  # entries are probabilities: no cancellation
    size = nonzero.shape[1]
    last = size - np.argmax(nonzero[:, ::-1], axis=1)
    return np.asarray(last, dtype=np.int64)
