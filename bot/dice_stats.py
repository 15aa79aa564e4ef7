"""Fairness statistics of logged dice for `/history stats`: values only, the cog renders them.

Per player and die size: how many dice, the mean face against the expected (S+1)/2, and a
chi-square goodness-of-fit test against a uniform die. The chi-square survival function is
computed here (regularised upper incomplete gamma), so scipy is not needed.

A roll counts for the user whose command made it, unless its entry says which faction rolled
it (`ROLLED_BY`: a turn's end rolls every side's dice under the GM's command, and a player's
command or answer may roll the other side's too); then it counts for that faction and whoever
played it when the roll was made (a faction that changed hands keeps each player's rolls
theirs). A roll no player's side made (the pirates' of Space pirates, rolled by the bot)
counts for nobody (`NOBODY`): it is nobody's luck. `Credits` notes them while an entry rolls.
A secret roll's dice count once its reveal
publishes them, for whoever rolled it; while hidden they count for nobody (the stats are
posted for everyone, and would tell its faces).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from collections.abc import Sequence
from contextlib import AbstractContextManager
from contextlib import contextmanager
from contextlib import nullcontext
from dataclasses import dataclass
from dataclasses import field
from enum import Enum
from typing import Any
from typing import NamedTuple
from typing import Protocol
from typing import TypeVar

from bot.dice import Dice

# Below this many expected rolls per face the chi-square approximation is not trusted.
MIN_EXPECTED_PER_FACE = 5
# p below this reads as "suspicious". Each die size is one test, so a player with three
# sizes of perfectly fair dice is flagged with probability about 0.3%.
SUSPICIOUS_P_VALUE = 0.001

FAIR = "dice.stats.fair"
SUSPICIOUS = "dice.stats.suspicious"
TOO_FEW = "dice.stats.too_few"

# The outcome key of an entry whose rolls were rolled by factions, not by the command's user:
# {"factions": [names], "rolls": [an index into names, None (the command user's) or
# "nobody" (`NOBODY`'s), for each roll in order]}.
ROLLED_BY = "rolled_by"


class Nobody(Enum):
    """Who rolls the dice of a side no player plays (the pirates of Space pirates): they
    count for nobody's luck, not for the user whose command made the bot roll them."""

    NOBODY = "nobody"


NOBODY = Nobody.NOBODY
Credit = str | Nobody | None  # a faction, nobody, or (None) the command user

_EPSILON = 1e-15
_MAX_ITERATIONS = 100_000
_TINY = 1e-300


class FaceRecord(Protocol):
    """Anything with a die size and faces: a `RollRecord`, a `FaceSample`, a storage row."""

    @property
    def sides(self) -> int:
        """Sides of every die in the record."""
        ...

    @property
    def faces(self) -> Sequence[int]:
        """Faces rolled, each in 1..sides."""
        ...


class Roller(NamedTuple):
    """Who a logged roll counts for: the user whose command made it, and the faction that
    rolled it when its entry names one (`ROLLED_BY`; None otherwise) with who played that
    faction when the entry was written (`player`; None: nobody did)."""

    actor_id: int | None
    faction: str | None
    player: int | None = None


class FaceSample(NamedTuple):
    """A plain (sides, faces) pair, for callers without `RollRecord`s."""

    sides: int
    faces: Sequence[int]


@dataclass(frozen=True, slots=True)
class ChiSquare:
    """A chi-square goodness-of-fit result."""

    statistic: float
    df: int  # degrees of freedom
    p_value: float


@dataclass(frozen=True, slots=True)
class DieSizeStats:
    """One player's dice of one size: counts per face and how far they are from uniform."""

    sides: int
    face_counts: tuple[int, ...]  # face_counts[0] is how many 1s
    chi_square: ChiSquare | None  # None when too few dice or a one-sided die

    @property
    def dice(self) -> int:
        """How many dice of this size."""
        return sum(self.face_counts)

    @property
    def mean(self) -> float:
        """Mean face rolled (nan with no dice)."""
        if not self.dice:
            return math.nan
        return sum(face * n for face, n in enumerate(self.face_counts, start=1)) / self.dice

    @property
    def expected_mean(self) -> float:
        """Mean face of a fair die, (S+1)/2."""
        return (self.sides + 1) / 2

    @property
    def mean_z(self) -> float | None:
        """How many standard errors the mean is from the expected mean (None if undefined)."""
        variance = (self.sides**2 - 1) / 12
        if not self.dice or variance == 0:
            return None
        return (self.mean - self.expected_mean) / math.sqrt(variance / self.dice)

    @property
    def too_few(self) -> bool:
        """Fewer than MIN_EXPECTED_PER_FACE rolls expected per face: no verdict."""
        return self.dice < MIN_EXPECTED_PER_FACE * self.sides

    @property
    def verdict_key(self) -> str:
        """The catalog key summarising this die size."""
        if self.sides < 2:
            return FAIR  # a one-sided die cannot be unfair
        return verdict_key(self.chi_square.p_value if self.chi_square else None)


@dataclass(frozen=True, slots=True)
class PlayerDiceStats:
    """All of one player's logged dice, split by die size (ascending)."""

    by_sides: tuple[DieSizeStats, ...]

    @property
    def dice(self) -> int:
        """How many dice the player rolled in all."""
        return sum(size.dice for size in self.by_sides)

    @property
    def verdict_key(self) -> str:
        """Suspicious if any tested size is; fair if any size could be tested; else too few."""
        keys = [size.verdict_key for size in self.by_sides if size.chi_square is not None]
        if SUSPICIOUS in keys:
            return SUSPICIOUS
        return FAIR if keys else TOO_FEW


def verdict_key(p_value: float | None) -> str:
    """The verdict for a p-value: suspicious below 0.001, too few without a test, else fair."""
    if p_value is None:
        return TOO_FEW
    return SUSPICIOUS if p_value < SUSPICIOUS_P_VALUE else FAIR


def regularized_gamma_p(a: float, x: float) -> float:
    """P(a, x), the regularised lower incomplete gamma function."""
    return 1.0 - regularized_gamma_q(a, x)


def regularized_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a): series below x = a + 1, continued fraction above."""
    if a <= 0:
        msg = f"gamma shape must be positive, got {a}"
        raise ValueError(msg)
    if x <= 0:
        return 1.0
    if math.isinf(x):
        return 0.0
    log_prefactor = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        # P(a, x) = e^-x x^a / Γ(a+1) * Σ x^n / ((a+1)...(a+n))
        term = total = 1.0 / a
        denominator = a
        for _ in range(_MAX_ITERATIONS):
            denominator += 1
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * _EPSILON:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefactor))
    # Q(a, x) = e^-x x^a / Γ(a) * 1/(x+1-a - 1(1-a)/(x+3-a - 2(2-a)/(x+5-a - ...))), by the
    # modified Lentz method (Numerical Recipes 6.2).
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    fraction = d
    for i in range(1, _MAX_ITERATIONS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        step = d * c
        fraction *= step
        if abs(step - 1) < _EPSILON:
            break
    return min(1.0, math.exp(log_prefactor) * fraction)


def chi2_sf(statistic: float, df: int) -> float:
    """Survival function of the chi-square distribution: P(X >= statistic) with `df` df."""
    if df < 1:
        msg = f"degrees of freedom must be at least 1, got {df}"
        raise ValueError(msg)
    return regularized_gamma_q(df / 2, statistic / 2)


def chi_square_uniform(face_counts: Sequence[int]) -> ChiSquare:
    """Pearson's chi-square test of `face_counts` against a fair die with len(counts) sides."""
    sides = len(face_counts)
    rolled = sum(face_counts)
    if sides < 2 or rolled == 0:
        msg = f"need at least 2 faces and 1 roll, got {sides} faces and {rolled} rolls"
        raise ValueError(msg)
    expected = rolled / sides
    statistic = sum((observed - expected) ** 2 for observed in face_counts) / expected
    return ChiSquare(statistic, sides - 1, chi2_sf(statistic, sides - 1))


def face_counts(records: Iterable[FaceRecord]) -> dict[int, list[int]]:
    """Counts per face for each die size; raises ValueError for a face the die cannot show."""
    counts: dict[int, list[int]] = {}
    for record in records:
        tally = counts.setdefault(record.sides, [0] * record.sides)
        for face in record.faces:
            if not 1 <= face <= record.sides:
                msg = f"face {face} cannot come from a d{record.sides}"
                raise ValueError(msg)
            tally[face - 1] += 1
    return counts


def die_size_stats(sides: int, counts: Sequence[int]) -> DieSizeStats:
    """Statistics for one die size from its counts per face."""
    if len(counts) != sides:
        msg = f"a d{sides} needs {sides} face counts, got {len(counts)}"
        raise ValueError(msg)
    rolled = sum(counts)
    testable = sides >= 2 and rolled >= MIN_EXPECTED_PER_FACE * sides
    return DieSizeStats(sides, tuple(counts), chi_square_uniform(counts) if testable else None)


def player_stats(records: Iterable[FaceRecord]) -> PlayerDiceStats:
    """Statistics of one player's records, split by die size."""
    counts = face_counts(records)
    return PlayerDiceStats(tuple(die_size_stats(s, counts[s]) for s in sorted(counts)))


PlayerKey = TypeVar("PlayerKey", bound=Hashable)


def stats_by_player(
    records_by_player: Mapping[PlayerKey, Iterable[FaceRecord]],
) -> dict[PlayerKey, PlayerDiceStats]:
    """`player_stats` for each player (keyed however the caller groups: user id, faction)."""
    return {player: player_stats(records) for player, records in records_by_player.items()}


def rolled_by_outcome(credits: Mapping[int, Credit], first: int, end: int) -> dict[str, Any]:
    """The outcome part saying which faction rolled each of an entry's rolls, numbered
    `first` to `end - 1` in `credits` (a roll not in it is the command user's; `NOBODY`'s
    is nobody's); empty when no roll is credited."""
    names: dict[str, int] = {}
    rolls: list[int | str | None] = []
    for i in range(first, end):
        found = credits.get(i)
        if isinstance(found, Nobody):
            rolls.append(found.value)
        else:
            rolls.append(None if found is None else names.setdefault(found, len(names)))
    if all(r is None for r in rolls):
        return {}
    return {ROLLED_BY: {"factions": list(names), "rolls": rolls}}


def rolled_by(outcome: Mapping[str, Any], rolls: int) -> list[Credit] | None:
    """The faction that rolled each of an entry's `rolls` rolls (None: the command user;
    `NOBODY`: nobody), from its outcome; None when it credits none, or not exactly these
    rolls."""
    credited = outcome.get(ROLLED_BY)
    if not isinstance(credited, dict):
        return None
    names, indexes = credited.get("factions"), credited.get("rolls")
    if not isinstance(names, list) or not isinstance(indexes, list) or len(indexes) != rolls:
        return None
    found: list[Credit] = []
    for index in indexes:
        if index is None:
            found.append(None)
        elif index == NOBODY.value:
            found.append(NOBODY)
        elif isinstance(index, int) and 0 <= index < len(names) and isinstance(names[index], str):
            found.append(names[index])
        else:
            return None
    return found


@dataclass
class Credits:
    """Which faction rolled each roll an entry makes with `dice`, noted while it rolls: the
    rolls made inside `by(faction)` are that faction's (an inner `by` wins), any other roll
    the command user's. `outcome()` is the entry's `ROLLED_BY` part."""

    dice: Dice
    first: int = -1  # the entry's first roll in `dice.records` (-1: where it stands now)
    by_roll: dict[int, Credit] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.first < 0:
            self.first = len(self.dice.records)

    @contextmanager
    def by(self, faction: Credit) -> Iterator[None]:
        """The rolls made inside the block are `faction`'s (None: no faction's, so the
        command user's, even inside another faction's block; `NOBODY`: nobody's at all)."""
        start = len(self.dice.records)
        try:
            yield
        finally:
            for index in range(start, len(self.dice.records)):
                self.by_roll.setdefault(index, faction)

    def outcome(self) -> dict[str, Any]:
        """The outcome part naming who rolled the entry's rolls so far (empty: nobody)."""
        credited = {i: f for i, f in self.by_roll.items() if f is not None}
        return rolled_by_outcome(credited, self.first, len(self.dice.records))


def credited(credits: Credits | None, faction: Credit) -> AbstractContextManager[None]:
    """`credits.by(faction)`, or nothing when no credits are kept."""
    return nullcontext() if credits is None else credits.by(faction)
