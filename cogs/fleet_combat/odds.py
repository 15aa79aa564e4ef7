"""`/combat odds`: the chances of two fleets in a battle to the end (FC-I17)."""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.chart_files import odds_file
from bot.charts import odds_with_chart
from bot.cog_base import FactionName
from bot.cog_base import Interaction
from bot.compute import pool_of
from bot.errors import GameError
from bot.errors import NotFound
from bot.factions import resolve_faction
from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import defer_publicly
from bot.interactions import reply
from bot.rules.fleet_combat import SPEC
from bot.rules.fleet_combat import Fleet
from bot.rules.fleet_combat import FleetCombatSettings
from bot.rules.fleet_combat import FleetCombatState
from bot.rules.fleet_combat import fleet_from_counts
from bot.rules.fleet_combat.fleets import fleet_not_found
from bot.rules.fleet_combat.fleets import validate_ships
from bot.rules.fleet_combat.models import same_point
from bot.scaffold import RulesetContext
from bot.scaffold import faction_autocomplete
from bot.text import shown
from cogs.fleet_combat.common import C
from cogs.fleet_combat.common import Ctx
from cogs.fleet_combat.common import Point
from cogs.fleet_combat.common import canonical_point
from cogs.fleet_combat.common import combat
from cogs.fleet_combat.common import point_autocomplete
from cogs.fleet_combat.input import parse_ships
from cogs.fleet_combat.input import shown_list
from cogs.fleet_combat.render import odds_embed

MAX_ODDS_SHIPS = 300


class OddsCommands(commands.Cog):
    """The odds calculator."""

    @combat.command(name="odds", description="Chances of two fleets in a battle to the end")
    @app_commands.describe(
        a="Fleet A (fires first), e.g. 3 destroyer, 1 cruiser",
        b="Fleet B, e.g. 2 cruiser",
        a_faction="Fleet A: this faction's registered fleet",
        b_faction="Fleet B: this faction's registered fleet",
        point="Board point of the registered fleets",
        public="Post the odds in the channel (default: only you see them)",
    )
    @app_commands.autocomplete(
        point=point_autocomplete, a_faction=faction_autocomplete, b_faction=faction_autocomplete
    )
    async def odds(
        self,
        interaction: Interaction,
        a: app_commands.Range[str, 1, 500] | None = None,
        b: app_commands.Range[str, 1, 500] | None = None,
        a_faction: FactionName | None = None,
        b_faction: FactionName | None = None,
        point: Point | None = None,
        public: bool = False,
    ) -> None:
        """FC-I17 automatic mode: exact where feasible, else Monte Carlo with its margin.

        Private by default (checking odds should not announce a plan); `public` posts them."""
        ctx = await RulesetContext.of(interaction, SPEC)
        # Posted odds are read by everyone (the campaign's language); private ones by you.
        locale = ctx.public_locale if public else ctx.locale
        state, settings = await ctx.read()
        fleet_a, name_a = odds_fleet(ctx, state, settings, a, a_faction, point, "A", locale)
        fleet_b, name_b = odds_fleet(ctx, state, settings, b, b_faction, point, "B", locale)
        if fleet_a is fleet_b:  # one registered fleet named for both sides
            raise GameError(
                C + "error.odds_same_fleet",
                faction=shown(fleet_a.faction),
                point=shown(fleet_a.point),
            )
        async with pool_of(interaction.client).slot(ctx.user_id) as heavy:  # or refused
            if public:  # a refusal after it (the time budget) still reaches you alone
                await defer_publicly(interaction)
            else:
                await interaction.response.defer(thinking=True, ephemeral=True)
            result, chart = await heavy.run(
                odds_with_chart, fleet_a, fleet_b, settings, name_a, name_b, locale
            )
        embed = odds_embed(result, name_a, name_b, fleet_a, fleet_b, settings, locale)
        await reply(
            interaction, embed=embed, files=[odds_file(chart, locale)], ephemeral=not public
        )


def odds_fleet(
    ctx: Ctx,
    state: FleetCombatState,
    settings: FleetCombatSettings,
    typed: str | None,
    faction: str | None,
    point: str | None,
    side: str,
    locale: str,
) -> tuple[Fleet, str]:
    """One side of `/combat odds`: typed ships (named "Fleet A" in `locale`), or a faction's
    registered fleet."""
    if typed:
        ships = parse_ships(typed, settings, ctx.locale)
        validate_ships(settings, ships.ships, ships.wounds)
        if not ships.total:  # no round is fought with an empty side (FC-I16): no odds
            raise GameError(C + "error.odds_no_ships", side=Msg(C + f"odds.side.{side}"))
        if ships.total > MAX_ODDS_SHIPS:
            raise GameError(C + "error.odds_too_big", limit=MAX_ODDS_SHIPS)
        name = t(C + "odds.fleet", locale, side=t(C + f"odds.side.{side}", locale))
        return fleet_from_counts(name, ships.ships, wounds=ships.wounds), name
    if not faction:
        raise GameError(C + "error.odds_fleet_missing", side=Msg(C + f"odds.side.{side}"))
    name = resolve_faction(faction, ctx.factions)
    fleets = [f for f in state.fleets if f.faction == name]
    if point:
        where = canonical_point(state, point)
        fleets = [f for f in fleets if same_point(f.point, where)]
    if len(fleets) != 1:
        if not fleets and point:
            raise fleet_not_found(state, name, point)
        if not fleets:
            raise NotFound(C + "error.no_fleet", faction=shown(name))
        raise GameError(
            C + "error.which_point",
            faction=shown(name),
            points=shown_list(f.point for f in fleets),
        )
    if len(fleets[0].ships) > MAX_ODDS_SHIPS:
        raise GameError(C + "error.odds_too_big", limit=MAX_ODDS_SHIPS)
    return fleets[0], name
