"""The restart-safe controls of `/combat`: the orders panel (its selects and pages), the
battle message's Give orders and Older/Newer buttons, and the GM's resolve confirmation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.announcements import Announcement
from bot.campaigns import Choice
from bot.campaigns import Faction
from bot.cog_base import Interaction
from bot.dice import Dice
from bot.errors import Conflict
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.factions import faction_by_id
from bot.factions import faction_id
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import Context
from bot.interactions import cancel_choice
from bot.interactions import choice_handler
from bot.interactions import cite_in_footer
from bot.interactions import make_embed
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import update_message
from bot.rules.fleet_combat import RESOLVE_CHOICE
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import Battle
from bot.rules.fleet_combat import BattleOutcome
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import RoundOutcome
from bot.rules.fleet_combat import RoundReport
from bot.rules.fleet_combat import SetFireOrders
from bot.rules.fleet_combat import battle_log_key
from bot.rules.fleet_combat import battle_status
from bot.rules.fleet_combat import firing_groups
from bot.rules.fleet_combat import get_battle
from bot.rules.fleet_combat import resolve_round
from bot.rules.fleet_combat import set_fire_orders
from bot.rules.fleet_combat import target_counts
from bot.scaffold import Applied
from bot.scaffold import ChoiceClaim
from bot.scaffold import RulesetContext
from cogs.fleet_combat.common import C
from cogs.fleet_combat.common import Ctx
from cogs.fleet_combat.common import battle_faction
from cogs.fleet_combat.common import opponents_of
from cogs.fleet_combat.render import AUTO
from cogs.fleet_combat.render import HOLD
from cogs.fleet_combat.render import SPLIT
from cogs.fleet_combat.render import battle_pages
from cogs.fleet_combat.render import battle_view
from cogs.fleet_combat.render import class_at
from cogs.fleet_combat.render import control_handler
from cogs.fleet_combat.render import lines_text
from cogs.fleet_combat.render import orders_embed
from cogs.fleet_combat.render import orders_view
from cogs.fleet_combat.render import round_page_index


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
    """The ephemeral orders panel: groups in firing order and one select per group, and the
    owner's damage priority when the campaign uses it (FC-I10; it is shown to nobody else)."""
    groups = firing_groups(state, settings, battle.id, faction)
    retreating = faction in battle.retreats
    holds = settings.missing_orders == "hold_fire"  # FC-I7: no order means hold fire
    counts = target_counts(state, settings, battle)
    embed = orders_embed(
        battle, faction, groups, counts, locale, retreating=retreating, holds=holds
    )
    if lines:
        embed.description = "\n".join([lines_text(lines, locale), embed.description or ""])
    fleet = state.fleet(faction, battle.point)
    present = {s.id for s in fleet.ships} if fleet is not None else set()
    listed = [i for i in battle.damage_priority.get(faction, []) if i in present]
    if settings.wound_tie_break == "owner_choice" and listed:
        ships = ", ".join(f"#{ship}" for ship in listed)
        priority = t(C + "orders.priority", locale, ships=ships)
        embed.description = "\n".join([embed.description or "", priority])
    opponents = opponents_of(battle, faction)
    if settings.allow_split_fire and not retreating and groups and opponents:
        # The example aims at one of the reader's opponents, never at the reader (FC-5.2).
        hint = t(C + "orders.split_hint", locale, opponent=opponents[0])
        embed.set_footer(text=f"{embed.footer.text or ''} {hint}".strip())
    cite_in_footer(embed, locale)
    view = (
        None
        if retreating
        else orders_view(battle, faction_id(faction, factions), groups, settings, locale, page)
    )
    return embed, view


def orders_after(
    ctx: Ctx, done: Applied[BattleOutcome, FleetCombatSettings], who: str, *, recorded: bool
) -> tuple[discord.Embed, discord.ui.View | None]:
    """`who`'s orders panel once orders were given; with `recorded`, the line saying for
    which round they are recorded (FC-5.3) above it."""
    outcome = done.outcome
    return orders_message(
        outcome.state,
        done.settings,
        outcome.battle,
        who,
        ctx.factions,
        ctx.locale,
        lines=outcome.lines if recorded else (),
    )


async def battle_message(
    ctx: Ctx,
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle: Battle,
    *,
    page: int | None = None,
    round_number: int | None = None,
    fought: Sequence[RoundReport] = (),
) -> tuple[list[discord.Embed], discord.ui.View | None]:
    """A page of the battle's log with its Older/Newer buttons: page `page`, else the first
    page of round `round_number`, else the latest. The rounds come from the archive, read
    after `state`: rounds fought since (a turn ended meanwhile) are left for the next look;
    `fought` adds the rounds a transaction still open wrote (not yet committed). The log is
    posted in the channel and paged by anyone: the campaign's language."""
    locale = ctx.public_locale
    logged = await ctx.service.archived(
        ctx.campaign, SPEC.key, battle_log_key(battle.id), RoundReport
    )
    by_round = {r.round: r for r in [*logged, *fought]}
    reports = [by_round[n] for n in sorted(by_round) if n <= battle.rounds_fought]
    pages = battle_pages(reports, battle_status(state, settings, battle.id), settings, locale)
    if page is None and round_number is not None:
        page = round_page_index(reports, round_number, settings, locale)
    index = len(pages) - 1 if page is None else min(max(page, 0), len(pages) - 1)
    return pages[index], battle_view(battle, index, len(pages), locale)


async def _panel_owner(interaction: Interaction, ident: int) -> tuple[Ctx, str]:
    """The campaign context and the faction an orders panel belongs to; others are refused."""
    ctx = await RulesetContext.of(interaction, SPEC)
    owner = faction_by_id(ident, ctx.factions)
    if owner is None:
        raise NotFound(C + "error.faction_gone")
    if not ctx.is_gm and owner.user_id != ctx.user_id:
        raise NotAllowed("error.not_your_faction", faction=owner.name)
    return ctx, owner.name


async def _show_panel(
    interaction: Interaction, ctx: Ctx, battle_id: int, who: str, page: int = 0
) -> None:
    """Draw `who`'s orders panel again on the clicked message."""
    state, settings = await ctx.read()
    battle = get_battle(state, battle_id)
    embed, view = orders_message(state, settings, battle, who, ctx.factions, ctx.locale, page=page)
    await update_message(interaction, embed=embed, view=view)


def drawn_for(args: Sequence[int], size: int) -> int | None:
    """The round an orders panel's control was drawn for: the argument after its first
    `size`; None on a control posted before panels carried their round."""
    return args[size] if len(args) > size else None


async def _stale_panel(
    interaction: Interaction,
    ctx: Ctx,
    battle_id: int,
    who: str,
    round_number: int | None,
    *,
    picked: bool,
) -> bool:
    """Whether the clicked orders panel is out of date, redrawn if so, recording nothing:
    the battle is over (FC-I16) or `who` is out of it (the refusal, no menus left), the
    round it was drawn for has been fought (or undone: orders are for the coming round
    only, FC-5.3), or `who` declared a retreat since (FC-6.2) — then the panel of the
    coming round, saying why (and, on a pick, that it was not recorded). Only its owner
    sees the panel."""
    state, settings = await ctx.read()
    try:
        battle = get_battle(state, battle_id)
        if round_number is not None and round_number < battle.next_round:
            key = "orders.stale_fought"
        elif round_number is not None and round_number > battle.next_round:
            key = "orders.stale_undone"
        elif who in battle.retreats:
            key = "orders.stale_retreat"
        else:
            return False
        why = Msg(C + key, battle=battle_id, stale=round_number, round=battle.next_round)
        lines = [Msg(C + "orders.not_recorded"), why] if picked else [why]
        embed, view = orders_message(
            state, settings, battle, who, ctx.factions, ctx.locale, lines=lines
        )
    except GameError as refused:
        embed, view = make_embed(refused.message(ctx.locale)), None
        cite_in_footer(embed, ctx.locale)
    await update_message(interaction, embed=embed, view=view)
    return True


@control_handler("orders")
async def give_orders_button(interaction: Interaction, args: list[int]) -> None:
    """ "Give orders" on a battle message: the clicker's own orders panel, only for them."""
    ctx = await RulesetContext.of(interaction, SPEC)
    state, settings = await ctx.read()
    battle = get_battle(state, args[0])
    engaged = {p.faction for p in battle.engaged()}
    if ctx.is_gm and not engaged & set(ctx.own_factions()):
        # A button cannot ask which faction: the command can.
        raise GameError(C + "error.gm_orders_button", battle=battle.id)
    who = battle_faction(ctx, battle, None)
    embed, view = orders_message(state, settings, battle, who, ctx.factions, ctx.locale)
    await reply(interaction, embed=embed, view=view, ephemeral=True)


@control_handler("ordp")
async def orders_page_button(interaction: Interaction, args: list[int]) -> None:
    """Another page of selects when a participant has more groups than five rows hold; on
    a panel out of date, the coming round's panel saying so (`_stale_panel`)."""
    battle_id, ident, page = args[:3]
    ctx, who = await _panel_owner(interaction, ident)
    if await _stale_panel(interaction, ctx, battle_id, who, drawn_for(args, 3), picked=False):
        return
    await _show_panel(interaction, ctx, battle_id, who, page)


def picked_orders(
    battle: Battle, faction: str, settings: FleetCombatSettings, ship_class: str, picked: str
) -> SetFireOrders:
    """What a pick in a group's select asks: automatic (the group's order goes), hold fire,
    or one target given as `<class index>:<opponent>` (FC-5.2, FC-I7, FC-I17)."""
    if picked == AUTO:
        kept = [o for o in battle.orders.get(faction, []) if o.ship_class != ship_class]
        return SetFireOrders(battle_id=battle.id, faction=faction, orders=kept, replace=True)
    if picked == HOLD:
        fire = FireOrder(ship_class=ship_class, hold=True)
    else:
        position, _, opponent = picked.partition(":")
        target_class = class_at(settings, int(position)) if position.isdigit() else None
        if target_class is None:
            raise Conflict(C + "error.table_changed")
        fire = FireOrder(
            ship_class=ship_class,
            targets=[FireTarget(opponent=opponent, target_class=target_class)],
        )
    return SetFireOrders(battle_id=battle.id, faction=faction, orders=[fire], replace=False)


def picked_option(picked: str, asked: SetFireOrders) -> str:
    """A pick as its log entry keeps it: the target of the order recorded, as it would be
    typed (`Blue: destroyer`), so /history show reads it like `/combat order`'s option;
    automatic and hold as they are."""
    if picked in (AUTO, HOLD):
        return picked
    target = asked.orders[0].targets[0]
    return f"{target.opponent}: {target.target_class.replace('_', ' ')}"


@control_handler("ord")
async def order_select(interaction: Interaction, args: list[int]) -> None:
    """A pick in a group's select: its target (or automatic, or hold) for the round the
    panel was drawn for, which must still be the coming one (FC-5.3): a pick on a panel out
    of date records nothing and shows the coming round's panel, saying why (`_stale_panel`).
    A panel posted before panels carried their round gives orders for the coming round."""
    battle_id, ident, index = args[:3]
    round_number = drawn_for(args, 3)
    ctx, who = await _panel_owner(interaction, ident)
    if await _stale_panel(interaction, ctx, battle_id, who, round_number, picked=True):
        return
    data: dict[str, Any] = dict(interaction.data or {})
    values = [str(v) for v in data.get("values") or []]
    if not values:
        raise GameError(C + "error.nothing_picked")
    picked = values[0]
    if picked == SPLIT:
        # The split order stays as typed (FC-I7): show the panel again, change nothing.
        await _show_panel(interaction, ctx, battle_id, who)
        return
    _, committed = await ctx.read()
    ship_class = class_at(committed, index)
    asked: list[SetFireOrders] = []  # the orders the pick gave, for its log entry

    def change(state: FleetCombatState, settings: FleetCombatSettings, dice: Dice) -> BattleOutcome:
        if ship_class is None or class_at(settings, index) != ship_class:
            raise Conflict(C + "error.table_changed")
        battle = get_battle(state, battle_id)
        if round_number is not None and battle.next_round != round_number:
            # Fought (or undone) since the panel was read above.
            raise Conflict(C + "error.panel_stale", battle=battle_id)
        asked.append(picked_orders(battle, who, settings, ship_class, picked))
        return set_fire_orders(state, settings, asked[-1])

    def redrawn(done: Applied[BattleOutcome, FleetCombatSettings]) -> list[Announcement]:
        # A panel without its round in its menus: say which round the pick counts for.
        embed, view = orders_after(ctx, done, who, recorded=round_number is None)
        return [Announcement(edit=True, embeds=[embed], view=view)]  # a private panel

    await ctx.apply(
        change,
        faction=who,
        command="combat order",
        options={
            "battle": battle_id,
            "class": ship_class,
            "target": picked,
        },
        logged_options=lambda given, _: {**given, "target": picked_option(picked, asked[-1])},
        secret=True,  # a private panel: kept from the other players until the turn ends
        announce=redrawn,
    )


@control_handler("log")
async def log_button(interaction: Interaction, args: list[int]) -> None:
    """Older/Newer: another page of the battle's log, on the same message."""
    battle_id, page = args[0], args[1]
    ctx = await RulesetContext.of(interaction, SPEC)
    state, settings = await ctx.read()
    battle = get_battle(state, battle_id, active=False)
    embeds, view = await battle_message(ctx, state, settings, battle, page=page)
    await update_message(interaction, content=None, embeds=embeds, view=view)


@choice_handler(RESOLVE_CHOICE)
async def answer_resolve(
    interaction: Interaction, base: Context, choice: Choice, option: str
) -> None:
    """Confirm fights the round named on the button, once; cancel closes the question."""
    require_gm(base)
    ctx = await RulesetContext.within(interaction, base, SPEC)
    battle_id, round_number = int(choice.payload["battle"]), int(choice.payload["round"])
    if option == "cancel":
        embed = make_embed(ctx.pt(C + "resolve.cancelled", battle=battle_id))
        await cancel_choice(interaction, base, choice, embed, keep_buttons=False)
        return
    committed, _ = await ctx.read()
    battle = committed.battle(battle_id)
    if battle is None or not battle.active or battle.next_round != round_number:
        # A turn end, another GM or a close moved the battle on: nothing is left to confirm.
        over = battle is None or not battle.active
        embed = make_embed(
            ctx.pt("fleet_combat.error.battle_over", clause="FC-I16", battle=battle_id)
            if over
            else ctx.pt(C + "error.round_fought", battle=battle_id, round=round_number)
        )
        cite_in_footer(embed, ctx.public_locale)
        await cancel_choice(interaction, base, choice, embed, keep_buttons=False)
        return

    def fight(state: FleetCombatState, settings: FleetCombatSettings, dice: Dice) -> RoundOutcome:
        if get_battle(state, battle_id).next_round != round_number:
            raise Conflict(C + "error.round_fought", battle=battle_id, round=round_number)
        return resolve_round(
            state, settings, battle_id, dice, turn=ctx.campaign.turn, before_turn_end=True
        )

    async def report(done: Applied[RoundOutcome, FleetCombatSettings]) -> list[Announcement]:
        return await _round_fought(ctx, done, battle_id, round_number)

    await ctx.apply(
        fight,
        command="combat resolve",
        options={"battle": battle_id, "round": round_number},
        audit=lambda o: {
            "auto_targeted": [
                {"shooter": v.shooter, "ship_class": v.ship_class, "source": v.source}
                for v in o.report.auto_targeted()
            ],
            "ended": o.report.ended,
            **o.rolled_by,
        },
        claim=ChoiceClaim(choice.id, gm=True, close=True),
        announce=report,
    )


async def _round_fought(
    ctx: Ctx,
    done: Applied[RoundOutcome, FleetCombatSettings],
    battle_id: int,
    round_number: int,
) -> list[Announcement]:
    """The confirmation redrawn as the round's report (written with the change: shown once,
    even after a crash); the round is read from the outcome, the earlier ones from the
    archive (it stays readable with /combat status)."""
    battle = get_battle(done.outcome.state, battle_id, active=False)
    embeds, view = await battle_message(
        ctx,
        done.outcome.state,
        done.settings,
        battle,
        round_number=round_number,
        fought=[done.outcome.report],
    )
    return [Announcement(edit=True, content=None, embeds=embeds, view=view)]
