"""`/combat …`: fleet combat with Twilight Imperium classes (rules/fleet-combat.md).

Players register fleets at board points, declare attacks, give fire orders per class from
menus that list only legal targets, and retreat from round 2; one round of every battle is
fought at the GM's end of turn (or at once with `/combat resolve`). `/combat odds` runs the
odds calculator. Each command: check → parse → one unit of work → render → send.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable, Sequence
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import PrivateerBot
from bot.campaigns import Campaign, Choice, Faction
from bot.errors import Conflict, GameError, NotAllowed, NotFound
from bot.i18n import Msg, t
from bot.interactions import (
    ChoiceButton,
    Context,
    actor_of,
    campaign_context,
    channel_campaign,
    choice_handler,
    choice_view,
    locale_of,
    make_embed,
    reply,
    require_gm,
    service_of,
)
from bot.rules.fleet_combat import (
    Battle,
    DeclareAttack,
    DeclareRetreat,
    FireOrder,
    FireTarget,
    Fleet,
    FleetCombatSettings,
    FleetCombatState,
    RegisterFleet,
    SetFireOrders,
    apply_class_table,
    battle_status,
    class_count,
    class_name,
    class_table_of,
    close_battle,
    combat_odds,
    declare_attack,
    declare_retreat,
    default_class_table,
    firing_groups,
    fleet_from_counts,
    get_battle,
    legal_targets,
    move_fleet,
    parse_class_table,
    register_fleet,
    replace_class_stats,
    resolve_round,
    set_fire_orders,
    set_turn_order,
    waiting_for,
)
from bot.rules.fleet_combat.fleets import validate_ships
from cogs.fleet_combat_input import (
    acting_faction,
    faction_by_id,
    faction_id,
    find_class,
    known_classes,
    normal,
    own_factions,
    parse_factions,
    parse_ships,
    parse_target,
    resolve_class,
    resolve_faction,
    split_list,
    target_value,
)
from cogs.fleet_combat_render import (
    AUTO,
    HOLD,
    CombatControl,
    battle_pages,
    battle_view,
    battles_embed,
    class_at,
    control_handler,
    fleet_change_embed,
    fleets_embed,
    odds_embed,
    orders_embed,
    orders_view,
    plain_embed,
    round_page_index,
    stats_embed,
    status_embed,
    target_label,
)

RULESET = "fleet_combat"
RESOLVE_CHOICE = "fc_resolve"
C = "combat."
ODDS_BATTLES = 20_000  # Monte Carlo sample when the exact method is too large
MAX_ODDS_SHIPS = 300
MAX_TABLE_BYTES = 100_000


def canonical_point(state: FleetCombatState, typed: str) -> str:
    """A board point as already registered (any case or spacing), else as typed."""
    wanted = normal(typed)
    known = [f.point for f in state.fleets] + [b.point for b in state.battles]
    return next((p for p in known if normal(p) == wanted), " ".join(typed.split()))


def battle_faction(
    ctx: Context, factions: Sequence[Faction], battle: Battle, wanted: str | None
) -> str:
    """The participant a player acts for in `battle` (a GM names any with `faction:`)."""
    engaged = [p.faction for p in battle.engaged()]
    inside = [f for f in own_factions(ctx.actor.user_id, factions) if f in engaged]
    if not wanted and not inside:
        if ctx.is_gm:
            raise GameError(C + "error.gm_names_faction")
        raise NotAllowed(C + "error.not_in_battle", battle=battle.id)
    return acting_faction(ctx.actor.user_id, ctx.is_gm, factions, wanted, among=engaged)


def opponents_of(battle: Battle, faction: str) -> list[str]:
    """Participants still fighting and hostile to `faction`, in turn order."""
    return [
        p.faction
        for p in battle.engaged()
        if p.faction != faction and battle.hostile(faction, p.faction)
    ]


async def _campaign_state(
    interaction: discord.Interaction[Any],
) -> tuple[Campaign, FleetCombatState, FleetCombatSettings] | None:
    """The channel's campaign and its fleet combat state, for autocomplete."""
    campaign = await channel_campaign(interaction)
    if campaign is None or RULESET not in campaign.rulesets:
        return None
    state, settings = await service_of(interaction).state(campaign, RULESET)
    return campaign, state, settings


def _choices(pairs: Sequence[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    needle = normal(current)
    return [
        app_commands.Choice(name=name[:100], value=value[:100])
        for name, value in pairs
        if needle in normal(name) or needle in normal(value)
    ][:25]


def _option(interaction: discord.Interaction[Any], name: str) -> Any:
    return getattr(interaction.namespace, name, None)


def orders_message(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle: Battle,
    faction: str,
    factions: Sequence[Faction],
    locale: str,
    *,
    lines: Sequence[Msg] = (),
    page: int = 0,
) -> tuple[discord.Embed, discord.ui.View | None]:
    """The ephemeral orders panel: groups in firing order and one select per group."""
    groups = firing_groups(state, settings, battle.id, faction)
    retreating = faction in battle.retreats
    embed = orders_embed(battle, faction, groups, locale, retreating=retreating)
    if lines:
        embed.description = "\n".join([*(m.render(locale) for m in lines), embed.description or ""])
    view = (
        None
        if retreating
        else orders_view(battle, faction_id(faction, factions), groups, settings, locale, page)
    )
    return embed, view


class FleetCombatCog(commands.Cog):
    """The fleet combat ruleset's commands."""

    combat = app_commands.Group(
        name="combat", description="Fleet combat (Twilight Imperium classes)", guild_only=True
    )
    fleet = app_commands.Group(name="fleet", description="Fleets at board points", parent=combat)
    stats = app_commands.Group(
        name="stats", description="Ship classes: attack, defence, life", parent=combat
    )

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        """Register the restart-safe `fc:` buttons and selects."""
        self.bot.add_dynamic_items(CombatControl)

    async def cog_unload(self) -> None:
        """Forget the `fc:` controls."""
        self.bot.remove_dynamic_items(CombatControl)

    # -- fleets --------------------------------------------------------------------------------

    @fleet.command(name="set", description="Register or edit your fleet at a board point")
    @app_commands.describe(
        point="Board point, e.g. Mecatol Rex",
        ships="Ships by class, wounds in brackets: 3 destroyer, 2 cruiser (1 wound), 1 dreadnought",
        faction="The faction (a GM may name any; default: yours)",
    )
    async def fleet_set(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60],
        ships: app_commands.Range[str, 1, 500],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """Ship counts by class and wound tokens (FC-I4, FC-I14); ids in registration order."""
        ctx = await campaign_context(interaction)
        factions = await ctx.service.factions(ctx.campaign.id)
        owner = acting_faction(ctx.actor.user_id, ctx.is_gm, factions, faction)
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
    async def fleet_remove(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """The fleet is no longer registered (not while it fights, FC-I6)."""
        ctx = await campaign_context(interaction)
        factions = await ctx.service.factions(ctx.campaign.id)
        owner = acting_faction(ctx.actor.user_id, ctx.is_gm, factions, faction)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            where = canonical_point(state, point)
            if state.fleet(owner, where) is None:
                raise NotFound("fleet_combat.error.fleet_not_found", faction=owner, point=where)
            outcome = register_fleet(
                state,
                settings,
                RegisterFleet(faction=owner, point=where, ships={}, allow_while_engaged=ctx.is_gm),
            )
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
    async def fleet_move(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60],
        to: app_commands.Range[str, 1, 60],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """Players move on the board; this keeps the registration in step (not while engaged)."""
        ctx = await campaign_context(interaction)
        factions = await ctx.service.factions(ctx.campaign.id)
        owner = acting_faction(ctx.actor.user_id, ctx.is_gm, factions, faction)
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

    # -- battles -------------------------------------------------------------------------------

    @combat.command(name="attack", description="Declare an attack on players at your board point")
    @app_commands.describe(
        point="Board point, e.g. Mecatol Rex",
        targets="Factions to attack, comma-separated",
        faction="The faction (a GM may name any; default: yours)",
    )
    async def attack(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60],
        targets: app_commands.Range[str, 1, 300],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """FC-4.1, FC-4.2, FC-I5: open the battle at the point or join it; movement locks."""
        ctx = await campaign_context(interaction)
        factions = await ctx.service.factions(ctx.campaign.id)
        attacker = acting_faction(ctx.actor.user_id, ctx.is_gm, factions, faction)
        names = parse_factions(targets, factions)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            where = canonical_point(state, point)
            outcome = declare_attack(
                state,
                settings,
                DeclareAttack(
                    attacker=attacker, targets=names, point=where, turn=uow.campaign.turn
                ),
            )
            await uow.record(
                RULESET,
                "combat attack",
                outcome.state,
                options={"point": where, "targets": names, "attacker": attacker},
                lines=outcome.lines,
                outcome={
                    "battle": outcome.battle.id,
                    "opened": outcome.opened,
                    "movement_locked": outcome.movement_locked,
                },
                faction=attacker,
            )
        status = battle_status(outcome.state, settings, outcome.battle.id)
        embed = status_embed(status, settings, ctx.locale)
        embed.description = "\n".join(
            [*(m.render(ctx.locale) for m in outcome.lines), embed.description or ""]
        )
        users = [f"<@{f.user_id}>" for f in factions if f.name in names and f.user_id]
        content = (
            t(C + "attack.ping", ctx.locale, users=" ".join(users), attacker=attacker, point=where)
            if users
            else None
        )
        view = battle_view(outcome.battle, 0, 1, ctx.locale)
        await reply(interaction, content, embed=embed, view=view)

    @combat.command(name="orders", description="Give fire orders for the coming round from menus")
    @app_commands.describe(
        battle="Battle number (#)", faction="The faction (a GM may name any; default: yours)"
    )
    async def orders(
        self,
        interaction: discord.Interaction[Any],
        battle: app_commands.Range[int, 1, 1_000_000],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """FC-5.1–5.8: one menu per own class, listing only the legal targets (FC-I8)."""
        ctx = await campaign_context(interaction)
        factions = await ctx.service.factions(ctx.campaign.id)
        state, settings = await ctx.service.state(ctx.campaign, RULESET)
        found = get_battle(state, battle)
        who = battle_faction(ctx, factions, found, faction)
        embed, view = orders_message(state, settings, found, who, factions, ctx.locale)
        await reply(interaction, embed=embed, view=view, ephemeral=True)

    @combat.command(name="order", description="Give one fire order: your class, whom and what")
    @app_commands.rename(ship_class="class")
    @app_commands.describe(
        battle="Battle number (#)",
        ship_class="Your firing class, e.g. cruiser",
        target="Opponent and class to fire at, e.g. Blue: dreadnought",
        faction="The faction (a GM may name any; default: yours)",
    )
    async def order(
        self,
        interaction: discord.Interaction[Any],
        battle: app_commands.Range[int, 1, 1_000_000],
        ship_class: app_commands.Range[str, 1, 60],
        target: app_commands.Range[str, 1, 120],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """FC-5.2, FC-5.3: this class's target for the coming round; it may change until then."""
        ctx = await campaign_context(interaction)
        factions = await ctx.service.factions(ctx.campaign.id)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            found = get_battle(state, battle)
            who = battle_faction(ctx, factions, found, faction)
            own = resolve_class(ship_class, settings, ctx.locale)
            opponent, target_class = parse_target(
                target, opponents_of(found, who), settings, ctx.locale
            )
            fire = FireOrder(
                ship_class=own, targets=[FireTarget(opponent=opponent, target_class=target_class)]
            )
            outcome = set_fire_orders(
                state,
                settings,
                SetFireOrders(battle_id=found.id, faction=who, orders=[fire], replace=False),
            )
            await uow.record(
                RULESET,
                "combat order",
                outcome.state,
                options={"battle": found.id, **fire.model_dump(mode="json")},
                lines=outcome.lines,
                faction=who,
            )
        embed, view = orders_message(
            outcome.state, settings, outcome.battle, who, factions, ctx.locale, lines=outcome.lines
        )
        await reply(interaction, embed=embed, view=view, ephemeral=True)

    @combat.command(name="retreat", description="Declare a retreat for the coming round")
    @app_commands.describe(
        battle="Battle number (#)",
        cancel="Call the retreat off",
        faction="The faction (a GM may name any; default: yours)",
    )
    async def retreat(
        self,
        interaction: discord.Interaction[Any],
        battle: app_commands.Range[int, 1, 1_000_000],
        cancel: bool = False,
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """FC-6, FC-I15: from round 2; no fire that round, a parting volley, then a move."""
        ctx = await campaign_context(interaction)
        factions = await ctx.service.factions(ctx.campaign.id)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            found = get_battle(state, battle)
            who = battle_faction(ctx, factions, found, faction)
            outcome = declare_retreat(
                state, settings, DeclareRetreat(battle_id=found.id, faction=who, cancel=cancel)
            )
            await uow.record(
                RULESET,
                "combat retreat",
                outcome.state,
                options={"battle": found.id, "cancel": cancel},
                lines=outcome.lines,
                faction=who,
            )
        title = t(C + "battle.title", ctx.locale, battle=found.id, point=found.point)
        await reply(interaction, embed=plain_embed(title, outcome.lines, ctx.locale))

    @combat.command(name="resolve", description="Fight the next round of a battle now (GM)")
    @app_commands.describe(battle="Battle number (#)")
    async def resolve(
        self, interaction: discord.Interaction[Any], battle: app_commands.Range[int, 1, 1_000_000]
    ) -> None:
        """For live play: ask the GM to confirm, then fight one round at once (FC-I6)."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        state, settings = await ctx.service.state(ctx.campaign, RULESET)
        found = get_battle(state, battle)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            choice_id = await uow.open_choice(
                RULESET, RESOLVE_CHOICE, None, {"battle": found.id, "round": found.next_round}
            )
        waiting = [
            line.render(ctx.locale)
            for line in waiting_for(state, settings, ctx.campaign.turn)
            if line.params.get("battle") == found.id
        ]
        embed = make_embed(
            t(C + "resolve.title", ctx.locale, battle=found.id, round=found.next_round),
            "\n".join([*waiting, t(C + "resolve.body", ctx.locale)]),
        )
        view = choice_view(
            [
                ChoiceButton(
                    choice_id,
                    "confirm",
                    t(C + "resolve.confirm", ctx.locale, battle=found.id, round=found.next_round),
                    style=discord.ButtonStyle.danger,
                ),
                ChoiceButton(choice_id, "cancel", t(C + "resolve.cancel", ctx.locale)),
            ]
        )
        await reply(interaction, embed=embed, view=view)

    @combat.command(name="close", description="End a battle at once (GM)")
    @app_commands.describe(battle="Battle number (#)")
    async def close(
        self, interaction: discord.Interaction[Any], battle: app_commands.Range[int, 1, 1_000_000]
    ) -> None:
        """FC-I16: the GM may close a battle; survivors keep their wounds (FC-I14)."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            outcome = close_battle(state, settings, battle)
            await uow.record(
                RULESET,
                "combat close",
                outcome.state,
                options={"battle": battle},
                lines=outcome.lines,
            )
        title = t(C + "battle.title", ctx.locale, battle=battle, point=outcome.battle.point)
        await reply(interaction, embed=plain_embed(title, outcome.lines, ctx.locale))

    @combat.command(name="status", description="A battle and its log, or the list of battles")
    @app_commands.describe(battle="Battle number (#)")
    async def status(
        self,
        interaction: discord.Interaction[Any],
        battle: app_commands.Range[int, 1, 1_000_000] | None = None,
    ) -> None:
        """The battle as it stands after its latest round; Older/Newer page through every round."""
        ctx = await campaign_context(interaction)
        state, settings = await ctx.service.state(ctx.campaign, RULESET)
        if battle is None:
            active = state.active_battles()
            if len(active) != 1:
                await reply(interaction, embed=battles_embed(state, ctx.locale))
                return
            battle = active[0].id
        found = get_battle(state, battle, active=False)
        pages = battle_pages(found, battle_status(state, settings, found.id), settings, ctx.locale)
        view = battle_view(found, len(pages) - 1, len(pages), ctx.locale)
        await reply(interaction, embeds=pages[-1], view=view)

    @combat.command(name="turn-order", description="The players' turn order: who fires first")
    @app_commands.describe(factions="Factions in turn order, comma-separated (GM); empty: show")
    async def turn_order(
        self,
        interaction: discord.Interaction[Any],
        factions: app_commands.Range[str, 1, 500] | None = None,
    ) -> None:
        """FC-4.4, FC-I7: participants fire in this order; unlisted ones after, as they joined."""
        ctx = await campaign_context(interaction)
        title = t(C + "turn_order.title", ctx.locale)
        if factions is None:
            state, _ = await ctx.service.state(ctx.campaign, RULESET)
            shown = ", ".join(state.turn_order) or t(C + "turn_order.none", ctx.locale)
            await reply(interaction, embed=make_embed(title, shown))
            return
        require_gm(ctx)
        names = parse_factions(factions, await ctx.service.factions(ctx.campaign.id))
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            new = set_turn_order(state, settings, names)
            await uow.save(RULESET, new)
            await uow.append(
                "combat turn-order", ruleset=RULESET, options={"factions": names}, outcome={}
            )
        line = t(C + "turn_order.set", ctx.locale, factions=", ".join(new.turn_order))
        await reply(interaction, embed=make_embed(title, line))

    # -- the odds ------------------------------------------------------------------------------

    @combat.command(name="odds", description="Chances of two fleets in a battle to the end")
    @app_commands.describe(
        a="Fleet A (fires first), e.g. 3 destroyer, 1 cruiser",
        b="Fleet B, e.g. 2 cruiser",
        a_faction="Fleet A: this faction's registered fleet",
        b_faction="Fleet B: this faction's registered fleet",
        point="Board point of the registered fleets",
    )
    async def odds(
        self,
        interaction: discord.Interaction[Any],
        a: app_commands.Range[str, 1, 500] | None = None,
        b: app_commands.Range[str, 1, 500] | None = None,
        a_faction: app_commands.Range[str, 1, 64] | None = None,
        b_faction: app_commands.Range[str, 1, 64] | None = None,
        point: app_commands.Range[str, 1, 60] | None = None,
    ) -> None:
        """FC-I17 automatic mode: exact where feasible, else Monte Carlo with its margin."""
        ctx = await campaign_context(interaction)
        state, settings = await ctx.service.state(ctx.campaign, RULESET)
        factions = await ctx.service.factions(ctx.campaign.id)
        fleet_a, name_a = self._odds_fleet(ctx, state, settings, factions, a, a_faction, point, "A")
        fleet_b, name_b = self._odds_fleet(ctx, state, settings, factions, b, b_faction, point, "B")
        await interaction.response.defer(thinking=True)
        result = await asyncio.to_thread(
            combat_odds, fleet_a, fleet_b, settings, battles=ODDS_BATTLES
        )
        embed = odds_embed(result, name_a, name_b, fleet_a, fleet_b, settings, ctx.locale)
        await reply(interaction, embed=embed)

    @staticmethod
    def _odds_fleet(
        ctx: Context,
        state: FleetCombatState,
        settings: FleetCombatSettings,
        factions: Sequence[Faction],
        typed: str | None,
        faction: str | None,
        point: str | None,
        side: str,
    ) -> tuple[Fleet, str]:
        """One side of `/combat odds`: typed ships, or a faction's registered fleet."""
        if typed:
            ships = parse_ships(typed, settings, ctx.locale)
            validate_ships(settings, ships.ships, ships.wounds)
            if ships.total > MAX_ODDS_SHIPS:
                raise GameError(C + "error.odds_too_big", limit=MAX_ODDS_SHIPS)
            name = t(C + "odds.fleet", ctx.locale, side=side)
            return fleet_from_counts(name, ships.ships, wounds=ships.wounds), name
        if not faction:
            raise GameError(C + "error.odds_fleet_missing", side=side)
        name = resolve_faction(faction, factions)
        fleets = [f for f in state.fleets if f.faction == name]
        if point:
            where = canonical_point(state, point)
            fleets = [f for f in fleets if f.point == where]
        if len(fleets) != 1:
            if not fleets:
                raise NotFound(
                    "fleet_combat.error.fleet_not_found", faction=name, point=point or "—"
                )
            raise GameError(
                C + "error.which_point", faction=name, points=", ".join(f.point for f in fleets)
            )
        if len(fleets[0].ships) > MAX_ODDS_SHIPS:
            raise GameError(C + "error.odds_too_big", limit=MAX_ODDS_SHIPS)
        return fleets[0], name

    # -- the ship table ------------------------------------------------------------------------

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
        new = await self._replace_table(
            ctx, "combat stats upload", lambda s: apply_class_table(s, table)
        )
        changed = Msg(C + "stats.uploaded", count=len(new.ship_stats))
        await reply(interaction, embed=stats_embed(new, ctx.locale, [changed]))

    @stats.command(name="reset", description="Go back to the default ship table (GM)")
    async def stats_reset(self, interaction: discord.Interaction[Any]) -> None:
        """FC-I4: the shipped default table and FC-I1 ladder."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        new = await self._replace_table(
            ctx, "combat stats reset", lambda s: apply_class_table(s, default_class_table())
        )
        await reply(interaction, embed=stats_embed(new, ctx.locale, [Msg(C + "stats.reset")]))

    @staticmethod
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

    # -- autocomplete --------------------------------------------------------------------------

    @fleet_set.autocomplete("point")
    @fleet_show.autocomplete("point")
    @fleet_remove.autocomplete("point")
    @fleet_move.autocomplete("point")
    @fleet_move.autocomplete("to")
    @attack.autocomplete("point")
    @odds.autocomplete("point")
    async def point_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Board points where fleets are registered."""
        found = await _campaign_state(interaction)
        if found is None:
            return []
        points = sorted({f.point for f in found[1].fleets}, key=str.casefold)
        return _choices([(p, p) for p in points], current)

    @fleet_set.autocomplete("faction")
    @fleet_show.autocomplete("faction")
    @fleet_remove.autocomplete("faction")
    @fleet_move.autocomplete("faction")
    @attack.autocomplete("faction")
    @orders.autocomplete("faction")
    @order.autocomplete("faction")
    @retreat.autocomplete("faction")
    @odds.autocomplete("a_faction")
    @odds.autocomplete("b_faction")
    async def faction_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The campaign's factions."""
        campaign = await channel_campaign(interaction)
        if campaign is None:
            return []
        factions = await service_of(interaction).factions(campaign.id)
        return _choices([(f.name, f.name) for f in factions], current)

    @attack.autocomplete("targets")
    async def targets_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """Other factions with fleets at the point; completes the last name of a list."""
        found = await _campaign_state(interaction)
        if found is None:
            return []
        campaign, state, _ = found
        factions = await service_of(interaction).factions(campaign.id)
        mine = set(own_factions(interaction.user.id, factions))
        typed_point = str(_option(interaction, "point") or "")
        where = canonical_point(state, typed_point) if typed_point else None
        present = sorted(
            {f.faction for f in state.fleets if where is None or f.point == where} - mine
        )
        done, _, last = current.rpartition(",")
        chosen = split_list(done)
        prefix = ", ".join(chosen) + ", " if chosen else ""
        pairs = [(prefix + name, prefix + name) for name in present if name not in chosen]
        return _choices(pairs, prefix + last.strip())

    @orders.autocomplete("battle")
    @order.autocomplete("battle")
    @retreat.autocomplete("battle")
    @resolve.autocomplete("battle")
    @close.autocomplete("battle")
    @status.autocomplete("battle")
    async def battle_autocomplete(
        self, interaction: discord.Interaction[Any], current: int | str
    ) -> list[app_commands.Choice[int]]:
        """Active battles: number, point, participants and the round coming."""
        found = await _campaign_state(interaction)
        if found is None:
            return []
        locale = locale_of(interaction)
        choices = []
        for battle in found[1].active_battles():
            name = t(
                C + "battle.choice",
                locale,
                battle=battle.id,
                point=battle.point,
                factions=", ".join(p.faction for p in battle.engaged()),
                round=battle.next_round,
            )
            if str(current).strip() in name:
                choices.append(app_commands.Choice(name=name[:100], value=battle.id))
        return choices[:25]

    @order.autocomplete("ship_class")
    async def order_class_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The acting player's groups in the battle, in firing order."""
        found = await self._order_context(interaction)
        if found is None:
            return []
        state, settings, battle, who = found
        locale = locale_of(interaction)
        pairs = [
            (class_count(g.ship_class, g.ships).render(locale), g.ship_class)
            for g in firing_groups(state, settings, battle.id, who)
        ]
        return _choices(pairs, current)

    @order.autocomplete("target")
    async def order_target_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The legal targets of the chosen class (FC-5.4–5.8, FC-I8)."""
        found = await self._order_context(interaction)
        if found is None:
            return []
        state, settings, battle, who = found
        locale = locale_of(interaction)
        own = find_class(str(_option(interaction, "class") or ""), settings)
        if own is None:
            return []
        targets = legal_targets(state, settings, battle.id, who, own)
        pairs = [
            (target_label(x, locale), target_value(x.opponent, x.target_class)) for x in targets
        ]
        return _choices(pairs, current)

    async def _order_context(
        self, interaction: discord.Interaction[Any]
    ) -> tuple[FleetCombatState, FleetCombatSettings, Battle, str] | None:
        """State, settings, battle and acting faction for the order autocompletes."""
        found = await _campaign_state(interaction)
        if found is None:
            return None
        campaign, state, settings = found
        number = _option(interaction, "battle")
        battle = state.battle(int(number)) if str(number or "").isdigit() else None
        if battle is None or not battle.active:
            return None
        service = service_of(interaction)
        factions = await service.factions(campaign.id)
        actor_is_gm = await service.is_gm(campaign, actor_of(interaction))
        engaged = [p.faction for p in battle.engaged()]
        wanted = _option(interaction, "faction")
        mine = [f for f in own_factions(interaction.user.id, factions) if f in engaged]
        if wanted and actor_is_gm:
            who = next((f for f in engaged if normal(f) == normal(str(wanted))), None)
        else:
            who = mine[0] if len(mine) == 1 else None
        if who is None:
            return None
        return state, settings, battle, who

    @stats_set.autocomplete("ship_class")
    async def stats_class_autocomplete(
        self, interaction: discord.Interaction[Any], current: str
    ) -> list[app_commands.Choice[str]]:
        """The campaign's classes."""
        found = await _campaign_state(interaction)
        settings = found[2] if found else FleetCombatSettings()
        locale = locale_of(interaction)
        pairs = [(class_name(c).render(locale), c) for c in settings.ship_stats]
        return _choices(pairs, current)


# --- restart-safe controls -----------------------------------------------------------------


def _table_file(settings: FleetCombatSettings) -> discord.File:
    data = json.dumps(
        class_table_of(settings).model_dump(mode="json"), ensure_ascii=False, indent=2
    )
    return discord.File(io.BytesIO(data.encode("utf-8")), filename="ship_stats.json")


async def _panel_owner(
    interaction: discord.Interaction[Any], ident: int
) -> tuple[Context, list[Faction], str]:
    """The campaign context and the faction an orders panel belongs to; others are refused."""
    ctx = await campaign_context(interaction)
    factions = await ctx.service.factions(ctx.campaign.id)
    owner = faction_by_id(ident, factions)
    if owner is None:
        raise NotFound(C + "error.faction_gone")
    if not ctx.is_gm and owner.user_id != ctx.actor.user_id:
        raise NotAllowed(C + "error.not_your_faction", faction=owner.name)
    return ctx, factions, owner.name


@control_handler("orders")
async def give_orders_button(interaction: discord.Interaction[Any], args: list[int]) -> None:
    """ "Give orders" on a battle message: the clicker's own orders panel, only for them."""
    ctx = await campaign_context(interaction)
    factions = await ctx.service.factions(ctx.campaign.id)
    state, settings = await ctx.service.state(ctx.campaign, RULESET)
    battle = get_battle(state, args[0])
    who = battle_faction(ctx, factions, battle, None)
    embed, view = orders_message(state, settings, battle, who, factions, ctx.locale)
    await reply(interaction, embed=embed, view=view, ephemeral=True)


@control_handler("ordp")
async def orders_page_button(interaction: discord.Interaction[Any], args: list[int]) -> None:
    """Another page of selects when a participant has more groups than five rows hold."""
    battle_id, ident, page = args
    ctx, factions, who = await _panel_owner(interaction, ident)
    state, settings = await ctx.service.state(ctx.campaign, RULESET)
    battle = get_battle(state, battle_id)
    embed, view = orders_message(state, settings, battle, who, factions, ctx.locale, page=page)
    await interaction.response.edit_message(embed=embed, view=view)


@control_handler("ord")
async def order_select(interaction: discord.Interaction[Any], args: list[int]) -> None:
    """A pick in a group's select: its target (or automatic, or hold) for the coming round."""
    battle_id, ident, index = args
    ctx, factions, who = await _panel_owner(interaction, ident)
    data: dict[str, Any] = dict(interaction.data or {})
    values = [str(v) for v in data.get("values") or []]
    if not values:
        raise GameError(C + "error.nothing_picked")
    picked = values[0]
    async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
        state, settings = await uow.load(RULESET)
        battle = get_battle(state, battle_id)
        ship_class = class_at(settings, index)
        if ship_class is None:
            raise Conflict(C + "error.table_changed")
        if picked == AUTO:
            kept = [o for o in battle.orders.get(who, []) if o.ship_class != ship_class]
            command = SetFireOrders(battle_id=battle.id, faction=who, orders=kept, replace=True)
        elif picked == HOLD:
            fire = FireOrder(ship_class=ship_class, hold=True)
            command = SetFireOrders(battle_id=battle.id, faction=who, orders=[fire], replace=False)
        else:
            position, _, opponent = picked.partition(":")
            target_class = class_at(settings, int(position)) if position.isdigit() else None
            if target_class is None:
                raise Conflict(C + "error.table_changed")
            fire = FireOrder(
                ship_class=ship_class,
                targets=[FireTarget(opponent=opponent, target_class=target_class)],
            )
            command = SetFireOrders(battle_id=battle.id, faction=who, orders=[fire], replace=False)
        outcome = set_fire_orders(state, settings, command)
        await uow.record(
            RULESET,
            "combat order",
            outcome.state,
            options={"battle": battle.id, "class": ship_class, "target": picked},
            lines=outcome.lines,
            faction=who,
        )
    embed, view = orders_message(outcome.state, settings, outcome.battle, who, factions, ctx.locale)
    await interaction.response.edit_message(embed=embed, view=view)


@control_handler("log")
async def log_button(interaction: discord.Interaction[Any], args: list[int]) -> None:
    """Older/Newer: another page of the battle's log, on the same message."""
    battle_id, page = args[0], args[1]
    ctx = await campaign_context(interaction)
    state, settings = await ctx.service.state(ctx.campaign, RULESET)
    battle = get_battle(state, battle_id, active=False)
    pages = battle_pages(battle, battle_status(state, settings, battle.id), settings, ctx.locale)
    page = min(max(page, 0), len(pages) - 1)
    view = battle_view(battle, page, len(pages), ctx.locale)
    await interaction.response.edit_message(content=None, embeds=pages[page], view=view)


@choice_handler(RESOLVE_CHOICE)
async def answer_resolve(
    interaction: discord.Interaction[Any], ctx: Context, choice: Choice, option: str
) -> None:
    """Confirm fights the round named on the button, once; cancel closes the question."""
    require_gm(ctx)
    battle_id, round_number = int(choice.payload["battle"]), int(choice.payload["round"])
    if option == "cancel":
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            await uow.claim_choice(choice.id, gm=True)
            await uow.close_choice(choice.id, "cancelled")
        embed = make_embed(t(C + "resolve.cancelled", ctx.locale, battle=battle_id))
        await interaction.response.edit_message(embed=embed, view=None)
        return
    async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
        await uow.claim_choice(choice.id, gm=True)
        await uow.close_choice(choice.id)
        state, settings = await uow.load(RULESET)
        if get_battle(state, battle_id).next_round != round_number:
            raise Conflict(C + "error.round_fought", battle=battle_id, round=round_number)
        outcome = resolve_round(state, settings, battle_id, uow.dice, turn=uow.campaign.turn)
        report = outcome.report
        await uow.record(
            RULESET,
            "combat resolve",
            outcome.state,
            options={"battle": battle_id, "round": round_number},
            lines=outcome.lines,
            outcome={
                "auto_targeted": [
                    {"shooter": v.shooter, "ship_class": v.ship_class, "source": v.source}
                    for v in report.auto_targeted()
                ],
                "ended": report.ended,
            },
        )
    battle = get_battle(outcome.state, battle_id, active=False)
    pages = battle_pages(
        battle, battle_status(outcome.state, settings, battle_id), settings, ctx.locale
    )
    page = round_page_index(battle, round_number, settings, ctx.locale)
    view = battle_view(battle, page, len(pages), ctx.locale)
    await interaction.response.edit_message(content=None, embeds=pages[page], view=view)


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(FleetCombatCog(bot))
