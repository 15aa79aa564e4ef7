"""Discord's REST rate limits, enforced by the stand-in with real HTTP 429 responses.

topics/rate-limits: every bot is limited per route ("per-route rate limits ... often account
for top-level resources": a channel, a guild, a webhook id + token) and globally (50 requests
per second; "interaction endpoints are not bound to the bot's global rate limit"). Each
response of a limited route carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`,
`-Reset-After` and `-Bucket`; a request over a limit gets 429 with `{"message", "retry_after",
"global"}`, `Retry-After`, `X-RateLimit-Scope` (and `X-RateLimit-Global` when global), and a
`Via` header, without which discord.py takes it for a Cloudflare ban. discord.py waits and
retries on its own.

Discord publishes no per-route figures ("should not be hard coded"); `DISCORD_BUCKETS` holds
the ones its headers report for the routes the bot uses. `time_scale` shrinks every window
(0.01: five channel messages per 50 ms instead of per 5 s) so tests run under the same
limits without waiting seconds; `clock` is injectable so the limiter itself is tested
without any waiting at all.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field

GLOBAL_LIMIT = 50
GLOBAL_PERIOD = 1.0


@dataclass(frozen=True)
class BucketRule:
    """One per-route limit: `limit` requests per `period` seconds per top-level resource."""

    name: str
    limit: int
    period: float
    resource: tuple[str, ...]


# (method, stand-in route) → rule; the resource names are the route's top-level parameters.
DISCORD_BUCKETS: dict[tuple[str, str], BucketRule] = {
    ("POST", "/channels/{channel}/messages"): BucketRule(
        "channel-message-create", 5, 5.0, ("channel",)
    ),
    ("PATCH", "/channels/{channel}/messages/{message}"): BucketRule(
        "channel-message-edit", 5, 5.0, ("channel",)
    ),
    ("DELETE", "/channels/{channel}/messages/{message}"): BucketRule(
        "channel-message-delete", 5, 1.0, ("channel",)
    ),
    ("POST", "/webhooks/{app}/{token}"): BucketRule("webhook-execute", 5, 2.0, ("app", "token")),
    ("PATCH", "/webhooks/{app}/{token}/messages/{message}"): BucketRule(
        "webhook-message-edit", 5, 2.0, ("app", "token")
    ),
    ("DELETE", "/webhooks/{app}/{token}/messages/{message}"): BucketRule(
        "webhook-message-delete", 5, 2.0, ("app", "token")
    ),
}
# Routes an interaction token authorises: outside the global limit.
GLOBAL_EXEMPT_PREFIXES = ("/interactions/", "/webhooks/")


@dataclass
class _Window:
    """A fixed window: `used` requests since `start`."""

    start: float
    used: int = 0


@dataclass(frozen=True)
class Decision:
    """The limiter's answer for one request: allowed (with headers) or 429."""

    allowed: bool
    headers: dict[str, str]
    retry_after: float = 0.0
    is_global: bool = False

    def body(self) -> dict[str, object]:
        """The 429 body Discord sends."""
        return {
            "message": "You are being rate limited.",
            "retry_after": self.retry_after,
            "global": self.is_global,
        }


@dataclass
class RateLimits:
    """Per-route and global buckets over a clock; counts what it refused."""

    buckets: Mapping[tuple[str, str], BucketRule] = field(
        default_factory=lambda: dict(DISCORD_BUCKETS)
    )
    global_limit: int = GLOBAL_LIMIT
    global_period: float = GLOBAL_PERIOD
    time_scale: float = 1.0
    clock: Callable[[], float] = time.monotonic
    enabled: bool = True
    refused: dict[str, int] = field(default_factory=dict)
    ran_dry: dict[str, int] = field(default_factory=dict)
    _windows: dict[tuple[str, ...], _Window] = field(default_factory=dict)

    @property
    def refused_total(self) -> int:
        """How many requests got a 429."""
        return sum(self.refused.values())

    def _take(self, key: tuple[str, ...], limit: int, period: float) -> tuple[int, float, bool]:
        """Use one request of a window: (remaining, seconds to its reset, allowed)."""
        now = self.clock()
        window = self._windows.get(key)
        if window is None or now >= window.start + period:
            window = self._windows[key] = _Window(now)
        reset_after = window.start + period - now
        if window.used >= limit:
            return 0, reset_after, False
        window.used += 1
        return limit - window.used, reset_after, True

    def check(self, method: str, route: str, params: Mapping[str, str]) -> Decision:
        """Count one request to `route` (the stand-in's template) with its path parameters."""
        if not self.enabled:
            return Decision(True, {})
        if not route.startswith(GLOBAL_EXEMPT_PREFIXES):
            period = self.global_period * self.time_scale
            _, reset_after, allowed = self._take(("global",), self.global_limit, period)
            if not allowed:
                self.refused["global"] = self.refused.get("global", 0) + 1
                return self._refusal(reset_after, "global", {"X-RateLimit-Global": "true"})
        rule = self.buckets.get((method, route))
        if rule is None:
            return Decision(True, {})
        key = (rule.name, *(params.get(p, "") for p in rule.resource))
        period = rule.period * self.time_scale
        remaining, reset_after, allowed = self._take(key, rule.limit, period)
        headers = {
            "X-RateLimit-Limit": str(rule.limit),
            "X-RateLimit-Remaining": str(remaining),
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha256(rule.name.encode()).hexdigest()[:32],
        }
        if not allowed:
            self.refused[rule.name] = self.refused.get(rule.name, 0) + 1
            return self._refusal(reset_after, "user", headers)
        if remaining == 0:
            self.ran_dry[rule.name] = self.ran_dry.get(rule.name, 0) + 1
        return Decision(True, headers)

    @staticmethod
    def _refusal(retry_after: float, scope: str, headers: dict[str, str]) -> Decision:
        return Decision(
            False,
            {
                **headers,
                "Retry-After": str(max(1, math.ceil(retry_after))),
                "X-RateLimit-Scope": scope,
                "Via": "1.1 standin",
            },
            retry_after=math.ceil(retry_after * 1000) / 1000,
            is_global=scope == "global",
        )
