"""Shared set-ups for the Ottoman piracy rules tests: the default settings, a state in the
Ottomans' impulse, a plain declaration to vary, the powers at war, and OP-P2's piracy."""

from __future__ import annotations

from bot.rules.ottoman_piracy import models

DEFAULTS = models.OttomanPiracySettings()
# OP-I2: piracy is declared only while the Ottomans are the active power.
OTTOMAN_IMPULSE = models.ImpulseState(number=1, active_power="ottoman")


def in_ottoman_impulse(**fields: object) -> models.OttomanPiracyState:
    """A state in the Ottomans' first impulse, with `fields` (OP-I2)."""
    return models.OttomanPiracyState.model_validate({"impulse": OTTOMAN_IMPULSE, **fields})


def declaration(**changes: object) -> models.PiracyDeclaration:
    """Two corsairs in the Ionian Sea against the Habsburgs, two ports, nothing else."""
    fields: dict[str, object] = {
        "sea_zone": "Ionian Sea",
        "target": "hapsburg",
        "corsairs": 2,
        "target_ports": 2,
    }
    fields.update(changes)
    return models.PiracyDeclaration.model_validate(fields)


def at_war(*powers: str, vp: int = 0) -> models.OttomanPiracyState:
    return in_ottoman_impulse(piracy_vp=vp, at_war_with_ottomans=list(powers))


def dragut_in_the_aegean(**changes: object) -> models.PiracyDeclaration:
    """OP-P2: Dragut and three corsairs in the Aegean Sea against Venice, two ports, no
    anti-piracy dice."""
    fields: dict[str, object] = {
        "sea_zone": "Aegean Sea",
        "target": "venice",
        "corsairs": 3,
        "target_ports": 2,
        "naval_leaders": ["dragut"],
    }
    fields.update(changes)
    return models.PiracyDeclaration.model_validate(fields)
