"""The audited roller: production dice are uniform, seeded dice are reproducible."""

from __future__ import annotations

import pytest

from bot.dice import Dice
from bot.dice import target_text
from bot.dice_expr import roll
from bot.dice_stats import FaceSample
from bot.dice_stats import chi_square_uniform
from bot.dice_stats import face_counts

# Under a fair die the p-value is uniform on [0, 1], so each test below fails by chance with
# probability 1e-6; both together about 2e-6 per run (once in half a million runs).
FLAKE_P_VALUE = 1e-6


def production_faces(sides: int, count: int) -> list[int]:
    dice = Dice()  # the production default: SystemFaces, the OS CSPRNG
    faces: list[int] = []
    while len(faces) < count:
        faces += dice.raw_faces(min(1000, count - len(faces)), sides)
    return faces


@pytest.mark.parametrize(("sides", "count"), [(6, 60_000), (20, 20_000)])
def test_production_roller_passes_chi_square(sides, count):
    faces = production_faces(sides, count)
    assert len(faces) == count
    result = chi_square_uniform(face_counts([FaceSample(sides, faces)])[sides])
    assert result.p_value > FLAKE_P_VALUE, result


def test_seeded_roller_repeats_exactly_for_the_same_seed():
    first, second = Dice.seeded(2024), Dice.seeded(2024)
    assert first.raw_faces(500, 6) == second.raw_faces(500, 6)
    assert first.raw_faces(50, 20) == second.raw_faces(50, 20)
    assert Dice.seeded(2024).raw_faces(50, 20) != Dice.seeded(2025).raw_faces(50, 20)


def test_seeded_roller_faces_are_pinned():
    """A replayed demo or statistics test must see the very same faces across releases."""
    dice = Dice.seeded(2024)
    assert dice.raw_faces(12, 6) == [4, 2, 6, 5, 3, 2, 6, 4, 6, 3, 5, 2]
    assert dice.raw_faces(5, 20) == [16, 12, 14, 17, 20]


def test_seeded_expression_rolls_record_the_same_faces():
    first, second = Dice.seeded(7), Dice.seeded(7)
    a = roll("4d6kh3+d20-2", first, reason="initiative")
    b = roll("4d6kh3+d20-2", second, reason="initiative")
    assert first.records == second.records
    assert a.total == b.total == 13
    assert [r.faces for r in first.records] == [(3, 2, 4, 6), (2,)]


def test_seeded_roller_passes_chi_square():
    dice = Dice.seeded(11)
    faces = [f for _ in range(12) for f in dice.raw_faces(1000, 6)]
    assert chi_square_uniform(face_counts([FaceSample(6, faces)])[6]).p_value > FLAKE_P_VALUE


def test_raw_faces_leave_recording_to_the_caller():
    dice = Dice.seeded(1)
    dice.raw_faces(3, 6)
    assert dice.records == []
    roll("3d6", dice)
    assert len(dice.records) == 1


def test_a_face_set_target_is_logged_as_noted_and_read_in_the_readers_language():
    """A roll that succeeds on a set of faces logs its target in the log's own notation,
    the same in every language; a reader sees the catalog's word for it."""
    dice = Dice.scripted([4])
    dice.roll(1, 6, "counterattack", hit_faces={6, 2, 4})
    (record,) = dice.records
    assert (record.target, record.successes) == ("in {2,4,6}", 1)
    assert target_text(record.target, "en") == "in {2,4,6}"
    assert target_text(record.target, "ru") == "∈ {2,4,6}"
    assert target_text(">=5", "ru") == ">=5"
