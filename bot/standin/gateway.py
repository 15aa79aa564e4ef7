"""The stand-in's gateway: HELLO, IDENTIFY/RESUME, READY and GUILD_CREATE, then dispatches.

Sessions are sharded as Discord shards them: IDENTIFY's `shard: [id, count]` comes back in
READY, and a guild's events (GUILD_CREATE, INTERACTION_CREATE, MESSAGE_*) go only to the
session of shard `(guild_id >> 22) % count`; a session without `shard` gets every guild.
Two sessions may hold the same guild (two processes on one shard during a rolling restart):
they both get its events, and an interaction goes to every one of them unless the stand-in
routes each interaction to one session (`StandIn(one_session_per_interaction=True)`, or
`send_interaction(..., via=session_id)`).

Frames go out as JSON text (the client asks for zlib-stream but only decompresses bytes
frames). Discord's own gateway limits apply: 120 client sends per 60 s, 4096-byte payloads.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from typing import TYPE_CHECKING
from typing import Any

from aiohttp import WSMsgType
from aiohttp import web

from bot.standin.state import Problem
from bot.standin.state import StoredMessage

if TYPE_CHECKING:
    from bot.standin.server import StandIn

JSON = dict[str, Any]

HEARTBEAT_INTERVAL_MS = 41_250
SENDS_PER_MINUTE = 120
PAYLOAD_BYTES = 4096
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INVALID_SHARD = 4010


class GatewaySession:
    """One connected bot websocket."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.identified = False
        self.intents = 0
        self.shard: list[int] | None = None
        self.seq = 0
        self.session_id = secrets.token_hex(16)
        self.sent_at: list[float] = []

    async def send(self, payload: JSON) -> None:
        """Send one gateway payload as a text frame."""
        if not self.ws.closed:
            await self.ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: object) -> None:
        """Send a DISPATCH (op 0) with the next sequence number."""
        self.seq += 1
        await self.send({"op": 0, "t": event, "s": self.seq, "d": data})

    def serves(self, guild_id: int) -> bool:
        """Whether this session's shard holds the guild (Discord's shard formula)."""
        if self.shard is None:
            return True
        shard_id, count = self.shard
        return (guild_id >> 22) % count == shard_id

    def within_send_limit(self) -> bool:
        """Count one client send; False past 120 in the last 60 s."""
        now = time.monotonic()
        self.sent_at = [t for t in self.sent_at if now - t < 60.0]
        self.sent_at.append(now)
        return len(self.sent_at) <= SENDS_PER_MINUTE


class Gateway:
    """Every websocket of the stand-in and what it sends them."""

    def __init__(self, standin: StandIn) -> None:
        self.standin = standin
        self.sessions: list[GatewaySession] = []
        # What each identified session asked for, by session id, for a RESUME to take back.
        self._identified: dict[str, tuple[int, list[int] | None]] = {}

    @property
    def connected(self) -> bool:
        """Whether some bot has identified (or resumed) and receives events."""
        return any(s.identified for s in self.sessions)

    def connected_to(self, guild_id: int) -> bool:
        """Whether the session of the guild's shard has identified (or resumed)."""
        return any(s.identified and s.serves(guild_id) for s in self.sessions)

    def sessions_of(self, guild_id: int) -> list[GatewaySession]:
        """The identified sessions holding the guild, in the order they connected."""
        return [s for s in self.sessions if s.identified and s.serves(guild_id)]

    async def close(self) -> None:
        """Close every session."""
        for session in list(self.sessions):
            await session.ws.close(code=1001)
        self.sessions.clear()

    async def dispatch(
        self, event: str, data: object, *, intent: int = 0, guild_id: int | None = None
    ) -> None:
        """Send an event to every identified session (that asked for `intent`, if given;
        whose shard holds `guild_id`, if given)."""
        for session in self.sessions:
            if not session.identified or (intent and not session.intents & intent):
                continue
            if guild_id is None or session.serves(guild_id):
                await session.dispatch(event, data)

    async def broadcast_message(self, event: str, message: StoredMessage) -> None:
        """MESSAGE_CREATE / UPDATE / DELETE for a public message, to bots with that intent."""
        if message.ephemeral:
            return
        standin = self.standin
        payload = message.payload(standin.base_url)
        if event == "MESSAGE_DELETE":
            payload = {
                "id": str(message.id),
                "channel_id": str(message.channel_id),
                "guild_id": str(message.guild_id),
            }
        else:
            payload["member"] = message.author.member_payload(with_user=False)
        await self.dispatch(event, payload, intent=INTENT_GUILD_MESSAGES, guild_id=message.guild_id)

    async def reconnect(self) -> None:
        """Ask every connected bot to reconnect (op 7), as Discord does now and then."""
        for session in list(self.sessions):
            session.identified = False
            await session.send({"op": 7, "d": None})

    async def wait_connected(self, timeout: float = 5.0) -> None:
        """Wait until a bot has identified or resumed."""
        loop = asyncio.get_running_loop()
        until = loop.time() + timeout
        while not self.connected:
            remaining = until - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"no bot connected to the gateway within {timeout:g} s")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.standin.next_change(), remaining)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """One websocket connection, from HELLO until the client closes it."""
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws)
        self.sessions.append(session)
        try:
            await session.send({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
            async for frame in ws:
                if frame.type is not WSMsgType.TEXT:
                    continue
                if len(frame.data) > PAYLOAD_BYTES:
                    await self._refuse(session, "gateway.payload", "payload over 4096 bytes", 4002)
                    break
                if not session.within_send_limit():
                    await self._refuse(
                        session, "gateway.rate_limit", "over 120 sends in 60 s", 4008
                    )
                    break
                await self._receive(session, json.loads(frame.data))
        finally:
            if session in self.sessions:
                self.sessions.remove(session)
        return ws

    async def _refuse(self, session: GatewaySession, rule: str, text: str, code: int) -> None:
        self.standin.record(Problem(rule, text, code, "gateway"))
        await session.ws.close(code=code)

    async def _receive(self, session: GatewaySession, message: JSON) -> None:
        op = message.get("op")
        data = message.get("d")
        if op == 1:
            await session.send({"op": 11})
        elif op == 2:
            await self._identify(session, data or {})
        elif op == 6:
            resumed = (data or {}).get("session_id")
            if resumed in self._identified:
                session.session_id = resumed
                session.intents, session.shard = self._identified[resumed]
            session.identified = True
            await session.dispatch("RESUMED", {})
            self.standin.changed_now()
        elif op == 8:
            await self._request_members(session, data or {})

    async def _identify(self, session: GatewaySession, data: JSON) -> None:
        standin = self.standin
        if data.get("token") != standin.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        shard = data.get("shard")
        if shard is not None and not _valid_shard(shard):
            await self._refuse(
                session, "gateway.shard", f"IDENTIFY with an invalid shard {shard!r}", INVALID_SHARD
            )
            return
        session.identified = True
        session.intents = int(data.get("intents") or 0)
        session.shard = shard
        self._identified[session.session_id] = (session.intents, session.shard)
        guilds = [g for g in standin.guilds if session.serves(g.id)]
        user = standin.bot_user.user_payload()
        user.update(verified=True, mfa_enabled=False, flags=0)
        ready: JSON = {
            "v": 10,
            "user": user,
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.session_id,
            "resume_gateway_url": standin.gateway_url,
            "application": {"id": str(standin.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "geo_ordered_rtc_regions": [],
        }
        if session.shard is not None:
            ready["shard"] = session.shard
        await session.dispatch("READY", ready)
        for guild in guilds:
            payload = guild.payload()
            if not session.intents & INTENT_GUILD_MEMBERS:
                # Without the members intent Discord sends only the bot itself.
                payload["members"] = [guild.bot.member_payload()]
            await session.dispatch("GUILD_CREATE", payload)
        standin.changed_now()

    async def _request_members(self, session: GatewaySession, data: JSON) -> None:
        guild = self.standin.guild_by_id(int(data.get("guild_id") or 0)) or self.standin.guild
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": [m.member_payload() for m in [*guild.members, guild.bot]],
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)


def _valid_shard(shard: object) -> bool:
    """`[shard_id, shard_count]` with 0 <= shard_id < shard_count, as Discord requires."""
    if not isinstance(shard, list) or len(shard) != 2:
        return False
    shard_id, count = shard
    return isinstance(shard_id, int) and isinstance(count, int) and 0 <= shard_id < count
