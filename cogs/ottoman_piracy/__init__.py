"""`/corsairs …`: the Ottoman piracy ruleset's Discord extension (rules/ottoman-piracy.md).

`commands` holds the slash commands and the reward buttons, `input` turns options into the
engine's declaration, `render` draws the story, the questions and the status.
"""

from __future__ import annotations

from bot.app import PrivateerBot
from cogs.ottoman_piracy.commands import OttomanPiracyCog


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(OttomanPiracyCog(bot))
