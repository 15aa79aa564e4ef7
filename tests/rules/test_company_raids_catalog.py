"""Company raids: translation catalogs.

Every key the engine can emit exists in English and Russian; scenarios that reach every
kind of line render each one, with the parameters the engine passes, in both languages (no
raw key, no unfilled placeholder); every refusal renders too. Same keys and placeholders,
plural categories and the engine's purity: tests/rules/test_ruleset_catalogs.py.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Callable
from pathlib import Path

import catalog_checks as checks
import pytest
from company_raids_helpers import DEFAULTS
from company_raids_helpers import joker_board
from company_raids_helpers import no_dice
from company_raids_helpers import scripted
from company_raids_helpers import settings
from company_raids_helpers import steelworks_board
from company_raids_helpers import with_vera_holding

from bot.errors import GameError
from bot.errors import RuleViolation
from bot.i18n import Msg
from bot.i18n import t
from bot.rules import company_raids as cr
from bot.rules.company_raids import CompanyRaidsSettings
from bot.rules.company_raids import CompanyRaidsState
from bot.rules.company_raids.joker import ATTACK_OPTIONS
from bot.rules.company_raids.joker import RULING_OPTIONS
from bot.rules.company_raids.models import MAX_COMPANIES
from bot.rules.company_raids.models import MAX_PIECES
from bot.rules.company_raids.models import Company
from bot.rules.company_raids.models import Payment
from bot.rules.company_raids.models import PaymentKind
from bot.rules.company_raids.models import Piece
from bot.rules.company_raids.models import PieceMoved
from bot.rules.company_raids.models import RulingWinner
from bot.rules.company_raids.models import Step
from bot.rules.company_raids.models import VisitorReason
from bot.rules.company_raids.narration import event_lines
from bot.rules.company_raids.narration import logged_answer_label
from bot.rules.company_raids.narration import logged_pick_label
from bot.rules.company_raids.narration import payment_line
from bot.rules.company_raids.raids import FINE_AMOUNT_OPTIONS
from bot.rules.company_raids.raids import OWNER_OPTIONS
from bot.rules.company_raids.raids import TRESPASSER_OPTIONS
from bot.rulesets import TurnContext

PACKAGE = Path(cr.__file__).parent
PREFIX = "company_raids."
# Families whose keys appear in the narration of outcomes, the status and the turn step.
NARRATED = (
    "who",
    "payment",
    "duel",
    "chosen",
    "line",
    "offered",
    "joker",
    "ruling",
    "visitor",
    "holding",
    "board",
    "waiting",
    "waiting_many",
    "where",
    "status",
    "turn",
)


EN = checks.catalog("company_raids", "en")
RU = checks.catalog("company_raids", "ru")


def keys_the_engine_emits() -> set[str]:
    """Literal keys in the source, plus every member of the dynamic key families."""
    text = checks.source_text(PACKAGE)
    families = "|".join((*NARRATED, "option", "error", "roll", "warning"))
    literal = re.compile(rf'"((?:{families})\.[a-z_.]+)"')
    keys = {PREFIX + k for k in literal.findall(text)}
    keys |= set(re.findall(r'"(company_raids\.[a-z_.]+)"', text))
    options = (*TRESPASSER_OPTIONS, *OWNER_OPTIONS, *FINE_AMOUNT_OPTIONS, *ATTACK_OPTIONS)
    dynamic: dict[str, tuple[str, ...]] = {
        "option": (*options, *RULING_OPTIONS),
        "chosen": tuple(o for o in options if o != "amount"),
        "payment": typing.get_args(PaymentKind),
        "offered": typing.get_args(Step),
        "waiting": typing.get_args(Step),
        "waiting_many": typing.get_args(Step),
        "step": typing.get_args(Step),
        "ruling": typing.get_args(RulingWinner),
        "visitor": typing.get_args(VisitorReason),
        "setting": tuple(CompanyRaidsSettings.model_fields),
    }
    for family, members in dynamic.items():
        keys |= {f"{PREFIX}{family}.{m}" for m in members}
    return {k for k in keys if not k.endswith(".")}


# --- scenarios reaching every kind of line ----------------------------------------------


def fine_asked(config: CompanyRaidsSettings) -> cr.RaidOutcome:
    """CR-I4 `enter_each_time`: Broker lands in Steelworks and pays; the owner is asked the
    amount."""
    landed = cr.land(steelworks_board(config), config, "Broker", "Steelworks", no_dice())
    return cr.answer(landed.state, config, 1, "pay", no_dice())


def company_flows() -> list[cr.RaidOutcome]:
    outcomes = []
    state = steelworks_board()
    registered = cr.register_company(state, DEFAULTS, "Waste", owner=None, fine=0)
    outcomes.append(registered)
    state = registered.state
    outcomes.append(cr.register_piece(state, DEFAULTS, "Pawn", owner="Gleb", value=1))
    outcomes.append(cr.edit_company(state, DEFAULTS, "Steelworks", fine=180, holding="Metals"))
    outcomes.append(cr.edit_company(state, DEFAULTS, "Steelworks", fine=200))  # no Holding
    outcomes.append(
        cr.register_company(state, DEFAULTS, "Mint", owner="Boris", fine=1, holding="Gold")
    )
    landed = cr.land(state, DEFAULTS, "Broker", "Steelworks", no_dice(), by_faction="Anna")
    outcomes.append(landed)
    outcomes.append(cr.answer(landed.state, DEFAULTS, 1, "capture", scripted(6)[0]))
    outcomes.append(cr.force_answer(landed.state, DEFAULTS, 1, no_dice()))
    failed = cr.answer(landed.state, DEFAULTS, 1, "capture", scripted(1)[0], by_faction="Anna")
    outcomes.append(failed)
    outcomes.append(cr.answer(failed.state, DEFAULTS, 1, "fine", no_dice(), by_faction="Boris"))
    outcomes.append(cr.answer(failed.state, DEFAULTS, 1, "counterattack", scripted(2)[0]))
    outcomes.append(cr.answer(failed.state, DEFAULTS, 1, "counterattack", scripted(3)[0]))
    # CR-I16: a rounded bonus with its exact figure, and a total.
    config = settings(counterattack_bonus_pct=50, fine_after_counterattack="always")
    odd = steelworks_board(config, broker_value=333)
    odd_landed = cr.land(odd, config, "Broker", "Steelworks", no_dice())
    odd_failed = cr.answer(odd_landed.state, config, 1, "capture", scripted(1)[0])
    outcomes.append(cr.answer(odd_failed.state, config, 1, "counterattack", scripted(2)[0]))
    # CR-I4: the fine entered by the owner.
    entering = settings(fine_source="enter_each_time")
    asked = fine_asked(entering)
    outcomes.append(asked)
    outcomes.append(cr.answer(asked.state, entering, 1, "amount", no_dice(), amount=90))
    # CR-I5: passing through.
    passing = settings(incident_on_pass_through=True)
    board = cr.register_company(steelworks_board(passing), passing, "Mill", owner="Vera", fine=5)
    through = cr.land(
        board.state, passing, "Broker", "Mill", no_dice(), passed_through=["Steelworks"]
    )
    outcomes.append(through)
    outcomes.append(cr.answer(through.state, passing, 1, "pay", no_dice()))
    # Board bookkeeping.
    paid = cr.answer(landed.state, DEFAULTS, 1, "pay", no_dice()).state
    moved = cr.move_piece(paid, DEFAULTS, "Broker")
    outcomes.append(moved)
    outcomes.append(cr.move_piece(moved.state, DEFAULTS, "Broker", to_company="Waste"))
    outcomes.append(cr.edit_piece(paid, DEFAULTS, "Broker", value=10))
    outcomes.append(cr.remove_piece(paid, DEFAULTS, "Broker"))
    outcomes.append(cr.remove_company(state, DEFAULTS, "Waste"))
    return outcomes


def joker_flows() -> list[cr.RaidOutcome]:
    outcomes = []
    state = joker_board(clerk=True)
    outcomes.append(cr.enter(state, DEFAULTS, "Corsair", scripted(3, 2, 1, 4)[0]))
    outcomes.append(cr.enter(state, DEFAULTS, "Corsair", scripted(4)[0]))
    first_only = settings(joker_defence="first_only")
    outcomes.append(
        cr.enter(joker_board(first_only, clerk=True), first_only, "Corsair", scripted(1, 2)[0])
    )
    optional = settings(joker_entry_forces_duel=False, joker_taken_by_remaining_piece=True)
    asked = cr.enter(joker_board(optional), optional, "Corsair", no_dice())
    outcomes.append(asked)
    outcomes.append(cr.answer(asked.state, optional, 1, "attack", scripted(4)[0]))
    declined = cr.answer(asked.state, optional, 1, "decline", no_dice())
    outcomes.append(declined)
    outcomes.append(cr.move_piece(declined.state, optional, "Banker"))
    # CR-I18: the owner's own piece is the first left inside, so the Joker stays theirs.
    kept = settings(joker_owned_while_any_piece=False, joker_taken_by_remaining_piece=True)
    outcomes.append(cr.move_piece(joker_board(kept, clerk=True), kept, "Banker"))
    choosing = settings(joker_defender_order="owner_choice")
    chosen = cr.enter(joker_board(choosing, clerk=True), choosing, "Corsair", no_dice())
    outcomes.append(chosen)
    outcomes.append(cr.answer(chosen.state, choosing, 2, "Clerk", scripted(4)[0]))
    capped_config = settings(duel_max_shots=12)
    capped = cr.enter(joker_board(capped_config), capped_config, "Corsair", scripted(*[1] * 12)[0])
    outcomes.append(capped)
    for ruling in RULING_OPTIONS:
        outcomes.append(cr.answer(capped.state, capped_config, 1, ruling, no_dice()))
    single = settings(joker_owned_while_any_piece=False)
    helper = cr.register_piece(joker_board(), DEFAULTS, "Teller", owner="Vera", value=5)
    outcomes.append(cr.enter(helper.state, DEFAULTS, "Teller", no_dice()))
    solo = cr.register_piece(joker_board(single), single, "Teller", owner="Vera", value=5)
    outcomes.append(cr.enter(solo.state, single, "Teller", no_dice()))
    alone = cr.move_piece(joker_board(), DEFAULTS, "Banker").state
    outcomes.append(cr.enter(alone, DEFAULTS, "Scout", no_dice()))
    docks = cr.register_company(state, DEFAULTS, "Docks", owner="Vera", fine=1).state
    outcomes.append(cr.declare_joker_holding(docks, DEFAULTS, ["Docks"], by_faction="Vera"))
    # CR-I11: Vera's declared Holding is cleared when she loses the Joker.
    held = with_vera_holding(state)
    outcomes.append(cr.enter(held, DEFAULTS, "Corsair", scripted(3, 2, 1, 4)[0]))
    outcomes.append(cr.declare_joker_holding(held, DEFAULTS, [], by_faction="Vera"))  # none
    return outcomes


def status_and_turn_lines() -> list[Msg]:
    lines: list[Msg] = []
    lines += cr.status(CompanyRaidsState(), DEFAULTS).lines
    state = steelworks_board()
    landed = cr.land(state, DEFAULTS, "Broker", "Steelworks", no_dice())
    paid = cr.answer(landed.state, DEFAULTS, 1, "pay", no_dice())
    board = cr.register_piece(
        paid.state, DEFAULTS, "Banker", owner="Vera", value=200, in_joker=True
    )
    board = cr.register_piece(board.state, DEFAULTS, "Runner", owner="Gleb", value=5)
    board = cr.register_piece(
        board.state, DEFAULTS, "Corsair", owner="Gleb", value=350, in_joker=True
    )
    lines += board.lines  # registered in the Joker: "…, in the Joker." (section 1)
    owning = cr.register_company(CompanyRaidsState(), DEFAULTS, "Docks", owner="Vera", fine=1)
    asked = cr.register_piece(owning.state, DEFAULTS, "Clerk", owner="Vera", value=5, in_joker=True)
    lines += asked.lines + cr.status(asked.state, DEFAULTS).lines  # asked for a Holding (CR-I11)
    lines += cr.status(board.state, DEFAULTS).lines  # one owner piece, one visitor
    crowded = cr.register_piece(
        board.state, DEFAULTS, "Raider", owner="Gleb", value=1, in_joker=True
    ).state
    crowded = cr.register_piece(crowded, DEFAULTS, "Teller", owner="Vera", value=1).state
    crowded = cr.enter(crowded, DEFAULTS, "Teller", no_dice()).state
    lines += cr.status(crowded, DEFAULTS).lines  # owner pieces and visitors, several each
    held = cr.edit_company(board.state, DEFAULTS, "Steelworks", holding="Metals").state
    lines += cr.status(held, DEFAULTS).lines  # a Company with its Holding
    declared = cr.declare_joker_holding(asked.state, DEFAULTS, ["Docks"], by_faction="Vera").state
    lines += cr.status(declared, DEFAULTS).lines
    gone = cr.move_piece(board.state, DEFAULTS, "Banker").state
    lines += cr.status(gone, DEFAULTS).lines
    failed = cr.answer(landed.state, DEFAULTS, 1, "capture", scripted(3)[0])
    destroyed = cr.answer(failed.state, DEFAULTS, 1, "counterattack", scripted(2)[0]).state
    lines += cr.status(destroyed, DEFAULTS).lines
    lines += cr.status(failed.state, DEFAULTS).lines
    lines += cr.end_of_turn(
        TurnContext(state=CompanyRaidsState(), settings=DEFAULTS, turn=1, dice=no_dice())
    ).lines
    for config, build in (
        (settings(fine_source="enter_each_time"), "fine"),
        (settings(joker_entry_forces_duel=False), "attack"),
        (settings(joker_defender_order="owner_choice"), "defender"),
        (settings(duel_max_shots=1), "ruling"),
    ):
        if build == "fine":
            pending = fine_asked(config).state
        else:
            pending = cr.enter(
                joker_board(config, clerk=True), config, "Corsair", scripted(1)[0]
            ).state
        lines += cr.waiting_for(pending, config, 1)
    for step in typing.get_args(Step):  # two incidents awaiting the same answer: one line
        lines += cr.awaiting_lines(
            [cr.Awaiting(n, step, "Anna", ("Clerk",), "Clerk") for n in (1, 2)]
        )
    return lines


def all_flow_lines() -> list[Msg]:
    lines: list[Msg] = []
    for outcome in (*company_flows(), *joker_flows()):
        lines += outcome.lines
        if outcome.awaiting is not None:
            lines += [cr.option_label(o, outcome.awaiting.step) for o in outcome.awaiting.options]
            lines.append(cr.awaiting_line(outcome.awaiting))
    lines += status_and_turn_lines()
    # CR-I9: a move logged before the cleared marks named their Companies.
    lines += event_lines(PieceMoved(piece="Broker", to_company=None, marks_cleared=1))
    # CR-I9: marks of several Companies cleared at once.
    several = ["Mill", "Steelworks"]
    lines += event_lines(PieceMoved(piece="Broker", to_company=None, cleared=several))
    for option in RULING_OPTIONS:
        lines.append(cr.option_label(option, "gm_ruling"))
    # The answer logged by the recorded fine's button, as /history show reads it (CR-I4).
    lines.append(logged_answer_label("company answer", {"answer": "amount", "amount": None}))
    # CR-I17: the defender picked from the Joker, as /history show names it from the entry.
    choosing = settings(joker_defender_order="owner_choice")
    asked = cr.enter(joker_board(choosing, clerk=True), choosing, "Corsair", no_dice())
    picked = cr.answer(asked.state, choosing, 2, "Clerk", scripted(4)[0])
    logged = {"events": [e.model_dump(mode="json") for e in picked.events]}
    options = {"step": "defender_choice", "answer": "d1"}
    lines.append(logged_pick_label("company answer", options, logged))
    # CR-5.5: a Company of the Joker Holding removed leaves it.
    held = cr.register_company(joker_board(), DEFAULTS, "Quay", owner="Vera", fine=1).state
    held = cr.declare_joker_holding(held, DEFAULTS, ["Quay"], by_faction="Vera").state
    lines += cr.remove_company(held, DEFAULTS, "Quay").lines
    return lines


# --- refusals -----------------------------------------------------------------------------


def refusals() -> list[Callable[[], object]]:
    s = steelworks_board()
    landed = cr.land(s, DEFAULTS, "Broker", "Steelworks", no_dice()).state
    paid = cr.answer(landed, DEFAULTS, 1, "pay", no_dice()).state
    failed = cr.answer(landed, DEFAULTS, 1, "capture", scripted(3)[0]).state
    destroyed = cr.answer(failed, DEFAULTS, 1, "counterattack", scripted(2)[0]).state
    own = cr.register_company(s, DEFAULTS, "Docks", owner="Anna", fine=1).state
    free = cr.register_company(s, DEFAULTS, "Waste", owner=None, fine=1).state
    joker = joker_board(clerk=True)
    choosing = settings(joker_defender_order="owner_choice")
    asking = cr.enter(joker_board(choosing, clerk=True), choosing, "Corsair", no_dice()).state
    untracked = settings(track_joker_holding=False)
    entering = settings(fine_source="enter_each_time")
    fine_due = fine_asked(entering).state
    passing_config = settings(incident_on_pass_through=True)
    passing = cr.register_company(paid, passing_config, "Mill", owner="Vera", fine=5).state
    # CR-I5: Broker's move through Steelworks waits there, Mill still ahead of it.
    ahead = cr.register_company(
        steelworks_board(passing_config), passing_config, "Mill", owner="Vera", fine=5
    ).state
    ahead = cr.land(
        ahead, passing_config, "Broker", "Mill", no_dice(), passed_through=["Steelworks"]
    ).state
    crowded = CompanyRaidsState(
        companies={f"c{i}": Company(name=f"C{i}", owner="Anna") for i in range(MAX_COMPANIES)}
    )
    full = CompanyRaidsState(
        pieces={f"p{i}": Piece(name=f"P{i}", owner="Anna") for i in range(MAX_PIECES)}
    )
    # A piece removed before the board kept the clause it was removed under.
    unrecorded = destroyed.model_copy(deep=True)
    unrecorded.pieces["broker"].removed_by = None
    capping = settings(duel_max_shots=1)
    ruling = cr.enter(joker_board(capping), capping, "Corsair", scripted(1)[0]).state
    return [
        lambda: cr.register_company(s, DEFAULTS, "Steelw\u043erks", owner="Anna", fine=1),
        lambda: cr.register_piece(s, DEFAULTS, "Br0ker", owner="Anna", value=1),
        lambda: cr.land(s, DEFAULTS, "Ghost", "Steelworks", no_dice()),
        lambda: cr.land(s, DEFAULTS, "Broker", "Atlantis", no_dice()),
        lambda: cr.move_piece(CompanyRaidsState(), DEFAULTS, "Ghost"),  # none registered
        lambda: cr.edit_company(crowded, DEFAULTS, "Atlantis", fine=1),  # …and N more
        lambda: cr.force_answer(s, DEFAULTS, 7, no_dice()),
        lambda: cr.answer(paid, DEFAULTS, 1, "pay", no_dice()),
        lambda: cr.answer(failed, DEFAULTS, 1, "pay", no_dice(), step="trespasser_choice"),
        lambda: cr.move_piece(destroyed, DEFAULTS, "Broker"),
        lambda: cr.land(s, DEFAULTS, "Broker", "Steelworks", no_dice(), by_faction="Vera"),
        lambda: cr.edit_company(s, DEFAULTS, "Steelworks", fine=1, by_faction="Anna"),
        lambda: cr.edit_company(s, DEFAULTS, "Steelworks", owner=None, by_faction="Boris"),
        lambda: cr.register_company(s, DEFAULTS, "Waste", owner=None, fine=1, by_faction="Anna"),
        lambda: cr.register_piece(s, DEFAULTS, "Pawn", owner="Vera", value=1, by_faction="Anna"),
        lambda: cr.answer(landed, DEFAULTS, 1, "pay", no_dice(), by_faction="Boris"),
        lambda: cr.answer(ruling, capping, 1, "aggressor", no_dice(), by_faction="Gleb"),
        lambda: cr.declare_joker_holding(joker, DEFAULTS, [], by_faction="Gleb"),
        lambda: cr.answer(landed, DEFAULTS, 1, "dance", no_dice()),
        lambda: cr.land(own, DEFAULTS, "Broker", "Docks", no_dice()),
        lambda: cr.land(free, DEFAULTS, "Broker", "Waste", no_dice()),
        lambda: cr.land(paid, DEFAULTS, "Broker", "Steelworks", no_dice()),
        lambda: cr.land(landed, DEFAULTS, "Broker", "Steelworks", no_dice()),
        lambda: cr.remove_company(landed, DEFAULTS, "Steelworks"),
        lambda: cr.remove_company(ahead, passing_config, "Mill"),
        lambda: cr.edit_company(ahead, passing_config, "Mill", fine=50),
        lambda: cr.edit_company(landed, DEFAULTS, "Steelworks", fine=1),
        lambda: cr.edit_piece(landed, DEFAULTS, "Broker", value=1),
        lambda: cr.edit_company(s, DEFAULTS, "Steelworks", fine=180, holding=None),
        lambda: cr.edit_company(
            cr.edit_company(s, DEFAULTS, "Steelworks", holding="Metals").state,
            DEFAULTS,
            "Steelworks",
            holding="Metals",
        ),
        lambda: cr.declare_joker_holding(
            with_vera_holding(joker), DEFAULTS, ["Quay"], by_faction="Vera"
        ),
        lambda: cr.edit_piece(s, DEFAULTS, "Broker", value=300),
        lambda: cr.declare_joker_holding(joker, DEFAULTS, [], by_faction="Vera"),
        lambda: cr.register_piece(asking, choosing, "Late", owner="Anna", value=1, in_joker=True),
        lambda: cr.enter(joker, DEFAULTS, "Banker", no_dice()),
        lambda: cr.answer(asking, choosing, 2, "Corsair", no_dice()),
        lambda: cr.answer(fine_due, entering, 1, "amount", no_dice()),
        lambda: cr.edit_piece(s, DEFAULTS, "Broker", value=-1),
        lambda: cr.register_company(s, DEFAULTS, " ", owner="Anna", fine=1),
        lambda: cr.register_company(s, DEFAULTS, "Steelworks", owner="Anna", fine=1),
        lambda: cr.register_piece(s, DEFAULTS, "Broker", owner="Anna", value=1),
        lambda: cr.register_piece(
            s, DEFAULTS, "Twin", owner="Anna", value=1, company="Steelworks", in_joker=True
        ),
        lambda: cr.move_piece(s, DEFAULTS, "Broker", to_company="Steelworks"),
        lambda: cr.move_piece(
            cr.move_piece(own, DEFAULTS, "Broker", to_company="Docks").state,
            DEFAULTS,
            "Broker",
            to_company="Docks",
        ),
        lambda: cr.declare_joker_holding(joker, untracked, []),
        lambda: cr.declare_joker_holding(s, DEFAULTS, []),
        lambda: cr.declare_joker_holding(
            cr.register_company(joker, DEFAULTS, "Mine", owner="Gleb", fine=1).state,
            DEFAULTS,
            ["Mine"],
        ),
        lambda: cr.check_adjacent_duel(joker, DEFAULTS, "Corsair", "Banker"),
        lambda: cr.register_company(s, DEFAULTS, "Джокер", owner="Anna", fine=1),
        lambda: cr.move_piece(s, DEFAULTS, "Broker", to_company="Joker"),
        lambda: cr.register_company(crowded, DEFAULTS, "One more", owner="Anna", fine=1),
        lambda: cr.register_piece(full, DEFAULTS, "One more", owner="Anna", value=1),
        lambda: cr.move_piece(unrecorded, DEFAULTS, "Broker"),
        lambda: cr.land(
            passing, passing_config, "Broker", "Mill", no_dice(), passed_through=["Mill"]
        ),
        lambda: cr.land(
            passing,
            passing_config,
            "Broker",
            "Mill",
            no_dice(),
            passed_through=["Steelworks", "Steelworks"],
        ),
        lambda: cr.land(
            passing, passing_config, "Broker", "Mill", no_dice(), passed_through=["Steelworks"]
        ),
    ]


def raised_errors() -> list[GameError]:
    errors = []
    for refusal in refusals():
        with pytest.raises(GameError) as raised:
            refusal()
        errors.append(raised.value)
    return errors


# --- tests ----------------------------------------------------------------------------------


def test_every_key_the_engine_emits_is_in_both_catalogs_and_none_is_unused() -> None:
    emitted = keys_the_engine_emits()
    assert sorted(emitted - set(EN)) == []
    assert sorted(set(EN) - emitted - {PREFIX + "title"}) == []


def test_russian_duel_shots_agree_with_the_number() -> None:
    shots = [t(PREFIX + "duel.shots_tail", "ru", count=n, shots="…") for n in (1, 3, 1000)]
    assert [s.split(";")[0] for s in shots] == ["1 выстрел", "3 выстрела", "1000 выстрелов"]


def test_russian_payment_lines_name_the_paying_faction_as_a_faction() -> None:
    """CR-I8, CR-I16: a bare plural name as the subject breaks the verb («Габсбурги платит»);
    a paying faction is «фракция «X»», the bank stays «банк»."""

    def line(kind: PaymentKind, payer: str | None) -> str:
        payment = Payment(
            kind=kind, payer=payer, payee="Османы", exact="180", due="180", clause="CR-I8"
        )
        return payment_line(payment).render("ru")

    assert line("fine", "Габсбурги") == (
        "Штраф (CR-I8): фракция «Габсбурги» платит фракции «Османы» 180."
    )
    assert line("bonus", "Габсбурги") == (
        "Бонус за контратаку (CR-I8): фракция «Габсбурги» платит фракции «Османы» 180."
    )
    assert line("prize", "Габсбурги") == (
        "Премия Джокера (CR-I8): фракция «Габсбурги» платит фракции «Османы» 180."
    )
    assert line("bonus", None) == "Бонус за контратаку (CR-I8): банк платит фракции «Османы» 180."
    english = Payment(
        kind="fine", payer="Anna", payee="Boris", exact="180", due="180", clause="CR-2.4"
    )
    assert payment_line(english).render("en") == "Fine (CR-2.4): Anna pays Boris 180."


def test_every_narrated_line_renders_with_the_engines_params() -> None:
    """Scenarios reach every key of the narration, the status and the turn step; each line
    renders with the params the engine passes: no raw key, no unfilled placeholder."""
    lines = all_flow_lines()
    checks.assert_renders(lines, PREFIX)
    seen = {m.key for m in checks.nested(lines)}
    narrated = {k for k in EN if k.split(".")[1] in (*NARRATED, "option")}
    assert sorted(narrated - seen) == []


@pytest.mark.parametrize("language", ["en", "ru"])
def test_every_refusal_renders_and_every_error_key_is_reached(language: str) -> None:
    errors = raised_errors()
    for error in errors:
        # A refusal caused by a setting names it as `/campaign settings set` takes it.
        text = re.sub(rf"(setting|настройка):{PREFIX}[a-z_]+ ", "", error.message(language))
        assert PREFIX not in text and "{" not in text, error
    seen = {m.key for e in errors for m in checks.nested([Msg(e.message_key, **e.params)])}
    assert sorted({k for k in EN if ".error." in k} - seen) == []


def test_rule_violation_messages_name_their_clause() -> None:
    """The error's text cites the clause (RuleViolation contract in bot/errors.py)."""
    for error in raised_errors():
        if isinstance(error, RuleViolation):
            assert "clause" in checks.placeholders(EN[error.message_key]), error.message_key
            assert error.params["clause"] in error.message("ru")


@pytest.mark.parametrize("language", ["en", "ru"])
def test_settings_descriptions_warnings_and_roll_purposes_render(language: str) -> None:
    for name, field in CompanyRaidsSettings.model_fields.items():
        assert field.description and field.description.startswith("CR-I"), name
        text = t(f"{PREFIX}setting.{name}", language)
        assert "(CR-I" in text
    warnings = cr.settings_warnings(settings(duel_hit_faces={2, 7}))
    assert warnings
    for warning in warnings:
        assert "{" not in warning.render(language)
    for purpose in (cr.ROLL_CAPTURE, cr.ROLL_COUNTERATTACK, cr.ROLL_DUEL_SHOT):
        assert not t(purpose, language).startswith(PREFIX)
