"""Mercenary upkeep at SP-I40 step 4 (SP-9.3, SP-I35): ⌈20 % × C⌉ owed per running
contract, posted to its owner as a pending choice, pay or end the contract (SP-I45)."""

from __future__ import annotations

from bot.errors import NotFound
from bot.i18n import Msg
from bot.rules.space_pirates.fleet import payment
from bot.rules.space_pirates.models import MercenaryContract
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import UpkeepDue
from bot.rules.space_pirates.models import require_asked
from bot.rules.space_pirates.reports import Journal
from bot.rules.space_pirates.settings import SpacePiratesSettings

P = "space_pirates."


def upkeep_amount(contract: MercenaryContract, settings: SpacePiratesSettings) -> int:
    """A contract's upkeep per resolution: ⌈20 % × C⌉, or with `mercenary_upkeep_basis =
    surviving_value` 20 % of what its surviving ships cost (SP-9.3, SP-I35)."""
    base = contract.value
    if settings.mercenary_upkeep_basis == "surviving_value":
        base = sum(settings.pirate_cost(s.pirate_type) for s in contract.ships)
    return payment(settings, base, settings.mercenary_upkeep_pct)


def post_upkeep(
    state: SpacePiratesState, settings: SpacePiratesSettings, turn: int, journal: Journal
) -> None:
    """Each running contract owes its upkeep from the resolution of its hiring turn (unless
    `mercenary_upkeep_in_hire_turn` is off); one that ended with its last ship this
    resolution owes it without a choice (`mercenary_contract_ends_when_destroyed`)."""
    for contract in state.contracts:
        ended_now = contract.ended_turn == turn and not contract.dismissed
        if not contract.active and not ended_now:
            continue
        if contract.hired_turn == turn and not settings.mercenary_upkeep_in_hire_turn:
            continue
        due = UpkeepDue(
            choice_id=state.take_id("choice"),
            contract=contract.id,
            owner=contract.owner,
            turn=turn,
            amount=upkeep_amount(contract, settings),
            ended=not contract.active,
            no_ships=not contract.ships,
        )
        journal.outcome.setdefault("upkeep", []).append(
            {"contract": contract.id, "owner": contract.owner, "amount": due.amount}
        )
        journal.lines.append(
            Msg(
                f"{P}mercenaries.upkeep",
                owner=contract.owner,
                contract=contract.id,
                amount=due.amount,
                no_ships=Msg(f"{P}mercenaries.no_ships") if not contract.ships else "",
            )
        )
        if not due.ended:
            state.upkeep_due.append(due)
            # every question an entry asked, so a late click after an undo is told so
            journal.outcome.setdefault("waiting", []).append(due.choice_id)


def settle_upkeep(
    state: SpacePiratesState,
    settings: SpacePiratesSettings,
    due: UpkeepDue,
    *,
    pay: bool | None,
    journal: Journal,
) -> bool:
    """Pay (the contract runs on) or end it (the ships leave); None forces the default:
    `mercenary_upkeep_default`, and a contract with no ships left ends (SP-I35, SP-I45).
    Returns whether it was paid."""
    state.upkeep_due = [d for d in state.upkeep_due if d.choice_id != due.choice_id]
    contract = next((c for c in state.contracts if c.id == due.contract), None)
    if contract is None or not contract.active:
        return False
    if pay is None:
        pay = settings.mercenary_upkeep_default == "pay" and bool(contract.ships)
    if not pay:
        contract.ended_turn = due.turn
    # an ended contract's ships leave, unless it has none left to leave (SP-I35)
    said = "paid" if pay else "ended" if contract.ships else "ended_no_ships"
    journal.lines.append(
        Msg(
            f"{P}mercenaries.{said}",
            owner=due.owner,
            contract=due.contract,
            amount=due.amount,
        )
    )
    journal.outcome.setdefault("upkeep_settled", []).append({"contract": due.contract, "paid": pay})
    return pay


def find_upkeep(state: SpacePiratesState, choice_id: int, faction: str | None) -> UpkeepDue:
    """An open upkeep choice, refused to anyone but the contract's owner (None: the GM)."""
    due = next((d for d in state.upkeep_due if d.choice_id == choice_id), None)
    if due is None:
        raise NotFound(f"{P}error.choice_not_found", choice=choice_id)
    if faction is not None:
        require_asked(due.owner, faction)
    return due


def upkeep_waiting_line(due: UpkeepDue) -> Msg:
    """An upkeep waiting for its owner's answer (SP-I45), for `/turn status`."""
    return Msg(
        f"{P}waiting.upkeep",
        faction=due.owner,
        contract=due.contract,
        amount=due.amount,
        choice=due.choice_id,
    )
