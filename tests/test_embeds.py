"""Long reports are spread over embeds and messages within Discord's limits, never cut."""

from __future__ import annotations

from bot.interactions import cite_in_footer
from bot.interactions import line_embeds
from bot.interactions import make_embed
from bot.interactions import message_batches


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


def test_a_title_and_a_footer_lose_their_citations_to_the_rules_line():
    embed = make_embed(
        "Turn order (FC-4.4)", "Red, then Blue.", footer="The default table (FC-I4)."
    )
    assert cite_in_footer(embed, "en") == ["FC-4.4", "FC-I4"]
    assert embed.title == "Turn order"
    assert embed.footer.text == "The default table. · Rules: FC-4.4, FC-I4"
    assert cite_in_footer(embed, "en") == []
    assert embed.footer.text == "The default table. · Rules: FC-4.4, FC-I4"


def test_the_turn_end_summary_tells_the_outcome_and_cites_its_rules_in_the_footer():
    from bot.campaigns import TurnEndReport
    from bot.campaigns import TurnSummary
    from bot.i18n import Msg
    from bot.turn_reports import turn_end_embeds

    lines = [
        Msg("combat.battle.left"),
        Msg("combat.battle.next_round", round=2),
        Msg("combat.report.end_of_round"),
    ]
    (embed,) = turn_end_embeds(TurnEndReport(3, [TurnSummary("fleet_combat", lines, 1, 2)]), "en")
    assert embed.title == "Fleet combat: end of turn 3"
    assert embed.description.splitlines() == [
        "Left the battle.",
        "Round 2 is fought at the end of this turn; fire orders may change until then.",
        "End of round: wounds placed",
    ]
    assert embed.footer.text == "2 rolls · /history list · Rules: FC-6.3, FC-I6, FC-5.21"
    (russian,) = turn_end_embeds(TurnEndReport(3, [TurnSummary("fleet_combat", lines, 1, 1)]), "ru")
    assert russian.footer.text.endswith("Правила: FC-6.3, FC-I6, FC-5.21")
    assert "FC-" not in russian.description


def test_a_long_summary_cites_on_each_page_what_that_page_shows():
    from bot.campaigns import TurnEndReport
    from bot.campaigns import TurnSummary
    from bot.i18n import Msg
    from bot.turn_reports import turn_end_embeds

    lines = [Msg("combat.battle.left")] * 200 + [Msg("combat.report.end_of_round")] * 200
    embeds = turn_end_embeds(TurnEndReport(3, [TurnSummary("fleet_combat", lines, 1, 5)]), "en")
    assert len(embeds) > 1
    assert embeds[0].footer.text == "Rules: FC-6.3"
    assert embeds[-1].footer.text.startswith("5 rolls · /history list · Rules: ")
    assert all("FC-" not in e.description for e in embeds)
