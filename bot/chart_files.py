"""The charts of `bot.charts` as Discord attachments, rendered in the compute pool.

A chart complements a text answer: when the pool refuses (busy) or the rendering runs past its
budget, the answer goes out without its picture rather than failing.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

import discord

from bot.charts import luck_charts
from bot.compute import ComputeBusy
from bot.compute import ComputeOverBudget
from bot.compute import pool_of
from bot.dice_stats import PlayerDiceStats
from bot.i18n import t


def png_file(data: bytes, filename: str, description: str) -> discord.File:
    """A PNG attachment with its alt text."""
    return discord.File(io.BytesIO(data), filename=filename, description=description)


def odds_file(chart: bytes, locale: object) -> discord.File:
    """The `/combat odds` chart as `odds.png`."""
    return png_file(chart, "odds.png", t("charts.file.odds", locale))


async def luck_files(
    client: object, user_id: int, players: Sequence[tuple[str, PlayerDiceStats]], locale: object
) -> list[discord.File]:
    """`/history stats`: one chart per die size (`luck-d6.png`, …), at most Discord's ten
    attachments, rendered in a worker; none when the pool cannot take the work now."""
    if not players:
        return []
    try:
        async with pool_of(client).slot(user_id) as heavy:
            charts = await heavy.run(luck_charts, list(players), str(locale))
    except (ComputeBusy, ComputeOverBudget):
        return []
    return [
        png_file(png, f"luck-d{sides}.png", t("charts.file.luck", locale, sides=sides))
        for sides, png in charts[:10]
    ]
