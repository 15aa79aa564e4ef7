"""The one audited roller: every die in the project comes from a `Dice` and leaves a record.

Production dice draw from `secrets.SystemRandom`; tests use `Dice.seeded(seed)` or
`Dice.scripted([faces...])`. No other module calls `random`.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Collection, Iterable, Iterator
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from bot.errors import GameError

MAX_DICE_PER_ROLL = 1000
MAX_SIDES = 1000


class RollRecord(BaseModel):
    """One labelled roll as it goes into the audit log."""

    model_config = ConfigDict(frozen=True)

    purpose: str
    clause: str | None = None
    notation: str
    sides: int
    faces: tuple[int, ...]
    modifier: int = 0
    total: int
    target: str | None = None
    successes: int | None = None


class FaceSource(Protocol):
    """Where faces come from; the only thing that differs between production and tests."""

    def face(self, sides: int) -> int:
        """Return one face in 1..sides."""
        ...


class SystemFaces:
    """Production faces from the operating system's CSPRNG."""

    def __init__(self) -> None:
        self._rng = secrets.SystemRandom()

    def face(self, sides: int) -> int:
        """Return one uniform face."""
        return self._rng.randint(1, sides)


class SeededFaces:
    """Reproducible faces for statistics tests and demos."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)  # noqa: S311 - seeded on purpose, never for production

    def face(self, sides: int) -> int:
        """Return one uniform face from the seeded stream."""
        return self._rng.randint(1, sides)


class ScriptFaceError(GameError):
    """A scripted roller ran out of faces or was given a face the die cannot show."""

    key = "error.dice_script"


class ScriptedFaces:
    """Faces given in order, for exact scenario tests; fails loudly on a mismatch."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces: Iterator[int] = iter(list(faces))
        self.used = 0

    def face(self, sides: int) -> int:
        """Return the next scripted face, checking it fits the die."""
        try:
            value = next(self._faces)
        except StopIteration:
            raise ScriptFaceError(detail=f"no scripted face left for d{sides}") from None
        if not 1 <= value <= sides:
            raise ScriptFaceError(detail=f"scripted face {value} cannot come from d{sides}")
        self.used += 1
        return value

    def remaining(self) -> list[int]:
        """Faces not yet used (consumes the script)."""
        return list(self._faces)


class Dice:
    """The roller every engine receives; keeps a record of each roll in order."""

    def __init__(self, source: FaceSource | None = None) -> None:
        self._source: FaceSource = source if source is not None else SystemFaces()
        self.records: list[RollRecord] = []

    @classmethod
    def seeded(cls, seed: int) -> Dice:
        """A reproducible roller."""
        return cls(SeededFaces(seed))

    @classmethod
    def scripted(cls, faces: Iterable[int]) -> Dice:
        """A roller that returns exactly these faces, in order."""
        return cls(ScriptedFaces(faces))

    def roll(
        self,
        count: int,
        sides: int,
        purpose: str,
        *,
        clause: str | None = None,
        modifier: int = 0,
        hit_on: int | None = None,
        hit_faces: Collection[int] | None = None,
    ) -> list[int]:
        """Roll `count` d`sides` and record them; returns the faces in the order rolled.

        `hit_on=K` records successes as faces >= K; `hit_faces` as faces in the set.
        """
        if count < 0 or count > MAX_DICE_PER_ROLL:
            raise GameError("error.dice_count", limit=MAX_DICE_PER_ROLL)
        if sides < 1 or sides > MAX_SIDES:
            raise GameError("error.dice_sides", limit=MAX_SIDES)
        faces = [self._source.face(sides) for _ in range(count)]
        target: str | None = None
        successes: int | None = None
        if hit_on is not None:
            target = f">={hit_on}"
            successes = sum(1 for f in faces if f >= hit_on)
        elif hit_faces is not None:
            allowed = sorted(set(hit_faces))
            target = "in {" + ",".join(str(f) for f in allowed) + "}"
            successes = sum(1 for f in faces if f in allowed)
        notation = f"{count}d{sides}"
        if modifier:
            notation += f"{modifier:+d}"
        self.records.append(
            RollRecord(
                purpose=purpose,
                clause=clause,
                notation=notation,
                sides=sides,
                faces=tuple(faces),
                modifier=modifier,
                total=sum(faces) + modifier,
                target=target,
                successes=successes,
            )
        )
        return faces

    def roll_one(self, sides: int, purpose: str, *, clause: str | None = None) -> int:
        """Roll a single die and record it."""
        return self.roll(1, sides, purpose, clause=clause)[0]

    def record(self, record: RollRecord) -> None:
        """Append a record built elsewhere from faces this roller produced (expressions)."""
        self.records.append(record)

    def raw_faces(self, count: int, sides: int) -> list[int]:
        """Draw faces without recording; the caller must record them via `record`."""
        if count < 0 or count > MAX_DICE_PER_ROLL:
            raise GameError("error.dice_count", limit=MAX_DICE_PER_ROLL)
        if sides < 1 or sides > MAX_SIDES:
            raise GameError("error.dice_sides", limit=MAX_SIDES)
        return [self._source.face(sides) for _ in range(count)]


def simulation_rng(seed: int) -> random.Random:
    """A seeded generator for Monte Carlo estimates (odds), never for game dice."""
    return random.Random(seed)  # noqa: S311 - simulation only, seeded and reported
