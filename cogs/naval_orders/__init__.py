"""`/navy …`: the naval orders ruleset's Discord extension (rules/naval-orders.md).

`commands` holds the slash commands, `forms` the order form (a modal asking exactly what the
order's mandatory text needs, NO-I19), `input` reads ships, squadrons and forms, `render`
draws the engine's lines and the GM's list of ports.
"""

from __future__ import annotations

from bot.app import PrivateerBot
from cogs.naval_orders.commands import NavalOrdersCog


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(NavalOrdersCog(bot))
