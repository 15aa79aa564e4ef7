"""The one audited roller: every die in the project comes from a `Dice` and leaves a record.

Production dice are derived from the open turn's committed seed (bot/fair_dice.py, a
`PositionedFaces` source: each roll's faces depend on its place in the log); tests and
simulations use `Dice.seeded(seed)` or `Dice.scripted([faces...])`, and an audit entry made
with them says so (`marker`). No other module calls `random`.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Collection
from collections.abc import Iterable
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from typing import Protocol
from typing import runtime_checkable

from pydantic import BaseModel
from pydantic import ConfigDict

from bot.errors import GameError
from bot.i18n import Msg
from bot.i18n import msg_from_json
from bot.i18n import t

MAX_DICE_PER_ROLL = 1000
MAX_SIDES = 1000
# How a record notes a face-set target ("in {2,4,6}"): the log's own notation, the same in
# every language (the export's `target` column); a reader sees it through `target_text`.
FACES_TARGET = "in "


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


# A purpose that is a message with parameters (fleet combat's "battle #1, round 2: Vega's 2
# cruisers → Orion's destroyers") is kept as the message's JSON, which starts so.
PURPOSE_MESSAGE = '{"key":'


def purpose_of(message: Msg) -> str:
    """A roll's purpose that reads in each reader's language: the message (a catalog key
    and its parameters, faction names as typed) as compact JSON, `purpose_message` reads it
    back. A purpose without parameters is its catalog key alone."""
    return json.dumps(message.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def purpose_message(purpose: str) -> Msg | None:
    """The message a purpose written by `purpose_of` holds; None for any other purpose (a
    catalog key alone, a /roll reason, a label written before, in English)."""
    if not purpose.startswith(PURPOSE_MESSAGE):
        return None
    try:
        message = msg_from_json(json.loads(purpose))
    except (ValueError, TypeError):
        return None
    return message if isinstance(message, Msg) else None


class FaceSource(Protocol):
    """Where test and simulation faces come from: one face at a time, whatever the roll."""

    def face(self, sides: int) -> int:
        """Return one face in 1..sides."""
        ...


@runtime_checkable
class PositionedFaces(Protocol):
    """Faces that depend on where the roll sits in the log (derived from a turn seed)."""

    kind: str
    interaction: int

    def faces_at(
        self, entry: int, roll: int, count: int, sides: int, first_die: int = 0
    ) -> list[int]:
        """The faces of roll number `roll` (from 0) of audit entry `entry`, from die
        `first_die` on."""
        ...


class SystemFaces:
    """Faces from the operating system's CSPRNG (not provable; campaigns use derived faces)."""

    kind = "system"

    def __init__(self) -> None:
        self._rng = secrets.SystemRandom()

    def face(self, sides: int) -> int:
        """Return one uniform face."""
        return self._rng.randint(1, sides)


class SeededFaces:
    """Reproducible faces for statistics tests and demos."""

    kind = "seeded"

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

    kind = "scripted"

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


class DiceNeeded(Exception):
    """A change checked with `NoFaces` reached its first die."""


class NoFaces:
    """A source that rolls nothing: a change checked before it is asked about (a GM's
    confirmation) runs up to its first die, which stops it (`DiceNeeded`), so what it
    refuses is known at once and no die is drawn before the change really runs."""

    kind = "none"

    def face(self, sides: int) -> int:
        """Stop the check: the change got as far as a die."""
        raise DiceNeeded


class Dice:
    """The roller every engine receives; keeps a record of each roll in order."""

    def __init__(
        self,
        source: FaceSource | PositionedFaces | None = None,
        *,
        held: FaceSource | PositionedFaces | None = None,
    ) -> None:
        chosen = source if source is not None else SystemFaces()
        self._positioned = chosen if isinstance(chosen, PositionedFaces) else None
        self._source: FaceSource = chosen  # type: ignore[assignment]
        self.kind: str = getattr(chosen, "kind", "test")
        # Rolls kept hidden past the turn's end (`held`) draw from a source of their own (the
        # turn's held seed, bot/fair_turns.py); without one, from the same source.
        held_source = held if held is not None else chosen
        self._held_positioned = held_source if isinstance(held_source, PositionedFaces) else None
        self._held_source: FaceSource = held_source  # type: ignore[assignment]
        self._held_kind: str = getattr(held_source, "kind", "test")
        self._holding = False
        self._entry_held = False  # whether the current entry's rolls are held ones
        # Held entries complete but not yet appended: (entry, first record, end of records)
        self._held_done: list[tuple[int, int, int]] = []
        self.records: list[RollRecord] = []
        self.entry = 0  # the audit entry the next rolls go into (set by the unit of work)
        self._entry_start = 0
        self._pending: tuple[int, int] | None = None  # sides and dice drawn for the next record

    @contextmanager
    def held(self) -> Iterator[None]:
        """Rolls made inside are held: hidden past the turn's end, so drawn from the held
        source, never from the one the turn's end reveals. An entry holds held rolls only,
        and each `held()` block's rolls are an entry of their own (one per raid, published
        when that raid ends): a block after held rolls starts the next entry, and the unit
        of work appends them one by one (`entry_end`)."""
        if self._entry_held and self.rolled_since_entry():
            self._held_done.append((self.entry, self._entry_start, len(self.records)))
            self.entry += 1
            self._entry_start = len(self.records)
        self._holding = True
        try:
            yield
        finally:
            self._holding = False

    @property
    def entry_held(self) -> bool:
        """Whether the rolls of the entry appended next are held ones."""
        return bool(self._held_done) or (self._entry_held and self.rolled_since_entry())

    def entry_end(self) -> int:
        """The end (in `records`) of the rolls of the entry appended next: a held entry
        completed before others takes its own rolls only."""
        return self._held_done[0][2] if self._held_done else len(self.records)

    def begin_entry(self, seq: int) -> None:
        """The rolls from now on belong to audit entry `seq` (roll indexes restart at 0)."""
        self.entry = seq
        self._entry_start = len(self.records)
        self._entry_held = False

    def entry_appended(self, seq: int) -> None:
        """Entry `seq` took the rolls made since `begin_entry`; the next ones go to seq + 1.

        Derived faces named the entry they were rolled for: appending them under another
        number would make them unverifiable, so that is refused.
        """
        if self._held_done:
            entry = self._held_done.pop(0)[0]
            if self._held_positioned is not None and seq != entry:
                msg = f"dice derived for entry #{entry} appended as #{seq}"
                raise RuntimeError(msg)
            return
        positioned = self._held_positioned if self._entry_held else self._positioned
        if positioned is not None and self.rolled_since_entry() and seq != self.entry:
            msg = f"dice derived for entry #{self.entry} appended as #{seq}"
            raise RuntimeError(msg)
        self.begin_entry(seq + 1)

    def rolled_since_entry(self) -> bool:
        """Whether the current entry has rolls."""
        return len(self.records) > self._entry_start

    def marker(self) -> dict[str, Any] | None:
        """What the audit entry says about its faces: their source (and for derived faces the
        interaction id the derivation names); None when the entry has no rolls."""
        if not self._held_done and not self.rolled_since_entry():
            return None
        if self._held_done or self._entry_held:
            if self._held_positioned is not None:
                held = {"source": self._held_kind, "interaction": self._held_positioned.interaction}
                return held | {"seed": "held"} if self._held_kind == "derived" else held
            return {"source": self._held_kind}
        if self._positioned is not None:
            return {"source": self.kind, "interaction": self._positioned.interaction}
        return {"source": self.kind}

    def _draw(self, count: int, sides: int, *, pending: bool = False) -> list[int]:
        """Faces for the next record. Derived faces are named by their place in the log: the
        record's index in its entry and each die's index in the record, so raw draws made
        for one record (an exploding group draws die by die) continue its die numbering."""
        if self.rolled_since_entry() and self._entry_held != self._holding:
            msg = "held and other rolls in one entry"
            raise RuntimeError(msg)
        self._entry_held = self._holding
        if self._holding:
            return self._draw_from(self._held_positioned, self._held_source, count, sides, pending)
        return self._draw_from(self._positioned, self._source, count, sides, pending)

    def _draw_from(
        self,
        positioned: PositionedFaces | None,
        source: FaceSource,
        count: int,
        sides: int,
        pending: bool,
    ) -> list[int]:
        if positioned is not None:
            drawn = 0
            if self._pending is not None:
                if self._pending[0] != sides or not pending:
                    msg = "a derived draw must be recorded before a draw of another roll"
                    raise RuntimeError(msg)
                drawn = self._pending[1]
            roll = len(self.records) - self._entry_start
            faces = positioned.faces_at(self.entry, roll, count, sides, first_die=drawn)
            if pending:
                self._pending = (sides, drawn + count)
            return faces
        face = source.face
        return [face(sides) for _ in range(count)]

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
        faces = self._draw(count, sides)
        target: str | None = None
        successes: int | None = None
        if hit_on is not None:
            target = f">={hit_on}"
            successes = sum(1 for f in faces if f >= hit_on)
        elif hit_faces is not None:
            allowed = sorted(set(hit_faces))
            target = FACES_TARGET + "{" + ",".join(str(f) for f in allowed) + "}"
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
        self._pending = None
        self.records.append(record)

    def raw_faces(self, count: int, sides: int) -> list[int]:
        """Draw faces without recording; the caller must record them via `record`."""
        if count < 0 or count > MAX_DICE_PER_ROLL:
            raise GameError("error.dice_count", limit=MAX_DICE_PER_ROLL)
        if sides < 1 or sides > MAX_SIDES:
            raise GameError("error.dice_sides", limit=MAX_SIDES)
        return self._draw(count, sides, pending=True)


def target_text(target: str, locale: object) -> str:
    """A recorded target as a reader of `locale` reads it: a comparison as noted (">=5"),
    a face set through the catalog's word for it ("in {2,4,6}", «∈ {2,4,6}»)."""
    if target.startswith(FACES_TARGET):
        return t("dice.target.faces", locale, faces=target.removeprefix(FACES_TARGET))
    return target


def simulation_rng(seed: int) -> random.Random:
    """A seeded generator for Monte Carlo estimates (odds), never for game dice."""
    return random.Random(seed)  # noqa: S311 - simulation only, seeded and reported
