"""Who a message pings, and the rule that it pings only whom it names.

Discord notifies the users and roles mentioned in a message's content (`<@id>`, `<@!id>`,
`<@&id>`) and everyone for `@everyone` / `@here`, as far as the message's `allowed_mentions`
allows; a message without `allowed_mentions` parses all of them (resources/message#allowed-
mentions-object). Player text reaches message content (a fleet point, a faction name), so the
bot must say on every message with text whom it pings: the stand-in fails a test when a body
that sets `content` lacks `allowed_mentions`, or would ping a user or role its `users` / `roles`
lists do not name (a `parse` entry pings whoever the content happens to mention).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.standin.limits import INVALID_FORM_BODY
from bot.standin.limits import Path
from bot.standin.limits import Violation

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(everyone|here)\b")
EVERYTHING = frozenset({"users", "roles", "everyone"})
NOT_A_DISCORD_ERROR = 0  # Discord sends such a message; the failure is the bot's own rule


@dataclass(frozen=True)
class Pings:
    """Whom one message notifies."""

    users: frozenset[int] = frozenset()
    roles: frozenset[int] = frozenset()
    everyone: bool = False

    def __bool__(self) -> bool:
        return bool(self.users or self.roles or self.everyone)


def _ids(values: object) -> frozenset[int]:
    if not isinstance(values, list):
        return frozenset()
    return frozenset(int(v) for v in values if isinstance(v, str | int) and str(v).isdigit())


def pings(content: str, allowed: Mapping[str, Any] | None) -> Pings:
    """Whom a message with this content and `allowed_mentions` (None: absent) notifies."""
    parse = EVERYTHING if allowed is None else frozenset(allowed.get("parse") or [])
    named_users = _ids((allowed or {}).get("users"))
    named_roles = _ids((allowed or {}).get("roles"))
    users = {int(m) for m in USER_MENTION.findall(content)}
    roles = {int(m) for m in ROLE_MENTION.findall(content)}
    return Pings(
        frozenset(u for u in users if "users" in parse or u in named_users),
        frozenset(r for r in roles if "roles" in parse or r in named_roles),
        bool(EVERYONE_MENTION.search(content)) and "everyone" in parse,
    )


def check_mentions(body: Mapping[str, Any], path: Path = ()) -> list[Violation]:
    """A body with text states `allowed_mentions` and pings only the users and roles it names.

    `allowed_mentions.conflict` is a rejection by Discord; the `mentions.*` rules are the
    bot's own: Discord would send such a message.
    """
    allowed = body.get("allowed_mentions")
    content = str(body.get("content") or "")
    if not isinstance(allowed, Mapping) and not content:
        return []  # no text, no mention (an edit of the view alone, an embed-only message)
    if not isinstance(allowed, Mapping):
        would = pings(content, None)
        return [
            Violation(
                "mentions.missing",
                (*path, "allowed_mentions"),
                "the message does not say whom it pings (no allowed_mentions), so Discord "
                f"pings every mention in it{_listed(would)}",
                NOT_A_DISCORD_ERROR,
            )
        ]
    found: list[Violation] = []
    parse = frozenset(allowed.get("parse") or [])
    for kind in ("users", "roles"):
        if kind in parse and allowed.get(kind):
            found.append(
                Violation(
                    "allowed_mentions.conflict",
                    (*path, "allowed_mentions", "parse"),
                    f"parse {kind!r} together with a {kind} list is refused by Discord",
                    INVALID_FORM_BODY,
                )
            )
    pinged = pings(content, allowed)
    unnamed = Pings(
        pinged.users - _ids(allowed.get("users")),
        pinged.roles - _ids(allowed.get("roles")),
        pinged.everyone,
    )
    if unnamed:
        found.append(
            Violation(
                "mentions.unnamed",
                (*path, "allowed_mentions"),
                f"the message pings whom allowed_mentions does not name:{_listed(unnamed)}",
                NOT_A_DISCORD_ERROR,
            )
        )
    return found


def _listed(who: Pings) -> str:
    names = [f"<@{u}>" for u in sorted(who.users)] + [f"<@&{r}>" for r in sorted(who.roles)]
    if who.everyone:
        names.append("@everyone/@here")
    return (" " + ", ".join(names)) if names else ""
