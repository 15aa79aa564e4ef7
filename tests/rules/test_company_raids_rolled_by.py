"""`/history stats` credits (CR-2.7, CR-3.6, CR-I13): a command that rolls for both sides
credits each side's Black die to its faction: the capture to the trespasser, the
counterattack to the company's owner, each duel shot to the shooting piece's owner."""

from __future__ import annotations

from company_raids_helpers import DEFAULTS
from company_raids_helpers import joker_board
from company_raids_helpers import no_dice
from company_raids_helpers import scripted
from company_raids_helpers import steelworks_board

from bot.dice_stats import rolled_by
from bot.rules import company_raids as cr


def test_a_capture_attempt_is_the_trespassers_die():
    """CR-E1: Anna's Broker rolls 6 for Steelworks; the die is Anna's, whoever answered."""
    landed = cr.land(steelworks_board(), DEFAULTS, "Broker", "Steelworks", no_dice())
    assert landed.awaiting is not None
    dice, _ = scripted(6)

    captured = cr.answer(landed.state, DEFAULTS, landed.awaiting.incident_id, "capture", dice)

    assert rolled_by(captured.rolled_by, 1) == ["Anna"]


def test_a_counterattack_is_the_company_owners_die():
    """CR-E2: the capture (3) fails and Boris counterattacks (4): the first die is Anna's,
    the counterattack Boris's; a GM forcing the answer rolls it for Boris all the same."""
    landed = cr.land(steelworks_board(), DEFAULTS, "Broker", "Steelworks", no_dice())
    assert landed.awaiting is not None
    incident = landed.awaiting.incident_id
    dice, _ = scripted(3, 4)
    failed = cr.answer(landed.state, DEFAULTS, incident, "capture", dice)

    hit = cr.answer(failed.state, DEFAULTS, incident, "counterattack", dice)

    assert rolled_by(failed.rolled_by, 1) == ["Anna"]
    assert rolled_by(hit.rolled_by, 1) == ["Boris"]


def test_each_duel_shot_is_the_shooting_pieces_owners():
    """CR-E5: Gleb's Corsair enters the Joker; Vera's Banker shoots first (3), then the
    Corsair (5), then the Banker (4): Vera, Gleb, Vera, though Gleb's command rolled them."""
    dice, _ = scripted(3, 5, 4)

    duel = cr.enter(joker_board(), DEFAULTS, "Corsair", dice, by_faction="Gleb")

    assert rolled_by(duel.rolled_by, 3) == ["Vera", "Gleb", "Vera"]


def test_a_call_without_dice_credits_nobody():
    """Landing rolls nothing: the outcome names no roller."""
    landed = cr.land(steelworks_board(), DEFAULTS, "Broker", "Steelworks", no_dice())

    assert landed.rolled_by == {}
