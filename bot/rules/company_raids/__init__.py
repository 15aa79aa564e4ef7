"""Company raids (`company_raids`, rules/company-raids.md): the pure rules engine.

No Discord, no I/O: every command takes the state and the settings and returns a
`RaidOutcome` with a new state (the argument is never changed), its events in order, the
amounts due (exact and rounded, CR-I16), the pending choice it leaves (`awaiting`: whose
answer, which options, the answer the GM may force), the finished incidents as archive
records, and `lines`, the narration used by both the audit summary and the embeds. Every die
comes from the `Dice` passed in, one roll per capture, counterattack or duel shot. A refusal
raises `RuleViolation`/`NotFound`/`NotAllowed`/`Conflict` naming the clause.

API at a glance (the cog's calls):

- board: `register_company`, `edit_company`, `remove_company`, `register_piece`,
  `edit_piece`, `remove_piece`, `move_piece` (leave a square), `declare_joker_holding`,
  `check_adjacent_duel` (CR-I15);
- incidents: `land(state, settings, piece, company, dice, by_faction=, passed_through=)`,
  `enter(state, settings, piece, dice, by_faction=)` (the Joker),
  `answer(state, settings, incident_id, option, dice, by_faction=, step=, amount=)`,
  `force_answer(state, settings, incident_id, dice, step=, amount=)` (CR-I19);
- reading: `status(state, settings)`, `awaiting_of`, `open_incidents`, `option_label`,
  `settings_warnings` (CR-I1);
- turn: `end_of_turn(TurnContext)`, `waiting_for(state, settings, turn)`.

`SPEC` registers the ruleset (bot/rulesets.py); its cog is `cogs/company_raids`.
"""

from __future__ import annotations

from bot.rules.company_raids.amounts import amount_text
from bot.rules.company_raids.amounts import rounded
from bot.rules.company_raids.board import KEEP
from bot.rules.company_raids.board import Unchanged
from bot.rules.company_raids.board import check_adjacent_duel
from bot.rules.company_raids.board import declare_joker_holding
from bot.rules.company_raids.board import edit_company
from bot.rules.company_raids.board import edit_piece
from bot.rules.company_raids.board import move_piece
from bot.rules.company_raids.board import register_company
from bot.rules.company_raids.board import register_piece
from bot.rules.company_raids.board import remove_company
from bot.rules.company_raids.board import remove_piece
from bot.rules.company_raids.joker import owner_pieces
from bot.rules.company_raids.joker import visitors
from bot.rules.company_raids.landing import answer
from bot.rules.company_raids.landing import awaiting_of
from bot.rules.company_raids.landing import enter
from bot.rules.company_raids.landing import force_answer
from bot.rules.company_raids.landing import land
from bot.rules.company_raids.landing import open_incidents
from bot.rules.company_raids.models import Company
from bot.rules.company_raids.models import CompanyIncident
from bot.rules.company_raids.models import CompanyRaidsState
from bot.rules.company_raids.models import DuelRecord
from bot.rules.company_raids.models import Event
from bot.rules.company_raids.models import IncidentRecord
from bot.rules.company_raids.models import JokerCell
from bot.rules.company_raids.models import JokerIncident
from bot.rules.company_raids.models import Payment
from bot.rules.company_raids.models import Piece
from bot.rules.company_raids.models import incident_log_key
from bot.rules.company_raids.models import name_key
from bot.rules.company_raids.narration import duel_lines
from bot.rules.company_raids.narration import logged_answer_label
from bot.rules.company_raids.narration import logged_pick_label
from bot.rules.company_raids.narration import logged_value_label
from bot.rules.company_raids.narration import option_label
from bot.rules.company_raids.narration import outcome_lines
from bot.rules.company_raids.settings import CompanyRaidsSettings
from bot.rules.company_raids.settings import settings_warnings
from bot.rules.company_raids.setup import setup_step
from bot.rules.company_raids.status import RaidsStatus
from bot.rules.company_raids.status import awaiting_line
from bot.rules.company_raids.status import awaiting_lines
from bot.rules.company_raids.status import status
from bot.rules.company_raids.status import waiting_lines
from bot.rules.company_raids.turn import end_of_turn
from bot.rules.company_raids.turn import waiting_for
from bot.rules.company_raids.work import ROLL_CAPTURE
from bot.rules.company_raids.work import ROLL_COUNTERATTACK
from bot.rules.company_raids.work import ROLL_DUEL_SHOT
from bot.rules.company_raids.work import Awaiting
from bot.rules.company_raids.work import RaidOutcome
from bot.rules.company_raids.work import find_company
from bot.rules.company_raids.work import find_piece
from bot.rulesets import RulesetSpec

SCHEMA_VERSION = 1

SPEC = RulesetSpec(
    key="company_raids",
    state_model=CompanyRaidsState,
    settings_model=CompanyRaidsSettings,
    schema_version=SCHEMA_VERSION,
    end_of_turn=end_of_turn,
    waiting_for=waiting_for,
    setup_step=setup_step,
    settings_warnings=settings_warnings,
    answer_label=logged_answer_label,
    picked_label=logged_pick_label,
    value_label=logged_value_label,
)

__all__ = [
    "KEEP",
    "ROLL_CAPTURE",
    "ROLL_COUNTERATTACK",
    "ROLL_DUEL_SHOT",
    "SCHEMA_VERSION",
    "SPEC",
    "Awaiting",
    "Company",
    "CompanyIncident",
    "CompanyRaidsSettings",
    "CompanyRaidsState",
    "DuelRecord",
    "Event",
    "IncidentRecord",
    "JokerCell",
    "JokerIncident",
    "Payment",
    "Piece",
    "RaidOutcome",
    "RaidsStatus",
    "Unchanged",
    "amount_text",
    "answer",
    "awaiting_line",
    "awaiting_lines",
    "awaiting_of",
    "check_adjacent_duel",
    "declare_joker_holding",
    "duel_lines",
    "edit_company",
    "edit_piece",
    "end_of_turn",
    "enter",
    "find_company",
    "find_piece",
    "force_answer",
    "incident_log_key",
    "land",
    "move_piece",
    "name_key",
    "open_incidents",
    "option_label",
    "outcome_lines",
    "owner_pieces",
    "register_company",
    "register_piece",
    "remove_company",
    "remove_piece",
    "rounded",
    "settings_warnings",
    "status",
    "visitors",
    "waiting_for",
    "waiting_lines",
]
