"""Company raids: one test per interpretation that changes behaviour (CR-I1…CR-I19), each
with its setting flipped from the default, scripted dice and exact amounts."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import company_raids_helpers as helpers
import pytest

from bot.errors import Conflict
from bot.errors import NotAllowed
from bot.errors import RuleViolation
from bot.rules import company_raids as cr
from bot.rules.company_raids import CompanyRaidsSettings
from bot.rules.company_raids import CompanyRaidsState
from bot.rules.company_raids.models import PieceMoved
from bot.rules.company_raids.narration import event_lines


def land_and_capture(config: CompanyRaidsSettings, *faces: int) -> tuple[cr.RaidOutcome, int]:
    """Broker lands in Steelworks and attempts a capture with the first scripted face."""
    state = helpers.steelworks_board(config)
    landed = cr.land(state, config, "Broker", "Steelworks", helpers.no_dice())
    assert landed.awaiting is not None
    incident = landed.awaiting.incident_id
    dice, _ = helpers.scripted(*faces)
    return cr.answer(landed.state, config, incident, "capture", dice), incident


def test_cr_i1_black_die_size_sizes_every_roll_and_warns_on_unreachable_faces() -> None:
    """CR-I1: an 8-sided Black die; 7 is in no hit set, so the capture fails; a face the die
    cannot show is warned about when the settings are saved."""
    config = helpers.settings(black_die_faces=8)
    failed, _ = land_and_capture(config, 7)
    assert failed.awaiting is not None and failed.awaiting.step == "owner_choice"
    assert cr.settings_warnings(config) == []
    warned = cr.settings_warnings(helpers.settings(capture_faces={4, 6, 9}))
    assert [(m.params["setting"], m.params["faces"]) for m in warned] == [("capture_faces", "9")]


def test_cr_i1_roll_is_recorded_as_one_black_die() -> None:
    """CR-I1: each capture, counterattack or shot is one 1dN roll with its hit faces."""
    config = helpers.settings(black_die_faces=8)
    state = helpers.steelworks_board(config)
    landed = cr.land(state, config, "Broker", "Steelworks", helpers.no_dice())
    dice, _ = helpers.scripted(8)
    cr.answer(landed.state, config, 1, "capture", dice)
    (record,) = dice.records
    assert (record.notation, record.faces, record.target, record.successes) == (
        "1d8",
        (8,),
        "in {4,6}",
        0,
    )


def test_cr_i2_capture_faces_setting() -> None:
    """CR-I2: with `capture_faces = {5}` a 5 captures and a 6 fails."""
    config = helpers.settings(capture_faces={5})
    captured, _ = land_and_capture(config, 5)
    assert captured.state.companies["steelworks"].owner == "Anna"
    failed, _ = land_and_capture(config, 6)
    assert failed.state.companies["steelworks"].owner == "Boris"


def test_cr_i3_counterattack_hit_faces_setting() -> None:
    """CR-I3: with `counterattack_hit_faces = {1}` a 1 hits and a 4 misses."""
    config = helpers.settings(counterattack_hit_faces={1})
    failed, incident = land_and_capture(config, 3)
    hit = cr.answer(failed.state, config, incident, "counterattack", helpers.scripted(1)[0])
    assert hit.state.pieces["broker"].destroyed
    missed = cr.answer(failed.state, config, incident, "counterattack", helpers.scripted(4)[0])
    assert not missed.state.pieces["broker"].destroyed
    assert missed.payments == []


def test_cr_i4_fine_entered_each_time_by_the_company_owner() -> None:
    """CR-I4 (`fine_source = enter_each_time`): paying asks Boris for the amount; the amount
    he enters is owed; a forced answer uses the recorded fine."""
    config = helpers.settings(fine_source="enter_each_time")
    state = helpers.steelworks_board(config)
    landed = cr.land(state, config, "Broker", "Steelworks", helpers.no_dice())
    paid = cr.answer(landed.state, config, 1, "pay", helpers.no_dice(), by_faction="Anna")
    assert paid.awaiting is not None
    assert (paid.awaiting.step, paid.awaiting.faction) == ("fine_amount", "Boris")
    assert paid.payments == []
    with pytest.raises(NotAllowed):
        cr.answer(paid.state, config, 1, "amount", helpers.no_dice(), by_faction="Anna", amount=1)
    with pytest.raises(RuleViolation):
        cr.answer(paid.state, config, 1, "amount", helpers.no_dice(), by_faction="Boris")
    entered = cr.answer(
        paid.state, config, 1, "amount", helpers.no_dice(), by_faction="Boris", amount=250
    )
    assert helpers.due(entered) == [("fine", "Anna", "Boris", Fraction(250), Fraction(250))]
    assert entered.awaiting is None
    forced = cr.force_answer(paid.state, config, 1, helpers.no_dice())
    assert helpers.due(forced) == [("fine", "Anna", "Boris", Fraction(180), Fraction(180))]


def pass_through_board(config: CompanyRaidsSettings) -> CompanyRaidsState:
    state = helpers.steelworks_board(config)
    state = cr.register_company(state, config, "Docks", owner="Vera", fine=40).state
    state = cr.register_company(state, config, "Farm", owner="Anna", fine=10).state
    return cr.register_company(state, config, "Mill", owner="Boris", fine=70).state


def test_cr_i5_default_passing_through_opens_nothing() -> None:
    """CR-I5: by default only the Company where the move ends opens an incident."""
    state = pass_through_board(helpers.DEFAULTS)
    landed = cr.land(
        state, helpers.DEFAULTS, "Broker", "Mill", helpers.no_dice(), passed_through=["Docks"]
    )
    assert [e.company for e in landed.events if e.kind == "landed"] == ["Mill"]
    with pytest.raises(RuleViolation) as refusal:
        cr.land(
            state, helpers.DEFAULTS, "Broker", "Farm", helpers.no_dice(), passed_through=["Docks"]
        )
    assert refusal.value.params["clause"] == "CR-I5"


def test_cr_i5_pass_through_opens_incidents_one_after_another() -> None:
    """CR-I5 (`incident_on_pass_through`): Docks and Steelworks passed, the move ends in
    Farm (Anna's own). Each rival Company opens an incident in turn; the surviving piece
    moves on and its mark is cleared; a removed piece ends the move."""
    config = helpers.settings(incident_on_pass_through=True)
    state = pass_through_board(config)
    first = cr.land(
        state,
        config,
        "Broker",
        "Farm",
        helpers.no_dice(),
        passed_through=["Docks", "Steelworks"],
    )
    assert first.awaiting is not None
    assert (first.awaiting.faction, first.awaiting.step) == ("Anna", "trespasser_choice")
    assert [e.kind for e in first.events if e.kind == "landed"] == ["landed"]
    assert first.events[0].passing
    paid = cr.answer(first.state, config, first.awaiting.incident_id, "pay", helpers.no_dice())
    assert helpers.due(paid) == [("fine", "Anna", "Vera", Fraction(40), Fraction(40))]
    assert paid.awaiting is not None
    assert paid.awaiting.incident_id == first.awaiting.incident_id + 1
    broker = paid.state.pieces["broker"]
    assert (broker.company, broker.attempted) == ("steelworks", [])
    fined = cr.force_answer(paid.state, config, paid.awaiting.incident_id, helpers.no_dice())
    assert fined.awaiting is None
    assert fined.state.pieces["broker"].company == "farm"
    assert fined.state.pieces["broker"].attempted == []
    # A counterattack that removes the piece ends the move.
    dice, _ = helpers.scripted(1, 2)
    failed = cr.answer(paid.state, config, paid.awaiting.incident_id, "capture", dice)
    hit = cr.answer(failed.state, config, paid.awaiting.incident_id, "counterattack", dice)
    assert hit.awaiting is None
    assert hit.state.pieces["broker"].destroyed
    assert hit.state.incidents == []


def test_cr_i6_fine_also_on_capture_owed_to_the_previous_owner() -> None:
    """CR-I4, CR-I6 (`fine_also_on_capture`): the fine is read and owed to Boris before the
    marker changes to Anna."""
    config = helpers.settings(fine_also_on_capture=True)
    captured, _ = land_and_capture(config, 4)
    assert captured.state.companies["steelworks"].owner == "Anna"
    assert helpers.due(captured) == [("fine", "Anna", "Boris", Fraction(180), Fraction(180))]
    kinds = [e.kind for e in captured.events]
    assert kinds.index("payment") < kinds.index("captured")


@pytest.mark.parametrize(
    ("rule", "face", "kinds"),
    [
        ("never", 1, []),
        ("never", 2, ["bonus"]),
        ("on_miss", 1, ["fine"]),
        ("on_miss", 2, ["bonus"]),
        ("always", 1, ["fine"]),
        ("always", 2, ["bonus", "fine"]),
    ],
)
def test_cr_i7_fine_after_counterattack(rule: str, face: int, kinds: list[str]) -> None:
    """CR-I7: no fine after a counterattack by default; `on_miss` after a miss; `always`
    after any, in addition to the bonus on a hit."""
    config = helpers.settings(fine_after_counterattack=rule)
    failed, incident = land_and_capture(config, 3)
    done = cr.answer(failed.state, config, incident, "counterattack", helpers.scripted(face)[0])
    assert [p.kind for p in done.payments] == kinds
    assert done.awaiting is None


def test_cr_i7_one_capture_roll_and_one_counterattack_roll_at_most() -> None:
    """CR-4.4, CR-I7: the incident closes after the counterattack; a second one is refused."""
    failed, incident = land_and_capture(helpers.DEFAULTS, 3)
    missed = cr.answer(
        failed.state, helpers.DEFAULTS, incident, "counterattack", helpers.scripted(1)[0]
    )
    with pytest.raises(Conflict):
        cr.answer(missed.state, helpers.DEFAULTS, incident, "counterattack", helpers.scripted(2)[0])


def test_cr_i8_loser_pays_the_bonus_and_the_prize() -> None:
    """CR-I8 (`bonus_payer = loser`): Anna pays Boris the bonus; Gleb pays Vera the prize."""
    config = helpers.settings(bonus_payer="loser")
    failed, incident = land_and_capture(config, 3)
    hit = cr.answer(failed.state, config, incident, "counterattack", helpers.scripted(4)[0])
    assert helpers.due(hit) == [("bonus", "Anna", "Boris", Fraction(300), Fraction(300))]
    duel = cr.enter(helpers.joker_board(config), config, "Corsair", helpers.scripted(4)[0])
    assert helpers.due(duel) == [("prize", "Gleb", "Vera", Fraction(700), Fraction(700))]


def test_cr_i9_no_mark_without_reentry_requirement() -> None:
    """CR-I9 (`reattack_requires_reentry = false`): no mark is kept, and the piece may open
    a new incident in the same Company without leaving."""
    config = helpers.settings(reattack_requires_reentry=False)
    state = helpers.steelworks_board(config)
    landed = cr.land(state, config, "Broker", "Steelworks", helpers.no_dice())
    paid = cr.answer(landed.state, config, 1, "pay", helpers.no_dice())
    assert paid.state.pieces["broker"].attempted == []
    again = cr.land(paid.state, config, "Broker", "Steelworks", helpers.no_dice())
    assert again.awaiting is not None and again.awaiting.incident_id == 2


def test_cr_i9_leaving_names_the_company_whose_mark_is_cleared() -> None:
    """CR-I9: Broker paid in Steelworks; its move off clears that mark and says which
    Company it may raid again."""
    state = helpers.steelworks_board()
    landed = cr.land(state, helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice())
    paid = cr.answer(landed.state, helpers.DEFAULTS, 1, "pay", helpers.no_dice())
    moved = cr.move_piece(paid.state, helpers.DEFAULTS, "Broker")
    assert [e.cleared for e in moved.events if isinstance(e, PieceMoved)] == [["Steelworks"]]
    # The log names the Company once: the number of marks cleared is that of the names.
    assert [e.model_dump(mode="json") for e in moved.events if isinstance(e, PieceMoved)] == [
        {"kind": "piece_moved", "piece": "Broker", "to_company": None, "cleared": ["Steelworks"]}
    ]
    assert helpers.rendered(moved)[-1] == "Broker has left: it may raid Steelworks again (CR-I9)."
    assert helpers.rendered(moved, "ru")[-1] == (
        "Фигура Broker ушла и может снова атаковать Компанию Steelworks (CR-I9)."
    )


def test_cr_i9_a_move_logged_before_the_companies_were_named_still_reads() -> None:
    """A move's event as an earlier release logged it (its count of cleared marks, no
    names) still loads, and tells the mark cleared without a Company to name."""
    logged = {"kind": "piece_moved", "piece": "Broker", "to_company": None, "marks_cleared": 1}
    old = PieceMoved.model_validate(logged)
    assert old.cleared == []
    assert [line.render("en") for line in event_lines(old)] == [
        "Broker moves elsewhere on the board.",
        "Broker has left: it may raid again the Companies it had an incident in (CR-I9).",
    ]
    # Written again, it keeps its count: nothing else tells it.
    assert old.model_dump(mode="json") == {**logged, "cleared": []}


def test_cr_i9_a_move_logged_with_both_the_count_and_the_names_reads_as_a_new_one() -> None:
    """A move's event as a later release logged it, its count of cleared marks beside the
    Companies' names, still loads and tells the Companies; written again, the count is
    dropped, as the names give it."""
    logged = {
        "kind": "piece_moved",
        "piece": "Broker",
        "to_company": "Docks",
        "marks_cleared": 2,
        "cleared": ["Mill", "Steelworks"],
    }
    old = PieceMoved.model_validate(logged)
    assert [line.render("en") for line in event_lines(old)] == [
        "Broker moves to Docks.",
        "Broker has left: it may raid Mill, Steelworks again (CR-I9).",
    ]
    new = PieceMoved(piece="Broker", to_company="Docks", cleared=["Mill", "Steelworks"])
    assert old == new
    assert old.model_dump(mode="json") == {k: v for k, v in logged.items() if k != "marks_cleared"}


def test_cr_i9_naming_the_company_itself_as_passed_does_not_leave_it() -> None:
    """CR-3.9, CR-I9: Broker paid in Steelworks and stays there, marked. A landing that names
    Steelworks itself as the Company it passed has not left it: it is refused, as a stop is
    never also a Company passed (CR-I5); naming another square on the way is a move out and
    back in (a new stop)."""
    state = pass_through_board(helpers.DEFAULTS)
    landed = cr.land(state, helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice())
    paid = cr.answer(landed.state, helpers.DEFAULTS, 1, "pay", helpers.no_dice()).state
    with pytest.raises(RuleViolation) as refusal:
        cr.land(
            paid,
            helpers.DEFAULTS,
            "Broker",
            "Steelworks",
            helpers.no_dice(),
            passed_through=["Steelworks"],
        )
    assert refusal.value.message_key == "company_raids.error.stop_passed"
    assert refusal.value.params["clause"] == "CR-I5"
    again = cr.land(
        paid, helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice(), passed_through=["Mill"]
    )
    assert again.awaiting is not None and again.awaiting.step == "trespasser_choice"


def test_cr_i9_every_surviving_outcome_marks_the_piece() -> None:
    """CR-I9: paying at once marks the piece too (one stop gives one incident)."""
    state = helpers.steelworks_board()
    landed = cr.land(state, helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice())
    paid = cr.answer(landed.state, helpers.DEFAULTS, 1, "pay", helpers.no_dice())
    assert paid.state.pieces["broker"].attempted == ["steelworks"]
    assert "marked" in [e.kind for e in paid.events]


def test_cr_i10_holding_piece_only_when_not_owned_while_any_piece() -> None:
    """CR-I10 (`joker_owned_while_any_piece = false`): Clerk is a visitor; Banker alone
    defends; when Banker leaves the Joker is unowned though Clerk is inside."""
    config = helpers.settings(joker_owned_while_any_piece=False)
    state = helpers.joker_board(config, clerk=True)
    assert cr.owner_pieces(state, config) == ["banker"]
    assert cr.visitors(state, config) == ["clerk"]
    duel = cr.enter(state, config, "Corsair", helpers.scripted(1, 2)[0])
    assert duel.state.joker.owner == "Gleb"
    assert not duel.state.pieces["clerk"].destroyed
    left = cr.move_piece(state, config, "Banker")
    assert left.state.joker.owner is None
    assert left.state.joker.occupants == ["clerk"]


def test_cr_i10_default_joker_stays_owned_while_an_owner_piece_is_inside() -> None:
    """CR-I10: Banker leaves but Clerk is inside, so Vera keeps the Joker."""
    state = helpers.joker_board(clerk=True)
    left = cr.move_piece(state, helpers.DEFAULTS, "Banker")
    assert left.state.joker.owner == "Vera"
    assert left.state.joker.holding_piece == "clerk"


def test_cr_i11_holding_not_tracked() -> None:
    """CR-I11 (`track_joker_holding = false`): nobody is asked; a declaration is refused."""
    config = helpers.settings(track_joker_holding=False)
    state = helpers.joker_board(config)
    assert not state.joker.holding_due
    duel = cr.enter(state, config, "Corsair", helpers.scripted(1, 2)[0])
    assert not duel.state.joker.holding_due
    assert not {"holding_asked", "holding_cleared"} & {e.kind for e in duel.events}
    with pytest.raises(RuleViolation):
        cr.declare_joker_holding(duel.state, config, [], by_faction="Gleb")


def vera_declares_docks() -> CompanyRaidsState:
    """Vera owns the Joker (her Banker inside) and declares her Docks its Joker Holding."""
    board = cr.register_company(
        helpers.joker_board(), helpers.DEFAULTS, "Docks", owner="Vera", fine=5
    ).state
    return cr.declare_joker_holding(board, helpers.DEFAULTS, ["Docks"], by_faction="Vera").state


def holding_shown(state: CompanyRaidsState) -> list[str]:
    shown = [line.render("en") for line in cr.status(state, helpers.DEFAULTS).lines]
    return [line for line in shown if line.startswith(("Joker:", "Joker Holding:", "No Joker"))]


@pytest.mark.parametrize(
    ("change", "owner"),
    [
        (lambda s, c: cr.enter(s, c, "Corsair", helpers.scripted(1, 2)[0]).state, "Gleb"),
        (
            lambda s, c: (
                cr.enter(cr.move_piece(s, c, "Banker").state, c, "Scout", helpers.no_dice()).state
            ),
            "Anna",
        ),
    ],
    ids=["won in a duel", "left unowned, then taken"],
)
def test_cr_i11_a_holding_untracked_meanwhile_is_cleared_when_the_joker_changes_owner(
    change: Any, owner: str
) -> None:
    """CR-I11: the previous owner's Joker Holding is cleared when the Joker changes owner
    (CR-E6) or becomes unowned (CR-E7). With `track_joker_holding` off meanwhile nothing is
    told, but Vera's Docks are not left on the record: once Holdings are tracked again the
    new owner's Joker Holding is empty, not Vera's."""
    untracked = helpers.settings(track_joker_holding=False)
    changed = change(vera_declares_docks(), untracked)

    assert changed.joker.holding == []
    assert holding_shown(changed) == [f"Joker: owned by {owner}.", "No Joker Holding."]


def gleb_raids_veras_docks(config: CompanyRaidsSettings = helpers.DEFAULTS) -> CompanyRaidsState:
    """Vera owns the Joker with her Docks as its Holding; Gleb's Pirate (60) stops in Docks."""
    state = cr.register_piece(vera_declares_docks(), config, "Pirate", owner="Gleb", value=60).state
    return cr.land(state, config, "Pirate", "Docks", helpers.no_dice()).state


def test_cr_5_5_a_captured_company_leaves_the_former_owners_joker_holding() -> None:
    """CR-5.5, CR-I11: the Joker Holding is formed by the Joker owner's own assets, so Gleb's
    capture of Vera's Docks takes them out of it, and the story says so; Vera keeps the
    Joker."""
    captured = cr.answer(
        gleb_raids_veras_docks(), helpers.DEFAULTS, 1, "capture", helpers.scripted(6)[0]
    )

    assert captured.state.companies["docks"].owner == "Gleb"
    assert captured.state.joker.holding == []
    assert "Company Docks leaves the Joker Holding of Vera (CR-5.5)." in helpers.rendered(captured)
    assert holding_shown(captured.state) == ["Joker: owned by Vera.", "No Joker Holding."]


def test_cr_5_5_a_company_given_to_another_owner_leaves_the_joker_holding() -> None:
    """CR-5.5, CR-I11: the GM giving Vera's Docks to Gleb takes them out of her Joker Holding;
    a change of fine alone keeps them in it."""
    state = vera_declares_docks()
    fined = cr.edit_company(state, helpers.DEFAULTS, "Docks", fine=7)
    assert fined.state.joker.holding == ["docks"]
    assert not any(e.kind == "holding_left" for e in fined.events)

    given = cr.edit_company(state, helpers.DEFAULTS, "Docks", owner="Gleb")

    assert given.state.joker.holding == []
    assert "Company Docks leaves the Joker Holding of Vera (CR-5.5)." in helpers.rendered(given)


def test_cr_5_5_a_removed_company_is_told_leaving_the_joker_holding() -> None:
    """CR-5.5, CR-I11: removing the record of Vera's Docks takes them out of her Joker Holding
    and says so, in Russian too."""
    removed = cr.remove_company(vera_declares_docks(), helpers.DEFAULTS, "Docks")

    assert removed.state.joker.holding == []
    assert helpers.rendered(removed) == [
        "Company Docks removed.",
        "Company Docks leaves the Joker Holding of Vera (CR-5.5).",
    ]
    assert helpers.rendered(removed, "ru")[1] == (
        "Компания Docks выходит из Джокерного Холдинга фракции «Vera» (CR-5.5)."
    )


def saved_with_stale_holding(change: dict[str, Any] | None) -> str:
    """Vera's Docks as a state saved before a Company no longer hers left the Joker Holding
    would store them: `change` made to the Docks' record (None: the record removed), the
    Holding still listing them."""
    saved = vera_declares_docks().model_dump(mode="json")
    if change is None:
        del saved["companies"]["docks"]
    else:
        saved["companies"]["docks"].update(change)
    assert saved["joker"]["holding"] == ["docks"]
    return json.dumps(saved)


@pytest.mark.parametrize(
    "change", [{"owner": "Gleb"}, None], ids=["captured by Gleb", "its record removed"]
)
def test_cr_5_5_a_state_saved_with_a_company_no_longer_the_owners_in_the_holding(
    change: dict[str, Any] | None,
) -> None:
    """CR-5.5, CR-I11: a state saved before the fix may list in Vera's Joker Holding her Docks
    that Gleb captured (or whose record was removed). They are not in it: the status shows no
    Holding, an empty declaration changes nothing, and when she loses the Joker she is not
    told of a Holding cleared. The state loads and saves as it was stored, so its digest
    moves only with a logged change."""
    text = saved_with_stale_holding(change)
    state = CompanyRaidsState.model_validate_json(text)
    assert json.loads(state.model_dump_json()) == json.loads(text)

    assert holding_shown(state) == ["Joker: owned by Vera.", "No Joker Holding."]
    with pytest.raises(Conflict) as refused:
        cr.declare_joker_holding(state, helpers.DEFAULTS, [], by_faction="Vera")
    assert refused.value.message("en") == (
        "Nothing changed: the Joker Holding of Vera is already empty."
    )
    lost = cr.enter(state, helpers.DEFAULTS, "Corsair", helpers.scripted(1, 2)[0])
    assert "holding_cleared" not in [e.kind for e in lost.events]


@pytest.mark.parametrize(
    ("change", "back"),
    [
        (
            {"owner": "Gleb"},
            lambda s: cr.edit_company(s, helpers.DEFAULTS, "Docks", owner="Vera"),
        ),
        (
            None,
            lambda s: cr.register_company(s, helpers.DEFAULTS, "Docks", owner="Vera", fine=5),
        ),
    ],
    ids=["given back to Vera", "registered anew as Vera's"],
)
def test_cr_5_5_a_company_that_left_the_holding_in_an_old_state_does_not_come_back(
    change: dict[str, Any] | None, back: Any
) -> None:
    """CR-5.5, CR-I11: Docks that left Vera's Joker Holding before the state was saved (held by
    Gleb, or their record removed) are not in it again when they are hers once more: only
    a declaration puts a Company in the Holding. Nothing tells them leaving a second time."""
    state = CompanyRaidsState.model_validate_json(saved_with_stale_holding(change))
    returned = back(state)

    assert returned.state.companies["docks"].owner == "Vera"
    assert holding_shown(returned.state) == ["Joker: owned by Vera.", "No Joker Holding."]
    assert "holding_left" not in [e.kind for e in returned.events]
    declared = cr.declare_joker_holding(
        returned.state, helpers.DEFAULTS, ["Docks"], by_faction="Vera"
    )
    assert holding_shown(declared.state)[1] == "Joker Holding: Docks."


def test_cr_i18_a_rivals_piece_registered_in_the_joker_is_told_a_visitor() -> None:
    """CR-I18: Gleb's Pirate registered in Vera's Joker does not own it and never defends
    it; the reply says it stands there as a visitor, as the status does. Vera's own Clerk
    registered there joins her owner pieces and is not called a visitor."""
    state = helpers.joker_board()

    pirate = cr.register_piece(
        state, helpers.DEFAULTS, "Pirate", owner="Gleb", value=60, in_joker=True
    )
    clerk = cr.register_piece(
        state, helpers.DEFAULTS, "Clerk", owner="Vera", value=120, in_joker=True
    )

    assert helpers.rendered(pirate) == [
        "Piece Pirate registered: owner Gleb, value 60, in the Joker.",
        "Pirate stands in the Joker as a visitor: it does not own it (CR-I18).",
    ]
    assert helpers.rendered(pirate, "ru")[1] == (
        "Pirate стоит в Джокере гостем и не владеет им (CR-I18)."
    )
    assert pirate.state.joker.owner == "Vera"
    assert helpers.rendered(clerk) == [
        "Piece Clerk registered: owner Vera, value 120, in the Joker."
    ]


def test_cr_i12_entering_player_may_attack_when_not_forced() -> None:
    """CR-I12 (`joker_entry_forces_duel = false`): the answer `attack` starts the duel; the
    forced answer is to attack too (CR-I19)."""
    config = helpers.settings(joker_entry_forces_duel=False)
    entered = cr.enter(helpers.joker_board(config), config, "Corsair", helpers.no_dice())
    assert entered.awaiting is not None and entered.awaiting.forced_option == "attack"
    attacked = cr.answer(
        entered.state, config, entered.awaiting.incident_id, "attack", helpers.scripted(4)[0]
    )
    assert attacked.state.pieces["corsair"].destroyed
    forced = cr.force_answer(
        entered.state, config, entered.awaiting.incident_id, helpers.scripted(4)[0]
    )
    assert forced.state.pieces["corsair"].destroyed


def test_cr_i13_duel_faces_and_first_shot_settings() -> None:
    """CR-I13: with `duel_hit_faces = {6}` and `duel_first_shot = aggressor`, Corsair fires
    first; 4 and 2 miss, Corsair's 6 hits."""
    config = helpers.settings(duel_hit_faces={6}, duel_first_shot="aggressor")
    dice, faces = helpers.scripted(4, 2, 6)
    duel = cr.enter(helpers.joker_board(config), config, "Corsair", dice)
    assert faces.remaining() == []
    (fought,) = [e.duel for e in duel.events if e.kind == "duel"]
    assert (fought.first, fought.result) == ("aggressor", "aggressor")
    assert "Shots: Corsair 4, Banker 2, Corsair 6." in helpers.rendered(duel)
    assert duel.state.joker.owner == "Gleb"


def test_cr_i13_shot_cap_ends_in_a_gm_ruling_then_the_gm_names_the_winner() -> None:
    """CR-I13, CR-I17, CR-I18: after `duel_max_shots` misses nothing is removed or paid and
    the aggressor waits as a visitor; the GM naming the aggressor winner goes on to the next
    defender, as if it had hit with the last shot."""
    config = helpers.settings(duel_max_shots=3)
    state = helpers.joker_board(config, clerk=True)
    capped = cr.enter(state, config, "Corsair", helpers.scripted(1, 3, 5)[0])
    assert capped.awaiting is not None
    assert (capped.awaiting.step, capped.awaiting.faction) == ("gm_ruling", None)
    assert capped.payments == []
    assert cr.visitors(capped.state, config) == ["corsair"]
    assert capped.state.joker.owner == "Vera"
    incident = capped.awaiting.incident_id
    with pytest.raises(NotAllowed):
        cr.answer(capped.state, config, incident, "aggressor", helpers.no_dice(), by_faction="Gleb")
    ruled = cr.answer(capped.state, config, incident, "aggressor", helpers.scripted(1, 2)[0])
    assert helpers.due(ruled) == [
        ("prize", None, "Gleb", Fraction(400), Fraction(400)),
        ("prize", None, "Gleb", Fraction(240), Fraction(240)),
    ]
    assert ruled.state.joker.owner == "Gleb"
    defended = cr.answer(capped.state, config, incident, "defender", helpers.no_dice())
    assert helpers.due(defended) == [("prize", None, "Vera", Fraction(700), Fraction(700))]
    assert defended.state.pieces["corsair"].destroyed
    stands = cr.force_answer(capped.state, config, incident, helpers.no_dice())
    assert stands.payments == [] and stands.awaiting is None
    assert cr.visitors(stands.state, config) == ["corsair"]


def test_cr_i13_a_thousand_shot_duel_is_logged_whole_and_told_compactly() -> None:
    """CR-I13: 1,000 misses; one roll record per shot; the narration gives the count and the
    last shots; the pending incident keeps every face for the log."""
    dice, faces = helpers.scripted(*([1, 3, 5, 3] * 250))
    capped = cr.enter(helpers.joker_board(), helpers.DEFAULTS, "Corsair", dice)
    assert faces.remaining() == []
    assert len(dice.records) == 1000
    (fought,) = [e.duel for e in capped.events if e.kind == "duel"]
    assert len(fought.faces) == 1000 and fought.result == "gm_ruling"
    text = helpers.rendered(capped)
    assert "1000 shots; the last: Corsair 3, Banker 1, Corsair 3, Banker 5, Corsair 3." in text
    assert any("1000 shots without a hit" in line for line in text)
    closed = cr.force_answer(
        capped.state, helpers.DEFAULTS, capped.awaiting.incident_id, helpers.no_dice()
    )
    (record,) = closed.archive
    logged = [e.duel for e in record.body.events if e.kind == "duel"]
    assert len(logged[0].faces) == 1000


def test_cr_i14_prize_multiplier_and_aggressor_basis() -> None:
    """CR-I14: `joker_prize_multiplier = 3`, `joker_prize_basis = aggressor`: the winning
    aggressor gets 3 × its own value, a winning defender 3 × the aggressor's."""
    config = helpers.settings(joker_prize_multiplier=3, joker_prize_basis="aggressor")
    won = cr.enter(helpers.joker_board(config), config, "Corsair", helpers.scripted(1, 2)[0])
    assert helpers.due(won) == [("prize", None, "Gleb", Fraction(1050), Fraction(1050))]
    lost = cr.enter(helpers.joker_board(config), config, "Corsair", helpers.scripted(2)[0])
    assert helpers.due(lost) == [("prize", None, "Vera", Fraction(1050), Fraction(1050))]


def test_cr_i15_joker_piece_shielded_from_neighbours() -> None:
    """CR-5.13, CR-I15: a duel across the Joker's border is refused in either direction,
    unless `joker_adjacent_attacks`."""
    state = helpers.joker_board()
    for attacker, target in (("Corsair", "Banker"), ("Banker", "Corsair")):
        with pytest.raises(RuleViolation) as refusal:
            cr.check_adjacent_duel(state, helpers.DEFAULTS, attacker, target)
        assert refusal.value.params["clause"] == "CR-5.13"
    cr.check_adjacent_duel(
        state, helpers.settings(joker_adjacent_attacks=True), "Corsair", "Banker"
    )
    cr.check_adjacent_duel(state, helpers.DEFAULTS, "Corsair", "Scout")


def test_cr_i16_each_payment_rounded_on_its_own_total_is_sum_of_rounded() -> None:
    """CR-I16: 50 % bonus on 333 (166.5 → 167) and the fine 180 after `always`: the total
    shown is 347, the sum of the rounded payments."""
    config = helpers.settings(counterattack_bonus_pct=50, fine_after_counterattack="always")
    state = helpers.steelworks_board(config, broker_value=333)
    landed = cr.land(state, config, "Broker", "Steelworks", helpers.no_dice())
    failed = cr.answer(landed.state, config, 1, "capture", helpers.scripted(3)[0])
    hit = cr.answer(failed.state, config, 1, "counterattack", helpers.scripted(4)[0])
    assert [p.due_amount for p in hit.payments] == [Fraction(167), Fraction(180)]
    assert "In all, Boris is due 347." in helpers.rendered(hit)
    assert cr.rounded(Fraction(16625, 100), "half_up") == 166


def test_cr_i17_owner_chooses_the_defender() -> None:
    """CR-I17 (`joker_defender_order = owner_choice`): Vera is asked which piece defends;
    she sends Clerk first; the forced answer is the earliest, Banker."""
    config = helpers.settings(joker_defender_order="owner_choice")
    state = helpers.joker_board(config, clerk=True)
    entered = cr.enter(state, config, "Corsair", helpers.no_dice())
    assert entered.awaiting is not None
    awaited = entered.awaiting
    assert (awaited.step, awaited.faction, awaited.options) == (
        "defender_choice",
        "Vera",
        ("Banker", "Clerk"),
    )
    assert awaited.forced_option == "Banker"
    with pytest.raises(NotAllowed):
        cr.answer(
            entered.state,
            config,
            awaited.incident_id,
            "Clerk",
            helpers.no_dice(),
            by_faction="Gleb",
        )
    # Clerk is hit by Corsair's 2; only Banker is left, so no further question.
    chosen = cr.answer(
        entered.state,
        config,
        awaited.incident_id,
        "clerk",
        helpers.scripted(1, 2, 4)[0],
        by_faction="Vera",
    )
    duels = [e.duel for e in chosen.events if e.kind == "duel"]
    assert [(d.defender, d.result) for d in duels] == [
        ("Clerk", "aggressor"),
        ("Banker", "defender"),
    ]
    forced = cr.force_answer(entered.state, config, awaited.incident_id, helpers.scripted(4)[0])
    assert [e.duel.defender for e in forced.events if e.kind == "duel"] == ["Banker"]


def test_cr_i18_visitor_does_not_take_an_unowned_joker() -> None:
    """CR-I18: a visitor left in an ownerless Joker does not take it by default."""
    config = helpers.settings(duel_max_shots=1)
    capped = cr.enter(helpers.joker_board(config), config, "Corsair", helpers.scripted(1)[0])
    closed = cr.force_answer(capped.state, config, capped.awaiting.incident_id, helpers.no_dice())
    left = cr.move_piece(closed.state, config, "Banker")
    assert left.state.joker.owner is None
    assert left.state.joker.occupants == ["corsair"]


def test_cr_i18_remaining_piece_of_the_previous_owner_keeps_the_joker_and_its_holding() -> None:
    """CR-I18 (`joker_taken_by_remaining_piece` with `joker_owned_while_any_piece = false`):
    Banker, Vera's holding piece, leaves and her Clerk is the first piece left inside, so
    Vera's ownership and her declared Joker Holding stand and Clerk holds the Joker now: the
    Joker is never ownerless, nothing is cleared and nobody is asked for a Holding."""
    config = helpers.settings(
        joker_owned_while_any_piece=False, joker_taken_by_remaining_piece=True
    )
    state = helpers.joker_board(config, clerk=True)
    state = cr.register_company(state, config, "Docks", owner="Vera", fine=50).state
    state = cr.declare_joker_holding(state, config, ["Docks"], by_faction="Vera").state
    left = cr.move_piece(state, config, "Banker")
    joker = left.state.joker
    assert (joker.owner, joker.holding_piece, joker.holding, joker.holding_due) == (
        "Vera",
        "clerk",
        ["docks"],
        False,
    )
    assert cr.owner_pieces(left.state, config) == ["clerk"]
    assert cr.waiting_for(left.state, config, 1) == []
    assert helpers.rendered(left) == [
        "Banker leaves the Joker.",
        "Clerk remained inside: Vera keeps the Joker and the Joker Holding, and Clerk now "
        "holds it (CR-I18).",
        "Banker moves elsewhere on the board.",
    ]


@pytest.mark.parametrize(
    ("changes", "faces", "expected"),
    [
        ({}, (), "fine"),
        ({"forced_trespasser_choice": "capture"}, (4,), "captured"),
    ],
)
def test_cr_i19_forced_trespasser_choice(changes: dict, faces: tuple, expected: str) -> None:
    """CR-I19: the GM forces the trespasser to pay by default, or to attempt a capture."""
    config = helpers.settings(**changes)
    landed = cr.land(
        helpers.steelworks_board(config), config, "Broker", "Steelworks", helpers.no_dice()
    )
    forced = cr.force_answer(landed.state, config, 1, helpers.scripted(*faces)[0])
    made = [e for e in forced.events if e.kind == "chosen"]
    assert made[0].forced and made[0].by is None
    if expected == "fine":
        assert helpers.due(forced) == [("fine", "Anna", "Boris", Fraction(180), Fraction(180))]
    else:
        assert forced.state.companies["steelworks"].owner == "Anna"


def test_cr_i19_forced_owner_counterattack() -> None:
    """CR-I19 (`forced_owner_choice = counterattack`): the forced answer rolls the die."""
    config = helpers.settings(forced_owner_choice="counterattack")
    failed, incident = land_and_capture(config, 3)
    forced = cr.force_answer(failed.state, config, incident, helpers.scripted(6)[0])
    assert forced.state.pieces["broker"].destroyed
