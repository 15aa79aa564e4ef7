"""Embeds of `/pirates …`: the outcome first, every line a rendered `Msg`. Text players
gave (route, planet and faction names, the base's location) is escaped wherever it is
shown, so it cannot break an embed or ping anyone (`bot.text.shown`)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Msg
from bot.i18n import MsgList
from bot.i18n import t
from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import cite_in_footer
from bot.interactions import line_embeds
from bot.interactions import outcome_embeds
from bot.rules.fleet_combat.messages import class_count
from bot.rules.space_pirates.models import Planet
from bot.rules.space_pirates.models import RegisteredShip
from bot.rules.space_pirates.models import TradeRoute
from bot.text import shown

C = "pirates."


def safe(value: object) -> object:
    """A message parameter with every text in it escaped (numbers stay as they are)."""
    if isinstance(value, MsgList):
        return MsgList([safe(i) for i in value.items], str(value.params["separator"]))
    if isinstance(value, Msg):
        return Msg(value.key, **{k: safe(v) for k, v in value.params.items()})
    if isinstance(value, str):
        return shown(value)
    return value


def render_safe(message: Msg, locale: str) -> str:
    """One message in `locale` with the text it carries escaped."""
    escaped = safe(message)
    assert isinstance(escaped, Msg)
    return escaped.render(locale)


def rendered(lines: Sequence[Msg], locale: str) -> list[str]:
    """Messages in one language, the text they carry escaped."""
    return [render_safe(m, locale) for m in lines]


def lines_embeds(
    title_key: str,
    lines: Sequence[Msg],
    locale: str,
    *,
    colour: discord.Colour = NEUTRAL_COLOUR,
    **params: object,
) -> list[discord.Embed]:
    """A titled list of lines over as many embeds as it needs, coloured by what it means,
    the clauses cited in the footer (as every embed of the bot has them)."""
    return texts_embeds(title_key, rendered(lines, locale), locale, colour=colour, **params)


def change_embeds(
    lines: Sequence[Msg], locale: str, more: Sequence[str] = ()
) -> list[discord.Embed]:
    """The answer to a change of the registers (a route, a planet, contacts, the turn
    order): the lines, the text they carry escaped, what changed first, then `more` (lines
    rendered already), the ruleset named in the footer."""
    return outcome_embeds("space_pirates", [*rendered(lines, locale), *more], locale)


def texts_embeds(
    title_key: str,
    texts: Sequence[str],
    locale: str,
    *,
    colour: discord.Colour = NEUTRAL_COLOUR,
    **params: object,
) -> list[discord.Embed]:
    """`lines_embeds` of lines rendered already, their text escaped (a turn's summary)."""
    texts = list(texts) or [t(C + "nothing", locale)]
    title = t(title_key, locale, **{k: safe(v) for k, v in params.items()})
    embeds = line_embeds(title, texts)
    for embed in embeds:
        embed.colour = colour
        cite_in_footer(embed, locale)
    return embeds


def ships_text(ships: Sequence[RegisteredShip], locale: str) -> str:
    """ "2 cruisers (guard, Vega): ship #4, ship #5" for each class, role and owner, the
    class in the reader's language (fleet combat's names); "ship #4" tells a ship's number
    from a route's or planet's (each kind is numbered on its own: route #1 and ship #1 are
    two things)."""
    grouped: dict[tuple[str, str, str], list[int]] = {}
    for s in ships:
        grouped.setdefault((s.ship_class, s.role, s.owner), []).append(s.id)
    return ", ".join(
        t(
            C + "ships.group",
            locale,
            count=len(ids),
            ship_class=render_safe(class_count(c, len(ids)), locale),
            role=t(C + f"role.{r}", locale),
            owner=shown(o),
            ids=", ".join(_id_runs(ids, locale)),
        )
        for (c, r, o), ids in grouped.items()
    ) or t(C + "ships.none", locale)


def _id_runs(ids: Sequence[int], locale: str) -> list[str]:
    """Ship numbers as read: "ship #4, ship #5", and a run of three or more consecutive
    numbers as one range, "ships #4–#253", so a route of hundreds of ships fits a message."""
    runs: list[list[int]] = []
    for i in sorted(ids):
        if runs and i == runs[-1][-1] + 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    shown: list[str] = []
    for run in runs:
        if len(run) >= 3:
            shown.append(t(C + "ship.ids", locale, first=run[0], last=run[-1]))
        else:
            shown += [t(C + "ship.id", locale, id=i) for i in run]
    return shown


def route_line(route: TradeRoute, locale: str) -> str:
    """One route: id, name, income by source, owners and shares, ships."""
    owners = ", ".join(f"{shown(o.faction)} {o.share_pct}%" for o in route.owners)
    return t(
        C + "route.line",
        locale,
        id=route.id,
        name=shown(route.name),
        goods=route.income.goods,
        passengers=route.income.passengers,
        tourism=route.income.tourism,
        owners=owners,
        ships=ships_text(route.ships, locale),
    )


def planet_line(planet: Planet, locale: str) -> str:
    """One planet: id, name, owner, income, population, troops, buildings, ships."""
    return t(
        C + "planet.line",
        locale,
        id=planet.id,
        name=shown(planet.name),
        owner=shown(planet.owner),
        income=planet.income,
        population=planet.population,
        troops=planet.troops,
        buildings=planet.buildings,
        cover=t(C + _plunder_branch(planet), locale),
        ships=ships_text(planet.orbital_ships, locale),
    )


def _plunder_branch(planet: Planet) -> str:
    """Which plunder branch the planet's troops stand for (SP-I22): with none, neither
    covering nor avoiding applies, SP-4.10 does."""
    if planet.troops <= 0:
        return "planet.no_troops"
    return "planet.cover" if planet.cover_buildings else "planet.avoid"
