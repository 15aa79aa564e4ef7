"""Fleet combat (`fleet_combat`, rules/fleet-combat.md): the pure rules engine.

No Discord, no I/O: every command takes the state and returns an outcome with a new state;
every die comes from the `Dice` passed in; player-facing text is `Msg` objects.

API at a glance (the cog's calls):

- fleets: `register_fleet(state, settings, RegisterFleet)`, `move_fleet`, `repair_fleet`,
  `set_turn_order`, `engaged_battle`, `fleet_from_counts`;
- battles: `declare_attack(state, settings, DeclareAttack)`,
  `set_fire_orders(state, settings, SetFireOrders)`, `legal_targets`, `firing_groups`,
  `target_counts`, `declare_retreat(state, settings, DeclareRetreat)`, `set_allies`,
  `set_damage_priority`,
  `resolve_round(state, settings, battle_id, dice, turn=)`, `close_battle`, `battle_status`;
- end of turn: `SPEC.end_of_turn(TurnContext)`, `SPEC.waiting_for(state, settings, turn)`;
- battle logs: round reports are not kept in the state; the end-of-turn step returns them as
  archive records and a caller of `resolve_round` archives `report.log_record()`, under
  `battle_log_key(battle_id)`;
- automatic mode (FC-I17): `fight_automatic(fleet_a, fleet_b, settings, dice, max_rounds=)`,
  `fight_automatic_sides([(fleet, side), ...], ...)`; stepwise with a retreat question
  between rounds: `open_automatic`, `fight_automatic_rounds(pause_before=)`,
  `automatic_result`;
- odds: `combat_odds(fleet_a, fleet_b, settings, method=, battles=, seed=)`, `odds_lines`;
- settings tables: `replace_class_stats`, `parse_class_table`, `apply_class_table`,
  `class_table_of`, `parse_attack_notation`;
- rendering: `round_lines(report, retreat_distance=)`, `class_name`, `class_count`,
  `target_name`, `ships_msg`.
"""

from __future__ import annotations

from bot.rules.fleet_combat.automatic import AutomaticResult
from bot.rules.fleet_combat.automatic import automatic_result
from bot.rules.fleet_combat.automatic import fight_automatic
from bot.rules.fleet_combat.automatic import fight_automatic_rounds
from bot.rules.fleet_combat.automatic import fight_automatic_sides
from bot.rules.fleet_combat.automatic import open_automatic
from bot.rules.fleet_combat.battles import BattleOutcome
from bot.rules.fleet_combat.battles import BattleStatus
from bot.rules.fleet_combat.battles import GroupStatus
from bot.rules.fleet_combat.battles import LegalTarget
from bot.rules.fleet_combat.battles import ParticipantStatus
from bot.rules.fleet_combat.battles import RoundOutcome
from bot.rules.fleet_combat.battles import battle_status
from bot.rules.fleet_combat.battles import check_levels_kept
from bot.rules.fleet_combat.battles import close_battle
from bot.rules.fleet_combat.battles import declare_attack
from bot.rules.fleet_combat.battles import declare_retreat
from bot.rules.fleet_combat.battles import firing_groups
from bot.rules.fleet_combat.battles import get_battle
from bot.rules.fleet_combat.battles import legal_targets
from bot.rules.fleet_combat.battles import resolve_round
from bot.rules.fleet_combat.battles import set_allies
from bot.rules.fleet_combat.battles import set_damage_priority
from bot.rules.fleet_combat.battles import set_fire_orders
from bot.rules.fleet_combat.battles import settings_guard
from bot.rules.fleet_combat.battles import target_counts
from bot.rules.fleet_combat.fleets import FleetOutcome
from bot.rules.fleet_combat.fleets import engaged_battle
from bot.rules.fleet_combat.fleets import fleet_from_counts
from bot.rules.fleet_combat.fleets import move_fleet
from bot.rules.fleet_combat.fleets import register_fleet
from bot.rules.fleet_combat.fleets import remove_fleet
from bot.rules.fleet_combat.fleets import repair_fleet
from bot.rules.fleet_combat.fleets import set_turn_order
from bot.rules.fleet_combat.ladder import choose_automatic_target
from bot.rules.fleet_combat.ladder import eligible_classes
from bot.rules.fleet_combat.messages import class_count
from bot.rules.fleet_combat.messages import class_name
from bot.rules.fleet_combat.messages import round_lines
from bot.rules.fleet_combat.messages import ships_msg
from bot.rules.fleet_combat.messages import target_name
from bot.rules.fleet_combat.models import Battle
from bot.rules.fleet_combat.models import BattleResult
from bot.rules.fleet_combat.models import DeclareAttack
from bot.rules.fleet_combat.models import DeclareRetreat
from bot.rules.fleet_combat.models import FireOrder
from bot.rules.fleet_combat.models import FireTarget
from bot.rules.fleet_combat.models import Fleet
from bot.rules.fleet_combat.models import FleetCombatState
from bot.rules.fleet_combat.models import HeldFire
from bot.rules.fleet_combat.models import LostShip
from bot.rules.fleet_combat.models import PacketReport
from bot.rules.fleet_combat.models import Participant
from bot.rules.fleet_combat.models import RegisterFleet
from bot.rules.fleet_combat.models import RoundReport
from bot.rules.fleet_combat.models import SetFireOrders
from bot.rules.fleet_combat.models import Ship
from bot.rules.fleet_combat.models import ShipHit
from bot.rules.fleet_combat.models import VolleyReport
from bot.rules.fleet_combat.models import battle_log_key
from bot.rules.fleet_combat.odds import OddsResult
from bot.rules.fleet_combat.odds import combat_odds
from bot.rules.fleet_combat.odds import odds_lines
from bot.rules.fleet_combat.settings import ClassTable
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.fleet_combat.settings import ShipStats
from bot.rules.fleet_combat.settings import apply_class_table
from bot.rules.fleet_combat.settings import class_table_of
from bot.rules.fleet_combat.settings import default_class_table
from bot.rules.fleet_combat.settings import parse_attack_notation
from bot.rules.fleet_combat.settings import parse_class_table
from bot.rules.fleet_combat.settings import replace_class_stats
from bot.rules.fleet_combat.setup import setup_step
from bot.rules.fleet_combat.turn import awaited
from bot.rules.fleet_combat.turn import end_of_turn
from bot.rules.fleet_combat.turn import waiting_for
from bot.rulesets import RulesetSpec

RESOLVE_CHOICE = "fc_resolve"  # the pending choice of a GM's `/combat resolve`

SPEC = RulesetSpec(
    key="fleet_combat",
    settings_model=FleetCombatSettings,
    state_model=FleetCombatState,
    schema_version=2,  # 2: round reports moved to the archive (migration 002)
    end_of_turn=end_of_turn,
    waiting_for=waiting_for,
    awaited=awaited,
    setup_step=setup_step,
    # The GM's confirmation of `/combat resolve` asks nobody anything: like the turn end's
    # own confirmation, the turn does not wait for it.
    previews=frozenset({RESOLVE_CHOICE}),
    settings_guard=settings_guard,
    # `ship_stats` and `class_levels` are changed by `/combat stats` too.
    table_refusal="fleet_combat.settings.table_refusal",
    raw_lines=True,  # the cog escapes the names where it shows them; the log keeps them so
    # `/combat resolve` takes the battle; the round it logs was fixed when it asked the GM.
    own_options={"combat resolve": frozenset({"round"})},
)

__all__ = [
    "RESOLVE_CHOICE",
    "SPEC",
    "AutomaticResult",
    "Battle",
    "BattleOutcome",
    "BattleResult",
    "BattleStatus",
    "ClassTable",
    "DeclareAttack",
    "DeclareRetreat",
    "FireOrder",
    "FireTarget",
    "Fleet",
    "FleetCombatSettings",
    "FleetCombatState",
    "FleetOutcome",
    "GroupStatus",
    "HeldFire",
    "LegalTarget",
    "LostShip",
    "OddsResult",
    "PacketReport",
    "Participant",
    "ParticipantStatus",
    "RegisterFleet",
    "RoundOutcome",
    "RoundReport",
    "SetFireOrders",
    "Ship",
    "ShipHit",
    "ShipStats",
    "VolleyReport",
    "apply_class_table",
    "automatic_result",
    "awaited",
    "battle_log_key",
    "battle_status",
    "check_levels_kept",
    "choose_automatic_target",
    "class_count",
    "class_name",
    "class_table_of",
    "close_battle",
    "combat_odds",
    "declare_attack",
    "declare_retreat",
    "default_class_table",
    "eligible_classes",
    "engaged_battle",
    "fight_automatic",
    "fight_automatic_rounds",
    "fight_automatic_sides",
    "firing_groups",
    "fleet_from_counts",
    "get_battle",
    "legal_targets",
    "move_fleet",
    "odds_lines",
    "open_automatic",
    "parse_attack_notation",
    "parse_class_table",
    "register_fleet",
    "remove_fleet",
    "repair_fleet",
    "replace_class_stats",
    "resolve_round",
    "round_lines",
    "set_allies",
    "set_damage_priority",
    "set_fire_orders",
    "set_turn_order",
    "settings_guard",
    "ships_msg",
    "target_counts",
    "target_name",
    "waiting_for",
]
