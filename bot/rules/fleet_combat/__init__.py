"""Fleet combat (`fleet_combat`, rules/fleet-combat.md): the pure rules engine.

Players register fleets at board points, declare attacks, give fire orders per ship class
and may retreat; one round of every battle resolves per end of turn. Automatic mode and
the odds calculator serve other rulesets and `/combat odds`. No Discord, no I/O.
"""

from __future__ import annotations

from bot.rules.fleet_combat.automatic import (
    AutomaticResult,
    fight_automatic,
    fight_automatic_sides,
)
from bot.rules.fleet_combat.battles import (
    BattleOutcome,
    BattleStatus,
    GroupStatus,
    LegalTarget,
    ParticipantStatus,
    RoundOutcome,
    battle_status,
    close_battle,
    declare_attack,
    declare_retreat,
    firing_groups,
    get_battle,
    legal_targets,
    resolve_round,
    set_allies,
    set_damage_priority,
    set_fire_orders,
)
from bot.rules.fleet_combat.fleets import (
    FleetOutcome,
    engaged_battle,
    move_fleet,
    register_fleet,
    repair_fleet,
    set_turn_order,
)
from bot.rules.fleet_combat.ladder import choose_automatic_target, eligible_classes
from bot.rules.fleet_combat.messages import class_count, class_name, round_lines, ships_msg
from bot.rules.fleet_combat.models import (
    Battle,
    BattleResult,
    DeclareAttack,
    DeclareRetreat,
    FireOrder,
    FireTarget,
    Fleet,
    FleetCombatState,
    HeldFire,
    LostShip,
    PacketReport,
    Participant,
    RegisterFleet,
    RoundReport,
    SetFireOrders,
    Ship,
    ShipHit,
    VolleyReport,
)
from bot.rules.fleet_combat.odds import OddsResult, combat_odds, fleet_from_counts
from bot.rules.fleet_combat.settings import (
    ClassTable,
    FleetCombatSettings,
    ShipStats,
    apply_class_table,
    class_table_of,
    default_class_table,
    parse_attack_notation,
    parse_class_table,
    replace_class_stats,
)
from bot.rules.fleet_combat.turn import end_of_turn, waiting_for
from bot.rulesets import RulesetSpec

SPEC = RulesetSpec(
    key="fleet_combat",
    settings_model=FleetCombatSettings,
    state_model=FleetCombatState,
    cog_module="cogs.fleet_combat",
    schema_version=1,
    end_of_turn=end_of_turn,
    waiting_for=waiting_for,
)

__all__ = [
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
    "battle_status",
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
    "fight_automatic_sides",
    "firing_groups",
    "fleet_from_counts",
    "get_battle",
    "legal_targets",
    "move_fleet",
    "parse_attack_notation",
    "parse_class_table",
    "register_fleet",
    "repair_fleet",
    "replace_class_stats",
    "resolve_round",
    "round_lines",
    "set_allies",
    "set_damage_priority",
    "set_fire_orders",
    "set_turn_order",
    "ships_msg",
    "waiting_for",
]
