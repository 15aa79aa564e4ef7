"""Provably fair dice: the derivation the README documents, its uniformity, and how the
`Dice` learns where each roll sits in the log (DESIGN "Dice", README "Provably fair dice")."""

from __future__ import annotations

import hashlib
import hmac
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from bot import dice_expr
from bot import fair_dice
from bot.dice import Dice
from bot.dice_stats import chi_square_uniform
from bot.fair_dice import HELD_DERIVATION
from bot.fair_dice import DieAddress
from bot.fair_dice import TurnSeedFaces
from bot.fair_dice import commitment
from bot.fair_dice import derive_face
from bot.fair_dice import derive_faces
from bot.fair_dice import die_message
from bot.fair_dice import face_from_digest

README = Path(__file__).resolve().parent.parent / "README.md"
VECTOR_SEED = bytes(range(32))
VECTOR = {"campaign": 1, "turn": 1, "entry": 2, "roll": 0, "interaction": 1234567890123456789}


def readme_block(marker: str) -> str:
    """The fenced block right after `<!-- marker -->` in the README."""
    text = README.read_text(encoding="utf-8")
    found = re.search(rf"<!-- {marker} -->\n```[a-z]*\n(.*?)\n```", text, re.S)
    assert found, f"README has no {marker} block"
    return found.group(1)


def test_derivation_matches_the_readme_test_vector():
    """The README's vector: commitment, message, HMAC and the faces of d2, d6, d20, d100."""
    lines = dict(line.split(maxsplit=1) for line in readme_block("test-vector").splitlines())
    assert commitment(VECTOR_SEED) == lines["commitment"]
    message = die_message(DieAddress(**VECTOR, die=0, sides=6))
    assert message.decode() == lines["message"]
    assert hmac.new(VECTOR_SEED, message, hashlib.sha256).hexdigest() == lines["hmac"]
    for sides in (2, 6, 20, 100):
        expected = [int(f) for f in lines[f"d{sides}"].split()]
        assert derive_faces(VECTOR_SEED, **VECTOR, count=8, sides=sides) == expected
        assert [
            derive_face(VECTOR_SEED, DieAddress(**VECTOR, die=d, sides=sides)) for d in range(8)
        ] == expected
    held = [int(f) for f in lines["held-d6"].split()]
    assert (
        derive_faces(VECTOR_SEED, **VECTOR, count=8, sides=6, derivation=HELD_DERIVATION)
        == held
        != derive_faces(VECTOR_SEED, **VECTOR, count=8, sides=6)
    )
    assert die_message(DieAddress(**VECTOR, die=0, sides=6), 0, HELD_DERIVATION).decode() == (
        lines["message"].replace("privateer-dice-v1", "privateer-held-dice-v1")
    )


def test_the_readme_snippet_derives_the_same_faces_as_the_bot():
    """The standalone snippet's `face` is the bot's derivation."""
    namespace: dict[str, object] = {}
    block = readme_block("verify-snippet")
    code = block[: block.index("sys.argv")].rsplit("\n", 1)[0]  # the functions, not the run
    exec(compile(code, "README snippet", "exec"), namespace)
    face = namespace["face"]
    for sides in (2, 7, 100, 1000):
        for die in range(20):
            assert face(VECTOR_SEED, 3, 4, 5, 6, die, sides, 99) == derive_face(  # type: ignore[operator]
                VECTOR_SEED,
                DieAddress(
                    campaign=3, turn=4, entry=5, roll=6, die=die, sides=sides, interaction=99
                ),
            )


def test_a_digest_beyond_the_last_whole_multiple_is_rejected():
    """Rejection sampling: digests at or above 2**256 - 2**256 % sides give no face, so each face
    has exactly as many digests; the largest accepted digest gives the last face."""
    top = (1 << 256) - 1
    assert face_from_digest(top.to_bytes(32, "big"), 6) is None  # 2**256 % 6 == 4
    bound = (1 << 256) - (1 << 256) % 6
    assert face_from_digest((bound - 1).to_bytes(32, "big"), 6) == 6
    assert face_from_digest(bytes(32), 6) == 1
    assert face_from_digest(top.to_bytes(32, "big"), 2) == 2  # 2 divides 2**256: nothing rejected


def narrow_the_d6_bound(monkeypatch):
    """With the real bound a rejection almost never happens: accept only about half the
    digests of a d6 (the fast path's bound and `face_from_digest` alike); returns the
    narrowed `face_from_digest`."""
    half = (1 << 255) - (1 << 255) % 6
    monkeypatch.setitem(fair_dice._BOUNDS, 6, half)

    def narrowed(digest: bytes, sides: int) -> int | None:
        value = int.from_bytes(digest, "big")
        return None if value >= half else value % sides + 1

    monkeypatch.setattr(fair_dice, "face_from_digest", narrowed)
    return narrowed


def test_a_rejected_first_digest_is_derived_again_with_the_next_attempt(monkeypatch):
    """With about half the digests rejected, every die `derive_faces` rejects on its fast
    first attempt is derived from attempt 1 on, giving exactly the faces `derive_face`
    gives die by die."""
    narrowed = narrow_the_d6_bound(monkeypatch)
    first = [
        narrowed(
            hmac.digest(VECTOR_SEED, die_message(DieAddress(**VECTOR, die=d, sides=6)), "sha256"), 6
        )
        for d in range(40)
    ]
    assert 10 < first.count(None) < 30  # attempt 0 rejected for about half the dice
    faces = derive_faces(VECTOR_SEED, **VECTOR, count=40, sides=6)
    assert faces == [
        derive_face(VECTOR_SEED, DieAddress(**VECTOR, die=d, sides=6)) for d in range(40)
    ]
    assert [f for f, kept in zip(faces, first, strict=True) if kept] == [f for f in first if f]


def test_the_turn_source_gives_the_documented_faces_with_and_without_rejections(monkeypatch):
    """`TurnSeedFaces` keeps the message's fixed parts encoded: its faces are still those of
    `derive_face` die by die, for several die sizes, entries and rolls, and when a first
    digest is rejected (bound narrowed to about half, as above)."""
    source = TurnSeedFaces(VECTOR_SEED, campaign=1, turn=1, interaction=VECTOR["interaction"])
    for sides, entry, roll, first_die in ((6, 2, 0, 0), (10, 17, 5, 3), (20, 1, 12, 0)):
        inputs = {**VECTOR, "entry": entry, "roll": roll, "sides": sides}
        assert source.faces_at(entry, roll, 8, sides, first_die=first_die) == [
            derive_face(VECTOR_SEED, DieAddress(**inputs, die=d))
            for d in range(first_die, first_die + 8)
        ]
    narrow_the_d6_bound(monkeypatch)
    assert source.faces_at(2, 0, 40, 6) == [
        derive_face(VECTOR_SEED, DieAddress(**VECTOR, die=d, sides=6)) for d in range(40)
    ]


@pytest.mark.parametrize("sides", [2, 6, 10, 20, 100])
def test_derived_faces_are_uniform(sides):
    """100,000 derived dice per die size (fixed seed and inputs, so the test is deterministic):
    chi-square against the exact 1/sides, and each face within 5 standard errors."""
    count = 100_000
    faces = derive_faces(
        hashlib.sha256(b"uniformity").digest(),
        campaign=7,
        turn=3,
        entry=11,
        roll=0,
        count=count,
        sides=sides,
        interaction=1_100_000_000_000_000_000,
    )
    counts = [0] * sides
    for face in faces:
        counts[face - 1] += 1
    assert chi_square_uniform(counts).p_value > 0.001
    p = Fraction(1, sides)
    standard_error = math.sqrt(count * p * (1 - p))
    for seen in counts:
        assert abs(seen - count * p) < 5 * standard_error


def test_dice_name_the_entry_roll_and_die_of_each_derivation():
    """Engines keep calling `dice.roll`; the Dice supplies the entry and roll index, so the
    faces are exactly the derivation at those positions (expressions roll group by group)."""
    seed = b"s" * 32
    dice = Dice(TurnSeedFaces(seed, campaign=4, turn=2, interaction=555))
    dice.begin_entry(9)
    first = dice.roll(3, 6, "volley")
    rolled = dice_expr.roll("2d20+1d4", dice)
    assert first == derive_faces(
        seed, campaign=4, turn=2, entry=9, roll=0, count=3, sides=6, interaction=555
    )
    assert list(rolled.records[1].faces) == derive_faces(
        seed, campaign=4, turn=2, entry=9, roll=2, count=1, sides=4, interaction=555
    )
    assert dice.marker() == {"source": "derived", "interaction": 555}
    dice.entry_appended(9)
    assert dice.roll(1, 6, "next") == derive_faces(
        seed, campaign=4, turn=2, entry=10, roll=0, count=1, sides=6, interaction=555
    )


def test_an_exploding_group_drawn_die_by_die_is_one_derivable_roll():
    """`3d6!` draws one die at a time until no six: its faces are dice 0..n-1 of one roll,
    exactly as a verifier re-derives a record of n faces."""
    seed = b"x" * 32
    dice = Dice(TurnSeedFaces(seed, campaign=2, turn=3, interaction=77))
    dice.begin_entry(5)
    rolled = dice_expr.roll("20d6!+1d4", dice)
    exploding, plain = rolled.records
    assert len(exploding.faces) > 20  # this seed explodes at least once
    assert list(exploding.faces) == derive_faces(
        seed,
        campaign=2,
        turn=3,
        entry=5,
        roll=0,
        count=len(exploding.faces),
        sides=6,
        interaction=77,
    )
    assert list(plain.faces) == derive_faces(
        seed, campaign=2, turn=3, entry=5, roll=1, count=1, sides=4, interaction=77
    )


def test_held_blocks_are_entries_of_their_own_drawn_from_the_held_seed():
    """Each `held()` block (a raid's hidden roll) is an entry of its own, its dice derived
    from the held seed under the held name at that entry; the entries say so and take their
    own rolls; a turn-seed roll in a held entry is refused."""
    seed, held_seed = b"t" * 32, b"h" * 32
    dice = Dice(
        TurnSeedFaces(seed, campaign=1, turn=2, interaction=9),
        held=TurnSeedFaces(
            held_seed, campaign=1, turn=2, interaction=9, derivation=HELD_DERIVATION
        ),
    )
    dice.begin_entry(7)
    with dice.held():
        first = dice.roll(1, 3, "raid A")
    with dice.held():
        second = dice.roll(1, 3, "raid B")
    address = {"campaign": 1, "turn": 2, "roll": 0, "count": 1, "sides": 3, "interaction": 9}
    assert first == derive_faces(held_seed, entry=7, derivation=HELD_DERIVATION, **address)
    assert second == derive_faces(held_seed, entry=8, derivation=HELD_DERIVATION, **address)
    assert dice.entry_held and dice.entry_end() == 1
    assert dice.marker() == {"source": "derived", "interaction": 9, "seed": "held"}
    dice.entry_appended(7)
    assert dice.entry_held and dice.entry_end() == 2
    assert dice.marker() == {"source": "derived", "interaction": 9, "seed": "held"}
    with pytest.raises(RuntimeError):
        dice.roll(1, 6, "a turn-seed roll in the held entry")
    dice.entry_appended(8)
    assert not dice.entry_held
    assert dice.roll(1, 6, "next") == derive_faces(
        seed, campaign=1, turn=2, entry=9, roll=0, count=1, sides=6, interaction=9
    )


def test_derived_rolls_appended_under_another_entry_are_refused():
    """Faces derived for one entry would not verify under another number."""
    dice = Dice(TurnSeedFaces(b"k" * 32, campaign=1, turn=1, interaction=1))
    dice.begin_entry(3)
    dice.roll(1, 6, "x")
    with pytest.raises(RuntimeError):
        dice.entry_appended(4)


def test_test_dice_mark_their_entries():
    """Seeded and scripted faces stay for tests and simulations; their entries say so."""
    seeded, scripted = Dice.seeded(1), Dice.scripted([2])
    assert seeded.marker() is None
    seeded.roll(1, 6, "x")
    scripted.roll(1, 6, "x")
    assert seeded.marker() == {"source": "seeded"}
    assert scripted.marker() == {"source": "scripted"}


def test_a_malformed_export_entry_is_named_not_a_crash():
    """The offline verifier names an entry whose fields were mangled instead of failing."""
    from bot.verify_export import verify_document

    entry = {"seq": 1, "campaign_id": 1, "turn": 1, "outcome": {}, "rolls": [["x"]]}
    entry["dice"] = {"source": "derived"}  # no interaction id
    verdict = verify_document({"entries": [entry]})
    assert verdict.problem is not None and verdict.problem.kind == "edited"
    assert verdict.problem.seq == 1
