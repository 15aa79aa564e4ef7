"""`/combat odds`: who wins a battle fought in automatic mode (FC-I17), and what survives.

Three methods, one result type:

- **exact** — dynamic programming over fleet states (see `odds_model`: a class is its
  position on a damage chain, a side a mixed-radix integer). Damage is deferred (FC-I9), so
  in a round the two sides' new states are independent given the old ones, and a group's
  wounds are Binomial(S·N, P(hit)·P(defence fails)). Every non-self transition adds damage,
  so joint states are processed once, in order of damage taken, with the self-loop summed
  as a geometric series. Transitions are relative steps shared between states, and the
  row side's moves are applied once per group of columns with equal ship counts (the
  side with more states per count is the column side). Probabilities are floats (IEEE
  double), not rationals; binomial terms below `tolerance` (default 1e-12) are skipped,
  `tolerance=0` keeps them all.
  Where the matrices fit (`odds_dense.fits`, over each side's reachable states) the same
  programme runs as dense numpy matrix algebra, row by row (`odds_dense`); results agree
  to rounding. `auto` is exact when the measured cost
  model (`predicted_exact_seconds`) puts it within EXACT_SECONDS.
- **monte_carlo** — battles sampled round by round (`odds_simulation`: a loop compiled with
  numba, `odds_kernel`, or for fleets with too many ship-count vectors a pool vectorised
  across battles with numpy), from a seeded numpy Generator created there (simulation-only,
  never game dice; the seed is in the result). One standard error is reported for every figure,
  the expected length included.
- **engine_simulation** — battles fought by the real round engine with seeded simulation
  dice; used when a setting the state model does not express is on (`deferred_damage =
  false`, `burn_excess = false`). Slow, but it reads every setting.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field
from typing import Literal

import numpy as np

from bot.dice import Dice
from bot.dice import simulation_rng
from bot.i18n import Msg
from bot.rules.fleet_combat import odds_dense
from bot.rules.fleet_combat.automatic import fight_automatic
from bot.rules.fleet_combat.messages import JoinedMsg
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.odds_arrays import Bools
from bot.rules.fleet_combat.odds_arrays import Floats
from bot.rules.fleet_combat.odds_arrays import Ints
from bot.rules.fleet_combat.odds_arrays import SideArrays
from bot.rules.fleet_combat.odds_arrays import end_figures
from bot.rules.fleet_combat.odds_model import Model
from bot.rules.fleet_combat.odds_model import Side
from bot.rules.fleet_combat.odds_model import Transition
from bot.rules.fleet_combat.odds_simulation import Simulation
from bot.rules.fleet_combat.odds_simulation import simulation_generator
from bot.rules.fleet_combat.rounds import ROUND_SAFETY_LIMIT
from bot.rules.fleet_combat.settings import DEFAULT_CLASS_ORDER
from bot.rules.fleet_combat.settings import FleetCombatSettings

OddsMethod = Literal["auto", "exact", "monte_carlo"]
# `auto` is exact when `predicted_exact_seconds` is at most this.
EXACT_SECONDS = 1.0
# The default simulation: blocks of battles until every chance's standard error is at most
# DEFAULT_MARGIN (0.1 percentage point), at most DEFAULT_BATTLES (enough for any chance).
DEFAULT_MARGIN = 0.001
DEFAULT_BATTLES = 250_000
SIMULATION_BLOCK = 50_000
# The real engine's default sample (it fights about a thousand battles a second).
ENGINE_BATTLES = 20_000
# Cost model of the exact methods, measured on the benchmark's shared 2-core machine
# (tests/bench/bench_fleet_combat.py prints predicted and measured times side by side).
# The dense solver (refitted with its compiled row loop): building the transition tensors
# is most of it; the constants put the prediction above the measured CPU time, by about
# 1.5-2× on a busy machine.
DENSE_SECONDS_FIXED = 2e-3
DENSE_SECONDS_PER_ROW = 1e-5
DENSE_SECONDS_PER_MULTIPLY_ADD = 1e-11
DENSE_SECONDS_PER_BLOCK = 5e-5
DENSE_SECONDS_PER_ENTRY = 6e-9
PYTHON_SECONDS_PER_PAIR = 2e-7
# Sides with more states than this are not listed state by state (`odds_dense.reachable`).
REACHABLE_LISTED = 20_000
DEFAULT_TOLERANCE = 1e-12
_STALL = 1.0 - 1e-12


@dataclass(frozen=True)
class OddsResult:
    """P(A wins), P(B wins), P(draw) and expected survivors per class, with the method used.

    `draw` = `mutual_destruction` (both lose their last combat ships in one round) +
    `round_cap` (the round cap, or a battle nobody can damage). For sampled methods,
    `standard_errors` gives one standard error per figure ("a_wins", "survivors_a.cruiser"…,
    "expected_rounds"), and `seed` the simulation's seed.
    """

    method: Literal["exact", "monte_carlo", "engine_simulation"]
    a_wins: float
    b_wins: float
    draw: float
    mutual_destruction: float
    round_cap: float
    expected_survivors_a: dict[str, float]
    expected_survivors_b: dict[str, float]
    expected_rounds: float
    battles: int | None = None
    states: int | None = None
    standard_errors: dict[str, float] = field(default_factory=dict)
    seed: int | None = None


@dataclass(frozen=True)
class _Run:
    """How a result was found: the method and the expected rounds, with what it counted
    (sampled battles or visited states), a sample's seed and its rounds' standard error."""

    method: Literal["exact", "monte_carlo", "engine_simulation"]
    rounds: float
    battles: int | None = None
    states: int | None = None
    seed: int | None = None
    rounds_error: float | None = None


class _Tally:
    """Accumulates end states of battles (weights or sample counts) into an OddsResult."""

    def __init__(self, model: Model, fleets: tuple[Fleet, Fleet]) -> None:
        self.model = model
        self.transports = _transports(model, fleets)
        self.ends: dict[tuple[int, int, bool], float] = {}

    def add(self, a: int, b: int, capped: bool, weight: float) -> None:
        """Count `weight` battles (or probability) ending with sides `a`, `b`."""
        key = (a, b, capped)
        self.ends[key] = self.ends.get(key, 0.0) + weight

    def result(self, run: _Run) -> OddsResult:
        """Means (and, for samples, standard errors) of every figure."""
        keys = list(self.ends)
        ids = [np.asarray([k[i] for k in keys], dtype=np.int64) for i in (0, 1)]
        capped = np.asarray([k[2] for k in keys], dtype=np.bool_)
        weights = np.asarray(list(self.ends.values()), dtype=np.float64)
        counts = []
        for index in (0, 1):
            arrays = SideArrays.of(self.model.sides[index])
            digits = arrays.digits(ids[index])
            counts.append(arrays.class_counts(digits, len(self.model.classes), len(keys)))
        return _odds_result(
            run, self.model, self.transports, (counts[0], counts[1]), capped, weights
        )


def _transports(model: Model, fleets: tuple[Fleet, Fleet]) -> tuple[dict[str, int], dict[str, int]]:
    """Each side's non-combat ships by class (FC-I13)."""
    settings = model.settings
    found = tuple(
        {
            name: sum(1 for s in fleet.ships if s.ship_class == name)
            for name in dict.fromkeys(s.ship_class for s in fleet.ships)
            if not settings.is_combat_class(name)
        }
        for fleet in fleets
    )
    return found[0], found[1]


def _odds_result(
    run: _Run,
    model: Model,
    transports: tuple[dict[str, int], dict[str, int]],
    counts: tuple[Ints, Ints],
    capped: Bools,
    weights: Floats | None,
) -> OddsResult:
    """An OddsResult from end states: ships per model class of A and B (rows) per end
    state, round-cap flags, and weights (None: one sampled battle each)."""
    figures = end_figures(model, transports, counts, capped, weights, run.battles)
    means, errors = figures.means, figures.errors
    if run.rounds_error is not None:
        errors["expected_rounds"] = run.rounds_error

    def survivors(label: str) -> dict[str, float]:
        prefix = f"survivors_{label}."
        return {k[len(prefix) :]: v for k, v in means.items() if k.startswith(prefix)}

    return OddsResult(
        method=run.method,
        a_wins=means["a_wins"],
        b_wins=means["b_wins"],
        draw=means["draw"],
        mutual_destruction=means["mutual_destruction"],
        round_cap=means["round_cap"],
        expected_survivors_a=survivors("a"),
        expected_survivors_b=survivors("b"),
        expected_rounds=run.rounds,
        battles=run.battles,
        states=run.states,
        standard_errors=errors,
        seed=run.seed,
    )


def estimated_states(fleet_a: Fleet, fleet_b: Fleet, settings: FleetCombatSettings) -> int:
    """Joint states of the exact method: the product of both sides' damage-chain sizes."""
    size = 1
    for fleet in (fleet_a, fleet_b):
        for name in {s.ship_class for s in fleet.ships}:
            if settings.is_combat_class(name):
                life = settings.stats_of(name).life
                size *= 1 + sum(life - s.wounds for s in fleet.ships if s.ship_class == name)
    return size


def _exact(model: Model, tally: _Tally, max_rounds: int) -> OddsResult:
    if max_rounds:
        return _exact_capped(model, tally, max_rounds)
    side_a, side_b = model.sides
    if not (side_a.alive(0) and side_b.alive(0)):
        tally.add(0, 0, False, 1.0)
        return tally.result(_Run("exact", 1.0, states=1))
    sides = _dense_sides(model)
    if sides is not None:
        return _exact_dense(model, tally, sides)
    return _exact_python(model, tally)


def _exact_python(model: Model, tally: _Tally) -> OddsResult:
    """The dynamic programme in pure Python, state by state (sides too big for `odds_dense`)."""
    side_a, side_b = model.sides
    # Rows are one side's states, columns the other's. The moves of the row side depend on
    # the column side's ship counts only, so they are shared by the columns with equal
    # counts: the side with more states per ship count makes the better columns.
    by_rows = 0 if _states_per_count(side_b) >= _states_per_count(side_a) else 1
    side_r, side_c = model.sides[by_rows], model.sides[1 - by_rows]
    width = side_c.size
    order_r = sorted((r for r in range(side_r.size) if side_r.alive(r)), key=side_r.damage)
    order_c = sorted((c for c in range(width) if side_c.alive(c)), key=side_c.damage)
    rows: list[list[float] | None] = [None] * side_r.size
    first = [0.0] * width
    first[0] = 1.0
    rows[0] = first
    fire = model.fire
    shooter_r, shooter_c = by_rows, 1 - by_rows
    rounds = 0.0
    visited = 0
    stalled: list[tuple[int, int, float]] = []
    # Lexicographic order of (damage to the row side, damage to the column side) is
    # topological: a round never lowers either side's damage, and changes at least one
    # unless it is a self-loop. Within row `r`, the moves that leave the row side where it
    # is are added at once (later states of the row need them); the others wait for the end
    # of the row and are summed per row transition first (states of the row often share
    # one), so a target row gets one pass per distinct transition rather than per state.
    for r in order_r:
        row = rows[r]
        if row is None:
            continue
        groups: dict[Transition, list[tuple[int, float, Transition]]] = {}
        for c in order_c:
            weight = row[c]
            if weight == 0.0:
                continue
            visited += 1
            next_c, next_r = fire(shooter_r, r, c), fire(shooter_c, c, r)
            stay_r = next_r.stay
            stay = stay_r * next_c.stay
            if stay > _STALL:  # nobody can hurt anybody: reported as a round-cap draw
                row[c] = 0.0
                stalled.append((r, c, weight))
                continue
            scale = weight / (1.0 - stay)
            rounds += scale
            if stay_r:
                factor = scale * stay_r
                for step, pc in next_c.pairs:
                    row[c + step] += factor * pc
            row[c] = 0.0  # the self-loop share, already counted by `scale`
            if next_r.away:
                members = groups.get(next_r)
                if members is None:
                    groups[next_r] = [(c, scale, next_c)]
                else:
                    members.append((c, scale, next_c))
        for next_r, members in groups.items():
            if len(members) == 1:
                base, scale, next_c = members[0]
                pairs_c = next_c.pairs
            else:
                base, pairs_c = _combine(members)
                scale = 1.0
            if base:  # absolute column ids: one addition per pair instead of one per push
                pairs_c = [(base + step, pc) for step, pc in pairs_c]
            for step_r, pr in next_r.away:
                target = rows[r + step_r]
                if target is None:
                    target = rows[r + step_r] = [0.0] * width
                factor = scale * pr
                for column, pc in pairs_c:
                    target[column] += factor * pc
    for r, c, weight in stalled:
        tally.add(*((r, c) if by_rows == 0 else (c, r)), True, weight)
    for r, row in enumerate(rows):
        if row is not None:
            for c, weight in enumerate(row):
                if weight > 0.0:
                    tally.add(*((r, c) if by_rows == 0 else (c, r)), False, weight)
    return tally.result(_Run("exact", rounds, states=visited))


def _dense_sides(model: Model) -> tuple[odds_dense.DenseSide, odds_dense.DenseSide] | None:
    """Both sides' reachable states for the dense solver, or None when its matrices would
    not fit (`odds_dense.fits`) or a side has too many states to list."""
    if max(side.size for side in model.sides) > REACHABLE_LISTED:
        return None
    first = odds_dense.DenseSide(model, 0)
    # the same fleet on both sides: the same states, counts and targets
    second = first if odds_dense.mirrored(model) else odds_dense.DenseSide(model, 1)
    sides = (first, second)
    return sides if odds_dense.fits(sides) else None


def _exact_dense(
    model: Model, tally: _Tally, sides: tuple[odds_dense.DenseSide, odds_dense.DenseSide]
) -> OddsResult:
    """`_exact` as dense matrix algebra (`odds_dense`), rows the cheaper way round."""
    by_rows = 0 if odds_dense.cost(sides[0], sides[1]) <= odds_dense.cost(sides[1], sides[0]) else 1
    weights, stalled, rounds, visited = odds_dense.solve(model, by_rows, sides)
    rows, columns = np.nonzero(weights)
    ids = (rows, columns) if by_rows == 0 else (columns, rows)
    ends = [weights[rows, columns]]
    capped = [np.zeros(rows.size, dtype=np.bool_)]
    id_a, id_b = [ids[0]], [ids[1]]
    if stalled:
        r, c, w = (np.asarray(v) for v in zip(*stalled, strict=True))
        id_a.append(r if by_rows == 0 else c)
        id_b.append(c if by_rows == 0 else r)
        ends.append(w.astype(np.float64))
        capped.append(np.ones(r.size, dtype=np.bool_))
    counts = []
    for index, found in ((0, id_a), (1, id_b)):
        table = sides[index]
        counts.append(table.counts[:, np.concatenate(found).astype(np.int64)])
    return _odds_result(
        _Run("exact", rounds, states=visited),
        model,
        tally.transports,
        (counts[0], counts[1]),
        np.concatenate(capped),
        np.concatenate(ends),
    )


def _states_per_count(side: Side) -> float:
    """A side's states per distinct ship-count vector."""
    counts = 1
    for chain in side.counts:
        counts *= len(set(chain))
    return side.size / counts


def _combine(members: list[tuple[int, float, Transition]]) -> tuple[int, list[tuple[int, float]]]:
    """Σ scale · (column side's next state) over several states of a row: a base id and
    (step, weight) pairs."""
    lo = min(b + min(next_b.pairs)[0] for b, _, next_b in members)
    hi = max(b + max(next_b.pairs)[0] for b, _, next_b in members) + 1
    if hi - lo <= 4 * sum(len(next_b.pairs) for _, _, next_b in members):
        dense = [0.0] * (hi - lo)
        for b, scale, next_b in members:
            offset = b - lo
            for step, pb in next_b.pairs:
                dense[offset + step] += scale * pb
        return lo, [(i, v) for i, v in enumerate(dense) if v]
    sparse: dict[int, float] = {}
    for b, scale, next_b in members:
        for step, pb in next_b.pairs:
            sparse[b + step] = sparse.get(b + step, 0.0) + scale * pb
    return 0, list(sparse.items())


def _exact_capped(model: Model, tally: _Tally, max_rounds: int) -> OddsResult:
    side_a, side_b = model.sides
    width = side_b.size
    dist: dict[int, float] = {0: 1.0}
    rounds = 0.0
    visited = 0
    for _ in range(max_rounds):
        rounds += sum(dist.values())
        new: dict[int, float] = {}
        for key, weight in dist.items():
            visited += 1
            a, b = divmod(key, width)
            next_a, next_b = model.fire(1, b, a), model.fire(0, a, b)
            for step_a, pa in next_a.pairs:
                a2 = a + step_a
                for step_b, pb in next_b.pairs:
                    b2 = b + step_b
                    value = weight * pa * pb
                    if side_a.alive(a2) and side_b.alive(b2):
                        k = a2 * width + b2
                        new[k] = new.get(k, 0.0) + value
                    else:
                        tally.add(a2, b2, False, value)
        dist = new
        if not dist:
            break
    for key, weight in dist.items():
        tally.add(*divmod(key, width), True, weight)
    return tally.result(_Run("exact", rounds, states=visited))


def _monte_carlo(
    model: Model, tally: _Tally, battles: int | None, seed: int, max_rounds: int
) -> OddsResult:
    """Battles sampled with the vectorised simulation (`odds_simulation`): `battles` of
    them, or by default blocks of SIMULATION_BLOCK until every chance's standard error is
    at most DEFAULT_MARGIN (at most DEFAULT_BATTLES)."""
    if not (model.sides[0].alive(0) and model.sides[1].alive(0)):  # no round is fought
        count = SIMULATION_BLOCK if battles is None else battles
        tally.add(0, 0, False, float(count))
        return tally.result(_Run("monte_carlo", 1.0, battles=count, seed=seed, rounds_error=0.0))
    simulation = Simulation(model)
    rng = simulation_generator(seed)
    cap = max_rounds or ROUND_SAFETY_LIMIT
    parts = []
    while True:
        block = battles if battles is not None else SIMULATION_BLOCK
        parts.append(simulation.run(block, rng, cap))
        if len(parts) == 1:
            survivors_a, survivors_b, capped, lengths = parts[0]
        else:
            survivors_a, survivors_b = (
                np.concatenate([p[i] for p in parts], axis=1) for i in (0, 1)
            )
            capped, lengths = (np.concatenate([p[i] for p in parts]) for i in (2, 3))
        counts = (survivors_a, survivors_b)
        done = int(capped.size)
        if battles is not None or done >= DEFAULT_BATTLES:
            break
        if _largest_chance_error(counts, capped) <= DEFAULT_MARGIN:
            break
    rounds = float(lengths.mean())
    spread = float(lengths.std())
    return _odds_result(
        _Run("monte_carlo", rounds, battles=done, seed=seed, rounds_error=spread / math.sqrt(done)),
        model,
        tally.transports,
        counts,
        capped,
        None,
    )


def _largest_chance_error(counts: tuple[Ints, Ints], capped: Bools) -> float:
    """The largest standard error of P(A wins), P(B wins) and P(draw) over sampled battles."""
    alive_a, alive_b = counts[0].any(axis=0), counts[1].any(axis=0)
    free = ~capped
    chances = [
        float((free & alive_a & ~alive_b).mean()),
        float((free & alive_b & ~alive_a).mean()),
    ]
    chances.append(1.0 - chances[0] - chances[1])
    return max(math.sqrt(p * (1.0 - p) / capped.size) for p in chances)


class _SimulationFaces:
    """Faces for engine simulations, from the seeded simulation generator (never game dice)."""

    def __init__(self, seed: int) -> None:
        self._rng = simulation_rng(seed)

    def face(self, sides: int) -> int:
        """One uniform face."""
        return self._rng.randint(1, sides)


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while the state model runs. Its caches build tens
    of thousands of small containers that stay alive, and each collection would walk the
    whole heap again (three times the build cost in a bot process). Nothing here makes
    reference cycles; reference counting still frees memory as usual."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _engine_simulation(
    fleet_a: Fleet,
    fleet_b: Fleet,
    model: Model,
    tally: _Tally,
    battles: int,
    seed: int,
    max_rounds: int,
) -> OddsResult:
    faces = _SimulationFaces(seed)
    side_a = fleet_a.model_copy(update={"faction": "a"})
    side_b = fleet_b.model_copy(update={"faction": "b"})
    lengths = []
    for _ in range(battles):
        result = fight_automatic(side_a, side_b, model.settings, Dice(faces), max_rounds=max_rounds)
        lengths.append(result.rounds_fought)
        a = model.sides[0].id_of(result.fleets["a"], model.classes)
        b = model.sides[1].id_of(result.fleets["b"], model.classes)
        tally.add(a, b, result.result.reason == "round_cap", 1.0)
    spread = float(np.std(lengths))
    return tally.result(
        _Run(
            "engine_simulation",
            sum(lengths) / battles,
            battles=battles,
            seed=seed,
            rounds_error=spread / math.sqrt(battles),
        )
    )


def combat_odds(
    fleet_a: Fleet,
    fleet_b: Fleet,
    settings: FleetCombatSettings,
    *,
    method: OddsMethod = "auto",
    battles: int | None = None,
    seed: int = 0,
    max_rounds: int | None = None,
    tolerance: float = DEFAULT_TOLERANCE,
) -> OddsResult:
    """Odds of `fleet_a` (firing first) against `fleet_b` in automatic mode (FC-I17).

    `auto` is exact when `predicted_exact_seconds` ≤ EXACT_SECONDS, else Monte Carlo with
    `battles` seeded battles; by default (None) as many as it takes for every chance to be
    within DEFAULT_MARGIN (one standard error), at most DEFAULT_BATTLES, and ENGINE_BATTLES
    for the real engine. `max_rounds` defaults to `settings.max_rounds` (0 = no cap).
    Binomial terms below `tolerance` are skipped (0 keeps every term).
    """
    cap = settings.max_rounds if max_rounds is None else max_rounds
    if not settings.deferred_damage or not settings.burn_excess:
        model = Model(settings, fleet_a, fleet_b, tolerance)
        tally = _Tally(model, (fleet_a, fleet_b))
        fought = ENGINE_BATTLES if battles is None else battles
        return _engine_simulation(fleet_a, fleet_b, model, tally, fought, seed, cap)
    with _cyclic_gc_paused():  # the model and its caches are freed before it resumes
        return _state_model(fleet_a, fleet_b, settings, method, battles, seed, cap, tolerance)


def _state_model(
    fleet_a: Fleet,
    fleet_b: Fleet,
    settings: FleetCombatSettings,
    method: OddsMethod,
    battles: int | None,
    seed: int,
    cap: int,
    tolerance: float,
) -> OddsResult:
    model = Model(settings, fleet_a, fleet_b, tolerance)
    tally = _Tally(model, (fleet_a, fleet_b))
    if method == "exact" or (
        method == "auto" and predicted_exact_seconds(model, cap) <= EXACT_SECONDS
    ):
        return _exact(model, tally, cap)
    return _monte_carlo(model, tally, battles, seed, cap)


def predicted_exact_seconds(model: Model, max_rounds: int) -> float:
    """What the exact method should take, from a cost model measured on the benchmark
    machine: for the dense solver its rows and multiply-adds over the reachable states
    (`odds_dense.cost`); for the pure-Python programme the reachable joint states times the
    moves out of each."""
    sides = None if max_rounds else _dense_sides(model)
    if sides is not None:
        work = min(odds_dense.cost(sides[0], sides[1]), odds_dense.cost(sides[1], sides[0]))
        rows = max(sides[0].size, sides[1].size)
        blocks, entries = odds_dense.build_cost(sides)
        return (
            DENSE_SECONDS_FIXED
            + rows * DENSE_SECONDS_PER_ROW
            + work * DENSE_SECONDS_PER_MULTIPLY_ADD
            + blocks * DENSE_SECONDS_PER_BLOCK
            + entries * DENSE_SECONDS_PER_ENTRY
        )
    states = 1.0
    for index in (0, 1):
        listed = model.sides[index].size <= REACHABLE_LISTED
        states *= odds_dense.reachable(model, index).size if listed else model.sides[index].size
    pairs = states * _move_width(model, 0) * _move_width(model, 1)
    if max_rounds:
        pairs = min(pairs, pairs * max_rounds / max(1.0, states))
    return pairs * PYTHON_SECONDS_PER_PAIR


def _move_width(model: Model, index: int) -> int:
    """Outcomes of one round's fire at side `index` by the other's whole fleet at the start:
    the binomial terms above the tolerance, at most the side's chain positions."""
    side, other = model.sides[index], model.sides[1 - index]
    counts = other.counts_at(0)
    dice = sum(n * model.dice[i] for i, n in enumerate(counts))
    if not dice:
        return 1
    p = max(max(row) for row in model.wound_p)
    _, _, lo, hi = model._pmf_tail(dice, p)
    return max(1, min(hi - lo, side.size))


def odds_lines(result: OddsResult, name_a: str, name_b: str) -> list[Msg]:
    """The odds as summary lines: chances, expected survivors, length, and last the method.
    A sampled result gives every figure with its margin (one standard error)."""
    errors = result.standard_errors
    sampled = result.method != "exact"
    lines = [Msg("fleet_combat.odds.header", a=name_a, b=name_b)]
    for faction, key, value in (
        (name_a, "a_wins", result.a_wins),
        (name_b, "b_wins", result.b_wins),
    ):
        if sampled:
            margin = 100 * errors.get(key, 0.0)
            lines.append(
                Msg("fleet_combat.odds.win_margin", faction=faction, pct=100 * value, margin=margin)
            )
        else:
            lines.append(Msg("fleet_combat.odds.win", faction=faction, pct=100 * value))
    if sampled:
        margin = 100 * errors.get("draw", 0.0)
        lines.append(Msg("fleet_combat.odds.draw_margin", pct=100 * result.draw, margin=margin))
    else:
        lines.append(Msg("fleet_combat.odds.draw", pct=100 * result.draw))
    for label, name, survivors in (
        ("a", name_a, result.expected_survivors_a),
        ("b", name_b, result.expected_survivors_b),
    ):
        parts = []
        for ship_class, mean in survivors.items():
            shown = _survivors_msg(ship_class, mean)
            if shown is None:
                continue
            if sampled:
                error = errors.get(f"survivors_{label}.{ship_class}", 0.0)
                shown = _margin_msg(shown, error)
            parts.append(shown)
        lines.append(
            Msg(
                "fleet_combat.odds.survivors",
                faction=name,
                ships=JoinedMsg(parts, empty=Msg("fleet_combat.fleet.empty")),
            )
        )
    if sampled:
        margin = errors.get("expected_rounds", 0.0)
        lines.append(
            Msg("fleet_combat.odds.rounds_margin", rounds=result.expected_rounds, margin=margin)
        )
        lines.append(
            Msg(
                f"fleet_combat.odds.method.{result.method}",
                battles=result.battles or 0,
                seed=result.seed if result.seed is not None else 0,
            )
        )
    else:
        lines.append(Msg("fleet_combat.odds.rounds", rounds=result.expected_rounds))
        states = result.states or 0
        lines.append(Msg("fleet_combat.odds.method.exact", count=states))
    return lines


# Expected survivors below this are shown as "under 0.001 ships"; exactly 0 is not shown.
_SMALLEST_SHOWN = 0.0005


def _survivors_msg(ship_class: str, mean: float) -> Msg | None:
    """ "2.31 cruisers", "2.80 fighters", "2.00 destroyers": every mean with two decimals;
    small means keep a significant digit ("0.003 cruisers", "under 0.001 cruisers") so a
    side that rarely wins does not read as keeping nothing."""
    if mean <= 0.0:
        return None
    if mean < _SMALLEST_SHOWN:
        return Msg("fleet_combat.odds.under", ships=_mean_ships(ship_class, 0.001))
    return _mean_ships(ship_class, mean)


def _mean_ships(ship_class: str, mean: float) -> Msg:
    """A mean number of ships of a class, its figure written by `_figure_msg`. A number
    shown with decimals always takes the plural form of a fraction ("2.00 destroyers",
    "2,00 эсминца"), so these messages need no plural choice."""
    figure = _figure_msg(mean)
    if ship_class in DEFAULT_CLASS_ORDER:
        return Msg(f"fleet_combat.odds.mean.{ship_class}", mean=figure)
    return Msg("fleet_combat.odds.mean.custom", name=ship_class, mean=figure)


def _margin_msg(value: Msg, error: float) -> Msg:
    """A sampled mean with its margin, the margin written as the means are."""
    return Msg("fleet_combat.odds.with_margin", value=value, margin=_figure_msg(error))


def _figure_msg(value: float) -> Msg:
    """Two decimals, or as many as one significant digit needs below 0.005 (0.003, 0.0007),
    in the reader's way of writing decimals."""
    places = 2
    if 0.0 < value < 0.005:
        places = max(2, min(4, -math.floor(math.log10(float(f"{value:.1g}")))))
    return Msg(f"fleet_combat.odds.figure.{places}", value=value)
