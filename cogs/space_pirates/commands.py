"""`/pirates …` registration, lists and status (SP-1, SP-I5, SP-I10, SP-I36, SP-7.1)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from functools import partial
from typing import Any

from discord import app_commands
from discord.ext import commands

from bot import secret_rolls
from bot.announcements import Announcement
from bot.app import PrivateerBot
from bot.cog_base import Interaction
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import t
from bot.interactions import line_embeds
from bot.interactions import locale_of
from bot.interactions import message_batches
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import service_of
from bot.interactions import who
from bot.rules.fleet_combat.settings import FleetCombatSettings
from bot.rules.space_pirates import SPEC
from bot.rules.space_pirates import SpacePiratesSettings
from bot.rules.space_pirates import SpacePiratesState
from bot.rules.space_pirates.base import base_place
from bot.rules.space_pirates.bribe import bribe_offer_cost
from bot.rules.space_pirates.bribe import briber_of
from bot.rules.space_pirates.bribe import open_bribe_offers
from bot.rules.space_pirates.models import Bribe
from bot.rules.space_pirates.models import Planet
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import TradeRoute
from bot.rules.space_pirates.registry import ShipSpec
from bot.rules.space_pirates.registry import check_strength_dice
from bot.rules.space_pirates.registry import register_planet
from bot.rules.space_pirates.registry import register_route
from bot.rules.space_pirates.registry import remove_planet
from bot.rules.space_pirates.registry import remove_route
from bot.rules.space_pirates.registry import set_contacts
from bot.rules.space_pirates.registry import set_privateer_tech
from bot.rules.space_pirates.registry import set_turn_order
from bot.rules.space_pirates.status import status
from bot.rules.space_pirates.turn import players_in_order
from bot.scaffold import Applied
from bot.scaffold import Asked
from bot.scaffold import Question
from bot.scaffold import RulesetContext
from bot.scaffold import Typist
from bot.scaffold import apply_or_ask
from bot.scaffold import confirm_first
from bot.scaffold import confirmed_command
from bot.scaffold import faction_autocomplete
from bot.scaffold import matching_choices
from bot.scaffold import owned_choices
from bot.scaffold import state_for
from bot.text import shown
from bot.text import typed_none
from cogs.space_pirates import choices
from cogs.space_pirates import operations
from cogs.space_pirates import reports
from cogs.space_pirates.common import C
from cogs.space_pirates.common import Change
from cogs.space_pirates.common import Ctx
from cogs.space_pirates.common import campaign_combat
from cogs.space_pirates.input import known_faction
from cogs.space_pirates.input import parse_factions
from cogs.space_pirates.input import parse_numbers
from cogs.space_pirates.input import parse_owners
from cogs.space_pirates.input import parse_ships
from cogs.space_pirates.operations import Params
from cogs.space_pirates.operations import payers
from cogs.space_pirates.render import change_embeds
from cogs.space_pirates.render import lines_embeds
from cogs.space_pirates.render import planet_line
from cogs.space_pirates.render import route_line

Listing = app_commands.Range[str, 1, 500]  # a list as typed: ships, shares or numbers

# The fixed choices read as words in the command list; the values typed stay (SP-I35)
STATIONS = [
    app_commands.Choice(name="Reserve", value="reserve"),
    app_commands.Choice(name="Trade route", value="route"),
    app_commands.Choice(name="Planet", value="planet"),
]
# A bribe buys an attack: named in the seed's terms, «налёт» on a route, «рейд» on a planet
BRIBE_KINDS = [
    app_commands.Choice(name="Route raid", value="route"),
    app_commands.Choice(name="Planet raid", value="planet"),
]

# The options a registration and its edit describe alike.
ROUTE_FIELDS = {
    "name": "The route's name",
    "goods": "Income from goods per turn",
    "passengers": "Income from passengers per turn",
    "tourism": "Income from tourism per turn",
}
PLANET_FIELDS = {
    "name": "The planet's name",
    "income": "Income per turn",
    "population": "Population",
    "troops": "Troops (squads)",
    "buildings": "Buildings (at least 1)",
}
# Where a mercenary contract serves, as its hire and its move describe it (SP-I35).
STATION_FIELDS = {
    "station": "Where they serve",
    "target": "The route's or planet's number when stationed there",
}


async def _owned_route(ctx: Ctx, route_id: int) -> TradeRoute:
    """The route as committed, for a change or removal: a GM any; a player only a route they
    own alone. A shared route's income and ships count in every owner's raid roll (SP-1.6,
    SP-I5), so one owner may not change the others' dice: a GM changes it for them."""
    route = (await ctx.read())[0].route(route_id)
    if route is None:
        raise NotFound("space_pirates.error.route_not_found", route=route_id)
    if ctx.is_gm:
        return route
    owners = [o.faction for o in route.owners]
    if not set(ctx.own_factions()) & set(owners):
        raise NotAllowed(C + "error.not_your_route", route=route_id)
    if len(owners) > 1:
        raise NotAllowed(
            C + "error.shared_route", route=route_id, owners=", ".join(map(shown, owners))
        )
    return route


async def _owned_planet(ctx: Ctx, planet_id: int) -> Planet:
    """The planet as committed, refused unless the actor owns it (or is a GM)."""
    planet = (await ctx.read())[0].planet(planet_id)
    if planet is None:
        raise NotFound("space_pirates.error.planet_not_found", planet=planet_id)
    if not ctx.is_gm and planet.owner not in ctx.own_factions():
        raise NotAllowed(C + "error.not_your_planet", planet=planet_id)
    return planet


async def _record(
    ctx: Ctx,
    change: Callable[[SpacePiratesState], SpacePiratesState],
    line: Msg | Callable[[SpacePiratesState, SpacePiratesState], list[Msg]],
    *,
    faction: str | None = None,
    asked: Asked | None = None,
    question: Callable[[SpacePiratesState, Applied[Change, SpacePiratesSettings]], Question]
    | None = None,
) -> None:
    """Apply a registry change and post its line for everyone, in the campaign's language
    (written with the change: the outbox), what changed first; with `asked`, behind its
    confirmation. `line` may instead be the lines told of the state before and after."""

    def changed(state: SpacePiratesState) -> Change:
        new = change(state)
        return Change(new, [line] if isinstance(line, Msg) else line(state, new))

    def told(done: Applied[Change, SpacePiratesSettings]) -> list[Announcement]:
        return [Announcement(embeds=change_embeds(done.outcome.lines, ctx.public_locale))]

    await apply_or_ask(
        ctx,
        lambda s, _st, _d: changed(s),
        asked=asked,
        question=question,
        faction=faction,
        announce=told,
    )


async def _remove(asked: Asked, kind: str) -> None:
    """Remove a route or a planet its owner may change (a GM any) and say so for everyone,
    once its player confirms what is removed."""
    ctx = await RulesetContext.within(asked.interaction, asked.base, SPEC)
    number = int(asked.params[kind])
    if kind == "route":
        await _owned_route(ctx, number)
    else:
        await _owned_planet(ctx, number)
    remove = remove_route if kind == "route" else remove_planet

    def question(
        state: SpacePiratesState, _done: Applied[Change, SpacePiratesSettings]
    ) -> Question:
        route, planet = state.route(number), state.planet(number)
        if kind == "route" and route is not None:
            owners = ", ".join(shown(o.faction) for o in route.owners)
            title = asked.t(
                C + "route.remove_question", id=number, name=shown(route.name), owners=owners
            )
        elif kind == "planet" and planet is not None:
            title = asked.t(
                C + "planet.remove_question",
                id=number,
                name=shown(planet.name),
                owner=shown(planet.owner),
            )
        else:
            title = Msg(C + f"{kind}.removed", id=number).render(asked.locale)
        return Question(title, verb="remove")

    def gone(before: SpacePiratesState, _after: SpacePiratesState) -> list[Msg]:
        return [_removed(before, kind, number)]

    await _record(ctx, lambda s: remove(s, number), gone, asked=asked, question=question)


def _removed(state: SpacePiratesState, kind: str, number: int) -> Msg:
    """What the channel and the log are told of a removal: the route with its owners, or
    the planet with its owner, named as the question named it (the names as typed: the
    answer and the log escape them), since a removed number is in no list any more."""
    route, planet = state.route(number), state.planet(number)
    if kind == "route" and route is not None:
        return Msg(C + "route.removed_named", id=number, name=route.name, owners=_owners(route))
    if kind == "planet" and planet is not None:
        return Msg(C + "planet.removed_named", id=number, name=planet.name, owner=planet.owner)
    return Msg(C + f"{kind}.removed", id=number)  # the engine refuses a number that is gone


@confirmed_command("pirates route remove")
async def _route_remove(asked: Asked) -> None:
    """`/pirates route remove`, asked first."""
    await _remove(asked, "route")


@confirmed_command("pirates planet remove")
async def _planet_remove(asked: Asked) -> None:
    """`/pirates planet remove`, asked first."""
    await _remove(asked, "planet")


async def _id_choices(
    interaction: Interaction,
    current: str,
    items: Callable[[SpacePiratesState], list[tuple[str, int]]],
) -> list[app_commands.Choice[int]]:
    """Autocomplete over numbered things of the campaign's state (routes, planets, bribes)."""
    found = await state_for(interaction, SPEC)
    named = items(found[1]) if found else []
    pairs = matching_choices([(name, str(number)) for name, number in named], current)
    return [app_commands.Choice(name=p.name, value=int(p.value)) for p in pairs]


def _quoted(factions: list[str]) -> MsgList:
    """Faction names as a list the catalog can put after a noun: quoted in Russian
    («Империя», «Альянс»), so "у фракций «Империя»" never declines a name."""
    return MsgList([Msg(C + "contacts.named", faction=f) for f in factions])


def _owners(route: TradeRoute) -> str:
    """A route's owners, as its autocomplete label names them."""
    return ", ".join(o.faction for o in route.owners)


class SpacePiratesCog(commands.Cog):
    """The Space pirates ruleset's commands."""

    pirates = app_commands.Group(name="pirates", description="Space pirates", guild_only=True)
    route = app_commands.Group(name="route", description="Trade routes", parent=pirates)
    planet = app_commands.Group(name="planet", description="Planets", parent=pirates)
    base = app_commands.Group(name="base", description="The pirate base", parent=pirates)
    mercenaries = app_commands.Group(
        name="mercenaries", description="Pirate mercenaries", parent=pirates
    )
    privateers = app_commands.Group(name="privateers", description="Privateers", parent=pirates)

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot

    # -- routes --------------------------------------------------------------------------------

    @who("owner")
    @route.command(name="add", description="Register a trade route")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(
        **ROUTE_FIELDS,
        owners="Owners and shares, e.g. Vega:60, Orion:40, or one alone: Orion "
        "(default: you, 100%)",
        ships="Ships, e.g. 2 cruiser, destroyer police, transport@Orion",
        faction="The faction registering (GMs: any)",
    )
    async def route_add(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 64],
        goods: int,
        passengers: int = 0,
        tourism: int = 0,
        owners: Listing | None = None,
        ships: Listing | None = None,
        faction: str | None = None,
    ) -> None:
        """SP-1.5, SP-I5, SP-I10: a route with its income by source, owners and ships."""
        ctx = await RulesetContext.of(interaction, SPEC)
        await _save_route(ctx, None, name, goods, passengers, tourism, owners, ships, faction)

    @who("owner")
    @route.command(name="edit", description="Change a trade route (options left out stay)")
    @app_commands.describe(
        route="The route's number",
        **ROUTE_FIELDS,
        owners="Owners and shares, e.g. Vega:60, Orion:40, or one alone: Orion",
        ships="Ships (replace all), e.g. 2 cruiser, destroyer police",
    )
    async def route_edit(
        self,
        interaction: Interaction,
        route: int,
        name: app_commands.Range[str, 1, 64] | None = None,
        goods: int | None = None,
        passengers: int | None = None,
        tourism: int | None = None,
        owners: Listing | None = None,
        ships: Listing | None = None,
    ) -> None:
        """SP-I5: the route replaced by its new values; its history stays."""
        ctx = await RulesetContext.of(interaction, SPEC)
        old = await _owned_route(ctx, route)
        await _save_route(
            ctx,
            old,
            name or old.name,
            old.income.goods if goods is None else goods,
            old.income.passengers if passengers is None else passengers,
            old.income.tourism if tourism is None else tourism,
            owners,
            ships,
            old.owners[0].faction,
        )

    @who("owner")
    @route.command(name="remove", description="Remove a trade route")
    @app_commands.describe(route="The route's number")
    async def route_remove(self, interaction: Interaction, route: int) -> None:
        """Bribes against it are cancelled when they come up (SP-I33); asked first."""
        await confirm_first(interaction)

    # -- planets -------------------------------------------------------------------------------

    @who("owner")
    @planet.command(name="add", description="Register a planet")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(
        **PLANET_FIELDS,
        cover="Troops cover the buildings when raided (else they avoid the pirates)",
        ships="Orbital ships, e.g. 2 cruiser, destroyer",
        faction="The owner (GMs: any)",
    )
    async def planet_add(
        self,
        interaction: Interaction,
        name: app_commands.Range[str, 1, 64],
        income: int,
        population: int = 0,
        troops: int = 0,
        buildings: int = 1,
        cover: bool = False,
        ships: Listing | None = None,
        faction: str | None = None,
    ) -> None:
        """SP-1.6, SP-I22: a planet with its orbital defence."""
        ctx = await RulesetContext.of(interaction, SPEC)
        owner = ctx.acting_faction(faction)
        values = {"name": name, "income": income, "population": population, "troops": troops}
        values |= {"buildings": buildings, "cover_buildings": cover}
        await _save_planet(ctx, owner, None, values, ships)

    @who("owner")
    @planet.command(name="edit", description="Change a planet (options left out stay)")
    @app_commands.describe(
        planet="The planet's number",
        **PLANET_FIELDS,
        cover="Troops cover the buildings when raided",
        ships="Orbital ships (replace all)",
    )
    async def planet_edit(
        self,
        interaction: Interaction,
        planet: int,
        name: app_commands.Range[str, 1, 64] | None = None,
        income: int | None = None,
        population: int | None = None,
        troops: int | None = None,
        buildings: int | None = None,
        cover: bool | None = None,
        ships: Listing | None = None,
    ) -> None:
        """The planet replaced by its new values; cooldowns and penalties stay."""
        ctx = await RulesetContext.of(interaction, SPEC)
        old = await _owned_planet(ctx, planet)
        given = {"name": name, "income": income, "population": population, "troops": troops}
        given |= {"buildings": buildings, "cover_buildings": cover}
        values = {k: getattr(old, k) if v is None else v for k, v in given.items()}
        await _save_planet(ctx, old.owner, old, values, ships)

    @who("owner")
    @planet.command(name="remove", description="Remove a planet")
    @app_commands.describe(planet="The planet's number")
    async def planet_remove(self, interaction: Interaction, planet: int) -> None:
        """The planet leaves the registry, once its owner (or a GM) confirms."""
        await confirm_first(interaction)

    @route_edit.autocomplete("route")
    @route_remove.autocomplete("route")
    @planet_edit.autocomplete("planet")
    @planet_remove.autocomplete("planet")
    async def number_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The campaign's routes or planets by number and name, with their owners."""
        command = interaction.command
        parent = command.parent if isinstance(command, app_commands.Command) else None
        planets = parent is not None and parent.name == "planet"

        def numbered(state: SpacePiratesState) -> list[tuple[str, int]]:
            if planets:
                return [(f"#{p.id} {p.name} ({p.owner})", p.id) for p in state.planets]
            return [(f"#{r.id} {r.name} ({_owners(r)})", r.id) for r in state.routes]

        return await _id_choices(interaction, current, numbered)

    # -- lists ---------------------------------------------------------------------------------

    @pirates.command(name="routes", description="List the trade routes")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(faction="Only this faction's routes")
    async def routes(self, interaction: Interaction, faction: str | None = None) -> None:
        """Every registered route with its income, owners and ships."""
        ctx = await RulesetContext.of(interaction, SPEC)
        only = None if faction is None else known_faction(ctx.factions, faction)
        state, _ = await ctx.read()
        shown = [
            route_line(r, ctx.public_locale)
            for r in state.routes
            if only is None or only in {o.faction for o in r.owners}
        ]
        await _list(interaction, ctx, C + "routes.title", shown)

    @pirates.command(name="planets", description="List the planets")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(faction="Only this faction's planets")
    async def planets(self, interaction: Interaction, faction: str | None = None) -> None:
        """Every registered planet with its income, population, troops and ships."""
        ctx = await RulesetContext.of(interaction, SPEC)
        only = None if faction is None else known_faction(ctx.factions, faction)
        state, _ = await ctx.read()
        shown = [
            planet_line(p, ctx.public_locale)
            for p in state.planets
            if only is None or p.owner == only
        ]
        await _list(interaction, ctx, C + "planets.title", shown)

    # -- contacts, technology, status ------------------------------------------------------------

    @who("faction")
    @pirates.command(name="contacts", description="Set the factions you have contact with")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(
        factions="Factions, comma-separated, replacing the list (- for none; left out: show them)",
        faction="Whose contacts (GMs: any)",
    )
    async def contacts(
        self,
        interaction: Interaction,
        factions: app_commands.Range[str, 0, 1000] | None = None,
        faction: str | None = None,
    ) -> None:
        """SP-7.1, SP-10.2: bribes and privateers need contact with the target. Left out,
        the faction's contacts are shown to its player alone and nothing changes; `-` clears
        them. Contact goes both ways (`set_contacts`): the answer says who has contact with
        the faction now, and who no longer has."""
        ctx = await RulesetContext.of(interaction, SPEC)
        who = ctx.acting_faction(faction)
        if factions is None or not factions.strip():
            state, _ = await ctx.read()
            known = ", ".join(state.contacts_of(who)) or "—"
            lines = [Msg(C + "contacts.set", faction=who, contacts=known), Msg(C + "contacts.how")]
            await reply(interaction, embeds=change_embeds(lines, ctx.locale), ephemeral=True)
            return
        typed = "" if typed_none(factions) else factions
        names = list(dict.fromkeys(parse_factions(typed, ctx.factions)))  # each once

        def told(old: SpacePiratesState, new: SpacePiratesState) -> list[Msg]:
            lines = [Msg(C + "contacts.set", faction=who, contacts=", ".join(names) or "—")]
            if names:
                key = "contacts.mutual_one" if len(names) == 1 else "contacts.mutual"
                lines.append(Msg(C + key, faction=who, contacts=_quoted(names)))
            dropped = [f for f in old.players if old.has_contact(who, f) and f not in names]
            if dropped:
                key = "contacts.dropped_one" if len(dropped) == 1 else "contacts.dropped"
                lines.append(Msg(C + key, faction=who, contacts=_quoted(dropped)))
            return lines

        await _record(ctx, lambda s: set_contacts(s, who, names), told, faction=who)

    @pirates.command(name="tech", description="Record the privateer technology (GM)")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(faction="The faction", researched="Has it researched privateers?")
    async def tech(self, interaction: Interaction, faction: str, researched: bool) -> None:
        """SP-10.1, SP-I36: the GM records who may form privateers."""
        ctx = await RulesetContext.of(interaction, SPEC)
        require_gm(ctx.base)
        who = ctx.acting_faction(faction)
        line = Msg(C + ("tech.yes" if researched else "tech.no"), faction=who)
        await _record(ctx, lambda s: set_privateer_tech(s, who, researched), line, faction=who)

    @pirates.command(name="turn-order", description="Set the order players are resolved in (GM)")
    @app_commands.describe(factions="Factions in turn order, comma-separated")
    async def order(
        self, interaction: Interaction, factions: app_commands.Range[str, 1, 1000]
    ) -> None:
        """SP-I40, SP-I43: each player's step 3 runs in this order; the answer says where
        the players left out come (`players_in_order`): after them, the owners of trade
        routes in the order the routes were registered, then the owners of planets."""
        ctx = await RulesetContext.of(interaction, SPEC)
        require_gm(ctx.base)
        names = parse_factions(factions, ctx.factions)
        left_out = any(f.name not in names for f in ctx.factions)

        def told(_old: SpacePiratesState, new: SpacePiratesState) -> list[Msg]:
            lines = [Msg(C + "order.set", factions=", ".join(names))]
            rest = [f for f in players_in_order(new) if f not in names]
            if left_out or rest:
                lines.append(Msg(C + "order.rest", rest=MsgList(rest)))
            return lines

        await _record(ctx, lambda s: set_turn_order(s, names), told)

    @who("faction")
    @pirates.command(name="status", description="Your pirate status and next raid chance")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(faction="Whose status (GMs: any)")
    async def status(self, interaction: Interaction, faction: str | None = None) -> None:
        """SP-I1, SP-I28, SP-I33: private to the player and the GMs (it names their bribes)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        who = ctx.acting_faction(faction)
        state, settings = await ctx.read()
        sealed = await operations.sealed_bribers(ctx)  # who paid the sealed bribes
        turn = ctx.campaign.turn
        lost = await reports.lost_elsewhere(ctx, who, turn - 1) if turn > 1 else []  # SP-I43
        own = who in ctx.own_factions()  # a GM reading another faction's: named, not "you"
        shown = status(state, settings, who, turn, sealed, lost, own=own)
        embeds = lines_embeds(C + "status.title", shown.lines, ctx.locale, faction=who)
        await reply(interaction, embeds=embeds, ephemeral=True)

    @who("faction")
    @pirates.command(name="report", description="Every number of a player's raids in a turn")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(**reports.REPORT_DESCRIBE)
    async def report(
        self,
        interaction: Interaction,
        faction: str | None = None,
        turn: app_commands.Range[int, 1, 100000] | None = None,
        page: app_commands.Range[int, 1, 1000] = 1,
    ) -> None:
        """SP-I40: points and the d20, weights and draw, dice and multipliers, the fleet,
        the battle round by round, the outcome."""
        await reports.report_command(interaction, faction, turn, page)

    @pirates.command(name="force", description="Force the default answer for an absent player (GM)")
    @app_commands.describe(
        choice="The waiting choice's number (default: every one)",
        rest="Also force every question after them, to the end of the resolution",
    )
    async def force(
        self, interaction: Interaction, choice: int | None = None, rest: bool = False
    ) -> None:
        """SP-I45: buy_off_default for a buy-off, the planet's flag for a plunder branch,
        fighting on for a retreat, mercenary_upkeep_default for an upkeep."""
        await choices.force_command(interaction, choice, rest)

    # -- operations between turns (each quoted before a confirm button) -------------------------

    @who("faction")
    @base.command(name="locate", description="Locate the pirate base (shows the price first)")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(location="Where your scouts look", faction="Who pays (GMs: any)")
    async def base_locate(
        self,
        interaction: Interaction,
        location: app_commands.Range[str, 1, 200],
        faction: str | None = None,
    ) -> None:
        """SP-6.3, SP-I30."""
        await _operate(interaction, "locate", faction, {"location": base_place(location)})

    @who("faction")
    @base.command(name="assault", description="Attack the located pirate base (shows its fleet)")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(
        ships="Your attacking ships by class, e.g. 2 cruiser, dreadnought",
        contracts="Mercenary contracts joining, e.g. 3, 4",
        faction="Who attacks (GMs: any)",
    )
    async def base_assault(
        self,
        interaction: Interaction,
        ships: Listing | None = None,
        contracts: app_commands.Range[str, 1, 200] | None = None,
        faction: str | None = None,
    ) -> None:
        """SP-6.5…SP-6.9, SP-I31: fought at the end of the turn."""
        ctx = await RulesetContext.of(interaction, SPEC)
        who = ctx.acting_faction(faction)
        combat = await campaign_combat(ctx)
        classes = [s.ship_class for s in parse_ships(ships, ctx.factions, who, combat)]
        params = {"ships": classes, "contracts": parse_numbers(contracts)}
        await operations.offer(ctx, "assault", who, params)

    @who("faction")
    @pirates.command(name="bribe", description="Bribe the pirates to raid a contacted faction")
    @app_commands.autocomplete(faction=faction_autocomplete, victim=faction_autocomplete)
    @app_commands.describe(
        victim="The faction the pirates raid",
        kind="A route raid or a planet raid",
        target="The route's or planet's number (only if the GM lets bribers choose, SP-I33)",
        faction="Who pays (GMs: any)",
    )
    @app_commands.choices(kind=BRIBE_KINDS)
    async def bribe(
        self,
        interaction: Interaction,
        victim: str,
        kind: str = "route",
        target: int | None = None,
        faction: str | None = None,
    ) -> None:
        """SP-7, SP-I33: private to the briber and the GMs until it happens."""

        def params(ctx: Ctx, _who: str) -> Params:
            return {"victim": known_faction(ctx.factions, victim), "kind": kind, "target": target}

        await _operate(interaction, "bribe", faction, params)

    @who("faction")
    @mercenaries.command(name="hire", description="Hire pirate mercenaries (shows fee and upkeep)")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(
        value="The fleet value to hire",
        **STATION_FIELDS,
        faction="Who hires (GMs: any)",
    )
    @app_commands.choices(station=STATIONS)
    async def mercenaries_hire(
        self,
        interaction: Interaction,
        value: app_commands.Range[int, 1, 10**9],
        station: str = "reserve",
        target: int | None = None,
        faction: str | None = None,
    ) -> None:
        """SP-9, SP-I35."""
        params = {"value": value, "station": station, "target": target}
        await _operate(interaction, "hire", faction, params)

    @who("faction")
    @mercenaries.command(name="dismiss", description="End a mercenary contract")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(contract="The contract's number", faction="Whose (GMs: any)")
    async def mercenaries_dismiss(
        self, interaction: Interaction, contract: int, faction: str | None = None
    ) -> None:
        """SP-9, SP-I35: asked first (it cannot be taken back); no upkeep after this turn; an
        upkeep already waiting is settled by ending the contract (nothing is owed)."""
        await _operate(interaction, "dismiss", faction, {"contract": contract})

    @who("faction")
    @mercenaries.command(name="station", description="Move a mercenary contract")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(
        contract="The contract's number",
        **STATION_FIELDS,
        faction="Whose (GMs: any)",
    )
    @app_commands.choices(station=STATIONS)
    async def mercenaries_station(
        self,
        interaction: Interaction,
        contract: int,
        station: str,
        target: int | None = None,
        faction: str | None = None,
    ) -> None:
        """SP-I35: a contract defends only where it is stationed."""
        params = {"contract": contract, "station": station, "target": target}
        await _operate(interaction, "station", faction, params)

    @who("asked")
    @pirates.command(
        name="offer", description="Answer a pirate buy-off offer or mercenary upkeep by its number"
    )
    @app_commands.autocomplete(faction=faction_autocomplete)
    # A buy-off offer's number, not a bribe's (SP-I33 and SP-I34 are opposite operations);
    # entries logged before name it `bribe` (the Russian command list's `номер` either way).
    @app_commands.rename(bribe="number")
    @app_commands.describe(
        # The offer's number, never its price (autocomplete lists both, SP-I34).
        bribe="The buy-off offer's number #N from /turn status, not its price (both listed here)",
        pay="Pay the buy-off or upkeep (else the pirates attack, or the contract ends)",
        faction="Whose (GMs: any)",
    )
    async def offer(
        self,
        interaction: Interaction,
        bribe: int,
        pay: bool,
        faction: str | None = None,
    ) -> None:
        """SP-I34: a buy-off offer the resolution waits on, as its buttons answer it; under
        `bribed_offer_timing = at_placement`, a bribed attack offered at once (private to
        the victim and the GMs); a mercenary upkeep it waits on (SP-I35: pay, or end the
        contract). The number is the one `/turn status` and `/pirates status` show."""
        ctx = await RulesetContext.of(interaction, SPEC)
        who = ctx.acting_faction(faction)
        if not await choices.answer_offer(ctx, who, bribe, pay):
            await operations.direct(ctx, "offer", who, {"bribe": bribe, "accept": pay})

    @who("faction")
    @pirates.command(name="withdraw", description="Withdraw a bribe placed this turn")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(bribe="The bribe's number", faction="Whose (GMs: any)")
    async def withdraw(
        self, interaction: Interaction, bribe: int, faction: str | None = None
    ) -> None:
        """SP-I33 `bribe_withdraw_after_roll`: nothing is owed; private to the briber."""
        await _operate(interaction, "withdraw", faction, {"bribe": bribe})

    @who("faction")
    @privateers.command(name="form", description="Send ships privateering against a faction")
    @app_commands.autocomplete(faction=faction_autocomplete, target=faction_autocomplete)
    @app_commands.describe(
        target="The faction they raid",
        ships="Your registered ships' numbers, e.g. 12, 13",
        faction="Whose ships (GMs: any)",
    )
    async def privateers_form(
        self,
        interaction: Interaction,
        target: str,
        ships: Listing,
        faction: str | None = None,
    ) -> None:
        """SP-10, SP-I36."""

        def params(ctx: Ctx, _who: str) -> Params:
            return {"target": known_faction(ctx.factions, target), "ships": parse_numbers(ships)}

        await _operate(interaction, "privateers", faction, params)

    @who("faction")
    @privateers.command(name="recall", description="Recall a privateer group (shows the price)")
    @app_commands.autocomplete(faction=faction_autocomplete)
    @app_commands.describe(
        group="The group's number",
        ships="Only these ships' numbers (default: the whole group)",
        faction="Whose group (GMs: any)",
    )
    async def privateers_recall(
        self,
        interaction: Interaction,
        group: int,
        ships: Listing | None = None,
        faction: str | None = None,
    ) -> None:
        """SP-10.7, SP-I37."""
        params = {"group": group, "ships": parse_numbers(ships) if ships else None}
        await _operate(interaction, "recall", faction, params)

    # -- the numbers of a player's offers, contracts and groups, offered as typed ---------------

    @offer.autocomplete("bribe")
    async def offer_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The buy-off offers and mercenary upkeep waiting for the typist's answer (a GM:
        every one), by the number `/turn status` shows, each with its price said as a price
        (SP-I34, SP-I35, SP-I45)."""
        found = await state_for(interaction, SPEC)
        if found is None:
            return []
        offers = _offers(found[2], locale_of(interaction))
        return _as_numbers(await owned_choices(interaction, SPEC, current, offers))

    @mercenaries_dismiss.autocomplete("contract")
    @mercenaries_station.autocomplete("contract")
    async def contract_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The typist's running mercenary contracts (SP-I35)."""
        return _as_numbers(await owned_choices(interaction, SPEC, current, _contracts))

    @base_assault.autocomplete("contracts")
    async def contracts_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The typist's running contracts with ships, added to the ones already typed."""
        typed, _, last = current.rpartition(",")
        head = f"{typed}, " if typed.strip() else ""
        found = await owned_choices(interaction, SPEC, last.strip(), _contracts)
        return [app_commands.Choice(name=c.name, value=f"{head}{c.value}"[:200]) for c in found]

    @withdraw.autocomplete("bribe")
    async def withdraw_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The bribes the typist may withdraw (SP-I33 `bribe_withdraw_after_roll`): placed
        this turn, a player's own (a GM: every one). A placed bribe is its briber's and the
        GMs' secret, a sealed one's payer too: nobody else is offered it."""
        found = await state_for(interaction, SPEC)
        if found is None or not found[2].bribe_withdraw_after_roll:
            return []
        campaign = found[0]
        sealed = payers(await secret_rolls.sealed_parts(service_of(interaction).log, campaign.id))
        locale = locale_of(interaction)

        def bribes(state: SpacePiratesState, typist: Typist) -> list[tuple[str, str]]:
            return [
                (_bribe_label(b, briber, locale), str(b.id))
                for b in state.bribes
                if b.status == "placed" and b.placed_turn == campaign.turn
                if (briber := briber_of(b, sealed)) and typist.owns(briber)
            ]

        return _as_numbers(await owned_choices(interaction, SPEC, current, bribes))

    @privateers_recall.autocomplete("group")
    async def group_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The typist's privateer groups (SP-I36)."""
        return _as_numbers(await owned_choices(interaction, SPEC, current, _groups))


def _as_numbers(found: list[app_commands.Choice[str]]) -> list[app_commands.Choice[int]]:
    return [app_commands.Choice(name=c.name, value=int(c.value)) for c in found]


def _offers(
    settings: SpacePiratesSettings, locale: str
) -> Callable[[SpacePiratesState, Typist], list[tuple[str, str]]]:
    """Open buy-off offers: the resolution's questions, then bribed attacks offered at
    placement, as "#16: Route, buy-off price 130 (Orion)": the number to give, then the
    price named as one (SP-I34); then the upkeep it waits on, as "#17: upkeep of mercenary
    contract #1, 40 (Orion)" (SP-I35)."""

    def label(number: int, target: str, cost: int, faction: str) -> str:
        return t(
            "pirates.offer_choice",
            locale,
            number=number,
            target=target,
            cost=cost,
            faction=faction,
        )

    def offers(state: SpacePiratesState, typist: Typist) -> list[tuple[str, str]]:
        asked = [
            (
                label(
                    w.choice_id,
                    str(w.report.get("target_name") or w.attack.target),
                    w.attack.cost,
                    w.faction,
                ),
                str(w.choice_id),
            )
            for w in state.waiting
            if w.choice == "buy_off" and typist.owns(w.faction)
        ]
        offered = [
            (
                label(
                    b.offer_number,
                    t(f"space_pirates.kind.{b.kind}", locale),
                    bribe_offer_cost(b, settings),
                    b.victim,
                ),
                str(b.offer_number),
            )
            for b in open_bribe_offers(state)
            if typist.owns(b.victim)
        ]
        upkeep = [
            (
                t(
                    "pirates.upkeep_choice",
                    locale,
                    number=d.choice_id,
                    contract=d.contract,
                    amount=d.amount,
                    faction=d.owner,
                ),
                str(d.choice_id),
            )
            for d in state.upkeep_due
            if typist.owns(d.owner)
        ]
        return asked + offered + upkeep

    return offers


def _bribe_label(bribe: Bribe, briber: str, locale: str) -> str:
    """A bribe as "#12 Vega → Orion, route raid, 40" (its number, who pays, the victim, the
    kind, the cost)."""
    kind = t(f"space_pirates.kind.{bribe.kind}", locale)
    return f"#{bribe.id} {briber} → {bribe.victim}, {kind}, {bribe.cost}"


def _contracts(state: SpacePiratesState, typist: Typist) -> list[tuple[str, str]]:
    """Running contracts, as "#14 Vega ×2" (its ships left)."""
    return [
        (f"#{c.id} {c.owner} ×{len(c.ships)}", str(c.id))
        for c in state.contracts
        if c.active and typist.owns(c.owner)
    ]


def _groups(state: SpacePiratesState, typist: Typist) -> list[tuple[str, str]]:
    """Privateer groups, as "#14 Vega → Orion ×1"."""
    return [
        (f"#{g.id} {g.owner} → {g.target} ×{len(g.ships)}", str(g.id))
        for g in state.privateers
        if typist.owns(g.owner)
    ]


async def _operate(
    interaction: Interaction,
    op: str,
    faction: str | None,
    params: Params | Callable[[Ctx, str], Params],
) -> None:
    """An operation for the acting faction: quoted before a confirm button, or at once when
    it costs nothing (`operations.DIRECT`)."""
    ctx = await RulesetContext.of(interaction, SPEC)
    who = ctx.acting_faction(faction)
    given = params(ctx, who) if callable(params) else params
    run = operations.direct if op in operations.DIRECT else operations.offer
    await run(ctx, op, who, given)


async def _list(interaction: Interaction, ctx: Ctx, title: str, lines: list[str]) -> None:
    embeds = (
        line_embeds(ctx.pt(title), lines) if lines else lines_embeds(title, [], ctx.public_locale)
    )
    for batch in message_batches(embeds):
        await reply(interaction, embeds=batch)


async def _save_route(
    ctx: Ctx,
    old: TradeRoute | None,
    name: str,
    goods: int,
    passengers: int,
    tourism: int,
    owners: str | None,
    ships: str | None,
    faction: str | None,
) -> None:
    """Register or replace a route; the engine refuses bad values with the allowed range."""
    acting = _registering(ctx, owners, faction) if old is None else (faction or "")
    shares = (
        [(o.faction, o.share_pct) for o in old.owners]
        if old is not None and owners is None
        else parse_owners(owners, ctx.factions, acting)
    )
    if not ctx.is_gm and not set(ctx.own_factions()) & {f for f, _ in shares}:
        # a route adds to each owner's raid roll (SP-1.7, SP-I5): a player registers only
        # routes they own a share of
        raise NotAllowed(C + "error.not_an_owner")
    others = [f for f, _ in shares if f not in ctx.own_factions()]
    if not ctx.is_gm and others:
        # a share adds the route to that owner's raid roll, points and target draw (SP-I1,
        # SP-I5), as a change would (`_owned_route`): a GM names factions the player does not
        # play
        raise NotAllowed(C + "error.other_owner", owners=", ".join(map(shown, others)))
    combat = await campaign_combat(ctx)
    specs = _ship_specs(ctx, old.ships if old else None, ships, acting or shares[0][0], combat)
    register = partial(
        register_route,
        name=name,
        goods=goods,
        passengers=passengers,
        tourism=tourism,
        owners=shares,
        ships=specs,
        route_id=old.id if old else None,
    )
    await _save(ctx, "route", old, shares[0][0], register)


def _registering(ctx: Ctx, owners: str | None, faction: str | None) -> str:
    """The faction registering a new route: `faction`, else the player's own; a GM who
    plays none registers it for the one owner `owners` names (SP-I5), and is told how to
    name whose route it is otherwise."""
    if faction or not ctx.is_gm or ctx.own_factions():
        return ctx.acting_faction(faction)
    named = parse_owners(owners, ctx.factions, "") if owners else []
    if len(named) == 1:
        return named[0][0]
    example = ctx.factions[0].name if ctx.factions else "Vega"
    raise GameError(C + "error.gm_route_faction", example=example)


async def _save_planet(
    ctx: Ctx, owner: str, old: Planet | None, values: dict[str, Any], ships: str | None
) -> None:
    """Register or replace a planet; the engine refuses bad values with the allowed range."""
    combat = await campaign_combat(ctx)
    specs = _ship_specs(ctx, old.orbital_ships if old else None, ships, owner, combat)
    register = partial(
        register_planet,
        owner=owner,
        orbital_ships=specs,
        planet_id=old.id if old else None,
        **values,
    )
    await _save(ctx, "planet", old, owner, register)


Register = Callable[
    [SpacePiratesState, FleetCombatSettings], tuple[SpacePiratesState, TradeRoute | Planet]
]


async def _save(
    ctx: Ctx, kind: str, old: TradeRoute | Planet | None, faction: str, register: Register
) -> None:
    """Register a route or a planet (`kind`), or replace `old`, under the campaign's fleet
    combat settings, and post it for everyone (`_saved`)."""
    combat = await campaign_combat(ctx)

    def change(state: SpacePiratesState, settings: SpacePiratesSettings, _d: object) -> Change:
        new, saved = register(state, combat)
        if isinstance(saved, TradeRoute):  # its raid's strength dice fit one roll (SP-I6)
            check_strength_dice(saved, settings)
        key = f"{kind}.saved" if old is None else f"{kind}.changed"
        return Change(new, [Msg(C + key, id=saved.id, name=saved.name)])

    await ctx.apply(change, faction=faction, announce=_saved(ctx, kind))


def _ship_specs(
    ctx: Ctx,
    kept: Sequence[RegisteredShip] | None,
    typed: str | None,
    owner: str,
    combat: FleetCombatSettings,
) -> list[ShipSpec]:
    """The ships as typed (owned by `owner` unless named), or the ones kept when an edit
    leaves them out."""
    if kept is not None and typed is None:
        return [ShipSpec(s.owner, s.ship_class, s.role, s.cost, s.wounds) for s in kept]
    return parse_ships(typed, ctx.factions, owner, combat)


def _saved(
    ctx: Ctx, kind: str
) -> Callable[[Applied[Change, SpacePiratesSettings]], list[Announcement]]:
    """The registration or change for everyone, with the route's or planet's line, in the
    campaign's language (written with the change: the outbox)."""

    def shown(done: Applied[Change, SpacePiratesSettings]) -> list[Announcement]:
        outcome = done.outcome
        number = int(outcome.lines[0].params["id"])
        locale = ctx.public_locale
        if kind == "route":
            route = outcome.state.route(number)
            assert route is not None
            line = route_line(route, locale)
        else:
            planet = outcome.state.planet(number)
            assert planet is not None
            line = planet_line(planet, locale)
        return [Announcement(embeds=change_embeds(outcome.lines, locale, [line]))]

    return shown
