"""Company raids: the worked examples CR-E1…CR-E10 replayed exactly with scripted dice.

Faces are given in the order rules/company-raids.md rolls them (capture, counterattack; the
duel's shots in turn). `ScriptedFaces.remaining()` proves the engine used exactly them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from company_raids_helpers import DEFAULTS
from company_raids_helpers import due
from company_raids_helpers import joker_board
from company_raids_helpers import no_dice
from company_raids_helpers import rendered
from company_raids_helpers import scripted
from company_raids_helpers import settings
from company_raids_helpers import steelworks_board
from company_raids_helpers import with_vera_holding

from bot.errors import RuleViolation
from bot.rules import company_raids as cr


def counterattacked(
    config: cr.CompanyRaidsSettings, state: cr.CompanyRaidsState, *faces: int
) -> cr.RaidOutcome:
    """Broker lands on Steelworks, fails the capture and Boris counterattacks: `faces` are the
    capture's then the counterattack's, and the engine must use exactly them."""
    landed = cr.land(state, config, "Broker", "Steelworks", no_dice())
    incident = landed.awaiting.incident_id if landed.awaiting else 0
    dice, scripted_faces = scripted(*faces)
    failed = cr.answer(landed.state, config, incident, "capture", dice)
    outcome = cr.answer(failed.state, config, incident, "counterattack", dice)
    assert scripted_faces.remaining() == []
    return outcome


def test_cr_e1_capture_succeeds_on_six() -> None:
    """CR-E1 (CR-2.7, CR-2.8, CR-I6, CR-I9): BD 6 captures; no fine; Broker stays, marked."""
    state = steelworks_board()
    landed = cr.land(state, DEFAULTS, "Broker", "Steelworks", no_dice(), by_faction="Anna")
    assert landed.awaiting is not None
    assert (landed.awaiting.faction, landed.awaiting.options) == ("Anna", ("pay", "capture"))
    assert landed.awaiting.step == "trespasser_choice"
    dice, faces = scripted(6)
    captured = cr.answer(
        landed.state, DEFAULTS, landed.awaiting.incident_id, "capture", dice, by_faction="Anna"
    )
    assert faces.remaining() == []
    assert captured.awaiting is None
    assert captured.state.companies["steelworks"].owner == "Anna"
    assert captured.payments == []
    broker = captured.state.pieces["broker"]
    assert (broker.company, broker.attempted, broker.destroyed) == (
        "steelworks",
        ["steelworks"],
        False,
    )
    assert captured.state.incidents == []
    assert [r.key for r in captured.archive] == [f"incident/{landed.awaiting.incident_id}"]
    assert [(r.clause, r.faces) for r in dice.records] == [("CR-2.7", (6,))]


def test_cr_e2_capture_fails_counterattack_hits() -> None:
    """CR-E2 (CR-3.2, CR-4.2, CR-4.3, CR-I3, CR-I8): BD 3 fails, Boris counterattacks, BD 4
    hits: Broker removed, Boris due 300 from the bank, no fine."""
    state = steelworks_board()
    landed = cr.land(state, DEFAULTS, "Broker", "Steelworks", no_dice())
    incident = landed.awaiting.incident_id if landed.awaiting else 0
    dice, faces = scripted(3, 4)
    failed = cr.answer(landed.state, DEFAULTS, incident, "capture", dice, by_faction="Anna")
    assert failed.awaiting is not None
    assert (failed.awaiting.faction, failed.awaiting.options) == (
        "Boris",
        ("fine", "counterattack"),
    )
    hit = cr.answer(failed.state, DEFAULTS, incident, "counterattack", dice, by_faction="Boris")
    assert faces.remaining() == []
    assert hit.awaiting is None
    broker = hit.state.pieces["broker"]
    assert broker.destroyed
    assert (broker.company, broker.attempted) == (None, [])
    assert hit.state.companies["steelworks"].owner == "Boris"
    assert due(hit) == [("bonus", None, "Boris", Fraction(300), Fraction(300))]
    assert [r.clause for r in dice.records] == ["CR-2.7", "CR-3.6"]


def test_cr_e3_counterattack_misses_no_fine_and_reattack_refused() -> None:
    """CR-E3 (CR-3.7, CR-3.8, CR-3.9, CR-I7, CR-I9): BD 5 then 1: no fine, Broker stays,
    and a new attempt on Steelworks is refused until Broker leaves and enters again."""
    missed = counterattacked(DEFAULTS, steelworks_board(), 5, 1)
    assert missed.awaiting is None
    assert missed.payments == []
    broker = missed.state.pieces["broker"]
    assert (broker.destroyed, broker.company, broker.attempted) == (
        False,
        "steelworks",
        ["steelworks"],
    )
    with pytest.raises(RuleViolation) as refusal:
        cr.land(missed.state, DEFAULTS, "Broker", "Steelworks", no_dice())
    assert refusal.value.params["clause"] == "CR-3.9"
    left = cr.move_piece(missed.state, DEFAULTS, "Broker")
    again = cr.land(left.state, DEFAULTS, "Broker", "Steelworks", no_dice())
    assert again.awaiting is not None
    assert again.awaiting.step == "trespasser_choice"


def test_cr_e4_capture_fails_owner_takes_the_fine() -> None:
    """CR-E4 (CR-3.3, CR-3.5, CR-I4, CR-I9, CR-I19): BD 2 fails; Boris collects 180 from
    Anna; the forced answer would have been the same."""
    state = steelworks_board()
    landed = cr.land(state, DEFAULTS, "Broker", "Steelworks", no_dice())
    incident = landed.awaiting.incident_id if landed.awaiting else 0
    dice, faces = scripted(2)
    failed = cr.answer(landed.state, DEFAULTS, incident, "capture", dice)
    assert failed.awaiting is not None
    assert failed.awaiting.forced_option == "fine"
    fined = cr.answer(failed.state, DEFAULTS, incident, "fine", no_dice(), by_faction="Boris")
    forced = cr.force_answer(failed.state, DEFAULTS, incident, no_dice())
    assert faces.remaining() == []
    for outcome in (fined, forced):
        assert outcome.awaiting is None
        assert due(outcome) == [("fine", "Anna", "Boris", Fraction(180), Fraction(180))]
        assert outcome.state.pieces["broker"].attempted == ["steelworks"]
        assert outcome.state.companies["steelworks"].owner == "Boris"


def test_cr_e5_joker_duel_won_by_the_owner() -> None:
    """CR-E5 (CR-5.7, CR-5.10, CR-I13, CR-I14): Banker 3, Corsair 5, Banker 4: Corsair
    removed, Vera due 2 × 350 = 700, Vera keeps the Joker."""
    state = joker_board()
    dice, faces = scripted(3, 5, 4)
    duel = cr.enter(state, DEFAULTS, "Corsair", dice, by_faction="Gleb")
    assert faces.remaining() == []
    assert duel.awaiting is None
    assert duel.state.pieces["corsair"].destroyed
    assert due(duel) == [("prize", None, "Vera", Fraction(700), Fraction(700))]
    assert duel.state.joker.owner == "Vera"
    assert duel.state.joker.occupants == ["banker"]
    assert [r.clause for r in dice.records] == ["CR-I13"] * 3
    assert "Shots: Banker 3, Corsair 5, Banker 4." in rendered(duel)


def test_cr_e6_joker_duel_won_by_the_aggressor() -> None:
    """CR-E6 (CR-5.11, CR-5.12, CR-I11, CR-I14): Banker 1, Corsair 6: Banker removed, Gleb
    due 400, owns the Joker and is asked for his Holding; Vera's Holding is cleared."""
    state = with_vera_holding(joker_board())
    state = cr.register_company(state, DEFAULTS, "Wharf", owner="Gleb", fine=10).state
    dice, faces = scripted(1, 6)
    duel = cr.enter(state, DEFAULTS, "Corsair", dice)
    assert faces.remaining() == []
    assert duel.state.pieces["banker"].destroyed
    assert due(duel) == [("prize", None, "Gleb", Fraction(400), Fraction(400))]
    joker = duel.state.joker
    assert (joker.owner, joker.occupants, joker.holding_due) == ("Gleb", ["corsair"], True)
    kinds = [e.kind for e in duel.events]
    assert kinds.index("holding_cleared") < kinds.index("holding_asked")
    assert [e.faction for e in duel.events if e.kind == "holding_cleared"] == ["Vera"]


def test_cr_e7_entering_an_unowned_joker_and_leaving_it() -> None:
    """CR-E7 (CR-5.3, CR-5.4, CR-I10, CR-I11): no roll; Anna owns the Joker and declares her
    Holding; when the piece leaves, the Joker is unowned and the Holding cleared."""
    state = joker_board()
    state = cr.move_piece(state, DEFAULTS, "Banker").state
    assert state.joker.owner is None
    state = cr.register_company(state, DEFAULTS, "Docks", owner="Anna", fine=50).state
    entered = cr.enter(state, DEFAULTS, "Scout", no_dice(), by_faction="Anna")
    assert entered.awaiting is None
    assert entered.state.joker.owner == "Anna"
    assert entered.state.joker.holding_due
    assert [r.key for r in entered.archive] == [f"incident/{entered.incident_id}"]
    declared = cr.declare_joker_holding(entered.state, DEFAULTS, ["Docks"], by_faction="Anna")
    assert (declared.state.joker.holding, declared.state.joker.holding_due) == (["docks"], False)
    left = cr.move_piece(declared.state, DEFAULTS, "Scout")
    assert left.state.joker.owner is None
    assert left.state.joker.holding == []
    assert [e.kind for e in left.events] == [
        "joker_left",
        "joker_unowned",
        "holding_cleared",
        "piece_moved",
    ]


def test_an_owner_who_declared_no_holding_is_not_told_it_is_cleared() -> None:
    """CR-I10, CR-I11 clear a Holding that exists: Vera owns no Company, so she never had a
    Joker Holding; losing the Joker in a duel, or leaving it, says nothing of clearing one."""
    lost = cr.enter(joker_board(), DEFAULTS, "Corsair", scripted(1, 6)[0])
    assert lost.state.joker.owner == "Gleb"
    assert "holding_cleared" not in [e.kind for e in lost.events]
    assert not [line for line in rendered(lost) if "Holding of Vera" in line]
    left = cr.move_piece(joker_board(), DEFAULTS, "Banker")
    assert left.state.joker.owner is None
    assert [e.kind for e in left.events] == ["joker_left", "joker_unowned", "piece_moved"]


def test_a_joker_owner_with_no_company_has_an_empty_holding_and_is_not_asked() -> None:
    """CR-I11: only the owner's assets can form a Joker Holding; an owner with no Company
    has none, so the Holding is empty and no answer is awaited."""
    state = cr.move_piece(joker_board(), DEFAULTS, "Banker").state
    entered = cr.enter(state, DEFAULTS, "Scout", no_dice(), by_faction="Anna")
    joker = entered.state.joker
    assert (joker.owner, joker.holding, joker.holding_due) == ("Anna", [], False)
    assert cr.waiting_for(entered.state, DEFAULTS, 1) == []
    assert rendered(entered)[-1] == (
        "Anna owns no Company, so their Joker Holding is empty; nothing to declare (CR-I11)."
    )


def test_cr_e8_two_defenders_in_the_joker() -> None:
    """CR-E8 (CR-I17): faces 3, 2, 5, 1, 6: Corsair beats Banker (Gleb due 400), then Clerk
    beats Corsair (Vera due 700); Vera keeps the Joker and her Holding."""
    state = joker_board(clerk=True)
    dice, faces = scripted(3, 2, 5, 1, 6)
    duel = cr.enter(state, DEFAULTS, "Corsair", dice)
    assert faces.remaining() == []
    assert due(duel) == [
        ("prize", None, "Gleb", Fraction(400), Fraction(400)),
        ("prize", None, "Vera", Fraction(700), Fraction(700)),
    ]
    assert duel.state.pieces["banker"].destroyed
    assert duel.state.pieces["corsair"].destroyed
    assert not duel.state.pieces["clerk"].destroyed
    joker = duel.state.joker
    assert (joker.owner, joker.occupants, joker.holding_due) == ("Vera", ["clerk"], False)
    assert "holding_cleared" not in [e.kind for e in duel.events]
    duels = [e.duel for e in duel.events if e.kind == "duel"]
    assert [(d.defender, d.faces, d.result) for d in duels] == [
        ("Banker", [3, 2], "aggressor"),
        ("Clerk", [5, 1, 6], "defender"),
    ]


def test_cr_e8_variant_aggressor_beats_both_defenders() -> None:
    """CR-E8 variant: faces 3, 2, 1, 4: Gleb due 400 + 2 × 120 = 640 and owns the Joker."""
    state = with_vera_holding(joker_board(clerk=True))
    dice, faces = scripted(3, 2, 1, 4)
    duel = cr.enter(state, DEFAULTS, "Corsair", dice)
    assert faces.remaining() == []
    assert due(duel) == [
        ("prize", None, "Gleb", Fraction(400), Fraction(400)),
        ("prize", None, "Gleb", Fraction(240), Fraction(240)),
    ]
    assert sum(p.due_amount for p in duel.payments) == 640
    assert "In all, Gleb is due 640." in rendered(duel)
    joker = duel.state.joker
    # Gleb owns no Company, so no Holding is asked of him (CR-I11).
    assert (joker.owner, joker.occupants, joker.holding_due) == ("Gleb", ["corsair"], False)
    assert [e.faction for e in duel.events if e.kind == "holding_cleared"] == ["Vera"]


def test_cr_e8_variant_first_only_leaves_clerk_as_a_visitor() -> None:
    """CR-E8 variant (`joker_defence = first_only`, CR-I17, CR-I18): after 3, 2 Gleb owns
    the Joker at once; Clerk stays as a visitor; Vera's Holding is cleared."""
    config = settings(joker_defence="first_only")
    state = with_vera_holding(joker_board(config, clerk=True), config)
    dice, faces = scripted(3, 2)
    duel = cr.enter(state, config, "Corsair", dice)
    assert faces.remaining() == []
    assert due(duel) == [("prize", None, "Gleb", Fraction(400), Fraction(400))]
    assert duel.state.joker.owner == "Gleb"
    assert cr.owner_pieces(duel.state, config) == ["corsair"]
    assert cr.visitors(duel.state, config) == ["clerk"]
    assert [e.faction for e in duel.events if e.kind == "holding_cleared"] == ["Vera"]
    assert [(e.piece, e.reason) for e in duel.events if e.kind == "visitor"] == [
        ("Clerk", "former_owner")
    ]


def test_cr_e9_declined_duel_leaves_a_visitor() -> None:
    """CR-E9 (`joker_entry_forces_duel = false`, CR-I12, CR-I18): no die is rolled; Corsair
    declines and stays; Banker leaves, the Joker is unowned and Corsair does not take it;
    Scout enters and Anna owns it; Corsair is still a visitor."""
    config = settings(joker_entry_forces_duel=False)
    state = joker_board(config)
    entered = cr.enter(state, config, "Corsair", no_dice(), by_faction="Gleb")
    assert entered.awaiting is not None
    assert (entered.awaiting.faction, entered.awaiting.options) == ("Gleb", ("attack", "decline"))
    declined = cr.answer(
        entered.state, config, entered.awaiting.incident_id, "decline", no_dice(), by_faction="Gleb"
    )
    assert declined.awaiting is None
    assert declined.state.joker.owner == "Vera"
    assert cr.visitors(declined.state, config) == ["corsair"]
    left = cr.move_piece(declined.state, config, "Banker")
    assert left.state.joker.owner is None
    assert left.state.joker.occupants == ["corsair"]
    scout = cr.enter(left.state, config, "Scout", no_dice(), by_faction="Anna")
    assert scout.state.joker.owner == "Anna"
    assert not scout.state.joker.holding_due  # no Company of theirs reaches it (CR-I11)
    assert cr.owner_pieces(scout.state, config) == ["scout"]
    assert cr.visitors(scout.state, config) == ["corsair"]


def test_cr_e9_variant_remaining_piece_takes_the_joker() -> None:
    """CR-E9 variant (`joker_taken_by_remaining_piece = true`, CR-I18): Gleb takes the Joker
    when Banker leaves; Scout then enters Gleb's Joker and Anna chooses whether to attack."""
    config = settings(joker_entry_forces_duel=False, joker_taken_by_remaining_piece=True)
    state = joker_board(config)
    entered = cr.enter(state, config, "Corsair", no_dice())
    incident = entered.awaiting.incident_id if entered.awaiting else 0
    declined = cr.answer(entered.state, config, incident, "decline", no_dice())
    left = cr.move_piece(declined.state, config, "Banker")
    assert left.state.joker.owner == "Gleb"
    assert left.state.joker.holding_piece == "corsair"
    assert not left.state.joker.holding_due  # no Company of theirs reaches it (CR-I11)
    scout = cr.enter(left.state, config, "Scout", no_dice(), by_faction="Anna")
    assert scout.awaiting is not None
    assert (scout.awaiting.faction, scout.awaiting.step) == ("Anna", "attack_choice")


def test_cr_e10_fractional_bonus_rounded_for_display() -> None:
    """CR-E10 (CR-I3, CR-I16): 50 % × 333 = 333/2 logged exactly; shown 167 half up, 166
    floor, 167 ceil, 166.5 exact."""
    shown = {}
    for rounding in ("half_up", "floor", "ceil", "exact"):
        config = settings(counterattack_bonus_pct=50, amount_rounding=rounding)
        hit = counterattacked(config, steelworks_board(config, broker_value=333), 3, 4)
        (payment,) = hit.payments
        assert payment.exact_amount == Fraction(333, 2)
        assert (payment.payer, payment.payee) == (None, "Boris")
        shown[rounding] = cr.amount_text(payment.due_amount)
        if rounding == "half_up":
            text = rendered(hit)
            assert "Counterattack bonus (CR-4.3): the bank pays Boris 167 (exact 166.5)." in text
    assert shown == {"half_up": "167", "floor": "166", "ceil": "167", "exact": "166.5"}
