"""A message an undone command posted, marked undone (bot/announcements.py `undone_edit`):
struck through, who undid it first, buttons gone, within Discord's limits, footers kept."""

from __future__ import annotations

import discord
import pytest

from bot.announcements import undone_edit

NOTE = "↩️ **Undone** by the GM: wrong zone (log entry #12)."


def test_a_story_is_struck_through_with_the_note_first_and_its_footer_kept():
    story = discord.Embed(title="Piracy #3 — Aegean Sea", description="**1 hit**\nVP 3/10")
    story.set_footer(text="⛓ #11 " + "a" * 64)
    edit = undone_edit("<@1>, choose a reward.", [story], NOTE)
    (marked,) = edit["embeds"]
    assert marked.title == "~~Piracy #3 — Aegean Sea~~"
    assert marked.description == f"{NOTE}\n\n**1 hit**\nVP 3/10"
    assert marked.footer.text == story.footer.text
    assert edit["content"] == "~~<@1>, choose a reward.~~"
    assert edit["view"] is None
    assert edit["allowed_mentions"].users is False


def test_a_ping_alone_says_it_no_longer_waits_below_its_struck_text():
    asked = "<@2>, incident #1 waits for your answer (Red)."
    edit = undone_edit(asked, [], "No longer waiting.")
    assert edit["content"] == f"~~{asked}~~\nNo longer waiting."
    assert "embeds" not in edit


def test_a_full_message_stays_within_discords_limits():
    """Ten embeds of 590 characters each (a long turn end's report) take the note too: the
    first embed's text gives way, never the limit of 6,000 characters a message."""
    embeds = [discord.Embed(title="T" * 256, description="d" * 334) for _ in range(10)]
    edit = undone_edit("", embeds, NOTE)
    assert sum(len(e) for e in edit["embeds"]) <= 6000
    assert edit["embeds"][0].description.startswith(NOTE)
    assert all(len(e.title) <= 256 and e.title.endswith("~~") for e in edit["embeds"])


def test_a_turn_end_packed_to_the_limit_behind_a_short_header_still_fits():
    """A turn end's batch: a short header, then summaries packed close to 6,000 characters.
    The note leads the header and the longest summary gives way, so Discord takes the edit."""
    header = discord.Embed(title="Turn 3 ended at its deadline", description="3 rulesets")
    pirates = discord.Embed(title="Turn 3 — Space pirates", description="x" * 4000)
    naval = discord.Embed(title="Turn 3 — Naval orders", description="y" * 1900)
    assert sum(len(e) for e in (header, pirates, naval)) > 5900

    edit = undone_edit("", [header, pirates, naval], NOTE)

    first, longest, other = edit["embeds"]
    assert sum(len(e) for e in edit["embeds"]) <= 6000
    assert first.description == f"{NOTE}\n\n3 rulesets"
    assert longest.description.endswith("…") and len(longest.description) < 4000
    assert other.description == "y" * 1900


def test_an_answer_without_a_title_is_struck_through_from_its_first_line_to_its_last():
    """A set-up answer has no title: its first line tells what happened, the others what
    follows from it. Undone, every line is struck through under the note, on every page of a
    long answer, so that none reads as still standing; a blank line stays blank, a line
    already struck stays as it is, and a list mark stays in front of the strike-through."""
    first = discord.Embed(
        description="Company Black Sails registered: owner Red, fine 3\nHolding —\n\n- Docks"
    )
    second = discord.Embed(description="Piece Raven: value 4\n~~Piece Crow: value 2~~")
    edit = undone_edit("", [first, second], NOTE)
    marked, next_page = edit["embeds"]
    assert marked.description == (
        f"{NOTE}\n\n~~Company Black Sails registered: owner Red, fine 3~~\n~~Holding —~~\n\n"
        "- ~~Docks~~"
    )
    assert next_page.description == "~~Piece Raven: value 4~~\n~~Piece Crow: value 2~~"


def test_a_struck_line_keeps_no_strike_of_its_own_inside():
    """A die a roll dropped is struck in the line ("6, ~~1~~, 4"); undone, the whole line is
    struck once, not broken into struck and unstruck pieces."""
    roll = discord.Embed(description="4d6kh3 (6, ~~1~~, 4, 5) = 15")
    (marked,) = undone_edit("", [roll], NOTE)["embeds"]
    assert marked.description == f"{NOTE}\n\n~~4d6kh3 (6, 1, 4, 5) = 15~~"


def test_a_long_answer_struck_through_stays_within_discords_limits_line_by_line():
    """Striking adds four characters a line: a long answer still fits Discord's 4,096
    characters an embed, cut at a line's end, so that no struck line is left open."""
    long = discord.Embed(description="\n".join(f"Piece P{i}: value {i}" for i in range(250)))
    (marked,) = undone_edit("", [long], NOTE)["embeds"]
    text = marked.description
    assert len(text) <= 4096
    assert text.startswith(f"{NOTE}\n\n~~Piece P0: value 0~~\n")
    *lines, last = text.split("\n\n", 1)[1].splitlines()
    assert last == "…"
    assert all(line.startswith("~~") and line.endswith("~~") for line in lines)


@pytest.mark.parametrize("title", [None, "Piracy #3 — Aegean Sea"])
def test_an_answers_fields_are_struck_through_within_discords_limits(title):
    """An answer's fields are struck through, with a title or without one, name and every
    line of the value; a name of 256 characters and a value of 1,024 still fit Discord's
    limits (256 and 1,024), the value cut at a line's end, and no struck line is left
    open."""
    answer = discord.Embed(title=title, description="Red's fleet at Mecatol: 2 cruisers.")
    answer.add_field(name="Ships", value="cruisers: #1 (0/2), #2 (0/2)\n\ndestroyers: #3")
    answer.add_field(name="N" * 256, value="\n".join(f"#{i} (0/1)" for i in range(120))[:1024])
    (marked,) = undone_edit("", [answer], NOTE)["embeds"]
    ships, long = marked.fields
    assert ships.name == "~~Ships~~"
    assert ships.value == "~~cruisers: #1 (0/2), #2 (0/2)~~\n\n~~destroyers: #3~~"
    assert len(long.name) <= 256 and long.name.startswith("~~N") and long.name.endswith("~~")
    assert len(long.value) <= 1024
    *lines, last = long.value.splitlines()
    assert last == "…"
    assert all(line.startswith("~~") and line.endswith("~~") for line in lines)


@pytest.mark.parametrize("title", [None, "Piracy #3"])
def test_struck_fields_in_a_full_message_give_way_to_stay_within_the_message_limit(title):
    """Striking adds four characters a line: fields packed close to 6,000 characters a
    message, under a title or not, are cut, their longest value first, so that Discord takes
    the edit."""
    answer = discord.Embed(title=title, description="Registered.")
    for n in range(5):
        answer.add_field(name=f"{n}" * 190, value="\n".join(["ship"] * 200)[:1000])
    assert 5900 < len(answer) < 6000
    edit = undone_edit("", [answer], NOTE)
    (marked,) = edit["embeds"]
    assert len(marked) <= 6000
    assert min(len(f.value) for f in marked.fields) < 1000  # some gave way
    told = "Registered." if title else "~~Registered.~~"  # a title is struck for its text
    assert marked.description == f"{NOTE}\n\n{told}"
    assert all(len(f.value) <= 1024 and f.value.endswith(("~~", "…")) for f in marked.fields)
