"""The next set-up step of space pirates, for `/campaign join` and `/campaign info`: each
player registers their trade routes and planets, what the pirates raid (SP-1.5, SP-I1)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.space_pirates.models import SpacePiratesState
from bot.rulesets import SetupNeed
from bot.text import name_key

COMMANDS = {"routes": "pirates route add", "planets": "pirates planet add"}


def setup_step(state: SpacePiratesState, factions: Sequence[str]) -> SetupNeed | None:
    """Routes or planets of the reader's factions (anyone's when the reader plays none);
    None once there is one."""
    mine = {name_key(f) for f in factions}
    owners = [o.faction for r in state.routes for o in r.owners]
    owners += [p.owner for p in state.planets]
    if not any(not mine or name_key(o) in mine for o in owners):
        return SetupNeed("next.space_pirates.holdings", COMMANDS)
    return None
