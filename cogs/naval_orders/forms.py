"""The order form: a Discord modal asking exactly the fields of one order's mandatory text
(NO-I19), labelled in the reader's language.

Under `strict_order_forms` the fields of the mandatory text are required on Discord's side
(the client will not submit the form without them, so nothing typed is lost to a refusal);
the engine still refuses a missing one naming NO-I19. Under free forms every input is
optional. The title puts the force's or station's name first, within Discord's 45
characters.
"""

from __future__ import annotations

from collections.abc import Awaitable
from collections.abc import Callable

import discord

from bot.cog_base import Interaction
from bot.i18n import t
from bot.interactions import clip
from bot.interactions import handle_error
from bot.rules.naval_orders.settings import NavalOrdersSettings
from bot.rules.naval_orders.settings import OrderKind
from bot.text import tidy
from cogs.naval_orders.input import FORM_FIELDS
from cogs.naval_orders.input import FormField

Submit = Callable[[Interaction, dict[str, str]], Awaitable[None]]


def _required(field: FormField, settings: NavalOrdersSettings) -> bool:
    """NO-I19: the mandatory text's fields, under strict forms (waypoints: when required)."""
    if not settings.strict_order_forms or not field.mandatory:
        return False
    return field.name != "via" or settings.min_waypoints > 0


class OrderForm(discord.ui.Modal):
    """One order's form; `submit` receives the values by field name."""

    def __init__(
        self,
        kind: OrderKind,
        target: str,
        locale: str,
        submit: Submit,
        settings: NavalOrdersSettings,
    ) -> None:
        order = t(f"naval_orders.order.{kind}", locale)
        title = t("navy.form.title", locale, name=target, order=order)
        super().__init__(title=clip(title, 45), timeout=900)
        self.submit = submit
        self.inputs: dict[str, discord.ui.TextInput[OrderForm]] = {}
        for field in FORM_FIELDS[kind]:
            text = discord.ui.TextInput[OrderForm](
                label=clip(t(f"navy.form.{field.name}", locale), 45),
                placeholder=clip(t(f"navy.form.hint.{field.name}", locale), 100),
                custom_id=f"navy.form.{field.name}",
                style=discord.TextStyle.paragraph if field.long else discord.TextStyle.short,
                required=_required(field, settings),
                max_length=500 if field.long else 100,
            )
            self.inputs[field.name] = text
            self.add_item(text)

    async def on_submit(self, interaction: Interaction, /) -> None:
        """Hand the filled fields to the command that opened the form, as the bot stores
        text typed in an option (`tidy`: no invisible characters, single spaces)."""
        values = {name: tidy(str(i.value)) for name, i in self.inputs.items()}
        await self.submit(interaction, values)

    async def on_error(  # type: ignore[override]  # Modal's own signature, not View's
        self, interaction: Interaction, error: Exception, /
    ) -> None:
        """A refusal (or a failure) answers privately, like any command's."""
        await handle_error(interaction, error)
