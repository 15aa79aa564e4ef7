"""Space pirates (`space_pirates`, rules/space-pirates.md): the pure rules engine.

No Discord, no I/O: every procedure takes the state and returns a new one; every die comes
from the `Dice` passed in; player-facing text is `Msg` objects. Pirate battles are fought by
the fleet combat engine's automatic mode (FC-I17).

API at a glance (the cog's calls):

- registration: `register_route`, `register_planet`, `remove_route`, `remove_planet`,
  `set_contacts`, `set_privateer_tech`, `set_turn_order` (bot/rules/space_pirates/registry.py);
- end of turn: `end_of_turn(TurnContext, combat=)`, `waiting_for(state, settings, turn)`;
- pending choices (SP-I45, each pausing the whole resolution, SP-I40):
  `answer_choice(state, settings, choice_id, faction, first, dice)` (also named
  `answer_buy_off`, `answer_plunder`, `answer_retreat`, `answer_upkeep`), the GM's
  `force_choice(state, settings, choice_id, dice)` and `force_choices` (several at once);
  `operations_open(state)` refuses operations while a resolution runs;
- reports: `report_lines(RaidReport)`, `player_summary_line`;
- operations: `quote_locate`/`apply_locate`, `order_base_attack`, `quote_bribe`/`apply_bribe`,
  `quote_hire`/`apply_hire`, `quote_dismiss`/`dismiss_contract` (`upkeep_to_end`: the waiting
  upkeep a dismissal ends), `station_contract`,
  `quote_privateers`/`apply_privateers`, `quote_recall`/`apply_recall`;
- status: `status(state, settings, faction, turn)`.
"""

from __future__ import annotations

from bot.rules.space_pirates.models import SCHEMA_VERSION
from bot.rules.space_pirates.models import SpacePiratesState
from bot.rules.space_pirates.settings import SpacePiratesSettings
from bot.rules.space_pirates.spec import SPEC
from bot.rules.space_pirates.turn import ChoiceOutcome
from bot.rules.space_pirates.turn import answer_buy_off
from bot.rules.space_pirates.turn import answer_choice
from bot.rules.space_pirates.turn import answer_plunder
from bot.rules.space_pirates.turn import end_of_turn
from bot.rules.space_pirates.turn import force_choice
from bot.rules.space_pirates.turn import force_choices
from bot.rules.space_pirates.turn import waiting_for

__all__ = [
    "SCHEMA_VERSION",
    "SPEC",
    "ChoiceOutcome",
    "SpacePiratesSettings",
    "SpacePiratesState",
    "answer_buy_off",
    "answer_choice",
    "answer_plunder",
    "end_of_turn",
    "force_choice",
    "force_choices",
    "waiting_for",
]
