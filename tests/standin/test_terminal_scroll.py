"""Terminal mode: `click` and `select` act on the newest message the acting player sees
with that control, as a player scrolls up past someone else's private reply."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_terminal import play

pytestmark = pytest.mark.usefixtures("keep_logging")  # tests/conftest.py

# player1 asks publicly; player2 then gets a private reply that player3 cannot see.
ASKED_THEN_PRIVATE = "/confirm\nas player2\n/slow secret:true\nas player3\n"


def test_click_after_another_players_private_reply_finds_the_public_button(tmp_path: Path):
    status, output = play(tmp_path, ASKED_THEN_PRIVATE + "click conf\n")

    assert status == 0, output
    assert "cannot see" not in output
    assert "▌Confirmed" in output


def test_select_after_another_players_private_reply_finds_the_public_menu(tmp_path: Path):
    status, output = play(
        tmp_path, "/menu\nas player2\n/slow secret:true\nas player3\nselect fruit = apple\n"
    )

    assert status == 0, output
    assert "chose apple" in output


def test_a_button_nobody_shows_is_refused_with_the_buttons_the_player_sees(tmp_path: Path):
    status, output = play(tmp_path, ASKED_THEN_PRIVATE + "click Eliminate\n")

    assert status == 1
    assert (
        "✗ player3 sees no button 'Eliminate' "
        "(buttons they can see, newest first: ['Confirm', 'Cancel', 'Later', 'Docs'])"
    ) in output


def test_a_part_of_two_labels_asks_for_more_of_the_label(tmp_path: Path):
    status, output = play(tmp_path, ASKED_THEN_PRIVATE + "click a\n")

    assert status == 1
    assert "✗ 'a' matches several buttons on that message: ['Cancel', 'Later']" in output
    assert "▌Confirmed" not in output


def test_a_select_nobody_shows_is_refused_with_the_selects_the_player_sees(tmp_path: Path):
    status, output = play(tmp_path, "/menu\nas player3\nselect Colour = red\n")

    assert status == 1
    assert "✗ player3 sees no select 'Colour' (selects they can see, newest first: " in output
    assert "'Choose fruit'" in output
