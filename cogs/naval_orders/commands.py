"""`/navy …`: the naval orders procedure of the Seven Years' War rules (rules/naval-orders.md).

Players register their fleets, squadrons and packet boats, give each force one order a turn
through a form that asks exactly what the order's mandatory text needs (NO-I19), change an
order at sea by packet boat (NO-I18), read a force's movement range (NO-I3…I6) and take the
command test before an attack (NO-I8…I12). GMs keep the list of ports and naval stations.
Each command: parse → one unit of work (or a read) → render → reply.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from typing import Any
from typing import Literal
from typing import TypeVar
from typing import cast

import discord
from discord import app_commands

from bot.announcements import Announcement
from bot.cog_base import BotCog
from bot.cog_base import Choices
from bot.cog_base import FactionName
from bot.cog_base import Interaction
from bot.cog_base import command_group
from bot.dice import Dice
from bot.errors import GameError
from bot.errors import NotAllowed
from bot.errors import NotFound
from bot.i18n import Msg
from bot.interactions import LOSS_COLOUR
from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import SUCCESS_COLOUR
from bot.interactions import message_batches
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import strip_citations
from bot.interactions import who
from bot.rules.naval_orders import ORDER_KINDS
from bot.rules.naval_orders import SPEC
from bot.rules.naval_orders import BuildOrder
from bot.rules.naval_orders import CommandTestOutcome
from bot.rules.naval_orders import CommandTestRequest
from bot.rules.naval_orders import GiveBuildOrder
from bot.rules.naval_orders import GiveOrder
from bot.rules.naval_orders import MovementPlan
from bot.rules.naval_orders import NavalOrdersSettings
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import NavalOutcome
from bot.rules.naval_orders import RegisterForce
from bot.rules.naval_orders import RegisterStation
from bot.rules.naval_orders import ReportPosition
from bot.rules.naval_orders import SendByPacket
from bot.rules.naval_orders import StartFormation
from bot.rules.naval_orders import check_build_form_opens
from bot.rules.naval_orders import check_order_form_opens
from bot.rules.naval_orders import complete_order
from bot.rules.naval_orders import declare_return_station
from bot.rules.naval_orders import give_build_order
from bot.rules.naval_orders import give_order
from bot.rules.naval_orders import movement_range
from bot.rules.naval_orders import orders_overview
from bot.rules.naval_orders import register_force
from bot.rules.naval_orders import register_packet_arrival
from bot.rules.naval_orders import register_station
from bot.rules.naval_orders import remove_force
from bot.rules.naval_orders import remove_station
from bot.rules.naval_orders import report_position
from bot.rules.naval_orders import send_by_packet
from bot.rules.naval_orders import set_station_distances
from bot.rules.naval_orders import start_formation
from bot.rules.naval_orders import take_command_test
from bot.rules.naval_orders.messages import as_the_gm_names
from bot.rules.naval_orders.models import EnemyPlace
from bot.rules.naval_orders.models import Force
from bot.rules.naval_orders.models import ForceKind
from bot.rules.naval_orders.models import ForceName
from bot.rules.naval_orders.models import name_key
from bot.rules.naval_orders.packets import check_packet_can_carry
from bot.rules.naval_orders.references import resolve_force
from bot.rules.naval_orders.registry import check_owner
from bot.rules.naval_orders.registry import find_station
from bot.rules.naval_orders.settings import OrderKind
from bot.rulesets import Outcome
from bot.scaffold import Applied
from bot.scaffold import Asked
from bot.scaffold import Question
from bot.scaffold import RulesetContext
from bot.scaffold import Typist
from bot.scaffold import apply_or_ask
from bot.scaffold import confirm_first
from bot.scaffold import confirmed_command
from bot.scaffold import faction_autocomplete
from bot.scaffold import owned_choices
from bot.scaffold import state_choices
from bot.text import same_name
from bot.text import shown
from bot.text import shown_msg
from cogs.naval_orders.forms import OrderForm
from cogs.naval_orders.input import order_from_form
from cogs.naval_orders.input import parse_distances
from cogs.naval_orders.input import parse_ships
from cogs.naval_orders.input import parse_squadrons
from cogs.naval_orders.render import navy_embeds
from cogs.naval_orders.render import stations_embeds

Ctx = RulesetContext[NavalOrdersState, NavalOrdersSettings]
Name = app_commands.Range[str, 1, 80]  # a force's, a port's or a location's name
Listing = app_commands.Range[str, 1, 1000]  # ships, squadrons or distances as typed
Rating = app_commands.Range[int, -1, 2]  # an officer's rating
Times = app_commands.Range[int, 0, 20]  # port exits and entries, attempts
FormationKind = Literal["form_fleet", "dissolve_fleet", "form_convoy", "dissolve_convoy"]
OutcomeT = TypeVar("OutcomeT", bound=Outcome[Any])

ORDER_NAMES: dict[OrderKind, str] = {
    "cruise": "Cruising",
    "move": "Transfer",
    "raid": "Raiding",
    "blockade": "Blockade",
    "escort": "Escort",
    "landing": "Landing",
    "build": "Construction or purchase (a naval station)",
    "repair": "Repair",
    "disband": "Disbanding",
}
ORDER_CHOICES = [app_commands.Choice(name=ORDER_NAMES[k], value=k) for k in ORDER_KINDS]
KIND_CHOICES = [
    app_commands.Choice(name="Line squadron", value="line"),
    app_commands.Choice(name="Auxiliary squadron", value="auxiliary"),
    app_commands.Choice(name="Fleet", value="fleet"),
    app_commands.Choice(name="Packet boat", value="packet"),
]
FORMATION_CHOICES = [
    app_commands.Choice(name="Form a fleet", value="form_fleet"),
    app_commands.Choice(name="Dissolve a fleet", value="dissolve_fleet"),
    app_commands.Choice(name="Form a convoy", value="form_convoy"),
    app_commands.Choice(name="Dissolve a convoy", value="dissolve_convoy"),
]
ENEMY_CHOICES = [
    app_commands.Choice(name="In the force's own location", value="own"),
    app_commands.Choice(name="In an adjacent location", value="adjacent"),
    app_commands.Choice(name="Further away", value="other"),
]
# The line of a command test that says what the force may now do, its outcome: the first
# line of its message; the roll, its modifiers and their total then read in that order.
OUTCOMES = (
    "naval_orders.test.no_attack",
    "naval_orders.test.attack",
    "naval_orders.test.attack_then_return",
    "naval_orders.test.attack_resume_transfer",
)


def meant(ctx: Ctx, state: NavalOrdersState, name: str) -> Force | None:
    """The force the actor means by `name` (`resolve_force`): a player's own force of that
    name first (one of another player's forces they may not know of can bear it too,
    NO-4.10), else another player's, which the commands refuse to a player who may not know
    of it as a name no force has (`check_owner`); a GM's, as a GM finds it."""
    if ctx.is_gm:
        return resolve_force(state, name, None)
    mine = ctx.own_factions()
    for faction in mine:
        found = resolve_force(state, name, faction)
        if found is not None and name_key(found.owner) == name_key(faction):
            return found
    return resolve_force(state, name, mine[0] if mine else "")


def owner_of(ctx: Ctx, state: NavalOrdersState, force: str) -> str | None:
    """The faction that owns the force the actor names (`meant`), if it is registered."""
    found = meant(ctx, state, force)
    return found.owner if found is not None else None


def acting_for(ctx: Ctx, owner: str | None) -> str:
    """The faction the actor gives the command as: the owner, when a GM acts or the actor
    plays it; else one of the actor's factions (or ""), which the engine refuses (NO-I18)."""
    mine = ctx.own_factions()
    if owner is not None and (ctx.is_gm or name_key(owner) in {name_key(m) for m in mine}):
        return owner
    return mine[0] if mine else ""


def for_owner(ctx: Ctx, state: NavalOrdersState, force: str) -> str:
    """The faction the actor gives a command for the force named as (see `acting_for`)."""
    return acting_for(ctx, owner_of(ctx, state, force))


def private(settings: NavalOrdersSettings) -> bool:
    """Orders stay with their owner until the end of turn unless `orders_public` (issue 14)."""
    return not settings.orders_public


async def _send(ctx: Ctx, lines: list[Any], *, ephemeral: bool) -> None:
    """What a read shows as its reply (nothing committed), the names players gave shown
    literally: see `_messages`."""
    for message in _messages(ctx, [shown_msg(line) for line in lines], ephemeral=ephemeral):
        await reply(ctx.interaction, embeds=list(message.embeds), ephemeral=ephemeral)


def _messages(
    ctx: Ctx,
    lines: list[Any],
    *,
    ephemeral: bool,
    title_key: str | None = None,
    colour: discord.Colour = NEUTRAL_COLOUR,
    cited: Sequence[str] = (),
    **params: Any,
) -> list[Announcement]:
    """The lines (player-given names already shown literally) as the command's answer: a
    private one in the reader's language, a public one in the campaign's, the clauses cited
    in the footer (`cited` first: see `navy_embeds`); in as many messages as Discord's 10
    embeds and 6,000 characters a message need."""
    locale = ctx.locale if ephemeral else ctx.public_locale
    embeds = navy_embeds(lines, locale, title_key=title_key, colour=colour, cited=cited, **params)
    return [Announcement(embeds=batch, ephemeral=ephemeral) for batch in message_batches(embeds)]


async def _change(
    ctx: Ctx,
    change: Callable[[NavalOrdersState, NavalOrdersSettings, Dice], OutcomeT],
    *,
    ephemeral: bool | None = None,
    asked: Asked | None = None,
    question: Callable[[NavalOrdersState, Applied[OutcomeT, NavalOrdersSettings]], Question]
    | None = None,
    about: Callable[[OutcomeT], Force | Sequence[Force] | None] | None = None,
    **apply: Any,
) -> None:
    """One engine change in one unit of work (`apply`'s keywords passed on), its lines as the
    answer written with it (the outbox: posted after the commit, a public one after a restart
    too): privately or publicly as `ephemeral` says, else as the orders' privacy says. A
    change answered privately is kept from the other players in the log too while orders
    are private: a secret entry its maker and the GMs read, published when the turn ends.
    So are an order given or changed (`ephemeral` None) and what a force is made of, where
    it is and what it forms (its registration, edit, removal, position, formation), which
    the orders' mandatory texts name too (NO-4.10, NO-5.9, NO-6.9) and which are published
    with them. A GM's private reply and refusals name the forces it concerns (`about`: the
    outcome's force by default) as the GM reads them (`_as_the_gm_reads`, `_gm_refusal`)."""

    def answer(done: Applied[OutcomeT, NavalOrdersSettings]) -> list[Announcement]:
        privately = private(done.settings) if ephemeral is None else ephemeral
        lines = list(done.outcome.lines)
        if privately:
            force = about(done.outcome) if about else getattr(done.outcome, "force", None)
            lines = _as_the_gm_reads(ctx, lines, force)
        return _messages(ctx, lines, ephemeral=privately)

    def secret(settings: NavalOrdersSettings, _outcome: OutcomeT) -> bool:
        return ephemeral is not False and private(settings)

    with _gm_refusal(ctx):
        await apply_or_ask(
            ctx,
            lambda s, st, d: _shown(change(s, st, d)),
            asked=asked,
            question=question,
            announce=answer,
            secret=secret,
            logged_options=_as_its_player_names,
            **apply,
        )


@contextmanager
def _gm_refusal(ctx: Ctx) -> Iterator[None]:
    """A refusal to a GM naming a force kept apart from another of its name (`Force.clash`)
    by the faction-qualified name the GM tells the two apart by, reads and types (its plain
    name is the other force's to a GM), as the engine quotes it (`Force.called`); a player
    reads the plain name they gave it (NO-4.10)."""
    try:
        yield
    except GameError as refused:
        if ctx.is_gm:
            refused.params = {
                key: value.qualified if isinstance(value, ForceName) else value
                for key, value in refused.params.items()
            }
        raise


def _as_its_player_names(options: dict[str, Any], outcome: Any) -> dict[str, Any]:
    """The options a command's entry records, a GM's name of a force kept apart from another
    of its name (`Force.clash`, "Name [Faction]") given as the plain name its player uses:
    the log's options read as its summary does, and the qualified name would tell the
    force's owner, and everyone once the turn ends, that another faction holds a hidden force
    of that name (NO-4.10)."""
    force = getattr(outcome, "force", None)
    if not isinstance(force, Force) or force.clash is None:
        return options
    return {
        key: force.name if isinstance(value, str) and same_name(value, force.clash) else value
        for key, value in options.items()
    }


def _as_the_gm_reads(
    ctx: Ctx, lines: list[Msg], forces: Force | Sequence[Force] | None
) -> list[Msg]:
    """A GM's private reply's lines (player-given names already shown), naming the forces
    it concerns by the name the GM tells each apart by while it is kept apart from another
    of its name (`as_the_gm_names`). Only the reply: the log entry keeps the plain name, as
    its owner and, once the turn ends, everyone reads it, and the qualified name would tell
    them that another faction holds a hidden force of that name (NO-4.10)."""
    if not ctx.is_gm or forces is None:
        return lines
    for force in [forces] if isinstance(forces, Force) else forces:
        if force.clash is not None:
            seen = force.model_copy(update={"name": shown(force.name), "clash": shown(force.clash)})
            lines = [as_the_gm_names(line, seen) for line in lines]
    return lines


def _shown(outcome: OutcomeT) -> OutcomeT:
    """The outcome with its lines' player-given names shown literally (`bot.text.shown`):
    the reply and the audit summary (/history list) both read them."""
    lines = [shown_msg(line) for line in outcome.lines]
    return cast(OutcomeT, dataclasses.replace(cast(Any, outcome), lines=lines))


async def _force_change(
    ctx: Ctx,
    unit: str,
    change: Callable[[NavalOrdersState, NavalOrdersSettings, str], NavalOutcome],
) -> None:
    """A change to one force's order, given as its owner (see `for_owner`), shown as the
    orders' privacy says."""
    await _change(
        ctx, lambda state, settings, _d: change(state, settings, for_owner(ctx, state, unit))
    )


def _force_owner(outcome: NavalOutcome) -> str | None:
    """The faction an outcome about one force is recorded for."""
    return outcome.force.owner if outcome.force else None


def _reaching(ctx: Ctx, force: Force) -> str:
    """The name that reaches the force for the actor, as a form's submission names it again:
    a GM's is its faction-qualified name while it is kept apart from another of its name
    (`Force.clash`), as its plain name reaches that other force for a GM; a player's, the
    name they gave."""
    return force.clash if ctx.is_gm and force.clash else force.name


def _own_force(ctx: Ctx, state: NavalOrdersState, name: str) -> Force:
    """The force named (`meant`), when the actor may command it (its owner or a GM)."""
    force = meant(ctx, state, name)
    if force is None:
        raise NotFound("naval_orders.error.unknown_force", clause="NO-4.10", force=name)
    check_owner(force, acting_for(ctx, force.owner), ctx.is_gm, named=name)
    return force


def _carried_to(state: NavalOrdersState, packet: Force) -> list[Force]:
    """The forces a packet boat carries orders to, not yet delivered: striking it off loses
    them (NO-I7), and its removal's reply names those forces."""
    keys = [r.force for r in state.relays if r.packet == packet.key and r.arrived_turn is None]
    return [state.forces[key] for key in keys if key in state.forces]


@confirmed_command("navy forces remove")
async def _force_remove(asked: Asked) -> None:
    """`/navy forces remove`: asked with the force and what its removal drops, then struck
    off (answered privately, as before); refused at once, before anything is asked, while
    another force's order escorts it."""
    ctx = await RulesetContext.within(asked.interaction, asked.base, SPEC)
    name = str(asked.params["name"])
    # The force struck off and those whose orders it carried, which the GM's reply names.
    struck: list[Force] = []

    def strike(state: NavalOrdersState, _s: NavalOrdersSettings, _d: Dice) -> NavalOutcome:
        force = _own_force(ctx, state, name)
        struck[:] = [force, *_carried_to(state, force)]
        # Refused at once while another force's order escorts it; a player reads their own
        # forces' orders there, a GM everyone's.
        reader = None if ctx.is_gm else acting_for(ctx, force.owner)
        return remove_force(state, name, reader=reader)

    def question(
        state: NavalOrdersState, done: Applied[NavalOutcome, NavalOrdersSettings]
    ) -> Question:
        force = _own_force(ctx, state, name)
        title = Msg(
            "naval_orders.force.remove_question",
            force=shown(_reaching(ctx, force)),
            owner=shown(force.owner),
            kind=Msg(f"naval_orders.kind.{force.kind}"),
            location=shown(force.location),
        )
        lost = _as_the_gm_reads(ctx, done.outcome.lines[1:], _carried_to(state, force))
        lines = [line.render(asked.locale) for line in lost]
        return Question(title.render(asked.locale), lines, verb="remove")

    await _change(
        ctx,
        strike,
        ephemeral=True,
        asked=asked,
        question=question,
        about=lambda _o: struck,
    )


@confirmed_command("navy station remove")
async def _station_remove(asked: Asked) -> None:
    """`/navy station remove`: asked, then the port is off the GM's list; refused at once,
    before anything is asked, while an order names it or a force returns to it."""
    ctx = await RulesetContext.within(asked.interaction, asked.base, SPEC)
    require_gm(ctx.base)
    name = str(asked.params["name"])

    def question(
        state: NavalOrdersState, _done: Applied[NavalOutcome, NavalOrdersSettings]
    ) -> Question:
        station = find_station(state, name)
        title = Msg(
            "naval_orders.station.remove_question",
            station=shown(station.name),
            location=shown(station.location),
        )
        return Question(title.render(asked.locale), verb="remove")

    await _change(
        ctx,
        lambda state, _s, _d: remove_station(state, name),
        ephemeral=False,
        asked=asked,
        question=question,
    )


class NavalOrdersCog(BotCog):
    """The naval orders ruleset's commands."""

    navy = command_group("navy", "Naval orders (Seven Years' War)")
    forces = command_group("forces", "Your fleets, squadrons and packet boats", parent=navy)
    station = command_group("station", "Ports and naval stations (GM list)", parent=navy)

    # -- the register of forces ----------------------------------------------------------------

    @who("owner")
    @forces.command(name="register", description="Register a fleet, squadron or packet boat")
    @app_commands.autocomplete(owner=faction_autocomplete)
    @app_commands.choices(kind=KIND_CHOICES)
    @app_commands.describe(
        name="The force's unique name",
        kind="Line or auxiliary squadron, fleet, packet boat",
        location="Its location (number or name, as on your map)",
        ships="Ships, e.g. 2xIII, IV jury, V 80%, 3 transport",
        squadrons="A fleet's squadrons, e.g. Red (line): 2xIII; Blue (auxiliary): 3xV",
        rating="The commanding officer's rating, −1 to +2",
        in_port="Is it in port?",
        owner="The owning faction (GM; default: yours)",
    )
    async def force_register(
        self,
        interaction: Interaction,
        name: Name,
        kind: str,
        location: Name,
        ships: Listing | None = None,
        squadrons: Listing | None = None,
        rating: Rating = 0,
        in_port: bool = False,
        owner: FactionName | None = None,
    ) -> None:
        """§4, NO-I3, NO-I22: a new force, or the same name registered again replaces it."""
        ctx = await RulesetContext.of(interaction, SPEC)
        command = RegisterForce(
            owner=ctx.acting_faction(owner),
            name=name,
            kind=_force_kind(kind),
            officer_rating=rating,
            ships=parse_ships(ships) if ships else [],
            squadrons=parse_squadrons(squadrons) if squadrons else [],
            location=location,
            in_port=in_port,
        )
        # Refused while another force escorts the convoy this would leave without transports;
        # a player reads their own forces' orders there, a GM everyone's.
        reader = None if ctx.is_gm else command.owner
        await _change(
            ctx,
            lambda state, settings, _d: register_force(state, settings, command, reader=reader),
            ephemeral=True,
            faction=command.owner,
        )

    @who("owner")
    @forces.command(name="edit", description="Change a force's ships, squadrons or officer")
    @app_commands.describe(
        name="The force",
        ships="Its ships now, e.g. 2xIII, IV jury, V 80%",
        squadrons="A fleet's squadrons now, e.g. Red (line): 2xIII; Blue (auxiliary): 3xV",
        rating="The commanding officer's rating, −1 to +2",
    )
    async def force_edit(
        self,
        interaction: Interaction,
        name: Name,
        ships: Listing | None = None,
        squadrons: Listing | None = None,
        rating: Rating | None = None,
    ) -> None:
        """§4: damage, losses and new officers; the force keeps its order and place."""
        ctx = await RulesetContext.of(interaction, SPEC)
        new_ships = parse_ships(ships) if ships else None
        new_squadrons = parse_squadrons(squadrons) if squadrons else None

        def edit(state: NavalOrdersState, settings: NavalOrdersSettings, _d: Dice) -> NavalOutcome:
            force = _own_force(ctx, state, name)
            command = RegisterForce(
                owner=force.owner,
                name=force.name,
                kind=force.kind,
                officer_rating=force.officer_rating if rating is None else rating,
                ships=force.ships if new_ships is None else new_ships,
                squadrons=force.squadrons if new_squadrons is None else new_squadrons,
                location=force.location,
                in_port=force.in_port,
            )
            reader = None if ctx.is_gm else acting_for(ctx, force.owner)
            return register_force(state, settings, command, reader=reader)

        await _change(ctx, edit, ephemeral=True, faction=_force_owner)

    @who("owner")
    @forces.command(name="remove", description="Strike a force off the register")
    @app_commands.describe(name="The force (sunk, captured, paid off)")
    async def force_remove(self, interaction: Interaction, name: Name) -> None:
        """§4: the force and any order on its way to it by packet boat go, once its owner
        (or the GM) confirms."""
        await confirm_first(interaction)

    @who("owner")
    @navy.command(name="position", description="Report where a force is now (from your map)")
    @app_commands.describe(
        unit="The force", location="Its location now", in_port="Is it in port there?"
    )
    async def position(
        self, interaction: Interaction, unit: Name, location: Name, in_port: bool = False
    ) -> None:
        """NO-I6: the players move; the bot records where (NO-I15 back in the zone)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        await _change(
            ctx,
            lambda state, settings, _d: report_position(
                state,
                settings,
                ReportPosition(
                    faction=for_owner(ctx, state, unit),
                    force=unit,
                    location=location,
                    in_port=in_port,
                    by_gm=ctx.is_gm,
                ),
                ctx.campaign.turn,
            ),
            ephemeral=True,
            faction=_force_owner,
        )

    # -- the GM's list of ports and naval stations ---------------------------------------------

    @station.command(name="add", description="Add or change a port or naval station (GM)")
    @app_commands.autocomplete(owner=faction_autocomplete)
    @app_commands.describe(
        name="The port's name",
        location="Its location (number or name)",
        naval_station="Is it a naval station?",
        owner="The faction whose station it is (builds there)",
    )
    async def station_add(
        self,
        interaction: Interaction,
        name: Name,
        location: Name,
        naval_station: bool = False,
        owner: FactionName | None = None,
    ) -> None:
        """§4: the GM's list; naval stations are ports too."""
        ctx = await _gm_context(interaction)
        owned = ctx.acting_faction(owner) if owner else None
        command = RegisterStation(
            name=name, location=location, naval_station=naval_station, owner=owned
        )
        await _change(ctx, lambda state, _s, _d: register_station(state, command), ephemeral=False)

    @station.command(name="remove", description="Take a port off the list (GM)")
    @app_commands.describe(name="The port or naval station")
    async def station_remove(self, interaction: Interaction, name: Name) -> None:
        """§4: the GM's list, once the GM confirms."""
        await confirm_first(interaction)

    @station.command(name="list", description="The ports and naval stations")
    async def station_list(self, interaction: Interaction) -> None:
        """§4: what the GM has listed."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, _ = await ctx.read()
        for batch in message_batches(stations_embeds(state, ctx.locale)):
            await reply(interaction, embeds=batch, ephemeral=True)

    @station.command(
        name="distances", description="How far each naval station is from a location (GM)"
    )
    @app_commands.describe(
        location="The location", distances="Station: distance, e.g. Kronstadt: 3, Reval: 5"
    )
    async def station_distances(
        self, interaction: Interaction, location: Name, distances: Listing
    ) -> None:
        """NO-I16 `distance_table`: the bot then names the nearest station itself. The GM
        records the distances from where a force is, or will be, when it turns for home, so
        while orders are private the entry is hidden from the players until the turn ends
        (as the force's position is): its location would tell where a hidden force is."""
        ctx = await _gm_context(interaction)
        table = parse_distances(distances)

        def saved(done: Applied[NavalOutcome, NavalOrdersSettings]) -> list[Announcement]:
            """The distances as recorded, privately (the GM's table)."""
            lines = list(done.outcome.lines)
            title = "navy.list.distances_saved"
            return _messages(ctx, lines, ephemeral=True, title_key=title, location=shown(location))

        await ctx.apply(
            lambda state, _s, _d: _shown(set_station_distances(state, location, table)),
            announce=saved,
            secret=lambda settings, _o: private(settings),
        )

    # -- orders ----------------------------------------------------------------------------

    @who("owner")
    @navy.command(name="order", description="Give a force its order for this turn (a form)")
    @app_commands.choices(order=ORDER_CHOICES)
    @app_commands.describe(
        unit="Your fleet or squadron (a naval station for construction)",
        order="One of the nine orders",
    )
    async def order(self, interaction: Interaction, unit: Name, order: str) -> None:
        """NO-1.1, NO-I2, NO-I19: the form asks exactly what the order's text needs; the
        force, its owner and the turn's order are checked before the form opens."""
        ctx = await RulesetContext.of(interaction, SPEC)
        kind = _order_kind(order)
        state, settings = await ctx.read()
        if kind == "build":
            station = find_station(state, unit)
            target = check_build_form_opens(
                state,
                settings,
                acting_for(ctx, station.owner),
                unit,
                ctx.campaign.turn,
                by_gm=ctx.is_gm,
            ).name
        else:
            with _gm_refusal(ctx):
                target = _reaching(ctx, _form_opens(ctx, state, settings, unit, kind))

        async def submit(modal: Interaction, values: dict[str, str]) -> None:
            await _give_from_form(modal, target, kind, values)

        await interaction.response.send_modal(OrderForm(kind, target, ctx.locale, submit, settings))

    @who("owner")
    @navy.command(name="packet", description="Send a new order to a force at sea by packet boat")
    @app_commands.choices(order=ORDER_CHOICES)
    @app_commands.describe(
        packet="Your packet boat in port",
        unit="The force at sea that gets the order",
        order="The new order",
    )
    async def packet(self, interaction: Interaction, packet: Name, unit: Name, order: str) -> None:
        """NO-3.3, NO-I18, NO-I22: the order goes with the packet; the form as for any order."""
        ctx = await RulesetContext.of(interaction, SPEC)
        kind = _order_kind(order)
        state, settings = await ctx.read()
        with _gm_refusal(ctx):
            found, boat = check_packet_can_carry(
                state, for_owner(ctx, state, unit), packet, unit, by_gm=ctx.is_gm
            )
            _form_opens(ctx, state, settings, unit, kind, by_packet=True)

        async def submit(modal: Interaction, values: dict[str, str]) -> None:
            await _send_from_form(modal, _reaching(ctx, boat), _reaching(ctx, found), kind, values)

        await interaction.response.send_modal(
            OrderForm(kind, _reaching(ctx, found), ctx.locale, submit, settings)
        )

    @who("owner")
    @navy.command(name="arrived", description="A packet boat has reached the force it carries to")
    @app_commands.describe(relay="The packet boat's relay number (shown when it was sent)")
    async def arrived(
        self, interaction: Interaction, relay: app_commands.Range[int, 1, 100000]
    ) -> None:
        """NO-2.9, NO-I7: the relay turn follows, then the new order is in force."""
        ctx = await RulesetContext.of(interaction, SPEC)

        def arrive(
            state: NavalOrdersState, settings: NavalOrdersSettings, _d: Dice
        ) -> NavalOutcome:
            carried = next((r for r in state.relays if r.id == relay), None)
            owner = carried.owner if carried is not None else None
            faction = acting_for(ctx, owner)
            turn = ctx.campaign.turn
            return register_packet_arrival(state, settings, faction, relay, turn, by_gm=ctx.is_gm)

        await _change(ctx, arrive)

    @who("owner")
    @navy.command(name="complete", description="Mark a force's recorded order as carried out")
    @app_commands.describe(unit="The force")
    async def complete(self, interaction: Interaction, unit: Name) -> None:
        """NO-I1: blockade, escort, landing, repair and disbanding end when their owner says;
        cruising, transfer and raiding end by the rules (or by the GM)."""
        ctx = await RulesetContext.of(interaction, SPEC)
        await _force_change(
            ctx,
            unit,
            lambda state, settings, faction: complete_order(
                state, settings, faction, unit, ctx.campaign.turn, by_gm=ctx.is_gm
            ),
        )

    @who("owner")
    @navy.command(name="return", description="Name the naval station a force returns to")
    @app_commands.describe(unit="The returning force", station="The nearest naval station")
    async def return_to(self, interaction: Interaction, unit: Name, station: Name) -> None:
        """NO-4.3, NO-6.3, NO-I16: the player names it, the GM confirms it."""
        ctx = await RulesetContext.of(interaction, SPEC)
        await _force_change(
            ctx,
            unit,
            lambda state, settings, faction: declare_return_station(
                state, settings, faction, unit, station, by_gm=ctx.is_gm
            ),
        )

    @who("owner")
    @navy.command(name="formation", description="Form or dissolve a fleet or a convoy")
    @app_commands.choices(kind=FORMATION_CHOICES)
    @app_commands.describe(
        kind="What is formed or dissolved",
        units="The squadrons forming a fleet (comma-separated), or the fleet or convoy's force",
        fleet_name="The new fleet's name",
        rating="The new fleet's officer rating (default: the best of its squadrons)",
        vessels="Transports or merchantmen taken on or put off, e.g. 3 transport, merchant",
    )
    async def formation(
        self,
        interaction: Interaction,
        kind: str,
        units: app_commands.Range[str, 1, 500],
        fleet_name: Name | None = None,
        rating: Rating | None = None,
        vessels: app_commands.Range[str, 1, 500] | None = None,
    ) -> None:
        """NO-2.7, NO-I7: the units stay put with range 0; the change is made at the end of
        turn."""
        ctx = await RulesetContext.of(interaction, SPEC)
        members = [m.strip() for m in units.split(",") if m.strip()]
        ships = parse_ships(vessels) if vessels else []

        def begin(state: NavalOrdersState, settings: NavalOrdersSettings, _d: Dice) -> NavalOutcome:
            command = StartFormation(
                faction=for_owner(ctx, state, members[0] if members else ""),
                kind=_formation_kind(kind),
                members=members,
                fleet_name=fleet_name,
                officer_rating=rating,
                vessels=ships,
                by_gm=ctx.is_gm,
            )
            return start_formation(state, settings, command, ctx.campaign.turn)

        await _change(ctx, begin, ephemeral=True)

    # -- movement and the command test ---------------------------------------------------------

    @who("owner")
    @navy.command(name="range", description="A force's movement range this turn, itemised")
    @app_commands.describe(
        unit="The force",
        port_exits="Times it leaves a port this turn",
        port_entries="Times it enters a port this turn",
        catch_wind="Attempts to catch the wind",
        combat="Will it initiate combat? (default: a command test passed this turn)",
    )
    async def range_(
        self,
        interaction: Interaction,
        unit: Name,
        port_exits: Times = 0,
        port_entries: Times = 0,
        catch_wind: Times = 0,
        combat: bool | None = None,
    ) -> None:
        """NO-I3…I6: base range and every modifier; the players move on their map."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, settings = await ctx.read()
        found = meant(ctx, state, unit)
        if found is None:
            raise NotFound("naval_orders.error.unknown_force", clause="NO-4.10", force=unit)
        if not ctx.is_gm and name_key(acting_for(ctx, found.owner)) != name_key(found.owner):
            if not found.disclosed:  # a force the player may not know of: as no such force
                raise NotFound("naval_orders.error.unknown_force", clause="NO-4.10", force=unit)
            # No order is given: the refusal is about what the range shows.
            raise NotAllowed("navy.error.range_not_yours", force=found.name)
        plan = MovementPlan(
            port_exits=port_exits,
            port_entries=port_entries,
            catch_wind_attempts=catch_wind,
            initiate_combat=combat,
        )
        _, lines = movement_range(state, settings, found.name, plan, reader=found.owner)
        if ctx.is_gm:
            lines = [as_the_gm_names(line, found) for line in lines]
        await _send(ctx, lines, ephemeral=True)

    @who("owner")
    @navy.command(name="test", description="Take the command test before an attack")
    @app_commands.choices(enemy_at=ENEMY_CHOICES)
    @app_commands.describe(
        unit="The attacking force",
        enemy_at="Where the enemy is",
        enemy_has_transports="Does the enemy have transports, merchantmen or packet boats?",
    )
    async def test(
        self,
        interaction: Interaction,
        unit: Name,
        enemy_at: str,
        enemy_has_transports: bool = False,
    ) -> None:
        """NO-I8…I12: checked before any die; a refusal does not use up the turn's test."""
        ctx = await RulesetContext.of(interaction, SPEC)
        place = _enemy_place(enemy_at)
        tested: list[Force | None] = []  # the force tested, which the GM's reply names

        def attack(
            state: NavalOrdersState, settings: NavalOrdersSettings, dice: Dice
        ) -> CommandTestOutcome:
            request = CommandTestRequest(
                faction=for_owner(ctx, state, unit),
                force=unit,
                enemy_at=place,
                enemy_has_transports_or_packets=enemy_has_transports,
                by_gm=ctx.is_gm,
            )
            tested[:] = [meant(ctx, state, unit)]
            return take_command_test(state, settings, request, dice, ctx.campaign.turn)

        def verdict(done: Applied[CommandTestOutcome, NavalOrdersSettings]) -> list[Announcement]:
            """Written with the dice (the outbox: a test is shown even after a crash): the
            outcome first (what the force may now do), a success or a loss for the tested
            force, then the roll and the total it adds up to. While orders are private
            only its owner reads it (and the GMs, in the log): the test names the order being
            carried out, and its dice (one die or two), target and modifiers tell the order
            and what the force is made of (NO-I8)."""
            lines = list(done.outcome.lines)
            first = next(i for i, m in enumerate(lines) if m.key in OUTCOMES)
            lines.insert(0, lines.pop(first))
            steps: list[str] = []  # the roll's clauses cited before what it decided
            strip_citations(" ".join(m.render() for m in lines[1:]), steps)
            colour = SUCCESS_COLOUR if done.outcome.result.success else LOSS_COLOUR
            privately = private(done.settings)
            if privately:
                lines = _as_the_gm_reads(ctx, lines, tested[0] if tested else None)
            return _messages(ctx, lines, ephemeral=privately, colour=colour, cited=steps)

        def owner(_outcome: CommandTestOutcome) -> str | None:
            """The faction the entry is recorded for: the tested force's, whoever takes the
            test (its owner or a GM), so that the force's player, now or later, reads it as
            theirs (NO-I8)."""
            force = tested[0] if tested else None
            return force.owner if force is not None else None

        with _gm_refusal(ctx):
            await ctx.apply(
                lambda s, st, d: _shown(attack(s, st, d)),
                faction=owner,
                audit=lambda o: {"test": o.result.model_dump(mode="json"), **o.rolled_by},
                announce=verdict,
                secret=lambda settings, _o: private(settings),
            )

    # -- reading ---------------------------------------------------------------------------------

    @navy.command(name="orders", description="Your forces and their orders (a GM sees all)")
    async def orders(self, interaction: Interaction) -> None:
        """Issue 14: each owner privately; orders private until the end of turn."""
        ctx = await RulesetContext.of(interaction, SPEC)
        state, settings = await ctx.read()
        viewers: list[str | None] = [None] if ctx.is_gm else list(ctx.own_factions()) or [None]
        lines = []
        for viewer in viewers:
            lines += orders_overview(
                state, settings, viewer=viewer, is_gm=ctx.is_gm, turn=ctx.campaign.turn
            )
        await _send(ctx, lines, ephemeral=True)

    # -- autocompletes ----------------------------------------------------------------------

    @force_edit.autocomplete("name")
    @force_remove.autocomplete("name")
    @position.autocomplete("unit")
    @order.autocomplete("unit")
    @packet.autocomplete("unit")
    @complete.autocomplete("unit")
    @return_to.autocomplete("unit")
    @range_.autocomplete("unit")
    @test.autocomplete("unit")
    async def force_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """The player's own forces (a GM: every force); naval stations for construction."""
        build = str(getattr(interaction.namespace, "order", "") or "") == "build"

        def targets(state: NavalOrdersState, typist: Typist) -> list[tuple[str, str]]:
            if build:
                return sorted(
                    (s.name, s.name)
                    for s in state.stations.values()
                    if s.naval_station and typist.owns(s.owner)
                )
            return _forces_of(state, typist, packets=False)

        return await owned_choices(interaction, SPEC, current, targets)

    @packet.autocomplete("packet")
    async def packet_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """The player's packet boats (a GM: all)."""
        return await owned_choices(
            interaction, SPEC, current, lambda state, t: _forces_of(state, t, packets=True)
        )

    @station_remove.autocomplete("name")
    async def station_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """The GM's ports and naval stations, with their locations."""
        return await state_choices(
            interaction, SPEC, current, lambda state: _stations(state, naval_only=False)
        )

    @return_to.autocomplete("station")
    async def naval_station_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """The naval stations a force may return to (NO-I16), with their locations."""
        return await state_choices(
            interaction, SPEC, current, lambda state: _stations(state, naval_only=True)
        )


# --- helpers behind the commands -----------------------------------------------------------


async def _gm_context(interaction: Interaction) -> Ctx:
    ctx = await RulesetContext.of(interaction, SPEC)
    require_gm(ctx.base)
    return ctx


def _stations(state: NavalOrdersState, *, naval_only: bool) -> list[tuple[str, str]]:
    """Ports and naval stations (or naval stations only) as autocomplete choices, with
    their locations."""
    return sorted(
        (f"{s.name} — {s.location}", s.name)
        for s in state.stations.values()
        if s.naval_station or not naval_only
    )


def _forces_of(state: NavalOrdersState, typist: Typist, *, packets: bool) -> list[tuple[str, str]]:
    """The packet boats (or the other forces) the typist may command, with their locations.
    A GM is offered a force kept apart from another of its name by its faction-qualified
    name (`Force.clash`), the one that tells the two apart; its player, the name they gave."""
    return sorted(
        (f"{name} — {f.location}", name)
        for f in state.forces.values()
        if (f.kind == "packet") == packets and typist.owns(f.owner)
        for name in [f.clash if typist.is_gm and f.clash else f.name]
    )


def _form_opens(
    ctx: Ctx,
    state: NavalOrdersState,
    settings: NavalOrdersSettings,
    unit: str,
    kind: OrderKind,
    *,
    by_packet: bool = False,
) -> Force:
    """The force an order form opens for, checked before the form (NO-I2, NO-I19); an order
    sent by packet boat goes to a force at sea (NO-3.3)."""
    return check_order_form_opens(
        state,
        settings,
        for_owner(ctx, state, unit),
        unit,
        kind,
        ctx.campaign.turn,
        by_gm=ctx.is_gm,
        by_packet=by_packet,
    )


L = TypeVar("L", bound=str)
FORCE_KINDS: tuple[ForceKind, ...] = ("line", "auxiliary", "fleet", "packet")
FORMATION_KINDS: tuple[FormationKind, ...] = (
    "form_fleet",
    "dissolve_fleet",
    "form_convoy",
    "dissolve_convoy",
)
ENEMY_PLACES: tuple[EnemyPlace, ...] = ("own", "adjacent", "other")


def _one_of(value: str, allowed: tuple[L, ...], error: str, param: str) -> L:
    """`value` as one of the `allowed` choices; else the refusal `error` naming it."""
    for choice in allowed:
        if choice == value:
            return choice
    raise GameError(error, **{param: value})


def _order_kind(value: str) -> OrderKind:
    return _one_of(value, ORDER_KINDS, "navy.error.unknown_order", "order")


def _force_kind(value: str) -> ForceKind:
    return _one_of(value, FORCE_KINDS, "navy.error.unknown_kind", "kind")


def _formation_kind(value: str) -> FormationKind:
    return _one_of(value, FORMATION_KINDS, "navy.error.unknown_formation", "kind")


def _enemy_place(value: str) -> EnemyPlace:
    return _one_of(value, ENEMY_PLACES, "navy.error.unknown_place", "place")


async def _give_from_form(
    interaction: Interaction, target: str, kind: OrderKind, values: dict[str, str]
) -> None:
    """The submitted form: the order (or a station's build order) in one unit of work, printed
    in its mandatory wording in the reader's language."""
    ctx = await RulesetContext.of(interaction, SPEC)
    order = order_from_form(kind, values)

    def give(state: NavalOrdersState, settings: NavalOrdersSettings, _d: Dice) -> NavalOutcome:
        turn = ctx.campaign.turn
        if isinstance(order, BuildOrder):
            station = find_station(state, target)
            faction = acting_for(ctx, station.owner)
            return give_build_order(
                state,
                settings,
                GiveBuildOrder(faction=faction, station=target, order=order, by_gm=ctx.is_gm),
                turn,
            )
        command = GiveOrder(
            faction=for_owner(ctx, state, target),
            force=target,
            order=order,
            by_gm=ctx.is_gm,
        )
        return give_order(state, settings, command, turn)

    options = {"force": target, "order": kind, **values}
    await _change(ctx, give, command="navy order", options=options, faction=_force_owner)


async def _send_from_form(
    interaction: Interaction,
    packet: str,
    target: str,
    kind: OrderKind,
    values: dict[str, str],
) -> None:
    """The submitted form of an order sent by packet boat (NO-3.3, NO-I18)."""
    ctx = await RulesetContext.of(interaction, SPEC)
    order = order_from_form(kind, values)

    def send(state: NavalOrdersState, settings: NavalOrdersSettings, _d: Dice) -> NavalOutcome:
        turn = ctx.campaign.turn
        command = SendByPacket(
            faction=for_owner(ctx, state, target),
            packet=packet,
            force=target,
            order=order,
            by_gm=ctx.is_gm,
        )
        return send_by_packet(state, settings, command, turn)

    options = {"packet": packet, "force": target, "order": kind, **values}
    await _change(ctx, send, command="navy packet", options=options, faction=_force_owner)
