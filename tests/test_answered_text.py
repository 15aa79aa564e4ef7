"""A ping whose question was answered (bot/announcements.py `answered_text`): its line
struck through, the note after it, within Discord's 2,000 characters."""

from __future__ import annotations

from bot.announcements import answered_text


def test_the_ping_is_struck_through_and_the_note_follows():
    asked = "<@2>, incident #1 waits for your answer (Boris)."
    assert answered_text(asked, "✅ Answered.") == f"~~{asked}~~ ✅ Answered."


def test_a_very_long_ping_stays_within_a_message():
    marked = answered_text("<@2> " + "x" * 2500, "✅ Answered by the GM.")
    assert len(marked) <= 2000
    assert marked.startswith("~~<@2> ") and marked.endswith("~~ ✅ Answered by the GM.")
