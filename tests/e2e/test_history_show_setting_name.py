"""`/history show` of `/campaign settings set` names the setting as it is typed, listed and
summed up: `core.language`, `ottoman_piracy.hit_min_face` (play-test M, finding 8)."""

from __future__ import annotations

from bot.standin import Table


async def shown_newest(table: Table) -> str:
    """`/history show` of the newest entry, as the GM reads it."""
    log = await table.slash("/history list", as_="gm")
    seq = log.embed.description.split("`#")[1].split("`")[0]
    return (await table.slash(f"/history show entry:{seq}", as_="gm")).text()


async def test_a_setting_change_is_shown_with_the_settings_full_name(campaign: Table):
    """The GM typed `setting:core.language` and the summary says `core.language`: the options
    say it too, under the option's own name («настройка», as the command reads), not
    «название: language»; a ruleset's setting is named with its ruleset."""
    changed = await campaign.slash(
        "/campaign settings set setting:ottoman_piracy.hit_min_face value:4", as_="gm"
    )
    assert not changed.ephemeral, changed.text()
    text = await shown_newest(campaign)
    assert "**setting**: ottoman\\_piracy.hit\\_min\\_face\n" in text, text

    await campaign.slash("/campaign settings set setting:core.language value:ru", as_="gm")
    text = await shown_newest(campaign)
    assert "core.language: теперь ru." in text, text
    assert "**настройка**: core.language\n" in text, text
