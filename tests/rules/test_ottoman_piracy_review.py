"""Ottoman piracy: a clause-by-clause review of the engine against rules/ottoman-piracy.md,
one test per deviation found, each naming its clause. Scripted dice make every outcome exact;
faces are in the spec's order (anti-piracy roll, piracy roll, card rolls)."""

from __future__ import annotations

from ottoman_piracy_helpers import DEFAULTS
from ottoman_piracy_helpers import at_war
from ottoman_piracy_helpers import declaration

from bot.dice import Dice
from bot.dice import ScriptedFaces
from bot.i18n import t
from bot.rules import ottoman_piracy as op
from bot.rules.ottoman_piracy import models

# --- OP-I6 ---------------------------------------------------------------------------------


def test_op_i6_hospitallers_at_war_do_not_help_a_target_at_peace_when_the_setting_is_off() -> None:
    """OP-I6 (alternative, `hospitallers_count = false`): a Hospitaller fortress counts only
    if the *target* is at war with the Ottomans. The Hospitallers registered at war with the
    Ottomans change nothing: Malta gives the Papacy at peace no die, step 3 is skipped and
    both corsairs roll."""
    strict = models.OttomanPiracySettings(hospitallers_count=False)
    decl = declaration(
        target="papacy",
        fortified_spaces=[models.FortifiedSpace(name="Malta", controller="hospitallers")],
    )
    state = at_war("hospitallers")
    faces = ScriptedFaces([1, 1])  # the two Ottoman dice only: no anti-piracy roll
    outcome = op.declare_piracy(state, strict, decl, Dice(faces), turn=1)

    assert [(s.dice, s.excluded, s.clause) for s in outcome.piracy.target_dice] == [
        (0, "hospitallers_need_war", "OP-I6")
    ]
    assert outcome.piracy.anti_piracy_faces == []
    assert outcome.piracy.corsairs_left == 2
    assert faces.remaining() == []
    told = [t(line.key, "en", **line.params) for line in outcome.lines]
    assert any("no anti-piracy dice" in line for line in told)
    assert any("the Hospitallers help only a target at war" in line for line in told)

    # A target at war still gets Malta's die, and by default Malta helps anyone.
    assert [s.dice for s in op.count_target_dice(at_war("papacy"), strict, decl)] == [1]
    assert [s.dice for s in op.count_target_dice(state, DEFAULTS, decl)] == [1]


# --- OP-I14 --------------------------------------------------------------------------------


def test_op_i14_enforced_cp_are_told_as_spent_from_the_impulse_not_as_recorded_only() -> None:
    """OP-I14: by default the 2 CP are "recorded only"; with `enforce_cp` they come out of the
    impulse's CP, so the story says what is left of them instead."""
    papacy = declaration(target="papacy")
    recorded = op.declare_piracy(at_war(), DEFAULTS, papacy, Dice.scripted([1, 1]), 1)
    told = [t(line.key, "en", **line.params) for line in recorded.lines]
    assert "2 CP spent (recorded only, OP-I14)." in told

    enforce = models.OttomanPiracySettings(enforce_cp=True)
    budget = op.start_impulse(at_war(), "ottoman", cp=5).state
    spent = op.declare_piracy(budget, enforce, papacy, Dice.scripted([1, 1]), 1)
    told = [t(line.key, "en", **line.params) for line in spent.lines]
    assert "2 CP spent; 3 CP left this impulse (OP-I14)." in told
    assert not any("recorded only" in line for line in told)
    russian = [t(line.key, "ru", **line.params) for line in spent.lines]
    assert "Потрачено 2 CP; в этом импульсе осталось 3 CP (OP-I14)." in russian
    assert spent.piracy.cp_left == 3
