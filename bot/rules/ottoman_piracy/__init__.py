"""Ottoman piracy (*Here I Stand*, rules/ottoman-piracy.md, OP-*): the ruleset's plug-in.

`engine` holds the procedure (declare, roll both sides, one reward per hit), `models` its
state and settings, `dice` the dice counts, `rewards` the reward step, `names` zones, powers
and the narration helpers. `SPEC` registers it (bot/rulesets.py).
"""

from __future__ import annotations

from bot.errors import typed_params
from bot.rules.ottoman_piracy.dice import (
    count_ottoman_dice,
    count_target_dice,
)
from bot.rules.ottoman_piracy.engine import (
    ROLL_ANTI_PIRACY,
    ROLL_PIRACY,
    PiracyOutcome,
    PiracyStatus,
    StateChange,
    assign_power,
    available_rewards,
    card_lock_lines,
    check_declarer,
    choose_reward,
    declare_piracy,
    end_of_turn,
    force_default_reward,
    piracy_status,
    register_hand_size,
    set_at_war,
    set_hand_size,
    set_piracy_vp,
    start_impulse,
    state_hand_size,
    state_warnings,
    waiting_for,
    zones_used_lines,
)
from bot.rules.ottoman_piracy.models import (
    CardLock,
    FortifiedSpace,
    HitReward,
    OttomanDice,
    OttomanPiracySettings,
    OttomanPiracyState,
    PiracyDeclaration,
    PiracyRecord,
    RewardOption,
    SquadronGroup,
    TargetDiceSource,
)
from bot.rules.ottoman_piracy.names import (
    KNOWN_POWERS,
    OTTOMAN,
    SeaZone,
    find_sea_zone,
    power_key,
    power_label,
    sea_zone_choices,
    sea_zone_label,
    sea_zones,
)
from bot.rules.ottoman_piracy.rewards import (
    ROLL_RANDOM_CARD,
    option_label,
    vp_value,
)
from bot.rulesets import RulesetSpec

SPEC = RulesetSpec(
    key="ottoman_piracy",
    settings_model=OttomanPiracySettings,
    state_model=OttomanPiracyState,
    schema_version=2,  # 2: resolved piracies moved to the archive (migration 003)
    end_of_turn=end_of_turn,
    waiting_for=waiting_for,
    state_warnings=state_warnings,
)


# Refusals that quote what a player typed (a power, leader, fortress, zone or faction): shown
# literally, whatever its Markdown, mentions or @everyone (bot/errors.py).
for _key, _names in (
    ("corsairs.error.unknown_power", ("power", "known")),
    ("corsairs.error.which_ally", ("powers",)),
    ("corsairs.error.fortress_list", ("entry",)),
    ("corsairs.error.player_has_several_factions", ("factions",)),
    ("corsairs.error.not_your_power", ("power",)),
    ("ottoman_piracy.error.no_target_port", ("zone",)),
    ("ottoman_piracy.error.no_corsairs", ("zone",)),
    ("ottoman_piracy.error.zone_already_used", ("zone",)),
    ("ottoman_piracy.error.unknown_leader", ("leader", "known")),
    ("ottoman_piracy.error.unknown_reward", ("reward",)),
):
    typed_params(_key, *_names)

__all__ = [
    "KNOWN_POWERS",
    "OTTOMAN",
    "ROLL_ANTI_PIRACY",
    "ROLL_PIRACY",
    "ROLL_RANDOM_CARD",
    "SPEC",
    "CardLock",
    "FortifiedSpace",
    "HitReward",
    "OttomanDice",
    "OttomanPiracySettings",
    "OttomanPiracyState",
    "PiracyDeclaration",
    "PiracyOutcome",
    "PiracyRecord",
    "PiracyStatus",
    "RewardOption",
    "SeaZone",
    "SquadronGroup",
    "StateChange",
    "TargetDiceSource",
    "assign_power",
    "available_rewards",
    "card_lock_lines",
    "check_declarer",
    "choose_reward",
    "count_ottoman_dice",
    "count_target_dice",
    "declare_piracy",
    "end_of_turn",
    "find_sea_zone",
    "force_default_reward",
    "option_label",
    "piracy_status",
    "power_key",
    "power_label",
    "register_hand_size",
    "sea_zone_choices",
    "sea_zone_label",
    "sea_zones",
    "set_at_war",
    "set_hand_size",
    "set_piracy_vp",
    "start_impulse",
    "state_hand_size",
    "state_warnings",
    "vp_value",
    "waiting_for",
    "zones_used_lines",
]
