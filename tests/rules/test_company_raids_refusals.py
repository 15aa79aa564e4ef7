"""Company raids: refusals name their clause and change nothing; every command leaves its
input state untouched; the board commands, the status, the end-of-turn step and the
"waiting for" lines."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import company_raids_helpers as helpers
import pytest
from refusals import refused

from bot.dice import Dice
from bot.errors import Conflict
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.rules import company_raids as cr
from bot.rules.company_raids import CompanyRaidsState
from bot.rules.company_raids.models import MAX_COMPANIES
from bot.rules.company_raids.models import MAX_PIECES
from bot.rules.company_raids.models import Company
from bot.rules.company_raids.models import IncidentRecord
from bot.rules.company_raids.models import Piece
from bot.rulesets import TurnContext


def destroyed_broker() -> CompanyRaidsState:
    state = helpers.steelworks_board()
    landed = cr.land(state, helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice())
    failed = cr.answer(landed.state, helpers.DEFAULTS, 1, "capture", helpers.scripted(3)[0])
    return cr.answer(
        failed.state, helpers.DEFAULTS, 1, "counterattack", helpers.scripted(4)[0]
    ).state


def after_landing() -> CompanyRaidsState:
    return cr.land(
        helpers.steelworks_board(), helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice()
    ).state


def after_pay() -> CompanyRaidsState:
    return cr.answer(after_landing(), helpers.DEFAULTS, 1, "pay", helpers.no_dice()).state


def with_own_company() -> CompanyRaidsState:
    state = helpers.steelworks_board()
    state = cr.register_company(state, helpers.DEFAULTS, "Docks", owner="Anna", fine=10).state
    return cr.register_company(state, helpers.DEFAULTS, "Wasteland", owner=None, fine=0).state


def landing(piece: str, company: str, **options: Any) -> Callable[[CompanyRaidsState], object]:
    """The command landing `piece` on `company`, with a roller that fails the test if used."""
    return lambda s: cr.land(s, helpers.DEFAULTS, piece, company, helpers.no_dice(), **options)


REFUSALS: list[tuple[str, Callable[[], CompanyRaidsState], Callable[[Any], object], type, str]] = [
    (
        "second landing while the incident is open",
        after_landing,
        landing("Broker", "Steelworks"),
        Conflict,
        "company_raids.error.piece_in_incident",
    ),
    (
        "raiding the same Company again without re-entering",
        after_pay,
        landing("Broker", "Steelworks"),
        RuleViolation,
        "company_raids.error.must_reenter",
    ),
    (
        "landing on one's own Company",
        with_own_company,
        landing("Broker", "Docks"),
        RuleViolation,
        "company_raids.error.own_company",
    ),
    (
        "landing on an unowned Company",
        with_own_company,
        landing("Broker", "Wasteland"),
        RuleViolation,
        "company_raids.error.unowned_company",
    ),
    (
        "a destroyed piece landing",
        destroyed_broker,
        landing("Broker", "Steelworks"),
        RuleViolation,
        "company_raids.error.piece_destroyed",
    ),
    (
        "a destroyed piece entering the Joker",
        destroyed_broker,
        lambda s: cr.enter(s, helpers.DEFAULTS, "Broker", helpers.no_dice()),
        RuleViolation,
        "company_raids.error.piece_destroyed",
    ),
    (
        "a destroyed piece moving",
        destroyed_broker,
        lambda s: cr.move_piece(s, helpers.DEFAULTS, "Broker"),
        RuleViolation,
        "company_raids.error.piece_destroyed",
    ),
    (
        "an unknown piece",
        helpers.steelworks_board,
        landing("Ghost", "Steelworks"),
        NotFound,
        "company_raids.error.unknown_piece",
    ),
    (
        "an unknown Company",
        helpers.steelworks_board,
        landing("Broker", "Atlantis"),
        NotFound,
        "company_raids.error.unknown_company",
    ),
    (
        "another player's piece",
        helpers.steelworks_board,
        landing("Broker", "Steelworks", by_faction="Boris"),
        NotAllowed,
        "company_raids.error.not_your_piece",
    ),
    (
        "the wrong faction answering",
        after_landing,
        lambda s: cr.answer(s, helpers.DEFAULTS, 1, "pay", helpers.no_dice(), by_faction="Boris"),
        NotAllowed,
        "company_raids.error.not_your_choice",
    ),
    (
        "an option of another step",
        after_landing,
        lambda s: cr.answer(s, helpers.DEFAULTS, 1, "counterattack", helpers.no_dice()),
        RuleViolation,
        "company_raids.error.bad_option",
    ),
    (
        "a second answer to a closed incident",
        after_pay,
        lambda s: cr.answer(s, helpers.DEFAULTS, 1, "pay", helpers.no_dice(), by_faction="Anna"),
        Conflict,
        "company_raids.error.incident_closed",
    ),
    (
        "a second click on a step already answered",
        lambda: (
            cr.answer(after_landing(), helpers.DEFAULTS, 1, "capture", helpers.scripted(3)[0]).state
        ),
        lambda s: cr.answer(
            s, helpers.DEFAULTS, 1, "pay", helpers.no_dice(), step="trespasser_choice"
        ),
        Conflict,
        "company_raids.error.step_passed",
    ),
    (
        "an incident that never existed",
        helpers.steelworks_board,
        lambda s: cr.force_answer(s, helpers.DEFAULTS, 99, helpers.no_dice()),
        NotFound,
        "company_raids.error.unknown_incident",
    ),
    (
        "entering the Joker twice",
        helpers.joker_board,
        lambda s: cr.enter(s, helpers.DEFAULTS, "Banker", helpers.no_dice()),
        RuleViolation,
        "company_raids.error.already_in_joker",
    ),
    (
        "moving into a rival's Company without landing",
        helpers.steelworks_board,
        lambda s: cr.move_piece(s, helpers.DEFAULTS, "Broker", to_company="Steelworks"),
        RuleViolation,
        "company_raids.error.land_instead",
    ),
    (
        "registering a Company twice",
        helpers.steelworks_board,
        lambda s: cr.register_company(s, helpers.DEFAULTS, " steelworks ", owner="Vera", fine=1),
        Conflict,
        "company_raids.error.company_exists",
    ),
    (
        "a negative fine",
        helpers.steelworks_board,
        lambda s: cr.edit_company(s, helpers.DEFAULTS, "Steelworks", fine=-5),
        RuleViolation,
        "company_raids.error.bad_amount",
    ),
    (
        "a Holding of Companies the Joker's owner does not own",
        lambda: (
            cr.register_company(
                helpers.joker_board(), helpers.DEFAULTS, "Mine", owner="Gleb", fine=5
            ).state
        ),
        lambda s: cr.declare_joker_holding(s, helpers.DEFAULTS, ["Mine"], by_faction="Vera"),
        RuleViolation,
        "company_raids.error.not_owner_asset",
    ),
    (
        "removing a Company during its incident",
        after_landing,
        lambda s: cr.remove_company(s, helpers.DEFAULTS, "Steelworks"),
        Conflict,
        "company_raids.error.company_in_incident",
    ),
]


@pytest.mark.parametrize(
    ("build", "act", "error", "key"),
    [case[1:] for case in REFUSALS],
    ids=[case[0] for case in REFUSALS],
)
def test_refusal_names_its_error_and_changes_nothing(
    build: Callable[[], CompanyRaidsState],
    act: Callable[[CompanyRaidsState], object],
    error: type[GameError],
    key: str,
) -> None:
    """A refused action raises its domain error, with the clause when a rule forbids it
    (bot/errors.py), and leaves the state exactly as it was."""
    state = build()
    before = state.model_dump()
    with pytest.raises(error) as refused:
        act(state)
    assert refused.value.message_key == key
    if error is RuleViolation:
        assert str(refused.value.params["clause"]).startswith("CR-")
    assert state.model_dump() == before


def test_an_unknown_company_lists_the_first_twenty_registered_and_counts_the_rest() -> None:
    """A long board is listed alphabetically up to twenty names, then how many more, so the
    refusal stays readable; the name is quoted as typed."""
    state = helpers.steelworks_board()
    for number in range(1, 25):
        state = cr.register_company(
            state, helpers.DEFAULTS, f"Mine {number:02}", owner=None, fine=0
        )
        state = state.state
    with pytest.raises(NotFound) as refused:
        cr.land(state, helpers.DEFAULTS, "Broker", " Acme Mine", helpers.no_dice())
    listed = ", ".join(f"Mine {n:02}" for n in range(1, 21))
    assert refused.value.message("en") == (
        f"No Company named “Acme Mine” is registered. Companies: {listed}, …and 5 more. "
        "/company add-company registers a new one."
    )
    assert f"Компании: {listed}, …и ещё 5." in refused.value.message("ru")


def test_an_unknown_piece_on_an_empty_board_says_how_to_register_one() -> None:
    with pytest.raises(NotFound) as refused:
        cr.move_piece(CompanyRaidsState(), helpers.DEFAULTS, "Runner")
    assert refused.value.message("en") == (
        "No piece named “Runner” is registered. Pieces: none yet. "
        "/company add-piece registers a new one."
    )
    assert refused.value.message("ru").startswith(
        "Фигура «Runner» не зарегистрирована. Фигуры: пока нет."
    )


# The issue's cases, named as in REFUSALS, with the clause each refusal must cite.
ISSUE_CLAUSES = {
    "raiding the same Company again without re-entering": "CR-3.9",
    "landing on one's own Company": "CR-I5",
    "a destroyed piece moving": "CR-4.2",
    "the wrong faction answering": "CR-2.2",
    "second landing while the incident is open": "CR-2.2",
}


def test_rule_violations_for_the_issue_cases_cite_the_clause() -> None:
    """Issue: a second landing (CR-3.9; while its incident is open, CR-2.2: the choice is
    still to make), one's own Company (CR-I5), a destroyed piece (CR-4.2), the wrong faction
    answering (CR-2.2) name their clause."""
    cases = [
        (build, act, ISSUE_CLAUSES[name])
        for name, build, act, _, _ in REFUSALS
        if name in ISSUE_CLAUSES
    ]
    assert len(cases) == len(ISSUE_CLAUSES)
    for build, act, clause in cases:
        with pytest.raises(GameError) as refused:
            act(build())
        assert refused.value.params["clause"] == clause
        assert clause in refused.value.message("en")
        assert clause in refused.value.message("ru")


def test_commands_never_change_their_input_state() -> None:
    """Purity (DESIGN.md): every command returns a new state; its argument, snapshotted just
    before the call, is unchanged after it and after every later command."""
    inputs: list[tuple[CompanyRaidsState, dict[str, Any]]] = []

    def keep(value: CompanyRaidsState) -> CompanyRaidsState:
        inputs.append((value, value.model_dump()))
        return value

    state = helpers.steelworks_board()
    landed = cr.land(keep(state), helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice())
    failed = cr.answer(keep(landed.state), helpers.DEFAULTS, 1, "capture", helpers.scripted(3)[0])
    cr.answer(keep(failed.state), helpers.DEFAULTS, 1, "counterattack", helpers.scripted(4)[0])
    cr.force_answer(keep(failed.state), helpers.DEFAULTS, 1, helpers.no_dice())
    joker = cr.register_piece(
        keep(state), helpers.DEFAULTS, "Banker", owner="Vera", value=200, in_joker=True
    )
    cr.enter(keep(joker.state), helpers.DEFAULTS, "Broker", helpers.scripted(1, 2)[0])
    capped = cr.enter(
        keep(joker.state), helpers.settings(duel_max_shots=2), "Broker", helpers.scripted(1, 3)[0]
    )
    cr.answer(
        keep(capped.state), helpers.settings(duel_max_shots=2), 1, "aggressor", helpers.no_dice()
    )
    cr.move_piece(keep(joker.state), helpers.DEFAULTS, "Banker")
    docks = cr.register_company(joker.state, helpers.DEFAULTS, "Docks", owner="Vera", fine=1)
    cr.declare_joker_holding(keep(docks.state), helpers.DEFAULTS, ["Docks"], by_faction="Vera")
    cr.edit_company(
        keep(state), helpers.DEFAULTS, "Steelworks", owner="Vera", fine=9, holding="North"
    )
    cr.edit_piece(keep(state), helpers.DEFAULTS, "Broker", value=5)
    cr.remove_company(keep(state), helpers.DEFAULTS, "Steelworks")
    cr.remove_piece(keep(joker.state), helpers.DEFAULTS, "Banker")
    cr.end_of_turn(
        TurnContext(
            state=keep(landed.state), settings=helpers.DEFAULTS, turn=1, dice=helpers.no_dice()
        )
    )
    assert len(inputs) == 15
    for value, snapshot in inputs:
        assert value.model_dump() == snapshot


def test_same_dice_same_outcome() -> None:
    """Determinism: the same faces give the same state and events."""
    first = cr.enter(helpers.joker_board(clerk=True), helpers.DEFAULTS, "Corsair", Dice.seeded(7))
    second = cr.enter(helpers.joker_board(clerk=True), helpers.DEFAULTS, "Corsair", Dice.seeded(7))
    assert first.state == second.state
    assert first.events == second.events


def test_state_round_trips_through_json_mid_incident() -> None:
    """Pending choices are part of the state and survive a restart (stored as JSON)."""
    config = helpers.settings(joker_defender_order="owner_choice")
    entered = cr.enter(
        helpers.joker_board(config, clerk=True), config, "Corsair", helpers.no_dice()
    )
    restored = CompanyRaidsState.model_validate_json(entered.state.model_dump_json())
    assert restored == entered.state
    assert cr.awaiting_of(restored, config, restored.joker_incident) == entered.awaiting


# An incident's record as the archive kept it before its events shared their fields (the
# incident and step of a choice, the owner and holding piece of the Joker).
ARCHIVED_RECORD = (
    '{"id":3,"kind":"joker","turn":2,"events":['
    '{"kind":"joker_entered","incident":3,"piece":"Corsair","faction":"Anna","joker_owner":"Boris"},'
    '{"kind":"offered","incident":3,"step":"attack_choice","faction":"Anna",'
    '"options":["attack","decline"]},'
    '{"kind":"chosen","incident":3,"step":"attack_choice","option":"decline","by":null,'
    '"forced":true,"amount":null},'
    '{"kind":"joker_taken","faction":"Anna","piece":"Corsair","remaining":true},'
    '{"kind":"joker_held","faction":"Anna","piece":"Corsair"}]}'
)


def test_an_archived_record_reads_and_is_written_back_as_it_was() -> None:
    """An incident's archived record from before reads whole, each event of its kind, and
    is written back to the same JSON, key for key in the same order: the archive's digests
    and a restored state are unchanged."""
    record = IncidentRecord.model_validate_json(ARCHIVED_RECORD)
    assert [type(e).__name__ for e in record.events] == [
        "JokerEntered",
        "ChoiceOffered",
        "ChoiceMade",
        "JokerTaken",
        "JokerHeld",
    ]
    assert record.model_dump_json() == ARCHIVED_RECORD


def test_finished_incidents_leave_the_state_for_the_archive() -> None:
    """Bounded state: a closed incident is not kept; its record is an ArchiveRecord whose
    events tell the whole incident, every die included."""
    state = helpers.steelworks_board()
    landed = cr.land(state, helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice())
    assert landed.archive == []
    failed = cr.answer(landed.state, helpers.DEFAULTS, 1, "capture", helpers.scripted(3)[0])
    done = cr.answer(failed.state, helpers.DEFAULTS, 1, "counterattack", helpers.scripted(1)[0])
    assert done.state.incidents == []
    (record,) = done.archive
    assert (record.key, record.seq) == ("incident/1", 1)
    assert [e.kind for e in record.body.events] == [
        "landed",
        "offered",
        "chosen",
        "capture_roll",
        "offered",
        "chosen",
        "counterattack_roll",
        "marked",
        "closed",
    ]


def test_board_commands_register_edit_and_remove() -> None:
    """Section 1: the players register, edit and remove Companies and pieces."""
    state = helpers.steelworks_board()
    edited = cr.edit_company(state, helpers.DEFAULTS, "steelworks", fine=220, holding="Metals")
    company = edited.state.companies["steelworks"]
    assert (company.owner, company.fine, company.holding) == ("Boris", 220, "Metals")
    cleared = cr.edit_company(
        edited.state, helpers.DEFAULTS, "Steelworks", holding=None, owner=None
    )
    assert cleared.state.companies["steelworks"].holding is None
    assert cleared.state.companies["steelworks"].owner is None
    with pytest.raises(NotAllowed):
        cr.edit_company(state, helpers.DEFAULTS, "Steelworks", fine=1, by_faction="Anna")
    moved = cr.move_piece(
        cr.register_company(state, helpers.DEFAULTS, "Docks", owner="Anna", fine=5).state,
        helpers.DEFAULTS,
        "Broker",
        to_company="Docks",
    )
    assert moved.state.pieces["broker"].company == "docks"
    removed = cr.remove_company(moved.state, helpers.DEFAULTS, "Docks")
    assert removed.state.pieces["broker"].company is None
    gone = cr.remove_piece(removed.state, helpers.DEFAULTS, "Broker", by_faction="Anna")
    assert "broker" not in gone.state.pieces


def test_only_a_gm_makes_a_company_ownerless() -> None:
    """README (`/company add-company`): only a GM has a Company with no owner, so Boris may
    not clear Steelworks' owner on an edit either (he would lose the record to nobody, and
    opt it out of every incident, CR-I5); a GM may, and Boris still edits his own fine."""
    state = helpers.steelworks_board()

    refusal = refused(
        cr.edit_company,
        state,
        helpers.DEFAULTS,
        "Steelworks",
        owner=None,
        by_faction="Boris",
        error=NotAllowed,
    )

    assert refusal.message("en") == "Only a GM makes a Company ownerless: Steelworks stays yours."
    assert refusal.message("ru") == (
        "Сделать Компанию бесхозной может только ведущий: Steelworks остаётся вашей."
    )
    fined = cr.edit_company(state, helpers.DEFAULTS, "Steelworks", fine=200, by_faction="Boris")
    assert fined.state.companies["steelworks"].owner == "Boris"
    by_gm = cr.edit_company(state, helpers.DEFAULTS, "Steelworks", owner=None)
    assert by_gm.state.companies["steelworks"].owner is None


def test_removing_the_owner_piece_in_the_joker_counts_as_leaving() -> None:
    """CR-I10: a piece taken off the board for another reason leaves the Joker."""
    removed = cr.remove_piece(helpers.joker_board(), helpers.DEFAULTS, "Banker")
    assert removed.state.joker.owner is None
    assert "joker_unowned" in [e.kind for e in removed.events]


def test_status_shows_owners_marks_joker_and_pending_choices() -> None:
    """`/company status`: who owns what, where each piece is marked, the Joker, what awaits."""
    state = after_pay()
    state = cr.register_company(state, helpers.DEFAULTS, "Docks", owner="Vera", fine=5).state
    state = cr.register_piece(
        state, helpers.DEFAULTS, "Banker", owner="Vera", value=200, in_joker=True
    ).state
    state = cr.register_piece(state, helpers.DEFAULTS, "Runner", owner="Gleb", value=10).state
    state = cr.land(state, helpers.DEFAULTS, "Runner", "Docks", helpers.no_dice()).state
    shown = cr.status(state, helpers.DEFAULTS)
    text = [line.render("en") for line in shown.lines]
    assert "Steelworks: owner Boris, fine 180, no Holding" in text
    assert "Broker (Anna, value 300): in Steelworks; attempted: Steelworks" in text
    assert "Banker (Vera, value 200): in the Joker, owner piece" in text
    assert "Joker: owned by Vera." in text
    assert "Incident #2: waiting for Gleb to pay the fine or attempt a capture." in text
    assert "Waiting for Vera to declare the Joker Holding with /company holding." in text
    assert [a.faction for a in shown.awaiting] == ["Gleb"]


def test_end_of_turn_lists_what_is_pending_and_runs_once() -> None:
    """Nothing resolves between turns; the step lists the pending choices, once per turn."""
    state = after_landing()
    ctx = TurnContext(state=state, settings=helpers.DEFAULTS, turn=3, dice=helpers.no_dice())
    result = cr.end_of_turn(ctx)
    assert result.state.last_resolved_turn == 3
    assert result.outcome["pending_incidents"] == [1]
    assert [line.key for line in result.lines] == ["company_raids.waiting.trespasser_choice"]
    again = cr.end_of_turn(
        TurnContext(state=result.state, settings=helpers.DEFAULTS, turn=3, dice=helpers.no_dice())
    )
    assert again.outcome == {"already_resolved": 3}
    assert again.state == result.state
    empty = cr.end_of_turn(
        TurnContext(
            state=CompanyRaidsState(), settings=helpers.DEFAULTS, turn=1, dice=helpers.no_dice()
        )
    )
    assert empty.lines == [Msg("company_raids.turn.nothing")]


def test_waiting_for_names_whose_answer_is_awaited() -> None:
    """waiting_for: one line per pending choice, with the faction asked."""
    state = cr.answer(after_landing(), helpers.DEFAULTS, 1, "capture", helpers.scripted(5)[0]).state
    lines = cr.waiting_for(state, helpers.DEFAULTS, 1)
    assert [line.render("en") for line in lines] == [
        "Incident #1: waiting for Boris to collect the fine or counterattack."
    ]
    assert cr.waiting_for(helpers.steelworks_board(), helpers.DEFAULTS, 1) == []


def test_the_ruleset_is_registered_with_its_models_and_turn_hooks() -> None:
    """`SPEC` registers Company raids (schema 1) with its state, settings and turn hooks."""
    from bot import rulesets

    assert rulesets.get("company_raids") is cr.SPEC
    assert cr.SPEC.state_model is cr.CompanyRaidsState
    assert cr.SPEC.settings_model is cr.CompanyRaidsSettings
    assert cr.SPEC.schema_version == cr.SCHEMA_VERSION == 1
    assert cr.SPEC.end_of_turn is cr.end_of_turn
    assert cr.SPEC.waiting_for is cr.waiting_for


def test_an_answer_by_the_wrong_faction_names_whose_choice_it_is() -> None:
    """CR-2.2: Boris answering the trespasser's question is told it is Anna's, her name
    shown as typed; CR-I13: a player answering the GM's ruling on a capped duel is told a
    GM makes it. In both languages."""
    board = cr.register_piece(
        helpers.steelworks_board(), helpers.DEFAULTS, "Scout", owner="*Anna* @here", value=9
    ).state
    landed = cr.land(board, helpers.DEFAULTS, "Scout", "Steelworks", helpers.no_dice())
    with pytest.raises(NotAllowed) as refused:
        cr.answer(landed.state, helpers.DEFAULTS, 1, "pay", helpers.no_dice(), by_faction="Boris")
    shown = "\\*Anna\\* @\u200bhere"
    assert refused.value.message("en") == f"This choice is for {shown} to make (CR-2.2)."
    assert refused.value.message("ru") == f"Этот выбор делает фракция «{shown}» (CR-2.2)."

    config = helpers.settings(duel_max_shots=3)
    capped = cr.enter(
        helpers.joker_board(config, clerk=True), config, "Corsair", helpers.scripted(1, 3, 5)[0]
    )
    assert capped.awaiting is not None
    incident = capped.awaiting.incident_id
    with pytest.raises(NotAllowed) as ruled:
        cr.answer(capped.state, config, incident, "aggressor", helpers.no_dice(), by_faction="Gleb")
    assert ruled.value.message("en") == "This choice is for a GM to make (CR-I13)."
    assert ruled.value.message("ru") == "Этот выбор делает ведущий (CR-I13)."


SETTLE_EN = (
    "Settle the incident first (a GM can force the answer with /company force, or undo its"
    " steps with /history undo)"
)
SETTLE_RU = (
    "Сначала доведите инцидент до конца (ведущий может дать ответ по умолчанию командой"
    " /компания по_умолчанию или отменить его шаги командой /журнал отменить)"
)


def refused_text(act: Callable[[], object]) -> tuple[GameError, str, str]:
    error = refused(act, error=GameError)
    return error, error.message("en"), error.message("ru")


def crowded_pieces() -> CompanyRaidsState:
    return CompanyRaidsState(
        pieces={f"p{i}": Piece(name=f"P{i}", owner="Anna") for i in range(MAX_PIECES)}
    )


def crowded_companies() -> CompanyRaidsState:
    return CompanyRaidsState(
        companies={f"c{i}": Company(name=f"C{i}") for i in range(MAX_COMPANIES)}
    )


def test_a_bad_name_or_a_full_register_cites_no_clause() -> None:
    """No clause of the rules says how long a name is or how many records the bot keeps:
    those refusals cite none (CR-I16 is about amounts, CR-I4 about fines), and the full
    register says what is full."""
    error, en, ru = refused_text(
        lambda: cr.register_company(CompanyRaidsState(), helpers.DEFAULTS, " ", owner=None, fine=0)
    )
    assert (en, ru) == (
        "A name must have 1 to 60 characters.",
        "Название должно содержать от 1 до 60 символов.",
    )
    assert "clause" not in error.params and not isinstance(error, RuleViolation)
    error, en, ru = refused_text(
        lambda: cr.register_company(
            crowded_companies(), helpers.DEFAULTS, "One more", owner=None, fine=0
        )
    )
    assert (en, ru) == (
        "At most 2000 Companies can be registered.",
        "Компаний можно зарегистрировать не больше 2000.",
    )
    assert "clause" not in error.params
    error, en, ru = refused_text(
        lambda: cr.register_piece(crowded_pieces(), helpers.DEFAULTS, "Pawn", owner="Anna", value=1)
    )
    assert (en, ru) == (
        "At most 2000 pieces can be registered.",
        "Фигур можно зарегистрировать не больше 2000.",
    )
    assert "clause" not in error.params


def duel_lost_by(faces: tuple[int, ...]) -> CompanyRaidsState:
    return cr.enter(
        helpers.joker_board(), helpers.DEFAULTS, "Corsair", helpers.scripted(*faces)[0]
    ).state


@pytest.mark.parametrize(
    ("build", "piece", "clause"),
    [
        (destroyed_broker, "Broker", "CR-4.2"),
        (lambda: duel_lost_by((4,)), "Corsair", "CR-5.10"),
        (lambda: duel_lost_by((1, 2)), "Banker", "CR-5.11"),
    ],
    ids=["counterattack", "aggressor lost the duel", "defender lost the duel"],
)
def test_a_removed_piece_cites_the_clause_it_was_removed_under(
    build: Callable[[], CompanyRaidsState], piece: str, clause: str
) -> None:
    """CR-4.2: a raider hit by the counterattack is removed; CR-5.10: an aggressor that loses
    the Joker duel is removed; CR-5.11: the owner's piece that loses it, the other way
    round. A removed piece that tries to act is told the clause it was removed under."""
    _, en, ru = refused_text(lambda: cr.move_piece(build(), helpers.DEFAULTS, piece))
    assert en == f"{piece} has been removed from the board and cannot act ({clause})."
    assert ru == f"Фигура {piece} удалена с поля и не может действовать ({clause})."


def joker_waiting(**changes: Any) -> tuple[Any, CompanyRaidsState]:
    config = helpers.settings(**changes)
    faces = (1,) if changes.get("duel_max_shots") == 1 else ()
    entered = cr.enter(
        helpers.joker_board(config, clerk=True), config, "Corsair", helpers.scripted(*faces)[0]
    )
    assert entered.awaiting is not None
    return config, entered.state


@pytest.mark.parametrize(
    ("changes", "clause"),
    [
        ({"joker_entry_forces_duel": False}, "CR-I12"),
        ({"joker_defender_order": "owner_choice"}, "CR-I17"),
        ({"duel_max_shots": 1}, "CR-I13"),
    ],
    ids=["attack choice", "defender choice", "GM ruling"],
)
def test_a_piece_in_an_open_joker_incident_cites_what_the_incident_waits_for(
    changes: dict[str, Any], clause: str
) -> None:
    """A Joker incident stays open while the aggressor is asked whether to attack (CR-I12),
    the owner which piece defends (CR-I17), or a GM rules on a capped duel (CR-I13): its
    pieces cannot move, and no other piece enters the Joker, meanwhile; the refusal cites
    that clause, not CR-I9 (the mark left after an incident)."""
    config, state = joker_waiting(**changes)
    _, en, ru = refused_text(lambda: cr.move_piece(state, config, "Corsair"))
    assert en == f"Corsair is in incident #2, which is still open ({clause}). {SETTLE_EN}."
    assert ru == (
        f"Фигура Corsair участвует в инциденте №2, который ещё не исчерпан ({clause}). {SETTLE_RU}."
    )
    _, en, _ = refused_text(lambda: cr.enter(state, config, "Scout", helpers.no_dice()))
    assert en == f"Incident #2 in the Joker is still open ({clause})."


def test_a_piece_in_an_open_company_incident_cites_the_choice_it_waits_for() -> None:
    """CR-2.2: the trespasser has to choose, to pay or to attempt a capture; CR-3.2: after a
    failed capture, the owner has to choose. Until then the piece cannot move or land again."""
    _, en, _ = refused_text(lambda: cr.move_piece(after_landing(), helpers.DEFAULTS, "Broker"))
    assert en == f"Broker is in incident #1, which is still open (CR-2.2). {SETTLE_EN}."
    failed = cr.answer(after_landing(), helpers.DEFAULTS, 1, "capture", helpers.scripted(3)[0])
    _, en, ru = refused_text(
        lambda: cr.land(failed.state, helpers.DEFAULTS, "Broker", "Steelworks", helpers.no_dice())
    )
    assert en == f"Broker is in incident #1, which is still open (CR-3.2). {SETTLE_EN}."
    assert ru == (
        f"Фигура Broker участвует в инциденте №1, который ещё не исчерпан (CR-3.2). {SETTLE_RU}."
    )


def test_a_company_in_an_open_incident_is_kept_and_the_refusal_says_how_to_settle_it() -> None:
    """CR-2.2: while Anna decides whether to pay or attempt a capture, Boris cannot remove
    Steelworks' record; the refusal says what to do, as an edit's refusal does."""
    _, en, ru = refused_text(
        lambda: cr.remove_company(after_landing(), helpers.DEFAULTS, "Steelworks")
    )
    assert en == (
        f"Steelworks is in incident #1, which is still open (CR-2.2). {SETTLE_EN},"
        " then remove the Company."
    )
    assert ru == (
        "В Компании Steelworks идёт инцидент №1, который ещё не исчерпан (CR-2.2)."
        f" {SETTLE_RU}, потом удаляйте Компанию."
    )
    _, edit, _ = refused_text(
        lambda: cr.edit_company(after_landing(), helpers.DEFAULTS, "Steelworks", fine=1)
    )
    assert f"{SETTLE_EN}, then change the record." in edit


def test_the_company_a_move_ends_in_is_not_also_one_it_passed() -> None:
    """CR-I5: a Company is either where the move ends (its incident) or one passed on the
    way; a landing that names its stop among the Companies passed is refused, with or
    without `incident_on_pass_through`, and whoever owns it."""
    state = helpers.steelworks_board()
    state = cr.register_company(state, helpers.DEFAULTS, "Docks", owner="Anna", fine=1).state
    passing = helpers.settings(incident_on_pass_through=True)
    for config, company in (
        (helpers.DEFAULTS, "Steelworks"),
        (passing, "Steelworks"),
        (helpers.DEFAULTS, "Docks"),
    ):
        with pytest.raises(GameError) as refused:
            cr.land(state, config, "Broker", company, helpers.no_dice(), passed_through=[company])
        error, en, ru = refused.value, refused.value.message("en"), refused.value.message("ru")
        assert isinstance(error, RuleViolation)
        assert en == (
            f"Broker's move ends in {company}, so it does not pass {company}: list as passed"
            " only the Companies crossed on the way (CR-I5)."
        )
        assert ru.startswith(f"Ход фигуры Broker заканчивается в Компании {company}")


def test_a_piece_registered_in_a_company_and_the_joker_cites_that_the_joker_is_no_company() -> None:
    """CR-I5: the Joker square is not a Company."""
    _, en, _ = refused_text(
        lambda: cr.register_piece(
            helpers.steelworks_board(),
            helpers.DEFAULTS,
            "Twin",
            owner="Anna",
            value=1,
            company="Steelworks",
            in_joker=True,
        )
    )
    assert en == "Twin cannot be both in a Company and in the Joker (CR-I5)."
