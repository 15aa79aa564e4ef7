"""The odds state model as numpy arrays: chain tables per class, kill-cap limits, automatic
targets by ship-count ranks, and the figures of many end states at once.

Shared by the vectorised simulation (`odds_simulation`) and the dense exact method
(`odds_dense`). Everything here is derived from `odds_model.Model`, which stays the one
definition of the rules' arithmetic (FC-I8, FC-I10–FC-I13, FC-I17).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from bot.rules.fleet_combat.odds_model import Model
from bot.rules.fleet_combat.odds_model import Side

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
Bools = npt.NDArray[np.bool_]

# Automatic targets are tabulated densely over rank keys up to this many keys.
DENSE_AIM_KEYS = 1 << 18


def reach_row(side: Side, own: int, cap: int | None, overflow_lost: bool) -> Ints:
    """Per chain position of class `own`, the furthest position one packet with kill cap
    `cap` can reach (FC-I11); the same values as `Side.limit`."""
    length = len(side.chains[own])
    last = length - 1
    if cap is None:
        return np.full(length, last, dtype=np.int64)
    kills = np.asarray(side.kill_at[own], dtype=np.int64)
    first = np.searchsorted(kills, np.arange(length), side="right")
    padded = np.concatenate([kills, np.full(cap + 2, length, dtype=np.int64)])
    if overflow_lost:
        reach = padded[first + cap - 1]
    else:
        reach = np.where(first + cap < len(kills), padded[first + cap] - 1, last)
    return np.where(first + cap - 1 < len(kills), reach, last)


def limit_table(side: Side, own: int, caps: int, overflow_lost: bool) -> Ints:
    """Rows 1…`caps`: `reach_row` for a kill cap of that many ships; the last row,
    `caps` + 1, is "no kill cap". Row 0 is never read (a group of 0 ships does not fire)."""
    length = len(side.chains[own])
    last = length - 1
    table = np.full((caps + 2, length), last, dtype=np.int64)
    if not caps:
        return table
    kills = np.asarray(side.kill_at[own], dtype=np.int64)
    first = np.searchsorted(kills, np.arange(length), side="right")
    padded = np.concatenate([kills, np.full(caps + 2, length, dtype=np.int64)])
    cap = np.arange(1, caps + 1)[:, None]
    if overflow_lost:
        reach = padded[first + cap - 1]
    else:
        reach = np.where(first + cap < len(kills), padded[first + cap] - 1, last)
    table[1 : caps + 1] = np.where(first + cap - 1 < len(kills), reach, last)
    return table


@dataclass
class SideArrays:
    """One side's own classes: model class index, ships per chain position, strides."""

    model_index: list[int]
    counts: list[Ints]
    strides: list[int]
    lengths: list[int]

    @classmethod
    def of(cls, side: Side) -> SideArrays:
        return cls(
            model_index=list(side.own),
            counts=[np.asarray(c, dtype=np.int64) for c in side.counts],
            strides=list(side.strides),
            lengths=[len(c) for c in side.chains],
        )

    def digits(self, ids: Ints) -> list[Ints]:
        """Chain positions of each own class for side state ids."""
        return [
            (ids // stride) % length
            for stride, length in zip(self.strides, self.lengths, strict=True)
        ]

    def class_counts(self, digits: list[Ints], width: int, size: int) -> Ints:
        """Ships per model class (rows) for each of `size` states (columns)."""
        out = np.zeros((width, size), dtype=np.int64)
        for index, table, d in zip(self.model_index, self.counts, digits, strict=True):
            out[index] = table[d]
        return out


class AimTable:
    """Where each firing class aims at one side, looked up by a key of the side's ship
    counts per own class (rows of `own_counts`): the target's model class, or the index
    `translate` gives it.

    The automatic policy (FC-I17, `ladder.choose_automatic_target`) reads the target's
    counts only through "has ships" (the ladder, FC-I8) and comparisons of counts: under
    `highest_level` and `lowest_level` only between classes of one level, under
    `most_ships` between any two. The key holds exactly that: a bit per class, and per
    compared pair whether the first has fewer, as many or more ships. Each new key's aims
    are computed once from the counts of a state that has it.
    """

    def __init__(
        self,
        model: Model,
        target: SideArrays,
        translate: Ints | None = None,
        dtype: type[np.signedinteger[Any]] = np.int16,
    ) -> None:
        self.model = model
        self.translate = translate  # model class → another index (−1 stays −1), if given
        self.own = target.model_index
        self.width = len(model.classes)
        settings = model.settings
        levels = [settings.level_of(model.classes[i]) for i in self.own]
        every_pair = settings.auto_target_policy == "most_ships"
        self.pairs = [
            (j, k)
            for j in range(len(self.own))
            for k in range(j + 1, len(self.own))
            if every_pair or levels[j] == levels[k]
        ]
        keys = 2 ** len(self.own) * 3 ** len(self.pairs)
        self.dense: npt.NDArray[np.signedinteger[Any]] | None = None
        if keys <= DENSE_AIM_KEYS:
            self.dense = np.full((self.width, keys), -2, dtype=dtype)
        self.known: dict[int, npt.NDArray[np.signedinteger[Any]]] = {}

    def key(self, own_counts: Ints, present: Ints | None = None) -> Ints:
        """One key per state (column) of the side's counts per own class (rows).
        `present`, if given, is the key's first part already summed: Σ 2^own over the own
        classes with ships (`presence_bits`)."""
        key: Ints
        if present is not None:
            key = present.copy()
        elif 0 < len(self.own) <= 8:  # one byte of "has ships" bits per state
            bits = np.packbits(own_counts > 0, axis=0, bitorder="little")[0]
            key = bits.astype(np.int64)
        else:
            key = np.zeros(own_counts.shape[1], dtype=np.int64)
            for position, row in enumerate(own_counts > 0):
                key += row.astype(np.int64) << position
        scale = 2 ** len(self.own)
        for j, k in self.pairs:
            key += (np.sign(own_counts[j] - own_counts[k]) + 1) * scale
            scale *= 3
        return key

    def _aims_of(self, counts: Ints) -> npt.NDArray[np.signedinteger[Any]]:
        full = [0] * self.width
        for index, count in zip(self.own, counts.tolist(), strict=True):
            full[index] = count
        aims = self.model.aim_vector(tuple(full))
        found = np.asarray([-1 if a is None else a for a in aims], dtype=np.int16)
        if self.translate is not None:
            found = self.translate[found].astype(np.int16)
        return found

    def aims(self, keys: Ints, own_counts: Ints) -> npt.NDArray[np.signedinteger[Any]]:
        """Target model class per firing class (rows) and state (columns); −1: none."""
        if self.dense is not None:
            found = np.take(self.dense, keys, axis=1)
            if found.shape[1] and found[0].min() == -2:  # keys seen for the first time
                missing = np.flatnonzero(found[0] == -2)
                new, first = np.unique(keys[missing], return_index=True)
                for key, column in zip(new.tolist(), missing[first].tolist(), strict=True):
                    self.dense[:, key] = self._aims_of(own_counts[:, column])
                found = np.take(self.dense, keys, axis=1)
            return found
        unique, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        rows = []
        for key, column in zip(unique.tolist(), first.tolist(), strict=True):
            found_one = self.known.get(key)
            if found_one is None:
                found_one = self.known[key] = self._aims_of(own_counts[:, column])
            rows.append(found_one)
        return np.stack(rows, axis=1)[:, inverse.reshape(-1)]


@dataclass
class Figures:
    """Means of every reported figure over weighted end states, with standard errors
    when the weights are sampled battles."""

    means: dict[str, float]
    errors: dict[str, float]


def end_figures(
    model: Model,
    transports: tuple[dict[str, int], dict[str, int]],
    counts: tuple[Ints, Ints],
    capped: Bools,
    weights: Floats | None,
    battles: int | None,
) -> Figures:
    """The figures `odds._Tally.figures` defines, for many end states at once: `counts`
    are ships per model class (rows) per end state for sides A and B (FC-I13, FC-I16)."""
    alive_a, alive_b = counts[0].any(axis=0), counts[1].any(axis=0)
    both_gone = ~alive_a & ~alive_b
    free = ~capped
    columns: dict[str, npt.NDArray[Any]] = {
        "a_wins": free & alive_a & ~alive_b,
        "b_wins": free & alive_b & ~alive_a,
        "mutual_destruction": free & both_gone,
        "round_cap": capped,
    }
    columns["draw"] = columns["mutual_destruction"] | columns["round_cap"]  # disjoint
    die_on_wipe = model.settings.transports_die_on_mutual_wipe
    for label, side, alive, cargo, table in (
        ("a", model.sides[0], alive_a, transports[0], counts[0]),
        ("b", model.sides[1], alive_b, transports[1], counts[1]),
    ):
        for index in side.own:
            columns[f"survivors_{label}.{model.classes[index]}"] = table[index]
        keep = alive | capped | (both_gone & (not die_on_wipe))
        for name, count in cargo.items():
            columns[f"survivors_{label}.{name}"] = np.where(keep, count, 0)
    means: dict[str, float] = {}
    errors: dict[str, float] = {}
    total = float(weights.sum()) if weights is not None else float(capped.shape[0])
    for name, values in columns.items():
        if weights is None:  # sampled battles: whole-number sums, exact
            if values.dtype == np.bool_:
                first = second = int(np.count_nonzero(values))
            else:
                whole = values.astype(np.int64, copy=False)
                first, second = int(whole.sum()), int(np.dot(whole, whole))
            mean, square = first / total, second / total
        else:
            floats = values.astype(np.float64)
            mean = float(floats @ weights) / total
            square = float((floats * floats) @ weights) / total
        means[name] = mean
        if battles:
            errors[name] = math.sqrt(max(square - mean * mean, 0.0) / battles)
    return Figures(means, errors)
