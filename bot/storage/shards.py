"""Which guilds a bot process's shards hold: its background work (the turn scheduler's
sweeps, the outbox left unsent at start-up) takes only the campaigns of those guilds, so
several processes sharing one database each do their own share, once.

Discord's shard formula: guild `g` is on shard `(g >> 22) % shard_count`. `None` for the
shards means one process running every shard: every guild is its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Shards:
    """The shards `ids` of `count` that this process runs."""

    count: int
    ids: frozenset[int]

    @classmethod
    def of(cls, count: int | None, ids: Iterable[int] | None) -> Shards | None:
        """SHARD_COUNT and SHARD_IDS as a filter; None when this process runs every shard
        (no ids given, or all of them)."""
        if count is None or ids is None:
            return None
        held = frozenset(ids)
        return None if held >= frozenset(range(count)) else cls(count, held)

    def holds(self, guild_id: int) -> bool:
        """Whether the guild is on one of these shards."""
        return (guild_id >> 22) % self.count in self.ids

    def sql(self, guild_column: str) -> tuple[str, tuple[int, ...]]:
        """A WHERE condition (and its parameters) true for the rows whose `guild_column`
        is a guild on these shards."""
        marks = ", ".join("?" * len(self.ids))
        return f"({guild_column} >> 22) % ? IN ({marks})", (self.count, *sorted(self.ids))


def holds(shards: Shards | None, guild_id: int) -> bool:
    """Whether a process running `shards` (None: every shard) handles the guild."""
    return shards is None or shards.holds(guild_id)
