"""Shared set-ups for the Ottoman piracy rules tests: the default settings, a state in the
Ottomans' impulse, a plain declaration to vary, the powers at war, OP-E1's piracy (the
example OP-P1 runs too) and OP-P2's."""

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


def habsburgs_at_war(vp: int = 3) -> models.OttomanPiracyState:
    """OP-E1's state: the Habsburgs at war with the Ottomans, `piracy_vp` 3."""
    return at_war("hapsburg", vp=vp)


def ionian_example(**changes: object) -> models.PiracyDeclaration:
    """OP-E1 / OP-6: Barbarossa, 2 corsairs and a squadron in the Ionian Sea vs the Habsburgs;
    a Habsburg squadron in Messina, Hospitaller Malta and Papal Corfu around the zone."""
    fields: dict[str, object] = {
        "target": "Habsburgs",
        "naval_leaders": ["Barbarossa"],
        "ottoman_squadrons": 1,
        "squadrons": [
            models.SquadronGroup(power="hapsburg", location="adjacent_port", place="Messina")
        ],
        "fortified_spaces": [
            models.FortifiedSpace(name="Malta", controller="hospitallers"),
            models.FortifiedSpace(name="Corfu", controller="papacy"),
        ],
    }
    return declaration(**{**fields, **changes})


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
