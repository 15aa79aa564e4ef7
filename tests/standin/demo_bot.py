"""A small discord.py bot that exercises everything the stand-in must carry.

Slash commands with groups and every option type, autocomplete, embeds, buttons (new
message, update, deferred update), a persistent DynamicItem, selects, a modal, a deferred
response with follow-ups, files, channel posts, a command that waits on its view, and
`/bad <kind>` which breaks one Discord limit per kind on purpose.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

SQUADRONS = ["Hapsburg — carriers (2, level 3)", "Ottoman — galleys (5, level 1)", "Venice"]
FRUITS = ["apple", "apricot", "banana", "blackberry", "cherry", "grape", "pear", "plum"]


class Gate:
    """Lets a test hold a command until the test says so (no sleeping)."""

    def __init__(self) -> None:
        self.release = asyncio.Event()
        self.entered = asyncio.Event()


class ConfirmView(discord.ui.View):
    """Confirm edits the message (type 7); Cancel answers in a new ephemeral message (type 4)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.add_item(discord.ui.Button(label="Docs", url="https://example.com"))

    @discord.ui.button(label="Confirm", style=discord.ButtonStyle.success, custom_id="demo:confirm")
    async def confirm(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        for item in self.children:
            if isinstance(item, discord.ui.Button):
                item.disabled = True
        embed = discord.Embed(title="Confirmed", description=f"by {interaction.user.name}")
        await interaction.response.edit_message(embed=embed, view=self)

    @discord.ui.button(label="Cancel", style=discord.ButtonStyle.danger, custom_id="demo:cancel")
    async def cancel(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.send_message("Cancelled.", ephemeral=True)

    @discord.ui.button(label="Later", style=discord.ButtonStyle.secondary, custom_id="demo:later")
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="Done later.", embed=None, view=None)


class PickButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"pick:(?P<owner>\d+):(?P<n>\d+)"
):
    """A persistent button; its custom_id carries the owner and the choice."""

    def __init__(self, owner: int, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Pick {n}", custom_id=f"pick:{owner}:{n}", style=discord.ButtonStyle.primary
            )
        )
        self.owner = owner
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PickButton:
        return cls(int(match["owner"]), int(match["n"]))

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        if interaction.user.id != self.owner:
            await interaction.response.send_message("This choice is not yours.", ephemeral=True)
            return False
        return True

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"{interaction.user.name} picked {self.n}")


class PersistentView(discord.ui.View):
    """A view whose controls keep working after a restart (no timeout)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)


class SquadronSelect(PersistentView):
    @discord.ui.select(
        placeholder="Send squadrons",
        custom_id="demo:squadrons",
        min_values=1,
        max_values=3,
        options=[
            discord.SelectOption(label=label, value=f"s{n}") for n, label in enumerate(SQUADRONS)
        ],
    )
    async def chosen(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.send_message(f"sent {' + '.join(select.values)}")


class FruitSelect(PersistentView):
    @discord.ui.select(
        placeholder="Choose fruit",
        custom_id="demo:fruit",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=f.title(), value=f) for f in FRUITS[:5]],
    )
    async def chosen(
        self, interaction: discord.Interaction, select: discord.ui.Select[Any]
    ) -> None:
        await interaction.response.send_message(f"chose {', '.join(select.values)}")

    @discord.ui.select(cls=discord.ui.UserSelect, placeholder="Choose player", custom_id="demo:who")
    async def who(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[Any]
    ) -> None:
        await interaction.response.send_message(f"picked {select.values[0].name}")


class Feedback(discord.ui.Modal, title="Feedback"):
    topic = discord.ui.TextInput(label="Topic", max_length=20)
    body = discord.ui.TextInput(label="Details", style=discord.TextStyle.paragraph, required=False)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"Thanks for {self.topic.value!r}: {self.body.value!r}", ephemeral=True
        )


class AskView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.answer: str | None = None

    @discord.ui.button(label="Yes", custom_id="demo:yes")
    async def yes(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.answer = "yes"
        await interaction.response.edit_message(content="Answered.", view=None)
        self.stop()


campaign = app_commands.Group(name="campaign", description="Campaigns")
gm = app_commands.Group(name="gm", description="Game masters", parent=campaign)


@campaign.command(name="create", description="Create a campaign")
@app_commands.choices(
    rulesets=[
        app_commands.Choice(name="Fleet combat", value="fleet_combat"),
        app_commands.Choice(name="Space pirates", value="space_pirates"),
    ]
)
async def campaign_create(interaction: discord.Interaction, name: str, rulesets: str) -> None:
    await interaction.response.send_message(f"Created {name!r} with {rulesets}")


@gm.command(name="add", description="Add a GM")
async def gm_add(interaction: discord.Interaction, user: discord.Member) -> None:
    await interaction.response.send_message(
        f"GM added: {user.name} (roles {[r.name for r in user.roles]})"
    )


ALL_MENTIONS = discord.AllowedMentions.all()
BAD_KINDS = [
    "button_url",
    "ping_everyone",
    "no_allowed_mentions",
    "title",
    "description",
    "fields",
    "field_value",
    "empty_field",
    "footer",
    "author",
    "total",
    "content",
    "empty",
    "custom_id",
    "label",
    "rows",
    "row_width",
    "select_options",
    "placeholder",
    "duplicate_id",
    "double",
    "modal_title",
    "followup_first",
    "channel_content",
]


class RawComponents(discord.ui.View):
    """A view whose JSON breaks the row rules discord.py itself would prevent."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        super().__init__()
        self._rows = rows

    def to_components(self) -> list[dict[str, Any]]:
        return self._rows


def _bad_view(kind: str) -> discord.ui.View:
    view = discord.ui.View()
    if kind == "custom_id":
        view.add_item(discord.ui.Button(label="x", custom_id="c" * 101))
    elif kind == "label":
        view.add_item(discord.ui.Button(label="L" * 81, custom_id="long-label"))
    elif kind == "select_options":
        options = [{"label": str(i), "value": str(i)} for i in range(26)]
        select = {"type": 3, "custom_id": "many", "options": options}
        return RawComponents([{"type": 1, "components": [select]}])
    elif kind == "placeholder":
        view.add_item(
            discord.ui.Select(
                custom_id="ph", placeholder="p" * 151, options=[discord.SelectOption(label="a")]
            )
        )
    elif kind == "duplicate_id":
        view.add_item(discord.ui.Button(label="a", custom_id="same"))
        view.add_item(discord.ui.Button(label="b", custom_id="same"))
    return view


class DemoBot(commands.Bot):
    def __init__(
        self, guild_id: int, *, sync: bool = True, broken: str | None = None, **client_kwargs: Any
    ) -> None:
        super().__init__(
            command_prefix="!",
            intents=discord.Intents.default(),
            allowed_mentions=discord.AllowedMentions.none(),
            **client_kwargs,
        )
        self.guild_id = guild_id
        self.translator: app_commands.Translator | None = None
        self.sync_on_start = sync
        self.broken = broken
        self.gate = Gate()
        self.asked: list[str | None] = []
        self.add_commands()

    async def setup_hook(self) -> None:
        self.add_view(ConfirmView())
        self.add_view(FruitSelect())
        self.add_dynamic_items(PickButton)
        if self.translator is not None:
            await self.tree.set_translator(self.translator)
        if self.sync_on_start:
            guild = discord.Object(id=self.guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    def add_commands(self) -> None:
        tree = self.tree
        tree.add_command(campaign)

        @tree.command(name="roll", description="Roll dice")
        @app_commands.describe(dice="Dice notation", reason="Why")
        async def roll(
            interaction: discord.Interaction, dice: str, reason: str | None = None
        ) -> None:
            embed = discord.Embed(
                title=f"Roll {dice}", description=reason or "no reason", color=0x3498DB
            )
            embed.add_field(name="Total", value="7")
            embed.add_field(name="Faces", value="3, 4", inline=False)
            embed.set_footer(text=f"rolled by {interaction.user.name} ({interaction.locale.value})")
            await interaction.response.send_message(embed=embed)

        @tree.command(name="echo", description="Echo every option type")
        async def echo(
            interaction: discord.Interaction,
            text: str,
            count: int = 1,
            ratio: float = 1.0,
            loud: bool = False,
            who: discord.Member | None = None,
            where: discord.TextChannel | discord.Thread | None = None,
            role: discord.Role | None = None,
            thing: discord.Member | discord.Role | None = None,
            file: discord.Attachment | None = None,
        ) -> None:
            data = await file.read() if file else b""
            parts = {
                "text": repr(text),
                "count": repr(count),
                "ratio": repr(ratio),
                "loud": repr(loud),
                "who": who.name if who else "-",
                "where": where.name if where else "-",
                "role": role.name if role else "-",
                "thing": getattr(thing, "name", "-"),
                "file": f"{file.filename}:{data.decode()}" if file else "-",
            }
            embed = discord.Embed(title="Echo")
            for key, value in parts.items():
                embed.add_field(name=key, value=value)
            await interaction.response.send_message(embed=embed)

        @tree.command(name="pick", description="Pick a fruit")
        async def pick(interaction: discord.Interaction, fruit: str) -> None:
            await interaction.response.send_message(f"you picked {fruit}")

        @pick.autocomplete("fruit")
        async def pick_fruit(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [
                app_commands.Choice(name=f.title(), value=f)
                for f in FRUITS
                if f.startswith(current)
            ]

        @tree.command(name="toomany", description="Autocomplete with too many choices")
        async def toomany(interaction: discord.Interaction, q: str) -> None:
            await interaction.response.send_message(q)

        @toomany.autocomplete("q")
        async def toomany_q(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=f"n{i}", value=str(i)) for i in range(30)]

        @tree.command(name="confirm", description="Buttons")
        async def confirm(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(
                embed=discord.Embed(title="Are you sure?"), view=ConfirmView()
            )

        @tree.command(name="choice", description="Persistent dynamic buttons")
        async def choice(interaction: discord.Interaction) -> None:
            view = discord.ui.View(timeout=None)
            for n in (1, 2):
                view.add_item(PickButton(interaction.user.id, n))
            await interaction.response.send_message("Choose:", view=view)

        @tree.command(name="menu", description="Selects")
        async def menu(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Menu", view=FruitSelect())

        @tree.command(name="squadrons", description="A select whose labels hold commas")
        async def squadrons(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Squadrons", view=SquadronSelect())

        @tree.command(name="feedback", description="A modal")
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Feedback())

        @tree.command(name="slow", description="Deferred with follow-ups")
        async def slow(interaction: discord.Interaction, secret: bool = False) -> None:
            await interaction.response.defer(ephemeral=secret, thinking=True)
            await interaction.followup.send("first result")
            await interaction.followup.send("second result", ephemeral=True)

        @tree.command(name="export", description="A file")
        async def export(interaction: discord.Interaction) -> None:
            file = discord.File(io.BytesIO(b"turn,vp\n1,3\n"), filename="log.csv")
            await interaction.response.send_message("Here is the log", file=file)

        @tree.command(name="announce", description="Post to the channel")
        async def announce(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message("Posted.", ephemeral=True)
            assert interaction.channel is not None
            channel = self.get_channel(interaction.channel.id)
            assert isinstance(channel, discord.TextChannel | discord.Thread)
            await channel.send(embed=discord.Embed(title="Announcement", description=text))

        @tree.command(name="ask", description="Waits on its view")
        async def ask(interaction: discord.Interaction) -> None:
            view = AskView()
            await interaction.response.send_message("Proceed?", view=view)
            await view.wait()
            self.asked.append(view.answer)
            await interaction.followup.send(f"You said {view.answer}")

        @tree.command(name="temp", description="Answers, edits, then deletes the answer")
        async def temp(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("gone soon")
            await interaction.edit_original_response(content="going")
            await interaction.delete_original_response()

        @tree.command(name="silent", description="Never answers")
        async def silent(interaction: discord.Interaction) -> None:
            return None

        @tree.command(name="held", description="Waits for the test before answering")
        async def held(interaction: discord.Interaction) -> None:
            self.gate.entered.set()
            await self.gate.release.wait()
            await interaction.response.send_message("finally")

        @tree.command(name="crash", description="Raises")
        async def crash(interaction: discord.Interaction) -> None:
            raise RuntimeError("boom in the command")

        @tree.command(name="admin", description="Admins only")
        @app_commands.default_permissions(administrator=True)
        async def admin(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("admin ok")

        @tree.command(name="ru", description="Localized")
        @app_commands.rename(amount="amount")
        async def localized(
            interaction: discord.Interaction, amount: app_commands.Range[int, 1, 10]
        ) -> None:
            await interaction.response.send_message(
                f"amount={amount} locale={interaction.locale.value}"
            )

        @tree.command(name="bad", description="Break a Discord limit on purpose")
        @app_commands.choices(kind=[app_commands.Choice(name=k, value=k) for k in BAD_KINDS[:25]])
        async def bad(interaction: discord.Interaction, kind: str) -> None:
            await self.send_bad(interaction, kind)

        if self.broken:
            self.add_broken_command(self.broken)

    async def _raw_reply(self, interaction: discord.Interaction, content: str) -> None:
        """Answer with a raw interaction callback (type 4), past discord.py's own checks."""
        await self.http.request(
            discord.http.Route(
                "POST",
                "/interactions/{interaction_id}/{token}/callback",
                interaction_id=interaction.id,
                token=interaction.token,
            ),
            json={"type": 4, "data": {"content": content}},
        )

    async def send_bad(self, interaction: discord.Interaction, kind: str) -> None:
        send = interaction.response.send_message
        embed = discord.Embed(title="ok")
        if kind == "title":
            await send(embed=discord.Embed(title="T" * 257))
        elif kind == "description":
            await send(embed=discord.Embed(description="d" * 4097))
        elif kind == "fields":
            for i in range(26):
                embed.add_field(name=str(i), value="v")
            await send(embed=embed)
        elif kind == "field_value":
            await send(embed=embed.add_field(name="n", value="v" * 1025))
        elif kind == "empty_field":
            await send(embed=embed.add_field(name="n", value=""))
        elif kind == "footer":
            await send(embed=embed.set_footer(text="f" * 2049))
        elif kind == "author":
            await send(embed=embed.set_author(name="a" * 257))
        elif kind == "total":
            embeds = [discord.Embed(description="x" * 4000), discord.Embed(description="y" * 2001)]
            await send(embeds=embeds)
        elif kind == "content":
            await send("c" * 2001)
        elif kind == "empty":
            await send()
        elif kind == "ping_everyone":
            await send(f"@everyone {interaction.user.mention}", allowed_mentions=ALL_MENTIONS)
        elif kind == "no_allowed_mentions":
            await self._raw_reply(interaction, "no word on pings")
        elif kind == "button_url":
            view = discord.ui.View()
            view.add_item(discord.ui.Button(label="map", url="https://example.org/" + "m" * 580))
            await send("a long link", view=view)
        elif kind in ("custom_id", "label", "select_options", "placeholder", "duplicate_id"):
            await send("bad view", view=_bad_view(kind))
        elif kind == "rows":
            rows = [
                {
                    "type": 1,
                    "components": [{"type": 2, "style": 1, "label": str(i), "custom_id": f"r{i}"}],
                }
                for i in range(6)
            ]
            await send("rows", view=RawComponents(rows))
        elif kind == "row_width":
            buttons = [
                {"type": 2, "style": 1, "label": str(i), "custom_id": f"w{i}"} for i in range(6)
            ]
            await send("width", view=RawComponents([{"type": 1, "components": buttons}]))
        elif kind == "double":
            await send("first")
            await self._raw_reply(interaction, "second")
        elif kind == "modal_title":
            modal = discord.ui.Modal(title="M" * 46)
            modal.add_item(discord.ui.TextInput(label="x"))
            await interaction.response.send_modal(modal)
        elif kind == "followup_first":
            await interaction.followup.send("too early")
        elif kind == "channel_content":
            await send("posting")
            assert interaction.channel is not None
            channel = self.get_channel(interaction.channel.id)
            assert isinstance(channel, discord.TextChannel)
            await channel.send("z" * 2001)

    def add_broken_command(self, broken: str) -> None:
        tree = self.tree
        if broken == "description":

            @tree.command(name="longdesc", description="d" * 101)
            async def longdesc(interaction: discord.Interaction) -> None:
                return None

        elif broken == "localized_name":

            class Upper(app_commands.Translator):
                async def translate(
                    self,
                    string: app_commands.locale_str,
                    locale: discord.Locale,
                    context: app_commands.TranslationContext[Any, Any],
                ) -> str | None:
                    if locale is discord.Locale.russian and string.message == "hello":
                        return "Привет"
                    return None

            @tree.command(name="hello", description="Greets")
            async def hello(interaction: discord.Interaction) -> None:
                return None

            self.translator = Upper()


def create_demo_bot(
    guild_id: int, *, sync: bool = True, broken: str | None = None, **client_kwargs: Any
) -> DemoBot:
    """Build a fresh, not yet started demo bot for the stand-in's guild."""
    return DemoBot(guild_id, sync=sync, broken=broken, **client_kwargs)
