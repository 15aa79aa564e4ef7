"""The state model behind `/combat odds`: fleets as positions on damage chains, and the
exact distribution of one round's damage to a side.

Why a chain: wounds always go to the most wounded ship of the target class (FC-I10), and
after the kill cap the overflow goes on that same ship up to life − 1 (FC-I11), which is
where the uncapped sequence would put them too. So whatever packets a class receives, it
only ever moves along one fixed sequence: "the class after 0, 1, 2, … wounds"
(`damage.wound_steps` with no cap). A class is the number of wounds taken so far, and a
side is a mixed-radix integer over its classes. A packet of n dice hitting with
probability p moves the class forward by min(Binomial(n, p), room to the cap).
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from itertools import product

import numpy as np
import numpy.typing as npt

from bot.rules.fleet_combat.damage import wound_steps
from bot.rules.fleet_combat.ladder import choose_automatic_target
from bot.rules.fleet_combat.ladder import target_options
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.settings import FleetCombatSettings

ClassState = tuple[int, ...]
Packet = tuple[int, float, int | None]  # dice, P(one die wounds), kill cap
Packets = tuple[Packet, ...]


def binomial_pmf(n: int, p: float) -> list[float]:
    """P(k successes of n), k = 0…n: exp(log C(n, k) + k·log p + (n − k)·log(1 − p)),
    evaluated for every k at once."""
    if p <= 0.0:
        return [1.0] + [0.0] * n
    if p >= 1.0:
        return [0.0] * n + [1.0]
    log_p, log_q = math.log(p), math.log1p(-p)
    factorials = _log_factorials(n)
    k = np.arange(n + 1)
    logs = factorials[n] - factorials[k] - factorials[n - k] + k * log_p + (n - k) * log_q
    pmf: list[float] = np.exp(logs).tolist()
    return pmf


def binomial_rows(dice: Sequence[int], chances: Sequence[float]) -> npt.NDArray[np.float64]:
    """`binomial_pmf` for several packets at once: row k holds P(i of dice[k] succeed)
    for i = 0…max(dice) (zero past dice[k]), term for term the same arithmetic."""
    most = max(dice, default=0)
    rows = np.zeros((len(dice), most + 1))
    factorials = _log_factorials(most)
    k = np.arange(most + 1)
    for row, (n, p) in enumerate(zip(dice, chances, strict=True)):
        if p <= 0.0 or p >= 1.0:
            rows[row, : n + 1] = binomial_pmf(n, p)
    usual = [row for row, p in enumerate(chances) if 0.0 < p < 1.0]
    if usual:
        trials = np.asarray([dice[row] for row in usual], dtype=np.int64)[:, None]
        log_p = np.asarray([math.log(chances[row]) for row in usual])[:, None]
        log_q = np.asarray([math.log1p(-chances[row]) for row in usual])[:, None]
        rest = np.clip(trials - k[None, :], 0, None)
        logs = (
            factorials[trials]
            - factorials[k][None, :]
            - factorials[rest]
            + k * log_p
            + rest * log_q
        )
        rows[usual] = np.where(k[None, :] <= trials, np.exp(logs), 0.0)
    return rows


_LOG_FACTORIALS: list[float] = [0.0]


def _log_factorials(n: int) -> npt.NDArray[np.float64]:
    """log k! for k = 0…n (`math.lgamma(k + 1)`), kept between calls."""
    while len(_LOG_FACTORIALS) <= n:
        _LOG_FACTORIALS.append(math.lgamma(len(_LOG_FACTORIALS) + 1))
    return np.asarray(_LOG_FACTORIALS[: n + 1], dtype=np.float64)


def compact(wounds: Sequence[int]) -> ClassState:
    """A class's wounds as `(unwounded, wounds of the wounded, most first)`."""
    return (sum(1 for w in wounds if w == 0), *sorted((w for w in wounds if w), reverse=True))


def ship_count(state: ClassState) -> int:
    """Ships in a compact class state."""
    return state[0] + len(state) - 1


class Side:
    """One fleet's combat classes as damage chains; a side state is an integer id."""

    def __init__(self, fleet: Fleet, classes: Sequence[str], settings: FleetCombatSettings) -> None:
        self.width = len(classes)
        self.own: list[int] = []  # model class index of each own class
        self.chains: list[tuple[ClassState, ...]] = []
        for index, name in enumerate(classes):
            wounds = [s.wounds for s in fleet.ships if s.ship_class == name]
            if wounds:
                life = settings.stats_of(name).life
                self.own.append(index)
                self.chains.append(wound_steps(compact(wounds), life, None, overflow_lost=False))
        self.position = {model: own for own, model in enumerate(self.own)}
        self.counts = [[ship_count(s) for s in chain] for chain in self.chains]
        self.kill_at = [[d for d in range(1, len(c)) if c[d] < c[d - 1]] for c in self.counts]
        self.strides: list[int] = []
        size = 1
        for chain in self.chains:
            self.strides.append(size)
            size *= len(chain)
        self.size = size
        # `decode` and `signature` caches, read directly by `Model.fire`'s hot path
        self.decoded: dict[int, tuple[int, ...]] = {}
        self._counts: dict[int, tuple[int, ...]] = {}
        self.signatures: dict[int, int] = {}
        self._signature_ids: dict[tuple[int, ...], int] = {}
        self._chain_index = [{state: d for d, state in enumerate(c)} for c in self.chains]

    def decode(self, side: int) -> tuple[int, ...]:
        """Wounds taken by each own class."""
        found = self.decoded.get(side)
        if found is None:
            digits = []
            rest = side
            for chain in self.chains:
                rest, digit = divmod(rest, len(chain))
                digits.append(digit)
            found = self.decoded[side] = tuple(digits)
        return found

    def counts_at(self, side: int) -> tuple[int, ...]:
        """Ships per model class (zeros for classes this side never had)."""
        found = self._counts.get(side)
        if found is None:
            counts = [0] * self.width
            for own, d in enumerate(self.decode(side)):
                counts[self.own[own]] = self.counts[own][d]
            found = self._counts[side] = tuple(counts)
        return found

    def signature(self, side: int) -> int:
        """A small id of the side's ship counts: all its volleys depend on (FC-I7, FC-I11)."""
        found = self.signatures.get(side)
        if found is None:
            counts = self.counts_at(side)
            found = self._signature_ids.setdefault(counts, len(self._signature_ids))
            self.signatures[side] = found
        return found

    def alive(self, side: int) -> bool:
        """Any combat ship left."""
        return any(self.counts_at(side))

    def damage(self, side: int) -> int:
        """Total wounds taken: strictly grows along every non-self transition."""
        return sum(self.decode(side))

    def limit(self, own: int, d: int, cap: int | None, overflow_lost: bool) -> int:
        """The furthest chain position one packet with kill cap `cap` can reach from `d`."""
        last = len(self.chains[own]) - 1
        if cap is None:
            return last
        kills = self.kill_at[own]
        first = bisect_right(kills, d)
        if len(kills) - first < cap:
            return last
        capped_at = kills[first + cap - 1]
        if overflow_lost:
            return capped_at
        following = first + cap
        return kills[following] - 1 if following < len(kills) else last

    def id_of(self, fleet: Fleet, classes: Sequence[str]) -> int:
        """The side id of a fleet that started as this side (survivors, with wounds)."""
        side = 0
        for own, model in enumerate(self.own):
            wounds = [s.wounds for s in fleet.ships if s.ship_class == classes[model]]
            side += self._chain_index[own][compact(wounds)] * self.strides[own]
        return side


class Model:
    """Cached per-round transitions for one matchup (side 0 = A, side 1 = B)."""

    def __init__(
        self, settings: FleetCombatSettings, fleet_a: Fleet, fleet_b: Fleet, tolerance: float
    ) -> None:
        present = {s.ship_class for s in fleet_a.ships + fleet_b.ships}
        self.classes = sorted(
            (c for c in present if settings.is_combat_class(c)),
            key=lambda c: (settings.level_of(c), settings.class_rank(c)),
        )
        self.settings = settings
        self.tolerance = tolerance
        self.sides = (Side(fleet_a, self.classes, settings), Side(fleet_b, self.classes, settings))
        faces = settings.die_faces
        self.dice = [settings.stats_of(c).attack_dice for c in self.classes]
        self.wound_p = [
            [settings.hit_probability(a) * settings.wounding_faces(t) / faces for t in self.classes]
            for a in self.classes
        ]
        self.overflow_lost = settings.kill_cap_overflow == "lost"
        self._pmf: dict[tuple[int, float], tuple[list[float], list[float], int, int]] = {}
        self._target: dict[tuple[int, tuple[int, ...]], int | None] = {}
        self._class: dict[tuple[int, int, int, tuple[Packet, ...]], ClassMoves] = {}
        self._fire: tuple[dict[int, Transition], dict[int, Transition]] = ({}, {})
        self._volleys: tuple[dict[int, list[Move]], dict[int, list[Move]]] = ({}, {})
        self._aim_vectors: dict[tuple[int, ...], tuple[int | None, ...]] = {}
        self._limits: dict[tuple[int, int, int | None], list[int]] = {}
        self._single: dict[tuple[int, int, int, Packet], Transition] = {}  # side, own, room
        self._aims_cache: dict[tuple[int, int, int], list[tuple[int, Packets]]] = {}
        self._aim_ids: tuple[list[int], list[int]] = ([], [])
        self._aim_index: dict[tuple[int | None, ...], int] = {}
        self._full: dict[tuple[int, Packet], list[tuple[int, float]]] = {}

    def _pmf_tail(self, n: int, p: float) -> tuple[list[float], list[float], int, int]:
        """pmf, tail sums, and the range [lo, hi) of terms above the tolerance (unimodal)."""
        found = self._pmf.get((n, p))
        if found is None:
            pmf = binomial_pmf(n, p)
            # tail[k] = pmf[n] + … + pmf[k], summed from the top as a running sum
            tail: list[float] = [*np.cumsum(pmf[::-1])[::-1].tolist(), 0.0]
            kept = np.flatnonzero(np.asarray(pmf) > self.tolerance)
            lo, hi = (int(kept[0]), int(kept[-1]) + 1) if kept.size else (0, 1)
            found = self._pmf[(n, p)] = (pmf, tail, lo, hi)
        return found

    def target(self, shooter: int, counts: tuple[int, ...]) -> int | None:
        """The class a group of `shooter` aims at (FC-I8 ladder, FC-I17 policy)."""
        key = (shooter, counts)
        if key not in self._target:
            named = {c: n for c, n in zip(self.classes, counts, strict=True) if n}
            options = target_options(self.classes[shooter], [("", named)], self.settings)
            pick = choose_automatic_target(options, self.settings)
            self._target[key] = None if pick is None else self.classes.index(pick.target_class)
        return self._target[key]

    def _class_moves(
        self, side: int, own: int, start: int, packets: tuple[Packet, ...]
    ) -> ClassMoves:
        """One class's chain positions after its packets (in firing order) and their odds."""
        key = (side, own, start, packets)
        found = self._class.get(key)
        if found is not None:
            return found
        positions, probs = [start], [1.0]
        for packet in packets:
            if len(positions) == 1:  # the usual case: one packet from one position
                d, weight = positions[0], probs[0]
                shifts, odds, _ = self._offsets(side, own, d, packet)
                positions = [d + k for k in shifts]
                probs = odds if weight == 1.0 else [weight * q for q in odds]
                continue
            new: dict[int, float] = {}
            for d, weight in zip(positions, probs, strict=True):
                shifts, odds, _ = self._offsets(side, own, d, packet)
                for k, q in zip(shifts, odds, strict=True):
                    new[d + k] = new.get(d + k, 0.0) + weight * q
            positions, probs = list(new), list(new.values())
        found = self._class[key] = ClassMoves(positions, probs, start)
        return found

    def _offsets(
        self, side: int, own: int, start: int, packet: Packet
    ) -> tuple[list[int], list[float], float]:
        """One packet's moves from chain position `start`: wounds added, their odds and
        P(no move); `_class_moves` and `_one_packet` cache what they build from it. Terms
        below the tolerance are left out; from `room` wounds on, every further wound is lost
        or burns (FC-I11, FC-I12)."""
        n, p, cap = packet
        pmf, tail, lo, hi = self._pmf_tail(n, p)
        room = self.sides[side].limit(own, start, cap, self.overflow_lost) - start
        last, share = (room, tail[room]) if n >= room else (n, pmf[n])
        top = min(hi, last)
        shifts = list(range(lo, top))
        odds = pmf[lo:top]
        if share > self.tolerance:
            shifts.append(last)
            odds.append(share)
        stay = odds[0] if shifts and shifts[0] == 0 else 0.0
        return shifts, odds, stay

    def aim_vector(self, counts_t: tuple[int, ...]) -> tuple[int | None, ...]:
        """Where each firing class aims at a side with ship counts `counts_t` (None: it
        does not fire or has no target)."""
        aims = self._aim_vectors.get(counts_t)
        if aims is None:
            aims = self._aim_vectors[counts_t] = tuple(
                self.target(index, counts_t) if self.dice[index] else None
                for index in range(len(self.classes))
            )
        return aims

    def limits(self, side: int, own: int, cap: int | None) -> list[int]:
        """Per chain position of class `own` of side `side`, the furthest position one
        packet with kill cap `cap` can reach (FC-I11)."""
        key = (side, own, cap)
        found = self._limits.get(key)
        if found is None:
            target = self.sides[side]
            found = self._limits[key] = [
                target.limit(own, d, cap, self.overflow_lost)
                for d in range(len(target.chains[own]))
            ]
        return found

    def aim_id(self, side: int, state: int) -> int:
        """A small id of where every class would aim at side `side` in state `state`: the
        automatic target of each firing class depends on the target's ship counts only."""
        sides = self.sides
        signature = sides[side].signature(state)
        ids = self._aim_ids[side]
        if signature < len(ids) and ids[signature] >= 0:
            return ids[signature]
        counts_t = sides[side].counts_at(state)
        aims = self.aim_vector(counts_t)
        found = self._aim_index.setdefault(aims, len(self._aim_index))
        ids.extend([-1] * (signature + 1 - len(ids)))
        ids[signature] = found
        return found

    def _aims(self, shooter: int, attacker: int, defender: int) -> list[tuple[int, Packets]]:
        """Side `shooter`'s packets grouped by the target's own class they hit, in firing
        order (FC-I17: ascending level, class order); cached per attacker ship counts and
        target choice."""
        sides = self.sides
        aim_id = self.aim_id(1 - shooter, defender)
        key = (shooter, sides[shooter].signature(attacker), aim_id)
        found = self._aims_cache.get(key)
        if found is not None:
            return found
        target_side = sides[1 - shooter]
        counts_t = target_side.counts_at(defender)
        by_target: dict[int, list[Packet]] = {}
        for index, size in enumerate(sides[shooter].counts_at(attacker)):
            if not size or not self.dice[index]:
                continue
            aim = self.target(index, counts_t)
            if aim is None:
                continue
            cap = size if self.settings.kill_cap else None
            packet = (size * self.dice[index], self.wound_p[index][aim], cap)
            by_target.setdefault(target_side.position[aim], []).append(packet)
        found = self._aims_cache[key] = [
            (own, tuple(packets)) for own, packets in by_target.items()
        ]
        return found

    def volleys(self, shooter: int, attacker: int, defender: int) -> list[Move]:
        """What side `shooter`'s groups do to the other side this round, class by class:
        (stride, start position, moves) for every class hit; classes move independently."""
        cache = self._volleys[shooter]
        target_side = self.sides[1 - shooter]
        key = self.sides[shooter].signature(attacker) * target_side.size + defender
        found = cache.get(key)
        if found is not None:
            return found
        digits = target_side.decode(defender)
        strides = target_side.strides
        found = cache[key] = [
            (strides[own], digits[own], self._class_moves(1 - shooter, own, digits[own], packets))
            for own, packets in self._aims(shooter, attacker, defender)
        ]
        return found

    def fire(self, shooter: int, attacker: int, defender: int) -> Transition:
        """The other side's next state after side `shooter` fires, as one distribution of
        steps (next id − `defender`); equal distributions are often one shared object."""
        cache = self._fire[shooter]
        side_s, target_side = self.sides[shooter], self.sides[1 - shooter]
        signature = side_s.signatures.get(attacker)
        if signature is None:
            signature = side_s.signature(attacker)
        key = signature * target_side.size + defender
        found = cache.get(key)
        if found is not None:
            return found
        # The common miss inlines `_aims`, `decode` and `_one_packet`'s cache lookups:
        # with one-life classes every state has its own ship counts and misses here.
        target_sig = target_side.signatures.get(defender)
        ids = self._aim_ids[1 - shooter]
        aim_id = ids[target_sig] if target_sig is not None and target_sig < len(ids) else -1
        aims = self._aims_cache.get((shooter, signature, aim_id)) if aim_id >= 0 else None
        if aims is None:
            aims = self._aims(shooter, attacker, defender)
        if not aims:
            found = cache[key] = _STILL
            return found
        digits = target_side.decoded.get(defender)
        if digits is None:
            digits = target_side.decode(defender)
        if len(aims) == 1:  # one class hit: no product to form
            own, packets = aims[0]
            start = digits[own]
            if len(packets) == 1:  # the usual case: one packet
                packet = packets[0]
                limits = self._limits.get((1 - shooter, own, packet[2]))
                if limits is not None:
                    found = self._single.get((1 - shooter, own, limits[start] - start, packet))
                if found is None:
                    found = self._one_packet(1 - shooter, own, start, packet)
                cache[key] = found
                return found
            stride = target_side.strides[own]
            one = self._class_moves(1 - shooter, own, start, packets)
            found = cache[key] = Transition(
                [((d - start) * stride, p) for d, p in zip(one.positions, one.probs, strict=True)],
                one.stay,
            )
            return found
        moves = self.volleys(shooter, attacker, defender)
        outcomes: dict[int, float] = {}
        steps = [
            [((d - start) * stride, p) for d, p in zip(one.positions, one.probs, strict=True)]
            for stride, start, one in moves
        ]
        for combo in product(*steps):
            step, prob = 0, 1.0
            for delta, p in combo:
                step += delta
                prob *= p
            outcomes[step] = outcomes.get(step, 0.0) + prob
        found = cache[key] = Transition(list(outcomes.items()), outcomes.get(0, 0.0))
        return found

    def _one_packet(self, side: int, own: int, start: int, packet: Packet) -> Transition:
        """`fire` for one packet on one class. It depends on the room the packet has from
        `start` (kill cap, FC-I11; the chain's end), so states with equal room share it;
        `_offsets` gives the same moves and odds."""
        n, p, cap = packet
        target = self.sides[side]
        room = self.limits(side, own, cap)[start] - start
        key = (side, own, room, packet)
        found = self._single.get(key)
        if found is not None:
            return found
        stride = target.strides[own]
        pmf, tail, lo, hi = self._pmf_tail(n, p)
        full = self._full.get((stride, packet))
        if full is None:
            full = self._full[(stride, packet)] = [(k * stride, pmf[k]) for k in range(lo, hi)]
        if n < room:  # the packet never reaches the end of its room: `_offsets` keeps lo…hi
            pairs = full
        else:
            top = min(hi, room)
            pairs = full[: top - lo] if top > lo else []
            if tail[room] > self.tolerance:
                pairs.append((room * stride, tail[room]))
        stay = pairs[0][1] if pairs and pairs[0][0] == 0 else 0.0
        found = self._single[key] = Transition(pairs, stay)
        return found


class ClassMoves:
    """Where one class's chain position may move in a round, with the odds (`probs` may be
    shared: never change it)."""

    __slots__ = ("positions", "probs", "start", "stay")

    def __init__(self, positions: list[int], probs: list[float], start: int) -> None:
        self.positions = positions
        self.probs = probs
        self.start = start
        self.stay = probs[positions.index(start)] if start in positions else 0.0


Move = tuple[int, int, ClassMoves]  # stride, start position, moves


class Transition:
    """One side's next state after a round, relative to its current id: (step, probability)
    pairs, P(no change) and `away`, the pairs with a non-zero step."""

    __slots__ = ("away", "pairs", "stay")

    def __init__(self, pairs: list[tuple[int, float]], stay: float) -> None:
        self.pairs = pairs
        self.stay = stay
        self.away = [pair for pair in pairs if pair[0]]


_STILL = Transition([(0, 1.0)], 1.0)  # nobody shoots at the side
