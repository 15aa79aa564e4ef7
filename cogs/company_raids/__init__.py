"""`/company …`: the Company raids ruleset's Discord extension (rules/company-raids.md).

`commands` holds the slash commands and the click handler, `steps` the pending choice of
each step of an incident, `render` the story, the questions and the board.
"""

from __future__ import annotations

from bot.app import PrivateerBot
from cogs.company_raids.commands import CompanyRaidsCog


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(CompanyRaidsCog(bot))
