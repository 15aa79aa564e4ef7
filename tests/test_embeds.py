"""Long reports are spread over embeds and messages within Discord's limits, never cut."""

from __future__ import annotations

from bot.interactions import line_embeds, message_batches


def test_long_reports_are_paged_without_losing_a_line():
    lines = [f"volley {i}: " + "6, " * 30 for i in range(400)]
    embeds = line_embeds("Battle", lines, footer="12 rolls")
    assert len(embeds) > 1
    assert all(len(e.description) <= 4096 for e in embeds)
    assert "\n".join(e.description for e in embeds).splitlines() == lines
    assert embeds[-1].footer.text == "12 rolls"
    batches = message_batches(embeds)
    assert all(len(b) <= 10 and sum(len(e) for e in b) <= 6000 for b in batches)
    assert [e for b in batches for e in b] == embeds


def test_a_short_report_is_one_embed():
    (embed,) = line_embeds("Turn 2", ["Nothing happened."])
    assert embed.description == "Nothing happened."
