"""`/combat …`: fleet combat with Twilight Imperium classes (rules/fleet-combat.md).

Players register fleets at board points, declare attacks, give fire orders per class from
menus that list only legal targets, and retreat from round 2; one round of every battle is
fought at the GM's end of turn (or at once with `/combat resolve`). `/combat odds` runs the
odds calculator. Each command: `RulesetContext.of(interaction, SPEC)` → parse → one
`ctx.apply(..., announce=…)`, whose answer is written with the change and posted after the
commit (bot/scaffold.py, bot/announcements.py), or `ctx.read()` → render → reply.

The extension's one cog is assembled from a cog class per concept: fleets and the ship table
(`fleets`), battles (`battles`, with their restart-safe controls in `controls`), allies and damage
priority (`options`) and the odds (`odds`); the `/combat` groups they add their commands to
live in `common`. Each concept's class is a `commands.Cog` so discord.py's typing binds its
commands; only `FleetCombatCog`, which holds the `combat` group, is added to the bot.
"""

from __future__ import annotations

from discord.ext import commands

from bot.app import PrivateerBot
from cogs.fleet_combat.battles import BattleCommands
from cogs.fleet_combat.common import combat
from cogs.fleet_combat.fleets import FleetCommands
from cogs.fleet_combat.fleets import ShipTableCommands
from cogs.fleet_combat.odds import OddsCommands
from cogs.fleet_combat.options import OptionCommands


class FleetCombatCog(
    FleetCommands,
    ShipTableCommands,
    BattleCommands,
    OptionCommands,
    OddsCommands,
    commands.Cog,
):
    """The fleet combat ruleset's commands."""

    combat = combat

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(FleetCombatCog(bot))
