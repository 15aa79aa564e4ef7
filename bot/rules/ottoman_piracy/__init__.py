"""Ottoman piracy (*Here I Stand*, rules/ottoman-piracy.md, OP-*): the ruleset's plug-in.

`engine` holds the procedure (declare, roll both sides, one reward per hit), `models` its
state and settings, `dice` the dice counts, `rewards` the reward step, `names` zones, powers
and the narration helpers. `SPEC` registers it (bot/rulesets.py).
"""

from __future__ import annotations

from bot.errors import typed_params
from bot.rules.ottoman_piracy.dice import count_ottoman_dice
from bot.rules.ottoman_piracy.dice import count_target_dice
from bot.rules.ottoman_piracy.engine import ROLL_ANTI_PIRACY
from bot.rules.ottoman_piracy.engine import ROLL_PIRACY
from bot.rules.ottoman_piracy.engine import PiracyOutcome
from bot.rules.ottoman_piracy.engine import PiracyStatus
from bot.rules.ottoman_piracy.engine import StateChange
from bot.rules.ottoman_piracy.engine import assign_power
from bot.rules.ottoman_piracy.engine import available_rewards
from bot.rules.ottoman_piracy.engine import card_lock_lines
from bot.rules.ottoman_piracy.engine import check_declarer
from bot.rules.ottoman_piracy.engine import choose_reward
from bot.rules.ottoman_piracy.engine import declare_piracy
from bot.rules.ottoman_piracy.engine import end_of_turn
from bot.rules.ottoman_piracy.engine import force_default_reward
from bot.rules.ottoman_piracy.engine import piracy_status
from bot.rules.ottoman_piracy.engine import register_hand_size
from bot.rules.ottoman_piracy.engine import set_at_war
from bot.rules.ottoman_piracy.engine import set_hand_size
from bot.rules.ottoman_piracy.engine import set_piracy_vp
from bot.rules.ottoman_piracy.engine import settings_changed
from bot.rules.ottoman_piracy.engine import start_impulse
from bot.rules.ottoman_piracy.engine import state_hand_size
from bot.rules.ottoman_piracy.engine import state_warnings
from bot.rules.ottoman_piracy.engine import waiting_for
from bot.rules.ottoman_piracy.engine import zones_used_lines
from bot.rules.ottoman_piracy.models import CardLock
from bot.rules.ottoman_piracy.models import FortifiedSpace
from bot.rules.ottoman_piracy.models import HitReward
from bot.rules.ottoman_piracy.models import OttomanDice
from bot.rules.ottoman_piracy.models import OttomanPiracySettings
from bot.rules.ottoman_piracy.models import OttomanPiracyState
from bot.rules.ottoman_piracy.models import PiracyDeclaration
from bot.rules.ottoman_piracy.models import PiracyRecord
from bot.rules.ottoman_piracy.models import RewardOption
from bot.rules.ottoman_piracy.models import SquadronGroup
from bot.rules.ottoman_piracy.models import TargetDiceSource
from bot.rules.ottoman_piracy.names import KNOWN_POWERS
from bot.rules.ottoman_piracy.names import OTTOMAN
from bot.rules.ottoman_piracy.names import SeaZone
from bot.rules.ottoman_piracy.names import find_sea_zone
from bot.rules.ottoman_piracy.names import logged_power_label
from bot.rules.ottoman_piracy.names import power_key
from bot.rules.ottoman_piracy.names import power_label
from bot.rules.ottoman_piracy.names import sea_zone_choices
from bot.rules.ottoman_piracy.names import sea_zone_label
from bot.rules.ottoman_piracy.names import sea_zones
from bot.rules.ottoman_piracy.rewards import ROLL_RANDOM_CARD
from bot.rules.ottoman_piracy.rewards import asked_power
from bot.rules.ottoman_piracy.rewards import logged_answer_label
from bot.rules.ottoman_piracy.rewards import option_label
from bot.rules.ottoman_piracy.rewards import vp_value
from bot.rules.ottoman_piracy.setup import setup_step
from bot.rulesets import RulesetSpec

SPEC = RulesetSpec(
    key="ottoman_piracy",
    settings_model=OttomanPiracySettings,
    state_model=OttomanPiracyState,
    schema_version=2,  # 2: resolved piracies moved to the archive (migration 003)
    end_of_turn=end_of_turn,
    waiting_for=waiting_for,
    setup_step=setup_step,
    state_warnings=state_warnings,
    settings_changed=settings_changed,
    answer_label=logged_answer_label,
    value_label=logged_power_label,
)


# Refusals that quote what a player typed (a power, leader, fortress, zone or faction): shown
# literally, whatever its Markdown, mentions or @everyone (bot/errors.py).
for _key, _names in (
    ("corsairs.error.unknown_power", ("power", "known")),
    ("corsairs.error.which_ally", ("powers",)),
    ("corsairs.error.fortress_list", ("entry",)),
    ("corsairs.error.place_is_the_zone", ("place",)),
    ("corsairs.error.player_has_several_factions", ("factions",)),
    ("corsairs.error.not_your_power", ("power",)),
    ("ottoman_piracy.error.no_target_port", ("zone",)),
    ("ottoman_piracy.error.no_corsairs", ("zone",)),
    ("ottoman_piracy.error.zone_already_used", ("zone",)),
    ("ottoman_piracy.error.zone_look_alike", ("zone",)),
    ("ottoman_piracy.error.power_look_alike", ("power",)),
    ("ottoman_piracy.error.unknown_leader", ("leader", "known")),
    ("ottoman_piracy.error.unknown_reward", ("reward",)),
    ("ottoman_piracy.error.fortress_twice", ("name",)),
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
    "asked_power",
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
    "settings_changed",
    "start_impulse",
    "state_hand_size",
    "state_warnings",
    "vp_value",
    "waiting_for",
    "zones_used_lines",
]
