"""The ruleset's declaration for the registry: the end-of-turn step reads the campaign's
fleet combat settings when that ruleset is enabled too (FC-I17), else the fleet combat
defaults."""

from __future__ import annotations

from bot.i18n import Msg, msg_from_json
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates.models import SCHEMA_VERSION, SpacePiratesState
from bot.rules.space_pirates.settings import SpacePiratesSettings, settings_by_group
from bot.rules.space_pirates.setup import setup_step
from bot.rules.space_pirates.turn import end_of_turn, waiting_for
from bot.rulesets import RulesetSpec, TurnContext, TurnStepResult

FLEET_COMBAT = "fleet_combat"


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
    `private`: the GM who ends the turn reads it, the log every member exports does not."""
    result = end_of_turn(ctx, combat=campaign_combat(ctx))
    told = result.outcome.pop("private", None) or {}
    result.private = {
        faction: [m for m in (msg_from_json(j) for j in lines) if isinstance(m, Msg)]
        for faction, lines in told.items()
    }
    return result


def waiting(state: SpacePiratesState, settings: SpacePiratesSettings, turn: int) -> list[Msg]:
    """SP-I45: the pending choices and upkeep answers the resolution waits for."""
    return waiting_for(state, settings, turn)


SPEC: RulesetSpec[SpacePiratesState, SpacePiratesSettings] = RulesetSpec(
    key="space_pirates",
    state_model=SpacePiratesState,
    settings_model=SpacePiratesSettings,
    schema_version=SCHEMA_VERSION,
    end_of_turn=turn_step,
    waiting_for=waiting,
    setting_groups=settings_by_group,
    setup_step=setup_step,
)
