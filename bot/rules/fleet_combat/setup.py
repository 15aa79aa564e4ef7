"""The next set-up step of fleet combat, for `/campaign join` and `/campaign info`: each
player registers their fleets at the board points, then attacks."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.fleet_combat.models import FleetCombatState
from bot.rulesets import SetupNeed
from bot.text import name_key

COMMANDS = {"fleet": "combat fleet set", "attack": "combat attack"}


def setup_step(state: FleetCombatState, factions: Sequence[str]) -> SetupNeed | None:
    """A fleet of the reader's factions (anyone's when the reader plays none); None once
    there is one."""
    mine = {name_key(f) for f in factions}
    if not any((not mine or name_key(f.faction) in mine) and f.ships for f in state.fleets):
        return SetupNeed("next.fleet_combat.fleets", COMMANDS)
    return None
