"""Naval orders settings: one typed field per row of the settings summary of
rules/naval-orders.md §4 (NO-I1…NO-I19), with the documented defaults.

Each field's description (its docstring) cites its interpretation; the catalogs hold the
same line in both languages under `naval_orders.setting.<name>`.
"""

from __future__ import annotations

from typing import Annotated
from typing import Literal

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field

OrderKind = Literal[
    "cruise", "move", "raid", "blockade", "escort", "landing", "build", "repair", "disband"
]
ORDER_KINDS: tuple[OrderKind, ...] = (
    "cruise",
    "move",
    "raid",
    "blockade",
    "escort",
    "landing",
    "build",
    "repair",
    "disband",
)
FleetRangeRule = Literal["slowest", "fixed"]
PortPenaltyMode = Literal["each", "once_per_turn"]
MoveAttackScope = Literal["own_and_adjacent", "adjacent_only"]
RaidAttackScope = Literal["own_and_adjacent", "own_only"]
RaidDurationMode = Literal["ordered_plus_d3", "d6"]
NearestStationBy = Literal["gm", "distance_table"]

# The bounds of the numeric settings.
Reach = Annotated[int, Field(ge=0, le=50)]  # movement ranges
Turns = Annotated[int, Field(ge=0, le=10)]  # turns of a delay
Times = Annotated[int, Field(ge=1, le=10)]  # how often per turn, turns allowed
Target = Annotated[int, Field(ge=1, le=30)]  # a command test's target number
Modifier = Annotated[int, Field(ge=-5, le=5)]  # a command test's modifier
Percent = Annotated[int, Field(ge=0, le=100)]
Waypoints = Annotated[int, Field(ge=0, le=20)]


def _all_orders() -> list[OrderKind]:
    return list(ORDER_KINDS)


class NavalOrdersSettings(BaseModel):
    """Per-campaign settings of `naval_orders`, one field per row of the settings summary."""

    model_config = ConfigDict(
        extra="forbid", validate_assignment=True, use_attribute_docstrings=True
    )

    enabled_orders: list[OrderKind] = Field(
        default_factory=_all_orders,
        description="NO-I1: orders that may be recorded",
        json_schema_extra={"minItems": 1},  # with none, no force could ever be given an order
    )
    orders_per_force_per_turn: Times = 1
    """NO-I2: new orders a force may receive per turn"""
    line_squadron_range: Reach = 3
    """NO-I3: base range of a line squadron"""
    auxiliary_squadron_range: Reach = 4
    """NO-I3: base range of an auxiliary squadron"""
    packet_boat_range: Reach = 5
    """NO-I3, NO-I22: base range of a packet boat"""
    fleet_range_rule: FleetRangeRule = "slowest"
    """NO-I3: a fleet moves at its slowest squadron, or fixed"""
    fleet_fixed_range: Reach = 3
    """NO-I3: a fleet's range under the fixed rule"""
    port_penalty_mode: PortPenaltyMode = "each"
    """NO-I4: −1 per port exit and entry, or once per turn"""
    port_penalty_applies_to_fleets: bool = False
    """NO-I4: fleets also pay the port penalty"""
    port_penalty_applies_to_packet_boats: bool = False
    """NO-I4, NO-I22: packet boats also pay the port penalty"""
    min_range: Reach = 0
    """NO-I4: floor of the range"""
    damaged_hull_threshold_pct: Percent = 75
    """NO-I5: hull damage above this makes a ship damaged"""
    damaged_includes_unrated: bool = True
    """NO-I5: transports, merchantmen, packet boats can be damaged"""
    validate_wind_paths: bool = False
    """NO-I6: check wind paths on a map (the bot keeps no map)"""
    formation_turns: Turns = 1
    """NO-I7: turns to form or dissolve a convoy or fleet"""
    order_relay_turns: Turns = 1
    """NO-I7: relay turns after a packet boat arrives"""
    port_layover_turns: Turns = 1
    """NO-I7: turns in port after completing an order"""
    layover_applies_to_squadrons: bool = True
    """NO-I7: squadrons as well as fleets take the layover"""
    cruise_test_target: Target = 4
    """NO-I8: cruising command test succeeds on this+"""
    move_test_target: Target = 6
    """NO-I8: transfer command test succeeds on this+"""
    raid_test_target: Target = 6
    """NO-I8: raiding command test succeeds on this+"""
    count_self_auxiliary: bool = True
    """NO-I8: a lone auxiliary squadron counts itself (+1)"""
    damaged_penalty_per_ship: bool = False
    """NO-I8: −1 per damaged ship in the tests instead of once"""
    unrated_ship_raid_modifier: Modifier = 0
    """NO-I8: raiding test modifier per unrated vessel"""
    command_tests_per_turn: Times = 1
    """NO-I9: command tests a force may take per turn"""
    attack_before_arrival: bool = False
    """NO-I9: cruising/raiding forces may attack on the way"""
    cruise_attack_own_location: bool = False
    """NO-I10: a cruising force may attack in its own location"""
    move_attack_scope: MoveAttackScope = "own_and_adjacent"
    """NO-I11: where a force on a transfer may attack"""
    raid_attack_scope: RaidAttackScope = "own_and_adjacent"
    """NO-I12: where a raiding force may attack"""
    raid_duration_mode: RaidDurationMode = "ordered_plus_d3"
    """NO-I13: raid lasts N + d3 turns, or d6 turns"""
    raid_extra_roll_hidden: bool = False
    """NO-I13: the raid duration roll is shown to the GM only"""
    count_turns_away: bool = True
    """NO-I14: turns away on an authorised attack count"""
    return_deadline_turns: Times = 1
    """NO-I15: turns to get back to the zone after a battle"""
    late_return_breaks_order: bool = False
    """NO-I15: a late return breaks the order for a GM ruling"""
    nearest_station_by: NearestStationBy = "gm"
    """NO-I16: nearest station named by the player and GM, or a table"""
    min_waypoints: Waypoints = 1
    """NO-I17: intermediate locations a transfer must name"""
    layover_after_transfer: bool = True
    """NO-I17: a completed transfer is followed by the layover"""
    gm_can_override_orders: bool = True
    """NO-I18: the GM may change an order anywhere, at once"""
    strict_order_forms: bool = True
    """NO-I19: orders must fill every field of their form"""
    orders_public: bool = False
    """not in the rules, a house option: orders are shown to everyone before the turn ends"""
