"""Player-facing lines for Company raids, as `Msg` objects rendered later in the reader's
locale. `outcome_lines` tells an engine call's events in order with every die; the audit
summary and the embeds both use it. A long duel is told compactly (the number of shots, the
last few shots, the hit); the incident's archived record keeps every shot."""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from fractions import Fraction
from typing import Any
from typing import get_args

from pydantic import ValidationError

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.rules.company_raids.amounts import amount_msg
from bot.rules.company_raids.models import AttemptMarked
from bot.rules.company_raids.models import BecameVisitor
from bot.rules.company_raids.models import CaptureRolled
from bot.rules.company_raids.models import ChoiceMade
from bot.rules.company_raids.models import ChoiceOffered
from bot.rules.company_raids.models import CompanyCaptured
from bot.rules.company_raids.models import CompanyDeleted
from bot.rules.company_raids.models import CompanyRegistered
from bot.rules.company_raids.models import CounterattackRolled
from bot.rules.company_raids.models import DuelFought
from bot.rules.company_raids.models import DuelRecord
from bot.rules.company_raids.models import Event
from bot.rules.company_raids.models import Faction
from bot.rules.company_raids.models import GmRuled
from bot.rules.company_raids.models import HoldingAsked
from bot.rules.company_raids.models import HoldingCleared
from bot.rules.company_raids.models import HoldingDeclared
from bot.rules.company_raids.models import HoldingLeft
from bot.rules.company_raids.models import IncidentClosed
from bot.rules.company_raids.models import JokerEntered
from bot.rules.company_raids.models import JokerHeld
from bot.rules.company_raids.models import JokerJoined
from bot.rules.company_raids.models import JokerLeft
from bot.rules.company_raids.models import JokerOwnerChanged
from bot.rules.company_raids.models import JokerTaken
from bot.rules.company_raids.models import JokerUnowned
from bot.rules.company_raids.models import MovedOn
from bot.rules.company_raids.models import Payment
from bot.rules.company_raids.models import PaymentDue
from bot.rules.company_raids.models import PieceDeleted
from bot.rules.company_raids.models import PieceDestroyed
from bot.rules.company_raids.models import PieceLanded
from bot.rules.company_raids.models import PieceMoved
from bot.rules.company_raids.models import PieceRegistered
from bot.rules.company_raids.models import Step
from bot.text import shown_msg

P = "company_raids."
# A duel with more shots than this is shown as its count and the last DUEL_TAIL shots.
DUEL_SHOTS_SHOWN = 8
DUEL_TAIL = 5


def who(faction: Faction | None) -> Msg | str:
    """A faction's name, or "the GM" for an answer given by the GM."""
    return Msg(P + "who.gm") if faction is None else faction


def who_first(faction: Faction | None) -> Msg | str:
    """A faction's name, or "The GM", where it opens a line."""
    return Msg(P + "who.gm_first") if faction is None else faction


def payer_name(faction: Faction | None) -> Msg:
    """A payer, "the bank" (CR-I8) or a faction named so that it can open a sentence in any
    language: Russian says «фракция «Габсбурги» платит», as a bare plural name would break the
    verb's agreement."""
    return Msg(P + "who.bank") if faction is None else Msg(P + "who.payer", faction=faction)


def option_label(option: str, step: str) -> Msg:
    """A button's label for one option of a pending choice (a defender is named as is)."""
    if step == "defender_choice":
        return Msg(P + "option.defender_piece", piece=option)
    return Msg(P + f"option.{option}")


# The answers a button logs as the option it is (a defender is logged by its index, read by
# `logged_pick_label`; the fine's "amount" is read by `logged_answer_label`).
LOGGED_OPTIONS = frozenset(
    {"pay", "capture", "fine", "counterattack", "attack", "decline"}
    | {"aggressor", "defender", "no_winner"}
)


def logged_answer_label(_command: str, options: Mapping[str, Any]) -> Msg | None:
    """A logged answer to an incident's step (its options' "answer") as its button read
    ("Pay the fine", the GM's force); None for one shown as logged."""
    answer = str(options.get("answer", ""))
    if answer == "force":
        return Msg("company.force")
    if answer == "amount":
        # A fine typed with /company fine logs its amount beside the answer; the button that
        # collects the recorded fine logs none (its label named the figure, CR-I4).
        typed = options.get("amount") is not None
        return Msg(P + ("option.amount" if typed else "option.recorded_fine"))
    return Msg(P + f"option.{answer}") if answer in LOGGED_OPTIONS else None


def logged_pick_label(
    _command: str, options: Mapping[str, Any], outcome: Mapping[str, Any]
) -> Msg | None:
    """A defender picked from the Joker (CR-I17), logged by its place among the pieces offered
    ("d0"), as its button read, with its owner ("Defend with Guard (Vera)"), from the pick and
    the duel the entry's events keep, the names shown literally. None for any other answer,
    or an entry whose events do not tell it (shown as logged)."""
    if options.get("step") != "defender_choice" or options.get("answer") == "force":
        return None
    events = outcome.get("events")
    if not isinstance(events, list):
        return None
    picked: ChoiceMade | None = None
    try:
        for raw in events:
            kind = raw.get("kind") if isinstance(raw, dict) else None
            if kind == "chosen" and picked is None:
                picked = ChoiceMade.model_validate(raw)
                if picked.step != "defender_choice":
                    return None
            elif kind == "duel" and picked is not None:
                duel = DuelFought.model_validate(raw).duel
                if duel.defender == picked.option:
                    piece, owner = duel.defender, duel.defender_owner
                    return shown_msg(Msg(P + "option.defender_piece_of", piece=piece, owner=owner))
    except ValidationError:
        return None
    return None if picked is None else shown_msg(option_label(picked.option, picked.step))


def logged_value_label(_command: str, name: str, options: Mapping[str, Any]) -> Msg | None:
    """A logged answer's step (its options' "step": "owner_choice") as the choice it asked
    ("collect the fine or counterattack"); None for any other option (shown as logged)."""
    step = str(options.get(name, ""))
    return Msg(P + f"step.{step}") if name == "step" and step in get_args(Step) else None


def options_msg(options: Sequence[str], step: str) -> MsgList:
    """The options of a pending choice as their button labels, comma-separated."""
    return MsgList([option_label(option, step) for option in options])


def payment_line(payment: Payment) -> Msg:
    """ "Anna pays Boris 180", with the exact figure beside a rounded one (CR-I16), each
    grouped the reader's way (1,000,000 / 1 000 000)."""
    due = payment.due_amount
    exact = payment.exact_amount
    note: Msg | str = "" if due == exact else Msg(P + "payment.exact", exact=amount_msg(exact))
    return Msg(
        P + f"payment.{payment.kind}",
        payer=payer_name(payment.payer),
        payee=payment.payee,
        amount=amount_msg(due),
        note=note,
        clause=payment.clause,
    )


def _shots_text(duel: DuelRecord, shots: Sequence[tuple[int, int]]) -> str:
    names = {"defender": duel.defender, "aggressor": duel.aggressor}
    return ", ".join(f"{names[duel.shooter(n)]} {face}" for n, face in shots)


def duel_lines(duel: DuelRecord) -> list[Msg]:
    """One duel (CR-I13): who fights, who fires first, the shots (compact when long), the end."""
    names = {"defender": duel.defender, "aggressor": duel.aggressor}
    lines = [
        Msg(
            P + "duel.header",
            number=duel.number,
            defender=duel.defender,
            defender_owner=duel.defender_owner,
            aggressor=duel.aggressor,
            aggressor_owner=duel.aggressor_owner,
            first=names[duel.first],
        )
    ]
    shots = list(enumerate(duel.faces, start=1))
    if len(shots) <= DUEL_SHOTS_SHOWN:
        lines.append(Msg(P + "duel.shots", shots=_shots_text(duel, shots)))
    else:
        lines.append(
            Msg(
                P + "duel.shots_tail",
                count=len(shots),
                shots=_shots_text(duel, shots[-DUEL_TAIL:]),
            )
        )
    if duel.result == "gm_ruling":
        lines.append(Msg(P + "duel.gm_ruling", count=len(shots)))
    elif duel.result is not None:
        lines.append(
            Msg(
                P + "duel.hit",
                winner=names[duel.result],
                shot=len(shots),
                face=duel.faces[-1],
            )
        )
    return lines


def _chosen_line(event: ChoiceMade) -> Msg | None:
    if event.step == "gm_ruling":
        return None
    by: Msg | str = who_first(event.by)
    if event.forced:
        by = Msg(P + "who.forced")
    if event.step == "defender_choice":
        return Msg(P + "chosen.defender", who=by, piece=event.option)
    if event.step == "fine_amount":
        return Msg(P + "chosen.amount", who=by, amount=event.amount if event.amount else 0)
    return Msg(P + f"chosen.{event.option}", who=by)


def event_lines(event: Event) -> list[Msg]:
    """The lines of one event, the names in them shown literally (`bot.text.shown`)."""
    return [shown_msg(line) for line in _event_lines(event)]


def _event_lines(event: Event) -> list[Msg]:
    match event:
        case PieceLanded():
            key = "line.passes" if event.passing else "line.lands"
            return [
                Msg(
                    P + key,
                    incident=event.incident,
                    piece=event.piece,
                    trespasser=event.trespasser,
                    company=event.company,
                    owner=event.company_owner,
                )
            ]
        case ChoiceOffered():
            return [
                Msg(
                    P + f"offered.{event.step}",
                    who=who_first(event.faction),
                    options=options_msg(event.options, event.step),
                )
            ]
        case ChoiceMade():
            line = _chosen_line(event)
            return [] if line is None else [line]
        case CaptureRolled():
            key = "line.capture_success" if event.captured else "line.capture_failed"
            return [Msg(P + key, face=event.face)]
        case CompanyCaptured():
            return [
                Msg(
                    P + "line.captured",
                    company=event.company,
                    previous=event.previous_owner,
                    new=event.new_owner,
                )
            ]
        case CounterattackRolled():
            key = "line.counterattack_hit" if event.hit else "line.counterattack_miss"
            return [Msg(P + key, face=event.face)]
        case PieceDestroyed():
            return [
                Msg(
                    P + "line.destroyed",
                    piece=event.piece,
                    owner=event.owner,
                    value=event.value,
                    clause=event.clause,
                )
            ]
        case PaymentDue():
            return [payment_line(event.payment)]
        case AttemptMarked():
            return [Msg(P + "line.marked", piece=event.piece, company=event.company)]
        case MovedOn():
            return [
                Msg(
                    P + "line.moved_on",
                    piece=event.piece,
                    company=event.from_company,
                    destination=event.to_company,
                )
            ]
        case IncidentClosed():
            return [Msg(P + "line.closed", incident=event.incident)]
        case JokerEntered():
            if event.joker_owner is None:
                key = "joker.entered_unowned"
            elif event.joker_owner == event.faction:
                key = "joker.entered_own"
            else:
                key = "joker.entered_rival"
            return [
                Msg(
                    P + key,
                    incident=event.incident,
                    piece=event.piece,
                    faction=event.faction,
                    owner=event.joker_owner or "",
                )
            ]
        case JokerTaken():
            key = "joker.taken_remaining" if event.remaining else "joker.taken"
            return [Msg(P + key, faction=event.faction, piece=event.piece)]
        case JokerHeld():
            return [Msg(P + "joker.held_remaining", faction=event.faction, piece=event.piece)]
        case JokerJoined():
            key = "joker.joined_owner" if event.owner_piece else "joker.joined_visitor"
            return [Msg(P + key, piece=event.piece)]
        case DuelFought():
            return duel_lines(event.duel)
        case GmRuled():
            return [Msg(P + f"ruling.{event.winner}")]
        case JokerOwnerChanged():
            return [Msg(P + "joker.owner_changed", new=event.new_owner)]
        case JokerUnowned():
            return [Msg(P + "joker.unowned", previous=event.previous_owner)]
        case JokerLeft():
            return [Msg(P + "joker.left", piece=event.piece)]
        case BecameVisitor():
            return [Msg(P + f"visitor.{event.reason}", piece=event.piece)]
        case HoldingCleared():
            return [Msg(P + "holding.cleared", faction=event.faction)]
        case HoldingLeft():
            return [Msg(P + "holding.left", company=event.company, faction=event.faction)]
        case HoldingAsked():
            key = "holding.empty" if event.no_companies else "holding.asked"
            return [Msg(P + key, faction=event.faction)]
        case HoldingDeclared():
            companies = ", ".join(event.companies)
            key = "holding.declared" if companies else "holding.declared_empty"
            return [Msg(P + key, faction=event.faction, companies=companies)]
        case CompanyRegistered():
            if event.holding:
                key = "board.company_edited" if event.edited else "board.company_registered"
            elif event.edited:
                key = "board.company_edited_no_holding"
            else:
                key = "board.company_registered_no_holding"
            return [
                Msg(
                    P + key,
                    company=event.company,
                    owner=event.owner or Msg(P + "who.nobody"),
                    fine=event.fine,
                    holding=event.holding,
                )
            ]
        case CompanyDeleted():
            return [Msg(P + "board.company_removed", company=event.company)]
        case PieceRegistered():
            key = "board.piece_edited" if event.edited else "board.piece_registered"
            if event.in_joker:
                where = Msg(P + "where.joker")
            elif event.company is not None:
                where = Msg(P + "where.company", company=event.company)
            else:
                where = Msg(P + "where.elsewhere")
            return [
                Msg(P + key, piece=event.piece, owner=event.owner, value=event.value, where=where)
            ]
        case PieceDeleted():
            return [Msg(P + "board.piece_removed", piece=event.piece)]
        case PieceMoved():
            lines = [
                Msg(P + "board.piece_moved", piece=event.piece, company=event.to_company)
                if event.to_company is not None
                else Msg(P + "board.piece_moved_away", piece=event.piece)
            ]
            if event.cleared:
                # One Company or several: the sentence's grammatical number.
                key = (
                    "board.marks_cleared" if len(event.cleared) == 1 else "board.marks_cleared_many"
                )
                names = ", ".join(event.cleared)
                lines.append(Msg(P + key, piece=event.piece, companies=names))
            elif event.marks_cleared:  # logged before the Companies were named
                lines.append(Msg(P + "board.marks_cleared_unnamed", piece=event.piece))
            return lines
    return []  # pragma: no cover - every event kind is matched above


def outcome_lines(events: Sequence[Event]) -> list[Msg]:
    """An engine call told in order, every die included, then the total due to each player
    owed more than one amount (the sum of the rounded payments, CR-I16)."""
    lines: list[Msg] = []
    totals: dict[Faction, list[Fraction]] = {}
    for event in events:
        lines += event_lines(event)
        if isinstance(event, PaymentDue):
            totals.setdefault(event.payment.payee, []).append(event.payment.due_amount)
    for payee, amounts in totals.items():
        if len(amounts) > 1:
            total = amount_msg(sum(amounts, Fraction(0)))
            lines.append(shown_msg(Msg(P + "payment.total", payee=payee, amount=total)))
    return lines
