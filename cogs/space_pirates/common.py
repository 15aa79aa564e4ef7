"""What the `/pirates` modules share: the context type, the change wrapper for registry
calls, and the campaign's fleet combat settings (FC-I17)."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bot.i18n import Msg
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates import SpacePiratesSettings
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.reports import QUIET_OUTCOMES
from bot.rules.space_pirates.spec import FLEET_COMBAT
from bot.scaffold import RulesetContext

C = "pirates."
REPORT = "space_pirates.report"
Ctx = RulesetContext[SpacePiratesState, SpacePiratesSettings]


def reported(outcome: dict[str, Any]) -> list[str]:
    """The players with a report to read after a resolution (or the part an answer carried
    on), in its order: each attacker of a base attack fought (SP-I40 step 2, SP-I31), then
    each player the pirates reached: not a roll that missed, nor an attack called off
    (`QUIET_OUTCOMES`: the summary pings nobody for them; `/pirates report` still opens their
    numbers). A base attack that could not take place has nothing more to read than its
    summary line. Then each other player who lost ships defending in a raid (a shared
    route's co-owner, SP-I43): their report tells it."""
    bases = [
        str(b["attacker"]) for b in outcome.get("base_attacks", []) if b["outcome"] != "refused"
    ]
    raids = [
        str(r["faction"]) for r in outcome.get("raids", []) if r["outcome"] not in QUIET_OUTCOMES
    ]
    lost = [str(o) for r in outcome.get("raids", []) for o in r.get("lost_by", ())]  # SP-I43
    return list(dict.fromkeys(bases + raids + lost))


@dataclass
class Change:
    """A cog-level change as an outcome: the new state, what it did for everyone (the audit
    summary) and what only the actor and the GMs read (a bribe's victim and price, SP-I33)."""

    state: SpacePiratesState
    lines: list[Msg] = field(default_factory=list)
    private: list[Msg] = field(default_factory=list)
    rolled_by: dict[str, Any] = field(default_factory=dict)  # who its dice count for


async def campaign_combat(ctx: Ctx) -> FleetCombatSettings:
    """The campaign's fleet combat settings when it plays fleet combat, else its defaults:
    ship classes and pirate battles follow them (SP-I9, FC-I17)."""
    if FLEET_COMBAT not in ctx.campaign.rulesets:
        return FleetCombatSettings()
    _, settings = await ctx.service.state(ctx.campaign, FLEET_COMBAT)
    assert isinstance(settings, FleetCombatSettings)
    return settings
