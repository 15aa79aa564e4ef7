"""A turn's end posts what happened: a ruleset that had nothing to do (no piracy marker to
clear, no battle to fight) is left out of the posts, its line kept in its log entry; a turn
where nothing happened says so once. The closing `turn end` entry says what it did."""

from __future__ import annotations

from .play import red_attacks_blue


def posted(ended) -> tuple[list[str], str]:
    """The titles and the text of a turn end's follow-ups."""
    embeds = [e for m in ended.followups for e in m.embeds]
    return [e.get("title") for e in embeds], "\n".join(e.get("description", "") for e in embeds)


async def end_turn(table):
    question = await table.slash("/turn end", as_="gm")
    return await table.click(question, "End turn 1", as_="gm")


async def test_a_ruleset_with_nothing_to_do_is_left_out_of_the_turn_end_posts(campaign):
    await red_attacks_blue(campaign)
    ended = await end_turn(campaign)
    titles, text = posted(ended)
    assert "Fleet combat: end of turn 1" in titles
    assert "Ottoman piracy: end of turn 1" not in titles
    assert "No piracy markers or locked cards to clear." not in text
    log = await campaign.slash("/history list", as_="gm")
    assert "No piracy markers or locked cards to clear." in log.text()


async def test_a_turn_where_nothing_happened_says_so_once(campaign):
    """Said below the GM's confirmation redrawn as "Turn 1 has ended", the outcome is the
    summary's title: the turn's end is not announced twice in a row."""
    ended = await end_turn(campaign)
    assert ended.embed.title == "Turn 1 has ended"
    titles, text = posted(ended)
    assert "Ottoman piracy: end of turn 1" not in titles
    assert "Fleet combat: end of turn 1" not in titles
    assert titles.count("Nothing happened between turns") == 1
    assert "Turn 1 has ended" not in titles and "Nothing happened" not in text
    assert "🎲 Fair dice: turn 1 revealed" in titles


async def test_the_closing_turn_end_entry_says_the_turn_closed(campaign):
    await end_turn(campaign)
    log = await campaign.slash("/history list", as_="gm")
    lines = log.embed.description.splitlines()
    closing = next(i for i, line in enumerate(lines) if "**turn end**" in line)
    assert "Fleet combat" not in lines[closing] and "Ottoman piracy" not in lines[closing]
    assert lines[closing + 1] == "Turn 1 closed; turn 2 begins."
