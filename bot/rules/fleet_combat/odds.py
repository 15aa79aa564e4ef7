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
- **monte_carlo** — battles sampled round by round with `bot.dice.simulation_rng(seed)`;
  one standard error is reported for every figure. Up to SAMPLED_STATE_LIMIT joint states
  each visited state caches its exact per-class move distributions (one uniform draw per
  class hit); beyond, where states rarely repeat, each group's wounds are drawn from a
  cached binomial CDF and moved along the target's chain. The cyclic garbage collector is
  paused while the state model runs (see `_cyclic_gc_paused`).
- **engine_simulation** — battles fought by the real round engine with seeded simulation
  dice; used when a setting the state model does not express is on (`deferred_damage =
  false`, `burn_excess = false`). Slow, but it reads every setting.
"""

from __future__ import annotations

import gc
import math
from bisect import bisect_right
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Literal

from bot.dice import Dice, simulation_rng
from bot.i18n import Msg
from bot.rules.fleet_combat.automatic import fight_automatic
from bot.rules.fleet_combat.messages import JoinedMsg, class_count
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.odds_model import Model, Plan, Side, Transition
from bot.rules.fleet_combat.rounds import ROUND_SAFETY_LIMIT
from bot.rules.fleet_combat.settings import FleetCombatSettings

OddsMethod = Literal["auto", "exact", "monte_carlo"]
# `auto` is exact up to this many joint states (the product of both sides' chain sizes).
EXACT_STATE_LIMIT = 20_000
# Above this many joint states Monte Carlo samples packet by packet (states rarely repeat).
SAMPLED_STATE_LIMIT = 5_000_000
DEFAULT_BATTLES = 100_000
DEFAULT_TOLERANCE = 1e-12
_STALL = 1.0 - 1e-12


@dataclass(frozen=True)
class OddsResult:
    """P(A wins), P(B wins), P(draw) and expected survivors per class, with the method used.

    `draw` = `mutual_destruction` (both lose their last combat ships in one round) +
    `round_cap` (the round cap, or a battle nobody can damage). For sampled methods,
    `standard_errors` gives one standard error per figure ("a_wins", "survivors_a.cruiser"…).
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


class _Tally:
    """Accumulates end states of battles (weights or sample counts) into an OddsResult."""

    def __init__(self, model: Model, fleets: tuple[Fleet, Fleet]) -> None:
        self.model = model
        settings = model.settings
        self.transports = tuple(
            {
                name: sum(1 for s in fleet.ships if s.ship_class == name)
                for name in dict.fromkeys(s.ship_class for s in fleet.ships)
                if not settings.is_combat_class(name)
            }
            for fleet in fleets
        )
        self.ends: dict[tuple[int, int, bool], float] = {}

    def add(self, a: int, b: int, capped: bool, weight: float) -> None:
        """Count `weight` battles (or probability) ending with sides `a`, `b`."""
        key = (a, b, capped)
        self.ends[key] = self.ends.get(key, 0.0) + weight

    def figures(self, a: int, b: int, capped: bool) -> dict[str, float]:
        """Every reported figure for one end state (indicators and survivor counts)."""
        model = self.model
        side_a, side_b = model.sides
        alive_a, alive_b = side_a.alive(a), side_b.alive(b)
        both_gone = not alive_a and not alive_b
        out = {
            "a_wins": float(not capped and alive_a and not alive_b),
            "b_wins": float(not capped and alive_b and not alive_a),
            "mutual_destruction": float(not capped and both_gone),
            "round_cap": float(capped),
        }
        out["draw"] = out["mutual_destruction"] + out["round_cap"]
        die_on_wipe = model.settings.transports_die_on_mutual_wipe
        for label, side, state, alive, transports in (
            ("a", side_a, a, alive_a, self.transports[0]),
            ("b", side_b, b, alive_b, self.transports[1]),
        ):
            counts = side.counts_at(state)
            for index in side.own:  # only the classes the side brought
                out[f"survivors_{label}.{model.classes[index]}"] = float(counts[index])
            keep = alive or capped or (both_gone and not die_on_wipe)  # FC-I13
            for name, count in transports.items():
                out[f"survivors_{label}.{name}"] = float(count if keep else 0)
        return out

    def result(
        self,
        method: Literal["exact", "monte_carlo", "engine_simulation"],
        rounds: float,
        *,
        battles: int | None = None,
        states: int | None = None,
    ) -> OddsResult:
        """Means (and, for samples, standard errors) of every figure."""
        total = sum(self.ends.values())
        means: dict[str, float] = {}
        squares: dict[str, float] = {}
        for (a, b, capped), weight in self.ends.items():
            for name, value in self.figures(a, b, capped).items():
                means[name] = means.get(name, 0.0) + weight * value / total
                squares[name] = squares.get(name, 0.0) + weight * value * value / total
        errors: dict[str, float] = {}
        if battles:
            errors = {
                name: math.sqrt(max(squares[name] - mean * mean, 0.0) / battles)
                for name, mean in means.items()
            }

        def survivors(label: str) -> dict[str, float]:
            prefix = f"survivors_{label}."
            return {k[len(prefix) :]: v for k, v in means.items() if k.startswith(prefix)}

        return OddsResult(
            method=method,
            a_wins=means.get("a_wins", 0.0),
            b_wins=means.get("b_wins", 0.0),
            draw=means.get("draw", 0.0),
            mutual_destruction=means.get("mutual_destruction", 0.0),
            round_cap=means.get("round_cap", 0.0),
            expected_survivors_a=survivors("a"),
            expected_survivors_b=survivors("b"),
            expected_rounds=rounds,
            battles=battles,
            states=states,
            standard_errors=errors,
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
        return tally.result("exact", 1.0, states=1)
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
    return tally.result("exact", rounds, states=visited)


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
    return tally.result("exact", rounds, states=visited)


_Draws = list[tuple[list[float], list[int]]]  # per class hit: CDF, joint-id step per outcome
_Step = tuple[_Draws, bool, bool]  # draws, stalled, alive


def _monte_carlo(
    model: Model, tally: _Tally, battles: int, seed: int, max_rounds: int
) -> OddsResult:
    rnd = simulation_rng(seed).random
    side_a, side_b = model.sides
    width = side_b.size
    cap = max_rounds or ROUND_SAFETY_LIMIT
    steps: dict[int, _Step] = {}  # joint id a·width + b → what a round does there

    def step_at(joint: int) -> _Step:
        a, b = divmod(joint, width)
        if not (side_a.alive(a) and side_b.alive(b)):
            found: _Step = ([], False, False)
        else:
            on_b, on_a = model.volleys(0, a, b), model.volleys(1, b, a)
            stay = math.prod(m.stay for _, _, m in on_a + on_b)
            draws = [  # A's classes first, then B's: each class hit draws one uniform number
                (m.cdf(), m.steps(stride * scale))
                for moves, scale in ((on_a, width), (on_b, 1))
                for stride, _, m in moves
            ]
            found = (draws, stay > _STALL, True)
        steps[joint] = found
        return found

    ends: dict[tuple[int, int, bool], int] = {}
    total_rounds = 0
    for _ in range(battles):
        joint = rounds = 0
        capped = False
        while True:
            step = steps.get(joint)
            if step is None:
                step = step_at(joint)
            draws, stalled, alive = step
            if not alive:
                break
            if rounds >= cap or stalled:  # stalled: nobody can hurt anybody (a round-cap draw)
                capped = True
                break
            rounds += 1
            for cdf, moves in draws:  # each class hit moves on its own
                joint += moves[bisect_right(cdf, rnd())]
        total_rounds += max(rounds, 1)
        end = (*divmod(joint, width), capped)
        ends[end] = ends.get(end, 0) + 1
    for (a, b, capped), count in ends.items():
        tally.add(a, b, capped, float(count))
    return tally.result("monte_carlo", total_rounds / battles, battles=battles)


def _monte_carlo_packets(
    model: Model, tally: _Tally, battles: int, seed: int, max_rounds: int
) -> OddsResult:
    """Sampling packet by packet: for fleets whose joint states rarely repeat."""
    rnd = simulation_rng(seed).random
    sides = model.sides
    cap = max_rounds or ROUND_SAFETY_LIMIT
    # per side and own class: ships left at each chain position, and the model class index
    tables = [list(zip(side.counts, side.own, strict=True)) for side in sides]
    plans_at: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Plan, Plan] | None] = {}
    start_counts = [sides[0].counts_at(0), sides[1].counts_at(0)]
    ends: dict[tuple[int, int, bool], int] = {}
    total_rounds = 0
    for _ in range(battles):
        digits = [[0] * len(side.chains) for side in sides]
        counts = [list(start_counts[0]), list(start_counts[1])]
        rounds, capped = 0, False
        while any(counts[0]) and any(counts[1]):
            if rounds >= cap:
                capped = True
                break
            rounds += 1
            key = (tuple(counts[0]), tuple(counts[1]))
            if key in plans_at:
                plans = plans_at[key]
            else:
                plan_a = model.packet_plan(0, key[0], key[1])
                plan_b = model.packet_plan(1, key[1], key[0])
                plans = plans_at[key] = (plan_a, plan_b) if plan_a or plan_b else None
            if plans is None:
                capped = True  # nobody can hurt anybody
                break
            for shooter in (0, 1):  # damage is deferred: plans were fixed from the start counts
                other = 1 - shooter
                target, chains, left = digits[other], tables[other], counts[other]
                for own, cdf, limits in plans[shooter]:
                    wounds = bisect_right(cdf, rnd())
                    if wounds:
                        d = target[own]
                        reach = limits[d]
                        d = target[own] = d + wounds if d + wounds < reach else reach
                        ships, index = chains[own]
                        left[index] = ships[d]
        total_rounds += max(rounds, 1)
        ids = [
            sum(d * stride for d, stride in zip(digits[i], sides[i].strides, strict=True))
            for i in (0, 1)
        ]
        end = (ids[0], ids[1], capped)
        ends[end] = ends.get(end, 0) + 1
    for (a, b, capped), count in ends.items():
        tally.add(a, b, capped, float(count))
    return tally.result("monte_carlo", total_rounds / battles, battles=battles)


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
    total_rounds = 0
    for _ in range(battles):
        result = fight_automatic(side_a, side_b, model.settings, Dice(faces), max_rounds=max_rounds)
        total_rounds += result.rounds_fought
        a = model.sides[0].id_of(result.fleets["a"], model.classes)
        b = model.sides[1].id_of(result.fleets["b"], model.classes)
        tally.add(a, b, result.result.reason == "round_cap", 1.0)
    return tally.result("engine_simulation", total_rounds / battles, battles=battles)


def combat_odds(
    fleet_a: Fleet,
    fleet_b: Fleet,
    settings: FleetCombatSettings,
    *,
    method: OddsMethod = "auto",
    battles: int = DEFAULT_BATTLES,
    seed: int = 0,
    max_rounds: int | None = None,
    tolerance: float = DEFAULT_TOLERANCE,
) -> OddsResult:
    """Odds of `fleet_a` (firing first) against `fleet_b` in automatic mode (FC-I17).

    `auto` is exact when `estimated_states` ≤ EXACT_STATE_LIMIT, else Monte Carlo with
    `battles` seeded battles. `max_rounds` defaults to `settings.max_rounds` (0 = no cap).
    Binomial terms below `tolerance` are skipped (0 keeps every term).
    """
    cap = settings.max_rounds if max_rounds is None else max_rounds
    if not settings.deferred_damage or not settings.burn_excess:
        model = Model(settings, fleet_a, fleet_b, tolerance)
        tally = _Tally(model, (fleet_a, fleet_b))
        return _engine_simulation(fleet_a, fleet_b, model, tally, battles, seed, cap)
    with _cyclic_gc_paused():  # the model and its caches are freed before it resumes
        return _state_model(fleet_a, fleet_b, settings, method, battles, seed, cap, tolerance)


def _state_model(
    fleet_a: Fleet,
    fleet_b: Fleet,
    settings: FleetCombatSettings,
    method: OddsMethod,
    battles: int,
    seed: int,
    cap: int,
    tolerance: float,
) -> OddsResult:
    model = Model(settings, fleet_a, fleet_b, tolerance)
    tally = _Tally(model, (fleet_a, fleet_b))
    states = estimated_states(fleet_a, fleet_b, settings)
    if method == "exact" or (method == "auto" and states <= EXACT_STATE_LIMIT):
        return _exact(model, tally, cap)
    if states > SAMPLED_STATE_LIMIT:
        return _monte_carlo_packets(model, tally, battles, seed, cap)
    return _monte_carlo(model, tally, battles, seed, cap)


def odds_lines(result: OddsResult, name_a: str, name_b: str) -> list[Msg]:
    """The odds as summary lines: chances, expected survivors, length, method and margin."""
    lines = [
        Msg("fleet_combat.odds.header", a=name_a, b=name_b),
        Msg("fleet_combat.odds.win", faction=name_a, pct=100 * result.a_wins),
        Msg("fleet_combat.odds.win", faction=name_b, pct=100 * result.b_wins),
        Msg("fleet_combat.odds.draw", pct=100 * result.draw),
    ]
    for name, survivors in (
        (name_a, result.expected_survivors_a),
        (name_b, result.expected_survivors_b),
    ):
        parts = [class_count(c, round(n, 2)) for c, n in survivors.items() if n >= 0.005]
        lines.append(
            Msg(
                "fleet_combat.odds.survivors",
                faction=name,
                ships=JoinedMsg(parts, empty=Msg("fleet_combat.fleet.empty")),
            )
        )
    lines.append(Msg("fleet_combat.odds.rounds", rounds=result.expected_rounds))
    if result.method == "exact":
        lines.append(Msg("fleet_combat.odds.method.exact", states=result.states or 0))
    else:
        margin = 100 * max(result.standard_errors.get(k, 0.0) for k in ("a_wins", "b_wins", "draw"))
        lines.append(
            Msg(
                f"fleet_combat.odds.method.{result.method}",
                battles=result.battles or 0,
                margin=margin,
            )
        )
    return lines
