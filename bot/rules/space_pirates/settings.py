"""Space pirates settings: one typed field per row of the spec's settings summary (SP-I1…SP-I45).

Fields are flat, so `/campaign settings` addresses each as `space_pirates.<name>`; each field
carries its spec group and clause in `json_schema_extra`. The one-line descriptions live in
the catalogs (`space_pirates.setting.<name>`, English and Russian), not here.
"""

from __future__ import annotations

from typing import Any
from typing import Literal
from typing import get_args

from pydantic import BaseModel
from pydantic import ConfigDict
from pydantic import Field
from pydantic import model_validator
from pydantic.config import JsonDict

from bot.settings_edit import SettingsRule

PirateType = Literal["battleship", "cruiser", "raider"]
PIRATE_TYPES: tuple[PirateType, ...] = ("battleship", "cruiser", "raider")

ResolutionStep = Literal[
    "privateers",
    "base_attacks",
    "route_raid",
    "bribed_route_raids",
    "planet_check",
    "bribed_planet_raids",
    "mercenary_upkeep",
    "report",
]
DEFAULT_RESOLUTION_ORDER: list[ResolutionStep] = list(get_args(ResolutionStep))

# Setting groups, in the order the spec's section 4 presents them.
GROUPS: tuple[str, ...] = (
    "raid_chance",
    "strength_and_fleet",
    "battle",
    "route_outcome",
    "planet_raid",
    "police",
    "pirate_base",
    "bribe",
    "buy_off",
    "mercenaries",
    "privateers",
    "history_and_money",
)


def _setting(default: Any, group: str, clause: str, **limits: Any) -> Any:
    """A settings field with its spec group and clause; its one-line description, in both
    languages, is the catalog's `space_pirates.setting.<name>`. `ordered=True` marks a list
    whose order matters: it is shown as the GM gave it (`bot.settings_edit`)."""
    if group not in GROUPS:
        msg = f"unknown settings group {group!r}"
        raise ValueError(msg)
    extra: JsonDict = {"group": group, "clause": clause}
    if limits.pop("ordered", False):
        extra["ordered"] = True
    if isinstance(default, list | dict):
        value = default

        def factory() -> Any:
            return value.copy()

        return Field(default_factory=factory, json_schema_extra=extra, **limits)
    return Field(default=default, json_schema_extra=extra, **limits)


class PirateShipType(BaseModel):
    """One row of the pirate ship table (SP-I9): its fleet combat class, cost and squads."""

    model_config = ConfigDict(frozen=True)

    combat_class: str
    cost: int = Field(ge=1, le=1_000_000)
    squads: int = Field(ge=0, le=100)


def _default_pirate_table() -> dict[str, PirateShipType]:
    return {
        "raider": PirateShipType(combat_class="destroyer", cost=100, squads=1),
        "cruiser": PirateShipType(combat_class="cruiser", cost=200, squads=2),
        "battleship": PirateShipType(combat_class="dreadnought", cost=400, squads=4),
    }


DEFAULT_SHIP_COSTS: dict[str, int] = {
    "fighter": 50,
    "destroyer": 100,
    "cruiser": 200,
    "carrier": 300,
    "dreadnought": 400,
    "war_sun": 1200,
    "transport": 100,
    "colonizer": 100,
}

Pct = dict(ge=0, le=1000)
Count = dict(ge=0, le=1000)
Positive = dict(ge=1, le=1_000_000)
Amount = dict(ge=0, le=10**9)  # incomes and prices
Share = dict(ge=0, le=100)  # a percentage of a whole


class SpacePiratesSettings(BaseModel):
    """Per-campaign settings of `space_pirates` with the documented defaults (section 4)."""

    model_config = ConfigDict(validate_assignment=True)

    # --- raid chance (SP-I1…SP-I5) -----------------------------------------------------------
    raid_die_faces: int = _setting(20, "raid_chance", "SP-I1", ge=2, le=1000)
    base_points_poor: int = _setting(1, "raid_chance", "SP-I1", **Count)
    base_points_rich: int = _setting(2, "raid_chance", "SP-I1", **Count)
    points_per_extra_route: int = _setting(1, "raid_chance", "SP-I1", **Count)
    points_per_streak: int = _setting(1, "raid_chance", "SP-I1", **Count)
    rich_route_threshold: int = _setting(100, "raid_chance", "SP-I2", **Amount)
    rich_route_inclusive: bool = _setting(False, "raid_chance", "SP-I2")
    extra_route_min_income: int = _setting(0, "raid_chance", "SP-I3", **Amount)
    target_weight_rich: int = _setting(2, "raid_chance", "SP-I4", ge=1, le=100)
    target_weight_poor: int = _setting(1, "raid_chance", "SP-I4", ge=1, le=100)
    shared_route_rolled_by: Literal["each_owner", "primary_owner"] = _setting(
        "each_owner", "raid_chance", "SP-I5"
    )

    # --- strength and fleet (SP-I6…SP-I9, SP-I41, SP-I42) -----------------------------------
    dice_income_step: int = _setting(100, "strength_and_fleet", "SP-I6", **Positive)
    big_income_threshold: int = _setting(1000, "strength_and_fleet", "SP-I6", **Amount)
    big_income_step: int = _setting(1000, "strength_and_fleet", "SP-I6", **Positive)
    big_income_multiplier: int = _setting(12, "strength_and_fleet", "SP-I6", ge=1, le=1000)
    min_strength_dice: int = _setting(0, "strength_and_fleet", "SP-I6", **Share)
    multiplier_combination: Literal["product", "sum"] = _setting(
        "product", "strength_and_fleet", "SP-I7"
    )
    streak_bonus_pct: int = _setting(10, "strength_and_fleet", "SP-I7", **Pct)
    value_per_strength: int = _setting(50, "strength_and_fleet", "SP-I7", **Positive)
    battleship_share_pct: int = _setting(30, "strength_and_fleet", "SP-I8", **Share)
    cruiser_share_pct: int = _setting(30, "strength_and_fleet", "SP-I8", **Share)
    min_raiders: int = _setting(1, "strength_and_fleet", "SP-I8", **Share)
    pirate_ship_table: dict[str, PirateShipType] = Field(
        default_factory=_default_pirate_table,
        description="Pirate ship types: fleet combat class, cost, squads (SP-I9)",
        json_schema_extra={"group": "strength_and_fleet", "clause": "SP-I9"},
    )
    ship_cost_table: dict[str, int] = _setting(DEFAULT_SHIP_COSTS, "strength_and_fleet", "SP-I41")
    payment_value_floor: Literal["fleet_cost", "none"] = _setting(
        "fleet_cost", "strength_and_fleet", "SP-I42"
    )

    # --- battle (SP-I10…SP-I12, SP-I44) ------------------------------------------------------
    police_ships_fight: bool = _setting(True, "battle", "SP-I10")
    undefended_raid_destroys_transports: bool = _setting(False, "battle", "SP-I10")
    auto_battle_max_rounds: int = _setting(50, "battle", "SP-I11", ge=0, le=1000)
    mutual_destruction_result: Literal["defender_wins", "pirates_win"] = _setting(
        "defender_wins", "battle", "SP-I11"
    )
    defender_may_retreat: bool = _setting(False, "battle", "SP-I11")
    pirate_victory_losses: Literal["all_participants", "destroyed_only"] = _setting(
        "all_participants", "battle", "SP-I12"
    )
    shared_route_defenders: Literal["all_registered", "victim_only"] = _setting(
        "all_registered", "battle", "SP-I43"
    )

    # --- route outcome (SP-I13…SP-I15) -------------------------------------------------------
    route_raid_income_loss_pct: int = _setting(100, "route_outcome", "SP-I13", **Share)
    route_income_loss_once_per_turn: bool = _setting(True, "route_outcome", "SP-I13")
    streak_resets_on_quiet_turn: bool = _setting(False, "route_outcome", "SP-I14")
    route_immunity_turns: int = _setting(3, "route_outcome", "SP-I15", **Count)
    immunity_blocks_bribed_raids: bool = _setting(True, "route_outcome", "SP-I15")
    immunity_covers_rest_of_resolution: bool = _setting(False, "route_outcome", "SP-I15")

    # --- planet raid (SP-I16…SP-I27, SP-I38) -------------------------------------------------
    planet_raid_streak_threshold: int = _setting(10, "planet_raid", "SP-I16", **Count)
    planet_raid_base_points: int = _setting(2, "planet_raid", "SP-I16", **Count)
    planet_roll_requires_route_attack: bool = _setting(False, "planet_raid", "SP-I16")
    planet_raid_fail_penalty_points: int = _setting(3, "planet_raid", "SP-I17", **Count)
    planet_points_per_streak_above_threshold: int = _setting(0, "planet_raid", "SP-I17", **Count)
    planet_penalty_clears_on_streak_reset: bool = _setting(True, "planet_raid", "SP-I17")
    planet_target_priority: Literal[
        "weakest_then_richest", "richest_then_weakest", "income_per_defence"
    ] = _setting("weakest_then_richest", "planet_raid", "SP-I18")
    planet_raid_cooldown_turns: int = _setting(6, "planet_raid", "SP-I19", **Count)
    planet_fleet_multiplier: int = _setting(2, "planet_raid", "SP-I20", ge=0, le=1000)
    planet_fleet_history_count: int = _setting(3, "planet_raid", "SP-I20", ge=1, le=1000)
    history_includes_bought_off: bool = _setting(False, "planet_raid", "SP-I20")
    planet_defence_win_resets_streak: bool = _setting(False, "planet_raid", "SP-I21")
    plunder_choice_mode: Literal["standing_flag", "ask_when_raided"] = _setting(
        "standing_flag", "planet_raid", "SP-I22"
    )
    passive_troops_loot_pct: int = _setting(50, "planet_raid", "SP-I22", **Share)
    industry_block_turns: int = _setting(1, "planet_raid", "SP-I22", **Count)
    industry_block_starts: Literal["resolved_turn", "next_turn"] = _setting(
        "resolved_turn", "planet_raid", "SP-I22"
    )
    ground_attacks: int = _setting(10, "planet_raid", "SP-I23", ge=0, le=1000)
    pirate_squad_hit: int = _setting(5, "planet_raid", "SP-I23", ge=1, le=7)
    troop_hit: int = _setting(4, "planet_raid", "SP-I23", ge=1, le=7)
    squads_per_ship: dict[str, int] = _setting(
        {"raider": 1, "cruiser": 2, "battleship": 4}, "planet_raid", "SP-I23"
    )
    squads_from: Literal["survivors", "whole_fleet"] = _setting(
        "survivors", "planet_raid", "SP-I23"
    )
    empty_building_uses_attack: bool = _setting(True, "planet_raid", "SP-I23")
    planet_raid_success_rule: Literal["any_loot", "anything_taken", "pirates_survive"] = _setting(
        "any_loot", "planet_raid", "SP-I24"
    )
    plunder_without_pirate_survivors: Literal["plunder", "raid_fails"] = _setting(
        "plunder", "planet_raid", "SP-I24"
    )
    population_capture_pct: int = _setting(10, "planet_raid", "SP-I25", **Share)
    birth_rate_penalty_turns: int = _setting(3, "planet_raid", "SP-I25", **Count)
    birth_rate_factor_pct: int = _setting(50, "planet_raid", "SP-I25", **Share)
    rampage_ends_on: Literal["failed_planet_raid", "base_destroyed_only"] = _setting(
        "failed_planet_raid", "planet_raid", "SP-I26"
    )
    planet_raid_success_bonus_pct: int = _setting(30, "planet_raid", "SP-I27", **Pct)
    planet_raid_fail_loss_pct: int = _setting(30, "planet_raid", "SP-I27", **Pct)
    planet_raid_fail_loss_mode: Literal["subtract_points", "scale_down"] = _setting(
        "subtract_points", "planet_raid", "SP-I27"
    )
    planet_records_count_for_planet_fleet: bool = _setting(False, "planet_raid", "SP-I38")

    # --- police (SP-I28) --------------------------------------------------------------------
    police_income_per_ship: int = _setting(500, "police", "SP-I28", **Positive)
    police_points_per_route: int = _setting(1, "police", "SP-I28", **Count)
    police_min_points: int = _setting(1, "police", "SP-I28", **Count)
    police_income_basis: Literal["combined", "own_share"] = _setting("combined", "police", "SP-I28")

    # --- pirate base (SP-I29…SP-I32) ---------------------------------------------------------
    base_exists_rule: Literal["raid_bonuses_only", "any_bonus"] = _setting(
        "raid_bonuses_only", "pirate_base", "SP-I29"
    )
    forget_base_when_gone: bool = _setting(True, "pirate_base", "SP-I29")
    locate_cost_pct: int = _setting(10, "pirate_base", "SP-I30", **Pct)
    base_history_window_turns: int = _setting(10, "pirate_base", "SP-I30", ge=1, le=1000)
    base_fleet_multiplier: int = _setting(2, "pirate_base", "SP-I31", ge=0, le=1000)
    base_fail_growth_pct: int = _setting(20, "pirate_base", "SP-I31", **Pct)
    base_fail_growth_scope: Literal["base_fleet", "all_fleets"] = _setting(
        "base_fleet", "pirate_base", "SP-I31"
    )
    base_fleet_window_at: Literal["battle", "order"] = _setting("battle", "pirate_base", "SP-I31")
    base_mutual_wipe_result: Literal["follow_mutual_destruction_result", "attack_failed"] = (
        _setting("follow_mutual_destruction_result", "pirate_base", "SP-I31")
    )
    base_bonus_income_per_planet: int = _setting(100, "pirate_base", "SP-I32", **Amount)
    base_bonus_turns: int = _setting(3, "pirate_base", "SP-I32", **Count)
    peace_turns: int = _setting(10, "pirate_base", "SP-I32", **Count)
    peace_blocks_privateer_recall: bool = _setting(False, "pirate_base", "SP-I32")

    # --- bribe (SP-I33) ---------------------------------------------------------------------
    bribe_cost_pct: int = _setting(50, "bribe", "SP-I33", **Pct)
    bribe_withdraw_after_roll: bool = _setting(False, "bribe", "SP-I33")
    bribe_target_choice: Literal["rules", "briber_chooses"] = _setting("rules", "bribe", "SP-I33")
    bribed_planet_in_cooldown: Literal["cancel", "reselect"] = _setting("cancel", "bribe", "SP-I33")
    cancelled_bribe_refund: bool = _setting(False, "bribe", "SP-I33")
    reveal_briber_to_victim: bool = _setting(False, "bribe", "SP-I33")

    # --- buy-off (SP-I34) -------------------------------------------------------------------
    buy_off_cost_pct: int = _setting(10, "buy_off", "SP-I34", **Pct)
    buy_off_bonus_pct: int = _setting(5, "buy_off", "SP-I34", **Pct)
    buy_off_default: Literal["decline", "accept"] = _setting("decline", "buy_off", "SP-I34")
    bribed_offer_timing: Literal["at_resolution", "at_placement"] = _setting(
        "at_resolution", "buy_off", "SP-I34"
    )

    # --- mercenaries (SP-I35) ---------------------------------------------------------------
    mercenary_pool_divisor: int = _setting(3, "mercenaries", "SP-I35", ge=1, le=1000)
    mercenary_window_turns: int = _setting(3, "mercenaries", "SP-I35", ge=1, le=1000)
    mercenary_hire_pct: int = _setting(50, "mercenaries", "SP-I35", **Pct)
    mercenary_upkeep_pct: int = _setting(20, "mercenaries", "SP-I35", **Pct)
    mercenary_upkeep_in_hire_turn: bool = _setting(True, "mercenaries", "SP-I35")
    mercenary_upkeep_basis: Literal["hired_value", "surviving_value"] = _setting(
        "hired_value", "mercenaries", "SP-I35"
    )
    mercenary_pool_uses_latest_record: bool = _setting(False, "mercenaries", "SP-I35")
    mercenary_contract_ends_when_destroyed: bool = _setting(False, "mercenaries", "SP-I35")
    mercenary_upkeep_default: Literal["pay", "end"] = _setting("pay", "mercenaries", "SP-I35")

    # --- privateers (SP-I36, SP-I37) --------------------------------------------------------
    privateers_require_tech: bool = _setting(True, "privateers", "SP-I36")
    privateer_raid_points: int = _setting(0, "privateers", "SP-I36", **Count)
    privateers_join: Literal["target_only", "any_victim"] = _setting(
        "target_only", "privateers", "SP-I36"
    )
    privateers_fight_own_ships: bool = _setting(False, "privateers", "SP-I36")
    privateer_recall_cost_pct: int = _setting(50, "privateers", "SP-I37", **Pct)
    privateer_partial_recall: bool = _setting(False, "privateers", "SP-I37")

    # --- history, money, order (SP-I39, SP-I40) ---------------------------------------------
    payment_rounding: Literal["ceil", "floor", "nearest"] = _setting(
        "ceil", "history_and_money", "SP-I39"
    )
    loss_rounding: Literal["floor", "ceil", "nearest"] = _setting(
        "floor", "history_and_money", "SP-I39"
    )
    resolution_order: list[ResolutionStep] = _setting(
        DEFAULT_RESOLUTION_ORDER, "history_and_money", "SP-I40", ordered=True
    )

    @model_validator(mode="after")
    def _tables_are_whole(self) -> SpacePiratesSettings:
        missing = [p for p in PIRATE_TYPES if p not in self.pirate_ship_table]
        if missing:
            raise SettingsRule(
                "space_pirates.settings.ship_table_lacks",
                ("pirate_ship_table",),
                types=", ".join(missing),
            )
        missing = [p for p in PIRATE_TYPES if p not in self.squads_per_ship]
        if missing:
            raise SettingsRule(
                "space_pirates.settings.squads_table_lacks",
                ("squads_per_ship",),
                types=", ".join(missing),
            )
        if sorted(self.resolution_order) != sorted(DEFAULT_RESOLUTION_ORDER):
            raise SettingsRule(
                "space_pirates.settings.every_step_once",
                ("resolution_order",),
                steps=", ".join(DEFAULT_RESOLUTION_ORDER),
            )
        return self

    def pirate_cost(self, pirate_type: str) -> int:
        """A pirate ship's cost (SP-I9)."""
        return self.pirate_ship_table[pirate_type].cost

    def ship_cost(self, ship_class: str, registered: int | None = None) -> int:
        """A player ship's cost: the registered one, else the class table's (SP-I41)."""
        if registered is not None:
            return registered
        return self.ship_cost_table.get(ship_class, 0)


def settings_by_group() -> dict[str, list[str]]:
    """Setting names by group, in the spec's order, for `/campaign settings`."""
    groups: dict[str, list[str]] = {g: [] for g in GROUPS}
    for name, info in SpacePiratesSettings.model_fields.items():
        extra = info.json_schema_extra
        assert isinstance(extra, dict)
        groups[str(extra["group"])].append(name)
    return groups
