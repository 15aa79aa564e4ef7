"""`/combat odds`: who wins a battle fought in automatic mode (FC-I17), and what survives.

Three methods, one result type:

- **exact** — dynamic programming over fleet states. A side's state is, per combat class, the
  sorted wound tokens of its surviving ships. Damage is deferred (FC-I9), so in a round the
  two sides' new states are independent given the old ones, and each group's wounds are
  Binomial(S·N, P(hit)·P(defence fails)). Packets to one class are applied in firing order
  with the real placement code (`damage.place_wounds`), so caps and overflow are the
  engine's own. Every non-self transition lowers the total remaining life, so states are
  processed once, in decreasing life, with the self-loop summed as a geometric series.
  Probabilities are floats (IEEE double): exact up to rounding, not rationals.
- **monte_carlo** — battles sampled round by round from the same per-round side
  distributions, with `bot.dice.simulation_rng(seed)`; standard errors are reported.
- **engine_simulation** — battles fought by the real round engine with seeded dice; used
  when a setting the state model cannot express is on (`deferred_damage = false`,
  `burn_excess = false`). Slow, but it reads every setting.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from heapq import heappop, heappush
from itertools import product
from typing import Literal

from bot.dice import Dice, simulation_rng
from bot.i18n import Msg
from bot.rules.fleet_combat.automatic import fight_automatic
from bot.rules.fleet_combat.damage import wound_steps
from bot.rules.fleet_combat.ladder import choose_automatic_target, target_options
from bot.rules.fleet_combat.messages import JoinedMsg, class_count
from bot.rules.fleet_combat.models import Fleet, Ship
from bot.rules.fleet_combat.rounds import ROUND_SAFETY_LIMIT
from bot.rules.fleet_combat.settings import FleetCombatSettings

OddsMethod = Literal["auto", "exact", "monte_carlo"]
# `auto` uses the exact method up to this estimated number of joint states.
EXACT_STATE_LIMIT = 60_000
DEFAULT_BATTLES = 100_000
DEFAULT_TOLERANCE = 1e-12
_KEY = 1 << 32
_STALL = 1.0 - 1e-12

ClassState = tuple[int, ...]
SideState = tuple[ClassState, ...]


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


def fleet_from_counts(
    faction: str,
    counts: Mapping[str, int],
    *,
    point: str = "",
    wounds: Mapping[str, Sequence[int]] | None = None,
) -> Fleet:
    """A fleet from class counts (ids 1, 2, … in the order given); `wounds` per class in order."""
    ships: list[Ship] = []
    for ship_class, count in counts.items():
        given = (wounds or {}).get(ship_class, [])
        for index in range(count):
            wound = given[index] if index < len(given) else 0
            ships.append(Ship(id=len(ships) + 1, ship_class=ship_class, wounds=wound))
    return Fleet(faction=faction, point=point, ships=ships)


def binomial_pmf(n: int, p: float) -> list[float]:
    """P(k successes of n), k = 0…n."""
    if p <= 0.0:
        return [1.0] + [0.0] * n
    if p >= 1.0:
        return [0.0] * n + [1.0]
    log_p, log_q = math.log(p), math.log1p(-p)
    lg_n = math.lgamma(n + 1)
    return [
        math.exp(lg_n - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * log_p + (n - k) * log_q)
        for k in range(n + 1)
    ]


def _compact(wounds: Sequence[int]) -> ClassState:
    """A class's wounds as `(unwounded, wounds of the wounded, most first)`."""
    return (sum(1 for w in wounds if w == 0), *sorted((w for w in wounds if w), reverse=True))


def _count(state: ClassState) -> int:
    return state[0] + len(state) - 1


class _Model:
    """Compact fleets and cached per-round transition distributions for one matchup."""

    def __init__(self, settings: FleetCombatSettings, classes: list[str], tolerance: float) -> None:
        self.settings = settings
        self.classes = classes
        self.tolerance = tolerance
        faces = settings.die_faces
        self.life = [settings.stats_of(c).life for c in classes]
        self.dice = [settings.stats_of(c).attack_dice for c in classes]
        self.wound_p = [
            [settings.hit_probability(a) * settings.wounding_faces(t) / faces for t in classes]
            for a in classes
        ]
        self.overflow_lost = settings.kill_cap_overflow == "lost"
        self.ids: dict[SideState, int] = {}
        self.states: list[SideState] = []
        self.hp: list[int] = []
        self.alive: list[bool] = []
        self._pmf: dict[tuple[int, float], tuple[list[float], list[float]]] = {}
        self._target: dict[tuple[int, tuple[int, ...]], int | None] = {}
        self._steps: dict[tuple[int, ClassState, int | None], tuple[ClassState, ...]] = {}
        self._class: dict[
            tuple[int, ClassState, tuple[tuple[int, float, int | None], ...]],
            list[tuple[ClassState, float]],
        ] = {}
        self.side: dict[int, list[tuple[int, float]]] = {}

    def intern(self, state: SideState) -> int:
        """A small integer for a side state."""
        found = self.ids.get(state)
        if found is not None:
            return found
        index = len(self.states)
        self.ids[state] = index
        self.states.append(state)
        self.hp.append(
            sum(
                life * _count(s) - sum(s[1:])
                for life, s in zip(self.life, state, strict=True)
            )
        )
        self.alive.append(any(_count(s) for s in state))
        return index

    def side_of(self, fleet: Fleet) -> SideState:
        """A fleet's combat ships as a side state."""
        wounds: list[list[int]] = [[] for _ in self.classes]
        for ship in fleet.ships:
            if ship.ship_class in self.classes:
                wounds[self.classes.index(ship.ship_class)].append(ship.wounds)
        return tuple(_compact(w) for w in wounds)

    def survivors(self, side: int) -> list[int]:
        """Ships left per class."""
        return [_count(s) for s in self.states[side]]

    def _pmf_tail(self, n: int, p: float) -> tuple[list[float], list[float]]:
        key = (n, p)
        found = self._pmf.get(key)
        if found is None:
            pmf = binomial_pmf(n, p)
            tail = [0.0] * (n + 2)
            for k in range(n, -1, -1):
                tail[k] = tail[k + 1] + pmf[k]
            found = self._pmf[key] = (pmf, tail)
        return found

    def target(self, shooter: int, counts: tuple[int, ...]) -> int | None:
        """The class index a group of `shooter` aims at (FC-I8 ladder, FC-I17 policy)."""
        key = (shooter, counts)
        if key not in self._target:
            named = {c: n for c, n in zip(self.classes, counts, strict=True) if n}
            options = target_options(self.classes[shooter], [("", named)], self.settings)
            pick = choose_automatic_target(options, self.settings)
            self._target[key] = None if pick is None else self.classes.index(pick.target_class)
        return self._target[key]

    def _class_outcomes(
        self, target: int, state: ClassState, packets: tuple[tuple[int, float, int | None], ...]
    ) -> list[tuple[ClassState, float]]:
        key = (target, state, packets)
        found = self._class.get(key)
        if found is not None:
            return found
        life, tolerance = self.life[target], self.tolerance
        dist: dict[ClassState, float] = {state: 1.0}
        for n, p, cap in packets:  # FC-I10: packets on one class apply in firing order
            pmf, tail = self._pmf_tail(n, p)
            new: dict[ClassState, float] = {}
            for current, weight in dist.items():
                step_key = (target, current, cap)
                steps = self._steps.get(step_key)
                if steps is None:
                    steps = wound_steps(current, life, cap, overflow_lost=self.overflow_lost)
                    self._steps[step_key] = steps
                last = len(steps) - 1
                for wounds in range(min(n, last)):
                    share = pmf[wounds]
                    if share > tolerance:
                        after = steps[wounds]
                        new[after] = new.get(after, 0.0) + weight * share
                if n >= last and tail[last] > tolerance:  # every further wound changes nothing
                    new[steps[last]] = new.get(steps[last], 0.0) + weight * tail[last]
                elif n < last and pmf[n] > tolerance:
                    new[steps[n]] = new.get(steps[n], 0.0) + weight * pmf[n]
            dist = new
        found = self._class[key] = list(dist.items())
        return found

    def fire(self, attacker: int, defender: int) -> list[tuple[int, float]]:
        """Distribution of the defender's next state after the attacker's volleys (cached)."""
        key = attacker * _KEY + defender
        found = self.side.get(key)
        if found is not None:
            return found
        shooters, targets = self.states[attacker], self.states[defender]
        counts = tuple(_count(s) for s in targets)
        by_target: dict[int, list[tuple[int, float, int | None]]] = {}
        for index, ships in enumerate(shooters):  # FC-I17: ascending level, class order
            size = _count(ships)
            if not size or not self.dice[index]:
                continue
            aim = self.target(index, counts)
            if aim is None:
                continue
            cap = size if self.settings.kill_cap else None
            packet = (size * self.dice[index], self.wound_p[index][aim], cap)
            by_target.setdefault(aim, []).append(packet)
        per_class = [
            (index, self._class_outcomes(index, targets[index], tuple(packets)))
            for index, packets in by_target.items()
        ]
        outcomes: dict[int, float] = {}
        if len(per_class) == 1:
            [(index, outs)] = per_class
            head, rest = targets[:index], targets[index + 1 :]
            for class_state, p in outs:
                new_id = self.intern((*head, class_state, *rest))
                outcomes[new_id] = outcomes.get(new_id, 0.0) + p
        else:
            indices = [index for index, _ in per_class]
            for combo in product(*(outs for _, outs in per_class)):
                state = list(targets)
                prob = 1.0
                for index, (class_state, p) in zip(indices, combo, strict=True):
                    state[index] = class_state
                    prob *= p
                new_id = self.intern(tuple(state))
                outcomes[new_id] = outcomes.get(new_id, 0.0) + prob
        found = self.side[key] = list(outcomes.items()) if outcomes else [(defender, 1.0)]
        return found


class _Tally:
    """Accumulates end states of battles (weights or sample counts) into an OddsResult."""

    def __init__(
        self, model: _Model, starts: tuple[int, int], transports: tuple[dict[str, int], ...]
    ) -> None:
        self.model = model
        self.transports = transports
        # Report survivors only for the classes each side brought.
        self.brought = tuple(
            [i for i, n in enumerate(model.survivors(start)) if n] for start in starts
        )
        self.ends: dict[tuple[int, int, bool], float] = {}

    def add(self, a: int, b: int, capped: bool, weight: float) -> None:
        key = (a, b, capped)
        self.ends[key] = self.ends.get(key, 0.0) + weight

    def figures(self, a: int, b: int, capped: bool) -> dict[str, float]:
        """Every reported figure for one end state (indicators and counts)."""
        model, settings = self.model, self.model.settings
        alive_a, alive_b = model.alive[a], model.alive[b]
        both_gone = not alive_a and not alive_b
        out = {
            "a_wins": float(not capped and alive_a and not alive_b),
            "b_wins": float(not capped and alive_b and not alive_a),
            "mutual_destruction": float(not capped and both_gone),
            "round_cap": float(capped),
        }
        out["draw"] = out["mutual_destruction"] + out["round_cap"]
        for label, side, alive, transports, brought in (
            ("a", a, alive_a, self.transports[0], self.brought[0]),
            ("b", b, alive_b, self.transports[1], self.brought[1]),
        ):
            counts = model.survivors(side)
            for index in brought:
                out[f"survivors_{label}.{model.classes[index]}"] = float(counts[index])
            keep = alive or capped or (both_gone and not settings.transports_die_on_mutual_wipe)
            for name, count in transports.items():  # FC-I13
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


def _setup(
    fleet_a: Fleet, fleet_b: Fleet, settings: FleetCombatSettings, tolerance: float = 0.0
) -> tuple[_Model, int, int, _Tally]:
    present = {s.ship_class for s in fleet_a.ships + fleet_b.ships}
    classes = sorted(
        (c for c in present if settings.is_combat_class(c)),
        key=lambda c: (settings.level_of(c), settings.class_rank(c)),
    )
    model = _Model(settings, classes, tolerance)
    a, b = model.intern(model.side_of(fleet_a)), model.intern(model.side_of(fleet_b))

    def transports(fleet: Fleet) -> dict[str, int]:
        counts: dict[str, int] = {}
        for ship in fleet.ships:
            if not settings.is_combat_class(ship.ship_class):
                counts[ship.ship_class] = counts.get(ship.ship_class, 0) + 1
        return counts

    return model, a, b, _Tally(model, (a, b), (transports(fleet_a), transports(fleet_b)))


def estimated_states(fleet_a: Fleet, fleet_b: Fleet, settings: FleetCombatSettings) -> int:
    """An upper estimate of the joint states the exact method may visit."""
    estimate = 1
    for fleet in (fleet_a, fleet_b):
        for ship_class, count in fleet.count_by_class().items():
            if settings.is_combat_class(ship_class):
                estimate *= count * settings.stats_of(ship_class).life + 1
    return estimate


def _exact(model: _Model, a0: int, b0: int, tally: _Tally, max_rounds: int) -> OddsResult:
    if max_rounds:
        return _exact_capped(model, a0, b0, tally, max_rounds)
    alive, hp, fire = model.alive, model.hp, model.fire
    if not (alive[a0] and alive[b0]):
        tally.add(a0, b0, False, 1.0)
        return tally.result("exact", 1.0, states=1)
    mass: dict[int, float] = {a0 * _KEY + b0: 1.0}
    heap: list[tuple[int, int, int]] = [(-hp[a0], -hp[b0], a0 * _KEY + b0)]
    ends: dict[int, float] = {}
    rounds = 0.0
    visited = 0
    while heap:
        key = heappop(heap)[2]
        weight = mass.pop(key)
        visited += 1
        a, b = divmod(key, _KEY)
        next_b, next_a = fire(a, b), fire(b, a)
        stay = sum(p for s, p in next_a if s == a) * sum(p for s, p in next_b if s == b)
        if stay > _STALL:  # nobody can hurt anybody: a stalemate, reported as a round cap
            tally.add(a, b, True, weight)
            continue
        scale = weight / (1.0 - stay)
        rounds += scale
        for a2, pa in next_a:
            factor = scale * pa
            base = a2 * _KEY
            nh_a = -hp[a2]
            a2_alive = alive[a2]
            for b2, pb in next_b:
                k = base + b2
                if k == key:
                    continue
                value = factor * pb
                if not (a2_alive and alive[b2]):
                    ends[k] = ends.get(k, 0.0) + value
                elif k in mass:
                    mass[k] += value
                else:
                    mass[k] = value
                    heappush(heap, (nh_a, -hp[b2], k))
    for k, value in ends.items():
        tally.add(k // _KEY, k % _KEY, False, value)
    return tally.result("exact", rounds, states=visited)


def _exact_capped(model: _Model, a0: int, b0: int, tally: _Tally, max_rounds: int) -> OddsResult:
    alive, fire = model.alive, model.fire
    dist: dict[int, float] = {a0 * _KEY + b0: 1.0}
    rounds = 0.0
    visited = 0
    for _ in range(max_rounds):
        rounds += sum(dist.values())
        new: dict[int, float] = {}
        for key, weight in dist.items():
            visited += 1
            a, b = divmod(key, _KEY)
            for a2, pa in fire(b, a):
                for b2, pb in fire(a, b):
                    value = weight * pa * pb
                    if alive[a2] and alive[b2]:
                        k = a2 * _KEY + b2
                        new[k] = new.get(k, 0.0) + value
                    else:
                        tally.add(a2, b2, False, value)
        dist = new
        if not dist:
            break
    for key, weight in dist.items():
        tally.add(key // _KEY, key % _KEY, True, weight)
    return tally.result("exact", rounds, states=visited)


def _monte_carlo(
    model: _Model, a0: int, b0: int, tally: _Tally, battles: int, seed: int, max_rounds: int
) -> OddsResult:
    rng = simulation_rng(seed)
    rnd = rng.random
    alive = model.alive
    cap = max_rounds or ROUND_SAFETY_LIMIT
    cdfs: dict[int, tuple[list[float], list[int], list[float], list[int], bool]] = {}

    def transition(a: int, b: int) -> tuple[list[float], list[int], list[float], list[int], bool]:
        next_a, next_b = model.fire(b, a), model.fire(a, b)
        stay = sum(p for s, p in next_a if s == a) * sum(p for s, p in next_b if s == b)
        out: list[tuple[list[float], list[int]]] = []
        for dist in (next_a, next_b):
            cdf, running = [], 0.0
            for _, p in dist:
                running += p
                cdf.append(running)
            cdf[-1] = 2.0  # rounding never pushes a draw past the last outcome
            out.append((cdf, [s for s, _ in dist]))
        return out[0][0], out[0][1], out[1][0], out[1][1], stay > _STALL

    counts: dict[tuple[int, int, bool], int] = {}
    total_rounds = 0
    for _ in range(battles):
        a, b, rounds, capped = a0, b0, 0, False
        while alive[a] and alive[b]:
            if rounds >= cap:
                capped = True
                break
            key = a * _KEY + b
            step = cdfs.get(key)
            if step is None:
                step = cdfs[key] = transition(a, b)
            cdf_a, ids_a, cdf_b, ids_b, stalled = step
            if stalled:
                capped = True
                break
            rounds += 1
            a = ids_a[bisect_right(cdf_a, rnd())] if len(ids_a) > 1 else ids_a[0]
            b = ids_b[bisect_right(cdf_b, rnd())] if len(ids_b) > 1 else ids_b[0]
        total_rounds += max(rounds, 1)
        end = (a, b, capped)
        counts[end] = counts.get(end, 0) + 1
    for (a, b, capped), n in counts.items():
        tally.add(a, b, capped, float(n))
    return tally.result("monte_carlo", total_rounds / battles, battles=battles)


class _SimulationFaces:
    """Faces for engine simulations, from the seeded simulation generator (never game dice)."""

    def __init__(self, seed: int) -> None:
        self._rng = simulation_rng(seed)

    def face(self, sides: int) -> int:
        return self._rng.randint(1, sides)


def _engine_simulation(
    fleet_a: Fleet,
    fleet_b: Fleet,
    settings: FleetCombatSettings,
    tally: _Tally,
    model: _Model,
    battles: int,
    seed: int,
    max_rounds: int,
) -> OddsResult:
    faces = _SimulationFaces(seed)
    a_name, b_name = "a", "b"
    side_a = fleet_a.model_copy(update={"faction": a_name})
    side_b = fleet_b.model_copy(update={"faction": b_name})
    total_rounds = 0
    for _ in range(battles):
        result = fight_automatic(side_a, side_b, settings, Dice(faces), max_rounds=max_rounds)
        total_rounds += result.rounds_fought
        a = model.intern(model.side_of(result.fleets[a_name]))
        b = model.intern(model.side_of(result.fleets[b_name]))
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
    Binomial terms below `tolerance` are skipped (0 keeps every term); the skipped mass is
    spread over the rest, so reported figures move by far less than `tolerance` × states.
    """
    model, a0, b0, tally = _setup(fleet_a, fleet_b, settings, tolerance)
    cap = settings.max_rounds if max_rounds is None else max_rounds
    if not settings.deferred_damage or not settings.burn_excess:
        return _engine_simulation(fleet_a, fleet_b, settings, tally, model, battles, seed, cap)
    if method == "exact" or (
        method == "auto" and estimated_states(fleet_a, fleet_b, settings) <= EXACT_STATE_LIMIT
    ):
        return _exact(model, a0, b0, tally, cap)
    return _monte_carlo(model, a0, b0, tally, battles, seed, cap)


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
