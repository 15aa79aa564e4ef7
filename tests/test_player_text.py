"""Player text the bot stores: invisible controls stripped, bounded, compared NFKC case-folded,
and escaped where it is shown."""

from __future__ import annotations

import pytest

from bot.errors import GameError
from bot.text import clean_text, name_key, same_name, shown, strip_invisible


def test_bidirectional_and_zero_width_controls_are_stripped():
    text = "a\u202eb\u2066c\u2069d\u200be\u200df\ufeffg\u00adh\U000e0041i\u200fj"
    assert strip_invisible(text) == "abcdefghij"


def test_line_breaks_become_spaces_and_spaces_collapse():
    assert clean_text(" Black\n\tSea  ", 20, error="e") == "Black Sea"


def test_a_name_of_only_invisible_characters_is_refused():
    with pytest.raises(GameError) as refused:
        clean_text("\u200b\u202e \u2060", 60, error="combat.error.point_name")
    assert refused.value.message_key == "combat.error.point_name"
    assert refused.value.params == {"limit": 60}


def test_the_bound_counts_visible_characters_after_cleaning():
    assert clean_text("x" * 64 + "\u200b" * 10, 64, error="e") == "x" * 64
    with pytest.raises(GameError):
        clean_text("x" * 65, 64, error="e")


@pytest.mark.parametrize(
    "other", ["Blue\u200b", "BLUE", "blue", "Ｂｌｕｅ", " Blue ", "B\u202elue"]
)
def test_names_compare_after_nfkc_and_case_folding(other):
    assert same_name("Blue", other)


def test_different_names_stay_different():
    assert not same_name("Blue", "Blues")
    assert name_key("Straße") == name_key("STRASSE")


def test_shown_escapes_markdown_links_code_and_everyone():
    assert shown("[x](https://evil)") == "\\[x](https://evil)"
    assert shown("```py\nboom```") == "\\`\\`\\`py\nboom\\`\\`\\`"
    assert shown("@everyone") == "@\u200beveryone"


def test_shown_isolates_right_to_left_text_so_what_follows_keeps_its_place():
    assert shown("שלום") == "\u2068שלום\u2069"
    assert shown("morale") == "morale"
