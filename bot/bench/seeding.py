"""What every benchmark's scenario starts from: its GM and its campaigns."""

from __future__ import annotations

from collections.abc import Iterable

from bot.campaigns import Actor
from bot.campaigns import Campaign
from bot.campaigns import CampaignService

GM = Actor(user_id=1)


async def bench_campaign(
    service: CampaignService, channel_id: int, name: str, rulesets: Iterable[str] = ()
) -> Campaign:
    """A benchmark's campaign in guild 1, created by its GM (user 1)."""
    return await service.create(
        guild_id=1, channel_id=channel_id, name=name, ruleset_keys=rulesets, actor=GM
    )
