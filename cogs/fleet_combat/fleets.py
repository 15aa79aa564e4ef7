"""`/combat fleet …` and `/combat stats …`: fleets registered at board points and the
campaign's ship table (rules/fleet-combat.md FC-3, FC-I1, FC-I4)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.errors import GameError
from bot.factions import resolve_faction
from bot.i18n import Msg
from bot.interactions import Context, campaign_context, locale_of, reply, require_gm
from bot.rules.fleet_combat import (
    FleetCombatSettings,
    RegisterFleet,
    apply_class_table,
    class_name,
    class_table_of,
    default_class_table,
    move_fleet,
    parse_class_table,
    register_fleet,
    remove_fleet,
    replace_class_stats,
)
from cogs.fleet_combat.common import (
    RULESET,
    C,
    acting_context,
    campaign_state,
    canonical_point,
    faction_autocomplete,
    fleet,
    matching_choices,
    point_autocomplete,
    stats,
)
from cogs.fleet_combat.input import find_class, known_classes, parse_ships
from cogs.fleet_combat.render import fleet_change_embed, fleets_embed, stats_embed

MAX_TABLE_BYTES = 100_000


async def stats_class_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The campaign's classes."""
    found = await campaign_state(interaction)
    settings = found[2] if found else FleetCombatSettings()
    locale = locale_of(interaction)
    pairs = [(class_name(c).render(locale), c) for c in settings.ship_stats]
    return matching_choices(pairs, current)


class FleetCommands:
    """Registering, showing, moving and removing fleets."""

    @fleet.command(name="set", description="Register or edit your fleet at a board point")
    @app_commands.describe(
        point="Board point, e.g. Mecatol Rex",
        ships="Ships by class, wounds in brackets: 3 destroyer, 2 cruiser (1 wound), 1 dreadnought",
        faction="The faction (a GM may name any; default: yours)",
    )
    @app_commands.autocomplete(point=point_autocomplete, faction=faction_autocomplete)
    async def fleet_set(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60],
        ships: app_commands.Range[str, 1, 500],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """Ship counts by class and wound tokens (FC-I4, FC-I14); ids in registration order."""
        ctx, _, owner = await acting_context(interaction, faction)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            typed = parse_ships(ships, settings, ctx.locale)
            where = canonical_point(state, point)
            outcome = register_fleet(
                state,
                settings,
                RegisterFleet(
                    faction=owner,
                    point=where,
                    ships=typed.ships,
                    wounds=typed.wounds or None,
                    allow_while_engaged=ctx.is_gm,
                ),
            )
            await uow.record(
                RULESET,
                "combat fleet set",
                outcome.state,
                options={"point": where, "ships": ships, "faction": owner},
                lines=outcome.lines,
                faction=owner,
            )
        embed = fleet_change_embed(outcome.lines, outcome.fleet, settings, ctx.locale)
        await reply(interaction, embed=embed)

    @fleet.command(name="show", description="Registered fleets by board point")
    @app_commands.describe(point="Only this board point", faction="Only this faction")
    @app_commands.autocomplete(point=point_autocomplete, faction=faction_autocomplete)
    async def fleet_show(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60] | None = None,
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """Every fleet with its wounds; with a faction, its reserve too (FC-3.1)."""
        ctx = await campaign_context(interaction)
        state, _ = await ctx.service.state(ctx.campaign, RULESET)
        fleets = list(state.fleets)
        if point:
            where = canonical_point(state, point)
            fleets = [f for f in fleets if f.point == where]
        name = None
        if faction:
            name = resolve_faction(faction, await ctx.service.factions(ctx.campaign.id))
            fleets = [f for f in fleets if f.faction == name]
        await reply(interaction, embed=fleets_embed(state, fleets, ctx.locale, reserve_of=name))

    @fleet.command(name="remove", description="Remove your fleet from a board point")
    @app_commands.describe(
        point="Board point, e.g. Mecatol Rex",
        faction="The faction (a GM may name any; default: yours)",
    )
    @app_commands.autocomplete(point=point_autocomplete, faction=faction_autocomplete)
    async def fleet_remove(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """The fleet is no longer registered (not while it fights, FC-I6)."""
        ctx, _, owner = await acting_context(interaction, faction)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            where = canonical_point(state, point)
            outcome = remove_fleet(state, settings, owner, where, allow_while_engaged=ctx.is_gm)
            await uow.record(
                RULESET,
                "combat fleet remove",
                outcome.state,
                options={"point": where, "faction": owner},
                lines=outcome.lines,
                faction=owner,
            )
        await reply(
            interaction, embed=fleet_change_embed(outcome.lines, None, settings, ctx.locale)
        )

    @fleet.command(name="move", description="Record that your fleet moved to another point")
    @app_commands.describe(
        point="Board point, e.g. Mecatol Rex",
        to="The board point it moved to",
        faction="The faction (a GM may name any; default: yours)",
    )
    @app_commands.autocomplete(
        point=point_autocomplete, to=point_autocomplete, faction=faction_autocomplete
    )
    async def fleet_move(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60],
        to: app_commands.Range[str, 1, 60],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """Players move on the board; this keeps the registration in step (not while engaged)."""
        ctx, _, owner = await acting_context(interaction, faction)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            source, target = canonical_point(state, point), canonical_point(state, to)
            outcome = move_fleet(state, settings, owner, source, target)
            await uow.record(
                RULESET,
                "combat fleet move",
                outcome.state,
                options={"point": source, "to": target, "faction": owner},
                lines=outcome.lines,
                faction=owner,
            )
        embed = fleet_change_embed(outcome.lines, outcome.fleet, settings, ctx.locale)
        await reply(interaction, embed=embed)


class ShipTableCommands:
    """The ship table: show it, change a row (GM), upload or reset the whole (GM)."""

    @stats.command(name="show", description="The ship table in force, with a JSON copy")
    async def stats_show(self, interaction: discord.Interaction[Any]) -> None:
        """FC-I1, FC-I4: level, attack, defence and life of every class."""
        ctx = await campaign_context(interaction)
        _, settings = await ctx.service.state(ctx.campaign, RULESET)
        await reply(
            interaction, embed=stats_embed(settings, ctx.locale), files=[_table_file(settings)]
        )

    @stats.command(name="set", description="Set one class's attack, defence, life, level (GM)")
    @app_commands.rename(ship_class="class")
    @app_commands.describe(
        ship_class="Ship class, e.g. cruiser (a new name adds a class)",
        attack="Attack as N×K+, e.g. 2x5+; - for none",
        defence="Defence as D+, e.g. 5+; - for none",
        life="Wounds that destroy the ship",
        level="Ladder level; 0 makes the class non-combat",
    )
    @app_commands.autocomplete(ship_class=stats_class_autocomplete)
    async def stats_set(
        self,
        interaction: discord.Interaction[Any],
        ship_class: app_commands.Range[str, 1, 40],
        attack: app_commands.Range[str, 1, 20] | None = None,
        defence: app_commands.Range[str, 1, 20] | None = None,
        life: app_commands.Range[int, 1, 50] | None = None,
        level: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        """Replace or add one row of the campaign's table; omitted values stay as they are."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            _, settings = await uow.load(RULESET)
            key = find_class(ship_class, settings)
            if key is None and level is None:
                raise GameError(
                    C + "error.new_class_level",
                    name=ship_class,
                    known=known_classes(settings, ctx.locale),
                )
            row = class_table_of(settings).classes[key] if key is not None else None
            new_level = row.level if level is None and row is not None else (level or None)
            new = replace_class_stats(
                settings,
                key or ship_class,
                attack=attack if attack is not None else (row.attack if row else None),
                defence=defence if defence is not None else (row.defence if row else None),
                life=life if life is not None else (row.life if row else 1),
                level=new_level,
            )
            await uow.save_settings(RULESET, new)
            name = key or ship_class.strip().lower().replace(" ", "_")
            await uow.append(
                "combat stats set",
                ruleset=RULESET,
                options={
                    "class": name,
                    "attack": attack,
                    "defence": defence,
                    "life": life,
                    "level": level,
                },
                outcome={"row": class_table_of(new).classes[name].model_dump()},
            )
        changed = Msg(C + "stats.changed", name=class_name(name))
        await reply(interaction, embed=stats_embed(new, ctx.locale, [changed]))

    @stats.command(name="upload", description="Replace the whole ship table from a JSON file (GM)")
    @app_commands.describe(file="JSON shaped like the file /combat stats show attaches")
    async def stats_upload(
        self, interaction: discord.Interaction[Any], file: discord.Attachment
    ) -> None:
        """FC-I1, FC-I4: the campaign's own ladder and statistics, checked as a whole."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        if file.size > MAX_TABLE_BYTES:
            raise GameError(C + "error.table_too_big", limit=MAX_TABLE_BYTES)
        raw = (await file.read()).decode("utf-8", errors="replace")
        table = parse_class_table(raw)
        new = await _replace_table(
            ctx, "combat stats upload", lambda s: apply_class_table(s, table)
        )
        changed = Msg(C + "stats.uploaded", count=len(new.ship_stats))
        await reply(interaction, embed=stats_embed(new, ctx.locale, [changed]))

    @stats.command(name="reset", description="Go back to the default ship table (GM)")
    async def stats_reset(self, interaction: discord.Interaction[Any]) -> None:
        """FC-I4: the shipped default table and FC-I1 ladder."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        new = await _replace_table(
            ctx, "combat stats reset", lambda s: apply_class_table(s, default_class_table())
        )
        await reply(interaction, embed=stats_embed(new, ctx.locale, [Msg(C + "stats.reset")]))


async def _replace_table(
    ctx: Context,
    command: str,
    change: Callable[[FleetCombatSettings], FleetCombatSettings],
) -> FleetCombatSettings:
    """Swap the whole table, refusing one that drops a class registered ships still use."""
    async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
        state, settings = await uow.load(RULESET)
        new = change(settings)
        used = {s.ship_class for f in state.fleets for s in f.ships}
        missing = sorted(used - set(new.ship_stats))
        if missing:
            raise GameError(C + "error.class_in_use", classes=", ".join(missing))
        await uow.save_settings(RULESET, new)
        await uow.append(
            command,
            ruleset=RULESET,
            outcome={"table": class_table_of(new).model_dump(mode="json")},
        )
    return new


def _table_file(settings: FleetCombatSettings) -> discord.File:
    data = json.dumps(
        class_table_of(settings).model_dump(mode="json"), ensure_ascii=False, indent=2
    )
    return discord.File(io.BytesIO(data.encode("utf-8")), filename="ship_stats.json")
