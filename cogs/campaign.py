"""`/campaign …`: create a campaign, join it, name its GMs, change its settings."""

from __future__ import annotations

import hashlib
import io
import json
import re
import tomllib
from typing import Any

import discord
from discord import app_commands
from pydantic import BaseModel

from bot import announcements
from bot import fair_embeds
from bot import fair_turns
from bot import rulesets
from bot import settings_edit
from bot import settings_file
from bot.announcements import Announcement
from bot.announcements import Answer
from bot.announcements import OutboxMessage
from bot.app import PrivateerBot
from bot.campaigns import CORE
from bot.campaigns import Announce
from bot.campaigns import Campaign
from bot.campaigns import CampaignService
from bot.campaigns import Faction
from bot.campaigns import UnitOfWork
from bot.campaigns import Written
from bot.cog_base import BotCog
from bot.cog_base import Choices
from bot.cog_base import Interaction
from bot.cog_base import command_group
from bot.errors import Conflict
from bot.errors import GameError
from bot.errors import NotFound
from bot.i18n import DEFAULT_LANGUAGE
from bot.i18n import LANGUAGES
from bot.i18n import Msg
from bot.i18n import language_of
from bot.i18n import t
from bot.interactions import SUCCESS_COLOUR
from bot.interactions import Context
from bot.interactions import actor_of
from bot.interactions import add_field
from bot.interactions import campaign_context
from bot.interactions import channel_campaign
from bot.interactions import gm_mentions
from bot.interactions import line_embeds
from bot.interactions import locale_of
from bot.interactions import make_embed
from bot.interactions import message_batches
from bot.interactions import next_step
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import ruleset_choices
from bot.interactions import service_of
from bot.interactions import settings_followups
from bot.interactions import who
from bot.next_steps import next_step_embeds
from bot.next_steps import with_next_step
from bot.scaffold import Asked
from bot.scaffold import Question
from bot.scaffold import confirm_first
from bot.scaffold import confirmed_command
from bot.text import post_url
from bot.text import same_name
from bot.text import shown
from bot.turn_flow import ON_DEADLINE
from bot.turn_flow import SCHEDULE_SETTINGS
from bot.turn_flow import AwaitedPlayer
from bot.turn_flow import TurnFlow
from bot.turn_flow import clock_of
from bot.turn_flow import reminders_text
from bot.turn_flow import time_zone_choices
from cogs.turn import deadline_line

# Refusals of `/campaign settings set` that name the setting.
SETTING_REFUSALS = frozenset(
    {"error.setting_unknown", "error.setting_value", "error.setting_table", "error.setting_too_few"}
    | {"error.setting_value_any", "error.setting_too_few_any", "error.setting_refused"}
    | {"error.setting_unchanged"}
)


def parse_rulesets(text: str | None) -> list[str]:
    """Ruleset keys from a comma list of keys or display names; all available when empty."""
    available = rulesets.available()
    if not text or not text.strip():
        return [spec.key for spec in available]
    chosen = []
    for part in text.replace(";", ",").split(","):
        word = part.strip().lower()
        if not word:
            continue
        for spec in available:
            names = {spec.key, t(spec.title_key, "en").lower(), t(spec.title_key, "ru").lower()}
            if word in names or word.replace(" ", "_") == spec.key:
                chosen.append(spec.key)
                break
        else:
            raise GameError(
                "error.unknown_ruleset_list",
                ruleset=part.strip(),
                allowed=", ".join(s.key for s in available),
            )
    return chosen


def ruleset_names(keys: tuple[str, ...] | list[str], locale: str) -> str:
    """Display names of rulesets."""
    return ", ".join(t(f"ruleset.{k}", locale) for k in keys) or "—"


async def factions_played_by(
    interaction: Interaction, user_id: int | None, current: str
) -> Choices:
    """The campaign's factions `user_id` plays (None: those nobody plays) that contain what
    is typed, as choices."""
    campaign = await channel_campaign(interaction)
    if campaign is None:
        return []
    return [
        app_commands.Choice(name=f.name, value=f.name)
        for f in await service_of(interaction).factions(campaign.id)
        if f.user_id == user_id and current.lower() in f.name.lower()
    ][:25]


# How many things an unplayed faction owes the answers to /campaign join and leave tell
# (the rest counted, "…and 40 more"), the rest left to /turn status.
OWED_TOLD = 10


def unplayed_owes(ctx: Context, awaited: list[AwaitedPlayer], key: str, faction: str) -> str:
    """What the turn waits for from `faction` while nobody plays it, told by `key` (nothing
    when it owes nothing); when more is owed than told, where to read the rest."""
    for a in awaited:
        if a.user_id is None and a.faction is not None and same_name(a.faction, faction):
            told = "\n" + ctx.pt(key, faction=shown(faction), owes=a.owes)
            return told + (" " + ctx.pt("campaign.owes_rest") if a.more else "")
    return ""


def question_link(ctx: Context, row: OutboxMessage) -> str:
    """A line naming a question's post by its title, as the channel shows it, with a link
    to its message."""
    url = post_url(ctx.campaign.guild_id, row)
    if not row.title:
        return ctx.pt("campaign.joined_question_untitled", url=url)
    return ctx.pt("campaign.joined_question", title=row.title, url=url)


class CampaignCog(BotCog):
    """Campaign set-up, membership, GMs, settings and turns."""

    campaign = command_group("campaign", "Create and manage this channel's campaign")
    gm = command_group("gm", "Game masters of this campaign", parent=campaign)
    settings = command_group("settings", "Per-campaign ruleset settings", parent=campaign)

    # -- /campaign -----------------------------------------------------------------------------

    @who("creator")
    @campaign.command(name="create", description="Create a campaign in this channel; you become GM")
    @app_commands.describe(
        name="The campaign's name",
        rulesets="Rulesets to use, comma-separated (all when empty)",
    )
    async def create(
        self, interaction: Interaction, name: str, rulesets: str | None = None
    ) -> None:
        """Create the campaign; the reply says what to do next."""
        keys = parse_rulesets(rulesets)
        actor = actor_of(interaction)
        service = service_of(interaction)
        # A new campaign has no `core.language` yet: it posts in the guild's language.
        locale = language_of(interaction.guild_locale or DEFAULT_LANGUAGE)

        def created(campaign: Campaign) -> list[Announcement]:
            embed = make_embed(
                t("campaign.created.title", locale, name=shown(campaign.name)),
                t(
                    "campaign.created.body",
                    locale,
                    rulesets=ruleset_names(campaign.rulesets, locale),
                )
                + "\n"
                + t("campaign.created.language", locale, language=t(f"language.{locale}", locale)),
                colour=SUCCESS_COLOUR,
            )
            return [with_next_step(actor, [embed], render=CREATED, turn=campaign.turn)]

        answer = Answer(interaction, created, locale=locale)
        await service.create(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            name=name,
            ruleset_keys=keys,
            actor=actor,
            announce=answer,
        )
        await answer.deliver()

    @create.autocomplete("rulesets")
    async def create_rulesets_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Complete the last item of the comma list."""
        head, _, last = current.rpartition(",")
        taken = {p.strip() for p in head.split(",") if p.strip()}
        prefix = (head + ", ") if head else ""
        locale = locale_of(interaction)
        out = []
        for spec in rulesets.available():
            if spec.key in taken or not spec.key.startswith(last.strip().lower()):
                continue
            value = (prefix + spec.key)[:100]
            out.append(
                app_commands.Choice(name=(prefix + t(spec.title_key, locale))[:100], value=value)
            )
        return out[:25]

    @campaign.command(name="info", description="Show this channel's campaign")
    async def info(self, interaction: Interaction) -> None:
        """Name, rulesets, turn, GMs, factions and the next set-up step (public: the
        campaign's language)."""
        ctx = await campaign_context(interaction)
        c = ctx.campaign
        embed = make_embed(ctx.pt("campaign.info.title", name=shown(c.name)))
        add_field(embed, ctx.pt("campaign.info.turn"), str(c.turn), inline=True)
        add_field(
            embed,
            ctx.pt("campaign.info.rulesets"),
            ruleset_names(c.rulesets, ctx.public_locale),
            inline=True,
        )
        add_field(embed, ctx.pt("campaign.info.gms"), gm_mentions(ctx.gms))
        factions = await ctx.service.factions(c.id)
        lines = [
            f"**{shown(f.name)}** — "
            + (f"<@{f.user_id}>" if f.user_id else ctx.pt("campaign.info.unclaimed"))
            for f in factions
        ]
        add_field(embed, ctx.pt("campaign.info.factions", count=len(factions)), "\n".join(lines))
        add_field(embed, ctx.pt("next.title"), await next_step(self.bot, ctx, ctx.public_locale))
        embed.set_footer(text=ctx.pt("campaign.info.footer", count=c.log_count))
        await reply(interaction, embed=embed)

    @campaign.command(name="join", description="Claim a faction in this campaign")
    @app_commands.describe(faction="The faction (your side) to play")
    async def join(self, interaction: Interaction, faction: str) -> None:
        """Claim (or found) a faction. What the turn already waits for from it, unplayed (a
        buy-off offer its former player left, SP-I34, SP-I45; a question a GM was asked for
        it, such as a piracy's reward, OP-5.3), is its new player's to answer: the
        announcement says what and links the questions, whose messages now name them; and,
        for a player joining mid-turn, the turn's deadline if it has one."""
        ctx = await campaign_context(interaction)
        flow = TurnFlow(ctx.service)
        # Its questions are linked below, each by its title.
        awaited = await flow.awaited(ctx.campaign, unplayed_questions=False, limit=OWED_TOLD)
        # A player who joins mid-turn learns when it ends, or, past its deadline, what
        # `/turn status` says of it (its end given up, a GM to end it).
        schedule = await flow.schedule(ctx.campaign)
        now = clock_of(interaction.client)
        deadline = await deadline_line(ctx, flow, schedule, now, ahead="turn_flow.deadline_set")

        asking: list[OutboxMessage] = []  # the posts of its questions, read in the join

        def joined(found: Faction) -> list[Announcement]:
            user = f"<@{ctx.actor.user_id}>"
            # A mention renders in an embed's text, not in its title.
            told = ctx.pt("campaign.joined", faction=shown(found.name), user=user)
            if deadline is not None:
                told += "\n" + deadline
            told += unplayed_owes(ctx, awaited, "campaign.joined_owes", found.name)
            if asking:
                links = "\n".join(question_link(ctx, row) for row in asking)
                told += "\n" + ctx.pt(
                    "campaign.joined_asked", faction=shown(found.name), questions=links
                )
            embed = make_embed(None, told, colour=SUCCESS_COLOUR)
            return [with_next_step(ctx.actor, [embed])]

        answer = Answer(interaction, joined, locale=ctx.public_locale)

        async def announce(tx: UnitOfWork | Written, found: Faction) -> None:
            # The questions waiting for the faction name its new player from now on.
            assert isinstance(tx, UnitOfWork)
            asking.extend(await announcements.questions_asking(tx, found.name, ctx.actor.user_id))
            await answer(tx, found)
            answer.rows += await announcements.hand_over(tx, ctx.actor.user_id, found.name, asking)

        await ctx.service.join(ctx.campaign.id, ctx.actor, faction, announce=announce)
        await answer.deliver()

    @join.autocomplete("faction")
    async def join_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Unclaimed factions."""
        return await factions_played_by(interaction, None, current)

    @campaign.command(name="leave", description="Give up your faction for another player to join")
    @app_commands.describe(faction="The faction you give up (when you play several)")
    async def leave(self, interaction: Interaction, faction: str | None = None) -> None:
        """Give up a faction: it keeps its state, unplayed, until someone joins as it. The
        questions a ruleset keeps waiting for it (Space pirates') stay the faction's: their
        messages no longer name its former player but say how a GM answers for it. The
        announcement says what the turn still waits for from it, now nobody's (fire orders,
        a force's order, a buy-off), which a GM does until someone joins as it."""
        ctx = await campaign_context(interaction)
        # What the turn waits for from each faction the player gives up, once nobody's.
        flow = TurnFlow(ctx.service)
        awaited = await flow.awaited(ctx.campaign, leaving=ctx.actor.user_id, limit=OWED_TOLD)

        def left(found: Faction) -> list[Announcement]:
            user = f"<@{ctx.actor.user_id}>"
            told = ctx.pt("campaign.left", faction=shown(found.name), user=user)
            # The others and the GMs read who acts for it, and what stays open.
            told += unplayed_owes(ctx, awaited, "campaign.left_owes", found.name)
            return [Announcement(embeds=[make_embed(None, told, colour=SUCCESS_COLOUR)])]

        answer = Answer(interaction, left, locale=ctx.public_locale)

        async def announce(tx: UnitOfWork | Written, found: Faction) -> None:
            assert isinstance(tx, UnitOfWork)
            await answer(tx, found)
            answer.rows += await announcements.let_go(tx, found.name, ctx.public_locale)

        await ctx.service.leave(ctx.campaign.id, ctx.actor, faction, announce=announce)
        await answer.deliver()

    @leave.autocomplete("faction")
    async def leave_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """The factions the typist plays."""
        return await factions_played_by(interaction, interaction.user.id, current)

    @who("gm")
    @gm.command(name="add", description="Make a user or everyone with a role a GM")
    @app_commands.describe(user="A user to make GM", role="A role whose members become GMs")
    async def gm_add(
        self,
        interaction: Interaction,
        user: discord.Member | None = None,
        role: discord.Role | None = None,
    ) -> None:
        """Add a GM."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        kind, target, mention = _gm_target(user, role)
        if role is not None and role.is_default():
            # every member has it, and a GM role is read from a member's other roles
            raise GameError("error.gm_everyone")
        if user is not None and user.bot:
            raise GameError("error.gm_bot", who=mention)
        answer: Answer[None] = Answer(
            interaction,
            lambda _: [_gm_changed(ctx.pt("campaign.gm.added", who=mention))],
            locale=ctx.public_locale,
        )
        await _set_gm(ctx, kind, target, mention, add=True, announce=answer)
        await answer.deliver()

    @who("gm")
    @gm.command(name="remove", description="Remove a GM (a user or a role)")
    @app_commands.describe(user="The user to remove", role="The role to remove")
    async def gm_remove(
        self,
        interaction: Interaction,
        user: discord.Member | None = None,
        role: discord.Role | None = None,
    ) -> None:
        """Remove a GM, once the GM who asks confirms."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        kind, target, mention = _gm_target(user, role)
        name = _gm_name(user, role)
        await confirm_first(
            interaction, {"kind": kind, "id": target, "mention": mention, "name": name}
        )

    @settings.command(name="show", description="Show the campaign's settings")
    @app_commands.describe(ruleset="Only this ruleset's settings")
    @app_commands.autocomplete(ruleset=ruleset_choices)
    async def settings_show(self, interaction: Interaction, ruleset: str | None = None) -> None:
        """Every setting with its current value and what it accepts."""
        ctx = await campaign_context(interaction)
        keys = [ruleset] if ruleset else list(ctx.campaign.rulesets)
        embeds = []
        if not ruleset or ruleset == CORE:
            title = ctx.t("campaign.settings.title", ruleset=ctx.t("ruleset.core"))
            embeds += line_embeds(title, await _core_lines(ctx))
        for key in keys:
            if key == CORE:
                continue
            if key not in ctx.campaign.rulesets:
                raise NotFound("error.ruleset_not_enabled", ruleset=key)
            _, current = await ctx.service.state(ctx.campaign, key)
            lines = []
            for group, names in _setting_groups(key, list(type(current).model_fields)):
                if group:
                    lines.append(f"__**{ctx.t(f'{key}.group.{group}')}**__")
                lines += [_setting_line(ctx, key, current, name) for name in names]
            title = ctx.t("campaign.settings.title", ruleset=ctx.t(f"ruleset.{key}"))
            embeds += line_embeds(title, lines)
        for batch in message_batches(embeds):
            await reply(interaction, embeds=batch, ephemeral=True)

    @who("gm")
    @settings.command(name="set", description="Change one setting (GM only)")
    @app_commands.describe(setting="ruleset.setting_name", value="The new value")
    async def settings_set(self, interaction: Interaction, setting: str, value: str) -> None:
        """Change a setting; bad values are refused with what is allowed."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        ruleset, _, name = setting.partition(".")
        if not ruleset or not name:
            raise GameError("error.setting_format", setting=setting)
        try:
            info = settings_edit.describe(rulesets.get(ruleset).settings_model(), name)
            choices, ordered = info.choices, info.ordered
        except (KeyError, GameError):
            choices, ordered = (), False

        warned: list[Msg] = []  # what the ruleset warns about in its settings as saved
        settled: list[Msg] = []  # what the settings did to the ruleset's state
        shown_after: list[Announcement] = []  # and what that redraws (a question asked anew)

        def changed(new: Any) -> list[Announcement]:
            # A new campaign language is announced in that language.
            locale = str(new) if setting == "core.language" else ctx.public_locale
            answer.locale = locale  # and so is the note of a post after a restart
            shown = settings_edit.shown_value(new, locale, choices, ordered=ordered)
            text = t("campaign.settings.changed", locale, setting=setting, value=shown)
            told = [m.render(locale) for m in settled]
            told += [_warning_line(w, locale) for w in warned]
            embed = make_embed(text, "\n".join(told) or None)
            return [Announcement(embeds=[embed]), *shown_after]

        answer = Answer(interaction, changed, locale=ctx.public_locale)

        async def with_warnings(tx: UnitOfWork | Written, new: Any) -> None:
            warned.extend(await _saved_warnings(tx, [ruleset]))
            if isinstance(tx, UnitOfWork):
                settled.extend(tx.settled_lines())
                shown_after.extend(await settings_followups(interaction, ctx, tx))
            await answer(tx, new)

        try:
            if ruleset == CORE and name in SCHEDULE_SETTINGS:
                await TurnFlow(ctx.service).set_setting(
                    ctx.campaign.id,
                    ctx.actor,
                    name,
                    value,
                    clock_of(interaction.client),
                    announce=answer,
                )
            else:
                await ctx.service.set_setting(
                    ctx.campaign.id, ctx.actor, ruleset, name, value, announce=with_warnings
                )
        except GameError as refused:
            # A refusal names the setting as the GM typed it (`fleet_combat.core.language`),
            # not the part after its ruleset.
            if refused.message_key in SETTING_REFUSALS and refused.params.get("name") == name:
                refused.params["name"] = setting
            # A table is changed through the settings file, and by a ruleset's own commands
            # where it has them: its refusal names those too.
            table_refusal = rulesets.get(ruleset).table_refusal if ruleset != CORE else None
            if refused.message_key == "error.setting_table" and table_refusal:
                raise GameError(table_refusal, name=setting) from None
            raise
        await answer.deliver()

    @settings_set.autocomplete("setting")
    async def setting_name_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Every `ruleset.name` of the campaign's settings."""
        campaign = await channel_campaign(interaction)
        if campaign is None:
            return []
        names = [
            "core.factions_per_player",
            f"core.{fair_turns.PLAYER_SECRETS}",
            "core.language",
            *(f"core.{n}" for n in SCHEDULE_SETTINGS),
        ]
        for key in campaign.rulesets:
            try:
                spec = rulesets.get(key)
            except KeyError:
                continue
            names += [f"{key}.{n}" for n in spec.settings_model.model_fields]
        needle = current.lower()
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names if needle in n][:25]

    @settings_set.autocomplete("value")
    async def setting_value_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """Allowed values of enum and yes/no settings (the core's too), the languages, the
        time zones and what a deadline does."""
        setting = str(interaction.namespace.setting or "")
        if setting == "core.language":
            return [app_commands.Choice(name=v, value=v) for v in LANGUAGES if current in v]
        if setting == "core.time_zone":
            found = time_zone_choices(current, locale_of(interaction))
            return [app_commands.Choice(name=name, value=v) for name, v in found]
        if setting == "core.on_deadline":
            return [app_commands.Choice(name=v, value=v) for v in ON_DEADLINE if current in v]
        ruleset, _, name = setting.partition(".")
        try:
            model = (
                settings_file.CoreSettings()
                if ruleset == "core"
                else rulesets.get(ruleset).settings_model()
            )
            info = settings_edit.describe(model, name)
        except (KeyError, GameError):
            return []
        if info.kind in ("bool", "enum"):
            return [
                app_commands.Choice(name=v.strip(), value=v.strip())
                for v in info.allowed.split(",")
                if current.lower() in v
            ][:25]
        return []

    @settings.command(name="export", description="The settings as a TOML file to edit")
    @app_commands.describe(ruleset="Only this ruleset's settings (all when empty)")
    async def settings_export(self, interaction: Interaction, ruleset: str | None = None) -> None:
        """Every setting, with its description and allowed values as comments."""
        ctx = await campaign_context(interaction)
        sections = await ctx.service.current_settings(ctx.campaign)
        if ruleset:
            if ruleset not in sections:
                raise NotFound("error.ruleset_not_enabled", ruleset=ruleset)
            sections = {ruleset: sections[ruleset]}
        text = settings_file.export_text(
            list(sections.items()),
            ctx.locale,
            campaign=ctx.campaign.name,
            turn=ctx.campaign.turn,
        )
        slug = re.sub(r"[^a-z0-9]+", "-", ctx.campaign.name.lower()).strip("-") or "campaign"
        name = f"{slug}-{ruleset or 'settings'}.toml"
        await reply(
            interaction,
            embed=make_embed(
                ctx.t("campaign.settings.export.title"), ctx.t("campaign.settings.export.body")
            ),
            files=[discord.File(io.BytesIO(text.encode("utf-8")), filename=name)],
            ephemeral=True,
        )

    @settings_export.autocomplete("ruleset")
    async def settings_export_autocomplete(self, interaction: Interaction, current: str) -> Choices:
        """The campaign's rulesets."""
        return await ruleset_choices(interaction, current)

    @who("gm")
    @settings.command(name="import", description="Apply an edited settings file (GM only)")
    @app_commands.describe(file="A TOML file from /campaign settings export")
    async def settings_import(self, interaction: Interaction, file: discord.Attachment) -> None:
        """All or nothing: every problem is listed with its line, and nothing changes; a valid
        file that changes something is applied once the GM confirms what it changes."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        text = settings_file.decode_upload(await file.read())
        current = await ctx.service.current_settings(ctx.campaign)
        try:
            params = _import_params(text, current)
        except settings_file.SettingsFileRejected as rejected:
            await _problems_listed(interaction, ctx, rejected)
            return
        await confirm_first(interaction, params)


def _gm_target(user: discord.Member | None, role: discord.Role | None) -> tuple[str, int, str]:
    """The GM a command names: its kind (user, role), id and mention; exactly one is named."""
    if user is not None and role is None:
        return "user", user.id, user.mention
    if role is not None and user is None:
        return "role", role.id, role.mention
    raise GameError("error.gm_user_or_role")


def _gm_name(user: discord.Member | None, role: discord.Role | None) -> str:
    """The GM a command names as a title names them, where a mention shows as its raw id:
    the member's display name, or the role's name after an @, shown literally."""
    if user is not None:
        return shown(user.display_name)
    if role is None:
        return ""
    return shown(role.name if role.name.startswith("@") else "@" + role.name)  # @everyone


def _gm_changed(told: str) -> Announcement:
    """A GM added or removed, told in the embed's text, where the mention renders."""
    return Announcement(embeds=[make_embed(None, told, colour=SUCCESS_COLOUR)])


async def _set_gm(
    ctx: Context,
    kind: str,
    target: int,
    mention: str,
    *,
    add: bool,
    announce: Announce[None],
) -> None:
    """Name or remove a GM; a change that changes nothing says who is (not) a GM already."""
    try:
        await ctx.service.set_gm(ctx.campaign.id, ctx.actor, kind, target, add, announce=announce)
    except GameError as refused:
        if refused.message_key != "error.gm_unchanged":
            raise
        # Say who: already a GM (add), or not one to remove.
        raise Conflict("error.gm_already" if add else "error.gm_not_gm", who=mention) from refused


@confirmed_command("campaign gm remove")
async def _gm_remove(asked: Asked) -> None:
    """`/campaign gm remove`: rehearsed and asked, then removed once confirmed."""
    ctx = asked.base
    require_gm(ctx)
    kind, target = str(asked.params["kind"]), int(asked.params["id"])
    mention = str(asked.params["mention"])

    async def remove(step: Announce[None]) -> None:
        await _set_gm(ctx, kind, target, mention, add=False, announce=step)

    # A title shows a mention as its raw id: the question names the GM by name (a question
    # asked before it did names them by mention).
    name = str(asked.params.get("name") or mention)

    def question(_: None) -> Question:
        return Question(asked.t("campaign.gm.remove_question", who=name), verb="remove")

    def removed(_tx: UnitOfWork, _: None) -> list[Announcement]:
        return [_gm_changed(ctx.pt("campaign.gm.removed", who=mention))]

    await asked.apply_service(remove, question=question, announce=removed)


@confirmed_command("campaign settings import")
async def _settings_import(asked: Asked) -> None:
    """`/campaign settings import`: a file that changes nothing says so at once; else the
    changes are asked (old → new), then applied. The question keeps what the file changes
    and where, not the file (`_import_params`)."""
    ctx = asked.base
    require_gm(ctx)
    text = _imported_text(asked.params)
    # What the settings are as the GM is asked and as they confirm: the import must change
    # what it asked, only.
    before = await ctx.service.current_settings(ctx.campaign)

    async def apply(step: Announce[dict[str, Any]]) -> None:
        if "unchanged" in asked.params and not _unchanged_still(asked.params, before):
            raise Conflict("confirm.changed")  # the file would set it back
        # Asked, it is rehearsed: what it does to a ruleset's state, which may draw dice,
        # waits for the confirmation.
        await ctx.service.set_settings(
            ctx.campaign.id, ctx.actor, text, announce=step, settle=asked.confirmed
        )

    def question(changed: dict[str, Any]) -> Question:
        return _import_question(asked, before, changed)

    def value_of(section: str, name: str, value: Any) -> str:
        """A value as the question and `/campaign settings show` write it."""
        shown_as = settings_file.setting_value(before.get(section), name, value)
        return shown_as.render(ctx.public_locale) if isinstance(shown_as, Msg) else shown_as

    async def imported(tx: UnitOfWork, changed: dict[str, Any]) -> list[Announcement]:
        lines = [
            f"`{section}.{name}` = **{value_of(section, name, value)}**"
            for section, values in changed.items()
            for name, value in values.items()
        ]
        title = ctx.pt("campaign.settings.imported", count=len(lines))
        # What the settings did to the rulesets' states, and what they warn about in them.
        lines += [m.render(ctx.public_locale) for m in tx.settled_lines()]
        warned = await _saved_warnings(tx, list(changed))
        lines += [_warning_line(w, ctx.public_locale) for w in warned]
        told = [Announcement(embeds=b) for b in message_batches(line_embeds(title, lines))]
        return [*told, *await settings_followups(asked.interaction, ctx, tx)]

    try:
        if await asked.apply_service(apply, question=question, announce=imported):
            return
    except settings_file.SettingsFileRejected as rejected:
        refused = rejected
        if "lines" in asked.params:  # what the file sets, refused: at the lines of the file
            refused = settings_file.relined(rejected, text, asked.params["lines"])
        if asked.confirmed:  # refused on the question, each problem listed
            raise refused from rejected
        await _problems_listed(asked.interaction, ctx, refused)
        return
    if asked.confirmed:
        # The settings were changed meanwhile to what the file says: nothing left to import.
        raise GameError("campaign.settings.import.unchanged")
    await reply(
        asked.interaction,
        embed=make_embed(ctx.t("campaign.settings.import.unchanged")),
        ephemeral=True,
    )


async def _problems_listed(
    interaction: Interaction, ctx: Context, rejected: settings_file.SettingsFileRejected
) -> None:
    """A refused file's problems, each with its line, privately."""
    embeds = line_embeds(rejected.message(ctx.locale), rejected.details(ctx.locale))
    for batch in message_batches(embeds):
        await reply(interaction, embeds=batch, ephemeral=True)


def _import_params(text: str, current: dict[str, BaseModel]) -> dict[str, Any]:
    """What an import question keeps to apply the file once confirmed (checked and refused
    as `settings_file.read_settings` does): the settings it changes, each with its new value,
    as a file of their own (`applies`); where each is in the GM's file (`lines`, for a
    refusal at confirm); and the settings it names without changing them with a digest of
    their values (`unchanged`): the file would set them back, so a confirm after one of them
    changed is refused. Not the file, its comments, nor the values it repeats. A change a
    file of its own cannot write keeps every setting the file names instead."""
    after = settings_file.read_settings(text, current)
    changed = settings_file.changed_settings(current, after)
    applies = _changes_file(changed)
    reread = settings_file.read_settings(applies, current)
    if set(reread) != set(changed) or any(reread[s] != after[s] for s in changed):
        return {
            "applies": settings_file.applied_text(text, current),
            "lines": settings_file.file_lines(text),
        }
    document = tomllib.loads(text)  # valid TOML: read_settings read it
    named = {
        section: sorted(set(document[section]) - set(changed.get(section, {}))) for section in after
    }
    named = {section: names for section, names in named.items() if names}
    kept = {f"{section}.{name}" for section, values in changed.items() for name in values}
    lines = {
        key: line
        for key, line in settings_file.file_lines(text).items()
        if key in kept or key in changed
    }
    return {
        "applies": applies,
        "lines": lines,
        "unchanged": {"names": named, "digest": _settings_digest(current, named)},
    }


def _changes_file(changed: dict[str, dict[str, Any]]) -> str:
    """The settings an import changes (`settings_file.changed_settings`), as a settings file
    of their own (sections and settings are named as the models name them: bare keys)."""
    lines: list[str] = []
    for section, values in changed.items():
        lines.append(f"[{section}]")
        lines += [
            f"{name} = {settings_file.toml_value(value)}"
            for name, value in values.items()
            if value is not None  # TOML has no null (the import checks the file reads back)
        ]
    return "\n".join(lines) + "\n" if lines else ""


def _settings_digest(current: dict[str, BaseModel], named: dict[str, list[str]]) -> str | None:
    """A digest of the named settings' values (None when a section is no longer there)."""
    values: dict[str, Any] = {}
    for section, names in named.items():
        model = current.get(section)
        if model is None or any(not hasattr(model, n) for n in names):
            return None
        values[section] = model.model_dump(mode="json", include=set(names))
    text = json.dumps(values, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _unchanged_still(params: dict[str, Any], current: dict[str, BaseModel]) -> bool:
    """Whether the settings an import question named without changing them read as they
    did when it was asked (`_import_params`)."""
    unchanged = params["unchanged"]
    named = {str(s): [str(n) for n in names] for s, names in unchanged["names"].items()}
    digest = _settings_digest(current, named)
    return digest is not None and digest == unchanged["digest"]


def _imported_text(params: dict[str, Any]) -> str:
    """The settings a question's import applies: what the file changes (`applies`, as
    `_import_params` keeps it; asked before, every setting the file names), or, asked
    before questions kept only that, the file itself (`text`)."""
    return str(params["applies"] if "applies" in params else params["text"])


def _import_question(asked: Asked, before: dict[str, Any], changed: dict[str, Any]) -> Question:
    """What a settings import asks: each setting it changes, as it is → as it will be (the
    lines its log entry keeps, `settings_file.changes`)."""
    lines = [line.render(asked.locale) for line in settings_file.changes(before, changed)]
    title = asked.t("campaign.settings.import_question", count=len(lines))
    return Question(title, lines, verb="import")


async def _saved_warnings(tx: UnitOfWork | Written, sections: list[str]) -> list[Msg]:
    """What the rulesets among `sections` warn about in their settings as this transaction
    saved them (Company raids: faces its die cannot show, CR-I1; Ottoman piracy: VP already
    past a lowered cap, OP-I13)."""
    if not isinstance(tx, UnitOfWork):
        return []
    warned: list[Msg] = []
    for section in sections:
        if section != CORE and section in tx.campaign.rulesets:
            state, saved = await tx.load(section)
            warned += settings_edit.warnings(section, saved, state)
    return warned


def _warning_line(warning: Msg, locale: str) -> str:
    return "⚠️ " + warning.render(locale)


CREATED = "campaign.created"


@announcements.renderer(CREATED)
async def _created(client: discord.Client, row: OutboxMessage) -> dict[str, Any]:
    """A new campaign's answer as posted: its turn's seed commitment (line and footer
    anchor) and the next step, both read from the committed campaign."""
    service: CampaignService = client.service  # type: ignore[attr-defined]
    locale = str(row.payload.get("locale") or "en")
    turn = int(row.payload["args"]["turn"])
    embed = dict(row.payload["embeds"][0])
    test_dice = service.dice_factory is not None
    line = await fair_embeds.commitment_line(
        service.log,
        row.campaign_id,
        turn,
        "campaign.created.commitment",
        locale,
        test_dice=test_dice,
    )
    if line:
        embed["description"] = f"{embed.get('description') or ''}\n{line}"
    # Test dice do not come from the turn's seed: no 🔒 promises them (the line above says
    # they are test dice, as /history verify does).
    footer = (
        None
        if test_dice
        else await fair_embeds.commitment_footer(service.log, row.campaign_id, turn)
    )
    if footer:
        embed["footer"] = {"text": footer}
    return {"embeds": await next_step_embeds(client, row, [embed])}


def _setting_groups(key: str, names: list[str]) -> list[tuple[str | None, list[str]]]:
    """The ruleset's settings in its spec's groups (one untitled group when it has none)."""
    try:
        grouping = rulesets.get(key).setting_groups
    except KeyError:
        grouping = None
    if grouping is None:
        return [(None, names)]
    groups = [(g, [n for n in members if n in names]) for g, members in grouping().items()]
    grouped = {n for _, members in groups for n in members}
    rest = [n for n in names if n not in grouped]
    return [*groups, *([(None, rest)] if rest else [])]


def _setting_line(ctx: Context, key: str, current: Any, name: str) -> str:
    """One setting: its value as the GM types it, what it accepts and its description."""
    info = settings_edit.describe(current, name)
    value = ctx.t("campaign.settings.table") if info.kind == "table" else info.shown_in(ctx.locale)
    return settings_edit.setting_line(
        name, value, info.allowed, settings_file.description(key, name, ctx.locale)
    )


async def _core_lines(ctx: Context) -> list[str]:
    """The core settings in the rulesets' layout: the typed ones, the campaign's language
    and the turn's schedule."""
    secret = await ctx.service.players_roll_secretly(ctx.campaign.id)
    core = settings_file.CoreSettings(
        factions_per_player=ctx.campaign.factions_per_player,
        **{fair_turns.PLAYER_SECRETS: secret},
    )
    lines = [_setting_line(ctx, CORE, core, name) for name in type(core).model_fields]
    # A language the GM set is shown as set; the server's, with the one it resolves to.
    guild = ctx.t("campaign.settings.guild_language")
    language = ctx.campaign.language or f"{guild} → {ctx.public_locale}"
    lines.append(
        settings_edit.setting_line(
            "language",
            language,
            ", ".join(LANGUAGES),
            ctx.t("campaign.settings.language"),
        )
    )
    schedule = await TurnFlow(ctx.service).schedule(ctx.campaign)
    for name, value, allowed in (
        ("time_zone", schedule.time_zone, ""),
        ("reminders", reminders_text(schedule.reminder_minutes), ""),
        ("on_deadline", schedule.on_deadline, ", ".join(ON_DEADLINE)),
    ):
        lines.append(
            settings_edit.setting_line(name, value, allowed, ctx.t(f"turn_flow.setting.{name}"))
        )
    return lines


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(CampaignCog(bot))
