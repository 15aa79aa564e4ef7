"""Restart-safe buttons and selects: one custom_id scheme, one dispatcher, handlers per ruleset.

A control's custom_id is `x:<name>:<arg>:<arg>…`. `name` is what a cog registered with
`@control("<ruleset>.<action>")` (core uses `choice` and `history.page`); the arguments are
everything the handler needs, so a click after a restart works like any other. Every failure
in a handler becomes an ephemeral reply (`handle_error`), and a second click is the handler's
to refuse (choices: `error.choice_done`). Every click acknowledges in time: a write that waits
for the database lock defers it (bot/interactions.py `acknowledge_slow_writes`), so a handler
answers with `update_message` / `reply`, never with `interaction.response` directly; what a
click's commit must show goes through the outbox (`RulesetContext.apply(announce=…)` with
`Announcement(edit=True)` for the clicked message, bot/announcements.py).

Ids posted before this scheme keep working: `pc:<choice>:<option>` reads as
`x:choice:<choice>:<option>`, `fc:<action>:…` as `x:fleet_combat.<action>:…` and
`hp:<before>:<actor>:<ruleset>:<turn>:<dir>` as `x:history.page:…`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

import discord

PREFIX = "x"
ControlHandler = Callable[[discord.Interaction[Any], list[str]], Awaitable[None]]
_HANDLERS: dict[str, ControlHandler] = {}
_LEGACY: dict[str, str] = {"pc": "choice", "hp": "history.page"}
_NAME = re.compile(r"[a-z][a-z0-9_.]*")


def control(name: str) -> Callable[[ControlHandler], ControlHandler]:
    """Register what a click on (or pick in) the controls named `name` does."""
    if not _NAME.fullmatch(name):
        msg = f"a control name is lower-case words with dots, not {name!r}"
        raise ValueError(msg)

    def register(fn: ControlHandler) -> ControlHandler:
        _HANDLERS[name] = fn
        return fn

    return register


def control_id(name: str, *args: object) -> str:
    """The custom_id of a control: `x:<name>:<arg>…` (at most 100 characters, Discord's limit)."""
    custom_id = ":".join([PREFIX, name, *(str(a) for a in args)])
    if len(custom_id) > 100:
        msg = f"custom_id over 100 characters: {custom_id!r}"
        raise ValueError(msg)
    return custom_id


def parse(custom_id: str) -> tuple[str, list[str]] | None:
    """The handler name and arguments a custom_id carries (legacy forms included)."""
    prefix, _, rest = custom_id.partition(":")
    parts = rest.split(":") if rest else []
    if prefix == PREFIX and parts:
        return parts[0], parts[1:]
    if prefix == "fc" and parts:
        return f"fleet_combat.{parts[0]}", parts[1:]
    if prefix in _LEGACY:
        return _LEGACY[prefix], parts
    return None


class Control(
    discord.ui.DynamicItem[discord.ui.Item[Any]],
    template=r"(?:x|pc|fc|hp):[A-Za-z0-9_.:-]*",
):
    """Any button or select of the bot; dispatches by the name in its custom_id."""

    def __init__(self, item: discord.ui.Item[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> Control:
        """Wrap the dispatched component (also after a restart)."""
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to its handler; every failure becomes an ephemeral reply. A write
        that waits for the database lock defers the click first (Discord drops an answer
        after 3 s); `update_message` and `reply` then answer through the deferred response."""
        from bot.interactions import acknowledge_slow_writes
        from bot.interactions import handle_error

        acknowledge_slow_writes(interaction)
        try:
            parsed = parse(self.custom_id)
            handler = _HANDLERS.get(parsed[0]) if parsed else None
            if parsed is None or handler is None:
                from bot.errors import GameError

                raise GameError("error.control_unknown")
            await handler(interaction, parsed[1])
        except Exception as exc:  # noqa: BLE001 - every click gets an answer
            await handle_error(interaction, exc)


def button(
    name: str,
    args: Sequence[object],
    label: str,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    row: int | None = None,
) -> Control:
    """A restart-safe button."""
    return Control(
        discord.ui.Button(
            label=label if len(label) <= 80 else label[:79] + "…",
            style=style,
            custom_id=control_id(name, *args),
            disabled=disabled,
            row=row,
        )
    )


def select(
    name: str,
    args: Sequence[object],
    options: list[discord.SelectOption],
    *,
    placeholder: str | None = None,
    row: int | None = None,
) -> Control:
    """A restart-safe select menu (its handler reads `interaction.data["values"]`)."""
    return Control(
        discord.ui.Select(
            custom_id=control_id(name, *args),
            placeholder=placeholder
            if placeholder is None or len(placeholder) <= 150
            else placeholder[:149] + "…",
            options=options,
            row=row,
        )
    )


def view(items: Sequence[discord.ui.Item[Any]]) -> discord.ui.View:
    """A persistent view of controls (at most 25)."""
    out = discord.ui.View(timeout=None)
    for item in items[:25]:
        out.add_item(item)
    return out
