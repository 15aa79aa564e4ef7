"""Dice faces a test can script while the bot runs: a queue, then seeded faces.

The bot's dice factory builds `Dice(faces)` around one shared `QueuedFaces`; a test calls
`table.script_dice([6, 6, 1])` before a command and those faces come out first, in order.
When the queue is empty the faces come from a seeded generator, so unscripted rolls are
still reproducible.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from bot.dice import ScriptFaceError
from bot.dice import SeededFaces


class QueuedFaces:
    """A `FaceSource`: scripted faces first, seeded faces when the script runs out."""

    kind = "scripted"

    def __init__(self, seed: int = 0) -> None:
        self._queue: deque[int] = deque()
        self._fallback = SeededFaces(seed)
        self.scripted_used = 0
        self.seeded_used = 0

    def push(self, faces: Iterable[int]) -> None:
        """Queue faces to come out next, in order."""
        self._queue.extend(int(face) for face in faces)

    @property
    def pending(self) -> list[int]:
        """Scripted faces not used yet."""
        return list(self._queue)

    def clear(self) -> None:
        """Drop the faces not used yet."""
        self._queue.clear()

    def face(self, sides: int) -> int:
        """The next scripted face (checked against the die), else a seeded one."""
        if self._queue:
            value = self._queue[0]
            if not 1 <= value <= sides:
                raise ScriptFaceError(detail=f"scripted face {value} cannot come from d{sides}")
            self._queue.popleft()
            self.scripted_used += 1
            return value
        self.seeded_used += 1
        return self._fallback.face(sides)
