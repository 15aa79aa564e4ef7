"""Issue 18: a campaign's language defaults to the guild's preferred locale."""

from __future__ import annotations

import dataclasses

import pytest

from bot.standin import GuildSpec
from bot.standin import demo_guild


@pytest.fixture
def standin_guild() -> GuildSpec:
    """The demo guild, with Russian as its preferred locale."""
    return dataclasses.replace(demo_guild(), locale="ru")


async def test_a_campaign_in_a_russian_guild_posts_in_russian(table):
    created = await table.slash("/campaign create name:Море rulesets:ottoman_piracy", as_="gm")
    assert created.embed.title == "Кампания «Море» создана"
    assert "Кампания пишет на русском языке" in created.embed.description
    refused = await table.slash("/turn end", as_="player1")
    assert refused.ephemeral and "Only a GM" in refused.text()  # private: the reader's
    await table.slash("/campaign settings set setting:core.language value:en", as_="gm")
    info = await table.slash("/campaign info", as_="player3")
    assert info.embed.title == "Campaign “Море”"
