"""`/pirates …`: the Space pirates ruleset's Discord extension (rules/space-pirates.md).

`registry` registers routes, planets, contacts and the privateer technology; `reports`
shows status and every number of a raid; `choices` asks victims about buy-offs and plunder
after the GM's end of turn; `input` parses options, `render` draws embeds.
"""

from __future__ import annotations

from bot.app import PrivateerBot
from cogs.space_pirates.commands import SpacePiratesCog


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(SpacePiratesCog(bot))
