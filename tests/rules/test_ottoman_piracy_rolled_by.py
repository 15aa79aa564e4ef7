"""`/history stats` credits of a piracy (OP-3, OP-5): the Ottoman player's command rolls
both sides' dice; the target's anti-piracy dice count for the target power's faction, the
Ottoman dice for the Ottomans' faction."""

from __future__ import annotations

from ottoman_piracy_helpers import habsburgs_at_war
from ottoman_piracy_helpers import in_ottoman_impulse
from ottoman_piracy_helpers import ionian_example
from test_ottoman_piracy import e3_declaration
from test_ottoman_piracy import scripted

from bot.dice_stats import rolled_by
from bot.rules import ottoman_piracy as op
from bot.rules.ottoman_piracy.models import OttomanPiracySettings

DEFAULTS = OttomanPiracySettings()
PLAYED = {"ottoman": "Sublime Porte", "hapsburg": "Vienna"}


def test_the_targets_anti_piracy_dice_are_its_factions_the_ottoman_dice_the_ottomans():
    """OP-E1: the Habsburgs' `5, 2` count for Vienna, the Ottoman `6, 5` for the Porte."""
    state = habsburgs_at_war().model_copy(update={"power_factions": PLAYED})
    dice, _ = scripted(5, 2, 6, 5)

    declared = op.declare_piracy(state, DEFAULTS, ionian_example(), dice, turn=1)

    assert [r.purpose for r in dice.records] == [op.ROLL_ANTI_PIRACY, op.ROLL_PIRACY]
    assert rolled_by(declared.rolled_by, 2) == ["Vienna", "Sublime Porte"]


def test_a_power_nobody_plays_rolls_for_nobody():
    """No player holds the Habsburgs: their dice stay with whoever declared (no credit), the
    Ottoman dice still go to the Porte."""
    state = habsburgs_at_war().model_copy(update={"power_factions": {"ottoman": "Sublime Porte"}})
    dice, _ = scripted(5, 2, 6, 5)

    declared = op.declare_piracy(state, DEFAULTS, ionian_example(), dice, turn=1)

    assert rolled_by(declared.rolled_by, 2) == [None, "Sublime Porte"]


def test_the_random_card_die_is_not_credited_to_either_side():
    """OP-E3: no anti-piracy dice; the Ottoman dice are the Porte's, and the card drawn
    later (OP-I12) is the choosing command's own roll."""
    state = in_ottoman_impulse(piracy_vp=2, power_factions={"ottoman": "Sublime Porte"})
    dice, _ = scripted(1, 5, 6, 3, 3)

    declared = op.declare_piracy(state, DEFAULTS, e3_declaration(), dice, turn=1)
    card = op.choose_reward(declared.state, DEFAULTS, 1, "card", dice, hit=1)

    assert rolled_by(declared.rolled_by, 1) == ["Sublime Porte"]
    assert card.rolled_by == {}


def test_nobody_playing_any_power_leaves_the_entry_as_before():
    """Without players for the powers the outcome credits nothing (old entries read alike)."""
    dice, _ = scripted(5, 2, 6, 5)

    declared = op.declare_piracy(habsburgs_at_war(), DEFAULTS, ionian_example(), dice, turn=1)

    assert declared.rolled_by == {}
