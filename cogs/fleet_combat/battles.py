"""`/combat attack, orders, order, retreat, resolve, close, status, turn-order`: battles
from the declaration to the last round (rules/fleet-combat.md FC-4 to FC-6)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import TypeVar

from discord import app_commands
from discord.ext import commands

from bot.announcements import Announcement
from bot.cog_base import Choices
from bot.cog_base import Interaction
from bot.dice import Dice
from bot.errors import Conflict
from bot.errors import GameError
from bot.factions import normal
from bot.factions import own_factions
from bot.i18n import t
from bot.interactions import WAITING_COLOUR
from bot.interactions import actor_of
from bot.interactions import ask_to_confirm
from bot.interactions import cite_in_footer
from bot.interactions import clip
from bot.interactions import locale_of
from bot.interactions import make_embed
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import service_of
from bot.interactions import who
from bot.rules.fleet_combat import RESOLVE_CHOICE
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import Battle
from bot.rules.fleet_combat import BattleOutcome
from bot.rules.fleet_combat import DeclareAttack
from bot.rules.fleet_combat import DeclareRetreat
from bot.rules.fleet_combat import FireOrder
from bot.rules.fleet_combat import FireTarget
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import SetFireOrders
from bot.rules.fleet_combat import class_count
from bot.rules.fleet_combat import close_battle
from bot.rules.fleet_combat import declare_attack
from bot.rules.fleet_combat import declare_retreat
from bot.rules.fleet_combat import firing_groups
from bot.rules.fleet_combat import get_battle
from bot.rules.fleet_combat import legal_targets
from bot.rules.fleet_combat import set_fire_orders
from bot.rules.fleet_combat import set_turn_order
from bot.rules.fleet_combat import waiting_for
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
from cogs.fleet_combat.common import BATTLE
from cogs.fleet_combat.common import POINT
from cogs.fleet_combat.common import ActingFaction
from cogs.fleet_combat.common import BattleNo
from cogs.fleet_combat.common import C
from cogs.fleet_combat.common import Ctx
from cogs.fleet_combat.common import ListText
from cogs.fleet_combat.common import Point
from cogs.fleet_combat.common import TurnOrderSet
from cogs.fleet_combat.common import apply_in_battle
from cogs.fleet_combat.common import battle_being_given
from cogs.fleet_combat.common import battle_faction
from cogs.fleet_combat.common import canonical_point
from cogs.fleet_combat.common import combat
from cogs.fleet_combat.common import gm_context
from cogs.fleet_combat.common import list_choices
from cogs.fleet_combat.common import list_entries
from cogs.fleet_combat.common import opponents_of
from cogs.fleet_combat.common import option_of
from cogs.fleet_combat.common import point_autocomplete
from cogs.fleet_combat.controls import battle_message
from cogs.fleet_combat.controls import orders_after
from cogs.fleet_combat.controls import orders_message
from cogs.fleet_combat.input import TargetScope
from cogs.fleet_combat.input import find_class
from cogs.fleet_combat.input import is_hold
from cogs.fleet_combat.input import parse_factions
from cogs.fleet_combat.input import parse_fire_targets
from cogs.fleet_combat.input import resolve_class
from cogs.fleet_combat.input import target_value
from cogs.fleet_combat.render import HOLD
from cogs.fleet_combat.render import battles_embed
from cogs.fleet_combat.render import change_embeds
from cogs.fleet_combat.render import outcome_message
from cogs.fleet_combat.render import plain_embed
from cogs.fleet_combat.render import target_label

CommandT = TypeVar("CommandT", bound=Callable[..., Any])
LABEL_MAX = 100  # Discord's longest autocomplete label


async def targets_autocomplete(interaction: Interaction, current: str) -> Choices:
    """Other factions with fleets at the point; completes the last name of a list."""
    found = await state_for(interaction, SPEC)
    if found is None:
        return []
    campaign, state, _ = found
    factions = await service_of(interaction).factions(campaign.id)
    mine = set(own_factions(interaction.user.id, factions))
    typed_point = str(option_of(interaction, "point") or "")
    where = canonical_point(state, typed_point) if typed_point else None
    present = sorted(
        {f.faction for f in state.fleets if where is None or same_point(f.point, where)} - mine
    )
    chosen = list_entries(current)[0]
    return list_choices([(name, name) for name in present], current, chosen=chosen)


async def battle_autocomplete(
    interaction: Interaction, current: int | str
) -> list[app_commands.Choice[int]]:
    """Active battles: number, point, participants and the round coming."""
    found = await state_for(interaction, SPEC)
    if found is None:
        return []
    locale = locale_of(interaction)
    choices = []
    for battle in found[1].active_battles():
        factions = [p.faction for p in battle.engaged()]
        name = t(
            C + "battle.choice",
            locale,
            battle=battle.id,
            point=battle.point,
            factions=", ".join(factions),
            round=battle.next_round,
        )
        if str(current).strip() in name:
            label = name if len(name) <= LABEL_MAX else _cut_label(name, battle, factions, locale)
            choices.append(app_commands.Choice(name=label, value=battle.id))
    return choices[:25]


def _cut_label(name: str, battle: Battle, factions: list[str], locale: str) -> str:
    """Battle label `name`, past Discord's length: as many whole factions as fit, then "…"."""
    for count in range(len(factions) - 1, -1, -1):
        label = t(
            C + "battle.choice_cut",
            locale,
            battle=battle.id,
            point=battle.point,
            factions=", ".join(factions[:count]),
        )
        if len(label) <= LABEL_MAX:
            return label
    return clip(name, LABEL_MAX)


async def order_class_autocomplete(interaction: Interaction, current: str) -> Choices:
    """The acting player's groups in the battle, in firing order."""
    at = await order_context(interaction)
    if at is None:
        return []
    groups = firing_groups(at.state, at.settings, at.battle.id, at.who)
    pairs = [(class_count(g.ship_class, g.ships).render(at.locale), g.ship_class) for g in groups]
    return matching_choices(pairs, current)


async def order_target_autocomplete(interaction: Interaction, current: str) -> Choices:
    """The legal targets of the chosen class (FC-5.4–5.8, FC-I8); "hold fire" first when the
    campaign allows it, and the next part of a split order when it allows that (FC-I7)."""
    at = await order_context(interaction)
    if at is None:
        return []
    state, settings, battle, who, locale = at.state, at.settings, at.battle, at.who, at.locale
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
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle: Battle,
    faction: str,
    ship_class: str,
    target: str,
    locale: str,
    campaign: Sequence[str] = (),
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
    legal = legal_targets(state, settings, battle.id, faction, ship_class)
    scope = TargetScope(
        opponents=opponents_of(battle, faction),
        settings=settings,
        locale=locale,
        battle=battle.id,
        others=others,
        legal=[(x.opponent, x.target_class) for x in legal],
        campaign=campaign,
        own=faction,
    )
    parts = parse_fire_targets(target, scope)
    return FireOrder(
        ship_class=ship_class,
        targets=[
            FireTarget(opponent=p.opponent, target_class=p.target_class, dice=p.dice) for p in parts
        ],
    )


@dataclass(frozen=True)
class OrderContext:
    """What the order autocompletes read: the state, the settings, the battle the command's
    `battle:` names, the faction the player acts for in it, and the reader's language."""

    state: FleetCombatState
    settings: FleetCombatSettings
    battle: Battle
    who: str
    locale: str


async def order_context(interaction: Interaction) -> OrderContext | None:
    """The order autocompletes' context; None while the battle or the faction is unknown."""
    found = await battle_being_given(interaction)
    if found is None:
        return None
    campaign, state, settings, battle = found
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
    return OrderContext(state, settings, battle, who, locale_of(interaction))


def already_fighting(
    state: FleetCombatState, attacker: str, targets: list[str], point: str
) -> Battle | None:
    """The battle at `point` in which `attacker` already fights every one of `targets`
    (FC-4.1: declaring that attack again changes nothing); None otherwise."""
    battle = state.battle_at(point)
    if battle is None:
        return None
    engaged = {p.faction for p in battle.engaged()}
    if attacker not in engaged:
        return None
    if all(t in engaged and battle.hostile(attacker, t) for t in targets):
        return battle
    return None


def battle_option(command: CommandT) -> CommandT:
    """A command's `battle:` option: its description and the active battles to pick."""
    completed = app_commands.autocomplete(battle=battle_autocomplete)(command)
    return app_commands.describe(battle=BATTLE)(completed)


class BattleCommands(commands.Cog):
    """Declaring attacks, fire orders, retreats, and the GM's resolve and close."""

    @who("faction")
    @combat.command(name="attack", description="Declare an attack on players at your board point")
    @app_commands.describe(
        point=POINT, targets="Factions to attack, comma-separated", faction=AS_FACTION
    )
    @app_commands.autocomplete(
        point=point_autocomplete, faction=faction_autocomplete, targets=targets_autocomplete
    )
    async def attack(
        self,
        interaction: Interaction,
        point: Point,
        targets: ListText,
        faction: ActingFaction = None,
    ) -> None:
        """FC-4.1, FC-4.2, FC-I5: open the battle at the point or join it; movement locks."""
        ctx = await RulesetContext.of(interaction, SPEC)
        attacker = ctx.acting_faction(faction)
        names = parse_factions(targets, ctx.factions)

        def change(
            state: FleetCombatState, settings: FleetCombatSettings, dice: Dice
        ) -> BattleOutcome:
            where = canonical_point(state, point)
            fighting = already_fighting(state, attacker, names, where)
            if fighting is not None:  # a repeat: nothing to post again, nobody to ping again
                raise Conflict(
                    C + "error.already_fighting",
                    targets=shown(", ".join(names)),
                    battle=fighting.id,
                    point=shown(fighting.point),
                )
            declared = DeclareAttack(
                attacker=attacker, targets=names, point=where, turn=ctx.campaign.turn
            )
            return declare_attack(state, settings, declared)

        def posted(done: Applied[BattleOutcome, FleetCombatSettings]) -> list[Announcement]:
            # Posted for everyone, the attacked players first: the campaign's language
            # (issue 18); written with the change, so the ping is posted once, even after a
            # crash.
            outcome = done.outcome
            embed, view = outcome_message(outcome, done.settings, ctx.public_locale)
            attacked = [f.user_id for f in ctx.factions if f.name in names and f.user_id]
            users = [f"<@{user}>" for user in attacked]
            content = (
                ctx.pt(
                    C + "attack.ping",
                    users=" ".join(users),
                    attacker=shown(attacker),
                    point=shown(outcome.battle.point),
                )
                if users
                else None
            )
            return [Announcement(content=content, embeds=[embed], view=view, pinged=attacked)]

        await ctx.apply(
            change,
            faction=attacker,
            audit=lambda o: {
                "battle": o.battle.id,
                "opened": o.opened,
                "movement_locked": o.movement_locked,
            },
            announce=posted,
        )

    @who("participant")
    @combat.command(name="orders", description="Give fire orders for the coming round from menus")
    @app_commands.describe(faction=AS_FACTION)
    @battle_option
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def orders(
        self, interaction: Interaction, battle: BattleNo, faction: ActingFaction = None
    ) -> None:
        """FC-5.1–5.8: one menu per own class, listing only the legal targets (FC-I8)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, settings = await ctx.read()
        found = get_battle(state, battle)
        who = battle_faction(ctx, found, faction)
        embed, view = orders_message(state, settings, found, who, ctx.factions, ctx.locale)
        await reply(interaction, embed=embed, view=view, ephemeral=True)

    @who("participant")
    @combat.command(name="order", description="Give one fire order: your class, whom and what")
    @app_commands.rename(ship_class="class")
    @app_commands.describe(
        ship_class="Your firing class, e.g. cruiser",
        target="Whom to fire at, e.g. Blue: dreadnought; split: Blue: destroyer x1, Blue: cruiser",
        faction=AS_FACTION,
    )
    @battle_option
    @app_commands.autocomplete(
        faction=faction_autocomplete,
        ship_class=order_class_autocomplete,
        target=order_target_autocomplete,
    )
    async def order(
        self,
        interaction: Interaction,
        battle: BattleNo,
        ship_class: app_commands.Range[str, 1, 60],
        target: ListText,
        faction: ActingFaction = None,
    ) -> None:
        """FC-5.2, FC-5.3: this class's target for the coming round; it may change until then.
        With the campaign's FC-I7 settings: several parts with dice each, or hold fire."""
        ctx = await RulesetContext.of(interaction, SPEC)

        def give(
            state: FleetCombatState, settings: FleetCombatSettings, found: Battle, who: str
        ) -> BattleOutcome:
            own = resolve_class(ship_class, settings, ctx.locale)
            fire = typed_order(
                state, settings, found, who, own, target, ctx.locale, [f.name for f in ctx.factions]
            )
            orders = SetFireOrders(battle_id=found.id, faction=who, orders=[fire], replace=False)
            return set_fire_orders(state, settings, orders)

        def panel(
            done: Applied[BattleOutcome, FleetCombatSettings], who: str
        ) -> list[Announcement]:
            embed, view = orders_after(ctx, done, who, recorded=True)
            return [Announcement(embeds=[embed], view=view, ephemeral=True)]

        # Given privately: kept from the other players in the log until the turn ends.
        await apply_in_battle(ctx, battle, faction, give, secret=True, announce=panel)

    @who("participant")
    @combat.command(name="retreat", description="Declare a retreat for the coming round")
    @app_commands.describe(cancel="Call the retreat off", faction=AS_FACTION)
    @battle_option
    @app_commands.autocomplete(faction=faction_autocomplete)
    async def retreat(
        self,
        interaction: Interaction,
        battle: BattleNo,
        cancel: bool = False,
        faction: ActingFaction = None,
    ) -> None:
        """FC-6, FC-I15: from round 2; no fire that round, a parting volley, then a move."""
        ctx = await RulesetContext.of(interaction, SPEC)

        def retreat(
            state: FleetCombatState, settings: FleetCombatSettings, found: Battle, who: str
        ) -> BattleOutcome:
            declared = DeclareRetreat(battle_id=found.id, faction=who, cancel=cancel)
            return declare_retreat(state, settings, declared)

        await apply_in_battle(
            ctx, battle, faction, retreat, announce=lambda done, _: _battle_lines(ctx, done)
        )

    @combat.command(name="resolve", description="Fight the next round of a battle now (GM)")
    @battle_option
    async def resolve(self, interaction: Interaction, battle: BattleNo) -> None:
        """For live play: ask the GM to confirm, then fight one round at once (FC-I6)."""
        ctx = await gm_context(interaction)
        state, settings = await ctx.read()
        found = get_battle(state, battle)
        async with ctx.service.work(ctx.campaign.id, ctx.base.actor) as uow:
            choice_id = await uow.open_choice(
                SPEC.key, RESOLVE_CHOICE, None, {"battle": found.id, "round": found.next_round}
            )
        # A question in the channel, which any GM may answer: the campaign's language. The
        # waiting lines carry the names as typed already (`waiting_for`): rendered as they are.
        waiting = [
            line.render(ctx.public_locale)
            for line in waiting_for(state, settings, ctx.campaign.turn)
            if line.params.get("battle") == found.id
        ]
        embed = make_embed(
            ctx.pt(C + "resolve.title", battle=found.id, round=found.next_round),
            # the waiting lines already say their groups get automatic targets (FC-I17)
            "\n".join(
                [*waiting, ctx.pt(C + ("resolve.round_kept" if waiting else "resolve.body"))]
            ),
            colour=WAITING_COLOUR,
        )
        cite_in_footer(embed, ctx.public_locale)
        await ask_to_confirm(
            interaction,
            ctx.base,
            choice_id,
            [embed],
            ctx.pt(C + "resolve.confirm", battle=found.id, round=found.next_round),
            ctx.pt(C + "resolve.cancel"),
        )

    @combat.command(name="close", description="End a battle at once (GM)")
    @battle_option
    async def close(self, interaction: Interaction, battle: BattleNo) -> None:
        """FC-I16: the GM may close a battle; survivors keep their wounds (FC-I14); once
        the GM confirms (`_close`)."""
        await confirm_first(interaction)

    @combat.command(name="status", description="A battle and its log, or the list of battles")
    @app_commands.describe(round="Open the log at this round")
    @battle_option
    async def status(
        self,
        interaction: Interaction,
        battle: BattleNo | None = None,
        round: app_commands.Range[int, 1, 1_000] | None = None,
    ) -> None:
        """The battle as it stands after its latest round (or its log at `round`); Older/Newer
        page through every round."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, settings = await ctx.read()
        if battle is None and round is not None:
            raise GameError(C + "error.round_needs_battle")
        if battle is None:
            active = state.active_battles()
            if len(active) != 1:
                await reply(interaction, embed=battles_embed(state, ctx.public_locale))
                return
            battle = active[0].id
        found = get_battle(state, battle, active=False)
        if round is not None and round > found.rounds_fought:
            raise GameError(
                C + "error.round_not_fought", battle=battle, round=round, count=found.rounds_fought
            )
        embeds, view = await battle_message(ctx, state, settings, found, round_number=round)
        await reply(interaction, embeds=embeds, view=view)

    @who("gm")
    @combat.command(name="turn-order", description="The players' turn order: who fires first")
    @app_commands.describe(factions="Factions in turn order, comma-separated (GM); empty: show")
    async def turn_order(
        self, interaction: Interaction, factions: app_commands.Range[str, 1, 500] | None = None
    ) -> None:
        """FC-4.4, FC-I7: participants fire in this order; unlisted ones after, as they joined."""
        ctx = await RulesetContext.of(interaction, SPEC)
        title = ctx.pt(C + "turn_order.title")
        if factions is None:
            state, _ = await ctx.read()
            order = ", ".join(shown(f) for f in state.turn_order) or ctx.pt(C + "turn_order.none")
            await reply(interaction, embed=plain_embed(title, [order], ctx.public_locale))
            return
        require_gm(ctx.base)
        names = parse_factions(factions, ctx.factions)

        def change(
            state: FleetCombatState, settings: FleetCombatSettings, dice: Dice
        ) -> TurnOrderSet:
            return TurnOrderSet.of(set_turn_order(state, settings, names))

        def told(done: Applied[TurnOrderSet, FleetCombatSettings]) -> list[Announcement]:
            return [Announcement(embeds=change_embeds(done.outcome.lines, ctx.public_locale))]

        await ctx.apply(change, announce=told)


@confirmed_command("combat close")
async def _close(asked: Asked) -> None:
    """`/combat close` behind the GM's confirmation (FC-I16): asked, it names the battle,
    where, and how many rounds it has fought (a refusal, such as a battle already over,
    comes at once); confirmed, it closes the battle as it does unasked, refused when a
    round was fought or the battle ended since; the log's entry is written only then."""
    ctx = await RulesetContext.within(asked.interaction, asked.base, SPEC)
    require_gm(ctx.base)
    battle = int(asked.params["battle"])

    def question(state: FleetCombatState, _done: Applied[BattleOutcome, Any]) -> Question:
        found = get_battle(state, battle)  # the rehearsal found it
        title = asked.t(C + "close.question", battle=found.id, point=shown(found.point))
        line = asked.t(C + "close.question_line", count=found.rounds_fought)
        return Question(title, [line], verb="close")

    await asked.apply(
        ctx,
        lambda state, settings, dice: close_battle(state, settings, battle),
        question=question,
        announce=lambda done: _battle_lines(ctx, done),
    )


def _battle_lines(
    ctx: Ctx, done: Applied[BattleOutcome, FleetCombatSettings]
) -> list[Announcement]:
    """The battle's title over what the change told, posted in the campaign's language."""
    battle = done.outcome.battle
    title = ctx.pt(C + "battle.title", battle=battle.id, point=shown(battle.point))
    return [Announcement(embeds=[plain_embed(title, done.outcome.lines, ctx.public_locale)])]
