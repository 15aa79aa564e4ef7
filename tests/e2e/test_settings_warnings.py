"""CR-I1: a face set that names faces the Black die cannot show is saved, and the answer of
`/campaign settings set` or `settings import` warns that those faces have no effect."""

from __future__ import annotations

from bot.standin import Table
from tests.e2e.confirming import confirmed
from tests.e2e.test_company_raids import board  # noqa: F401 - a fixture

WARNED = (
    "⚠️ capture_faces: faces 7, 9 cannot come up on a 6-sided Black die and have no effect (CR-I1)."
)


async def test_setting_a_face_the_die_cannot_show_is_saved_with_a_warning(
    board: Table,  # noqa: F811 - the fixture imported above
):
    saved = await board.slash(
        "/campaign settings set setting:company_raids.capture_faces value:4,6,7,9", as_="gm"
    )
    assert not saved.ephemeral, saved.text()
    assert "capture_faces" in saved.embed.title
    assert saved.embed.description == WARNED
    shown = await board.slash("/campaign settings show ruleset:company_raids", as_="gm")
    assert "`capture_faces` = **4, 6, 7, 9**" in shown.embed.description

    # A larger die makes the faces reachable: no warning any more.
    grown = await board.slash(
        "/campaign settings set setting:company_raids.black_die_faces value:10", as_="gm"
    )
    assert grown.embed.description is None


async def test_a_setting_without_unreachable_faces_warns_of_nothing(
    board: Table,  # noqa: F811
):
    saved = await board.slash(
        "/campaign settings set setting:company_raids.capture_faces value:5,6", as_="gm"
    )
    assert "capture_faces" in saved.embed.title
    assert saved.embed.description is None


async def test_an_imported_file_that_shrinks_the_die_warns_in_russian(
    board: Table,  # noqa: F811
):
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    text = "[company_raids]\nblack_die_faces = 4\n"
    imported = await confirmed(
        board, "/campaign settings import file:s.toml", as_="gm", files={"s.toml": text.encode()}
    )
    assert not imported.ephemeral, imported.text()
    lines = imported.embed.description.splitlines()
    assert lines[0] == "`company_raids.black_die_faces` = **4**"
    assert lines[1:] == [
        "⚠️ capture_faces: грань 6 не выпадает на 4-гранном Чёрном кубике и ни на что не "
        "влияет (CR-I1).",
        "⚠️ counterattack_hit_faces: грань 6 не выпадает на 4-гранном Чёрном кубике и ни на "
        "что не влияет (CR-I1).",
        "⚠️ duel_hit_faces: грань 6 не выпадает на 4-гранном Чёрном кубике и ни на что не "
        "влияет (CR-I1).",
    ]


async def test_a_single_unreachable_face_is_one_face_in_either_language(
    board: Table,  # noqa: F811
):
    """CR-I1: one face the die cannot show is "face 7 … has no effect" («грань 7 не
    выпадает … не влияет»), several stay plural («грани 7, 9 не выпадают»)."""
    saved = await board.slash(
        "/campaign settings set setting:company_raids.capture_faces value:6,7", as_="gm"
    )
    assert saved.embed.description == (
        "⚠️ capture_faces: face 7 cannot come up on a 6-sided Black die and has no effect (CR-I1)."
    )
    await board.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    one = await board.slash(
        "/campaign settings set setting:company_raids.capture_faces value:7", as_="gm"
    )
    assert one.embed.description == (
        "⚠️ capture_faces: грань 7 не выпадает на 6-гранном Чёрном кубике и ни на что не "
        "влияет (CR-I1)."
    )
    two = await board.slash(
        "/campaign settings set setting:company_raids.capture_faces value:7,9", as_="gm"
    )
    assert two.embed.description == (
        "⚠️ capture_faces: грани 7, 9 не выпадают на 6-гранном Чёрном кубике и ни на что не "
        "влияют (CR-I1)."
    )
