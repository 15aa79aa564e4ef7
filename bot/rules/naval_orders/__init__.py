"""Naval orders (`naval_orders`, rules/naval-orders.md): the pure rules engine.

No Discord, no I/O: every command takes the state and returns an outcome with a new state
(the input is never changed); every die comes from the `Dice` passed in; everything players
read is a `Msg`. Refusals raise `RuleViolation` / `NotFound` / `NotAllowed` / `Conflict`
with a catalog key naming the clause, and change nothing.

API at a glance (the cog's calls; `turn` is the campaign turn being played):

- register: `register_force(state, settings, RegisterForce, reader=)`,
  `remove_force(state, name, reader=)`,
  `register_station(state, RegisterStation)`, `remove_station`, `set_station_distances`,
  `report_position(state, settings, ReportPosition, turn)`;
- orders: `give_order(state, settings, GiveOrder, turn)`,
  `give_build_order(state, settings, GiveBuildOrder, turn)`,
  `complete_order(state, settings, faction, force, turn, by_gm=)`,
  `declare_return_station(state, settings, faction, force, station, by_gm=)`;
- packet boats: `send_by_packet(state, settings, SendByPacket, turn)`,
  `register_packet_arrival(state, settings, faction, relay_id, turn, by_gm=)`;
- movement range: `movement_range(state, settings, force, MovementPlan)`;
- command test: `take_command_test(state, settings, CommandTestRequest, dice, turn)`;
- forming/dissolving: `start_formation(state, settings, StartFormation, turn)`;
- reading: `orders_overview(...)`, `order_visible(...)`, `order_text(force_name, active)`;
- end of turn: `end_of_turn(TurnContext)`, `waiting_for(state, settings, turn)`.
"""

from __future__ import annotations

from bot.errors import typed_params
from bot.rules.naval_orders.command_test import ROLL_COMMAND_TEST
from bot.rules.naval_orders.command_test import CommandTestOutcome
from bot.rules.naval_orders.command_test import command_test_modifiers
from bot.rules.naval_orders.command_test import command_test_target
from bot.rules.naval_orders.command_test import take_command_test
from bot.rules.naval_orders.damage import is_damaged
from bot.rules.naval_orders.formations import start_formation
from bot.rules.naval_orders.messages import order_text
from bot.rules.naval_orders.messages import ships_msg
from bot.rules.naval_orders.models import ActiveOrder
from bot.rules.naval_orders.models import BlockadeOrder
from bot.rules.naval_orders.models import BuildOrder
from bot.rules.naval_orders.models import CommandTestRequest
from bot.rules.naval_orders.models import CompletedOrder
from bot.rules.naval_orders.models import CruiseOrder
from bot.rules.naval_orders.models import DisbandOrder
from bot.rules.naval_orders.models import EscortOrder
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import GiveBuildOrder
from bot.rules.naval_orders.models import GiveOrder
from bot.rules.naval_orders.models import LandingOrder
from bot.rules.naval_orders.models import MovementPlan
from bot.rules.naval_orders.models import MoveOrder
from bot.rules.naval_orders.models import NavalOrdersState
from bot.rules.naval_orders.models import Order
from bot.rules.naval_orders.models import PacketRelay
from bot.rules.naval_orders.models import RaidOrder
from bot.rules.naval_orders.models import RegisterForce
from bot.rules.naval_orders.models import RegisterStation
from bot.rules.naval_orders.models import RepairOrder
from bot.rules.naval_orders.models import ReportPosition
from bot.rules.naval_orders.models import SendByPacket
from bot.rules.naval_orders.models import Ship
from bot.rules.naval_orders.models import Squadron
from bot.rules.naval_orders.models import StartFormation
from bot.rules.naval_orders.models import Station
from bot.rules.naval_orders.models import archive_key
from bot.rules.naval_orders.movement import compute_range
from bot.rules.naval_orders.movement import movement_range
from bot.rules.naval_orders.orders import check_build_form_opens
from bot.rules.naval_orders.orders import check_order_form_opens
from bot.rules.naval_orders.orders import complete_order
from bot.rules.naval_orders.orders import declare_return_station
from bot.rules.naval_orders.orders import give_build_order
from bot.rules.naval_orders.orders import give_order
from bot.rules.naval_orders.outcomes import NavalOutcome
from bot.rules.naval_orders.packets import register_packet_arrival
from bot.rules.naval_orders.packets import send_by_packet
from bot.rules.naval_orders.position import report_position
from bot.rules.naval_orders.registry import register_force
from bot.rules.naval_orders.registry import register_station
from bot.rules.naval_orders.registry import remove_force
from bot.rules.naval_orders.registry import remove_station
from bot.rules.naval_orders.registry import set_station_distances
from bot.rules.naval_orders.reports import CommandTestResult
from bot.rules.naval_orders.reports import Modifier
from bot.rules.naval_orders.reports import MovementRange
from bot.rules.naval_orders.settings import ORDER_KINDS
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.rules.naval_orders.setup import setup_step
from bot.rules.naval_orders.turn import ROLL_RAID_DURATION
from bot.rules.naval_orders.turn import awaited
from bot.rules.naval_orders.turn import end_of_turn
from bot.rules.naval_orders.turn import kept_formations_published
from bot.rules.naval_orders.turn import kept_renames
from bot.rules.naval_orders.turn import undone_twin
from bot.rules.naval_orders.turn import waiting_for
from bot.rules.naval_orders.views import order_visible
from bot.rules.naval_orders.views import orders_overview
from bot.rulesets import RulesetSpec

SCHEMA_VERSION = 1


def kept_disclosed(undone: NavalOrdersState, restored: NavalOrdersState) -> NavalOrdersState:
    """What an undo puts back (`RulesetSpec.undo_keeps`): `restored`, but a force the undone
    command left disclosed (`Force.disclosed`: a turn's end published its registration) stays
    disclosed, and a force kept apart that the undone turn's end renamed keeps its new name
    (`turn.kept_renames`). The undone entries stay readable in the log, so a player who read
    the force there may name it still (NO-4.10: refused as not theirs, not as a name no
    force has), by the name the summary gave it; so do the formations it published
    (`turn.kept_formations_published`)."""
    known = {
        key
        for key, force in restored.forces.items()
        if not force.disclosed
        and (after := undone_twin(undone, force)) is not None
        and after.disclosed
    }
    if known:
        forces = dict(restored.forces)
        for key in known:
            forces[key] = forces[key].model_copy(update={"disclosed": True})
        restored = restored.model_copy(update={"forces": forces})
    return kept_renames(undone, kept_formations_published(undone, restored))


SPEC = RulesetSpec(
    key="naval_orders",
    settings_model=NavalOrdersSettings,
    state_model=NavalOrdersState,
    schema_version=SCHEMA_VERSION,
    end_of_turn=end_of_turn,
    waiting_for=waiting_for,
    awaited=awaited,
    setup_step=setup_step,
    undo_keeps=kept_disclosed,
)

# Refusals that quote a name a player gave (a force, station, location or port) or what a
# player typed: shown literally, whatever its Markdown, mentions or @everyone (bot/errors.py).
_FORCE = (
    "unknown_force",
    "cannot_move_layover",
    "second_order_by_gm",
    "not_your_force",
    "name_taken",
    "cannot_move",
    "packet_no_orders",
    "second_order",
    "forming",
    "at_sea",
    "no_order",
    "not_returning",
    "not_a_packet",
    "packet_not_in_port",
    "packet_busy",
    "in_port_give_directly",
    "packet_no_test",
    "cannot_attack_now",
    "test_used",
    "formation_relay",
    "not_at_station",
    "force_named",
    "convoy_emptied_named",
    "fleet_formed_named",
    "fleet_dissolved_named",
)
_STATION = (
    "unknown_station",
    "not_your_station",
    "location_has_port",
    "bad_distance",
    "build_needs_station",
    "not_a_station",
    "station_named",
    "station_seaport_named",
    "station_occupied",
)
for _key, _names in (
    *((f"naval_orders.error.{k}", ("force",)) for k in _FORCE),
    *((f"naval_orders.error.{k}", ("station",)) for k in _STATION),
    ("naval_orders.error.station_moved_named", ("station", "old", "location")),
    ("naval_orders.error.station_moved_occupied", ("station", "old", "location")),
    ("naval_orders.error.not_a_port", ("location",)),
    ("naval_orders.error.destination_not_port", ("location",)),
    ("naval_orders.error.port_mismatch", ("location", "port", "registered")),
    ("naval_orders.error.not_a_convoy", ("convoy",)),
    ("naval_orders.error.convoy_without_transports", ("convoy",)),
    ("naval_orders.error.unknown_port_name", ("location",)),
    ("naval_orders.error.escort_convoy_dissolving", ("convoy",)),
    ("naval_orders.error.escort_convoy_forming_fleet", ("convoy", "fleet")),
    ("naval_orders.error.escort_convoy_dissolving_fleet", ("convoy",)),
    ("naval_orders.error.second_build_order_by_gm", ("station",)),
    ("naval_orders.error.second_build_order_by", ("station", "faction")),
    ("naval_orders.error.not_in_area", ("force", "location")),
    ("naval_orders.error.force_look_alike", ("force", "existing")),
    ("naval_orders.error.squadron_look_alike", ("squadron", "existing")),
    ("naval_orders.error.squadron_force_look_alike", ("squadron", "existing", "fleet")),
    ("naval_orders.error.squadron_name_taken", ("squadron",)),
    ("naval_orders.error.squadron_name_alike", ("squadron", "existing")),
    ("naval_orders.error.name_of_squadron", ("force", "squadron", "fleet")),
    ("naval_orders.error.squadron_of_other_fleet", ("squadron", "existing", "fleet")),
    ("naval_orders.error.squadron_force_taken", ("squadron", "fleet")),
    ("naval_orders.error.waypoint_not_number", ("location",)),
    ("naval_orders.error.waypoint_twice", ("location",)),
    ("naval_orders.error.station_look_alike", ("station", "existing")),
    ("naval_orders.error.location_look_alike", ("location", "existing", "station")),
    ("navy.error.range_not_yours", ("force",)),
    ("navy.error.ships_format", ("item",)),
    ("navy.error.ship_count", ("item",)),
    ("navy.error.hull_damage", ("item",)),
    ("navy.error.squadrons_format", ("item",)),
    ("navy.error.distances_format", ("item",)),
    ("navy.error.turns_not_number", ("value",)),
    ("navy.error.unknown_order", ("order",)),
    ("navy.error.unknown_kind", ("kind",)),
    ("navy.error.unknown_place", ("place",)),
    ("navy.error.unknown_formation", ("kind",)),
):
    typed_params(_key, *_names)

__all__ = [
    "ORDER_KINDS",
    "ROLL_COMMAND_TEST",
    "ROLL_RAID_DURATION",
    "SCHEMA_VERSION",
    "SPEC",
    "ActiveOrder",
    "BlockadeOrder",
    "BuildOrder",
    "CommandTestOutcome",
    "CommandTestRequest",
    "CommandTestResult",
    "CompletedOrder",
    "CruiseOrder",
    "DisbandOrder",
    "EscortOrder",
    "Force",
    "GiveBuildOrder",
    "GiveOrder",
    "LandingOrder",
    "Modifier",
    "MoveOrder",
    "MovementPlan",
    "MovementRange",
    "NavalOrdersSettings",
    "NavalOrdersState",
    "NavalOutcome",
    "Order",
    "PacketRelay",
    "RaidOrder",
    "RegisterForce",
    "RegisterStation",
    "RepairOrder",
    "ReportPosition",
    "SendByPacket",
    "Ship",
    "Squadron",
    "StartFormation",
    "Station",
    "archive_key",
    "awaited",
    "check_build_form_opens",
    "check_order_form_opens",
    "command_test_modifiers",
    "command_test_target",
    "complete_order",
    "compute_range",
    "declare_return_station",
    "end_of_turn",
    "give_build_order",
    "give_order",
    "is_damaged",
    "kept_disclosed",
    "movement_range",
    "order_text",
    "order_visible",
    "orders_overview",
    "register_force",
    "register_packet_arrival",
    "register_station",
    "remove_force",
    "remove_station",
    "report_position",
    "send_by_packet",
    "set_station_distances",
    "ships_msg",
    "start_formation",
    "take_command_test",
    "waiting_for",
]
