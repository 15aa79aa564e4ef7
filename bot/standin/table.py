"""The test API: play the real bot through the stand-in the way players do.

    async with Table(make_bot, faces=faces) as table:
        table.script_dice([3, 4])
        reply = await table.slash("/roll dice:2d6 reason:test", as_="player1")
        assert reply.embed.title == "🎲 test: 7"
        ended = await table.click(reply, "Confirm", as_="gm")

Every action waits (on futures, with timeouts) until the bot has finished handling the
interaction, then raises if Discord would have rejected anything the bot sent meanwhile
(`DiscordRejected`) or the player saw the interaction fail (`InteractionFailed`).
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from datetime import datetime
from datetime import timedelta
from types import CodeType
from typing import Any

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.standin import kinds as K
from bot.standin.background import loop_busy
from bot.standin.background import task_loops
from bot.standin.errors import ClientRefused
from bot.standin.errors import InteractionFailed
from bot.standin.errors import StandInError
from bot.standin.errors import failure_for
from bot.standin.faces import QueuedFaces
from bot.standin.fixture import Channel
from bot.standin.fixture import Guild
from bot.standin.fixture import GuildSpec
from bot.standin.fixture import Member
from bot.standin.seen import Choice
from bot.standin.seen import ModalView
from bot.standin.seen import Reply
from bot.standin.seen import SeenMessage
from bot.standin.seen import SelectView
from bot.standin.server import StandIn
from bot.standin.slash import SlashParser
from bot.standin.state import APPLICATION_COMMAND
from bot.standin.state import AUTOCOMPLETE
from bot.standin.state import DEFERRED_CHANNEL_MESSAGE
from bot.standin.state import MESSAGE_COMPONENT
from bot.standin.state import MODAL_SUBMIT
from bot.standin.state import InteractionRecord
from bot.standin.state import Problem
from bot.standin.state import SyncedCommand

JSON = dict[str, Any]
ClientFactory = Callable[..., discord.Client | Awaitable[discord.Client]]

STARTUP_HINTS: dict[str, Any] = {"guild_ready_timeout": 0.05, "chunk_guilds_at_startup": False}
_VIEW_WAIT: CodeType = discord.ui.view.BaseView.wait.__code__
_WAIT_FOR: CodeType = asyncio.tasks.wait_for.__code__
_POLL = 0.002
log = logging.getLogger(__name__)
# `pass_time` moves the clock in steps of at least a minute (the once-a-minute loops' pace),
# at most this many per call.
MAX_TIME_STEPS = 120

# The tables running now, all on one stand-in (Route.BASE and the gateway are process-wide),
# and discord.py's endpoints from before the first of them started.
_active: list[Table] = []
_saved_endpoints: tuple[str, yarl.URL] | None = None


class _ErrorLog(logging.Handler):
    """Keeps the errors the bot logs during an action, to explain a failure."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def summary(self) -> str:
        if not self.records:
            return ""
        formatter = logging.Formatter("%(name)s: %(message)s")
        lines = ["The bot logged:"]
        for record in self.records[-3:]:
            lines.append("  " + formatter.format(record).replace("\n", "\n  ")[-3000:])
        return "\n".join(lines)


def _accepts_hints(factory: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return False
    names = {p.name for p in parameters}
    return any(p.kind is p.VAR_KEYWORD for p in parameters) or set(STARTUP_HINTS) <= names


class Table:
    """A stand-in Discord, a bot connected to it, and the players of the fixture guild.

    Several tables may share one stand-in (pass `standin`): each runs its own bot (say, one
    per shard) and plays in its own guild (`guild_id`, default the stand-in's first). Two
    tables may play in one guild, two bots serving it at once, on a stand-in that sends each
    interaction to one session (`one_session_per_interaction`): a table's actions then reach
    its own bot only.
    """

    def __init__(
        self,
        factory: ClientFactory,
        *,
        standin: StandIn | None = None,
        guild: GuildSpec | None = None,
        faces: QueuedFaces | None = None,
        guild_id: int | None = None,
        player: str = "player1",
        channel: str = "campaign",
        settle_timeout: float = 10.0,
        startup_timeout: float = 15.0,
        sync_wait: float = 2.0,
    ) -> None:
        self.standin = standin if standin is not None else StandIn(guild)
        self.factory = factory
        self.faces = faces
        self.guild_id = guild_id if guild_id is not None else self.standin.guild.id
        if self.standin.guild_by_id(self.guild_id) is None:
            raise ValueError(f"the stand-in has no guild {self.guild_id}")
        self.player = player
        self.channel_name = channel
        self.settle_timeout = settle_timeout
        self.startup_timeout = startup_timeout
        self.sync_wait = sync_wait
        self.bot: discord.Client | None = None
        self._owns_standin = standin is None
        self._connect: asyncio.Task[None] | None = None
        self._inflight: set[asyncio.Task[Any]] = set()
        self._idle_watch: asyncio.Future[None] | None = None
        self._dispatched: dict[int, asyncio.Future[set[asyncio.Task[Any]]]] = {}
        self._watchers: list[list[int]] = []
        self._reported = 0
        self._last_seq = 0
        self._errors = _ErrorLog()
        # How far `pass_time` moved the bot's clock (kept across restarts).
        self.clock_offset = timedelta()

    # --- lifecycle -------------------------------------------------------------------------------

    async def __aenter__(self) -> Table:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def start(self) -> None:
        """Start the stand-in (if this table owns it) and a bot from the factory."""
        global _saved_endpoints
        if any(t.standin is not self.standin for t in _active):
            raise RuntimeError("a Table on another stand-in is running: Route.BASE is process-wide")
        if self not in _active:
            _active.append(self)
        await self.standin.start()
        if _saved_endpoints is None:
            _saved_endpoints = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.standin.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.standin.gateway_url)
        logging.getLogger().addHandler(self._errors)
        try:
            await self._start_bot()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        """Stop the bot, the stand-in (if owned) and, after the last table, restore
        discord.py's endpoints."""
        global _saved_endpoints
        await self._stop_bot()
        if self._owns_standin:
            await self.standin.close()
        logging.getLogger().removeHandler(self._errors)
        if self in _active:
            _active.remove(self)
        if not _active and _saved_endpoints is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = _saved_endpoints
            _saved_endpoints = None

    async def restart(self) -> None:
        """Close the bot and start a fresh one from the same factory (same stand-in state)."""
        await self._stop_bot()
        await self._start_bot()

    async def _build(self) -> discord.Client:
        hints = dict(STARTUP_HINTS) if _accepts_hints(self.factory) else {}
        made = self.factory(**hints)
        bot = await made if inspect.isawaitable(made) else made
        if not isinstance(bot, discord.Client):
            raise TypeError(f"the bot factory returned {type(bot).__name__}, not a discord.Client")
        return bot

    async def _start_bot(self) -> None:
        mark = len(self.standin.problems)
        bot = await self._build()
        self._trace_interactions(bot)
        self._shift_clock(bot)
        self.bot = bot
        try:
            await bot.login(self.standin.token)
        except Exception as error:
            problems = self.standin.problems[mark:]
            await self._stop_bot()
            if problems:
                self._reported = len(self.standin.problems)
                raise failure_for("bot login and command sync", problems) from error
            raise
        self._connect = asyncio.create_task(bot.connect(), name="standin-bot-connect")
        ready = asyncio.ensure_future(bot.wait_until_ready())
        done, _ = await asyncio.wait(
            {ready, self._connect},
            timeout=self.startup_timeout,
            return_when=asyncio.FIRST_COMPLETED,
        )
        if ready not in done:
            ready.cancel()
            failure = self._connect.exception() if self._connect.done() else None
            raise StandInError(
                f"the bot did not become ready within {self.startup_timeout:g} s"
            ) from failure
        if not self.standin.commands and self.sync_wait > 0:
            await self._wait_for_sync()
        self._last_seq = self.standin.seq
        self.check()

    async def _wait_for_sync(self) -> None:
        loop = asyncio.get_running_loop()
        until = loop.time() + self.sync_wait
        while self.standin.sync_count == 0:
            remaining = until - loop.time()
            if remaining <= 0:
                return
            change = self.standin.next_change()
            try:
                await asyncio.wait_for(change, remaining)
            except TimeoutError:
                return

    async def _stop_bot(self) -> None:
        bot, self.bot = self.bot, None
        for task in self._inflight:
            task.cancel()
        self._inflight.clear()
        if self._idle_watch is not None:
            self._idle_watch.cancel()
            self._idle_watch = None
        if bot is not None:
            await bot.close()
        if self._connect is not None:
            with contextlib.suppress(Exception):  # the bot is gone either way
                await asyncio.wait_for(self._connect, 5.0)
            self._connect = None

    def _shift_clock(self, bot: discord.Client) -> None:
        """Make the bot's clock (its `clock` attribute, when it has one) read the time
        `clock_offset` ahead of what it would."""
        base = getattr(bot, "clock", None)
        if not callable(base):
            return

        def shifted() -> datetime:
            moment: datetime = base()
            return moment + self.clock_offset

        bot.clock = shifted  # type: ignore[attr-defined]

    # --- time passing and background work ---------------------------------------------------------

    async def pass_time(self, delta: timedelta) -> None:
        """Let `delta` pass for the bot at once: move the clock it reads (its `clock`) in
        steps of at least a minute (at most `MAX_TIME_STEPS`), and at each step run its cogs'
        running task loops once, as they would have run while the time passed, and wait for
        what they started. Raises what Discord would have rejected meanwhile."""
        bot = self.bot
        if bot is None:
            raise StandInError("the bot is not running (call start() or restart())")
        if not callable(getattr(bot, "clock", None)):
            raise StandInError("the bot reads no `clock` attribute: its time cannot be moved")
        if delta <= timedelta():
            raise ValueError("time passes forward only: give a positive duration")
        steps = max(1, min(MAX_TIME_STEPS, int(delta / timedelta(minutes=1))))
        done = timedelta()
        for step in range(1, steps + 1):
            moved = delta * step / steps
            self.clock_offset += moved - done
            done = moved
            for name, loop in task_loops(bot).items():
                try:
                    await loop()
                except Exception:
                    log.exception("the bot's task loop %s failed", name)
            await self._idle()
        self._last_seq = self.standin.seq
        self.check()

    def background_work(self) -> list[str]:
        """What the bot is doing outside a player's wait: its task loops inside a step, and
        interaction handlers not waiting for a player."""
        busy = []
        if self.bot is not None:
            busy += [
                f"task loop {n}" for n, loop in task_loops(self.bot).items() if loop_busy(loop)
            ]
        return busy + [f"handler {t.get_name()}" for t in self._active_handlers()]

    async def finish_background(self, timeout: float) -> list[str]:
        """Wait up to `timeout` seconds for the bot's background work under way (a turn
        ended by its scheduler, messages it posts) to finish; what is still running then."""
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        while (busy := self.background_work()) and loop.time() < until:
            await asyncio.sleep(_POLL * 5)
        return busy

    def _trace_interactions(self, bot: discord.Client) -> None:
        """Note which tasks discord.py starts for each INTERACTION_CREATE, and its id for
        `watch_interactions` (observation only)."""
        parsers = bot._connection.parsers
        original = parsers["INTERACTION_CREATE"]

        def traced(data: Any) -> None:
            for seen in self._watchers:
                seen.append(int(data["id"]))
            before = asyncio.all_tasks()
            try:
                original(data)
            finally:
                spawned = asyncio.all_tasks() - before
                self._inflight |= spawned
                waiter = self._dispatched.pop(int(data["id"]), None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(spawned)

        parsers["INTERACTION_CREATE"] = traced

    def watch_interactions(self) -> list[int]:
        """A list that fills with the id of every interaction this table's bot receives from
        now on (across restarts): which bot, session or shard an action reached."""
        seen: list[int] = []
        self._watchers.append(seen)
        return seen

    @property
    def session_id(self) -> str | None:
        """The gateway session of this table's bot that holds its guild (None before READY)."""
        if self.bot is None:
            return None
        try:
            ws = self.bot._connection._get_websocket(self.guild_id)
        except (AttributeError, KeyError, TypeError):
            return None
        session_id = getattr(ws, "session_id", None)
        return str(session_id) if session_id is not None else None

    # --- the fixture -----------------------------------------------------------------------------

    @property
    def guild(self) -> Guild:
        """The fixture guild this table's players are in."""
        guild = self.standin.guild_by_id(self.guild_id)
        assert guild is not None
        return guild

    def member(self, name: str | None = None) -> Member:
        """A fixture member by name (default: the current player)."""
        return self.guild.member(name or self.player)

    def channel(self, name: str | None = None) -> Channel:
        """A fixture channel by name (default: the campaign channel)."""
        return self.guild.channel(name or self.channel_name)

    @property
    def players(self) -> list[str]:
        """Usernames of the fixture's members."""
        return [m.username for m in self.guild.members]

    @property
    def commands(self) -> list[SyncedCommand]:
        """The command tree the bot synced."""
        return list(self.standin.commands)

    def command(self, name: str) -> JSON:
        """One synced command's JSON by name."""
        for command in self.standin.commands:
            if command.name == name:
                return command.data
        raise KeyError(f"no synced command {name!r}")

    def script_dice(self, faces: Iterable[int]) -> None:
        """Queue dice faces the bot's next rolls will show, in order."""
        if self.faces is None:
            raise RuntimeError("this table has no QueuedFaces; pass faces=QueuedFaces() to Table")
        self.faces.push(faces)

    # --- actions ---------------------------------------------------------------------------------

    def _parser(self, files: Mapping[str, bytes] | None = None) -> SlashParser:
        uploads = {
            name: self.standin.add_upload(name, data) for name, data in (files or {}).items()
        }
        return SlashParser(
            self.guild,
            self.standin.commands,
            attachments=uploads,
            attachment_payload=self.standin.attachment_payload,
        )

    async def slash(
        self,
        line: str,
        *,
        as_: str | None = None,
        channel: str | None = None,
        files: Mapping[str, bytes] | None = None,
    ) -> Reply:
        """Type a slash command as `as_` in `channel`; returns what that player sees."""
        member = self.member(as_)
        call = self._parser(files).parse(line, member)
        return await self._interact(
            f"{line} as {member.username}",
            APPLICATION_COMMAND,
            member,
            self.channel(channel),
            call.data,
        )

    async def autocomplete(
        self,
        line: str,
        *,
        as_: str | None = None,
        channel: str | None = None,
        focused: str | None = None,
    ) -> list[Choice]:
        """Type a partial command; the focused option is `focused` or the last one typed."""
        member = self.member(as_)
        call = self._parser().parse(line, member, autocomplete=True, focused=focused)
        reply = await self._interact(
            f"autocomplete {line} as {member.username}",
            AUTOCOMPLETE,
            member,
            self.channel(channel),
            call.data,
        )
        return reply.choices

    async def click(
        self, target: Reply | SeenMessage, label: str, *, as_: str | None = None
    ) -> Reply:
        """Click the button labelled `label` (or with that custom_id) on `target`."""
        member = self.member(as_)
        matches = [
            (message, button)
            for message in self._candidates(target, member)
            for button in message.buttons
            if label in (button.label, button.custom_id)
        ]
        if not matches:
            shown = sorted(
                {str(b.label) for m in self._candidates(target, member) for b in m.buttons}
            )
            raise ClientRefused(f"{member.username} sees no button {label!r} (buttons: {shown})")
        message, button = next(((m, b) for m, b in matches if not b.disabled), matches[0])
        if button.disabled:
            raise ClientRefused(f"button {label!r} is disabled; no one can click it")
        if button.style in ("link", "premium"):
            raise ClientRefused(
                f"button {label!r} is a {button.style} button; the bot gets no click"
            )
        data: JSON = {"custom_id": button.custom_id, "component_type": K.BUTTON}
        if "id" in button.raw:
            data["id"] = button.raw["id"]
        return await self._interact(
            f"click {label!r} as {member.username}",
            MESSAGE_COMPONENT,
            member,
            self._channel_of(message),
            data,
            message=message,
        )

    async def select(
        self,
        target: Reply | SeenMessage,
        key: str | int = 0,
        values: Sequence[str] = (),
        *,
        as_: str | None = None,
    ) -> Reply:
        """Pick `values` (option values or labels; member/role/channel names) in a select."""
        member = self.member(as_)
        found: tuple[SeenMessage, SelectView] | None = None
        for message in self._candidates(target, member):
            try:
                found = (message, message.select(key))
                break
            except ClientRefused:
                continue
        if found is None:
            raise ClientRefused(f"{member.username} sees no select {key!r}")
        message, menu = found
        if menu.disabled:
            raise ClientRefused(f"select {key!r} is disabled")
        if not menu.min_values <= len(values) <= menu.max_values:
            raise ClientRefused(
                f"select {key!r} takes {menu.min_values} to {menu.max_values} values"
                f" (got {len(values)})"
            )
        data: JSON = {"custom_id": menu.custom_id, "component_type": menu.type}
        data["values"], resolved = self._select_values(menu, values, member)
        if resolved:
            data["resolved"] = resolved
        return await self._interact(
            f"select {list(values)} in {key!r} as {member.username}",
            MESSAGE_COMPONENT,
            member,
            self._channel_of(message),
            data,
            message=message,
        )

    def _select_values(
        self, menu: SelectView, values: Sequence[str], member: Member
    ) -> tuple[list[str], JSON]:
        guild = self.guild
        resolved: JSON = {}
        picked: list[str] = []
        if menu.type == K.STRING_SELECT:
            for value in values:
                option = next((o for o in menu.options if value in (o.value, o.label)), None)
                if option is None:
                    shown = ", ".join(o.label for o in menu.options)
                    raise ClientRefused(f"select has no option {value!r} (options: {shown})")
                picked.append(option.value)
            return picked, resolved
        for value in values:
            try:
                if menu.type in (K.USER_SELECT, K.MENTIONABLE_SELECT) and not value.startswith(
                    "@&"
                ):
                    chosen = guild.member(value.removeprefix("@"))
                    resolved.setdefault("users", {})[str(chosen.id)] = chosen.user_payload()
                    resolved.setdefault("members", {})[str(chosen.id)] = chosen.member_payload(
                        with_user=False, permissions=guild.permissions(chosen)
                    )
                    picked.append(str(chosen.id))
                elif menu.type in (K.ROLE_SELECT, K.MENTIONABLE_SELECT):
                    role = guild.role(value)
                    resolved.setdefault("roles", {})[str(role.id)] = role.payload()
                    picked.append(str(role.id))
                else:
                    channel = guild.channel(value)
                    resolved.setdefault("channels", {})[str(channel.id)] = channel.resolved_payload(
                        guild.permissions(member)
                    )
                    picked.append(str(channel.id))
            except KeyError as missing:
                raise ClientRefused(str(missing.args[0])) from None
        return picked, resolved

    async def submit_modal(
        self, target: Reply, values: Mapping[str, str], *, as_: str | None = None
    ) -> Reply:
        """Fill the modal the bot opened (inputs by label or custom_id) and submit it."""
        member = self.member(as_)
        modal = target.modal
        if modal is None:
            raise ClientRefused(f"{target.action} did not open a modal")
        if member.username != target.player:
            raise ClientRefused(f"the modal was shown to {target.player}, not {member.username}")
        unknown = [k for k in values if not any(k in (t.label, t.custom_id) for t in modal.inputs)]
        if unknown:
            modal.input(unknown[0])  # raises, naming the inputs the modal has
        origin = self.standin.interactions[target.interaction_id]
        data = {"custom_id": modal.custom_id, "components": self._modal_components(modal, values)}
        source = self.standin.messages.get(origin.source_message_id or 0)
        channel = self.guild.channel_by_id(origin.channel_id) or self.channel()
        return await self._interact(
            f"submit modal {modal.title!r} as {member.username}",
            MODAL_SUBMIT,
            member,
            channel,
            data,
            message=SeenMessage(self.standin, source) if source else None,
        )

    @staticmethod
    def _modal_components(modal: ModalView, values: Mapping[str, str]) -> list[JSON]:
        def filled(text: JSON, label: str) -> JSON:
            value = next(
                (v for k, v in values.items() if k in (label, text.get("custom_id"))),
                text.get("value") or "",
            )
            if text.get("required", True) and not value:
                raise ClientRefused(f"the modal input {label!r} is required")
            low, high = text.get("min_length"), text.get("max_length")
            if value and low is not None and len(value) < low:
                raise ClientRefused(f"the modal input {label!r} needs at least {low} characters")
            if high is not None and len(value) > high:
                raise ClientRefused(f"the modal input {label!r} takes at most {high} characters")
            submitted: JSON = {
                "type": K.TEXT_INPUT,
                "custom_id": text.get("custom_id"),
                "value": value,
            }
            if "id" in text:
                submitted["id"] = text["id"]
            return submitted

        components: list[JSON] = []
        for component in modal.raw.get("components") or []:
            kind = component.get("type")
            if kind == K.ACTION_ROW:
                children = [
                    filled(child, str(child.get("label", "")))
                    for child in component.get("components") or []
                    if child.get("type") == K.TEXT_INPUT
                ]
                components.append({"type": K.ACTION_ROW, "components": children})
            elif kind == K.LABEL:
                inner = component.get("component") or {}
                if inner.get("type") == K.TEXT_INPUT:
                    entry: JSON = {
                        "type": K.LABEL,
                        "component": filled(inner, str(component.get("label", ""))),
                    }
                    if "id" in component:
                        entry["id"] = component["id"]
                    components.append(entry)
        return components

    def _candidates(self, target: Reply | SeenMessage, member: Member) -> list[SeenMessage]:
        messages = (
            [target]
            if isinstance(target, SeenMessage)
            else [*target.messages, *target.posted, *target.edited]
        )
        visible = [m for m in messages if m.stored.visible_to(member.id)]
        if messages and not visible:
            raise ClientRefused(f"{member.username} cannot see that message (ephemeral or deleted)")
        return visible

    def _channel_of(self, message: SeenMessage) -> Channel:
        channel = self.guild.channel_by_id(message.stored.channel_id)
        if channel is None:
            raise ClientRefused(f"message {message.id} is in no fixture channel")
        return channel

    # --- what players see ------------------------------------------------------------------------

    def channel_messages(
        self, channel: str | None = None, *, as_: str | None = None
    ) -> list[SeenMessage]:
        """The channel's messages in order; ephemeral ones only for the player they were for."""
        viewer = self.member(as_).id if as_ else None
        found = self.channel(channel)
        return [
            SeenMessage(self.standin, m)
            for m in self.standin.channel_messages(found.id)
            if m.visible_to(viewer)
        ]

    def last_message(self, channel: str | None = None) -> SeenMessage:
        """The newest message everyone sees in the channel."""
        messages = self.channel_messages(channel)
        if not messages:
            raise AssertionError(f"#{self.channel(channel).name} has no messages")
        return messages[-1]

    async def wait_for_message(
        self,
        channel: str | None = None,
        *,
        check: Callable[[SeenMessage], bool] | None = None,
        timeout: float = 5.0,
    ) -> SeenMessage:
        """The next public message in `channel` posted after the last action (or waits for it)."""
        found = self.channel(channel)
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        while True:
            for stored in self.standin.channel_messages(found.id):
                seen = SeenMessage(self.standin, stored)
                if (
                    stored.seq > self._last_seq
                    and not stored.ephemeral
                    and (check is None or check(seen))
                ):
                    self._last_seq = stored.seq
                    return seen
            remaining = until - loop.time()
            if remaining <= 0:
                raise AssertionError(f"no new message in #{found.name} within {timeout:g} s")
            try:
                await asyncio.wait_for(self.standin.next_change(), remaining)
            except TimeoutError:
                continue

    def take_problems(self) -> list[Problem]:
        """Problems recorded since the last report, now counted as reported."""
        problems = self.standin.problems[self._reported :]
        self._reported = len(self.standin.problems)
        return problems

    def check(self) -> None:
        """Raise problems recorded since the last report (e.g. by background tasks)."""
        problems = self.take_problems()
        if problems:
            raise failure_for("outside any player action", problems)

    # --- running one interaction -----------------------------------------------------------------

    async def _interact(
        self,
        action: str,
        kind: int,
        member: Member,
        channel: Channel,
        data: JSON,
        *,
        message: SeenMessage | None = None,
    ) -> Reply:
        self.check()
        if self.bot is None:
            raise StandInError("the bot is not running (call start() or restart())")
        via = None  # the default: every session of the guild's shard
        if self.standin.one_session_per_interaction:
            via = self.session_id  # this table's bot, not the other bots in the guild
            if via is None:
                raise StandInError("the table's bot has no gateway session for its guild")
        mark = len(self.standin.problems)
        seq_mark = self.standin.seq
        self._errors.records.clear()
        record = self.standin.new_interaction(
            kind, member, channel, data, message=message.stored if message else None
        )
        loop = asyncio.get_running_loop()
        waiter: asyncio.Future[set[asyncio.Task[Any]]] = loop.create_future()
        self._dispatched[record.id] = waiter
        try:
            await self.standin.send_interaction(record, via=via)
        except RuntimeError as error:
            self._dispatched.pop(record.id, None)
            raise InteractionFailed(action, [], details=str(error)) from None
        try:
            handlers = await asyncio.wait_for(waiter, self.settle_timeout)
        except TimeoutError:
            handlers = set()
            self.standin.record(
                Problem(
                    "interaction.not_received",
                    f"the bot did not process INTERACTION_CREATE within {self.settle_timeout:g} s",
                    0,
                    "gateway",
                    record.id,
                )
            )
        details = await self._settle(record, handlers)
        self._judge(record, handlers)
        self._last_seq = self.standin.seq
        problems = self.standin.problems[mark:]
        self._reported = len(self.standin.problems)
        if problems:
            raise failure_for(action, problems, details=details)
        return self._reply(action, member, record, seq_mark)

    async def _settle(self, record: InteractionRecord, handlers: set[asyncio.Task[Any]]) -> str:
        """Wait until every running handler finished or is parked waiting for a player."""
        loop = asyncio.get_running_loop()
        until = loop.time() + self.settle_timeout
        acknowledged = asyncio.ensure_future(record.acknowledged.wait())
        idle = self._idle()
        try:
            while True:
                if idle.done() or (record.expired and record.response_type is None):
                    break
                remaining = until - loop.time()
                if remaining <= 0:
                    self.standin.record(
                        Problem(
                            "interaction.still_running",
                            f"the bot was still handling it after {self.settle_timeout:g} s",
                            0,
                            "",
                            record.id,
                        )
                    )
                    break
                wake: set[asyncio.Future[Any]] = {idle}
                if not acknowledged.done():
                    wake.add(acknowledged)
                await asyncio.wait(wake, timeout=remaining, return_when=asyncio.FIRST_COMPLETED)
        finally:
            acknowledged.cancel()
        failures = []
        for task in handlers:
            if task.done() and not task.cancelled() and task.exception() is not None:
                failures.append(f"  handler {task.get_name()} raised {task.exception()!r}")
        summary = self._errors.summary()
        return "\n".join([*failures, summary] if summary else failures)

    def _idle(self) -> asyncio.Future[None]:
        """Done once every running handler finished or is parked waiting for a player. One
        watcher per table, shared by the actions settling at the same time (each polling the
        handlers itself would make a burst of N actions cost N² checks)."""
        if self._idle_watch is None or self._idle_watch.done():
            self._idle_watch = asyncio.ensure_future(self._watch_until_idle())
        return self._idle_watch

    async def _watch_until_idle(self) -> None:
        while active := self._active_handlers():
            await asyncio.wait(active, timeout=_POLL, return_when=asyncio.FIRST_COMPLETED)

    def _active_handlers(self) -> list[asyncio.Task[Any]]:
        """The interaction handlers still running and not waiting for a player (the finished
        ones are forgotten)."""
        self._inflight = {t for t in self._inflight if not t.done()}
        return [t for t in self._inflight if not self._parked(t)]

    def _parked(self, task: asyncio.Task[Any]) -> bool:
        """Whether the task waits for a player: in View.wait() or on a client.wait_for()."""
        listeners: list[object] = []
        if self.bot is not None:
            listeners = [f for entries in self.bot._listeners.values() for f, _ in entries]
        awaited: Any = task.get_coro()
        while hasattr(awaited, "cr_await"):
            frame = awaited.cr_frame
            if frame is not None and frame.f_code is _VIEW_WAIT:
                view = frame.f_locals.get("self")
                return isinstance(view, discord.ui.view.BaseView) and not view.is_finished()
            if frame is not None and frame.f_code is _WAIT_FOR:
                future = frame.f_locals.get("fut")
                return any(future is f for f in listeners) and not future.done()
            awaited = awaited.cr_await
        return False

    def _judge(self, record: InteractionRecord, handlers: set[asyncio.Task[Any]]) -> None:
        """Record what the player saw go wrong once the bot is done."""
        if record.response_type is None and not record.expired:
            if not handlers:
                rule = "interaction.no_handler"
                text = "the bot has no handler for it: Discord shows 'This interaction failed'"
            else:
                rule = "interaction.no_response"
                text = (
                    "the bot finished without responding: the player sees "
                    "'The application did not respond'"
                )
            if not any(
                p.interaction_id == record.id for p in self.standin.problems[self._reported :]
            ):
                self.standin.record(Problem(rule, text, 0, "", record.id))
        original = self.standin.messages.get(record.response_message_id or 0)
        if (
            record.response_type == DEFERRED_CHANNEL_MESSAGE
            and original
            and original.loading
            and not original.deleted
        ):
            self.standin.record(
                Problem(
                    "interaction.deferred_forever",
                    "the bot deferred but never sent the follow-up: the player sees "
                    "'... is thinking' until the token expires",
                    0,
                    "",
                    record.id,
                )
            )

    def _reply(
        self, action: str, member: Member, record: InteractionRecord, seq_mark: int
    ) -> Reply:
        standin = self.standin
        main = standin.messages.get(record.response_message_id or 0)
        known = {record.response_message_id, *record.followup_ids}
        posted: list[SeenMessage] = []
        edited: list[SeenMessage] = []
        for stored in standin.messages.values():
            if stored.id in known or stored.edit_seq <= seq_mark:
                continue
            if stored.seq > seq_mark and stored.visible_to(member.id):
                posted.append(SeenMessage(standin, stored))
            elif stored.seq <= seq_mark and (stored.deleted or stored.visible_to(member.id)):
                edited.append(SeenMessage(standin, stored))
        return Reply(
            action=action,
            player=member.username,
            interaction_id=record.id,
            response_type=record.response_type,
            message=SeenMessage(standin, main) if main is not None else None,
            followups=[SeenMessage(standin, standin.messages[i]) for i in record.followup_ids],
            posted=posted,
            edited=edited,
            modal=ModalView(record.modal) if record.modal is not None else None,
            choices=[Choice(str(c["name"]), c["value"]) for c in record.choices or []],
        )


def load_factory(spec: str, **kwargs: Any) -> Callable[..., Any]:
    """`package.module:function` → a factory calling it with `kwargs` and the client hints."""
    module_name, _, attribute = spec.partition(":")
    target = getattr(importlib.import_module(module_name), attribute or "create_bot")

    def factory(**client_kwargs: Any) -> Any:
        return target(**kwargs, **client_kwargs)

    return factory
