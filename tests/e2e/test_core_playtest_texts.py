"""Play-test findings in the core's texts: `/history show` escapes a roll's reason in the
dice field's heading as everywhere else, and a cancelled undo of several entries names all
of them, as its question did; in English and in Russian."""

from __future__ import annotations

REASON = "@everyone <@123> ~~x~~ **b**"
SHOWN = "@\u200beveryone <\u200b@123> \\~\\~x\\~\\~ \\*\\*b\\*\\*"


async def test_history_show_escapes_a_rolls_reason_in_the_dice_heading(campaign):
    """The reason shows literally in the dice field's name, as in the Options field, and
    nothing pings; the same in a Russian campaign."""
    campaign.script_dice([4])
    await campaign.slash(f"/roll dice:1d6 reason:{REASON}", as_="gm")
    shown = await campaign.slash("/history show entry:2", as_="player1")
    names = [f.name for f in shown.embed.fields]
    assert f"1. {SHOWN}" in names, names
    assert not shown.pings
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    campaign.script_dice([2])
    await campaign.slash("/roll dice:1d6 reason:**жирно** <@123>", as_="gm")
    shown = await campaign.slash("/history show entry:4", as_="player1")
    names = [f.name for f in shown.embed.fields]
    assert "1. \\*\\*жирно\\*\\* <\u200b@123>" in names, names


async def test_history_show_still_translates_a_rulesets_roll(campaign):
    """A ruleset's roll recorded under a catalog key still reads as its text, unescaped."""
    from cogs.history import purpose_text

    assert purpose_text("naval_orders.roll.command_test", "en") != (
        "naval_orders.roll.command_test"
    )
    assert purpose_text("**x**", "en") == "\\*\\*x\\*\\*"


async def test_a_cancelled_undo_of_a_turn_end_names_its_entries(campaign):
    """The question names entries #first–#last; the cancellation names the same range."""
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "End turn 1", as_="gm")
    undo = await campaign.slash("/history undo reason:x", as_="gm")
    title = undo.embed.title
    span = title[title.index("#") : title.index(")")]  # "#2–#3"
    assert "–" in span, title
    cancelled = await campaign.click(undo, "Cancel", as_="gm")
    assert cancelled.embed.title == f"The undo of {span} was cancelled."


async def test_a_cancelled_undo_names_its_entries_in_russian(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    question = await campaign.slash("/turn end", as_="gm")
    await campaign.click(question, "Завершить ход 1", as_="gm")
    undo = await campaign.slash("/history undo reason:x", as_="gm")
    first, last = undo.embed.title.split("№")[1].rstrip("–"), undo.embed.title.split("№")[2]
    last = last.rstrip(")?")
    cancelled = await campaign.click(undo, "Не отменять", as_="gm")
    assert cancelled.embed.title == f"Отмена №{first}–{last} не состоялась."
