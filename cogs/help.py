"""`/help`: every command by role (player, GM) with one line, and one command's options
with an example. Command names are clickable mentions (`</campaign join:ID>`) built from the
ids Discord returned when the commands were synced; Discord shows a mention under its English
name whatever the reader's language, so a reader whose command list names the command
otherwise is told that name after it. Lines come from the commands' own descriptions,
translated by the catalogs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.app import PrivateerBot
from bot.campaigns import Campaign
from bot.cog_base import BotCog
from bot.cog_base import Choices
from bot.cog_base import Interaction
from bot.command_names import command_name
from bot.command_names import command_word
from bot.command_names import mention_and_typed
from bot.command_names import option_word
from bot.command_names import typed_command
from bot.errors import NotFound
from bot.i18n import LANGUAGES
from bot.i18n import language_of
from bot.i18n import t
from bot.interactions import add_field
from bot.interactions import channel_campaign
from bot.interactions import line_embeds
from bot.interactions import locale_of
from bot.interactions import make_embed
from bot.interactions import message_batches
from bot.interactions import reply
from bot.rulesets import KNOWN_RULESETS
from bot.scaffold import matching_choices

FIELD_LIMIT = 1024  # Discord's characters in one embed field's value


@dataclass(frozen=True)
class CommandHelp:
    """One slash command as `/help` shows it."""

    qualified_name: str
    description: str
    options: tuple[app_commands.Parameter, ...]
    who: str  # a key of `bot.interactions.WHO`
    ruleset: str | None = None  # the ruleset whose cog declares it; None: a core command

    @property
    def for_gm(self) -> bool:
        """Listed among what a GM adds, not what a player uses."""
        return self.who in {"gm", "creator"}


def leaf_commands(tree: app_commands.CommandTree[Any]) -> list[CommandHelp]:
    """Every runnable slash command of the tree, by qualified name."""
    found = []
    for command in tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        declared = command.extras.get("who")
        audience = str(declared) if declared else "gm" if "(GM" in command.description else "anyone"
        found.append(
            CommandHelp(
                command.qualified_name,
                command.description,
                tuple(command.parameters),
                audience,
                ruleset_of(command.module),
            )
        )
    return sorted(found, key=lambda c: c.qualified_name)


def ruleset_of(module: str | None) -> str | None:
    """The ruleset whose cog (`cogs/<key>/`) declares a command; None for a core command."""
    parts = (module or "").split(".")
    if len(parts) > 1 and parts[0] == "cogs" and parts[1] in KNOWN_RULESETS:
        return parts[1]
    return None


def in_campaign(known: list[CommandHelp], campaign: Campaign) -> list[CommandHelp]:
    """The commands a campaign uses: the core ones and those of its rulesets."""
    return [c for c in known if c.ruleset is None or c.ruleset in campaign.rulesets]


def find_command(known: list[CommandHelp], text: str) -> CommandHelp | None:
    """The command typed as `text`: its English name or its name in any language Discord
    shows it in (`бой приказ`), with or without the slash, in any case; a command that has
    its own word now (`пираты наёмники переместить`) by the shared one it had before too."""
    wanted = " ".join(text.strip().lstrip("/").split()).casefold()
    for command in known:
        parts = command.qualified_name.split(" ")
        names = {command.qualified_name}
        names |= {command_name(command.qualified_name, language) for language in LANGUAGES}
        names |= {" ".join(command_word(p, language) for p in parts) for language in LANGUAGES}
        if wanted in {name.casefold() for name in names}:
            return command
    return None


def option_name(command: CommandHelp, option: app_commands.Parameter, locale: str) -> str:
    """An option's name as Discord shows it (`app_commands.rename`'s, not the Python
    parameter's) in the reader's language: `option_word`, the command list's rule (the
    command's own word first: `/компания добавить-фигуру стоимость:`)."""
    return option_word(command.qualified_name, option.display_name, locale)


def mention(qualified_name: str, ids: dict[str, int], locale: str) -> str:
    """A clickable mention of a command (`</turn end:123>`), with the name the reader types
    after it where that differs (`</navy order:123> · /флот_приказы приказ`: Discord shows a
    mention under its English name in every language); the plain `/name` in the reader's
    language when Discord has not told us the command's id."""
    top = qualified_name.split(" ")[0]
    if top in ids:
        return mention_and_typed(f"</{qualified_name}:{ids[top]}>", qualified_name, locale, "list")
    return typed_command(qualified_name, locale)


def example(command: CommandHelp, ids: dict[str, int], locale: str) -> str:
    """The command's catalogued example (`help.example.<name>`), else its required options,
    with the names the reader types."""
    key = "help.example." + command.qualified_name.replace(" ", ".")
    text = t(key, locale)
    if text != key:
        return text
    parts = [typed_command(command.qualified_name, locale)]
    parts += [f"{option_name(command, p, locale)}:…" for p in command.options if p.required]
    return "`" + " ".join(parts) + "`"


class HelpCog(BotCog):
    """`/help` and `/help command:`."""

    @app_commands.command(name="help", description="What each command does, for players and GMs")
    @app_commands.describe(command="One command: its options and an example")
    async def help(self, interaction: Interaction, command: str | None = None) -> None:
        """The overview by role, or one command in detail; private to the reader."""
        locale = locale_of(interaction)
        ids = await self.bot.command_ids()
        known = leaf_commands(self.bot.tree)
        if command is None or not command.strip(" /"):  # nothing named: the overview
            campaign = await channel_campaign(interaction)
            if campaign is None:  # outside a campaign's channel: every command
                embeds = overview(known, ids, locale)
            else:
                embeds = overview(in_campaign(known, campaign), ids, locale, campaign)
        else:
            found = find_command(known, command)
            if found is None:
                raise NotFound("help.error.unknown_command", command=command)
            embeds = [command_embed(found, ids, locale)]
        for batch in message_batches(embeds):  # within Discord's 10 embeds, 6,000 characters
            await reply(interaction, embeds=batch, ephemeral=True)

    @help.autocomplete("command")
    async def command_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Every command, by its English name and its name in the reader's language."""
        locale = locale_of(interaction)
        pairs = []
        for found in leaf_commands(self.bot.tree):
            local = command_name(found.qualified_name, locale)
            label = found.qualified_name if local == found.qualified_name else local
            pairs.append(("/" + label, found.qualified_name))
        return matching_choices(pairs, current)


def overview(
    known: list[CommandHelp],
    ids: dict[str, int],
    locale: str,
    campaign: Campaign | None = None,
) -> list[discord.Embed]:
    """What a player uses, what a GM adds; one line per command (as many embeds as needed).
    In a campaign's channel (`campaign`) the players' list says it holds that campaign's
    rulesets only."""
    embeds = []
    for for_gm, title, intro in (
        (False, "help.players.title", "help.players.intro"),
        (True, "help.gms.title", "help.gms.intro"),
    ):
        intros = [t(intro, locale)]
        if campaign is not None and not for_gm:
            names = ", ".join(t(f"ruleset.{key}", locale) for key in campaign.rulesets)
            intros.append(t("help.campaign_only", locale, rulesets=names or "—"))
        lines = [
            f"{mention(c.qualified_name, ids, locale)} — {command_word(c.description, locale)}"
            for c in known
            if c.for_gm == for_gm
        ]
        embeds += line_embeds(t(title, locale), [*intros, "", *lines])
    embeds[-1].set_footer(text=t("help.footer", locale))
    return embeds


def command_embed(command: CommandHelp, ids: dict[str, int], locale: str) -> discord.Embed:
    """One command: what it does, who may run it, each option, an example."""
    embed = make_embed(
        typed_command(command.qualified_name, locale), command_word(command.description, locale)
    )
    add_field(
        embed,
        t("help.command.who", locale),
        t("help.who." + command.who, locale),
        inline=True,
    )
    # A mention spells the command in English: a reader of another language is shown
    # what they type instead, as the options and the example below are.
    run = (
        mention(command.qualified_name, ids, locale)
        if language_of(locale) == "en"
        else typed_command(command.qualified_name, locale)
    )
    add_field(embed, t("help.command.run", locale), run)
    lines = []
    for option in command.options:
        name = option_name(command, option, locale)
        need = t("help.option.required" if option.required else "help.option.optional", locale)
        lines.append(f"`{name}` ({need}) — {command_word(option.description, locale)}")
    # Every option is shown: as many fields as Discord's 1,024 characters a field need,
    # each ending at the end of an option's line.
    for number, value in enumerate(field_values(lines) or [t("help.option.none", locale)]):
        title = "help.command.options" if number == 0 else "help.command.options_more"
        add_field(embed, t(title, locale), value)
    add_field(embed, t("help.command.example", locale), example(command, ids, locale))
    return embed


def field_values(lines: list[str], limit: int = FIELD_LIMIT) -> list[str]:
    """Lines grouped into field values of at most `limit` characters, a field ending only
    between two lines; a line longer than a field (none is) ends at a word, never inside it."""
    values: list[str] = []
    for line in lines:
        if len(line) > limit:
            cut = line.rfind(" ", 0, limit - 1)
            line = line[: cut if cut > 0 else limit - 1].rstrip() + "…"
        if values and len(values[-1]) + 1 + len(line) <= limit:
            values[-1] += "\n" + line
        else:
            values.append(line)
    return values


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(HelpCog(bot))
