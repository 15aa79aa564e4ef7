"""Embeds of `/navy`: the engine's lines in the reader's language, the GM's list of ports and
stations. The outcome is the engine's first line; in what is posted for everyone the clause
citations leave the lines for the footer (`/history show` keeps them)."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Msg
from bot.i18n import t
from bot.interactions import NEUTRAL_COLOUR
from bot.interactions import cite_in_footer
from bot.interactions import line_embeds
from bot.interactions import outcome_embeds
from bot.rules.naval_orders import NavalOrdersState
from bot.rules.naval_orders import Station
from bot.text import shown


def navy_embeds(
    lines: Sequence[Msg],
    locale: str,
    *,
    title_key: str | None = None,
    colour: discord.Colour = NEUTRAL_COLOUR,
    cited: Sequence[str] = (),
    **title: str,
) -> list[discord.Embed]:
    """The lines as embeds (as many as Discord's limits need) coloured by what they mean,
    the clauses cited in the footer (as every embed of the bot has them; `cited`, those of
    the steps an outcome was put above, first): titled by `title_key` in `locale`, else the
    outcome (the first line) read first and the ruleset named in the footer."""
    texts = [m.render(locale) for m in lines]
    if title_key is None:
        return outcome_embeds("naval_orders", texts, locale, colour=colour, cited=cited)
    embeds = line_embeds(t(title_key, locale, **title), texts)
    for embed in embeds:
        embed.colour = colour
        cite_in_footer(embed, locale, cited=cited)
    return embeds


def station_line(station: Station, locale: str) -> str:
    """One port or naval station of the GM's list, with its owner and build order."""
    kind = "navy.list.naval" if station.naval_station else "navy.list.port"
    line = t(kind, locale, station=shown(station.name), location=shown(station.location))
    if station.owner:
        line += " " + t("navy.list.owner", locale, owner=shown(station.owner))
    return line


def stations_embeds(state: NavalOrdersState, locale: str) -> list[discord.Embed]:
    """`/navy station list`: every port and naval station, naval stations first."""
    stations = sorted(state.stations.values(), key=lambda s: (not s.naval_station, s.key))
    lines = [station_line(s, locale) for s in stations] or [t("navy.list.empty", locale)]
    embeds = line_embeds(t("navy.list.title", locale), lines)
    for embed in embeds:
        cite_in_footer(embed, locale)
    return embeds
