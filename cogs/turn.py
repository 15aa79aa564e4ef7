"""`/turn …`: what the turn waits for, its deadline and reminders, ending it; and the
scheduler that posts reminders and acts when a deadline passes.

The scheduler is a discord.py task loop (once a minute) around `TurnScheduler.tick`, which
reads the time from the bot's clock: tests replace the clock and call `tick` themselves.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.ext import tasks

from bot import announcements
from bot import fair_embeds
from bot import rulesets
from bot.anchors import head_anchor
from bot.announcements import Announcement
from bot.announcements import Answer
from bot.app import PrivateerBot
from bot.campaigns import CORE
from bot.campaigns import Actor
from bot.campaigns import AuditEntry
from bot.campaigns import Campaign
from bot.campaigns import Choice
from bot.errors import Conflict
from bot.errors import GameError
from bot.i18n import t
from bot.interactions import WAITING_COLOUR
from bot.interactions import Context
from bot.interactions import add_field
from bot.interactions import ask_to_confirm
from bot.interactions import campaign_context
from bot.interactions import cancel_choice
from bot.interactions import choice_handler
from bot.interactions import clip
from bot.interactions import defer_publicly
from bot.interactions import disabled_copy
from bot.interactions import make_embed
from bot.interactions import reply
from bot.interactions import require_gm
from bot.interactions import service_of
from bot.interactions import setup_msg
from bot.interactions import who
from bot.text import shown
from bot.turn_flow import CHANNEL_CLOSED
from bot.turn_flow import END_FAILED
from bot.turn_flow import POST_FAILED
from bot.turn_flow import AwaitedPlayer
from bot.turn_flow import Schedule
from bot.turn_flow import TurnEnd
from bot.turn_flow import TurnFlow
from bot.turn_flow import TurnPost
from bot.turn_flow import clock_of
from bot.turn_flow import epoch
from bot.turn_flow import questions
from bot.turn_reports import end_turn
from bot.turn_reports import ending_line
from bot.turn_reports import turn_end_embeds

log = logging.getLogger(__name__)

TURN_END = "turn_end"
CONTENT_LIMIT = 2000
FIELD_LIMIT = 1024  # an embed field's value
EMBED_TOTAL = 6000  # all the text of a message's embeds


def turn_flow_of(interaction: discord.Interaction[Any]) -> TurnFlow:
    """The turn flow of the running bot's campaigns."""
    return TurnFlow(service_of(interaction))


def timestamp(epoch_seconds: int, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{epoch_seconds}:{style}>"


def when_text(epoch_seconds: int) -> str:
    """A moment as "in 2 days (3 December 2026 18:00)", each reader in their own zone."""
    return f"{timestamp(epoch_seconds, 'R')} ({timestamp(epoch_seconds, 'f')})"


async def deadline_line(
    ctx: Context, flow: TurnFlow, schedule: Schedule, now: datetime, *, ahead: str | None = None
) -> str | None:
    """The turn's deadline as `/turn status` tells it: when it is, or, past it, that the
    turn's end at it was given up (why, and that a GM ends it); None without a deadline.
    With `ahead`, the key of the line for a deadline still to come ("Turn 2 ends …")."""
    deadline = schedule.deadline_at
    if deadline is None:
        return None
    when = when_text(deadline)
    turn = ctx.campaign.turn
    given_up = await flow.given_up(ctx.campaign, schedule, now)
    if given_up is not None:  # the turn's end at its deadline failed: a GM ends it
        why = ctx.pt(f"turn_flow.given_up.{given_up}")
        return ctx.pt("turn_flow.status.given_up", when=when, turn=turn, why=why)
    if ahead is not None and deadline > epoch(now):
        return ctx.pt(ahead, turn=turn, when=when)
    return ctx.pt("turn_flow.status.deadline", when=when)


def awaited_parts(player: AwaitedPlayer, locale: str, *, mention: bool) -> tuple[str, str]:
    """`• <@player> (Faction)` and what they owe; the faction alone when not mentioned, said
    to have no player when nobody plays it (a GM answers for it)."""
    who = f"<@{player.user_id}>" if mention and player.user_id is not None else ""
    faction = f"**{shown(player.faction)}**" if player.faction else ""
    if faction and player.user_id is None:
        faction = t("turn_flow.unplayed", locale, faction=faction)
    head = f"{who} ({faction})" if who and faction else who or faction or "—"
    return f"• {head}", player.owes.render(locale)


def awaited_line(player: AwaitedPlayer, locale: str, *, mention: bool) -> str:
    """`• <@player> (Faction): what they owe`; the faction alone when not mentioned."""
    return ": ".join(awaited_parts(player, locale, mention=mention))


# The least of what a player owes that `fair_lines` shows beside their name: below it, whole
# lines and how many more read better than every line cut to a stump.
LEAST_OWED = 24


def fair_lines(lines: Sequence[tuple[str, str]], locale: str, limit: int = FIELD_LIMIT) -> str:
    """Lines `who: what` joined within `limit` (a field), every one shown with `who` whole (a
    mention is never cut) and `what` shortened only as far as it must: the shortest keep
    their length, the longest share what is left. When that would leave a line less than
    `LEAST_OWED` characters of what it owes, as many whole lines as fit and how many more."""
    budget = limit - sum(len(who) + 2 for who, _ in lines) - (len(lines) - 1)
    if budget < LEAST_OWED * len(lines):
        return fit_field([f"{who}: {what}" for who, what in lines], locale, limit)
    room = dict[int, int]()
    for i in sorted(range(len(lines)), key=lambda i: len(lines[i][1])):
        room[i] = min(len(lines[i][1]), budget // (len(lines) - len(room)))
        budget -= room[i]
    return "\n".join(f"{who}: {clip(what, room[i])}" for i, (who, what) in enumerate(lines))


def fit_field(lines: Sequence[str], locale: str, limit: int = FIELD_LIMIT) -> str:
    """A field's lines within `limit`: as many whole lines as fit, then how many more."""
    lines = [clip(line, limit - 64) for line in lines]
    for kept in range(len(lines), 0, -1):
        rest = len(lines) - kept
        more = "\n" + t("turn.status.more", locale, count=rest) if rest else ""
        text = "\n".join(lines[:kept]) + more
        if len(text) <= limit:
            return text
    return clip("\n".join(lines), limit)


def fit_sections(
    sections: Sequence[Sequence[str]], locale: str, room: int, nothing: str
) -> list[str]:
    """Each section's lines as a field (`fit_field`; `nothing` for a section without any),
    together within `room` characters (what an embed's 6,000 leave them): the longest are
    cut first, to one length that lets the others keep theirs, each still showing whole
    lines and then how many more."""
    texts = [fit_field(lines, locale) or nothing for lines in sections]
    if sum(len(text) for text in texts) <= room:
        return texts
    low, high = 0, FIELD_LIMIT  # the largest length every section may keep
    while low < high:
        middle = (low + high + 1) // 2
        if sum(min(len(text), middle) for text in texts) <= room:
            low = middle
        else:
            high = middle - 1
    return [
        text if len(text) <= low else fit_field(lines, locale, low)
        for lines, text in zip(sections, texts, strict=True)
    ]


def fit_content(head: str, lines: Sequence[str], locale: str) -> str:
    """A message's text within Discord's 2,000 characters: whole lines, then how many more."""
    text = head
    for i, line in enumerate(lines):
        more = "\n" + t("turn_flow.more", locale, count=len(lines) - i)
        if len(text) + 1 + len(line) + len(more) > CONTENT_LIMIT:
            return text + more
        text += "\n" + line
    return clip(text, CONTENT_LIMIT)


def announcement(post: TurnPost, locale: str) -> str:
    """The text of a reminder, a deadline announcement, or the GMs told that the turn's
    end at its deadline was given up."""
    payload = post.payload
    awaited = [AwaitedPlayer.from_json(a) for a in payload["awaited"]]
    pinged = set(payload["pinged"])
    deadline = int(payload["deadline"])
    when = when_text(deadline)
    if post.kind == "reminder":
        head = t("turn_flow.reminder", locale, turn=payload["turn"], when=when)
        lines = [awaited_line(a, locale, mention=a.user_id in pinged) for a in awaited]
        return fit_content(head, lines, locale)
    gms = " ".join([f"<@{u}>" for u in payload["pinged"]] + [f"<@&{r}>" for r in payload["roles"]])
    if "why" in payload:  # the turn's end at its deadline was given up
        why = t(f"turn_flow.given_up.{payload['why']}", locale)
        return t("turn_flow.deadline_end.failed", locale, turn=payload["turn"], why=why, gms=gms)
    head = t("turn_flow.deadline_passed", locale, turn=payload["turn"], when=when, gms=gms)
    lines = [awaited_line(a, locale, mention=False) for a in awaited] or [
        t("turn_flow.nobody_awaited", locale)
    ]
    return fit_content(head, lines, locale)


def deadline_end_embed(said: discord.Embed, begun: AuditEntry, locale: str) -> discord.Embed:
    """The message a turn's end at its deadline posts first, its id seeding the end's dice,
    and redraws once the end commits: what it says of the end (`said`: its title, and what
    its description tells first, `ended_embed`), then where the dice come from; the footer
    anchors the chain head of the end's logged start (read back by /history verify)."""
    body = t("turn_flow.deadline_end.body", locale)
    told = f"{said.description}\n\n{body}" if said.description else body
    embed = make_embed(said.title or "", told)
    embed.set_footer(text=head_anchor(begun.seq, begun.hash))
    return embed


class TurnScheduler:
    """Posts what the turn flow's sweeps claim and ends the turns whose deadline says so."""

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot
        self._lock = asyncio.Lock()

    @property
    def flow(self) -> TurnFlow:
        """The turn flow of the bot's campaigns."""
        return TurnFlow(self.bot.service)

    def locale(self, guild_id: int) -> str:
        """The language of a guild's campaign channel posts (en-US for a guild not in this
        process's cache: the sweeps take only the guilds of its shards, which it has)."""
        guild = self.bot.get_guild(guild_id)
        return str(guild.preferred_locale.value) if guild is not None else "en-US"

    async def tick(self) -> None:
        """One step at the bot's current time: claim what fell due, end the turns whose
        deadline ends them, then post every announcement not yet posted (after a crash, the
        ones claimed before it) and mark each."""
        async with self._lock:
            shards = self.bot.own_shards  # several processes: each sweeps its own guilds
            result = await self.flow.sweep(clock_of(self.bot), shards=shards)
            for end in result.ends:
                try:
                    await self.end_turn(end)
                except Exception:  # one campaign's failure must not hold up the others
                    log.exception("campaign %s: the automatic turn end failed", end.campaign_id)
            for post in await self.flow.unposted(shards):
                await self.post(post)

    async def post(self, post: TurnPost) -> None:
        """Send one announcement in the campaign's language (a nonce lets Discord drop a
        repeat after a crash)."""
        payload = post.payload
        channel = self.bot.get_partial_messageable(
            int(payload["channel_id"]), guild_id=int(payload["guild_id"])
        )
        mentions = discord.AllowedMentions(
            everyone=False,
            replied_user=False,
            users=[discord.Object(u) for u in payload["pinged"]],
            roles=[discord.Object(r) for r in payload.get("roles", [])],
        )
        try:
            language = (await self.bot.service.get(post.campaign_id)).language
        except GameError:  # the campaign is gone: the server's language
            language = None
        locale = language or self.locale(int(payload["guild_id"]))
        try:
            await channel.send(
                announcement(post, locale),
                allowed_mentions=mentions,
                nonce=f"turn-post-{post.id}",
            )
        except (discord.NotFound, discord.Forbidden):
            log.warning(
                "campaign %s: its channel is gone or closed to the bot; announcement dropped",
                post.campaign_id,
            )
        await self.flow.mark_posted(post.id)

    async def end_turn(self, end: TurnEnd) -> None:
        """End a turn at its deadline exactly as a confirmed `/turn end` does (the same code
        path, bot/turn_reports.py: the summaries, pings, revealed seed and every ruleset's
        follow-ups, through the outbox). The message it posts first says the turn ends now;
        the end redraws it to say it ended (or is under way), as a GM's confirmation is
        redrawn, so one header leads the summaries. Its
        dice are derived, in place of a confirming click's interaction id, from the id of
        the message it posts first (`post_deadline_end`), which Discord assigns: whoever
        runs the bot cannot know them before (README, "Provably fair dice").

        When that post or the end fails in this process, the end is given up, not retried:
        a second logged start and message would read as the dice drawn again. The turn stays
        open for a GM's /turn end, and the GMs are told why, pinged in the channel and in
        `/turn status` (`TurnFlow.stop_deadline_end`). Only a process that died midway leaves
        the ten-minute retry the claim set."""
        service = self.bot.service
        assert self.bot.user is not None and self.bot.db is not None
        campaign = await service.get(end.campaign_id)
        locale = campaign.language or self.locale(campaign.guild_id)
        try:
            begun = await self.flow.begin_deadline_end(
                campaign.id, end.turn, Actor(self.bot.user.id)
            )
        except Conflict:
            return  # ended meanwhile: it ends once
        try:
            message = await self.post_deadline_end(campaign, end.turn, begun, locale)
        except Exception:
            log.exception(
                "campaign %s: turn %s could not post its deadline's end", campaign.id, end.turn
            )
            await self.flow.stop_deadline_end(campaign.id, end.turn, POST_FAILED)
            return
        if message is None:
            return
        try:
            _, rows = await end_turn(
                service,
                campaign,
                end.turn,
                Actor(self.bot.user.id, interaction_id=message),
                locale=locale,
                first=lambda ended: [
                    Announcement(
                        edits=message,
                        repost=False,  # a copy's id would not be the one the dice follow
                        embeds=[deadline_end_embed(ended, begun, locale)],
                    )
                ],
                at_deadline=True,
            )
        except Conflict:
            return  # ended meanwhile: it ends once
        except Exception:
            log.exception(
                "campaign %s: turn %s did not end at its deadline", end.campaign_id, end.turn
            )
            await self.flow.stop_deadline_end(campaign.id, end.turn, END_FAILED)
            return
        await announcements.post(self.bot, self.bot.db, rows)

    async def post_deadline_end(
        self, campaign: Campaign, turn: int, begun: AuditEntry, locale: str
    ) -> int | None:
        """Post "turn N ends now at its deadline" with the chain head of its logged start
        (`TurnFlow.begin_deadline_end`, committed first): the id Discord gives the message,
        or None when the channel is gone or closed to the bot (the deadline's end is then
        given up, `TurnFlow.stop_deadline_end`; any other failure to post raises, and
        `end_turn` gives the end up)."""
        channel = self.bot.get_partial_messageable(campaign.channel_id, guild_id=campaign.guild_id)
        embed = deadline_end_embed(
            make_embed(t("turn_flow.deadline_end.title", locale, turn=turn)), begun, locale
        )
        try:
            message = await channel.send(
                embed=embed,
                allowed_mentions=discord.AllowedMentions.none(),
                nonce=f"turn-end-{begun.id}",
            )
        except (discord.NotFound, discord.Forbidden):
            log.warning(
                "campaign %s: its channel is gone or closed to the bot; turn %s stays open",
                campaign.id,
                turn,
            )
            await self.flow.stop_deadline_end(campaign.id, turn, CHANNEL_CLOSED)
            return None
        return message.id


class TurnCog(commands.Cog):
    """The turn: status, deadline, reminders, end; and the scheduler's loop."""

    turn = app_commands.Group(name="turn", description="The campaign turn", guild_only=True)
    deadline = app_commands.Group(name="deadline", description="The turn's deadline", parent=turn)
    reminders = app_commands.Group(
        name="reminders", description="Reminders before the deadline", parent=turn
    )

    def __init__(self, bot: PrivateerBot) -> None:
        self.bot = bot
        self.scheduler = TurnScheduler(bot)

    async def cog_load(self) -> None:
        """Start the scheduler (its first step runs at once: what was missed while down)."""
        self.schedule_loop.start()

    async def cog_unload(self) -> None:
        """Stop the scheduler."""
        self.schedule_loop.cancel()

    @tasks.loop(minutes=1)
    async def schedule_loop(self) -> None:
        """Once a minute: reminders, deadlines, automatic ends."""
        try:
            await self.scheduler.tick()
        except Exception:
            log.exception("the turn scheduler's step failed; retrying in a minute")

    @schedule_loop.before_loop
    async def before_schedule(self) -> None:
        """Wait for the connection before posting."""
        await self.bot.wait_until_ready()

    @turn.command(name="status", description="The turn number and what the campaign waits for")
    async def turn_status(self, interaction: discord.Interaction[Any]) -> None:
        """Per ruleset: what it still waits for; the deadline and who still owes a move (it
        reads every ruleset's state, which takes long in a large campaign: answered deferred).
        First it posts what Discord refused to post in this campaign (a question nobody sees
        otherwise), and says what it still could not post, and to a GM, once, what Discord
        found invalid and was given up."""
        ctx = await campaign_context(interaction)
        await defer_publicly(interaction)
        c = ctx.campaign
        # What Discord refused to post in this campaign (a question nobody sees) goes first.
        _, held = await announcements.post_held(interaction, c.id)
        # What Discord found invalid was given up: a GM is told once.
        dropped = await announcements.tell_dropped(interaction, c.id) if ctx.is_gm else 0
        flow = turn_flow_of(interaction)
        ending = await flow.ending(c)
        if ending is None:
            embed = make_embed(ctx.pt("turn.status.title", name=shown(c.name), turn=c.turn))
        else:
            title = ctx.pt("turn.status.title_ending", name=shown(c.name), turn=ending.turn)
            embed = make_embed(title)
        schedule = await flow.schedule(c)
        deadline = await deadline_line(ctx, flow, schedule, clock_of(interaction.client))
        told = [] if ending is None else [ending_line(ending, c.turn, ctx.public_locale)]
        if held:
            told.append(ctx.pt("turn.status.held", count=held))
        if dropped:
            told.append(ctx.pt("turn.status.dropped", count=dropped))
        if deadline is not None:
            told.append(deadline)
        if told:
            embed.description = "\n".join(told)
        open_choices = questions(await ctx.service.open_choices(c.id))
        sections: list[tuple[str, list[str]]] = []  # each ruleset's title and waits
        for key in c.rulesets:
            try:
                spec = rulesets.get(key)
            except KeyError:
                continue
            state, current = await ctx.service.state(c, key)
            lines = (
                [m.render(ctx.public_locale) for m in spec.waiting_for(state, current, c.turn)]
                if spec.waiting_for
                else []
            )
            pending = sum(1 for ch in open_choices if ch.ruleset == key)
            if pending:
                lines.append(ctx.pt("turn.status.pending", count=pending))
            need = spec.setup_step(state, ()) if spec.setup_step and not lines else None
            if need is not None:  # nothing to wait for, as nobody has set anything up yet
                step = await setup_msg(interaction.client, need, ctx.public_locale)
                lines.append(ctx.pt("turn.status.setup", step=step))
            sections.append((ctx.pt(f"ruleset.{key}"), lines))
        after: list[tuple[str, str]] = []  # the fields after the rulesets' sections
        awaited = await flow.awaited(c)
        if awaited:
            after.append(
                (
                    ctx.pt("turn_flow.status.awaited", count=len(awaited)),
                    fair_lines(
                        [awaited_parts(a, ctx.public_locale, mention=True) for a in awaited],
                        ctx.public_locale,
                    ),
                )
            )
        commitment = await fair_embeds.commitment_line(
            ctx.service.log,
            c.id,
            c.turn,
            "turn.status.commitment",
            ctx.public_locale,
            test_dice=ctx.service.dice_factory is not None,
        )
        if commitment:
            after.append((ctx.pt("turn.status.fair_dice"), commitment))
        room = EMBED_TOTAL - len(embed) - sum(len(n) + len(v) for n, v in after)
        room -= sum(len(name) for name, _ in sections)
        nothing = ctx.pt("turn.status.nothing")
        waits = fit_sections([lines for _, lines in sections], ctx.public_locale, room, nothing)
        for (name, _), text in zip(sections, waits, strict=True):
            add_field(embed, name, text)
        for name, value in after:
            add_field(embed, name, value)
        await reply(interaction, embed=embed)

    @deadline.command(name="set", description="Set the turn's deadline (GM)")
    @app_commands.describe(
        when="A duration (48h, 48 hours, 2 days) or a date and time (2026-12-03 18:00)"
    )
    async def deadline_set(self, interaction: discord.Interaction[Any], when: str) -> None:
        """Set the deadline; reminders follow the campaign's reminder points."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)

        def told(schedule: Schedule) -> list[Announcement]:
            assert schedule.deadline_at is not None
            when = when_text(schedule.deadline_at)
            # The turn it was set for, read in its transaction (a turn end may have gone first).
            # A timestamp shows as a date in the description only (a title shows it raw).
            title = ctx.pt("turn_flow.deadline_set.title", turn=schedule.turn)
            text = ctx.pt("turn_flow.deadline_set", turn=schedule.turn, when=when)
            return [Announcement(embeds=[make_embed(title, text)])]

        answer = Answer(interaction, told, locale=ctx.public_locale)
        now = clock_of(interaction.client)
        schedule = await turn_flow_of(interaction).set_deadline(
            ctx.campaign.id, ctx.actor, when, now, announce=answer
        )
        await answer.deliver()
        if schedule.due_at is not None and schedule.due_at <= epoch(now):
            # Set inside the reminder window: remind the players who owe something now,
            # not at the scheduler's next minute (which may come after the deadline).
            try:
                await self.scheduler.tick()
            except Exception:
                log.exception("the turn scheduler's step failed; retrying in a minute")

    @deadline.command(name="clear", description="Remove the turn's deadline (GM)")
    async def deadline_clear(self, interaction: discord.Interaction[Any]) -> None:
        """No deadline, no reminders for this turn."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)

        def told(turn: int) -> list[Announcement]:
            # The turn it was cleared for, read in its transaction (a turn end may have gone first).
            text = ctx.pt("turn_flow.deadline_cleared", turn=turn)
            return [Announcement(embeds=[make_embed(text)])]

        answer = Answer(interaction, told, locale=ctx.public_locale)
        await turn_flow_of(interaction).clear_deadline(ctx.campaign.id, ctx.actor, announce=answer)
        await answer.deliver()

    @reminders.command(name="mute", description="Stop reminders pinging you in this campaign")
    async def reminders_mute(self, interaction: discord.Interaction[Any]) -> None:
        """Mute reminders for yourself."""
        await self._mute(interaction, muted=True)

    @reminders.command(name="unmute", description="Let reminders ping you again")
    async def reminders_unmute(self, interaction: discord.Interaction[Any]) -> None:
        """Unmute reminders for yourself."""
        await self._mute(interaction, muted=False)

    async def _mute(self, interaction: discord.Interaction[Any], *, muted: bool) -> None:
        ctx = await campaign_context(interaction)

        def told(changed: bool) -> list[Announcement]:
            key = "turn_flow.muted" if muted else "turn_flow.unmuted"
            if not changed:
                key += "_already"
            return [Announcement(embeds=[make_embed(ctx.t(key))], ephemeral=True)]

        answer = Answer(interaction, told, locale=ctx.public_locale)
        await turn_flow_of(interaction).set_muted(
            ctx.campaign.id, ctx.actor, muted, announce=answer
        )
        await answer.deliver()

    @who("gm")
    @turn.command(name="end", description="End the turn and resolve everything between turns (GM)")
    async def turn_end(self, interaction: discord.Interaction[Any]) -> None:
        """Ask for confirmation; the button carries the turn number it confirms (a question
        Discord refuses to show is closed at once, `ask_to_confirm`)."""
        ctx = await campaign_context(interaction)
        require_gm(ctx)
        async with ctx.service.work(ctx.campaign.id, ctx.actor) as uow:
            turn = uow.campaign.turn  # a turn end may have committed since the command came
            choice_id = await uow.open_choice(CORE, TURN_END, None, {"turn": turn})
        embed = make_embed(
            ctx.pt("turn.end.question.title", turn=turn),
            ctx.pt("turn.end.question.body", turn=turn),
            colour=WAITING_COLOUR,
        )
        settled = await settled_at_end(ctx, turn)
        if settled:  # questions the click answers for their players: the GM is told first
            add_field(
                embed, ctx.pt("turn.end.question.settled"), fit_field(settled, ctx.public_locale)
            )
        confirm, cancel = ctx.pt("turn.end.confirm", turn=turn), ctx.pt("turn.end.cancel")
        await ask_to_confirm(interaction, ctx, choice_id, [embed], confirm, cancel)


async def settled_at_end(ctx: Context, turn: int) -> list[str]:
    """The open questions ending turn `turn` answers with their defaults, each ruleset's
    (`RulesetSpec.settled_at_end`), one line each in the campaign's language, after the
    ruleset's name."""
    lines: list[str] = []
    for key in ctx.campaign.rulesets:
        try:
            spec = rulesets.get(key)
        except KeyError:
            continue
        if spec.settled_at_end is None:
            continue
        state, settings = await ctx.service.state(ctx.campaign, key)
        name = ctx.pt(f"ruleset.{key}")
        for line in spec.settled_at_end(state, settings, turn):
            lines.append(f"{name}: {line.render(ctx.public_locale)}")
    return lines


@choice_handler(TURN_END)
async def answer_turn_end(
    interaction: discord.Interaction[Any], ctx: Context, choice: Choice, option: str
) -> None:
    """Confirm resolves the turn named on the button, once; cancel closes the question."""
    require_gm(ctx)
    turn = int(choice.payload["turn"])
    if option == "cancel":
        # A question left over from a turn another confirmation already ended says so.
        key = "turn.end.cancelled" if ctx.campaign.turn == turn else "turn.end.stale"
        await cancel_choice(interaction, ctx, choice, make_embed(ctx.pt(key, turn=turn)))
        return
    if ctx.campaign.turn != turn:
        raise Conflict("error.turn_already_ended", turn=turn)
    await interaction.response.defer()  # a long resolution: acknowledged first
    _, rows = await end_turn(
        ctx.service,
        ctx.campaign,
        turn,
        ctx.actor,
        locale=ctx.public_locale,
        interaction=interaction,
        choice_id=choice.id,
        first=lambda ended: [
            Announcement(edit=True, embeds=[ended], view=disabled_copy(interaction.message))
        ],
    )
    await announcements.deliver(interaction, ctx.service.db, rows)


async def setup(bot: PrivateerBot) -> None:
    """Load the cog."""
    await bot.add_cog(TurnCog(bot))


__all__ = ["TURN_END", "TurnCog", "TurnScheduler", "announcement", "turn_end_embeds"]
