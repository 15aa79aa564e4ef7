"""How a test fails through the stand-in: each error says what a player or Discord would see.

They subclass AssertionError so pytest reports them as failed expectations, not crashes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.standin.state import Problem


class StandInError(AssertionError):
    """Base of every failure the stand-in reports."""


class ClientRefused(StandInError):
    """The input is something Discord's client would never send.

    An unknown command or option, a missing required option, a value of the wrong type,
    a disabled or missing button, a message the player cannot see.
    """


class _ProblemError(StandInError):
    headline = "Discord would reject what the bot sent"

    def __init__(self, action: str, problems: Sequence[Problem], *, details: str = "") -> None:
        self.action = action
        self.problems = list(problems)
        lines = [f"{self.headline} ({action}):"]
        lines.extend(f"  - {problem}" for problem in self.problems)
        if details:
            lines.append(details)
        super().__init__("\n".join(lines))

    @property
    def rules(self) -> list[str]:
        """The rule names of the problems, e.g. ["embed.total"]."""
        return [p.rule for p in self.problems]


class DiscordRejected(_ProblemError):
    """The bot sent something Discord answers with a 4xx (limits, schema, double response)."""


class StrayPing(_ProblemError):
    """The bot sent a message that pings people it does not name (Discord sends it anyway)."""

    headline = "The bot's message would ping people it does not name"


class InteractionFailed(_ProblemError):
    """The player sees the interaction fail: no response, a late one, or endless "thinking"."""

    headline = "The interaction failed for the player"


MENTION_RULE_PREFIX = "mentions."
LIFECYCLE_RULES = frozenset(
    {
        "interaction.deadline",
        "interaction.no_response",
        "interaction.no_handler",
        "interaction.deferred_forever",
        "interaction.still_running",
        "interaction.not_received",
    }
)


def failure_for(action: str, problems: Sequence[Problem], *, details: str = "") -> StandInError:
    """The error to raise: rejections win over stray pings, which win over lifecycle failures."""
    pinging = [p for p in problems if p.rule.startswith(MENTION_RULE_PREFIX)]
    if any(p.rule not in LIFECYCLE_RULES and p not in pinging for p in problems):
        return DiscordRejected(action, problems, details=details)
    if pinging:
        return StrayPing(action, problems, details=details)
    return InteractionFailed(action, problems, details=details)
