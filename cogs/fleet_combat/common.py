"""What the `/combat` command modules share: the command groups, board points, the faction
a player acts for in a battle, and the autocompletes several commands use."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.campaigns import Campaign, Faction
from bot.errors import GameError, NotAllowed
from bot.factions import acting_faction, normal, own_factions
from bot.interactions import Context, campaign_context, channel_campaign, service_of
from bot.rules.fleet_combat import Battle, FleetCombatSettings, FleetCombatState
from cogs.fleet_combat.input import split_list, typed_point

RULESET = "fleet_combat"
C = "combat."

# The command modules decorate their commands onto these groups as they are imported;
# `FleetCombatCog` holds `combat`, and discord.py copies the tree for each cog it builds.
combat = app_commands.Group(
    name="combat", description="Fleet combat (Twilight Imperium classes)", guild_only=True
)
fleet = app_commands.Group(name="fleet", description="Fleets at board points", parent=combat)
stats = app_commands.Group(
    name="stats", description="Ship classes: attack, defence, life", parent=combat
)


def canonical_point(state: FleetCombatState, typed: str) -> str:
    """A board point as already registered (any case or spacing), else as typed."""
    point = typed_point(typed)
    known = [f.point for f in state.fleets] + [b.point for b in state.battles]
    return next((p for p in known if normal(p) == normal(point)), point)


def battle_faction(
    ctx: Context, factions: Sequence[Faction], battle: Battle, wanted: str | None
) -> str:
    """The participant a player acts for in `battle` (a GM names any with `faction:`)."""
    engaged = [p.faction for p in battle.engaged()]
    inside = [f for f in own_factions(ctx.actor.user_id, factions) if f in engaged]
    if not wanted and not inside:
        if ctx.is_gm:
            raise GameError("error.gm_names_faction")
        raise NotAllowed(C + "error.not_in_battle", battle=battle.id)
    return acting_faction(ctx.actor.user_id, ctx.is_gm, factions, wanted, among=engaged)


def opponents_of(battle: Battle, faction: str) -> list[str]:
    """Participants still fighting and hostile to `faction`, in turn order."""
    return [
        p.faction
        for p in battle.engaged()
        if p.faction != faction and battle.hostile(faction, p.faction)
    ]


async def campaign_state(
    interaction: discord.Interaction[Any],
) -> tuple[Campaign, FleetCombatState, FleetCombatSettings] | None:
    """The channel's campaign and its fleet combat state, for autocomplete."""
    campaign = await channel_campaign(interaction)
    if campaign is None or RULESET not in campaign.rulesets:
        return None
    state, settings = await service_of(interaction).state(campaign, RULESET)
    return campaign, state, settings


def matching_choices(
    pairs: Sequence[tuple[str, str]], current: str
) -> list[app_commands.Choice[str]]:
    """The (label, value) pairs that contain what is typed, as at most 25 choices."""
    needle = normal(current)
    return [
        app_commands.Choice(name=name[:100], value=value[:100])
        for name, value in pairs
        if needle in normal(name) or needle in normal(value)
    ][:25]


def list_entries(current: str) -> tuple[list[str], str]:
    """A list being typed (`Red, Gr`): the entries before the last comma or semicolon, and
    the last entry, the one being completed."""
    cut = max(current.rfind(","), current.rfind(";"))
    if cut < 0:
        return [], current
    return split_list(current[:cut]), current[cut + 1 :]


def list_choices(
    pairs: Sequence[tuple[str, str]], current: str, *, chosen: Collection[str] = ()
) -> list[app_commands.Choice[str]]:
    """Complete the last entry of a comma-separated list: the `(label, value)` pairs not yet
    `chosen` that contain what is typed of it, each suggested after the entries before it."""
    done, last = list_entries(current)
    prefix = ", ".join(done) + ", " if done else ""
    needle = normal(last)
    return [
        app_commands.Choice(name=(prefix + label)[:100], value=prefix + value)
        for label, value in pairs
        if value not in chosen
        and (needle in normal(label) or needle in normal(value))
        and len(prefix + value) <= 100
    ][:25]


def option_of(interaction: discord.Interaction[Any], name: str) -> Any:
    """Another option of the command being completed, as typed so far (or None)."""
    return getattr(interaction.namespace, name, None)


async def point_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Board points where fleets are registered."""
    found = await campaign_state(interaction)
    if found is None:
        return []
    points = sorted({f.point for f in found[1].fleets}, key=str.casefold)
    return matching_choices([(p, p) for p in points], current)


async def faction_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The campaign's factions."""
    campaign = await channel_campaign(interaction)
    if campaign is None:
        return []
    factions = await service_of(interaction).factions(campaign.id)
    return matching_choices([(f.name, f.name) for f in factions], current)


async def acting_context(
    interaction: discord.Interaction[Any], wanted: str | None
) -> tuple[Context, list[Faction], str]:
    """A command's context, the campaign's factions and the faction it acts for
    (`acting_faction`: a GM any, a player only their own)."""
    ctx = await campaign_context(interaction)
    factions = await ctx.service.factions(ctx.campaign.id)
    return ctx, factions, acting_faction(ctx.actor.user_id, ctx.is_gm, factions, wanted)
