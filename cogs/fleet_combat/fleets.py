"""`/combat fleet …` and `/combat stats …`: fleets registered at board points and the
campaign's ship table (rules/fleet-combat.md FC-3, FC-I1, FC-I4)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.announcements import Announcement
from bot.campaigns import UnitOfWork
from bot.cog_base import Choices
from bot.cog_base import FactionName
from bot.cog_base import Interaction
from bot.dice import Dice
from bot.errors import GameError
from bot.factions import resolve_faction
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import locale_of
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import who
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import FleetOutcome
from bot.rules.fleet_combat import RegisterFleet
from bot.rules.fleet_combat import apply_class_table
from bot.rules.fleet_combat import class_name
from bot.rules.fleet_combat import class_table_of
from bot.rules.fleet_combat import default_class_table
from bot.rules.fleet_combat import engaged_battle
from bot.rules.fleet_combat import move_fleet
from bot.rules.fleet_combat import parse_class_table
from bot.rules.fleet_combat import register_fleet
from bot.rules.fleet_combat import remove_fleet
from bot.rules.fleet_combat import replace_class_stats
from bot.rules.fleet_combat import ships_msg
from bot.rules.fleet_combat.models import same_point
from bot.scaffold import Applied
from bot.scaffold import Asked
from bot.scaffold import Question
from bot.scaffold import RulesetContext
from bot.scaffold import confirm_first
from bot.scaffold import confirmed_command
from bot.scaffold import faction_autocomplete
from bot.scaffold import matching_choices
from bot.scaffold import state_for
from bot.text import shown
from cogs.fleet_combat.common import AS_FACTION
from cogs.fleet_combat.common import POINT
from cogs.fleet_combat.common import ActingFaction
from cogs.fleet_combat.common import C
from cogs.fleet_combat.common import Ctx
from cogs.fleet_combat.common import Point
from cogs.fleet_combat.common import TableChange
from cogs.fleet_combat.common import canonical_point
from cogs.fleet_combat.common import fleet
from cogs.fleet_combat.common import gm_context
from cogs.fleet_combat.common import point_autocomplete
from cogs.fleet_combat.common import stats
from cogs.fleet_combat.input import find_class
from cogs.fleet_combat.input import known_classes
from cogs.fleet_combat.input import parse_ships
from cogs.fleet_combat.render import fleet_change_embeds
from cogs.fleet_combat.render import fleets_embed
from cogs.fleet_combat.render import ordered_classes
from cogs.fleet_combat.render import stats_embed
from cogs.fleet_combat.render import stats_line

Ships = app_commands.Range[str, 1, 500]  # ships by class, wounds in brackets
MAX_TABLE_BYTES = 100_000


async def stats_class_autocomplete(interaction: Interaction, current: str) -> Choices:
    """The campaign's classes."""
    found = await state_for(interaction, SPEC)
    settings = found[2] if found else FleetCombatSettings()
    locale = locale_of(interaction)
    pairs = [(class_name(c).render(locale), c) for c in settings.ship_stats]
    return matching_choices(pairs, current)


class FleetCommands(commands.Cog):
    """Registering, showing, moving and removing fleets."""

    @who("faction")
    @fleet.command(name="set", description="Register or edit your fleet at a board point")
    @app_commands.describe(
        point=POINT,
        ships="Ships by class, wounds in brackets: 3 destroyer, 2 cruiser (1 wound), 1 dreadnought",
        faction=AS_FACTION,
    )
    @app_commands.autocomplete(point=point_autocomplete, faction=faction_autocomplete)
    async def fleet_set(
        self, interaction: Interaction, point: Point, ships: Ships, faction: ActingFaction = None
    ) -> None:
        """Ship counts by class and wound tokens (FC-I4, FC-I14); ids in registration order.
        Zero ships where the fleet is remove it: that is asked first, as `/combat fleet
        remove` is."""
        if await _removes_fleet(interaction, point, ships, faction):
            await confirm_first(interaction, {"point": point, "ships": ships, "faction": faction})
            return
        await _change_fleet(interaction, faction, _registering(point, ships))

    @fleet.command(name="show", description="Registered fleets by board point")
    @app_commands.describe(point="Only this board point", faction="Only this faction")
    @app_commands.autocomplete(point=point_autocomplete, faction=faction_autocomplete)
    async def fleet_show(
        self,
        interaction: Interaction,
        point: Point | None = None,
        faction: FactionName | None = None,
    ) -> None:
        """Every fleet with its wounds; with a faction, its reserve too (FC-3.1)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, _ = await ctx.read()
        fleets = list(state.fleets)
        where = canonical_point(state, point) if point else None
        if where is not None:
            fleets = [f for f in fleets if same_point(f.point, where)]
        name = resolve_faction(faction, ctx.factions) if faction else None
        if name is not None:
            fleets = [f for f in fleets if f.faction == name]
        # Nothing matched: say what was looked for (posted: the campaign's language).
        if where is not None and name is not None:
            none = ctx.pt(C + "fleets.none_of_at", faction=shown(name), point=shown(where))
        elif where is not None:
            none = ctx.pt(C + "fleets.none_at", point=shown(where))
        elif name is not None:
            none = ctx.pt(C + "error.no_fleet", faction=shown(name))
        else:
            none = None
        embed = fleets_embed(state, fleets, ctx.public_locale, reserve_of=name, none=none)
        await reply(interaction, embed=embed)

    @who("faction")
    @fleet.command(name="remove", description="Remove your fleet from a board point")
    @app_commands.describe(point=POINT, faction=AS_FACTION)
    @app_commands.autocomplete(point=point_autocomplete, faction=faction_autocomplete)
    async def fleet_remove(
        self, interaction: Interaction, point: Point, faction: ActingFaction = None
    ) -> None:
        """The fleet is no longer registered (not while it fights, FC-I6), once its player
        (or the GM) confirms."""
        await confirm_first(interaction, {"point": point, "faction": faction})

    @who("faction")
    @fleet.command(name="move", description="Record that your fleet moved to another point")
    @app_commands.describe(point=POINT, to="The board point it moved to", faction=AS_FACTION)
    @app_commands.autocomplete(
        point=point_autocomplete, to=point_autocomplete, faction=faction_autocomplete
    )
    async def fleet_move(
        self, interaction: Interaction, point: Point, to: Point, faction: ActingFaction = None
    ) -> None:
        """Players move on the board; this keeps the registration in step (not while engaged)."""

        def move(
            ctx: Ctx, owner: str, state: FleetCombatState, settings: FleetCombatSettings
        ) -> FleetOutcome:
            source, target = canonical_point(state, point), canonical_point(state, to)
            if same_point(source, target) and state.fleet(owner, source) is not None:
                raise GameError(
                    C + "error.fleet_already_there", faction=shown(owner), point=shown(source)
                )
            return move_fleet(state, settings, owner, source, target)

        await _change_fleet(interaction, faction, move)


class ShipTableCommands(commands.Cog):
    """The ship table: show it, change a row (GM), upload or reset the whole (GM)."""

    @stats.command(name="show", description="The ship table in force, with a JSON copy")
    async def stats_show(self, interaction: Interaction) -> None:
        """FC-I1, FC-I4: level, attack, defence and life of every class."""
        ctx = await RulesetContext.of(interaction, SPEC)
        _, settings = await ctx.read()
        await reply(
            interaction,
            embed=stats_embed(settings, ctx.public_locale),
            files=[_table_file(settings)],
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
        interaction: Interaction,
        ship_class: app_commands.Range[str, 1, 40],
        attack: app_commands.Range[str, 1, 20] | None = None,
        defence: app_commands.Range[str, 1, 20] | None = None,
        life: app_commands.Range[int, 1, 50] | None = None,
        level: app_commands.Range[int, 0, 99] | None = None,
    ) -> None:
        """Replace or add one row of the campaign's table; omitted values stay as they are."""
        ctx = await gm_context(interaction)

        def change(
            state: FleetCombatState, settings: FleetCombatSettings, dice: Dice
        ) -> TableChange:
            key = find_class(ship_class, settings)
            if key is None and level is None:
                raise GameError(
                    C + "error.new_class_level",
                    name=shown(ship_class),
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
            name = key or ship_class.strip().lower().replace(" ", "_")
            changed = [Msg(C + "stats.changed", name=class_name(name))]
            return TableChange(state, new, changed, ship_class=name)

        await ctx.apply(change, audit=_changed_row, then=_save_table, announce=_table_told(ctx))

    @stats.command(name="upload", description="Replace the whole ship table from a JSON file (GM)")
    @app_commands.describe(file="JSON shaped like the file /combat stats show attaches")
    async def stats_upload(self, interaction: Interaction, file: discord.Attachment) -> None:
        """FC-I1, FC-I4: the campaign's own ladder and statistics, checked as a whole."""
        ctx = await gm_context(interaction)
        if file.size > MAX_TABLE_BYTES:
            raise GameError(C + "error.table_too_big", limit=MAX_TABLE_BYTES)
        raw = (await file.read()).decode("utf-8", errors="replace")
        table = parse_class_table(raw)
        await _replace_table(
            ctx,
            lambda s: apply_class_table(s, table),
            lambda new: Msg(C + "stats.uploaded", count=len(new.ship_stats)),
        )

    @stats.command(name="reset", description="Go back to the default ship table (GM)")
    async def stats_reset(self, interaction: Interaction) -> None:
        """FC-I4: the shipped default table and FC-I1 ladder, once the GM confirms."""
        await confirm_first(interaction)


FleetAct = Callable[[Ctx, str, FleetCombatState, FleetCombatSettings], FleetOutcome]


@confirmed_command("combat fleet remove")
async def _fleet_remove(asked: Asked) -> None:
    """`/combat fleet remove`: asked with the fleet's ships, then removed."""
    point = str(asked.params["point"])
    wanted = asked.params.get("faction")

    def remove(
        ctx: Ctx, owner: str, state: FleetCombatState, settings: FleetCombatSettings
    ) -> FleetOutcome:
        where = canonical_point(state, point)
        return remove_fleet(state, settings, owner, where, allow_while_engaged=ctx.is_gm)

    await _change_fleet(
        asked.interaction,
        str(wanted) if wanted is not None else None,
        remove,
        asked=asked,
        question=_removal_question(asked, point),
    )


@confirmed_command("combat fleet set")
async def _fleet_set_zero(asked: Asked) -> None:
    """`/combat fleet set` with zero ships where the fleet is (`_removes_fleet`): asked as
    `/combat fleet remove` is, with the fleet's ships and what zero ships do, then the set
    runs; a fleet changed or gone since is refused on the question, as that removal's."""
    point = str(asked.params["point"])
    wanted = asked.params.get("faction")
    await _change_fleet(
        asked.interaction,
        str(wanted) if wanted is not None else None,
        _registering(point, str(asked.params["ships"])),
        asked=asked,
        question=_removal_question(asked, point, [asked.t(C + "fleet.zero_removes")]),
    )


def _removal_question(
    asked: Asked, point: str, lines: Sequence[str] = ()
) -> Callable[[FleetCombatState, Applied[FleetOutcome, FleetCombatSettings]], Question]:
    """The question of a fleet's removal: whose fleet, where, and its ships as they are
    (the confirm is refused when they differ then, `Asked.still_asked`)."""

    def question(
        state: FleetCombatState, done: Applied[FleetOutcome, FleetCombatSettings]
    ) -> Question:
        where = canonical_point(state, point)
        owner = str(done.entry.faction or "")
        found = state.fleet(owner, where)
        ships = ships_msg(found.ships) if found is not None else "—"
        title = Msg(
            C + "fleet.remove_question", faction=shown(owner), point=shown(where), ships=ships
        )
        told = list(lines)
        battle = engaged_battle(state, owner, where)
        if battle is not None:  # a GM's correction: the faction stays in it, with no ships
            engaged = Msg(C + "fleet.remove_engaged", faction=shown(owner), battle=battle.id)
            told.append(engaged.render(asked.locale))
        return Question(title.render(asked.locale), told, verb="remove")

    return question


def _registering(point: str, ships: str) -> FleetAct:
    """`/combat fleet set`'s change: the ships as typed registered at `point` (FC-I4,
    FC-I14; zero ships remove the fleet)."""

    def register(
        ctx: Ctx, owner: str, state: FleetCombatState, settings: FleetCombatSettings
    ) -> FleetOutcome:
        typed = parse_ships(ships, settings, ctx.locale)
        where = canonical_point(state, point)
        wounds = typed.wounds or None
        registered = RegisterFleet(
            faction=owner,
            point=where,
            ships=typed.ships,
            wounds=wounds,
            allow_while_engaged=ctx.is_gm,
        )
        return register_fleet(state, settings, registered)

    return register


async def _removes_fleet(
    interaction: Interaction, point: str, ships: str, faction: str | None
) -> bool:
    """Whether `/combat fleet set` would remove the fleet of the faction the player acts for
    at `point`: zero ships (`0`, `0 cruiser`) where it has one. Removing is destructive, so
    it is asked first. A set the command refuses (another's faction, ships it cannot read)
    or one with zero ships where there is no fleet is no removal: the set refuses it with
    its own words, as before."""
    ctx = await RulesetContext.of(interaction, SPEC)
    try:
        owner = ctx.acting_faction(faction)
        state, settings = await ctx.read()
        typed = parse_ships(ships, settings, ctx.locale)
        where = canonical_point(state, point)
    except GameError:
        return False
    return not any(typed.ships.values()) and state.fleet(owner, where) is not None


async def _change_fleet(
    interaction: Interaction,
    faction: str | None,
    act: FleetAct,
    *,
    asked: Asked | None = None,
    question: Callable[[FleetCombatState, Applied[FleetOutcome, FleetCombatSettings]], Question]
    | None = None,
) -> None:
    """`/combat fleet set|remove|move`: `act` changes the fleet of the faction the player acts
    for (a GM names any) in one unit of work; the fleet as it is now is posted for all. With
    `asked`, behind its confirmation (`question` says what will happen)."""
    ctx = (
        await RulesetContext.within(interaction, asked.base, SPEC)
        if asked is not None
        else await RulesetContext.of(interaction, SPEC)
    )
    owner = ctx.acting_faction(faction)

    def change(state: FleetCombatState, settings: FleetCombatSettings, dice: Dice) -> FleetOutcome:
        return act(ctx, owner, state, settings)

    def told(done: Applied[FleetOutcome, FleetCombatSettings]) -> list[Announcement]:
        """The fleet as registered now (or gone), under the change's lines (posted for all)."""
        outcome = done.outcome
        embeds = fleet_change_embeds(outcome.lines, outcome.fleet, done.settings, ctx.public_locale)
        return [Announcement(embeds=embeds)]

    if asked is not None and question is not None:
        await asked.apply(ctx, change, question=question, faction=owner, announce=told)
        return
    await ctx.apply(change, faction=owner, announce=told)


def _table_told(
    ctx: Ctx,
) -> Callable[[Applied[TableChange, FleetCombatSettings]], list[Announcement]]:
    """The answer to a change of the ship table: the table in force, under what changed."""

    def told(done: Applied[TableChange, FleetCombatSettings]) -> list[Announcement]:
        new = done.outcome.settings
        return [Announcement(embeds=[stats_embed(new, ctx.public_locale, done.outcome.lines)])]

    return told


def _changed_row(outcome: TableChange) -> dict[str, Any]:
    row = class_table_of(outcome.settings).classes[str(outcome.ship_class)]
    return {"row": row.model_dump()}


async def _save_table(uow: UnitOfWork, outcome: TableChange) -> None:
    """Save the new table; the ruleset's settings guard refuses one the fleets and battles
    cannot take now (FC-I4, FC-I6)."""
    await uow.save_settings(SPEC.key, outcome.settings)


async def _replace_table(
    ctx: Ctx,
    change: Callable[[FleetCombatSettings], FleetCombatSettings],
    told: Callable[[FleetCombatSettings], Msg],
    *,
    asked: Asked | None = None,
    question: Callable[[FleetCombatState, Applied[TableChange, FleetCombatSettings]], Question]
    | None = None,
) -> None:
    """Swap the whole table (saving it runs the ruleset's settings guard: a table must keep
    the classes registered ships use, and the levels of classes fighting a battle); with
    `asked`, behind its confirmation (`question` says what it changes)."""

    def swap(state: FleetCombatState, settings: FleetCombatSettings, dice: Dice) -> TableChange:
        new = change(settings)
        return TableChange(state, new, [told(new)])

    def audit(outcome: TableChange) -> dict[str, Any]:
        return {"table": class_table_of(outcome.settings).model_dump(mode="json")}

    if asked is not None and question is not None:
        await asked.apply(
            ctx, swap, question=question, audit=audit, then=_save_table, announce=_table_told(ctx)
        )
        return
    await ctx.apply(swap, audit=audit, then=_save_table, announce=_table_told(ctx))


@confirmed_command("combat stats reset")
async def _stats_reset(asked: Asked) -> None:
    """`/combat stats reset`: asked with the classes it changes, then reset (a table the
    fleets and battles cannot take now is refused at once, FC-I4, FC-I6)."""
    ctx = await RulesetContext.within(asked.interaction, asked.base, SPEC)
    require_gm(ctx.base)

    def question(
        _state: FleetCombatState, done: Applied[TableChange, FleetCombatSettings]
    ) -> Question:
        old, new = done.settings, done.outcome.settings
        lines = _table_changes(old, new, asked.locale)
        if not lines:  # said at once, as an import that changes nothing
            raise GameError(C + "stats.reset_same")
        head = asked.t(C + "stats.reset_classes", count=len(lines))
        return Question(asked.t(C + "stats.reset_question"), [head, *lines], verb="reset")

    await _replace_table(
        ctx,
        lambda s: apply_class_table(s, default_class_table()),
        lambda _: Msg(C + "stats.reset"),
        asked=asked,
        question=question,
    )


def _table_changes(old: FleetCombatSettings, new: FleetCombatSettings, locale: str) -> list[str]:
    """Each class a new table changes, as it was → as it will be (added and removed ones
    said so), in the ladder's order."""
    lines = []
    for ship_class in ordered_classes(new, list(new.ship_stats)):
        now = stats_line(new, ship_class, locale)
        if ship_class not in old.ship_stats:
            lines.append(t(C + "stats.reset_added", locale, line=now))
            continue
        was = stats_line(old, ship_class, locale)
        if was != now:
            lines.append(f"{was} → {now}")
    lines += [
        t(C + "stats.reset_removed", locale, line=stats_line(old, ship_class, locale))
        for ship_class in ordered_classes(old, list(old.ship_stats))
        if ship_class not in new.ship_stats
    ]
    return lines


def _table_file(settings: FleetCombatSettings) -> discord.File:
    data = json.dumps(
        class_table_of(settings).model_dump(mode="json"), ensure_ascii=False, indent=2
    )
    return discord.File(io.BytesIO(data.encode("utf-8")), filename="ship_stats.json")
