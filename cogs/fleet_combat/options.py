"""`/combat allies, priority`: the optional parts of a battle — a GM's allies (FC-I5) and an
owner's damage priority among equally wounded ships (FC-I10 `wound_tie_break`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.announcements import Announcement
from bot.cog_base import Choices
from bot.cog_base import Interaction
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.factions import find_faction
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import add_field
from bot.interactions import cite_in_footer
from bot.interactions import make_embed
from bot.interactions import reply
from bot.interactions import who
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import Battle
from bot.rules.fleet_combat import BattleOutcome
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import get_battle
from bot.rules.fleet_combat import set_allies
from bot.rules.fleet_combat import set_damage_priority
from bot.scaffold import Applied
from bot.scaffold import RulesetContext
from bot.scaffold import faction_autocomplete
from bot.text import shown
from cogs.fleet_combat.battles import battle_option
from cogs.fleet_combat.battles import order_context
from cogs.fleet_combat.common import AS_FACTION
from cogs.fleet_combat.common import ActingFaction
from cogs.fleet_combat.common import BattleNo
from cogs.fleet_combat.common import C
from cogs.fleet_combat.common import ListText
from cogs.fleet_combat.common import apply_in_battle
from cogs.fleet_combat.common import battle_being_given
from cogs.fleet_combat.common import battle_faction
from cogs.fleet_combat.common import combat
from cogs.fleet_combat.common import list_choices
from cogs.fleet_combat.common import list_entries
from cogs.fleet_combat.input import class_word
from cogs.fleet_combat.input import parse_factions
from cogs.fleet_combat.input import parse_ship_ids
from cogs.fleet_combat.render import outcome_message
from cogs.fleet_combat.render import ship_ids_text
from cogs.fleet_combat.render import ship_life
from cogs.fleet_combat.render import text


async def allies_autocomplete(interaction: Interaction, current: str) -> Choices:
    """The battle's participants still fighting; completes the last name of a list."""
    found = await battle_being_given(interaction)
    if found is None:
        return []
    _, _, settings, battle = found
    engaged = [p.faction for p in battle.engaged()]
    chosen = [f for f in (find_faction(x, engaged) for x in list_entries(current)[0]) if f]
    if settings.hostility_model == "declared_pairs":
        # FC-I5: players who declared attacks on each other cannot become allies.
        engaged = [f for f in engaged if not any(battle.hostile(f, c) for c in chosen)]
    return list_choices([(f, f) for f in engaged], current, chosen=chosen)


async def priority_ships_autocomplete(interaction: Interaction, current: str) -> Choices:
    """The acting player's ships in the battle by id; completes the last id of a list."""
    at = await order_context(interaction)
    if at is None:
        return []
    settings, locale = at.settings, at.locale
    fleet = at.state.fleet(at.who, at.battle.point)
    ships = fleet.ships if fleet is not None else []
    typed = {f"#{i}" for i in _ids_typed(current)}
    names = [
        (
            t(
                C + "priority.choice",
                locale,
                ship=s.id,
                ship_class=class_word(s.ship_class, locale),
                wounds=s.wounds,
                life=ship_life(settings, s),
            ),
            f"#{s.id}",
        )
        for s in ships
    ]
    return list_choices(names, current, chosen=sorted(typed))


def _ids_typed(current: str) -> list[int]:
    """The ship ids already typed before the entry being completed."""
    done = list_entries(current)[0]
    try:
        return parse_ship_ids(", ".join(done)) if done else []
    except GameError:
        return []


def priority_embed(
    state: FleetCombatState,
    settings: FleetCombatSettings,
    battle: Battle,
    faction: str,
    locale: str,
    lines: list[Msg],
) -> discord.Embed:
    """The owner's damage priority list, what the campaign's FC-I10 setting makes of it, and
    the ids of the owner's ships in the battle."""
    fleet = state.fleet(faction, battle.point)
    ships = {s.id: s for s in fleet.ships} if fleet is not None else {}
    body = [text(m, locale) for m in lines]
    listed = battle.damage_priority.get(faction, [])
    for number, ship_id in enumerate(listed, start=1):
        ship = ships.get(ship_id)
        if ship is None:
            body.append(t(C + "priority.line_gone", locale, number=number, ship=ship_id))
            continue
        body.append(
            t(
                C + "priority.line",
                locale,
                number=number,
                ship=ship_id,
                ship_class=shown(class_word(ship.ship_class, locale)),
                wounds=ship.wounds,
                life=ship_life(settings, ship),
            )
        )
    if not listed:
        body.append(t(C + "priority.none", locale))
    body.append(t(C + f"priority.setting.{settings.wound_tie_break}", locale))
    title = t(C + "priority.title", locale, battle=battle.id, faction=shown(faction))
    embed = make_embed(title, "\n".join(body), footer=t(C + "priority.footer", locale))
    if ships:
        add_field(
            embed, t(C + "fleet.ids", locale), ship_ids_text(list(ships.values()), settings, locale)
        )
    cite_in_footer(embed, locale)
    return embed


class OptionCommands(commands.Cog):
    """A GM's allies and an owner's damage priority, the battle options of FC-I5 and FC-I10."""

    @combat.command(name="allies", description="Make battle participants allies: one side (GM)")
    @app_commands.describe(factions="Participants to ally, comma-separated")
    @battle_option
    @app_commands.autocomplete(factions=allies_autocomplete)
    async def allies(self, interaction: Interaction, battle: BattleNo, factions: ListText) -> None:
        """FC-I5: the GM registers allies; they share a side and never fire at each other, and
        their transports go down only with the side's last combat ship (FC-I13)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        if not ctx.is_gm:
            raise NotAllowed(C + "error.allies_gm_only")
        names = parse_factions(factions, ctx.factions)

        def told(done: Applied[BattleOutcome, FleetCombatSettings]) -> list[Announcement]:
            embed, view = outcome_message(done.outcome, done.settings, ctx.public_locale)
            return [Announcement(embeds=[embed], view=view)]

        await ctx.apply(
            lambda state, settings, dice: set_allies(state, settings, battle, names), announce=told
        )

    @who("participant")
    @combat.command(
        name="priority", description="Which of your equally wounded ships takes wounds first"
    )
    @app_commands.describe(
        ships="Your ship ids in order, e.g. #6, #3; empty: show the list",
        clear="Forget the list: ties go by ship id again",
        faction=AS_FACTION,
    )
    @battle_option
    @app_commands.autocomplete(ships=priority_ships_autocomplete, faction=faction_autocomplete)
    async def priority(
        self,
        interaction: Interaction,
        battle: BattleNo,
        ships: ListText | None = None,
        clear: bool = False,
        faction: ActingFaction = None,
    ) -> None:
        """FC-I10: the owner's standing order among tied most-wounded ships of a class.

        Accepted whatever `wound_tie_break` is, with the answer saying plainly when the list
        is not used: it is a standing preference, like a fire order given early, and a GM may
        switch the campaign to `owner_choice` mid-battle; refusing would only make the player
        type it again then. Ephemeral like the orders panel: the owner's plan is theirs.
        """
        ctx = await RulesetContext.of(interaction, SPEC)
        if ships is None and not clear:
            state, settings = await ctx.read()
            found = get_battle(state, battle)
            who = battle_faction(ctx, found, faction)
            embed = priority_embed(state, settings, found, who, ctx.locale, [])
            await reply(interaction, embed=embed, ephemeral=True)
            return
        ids = parse_ship_ids(ships) if ships is not None else []

        def prioritise(
            state: FleetCombatState, settings: FleetCombatSettings, found: Battle, who: str
        ) -> BattleOutcome:
            return set_damage_priority(state, settings, found.id, who, ids, clear=clear)

        def told(done: Applied[BattleOutcome, FleetCombatSettings], who: str) -> list[Announcement]:
            outcome = done.outcome
            embed = priority_embed(
                outcome.state, done.settings, outcome.battle, who, ctx.locale, outcome.lines
            )
            return [Announcement(embeds=[embed], ephemeral=True)]

        await apply_in_battle(ctx, battle, faction, prioritise, secret=True, announce=told)
