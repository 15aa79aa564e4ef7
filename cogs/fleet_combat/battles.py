"""`/combat attack, orders, order, retreat, resolve, close, status, turn-order`: battles
from the declaration to the last round (rules/fleet-combat.md FC-4 to FC-6)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.errors import GameError
from bot.factions import normal, own_factions
from bot.i18n import t
from bot.interactions import (
    actor_of,
    campaign_context,
    choice_button,
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
    FleetCombatSettings,
    FleetCombatState,
    SetFireOrders,
    class_count,
    close_battle,
    declare_attack,
    declare_retreat,
    firing_groups,
    get_battle,
    legal_targets,
    set_fire_orders,
    set_turn_order,
    waiting_for,
)
from cogs.fleet_combat.common import (
    RULESET,
    C,
    acting_context,
    battle_faction,
    campaign_state,
    canonical_point,
    combat,
    faction_autocomplete,
    list_choices,
    list_entries,
    matching_choices,
    opponents_of,
    option_of,
    point_autocomplete,
)
from cogs.fleet_combat.controls import RESOLVE_CHOICE, battle_message, orders_message
from cogs.fleet_combat.input import (
    find_class,
    is_hold,
    parse_factions,
    parse_fire_targets,
    resolve_class,
    target_value,
)
from cogs.fleet_combat.render import (
    HOLD,
    battles_embed,
    outcome_message,
    plain_embed,
    target_label,
)


async def targets_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """Other factions with fleets at the point; completes the last name of a list."""
    found = await campaign_state(interaction)
    if found is None:
        return []
    campaign, state, _ = found
    factions = await service_of(interaction).factions(campaign.id)
    mine = set(own_factions(interaction.user.id, factions))
    typed_point = str(option_of(interaction, "point") or "")
    where = canonical_point(state, typed_point) if typed_point else None
    present = sorted({f.faction for f in state.fleets if where is None or f.point == where} - mine)
    chosen = list_entries(current)[0]
    return list_choices([(name, name) for name in present], current, chosen=chosen)


async def battle_autocomplete(
    interaction: discord.Interaction[Any], current: int | str
) -> list[app_commands.Choice[int]]:
    """Active battles: number, point, participants and the round coming."""
    found = await campaign_state(interaction)
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


async def order_class_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The acting player's groups in the battle, in firing order."""
    found = await order_context(interaction)
    if found is None:
        return []
    state, settings, battle, who = found
    locale = locale_of(interaction)
    pairs = [
        (class_count(g.ship_class, g.ships).render(locale), g.ship_class)
        for g in firing_groups(state, settings, battle.id, who)
    ]
    return matching_choices(pairs, current)


async def order_target_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    """The legal targets of the chosen class (FC-5.4–5.8, FC-I8); "hold fire" first when the
    campaign allows it, and the next part of a split order when it allows that (FC-I7)."""
    found = await order_context(interaction)
    if found is None:
        return []
    state, settings, battle, who = found
    locale = locale_of(interaction)
    own = find_class(str(option_of(interaction, "class") or ""), settings)
    if own is None:
        return []
    next_part = bool(list_entries(current)[0])
    if next_part and not settings.allow_split_fire:
        return []
    pairs: list[tuple[str, str]] = []
    if not next_part and settings.allow_hold_fire:
        pairs.append((t(C + "orders.option_hold", locale), HOLD))
    targets = legal_targets(state, settings, battle.id, who, own)
    pairs += [(target_label(x, locale), target_value(x.opponent, x.target_class)) for x in targets]
    return list_choices(pairs, current)


def typed_order(
    settings: FleetCombatSettings,
    battle: Battle,
    faction: str,
    ship_class: str,
    target: str,
    locale: str,
) -> FireOrder:
    """What `/combat order target:` asks of a group (FC-5.2, FC-I7): hold fire (`hold`), one
    target (`Blue: cruiser`), or a split (`Blue: destroyer ×1, Blue: dreadnought`) where
    every part but the last gives its dice and the last takes the rest.

    Only reads what was typed: the engine refuses hold and split orders the campaign's
    settings do not allow, and dice that do not add up (`set_fire_orders`).
    """
    if is_hold(target):
        return FireOrder(ship_class=ship_class, hold=True)
    others = [p.faction for p in battle.participants if p.faction != faction]
    parts = parse_fire_targets(
        target, opponents_of(battle, faction), settings, locale, others=others
    )
    return FireOrder(
        ship_class=ship_class,
        targets=[
            FireTarget(opponent=p.opponent, target_class=p.target_class, dice=p.dice) for p in parts
        ],
    )


async def order_context(
    interaction: discord.Interaction[Any],
) -> tuple[FleetCombatState, FleetCombatSettings, Battle, str] | None:
    """State, settings, battle and acting faction for the order autocompletes."""
    found = await campaign_state(interaction)
    if found is None:
        return None
    campaign, state, settings = found
    number = option_of(interaction, "battle")
    battle = state.battle(int(number)) if str(number or "").isdigit() else None
    if battle is None or not battle.active:
        return None
    service = service_of(interaction)
    factions = await service.factions(campaign.id)
    actor_is_gm = await service.is_gm(campaign, actor_of(interaction))
    engaged = [p.faction for p in battle.engaged()]
    wanted = option_of(interaction, "faction")
    mine = [f for f in own_factions(interaction.user.id, factions) if f in engaged]
    if wanted and actor_is_gm:
        who = next((f for f in engaged if normal(f) == normal(str(wanted))), None)
    else:
        who = mine[0] if len(mine) == 1 else None
    if who is None:
        return None
    return state, settings, battle, who


class BattleCommands:
    """Declaring attacks, fire orders, retreats, and the GM's resolve and close."""

    @combat.command(name="attack", description="Declare an attack on players at your board point")
    @app_commands.describe(
        point="Board point, e.g. Mecatol Rex",
        targets="Factions to attack, comma-separated",
        faction="The faction (a GM may name any; default: yours)",
    )
    @app_commands.autocomplete(
        point=point_autocomplete, faction=faction_autocomplete, targets=targets_autocomplete
    )
    async def attack(
        self,
        interaction: discord.Interaction[Any],
        point: app_commands.Range[str, 1, 60],
        targets: app_commands.Range[str, 1, 300],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """FC-4.1, FC-4.2, FC-I5: open the battle at the point or join it; movement locks."""
        ctx, factions, attacker = await acting_context(interaction, faction)
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
        embed, view = outcome_message(outcome, settings, ctx.locale)
        attacked = [f.user_id for f in factions if f.name in names and f.user_id]
        users = [f"<@{user}>" for user in attacked]
        content = (
            t(C + "attack.ping", ctx.locale, users=" ".join(users), attacker=attacker, point=where)
            if users
            else None
        )
        await reply(interaction, content, embed=embed, view=view, pinged=attacked)

    @combat.command(name="orders", description="Give fire orders for the coming round from menus")
    @app_commands.describe(
        battle="Battle number (#)", faction="The faction (a GM may name any; default: yours)"
    )
    @app_commands.autocomplete(faction=faction_autocomplete, battle=battle_autocomplete)
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
        target="Whom to fire at, e.g. Blue: dreadnought; split: Blue: destroyer x1, Blue: cruiser",
        faction="The faction (a GM may name any; default: yours)",
    )
    @app_commands.autocomplete(
        faction=faction_autocomplete,
        battle=battle_autocomplete,
        ship_class=order_class_autocomplete,
        target=order_target_autocomplete,
    )
    async def order(
        self,
        interaction: discord.Interaction[Any],
        battle: app_commands.Range[int, 1, 1_000_000],
        ship_class: app_commands.Range[str, 1, 60],
        target: app_commands.Range[str, 1, 300],
        faction: app_commands.Range[str, 1, 64] | None = None,
    ) -> None:
        """FC-5.2, FC-5.3: this class's target for the coming round; it may change until then.
        With the campaign's FC-I7 settings: several parts with dice each, or hold fire."""
        ctx = await campaign_context(interaction)
        factions = await ctx.service.factions(ctx.campaign.id)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            state, settings = await uow.load(RULESET)
            found = get_battle(state, battle)
            who = battle_faction(ctx, factions, found, faction)
            own = resolve_class(ship_class, settings, ctx.locale)
            fire = typed_order(settings, found, who, own, target, ctx.locale)
            outcome = set_fire_orders(
                state,
                settings,
                SetFireOrders(battle_id=found.id, faction=who, orders=[fire], replace=False),
            )
            stored = next(o for o in outcome.battle.orders[who] if o.ship_class == own)
            await uow.record(
                RULESET,
                "combat order",
                outcome.state,
                options={"battle": found.id, **stored.model_dump(mode="json")},
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
    @app_commands.autocomplete(faction=faction_autocomplete, battle=battle_autocomplete)
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
    @app_commands.autocomplete(battle=battle_autocomplete)
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
                choice_button(
                    choice_id,
                    "confirm",
                    t(C + "resolve.confirm", ctx.locale, battle=found.id, round=found.next_round),
                    style=discord.ButtonStyle.danger,
                ),
                choice_button(choice_id, "cancel", t(C + "resolve.cancel", ctx.locale)),
            ]
        )
        await reply(interaction, embed=embed, view=view)

    @combat.command(name="close", description="End a battle at once (GM)")
    @app_commands.describe(battle="Battle number (#)")
    @app_commands.autocomplete(battle=battle_autocomplete)
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
    @app_commands.describe(battle="Battle number (#)", round="Open the log at this round")
    @app_commands.autocomplete(battle=battle_autocomplete)
    async def status(
        self,
        interaction: discord.Interaction[Any],
        battle: app_commands.Range[int, 1, 1_000_000] | None = None,
        round: app_commands.Range[int, 1, 1_000] | None = None,
    ) -> None:
        """The battle as it stands after its latest round (or its log at `round`); Older/Newer
        page through every round."""
        ctx = await campaign_context(interaction)
        state, settings = await ctx.service.state(ctx.campaign, RULESET)
        if battle is None and round is not None:
            raise GameError(C + "error.round_needs_battle")
        if battle is None:
            active = state.active_battles()
            if len(active) != 1:
                await reply(interaction, embed=battles_embed(state, ctx.locale))
                return
            battle = active[0].id
        found = get_battle(state, battle, active=False)
        if round is not None and round > found.rounds_fought:
            raise GameError(
                C + "error.round_not_fought", battle=battle, round=round, fought=found.rounds_fought
            )
        embeds, view = await battle_message(ctx, state, settings, found, round_number=round)
        await reply(interaction, embeds=embeds, view=view)

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
