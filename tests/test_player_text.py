"""Player text the bot stores: invisible controls stripped, bounded, compared NFKC case-folded,
and escaped where it is shown."""

from __future__ import annotations

import pytest

from bot.errors import GameError
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.text import CleanName
from bot.text import clean_text
from bot.text import lines_text
from bot.text import name_key
from bot.text import same_name
from bot.text import shown
from bot.text import shown_msg
from bot.text import strip_invisible
from bot.text import text


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


@pytest.mark.parametrize("pill", ["<@&1>", "<@1>", "<@!1>", "<#1>", "</roll:1>"])
def test_shown_breaks_mentions_of_any_length_so_they_render_as_text(pill):
    """Discord turns `<@&1>` into a role pill whatever the id: a zero-width space after `<`
    keeps it plain text (review finding 3)."""
    assert shown(f"a {pill} b") == f"a <\u200b{pill[1:]} b"


def test_shown_matches_discords_markdown_escaping():
    """The engines' pure escaping is discord.utils.escape_markdown + escape_mentions."""
    from discord.utils import escape_markdown
    from discord.utils import escape_mentions

    for typed in ("**Bold** @everyone", "a_b_c", "`x`", "> q", "# h", "- x", "||s||", "a\\b"):
        assert shown(typed) == escape_mentions(escape_markdown(typed))
    assert shown("see https://x.com/a_b ok") == "see https://x.com/a_b ok"


def test_shown_msg_escapes_text_parameters_nested_and_listed_but_not_numbers():
    msg = Msg("k", name="**x**", count=2, inner=Msg("j", who="_y_"), items=MsgList(["~z~", 3]))
    escaped = shown_msg(msg)
    assert escaped.params["name"] == "\\*\\*x\\*\\*" and escaped.params["count"] == 2
    assert escaped.params["inner"].params["who"] == "\\_y\\_"
    assert escaped.params["items"].items == ["\\~z\\~", 3]


def test_text_renders_a_message_and_escapes_its_names_only_when_asked():
    """Cogs render engine lines with `text`/`lines_text`; `escape` is for engines that leave
    the names players gave raw, and a cog's own string stays as it is."""
    line = Msg("combat.fleets.line", faction="**Red**", ships="2 frigates")
    assert text(line, "en") == "**Red**: 2 frigates"
    assert text(line, "en", escape=True) == "\\*\\*Red\\*\\*: 2 frigates"
    assert text("**own**", "en", escape=True) == "**own**"
    assert lines_text([line, "done"], "en", escape=True) == "\\*\\*Red\\*\\*: 2 frigates\ndone"


def test_a_stored_name_is_tidied_by_the_shared_validator():
    """Models that store names (`CleanName`) drop invisible characters and normalise."""
    from pydantic import BaseModel

    class Named(BaseModel):
        name: CleanName

    assert Named(name=" Steel\u200bworks \u202e ").name == "Steelworks"
    assert Named(name="e\u0301").name == "\u00e9"
