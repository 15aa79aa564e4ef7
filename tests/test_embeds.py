"""Long reports are spread over embeds and messages within Discord's limits, never cut."""

from __future__ import annotations

from bot.interactions import cite_in_footer, line_embeds, make_embed, message_batches


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


def test_citations_move_from_an_embeds_text_to_its_footer():
    embed = make_embed("Battle #1", "**Outcome**\nRound 2 is fought (FC-I6).", footer="Page 1/2")
    embed.add_field(name="End of round (FC-5.21)", value="Lost (automatic target, FC-I17).")
    embed.add_field(name="Sides", value="Sides (FC-I5): A + B; (FC-6.2, FC-I6) done")
    assert cite_in_footer(embed, "en", footer=["Log entry #3"]) == [
        "FC-I6",
        "FC-5.21",
        "FC-I17",
        "FC-I5",
        "FC-6.2",
    ]
    assert embed.description == "**Outcome**\nRound 2 is fought."
    assert [(f.name, f.value) for f in embed.fields] == [
        ("End of round", "Lost (automatic target)."),
        ("Sides", "Sides: A + B; done"),
    ]
    assert (
        embed.footer.text
        == "Log entry #3 · Page 1/2 · Rules: FC-I6, FC-5.21, FC-I17, FC-I5, FC-6.2"
    )
    assert cite_in_footer(embed, "ru") == []  # nothing left to move; the footer stays
    assert embed.footer.text.startswith("Log entry #3")
