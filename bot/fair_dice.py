"""Provably fair faces: every die is HMAC-SHA256 of the turn's committed seed and public inputs.

Commit, derive, reveal: a turn opens with a fresh 32-byte seed whose sha256 is published; each
die is `HMAC-SHA256(seed, message)` where the message names the campaign, turn, audit entry,
roll index, die index, die size and the Discord interaction id (chosen by Discord after the
commitment), mapped to a face by rejection sampling; the seed is revealed at turn end so
anyone can recompute every die. Dice kept hidden past the turn's end (held) are derived the
same way from a second seed of the turn, the held seed, committed with the turn seed and
revealed only with the last held entry that used it, under their own derivation name
(`HELD_DERIVATION`), so they are never the dice of the turn seed. The README states the
derivation and gives a stdlib snippet. Pure: no discord, no I/O.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from functools import partial

DERIVATION = "privateer-dice-v1"
HELD_DERIVATION = "privateer-held-dice-v1"  # the dice of a turn's held seed
SEED_BYTES = 32
_SPACE = 1 << 256  # an HMAC-SHA256 digest read as a big-endian unsigned integer
_BOUNDS = {sides: _SPACE - _SPACE % sides for sides in (2, 3, 4, 6, 8, 10, 12, 20, 100)}


def new_seed() -> bytes:
    """A fresh turn seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """What is published when a turn opens: sha256 of the seed, hex."""
    return hashlib.sha256(seed).hexdigest()


@dataclass(frozen=True)
class DieAddress:
    """Where one die sits: its campaign, turn, audit entry, roll index, die index, die size
    and Discord interaction id, the public inputs of its HMAC message."""

    campaign: int
    turn: int
    entry: int
    roll: int
    die: int
    sides: int
    interaction: int


def die_message(address: DieAddress, attempt: int = 0, derivation: str = DERIVATION) -> bytes:
    """The HMAC message of one die: ASCII decimals separated by single spaces after the
    derivation name; `attempt` counts rejections (almost always 0)."""
    return (
        f"{derivation} {address.campaign} {address.turn} {address.entry} {address.roll} "
        f"{address.die} {address.sides} {address.interaction} {attempt}"
    ).encode("ascii")


def face_from_digest(digest: bytes, sides: int) -> int | None:
    """A face in 1..sides from one digest, or None when the digest is rejected.

    Rejection sampling: the digest is a number x in [0, 2**256); x is used only below the
    largest multiple of `sides`, so every face has exactly the same number of digests.
    """
    value = int.from_bytes(digest, "big")
    if value >= _SPACE - _SPACE % sides:
        return None
    return value % sides + 1


class KeyedHmac:
    """HMAC-SHA256 with one key, its padded key states hashed once (RFC 2104): the same
    digests as `hmac.digest(seed, message, "sha256")` at a fraction of the cost per die."""

    def __init__(self, seed: bytes) -> None:
        key = seed if len(seed) <= 64 else hashlib.sha256(seed).digest()
        key = key.ljust(64, b"\0")
        self.inner = hashlib.sha256(bytes(b ^ 0x36 for b in key))
        self.outer = hashlib.sha256(bytes(b ^ 0x5C for b in key))

    def digest(self, message: bytes) -> bytes:
        inner = self.inner.copy()
        inner.update(message)
        outer = self.outer.copy()
        outer.update(inner.digest())
        return outer.digest()


def derive_face(
    seed: bytes | KeyedHmac, address: DieAddress, attempt: int = 0, derivation: str = DERIVATION
) -> int:
    """One die, exactly as the README documents it (the reference for the fast path), from
    rejection `attempt` on: `derive_faces` comes here for a die whose first digest it rejected."""
    digest = (
        seed.digest if isinstance(seed, KeyedHmac) else partial(hmac.digest, seed, digest="sha256")
    )
    while True:
        face = face_from_digest(digest(die_message(address, attempt, derivation)), address.sides)
        if face is not None:
            return face
        attempt += 1


def derive_faces(
    seed: bytes | KeyedHmac,
    *,
    campaign: int,
    turn: int,
    entry: int,
    roll: int,
    count: int,
    sides: int,
    interaction: int,
    first_die: int = 0,
    derivation: str = DERIVATION,
) -> list[int]:
    """The `count` dice of one roll (die index first_die..first_die+count-1); same result as
    `derive_face` (`derivation`: HELD_DERIVATION for the dice of a held seed)."""
    keyed = seed if isinstance(seed, KeyedHmac) else KeyedHmac(seed)
    head = f"{derivation} {campaign} {turn} ".encode("ascii")
    tail = f" {sides} {interaction} 0".encode("ascii")
    faces = _faces(keyed, head, tail, entry, roll, first_die, count, sides)
    if faces is not None:
        return faces
    # A first digest was rejected (almost never): each die as `derive_face` derives it.
    return [
        derive_face(
            keyed, DieAddress(campaign, turn, entry, roll, die, sides, interaction), 0, derivation
        )
        for die in range(first_die, first_die + count)
    ]


def _faces(
    keyed: KeyedHmac,
    head: bytes,
    tail: bytes,
    entry: int,
    roll: int,
    first_die: int,
    count: int,
    sides: int,
) -> list[int] | None:
    """Attempt 0 of each die of a roll: `head` is the message up to the entry (derivation,
    campaign, turn and their spaces), `tail` the rest after the die index; None when any
    die's digest is rejected (`derive_faces` then derives the roll die by die)."""
    prefix = b"%b%d %d " % (head, entry, roll)
    bound = _BOUNDS.get(sides) or _SPACE - _SPACE % sides
    inner_copy, outer_copy = keyed.inner.copy, keyed.outer.copy
    from_bytes = int.from_bytes
    faces = []
    for die in range(first_die, first_die + count):
        first = inner_copy()
        first.update(b"%b%d%b" % (prefix, die, tail))
        second = outer_copy()
        second.update(first.digest())
        value = from_bytes(second.digest(), "big")
        if value >= bound:
            return None
        faces.append(value % sides + 1)
    return faces


class TurnSeedFaces:
    """The production face source: dice derived from one turn's seed (or its held seed, with
    `derivation=HELD_DERIVATION`) for one interaction."""

    kind = "derived"

    def __init__(
        self,
        seed: bytes,
        *,
        campaign: int,
        turn: int,
        interaction: int,
        derivation: str = DERIVATION,
    ) -> None:
        self._keyed = KeyedHmac(seed)
        self.campaign = campaign
        self.turn = turn
        self.interaction = interaction
        self.derivation = derivation
        # The message's fixed parts, encoded once (`derive_faces` makes them per call).
        self._head = f"{derivation} {campaign} {turn} ".encode("ascii")
        self._tails: dict[int, bytes] = {}

    def faces_at(
        self, entry: int, roll: int, count: int, sides: int, first_die: int = 0
    ) -> list[int]:
        """The faces of roll `roll` of audit entry `entry` (from die `first_die` on)."""
        tail = self._tails.get(sides)
        if tail is None:
            tail = self._tails[sides] = f" {sides} {self.interaction} 0".encode("ascii")
        faces = _faces(self._keyed, self._head, tail, entry, roll, first_die, count, sides)
        if faces is None:  # a first digest rejected: the general path
            return derive_faces(
                self._keyed,
                campaign=self.campaign,
                turn=self.turn,
                entry=entry,
                roll=roll,
                count=count,
                sides=sides,
                interaction=self.interaction,
                first_die=first_die,
                derivation=self.derivation,
            )
        return faces
