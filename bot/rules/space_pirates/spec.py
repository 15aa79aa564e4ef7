"""The ruleset's declaration for the registry: the end-of-turn step reads the campaign's
fleet combat settings when that ruleset is enabled too (FC-I17), else the fleet combat
defaults."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from typing import Literal

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import msg_from_json
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.battle import looks_like_own_side
from bot.rules.space_pirates.bribe import bribe_offer_cost
from bot.rules.space_pirates.bribe import open_bribe_offers
from bot.rules.space_pirates.models import SCHEMA_VERSION
from bot.rules.space_pirates.models import PendingResolution
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.models import UpkeepDue
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.rules.space_pirates.settings import settings_by_group
from bot.rules.space_pirates.setup import setup_step
from bot.rules.space_pirates.turn import end_of_turn
from bot.rules.space_pirates.turn import waiting_for
from bot.rulesets import LAST_END
from bot.rulesets import Awaited
from bot.rulesets import RulesetSpec
from bot.rulesets import TurnContext
from bot.rulesets import TurnStepResult
from bot.text import shown_msg

KEY = "space_pirates"
FLEET_COMBAT = "fleet_combat"
P = f"{KEY}."
# The pending choice behind an operation's quote (cogs/space_pirates/operations.py): the
# player's own Confirm/Cancel, no question to anyone.
OPERATION_PREVIEW = "sp_operation"
# The GM's own confirmation of `/pirates force` (cogs/space_pirates/choices.py): owed by nobody.
FORCE_ALL_PREVIEW = "sp_force_all"
# The buttons answering a question the resolution waits for (SP-I45), whose first argument
# is the question's number (cogs/space_pirates/choices.py).
ANSWER_CONTROL = f"{KEY}.answer"


def campaign_combat(
    ctx: TurnContext[SpacePiratesState, SpacePiratesSettings],
) -> FleetCombatSettings | None:
    """The campaign's fleet combat settings, when it plays fleet combat too (FC-I17)."""
    found = ctx.others.get(FLEET_COMBAT)
    return found if isinstance(found, FleetCombatSettings) else None


def turn_step(
    ctx: TurnContext[SpacePiratesState, SpacePiratesSettings],
) -> TurnStepResult[SpacePiratesState]:
    """SP-I40 under the campaign's fleet combat settings (FC-I17). What the engine tells the
    briber alone (a bribe cancelled when it came up, SP-I33) leaves the audited outcome for
    `private`: the GM who ends the turn reads it, the log every member exports does not; the
    briber reads it in their own `/pirates status` (`status.ended_bribe_lines`)."""
    result = end_of_turn(ctx, combat=campaign_combat(ctx))
    # The turn's summary names routes, planets and factions as the players typed them
    # (`shown_msg`); what the briber alone is told is escaped where it is shown.
    result.lines = [shown_msg(line) for line in result.lines]
    told = result.outcome.pop("private", None) or {}
    result.private = {
        faction: [m for m in (msg_from_json(j) for j in lines) if isinstance(m, Msg)]
        for faction, lines in told.items()
    }
    return result


def awaited(state: SpacePiratesState, settings: SpacePiratesSettings, turn: int) -> list[Awaited]:
    """SP-I45: each player whose answer the resolution waits for, and what it is: a buy-off
    or plunder answer, an upkeep to pay or end (SP-I35), a bribed attack's buy-off offer
    (SP-I34; the briber stays unnamed, SP-I33)."""
    found: list[Awaited] = []
    for pending in state.waiting:
        target = str(pending.report.get("target_name") or pending.attack.target)
        if pending.choice == "plunder":
            owes = Msg(P + "owes.plunder", target=target, choice=pending.choice_id)
        else:
            kind = Msg(P + f"kind.{pending.attack.kind}")
            owes = Msg(
                P + "owes.buy_off",
                kind=kind,
                target=target,
                cost=pending.attack.cost,
                choice=pending.choice_id,
            )
        found.append(Awaited(pending.faction, shown_msg(owes)))  # the name as typed
    # "owes.upkeep", the line without the question's number, stays in the catalogs for the
    # reminders stored before upkeep questions were numbered.
    found += [
        Awaited(
            d.owner,
            Msg(P + "owes.upkeep_choice", contract=d.contract, amount=d.amount, choice=d.choice_id),
        )
        for d in state.upkeep_due
    ]
    found += [
        Awaited(
            b.victim,
            Msg(
                P + "owes.bribe_offer",
                kind=Msg(P + f"kind.{b.kind}"),
                cost=bribe_offer_cost(b, settings),
                bribe=b.offer_number,
            ),
        )
        for b in open_bribe_offers(state)
    ]
    return found


def waiting(state: SpacePiratesState, settings: SpacePiratesSettings, turn: int) -> list[Msg]:
    """SP-I45: the pending choices and upkeep answers the resolution waits for, the names in
    them as typed (`shown_msg`)."""
    return [shown_msg(line) for line in waiting_for(state, settings, turn)]


def unreached(state: SpacePiratesState) -> list[str]:
    """SP-I40, SP-I45: the players a paused resolution has not come to yet: those its step 3
    has still to run, then, while its upkeep step has not run, the owners of running
    mercenary contracts. Ending the next turn finishes that resolution at once: a question
    it comes to for them then takes its default without being posted."""
    cursor = state.resolution
    if cursor is None:
        return []
    found = list(cursor.players) if "players" in cursor.steps else []
    if "mercenary_upkeep" in cursor.steps and not state.upkeep_due:
        found += [c.owner for c in state.contracts if c.active]
    return list(dict.fromkeys(found))


def settled_at_end(
    state: SpacePiratesState, settings: SpacePiratesSettings, turn: int
) -> list[Msg]:
    """SP-I45: what ending the turn settles by default: each open question (`waiting`), then
    the players the paused resolution has not come to yet, whose questions will not be asked
    (`unreached`)."""
    lines = waiting(state, settings, turn)
    later = unreached(state)
    if later and state.resolution is not None:
        lines.append(
            shown_msg(Msg(P + "unreached", turn=state.resolution.turn, factions=MsgList(later)))
        )
    return lines


def kept_numbers(undone: SpacePiratesState, restored: SpacePiratesState) -> SpacePiratesState:
    """What an undo puts back (`RulesetSpec.undo_keeps`): `restored`, but each kind's next
    number (`take_id`) as high as the undone command left it. The numbers it handed out stay
    in the channel and the log, so none of them is given again to something else (a removed
    one's number is never reused, README)."""
    kinds = {*undone.next_ids, *restored.next_ids}
    numbers = {
        kind: max(
            undone.next_ids.get(kind, undone.next_id),
            restored.next_ids.get(kind, restored.next_id),
        )
        for kind in kinds
    }
    if numbers == restored.next_ids and restored.next_id >= undone.next_id:
        return restored
    return restored.model_copy(
        update={"next_ids": numbers, "next_id": max(undone.next_id, restored.next_id)}
    )


def reasked(left: SpacePiratesState, restored: SpacePiratesState) -> list[tuple[str, str]]:
    """SP-I45: the questions a GM's undo asks again (an answer or a force taken back): open
    in the restored state, not in the state the undone command left."""
    still = {q.choice_id for q in open_questions(left)}
    return [
        (ANSWER_CONTROL, str(q.choice_id))
        for q in open_questions(restored)
        if q.choice_id not in still
    ]


def asked_whom(state: SpacePiratesState, question: str) -> str | None:
    """SP-I45: the player a question waits for, by its id."""
    for asked in open_questions(state):
        if str(asked.choice_id) == question:
            return asked.faction if isinstance(asked, PendingResolution) else asked.owner
    return None


def open_questions(state: SpacePiratesState) -> list[PendingResolution | UpkeepDue]:
    """Every question the resolution waits for (SP-I45)."""
    return [*state.waiting, *state.upkeep_due]


def resolving(state: SpacePiratesState) -> int | None:
    """SP-I40, SP-I45: the turn whose resolution a question still pauses, or None."""
    turns = [q.turn for q in open_questions(state)]
    if state.resolution is not None:
        turns.append(state.resolution.turn)
    return min(turns, default=None)


def resolves_turn(outcome: Mapping[str, Any]) -> int | Literal["last_end"] | None:
    """SP-I40, SP-I45: the turn whose paused resolution a logged entry goes on: the one it
    says it finished (`resolution_finished`), else, for one that answers or asks a question
    of it (`waiting`), that of the newest turn end before it; None: none."""
    finished = outcome.get("resolution_finished")
    if isinstance(finished, int):
        return finished
    return LAST_END if outcome.get("waiting") else None


# A logged answer (its options' "answer") as the button read, where the log keeps what it
# needs: a payment's button names its price, which the log of the answer does not keep, so
# it reads as paying; a refusal reads as one whether a fight follows or not (SP-I34).
ANSWER_LABELS = {
    "accept": "paid",
    "pay": "paid",
    "decline": "decline_unopposed",
    "cover": "cover",
    "avoid": "avoid",
    "retreat": "retreat",
    "fight": "fight",
    "end": "end",
}


# An answer typed as `/pirates offer` is logged as the button it stands for (SP-I45) and
# read as its option `pay` was typed: a buy-off accepted or an upkeep paid, or not.
TYPED_PAY = {"accept": True, "pay": True, "decline": False, "end": False}
# Its options, logged as the click's (the question's number and the button), typed as
# `number` and `pay` (`RulesetSpec.typed_options`).
TYPED_OPTIONS = {"pirates offer": {"choice": "number", "answer": "pay"}}


def logged_answer_label(command: str, options: Mapping[str, Any]) -> Msg | None:
    """A logged answer to a question of the pirates (SP-I45) as its button read, or as
    `/pirates offer`'s `pay` was typed (yes, no); None for a code no button carries."""
    answer = str(options.get("answer", ""))
    if command == "pirates offer" and answer in TYPED_PAY:
        return Msg("history.show.yes" if TYPED_PAY[answer] else "history.show.no")
    label = ANSWER_LABELS.get(answer)
    return None if label is None else Msg(f"pirates.answer.{label}")


SPEC: RulesetSpec[SpacePiratesState, SpacePiratesSettings] = RulesetSpec(
    key=KEY,
    state_model=SpacePiratesState,
    settings_model=SpacePiratesSettings,
    schema_version=SCHEMA_VERSION,
    end_of_turn=turn_step,
    waiting_for=waiting,
    settled_at_end=settled_at_end,  # a paused resolution is finished with the defaults
    setting_groups=settings_by_group,
    awaited=awaited,
    setup_step=setup_step,
    previews=frozenset({OPERATION_PREVIEW, FORCE_ALL_PREVIEW}),
    reasked=reasked,
    undo_keeps=kept_numbers,
    asked_whom=asked_whom,
    question_lines=("pirates.question.ping", "pirates.question.gm"),
    resolving=resolving,
    resolves_turn=resolves_turn,
    answer_label=logged_answer_label,
    typed_options=TYPED_OPTIONS,
    reserved_name=looks_like_own_side,
    raw_lines=True,  # the cog escapes the names where it shows them; the log keeps them so
)
