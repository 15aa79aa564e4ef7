"""`/history show` of a `/roll` reads its dice as the roll's message in the channel did, the
modifier with them (`2d6 (3, 2) + 1 = 6`): the line adds up to the total the entry's first
line states, never to the dice alone ("2d6 → 3, 2; total 5" beside "2d6+1 = 6")."""

from __future__ import annotations

import pytest

ROLLS = [
    ("2d6+1", [3, 2], "2d6+1 = 6.", "2d6 (3, 2) + 1 = 6"),
    ("4d6kh3+2", [4, 6, 1, 1], "4d6kh3+2 = 13.", "4d6kh3 (4, 6, 1, ~~1~~) + 2 = 13"),
    ("1d20-1", [18], "1d20-1 = 17.", "1d20 (18) - 1 = 17"),
    ("2d6+1d4", [1, 3, 4], "2d6+1d4 = 8.", "2d6 (1, 3) + 1d4 (4) = 8"),
]


@pytest.mark.parametrize(("dice", "faces", "header", "line"), ROLLS)
async def test_a_roll_shows_its_dice_as_posted_adding_up_to_its_total(
    campaign, dice, faces, header, line
):
    campaign.script_dice(faces)
    posted = await campaign.slash(f"/roll dice:{dice}", as_="player1")
    assert posted.embed.description.splitlines()[0] == line

    shown = await campaign.slash("/history show entry:2", as_="player2")

    assert shown.embed.description == header
    assert shown.field(f"1. {dice}") == line


async def test_a_saved_and_a_repeated_roll_show_each_roll_with_its_modifier(campaign):
    """A saved roll reads under its name; `3#1d20+2` one field per roll, each with its +2."""
    await campaign.slash("/rolls save name:attack expression:3d6+2", as_="player1")
    campaign.script_dice([1, 1, 4, 11, 5, 13])
    await campaign.slash("/roll dice:attack", as_="player1")
    await campaign.slash("/roll dice:3#1d20+2 reason:stealth", as_="player1")

    saved = await campaign.slash("/history show entry:2", as_="player2")
    assert saved.embed.description == "3d6+2 = 8."
    assert saved.field("1. attack") == "3d6 (1, 1, 4) + 2 = 8"
    repeated = await campaign.slash("/history show entry:3", as_="player2")
    assert repeated.embed.description == "3#1d20+2 = 13, 7, 15."
    assert [(f.name, f.value) for f in repeated.embed.fields[-3:]] == [
        ("1. stealth (1/3)", "1d20 (11) + 2 = 13"),
        ("2. stealth (2/3)", "1d20 (5) + 2 = 7"),
        ("3. stealth (3/3)", "1d20 (13) + 2 = 15"),
    ]
