"""The stand-in for Discord: REST API and gateway websocket on 127.0.0.1.

An unchanged discord.py bot reaches it when `discord.http.Route.BASE` points at
`api_base` and `DiscordWebSocket.DEFAULT_GATEWAY` at `gateway_url`. It answers what a bot
calls (login, application info, command sync, interaction callbacks, follow-ups, channel
messages, files), sends READY / GUILD_CREATE / INTERACTION_CREATE, validates every request
body against Discord's published schema (`schema`) and the rules it cannot express
(`limits`), answers over Discord's rate limits with 429 (`ratelimits`), and records what
Discord would have rejected as `Problem`s.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import socket
import time
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Mapping
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from aiohttp import BodyPartReader
from aiohttp import web

from bot.standin import kinds as K
from bot.standin import limits as L
from bot.standin.errors import MENTION_RULE_PREFIX
from bot.standin.fixture import FIXTURE_TIME_MS
from bot.standin.fixture import READ_MESSAGE_HISTORY
from bot.standin.fixture import Channel
from bot.standin.fixture import Guild
from bot.standin.fixture import GuildSpec
from bot.standin.fixture import Member
from bot.standin.fixture import Snowflakes
from bot.standin.fixture import build_guild
from bot.standin.fixture import demo_guild
from bot.standin.fixture import iso_now
from bot.standin.gateway import Gateway
from bot.standin.mentions import check_mentions
from bot.standin.mentions import pings
from bot.standin.ratelimits import RateLimits
from bot.standin.schema import BodyValidator
from bot.standin.state import APPLICATION_COMMAND
from bot.standin.state import AUTOCOMPLETE
from bot.standin.state import AUTOCOMPLETE_RESULT
from bot.standin.state import CHANNEL_MESSAGE
from bot.standin.state import DEFERRED_CHANNEL_MESSAGE
from bot.standin.state import DEFERRED_UPDATE_MESSAGE
from bot.standin.state import MESSAGE_COMPONENT
from bot.standin.state import MODAL
from bot.standin.state import MODAL_SUBMIT
from bot.standin.state import UPDATE_MESSAGE
from bot.standin.state import InteractionRecord
from bot.standin.state import Problem
from bot.standin.state import StoredAttachment
from bot.standin.state import StoredMessage
from bot.standin.state import SyncedCommand

JSON = dict[str, Any]
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

log = logging.getLogger(__name__)

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}
# The command rules' verdicts on registrations already checked, by the SHA-256 of the request
# body and Discord's locales (all that `limits.check_commands` reads): a bot registers the same
# commands at every start, in every test. The newest COMMAND_VERDICTS_KEPT are kept; a verdict
# is a tuple of frozen violations, and every caller gets a list of its own.
COMMAND_VERDICTS_KEPT = 16
_command_verdicts: dict[tuple[bytes, frozenset[str] | None], tuple[L.Violation, ...]] = {}


def command_violations(
    raw: bytes, commands: Sequence[Mapping[str, Any]], locales: frozenset[str] | None
) -> list[L.Violation]:
    """`limits.check_commands(commands, locales)` for the registration whose request body is
    `raw` (the JSON `commands` was read from), checked once per body and locales."""
    key = (hashlib.sha256(raw).digest(), locales)
    verdict = _command_verdicts.pop(key, None)
    if verdict is None:
        verdict = tuple(L.check_commands(commands, locales))
        while _command_verdicts and len(_command_verdicts) >= COMMAND_VERDICTS_KEPT:
            del _command_verdicts[next(iter(_command_verdicts))]
    _command_verdicts[key] = verdict  # the newest last: the oldest goes first
    return list(verdict)


SENDABLE_FLAGS = K.SUPPRESS_EMBEDS | K.EPHEMERAL | K.SUPPRESS_NOTIFICATIONS | K.IS_COMPONENTS_V2
CHAT_INPUT_COMMAND_MESSAGE = 20


@dataclass
class Upload:
    """One `files[n]` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


class Rejection(Exception):
    """Answer this request with a Discord error (and record the problems)."""

    def __init__(self, status: int, problems: Sequence[Problem], body: JSON | None = None) -> None:
        super().__init__(str(problems[0]) if problems else f"HTTP {status}")
        self.status = status
        self.problems = list(problems)
        self.body = body or {"code": problems[0].code, "message": problems[0].message}


def json_response(
    data: object, status: int = 200, *, headers: Mapping[str, str] | None = None
) -> web.Response:
    """JSON with exactly `application/json` (discord.py parses nothing else)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


class StandIn:
    """A local Discord: one application, its guilds from fixtures, everything recorded.

    `guild` is the first guild (the one tables play in unless told otherwise);
    `other_guilds` the rest. `shards` is the shard count GET /gateway/bot recommends; a
    guild's events go to the session of shard `(guild_id >> 22) % shard_count`.

    Two bot sessions may hold one guild (both unsharded, or on the same shard, as while a
    rolling restart briefly runs a shard twice). Both get the guild's events; its
    interactions too, unless `one_session_per_interaction`: then each INTERACTION_CREATE goes
    to exactly one of them, the session its sender names (`send_interaction(via=…)`; a
    `Table` names its own bot's) or else the next in turn.
    """

    def __init__(
        self,
        guild: GuildSpec | None = None,
        *,
        other_guilds: Sequence[GuildSpec] = (),
        shards: int = 1,
        token: str = "standin-token",  # noqa: S107 - the stand-in's fake bot token
        response_deadline: float = L.RESPONSE_DEADLINE,
        token_lifetime: float = L.TOKEN_LIFETIME,
        application_name: str = "Privateer",
        schema: BodyValidator | None = None,
        rate_limits: RateLimits | None = None,
        one_session_per_interaction: bool = False,
    ) -> None:
        self.ids = Snowflakes()
        # Every id this stand-in hands out is at least this one: a message id below it was
        # posted before it started (an earlier run of `python -m bot local` on its database).
        self.first_id = self.ids.next()
        self.token = token
        self.response_deadline = response_deadline
        self.token_lifetime = token_lifetime
        stable = Snowflakes(at_ms=FIXTURE_TIME_MS)
        self.application_id = stable.next()
        self.application_name = application_name
        self.guild = build_guild(guild or demo_guild(), stable, self.application_id)
        self.guilds = [self.guild]
        self.guilds += [build_guild(spec, stable, self.application_id) for spec in other_guilds]
        self.shards = shards
        self.one_session_per_interaction = one_session_per_interaction
        self._next_session: dict[int, int] = {}  # by guild: whose turn it is (one session)
        self.bot_user: Member = self.guild.bot
        self.commands: list[SyncedCommand] = []
        self.sync_count = 0
        # Called (in a worker thread) with `saved_commands()` once a sync is taken, before
        # the bot hears it succeeded: the terminal keeps them as Discord would, at once.
        self.keep_commands: Callable[[list[JSON]], None] | None = None
        self.messages: dict[int, StoredMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.problems: list[Problem] = []
        # Against Discord's pinned schema, built on first use unless a validator is given.
        self.schema = schema if schema is not None else BodyValidator.pinned()
        self.rate_limits = rate_limits if rate_limits is not None else RateLimits()
        self.gateway = Gateway(self)
        self.seq = 0
        self._uploads_by_name: dict[str, StoredAttachment] = {}
        # Channel messages created with `enforce_nonce`, by author and nonce (Discord checks
        # a nonce among the same author's messages, whatever their channel), and when.
        self._nonced: dict[tuple[int, str], tuple[StoredMessage, float]] = {}
        self._waiters: list[asyncio.Future[None]] = []
        self._runner: web.AppRunner | None = None
        self._port = 0

    # --- lifecycle -------------------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """http://127.0.0.1:PORT"""
        return f"http://127.0.0.1:{self._port}"

    @property
    def api_base(self) -> str:
        """What `discord.http.Route.BASE` must be."""
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        """What `DiscordWebSocket.DEFAULT_GATEWAY` must be."""
        return f"ws://127.0.0.1:{self._port}/gateway"

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        if self._runner is not None:
            return
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self.gateway.handle)
        app.router.add_route("GET", "/attachments/{channel}/{id}/{filename}", self._attachment)
        for method, path, handler in self._routes():
            app.router.add_route(method, "/api/v10" + path, self._wrap(method, path, handler))
        app.router.add_route("*", "/{tail:.*}", self._unsupported)
        runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.bind(("127.0.0.1", 0))
        self._port = int(sock.getsockname()[1])
        await web.SockSite(runner, sock).start()
        self._runner = runner

    async def close(self) -> None:
        """Close every gateway session and stop listening."""
        await self.gateway.close()
        for record in self.interactions.values():
            if record.timer is not None:
                record.timer.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> StandIn:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # --- what tests and the table use ------------------------------------------------------------

    def record(self, problem: Problem) -> None:
        """Remember a problem; the table raises it at the end of the current action."""
        log.warning("stand-in: %s", problem)
        self.problems.append(problem)
        self.changed_now()

    def changed_now(self) -> None:
        """Wake everyone waiting in `next_change`."""
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done():
                waiter.set_result(None)

    def next_change(self) -> asyncio.Future[None]:
        """A future resolved at the next recorded message, edit, sync or problem."""
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiters.append(waiter)
        return waiter

    def saved_commands(self) -> list[JSON]:
        """The synced commands as JSON rows, to keep between runs as Discord does."""
        return [{"id": c.id, "guild_id": c.guild_id, "data": c.data} for c in self.commands]

    def restore_commands(self, rows: list[JSON]) -> None:
        """Take back the commands `saved_commands` gave."""
        self.commands = [SyncedCommand(int(r["id"]), r["guild_id"], r["data"]) for r in rows]

    def add_upload(
        self, filename: str, data: bytes, content_type: str | None = None
    ) -> StoredAttachment:
        """A file a player attaches to a slash command (attachment options)."""
        attachment = StoredAttachment(self.ids.next(), filename, data, content_type)
        self._uploads_by_name[filename] = attachment
        return attachment

    def attachment_payload(self, attachment: StoredAttachment) -> JSON:
        """An attachment object served from this stand-in (for `resolved.attachments`)."""
        return attachment.payload(self.base_url, 0)

    def guild_by_id(self, guild_id: int | None) -> Guild | None:
        """One of the stand-in's guilds by id."""
        return next((g for g in self.guilds if g.id == guild_id), None)

    def channel_by_id(self, channel_id: int) -> Channel | None:
        """A channel or thread of any of the guilds by id."""
        return next((c for g in self.guilds if (c := g.channel_by_id(channel_id))), None)

    def guild_of(self, channel: Channel) -> Guild:
        """The guild a channel is in."""
        return self.guild_by_id(channel.guild_id) or self.guild

    def channel_messages(self, channel_id: int) -> list[StoredMessage]:
        """The messages of a channel in order, deleted ones left out."""
        return [m for m in self.messages.values() if m.channel_id == channel_id and not m.deleted]

    def new_interaction(
        self,
        kind: int,
        member: Member,
        channel: Channel,
        data: JSON,
        *,
        message: StoredMessage | None = None,
    ) -> InteractionRecord:
        """Build (but do not send) an interaction from `member` in `channel`."""
        interaction_id = self.ids.next()
        token = InteractionRecord.new_token()
        guild = self.guild_of(channel)
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": kind,
            "data": data,
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "channel_id": str(channel.id),
            "channel": channel.resolved_payload(guild.permissions(member)),
            "member": member.member_payload(permissions=guild.permissions(member)),
            "token": token,
            "version": 1,
            "app_permissions": str(guild.permissions(guild.bot)),
            "locale": member.locale,
            "guild_locale": guild.locale,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(guild.id)},
            "context": 0,
            "attachment_size_limit": L.ATTACHMENT_SIZE_LIMIT,
        }
        if message is not None:
            payload["message"] = message.payload(self.base_url)
        return InteractionRecord(
            interaction_id,
            token,
            kind,
            member,
            channel.id,
            payload,
            created=time.monotonic(),
            source_message_id=message.id if message is not None else None,
        )

    async def send_interaction(self, record: InteractionRecord, *, via: str | None = None) -> None:
        """Send INTERACTION_CREATE and start the 3-second clock: to the session `via` names
        (a session id; it must hold the guild), else to one session in turn when
        `one_session_per_interaction`, else to every session of the guild's shard.
        `record.session_ids` says which sessions it went to."""
        guild_id = int(record.payload["guild_id"])
        if not self.gateway.connected:
            raise RuntimeError("no bot is connected to the stand-in's gateway")
        if not self.gateway.connected_to(guild_id):
            raise RuntimeError(f"no session of the stand-in's gateway has guild {guild_id}'s shard")
        sessions = self.gateway.sessions_of(guild_id)
        if via is not None:
            sessions = [s for s in sessions if s.session_id == via][:1]
            if not sessions:
                raise RuntimeError(
                    f"no session {via!r} of the stand-in's gateway has guild {guild_id}"
                )
        elif self.one_session_per_interaction:
            turn = self._next_session.get(guild_id, 0)
            self._next_session[guild_id] = turn + 1
            sessions = [sessions[turn % len(sessions)]]
        self.interactions[record.id] = record
        record.session_ids = [s.session_id for s in sessions]
        record.created = time.monotonic()
        loop = asyncio.get_running_loop()
        record.timer = loop.call_later(self.response_deadline, self._expire, record)
        for session in sessions:
            await session.dispatch("INTERACTION_CREATE", record.payload)

    def _expire(self, record: InteractionRecord) -> None:
        if record.response_type is not None:
            return
        record.expired = True
        self.record(
            Problem(
                "interaction.deadline",
                f"no initial response within {self.response_deadline:g} s: the player sees "
                "'The application did not respond' and later callbacks fail with 10062",
                L.UNKNOWN_INTERACTION,
                "INTERACTION_CREATE",
                record.id,
            )
        )
        record.acknowledged.set()

    # --- REST plumbing ---------------------------------------------------------------------------

    def _routes(self) -> list[tuple[str, str, Handler]]:
        commands = "/applications/{app}/commands"
        guild_commands = "/applications/{app}/guilds/{guild}/commands"
        callback = "/interactions/{interaction}/{token}/callback"
        webhook = "/webhooks/{app}/{token}"
        webhook_message = "/webhooks/{app}/{token}/messages/{message}"
        channel_message = "/channels/{channel}/messages/{message}"
        return [
            ("GET", "/users/@me", self._me),
            ("GET", "/users/{user}", self._user),
            ("GET", "/oauth2/applications/@me", self._application),
            ("GET", "/applications/@me", self._application),
            ("GET", "/gateway", self._gateway_info),
            ("GET", "/gateway/bot", self._gateway_info),
            ("GET", commands, self._get_commands),
            ("PUT", commands, self._put_commands),
            ("GET", guild_commands, self._get_commands),
            ("PUT", guild_commands, self._put_commands),
            ("POST", callback, self._callback),
            ("POST", webhook, self._followup),
            ("GET", webhook_message, self._get_webhook_message),
            ("PATCH", webhook_message, self._edit_webhook_message),
            ("DELETE", webhook_message, self._delete_webhook_message),
            ("GET", "/channels/{channel}", self._get_channel),
            ("GET", "/channels/{channel}/messages", self._channel_history),
            ("POST", "/channels/{channel}/messages", self._create_channel_message),
            ("GET", channel_message, self._get_channel_message),
            ("PATCH", channel_message, self._edit_channel_message),
            ("DELETE", channel_message, self._delete_channel_message),
            ("GET", "/guilds/{guild}", self._get_guild),
            ("GET", "/guilds/{guild}/channels", self._get_guild_channels),
            ("GET", "/guilds/{guild}/roles", self._get_guild_roles),
            ("GET", "/guilds/{guild}/members/{user}", self._get_member),
        ]

    def _wrap(self, method: str, path: str, handler: Handler) -> Handler:
        needs_auth = not path.startswith(("/interactions/", "/webhooks/"))

        async def wrapped(request: web.Request) -> web.StreamResponse:
            route = f"{method} {path}"
            if needs_auth and request.headers.get("Authorization") != f"Bot {self.token}":
                return json_response({"code": 0, "message": "401: Unauthorized"}, 401)
            limit = self.rate_limits.check(method, path, request.match_info)
            if not limit.allowed:
                return json_response(limit.body(), 429, headers=limit.headers)
            try:
                response = await handler(request)
                response.headers.update(limit.headers)
                return response
            except Rejection as rejection:
                for problem in rejection.problems:
                    self.record(problem if problem.route else _at(problem, route))
                return json_response(rejection.body, rejection.status)
            except Exception as error:
                # A 400, not a 500: discord.py would retry a 500 five times with back-off.
                log.exception("stand-in failed on %s", route)
                text = f"the stand-in could not handle this request: {error!r}"
                self.record(Problem("standin.error", text, 0, route))
                return json_response({"code": 0, "message": text}, 400)

        return wrapped

    async def _unsupported(self, request: web.Request) -> web.Response:
        route = f"{request.method} {request.path}"
        self.record(
            Problem(
                "standin.unsupported",
                f"the stand-in does not implement {route}; add it to bot/standin/server.py",
                0,
                route,
            )
        )
        return json_response({"code": 0, "message": "404: Not Found"}, 404)

    async def _attachment(self, request: web.Request) -> web.Response:
        wanted = int(request.match_info["id"])
        for message in self.messages.values():
            for attachment in message.attachments:
                if attachment.id == wanted:
                    return web.Response(body=attachment.data)
        for attachment in self._uploads_by_name.values():
            if attachment.id == wanted:
                return web.Response(body=attachment.data)
        return web.Response(status=404)

    async def _read_body(
        self, request: web.Request, operation: str, interaction_id: int | None = None
    ) -> tuple[Any, list[Upload]]:
        """The JSON body (or multipart `payload_json`) and the uploaded `files[n]` parts.

        The body must fit the request body schema of `operation` (an operationId of
        Discord's OpenAPI spec, looked up in `discord_schema.operations`), else the request
        is rejected as Discord would.
        """
        body, uploads = await self._parse_body(request)
        violations = self.schema.check(operation, body)
        if violations:
            raise self._reject(violations, interaction_id)
        return body, uploads

    @staticmethod
    async def _parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
        uploads: list[Upload] = []
        if request.content_type.startswith("multipart/"):
            payload: JSON = {}
            reader = await request.multipart()
            while True:
                part = await reader.next()
                if part is None:
                    break
                if not isinstance(part, BodyPartReader):
                    continue
                if part.name == "payload_json":
                    payload = json.loads(await part.text())
                elif part.name and part.name.startswith("files["):
                    index = int(part.name[len("files[") : -1])
                    data = bytes(await part.read(decode=False))
                    content_type = part.headers.get("Content-Type")
                    uploads.append(
                        Upload(index, part.filename or f"file{index}", data, content_type)
                    )
            return payload, uploads
        raw = await request.read()
        return (json.loads(raw) if raw else {}), uploads

    def _bad(
        self, rule: str, message: str, code: int, interaction_id: int | None = None
    ) -> Problem:
        return Problem(rule, message, code, interaction_id=interaction_id)

    def _reject(
        self, violations: Sequence[L.Violation], interaction_id: int | None, prefix: L.Path = ()
    ) -> Rejection:
        moved = [
            L.Violation(v.rule, (*prefix, *v.path), v.message, v.code, v.error_code)
            for v in violations
        ]
        problems = [Problem.from_violation(v, "", interaction_id) for v in moved]
        status = 413 if moved[0].code == L.REQUEST_TOO_LARGE else 400
        return Rejection(status, problems, L.error_body(moved))

    # --- users, application, gateway info --------------------------------------------------------

    async def _me(self, request: web.Request) -> web.Response:
        user = self.bot_user.user_payload()
        user.update(verified=True, mfa_enabled=False, flags=0, locale="en-US")
        return json_response(user)

    async def _user(self, request: web.Request) -> web.Response:
        user_id = int(request.match_info["user"])
        member = next((m for g in self.guilds if (m := g.member_by_id(user_id))), None)
        if member is None:
            raise Rejection(404, [self._bad("user.unknown", "Unknown User", 10013)])
        return json_response(member.user_payload())

    async def _application(self, request: web.Request) -> web.Response:
        owner = self.guild.member_by_id(self.guild.owner_id) or self.bot_user
        return json_response(
            {
                "id": str(self.application_id),
                "name": self.application_name,
                "icon": None,
                "description": "Local Discord stand-in",
                "rpc_origins": [],
                "bot_public": False,
                "bot_require_code_grant": False,
                "bot": self.bot_user.user_payload(),
                "owner": owner.user_payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
                "guild_id": str(self.guild.id),
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "tags": [],
            }
        )

    async def _gateway_info(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.gateway_url,
                "shards": self.shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    # --- commands --------------------------------------------------------------------------------

    def _check_app(self, request: web.Request) -> None:
        if request.match_info.get("app") != str(self.application_id):
            raise Rejection(404, [self._bad("application.unknown", "Unknown Application", 10002)])

    def _scope(self, request: web.Request) -> int | None:
        self._check_app(request)
        guild = request.match_info.get("guild")
        if guild is None:
            return None
        if not guild.isdecimal() or self.guild_by_id(int(guild)) is None:
            raise Rejection(
                403, [self._bad("command.guild", f"the bot is not in guild {guild}", 50001)]
            )
        return int(guild)

    def synced_payload(self, command: SyncedCommand) -> JSON:
        """A command as Discord returns it from sync and GET."""
        data: JSON = {
            "name_localizations": None,
            "description_localizations": None,
            "default_member_permissions": None,
            "nsfw": False,
            "type": 1,
            **command.data,
            "id": str(command.id),
            "application_id": str(self.application_id),
            "version": str(command.id),
        }
        if command.guild_id is not None:
            data["guild_id"] = str(command.guild_id)
        return data

    async def _get_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return json_response([self.synced_payload(c) for c in self.commands if c.guild_id == scope])

    async def _put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        operation = "bulk_set_application_commands"
        if scope is not None:
            operation = "bulk_set_guild_application_commands"
        body, _ = await self._read_body(request, operation)
        if not isinstance(body, list):
            raise Rejection(
                400, [self._bad("command.body", "expected a JSON list of commands", 50035)]
            )
        violations = command_violations(await request.read(), body, self.schema.locales)
        if violations:
            raise self._reject(violations, None)
        old = {(c.type, c.name): c.id for c in self.commands if c.guild_id == scope}
        synced = [
            SyncedCommand(
                old.get((int(d.get("type", 1)), str(d["name"]))) or self.ids.next(), scope, d
            )
            for d in body
        ]
        self.commands = [c for c in self.commands if c.guild_id != scope] + synced
        if self.keep_commands is not None:
            await asyncio.to_thread(self.keep_commands, self.saved_commands())
        self.sync_count += 1
        self.changed_now()
        return json_response([self.synced_payload(c) for c in synced])

    # --- messages --------------------------------------------------------------------------------

    def _new_message(self, channel_id: int, **fields: Any) -> StoredMessage:
        self.seq += 1
        channel = self.channel_by_id(channel_id)
        guild = self.guild_of(channel) if channel is not None else self.guild
        message = StoredMessage(
            id=self.ids.next(),
            channel_id=channel_id,
            guild_id=guild.id,
            author=guild.bot,
            seq=self.seq,
            **fields,
        )
        message.edit_seq = self.seq
        return message

    def _store(self, message: StoredMessage) -> None:
        self.messages[message.id] = message
        self.changed_now()

    def _attachments(
        self, body: Mapping[str, Any], uploads: Sequence[Upload]
    ) -> list[StoredAttachment]:
        described = {str(a.get("id")): a for a in body.get("attachments") or []}
        stored = []
        for upload in uploads:
            entry = described.get(str(upload.index), {})
            stored.append(
                StoredAttachment(
                    self.ids.next(),
                    str(entry.get("filename") or upload.filename),
                    upload.data,
                    upload.content_type,
                    entry.get("description"),
                )
            )
        return stored

    def _validate(
        self,
        body: Mapping[str, Any],
        uploads: Sequence[Upload],
        interaction_id: int | None,
        *,
        edit: bool = False,
        prefix: L.Path = (),
    ) -> None:
        violations = L.check_message(
            body, files=[(u.filename, len(u.data)) for u in uploads], edit=edit
        )
        if violations:
            raise self._reject(violations, interaction_id, prefix)
        mentions = check_mentions(body, prefix)
        refused = [v for v in mentions if not v.rule.startswith(MENTION_RULE_PREFIX)]
        if refused:
            raise self._reject(refused, interaction_id)
        # Discord sends a message that pings whom it does not name; the test fails all the same.
        for violation in mentions:
            self.record(Problem.from_violation(violation, "", interaction_id))

    def _apply_create(
        self, message: StoredMessage, body: Mapping[str, Any], uploads: Sequence[Upload]
    ) -> None:
        message.content = body.get("content") or ""
        message.embeds = list(body.get("embeds") or [])
        message.components = list(body.get("components") or [])
        message.flags = (body.get("flags") or 0) & SENDABLE_FLAGS
        message.tts = bool(body.get("tts"))
        message.pings = pings(message.content, body.get("allowed_mentions"))
        message.attachments = self._attachments(body, uploads)
        if body.get("message_reference"):
            message.type = 19
            message.extra["message_reference"] = body["message_reference"]

    def _apply_edit(
        self,
        message: StoredMessage,
        body: Mapping[str, Any],
        uploads: Sequence[Upload],
        interaction_id: int | None,
        prefix: L.Path = (),
    ) -> None:
        self._validate(body, uploads, interaction_id, edit=True, prefix=prefix)
        kept = message.attachments
        if "attachments" in body:
            wanted = {str(a.get("id")) for a in body["attachments"] or []}
            kept = [a for a in message.attachments if str(a.id) in wanted]
        attachments = kept + self._attachments(body, uploads)
        merged: JSON = {
            "content": body.get("content", message.content),
            "embeds": body.get("embeds", message.embeds),
            "components": body.get("components", message.components),
        }
        empty = L.check_not_empty(merged, len(attachments))
        if empty:
            raise self._reject(empty, interaction_id, prefix)
        if message.loading:
            # The first edit of a deferred response is what players are notified of.
            message.pings = pings(merged["content"] or "", body.get("allowed_mentions"))
        message.content = merged["content"] or ""
        message.embeds = list(merged["embeds"] or [])
        message.components = list(merged["components"] or [])
        message.attachments = attachments
        if "flags" in body and body["flags"] is not None:
            keep = message.flags & K.EPHEMERAL
            message.flags = keep | (int(body["flags"]) & (K.SUPPRESS_EMBEDS | K.IS_COMPONENTS_V2))
        message.flags &= ~K.LOADING
        self.seq += 1
        message.edit_seq = self.seq
        message.edited_timestamp = iso_now()
        self.changed_now()

    def _channel(self, request: web.Request) -> Channel:
        channel = self.channel_by_id(int(request.match_info["channel"]))
        if channel is None:
            raise Rejection(404, [self._bad("channel.unknown", "Unknown Channel", 10003)])
        return channel

    def _channel_message(self, request: web.Request) -> StoredMessage:
        channel = self._channel(request)
        message = self.messages.get(int(request.match_info["message"]))
        if (
            message is None
            or message.deleted
            or message.channel_id != channel.id
            or message.ephemeral
        ):
            raise Rejection(404, [self._bad("message.unknown", "Unknown Message", 10008)])
        return message

    def _gone(self, request: web.Request) -> bool:
        """Whether the channel message the request names was there once and is gone:
        deleted, or posted before this stand-in started."""
        message_id = int(request.match_info["message"])
        message = self.messages.get(message_id)
        if message is None:
            return message_id < self.first_id
        return message.deleted and message.channel_id == self._channel(request).id

    async def _get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).payload())

    async def _channel_history(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        guild = self.guild_of(channel)
        if not guild.permissions(guild.bot) & READ_MESSAGE_HISTORY:
            # resources/message#get-channel-messages: without Read Message History "no
            # messages will be returned".
            return json_response([])
        limit = min(int(request.query.get("limit", "50")), 100)
        visible = sorted(
            (m for m in self.channel_messages(channel.id) if not m.ephemeral), key=lambda m: m.id
        )
        # Discord pages with before / after / around and always answers newest first: the
        # `limit` messages next to the anchor (discord.py's history() walks pages this way).
        if "before" in request.query:
            before = int(request.query["before"])
            page = [m for m in visible if m.id < before][-limit:]
        elif "after" in request.query:
            after = int(request.query["after"])
            page = [m for m in visible if m.id > after][:limit]
        elif "around" in request.query:
            around = int(request.query["around"])
            at = next((i for i, m in enumerate(visible) if m.id >= around), len(visible))
            start = max(0, at - limit // 2)
            page = visible[start : start + limit]
        else:
            page = visible[-limit:]
        return json_response([m.payload(self.base_url) for m in reversed(page)])

    async def _create_channel_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, uploads = await self._read_body(request, "create_message")
        self._validate(body, uploads, None)
        if body.get("flags", 0) & K.EPHEMERAL:
            raise Rejection(
                400,
                [self._bad("message.flags", "only interaction responses can be ephemeral", 50035)],
            )
        sent = body.get("nonce") if body.get("enforce_nonce") else None
        nonce = None if sent is None else (self.guild_of(channel).bot.id, str(sent))
        earlier = None if nonce is None else self._nonced.get(nonce)
        if earlier is not None and time.monotonic() - earlier[1] <= L.NONCE_WINDOW:
            return json_response(earlier[0].payload(self.base_url))  # sent again: the first
        message = self._new_message(channel.id)
        self._apply_create(message, body, uploads)
        self._store(message)
        if nonce is not None:
            self._nonced[nonce] = (message, time.monotonic())
        await self.gateway.broadcast_message("MESSAGE_CREATE", message)
        return json_response(message.payload(self.base_url))

    async def _get_channel_message(self, request: web.Request) -> web.Response:
        return json_response(self._channel_message(request).payload(self.base_url))

    async def _edit_channel_message(self, request: web.Request) -> web.Response:
        if self._gone(request):
            # Discord answers Unknown Message, which a bot must expect (a message someone
            # deleted, or one of an earlier run): no fault of the bot's, none recorded.
            raise Rejection(404, [], {"code": 10008, "message": "Unknown Message"})
        message = self._channel_message(request)
        if message.author.id != self.bot_user.id:
            raise Rejection(
                403,
                [
                    self._bad(
                        "message.author", "Cannot edit a message authored by another user", 50005
                    )
                ],
            )
        body, uploads = await self._read_body(request, "update_message")
        self._apply_edit(message, body, uploads, None)
        await self.gateway.broadcast_message("MESSAGE_UPDATE", message)
        return json_response(message.payload(self.base_url))

    async def _delete_channel_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        await self._delete(message)
        return web.Response(status=204)

    async def _delete(self, message: StoredMessage) -> None:
        message.deleted = True
        self.seq += 1
        message.edit_seq = self.seq
        self.changed_now()
        await self.gateway.broadcast_message("MESSAGE_DELETE", message)

    # --- guild -----------------------------------------------------------------------------------

    def _check_guild(self, request: web.Request) -> Guild:
        wanted = request.match_info["guild"]
        guild = self.guild_by_id(int(wanted)) if wanted.isdecimal() else None
        if guild is None:
            raise Rejection(404, [self._bad("guild.unknown", "Unknown Guild", 10004)])
        return guild

    async def _get_guild(self, request: web.Request) -> web.Response:
        payload = self._check_guild(request).payload()
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            payload.pop(key, None)
        return json_response(payload)

    async def _get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._check_guild(request)
        return json_response([c.payload() for c in guild.channels if not c.is_thread])

    async def _get_guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self._check_guild(request).roles])

    async def _get_member(self, request: web.Request) -> web.Response:
        member = self._check_guild(request).member_by_id(int(request.match_info["user"]))
        if member is None:
            raise Rejection(404, [self._bad("member.unknown", "Unknown Member", 10007)])
        return json_response(member.member_payload())

    # --- interactions ----------------------------------------------------------------------------

    def _interaction_by_token(self, request: web.Request) -> InteractionRecord:
        token = request.match_info["token"]
        record = next((r for r in self.interactions.values() if r.token == token), None)
        if record is None or request.match_info.get("app") != str(self.application_id):
            raise Rejection(404, [self._bad("webhook.unknown", "Unknown Webhook", 10015)])
        if time.monotonic() - record.created > self.token_lifetime:
            raise Rejection(
                401,
                [
                    self._bad(
                        "interaction.token_expired",
                        "the interaction token is older than 15 minutes",
                        50027,
                        record.id,
                    )
                ],
            )
        return record

    async def _callback(self, request: web.Request) -> web.Response:
        record = self.interactions.get(int(request.match_info["interaction"]))
        if record is None or record.token != request.match_info["token"]:
            raise Rejection(
                404,
                [self._bad("interaction.unknown", "Unknown interaction", L.UNKNOWN_INTERACTION)],
            )
        if record.expired:
            raise Rejection(
                404,
                [
                    self._bad(
                        "interaction.deadline",
                        f"initial response arrived {time.monotonic() - record.created:.2f} s after "
                        f"the interaction; Discord allows {self.response_deadline:g} s "
                        "(10062 Unknown interaction)",
                        L.UNKNOWN_INTERACTION,
                        record.id,
                    )
                ],
            )
        if record.response_type is not None:
            raise Rejection(
                400,
                [
                    self._bad(
                        "interaction.already_acknowledged",
                        "Interaction has already been acknowledged (a second initial response)",
                        L.ALREADY_ACKNOWLEDGED,
                        record.id,
                    )
                ],
            )
        body, uploads = await self._read_body(request, "create_interaction_response", record.id)
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        if kind not in ALLOWED_CALLBACKS.get(record.type, set()):
            raise Rejection(
                400,
                [
                    self._bad(
                        "interaction.callback_type",
                        f"response type {kind} is not valid for interaction type {record.type}",
                        50035,
                        record.id,
                    )
                ],
            )
        message: StoredMessage | None = None
        if kind == CHANNEL_MESSAGE:
            self._validate(data, uploads, record.id, prefix=("data",))
            message = self._interaction_message(record)
            self._apply_create(message, data, uploads)
            self._store(message)
        elif kind == DEFERRED_CHANNEL_MESSAGE:
            message = self._interaction_message(record)
            message.flags = K.LOADING | ((data.get("flags") or 0) & K.EPHEMERAL)
            self._store(message)
        elif kind in (DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE):
            message = self.messages.get(record.source_message_id or 0)
            if message is None:
                raise Rejection(
                    400,
                    [
                        self._bad(
                            "interaction.callback_type",
                            "there is no message to update (the modal was not opened from one)",
                            50035,
                            record.id,
                        )
                    ],
                )
            if kind == UPDATE_MESSAGE:
                self._apply_edit(message, data, uploads, record.id, prefix=("data",))
        elif kind == AUTOCOMPLETE_RESULT:
            choices = list(data.get("choices") or [])
            violations = L.check_choice_values(choices, ("data", "choices"))
            if violations:
                raise self._reject(violations, record.id)
            record.choices = choices
        elif kind == MODAL:
            record.modal = dict(data)
        record.response_type = kind
        record.response_message_id = message.id if message is not None else None
        if record.timer is not None:
            record.timer.cancel()
        record.acknowledged.set()
        self.changed_now()
        if message is not None and kind in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE):
            await self.gateway.broadcast_message("MESSAGE_CREATE", message)
        elif message is not None and kind == UPDATE_MESSAGE:
            await self.gateway.broadcast_message("MESSAGE_UPDATE", message)
        reply: JSON = {
            "interaction": {
                "id": str(record.id),
                "type": record.type,
                "response_message_id": str(message.id) if message is not None else None,
                "response_message_loading": kind == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
        }
        if message is not None:
            reply["resource"] = {"type": kind, "message": message.payload(self.base_url)}
        elif kind != AUTOCOMPLETE_RESULT:
            reply["resource"] = {"type": kind}
        return json_response(reply)

    def _interaction_message(self, record: InteractionRecord) -> StoredMessage:
        name = record.command_name
        return self._new_message(
            record.channel_id,
            type=CHAT_INPUT_COMMAND_MESSAGE if name else 0,
            webhook_id=self.application_id,
            application_id=self.application_id,
            interaction_id=record.id,
            interaction_type=record.type,
            interaction_user=record.user,
            command_name=name,
        )

    async def _followup(self, request: web.Request) -> web.Response:
        record = self._interaction_by_token(request)
        if record.response_type is None:
            raise Rejection(
                404,
                [
                    self._bad(
                        "interaction.followup_before_response",
                        "a follow-up before the initial response (Unknown Webhook)",
                        10015,
                        record.id,
                    )
                ],
            )
        body, uploads = await self._read_body(request, "execute_webhook", record.id)
        original = self.messages.get(record.response_message_id or 0)
        if (
            record.response_type == DEFERRED_CHANNEL_MESSAGE
            and original is not None
            and original.loading
            and not original.deleted
        ):
            # The first follow-up after a deferred response replaces the "thinking" message
            # (once the bot deleted that message, a follow-up is a message of its own).
            self._apply_edit(original, body, uploads, record.id)
            message = original
            await self.gateway.broadcast_message("MESSAGE_UPDATE", message)
        else:
            self._validate(body, uploads, record.id)
            message = self._interaction_message(record)
            self._apply_create(message, body, uploads)
            self._store(message)
            record.followup_ids.append(message.id)
            await self.gateway.broadcast_message("MESSAGE_CREATE", message)
        if request.query.get("wait") in ("1", "true", "True"):
            return json_response(message.payload(self.base_url))
        return web.Response(status=204)

    def _webhook_message(self, request: web.Request) -> tuple[InteractionRecord, StoredMessage]:
        record = self._interaction_by_token(request)
        key = request.match_info["message"]
        if key == "@original":
            message_id = record.response_message_id
        else:
            message_id = int(key)
            if message_id not in (record.response_message_id, *record.followup_ids):
                message_id = None
        message = self.messages.get(message_id or 0)
        if message is None or message.deleted:
            rule = "interaction.no_original" if key == "@original" else "message.unknown"
            text = (
                "there is no original response yet (respond or defer first)"
                if key == "@original" and record.response_type is None
                else "Unknown Message"
            )
            raise Rejection(404, [self._bad(rule, text, 10008, record.id)])
        return record, message

    async def _get_webhook_message(self, request: web.Request) -> web.Response:
        _, message = self._webhook_message(request)
        return json_response(message.payload(self.base_url))

    async def _edit_webhook_message(self, request: web.Request) -> web.Response:
        record, message = self._webhook_message(request)
        operation = "update_webhook_message"
        if request.match_info["message"] == "@original":
            operation = "update_original_webhook_message"
        body, uploads = await self._read_body(request, operation, record.id)
        self._apply_edit(message, body, uploads, record.id)
        await self.gateway.broadcast_message("MESSAGE_UPDATE", message)
        return json_response(message.payload(self.base_url))

    async def _delete_webhook_message(self, request: web.Request) -> web.Response:
        _, message = self._webhook_message(request)
        await self._delete(message)
        return web.Response(status=204)


def _at(problem: Problem, route: str) -> Problem:
    return Problem(
        problem.rule, problem.message, problem.code, route, problem.interaction_id, problem.where
    )
