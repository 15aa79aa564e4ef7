"""Domain errors that carry their own translated message for the player."""

from __future__ import annotations

from typing import Any, ClassVar


class GameError(Exception):
    """An error the player caused or can fix; shown as an ephemeral reply, never logged as a bug.

    `key` names a message in the catalogs (data/locales/*/); `params` fill it in.
    """

    key: ClassVar[str] = "error.generic"

    def __init__(self, key: str | None = None, /, **params: Any) -> None:
        self.message_key = key or self.key
        self.params = params
        super().__init__(f"{self.message_key} {params}" if params else self.message_key)

    def message(self, locale: str | None) -> str:
        """The message in the player's language."""
        from bot.i18n import t

        return t(self.message_key, locale, **self.params)


class RuleViolation(GameError):
    """An action the rules forbid; the message names the clause (pass `clause=`)."""

    key = "error.rule_violation"


class NotFound(GameError):
    """Something the player named does not exist (campaign, faction, battle, entry)."""

    key = "error.not_found"


class NotAllowed(GameError):
    """The player may not do this (not a GM, not their faction, not their choice)."""

    key = "error.not_allowed"


class Conflict(GameError):
    """The state moved on under the player (already chosen, turn already ended)."""

    key = "error.conflict"
