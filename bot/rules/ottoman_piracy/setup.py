"""The next set-up step of Ottoman piracy, for `/campaign join`, `/campaign info` and
`/turn status`: who plays the Ottomans and the powers they may target (OP-1.1, OP-1.2),
which powers are at war with them (OP-2.3), and the first Ottoman impulse (OP-I2)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.rules.ottoman_piracy.models import OttomanPiracyState
from bot.rules.ottoman_piracy.names import OTTOMAN
from bot.rulesets import SetupNeed

COMMANDS = {
    "power": "corsairs power",
    "war": "corsairs war",
    "impulse": "corsairs impulse",
    "piracy": "corsairs piracy",
}


def setup_step(state: OttomanPiracyState, factions: Sequence[str]) -> SetupNeed | None:
    """In order: a player for the Ottomans, a player for a power they may target (it
    chooses the rewards, OP-5.3), a power at war with them (its squadrons and fortresses
    defend, OP-2.3), the first Ottoman impulse (piracy is declared only in one, OP-I2);
    None once all four are recorded. The steps are the GM's, whoever reads them."""
    if state.faction_of(OTTOMAN) is None:
        return SetupNeed("corsairs.next.ottoman", COMMANDS)
    if not any(key != OTTOMAN for key in state.power_factions):
        return SetupNeed("corsairs.next.targets", COMMANDS)
    if not state.at_war_with_ottomans:
        return SetupNeed("corsairs.next.war", COMMANDS)
    if state.impulse.number == 0:
        return SetupNeed("corsairs.next.impulse", COMMANDS)
    return None
