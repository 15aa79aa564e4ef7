"""The next set-up step of naval orders, for `/campaign join` and `/campaign info`: each
player registers their forces (the line names the GM's list of ports too, §4, NO-I4)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.naval_orders.models import NavalOrdersState
from bot.rulesets import SetupNeed
from bot.text import name_key

COMMANDS = {"forces": "navy forces register", "ports": "navy station add"}


def setup_step(state: NavalOrdersState, factions: Sequence[str]) -> SetupNeed | None:
    """A force of the reader's factions (anyone's when the reader plays none); None once
    there is one."""
    mine = {name_key(f) for f in factions}
    if not any(not mine or name_key(f.owner) in mine for f in state.forces.values()):
        return SetupNeed("next.naval_orders.forces", COMMANDS)
    return None
