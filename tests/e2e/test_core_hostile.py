"""A campaign and factions named with Markdown and mentions read as typed wherever the core
commands show them: the log, its statistics and the turn's status, never bold, never a
mention pill."""

from __future__ import annotations

from tests.e2e.confirming import confirmed
from tests.e2e.test_core_refusals_text import ZW

NAME = "**Bold** <@123>"
SHOWN = f"\\*\\*Bold\\*\\* <{ZW}@123>"


async def test_a_campaign_name_with_markdown_reads_as_typed_in_log_stats_and_status(table):
    created = await table.slash(f"/campaign create name:{NAME} rulesets:fleet_combat", as_="gm")
    assert not created.ephemeral, created.text()
    await table.slash("/campaign join faction:__Red__ @everyone", as_="player1")
    await table.slash("/roll dice:1d6", as_="player1")

    listed = await table.slash("/history list", as_="player2")
    assert listed.embed.title == f"Log of “{SHOWN}”"
    lines = listed.embed.description
    assert f"Campaign “{SHOWN}” created." in lines, lines
    assert f"Joined as \\_\\_Red\\_\\_ @{ZW}everyone." in lines, lines

    stats = await table.slash("/history stats", as_="player2")
    assert SHOWN in stats.embed.title and "**Bold**" not in stats.embed.title

    status = await table.slash("/turn status", as_="player2")
    assert status.embed.title.startswith(SHOWN), status.embed.title


async def test_revealing_an_entry_that_does_not_exist_says_there_is_none(campaign):
    await campaign.slash("/roll dice:1d6", as_="player1")
    missing = await campaign.slash("/reveal entry:999", as_="player1")
    assert missing.ephemeral
    assert missing.embed.description == "There is no log entry #999 in this campaign."
    public = await campaign.slash("/reveal entry:2", as_="player1")
    assert public.embed.description == "Entry #2 is not a secret roll."


async def test_a_gm_change_that_changes_nothing_says_who_is_or_is_not_a_gm(campaign):
    await campaign.slash("/campaign gm add user:@player1", as_="gm")
    again = await campaign.slash("/campaign gm add user:@player1", as_="gm")
    assert again.ephemeral
    assert again.embed.description.endswith("is already a GM of this campaign.")
    assert again.pings == frozenset()
    missing = await confirmed(campaign, "/campaign gm remove role:@Players", as_="gm")
    assert missing.ephemeral
    said = missing.embed.description
    assert said.endswith("is not a GM of this campaign: nothing to remove."), said
    russian = await confirmed(campaign, "/campaign gm remove user:@player2", as_="player1")
    assert russian.embed.description.endswith("is not a GM of this campaign: nothing to remove.")
    await campaign.slash("/campaign gm add user:@player3", as_="gm")
    russian = await campaign.slash("/campaign gm add user:@player3", as_="player3")
    assert russian.embed.description.endswith("уже ведущий этой кампании.")


async def test_a_language_the_gm_set_is_shown_once_in_the_settings(campaign):
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    shown = await campaign.slash("/campaign settings show ruleset:core", as_="player1")
    assert "`language` = **ru** (en, ru)" in shown.embed.description, shown.embed.description


async def test_the_log_says_which_setting_changed_and_to_what(campaign):
    await campaign.slash("/campaign settings set setting:fleet_combat.die_faces value:8", as_="gm")
    await campaign.slash("/campaign settings set setting:core.reminders value:2h", as_="gm")
    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    listed = await campaign.slash("/history list", as_="player1")
    lines = listed.embed.description
    assert "fleet\\_combat.die\\_faces: теперь 8." in lines, lines
    assert "core.reminders: теперь 2h." in lines, lines
    assert "core.language: теперь ru." in lines, lines


async def test_verify_reads_without_plural_placeholders(campaign):
    await campaign.slash("/roll dice:1d6", as_="player1")
    verified = await campaign.slash("/history verify", as_="player1")
    text = verified.text()
    assert "intact" in text and "(s)" not in text, text
    assert "dice re-derived from the revealed seeds (turns: 0)." in text, text
