"""The bot's work outside players' actions: the discord.py task loops of its cogs (a
scheduler of reminders and deadlines, say). The stand-in runs them when it moves the bot's
clock (`Table.pass_time`), and waits for a step under way before it stops the bot
(`Table.finish_background`), as an operator stopping a bot lets it finish what it does."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import discord
from discord.ext import commands
from discord.ext import tasks

from bot.turn_flow import ScheduleError
from bot.turn_flow import parse_duration

# The longest wait: a year of the bot's clock is more than any campaign's deadlines need, and
# far from what a datetime holds (the clock moved by 999999999 days could not be read again).
MAX_WAIT = timedelta(days=366)


def parse_wait(text: str) -> timedelta:
    """A duration as a GM gives a deadline (`parse_duration`: `25h`, `30m`, `2d`, `1d 12h`,
    `2 days`, «48 часов»), at most `MAX_WAIT`."""
    try:
        wait = parse_duration(text)
    except ScheduleError as refused:  # a unit given twice (`1d 1d`)
        raise ValueError(refused.message("en")) from refused
    if wait is None:
        raise ValueError(f"{text!r} is no duration: give e.g. 25h, 30m, 2d or 1d 12h")
    if wait > MAX_WAIT:
        raise ValueError(f"{text!r} is too long a wait: give at most {MAX_WAIT.days}d")
    return wait


def task_loops(bot: discord.Client) -> dict[str, tasks.Loop[Any]]:
    """The running task loops of the bot's cogs, by `Cog.loop` name."""
    if not isinstance(bot, commands.bot.BotBase):  # Bot and AutoShardedBot
        return {}
    found: dict[str, tasks.Loop[Any]] = {}
    for cog_name, cog in bot.cogs.items():
        for name, member in vars(type(cog)).items():
            if isinstance(member, tasks.Loop):
                loop = getattr(cog, name)  # the cog's own copy, which runs
                if loop.is_running():
                    found[f"{cog_name}.{name}"] = loop
    return found


def loop_busy(loop: tasks.Loop[Any]) -> bool:
    """Whether the loop is inside a step now (not waiting for the next one)."""
    task: asyncio.Task[Any] | None = getattr(loop, "_task", None)
    if task is None or task.done():
        return False
    awaited: Any = task.get_coro()
    while awaited is not None and hasattr(awaited, "cr_code"):
        if awaited.cr_code is loop.coro.__code__:
            return True
        awaited = awaited.cr_await
    return False
