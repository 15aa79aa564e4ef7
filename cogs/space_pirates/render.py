"""Embeds of `/pirates …`: the outcome first, every line a rendered `Msg`."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Msg, t
from bot.interactions import line_embeds
from bot.rules.space_pirates.models import Planet, RegisteredShip, TradeRoute

C = "pirates."


def rendered(lines: Sequence[Msg], locale: str) -> list[str]:
    """Messages in one language."""
    return [m.render(locale) for m in lines]


def lines_embeds(
    title_key: str, lines: Sequence[Msg], locale: str, **params: object
) -> list[discord.Embed]:
    """A titled list of lines over as many embeds as it needs."""
    shown = rendered(lines, locale) or [t(C + "nothing", locale)]
    return line_embeds(t(title_key, locale, **params), shown)


def ships_text(ships: Sequence[RegisteredShip], locale: str) -> str:
    """ "2× cruiser (guard, Vega)" for each class, role and owner."""
    grouped: dict[tuple[str, str, str], list[int]] = {}
    for s in ships:
        grouped.setdefault((s.ship_class, s.role, s.owner), []).append(s.id)
    return ", ".join(
        t(
            C + "ships.group",
            locale,
            count=len(ids),
            ship_class=c,
            role=t(C + f"role.{r}", locale),
            owner=o,
            ids=" ".join(f"#{i}" for i in ids),
        )
        for (c, r, o), ids in grouped.items()
    ) or t(C + "ships.none", locale)


def route_line(route: TradeRoute, locale: str) -> str:
    """One route: id, name, income by source, owners and shares, ships."""
    owners = ", ".join(f"{o.faction} {o.share_pct}%" for o in route.owners)
    return t(
        C + "route.line",
        locale,
        id=route.id,
        name=route.name,
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
        name=planet.name,
        owner=planet.owner,
        income=planet.income,
        population=planet.population,
        troops=planet.troops,
        buildings=planet.buildings,
        cover=t(C + ("planet.cover" if planet.cover_buildings else "planet.avoid"), locale),
        ships=ships_text(planet.orbital_ships, locale),
    )
